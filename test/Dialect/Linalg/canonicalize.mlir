// RUN: lamina-opt %s -canonicalize | FileCheck %s
// linalg.transpose folds and EraseIdentityLinalgOp; expectations printed by mlir-opt.

func.func @transposes(%a: tensor<16x32x64xf32>, %b: tensor<32x64x16xf32>, %c: tensor<5x4x3xf32>, %d: tensor<4x3x5xf32>, %e: tensor<3x4x5xf32>)
    -> (tensor<16x32x64xf32>, tensor<3x4x5xf32>) {
  %0 = linalg.transpose ins(%a : tensor<16x32x64xf32>) outs(%a : tensor<16x32x64xf32>) permutation = [0, 1, 2]
  %1 = linalg.transpose ins(%c : tensor<5x4x3xf32>) outs(%d : tensor<4x3x5xf32>) permutation = [1, 2, 0]
  %2 = linalg.transpose ins(%1 : tensor<4x3x5xf32>) outs(%e : tensor<3x4x5xf32>) permutation = [1, 0, 2]
  return %0, %2 : tensor<16x32x64xf32>, tensor<3x4x5xf32>
}

func.func @identities(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>, %m: memref<?xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = linalg.broadcast ins(%a : tensor<2x3xf32>) outs(%b : tensor<2x3xf32>) dimensions = []
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<2x3xf32>) outs(%b : tensor<2x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<2x3xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%m : memref<?xf32>) outs(%m : memref<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  }
  return %0, %1 : tensor<2x3xf32>, tensor<2x3xf32>
}

// CHECK-LABEL: func.func @transposes(
// CHECK-SAME: %arg0: tensor<16x32x64xf32>, %arg1: tensor<32x64x16xf32>, %arg2: tensor<5x4x3xf32>, %arg3: tensor<4x3x5xf32>, %arg4: tensor<3x4x5xf32>) -> (tensor<16x32x64xf32>, tensor<3x4x5xf32>) {
// CHECK-NEXT: %transposed = linalg.transpose ins(%arg2 : tensor<5x4x3xf32>) outs(%arg4 : tensor<3x4x5xf32>) permutation = [2, 1, 0]
// CHECK-NEXT: return %arg0, %transposed : tensor<16x32x64xf32>, tensor<3x4x5xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @identities(
// CHECK-SAME: %arg0: tensor<2x3xf32>, %arg1: tensor<2x3xf32>, %arg2: memref<?xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
// CHECK-NEXT: return %arg0, %arg0 : tensor<2x3xf32>, tensor<2x3xf32>
// CHECK-NEXT: }
