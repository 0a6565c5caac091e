// RUN: lamina-opt %s -canonicalize | FileCheck %s
// vector.mask, multi_reduction, masked single-element reductions, create_mask
// extraction and transfer in_bounds folding; expectations printed by mlir-opt.

func.func @reductions(%s: vector<5x1x4x1x20xf32>, %acc: vector<5x4x20xf32>, %m: vector<5x1x4x1x20xi1>,
                      %a: vector<1xf32>, %b: f32, %mm: vector<1xi1>) -> (vector<5x4x20xf32>, f32) {
  %0 = vector.mask %m { vector.multi_reduction <mul>, %s, %acc [1, 3] : vector<5x1x4x1x20xf32> to vector<5x4x20xf32> } : vector<5x1x4x1x20xi1> -> vector<5x4x20xf32>
  %1 = vector.mask %mm { vector.reduction <add>, %a, %b : vector<1xf32> into f32 } : vector<1xi1> -> f32
  return %0, %1 : vector<5x4x20xf32>, f32
}

func.func @masks(%a: vector<8xf32>, %m: vector<8xi1>, %d: index, %i: index) -> (vector<8xf32>, vector<6xi1>, vector<6xi1>) {
  %0 = vector.mask %m { vector.yield %a : vector<8xf32> } : vector<8xi1> -> vector<8xf32>
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %mask = vector.create_mask %c3, %c4, %d : vector<4x4x6xi1>
  %1 = vector.extract %mask[2, %i] : vector<6xi1> from vector<4x4x6xi1>
  %2 = vector.extract %mask[3, 1] : vector<6xi1> from vector<4x4x6xi1>
  return %0, %1, %2 : vector<8xf32>, vector<6xi1>, vector<6xi1>
}

func.func @transfers(%A: memref<4x8xf32>, %v: vector<3x4xf32>, %B: memref<3x4xf32>) -> vector<4x8xf32> {
  %c0 = arith.constant 0 : index
  %f0 = arith.constant 0.0 : f32
  %0 = memref.cast %A : memref<4x8xf32> to memref<?x?xf32>
  %1 = vector.transfer_read %0[%c0, %c0], %f0 : memref<?x?xf32>, vector<4x8xf32>
  %all = vector.constant_mask [3, 4] : vector<3x4xi1>
  vector.mask %all { vector.transfer_write %v, %B[%c0, %c0] : vector<3x4xf32>, memref<3x4xf32> } : vector<3x4xi1>
  return %1 : vector<4x8xf32>
}

// CHECK-LABEL: func.func @reductions(
// CHECK-SAME: %arg0: vector<5x1x4x1x20xf32>, %arg1: vector<5x4x20xf32>, %arg2: vector<5x1x4x1x20xi1>, %arg3: vector<1xf32>, %arg4: f32, %arg5: vector<1xi1>) -> (vector<5x4x20xf32>, f32) {
// CHECK-NEXT: %0 = vector.shape_cast %arg2 : vector<5x1x4x1x20xi1> to vector<5x4x20xi1>
// CHECK-NEXT: %1 = vector.shape_cast %arg0 : vector<5x1x4x1x20xf32> to vector<5x4x20xf32>
// CHECK-NEXT: %2 = arith.mulf %arg1, %1 : vector<5x4x20xf32>
// CHECK-NEXT: %3 = arith.select %0, %2, %1 : vector<5x4x20xi1>, vector<5x4x20xf32>
// CHECK-NEXT: %4 = vector.extract %arg5[0] : i1 from vector<1xi1>
// CHECK-NEXT: %5 = vector.extract %arg3[0] : f32 from vector<1xf32>
// CHECK-NEXT: %6 = arith.addf %5, %arg4 : f32
// CHECK-NEXT: %7 = arith.select %4, %6, %arg4 : f32
// CHECK-NEXT: return %3, %7 : vector<5x4x20xf32>, f32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @masks(
// CHECK-SAME: %arg0: vector<8xf32>, %arg1: vector<8xi1>, %arg2: index, %arg3: index) -> (vector<8xf32>, vector<6xi1>, vector<6xi1>) {
// CHECK-NEXT: %cst = arith.constant dense<false> : vector<6xi1>
// CHECK-NEXT: %0 = vector.create_mask %arg2 : vector<6xi1>
// CHECK-NEXT: return %arg0, %0, %cst : vector<8xf32>, vector<6xi1>, vector<6xi1>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @transfers(
// CHECK-SAME: %arg0: memref<4x8xf32>, %arg1: vector<3x4xf32>, %arg2: memref<3x4xf32>) -> vector<4x8xf32> {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %0 = vector.transfer_read %arg0[%c0, %c0], %cst {in_bounds = [true, true]} : memref<4x8xf32>, vector<4x8xf32>
// CHECK-NEXT: vector.transfer_write %arg1, %arg2[%c0, %c0] {in_bounds = [true, true]} : vector<3x4xf32>, memref<3x4xf32>
// CHECK-NEXT: return %0 : vector<4x8xf32>
// CHECK-NEXT: }
