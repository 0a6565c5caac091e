// RUN: lamina-opt -split-input-file -expand-strided-metadata %s | FileCheck %s

// Views become reinterpret_casts of their source's base buffer.
func.func @views(%m: memref<?x8xf32, strided<[?, 1], offset: ?>>, %o: index, %s: index, %n: index)
    -> (memref<4x?xf32, strided<[?, ?], offset: ?>>, memref<?x2x4xf32, strided<[?, 4, 1], offset: ?>>,
        memref<?xf32, strided<[1], offset: ?>>) {
  %sv = memref.subview %m[%o, 2] [4, %n] [2, %s] : memref<?x8xf32, strided<[?, 1], offset: ?>> to memref<4x?xf32, strided<[?, ?], offset: ?>>
  %e = memref.expand_shape %m [[0], [1, 2]] output_shape [%n, 2, 4] : memref<?x8xf32, strided<[?, 1], offset: ?>> into memref<?x2x4xf32, strided<[?, 4, 1], offset: ?>>
  %c = memref.collapse_shape %m [[0, 1]] : memref<?x8xf32, strided<[?, 1], offset: ?>> into memref<?xf32, strided<[1], offset: ?>>
  return %sv, %e, %c : memref<4x?xf32, strided<[?, ?], offset: ?>>, memref<?x2x4xf32, strided<[?, 4, 1], offset: ?>>, memref<?xf32, strided<[1], offset: ?>>
}

// -----

// Metadata of allocations, casts and reinterpret_casts.
func.func @metadata(%n: index, %x: memref<?x?xf32>) -> (index, index, index, index, index, index) {
  %a = memref.alloc(%n) : memref<4x?x3xf32>
  %base, %off, %sizes:3, %strides:3 = memref.extract_strided_metadata %a : memref<4x?x3xf32> -> memref<f32>, index, index, index, index, index, index, index
  %c = memref.cast %x : memref<?x?xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %b2, %off2, %sizes2:2, %strides2:2 = memref.extract_strided_metadata %c : memref<?x?xf32, strided<[?, ?], offset: ?>> -> memref<f32>, index, index, index, index, index
  %r = memref.reinterpret_cast %x to offset: [%n], sizes: [5], strides: [%n] : memref<?x?xf32> to memref<5xf32, strided<[?], offset: ?>>
  %b3, %off3, %size3, %stride3 = memref.extract_strided_metadata %r : memref<5xf32, strided<[?], offset: ?>> -> memref<f32>, index, index, index
  %p = memref.extract_aligned_pointer_as_index %r : memref<5xf32, strided<[?], offset: ?>> -> index
  return %strides#0, %off2, %strides2#1, %off3, %size3, %p : index, index, index, index, index, index
}

// Expected output, printed by mlir-opt 22:
// CHECK: #map = affine_map<()[s0] -> (s0 * 2)>
// CHECK-NEXT: #map1 = affine_map<()[s0, s1, s2] -> (s0 + s1 * s2 + 2)>
// CHECK-NEXT: #map2 = affine_map<()[s0] -> (s0 * 8)>
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @views(%arg0: memref<?x8xf32, strided<[?, 1], offset: ?>>, %arg1: index, %arg2: index, %arg3: index) -> (memref<4x?xf32, strided<[?, ?], offset: ?>>, memref<?x2x4xf32, strided<[?, 4, 1], offset: ?>>, memref<?xf32, strided<[1], offset: ?>>) {
// CHECK-NEXT: %base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %arg0 : memref<?x8xf32, strided<[?, 1], offset: ?>> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT: %0 = affine.apply #map()[%strides#0]
// CHECK-NEXT: %1 = affine.apply #map1()[%offset, %arg1, %strides#0]
// CHECK-NEXT: %reinterpret_cast = memref.reinterpret_cast %base_buffer to offset: [%1], sizes: [4, %arg3], strides: [%0, %arg2] : memref<f32> to memref<4x?xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT: %base_buffer_0, %offset_1, %sizes_2:2, %strides_3:2 = memref.extract_strided_metadata %arg0 : memref<?x8xf32, strided<[?, 1], offset: ?>> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT: %reinterpret_cast_4 = memref.reinterpret_cast %base_buffer_0 to offset: [%offset_1], sizes: [%sizes_2#0, 2, 4], strides: [%strides_3#0, 4, 1] : memref<f32> to memref<?x2x4xf32, strided<[?, 4, 1], offset: ?>>
// CHECK-NEXT: %base_buffer_5, %offset_6, %sizes_7:2, %strides_8:2 = memref.extract_strided_metadata %arg0 : memref<?x8xf32, strided<[?, 1], offset: ?>> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT: %2 = affine.apply #map2()[%sizes_7#0]
// CHECK-NEXT: %reinterpret_cast_9 = memref.reinterpret_cast %base_buffer_5 to offset: [%offset_6], sizes: [%2], strides: [1] : memref<f32> to memref<?xf32, strided<[1], offset: ?>>
// CHECK-NEXT: return %reinterpret_cast, %reinterpret_cast_4, %reinterpret_cast_9 : memref<4x?xf32, strided<[?, ?], offset: ?>>, memref<?x2x4xf32, strided<[?, 4, 1], offset: ?>>, memref<?xf32, strided<[1], offset: ?>>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK: #map = affine_map<()[s0] -> (s0 * 3)>
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @metadata(%arg0: index, %arg1: memref<?x?xf32>) -> (index, index, index, index, index, index) {
// CHECK-NEXT: %c5 = arith.constant 5 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = affine.apply #map()[%arg0]
// CHECK-NEXT: %intptr = memref.extract_aligned_pointer_as_index %arg1 : memref<?x?xf32> -> index
// CHECK-NEXT: return %0, %c0, %c1, %arg0, %c5, %intptr : index, index, index, index, index, index
// CHECK-NEXT: }
// CHECK-NEXT: }
