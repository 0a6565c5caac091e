// RUN: lamina-opt --allow-unregistered-dialect %s '-affine-loop-tile=tile-size=16 separate' | FileCheck %s
//
// affine-loop-tile with separate: full tiles (constant trip counts) under an affine.if, partial tiles in its else branch.
// The checks are mlir-opt 22's output on this input (generated from its output, not edited by hand).

// CHECK: #map = affine_map<(d0) -> (d0)>
// CHECK-NEXT: #map1 = affine_map<(d0) -> (d0 + 16)>
// CHECK-NEXT: #map2 = affine_map<(d0)[s0] -> (d0 + 16, s0)>
// CHECK-NEXT: #map3 = affine_map<(d0) -> (d0 + 16, 100)>
// CHECK-NEXT: #set = affine_set<(d0, d1)[s0] : (-d0 + s0 - 16 >= 0, -d1 + 84 >= 0)>
// CHECK-NEXT: #set1 = affine_set<() : (0 == 0)>
// CHECK-NEXT: module {
// CHECK-LABEL: func.func @separate_2d
// CHECK-SAME: (%arg0: memref<?x?xf32>, %arg1: index, %arg2: index) {
// CHECK-NEXT: affine.for %arg3 = 0 to %arg1 step 16 {
// CHECK-NEXT: affine.for %arg4 = 0 to 100 step 16 {
// CHECK-NEXT: affine.if #set(%arg3, %arg4)[%arg1] {
// CHECK-NEXT: affine.for %arg5 = #map(%arg3) to #map1(%arg3) {
// CHECK-NEXT: affine.for %arg6 = #map(%arg4) to #map1(%arg4) {
// CHECK-NEXT: %0 = affine.load %arg0[%arg5, %arg6] : memref<?x?xf32>
// CHECK-NEXT: affine.store %0, %arg0[%arg5, %arg6] : memref<?x?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: } else {
// CHECK-NEXT: affine.for %arg5 = #map(%arg3) to min #map2(%arg3)[%arg1] {
// CHECK-NEXT: affine.for %arg6 = #map(%arg4) to min #map3(%arg4) {
// CHECK-NEXT: %0 = affine.load %arg0[%arg5, %arg6] : memref<?x?xf32>
// CHECK-NEXT: affine.store %0, %arg0[%arg5, %arg6] : memref<?x?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @separate_exact
// CHECK-SAME: (%arg0: memref<64xf32>) {
// CHECK-NEXT: affine.for %arg1 = 0 to 64 step 16 {
// CHECK-NEXT: affine.if #set1() {
// CHECK-NEXT: affine.for %arg2 = #map(%arg1) to #map1(%arg1) {
// CHECK-NEXT: %0 = affine.load %arg0[%arg2] : memref<64xf32>
// CHECK-NEXT: }
// CHECK-NEXT: } else {
// CHECK-NEXT: affine.for %arg2 = #map(%arg1) to #map1(%arg1) {
// CHECK-NEXT: %0 = affine.load %arg0[%arg2] : memref<64xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }

func.func @separate_2d(%A: memref<?x?xf32>, %m: index, %n: index) {
  affine.for %i = 0 to %m {
    affine.for %j = 0 to 100 {
      %v = affine.load %A[%i, %j] : memref<?x?xf32>
      affine.store %v, %A[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

func.func @separate_exact(%A: memref<64xf32>) {
  affine.for %i = 0 to 64 {
    %v = affine.load %A[%i] : memref<64xf32>
  }
  return
}
