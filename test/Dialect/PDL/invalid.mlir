// Verifier diagnostics of the pdl dialect (mlir-opt's wording).
// RUN: lamina-opt --verify-diagnostics --split-input-file %s

pdl.pattern : benefit(1) {
  // expected-error@below {{expected a bindable user when defined in the matcher body of a `pdl.pattern`}}
  %unused = attribute
  %op = operation "foo.op"
  rewrite %op with "rewriter"
}

// -----

pdl.pattern : benefit(1) {
  %op = operation "foo.op"
  rewrite %op {
    %type = type
    // expected-error@below {{op must have inferable or constrained result types when nested within `pdl.rewrite`}}
    // expected-note@below {{result type #0 was not constrained}}
    %newOp = operation "builtin.unrealized_conversion_cast" -> (%type : !pdl.type)
  }
}

// -----

// expected-error@below {{the operations must form a connected component}}
pdl.pattern : benefit(1) {
  %op1 = operation "foo.op"
  %op2 = operation "bar.op"
  // expected-note@below {{see a disconnected value / operation here}}
  %val = result 0 of %op2
  rewrite %op1 with "foo"(%val : !pdl.value)
}

// -----

pdl.pattern : benefit(1) {
  %op = operation "foo.op"
  // expected-error@below {{expected rewrite region to be non-empty if external name is not specified}}
  "pdl.rewrite"(%op) ({}) {
    operand_segment_sizes = array<i32: 1,0>
  } : (!pdl.operation) -> ()
}

// -----

// expected-error@below {{invalid 'pdl' type: `i32'}}
func.func private @f(!pdl.range<i32>)
