// RUN: lamina-opt --allow-unregistered-dialect %s -affine-loop-tile=tile-size=16 | FileCheck %s
//
// affine-loop-tile: intra-tile upper bounds with and without min, symbolic bounds and steps, and a nest whose dependences allow tiling.
// The checks are mlir-opt 22's output on this input (generated from its output, not edited by hand).

// CHECK: #map = affine_map<(d0) -> (d0)>
// CHECK-NEXT: #map1 = affine_map<(d0) -> (d0 + 16, 100)>
// CHECK-NEXT: #map2 = affine_map<(d0) -> (d0 + 16, 60)>
// CHECK-NEXT: #map3 = affine_map<(d0)[s0] -> (d0 + 32, s0)>
// CHECK-NEXT: #map4 = affine_map<(d0) -> (d0 + 16, 64)>
// CHECK-NEXT: #map5 = affine_map<(d0) -> (d0 + 16, 63)>
// CHECK-NEXT: module {
// CHECK-LABEL: func.func @tile_2d
// CHECK-SAME: (%arg0: memref<100x60xf32>) {
// CHECK-NEXT: affine.for %arg1 = 0 to 100 step 16 {
// CHECK-NEXT: affine.for %arg2 = 0 to 60 step 16 {
// CHECK-NEXT: affine.for %arg3 = #map(%arg1) to min #map1(%arg1) {
// CHECK-NEXT: affine.for %arg4 = #map(%arg2) to min #map2(%arg2) {
// CHECK-NEXT: %0 = affine.load %arg0[%arg3, %arg4] : memref<100x60xf32>
// CHECK-NEXT: %1 = arith.addf %0, %0 : f32
// CHECK-NEXT: affine.store %1, %arg0[%arg3, %arg4] : memref<100x60xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @tile_symbolic
// CHECK-SAME: (%arg0: index) {
// CHECK-NEXT: affine.for %arg1 = 2 to %arg0 step 32 {
// CHECK-NEXT: affine.for %arg2 = #map(%arg1) to min #map3(%arg1)[%arg0] step 2 {
// CHECK-NEXT: "test.use"(%arg2) : (index) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @skewed_dependence
// CHECK-SAME: (%arg0: memref<64x64xf32>) {
// CHECK-NEXT: affine.for %arg1 = 1 to 64 step 16 {
// CHECK-NEXT: affine.for %arg2 = 0 to 63 step 16 {
// CHECK-NEXT: affine.for %arg3 = #map(%arg1) to min #map4(%arg1) {
// CHECK-NEXT: affine.for %arg4 = #map(%arg2) to min #map5(%arg2) {
// CHECK-NEXT: %0 = affine.load %arg0[%arg3 - 1, %arg4 + 1] : memref<64x64xf32>
// CHECK-NEXT: affine.store %0, %arg0[%arg3, %arg4] : memref<64x64xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }

func.func @tile_2d(%A: memref<100x60xf32>) {
  affine.for %i = 0 to 100 {
    affine.for %j = 0 to 60 {
      %v = affine.load %A[%i, %j] : memref<100x60xf32>
      %w = arith.addf %v, %v : f32
      affine.store %w, %A[%i, %j] : memref<100x60xf32>
    }
  }
  return
}

func.func @tile_symbolic(%n: index) {
  affine.for %i = 2 to %n step 2 {
    "test.use"(%i) : (index) -> ()
  }
  return
}

func.func @skewed_dependence(%A: memref<64x64xf32>) {
  affine.for %i = 1 to 64 {
    affine.for %j = 0 to 63 {
      %v = affine.load %A[%i - 1, %j + 1] : memref<64x64xf32>
      affine.store %v, %A[%i, %j] : memref<64x64xf32>
    }
  }
  return
}
