// A failed parse discards half-built IR held in several places at once
// (pending generic ops, the OperationState of each enclosing custom op,
// forward-reference placeholders and blocks, the top-level module), freed
// innermost first; forward references make outer ops use values of inner
// regions freed earlier. Each chunk is a different shape of that; none may
// touch freed memory (run in the ASan build by scripts/test.sh). The
// expected messages are mlir-opt's (it passes this file too).
// RUN: lamina-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: lamina-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics --mlir-disable-threading %s
// RUN: %if mlir-opt %{ mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s %}

// A value of a generic op's first region used before the op; syntax error
// in its second region.
func.func @generic_second_region() {
  "foo.use" (%1) : (i32) -> ()
  "foo.region"() ({
    %1 = arith.constant 0 : i32
    "foo.yield" () : () -> ()
  }, {
    // expected-error @+1 {{expected operation name in quotes}}
    %2 = arith.constant 1 i32
  }) : () -> ()
  return
}

// -----

// The same, the value two generic ops deep.
func.func @generic_nested() {
  "foo.use" (%1) : (i32) -> ()
  "foo.region"() ({
    "foo.region"() ({
      "foo.region"() ({
        %1 = arith.constant 0 : i32
      }) : () -> ()
    }) : () -> ()
  }, {
    // expected-error @+1 {{expected operation name in quotes}}
    %2 = arith.constant 1 i32
  }) : () -> ()
  return
}

// -----

// The value in a custom op's region (scf.execute_region), the error later in
// the enclosing function.
func.func @custom_region() {
  "foo.use" (%1) : (i32) -> ()
  %r = scf.execute_region -> i32 {
    %1 = arith.constant 0 : i32
    scf.yield %1 : i32
  }
  // expected-error @+1 {{expected operation name in quotes}}
  %2 = arith.constant 1 i32
  return
}

// -----

// The value in the then-region of scf.if, the error in its else-region.
func.func @custom_second_region(%c: i1) {
  "foo.use" (%1) : (i32) -> ()
  scf.if %c {
    %1 = arith.constant 0 : i32
  } else {
    // expected-error @+1 {{expected operation name in quotes}}
    %2 = arith.constant 1 i32
  }
  return
}

// -----

// A block argument of an inner region used before the region.
func.func @block_argument() {
  "foo.use" (%a) : (i32) -> ()
  "foo.region"() ({
  ^bb0(%a: i32):
    "foo.yield" () : () -> ()
  }, {
    // expected-error @+1 {{expected operation name in quotes}}
    %2 = arith.constant 1 i32
  }) : () -> ()
  return
}

// -----

// Forward-referenced blocks (successors) in a region that is discarded, one
// of them defined with arguments used by an outer op.
func.func @successors() {
  "foo.use" (%b) : (i32) -> ()
  "foo.region"() ({
    "foo.br"() [^bb1, ^bb2] : () -> ()
  ^bb1(%b: i32):
    "foo.br"() [^bb2, ^bb1] : () -> ()
  ^bb2:
    "foo.br"() [^bb1] : () -> ()
  }, {
    // expected-error @+1 {{expected operation name in quotes}}
    %2 = arith.constant 1 i32
  }) : () -> ()
  return
}

// -----

// A block that is never defined: its predecessors are discarded with it.
func.func @undefined_block() {
  "foo.region"() ({
    // expected-error @+1 {{reference to an undefined block}}
    "foo.br"() [^bb1, ^missing] : () -> ()
  ^bb1:
    "foo.br"() [^missing] : () -> ()
  }) : () -> ()
  return
}

// -----

// Undeclared values: placeholders still used by ops in nested regions.
func.func @undeclared() {
  "foo.region"() ({
    "foo.region"() ({
      // expected-error @+1 {{use of undeclared SSA value name}}
      "foo.use" (%never) : (i32) -> ()
    }) : () -> ()
  }) : () -> ()
  return
}

// -----

// A use whose type differs from the placeholder's: the error comes after
// the op with the first use exists.
func.func @type_mismatch() {
  // expected-note @+1 {{prior use here}}
  "foo.use" (%x) : (i32) -> ()
  "foo.region"() ({
    // expected-error @+1 {{use of value '%x' expects different type than prior uses: 'i64' vs 'i32'}}
    "foo.use" (%x) : (i64) -> ()
  }) : () -> ()
  return
}

// -----

// The definition has another type than the forward uses.
func.func @definition_type() {
  // expected-note @+1 {{previously used here with type 'i32'}}
  "foo.use" (%x) : (i32) -> ()
  "foo.region"() ({
    // expected-error @+1 {{definition of SSA value '%x#0' has type 'i64'}}
    %x = "foo.def"() : () -> i64
  }) : () -> ()
  return
}

// -----

// Errors after the op was created and inserted: result count.
func.func @result_count() {
  "foo.use" (%y) : (i32) -> ()
  // expected-error @+1 {{operation defines 1 results but was provided 2 to bind}}
  %y:2 = "foo.region"() ({
    %z = "foo.def"() : () -> i32
  }) : () -> (i32)
  return
}

// -----

// Errors after the op was created: its trailing location.
func.func @trailing_location() {
  "foo.use" (%y) : (i32) -> ()
  "foo.region"() ({
    %y = "foo.def"() : () -> i32
  // expected-error @+1 {{expected location instance}}
  }) : () -> () loc(12)
  return
}

// -----

// Errors after a custom op with regions was created (its trailing
// location).
"foo.use" (%y) : (i32) -> ()
func.func @after_region() attributes {x = 1 : i32} {
  %y = arith.constant 0 : i32
  return
// expected-error @+1 {{expected location instance}}
} loc(12)

// -----

// Redefinitions inside regions that are then discarded.
func.func @redefinition() {
  "foo.region"() ({
    // expected-note @+1 {{previously defined here}}
    %a = "foo.def"() : () -> i32
    "foo.use"(%a) : (i32) -> ()
    // expected-error @+1 {{redefinition of SSA value '%a'}}
    %a = "foo.def"() : () -> i32
  }) : () -> ()
  return
}

// -----

// Uses in both directions between the regions of several pending ops, then
// an error at the top level after the function.
func.func @many() {
  "foo.use" (%1, %3) : (i32, i32) -> ()
  "foo.a"() ({
    %1 = "foo.def"() : () -> i32
    "foo.use" (%2) : (i32) -> ()
    "foo.b"() ({
      %2 = "foo.def"() : () -> i32
      "foo.use" (%1, %3) : (i32, i32) -> ()
    }) : () -> ()
  }, {
    %3 = "foo.def"() : () -> i32
    "foo.use" (%1, %2) : (i32, i32) -> ()
  }) : () -> ()
  return
}
// expected-error @+1 {{expected operation name in quotes}}
%4 = 1
