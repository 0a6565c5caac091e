// Verifier diagnostics of the transform dialect (mlir-opt's wording).
// RUN: lamina-opt --verify-diagnostics --split-input-file %s

// expected-error @below {{attribute can only be attached to operations with symbol tables}}
"test.unknown_container"() { transform.with_named_sequence } : () -> ()

// -----

// expected-error @below {{unknown attribute: "transform.unknown_container"}}
module @unknown_attribute attributes { transform.unknown_container } {}

// -----

// expected-note @below {{symbol table operation}}
module {
  // expected-error @below {{expects the parent symbol table to have the 'transform.with_named_sequence' attribute}}
  transform.named_sequence @x() {
    transform.yield
  }
}

// -----

module attributes { transform.with_named_sequence } {
  // expected-error @below {{recursion not allowed in named sequences}}
  transform.named_sequence @self_recursion() -> () {
    transform.include @self_recursion failures(suppress) () : () -> ()
    transform.yield
  }
}

// -----

module @mutual_recursion attributes { transform.with_named_sequence } {
  // expected-note @below {{operation on recursion stack}}
  transform.named_sequence @foo(%arg0: !transform.any_op {transform.readonly}) -> () {
    transform.include @bar failures(suppress) (%arg0) : (!transform.any_op) -> ()
    transform.yield
  }

  // expected-error @below {{recursion not allowed in named sequences}}
  transform.named_sequence @bar(%arg0: !transform.any_op {transform.readonly}) -> () {
    transform.include @foo failures(propagate) (%arg0) : (!transform.any_op) -> ()
    transform.yield
  }
}

// -----

module attributes { transform.with_named_sequence } {
  // expected-error @below {{argument #0 cannot be both readonly and consumed}}
  transform.named_sequence @both(%arg0: !transform.any_op {transform.readonly, transform.consumed}) {
    transform.yield
  }
}

// -----

module attributes { transform.with_named_sequence } {
  // expected-error @below {{argument #0 is consumed in the body but is not marked as such}}
  transform.named_sequence @consumes(%arg0: !transform.any_op {transform.readonly}) {
    transform.structured.tile_using_for %arg0 tile_sizes [] : (!transform.any_op) -> (!transform.any_op)
    transform.yield
  }
}

// -----

module attributes { transform.with_named_sequence } {
  transform.named_sequence @results(%arg0: !transform.any_op {transform.readonly}) -> !transform.any_op {
    // expected-error @below {{expected terminator to have as many operands as the parent op has results}}
    transform.yield
  }
}

// -----

transform.sequence failures(propagate) {
^bb0(%arg0: !transform.any_op):
  // expected-error @below {{'transform.foreach' op expects the same number of results as the yield terminator has operands}}
  %0 = transform.foreach %arg0 : !transform.any_op -> !transform.any_op {
  ^bb1(%arg1: !transform.any_op):
    transform.yield
  }
}

// -----

transform.sequence failures(propagate) {
^bb0(%arg0: !transform.any_op):
  // expected-error @below {{overflow_result is not a valid result index}}
  transform.split_handle %arg0 {overflow_result = 2} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
}

// -----

transform.sequence failures(propagate) {
^bb0(%arg0: !transform.any_op):
  // expected-error @below {{expected the listed values to be unique}}
  transform.get_result %arg0[1, 1] : (!transform.any_op) -> !transform.any_value
}

// -----

transform.sequence failures(propagate) {
^bb0(%arg0: !transform.any_op):
  // expected-error @below {{'transform.structured.tile_using_for' op expected number of loops to tile (2) to match number of `loops` results (1)}}
  %0, %1 = transform.structured.tile_using_for %arg0 tile_sizes [4, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
}

// -----

// expected-error @below {{'transform.sequence' op block argument #0 has more than one potential consumer}}
transform.sequence failures(propagate) {
^bb0(%arg0: !transform.any_op):
  // expected-note @below {{used here as operand #0}}
  transform.structured.vectorize %arg0 : !transform.any_op
  // expected-note @below {{used here as operand #0}}
  transform.structured.vectorize %arg0 : !transform.any_op
}

// -----

transform.sequence failures(propagate) {
^bb0(%arg0: !transform.any_op):
  // expected-error @below {{expects the type of the block argument to match the type of the operand}}
  transform.sequence %arg0 : !transform.any_op failures(propagate) {
  ^bb1(%arg1: !transform.op<"builtin.module">):
    transform.yield
  }
}

// -----

transform.sequence failures(propagate) {
^bb0(%arg0: !transform.any_op):
  // expected-error @below {{expected children ops to implement PatternDescriptorOpInterface}}
  transform.apply_patterns to %arg0 {
    // expected-note @below {{op without interface}}
    transform.structured.vectorize %arg0 : !transform.any_op
  } : !transform.any_op
}

// -----

transform.sequence failures(propagate) {
^bb0(%arg0: !transform.any_op):
  // expected-error @below {{'transform.structured.interchange' op expects iterator_interchange to be a permutation, found 1, 1}}
  transform.structured.interchange %arg0 iterator_interchange = [1, 1] : (!transform.any_op) -> !transform.any_op
}

// -----

transform.sequence failures(propagate) {
// expected-error @below {{only supports integer types with width <=64}}
^bb0(%arg0: !transform.param<f32>):
}
