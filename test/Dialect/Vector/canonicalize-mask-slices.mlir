// RUN: lamina-opt %s -canonicalize | FileCheck %s
// Masks through transpose and shape_cast, contiguous strided slices and
// constant insert_strided_slice; expectations printed by mlir-opt.

func.func @masks(%a: index, %b: index, %c: index, %d: index) -> (vector<4x2x3xi1>, vector<4x2x3xi1>, vector<1x4xi1>, vector<4xi1>) {
  %0 = vector.create_mask %a, %b, %c : vector<2x3x4xi1>
  %1 = vector.transpose %0, [2, 0, 1] : vector<2x3x4xi1> to vector<4x2x3xi1>
  %2 = vector.constant_mask [1, 2, 3] : vector<2x3x4xi1>
  %3 = vector.transpose %2, [2, 0, 1] : vector<2x3x4xi1> to vector<4x2x3xi1>
  %c1 = arith.constant 1 : index
  %4 = vector.create_mask %c1, %d, %c1, %c1 : vector<1x4x1x1xi1>
  %5 = vector.shape_cast %4 : vector<1x4x1x1xi1> to vector<1x4xi1>
  %6 = vector.constant_mask [1, 1, 1] : vector<4x1x1xi1>
  %7 = vector.shape_cast %6 : vector<4x1x1xi1> to vector<4xi1>
  return %1, %3, %5, %7 : vector<4x2x3xi1>, vector<4x2x3xi1>, vector<1x4xi1>, vector<4xi1>
}

func.func @slices(%v: vector<32x16x4xf16>) -> (vector<1x1x4xf16>, vector<3x2xi32>) {
  %0 = vector.extract_strided_slice %v {offsets = [9, 7], sizes = [1, 1], strides = [1, 1]} : vector<32x16x4xf16> to vector<1x1x4xf16>
  %cst = arith.constant dense<[[0, 1], [2, 3], [4, 5]]> : vector<3x2xi32>
  %cst_1 = arith.constant dense<9> : vector<1xi32>
  %1 = vector.insert_strided_slice %cst_1, %cst {offsets = [1, 0], strides = [1]} : vector<1xi32> into vector<3x2xi32>
  return %0, %1 : vector<1x1x4xf16>, vector<3x2xi32>
}

// CHECK-LABEL: func.func @masks(
// CHECK-SAME: %arg0: index, %arg1: index, %arg2: index, %arg3: index) -> (vector<4x2x3xi1>, vector<4x2x3xi1>, vector<1x4xi1>, vector<4xi1>) {
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0 = vector.create_mask %arg2, %arg0, %arg1 : vector<4x2x3xi1>
// CHECK-NEXT: %1 = vector.constant_mask [3, 1, 2] : vector<4x2x3xi1>
// CHECK-NEXT: %2 = vector.create_mask %c1, %arg3 : vector<1x4xi1>
// CHECK-NEXT: %3 = vector.constant_mask [1] : vector<4xi1>
// CHECK-NEXT: return %0, %1, %2, %3 : vector<4x2x3xi1>, vector<4x2x3xi1>, vector<1x4xi1>, vector<4xi1>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @slices(
// CHECK-SAME: %arg0: vector<32x16x4xf16>) -> (vector<1x1x4xf16>, vector<3x2xi32>) {
// CHECK-NEXT: %cst = arith.constant dense<{{\[\[}}0, 1], [9, 3], [4, 5]]> : vector<3x2xi32>
// CHECK-NEXT: %0 = vector.extract %arg0[9, 7] : vector<4xf16> from vector<32x16x4xf16>
// CHECK-NEXT: %1 = vector.shape_cast %0 : vector<4xf16> to vector<1x1x4xf16>
// CHECK-NEXT: return %1, %cst : vector<1x1x4xf16>, vector<3x2xi32>
// CHECK-NEXT: }
