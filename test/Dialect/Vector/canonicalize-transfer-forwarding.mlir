// RUN: lamina-opt %s -canonicalize | FileCheck %s
// Transfers on tensors forwarded (foldRAW, foldWAR, foldReadInitWrite,
// FoldWaw); expectations printed by mlir-opt.

func.func @forwarding(%t: tensor<4x4xf32>, %v0: vector<1x4xf32>, %v1: vector<1x4xf32>, %w: tensor<4x4xf32>)
    -> (vector<1x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %cf0 = arith.constant 0.0 : f32
  %0 = vector.transfer_write %v0, %t[%c1, %c0] {in_bounds = [true, true]} : vector<1x4xf32>, tensor<4x4xf32>
  %1 = vector.transfer_write %v1, %0[%c2, %c0] {in_bounds = [true, true]} : vector<1x4xf32>, tensor<4x4xf32>
  %2 = vector.transfer_read %1[%c1, %c0], %cf0 {in_bounds = [true, true]} : tensor<4x4xf32>, vector<1x4xf32>
  %3 = vector.transfer_read %t[%c1, %c0], %cf0 {in_bounds = [true, true]} : tensor<4x4xf32>, vector<1x4xf32>
  %4 = vector.transfer_write %3, %t[%c1, %c0] {in_bounds = [true, true]} : vector<1x4xf32>, tensor<4x4xf32>
  %5 = vector.transfer_write %v0, %w[%c1, %c0] {in_bounds = [true, true]} : vector<1x4xf32>, tensor<4x4xf32>
  %6 = vector.transfer_write %v1, %5[%c1, %c0] {in_bounds = [true, true]} : vector<1x4xf32>, tensor<4x4xf32>
  %7 = vector.transfer_read %w[%c0, %c0], %cf0 {in_bounds = [true, true]} : tensor<4x4xf32>, vector<4x4xf32>
  %8 = vector.transfer_write %7, %t[%c0, %c0] {in_bounds = [true, true]} : vector<4x4xf32>, tensor<4x4xf32>
  return %2, %4, %6, %8 : vector<1x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
}

// CHECK-LABEL: func.func @forwarding(
// CHECK-SAME: %arg0: tensor<4x4xf32>, %arg1: vector<1x4xf32>, %arg2: vector<1x4xf32>, %arg3: tensor<4x4xf32>) -> (vector<1x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0 = vector.transfer_write %arg2, %arg3[%c1, %c0] {in_bounds = [true, true]} : vector<1x4xf32>, tensor<4x4xf32>
// CHECK-NEXT: return %arg1, %arg0, %0, %arg3 : vector<1x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
// CHECK-NEXT: }
