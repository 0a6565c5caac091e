// test-scf-pipelining on schedules it rejects (an op without a stage, an op
// scheduled before its operands: mlir-opt's messages) or declines silently
// (a loop yielding an iter_arg); a nested op's marker loses its schedule
// slot to the op that holds it. The CHECK lines, at the end, are mlir-opt's
// output (utils/update-mlir-checks.py).
// RUN: lamina-opt -test-scf-pipelining -split-input-file -verify-diagnostics %s | FileCheck %s

func.func @missing_stage(%A: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %v = memref.load %A[%i] { __test_pipelining_stage__ = 0, __test_pipelining_op_order__ = 0 } : memref<?xf32>
    // expected-error@+1 {{'arith.addf' op not assigned a pipeline stage}}
    %w = arith.addf %v, %v : f32
    memref.store %w, %A[%i] { __test_pipelining_stage__ = 1, __test_pipelining_op_order__ = 1 } : memref<?xf32>
  } { __test_pipelining_loop__ }
  return
}

// -----

func.func @nested_stage(%A: memref<?xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %v = memref.load %A[%i] { __test_pipelining_stage__ = 0, __test_pipelining_op_order__ = 0 } : memref<?xf32>
    scf.if %c {
      memref.store %v, %A[%i] { __test_pipelining_stage__ = 1, __test_pipelining_op_order__ = 1 } : memref<?xf32>
    } { __test_pipelining_stage__ = 1, __test_pipelining_op_order__ = 1 }
  } { __test_pipelining_loop__ }
  return
}

// -----

func.func @before_operands(%A: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %v = memref.load %A[%i] { __test_pipelining_stage__ = 1, __test_pipelining_op_order__ = 1 } : memref<?xf32>
    // expected-error@+1 {{operation scheduled before its operands}}
    memref.store %v, %A[%i] { __test_pipelining_stage__ = 0, __test_pipelining_op_order__ = 0 } : memref<?xf32>
  } { __test_pipelining_loop__ }
  return
}

// -----

func.func @carried_arg(%A: memref<?xf32>, %f: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%a = %f) -> f32 {
    memref.store %a, %A[%i] { __test_pipelining_stage__ = 0, __test_pipelining_op_order__ = 0 } : memref<?xf32>
    scf.yield %a : f32
  } { __test_pipelining_loop__ }
  return %r : f32
}

// GEN: -test-scf-pipelining -split-input-file -verify-diagnostics
// CHECK: module {
// CHECK-NEXT:   func.func @missing_stage(%arg0: memref<?xf32>) {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c8 = arith.constant 8 : index
// CHECK-NEXT:     scf.for %arg1 = %c0 to %c8 step %c1 {
// CHECK-NEXT:       %0 = memref.load %arg0[%arg1] : memref<?xf32>
// CHECK-NEXT:       %1 = arith.addf %0, %0 : f32
// CHECK-NEXT:       memref.store %1, %arg0[%arg1] : memref<?xf32>
// CHECK-NEXT:     } {__test_pipelining_loop__}
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // -----
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @nested_stage(%arg0: memref<?xf32>, %arg1: i1) {
// CHECK-NEXT:     %c7 = arith.constant 7 : index
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %0 = memref.load %arg0[%c0] : memref<?xf32>
// CHECK-NEXT:     %1 = scf.for %arg2 = %c0 to %c7 step %c1 iter_args(%arg3 = %0) -> (f32) {
// CHECK-NEXT:       %2 = arith.addi %arg2, %c1 : index
// CHECK-NEXT:       %3 = memref.load %arg0[%2] : memref<?xf32>
// CHECK-NEXT:       scf.if %arg1 {
// CHECK-NEXT:         memref.store %arg3, %arg0[%arg2] : memref<?xf32>
// CHECK-NEXT:       }
// CHECK-NEXT:       scf.yield %3 : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.if %arg1 {
// CHECK-NEXT:       memref.store %1, %arg0[%c7] : memref<?xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // -----
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @before_operands(%arg0: memref<?xf32>) {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c8 = arith.constant 8 : index
// CHECK-NEXT:     scf.for %arg1 = %c0 to %c8 step %c1 {
// CHECK-NEXT:       %0 = memref.load %arg0[%arg1] : memref<?xf32>
// CHECK-NEXT:       memref.store %0, %arg0[%arg1] : memref<?xf32>
// CHECK-NEXT:     } {__test_pipelining_loop__}
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // -----
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @carried_arg(%arg0: memref<?xf32>, %arg1: f32) -> f32 {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c8 = arith.constant 8 : index
// CHECK-NEXT:     %0 = scf.for %arg2 = %c0 to %c8 step %c1 iter_args(%arg3 = %arg1) -> (f32) {
// CHECK-NEXT:       memref.store %arg3, %arg0[%arg2] : memref<?xf32>
// CHECK-NEXT:       scf.yield %arg3 : f32
// CHECK-NEXT:     } {__test_pipelining_loop__}
// CHECK-NEXT:     return %0 : f32
// CHECK-NEXT:   }
// CHECK-NEXT: }
