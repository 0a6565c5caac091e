// RUN: lamina-opt %s -canonicalize | FileCheck %s
// FoldTensorCastProducerOp on destination-style ops; expectations printed by mlir-opt.

func.func @matmul(%a: tensor<3x4xf32>, %b: tensor<4x?xf32>, %c: tensor<3x?xf32>) -> tensor<?x?xf32> {
  %0 = tensor.cast %a : tensor<3x4xf32> to tensor<?x?xf32>
  %1 = tensor.cast %b : tensor<4x?xf32> to tensor<?x?xf32>
  %2 = tensor.cast %c : tensor<3x?xf32> to tensor<?x?xf32>
  %3 = linalg.matmul ins(%0, %1 : tensor<?x?xf32>, tensor<?x?xf32>) outs(%2 : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %3 : tensor<?x?xf32>
}

// CHECK-LABEL: func.func @matmul(
// CHECK-SAME: %arg0: tensor<3x4xf32>, %arg1: tensor<4x?xf32>, %arg2: tensor<3x?xf32>) -> tensor<?x?xf32> {
// CHECK-NEXT: %0 = linalg.matmul ins(%arg0, %arg1 : tensor<3x4xf32>, tensor<4x?xf32>) outs(%arg2 : tensor<3x?xf32>) -> tensor<3x?xf32>
// CHECK-NEXT: %cast = tensor.cast %0 : tensor<3x?xf32> to tensor<?x?xf32>
// CHECK-NEXT: return %cast : tensor<?x?xf32>
// CHECK-NEXT: }
