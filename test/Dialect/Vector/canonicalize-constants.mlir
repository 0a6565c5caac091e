// RUN: lamina-opt %s -canonicalize | FileCheck %s
// Constant folds and mask patterns of the vector ops; expectations printed by mlir-opt.

func.func @bitcasts(%a: vector<2xi32>) -> (vector<2xi32>, vector<4xf32>, vector<4xi32>) {
  %0 = vector.bitcast %a : vector<2xi32> to vector<4xi16>
  %1 = vector.bitcast %0 : vector<4xi16> to vector<2xi32>
  %c = arith.constant dense<2.0> : vector<8xf16>
  %2 = vector.bitcast %c : vector<8xf16> to vector<4xf32>
  %d = arith.constant dense<160> : vector<16xi8>
  %3 = vector.bitcast %d : vector<16xi8> to vector<4xi32>
  return %1, %2, %3 : vector<2xi32>, vector<4xf32>, vector<4xi32>
}

func.func @masks() -> (vector<4x3xi1>, vector<2x2xi1>, vector<2x2xi1>, vector<4x3xi1>) {
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %0 = vector.create_mask %c5, %c2 : vector<4x3xi1>
  %1 = vector.constant_mask [2, 2] : vector<4x3xi1>
  %2 = vector.extract_strided_slice %1 {offsets = [1, 1], sizes = [2, 2], strides = [1, 1]} : vector<4x3xi1> to vector<2x2xi1>
  %3 = vector.extract_strided_slice %1 {offsets = [0, 0], sizes = [2, 2], strides = [1, 1]} : vector<4x3xi1> to vector<2x2xi1>
  %4 = vector.constant_mask [0, 0] : vector<4x3xi1>
  return %0, %2, %3, %4 : vector<4x3xi1>, vector<2x2xi1>, vector<2x2xi1>, vector<4x3xi1>
}

func.func @slices_and_inserts(%v: vector<4xf16>, %s: f32) -> (vector<1x2xi32>, vector<2x4xf16>, vector<2x3xi32>, vector<2x3xf32>) {
  %cst = arith.constant dense<[[0, 1, 2], [3, 4, 5]]> : vector<2x3xi32>
  %0 = vector.extract_strided_slice %cst {offsets = [1, 1], sizes = [1, 2], strides = [1, 1]} : vector<2x3xi32> to vector<1x2xi32>
  %b = vector.broadcast %v : vector<4xf16> to vector<16x4xf16>
  %1 = vector.extract_strided_slice %b {offsets = [0, 0], sizes = [2, 4], strides = [1, 1]} : vector<16x4xf16> to vector<2x4xf16>
  %c99 = arith.constant 99 : i32
  %2 = vector.insert %c99, %cst [0, 0] : i32 into vector<2x3xi32>
  %3 = vector.from_elements %s, %s, %s, %s, %s, %s : vector<2x3xf32>
  return %0, %1, %2, %3 : vector<1x2xi32>, vector<2x4xf16>, vector<2x3xi32>, vector<2x3xf32>
}

// CHECK-LABEL: func.func @bitcasts(
// CHECK-SAME: %arg0: vector<2xi32>) -> (vector<2xi32>, vector<4xf32>, vector<4xi32>) {
// CHECK-NEXT: %cst = arith.constant dense<2.00390625> : vector<4xf32>
// CHECK-NEXT: %cst_0 = arith.constant dense<-1600085856> : vector<4xi32>
// CHECK-NEXT: return %arg0, %cst, %cst_0 : vector<2xi32>, vector<4xf32>, vector<4xi32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @masks(
// CHECK-SAME: ) -> (vector<4x3xi1>, vector<2x2xi1>, vector<2x2xi1>, vector<4x3xi1>) {
// CHECK-NEXT: %cst = arith.constant dense<false> : vector<4x3xi1>
// CHECK-NEXT: %cst_0 = arith.constant dense<true> : vector<2x2xi1>
// CHECK-NEXT: %0 = vector.constant_mask [4, 2] : vector<4x3xi1>
// CHECK-NEXT: %1 = vector.constant_mask [1, 1] : vector<2x2xi1>
// CHECK-NEXT: return %0, %1, %cst_0, %cst : vector<4x3xi1>, vector<2x2xi1>, vector<2x2xi1>, vector<4x3xi1>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @slices_and_inserts(
// CHECK-SAME: %arg0: vector<4xf16>, %arg1: f32) -> (vector<1x2xi32>, vector<2x4xf16>, vector<2x3xi32>, vector<2x3xf32>) {
// CHECK-NEXT: %cst = arith.constant dense<{{\[\[}}99, 1, 2], [3, 4, 5]]> : vector<2x3xi32>
// CHECK-NEXT: %cst_0 = arith.constant dense<{{\[\[}}4, 5]]> : vector<1x2xi32>
// CHECK-NEXT: %0 = vector.broadcast %arg0 : vector<4xf16> to vector<2x4xf16>
// CHECK-NEXT: %1 = vector.broadcast %arg1 : f32 to vector<2x3xf32>
// CHECK-NEXT: return %cst_0, %0, %cst, %1 : vector<1x2xi32>, vector<2x4xf16>, vector<2x3xi32>, vector<2x3xf32>
// CHECK-NEXT: }
