// RUN: lamina-opt --allow-unregistered-dialect %s -scf-for-loop-canonicalization | FileCheck %s
//
// scf-for-loop-canonicalization: affine.min/affine.max of scf.for/scf.parallel/scf.forall induction variables replaced by the single bound the loop ranges prove.
// The checks are mlir-opt 22's output on this input (generated from its output, not edited by hand).

// CHECK: #map = affine_map<(d0) -> (d0 - 2)>
// CHECK-NEXT: #map1 = affine_map<(d0)[s0] -> (4, -d0 + s0)>
// CHECK-NEXT: #map2 = affine_map<(d0, d1) -> (d0 + d1)>
// CHECK-NEXT: module {
// CHECK-LABEL: func.func @min_in_for
// CHECK-SAME: (%arg0: memref<i64>) {
// CHECK-NEXT: %c3_i64 = arith.constant 3 : i64
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: %c9 = arith.constant 9 : index
// CHECK-NEXT: scf.for %arg1 = %c0 to %c9 step %c3 {
// CHECK-NEXT: memref.store %c3_i64, %arg0[] : memref<i64>
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @max_in_parallel
// CHECK-SAME: (%arg0: memref<index>) {
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c10 = arith.constant 10 : index
// CHECK-NEXT: scf.parallel (%arg1) = (%c2) to (%c10) step (%c4) {
// CHECK-NEXT: %0 = affine.apply #map(%arg1)
// CHECK-NEXT: memref.store %0, %arg0[] : memref<index>
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @not_simplified
// CHECK-SAME: (%arg0: memref<index>, %arg1: index) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: scf.for %arg2 = %c0 to %arg1 step %c4 {
// CHECK-NEXT: %0 = affine.min #map1(%arg2)[%arg1]
// CHECK-NEXT: memref.store %0, %arg0[] : memref<index>
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @min_in_forall
// CHECK-SAME: (%arg0: memref<index>) {
// CHECK-NEXT: %c3 = arith.constant 3 : index
// CHECK-NEXT: scf.forall (%arg1, %arg2) = (0, 1) to (%c3, 7) step (1, 3) {
// CHECK-NEXT: %0 = affine.apply #map2(%arg1, %arg2)
// CHECK-NEXT: memref.store %0, %arg0[] : memref<index>
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }

func.func @min_in_for(%A: memref<i64>) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c9 = arith.constant 9 : index
  scf.for %i = %c0 to %c9 step %c3 {
    %m = affine.min affine_map<(d0) -> (3, 9 - d0)>(%i)
    %c = arith.index_cast %m : index to i64
    memref.store %c, %A[] : memref<i64>
  }
  return
}

func.func @max_in_parallel(%A: memref<index>) {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c10 = arith.constant 10 : index
  scf.parallel (%i) = (%c2) to (%c10) step (%c4) {
    %m = affine.max affine_map<(d0) -> (d0 - 2, 0)>(%i)
    memref.store %m, %A[] : memref<index>
  }
  return
}

func.func @not_simplified(%A: memref<index>, %n: index) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %n step %c4 {
    %m = affine.min affine_map<(d0)[s0] -> (4, s0 - d0)>(%i)[%n]
    memref.store %m, %A[] : memref<index>
  }
  return
}

func.func @min_in_forall(%A: memref<index>) {
  %c3 = arith.constant 3 : index
  scf.forall (%i, %j) = (0, 1) to (%c3, 7) step (1, 3) {
    %m = affine.min affine_map<(d0, d1) -> (d0 + d1, 10)>(%i, %j)
    memref.store %m, %A[] : memref<index>
  }
  return
}
