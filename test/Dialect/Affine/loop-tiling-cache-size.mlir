// RUN: lamina-opt --allow-unregistered-dialect %s -affine-loop-tile=cache-size=64 | FileCheck %s
//
// affine-loop-tile with tile sizes from the memory footprint (regions of the accesses, their bounding boxes, element sizes) and the cache size, and the default sizes when the footprint is unknown.
// The checks are mlir-opt 22's output on this input (generated from its output, not edited by hand).

// CHECK: #map = affine_map<(d0) -> (d0)>
// CHECK-NEXT: #map1 = affine_map<(d0) -> (d0 + 4)>
// CHECK-NEXT: #map2 = affine_map<(d0) -> (d0 + 1)>
// CHECK-NEXT: #map3 = affine_map<(d0)[s0] -> (d0 + 4, s0)>
// CHECK-NEXT: module {
// CHECK-LABEL: func.func @copy_2d
// CHECK-SAME: (%arg0: memref<512x512xf32>, %arg1: memref<512x512xf32>) {
// CHECK-NEXT: affine.for %arg2 = 0 to 512 step 4 {
// CHECK-NEXT: affine.for %arg3 = 0 to 512 step 4 {
// CHECK-NEXT: affine.for %arg4 = #map(%arg2) to #map1(%arg2) {
// CHECK-NEXT: affine.for %arg5 = #map(%arg3) to #map1(%arg3) {
// CHECK-NEXT: %0 = affine.load %arg0[%arg4, %arg5] : memref<512x512xf32>
// CHECK-NEXT: affine.store %0, %arg1[%arg5, %arg4] : memref<512x512xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @small
// CHECK-SAME: (%arg0: memref<16xf64>) {
// CHECK-NEXT: affine.for %arg1 = 0 to 16 {
// CHECK-NEXT: affine.for %arg2 = #map(%arg1) to #map2(%arg1) {
// CHECK-NEXT: %0 = affine.load %arg0[%arg2] : memref<16xf64>
// CHECK-NEXT: affine.store %0, %arg0[%arg2] : memref<16xf64>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @unknown_footprint
// CHECK-SAME: (%arg0: memref<?xf32>, %arg1: index) {
// CHECK-NEXT: affine.for %arg2 = 0 to 24 step 4 {
// CHECK-NEXT: affine.for %arg3 = 0 to %arg1 step 4 {
// CHECK-NEXT: affine.for %arg4 = #map(%arg2) to #map1(%arg2) {
// CHECK-NEXT: affine.for %arg5 = #map(%arg3) to min #map3(%arg3)[%arg1] {
// CHECK-NEXT: %0 = affine.load %arg0[%arg5] : memref<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }

func.func @copy_2d(%A: memref<512x512xf32>, %B: memref<512x512xf32>) {
  affine.for %i = 0 to 512 {
    affine.for %j = 0 to 512 {
      %v = affine.load %A[%i, %j] : memref<512x512xf32>
      affine.store %v, %B[%j, %i] : memref<512x512xf32>
    }
  }
  return
}

func.func @small(%A: memref<16xf64>) {
  affine.for %i = 0 to 16 {
    %v = affine.load %A[%i] : memref<16xf64>
    affine.store %v, %A[%i] : memref<16xf64>
  }
  return
}

func.func @unknown_footprint(%A: memref<?xf32>, %n: index) {
  affine.for %i = 0 to 24 {
    affine.for %j = 0 to %n {
      %v = affine.load %A[%j] : memref<?xf32>
    }
  }
  return
}
