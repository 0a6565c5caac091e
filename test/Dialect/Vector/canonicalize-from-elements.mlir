// RUN: lamina-opt %s -canonicalize | FileCheck %s
// vector.extract of sub-vectors of vector.from_elements; expectations printed by mlir-opt.

func.func @extract_2d(%a: f32, %b: f32) -> (vector<2x2xf32>, vector<2x2xf32>) {
  %0 = vector.from_elements %a, %a, %a, %b, %b, %b, %b, %a, %b, %a, %a, %b : vector<3x2x2xf32>
  %1 = vector.extract %0[0] : vector<2x2xf32> from vector<3x2x2xf32>
  %2 = vector.extract %0[1] : vector<2x2xf32> from vector<3x2x2xf32>
  return %1, %2 : vector<2x2xf32>, vector<2x2xf32>
}

// CHECK-LABEL: func.func @extract_2d(
// CHECK-SAME: %arg0: f32, %arg1: f32) -> (vector<2x2xf32>, vector<2x2xf32>) {
// CHECK-NEXT: %0 = vector.from_elements %arg0, %arg0, %arg0, %arg1 : vector<2x2xf32>
// CHECK-NEXT: %1 = vector.from_elements %arg1, %arg1, %arg1, %arg0 : vector<2x2xf32>
// CHECK-NEXT: return %0, %1 : vector<2x2xf32>, vector<2x2xf32>
// CHECK-NEXT: }
