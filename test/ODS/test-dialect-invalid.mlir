// Errors of declaratively defined ops, attributes and types.
// RUN: lamina-test-opt --allow-unregistered-dialect --verify-diagnostics --split-input-file %s

// expected-error@+1 {{non-zero parameter passed to 'ComplexType'}}
func.func private @f() -> !test.complex<0, i32>

// -----

// expected-error@+1 {{non integer-type passed to 'ComplexType'}}
func.func private @f() -> !test.complex<1, f32>

// -----

// expected-error@+1 {{unknown  type `nope` in dialect `test`}}
func.func private @f() -> !test.nope

// -----

// expected-error@+2 {{expected ::test::Mode to be one of: slow, fast, turbo}}
// expected-error@+1 {{failed to parse Test_ModeAttr parameter 'value' which is to be a `::test::Mode`}}
func.func private @f() attributes {x.m = #test.mode<warp>}

// -----

// A struct without optional parameters expects them all, comma-separated.
// expected-error@+1 {{expected ','}}
func.func private @f() attributes {x.p = #test.pair<count = 1>}

// -----

// expected-error@+1 {{pair count must be non-negative, got -1}}
func.func private @f() attributes {x.p = #test.pair<count = -1, label = "">}

// -----

// expected-error@+1 {{recursive type 'r' already has a different body}}
func.func private @f() -> (!test.recursive<"r", i32>, !test.recursive<"r", i64>)

// -----

func.func @f(%a: i32, %b: f32) {
  // expected-error@+1 {{expected string or keyword containing one of the following enum values for attribute 'kind' [add, sub, mul]}}
  %0 = test.format_op 5 %a, %a : i32
  return
}

// -----

func.func @f(%a: i32, %b: f32) {
  // expected-error@+1 {{invalid kind attribute specification: "div"}}
  %0 = test.format_op "div" %a, %a : i32
  return
}

// -----

func.func @f(%a: f32) {
  // A type directive of a constraint with a C++ class checks the class.
  // expected-error@+1 {{invalid kind of type specified}}
  %0 = test.format_op add %a, %a : f32
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{'test.format_op' op operand #0 must be signless integer, but got 'f32'}}
  %0 = "test.format_op"(%a, %a) <{kind = 0 : i64}> : (f32, f32) -> f32
  return
}

// -----

func.func @f(%a: i32, %b: i64) {
  // expected-error@+1 {{'test.format_op' op requires the same type for all operands and results}}
  %0 = "test.format_op"(%a, %b) <{kind = 0 : i64}> : (i32, i64) -> i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'test.format_op' op requires attribute 'kind'}}
  %0 = "test.format_op"(%a, %a) : (i32, i32) -> i32
  return
}

// -----

func.func @f(%a: i32) {
  // An enum's storage class accepts only its cases (as arith.cmpi's
  // predicate does in mlir-opt): the property conversion fails.
  // expected-error@+1 {{invalid properties {kind = 7 : i64} for op test.format_op: Invalid attribute `kind` in property conversion: 7 : i64}}
  %0 = "test.format_op"(%a, %a) <{kind = 7 : i64}> : (i32, i32) -> i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'test.format_op' op attribute 'kind' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2}}
  %0 = "test.format_op"(%a, %a) {kind = 7 : i64} : (i32, i32) -> i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'test.segments' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  "test.segments"(%a) : (i32) -> ()
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{invalid properties {operandSegmentSizes = array<i32: 1>} for op test.segments: size mismatch in attribute conversion: 1 vs 2}}
  "test.segments"(%a) <{operandSegmentSizes = array<i32: 1>}> : (i32) -> ()
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'test.region_op' op expects regions to end with 'test.yield', found 'x.unknown'}}
  "test.region_op"(%a) ({
    // expected-note@-1 {{in custom textual format, the absence of terminator implies 'test.yield'}}
    "x.unknown"() : () -> ()
  }) : (i32) -> ()
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'test.yield' op expects parent op 'test.region_op'}}
  test.yield
}
