// sccp: dead code analysis with sparse constant propagation, then constants
// materialized at the start of their insertion region for every value found
// constant (block arguments, region results, call results across the call
// graph), and ops left trivially dead erased.
// Check lines: utils/update-mlir-checks.py.
// RUN: lamina-opt --allow-unregistered-dialect -sccp < %s | FileCheck %s
// RUN: lamina-opt --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(sccp))' < %s | FileCheck %s --check-prefix=FUNC

func.func private @callee(%a: i32, %b: i32) -> (i32, i32) {
  %0 = arith.addi %a, %b : i32
  return %0, %a : i32, i32
}

func.func @calls() -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0:2 = call @callee(%c1, %c2) : (i32, i32) -> (i32, i32)
  %1:2 = call @callee(%c1, %c1) : (i32, i32) -> (i32, i32)
  return %0#1, %1#0 : i32, i32
}

func.func @branches(%cond: i1, %x: i32) -> i32 {
  %true = arith.constant true
  %c5 = arith.constant 5 : i32
  %c6 = arith.constant 6 : i32
  cf.cond_br %true, ^bb1(%c5 : i32), ^bb2(%x : i32)
^bb1(%a: i32):
  %s = arith.muli %a, %c6 : i32
  cf.cond_br %cond, ^bb3(%s : i32), ^bb3(%s : i32)
^bb2(%b: i32):
  cf.br ^bb3(%b : i32)
^bb3(%r: i32):
  return %r : i32
}

func.func @switch(%x: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  %c7 = arith.constant 7 : i32
  cf.switch %c3 : i32, [
    default: ^bb1(%x : i32),
    3: ^bb2(%c7 : i32)
  ]
^bb1(%a: i32):
  return %a : i32
^bb2(%b: i32):
  %d = arith.subi %b, %c3 : i32
  return %d : i32
}

func.func @regions(%n: index, %cond: i1) -> (i32, i32, i32, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : i32
  %false = arith.constant false
  %0 = scf.if %false -> i32 {
    %t = arith.addi %c4, %c4 : i32
    scf.yield %t : i32
  } else {
    %e = arith.muli %c4, %c4 : i32
    scf.yield %e : i32
  }
  %1 = scf.if %cond -> i32 {
    scf.yield %c4 : i32
  } else {
    scf.yield %c4 : i32
  }
  %2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c4) -> i32 {
    %k = arith.addi %acc, %c4 : i32
    %j = arith.subi %k, %c4 : i32
    scf.yield %j : i32
  }
  %3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> index {
    %k = arith.addi %acc, %i : index
    scf.yield %k : index
  }
  return %0, %1, %2, %3 : i32, i32, i32, index
}

func.func @while_loop(%cond: i1) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = scf.while (%a = %c1) : (i32) -> i32 {
    scf.condition(%cond) %a : i32
  } do {
  ^bb0(%b: i32):
    %m = arith.muli %b, %c1 : i32
    scf.yield %m : i32
  }
  return %0 : i32
}

func.func @unknown_ops() -> (i32, i32) {
  %c2 = arith.constant 2 : i32
  %0 = "foo.op"(%c2) : (i32) -> i32
  %1 = arith.addi %0, %c2 : i32
  %2 = arith.addi %c2, %c2 : i32
  "foo.use"(%1, %2) : (i32, i32) -> ()
  return %1, %2 : i32, i32
}

// GEN: --allow-unregistered-dialect -sccp
// CHECK: module {
// CHECK-NEXT:   func.func private @callee(%arg0: i32, %arg1: i32) -> (i32, i32) {
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %0 = arith.addi %c1_i32, %arg1 : i32
// CHECK-NEXT:     return %0, %c1_i32 : i32, i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @calls() -> (i32, i32) {
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %0:2 = call @callee(%c1_i32, %c2_i32) : (i32, i32) -> (i32, i32)
// CHECK-NEXT:     %1:2 = call @callee(%c1_i32, %c1_i32) : (i32, i32) -> (i32, i32)
// CHECK-NEXT:     return %c1_i32, %1#0 : i32, i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @branches(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT:     %c30_i32 = arith.constant 30 : i32
// CHECK-NEXT:     %c6_i32 = arith.constant 6 : i32
// CHECK-NEXT:     %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT:     %true = arith.constant true
// CHECK-NEXT:     cf.cond_br %true, ^bb1(%c5_i32 : i32), ^bb2(%arg1 : i32)
// CHECK-NEXT:   ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT:     cf.cond_br %arg0, ^bb3(%c30_i32 : i32), ^bb3(%c30_i32 : i32)
// CHECK-NEXT:   ^bb2(%1: i32):  // pred: ^bb0
// CHECK-NEXT:     cf.br ^bb3(%1 : i32)
// CHECK-NEXT:   ^bb3(%2: i32):  // 3 preds: ^bb1, ^bb1, ^bb2
// CHECK-NEXT:     return %c30_i32 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @switch(%arg0: i32) -> i32 {
// CHECK-NEXT:     %c4_i32 = arith.constant 4 : i32
// CHECK-NEXT:     %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT:     %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:     cf.switch %c3_i32 : i32, [
// CHECK-NEXT:       default: ^bb1(%arg0 : i32),
// CHECK-NEXT:       3: ^bb2(%c7_i32 : i32)
// CHECK-NEXT:     ]
// CHECK-NEXT:   ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   ^bb2(%1: i32):  // pred: ^bb0
// CHECK-NEXT:     return %c4_i32 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @regions(%arg0: index, %arg1: i1) -> (i32, i32, i32, index) {
// CHECK-NEXT:     %c16_i32 = arith.constant 16 : i32
// CHECK-NEXT:     %false = arith.constant false
// CHECK-NEXT:     %c4_i32 = arith.constant 4 : i32
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %0 = scf.for %arg2 = %c0 to %arg0 step %c1 iter_args(%arg3 = %c0) -> (index) {
// CHECK-NEXT:       %1 = arith.addi %arg3, %arg2 : index
// CHECK-NEXT:       scf.yield %1 : index
// CHECK-NEXT:     }
// CHECK-NEXT:     return %c16_i32, %c4_i32, %c4_i32, %0 : i32, i32, i32, index
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @while_loop(%arg0: i1) -> i32 {
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     return %c1_i32 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @unknown_ops() -> (i32, i32) {
// CHECK-NEXT:     %c4_i32 = arith.constant 4 : i32
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     %0 = "foo.op"(%c2_i32) : (i32) -> i32
// CHECK-NEXT:     %1 = arith.addi %0, %c2_i32 : i32
// CHECK-NEXT:     "foo.use"(%1, %c4_i32) : (i32, i32) -> ()
// CHECK-NEXT:     return %1, %c4_i32 : i32, i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
// GEN-FUNC: --allow-unregistered-dialect --pass-pipeline=builtin.module(func.func(sccp))
// FUNC: module {
// FUNC-NEXT:   func.func private @callee(%arg0: i32, %arg1: i32) -> (i32, i32) {
// FUNC-NEXT:     %0 = arith.addi %arg0, %arg1 : i32
// FUNC-NEXT:     return %0, %arg0 : i32, i32
// FUNC-NEXT:   }
// FUNC-NEXT:   func.func @calls() -> (i32, i32) {
// FUNC-NEXT:     %c2_i32 = arith.constant 2 : i32
// FUNC-NEXT:     %c1_i32 = arith.constant 1 : i32
// FUNC-NEXT:     %0:2 = call @callee(%c1_i32, %c2_i32) : (i32, i32) -> (i32, i32)
// FUNC-NEXT:     %1:2 = call @callee(%c1_i32, %c1_i32) : (i32, i32) -> (i32, i32)
// FUNC-NEXT:     return %0#1, %1#0 : i32, i32
// FUNC-NEXT:   }
// FUNC-NEXT:   func.func @branches(%arg0: i1, %arg1: i32) -> i32 {
// FUNC-NEXT:     %c30_i32 = arith.constant 30 : i32
// FUNC-NEXT:     %c6_i32 = arith.constant 6 : i32
// FUNC-NEXT:     %c5_i32 = arith.constant 5 : i32
// FUNC-NEXT:     %true = arith.constant true
// FUNC-NEXT:     cf.cond_br %true, ^bb1(%c5_i32 : i32), ^bb2(%arg1 : i32)
// FUNC-NEXT:   ^bb1(%0: i32):  // pred: ^bb0
// FUNC-NEXT:     cf.cond_br %arg0, ^bb3(%c30_i32 : i32), ^bb3(%c30_i32 : i32)
// FUNC-NEXT:   ^bb2(%1: i32):  // pred: ^bb0
// FUNC-NEXT:     cf.br ^bb3(%1 : i32)
// FUNC-NEXT:   ^bb3(%2: i32):  // 3 preds: ^bb1, ^bb1, ^bb2
// FUNC-NEXT:     return %c30_i32 : i32
// FUNC-NEXT:   }
// FUNC-NEXT:   func.func @switch(%arg0: i32) -> i32 {
// FUNC-NEXT:     %c4_i32 = arith.constant 4 : i32
// FUNC-NEXT:     %c7_i32 = arith.constant 7 : i32
// FUNC-NEXT:     %c3_i32 = arith.constant 3 : i32
// FUNC-NEXT:     cf.switch %c3_i32 : i32, [
// FUNC-NEXT:       default: ^bb1(%arg0 : i32),
// FUNC-NEXT:       3: ^bb2(%c7_i32 : i32)
// FUNC-NEXT:     ]
// FUNC-NEXT:   ^bb1(%0: i32):  // pred: ^bb0
// FUNC-NEXT:     return %0 : i32
// FUNC-NEXT:   ^bb2(%1: i32):  // pred: ^bb0
// FUNC-NEXT:     return %c4_i32 : i32
// FUNC-NEXT:   }
// FUNC-NEXT:   func.func @regions(%arg0: index, %arg1: i1) -> (i32, i32, i32, index) {
// FUNC-NEXT:     %c16_i32 = arith.constant 16 : i32
// FUNC-NEXT:     %false = arith.constant false
// FUNC-NEXT:     %c4_i32 = arith.constant 4 : i32
// FUNC-NEXT:     %c1 = arith.constant 1 : index
// FUNC-NEXT:     %c0 = arith.constant 0 : index
// FUNC-NEXT:     %0 = scf.for %arg2 = %c0 to %arg0 step %c1 iter_args(%arg3 = %c0) -> (index) {
// FUNC-NEXT:       %1 = arith.addi %arg3, %arg2 : index
// FUNC-NEXT:       scf.yield %1 : index
// FUNC-NEXT:     }
// FUNC-NEXT:     return %c16_i32, %c4_i32, %c4_i32, %0 : i32, i32, i32, index
// FUNC-NEXT:   }
// FUNC-NEXT:   func.func @while_loop(%arg0: i1) -> i32 {
// FUNC-NEXT:     %c1_i32 = arith.constant 1 : i32
// FUNC-NEXT:     return %c1_i32 : i32
// FUNC-NEXT:   }
// FUNC-NEXT:   func.func @unknown_ops() -> (i32, i32) {
// FUNC-NEXT:     %c4_i32 = arith.constant 4 : i32
// FUNC-NEXT:     %c2_i32 = arith.constant 2 : i32
// FUNC-NEXT:     %0 = "foo.op"(%c2_i32) : (i32) -> i32
// FUNC-NEXT:     %1 = arith.addi %0, %c2_i32 : i32
// FUNC-NEXT:     "foo.use"(%1, %c4_i32) : (i32, i32) -> ()
// FUNC-NEXT:     return %1, %c4_i32 : i32, i32
// FUNC-NEXT:   }
// FUNC-NEXT: }
