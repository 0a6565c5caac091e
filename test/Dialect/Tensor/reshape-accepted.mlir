// Reshapes mlir-opt accepts: output_shape values are not checked against the
// result type, the element count is not compared, positions are 32-bit.
// RUN: lamina-opt %s | FileCheck %s
// Check lines are mlir-opt's output (utils/update-mlir-checks.py):
// GEN:
// CHECK: module {
// CHECK-NEXT:   func.func @accepted(%arg0: tensor<8xf32>, %arg1: tensor<?xf32>, %arg2: index, %arg3: index, %arg4: tensor<?x4x5xf32>, %arg5: tensor<2x3xf32>) {
// CHECK-NEXT:     %expanded = tensor.expand_shape %arg0 {{\[\[}}0, 1]] output_shape [2, 5] : tensor<8xf32> into tensor<2x4xf32>
// CHECK-NEXT:     %expanded_0 = tensor.expand_shape %arg1 {{\[\[}}0, 1]] output_shape [%arg2, %arg3] : tensor<?xf32> into tensor<?x4xf32>
// CHECK-NEXT:     %collapsed = tensor.collapse_shape %arg4 {{\[\[}}0], [4294967297, 2]] : tensor<?x4x5xf32> into tensor<?x20xf32>
// CHECK-NEXT:     %collapsed_1 = tensor.collapse_shape %arg5 [] : tensor<2x3xf32> into tensor<f32>
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }

func.func @accepted(%a: tensor<8xf32>, %b: tensor<?xf32>, %i: index, %j: index, %c: tensor<?x4x5xf32>, %d: tensor<2x3xf32>) {
  %0 = tensor.expand_shape %a [[0, 1]] output_shape [2, 5] : tensor<8xf32> into tensor<2x4xf32>
  %1 = tensor.expand_shape %b [[0, 1]] output_shape [%i, %j] : tensor<?xf32> into tensor<?x4xf32>
  %2 = tensor.collapse_shape %c [[0], [4294967297, 2]] : tensor<?x4x5xf32> into tensor<?x20xf32>
  %3 = tensor.collapse_shape %d [] : tensor<2x3xf32> into tensor<f32>
  return
}
