// RUN: lamina-opt --allow-unregistered-dialect %s -test-affine-parametric-tile | FileCheck %s
//
// test-affine-parametric-tile: tiling by the function's leading index arguments, with constant and symbolic upper bounds, a non-zero lower bound and a step.
// The checks are mlir-opt 22's output on this input (generated from its output, not edited by hand).

// CHECK: #map = affine_map<()[s0] -> (98 ceildiv s0 + 2)>
// CHECK-NEXT: #map1 = affine_map<()[s0, s1] -> (s0 ceildiv s1)>
// CHECK-NEXT: #map2 = affine_map<(d0)[s0] -> ((d0 - 2) * s0 + 2)>
// CHECK-NEXT: #map3 = affine_map<(d0)[s0] -> ((d0 - 2) * s0 + s0 * 2 + 2, 100)>
// CHECK-NEXT: #map4 = affine_map<(d0)[s0] -> (d0 * s0)>
// CHECK-NEXT: #map5 = affine_map<(d0)[s0, s1] -> (d0 * s1 + s1, s0)>
// CHECK-NEXT: module {
// CHECK-LABEL: func.func @parametric
// CHECK-SAME: (%arg0: index, %arg1: index, %arg2: index) {
// CHECK-NEXT: affine.for %arg3 = 2 to #map()[%arg0] step 2 {
// CHECK-NEXT: affine.for %arg4 = 0 to #map1()[%arg2, %arg1] {
// CHECK-NEXT: affine.for %arg5 = #map2(%arg3)[%arg0] to min #map3(%arg3)[%arg0] step 2 {
// CHECK-NEXT: affine.for %arg6 = #map4(%arg4)[%arg1] to min #map5(%arg4)[%arg2, %arg1] {
// CHECK-NEXT: "body"(%arg5, %arg6) : (index, index) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }

func.func @parametric(%t0: index, %t1: index, %n: index) {
  affine.for %i = 2 to 100 step 2 {
    affine.for %j = 0 to %n {
      "body"(%i, %j) : (index, index) -> ()
    }
  }
  return
}
