// test-scf-pipelining declines a schedule with a stage over 4096 (here -1,
// read as 2^32 - 1 as mlir-opt reads it): the loop is left as it is, its
// stage markers dropped. A Lamina limit: mlir-opt runs out of memory
// emitting the prologue, so these CHECK lines are written by hand.
// RUN: lamina-opt -test-scf-pipelining %s | FileCheck %s

// CHECK-LABEL: func.func @hostile_stage
// CHECK: scf.for %arg2 = %c0 to %c2 step %c1 {
// CHECK-NEXT: %0 = memref.load %arg0[%arg2] : memref<?xf32>
// CHECK-NEXT: memref.store %0, %arg1[%arg2] : memref<?xf32>
// CHECK-NEXT: } {__test_pipelining_loop__}
func.func @hostile_stage(%A: memref<?xf32>, %result: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i0 = %c0 to %c2 step %c1 {
    %A_elem = memref.load %A[%i0] { __test_pipelining_stage__ = 0, __test_pipelining_op_order__ = 1 } : memref<?xf32>
    memref.store %A_elem, %result[%i0] { __test_pipelining_stage__ = -1, __test_pipelining_op_order__ = 0 } : memref<?xf32>
  } { __test_pipelining_loop__ }
  return
}
