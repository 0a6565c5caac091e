// remove-dead-values: liveness analysis, then non-live function arguments
// and results, effect-free ops with non-live results, region branch operands
// reaching only non-live inputs (ub.poison, then the region branch
// canonicalization patterns) and non-live successor operands go away.
// Check lines: utils/update-mlir-checks.py.
// RUN: lamina-opt --allow-unregistered-dialect -remove-dead-values < %s | FileCheck %s
// RUN: lamina-opt --allow-unregistered-dialect -remove-dead-values=canonicalize=false < %s | FileCheck %s --check-prefix=NOCANON

func.func private @helper(%a: i32, %b: i32, %m: memref<i32>) -> (i32, i32) {
  %0 = arith.addi %a, %a : i32
  %1 = arith.muli %b, %b : i32
  memref.store %1, %m[] : memref<i32>
  return %0, %1 : i32, i32
}

func.func @main(%x: i32, %m: memref<i32>) -> i32 {
  %0:2 = call @helper(%x, %x, %m) : (i32, i32, memref<i32>) -> (i32, i32)
  %dead = arith.subi %x, %x : i32
  return %0#0 : i32
}

func.func @loops(%n: index, %x: i32, %cond: i1) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %x) -> (i32, i32) {
    %s = arith.addi %a, %a : i32
    %t = arith.muli %b, %b : i32
    scf.yield %s, %t : i32, i32
  }
  %1:2 = scf.if %cond -> (i32, i32) {
    scf.yield %x, %0#0 : i32, i32
  } else {
    scf.yield %0#0, %x : i32, i32
  }
  %2 = scf.if %cond -> i32 {
    %u = arith.addi %x, %x : i32
    scf.yield %u : i32
  } else {
    scf.yield %x : i32
  }
  return %1#1 : i32
}

func.func @effects(%m: memref<i32>, %cond: i1, %x: i32) {
  %0 = scf.if %cond -> i32 {
    memref.store %x, %m[] : memref<i32>
    scf.yield %x : i32
  } else {
    scf.yield %x : i32
  }
  %1 = "foo.unknown"(%x) : (i32) -> i32
  return
}

func.func @branches(%cond: i1, %x: i32, %y: i32) -> i32 {
  %0 = arith.addi %x, %y : i32
  cf.cond_br %cond, ^bb1(%x, %0 : i32, i32), ^bb2(%y : i32)
^bb1(%a: i32, %b: i32):
  cf.br ^bb2(%a : i32)
^bb2(%c: i32):
  return %c : i32
}

// GEN: --allow-unregistered-dialect -remove-dead-values
// CHECK: module {
// CHECK-NEXT:   func.func private @helper(%arg0: i32, %arg1: i32, %arg2: memref<i32>) -> i32 {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:     %1 = arith.muli %arg1, %arg1 : i32
// CHECK-NEXT:     memref.store %1, %arg2[] : memref<i32>
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @main(%arg0: i32, %arg1: memref<i32>) -> i32 {
// CHECK-NEXT:     %0 = call @helper(%arg0, %arg0, %arg1) : (i32, i32, memref<i32>) -> i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @loops(%arg0: index, %arg1: i32, %arg2: i1) -> i32 {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %0 = ub.poison : i32
// CHECK-NEXT:     %1 = scf.for %arg3 = %c0 to %arg0 step %c1 iter_args(%arg4 = %arg1) -> (i32) {
// CHECK-NEXT:       %3 = arith.addi %arg4, %arg4 : i32
// CHECK-NEXT:       %4 = ub.poison : i32
// CHECK-NEXT:       scf.yield %3 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     %2 = arith.select %arg2, %1, %arg1 : i32
// CHECK-NEXT:     return %2 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @effects(%arg0: memref<i32>, %arg1: i1, %arg2: i32) {
// CHECK-NEXT:     scf.if %arg1 {
// CHECK-NEXT:       memref.store %arg2, %arg0[] : memref<i32>
// CHECK-NEXT:       %1 = ub.poison : i32
// CHECK-NEXT:     } else {
// CHECK-NEXT:       %1 = ub.poison : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     %0 = "foo.unknown"(%arg2) : (i32) -> i32
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @branches(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT:     cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2(%arg2 : i32)
// CHECK-NEXT:   ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT:     cf.br ^bb2(%0 : i32)
// CHECK-NEXT:   ^bb2(%1: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:     return %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
// GEN-NOCANON: --allow-unregistered-dialect -remove-dead-values=canonicalize=false
// NOCANON: module {
// NOCANON-NEXT:   func.func private @helper(%arg0: i32, %arg1: i32, %arg2: memref<i32>) -> i32 {
// NOCANON-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// NOCANON-NEXT:     %1 = arith.muli %arg1, %arg1 : i32
// NOCANON-NEXT:     memref.store %1, %arg2[] : memref<i32>
// NOCANON-NEXT:     return %0 : i32
// NOCANON-NEXT:   }
// NOCANON-NEXT:   func.func @main(%arg0: i32, %arg1: memref<i32>) -> i32 {
// NOCANON-NEXT:     %0 = call @helper(%arg0, %arg0, %arg1) : (i32, i32, memref<i32>) -> i32
// NOCANON-NEXT:     return %0 : i32
// NOCANON-NEXT:   }
// NOCANON-NEXT:   func.func @loops(%arg0: index, %arg1: i32, %arg2: i1) -> i32 {
// NOCANON-NEXT:     %c0 = arith.constant 0 : index
// NOCANON-NEXT:     %c1 = arith.constant 1 : index
// NOCANON-NEXT:     %0 = ub.poison : i32
// NOCANON-NEXT:     %1:2 = scf.for %arg3 = %c0 to %arg0 step %c1 iter_args(%arg4 = %arg1, %arg5 = %0) -> (i32, i32) {
// NOCANON-NEXT:       %3 = arith.addi %arg4, %arg4 : i32
// NOCANON-NEXT:       %4 = ub.poison : i32
// NOCANON-NEXT:       scf.yield %3, %4 : i32, i32
// NOCANON-NEXT:     }
// NOCANON-NEXT:     %2:2 = scf.if %arg2 -> (i32, i32) {
// NOCANON-NEXT:       %3 = ub.poison : i32
// NOCANON-NEXT:       scf.yield %3, %1#0 : i32, i32
// NOCANON-NEXT:     } else {
// NOCANON-NEXT:       %3 = ub.poison : i32
// NOCANON-NEXT:       scf.yield %3, %arg1 : i32, i32
// NOCANON-NEXT:     }
// NOCANON-NEXT:     return %2#1 : i32
// NOCANON-NEXT:   }
// NOCANON-NEXT:   func.func @effects(%arg0: memref<i32>, %arg1: i1, %arg2: i32) {
// NOCANON-NEXT:     %0 = scf.if %arg1 -> (i32) {
// NOCANON-NEXT:       memref.store %arg2, %arg0[] : memref<i32>
// NOCANON-NEXT:       %2 = ub.poison : i32
// NOCANON-NEXT:       scf.yield %2 : i32
// NOCANON-NEXT:     } else {
// NOCANON-NEXT:       %2 = ub.poison : i32
// NOCANON-NEXT:       scf.yield %2 : i32
// NOCANON-NEXT:     }
// NOCANON-NEXT:     %1 = "foo.unknown"(%arg2) : (i32) -> i32
// NOCANON-NEXT:     return
// NOCANON-NEXT:   }
// NOCANON-NEXT:   func.func @branches(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// NOCANON-NEXT:     cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2(%arg2 : i32)
// NOCANON-NEXT:   ^bb1(%0: i32):  // pred: ^bb0
// NOCANON-NEXT:     cf.br ^bb2(%0 : i32)
// NOCANON-NEXT:   ^bb2(%1: i32):  // 2 preds: ^bb0, ^bb1
// NOCANON-NEXT:     return %1 : i32
// NOCANON-NEXT:   }
// NOCANON-NEXT: }
