// RUN: lamina-opt --allow-unregistered-dialect -split-input-file -affine-loop-normalize %s | FileCheck %s
// RUN: lamina-opt --allow-unregistered-dialect -split-input-file -affine-loop-normalize=promote-single-iter=1 %s | FileCheck %s --check-prefix=PROMOTE

// Loops from a symbolic lower bound with a step, multiple upper bounds, an
// iter_args loop, a parallel loop and a single-iteration loop.
func.func @loops(%n: index, %m: index, %A: memref<?xf32>) -> f32 {
  %cst = arith.constant 0.0 : f32
  affine.for %i = %n to min affine_map<(d0)[s0] -> (d0 + 64, s0)>(%n)[%m] step 4 {
    affine.for %j = 3 to 20 step 5 {
      "test.use"(%i, %j) : (index, index) -> ()
    }
  }
  %r = affine.for %k = 2 to 10 step 2 iter_args(%acc = %cst) -> f32 {
    %v = affine.load %A[%k] : memref<?xf32>
    %s = arith.addf %acc, %v : f32
    affine.yield %s : f32
  }
  affine.parallel (%p, %q) = (1, %n) to (9, %m) step (2, 3) {
    "test.use"(%p, %q) : (index, index) -> ()
  }
  affine.for %one = 5 to 6 {
    "test.use"(%one) : (index) -> ()
  }
  return %r : f32
}

// Expected output, printed by mlir-opt 22:
// CHECK: #map = affine_map<()[s0, s1] -> (16, (s0 - s1) ceildiv 4)>
// CHECK-NEXT: #map1 = affine_map<(d0)[s0] -> (d0 * 4 + s0)>
// CHECK-NEXT: #map2 = affine_map<(d0) -> (d0 * 5 + 3)>
// CHECK-NEXT: #map3 = affine_map<(d0) -> (d0 * 2 + 2)>
// CHECK-NEXT: #map4 = affine_map<(d0, d1) -> (d1 * 2 + 1)>
// CHECK-NEXT: #map5 = affine_map<(d0, d1) -> (d0 + d1 * 3)>
// CHECK-NEXT: #map6 = affine_map<(d0) -> (d0 + 5)>
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @loops(%arg0: index, %arg1: index, %arg2: memref<?xf32>) -> f32 {
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: affine.for %arg3 = 0 to min #map()[%arg1, %arg0] {
// CHECK-NEXT: %1 = affine.apply #map1(%arg3)[%arg0]
// CHECK-NEXT: affine.for %arg4 = 0 to 4 {
// CHECK-NEXT: %2 = affine.apply #map2(%arg4)
// CHECK-NEXT: "test.use"(%1, %2) : (index, index) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: %0 = affine.for %arg3 = 0 to 4 iter_args(%arg4 = %cst) -> (f32) {
// CHECK-NEXT: %1 = affine.apply #map3(%arg3)
// CHECK-NEXT: %2 = affine.load %arg2[%1] : memref<?xf32>
// CHECK-NEXT: %3 = arith.addf %arg4, %2 : f32
// CHECK-NEXT: affine.yield %3 : f32
// CHECK-NEXT: }
// CHECK-NEXT: affine.parallel (%arg3, %arg4) = (0, 0) to (4, (symbol(%arg1) - symbol(%arg0)) ceildiv 3) {
// CHECK-NEXT: %1 = affine.apply #map4(%arg0, %arg3)
// CHECK-NEXT: %2 = affine.apply #map5(%arg0, %arg4)
// CHECK-NEXT: "test.use"(%1, %2) : (index, index) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: affine.for %arg3 = 0 to 1 {
// CHECK-NEXT: %1 = affine.apply #map6(%arg3)
// CHECK-NEXT: "test.use"(%1) : (index) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : f32
// CHECK-NEXT: }
// CHECK-NEXT: }

// PROMOTE: #map = affine_map<()[s0, s1] -> (16, (s0 - s1) ceildiv 4)>
// PROMOTE-NEXT: #map1 = affine_map<(d0)[s0] -> (d0 * 4 + s0)>
// PROMOTE-NEXT: #map2 = affine_map<(d0) -> (d0 * 5 + 3)>
// PROMOTE-NEXT: #map3 = affine_map<(d0) -> (d0 * 2 + 2)>
// PROMOTE-NEXT: #map4 = affine_map<(d0, d1) -> (d1 * 2 + 1)>
// PROMOTE-NEXT: #map5 = affine_map<(d0, d1) -> (d0 + d1 * 3)>
// PROMOTE-NEXT: module {
// PROMOTE-NEXT: func.func @loops(%arg0: index, %arg1: index, %arg2: memref<?xf32>) -> f32 {
// PROMOTE-NEXT: %c5 = arith.constant 5 : index
// PROMOTE-NEXT: %cst = arith.constant 0.000000e+00 : f32
// PROMOTE-NEXT: affine.for %arg3 = 0 to min #map()[%arg1, %arg0] {
// PROMOTE-NEXT: %1 = affine.apply #map1(%arg3)[%arg0]
// PROMOTE-NEXT: affine.for %arg4 = 0 to 4 {
// PROMOTE-NEXT: %2 = affine.apply #map2(%arg4)
// PROMOTE-NEXT: "test.use"(%1, %2) : (index, index) -> ()
// PROMOTE-NEXT: }
// PROMOTE-NEXT: }
// PROMOTE-NEXT: %0 = affine.for %arg3 = 0 to 4 iter_args(%arg4 = %cst) -> (f32) {
// PROMOTE-NEXT: %1 = affine.apply #map3(%arg3)
// PROMOTE-NEXT: %2 = affine.load %arg2[%1] : memref<?xf32>
// PROMOTE-NEXT: %3 = arith.addf %arg4, %2 : f32
// PROMOTE-NEXT: affine.yield %3 : f32
// PROMOTE-NEXT: }
// PROMOTE-NEXT: affine.parallel (%arg3, %arg4) = (0, 0) to (4, (symbol(%arg1) - symbol(%arg0)) ceildiv 3) {
// PROMOTE-NEXT: %1 = affine.apply #map4(%arg0, %arg3)
// PROMOTE-NEXT: %2 = affine.apply #map5(%arg0, %arg4)
// PROMOTE-NEXT: "test.use"(%1, %2) : (index, index) -> ()
// PROMOTE-NEXT: }
// PROMOTE-NEXT: "test.use"(%c5) : (index) -> ()
// PROMOTE-NEXT: return %0 : f32
// PROMOTE-NEXT: }
// PROMOTE-NEXT: }
