// int-range-optimizations: integer range analysis (arith ops, loop induction
// variables, branches and calls), then values whose range is one value become
// constants and remainders below their modulus go away; the greedy driver
// folds and merges blocks as it goes.
// Check lines: utils/update-mlir-checks.py.
// RUN: lamina-opt --allow-unregistered-dialect -int-range-optimizations < %s | FileCheck %s

func.func @arith(%a: i32, %b: index) -> (i1, i1, i32, index, i8) {
  %c0 = arith.constant 0 : i32
  %c10 = arith.constant 10 : i32
  %c100 = arith.constant 100 : index
  %0 = arith.maxsi %a, %c0 : i32
  %1 = arith.minsi %0, %c10 : i32
  %2 = arith.cmpi sge, %1, %c0 : i32
  %3 = arith.muli %1, %1 : i32
  %4 = arith.cmpi ult, %3, %c10 : i32
  %5 = arith.remsi %1, %c10 : i32
  %6 = arith.remui %b, %c100 : index
  %7 = arith.remui %6, %c100 : index
  %8 = arith.trunci %1 : i32 to i8
  %9 = arith.andi %8, %8 : i8
  return %2, %4, %5, %7, %9 : i1, i1, i32, index, i8
}

func.func @loops(%n: index, %m: memref<10xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  scf.for %i = %c0 to %c10 step %c1 {
    %lt = arith.cmpi ult, %i, %c10 : index
    %ge = arith.cmpi sge, %i, %n : index
    "foo.use"(%lt, %ge) : (i1, i1) -> ()
  }
  affine.for %j = 2 to 8 {
    %k = arith.index_cast %j : index to i32
    %c = arith.constant 8 : i32
    %lt = arith.cmpi slt, %k, %c : i32
    "foo.use"(%lt) : (i1) -> ()
  }
  return
}

func.func @branches(%a: i32) -> i32 {
  %c5 = arith.constant 5 : i32
  %m = arith.maxsi %a, %c5 : i32
  %r = arith.cmpi sge, %m, %c5 : i32
  cf.cond_br %r, ^bb1, ^bb2
^bb1:
  return %m : i32
^bb2:
  %c6 = arith.constant 6 : i32
  %m2 = arith.maxsi %a, %c6 : i32
  %r2 = arith.minsi %m2, %c6 : i32
  return %r2 : i32
}

func.func @selects(%cond: i1, %a: i32) -> (i32, i1) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %s = arith.select %cond, %c1, %c2 : i32
  %lt = arith.cmpi slt, %s, %c2 : i32
  %c3 = arith.constant 3 : i32
  %le = arith.cmpi sle, %s, %c3 : i32
  return %s, %le : i32, i1
}

// GEN: --allow-unregistered-dialect -int-range-optimizations
// CHECK: module {
// CHECK-NEXT:   func.func @arith(%arg0: i32, %arg1: index) -> (i1, i1, i32, index, i8) {
// CHECK-NEXT:     %true = arith.constant true
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     %c10_i32 = arith.constant 10 : i32
// CHECK-NEXT:     %c100 = arith.constant 100 : index
// CHECK-NEXT:     %0 = arith.maxsi %arg0, %c0_i32 : i32
// CHECK-NEXT:     %1 = arith.minsi %0, %c10_i32 : i32
// CHECK-NEXT:     %2 = arith.muli %1, %1 : i32
// CHECK-NEXT:     %3 = arith.cmpi ult, %2, %c10_i32 : i32
// CHECK-NEXT:     %4 = arith.remsi %1, %c10_i32 : i32
// CHECK-NEXT:     %5 = arith.remui %arg1, %c100 : index
// CHECK-NEXT:     %6 = arith.trunci %1 : i32 to i8
// CHECK-NEXT:     return %true, %3, %4, %5, %6 : i1, i1, i32, index, i8
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @loops(%arg0: index, %arg1: memref<10xi32>) {
// CHECK-NEXT:     %true = arith.constant true
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c10 = arith.constant 10 : index
// CHECK-NEXT:     scf.for %arg2 = %c0 to %c10 step %c1 {
// CHECK-NEXT:       %0 = arith.cmpi sge, %arg2, %arg0 : index
// CHECK-NEXT:       "foo.use"(%true, %0) : (i1, i1) -> ()
// CHECK-NEXT:     }
// CHECK-NEXT:     affine.for %arg2 = 2 to 8 {
// CHECK-NEXT:       "foo.use"(%true) : (i1) -> ()
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @branches(%arg0: i32) -> i32 {
// CHECK-NEXT:     %c6_i32 = arith.constant 6 : i32
// CHECK-NEXT:     %true = arith.constant true
// CHECK-NEXT:     %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT:     %0 = arith.maxsi %arg0, %c5_i32 : i32
// CHECK-NEXT:     cf.cond_br %true, ^bb1(%0 : i32), ^bb1(%c6_i32 : i32)
// CHECK-NEXT:   ^bb1(%1: i32):  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT:     return %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @selects(%arg0: i1, %arg1: i32) -> (i32, i1) {
// CHECK-NEXT:     %true = arith.constant true
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     %0 = arith.select %arg0, %c1_i32, %c2_i32 : i32
// CHECK-NEXT:     return %0, %true : i32, i1
// CHECK-NEXT:   }
// CHECK-NEXT: }
