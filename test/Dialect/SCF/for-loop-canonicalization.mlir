// RUN: lamina-opt -split-input-file -scf-for-loop-canonicalization %s | FileCheck %s

// dims of shape-preserving iter_args and results read the init (through
// insert_slice destinations and a nested loop); others stay.
func.func @dims(%t: tensor<?x?xf32>, %u: tensor<?x?xf32>, %s: tensor<4x4xf32>, %m: memref<?xf32>) -> (index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r:3 = scf.for %i = %c0 to %c8 step %c1 iter_args(%a = %t, %b = %u, %d = %c0) -> (tensor<?x?xf32>, tensor<?x?xf32>, index) {
    %x = tensor.dim %a, %c1 : tensor<?x?xf32>
    %y = tensor.dim %b, %c0 : tensor<?x?xf32>
    %ins = tensor.insert_slice %s into %a[0, 0] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<?x?xf32>
    %inner = scf.for %j = %c0 to %c8 step %c1 iter_args(%e = %ins) -> tensor<?x?xf32> {
      scf.yield %e : tensor<?x?xf32>
    }
    %sum = arith.addi %x, %y : index
    scf.yield %inner, %t, %sum : tensor<?x?xf32>, tensor<?x?xf32>, index
  }
  %p = tensor.dim %r#0, %c0 : tensor<?x?xf32>
  %q = tensor.dim %r#1, %c0 : tensor<?x?xf32>
  %w = scf.for %i = %c0 to %c8 step %c1 iter_args(%v = %m) -> memref<?xf32> {
    scf.yield %v : memref<?xf32>
  }
  %z = memref.dim %w, %c0 : memref<?xf32>
  return %p, %q, %r#2, %z : index, index, index, index
}

// Expected output, printed by mlir-opt 22:
// CHECK: module {
// CHECK-NEXT: func.func @dims(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>, %arg2: tensor<4x4xf32>, %arg3: memref<?xf32>) -> (index, index, index, index) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %0:3 = scf.for %arg4 = %c0 to %c8 step %c1 iter_args(%arg5 = %arg0, %arg6 = %arg1, %arg7 = %c0) -> (tensor<?x?xf32>, tensor<?x?xf32>, index) {
// CHECK-NEXT: %dim_2 = tensor.dim %arg0, %c1 : tensor<?x?xf32>
// CHECK-NEXT: %dim_3 = tensor.dim %arg6, %c0 : tensor<?x?xf32>
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %arg2 into %arg5[0, 0] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<?x?xf32>
// CHECK-NEXT: %1 = scf.for %arg8 = %c0 to %c8 step %c1 iter_args(%arg9 = %inserted_slice) -> (tensor<?x?xf32>) {
// CHECK-NEXT: scf.yield %arg9 : tensor<?x?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %2 = arith.addi %dim_2, %dim_3 : index
// CHECK-NEXT: scf.yield %1, %arg0, %2 : tensor<?x?xf32>, tensor<?x?xf32>, index
// CHECK-NEXT: }
// CHECK-NEXT: %dim = tensor.dim %arg0, %c0 : tensor<?x?xf32>
// CHECK-NEXT: %dim_0 = tensor.dim %0#1, %c0 : tensor<?x?xf32>
// CHECK-NEXT: %dim_1 = memref.dim %arg3, %c0 : memref<?xf32>
// CHECK-NEXT: return %dim, %dim_0, %0#2, %dim_1 : index, index, index, index
// CHECK-NEXT: }
// CHECK-NEXT: }
