// Verifier diagnostics of the x86vector dialect (mlir-opt's wording).
// RUN: lamina-opt --verify-diagnostics --split-input-file %s

func.func @compress_both(%k: vector<16xi1>, %a: vector<16xf32>) -> vector<16xf32> {
  // expected-error@+1 {{cannot use both src and constant_src}}
  %0 = x86vector.avx512.mask.compress %k, %a, %a {constant_src = dense<1.0> : vector<16xf32>} : vector<16xf32>, vector<16xf32>
  return %0 : vector<16xf32>
}

// -----

func.func @compress_const(%k: vector<16xi1>, %a: vector<16xf32>) -> vector<16xf32> {
  // expected-error@+1 {{failed to verify that constant_src and dst have same type}}
  %0 = x86vector.avx512.mask.compress %k, %a {constant_src = dense<1> : vector<16xi32>} : vector<16xf32>
  return %0 : vector<16xf32>
}
