// RUN: lamina-opt --allow-unregistered-dialect %s -test-loop-permutation=permutation-map=2,0,1 | FileCheck %s
//
// test-loop-permutation: loop i of a three-deep perfect nest moves to depth permutation-map[i], bounds and body with it; nests of another depth stay.
// The checks are mlir-opt 22's output on this input (generated from its output, not edited by hand).

// CHECK: module {
// CHECK-LABEL: func.func @permute_3d
// CHECK-SAME: (%arg0: index) {
// CHECK-NEXT: "before"() : () -> ()
// CHECK-NEXT: affine.for %arg1 = 0 to 20 {
// CHECK-NEXT: affine.for %arg2 = 0 to %arg0 {
// CHECK-NEXT: affine.for %arg3 = 0 to 10 {
// CHECK-NEXT: "body"(%arg3, %arg1, %arg2) : (index, index, index) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: affine.for %arg1 = 0 to 5 {
// CHECK-NEXT: "not_permuted"(%arg1) : (index) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }

func.func @permute_3d(%n: index) {
  "before"() : () -> ()
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 20 {
      affine.for %k = 0 to %n {
        "body"(%i, %j, %k) : (index, index, index) -> ()
      }
    }
  }
  affine.for %x = 0 to 5 {
    "not_permuted"(%x) : (index) -> ()
  }
  return
}
