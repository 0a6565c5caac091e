// RUN: lamina-opt %s -canonicalize | FileCheck %s
// Folders and patterns of the vector ops; expectations printed by mlir-opt.

func.func @transposes(%a: vector<4x3xf32>, %s: f32) -> (vector<4x3xf32>, vector<4x3xf32>, vector<3x4xf32>) {
  %0 = vector.transpose %a, [1, 0] : vector<4x3xf32> to vector<3x4xf32>
  %1 = vector.transpose %0, [1, 0] : vector<3x4xf32> to vector<4x3xf32>
  %2 = vector.transpose %a, [0, 1] : vector<4x3xf32> to vector<4x3xf32>
  %b = vector.broadcast %s : f32 to vector<4x3xf32>
  %3 = vector.transpose %b, [1, 0] : vector<4x3xf32> to vector<3x4xf32>
  return %1, %2, %3 : vector<4x3xf32>, vector<4x3xf32>, vector<3x4xf32>
}

func.func @broadcasts(%a: i32, %v: vector<4xf32>) -> (vector<4x16xi32>, vector<4x16xi32>, vector<4xf32>) {
  %c = arith.constant 42 : i32
  %0 = vector.broadcast %c : i32 to vector<16xi32>
  %1 = vector.broadcast %0 : vector<16xi32> to vector<4x16xi32>
  %2 = vector.broadcast %a : i32 to vector<16xi32>
  %3 = vector.broadcast %2 : vector<16xi32> to vector<4x16xi32>
  %4 = vector.broadcast %v : vector<4xf32> to vector<1x1x4xf32>
  %5 = vector.shape_cast %4 : vector<1x1x4xf32> to vector<4xf32>
  return %1, %3, %5 : vector<4x16xi32>, vector<4x16xi32>, vector<4xf32>
}

func.func @extracts(%a: vector<4xf32>, %s: f32, %i: index) -> (f32, vector<4xf32>, f32, i32, vector<2xi32>, f32) {
  %b = vector.broadcast %a : vector<4xf32> to vector<1x2x4xf32>
  %0 = vector.extract %b[0, 1, 2] : f32 from vector<1x2x4xf32>
  %bs = vector.broadcast %s : f32 to vector<2x4xf32>
  %1 = vector.extract %bs[1] : vector<4xf32> from vector<2x4xf32>
  %c = arith.constant 2 : index
  %2 = vector.extract %a[%c] : f32 from vector<4xf32>
  %cst = arith.constant dense<[[1, 2], [3, 4]]> : vector<2x2xi32>
  %3 = vector.extract %cst[1, 0] : i32 from vector<2x2xi32>
  %4 = vector.extract %cst[1] : vector<2xi32> from vector<2x2xi32>
  %fe = vector.from_elements %s, %s : vector<2xf32>
  %5 = vector.extract %fe[1] : f32 from vector<2xf32>
  return %0, %1, %2, %3, %4, %5 : f32, vector<4xf32>, f32, i32, vector<2xi32>, f32
}

func.func @reductions(%a: vector<1xf32>, %b: f32, %c: vector<1xi32>, %d: i32) -> (f32, i32) {
  %0 = vector.reduction <add>, %a, %b fastmath<nnan> : vector<1xf32> into f32
  %1 = vector.reduction <maxsi>, %c, %d : vector<1xi32> into i32
  return %0, %1 : f32, i32
}

// CHECK-LABEL: func.func @transposes(
// CHECK-SAME: %arg0: vector<4x3xf32>, %arg1: f32) -> (vector<4x3xf32>, vector<4x3xf32>, vector<3x4xf32>) {
// CHECK-NEXT: %0 = vector.broadcast %arg1 : f32 to vector<3x4xf32>
// CHECK-NEXT: return %arg0, %arg0, %0 : vector<4x3xf32>, vector<4x3xf32>, vector<3x4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @broadcasts(
// CHECK-SAME: %arg0: i32, %arg1: vector<4xf32>) -> (vector<4x16xi32>, vector<4x16xi32>, vector<4xf32>) {
// CHECK-NEXT: %cst = arith.constant dense<42> : vector<4x16xi32>
// CHECK-NEXT: %0 = vector.broadcast %arg0 : i32 to vector<4x16xi32>
// CHECK-NEXT: return %cst, %0, %arg1 : vector<4x16xi32>, vector<4x16xi32>, vector<4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @extracts(
// CHECK-SAME: %arg0: vector<4xf32>, %arg1: f32, %arg2: index) -> (f32, vector<4xf32>, f32, i32, vector<2xi32>, f32) {
// CHECK-NEXT: %cst = arith.constant dense<[3, 4]> : vector<2xi32>
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: %0 = vector.extract %arg0[2] : f32 from vector<4xf32>
// CHECK-NEXT: %1 = vector.broadcast %arg1 : f32 to vector<4xf32>
// CHECK-NEXT: %2 = vector.extract %arg0[2] : f32 from vector<4xf32>
// CHECK-NEXT: return %0, %1, %2, %c3_i32, %cst, %arg1 : f32, vector<4xf32>, f32, i32, vector<2xi32>, f32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @reductions(
// CHECK-SAME: %arg0: vector<1xf32>, %arg1: f32, %arg2: vector<1xi32>, %arg3: i32) -> (f32, i32) {
// CHECK-NEXT: %0 = vector.extract %arg0[0] : f32 from vector<1xf32>
// CHECK-NEXT: %1 = arith.addf %0, %arg1 fastmath<nnan> : f32
// CHECK-NEXT: %2 = vector.extract %arg2[0] : i32 from vector<1xi32>
// CHECK-NEXT: %3 = arith.maxsi %2, %arg3 : i32
// CHECK-NEXT: return %1, %3 : f32, i32
// CHECK-NEXT: }
