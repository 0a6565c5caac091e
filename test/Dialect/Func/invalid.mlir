// Verifier messages of func, cf and builtin ops (MLIR's wording).
// RUN: lamina-opt --allow-unregistered-dialect --verify-diagnostics --split-input-file %s

func.func @f() -> i32 {
  // expected-error@+1 {{'func.return' op has 0 operands, but enclosing function (@f) returns 1}}
  return
}

// -----

func.func @g(%a: i64) -> i32 {
  // expected-error@+1 {{type of return operand 0 ('i64') doesn't match function result type ('i32') in function @g}}
  return %a : i64
}

// -----

func.func @h() {
  // expected-error@+1 {{'func.call' op 'nope' does not reference a valid function}}
  call @nope() : () -> ()
  return
}

// -----

func.func private @callee(i32) -> i32
func.func @h2(%a: i64) {
  // expected-error@+1 {{'func.call' op operand type mismatch: expected operand type 'i32', but provided 'i64' for operand number 0}}
  %0 = call @callee(%a) : (i64) -> i32
  return
}

// -----

func.func @k(%c: i32) {
  // expected-error@+1 {{'cf.cond_br' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "cf.cond_br"(%c)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @m(%a: i32) {
  // expected-error@+1 {{branch has 1 operands for successor #0, but target block has 0}}
  cf.br ^bb1(%a : i32)
^bb1:
  return
}

// -----

// expected-error@+1 {{'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'foo'}}
module attributes {foo = 1} {
}

// -----

"test.unregistered"() ({
  // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
  "func.return"() : () -> ()
}) : () -> ()

// -----

// A custom op name without a name after its first dot tries the default
// dialect too.
func.func @f() {
  // expected-error@+1 {{custom op 'arith.' is unknown (tried 'func.arith.' as well)}}
  arith.
}

// -----

// expected-error@+1 {{custom op 'func.' is unknown (tried 'builtin.func.' as well)}}
func.
