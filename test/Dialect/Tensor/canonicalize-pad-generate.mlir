// RUN: lamina-opt %s -canonicalize | FileCheck %s
// tensor.pad and tensor.generate patterns; expectations printed by mlir-opt.

func.func @pads(%t: tensor<?x64x?x?xf32>, %s: tensor<5x6xf32>, %u: tensor<4x4xf32>, %p: index) -> (tensor<?x?x?x?xf32>, tensor<5x6xf32>, tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 0.0 : f32
  %0 = tensor.cast %t : tensor<?x64x?x?xf32> to tensor<?x?x?x?xf32>
  %1 = tensor.pad %0 low[%c0, %c0, %c1, %c1] high[%c0, %c0, %c1, %c1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %cst : f32
  } : tensor<?x?x?x?xf32> to tensor<?x?x?x?xf32>
  %2 = tensor.pad %s low[0, %c0] high[%c0, 0] {
  ^bb0(%a: index, %b: index):
    tensor.yield %cst : f32
  } : tensor<5x6xf32> to tensor<5x6xf32>
  %3 = tensor.pad %u low[%p, %c1] high[1, 0] {
  ^bb0(%a: index, %b: index):
    tensor.yield %cst : f32
  } : tensor<4x4xf32> to tensor<?x?xf32>
  return %1, %2, %3 : tensor<?x?x?x?xf32>, tensor<5x6xf32>, tensor<?x?xf32>
}

func.func @generates(%i: index, %s: index, %x: tensor<?xf32>) -> (tensor<?x?xindex>, index) {
  %c5 = arith.constant 5 : index
  %0 = tensor.generate %s, %c5 {
  ^bb0(%a: index, %b: index):
    %1 = arith.addi %a, %b : index
    tensor.yield %1 : index
  } : tensor<?x?xindex>
  %2 = tensor.generate %s {
  ^bb0(%a: index):
    %3 = arith.muli %a, %a : index
    tensor.yield %3 : index
  } : tensor<?xindex>
  %4 = tensor.extract %2[%i] : tensor<?xindex>
  return %0, %4 : tensor<?x?xindex>, index
}

// CHECK-LABEL: func.func @pads(
// CHECK-SAME: %arg0: tensor<?x64x?x?xf32>, %arg1: tensor<5x6xf32>, %arg2: tensor<4x4xf32>, %arg3: index) -> (tensor<?x?x?x?xf32>, tensor<5x6xf32>, tensor<?x?xf32>) {
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
// CHECK-NEXT: ^bb0(%arg4: index, %arg5: index, %arg6: index, %arg7: index):
// CHECK-NEXT: tensor.yield %cst : f32
// CHECK-NEXT: } : tensor<?x64x?x?xf32> to tensor<?x64x?x?xf32>
// CHECK-NEXT: %cast = tensor.cast %padded : tensor<?x64x?x?xf32> to tensor<?x?x?x?xf32>
// CHECK-NEXT: %padded_0 = tensor.pad %arg2 low[%arg3, 1] high[1, 0] {
// CHECK-NEXT: ^bb0(%arg4: index, %arg5: index):
// CHECK-NEXT: tensor.yield %cst : f32
// CHECK-NEXT: } : tensor<4x4xf32> to tensor<?x5xf32>
// CHECK-NEXT: %cast_1 = tensor.cast %padded_0 : tensor<?x5xf32> to tensor<?x?xf32>
// CHECK-NEXT: return %cast, %arg1, %cast_1 : tensor<?x?x?x?xf32>, tensor<5x6xf32>, tensor<?x?xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @generates(
// CHECK-SAME: %arg0: index, %arg1: index, %arg2: tensor<?xf32>) -> (tensor<?x?xindex>, index) {
// CHECK-NEXT: %generated = tensor.generate %arg1 {
// CHECK-NEXT: ^bb0(%arg3: index, %arg4: index):
// CHECK-NEXT: %1 = arith.addi %arg3, %arg4 : index
// CHECK-NEXT: tensor.yield %1 : index
// CHECK-NEXT: } : tensor<?x5xindex>
// CHECK-NEXT: %cast = tensor.cast %generated : tensor<?x5xindex> to tensor<?x?xindex>
// CHECK-NEXT: %0 = arith.muli %arg0, %arg0 : index
// CHECK-NEXT: return %cast, %0 : tensor<?x?xindex>, index
// CHECK-NEXT: }
