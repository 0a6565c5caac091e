// RUN: lamina-opt %s -canonicalize | FileCheck %s
// scf.forall canonicalization; expectations printed by mlir-opt.

func.func @control_operands(%a: tensor<?x10xf32>, %b: tensor<?x10xf32>) -> tensor<?x10xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %a, %c0 : tensor<?x10xf32>
  %d1 = tensor.dim %a, %c1 : tensor<?x10xf32>
  %r = scf.forall (%i, %j) = (%c0, %c0) to (%d0, %d1) step (%c1, %c1) shared_outs(%o = %b) -> (tensor<?x10xf32>) {
    %s = tensor.extract_slice %b[%i, %j] [1, 1] [1, 1] : tensor<?x10xf32> to tensor<1x1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i, %j] [1, 1] [1, 1] : tensor<1x1xf32> into tensor<?x10xf32>
    }
  }
  return %r : tensor<?x10xf32>
}

func.func @single_and_zero(%t: tensor<8x8xf32>, %s: tensor<2x3xf32>, %n: index) -> (tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %0 = scf.forall (%i, %j) = (%c0, %c0) to (%c1, %c1) step (%c8, %c8) shared_outs(%o = %t) -> (tensor<8x8xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i, %j] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<8x8xf32>
    }
  }
  %1 = scf.forall (%i, %j) = (%c0, %c16) to (%c1, %c16) step (%c8, %c8) shared_outs(%o = %t) -> (tensor<8x8xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i, %j] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<8x8xf32>
    }
  }
  %2 = scf.forall (%i, %j) in (%n, 1) shared_outs(%o = %t) -> (tensor<8x8xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i, %j] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<8x8xf32>
    }
  }
  return %0, %1, %2 : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>
}

// CHECK-LABEL: func.func @control_operands(
// CHECK-SAME: %arg0: tensor<?x10xf32>, %arg1: tensor<?x10xf32>) -> tensor<?x10xf32> {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %dim = tensor.dim %arg0, %c0 : tensor<?x10xf32>
// CHECK-NEXT: %0 = scf.forall (%arg2, %arg3) in (%dim, 10) shared_outs(%arg4 = %arg1) -> (tensor<?x10xf32>) {
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg1[%arg2, %arg3] [1, 1] [1, 1] : tensor<?x10xf32> to tensor<1x1xf32>
// CHECK-NEXT: scf.forall.in_parallel {
// CHECK-NEXT: tensor.parallel_insert_slice %extracted_slice into %arg4[%arg2, %arg3] [1, 1] [1, 1] : tensor<1x1xf32> into tensor<?x10xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : tensor<?x10xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @single_and_zero(
// CHECK-SAME: %arg0: tensor<8x8xf32>, %arg1: tensor<2x3xf32>, %arg2: index) -> (tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) {
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %arg1 into %arg0[0, 0] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<8x8xf32>
// CHECK-NEXT: %0 = scf.forall (%arg3) in (%arg2) shared_outs(%arg4 = %arg0) -> (tensor<8x8xf32>) {
// CHECK-NEXT: scf.forall.in_parallel {
// CHECK-NEXT: tensor.parallel_insert_slice %arg1 into %arg4[%arg3, 0] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<8x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return %inserted_slice, %arg0, %0 : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>
// CHECK-NEXT: }
