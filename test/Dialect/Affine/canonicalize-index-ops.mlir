// Folders and canonicalization patterns of affine.delinearize_index and
// affine.linearize_index. The CHECK lines are mlir-opt's output, generated
// by utils/update-mlir-checks.py.
// RUN: lamina-opt -allow-unregistered-dialect -canonicalize=test-convergence %s | FileCheck %s
// GEN: -allow-unregistered-dialect -canonicalize=test-convergence
// CHECK: module {
// CHECK-NEXT:   func.func @delinearize_fold(%arg0: index, %arg1: index) -> (index, index, index, index, index, index) {
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c2 = arith.constant 2 : index
// CHECK-NEXT:     %0:2 = affine.delinearize_index %arg0 into (4, %arg1) : index, index
// CHECK-NEXT:     return %c1, %c2, %c2, %0#0, %0#1, %arg0 : index, index, index, index, index, index
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @delinearize_unit_basis(%arg0: index, %arg1: index) -> (index, index, index, index) {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %0:2 = affine.delinearize_index %arg0 into (%arg1, 8) : index, index
// CHECK-NEXT:     return %c0, %0#0, %c0, %0#1 : index, index, index, index
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @delinearize_unit_basis_all(%arg0: index) -> (index, index) {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     return %c0, %c0 : index, index
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @linearize_fold(%arg0: index, %arg1: index, %arg2: index) -> (index, index, index, index) {
// CHECK-NEXT:     %c13 = arith.constant 13 : index
// CHECK-NEXT:     %c45 = arith.constant 45 : index
// CHECK-NEXT:     %0 = affine.linearize_index [%arg0, %arg1] by (3, %arg2) : index
// CHECK-NEXT:     return %c45, %0, %arg0, %c13 : index, index, index, index
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @linearize_drop(%arg0: index, %arg1: index, %arg2: index) -> (index, index, index) {
// CHECK-NEXT:     %0 = affine.linearize_index disjoint [%arg0, %arg2] by (4, 8) : index
// CHECK-NEXT:     %1 = affine.linearize_index [%arg0, %arg2] by (4, 8) : index
// CHECK-NEXT:     %2 = affine.linearize_index [%arg1, %arg2] by (3, 8) : index
// CHECK-NEXT:     return %0, %1, %2 : index, index, index
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @cancel_delinearize_linearize(%arg0: index, %arg1: index, %arg2: index) -> (index, index, index, index, index) {
// CHECK-NEXT:     %0 = affine.linearize_index disjoint [%arg0, %arg1] by (5, 3) : index
// CHECK-NEXT:     return %arg0, %arg1, %arg2, %0, %arg2 : index, index, index, index, index
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @split_delinearize(%arg0: index, %arg1: index, %arg2: index) -> (index, index, index, index) {
// CHECK-NEXT:     %0 = affine.linearize_index disjoint [%arg0, %arg1] by (3, 2) : index
// CHECK-NEXT:     %1:2 = affine.delinearize_index %0 into (2, 3) : index, index
// CHECK-NEXT:     %2:2 = affine.delinearize_index %arg2 into (8, 4) : index, index
// CHECK-NEXT:     return %1#0, %1#1, %2#0, %2#1 : index, index, index, index
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @cancel_linearize_delinearize(%arg0: index, %arg1: index) -> (index, index, index) {
// CHECK-NEXT:     %0:2 = affine.delinearize_index %arg0 into (%arg1, 32) : index, index
// CHECK-NEXT:     "test.use"(%0#0) : (index) -> ()
// CHECK-NEXT:     %1:2 = affine.delinearize_index %arg0 into (15, 7) : index, index
// CHECK-NEXT:     %2 = affine.linearize_index disjoint [%1#0, %arg1] by (15, 16) : index
// CHECK-NEXT:     "test.use"(%1#1) : (index) -> ()
// CHECK-NEXT:     return %arg0, %0#1, %2 : index, index, index
// CHECK-NEXT:   }
// CHECK-NEXT: }

func.func @delinearize_fold(%x: index, %b: index) -> (index, index, index, index, index, index) {
  %c22 = arith.constant 22 : index
  %c4 = arith.constant 4 : index
  %0:3 = affine.delinearize_index %c22 into (2, 3, 4) : index, index, index
  %1:2 = affine.delinearize_index %x into (%c4, %b) : index, index
  %2 = affine.delinearize_index %x into (8) : index
  return %0#0, %0#1, %0#2, %1#0, %1#1, %2 : index, index, index, index, index, index
}

func.func @delinearize_unit_basis(%x: index, %b: index) -> (index, index, index, index) {
  %0:4 = affine.delinearize_index %x into (1, %b, 1, 8) : index, index, index, index
  return %0#0, %0#1, %0#2, %0#3 : index, index, index, index
}

func.func @delinearize_unit_basis_all(%x: index) -> (index, index) {
  %0:2 = affine.delinearize_index %x into (1, 1) : index, index
  return %0#0, %0#1 : index, index
}

func.func @linearize_fold(%x: index, %y: index, %b: index) -> (index, index, index, index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %0 = affine.linearize_index [%c1, %c2, %c3] by (4, 5, 6) : index
  %1 = affine.linearize_index [%x, %y] by (%c3, %b) : index
  %2 = affine.linearize_index [%x] by (4) : index
  %3 = affine.linearize_index [%c2, %c3] by (5) : index
  return %0, %1, %2, %3 : index, index, index, index
}

func.func @linearize_drop(%x: index, %y: index, %z: index) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %0 = affine.linearize_index disjoint [%x, %y, %z] by (4, 1, 8) : index
  %1 = affine.linearize_index [%x, %c0, %z] by (4, 1, 8) : index
  %2 = affine.linearize_index [%c0, %y, %z] by (4, 3, 8) : index
  return %0, %1, %2 : index, index, index
}

func.func @cancel_delinearize_linearize(%x: index, %y: index, %z: index) -> (index, index, index, index, index) {
  %0 = affine.linearize_index disjoint [%x, %y, %z] by (2, 3, 4) : index
  %1:3 = affine.delinearize_index %0 into (2, 3, 4) : index, index, index
  %2 = affine.linearize_index disjoint [%x, %y, %z] by (5, 3, 4) : index
  %3:2 = affine.delinearize_index %2 into (15, 4) : index, index
  return %1#0, %1#1, %1#2, %3#0, %3#1 : index, index, index, index, index
}

func.func @split_delinearize(%x: index, %y: index, %z: index) -> (index, index, index, index) {
  %0 = affine.linearize_index disjoint [%x, %y, %z] by (3, 2, 32) : index
  %1:4 = affine.delinearize_index %0 into (2, 3, 8, 4) : index, index, index, index
  return %1#0, %1#1, %1#2, %1#3 : index, index, index, index
}

func.func @cancel_linearize_delinearize(%x: index, %b: index) -> (index, index, index) {
  %0:3 = affine.delinearize_index %x into (2, 4, 8) : index, index, index
  %1 = affine.linearize_index [%0#0, %0#1, %0#2] by (2, 4, 8) : index
  %2:3 = affine.delinearize_index %x into (%b, 4, 8) : index, index, index
  %3 = affine.linearize_index [%2#1, %2#2] by (4, 8) : index
  "test.use"(%2#0) : (index) -> ()
  %4:3 = affine.delinearize_index %x into (3, 5, 7) : index, index, index
  %5 = affine.linearize_index disjoint [%4#0, %4#1, %b] by (3, 5, 16) : index
  "test.use"(%4#2) : (index) -> ()
  return %1, %3, %5 : index, index, index
}
