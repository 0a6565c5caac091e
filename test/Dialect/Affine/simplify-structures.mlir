// RUN: lamina-opt --allow-unregistered-dialect %s -affine-simplify-structures | FileCheck %s
//
// affine-simplify-structures: sets proved empty by the GCD test and by Fourier-Motzkin elimination, redundant constraints dropped, maps simplified.
// The checks are mlir-opt 22's output on this input (generated from its output, not edited by hand).

// CHECK: #map = affine_map<()[s0] -> (s0 * 2)>
// CHECK-NEXT: #set = affine_set<()[s0] : (s0 - 1 >= 0, -s0 + 20 >= 0)>
// CHECK-NEXT: module {
// CHECK-LABEL: func.func private @ext
// CHECK-SAME: ()
// CHECK-LABEL: func.func @sets
// CHECK-SAME: (%arg0: index, %arg1: index) {
// CHECK-NEXT: affine.if #set()[%arg0] {
// CHECK-NEXT: func.call @ext() : () -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @maps
// CHECK-SAME: (%arg0: index) -> index {
// CHECK-NEXT: %0 = affine.apply #map()[%arg0]
// CHECK-NEXT: affine.for %arg1 = 0 to #map()[%arg0] {
// CHECK-NEXT: "test.use"(%arg1) : (index) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : index
// CHECK-NEXT: }
// CHECK-NEXT: }

func.func private @ext() -> ()

func.func @sets(%a: index, %b: index) {
  affine.if affine_set<(d0, d1) : (d0 * 3 - 3 >= 0, d0 - 1 >= 0, 5 >= 0, -d0 + 20 >= 0, -d0 + 40 >= 0)>(%a, %b) {
    func.call @ext() : () -> ()
  }
  affine.if affine_set<(d0) : (d0 * 2 - 1 == 0)>(%a) {
    func.call @ext() : () -> ()
  }
  affine.if affine_set<(d0, d1) : (d0 - d1 >= 0, d1 - d0 - 1 >= 0)>(%a, %b) {
    func.call @ext() : () -> ()
  }
  return
}

func.func @maps(%n: index) -> index {
  %0 = affine.apply affine_map<(d0, d1) -> (d0 * 2 + d1 - d0)>(%n, %n)
  affine.for %i = 0 to affine_map<(d0) -> (d0 + d0)>(%n) {
    "test.use"(%i) : (index) -> ()
  }
  return %0 : index
}
