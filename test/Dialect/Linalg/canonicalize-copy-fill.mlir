// RUN: lamina-opt %s -canonicalize | FileCheck %s
// EraseSelfCopy and FoldFillWithCopy; expectations printed by mlir-opt.

func.func @copies(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %m: memref<?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  linalg.copy ins(%m : memref<?xf32>) outs(%m : memref<?xf32>)
  %c0 = arith.constant 0.0 : f32
  %fill = linalg.fill ins(%c0 : f32) outs(%a : tensor<?x?xf32>) -> tensor<?x?xf32>
  %0 = linalg.copy ins(%fill : tensor<?x?xf32>) outs(%b : tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = linalg.copy ins(%b : tensor<?x?xf32>) outs(%fill : tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = linalg.copy ins(%a : tensor<?x?xf32>) outs(%a : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0, %1, %2 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}

// CHECK-LABEL: func.func @copies(
// CHECK-SAME: %arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>, %arg2: memref<?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %0 = linalg.fill ins(%cst : f32) outs(%arg1 : tensor<?x?xf32>) -> tensor<?x?xf32>
// CHECK-NEXT: %1 = linalg.copy ins(%arg1 : tensor<?x?xf32>) outs(%arg0 : tensor<?x?xf32>) -> tensor<?x?xf32>
// CHECK-NEXT: return %0, %1, %arg0 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
// CHECK-NEXT: }
