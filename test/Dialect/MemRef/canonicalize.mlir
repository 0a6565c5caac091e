// Canonicalization patterns of the memref ops: constant allocation sizes,
// dead allocations, empty and self copies, dim of reshape, reshape
// composition, casts folded into collapse_shape and subview, constant subview
// and view arguments, trivial subviews and reinterpret_cast of
// extract_strided_metadata. The CHECK lines are mlir-opt's output, generated
// by utils/update-mlir-checks.py.
// RUN: lamina-opt -canonicalize=test-convergence %s | FileCheck %s
// GEN: -canonicalize=test-convergence
// CHECK: module {
// CHECK-NEXT:   func.func @alloc_const(%arg0: index) -> (memref<?x?xf32>, memref<?xf32>) {
// CHECK-NEXT:     %c-1 = arith.constant -1 : index
// CHECK-NEXT:     %alloc = memref.alloc(%arg0) {alignment = 64 : i64} : memref<3x?xf32>
// CHECK-NEXT:     %cast = memref.cast %alloc : memref<3x?xf32> to memref<?x?xf32>
// CHECK-NEXT:     %alloca = memref.alloca(%c-1) : memref<?xf32>
// CHECK-NEXT:     return %cast, %alloca : memref<?x?xf32>, memref<?xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @dead_allocs(%arg0: f32, %arg1: index, %arg2: memref<2xf32>, %arg3: memref<memref<4xf32>>) {
// CHECK-NEXT:     %alloc = memref.alloc() : memref<4xf32>
// CHECK-NEXT:     memref.store %alloc, %arg3[] : memref<memref<4xf32>>
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @copies(%arg0: memref<4x0xf32>, %arg1: memref<4x0xf32>, %arg2: memref<?xf32>, %arg3: memref<8xf32>) {
// CHECK-NEXT:     memref.copy %arg3, %arg2 : memref<8xf32> to memref<?xf32>
// CHECK-NEXT:     memref.copy %arg2, %arg3 : memref<?xf32> to memref<8xf32>
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @reshapes(%arg0: memref<?x4x?xf32>, %arg1: index, %arg2: index) -> (memref<?x?xf32>, memref<?x4x?x2xf32>, memref<?xf32>) {
// CHECK-NEXT:     %collapse_shape = memref.collapse_shape %arg0 {{\[\[}}0, 1], [2]] : memref<?x4x?xf32> into memref<?x?xf32>
// CHECK-NEXT:     %collapse_shape_0 = memref.collapse_shape %arg0 {{\[\[}}0, 1, 2]] : memref<?x4x?xf32> into memref<?xf32>
// CHECK-NEXT:     %expand_shape = memref.expand_shape %collapse_shape_0 {{\[\[}}0, 1, 2, 3]] output_shape [%arg1, 4, %arg2, 2] : memref<?xf32> into memref<?x4x?x2xf32>
// CHECK-NEXT:     %collapse_shape_1 = memref.collapse_shape %arg0 {{\[\[}}0, 1, 2]] : memref<?x4x?xf32> into memref<?xf32>
// CHECK-NEXT:     return %collapse_shape, %expand_shape, %collapse_shape_1 : memref<?x?xf32>, memref<?x4x?x2xf32>, memref<?xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @collapse_of_expand_to_expand(%arg0: memref<?x?xf32>, %arg1: index, %arg2: index) -> memref<?x?x?xf32> {
// CHECK-NEXT:     %c4 = arith.constant 4 : index
// CHECK-NEXT:     %0 = arith.muli %arg1, %c4 : index
// CHECK-NEXT:     %expand_shape = memref.expand_shape %arg0 {{\[\[}}0], [1, 2]] output_shape [%0, %arg2, 6] : memref<?x?xf32> into memref<?x?x6xf32>
// CHECK-NEXT:     %cast = memref.cast %expand_shape : memref<?x?x6xf32> to memref<?x?x?xf32>
// CHECK-NEXT:     return %cast : memref<?x?x?xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @collapse_of_expand_static(%arg0: memref<6x?xf32>, %arg1: index) -> memref<2x3x?xf32> {
// CHECK-NEXT:     %c5 = arith.constant 5 : index
// CHECK-NEXT:     %0 = arith.muli %arg1, %c5 : index
// CHECK-NEXT:     %expand_shape = memref.expand_shape %arg0 {{\[\[}}0, 1], [2]] output_shape [2, 3, %0] : memref<6x?xf32> into memref<2x3x?xf32>
// CHECK-NEXT:     return %expand_shape : memref<2x3x?xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @expand_of_collapse(%arg0: memref<2x3x4x5xf32>) -> (memref<6x4x5xf32>, memref<2x3x20x1xf32>) {
// CHECK-NEXT:     %collapse_shape = memref.collapse_shape %arg0 {{\[\[}}0, 1], [2, 3]] : memref<2x3x4x5xf32> into memref<6x20xf32>
// CHECK-NEXT:     %collapse_shape_0 = memref.collapse_shape %arg0 {{\[\[}}0, 1], [2], [3]] : memref<2x3x4x5xf32> into memref<6x4x5xf32>
// CHECK-NEXT:     %expand_shape = memref.expand_shape %collapse_shape {{\[\[}}0, 1], [2, 3]] output_shape [2, 3, 20, 1] : memref<6x20xf32> into memref<2x3x20x1xf32>
// CHECK-NEXT:     return %collapse_shape_0, %expand_shape : memref<6x4x5xf32>, memref<2x3x20x1xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @collapse_of_cast(%arg0: memref<4x8xf32>) -> memref<?xf32> {
// CHECK-NEXT:     %collapse_shape = memref.collapse_shape %arg0 {{\[\[}}0, 1]] : memref<4x8xf32> into memref<32xf32>
// CHECK-NEXT:     %cast = memref.cast %collapse_shape : memref<32xf32> to memref<?xf32>
// CHECK-NEXT:     return %cast : memref<?xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @dim_of_reshape(%arg0: memref<*xf32>, %arg1: memref<2xi64>, %arg2: index) -> index {
// CHECK-NEXT:     %0 = memref.load %arg1[%arg2] : memref<2xi64>
// CHECK-NEXT:     %1 = arith.index_cast %0 : i64 to index
// CHECK-NEXT:     return %1 : index
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @subviews(%arg0: memref<16x16xf32>, %arg1: index) -> (memref<4x4xf32, strided<[?, ?], offset: ?>>, memref<16x16xf32, strided<[16, 1]>>, memref<?x4xf32, strided<[16, 1], offset: ?>>) {
// CHECK-NEXT:     %subview = memref.subview %arg0[0, 2] [4, 4] [2, 1] : memref<16x16xf32> to memref<4x4xf32, strided<[32, 1], offset: 2>>
// CHECK-NEXT:     %cast = memref.cast %subview : memref<4x4xf32, strided<[32, 1], offset: 2>> to memref<4x4xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT:     %cast_0 = memref.cast %arg0 : memref<16x16xf32> to memref<16x16xf32, strided<[16, 1]>>
// CHECK-NEXT:     %subview_1 = memref.subview %arg0[%arg1, 0] [%arg1, 4] [1, 1] : memref<16x16xf32> to memref<?x4xf32, strided<[16, 1], offset: ?>>
// CHECK-NEXT:     return %cast, %cast_0, %subview_1 : memref<4x4xf32, strided<[?, ?], offset: ?>>, memref<16x16xf32, strided<[16, 1]>>, memref<?x4xf32, strided<[16, 1], offset: ?>>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @views(%arg0: index) -> (memref<?x?xf32>, memref<?xf32>) {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %alloc = memref.alloc() : memref<2048xi8>
// CHECK-NEXT:     %view = memref.view %alloc[%c0][%arg0] : memref<2048xi8> to memref<8x?xf32>
// CHECK-NEXT:     %cast = memref.cast %view : memref<8x?xf32> to memref<?x?xf32>
// CHECK-NEXT:     %view_0 = memref.view %alloc[%arg0][%arg0] : memref<2048xi8> to memref<?xf32>
// CHECK-NEXT:     return %cast, %view_0 : memref<?x?xf32>, memref<?xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @reinterpret_of_metadata(%arg0: memref<8x4xf32>, %arg1: index) -> (memref<?x4xf32>, memref<?xf32, strided<[?], offset: ?>>) {
// CHECK-NEXT:     %cast = memref.cast %arg0 : memref<8x4xf32> to memref<?x4xf32>
// CHECK-NEXT:     %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [0], sizes: [%arg1], strides: [4] : memref<8x4xf32> to memref<?xf32, strided<[4]>>
// CHECK-NEXT:     %cast_0 = memref.cast %reinterpret_cast : memref<?xf32, strided<[4]>> to memref<?xf32, strided<[?], offset: ?>>
// CHECK-NEXT:     return %cast, %cast_0 : memref<?x4xf32>, memref<?xf32, strided<[?], offset: ?>>
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @alloc_const(%n: index) -> (memref<?x?xf32>, memref<?xf32>) {
  %c3 = arith.constant 3 : index
  %cm1 = arith.constant -1 : index
  %0 = memref.alloc(%c3, %n) {alignment = 64 : i64, foo} : memref<?x?xf32>
  %1 = memref.alloca(%cm1) : memref<?xf32>
  return %0, %1 : memref<?x?xf32>, memref<?xf32>
}
func.func @dead_allocs(%v: f32, %i: index, %m: memref<2xf32>, %h: memref<memref<4xf32>>) {
  %0 = memref.alloc() : memref<4xf32>
  memref.store %v, %0[%i] : memref<4xf32>
  memref.dealloc %0 : memref<4xf32>
  %1 = memref.alloca() : memref<4xf32>
  memref.store %v, %1[%i] : memref<4xf32>
  %2 = memref.alloc() : memref<4xf32>
  memref.store %2, %h[] : memref<memref<4xf32>>
  %3 = memref.realloc %m : memref<2xf32> to memref<4xf32>
  memref.dealloc %3 : memref<4xf32>
  return
}
func.func @copies(%a: memref<4x0xf32>, %b: memref<4x0xf32>, %c: memref<?xf32>, %d: memref<8xf32>) {
  memref.copy %a, %b : memref<4x0xf32> to memref<4x0xf32>
  memref.copy %c, %c : memref<?xf32> to memref<?xf32>
  %cast = memref.cast %d : memref<8xf32> to memref<?xf32>
  memref.copy %cast, %c : memref<?xf32> to memref<?xf32>
  memref.copy %c, %cast : memref<?xf32> to memref<?xf32>
  return
}
func.func @reshapes(%m: memref<?x4x?xf32>, %s: index, %t: index) -> (memref<?x?xf32>, memref<?x4x?x2xf32>, memref<?xf32>) {
  %0 = memref.expand_shape %m [[0], [1], [2, 3]] output_shape [%s, 4, %t, 2] : memref<?x4x?xf32> into memref<?x4x?x2xf32>
  %1 = memref.collapse_shape %0 [[0, 1], [2, 3]] : memref<?x4x?x2xf32> into memref<?x?xf32>
  %2 = memref.collapse_shape %m [[0, 1, 2]] : memref<?x4x?xf32> into memref<?xf32>
  %3 = memref.expand_shape %2 [[0, 1, 2, 3]] output_shape [%s, 4, %t, 2] : memref<?xf32> into memref<?x4x?x2xf32>
  %4 = memref.collapse_shape %m [[0, 1], [2]] : memref<?x4x?xf32> into memref<?x?xf32>
  %5 = memref.collapse_shape %4 [[0, 1]] : memref<?x?xf32> into memref<?xf32>
  return %1, %3, %5 : memref<?x?xf32>, memref<?x4x?x2xf32>, memref<?xf32>
}
func.func @collapse_of_expand_to_expand(%m: memref<?x?xf32>, %s: index, %t: index) -> memref<?x?x?xf32> {
  %0 = memref.expand_shape %m [[0, 1], [2, 3]] output_shape [%s, 4, %t, 6] : memref<?x?xf32> into memref<?x4x?x6xf32>
  %1 = memref.collapse_shape %0 [[0, 1], [2], [3]] : memref<?x4x?x6xf32> into memref<?x?x6xf32>
  %2 = memref.cast %1 : memref<?x?x6xf32> to memref<?x?x?xf32>
  return %2 : memref<?x?x?xf32>
}
func.func @collapse_of_expand_static(%m: memref<6x?xf32>, %s: index) -> memref<2x3x?xf32> {
  %0 = memref.expand_shape %m [[0, 1], [2, 3]] output_shape [2, 3, %s, 5] : memref<6x?xf32> into memref<2x3x?x5xf32>
  %1 = memref.collapse_shape %0 [[0], [1], [2, 3]] : memref<2x3x?x5xf32> into memref<2x3x?xf32>
  return %1 : memref<2x3x?xf32>
}
func.func @expand_of_collapse(%m: memref<2x3x4x5xf32>) -> (memref<6x4x5xf32>, memref<2x3x20x1xf32>) {
  %0 = memref.collapse_shape %m [[0, 1], [2, 3]] : memref<2x3x4x5xf32> into memref<6x20xf32>
  %1 = memref.expand_shape %0 [[0], [1, 2]] output_shape [6, 4, 5] : memref<6x20xf32> into memref<6x4x5xf32>
  %2 = memref.expand_shape %0 [[0, 1], [2, 3]] output_shape [2, 3, 20, 1] : memref<6x20xf32> into memref<2x3x20x1xf32>
  return %1, %2 : memref<6x4x5xf32>, memref<2x3x20x1xf32>
}
func.func @collapse_of_cast(%m: memref<4x8xf32>) -> memref<?xf32> {
  %0 = memref.cast %m : memref<4x8xf32> to memref<?x?xf32>
  %1 = memref.collapse_shape %0 [[0, 1]] : memref<?x?xf32> into memref<?xf32>
  return %1 : memref<?xf32>
}
func.func @dim_of_reshape(%m: memref<*xf32>, %shape: memref<2xi64>, %i: index) -> index {
  %r = memref.reshape %m(%shape) : (memref<*xf32>, memref<2xi64>) -> memref<?x?xf32>
  %d = memref.dim %r, %i : memref<?x?xf32>
  return %d : index
}
func.func @subviews(%m: memref<16x16xf32>, %i: index) -> (memref<4x4xf32, strided<[?, ?], offset: ?>>, memref<16x16xf32, strided<[16, 1]>>, memref<?x4xf32, strided<[16, 1], offset: ?>>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %0 = memref.subview %m[%c0, %c2] [4, %c4] [%c2, 1] : memref<16x16xf32> to memref<4x?xf32, strided<[?, 1], offset: ?>>
  %1 = memref.cast %0 : memref<4x?xf32, strided<[?, 1], offset: ?>> to memref<4x4xf32, strided<[?, ?], offset: ?>>
  %2 = memref.subview %m[0, 0] [16, 16] [1, 1] : memref<16x16xf32> to memref<16x16xf32, strided<[16, 1]>>
  %cast = memref.cast %m : memref<16x16xf32> to memref<?x?xf32>
  %3 = memref.subview %cast[%i, 0] [%i, 4] [1, 1] : memref<?x?xf32> to memref<?x4xf32, strided<[?, 1], offset: ?>>
  %4 = memref.cast %3 : memref<?x4xf32, strided<[?, 1], offset: ?>> to memref<?x4xf32, strided<[16, 1], offset: ?>>
  return %1, %2, %4 : memref<4x4xf32, strided<[?, ?], offset: ?>>, memref<16x16xf32, strided<[16, 1]>>, memref<?x4xf32, strided<[16, 1], offset: ?>>
}
func.func @views(%n: index) -> (memref<?x?xf32>, memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %buf = memref.alloc() : memref<2048xi8>
  %0 = memref.view %buf[%c0][%c8, %n] : memref<2048xi8> to memref<?x?xf32>
  %cast = memref.cast %buf : memref<2048xi8> to memref<?xi8>
  %1 = memref.view %cast[%n][%n] : memref<?xi8> to memref<?xf32>
  return %0, %1 : memref<?x?xf32>, memref<?xf32>
}
func.func @reinterpret_of_metadata(%m: memref<8x4xf32>, %s: index) -> (memref<?x4xf32>, memref<?xf32, strided<[?], offset: ?>>) {
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<8x4xf32> -> memref<f32>, index, index, index, index, index
  %0 = memref.reinterpret_cast %base to offset: [0], sizes: [%sizes#0, 4], strides: [4, 1] : memref<f32> to memref<?x4xf32>
  %1 = memref.reinterpret_cast %base to offset: [%offset], sizes: [%s], strides: [%strides#0] : memref<f32> to memref<?xf32, strided<[?], offset: ?>>
  return %0, %1 : memref<?x4xf32>, memref<?xf32, strided<[?], offset: ?>>
}
