// RUN: lamina-opt -arith-expand=include-bf16=true %s -verify-diagnostics -split-input-file

// Only the default rounding mode is expanded; the conversion fails on the
// illegal op left (messages as mlir-opt's).
func.func @rounding_mode(%c: f32) -> bf16 {
  // expected-error@+1 {{failed to legalize operation 'arith.truncf' that was explicitly marked illegal}}
  %0 = arith.truncf %c to_nearest_even : f32 to bf16
  return %0 : bf16
}
