// cse: duplicates of pure ops are replaced by the dominating original,
// reads are reused within a block when nothing in between may write, and
// trivially dead ops are erased. Check lines: utils/update-mlir-checks.py.
// RUN: lamina-opt --allow-unregistered-dialect -cse < %s | FileCheck %s
// RUN: lamina-opt --allow-unregistered-dialect -cse --mlir-disable-threading < %s | FileCheck %s
// RUN: lamina-opt --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(cse))' < %s | FileCheck %s --check-prefix=FUNC
// RUN: lamina-opt --allow-unregistered-dialect -cse -mlir-print-debuginfo -mlir-print-local-scope < %s | FileCheck %s --check-prefix=LOC

func.func @constants_and_commutative(%a: i32, %b: i32) -> (i32, i32, i32, i32, i1, i1, i1) {
  %c1 = arith.constant 1 : i32
  %c1_0 = arith.constant 1 : i32
  %c1_i64 = arith.constant 1 : i64
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %b, %a : i32
  %2 = arith.subi %a, %b : i32
  %3 = arith.subi %b, %a : i32
  %4 = arith.cmpi slt, %a, %b : i32
  %5 = arith.cmpi slt, %a, %b : i32
  %6 = arith.cmpi sgt, %a, %b : i32
  %7 = arith.addi %a, %b overflow<nsw> : i32
  "foo.use"(%c1, %c1_0, %c1_i64, %7) : (i32, i32, i64, i32) -> ()
  return %0, %1, %2, %3, %4, %5, %6 : i32, i32, i32, i32, i1, i1, i1
}

func.func @dead_ops(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.muli %0, %0 : i32
  %2 = arith.constant 7 : i32
  %3 = arith.addi %a, %a : i32
  %4 = scf.execute_region -> i32 {
    %5 = arith.muli %a, %a : i32
    scf.yield %5 : i32
  }
  return %3 : i32
}

func.func @regions(%a: index, %cond: i1) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %0 = arith.addi %a, %c1 : index
  %r = scf.for %i = %c0 to %c10 step %c1 iter_args(%acc = %c0) -> (index) {
    %c1_1 = arith.constant 1 : index
    %1 = arith.addi %a, %c1_1 : index
    %2 = arith.addi %i, %1 : index
    %3 = arith.addi %i, %0 : index
    %4 = arith.addi %2, %3 : index
    scf.yield %4 : index
  }
  %s = scf.if %cond -> (index) {
    %5 = arith.muli %a, %a : index
    %6 = arith.muli %a, %a : index
    %7 = arith.addi %5, %6 : index
    scf.yield %7 : index
  } else {
    %8 = arith.muli %a, %a : index
    scf.yield %8 : index
  }
  // Not visible here: the muli of the regions above.
  %9 = arith.muli %a, %a : index
  %10 = arith.addi %9, %s : index
  return %r, %10 : index, index
}

func.func @blocks(%a: i32, %cond: i1) -> i32 {
  %0 = arith.addi %a, %a : i32
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %1, %1 : i32
  cf.br ^bb3(%2 : i32)
^bb2:
  %3 = arith.addi %a, %a : i32
  %4 = arith.muli %3, %3 : i32
  %5 = arith.muli %0, %0 : i32
  cf.br ^bb3(%5 : i32)
^bb3(%6: i32):
  // bb1's muli does not dominate this one.
  %7 = arith.muli %0, %0 : i32
  %8 = arith.addi %6, %7 : i32
  return %8 : i32
^bb4:
  // Unreachable blocks are left alone.
  %9 = arith.addi %a, %a : i32
  %10 = arith.addi %a, %a : i32
  "foo.use"(%9, %10) : (i32, i32) -> ()
  cf.br ^bb3(%9 : i32)
}

func.func @graph_region() {
  test.graph_region {
    %0 = arith.addi %1, %2 : i32
    %1 = arith.constant 1 : i32
    %2 = arith.constant 1 : i32
    %3 = arith.addi %4, %4 : i32
    %4 = arith.constant 2 : i32
    %5 = arith.addi %4, %4 : i32
    "foo.yield"(%0, %3, %5) : (i32, i32, i32) -> ()
  }
  return
}

func.func @memory(%m: memref<4xf32>, %i: index, %v: f32, %cond: i1) -> (f32, f32, f32, f32, f32, f32) {
  %0 = memref.load %m[%i] : memref<4xf32>
  %1 = memref.load %m[%i] : memref<4xf32>
  memref.store %v, %m[%i] : memref<4xf32>
  %2 = memref.load %m[%i] : memref<4xf32>
  %3 = memref.load %m[%i] : memref<4xf32>
  %4 = scf.if %cond -> (f32) {
    %5 = memref.load %m[%i] : memref<4xf32>
    scf.yield %5 : f32
  } else {
    scf.yield %v : f32
  }
  %6 = memref.load %m[%i] : memref<4xf32>
  scf.if %cond {
    memref.store %v, %m[%i] : memref<4xf32>
  }
  %7 = memref.load %m[%i] : memref<4xf32>
  "foo.opaque"() : () -> ()
  %8 = memref.load %m[%i] : memref<4xf32>
  return %0, %1, %2, %3, %4, %7 : f32, f32, f32, f32, f32, f32
}

func.func @allocs() -> (memref<4xf32>, memref<4xf32>) {
  %0 = memref.alloc() : memref<4xf32>
  %1 = memref.alloc() : memref<4xf32>
  %2 = memref.alloc() : memref<8xf32>
  return %0, %1 : memref<4xf32>, memref<4xf32>
}

func.func @unknown_and_multi_block(%a: i32) -> (i32, i32, i32, i32) {
  %0 = "foo.op"(%a) : (i32) -> i32
  %1 = "foo.op"(%a) : (i32) -> i32
  %2 = scf.execute_region -> i32 {
    cf.br ^bb1
  ^bb1:
    scf.yield %a : i32
  }
  %3 = scf.execute_region -> i32 {
    cf.br ^bb1
  ^bb1:
    scf.yield %a : i32
  }
  return %0, %1, %2, %3 : i32, i32, i32, i32
}

func.func @identical_regions(%a: i32, %b: i1) -> (i32, i32, i32) {
  %0 = scf.if %b -> (i32) {
    %c = arith.addi %a, %a : i32
    scf.yield %c : i32
  } else {
    scf.yield %a : i32
  }
  %1 = scf.if %b -> (i32) {
    %c = arith.addi %a, %a : i32
    %d = arith.addi %a, %a : i32
    scf.yield %d : i32
  } else {
    scf.yield %a : i32
  }
  %2 = scf.if %b -> (i32) {
    %c = arith.muli %a, %a : i32
    scf.yield %c : i32
  } else {
    scf.yield %a : i32
  }
  return %0, %1, %2 : i32, i32, i32
}

module @nested {
  func.func @inner(%a: i32) -> (i32, i32) {
    %0 = arith.addi %a, %a : i32
    %1 = arith.addi %a, %a : i32
    return %0, %1 : i32, i32
  }
}

func.func @locations(%a: i32, %cond: i1) -> i32 {
  %0 = arith.addi %a, %a : i32 loc(unknown)
  %1 = arith.addi %a, %a : i32 loc("first")
  %2 = arith.addi %a, %a : i32 loc("second")
  "foo.use"(%1, %2) : (i32, i32) -> ()
  cf.cond_br %cond, ^bb2, ^bb1
^bb1:
  %3 = arith.muli %a, %a : i32 loc("bb1")
  cf.br ^bb3
^bb2:
  %4 = arith.muli %a, %a : i32 loc("bb2")
  cf.br ^bb3
^bb3:
  %5 = arith.muli %a, %a : i32 loc(unknown)
  cf.cond_br %cond, ^bb5, ^bb4
^bb4:
  %6 = arith.muli %a, %a : i32 loc("bb4")
  "foo.use"(%6) : (i32) -> ()
  return %5 : i32
^bb5:
  %7 = arith.muli %a, %a : i32 loc("bb5")
  "foo.use"(%7) : (i32) -> ()
  return %0 : i32
}

// GEN: --allow-unregistered-dialect -cse
// CHECK: module {
// CHECK-NEXT:   func.func @constants_and_commutative(%arg0: i32, %arg1: i32) -> (i32, i32, i32, i32, i1, i1, i1) {
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %c1_i64 = arith.constant 1 : i64
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:     %1 = arith.subi %arg0, %arg1 : i32
// CHECK-NEXT:     %2 = arith.subi %arg1, %arg0 : i32
// CHECK-NEXT:     %3 = arith.cmpi slt, %arg0, %arg1 : i32
// CHECK-NEXT:     %4 = arith.cmpi sgt, %arg0, %arg1 : i32
// CHECK-NEXT:     %5 = arith.addi %arg0, %arg1 overflow<nsw> : i32
// CHECK-NEXT:     "foo.use"(%c1_i32, %c1_i32, %c1_i64, %5) : (i32, i32, i64, i32) -> ()
// CHECK-NEXT:     return %0, %0, %1, %2, %3, %3, %4 : i32, i32, i32, i32, i1, i1, i1
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @dead_ops(%arg0: i32) -> i32 {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @regions(%arg0: index, %arg1: i1) -> (index, index) {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c10 = arith.constant 10 : index
// CHECK-NEXT:     %0 = arith.addi %arg0, %c1 : index
// CHECK-NEXT:     %1 = scf.for %arg2 = %c0 to %c10 step %c1 iter_args(%arg3 = %c0) -> (index) {
// CHECK-NEXT:       %5 = arith.addi %arg2, %0 : index
// CHECK-NEXT:       %6 = arith.addi %5, %5 : index
// CHECK-NEXT:       scf.yield %6 : index
// CHECK-NEXT:     }
// CHECK-NEXT:     %2 = scf.if %arg1 -> (index) {
// CHECK-NEXT:       %5 = arith.muli %arg0, %arg0 : index
// CHECK-NEXT:       %6 = arith.addi %5, %5 : index
// CHECK-NEXT:       scf.yield %6 : index
// CHECK-NEXT:     } else {
// CHECK-NEXT:       %5 = arith.muli %arg0, %arg0 : index
// CHECK-NEXT:       scf.yield %5 : index
// CHECK-NEXT:     }
// CHECK-NEXT:     %3 = arith.muli %arg0, %arg0 : index
// CHECK-NEXT:     %4 = arith.addi %3, %2 : index
// CHECK-NEXT:     return %1, %4 : index, index
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @blocks(%arg0: i32, %arg1: i1) -> i32 {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:     cf.cond_br %arg1, ^bb1, ^bb2
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     %1 = arith.muli %0, %0 : i32
// CHECK-NEXT:     cf.br ^bb3(%1 : i32)
// CHECK-NEXT:   ^bb2:  // pred: ^bb0
// CHECK-NEXT:     %2 = arith.muli %0, %0 : i32
// CHECK-NEXT:     cf.br ^bb3(%2 : i32)
// CHECK-NEXT:   ^bb3(%3: i32):  // 3 preds: ^bb1, ^bb2, ^bb4
// CHECK-NEXT:     %4 = arith.muli %0, %0 : i32
// CHECK-NEXT:     %5 = arith.addi %3, %4 : i32
// CHECK-NEXT:     return %5 : i32
// CHECK-NEXT:   ^bb4:  // no predecessors
// CHECK-NEXT:     %6 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:     %7 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:     "foo.use"(%6, %7) : (i32, i32) -> ()
// CHECK-NEXT:     cf.br ^bb3(%6 : i32)
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @graph_region() {
// CHECK-NEXT:     test.graph_region {
// CHECK-NEXT:       %0 = arith.addi %c1_i32, %c1_i32_0 : i32
// CHECK-NEXT:       %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:       %c1_i32_0 = arith.constant 1 : i32
// CHECK-NEXT:       %1 = arith.addi %c2_i32, %c2_i32 : i32
// CHECK-NEXT:       %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:       "foo.yield"(%0, %1, %1) : (i32, i32, i32) -> ()
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @memory(%arg0: memref<4xf32>, %arg1: index, %arg2: f32, %arg3: i1) -> (f32, f32, f32, f32, f32, f32) {
// CHECK-NEXT:     %0 = memref.load %arg0[%arg1] : memref<4xf32>
// CHECK-NEXT:     memref.store %arg2, %arg0[%arg1] : memref<4xf32>
// CHECK-NEXT:     %1 = memref.load %arg0[%arg1] : memref<4xf32>
// CHECK-NEXT:     %2 = scf.if %arg3 -> (f32) {
// CHECK-NEXT:       %4 = memref.load %arg0[%arg1] : memref<4xf32>
// CHECK-NEXT:       scf.yield %4 : f32
// CHECK-NEXT:     } else {
// CHECK-NEXT:       scf.yield %arg2 : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.if %arg3 {
// CHECK-NEXT:       memref.store %arg2, %arg0[%arg1] : memref<4xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     %3 = memref.load %arg0[%arg1] : memref<4xf32>
// CHECK-NEXT:     "foo.opaque"() : () -> ()
// CHECK-NEXT:     return %0, %0, %1, %1, %2, %3 : f32, f32, f32, f32, f32, f32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @allocs() -> (memref<4xf32>, memref<4xf32>) {
// CHECK-NEXT:     %alloc = memref.alloc() : memref<4xf32>
// CHECK-NEXT:     %alloc_0 = memref.alloc() : memref<4xf32>
// CHECK-NEXT:     return %alloc, %alloc_0 : memref<4xf32>, memref<4xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @unknown_and_multi_block(%arg0: i32) -> (i32, i32, i32, i32) {
// CHECK-NEXT:     %0 = "foo.op"(%arg0) : (i32) -> i32
// CHECK-NEXT:     %1 = "foo.op"(%arg0) : (i32) -> i32
// CHECK-NEXT:     %2 = scf.execute_region -> i32 {
// CHECK-NEXT:       cf.br ^bb1
// CHECK-NEXT:     ^bb1:  // pred: ^bb0
// CHECK-NEXT:       scf.yield %arg0 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     %3 = scf.execute_region -> i32 {
// CHECK-NEXT:       cf.br ^bb1
// CHECK-NEXT:     ^bb1:  // pred: ^bb0
// CHECK-NEXT:       scf.yield %arg0 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     return %0, %1, %2, %3 : i32, i32, i32, i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @identical_regions(%arg0: i32, %arg1: i1) -> (i32, i32, i32) {
// CHECK-NEXT:     %0 = scf.if %arg1 -> (i32) {
// CHECK-NEXT:       %3 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:       scf.yield %3 : i32
// CHECK-NEXT:     } else {
// CHECK-NEXT:       scf.yield %arg0 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     %1 = scf.if %arg1 -> (i32) {
// CHECK-NEXT:       %3 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:       scf.yield %3 : i32
// CHECK-NEXT:     } else {
// CHECK-NEXT:       scf.yield %arg0 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     %2 = scf.if %arg1 -> (i32) {
// CHECK-NEXT:       %3 = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:       scf.yield %3 : i32
// CHECK-NEXT:     } else {
// CHECK-NEXT:       scf.yield %arg0 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     return %0, %1, %2 : i32, i32, i32
// CHECK-NEXT:   }
// CHECK-NEXT:   module @nested {
// CHECK-NEXT:     func.func @inner(%arg0: i32) -> (i32, i32) {
// CHECK-NEXT:       %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:       return %0, %0 : i32, i32
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @locations(%arg0: i32, %arg1: i1) -> i32 {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:     "foo.use"(%0, %0) : (i32, i32) -> ()
// CHECK-NEXT:     cf.cond_br %arg1, ^bb2, ^bb1
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     cf.br ^bb3
// CHECK-NEXT:   ^bb2:  // pred: ^bb0
// CHECK-NEXT:     cf.br ^bb3
// CHECK-NEXT:   ^bb3:  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:     %1 = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:     cf.cond_br %arg1, ^bb5, ^bb4
// CHECK-NEXT:   ^bb4:  // pred: ^bb3
// CHECK-NEXT:     "foo.use"(%1) : (i32) -> ()
// CHECK-NEXT:     return %1 : i32
// CHECK-NEXT:   ^bb5:  // pred: ^bb3
// CHECK-NEXT:     "foo.use"(%1) : (i32) -> ()
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
// GEN-FUNC: --allow-unregistered-dialect --pass-pipeline=builtin.module(func.func(cse))
// FUNC: module {
// FUNC-NEXT:   func.func @constants_and_commutative(%arg0: i32, %arg1: i32) -> (i32, i32, i32, i32, i1, i1, i1) {
// FUNC-NEXT:     %c1_i32 = arith.constant 1 : i32
// FUNC-NEXT:     %c1_i64 = arith.constant 1 : i64
// FUNC-NEXT:     %0 = arith.addi %arg0, %arg1 : i32
// FUNC-NEXT:     %1 = arith.subi %arg0, %arg1 : i32
// FUNC-NEXT:     %2 = arith.subi %arg1, %arg0 : i32
// FUNC-NEXT:     %3 = arith.cmpi slt, %arg0, %arg1 : i32
// FUNC-NEXT:     %4 = arith.cmpi sgt, %arg0, %arg1 : i32
// FUNC-NEXT:     %5 = arith.addi %arg0, %arg1 overflow<nsw> : i32
// FUNC-NEXT:     "foo.use"(%c1_i32, %c1_i32, %c1_i64, %5) : (i32, i32, i64, i32) -> ()
// FUNC-NEXT:     return %0, %0, %1, %2, %3, %3, %4 : i32, i32, i32, i32, i1, i1, i1
// FUNC-NEXT:   }
// FUNC-NEXT:   func.func @dead_ops(%arg0: i32) -> i32 {
// FUNC-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// FUNC-NEXT:     return %0 : i32
// FUNC-NEXT:   }
// FUNC-NEXT:   func.func @regions(%arg0: index, %arg1: i1) -> (index, index) {
// FUNC-NEXT:     %c0 = arith.constant 0 : index
// FUNC-NEXT:     %c1 = arith.constant 1 : index
// FUNC-NEXT:     %c10 = arith.constant 10 : index
// FUNC-NEXT:     %0 = arith.addi %arg0, %c1 : index
// FUNC-NEXT:     %1 = scf.for %arg2 = %c0 to %c10 step %c1 iter_args(%arg3 = %c0) -> (index) {
// FUNC-NEXT:       %5 = arith.addi %arg2, %0 : index
// FUNC-NEXT:       %6 = arith.addi %5, %5 : index
// FUNC-NEXT:       scf.yield %6 : index
// FUNC-NEXT:     }
// FUNC-NEXT:     %2 = scf.if %arg1 -> (index) {
// FUNC-NEXT:       %5 = arith.muli %arg0, %arg0 : index
// FUNC-NEXT:       %6 = arith.addi %5, %5 : index
// FUNC-NEXT:       scf.yield %6 : index
// FUNC-NEXT:     } else {
// FUNC-NEXT:       %5 = arith.muli %arg0, %arg0 : index
// FUNC-NEXT:       scf.yield %5 : index
// FUNC-NEXT:     }
// FUNC-NEXT:     %3 = arith.muli %arg0, %arg0 : index
// FUNC-NEXT:     %4 = arith.addi %3, %2 : index
// FUNC-NEXT:     return %1, %4 : index, index
// FUNC-NEXT:   }
// FUNC-NEXT:   func.func @blocks(%arg0: i32, %arg1: i1) -> i32 {
// FUNC-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// FUNC-NEXT:     cf.cond_br %arg1, ^bb1, ^bb2
// FUNC-NEXT:   ^bb1:  // pred: ^bb0
// FUNC-NEXT:     %1 = arith.muli %0, %0 : i32
// FUNC-NEXT:     cf.br ^bb3(%1 : i32)
// FUNC-NEXT:   ^bb2:  // pred: ^bb0
// FUNC-NEXT:     %2 = arith.muli %0, %0 : i32
// FUNC-NEXT:     cf.br ^bb3(%2 : i32)
// FUNC-NEXT:   ^bb3(%3: i32):  // 3 preds: ^bb1, ^bb2, ^bb4
// FUNC-NEXT:     %4 = arith.muli %0, %0 : i32
// FUNC-NEXT:     %5 = arith.addi %3, %4 : i32
// FUNC-NEXT:     return %5 : i32
// FUNC-NEXT:   ^bb4:  // no predecessors
// FUNC-NEXT:     %6 = arith.addi %arg0, %arg0 : i32
// FUNC-NEXT:     %7 = arith.addi %arg0, %arg0 : i32
// FUNC-NEXT:     "foo.use"(%6, %7) : (i32, i32) -> ()
// FUNC-NEXT:     cf.br ^bb3(%6 : i32)
// FUNC-NEXT:   }
// FUNC-NEXT:   func.func @graph_region() {
// FUNC-NEXT:     test.graph_region {
// FUNC-NEXT:       %0 = arith.addi %c1_i32, %c1_i32_0 : i32
// FUNC-NEXT:       %c1_i32 = arith.constant 1 : i32
// FUNC-NEXT:       %c1_i32_0 = arith.constant 1 : i32
// FUNC-NEXT:       %1 = arith.addi %c2_i32, %c2_i32 : i32
// FUNC-NEXT:       %c2_i32 = arith.constant 2 : i32
// FUNC-NEXT:       "foo.yield"(%0, %1, %1) : (i32, i32, i32) -> ()
// FUNC-NEXT:     }
// FUNC-NEXT:     return
// FUNC-NEXT:   }
// FUNC-NEXT:   func.func @memory(%arg0: memref<4xf32>, %arg1: index, %arg2: f32, %arg3: i1) -> (f32, f32, f32, f32, f32, f32) {
// FUNC-NEXT:     %0 = memref.load %arg0[%arg1] : memref<4xf32>
// FUNC-NEXT:     memref.store %arg2, %arg0[%arg1] : memref<4xf32>
// FUNC-NEXT:     %1 = memref.load %arg0[%arg1] : memref<4xf32>
// FUNC-NEXT:     %2 = scf.if %arg3 -> (f32) {
// FUNC-NEXT:       %4 = memref.load %arg0[%arg1] : memref<4xf32>
// FUNC-NEXT:       scf.yield %4 : f32
// FUNC-NEXT:     } else {
// FUNC-NEXT:       scf.yield %arg2 : f32
// FUNC-NEXT:     }
// FUNC-NEXT:     scf.if %arg3 {
// FUNC-NEXT:       memref.store %arg2, %arg0[%arg1] : memref<4xf32>
// FUNC-NEXT:     }
// FUNC-NEXT:     %3 = memref.load %arg0[%arg1] : memref<4xf32>
// FUNC-NEXT:     "foo.opaque"() : () -> ()
// FUNC-NEXT:     return %0, %0, %1, %1, %2, %3 : f32, f32, f32, f32, f32, f32
// FUNC-NEXT:   }
// FUNC-NEXT:   func.func @allocs() -> (memref<4xf32>, memref<4xf32>) {
// FUNC-NEXT:     %alloc = memref.alloc() : memref<4xf32>
// FUNC-NEXT:     %alloc_0 = memref.alloc() : memref<4xf32>
// FUNC-NEXT:     return %alloc, %alloc_0 : memref<4xf32>, memref<4xf32>
// FUNC-NEXT:   }
// FUNC-NEXT:   func.func @unknown_and_multi_block(%arg0: i32) -> (i32, i32, i32, i32) {
// FUNC-NEXT:     %0 = "foo.op"(%arg0) : (i32) -> i32
// FUNC-NEXT:     %1 = "foo.op"(%arg0) : (i32) -> i32
// FUNC-NEXT:     %2 = scf.execute_region -> i32 {
// FUNC-NEXT:       cf.br ^bb1
// FUNC-NEXT:     ^bb1:  // pred: ^bb0
// FUNC-NEXT:       scf.yield %arg0 : i32
// FUNC-NEXT:     }
// FUNC-NEXT:     %3 = scf.execute_region -> i32 {
// FUNC-NEXT:       cf.br ^bb1
// FUNC-NEXT:     ^bb1:  // pred: ^bb0
// FUNC-NEXT:       scf.yield %arg0 : i32
// FUNC-NEXT:     }
// FUNC-NEXT:     return %0, %1, %2, %3 : i32, i32, i32, i32
// FUNC-NEXT:   }
// FUNC-NEXT:   func.func @identical_regions(%arg0: i32, %arg1: i1) -> (i32, i32, i32) {
// FUNC-NEXT:     %0 = scf.if %arg1 -> (i32) {
// FUNC-NEXT:       %3 = arith.addi %arg0, %arg0 : i32
// FUNC-NEXT:       scf.yield %3 : i32
// FUNC-NEXT:     } else {
// FUNC-NEXT:       scf.yield %arg0 : i32
// FUNC-NEXT:     }
// FUNC-NEXT:     %1 = scf.if %arg1 -> (i32) {
// FUNC-NEXT:       %3 = arith.addi %arg0, %arg0 : i32
// FUNC-NEXT:       scf.yield %3 : i32
// FUNC-NEXT:     } else {
// FUNC-NEXT:       scf.yield %arg0 : i32
// FUNC-NEXT:     }
// FUNC-NEXT:     %2 = scf.if %arg1 -> (i32) {
// FUNC-NEXT:       %3 = arith.muli %arg0, %arg0 : i32
// FUNC-NEXT:       scf.yield %3 : i32
// FUNC-NEXT:     } else {
// FUNC-NEXT:       scf.yield %arg0 : i32
// FUNC-NEXT:     }
// FUNC-NEXT:     return %0, %1, %2 : i32, i32, i32
// FUNC-NEXT:   }
// FUNC-NEXT:   module @nested {
// FUNC-NEXT:     func.func @inner(%arg0: i32) -> (i32, i32) {
// FUNC-NEXT:       %0 = arith.addi %arg0, %arg0 : i32
// FUNC-NEXT:       %1 = arith.addi %arg0, %arg0 : i32
// FUNC-NEXT:       return %0, %1 : i32, i32
// FUNC-NEXT:     }
// FUNC-NEXT:   }
// FUNC-NEXT:   func.func @locations(%arg0: i32, %arg1: i1) -> i32 {
// FUNC-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// FUNC-NEXT:     "foo.use"(%0, %0) : (i32, i32) -> ()
// FUNC-NEXT:     cf.cond_br %arg1, ^bb2, ^bb1
// FUNC-NEXT:   ^bb1:  // pred: ^bb0
// FUNC-NEXT:     cf.br ^bb3
// FUNC-NEXT:   ^bb2:  // pred: ^bb0
// FUNC-NEXT:     cf.br ^bb3
// FUNC-NEXT:   ^bb3:  // 2 preds: ^bb1, ^bb2
// FUNC-NEXT:     %1 = arith.muli %arg0, %arg0 : i32
// FUNC-NEXT:     cf.cond_br %arg1, ^bb5, ^bb4
// FUNC-NEXT:   ^bb4:  // pred: ^bb3
// FUNC-NEXT:     "foo.use"(%1) : (i32) -> ()
// FUNC-NEXT:     return %1 : i32
// FUNC-NEXT:   ^bb5:  // pred: ^bb3
// FUNC-NEXT:     "foo.use"(%1) : (i32) -> ()
// FUNC-NEXT:     return %0 : i32
// FUNC-NEXT:   }
// FUNC-NEXT: }
// GEN-LOC: --allow-unregistered-dialect -cse -mlir-print-debuginfo -mlir-print-local-scope
// LOC: module {
// LOC-NEXT:   func.func @constants_and_commutative(%arg0: i32 loc("<stdin>":9:38), %arg1: i32 loc("<stdin>":9:47)) -> (i32, i32, i32, i32, i1, i1, i1) {
// LOC-NEXT:     %c1_i32 = arith.constant 1 : i32 loc("<stdin>":10:9)
// LOC-NEXT:     %c1_i64 = arith.constant 1 : i64 loc("<stdin>":12:13)
// LOC-NEXT:     %0 = arith.addi %arg0, %arg1 : i32 loc("<stdin>":13:8)
// LOC-NEXT:     %1 = arith.subi %arg0, %arg1 : i32 loc("<stdin>":15:8)
// LOC-NEXT:     %2 = arith.subi %arg1, %arg0 : i32 loc("<stdin>":16:8)
// LOC-NEXT:     %3 = arith.cmpi slt, %arg0, %arg1 : i32 loc("<stdin>":17:8)
// LOC-NEXT:     %4 = arith.cmpi sgt, %arg0, %arg1 : i32 loc("<stdin>":19:8)
// LOC-NEXT:     %5 = arith.addi %arg0, %arg1 overflow<nsw> : i32 loc("<stdin>":20:8)
// LOC-NEXT:     "foo.use"(%c1_i32, %c1_i32, %c1_i64, %5) : (i32, i32, i64, i32) -> () loc("<stdin>":21:3)
// LOC-NEXT:     return %0, %0, %1, %2, %3, %3, %4 : i32, i32, i32, i32, i1, i1, i1 loc("<stdin>":22:3)
// LOC-NEXT:   } loc("<stdin>":9:1)
// LOC-NEXT:   func.func @dead_ops(%arg0: i32 loc("<stdin>":25:21)) -> i32 {
// LOC-NEXT:     %0 = arith.addi %arg0, %arg0 : i32 loc("<stdin>":26:8)
// LOC-NEXT:     return %0 : i32 loc("<stdin>":34:3)
// LOC-NEXT:   } loc("<stdin>":25:1)
// LOC-NEXT:   func.func @regions(%arg0: index loc("<stdin>":37:20), %arg1: i1 loc("<stdin>":37:31)) -> (index, index) {
// LOC-NEXT:     %c0 = arith.constant 0 : index loc("<stdin>":38:9)
// LOC-NEXT:     %c1 = arith.constant 1 : index loc("<stdin>":39:9)
// LOC-NEXT:     %c10 = arith.constant 10 : index loc("<stdin>":40:10)
// LOC-NEXT:     %0 = arith.addi %arg0, %c1 : index loc("<stdin>":41:8)
// LOC-NEXT:     %1 = scf.for %arg2 = %c0 to %c10 step %c1 iter_args(%arg3 = %c0) -> (index) {
// LOC-NEXT:       %5 = arith.addi %arg2, %0 : index loc("<stdin>":45:10)
// LOC-NEXT:       %6 = arith.addi %5, %5 : index loc("<stdin>":47:10)
// LOC-NEXT:       scf.yield %6 : index loc("<stdin>":48:5)
// LOC-NEXT:     } loc("<stdin>":42:8)
// LOC-NEXT:     %2 = scf.if %arg1 -> (index) {
// LOC-NEXT:       %5 = arith.muli %arg0, %arg0 : index loc("<stdin>":51:10)
// LOC-NEXT:       %6 = arith.addi %5, %5 : index loc("<stdin>":53:10)
// LOC-NEXT:       scf.yield %6 : index loc("<stdin>":54:5)
// LOC-NEXT:     } else {
// LOC-NEXT:       %5 = arith.muli %arg0, %arg0 : index loc("<stdin>":56:10)
// LOC-NEXT:       scf.yield %5 : index loc("<stdin>":57:5)
// LOC-NEXT:     } loc("<stdin>":50:8)
// LOC-NEXT:     %3 = arith.muli %arg0, %arg0 : index loc("<stdin>":60:8)
// LOC-NEXT:     %4 = arith.addi %3, %2 : index loc("<stdin>":61:9)
// LOC-NEXT:     return %1, %4 : index, index loc("<stdin>":62:3)
// LOC-NEXT:   } loc("<stdin>":37:1)
// LOC-NEXT:   func.func @blocks(%arg0: i32 loc("<stdin>":65:19), %arg1: i1 loc("<stdin>":65:28)) -> i32 {
// LOC-NEXT:     %0 = arith.addi %arg0, %arg0 : i32 loc("<stdin>":66:8)
// LOC-NEXT:     cf.cond_br %arg1, ^bb1, ^bb2 loc("<stdin>":67:3)
// LOC-NEXT:   ^bb1:  // pred: ^bb0
// LOC-NEXT:     %1 = arith.muli %0, %0 : i32 loc("<stdin>":70:8)
// LOC-NEXT:     cf.br ^bb3(%1 : i32) loc("<stdin>":71:3)
// LOC-NEXT:   ^bb2:  // pred: ^bb0
// LOC-NEXT:     %2 = arith.muli %0, %0 : i32 loc("<stdin>":75:8)
// LOC-NEXT:     cf.br ^bb3(%2 : i32) loc("<stdin>":76:3)
// LOC-NEXT:   ^bb3(%3: i32 loc("<stdin>":77:6)):  // 3 preds: ^bb1, ^bb2, ^bb4
// LOC-NEXT:     %4 = arith.muli %0, %0 : i32 loc("<stdin>":79:8)
// LOC-NEXT:     %5 = arith.addi %3, %4 : i32 loc("<stdin>":80:8)
// LOC-NEXT:     return %5 : i32 loc("<stdin>":81:3)
// LOC-NEXT:   ^bb4:  // no predecessors
// LOC-NEXT:     %6 = arith.addi %arg0, %arg0 : i32 loc("<stdin>":84:8)
// LOC-NEXT:     %7 = arith.addi %arg0, %arg0 : i32 loc("<stdin>":85:9)
// LOC-NEXT:     "foo.use"(%6, %7) : (i32, i32) -> () loc("<stdin>":86:3)
// LOC-NEXT:     cf.br ^bb3(%6 : i32) loc("<stdin>":87:3)
// LOC-NEXT:   } loc("<stdin>":65:1)
// LOC-NEXT:   func.func @graph_region() {
// LOC-NEXT:     test.graph_region {
// LOC-NEXT:       %0 = arith.addi %c1_i32, %c1_i32_0 : i32 loc("<stdin>":92:10)
// LOC-NEXT:       %c1_i32 = arith.constant 1 : i32 loc("<stdin>":93:10)
// LOC-NEXT:       %c1_i32_0 = arith.constant 1 : i32 loc("<stdin>":94:10)
// LOC-NEXT:       %1 = arith.addi %c2_i32, %c2_i32 : i32 loc("<stdin>":95:10)
// LOC-NEXT:       %c2_i32 = arith.constant 2 : i32 loc("<stdin>":96:10)
// LOC-NEXT:       "foo.yield"(%0, %1, %1) : (i32, i32, i32) -> () loc("<stdin>":98:5)
// LOC-NEXT:     } loc("<stdin>":91:3)
// LOC-NEXT:     return loc("<stdin>":100:3)
// LOC-NEXT:   } loc("<stdin>":90:1)
// LOC-NEXT:   func.func @memory(%arg0: memref<4xf32> loc("<stdin>":103:19), %arg1: index loc("<stdin>":103:38), %arg2: f32 loc("<stdin>":103:49), %arg3: i1 loc("<stdin>":103:58)) -> (f32, f32, f32, f32, f32, f32) {
// LOC-NEXT:     %0 = memref.load %arg0[%arg1] : memref<4xf32> loc("<stdin>":104:8)
// LOC-NEXT:     memref.store %arg2, %arg0[%arg1] : memref<4xf32> loc("<stdin>":106:3)
// LOC-NEXT:     %1 = memref.load %arg0[%arg1] : memref<4xf32> loc("<stdin>":107:8)
// LOC-NEXT:     %2 = scf.if %arg3 -> (f32) {
// LOC-NEXT:       %4 = memref.load %arg0[%arg1] : memref<4xf32> loc("<stdin>":110:10)
// LOC-NEXT:       scf.yield %4 : f32 loc("<stdin>":111:5)
// LOC-NEXT:     } else {
// LOC-NEXT:       scf.yield %arg2 : f32 loc("<stdin>":113:5)
// LOC-NEXT:     } loc("<stdin>":109:8)
// LOC-NEXT:     scf.if %arg3 {
// LOC-NEXT:       memref.store %arg2, %arg0[%arg1] : memref<4xf32> loc("<stdin>":117:5)
// LOC-NEXT:     } loc("<stdin>":116:3)
// LOC-NEXT:     %3 = memref.load %arg0[%arg1] : memref<4xf32> loc("<stdin>":119:8)
// LOC-NEXT:     "foo.opaque"() : () -> () loc("<stdin>":120:3)
// LOC-NEXT:     return %0, %0, %1, %1, %2, %3 : f32, f32, f32, f32, f32, f32 loc("<stdin>":122:3)
// LOC-NEXT:   } loc("<stdin>":103:1)
// LOC-NEXT:   func.func @allocs() -> (memref<4xf32>, memref<4xf32>) {
// LOC-NEXT:     %alloc = memref.alloc() : memref<4xf32> loc("<stdin>":126:8)
// LOC-NEXT:     %alloc_0 = memref.alloc() : memref<4xf32> loc("<stdin>":127:8)
// LOC-NEXT:     return %alloc, %alloc_0 : memref<4xf32>, memref<4xf32> loc("<stdin>":129:3)
// LOC-NEXT:   } loc("<stdin>":125:1)
// LOC-NEXT:   func.func @unknown_and_multi_block(%arg0: i32 loc("<stdin>":132:36)) -> (i32, i32, i32, i32) {
// LOC-NEXT:     %0 = "foo.op"(%arg0) : (i32) -> i32 loc("<stdin>":133:8)
// LOC-NEXT:     %1 = "foo.op"(%arg0) : (i32) -> i32 loc("<stdin>":134:8)
// LOC-NEXT:     %2 = scf.execute_region -> i32 {
// LOC-NEXT:       cf.br ^bb1 loc("<stdin>":136:5)
// LOC-NEXT:     ^bb1:  // pred: ^bb0
// LOC-NEXT:       scf.yield %arg0 : i32 loc("<stdin>":138:5)
// LOC-NEXT:     } loc("<stdin>":135:8)
// LOC-NEXT:     %3 = scf.execute_region -> i32 {
// LOC-NEXT:       cf.br ^bb1 loc("<stdin>":141:5)
// LOC-NEXT:     ^bb1:  // pred: ^bb0
// LOC-NEXT:       scf.yield %arg0 : i32 loc("<stdin>":143:5)
// LOC-NEXT:     } loc("<stdin>":140:8)
// LOC-NEXT:     return %0, %1, %2, %3 : i32, i32, i32, i32 loc("<stdin>":145:3)
// LOC-NEXT:   } loc("<stdin>":132:1)
// LOC-NEXT:   func.func @identical_regions(%arg0: i32 loc("<stdin>":148:30), %arg1: i1 loc("<stdin>":148:39)) -> (i32, i32, i32) {
// LOC-NEXT:     %0 = scf.if %arg1 -> (i32) {
// LOC-NEXT:       %3 = arith.addi %arg0, %arg0 : i32 loc("<stdin>":150:10)
// LOC-NEXT:       scf.yield %3 : i32 loc("<stdin>":151:5)
// LOC-NEXT:     } else {
// LOC-NEXT:       scf.yield %arg0 : i32 loc("<stdin>":153:5)
// LOC-NEXT:     } loc("<stdin>":149:8)
// LOC-NEXT:     %1 = scf.if %arg1 -> (i32) {
// LOC-NEXT:       %3 = arith.addi %arg0, %arg0 : i32 loc("<stdin>":157:10)
// LOC-NEXT:       scf.yield %3 : i32 loc("<stdin>":158:5)
// LOC-NEXT:     } else {
// LOC-NEXT:       scf.yield %arg0 : i32 loc("<stdin>":160:5)
// LOC-NEXT:     } loc("<stdin>":155:8)
// LOC-NEXT:     %2 = scf.if %arg1 -> (i32) {
// LOC-NEXT:       %3 = arith.muli %arg0, %arg0 : i32 loc("<stdin>":163:10)
// LOC-NEXT:       scf.yield %3 : i32 loc("<stdin>":164:5)
// LOC-NEXT:     } else {
// LOC-NEXT:       scf.yield %arg0 : i32 loc("<stdin>":166:5)
// LOC-NEXT:     } loc("<stdin>":162:8)
// LOC-NEXT:     return %0, %1, %2 : i32, i32, i32 loc("<stdin>":168:3)
// LOC-NEXT:   } loc("<stdin>":148:1)
// LOC-NEXT:   module @nested {
// LOC-NEXT:     func.func @inner(%arg0: i32 loc("<stdin>":172:20)) -> (i32, i32) {
// LOC-NEXT:       %0 = arith.addi %arg0, %arg0 : i32 loc("<stdin>":173:10)
// LOC-NEXT:       return %0, %0 : i32, i32 loc("<stdin>":175:5)
// LOC-NEXT:     } loc("<stdin>":172:3)
// LOC-NEXT:   } loc("<stdin>":171:1)
// LOC-NEXT:   func.func @locations(%arg0: i32 loc("<stdin>":179:22), %arg1: i1 loc("<stdin>":179:31)) -> i32 {
// LOC-NEXT:     %0 = arith.addi %arg0, %arg0 : i32 loc("first")
// LOC-NEXT:     "foo.use"(%0, %0) : (i32, i32) -> () loc("<stdin>":183:3)
// LOC-NEXT:     cf.cond_br %arg1, ^bb2, ^bb1 loc("<stdin>":184:3)
// LOC-NEXT:   ^bb1:  // pred: ^bb0
// LOC-NEXT:     cf.br ^bb3 loc("<stdin>":187:3)
// LOC-NEXT:   ^bb2:  // pred: ^bb0
// LOC-NEXT:     cf.br ^bb3 loc("<stdin>":190:3)
// LOC-NEXT:   ^bb3:  // 2 preds: ^bb1, ^bb2
// LOC-NEXT:     %1 = arith.muli %arg0, %arg0 : i32 loc("bb5")
// LOC-NEXT:     cf.cond_br %arg1, ^bb5, ^bb4 loc("<stdin>":193:3)
// LOC-NEXT:   ^bb4:  // pred: ^bb3
// LOC-NEXT:     "foo.use"(%1) : (i32) -> () loc("<stdin>":196:3)
// LOC-NEXT:     return %1 : i32 loc("<stdin>":197:3)
// LOC-NEXT:   ^bb5:  // pred: ^bb3
// LOC-NEXT:     "foo.use"(%1) : (i32) -> () loc("<stdin>":200:3)
// LOC-NEXT:     return %0 : i32 loc("<stdin>":201:3)
// LOC-NEXT:   } loc("<stdin>":179:1)
// LOC-NEXT: } loc("<stdin>":0:0)
