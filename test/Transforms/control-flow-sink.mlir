// control-flow-sink: memory-effect free ops used only inside a region that
// runs at most once move to the start of that region's entry block.
// Check lines: utils/update-mlir-checks.py.
// RUN: lamina-opt --allow-unregistered-dialect -control-flow-sink < %s | FileCheck %s

func.func @scf_if(%c: i1, %a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.muli %0, %0 : i32
  %2 = arith.subi %a, %b : i32
  %3 = "foo.effect"(%a) : (i32) -> i32
  %4 = scf.if %c -> i32 {
    %5 = arith.addi %1, %3 : i32
    scf.yield %5 : i32
  } else {
    scf.yield %2 : i32
  }
  %6 = arith.addi %2, %4 : i32
  return %6 : i32
}

func.func @constant_condition(%a: i32) -> i32 {
  %true = arith.constant true
  %0 = arith.addi %a, %a : i32
  %1 = scf.if %true -> i32 {
    scf.yield %0 : i32
  } else {
    scf.yield %a : i32
  }
  return %1 : i32
}

func.func @loops_are_not_sunk_into(%a: i32, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = arith.addi %a, %a : i32
  %1 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> i32 {
    %2 = arith.addi %x, %0 : i32
    scf.yield %2 : i32
  }
  return %1 : i32
}

func.func @switch_and_nested(%i: index, %a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.muli %a, %a : i32
  %2 = scf.index_switch %i -> i32
  case 0 {
    %3 = scf.execute_region -> i32 {
      scf.yield %0 : i32
    }
    scf.yield %3 : i32
  }
  case 1 {
    %4 = arith.addi %1, %1 : i32
    scf.yield %4 : i32
  }
  default {
    scf.yield %a : i32
  }
  return %2 : i32
}

func.func @affine_if(%m: memref<4xi32>, %a: i32, %i: index) {
  %0 = arith.addi %a, %a : i32
  affine.if affine_set<(d0) : (d0 >= 0)>(%i) {
    memref.store %0, %m[%i] : memref<4xi32>
  }
  return
}

// GEN: --allow-unregistered-dialect -control-flow-sink
// CHECK: #set = affine_set<(d0) : (d0 >= 0)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @scf_if(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT:     %0 = arith.subi %arg1, %arg2 : i32
// CHECK-NEXT:     %1 = "foo.effect"(%arg1) : (i32) -> i32
// CHECK-NEXT:     %2 = scf.if %arg0 -> (i32) {
// CHECK-NEXT:       %4 = arith.addi %arg1, %arg2 : i32
// CHECK-NEXT:       %5 = arith.muli %4, %4 : i32
// CHECK-NEXT:       %6 = arith.addi %5, %1 : i32
// CHECK-NEXT:       scf.yield %6 : i32
// CHECK-NEXT:     } else {
// CHECK-NEXT:       scf.yield %0 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     %3 = arith.addi %0, %2 : i32
// CHECK-NEXT:     return %3 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @constant_condition(%arg0: i32) -> i32 {
// CHECK-NEXT:     %true = arith.constant true
// CHECK-NEXT:     %0 = scf.if %true -> (i32) {
// CHECK-NEXT:       %1 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:       scf.yield %1 : i32
// CHECK-NEXT:     } else {
// CHECK-NEXT:       scf.yield %arg0 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @loops_are_not_sunk_into(%arg0: i32, %arg1: index) -> i32 {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:     %1 = scf.for %arg2 = %c0 to %arg1 step %c1 iter_args(%arg3 = %arg0) -> (i32) {
// CHECK-NEXT:       %2 = arith.addi %arg3, %0 : i32
// CHECK-NEXT:       scf.yield %2 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     return %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @switch_and_nested(%arg0: index, %arg1: i32) -> i32 {
// CHECK-NEXT:     %0 = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT:     %1 = scf.index_switch %arg0 -> i32 
// CHECK-NEXT:     case 0 {
// CHECK-NEXT:       %2 = scf.execute_region -> i32 {
// CHECK-NEXT:         scf.yield %0 : i32
// CHECK-NEXT:       }
// CHECK-NEXT:       scf.yield %2 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     case 1 {
// CHECK-NEXT:       %2 = arith.muli %arg1, %arg1 : i32
// CHECK-NEXT:       %3 = arith.addi %2, %2 : i32
// CHECK-NEXT:       scf.yield %3 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     default {
// CHECK-NEXT:       scf.yield %arg1 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     return %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @affine_if(%arg0: memref<4xi32>, %arg1: i32, %arg2: index) {
// CHECK-NEXT:     %0 = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT:     affine.if #set(%arg2) {
// CHECK-NEXT:       memref.store %0, %arg0[%arg2] : memref<4xi32>
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
