// RUN: lamina-opt -split-input-file -linalg-fold-unit-extent-dims %s | FileCheck %s
// RUN: lamina-opt -split-input-file -linalg-fold-unit-extent-dims=use-rank-reducing-slices -cse %s | FileCheck %s --check-prefix=SLICES
// GEN: -split-input-file -linalg-fold-unit-extent-dims
// CHECK: #map = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @broadcast_add(%arg0: tensor<4x1x6xf32>, %arg1: tensor<4x1x6xf32>) -> tensor<4x1x6xf32> {
// CHECK-NEXT:     %collapsed = tensor.collapse_shape %arg0 {{\[\[}}0, 1], [2]] : tensor<4x1x6xf32> into tensor<4x6xf32>
// CHECK-NEXT:     %collapsed_0 = tensor.collapse_shape %arg1 {{\[\[}}0, 1], [2]] : tensor<4x1x6xf32> into tensor<4x6xf32>
// CHECK-NEXT:     %0 = tensor.empty() : tensor<4x6xf32>
// CHECK-NEXT:     %1 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%collapsed, %collapsed_0 : tensor<4x6xf32>, tensor<4x6xf32>) outs(%0 : tensor<4x6xf32>) {
// CHECK-NEXT:     ^bb0(%in: f32, %in_1: f32, %out: f32):
// CHECK-NEXT:       %2 = arith.addf %in, %in_1 : f32
// CHECK-NEXT:       linalg.yield %2 : f32
// CHECK-NEXT:     } -> tensor<4x6xf32>
// CHECK-NEXT:     %expanded = tensor.expand_shape %1 {{\[\[}}0, 1], [2]] output_shape [4, 1, 6] : tensor<4x6xf32> into tensor<4x1x6xf32>
// CHECK-NEXT:     return %expanded : tensor<4x1x6xf32>
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // -----
// CHECK-NEXT: #map = affine_map<(d0) -> (d0)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @unit_reduction(%arg0: tensor<5x1xi32>, %arg1: tensor<5xi32>) -> tensor<5xi32> {
// CHECK-NEXT:     %0 = tensor.empty() : tensor<5xi32>
// CHECK-NEXT:     %collapsed = tensor.collapse_shape %arg0 {{\[\[}}0, 1]] : tensor<5x1xi32> into tensor<5xi32>
// CHECK-NEXT:     %1 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%collapsed, %arg1 : tensor<5xi32>, tensor<5xi32>) outs(%0 : tensor<5xi32>) {
// CHECK-NEXT:     ^bb0(%in: i32, %in_0: i32, %out: i32):
// CHECK-NEXT:       %2 = linalg.index 0 : index
// CHECK-NEXT:       %3 = arith.index_cast %2 : index to i32
// CHECK-NEXT:       %4 = arith.addi %in, %3 : i32
// CHECK-NEXT:       %5 = arith.addi %4, %in_0 : i32
// CHECK-NEXT:       linalg.yield %5 : i32
// CHECK-NEXT:     } -> tensor<5xi32>
// CHECK-NEXT:     return %1 : tensor<5xi32>
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // -----
// CHECK-NEXT: #map = affine_map<(d0) -> (d0)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @buffers(%arg0: memref<1x3x1xf32>, %arg1: memref<1x3x1xf32>) {
// CHECK-NEXT:     %collapse_shape = memref.collapse_shape %arg0 {{\[\[}}0, 1, 2]] : memref<1x3x1xf32> into memref<3xf32>
// CHECK-NEXT:     %collapse_shape_0 = memref.collapse_shape %arg1 {{\[\[}}0, 1, 2]] : memref<1x3x1xf32> into memref<3xf32>
// CHECK-NEXT:     linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%collapse_shape : memref<3xf32>) outs(%collapse_shape_0 : memref<3xf32>) {
// CHECK-NEXT:     ^bb0(%in: f32, %out: f32):
// CHECK-NEXT:       %0 = arith.negf %in : f32
// CHECK-NEXT:       linalg.yield %0 : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // -----
// CHECK-NEXT: #map = affine_map<(d0) -> (d0)>
// CHECK-NEXT: #map1 = affine_map<(d0) -> ()>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @fill_and_slices(%arg0: tensor<1x8xf32>, %arg1: tensor<4x8xf32>) -> (tensor<1xf32>, tensor<1x1xf32>, tensor<4x8xf32>) {
// CHECK-NEXT:     %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:     %collapsed = tensor.collapse_shape %arg0 {{\[\[}}0, 1]] : tensor<1x8xf32> into tensor<8xf32>
// CHECK-NEXT:     %0 = tensor.empty() : tensor<f32>
// CHECK-NEXT:     %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<f32>) -> tensor<f32>
// CHECK-NEXT:     %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction"]} ins(%collapsed : tensor<8xf32>) outs(%1 : tensor<f32>) {
// CHECK-NEXT:     ^bb0(%in: f32, %out: f32):
// CHECK-NEXT:       %3 = arith.mulf %in, %out : f32
// CHECK-NEXT:       linalg.yield %3 : f32
// CHECK-NEXT:     } -> tensor<f32>
// CHECK-NEXT:     %expanded = tensor.expand_shape %2 [] output_shape [1] : tensor<f32> into tensor<1xf32>
// CHECK-NEXT:     %extracted_slice = tensor.extract_slice %arg1[2, 3] [1, 1] [1, 1] : tensor<4x8xf32> to tensor<f32>
// CHECK-NEXT:     %expanded_0 = tensor.expand_shape %extracted_slice [] output_shape [1, 1] : tensor<f32> into tensor<1x1xf32>
// CHECK-NEXT:     %inserted_slice = tensor.insert_slice %extracted_slice into %arg1[0, 5] [1, 1] [1, 1] : tensor<f32> into tensor<4x8xf32>
// CHECK-NEXT:     return %expanded, %expanded_0, %inserted_slice : tensor<1xf32>, tensor<1x1xf32>, tensor<4x8xf32>
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // -----
// CHECK-NEXT: #map = affine_map<()[s0] -> (s0 + 7)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @pad_unit_dims(%arg0: tensor<1x4x1x2xf32>, %arg1: tensor<1x?xf32>, %arg2: f32) -> (tensor<1x7x1x2xf32>, tensor<1x?xf32>) {
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %collapsed = tensor.collapse_shape %arg0 {{\[\[}}0, 1, 2], [3]] : tensor<1x4x1x2xf32> into tensor<4x2xf32>
// CHECK-NEXT:     %padded = tensor.pad %collapsed low[2, 0] high[1, 0] {
// CHECK-NEXT:     ^bb0(%arg3: index, %arg4: index):
// CHECK-NEXT:       tensor.yield %arg2 : f32
// CHECK-NEXT:     } : tensor<4x2xf32> to tensor<7x2xf32>
// CHECK-NEXT:     %expanded = tensor.expand_shape %padded {{\[\[}}0, 1, 2], [3]] output_shape [1, 7, 1, 2] : tensor<7x2xf32> into tensor<1x7x1x2xf32>
// CHECK-NEXT:     %collapsed_0 = tensor.collapse_shape %arg1 {{\[\[}}0, 1]] : tensor<1x?xf32> into tensor<?xf32>
// CHECK-NEXT:     %padded_1 = tensor.pad %collapsed_0 low[3] high[4] {
// CHECK-NEXT:     ^bb0(%arg3: index):
// CHECK-NEXT:       tensor.yield %arg2 : f32
// CHECK-NEXT:     } : tensor<?xf32> to tensor<?xf32>
// CHECK-NEXT:     %dim = tensor.dim %arg1, %c1 : tensor<1x?xf32>
// CHECK-NEXT:     %0 = affine.apply #map()[%dim]
// CHECK-NEXT:     %expanded_2 = tensor.expand_shape %padded_1 {{\[\[}}0, 1]] output_shape [1, %0] : tensor<?xf32> into tensor<1x?xf32>
// CHECK-NEXT:     return %expanded, %expanded_2 : tensor<1x7x1x2xf32>, tensor<1x?xf32>
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // -----
// CHECK-NEXT: #map = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1) -> (d0)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @forall_and_dynamic_empty(%arg0: tensor<1x?x3xf32>, %arg1: index) -> (tensor<4x2xf32>, tensor<1x?xf32>) {
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c2 = arith.constant 2 : index
// CHECK-NEXT:     %c4 = arith.constant 4 : index
// CHECK-NEXT:     %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:     %0 = tensor.empty() : tensor<4x2xf32>
// CHECK-NEXT:     %1 = scf.forall (%arg2, %arg3) in (%c4, %c2) shared_outs(%arg4 = %0) -> (tensor<4x2xf32>) {
// CHECK-NEXT:       %5 = tensor.empty() : tensor<f32>
// CHECK-NEXT:       %6 = linalg.fill ins(%cst : f32) outs(%5 : tensor<f32>) -> tensor<f32>
// CHECK-NEXT:       scf.forall.in_parallel {
// CHECK-NEXT:         tensor.parallel_insert_slice %6 into %arg4[%arg2, %arg3] [1, 1] [1, 1] : tensor<f32> into tensor<4x2xf32>
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:     %collapsed = tensor.collapse_shape %arg0 {{\[\[}}0, 1], [2]] : tensor<1x?x3xf32> into tensor<?x3xf32>
// CHECK-NEXT:     %2 = tensor.empty(%arg1) : tensor<?xf32>
// CHECK-NEXT:     %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<?xf32>) -> tensor<?xf32>
// CHECK-NEXT:     %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%collapsed : tensor<?x3xf32>) outs(%3 : tensor<?xf32>) {
// CHECK-NEXT:     ^bb0(%in: f32, %out: f32):
// CHECK-NEXT:       %5 = arith.addf %in, %out : f32
// CHECK-NEXT:       linalg.yield %5 : f32
// CHECK-NEXT:     } -> tensor<?xf32>
// CHECK-NEXT:     %dim = tensor.dim %arg0, %c1 : tensor<1x?x3xf32>
// CHECK-NEXT:     %expanded = tensor.expand_shape %4 {{\[\[}}0, 1]] output_shape [1, %dim] : tensor<?xf32> into tensor<1x?xf32>
// CHECK-NEXT:     return %1, %expanded : tensor<4x2xf32>, tensor<1x?xf32>
// CHECK-NEXT:   }
// CHECK-NEXT: }
// GEN-SLICES: -split-input-file -linalg-fold-unit-extent-dims=use-rank-reducing-slices -cse
// SLICES: #map = affine_map<(d0, d1) -> (d0, d1)>
// SLICES-NEXT: module {
// SLICES-NEXT:   func.func @broadcast_add(%arg0: tensor<4x1x6xf32>, %arg1: tensor<4x1x6xf32>) -> tensor<4x1x6xf32> {
// SLICES-NEXT:     %extracted_slice = tensor.extract_slice %arg0[0, 0, 0] [4, 1, 6] [1, 1, 1] : tensor<4x1x6xf32> to tensor<4x6xf32>
// SLICES-NEXT:     %extracted_slice_0 = tensor.extract_slice %arg1[0, 0, 0] [4, 1, 6] [1, 1, 1] : tensor<4x1x6xf32> to tensor<4x6xf32>
// SLICES-NEXT:     %0 = tensor.empty() : tensor<4x6xf32>
// SLICES-NEXT:     %1 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice, %extracted_slice_0 : tensor<4x6xf32>, tensor<4x6xf32>) outs(%0 : tensor<4x6xf32>) {
// SLICES-NEXT:     ^bb0(%in: f32, %in_1: f32, %out: f32):
// SLICES-NEXT:       %2 = arith.addf %in, %in_1 : f32
// SLICES-NEXT:       linalg.yield %2 : f32
// SLICES-NEXT:     } -> tensor<4x6xf32>
// SLICES-NEXT:     %inserted_slice = tensor.insert_slice %1 into %arg1[0, 0, 0] [4, 1, 6] [1, 1, 1] : tensor<4x6xf32> into tensor<4x1x6xf32>
// SLICES-NEXT:     return %inserted_slice : tensor<4x1x6xf32>
// SLICES-NEXT:   }
// SLICES-NEXT: }
// SLICES-EMPTY:
// SLICES-NEXT: // -----
// SLICES-NEXT: #map = affine_map<(d0) -> (d0)>
// SLICES-NEXT: module {
// SLICES-NEXT:   func.func @unit_reduction(%arg0: tensor<5x1xi32>, %arg1: tensor<5xi32>) -> tensor<5xi32> {
// SLICES-NEXT:     %0 = tensor.empty() : tensor<5xi32>
// SLICES-NEXT:     %extracted_slice = tensor.extract_slice %arg0[0, 0] [5, 1] [1, 1] : tensor<5x1xi32> to tensor<5xi32>
// SLICES-NEXT:     %1 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%extracted_slice, %arg1 : tensor<5xi32>, tensor<5xi32>) outs(%0 : tensor<5xi32>) {
// SLICES-NEXT:     ^bb0(%in: i32, %in_0: i32, %out: i32):
// SLICES-NEXT:       %2 = linalg.index 0 : index
// SLICES-NEXT:       %3 = arith.index_cast %2 : index to i32
// SLICES-NEXT:       %4 = arith.addi %in, %3 : i32
// SLICES-NEXT:       %5 = arith.addi %4, %in_0 : i32
// SLICES-NEXT:       linalg.yield %5 : i32
// SLICES-NEXT:     } -> tensor<5xi32>
// SLICES-NEXT:     return %1 : tensor<5xi32>
// SLICES-NEXT:   }
// SLICES-NEXT: }
// SLICES-EMPTY:
// SLICES-NEXT: // -----
// SLICES-NEXT: #map = affine_map<(d0) -> (d0)>
// SLICES-NEXT: module {
// SLICES-NEXT:   func.func @buffers(%arg0: memref<1x3x1xf32>, %arg1: memref<1x3x1xf32>) {
// SLICES-NEXT:     %subview = memref.subview %arg0[0, 0, 0] [1, 3, 1] [1, 1, 1] : memref<1x3x1xf32> to memref<3xf32, strided<[1]>>
// SLICES-NEXT:     %subview_0 = memref.subview %arg1[0, 0, 0] [1, 3, 1] [1, 1, 1] : memref<1x3x1xf32> to memref<3xf32, strided<[1]>>
// SLICES-NEXT:     linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%subview : memref<3xf32, strided<[1]>>) outs(%subview_0 : memref<3xf32, strided<[1]>>) {
// SLICES-NEXT:     ^bb0(%in: f32, %out: f32):
// SLICES-NEXT:       %0 = arith.negf %in : f32
// SLICES-NEXT:       linalg.yield %0 : f32
// SLICES-NEXT:     }
// SLICES-NEXT:     return
// SLICES-NEXT:   }
// SLICES-NEXT: }
// SLICES-EMPTY:
// SLICES-NEXT: // -----
// SLICES-NEXT: #map = affine_map<(d0) -> (d0)>
// SLICES-NEXT: #map1 = affine_map<(d0) -> ()>
// SLICES-NEXT: module {
// SLICES-NEXT:   func.func @fill_and_slices(%arg0: tensor<1x8xf32>, %arg1: tensor<4x8xf32>) -> (tensor<1xf32>, tensor<1x1xf32>, tensor<4x8xf32>) {
// SLICES-NEXT:     %cst = arith.constant 1.000000e+00 : f32
// SLICES-NEXT:     %0 = tensor.empty() : tensor<1xf32>
// SLICES-NEXT:     %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1xf32>) -> tensor<1xf32>
// SLICES-NEXT:     %extracted_slice = tensor.extract_slice %arg0[0, 0] [1, 8] [1, 1] : tensor<1x8xf32> to tensor<8xf32>
// SLICES-NEXT:     %extracted_slice_0 = tensor.extract_slice %1[0] [1] [1] : tensor<1xf32> to tensor<f32>
// SLICES-NEXT:     %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction"]} ins(%extracted_slice : tensor<8xf32>) outs(%extracted_slice_0 : tensor<f32>) {
// SLICES-NEXT:     ^bb0(%in: f32, %out: f32):
// SLICES-NEXT:       %3 = arith.mulf %in, %out : f32
// SLICES-NEXT:       linalg.yield %3 : f32
// SLICES-NEXT:     } -> tensor<f32>
// SLICES-NEXT:     %inserted_slice = tensor.insert_slice %2 into %1[0] [1] [1] : tensor<f32> into tensor<1xf32>
// SLICES-NEXT:     %extracted_slice_1 = tensor.extract_slice %arg1[2, 3] [1, 1] [1, 1] : tensor<4x8xf32> to tensor<1x1xf32>
// SLICES-NEXT:     %inserted_slice_2 = tensor.insert_slice %extracted_slice_1 into %arg1[0, 5] [1, 1] [1, 1] : tensor<1x1xf32> into tensor<4x8xf32>
// SLICES-NEXT:     return %inserted_slice, %extracted_slice_1, %inserted_slice_2 : tensor<1xf32>, tensor<1x1xf32>, tensor<4x8xf32>
// SLICES-NEXT:   }
// SLICES-NEXT: }
// SLICES-EMPTY:
// SLICES-NEXT: // -----
// SLICES-NEXT: #map = affine_map<()[s0] -> (s0 + 7)>
// SLICES-NEXT: module {
// SLICES-NEXT:   func.func @pad_unit_dims(%arg0: tensor<1x4x1x2xf32>, %arg1: tensor<1x?xf32>, %arg2: f32) -> (tensor<1x7x1x2xf32>, tensor<1x?xf32>) {
// SLICES-NEXT:     %c1 = arith.constant 1 : index
// SLICES-NEXT:     %extracted_slice = tensor.extract_slice %arg0[0, 0, 0, 0] [1, 4, 1, 2] [1, 1, 1, 1] : tensor<1x4x1x2xf32> to tensor<4x2xf32>
// SLICES-NEXT:     %padded = tensor.pad %extracted_slice low[2, 0] high[1, 0] {
// SLICES-NEXT:     ^bb0(%arg3: index, %arg4: index):
// SLICES-NEXT:       tensor.yield %arg2 : f32
// SLICES-NEXT:     } : tensor<4x2xf32> to tensor<7x2xf32>
// SLICES-NEXT:     %0 = tensor.empty() : tensor<1x7x1x2xf32>
// SLICES-NEXT:     %inserted_slice = tensor.insert_slice %padded into %0[0, 0, 0, 0] [1, 7, 1, 2] [1, 1, 1, 1] : tensor<7x2xf32> into tensor<1x7x1x2xf32>
// SLICES-NEXT:     %dim = tensor.dim %arg1, %c1 : tensor<1x?xf32>
// SLICES-NEXT:     %extracted_slice_0 = tensor.extract_slice %arg1[0, 0] [1, %dim] [1, 1] : tensor<1x?xf32> to tensor<?xf32>
// SLICES-NEXT:     %padded_1 = tensor.pad %extracted_slice_0 low[3] high[4] {
// SLICES-NEXT:     ^bb0(%arg3: index):
// SLICES-NEXT:       tensor.yield %arg2 : f32
// SLICES-NEXT:     } : tensor<?xf32> to tensor<?xf32>
// SLICES-NEXT:     %1 = affine.apply #map()[%dim]
// SLICES-NEXT:     %2 = tensor.empty(%1) : tensor<1x?xf32>
// SLICES-NEXT:     %inserted_slice_2 = tensor.insert_slice %padded_1 into %2[0, 0] [1, %1] [1, 1] : tensor<?xf32> into tensor<1x?xf32>
// SLICES-NEXT:     return %inserted_slice, %inserted_slice_2 : tensor<1x7x1x2xf32>, tensor<1x?xf32>
// SLICES-NEXT:   }
// SLICES-NEXT: }
// SLICES-EMPTY:
// SLICES-NEXT: // -----
// SLICES-NEXT: #map = affine_map<(d0, d1) -> (d0, d1)>
// SLICES-NEXT: #map1 = affine_map<(d0, d1) -> (d0)>
// SLICES-NEXT: module {
// SLICES-NEXT:   func.func @forall_and_dynamic_empty(%arg0: tensor<1x?x3xf32>, %arg1: index) -> (tensor<4x2xf32>, tensor<1x?xf32>) {
// SLICES-NEXT:     %c1 = arith.constant 1 : index
// SLICES-NEXT:     %c2 = arith.constant 2 : index
// SLICES-NEXT:     %c4 = arith.constant 4 : index
// SLICES-NEXT:     %cst = arith.constant 0.000000e+00 : f32
// SLICES-NEXT:     %0 = tensor.empty() : tensor<4x2xf32>
// SLICES-NEXT:     %1 = scf.forall (%arg2, %arg3) in (%c4, %c2) shared_outs(%arg4 = %0) -> (tensor<4x2xf32>) {
// SLICES-NEXT:       %5 = tensor.empty() : tensor<1x1xf32>
// SLICES-NEXT:       %6 = linalg.fill ins(%cst : f32) outs(%5 : tensor<1x1xf32>) -> tensor<1x1xf32>
// SLICES-NEXT:       scf.forall.in_parallel {
// SLICES-NEXT:         tensor.parallel_insert_slice %6 into %arg4[%arg2, %arg3] [1, 1] [1, 1] : tensor<1x1xf32> into tensor<4x2xf32>
// SLICES-NEXT:       }
// SLICES-NEXT:     }
// SLICES-NEXT:     %2 = tensor.empty(%arg1) : tensor<1x?xf32>
// SLICES-NEXT:     %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<1x?xf32>) -> tensor<1x?xf32>
// SLICES-NEXT:     %dim = tensor.dim %arg0, %c1 : tensor<1x?x3xf32>
// SLICES-NEXT:     %extracted_slice = tensor.extract_slice %arg0[0, 0, 0] [1, %dim, 3] [1, 1, 1] : tensor<1x?x3xf32> to tensor<?x3xf32>
// SLICES-NEXT:     %extracted_slice_0 = tensor.extract_slice %3[0, 0] [1, %arg1] [1, 1] : tensor<1x?xf32> to tensor<?xf32>
// SLICES-NEXT:     %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%extracted_slice : tensor<?x3xf32>) outs(%extracted_slice_0 : tensor<?xf32>) {
// SLICES-NEXT:     ^bb0(%in: f32, %out: f32):
// SLICES-NEXT:       %5 = arith.addf %in, %out : f32
// SLICES-NEXT:       linalg.yield %5 : f32
// SLICES-NEXT:     } -> tensor<?xf32>
// SLICES-NEXT:     %inserted_slice = tensor.insert_slice %4 into %3[0, 0] [1, %arg1] [1, 1] : tensor<?xf32> into tensor<1x?xf32>
// SLICES-NEXT:     return %1, %inserted_slice : tensor<4x2xf32>, tensor<1x?xf32>
// SLICES-NEXT:   }
// SLICES-NEXT: }
// Expectations printed by mlir-opt 22 (utils/update-mlir-checks.py).

// A unit loop and a unit dim read through a constant 0.
#in = affine_map<(d0, d1, d2) -> (d0, 0, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @broadcast_add(%a: tensor<4x1x6xf32>, %b: tensor<4x1x6xf32>) -> tensor<4x1x6xf32> {
  %0 = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%a : tensor<4x1x6xf32>) outs(%b : tensor<4x1x6xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %o : f32
    linalg.yield %s : f32
  } -> tensor<4x1x6xf32>
  return %0 : tensor<4x1x6xf32>
}

// -----

// A reduction over a unit dim, with linalg.index of both loops.
#m = affine_map<(d0, d1) -> (d0, d1)>
#r = affine_map<(d0, d1) -> (d0)>
func.func @unit_reduction(%a: tensor<5x1xi32>, %init: tensor<5xi32>) -> tensor<5xi32> {
  %0 = linalg.generic {indexing_maps = [#m, #r], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<5x1xi32>) outs(%init : tensor<5xi32>) {
  ^bb0(%x: i32, %o: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = arith.addi %i, %j : index
    %c = arith.index_cast %k : index to i32
    %s = arith.addi %x, %c : i32
    %t = arith.addi %s, %o : i32
    linalg.yield %t : i32
  } -> tensor<5xi32>
  return %0 : tensor<5xi32>
}

// -----

// Buffers: the memref operands are collapsed (or sliced) and nothing is
// expanded.
#m = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @buffers(%a: memref<1x3x1xf32>, %b: memref<1x3x1xf32>) {
  linalg.generic {indexing_maps = [#m, #m], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%a : memref<1x3x1xf32>) outs(%b : memref<1x3x1xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.negf %x : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A fill of a unit tensor feeding a reduction, and unit slices.
func.func @fill_and_slices(%a: tensor<1x8xf32>, %big: tensor<4x8xf32>) -> (tensor<1xf32>, tensor<1x1xf32>, tensor<4x8xf32>) {
  %cst = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<1xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<1xf32>) -> tensor<1xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<1x8xf32>) outs(%f : tensor<1xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.mulf %x, %o : f32
    linalg.yield %s : f32
  } -> tensor<1xf32>
  %1 = tensor.extract_slice %big[2, 3] [1, 1] [1, 1] : tensor<4x8xf32> to tensor<1x1xf32>
  %2 = tensor.insert_slice %1 into %big[0, 5] [1, 1] [1, 1] : tensor<1x1xf32> into tensor<4x8xf32>
  return %0, %1, %2 : tensor<1xf32>, tensor<1x1xf32>, tensor<4x8xf32>
}

// -----

// tensor.pad: the unpadded unit dims go (a padding of constant 0 counts),
// the padding value must not depend on the indices.
func.func @pad_unit_dims(%a: tensor<1x4x1x2xf32>, %b: tensor<1x?xf32>, %p: f32) -> (tensor<1x7x1x2xf32>, tensor<1x?xf32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %0 = tensor.pad %a low[0, %c2, %c0, 0] high[0, 1, 0, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %p : f32
  } : tensor<1x4x1x2xf32> to tensor<1x7x1x2xf32>
  %1 = tensor.pad %b low[0, 3] high[0, 4] {
  ^bb0(%i: index, %j: index):
    tensor.yield %p : f32
  } : tensor<1x?xf32> to tensor<1x?xf32>
  return %0, %1 : tensor<1x7x1x2xf32>, tensor<1x?xf32>
}

// -----

// Unit slices inside scf.forall, and a reduction whose init is a dynamic
// tensor.empty with a unit dim.
func.func @forall_and_dynamic_empty(%a: tensor<1x?x3xf32>, %d: index) -> (tensor<4x2xf32>, tensor<1x?xf32>) {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %cst = arith.constant 0.0 : f32
  %0 = tensor.empty() : tensor<4x2xf32>
  %1 = scf.forall (%i, %j) in (%c4, %c2) shared_outs(%o = %0) -> (tensor<4x2xf32>) {
    %e = tensor.empty() : tensor<1x1xf32>
    %f = linalg.fill ins(%cst : f32) outs(%e : tensor<1x1xf32>) -> tensor<1x1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %f into %o[%i, %j] [1, 1] [1, 1] : tensor<1x1xf32> into tensor<4x2xf32>
    }
  }
  %e2 = tensor.empty(%d) : tensor<1x?xf32>
  %f2 = linalg.fill ins(%cst : f32) outs(%e2 : tensor<1x?xf32>) -> tensor<1x?xf32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a : tensor<1x?x3xf32>) outs(%f2 : tensor<1x?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %o : f32
    linalg.yield %s : f32
  } -> tensor<1x?xf32>
  return %1, %2 : tensor<4x2xf32>, tensor<1x?xf32>
}
