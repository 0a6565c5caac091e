// RUN: lamina-opt %s -canonicalize | FileCheck %s
// Folders and patterns of the tensor ops; expectations printed by mlir-opt.

func.func @casts(%a: tensor<4xi32>, %u: tensor<*xi32>) -> (tensor<4xi32>, tensor<4x8xi32>, tensor<4xf32>) {
  %0 = tensor.cast %a : tensor<4xi32> to tensor<?xi32>
  %1 = tensor.cast %0 : tensor<?xi32> to tensor<4xi32>
  %2 = tensor.cast %u : tensor<*xi32> to tensor<4x?xi32>
  %3 = tensor.cast %2 : tensor<4x?xi32> to tensor<4x8xi32>
  %4 = tensor.bitcast %a : tensor<4xi32> to tensor<4xui32>
  %5 = tensor.bitcast %4 : tensor<4xui32> to tensor<4xf32>
  return %1, %3, %5 : tensor<4xi32>, tensor<4x8xi32>, tensor<4xf32>
}

func.func @dims(%t: tensor<4x?xf32>, %s: index, %u: tensor<*xf32>) -> (index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %t, %c0 : tensor<4x?xf32>
  %e = tensor.empty(%s) : tensor<?x8xf32>
  %d1 = tensor.dim %e, %c0 : tensor<?x8xf32>
  %c = tensor.cast %t : tensor<4x?xf32> to tensor<?x?xf32>
  %d2 = tensor.dim %c, %c1 : tensor<?x?xf32>
  %r = tensor.rank %t : tensor<4x?xf32>
  return %d0, %d1, %d2, %r : index, index, index, index
}

func.func @extracts(%i: index, %x: f32, %y: f32) -> (f32, i32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %splat = arith.constant dense<4.0> : tensor<4xf32>
  %0 = tensor.extract %splat[%i] : tensor<4xf32>
  %dense = arith.constant dense<[[1, -2], [0, 64]]> : tensor<2x2xi32>
  %1 = tensor.extract %dense[%c1, %c1] : tensor<2x2xi32>
  %fe = tensor.from_elements %x, %y : tensor<2xf32>
  %2 = tensor.extract %fe[%c1] : tensor<2xf32>
  %ins = tensor.insert %x into %fe[%i] : tensor<2xf32>
  %3 = tensor.extract %ins[%i] : tensor<2xf32>
  return %0, %1, %2, %3 : f32, i32, f32, f32
}

func.func @slices(%t: tensor<8x16xf32>, %d: tensor<?x?xf32>, %o: index) -> (tensor<8x16xf32>, tensor<?x4xf32>, tensor<8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %0 = tensor.extract_slice %t[0, 0] [8, 16] [1, 1] : tensor<8x16xf32> to tensor<8x16xf32>
  %1 = tensor.extract_slice %d[%c0, %o] [%o, %c4] [%c1, %c1] : tensor<?x?xf32> to tensor<?x?xf32>
  %2 = tensor.cast %1 : tensor<?x?xf32> to tensor<?x4xf32>
  %3 = tensor.extract_slice %t[0, 0] [2, 4] [1, 1] : tensor<8x16xf32> to tensor<2x4xf32>
  %4 = tensor.insert_slice %3 into %t[0, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<8x16xf32>
  return %0, %2, %4 : tensor<8x16xf32>, tensor<?x4xf32>, tensor<8x16xf32>
}

func.func @reshapes(%a: tensor<12x4xf32>, %b: tensor<?x?xf32>, %s0: index, %s1: index, %x: f32) -> (tensor<12x4xf32>, tensor<?x?xf32>, tensor<2x3x2xf32>, tensor<3x4x4xf32>, tensor<6xf32>) {
  %0 = tensor.expand_shape %a [[0, 1], [2]] output_shape [3, 4, 4] : tensor<12x4xf32> into tensor<3x4x4xf32>
  %1 = tensor.collapse_shape %0 [[0, 1], [2]] : tensor<3x4x4xf32> into tensor<12x4xf32>
  %2 = tensor.expand_shape %b [[0, 1], [2]] output_shape [%s0, 4, %s1] : tensor<?x?xf32> into tensor<?x4x?xf32>
  %3 = tensor.collapse_shape %2 [[0, 1], [2]] : tensor<?x4x?xf32> into tensor<?x?xf32>
  %cst = arith.constant dense<1.0> : tensor<12xf32>
  %4 = tensor.expand_shape %cst [[0, 1, 2]] output_shape [2, 3, 2] : tensor<12xf32> into tensor<2x3x2xf32>
  %5 = tensor.expand_shape %0 [[0], [1], [2]] output_shape [3, 4, 4] : tensor<3x4x4xf32> into tensor<3x4x4xf32>
  %6 = tensor.splat %x : tensor<2x3xf32>
  %7 = tensor.collapse_shape %6 [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  return %1, %3, %4, %5, %7 : tensor<12x4xf32>, tensor<?x?xf32>, tensor<2x3x2xf32>, tensor<3x4x4xf32>, tensor<6xf32>
}

func.func @empty_and_concat(%t: tensor<1x2x?xi32>) -> (tensor<4x5xf32>, tensor<1x2x3xi32>) {
  %c5 = arith.constant 5 : index
  %0 = tensor.empty(%c5) : tensor<4x?xf32>
  %1 = tensor.cast %0 : tensor<4x?xf32> to tensor<4x5xf32>
  %2 = tensor.concat dim(2) %t : (tensor<1x2x?xi32>) -> tensor<1x2x3xi32>
  return %1, %2 : tensor<4x5xf32>, tensor<1x2x3xi32>
}

// CHECK-LABEL: func.func @casts(
// CHECK-SAME: %arg0: tensor<4xi32>, %arg1: tensor<*xi32>) -> (tensor<4xi32>, tensor<4x8xi32>, tensor<4xf32>) {
// CHECK-NEXT: %cast = tensor.cast %arg1 : tensor<*xi32> to tensor<4x8xi32>
// CHECK-NEXT: %0 = tensor.bitcast %arg0 : tensor<4xi32> to tensor<4xf32>
// CHECK-NEXT: return %arg0, %cast, %0 : tensor<4xi32>, tensor<4x8xi32>, tensor<4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @dims(
// CHECK-SAME: %arg0: tensor<4x?xf32>, %arg1: index, %arg2: tensor<*xf32>) -> (index, index, index, index) {
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %dim = tensor.dim %arg0, %c1 : tensor<4x?xf32>
// CHECK-NEXT: return %c4, %arg1, %dim, %c2 : index, index, index, index
// CHECK-NEXT: }
// CHECK-LABEL: func.func @extracts(
// CHECK-SAME: %arg0: index, %arg1: f32, %arg2: f32) -> (f32, i32, f32, f32) {
// CHECK-NEXT: %cst = arith.constant 4.000000e+00 : f32
// CHECK-NEXT: %c64_i32 = arith.constant 64 : i32
// CHECK-NEXT: %from_elements = tensor.from_elements %arg1, %arg2 : tensor<2xf32>
// CHECK-NEXT: %inserted = tensor.insert %arg1 into %from_elements[%arg0] : tensor<2xf32>
// CHECK-NEXT: %extracted = tensor.extract %inserted[%arg0] : tensor<2xf32>
// CHECK-NEXT: return %cst, %c64_i32, %arg2, %extracted : f32, i32, f32, f32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @slices(
// CHECK-SAME: %arg0: tensor<8x16xf32>, %arg1: tensor<?x?xf32>, %arg2: index) -> (tensor<8x16xf32>, tensor<?x4xf32>, tensor<8x16xf32>) {
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg1[0, %arg2] [%arg2, 4] [1, 1] : tensor<?x?xf32> to tensor<?x4xf32>
// CHECK-NEXT: return %arg0, %extracted_slice, %arg0 : tensor<8x16xf32>, tensor<?x4xf32>, tensor<8x16xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @reshapes(
// CHECK-SAME: %arg0: tensor<12x4xf32>, %arg1: tensor<?x?xf32>, %arg2: index, %arg3: index, %arg4: f32) -> (tensor<12x4xf32>, tensor<?x?xf32>, tensor<2x3x2xf32>, tensor<3x4x4xf32>, tensor<6xf32>) {
// CHECK-NEXT: %cst = arith.constant dense<1.000000e+00> : tensor<2x3x2xf32>
// CHECK-NEXT: %expanded = tensor.expand_shape %arg0 {{\[\[}}0, 1], [2]] output_shape [3, 4, 4] : tensor<12x4xf32> into tensor<3x4x4xf32>
// CHECK-NEXT: %splat = tensor.splat %arg4 : tensor<6xf32>
// CHECK-NEXT: return %arg0, %arg1, %cst, %expanded, %splat : tensor<12x4xf32>, tensor<?x?xf32>, tensor<2x3x2xf32>, tensor<3x4x4xf32>, tensor<6xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @empty_and_concat(
// CHECK-SAME: %arg0: tensor<1x2x?xi32>) -> (tensor<4x5xf32>, tensor<1x2x3xi32>) {
// CHECK-NEXT: %0 = tensor.empty() : tensor<4x5xf32>
// CHECK-NEXT: %cast = tensor.cast %arg0 : tensor<1x2x?xi32> to tensor<1x2x3xi32>
// CHECK-NEXT: return %0, %cast : tensor<4x5xf32>, tensor<1x2x3xi32>
// CHECK-NEXT: }
