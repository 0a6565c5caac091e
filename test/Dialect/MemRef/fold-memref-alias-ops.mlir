// RUN: lamina-opt -split-input-file -fold-memref-alias-ops %s | FileCheck %s

// Subviews: offset + index * stride per dimension, dropped dimensions at
// their offset; a non-unit-stride subview stays under a transfer.
func.func @subview_accesses(%m: memref<16x32xf32>, %i: index, %j: index, %k: index, %s: index, %v: f32,
                            %w: vector<4xf32>) -> (f32, vector<4xf32>, vector<4xf32>) {
  %c0 = arith.constant 0 : index
  %sv = memref.subview %m[%i, 4][8, 8][2, %s] : memref<16x32xf32> to memref<8x8xf32, strided<[64, ?], offset: ?>>
  %0 = memref.load %sv[%j, %k] {nontemporal = true} : memref<8x8xf32, strided<[64, ?], offset: ?>>
  memref.store %v, %sv[%k, %j] : memref<8x8xf32, strided<[64, ?], offset: ?>>
  %r = memref.subview %m[%i, 0][1, 16][1, 1] : memref<16x32xf32> to memref<16xf32, strided<[1], offset: ?>>
  %1 = vector.load %r[%j] : memref<16xf32, strided<[1], offset: ?>>, vector<4xf32>
  %2 = vector.transfer_read %r[%k], %v {in_bounds = [true]} : memref<16xf32, strided<[1], offset: ?>>, vector<4xf32>
  vector.transfer_write %w, %sv[%j, %k] {in_bounds = [true]} : vector<4xf32>, memref<8x8xf32, strided<[64, ?], offset: ?>>
  return %0, %1, %2 : f32, vector<4xf32>, vector<4xf32>
}

// -----

// Reshapes: linearized and delinearized indices; a subview of a subview.
func.func @reshapes(%m: memref<32xf32>, %n: memref<4x8xf32>, %i: index, %j: index, %v: f32) -> (f32, f32) {
  %e = memref.expand_shape %m [[0, 1]] output_shape [4, 8] : memref<32xf32> into memref<4x8xf32>
  %0 = memref.load %e[%i, %j] : memref<4x8xf32>
  %c = memref.collapse_shape %n [[0, 1]] : memref<4x8xf32> into memref<32xf32>
  %1 = memref.load %c[%i] : memref<32xf32>
  memref.store %v, %c[%j] : memref<32xf32>
  %s1 = memref.subview %n[1, %i][2, 4][1, 1] : memref<4x8xf32> to memref<2x4xf32, strided<[8, 1], offset: ?>>
  %s2 = memref.subview %s1[%j, 1][1, 2][1, 1] : memref<2x4xf32, strided<[8, 1], offset: ?>> to memref<2xf32, strided<[1], offset: ?>>
  "test.use"(%s2) : (memref<2xf32, strided<[1], offset: ?>>) -> ()
  return %0, %1 : f32, f32
}

// Expected output, printed by mlir-opt 22:
// CHECK: #map = affine_map<()[s0, s1] -> (s0 + s1 * 2)>
// CHECK-NEXT: #map1 = affine_map<()[s0, s1] -> (s0 * s1 + 4)>
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @subview_accesses(%arg0: memref<16x32xf32>, %arg1: index, %arg2: index, %arg3: index, %arg4: index, %arg5: f32, %arg6: vector<4xf32>) -> (f32, vector<4xf32>, vector<4xf32>) {
// CHECK-NEXT: %subview = memref.subview %arg0[%arg1, 4] [8, 8] [2, %arg4] : memref<16x32xf32> to memref<8x8xf32, strided<[64, ?], offset: ?>>
// CHECK-NEXT: %0 = affine.apply #map()[%arg1, %arg2]
// CHECK-NEXT: %1 = affine.apply #map1()[%arg3, %arg4]
// CHECK-NEXT: %2 = memref.load %arg0[%0, %1] {nontemporal = true} : memref<16x32xf32>
// CHECK-NEXT: %3 = affine.apply #map()[%arg1, %arg3]
// CHECK-NEXT: %4 = affine.apply #map1()[%arg2, %arg4]
// CHECK-NEXT: memref.store %arg5, %arg0[%3, %4] : memref<16x32xf32>
// CHECK-NEXT: %5 = vector.load %arg0[%arg1, %arg2] : memref<16x32xf32>, vector<4xf32>
// CHECK-NEXT: %6 = vector.transfer_read %arg0[%arg1, %arg3], %arg5 {in_bounds = [true]} : memref<16x32xf32>, vector<4xf32>
// CHECK-NEXT: vector.transfer_write %arg6, %subview[%arg2, %arg3] {in_bounds = [true]} : vector<4xf32>, memref<8x8xf32, strided<[64, ?], offset: ?>>
// CHECK-NEXT: return %2, %5, %6 : f32, vector<4xf32>, vector<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK: #map = affine_map<()[s0] -> (s0 + 1)>
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @reshapes(%arg0: memref<32xf32>, %arg1: memref<4x8xf32>, %arg2: index, %arg3: index, %arg4: f32) -> (f32, f32) {
// CHECK-NEXT: %0 = affine.linearize_index disjoint [%arg2, %arg3] by (4, 8) : index
// CHECK-NEXT: %1 = memref.load %arg0[%0] : memref<32xf32>
// CHECK-NEXT: %2:2 = affine.delinearize_index %arg2 into (4, 8) : index, index
// CHECK-NEXT: %3 = memref.load %arg1[%2#0, %2#1] : memref<4x8xf32>
// CHECK-NEXT: %4:2 = affine.delinearize_index %arg3 into (4, 8) : index, index
// CHECK-NEXT: memref.store %arg4, %arg1[%4#0, %4#1] : memref<4x8xf32>
// CHECK-NEXT: %5 = affine.apply #map()[%arg3]
// CHECK-NEXT: %6 = affine.apply #map()[%arg2]
// CHECK-NEXT: %subview = memref.subview %arg1[%5, %6] [1, 2] [1, 1] : memref<4x8xf32> to memref<2xf32, strided<[1], offset: ?>>
// CHECK-NEXT: "test.use"(%subview) : (memref<2xf32, strided<[1], offset: ?>>) -> ()
// CHECK-NEXT: return %1, %3 : f32, f32
// CHECK-NEXT: }
// CHECK-NEXT: }
