// RUN: lamina-opt %s -canonicalize | FileCheck %s
// vector.extract of vector.shape_cast; expectations printed by mlir-opt.

func.func @extracts(%a: vector<5x1x3x2xf32>, %b: vector<f32>, %c: vector<3x4xf32>) -> (f32, f32, vector<12xf32>) {
  %0 = vector.shape_cast %a : vector<5x1x3x2xf32> to vector<15x2xf32>
  %1 = vector.extract %0[4, 1] : f32 from vector<15x2xf32>
  %2 = vector.shape_cast %b : vector<f32> to vector<1xf32>
  %3 = vector.extract %2[0] : f32 from vector<1xf32>
  %4 = vector.shape_cast %c : vector<3x4xf32> to vector<1x12xf32>
  %5 = vector.extract %4[0] : vector<12xf32> from vector<1x12xf32>
  return %1, %3, %5 : f32, f32, vector<12xf32>
}

// CHECK-LABEL: func.func @extracts(
// CHECK-SAME: %arg0: vector<5x1x3x2xf32>, %arg1: vector<f32>, %arg2: vector<3x4xf32>) -> (f32, f32, vector<12xf32>) {
// CHECK-NEXT: %0 = vector.extract %arg0[1, 0, 1, 1] : f32 from vector<5x1x3x2xf32>
// CHECK-NEXT: %1 = vector.extract %arg1[] : f32 from vector<f32>
// CHECK-NEXT: %2 = vector.shape_cast %arg2 : vector<3x4xf32> to vector<12xf32>
// CHECK-NEXT: return %0, %1, %2 : f32, f32, vector<12xf32>
// CHECK-NEXT: }
