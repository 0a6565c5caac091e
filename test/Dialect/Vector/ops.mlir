// Custom syntax of the vector ops (the hand-written ones: contract, outerproduct,
// transfer_read/write, mask; and declarative ones) round-trips as mlir-opt prints it.
// RUN: lamina-opt %s | FileCheck %s
// RUN: lamina-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @vector_ops(%a: vector<4x8xf32>, %b: vector<8x16xf32>, %c: vector<4x16xf32>, %v: vector<4xf32>,
                      %w: vector<16xf32>, %m: memref<?x?xf32>, %i: index, %f: f32, %t: tensor<4x8xf32>,
                      %mask: vector<4x8xi1>) -> vector<4x16xf32> {
  %0 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<4x8xf32>, vector<8x16xf32> into vector<4x16xf32>
  %1 = vector.outerproduct %v, %w, %c {kind = #vector.kind<add>} : vector<4xf32>, vector<16xf32>
  %2 = vector.transfer_read %m[%i, %i], %f : memref<?x?xf32>, vector<4x8xf32>
  %3 = vector.transfer_read %m[%i, %i], %f {in_bounds = [true, false], permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<?x?xf32>, vector<4x8xf32>
  vector.transfer_write %2, %m[%i, %i] : vector<4x8xf32>, memref<?x?xf32>
  %4 = vector.transfer_write %3, %t[%i, %i] {in_bounds = [true, true]} : vector<4x8xf32>, tensor<4x8xf32>
  %5 = vector.mask %mask { vector.transfer_read %m[%i, %i], %f : memref<?x?xf32>, vector<4x8xf32> } : vector<4x8xi1> -> vector<4x8xf32>
  %6 = vector.extract %a[1] : vector<8xf32> from vector<4x8xf32>
  %7 = vector.insert %f, %v[%i] : f32 into vector<4xf32>
  %8 = vector.broadcast %f : f32 to vector<4x16xf32>
  %9 = vector.shuffle %v, %v [0, 1, 2, 3, 7, 6, 5, 4] : vector<4xf32>, vector<4xf32>
  %10 = vector.reduction <add>, %v : vector<4xf32> into f32
  %11 = vector.multi_reduction <add>, %a, %v [1] : vector<4x8xf32> to vector<4xf32>
  %12 = vector.transpose %a, [1, 0] : vector<4x8xf32> to vector<8x4xf32>
  %13 = vector.extract_strided_slice %a {offsets = [0, 2], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf32> to vector<2x4xf32>
  %14 = vector.from_elements %f, %f : vector<2xf32>
  %15 = vector.create_mask %i, %i : vector<4x8xi1>
  %16 = vector.constant_mask [2, 3] : vector<4x8xi1>
  %17 = vector.vscale
  %18 = vector.shape_cast %a : vector<4x8xf32> to vector<32xf32>
  return %0 : vector<4x16xf32>
}

// CHECK: #map = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-NEXT: #map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-NEXT: #map3 = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @vector_ops(%arg0: vector<4x8xf32>, %arg1: vector<8x16xf32>, %arg2: vector<4x16xf32>, %arg3: vector<4xf32>, %arg4: vector<16xf32>, %arg5: memref<?x?xf32>, %arg6: index, %arg7: f32, %arg8: tensor<4x8xf32>, %arg9: vector<4x8xi1>) -> vector<4x16xf32> {
// CHECK-NEXT:     %0 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %arg0, %arg1, %arg2 : vector<4x8xf32>, vector<8x16xf32> into vector<4x16xf32>
// CHECK-NEXT:     %1 = vector.outerproduct %arg3, %arg4, %arg2 {kind = #vector.kind<add>} : vector<4xf32>, vector<16xf32>
// CHECK-NEXT:     %2 = vector.transfer_read %arg5[%arg6, %arg6], %arg7 : memref<?x?xf32>, vector<4x8xf32>
// CHECK-NEXT:     %3 = vector.transfer_read %arg5[%arg6, %arg6], %arg7 {in_bounds = [true, false], permutation_map = #map3} : memref<?x?xf32>, vector<4x8xf32>
// CHECK-NEXT:     vector.transfer_write %2, %arg5[%arg6, %arg6] : vector<4x8xf32>, memref<?x?xf32>
// CHECK-NEXT:     %4 = vector.transfer_write %3, %arg8[%arg6, %arg6] {in_bounds = [true, true]} : vector<4x8xf32>, tensor<4x8xf32>
// CHECK-NEXT:     %5 = vector.mask %arg9 { vector.transfer_read %arg5[%arg6, %arg6], %arg7 : memref<?x?xf32>, vector<4x8xf32> } : vector<4x8xi1> -> vector<4x8xf32>
// CHECK-NEXT:     %6 = vector.extract %arg0[1] : vector<8xf32> from vector<4x8xf32>
// CHECK-NEXT:     %7 = vector.insert %arg7, %arg3 [%arg6] : f32 into vector<4xf32>
// CHECK-NEXT:     %8 = vector.broadcast %arg7 : f32 to vector<4x16xf32>
// CHECK-NEXT:     %9 = vector.shuffle %arg3, %arg3 [0, 1, 2, 3, 7, 6, 5, 4] : vector<4xf32>, vector<4xf32>
// CHECK-NEXT:     %10 = vector.reduction <add>, %arg3 : vector<4xf32> into f32
// CHECK-NEXT:     %11 = vector.multi_reduction <add>, %arg0, %arg3 [1] : vector<4x8xf32> to vector<4xf32>
// CHECK-NEXT:     %12 = vector.transpose %arg0, [1, 0] : vector<4x8xf32> to vector<8x4xf32>
// CHECK-NEXT:     %13 = vector.extract_strided_slice %arg0 {offsets = [0, 2], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf32> to vector<2x4xf32>
// CHECK-NEXT:     %14 = vector.from_elements %arg7, %arg7 : vector<2xf32>
// CHECK-NEXT:     %15 = vector.create_mask %arg6, %arg6 : vector<4x8xi1>
// CHECK-NEXT:     %16 = vector.constant_mask [2, 3] : vector<4x8xi1>
// CHECK-NEXT:     %vscale = vector.vscale
// CHECK-NEXT:     %17 = vector.shape_cast %arg0 : vector<4x8xf32> to vector<32xf32>
// CHECK-NEXT:     return %0 : vector<4x16xf32>
// CHECK-NEXT:   }
// CHECK-NEXT: }

// GENERIC: %5 = "vector.mask"(%arg9) ({
// GENERIC-NEXT: %19 = "vector.transfer_read"(%arg5, %arg6, %arg6, %arg7) <{in_bounds = [false, false], operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = #map3}> : (memref<?x?xf32>, index, index, f32) -> vector<4x8xf32>
// GENERIC-NEXT: "vector.yield"(%19) : (vector<4x8xf32>) -> ()
// GENERIC-NEXT: }) : (vector<4x8xi1>) -> vector<4x8xf32>
// GENERIC-NEXT: %6 = "vector.extract"(%arg0) <{static_position = array<i64: 1>}> : (vector<4x8xf32>) -> vector<8xf32>
