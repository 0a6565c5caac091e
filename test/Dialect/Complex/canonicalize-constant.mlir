// RUN: lamina-opt %s -canonicalize | FileCheck %s
// complex.constant folds (so constants of complex type fold further, e.g.
// into tensor.from_elements); expectations printed by mlir-opt.

func.func @from_elements() -> tensor<3xcomplex<f32>> {
  %c1 = complex.constant [1.2 : f32, 2.3 : f32] : complex<f32>
  %c2 = complex.constant [3.2 : f32, 2.1 : f32] : complex<f32>
  %t = tensor.from_elements %c1, %c2, %c1 : tensor<3xcomplex<f32>>
  return %t : tensor<3xcomplex<f32>>
}

// CHECK-LABEL: func.func @from_elements(
// CHECK-SAME: ) -> tensor<3xcomplex<f32>> {
// CHECK-NEXT: %cst = arith.constant dense<[(1.200000e+00,2.300000e+00), (3.200000e+00,2.100000e+00), (1.200000e+00,2.300000e+00)]> : tensor<3xcomplex<f32>>
// CHECK-NEXT: return %cst : tensor<3xcomplex<f32>>
// CHECK-NEXT: }
