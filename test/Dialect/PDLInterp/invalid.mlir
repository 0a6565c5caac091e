// Verifier diagnostics of the pdl_interp dialect (mlir-opt's wording).
// RUN: lamina-opt --verify-diagnostics --split-input-file %s

pdl_interp.func @rewriter() {
  // expected-error@+1 {{op has inferred results, but the created operation 'foo.op' does not support result type inference}}
  %op = pdl_interp.create_operation "foo.op" -> <inferred>
  pdl_interp.finalize
}

// -----

pdl_interp.func @switch(%root : !pdl.operation) {
  // expected-error@+1 {{expected number of cases to match the number of case values, got 1 but expected 2}}
  pdl_interp.switch_operation_name of %root to ["foo.op", "bar.op"](^end) -> ^end
^end:
  pdl_interp.finalize
}
