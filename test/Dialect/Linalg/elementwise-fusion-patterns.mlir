// RUN: lamina-opt -split-input-file -test-linalg-elementwise-fusion-patterns=fuse-with-reshape-by-collapsing %s | FileCheck %s
// RUN: lamina-opt -split-input-file -test-linalg-elementwise-fusion-patterns=collapse-dimensions-control=1,2 %s | FileCheck %s --check-prefix=DIMS
// RUN: lamina-opt -split-input-file -test-linalg-elementwise-fusion-patterns=fuse-multiuse-producer %s | FileCheck %s --check-prefix=MULTI
// RUN: lamina-opt -split-input-file -test-linalg-elementwise-fusion-patterns=fuse-with-reshape-by-expansion %s | FileCheck %s --check-prefix=EXPAND
// GEN: -split-input-file -test-linalg-elementwise-fusion-patterns=fuse-with-reshape-by-collapsing
// CHECK: #map = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @expand_producer(%arg0: tensor<3x20xf32>, %arg1: tensor<3x4x5xf32>) -> tensor<3x4x5xf32> {
// CHECK-NEXT:     %c5 = arith.constant 5 : index
// CHECK-NEXT:     %0 = tensor.empty() : tensor<3x4x5xf32>
// CHECK-NEXT:     %collapsed = tensor.collapse_shape %arg1 {{\[\[}}0], [1, 2]] : tensor<3x4x5xf32> into tensor<3x20xf32>
// CHECK-NEXT:     %collapsed_0 = tensor.collapse_shape %0 {{\[\[}}0], [1, 2]] : tensor<3x4x5xf32> into tensor<3x20xf32>
// CHECK-NEXT:     %1 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %collapsed : tensor<3x20xf32>, tensor<3x20xf32>) outs(%collapsed_0 : tensor<3x20xf32>) {
// CHECK-NEXT:     ^bb0(%in: f32, %in_1: f32, %out: f32):
// CHECK-NEXT:       %2 = linalg.index 1 : index
// CHECK-NEXT:       %3 = arith.remsi %2, %c5 : index
// CHECK-NEXT:       %4 = arith.divsi %2, %c5 : index
// CHECK-NEXT:       %5 = arith.addi %3, %4 : index
// CHECK-NEXT:       %6 = arith.index_cast %5 : index to i32
// CHECK-NEXT:       %7 = arith.sitofp %6 : i32 to f32
// CHECK-NEXT:       %8 = arith.addf %in, %in_1 : f32
// CHECK-NEXT:       %9 = arith.mulf %8, %7 : f32
// CHECK-NEXT:       linalg.yield %9 : f32
// CHECK-NEXT:     } -> tensor<3x20xf32>
// CHECK-NEXT:     %expanded = tensor.expand_shape %1 {{\[\[}}0], [1, 2]] output_shape [3, 4, 5] : tensor<3x20xf32> into tensor<3x4x5xf32>
// CHECK-NEXT:     return %expanded : tensor<3x4x5xf32>
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // -----
// CHECK-NEXT: #map = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1) -> (d0)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @collapse_consumer(%arg0: tensor<6x2x7xi32>, %arg1: tensor<6xi32>, %arg2: memref<2x3x4xf32>) -> tensor<6xi32> {
// CHECK-NEXT:     %collapsed = tensor.collapse_shape %arg0 {{\[\[}}0], [1, 2]] : tensor<6x2x7xi32> into tensor<6x14xi32>
// CHECK-NEXT:     %collapsed_0 = tensor.collapse_shape %arg0 {{\[\[}}0], [1, 2]] : tensor<6x2x7xi32> into tensor<6x14xi32>
// CHECK-NEXT:     %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%collapsed : tensor<6x14xi32>) outs(%collapsed_0 : tensor<6x14xi32>) {
// CHECK-NEXT:     ^bb0(%in: i32, %out: i32):
// CHECK-NEXT:       %2 = arith.muli %in, %in : i32
// CHECK-NEXT:       linalg.yield %2 : i32
// CHECK-NEXT:     } -> tensor<6x14xi32>
// CHECK-NEXT:     %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%0 : tensor<6x14xi32>) outs(%arg1 : tensor<6xi32>) {
// CHECK-NEXT:     ^bb0(%in: i32, %out: i32):
// CHECK-NEXT:       %2 = arith.addi %in, %out : i32
// CHECK-NEXT:       linalg.yield %2 : i32
// CHECK-NEXT:     } -> tensor<6xi32>
// CHECK-NEXT:     linalg.copy ins(%arg2 : memref<2x3x4xf32>) outs(%arg2 : memref<2x3x4xf32>)
// CHECK-NEXT:     return %1 : tensor<6xi32>
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // -----
// CHECK-NEXT: #map = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @multi_use(%arg0: tensor<4x4xf32>, %arg1: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
// CHECK-NEXT:     %0 = tensor.empty() : tensor<4x4xf32>
// CHECK-NEXT:     %1 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<4x4xf32>, tensor<4x4xf32>) outs(%0 : tensor<4x4xf32>) {
// CHECK-NEXT:     ^bb0(%in: f32, %in_0: f32, %out: f32):
// CHECK-NEXT:       %3 = arith.subf %in, %in_0 : f32
// CHECK-NEXT:       linalg.yield %3 : f32
// CHECK-NEXT:     } -> tensor<4x4xf32>
// CHECK-NEXT:     %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%1 : tensor<4x4xf32>) outs(%0 : tensor<4x4xf32>) {
// CHECK-NEXT:     ^bb0(%in: f32, %out: f32):
// CHECK-NEXT:       %3 = arith.mulf %in, %in : f32
// CHECK-NEXT:       linalg.yield %3 : f32
// CHECK-NEXT:     } -> tensor<4x4xf32>
// CHECK-NEXT:     return %1, %2 : tensor<4x4xf32>, tensor<4x4xf32>
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // -----
// CHECK-NEXT: #map = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @expand_consumer(%arg0: tensor<6x5xf32>, %arg1: tensor<5x6xf32>) -> tensor<3x2x5xf32> {
// CHECK-NEXT:     %0 = tensor.empty() : tensor<6x5xf32>
// CHECK-NEXT:     %1 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<6x5xf32>, tensor<5x6xf32>) outs(%0 : tensor<6x5xf32>) {
// CHECK-NEXT:     ^bb0(%in: f32, %in_0: f32, %out: f32):
// CHECK-NEXT:       %2 = linalg.index 0 : index
// CHECK-NEXT:       %3 = arith.index_cast %2 : index to i64
// CHECK-NEXT:       %4 = arith.sitofp %3 : i64 to f32
// CHECK-NEXT:       %5 = arith.addf %in, %in_0 : f32
// CHECK-NEXT:       %6 = arith.addf %5, %4 : f32
// CHECK-NEXT:       linalg.yield %6 : f32
// CHECK-NEXT:     } -> tensor<6x5xf32>
// CHECK-NEXT:     %expanded = tensor.expand_shape %1 {{\[\[}}0, 1], [2]] output_shape [3, 2, 5] : tensor<6x5xf32> into tensor<3x2x5xf32>
// CHECK-NEXT:     return %expanded : tensor<3x2x5xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @collapse_producer(%arg0: tensor<?x4x7xi32>, %arg1: tensor<?x7xi32>) -> tensor<?x7xi32> {
// CHECK-NEXT:     %collapsed = tensor.collapse_shape %arg0 {{\[\[}}0, 1], [2]] : tensor<?x4x7xi32> into tensor<?x7xi32>
// CHECK-NEXT:     %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%collapsed : tensor<?x7xi32>) outs(%arg1 : tensor<?x7xi32>) {
// CHECK-NEXT:     ^bb0(%in: i32, %out: i32):
// CHECK-NEXT:       %1 = arith.addi %in, %out : i32
// CHECK-NEXT:       linalg.yield %1 : i32
// CHECK-NEXT:     } -> tensor<?x7xi32>
// CHECK-NEXT:     return %0 : tensor<?x7xi32>
// CHECK-NEXT:   }
// CHECK-NEXT: }
// GEN-DIMS: -split-input-file -test-linalg-elementwise-fusion-patterns=collapse-dimensions-control=1,2
// DIMS: #map = affine_map<(d0, d1) -> (d0, d1)>
// DIMS-NEXT: module {
// DIMS-NEXT:   func.func @expand_producer(%arg0: tensor<3x20xf32>, %arg1: tensor<3x4x5xf32>) -> tensor<3x4x5xf32> {
// DIMS-NEXT:     %c5 = arith.constant 5 : index
// DIMS-NEXT:     %0 = tensor.empty() : tensor<3x4x5xf32>
// DIMS-NEXT:     %collapsed = tensor.collapse_shape %arg1 {{\[\[}}0], [1, 2]] : tensor<3x4x5xf32> into tensor<3x20xf32>
// DIMS-NEXT:     %collapsed_0 = tensor.collapse_shape %0 {{\[\[}}0], [1, 2]] : tensor<3x4x5xf32> into tensor<3x20xf32>
// DIMS-NEXT:     %1 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %collapsed : tensor<3x20xf32>, tensor<3x20xf32>) outs(%collapsed_0 : tensor<3x20xf32>) {
// DIMS-NEXT:     ^bb0(%in: f32, %in_1: f32, %out: f32):
// DIMS-NEXT:       %2 = linalg.index 1 : index
// DIMS-NEXT:       %3 = arith.remsi %2, %c5 : index
// DIMS-NEXT:       %4 = arith.divsi %2, %c5 : index
// DIMS-NEXT:       %5 = arith.addi %3, %4 : index
// DIMS-NEXT:       %6 = arith.index_cast %5 : index to i32
// DIMS-NEXT:       %7 = arith.sitofp %6 : i32 to f32
// DIMS-NEXT:       %8 = arith.addf %in, %in_1 : f32
// DIMS-NEXT:       %9 = arith.mulf %8, %7 : f32
// DIMS-NEXT:       linalg.yield %9 : f32
// DIMS-NEXT:     } -> tensor<3x20xf32>
// DIMS-NEXT:     %expanded = tensor.expand_shape %1 {{\[\[}}0], [1, 2]] output_shape [3, 4, 5] : tensor<3x20xf32> into tensor<3x4x5xf32>
// DIMS-NEXT:     return %expanded : tensor<3x4x5xf32>
// DIMS-NEXT:   }
// DIMS-NEXT: }
// DIMS-EMPTY:
// DIMS-NEXT: // -----
// DIMS-NEXT: #map = affine_map<(d0, d1) -> (d0, d1)>
// DIMS-NEXT: #map1 = affine_map<(d0, d1) -> (d0)>
// DIMS-NEXT: module {
// DIMS-NEXT:   func.func @collapse_consumer(%arg0: tensor<6x2x7xi32>, %arg1: tensor<6xi32>, %arg2: memref<2x3x4xf32>) -> tensor<6xi32> {
// DIMS-NEXT:     %collapsed = tensor.collapse_shape %arg0 {{\[\[}}0], [1, 2]] : tensor<6x2x7xi32> into tensor<6x14xi32>
// DIMS-NEXT:     %collapsed_0 = tensor.collapse_shape %arg0 {{\[\[}}0], [1, 2]] : tensor<6x2x7xi32> into tensor<6x14xi32>
// DIMS-NEXT:     %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%collapsed : tensor<6x14xi32>) outs(%collapsed_0 : tensor<6x14xi32>) {
// DIMS-NEXT:     ^bb0(%in: i32, %out: i32):
// DIMS-NEXT:       %2 = arith.muli %in, %in : i32
// DIMS-NEXT:       linalg.yield %2 : i32
// DIMS-NEXT:     } -> tensor<6x14xi32>
// DIMS-NEXT:     %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%0 : tensor<6x14xi32>) outs(%arg1 : tensor<6xi32>) {
// DIMS-NEXT:     ^bb0(%in: i32, %out: i32):
// DIMS-NEXT:       %2 = arith.addi %in, %out : i32
// DIMS-NEXT:       linalg.yield %2 : i32
// DIMS-NEXT:     } -> tensor<6xi32>
// DIMS-NEXT:     %collapse_shape = memref.collapse_shape %arg2 {{\[\[}}0], [1, 2]] : memref<2x3x4xf32> into memref<2x12xf32>
// DIMS-NEXT:     %collapse_shape_1 = memref.collapse_shape %arg2 {{\[\[}}0], [1, 2]] : memref<2x3x4xf32> into memref<2x12xf32>
// DIMS-NEXT:     linalg.copy ins(%collapse_shape : memref<2x12xf32>) outs(%collapse_shape_1 : memref<2x12xf32>)
// DIMS-NEXT:     return %1 : tensor<6xi32>
// DIMS-NEXT:   }
// DIMS-NEXT: }
// DIMS-EMPTY:
// DIMS-NEXT: // -----
// DIMS-NEXT: #map = affine_map<(d0, d1) -> (d0, d1)>
// DIMS-NEXT: module {
// DIMS-NEXT:   func.func @multi_use(%arg0: tensor<4x4xf32>, %arg1: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
// DIMS-NEXT:     %0 = tensor.empty() : tensor<4x4xf32>
// DIMS-NEXT:     %1 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<4x4xf32>, tensor<4x4xf32>) outs(%0 : tensor<4x4xf32>) {
// DIMS-NEXT:     ^bb0(%in: f32, %in_0: f32, %out: f32):
// DIMS-NEXT:       %3 = arith.subf %in, %in_0 : f32
// DIMS-NEXT:       linalg.yield %3 : f32
// DIMS-NEXT:     } -> tensor<4x4xf32>
// DIMS-NEXT:     %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%1 : tensor<4x4xf32>) outs(%0 : tensor<4x4xf32>) {
// DIMS-NEXT:     ^bb0(%in: f32, %out: f32):
// DIMS-NEXT:       %3 = arith.mulf %in, %in : f32
// DIMS-NEXT:       linalg.yield %3 : f32
// DIMS-NEXT:     } -> tensor<4x4xf32>
// DIMS-NEXT:     return %1, %2 : tensor<4x4xf32>, tensor<4x4xf32>
// DIMS-NEXT:   }
// DIMS-NEXT: }
// DIMS-EMPTY:
// DIMS-NEXT: // -----
// DIMS-NEXT: #map = affine_map<(d0, d1) -> (d0, d1)>
// DIMS-NEXT: #map1 = affine_map<(d0, d1) -> (d1, d0)>
// DIMS-NEXT: module {
// DIMS-NEXT:   func.func @expand_consumer(%arg0: tensor<6x5xf32>, %arg1: tensor<5x6xf32>) -> tensor<3x2x5xf32> {
// DIMS-NEXT:     %0 = tensor.empty() : tensor<6x5xf32>
// DIMS-NEXT:     %1 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<6x5xf32>, tensor<5x6xf32>) outs(%0 : tensor<6x5xf32>) {
// DIMS-NEXT:     ^bb0(%in: f32, %in_0: f32, %out: f32):
// DIMS-NEXT:       %2 = linalg.index 0 : index
// DIMS-NEXT:       %3 = arith.index_cast %2 : index to i64
// DIMS-NEXT:       %4 = arith.sitofp %3 : i64 to f32
// DIMS-NEXT:       %5 = arith.addf %in, %in_0 : f32
// DIMS-NEXT:       %6 = arith.addf %5, %4 : f32
// DIMS-NEXT:       linalg.yield %6 : f32
// DIMS-NEXT:     } -> tensor<6x5xf32>
// DIMS-NEXT:     %expanded = tensor.expand_shape %1 {{\[\[}}0, 1], [2]] output_shape [3, 2, 5] : tensor<6x5xf32> into tensor<3x2x5xf32>
// DIMS-NEXT:     return %expanded : tensor<3x2x5xf32>
// DIMS-NEXT:   }
// DIMS-NEXT:   func.func @collapse_producer(%arg0: tensor<?x4x7xi32>, %arg1: tensor<?x7xi32>) -> tensor<?x7xi32> {
// DIMS-NEXT:     %collapsed = tensor.collapse_shape %arg0 {{\[\[}}0, 1], [2]] : tensor<?x4x7xi32> into tensor<?x7xi32>
// DIMS-NEXT:     %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%collapsed : tensor<?x7xi32>) outs(%arg1 : tensor<?x7xi32>) {
// DIMS-NEXT:     ^bb0(%in: i32, %out: i32):
// DIMS-NEXT:       %1 = arith.addi %in, %out : i32
// DIMS-NEXT:       linalg.yield %1 : i32
// DIMS-NEXT:     } -> tensor<?x7xi32>
// DIMS-NEXT:     return %0 : tensor<?x7xi32>
// DIMS-NEXT:   }
// DIMS-NEXT: }
// GEN-MULTI: -split-input-file -test-linalg-elementwise-fusion-patterns=fuse-multiuse-producer
// MULTI: #map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// MULTI-NEXT: module {
// MULTI-NEXT:   func.func @expand_producer(%arg0: tensor<3x20xf32>, %arg1: tensor<3x4x5xf32>) -> tensor<3x4x5xf32> {
// MULTI-NEXT:     %expanded = tensor.expand_shape %arg0 {{\[\[}}0], [1, 2]] output_shape [3, 4, 5] : tensor<3x20xf32> into tensor<3x4x5xf32>
// MULTI-NEXT:     %0 = tensor.empty() : tensor<3x4x5xf32>
// MULTI-NEXT:     %1 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded, %arg1 : tensor<3x4x5xf32>, tensor<3x4x5xf32>) outs(%0 : tensor<3x4x5xf32>) {
// MULTI-NEXT:     ^bb0(%in: f32, %in_0: f32, %out: f32):
// MULTI-NEXT:       %2 = linalg.index 2 : index
// MULTI-NEXT:       %3 = linalg.index 1 : index
// MULTI-NEXT:       %4 = arith.addi %2, %3 : index
// MULTI-NEXT:       %5 = arith.index_cast %4 : index to i32
// MULTI-NEXT:       %6 = arith.sitofp %5 : i32 to f32
// MULTI-NEXT:       %7 = arith.addf %in, %in_0 : f32
// MULTI-NEXT:       %8 = arith.mulf %7, %6 : f32
// MULTI-NEXT:       linalg.yield %8 : f32
// MULTI-NEXT:     } -> tensor<3x4x5xf32>
// MULTI-NEXT:     return %1 : tensor<3x4x5xf32>
// MULTI-NEXT:   }
// MULTI-NEXT: }
// MULTI-EMPTY:
// MULTI-NEXT: // -----
// MULTI-NEXT: #map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// MULTI-NEXT: #map1 = affine_map<(d0, d1) -> (d0, d1)>
// MULTI-NEXT: #map2 = affine_map<(d0, d1) -> (d0)>
// MULTI-NEXT: module {
// MULTI-NEXT:   func.func @collapse_consumer(%arg0: tensor<6x2x7xi32>, %arg1: tensor<6xi32>, %arg2: memref<2x3x4xf32>) -> tensor<6xi32> {
// MULTI-NEXT:     %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<6x2x7xi32>) outs(%arg0 : tensor<6x2x7xi32>) {
// MULTI-NEXT:     ^bb0(%in: i32, %out: i32):
// MULTI-NEXT:       %2 = arith.muli %in, %in : i32
// MULTI-NEXT:       linalg.yield %2 : i32
// MULTI-NEXT:     } -> tensor<6x2x7xi32>
// MULTI-NEXT:     %collapsed = tensor.collapse_shape %0 {{\[\[}}0], [1, 2]] : tensor<6x2x7xi32> into tensor<6x14xi32>
// MULTI-NEXT:     %1 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "reduction"]} ins(%collapsed : tensor<6x14xi32>) outs(%arg1 : tensor<6xi32>) {
// MULTI-NEXT:     ^bb0(%in: i32, %out: i32):
// MULTI-NEXT:       %2 = arith.addi %in, %out : i32
// MULTI-NEXT:       linalg.yield %2 : i32
// MULTI-NEXT:     } -> tensor<6xi32>
// MULTI-NEXT:     linalg.copy ins(%arg2 : memref<2x3x4xf32>) outs(%arg2 : memref<2x3x4xf32>)
// MULTI-NEXT:     return %1 : tensor<6xi32>
// MULTI-NEXT:   }
// MULTI-NEXT: }
// MULTI-EMPTY:
// MULTI-NEXT: // -----
// MULTI-NEXT: #map = affine_map<(d0, d1) -> (d0, d1)>
// MULTI-NEXT: module {
// MULTI-NEXT:   func.func @multi_use(%arg0: tensor<4x4xf32>, %arg1: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
// MULTI-NEXT:     %0 = tensor.empty() : tensor<4x4xf32>
// MULTI-NEXT:     %1:2 = linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<4x4xf32>, tensor<4x4xf32>) outs(%0, %0 : tensor<4x4xf32>, tensor<4x4xf32>) {
// MULTI-NEXT:     ^bb0(%in: f32, %in_0: f32, %out: f32, %out_1: f32):
// MULTI-NEXT:       %2 = arith.subf %in, %in_0 : f32
// MULTI-NEXT:       %3 = arith.mulf %2, %2 : f32
// MULTI-NEXT:       linalg.yield %2, %3 : f32, f32
// MULTI-NEXT:     } -> (tensor<4x4xf32>, tensor<4x4xf32>)
// MULTI-NEXT:     return %1#0, %1#1 : tensor<4x4xf32>, tensor<4x4xf32>
// MULTI-NEXT:   }
// MULTI-NEXT: }
// MULTI-EMPTY:
// MULTI-NEXT: // -----
// MULTI-NEXT: #map = affine_map<(d0, d1) -> (d0, d1)>
// MULTI-NEXT: #map1 = affine_map<(d0, d1) -> (d1, d0)>
// MULTI-NEXT: module {
// MULTI-NEXT:   func.func @expand_consumer(%arg0: tensor<6x5xf32>, %arg1: tensor<5x6xf32>) -> tensor<3x2x5xf32> {
// MULTI-NEXT:     %0 = tensor.empty() : tensor<6x5xf32>
// MULTI-NEXT:     %1 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<6x5xf32>, tensor<5x6xf32>) outs(%0 : tensor<6x5xf32>) {
// MULTI-NEXT:     ^bb0(%in: f32, %in_0: f32, %out: f32):
// MULTI-NEXT:       %2 = linalg.index 0 : index
// MULTI-NEXT:       %3 = arith.index_cast %2 : index to i64
// MULTI-NEXT:       %4 = arith.sitofp %3 : i64 to f32
// MULTI-NEXT:       %5 = arith.addf %in, %in_0 : f32
// MULTI-NEXT:       %6 = arith.addf %5, %4 : f32
// MULTI-NEXT:       linalg.yield %6 : f32
// MULTI-NEXT:     } -> tensor<6x5xf32>
// MULTI-NEXT:     %expanded = tensor.expand_shape %1 {{\[\[}}0, 1], [2]] output_shape [3, 2, 5] : tensor<6x5xf32> into tensor<3x2x5xf32>
// MULTI-NEXT:     return %expanded : tensor<3x2x5xf32>
// MULTI-NEXT:   }
// MULTI-NEXT:   func.func @collapse_producer(%arg0: tensor<?x4x7xi32>, %arg1: tensor<?x7xi32>) -> tensor<?x7xi32> {
// MULTI-NEXT:     %collapsed = tensor.collapse_shape %arg0 {{\[\[}}0, 1], [2]] : tensor<?x4x7xi32> into tensor<?x7xi32>
// MULTI-NEXT:     %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%collapsed : tensor<?x7xi32>) outs(%arg1 : tensor<?x7xi32>) {
// MULTI-NEXT:     ^bb0(%in: i32, %out: i32):
// MULTI-NEXT:       %1 = arith.addi %in, %out : i32
// MULTI-NEXT:       linalg.yield %1 : i32
// MULTI-NEXT:     } -> tensor<?x7xi32>
// MULTI-NEXT:     return %0 : tensor<?x7xi32>
// MULTI-NEXT:   }
// MULTI-NEXT: }
// GEN-EXPAND: -split-input-file -test-linalg-elementwise-fusion-patterns=fuse-with-reshape-by-expansion
// EXPAND: #map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// EXPAND-NEXT: module {
// EXPAND-NEXT:   func.func @expand_producer(%arg0: tensor<3x20xf32>, %arg1: tensor<3x4x5xf32>) -> tensor<3x4x5xf32> {
// EXPAND-NEXT:     %expanded = tensor.expand_shape %arg0 {{\[\[}}0], [1, 2]] output_shape [3, 4, 5] : tensor<3x20xf32> into tensor<3x4x5xf32>
// EXPAND-NEXT:     %0 = tensor.empty() : tensor<3x4x5xf32>
// EXPAND-NEXT:     %1 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded, %arg1 : tensor<3x4x5xf32>, tensor<3x4x5xf32>) outs(%0 : tensor<3x4x5xf32>) {
// EXPAND-NEXT:     ^bb0(%in: f32, %in_0: f32, %out: f32):
// EXPAND-NEXT:       %2 = linalg.index 2 : index
// EXPAND-NEXT:       %3 = linalg.index 1 : index
// EXPAND-NEXT:       %4 = arith.addi %2, %3 : index
// EXPAND-NEXT:       %5 = arith.index_cast %4 : index to i32
// EXPAND-NEXT:       %6 = arith.sitofp %5 : i32 to f32
// EXPAND-NEXT:       %7 = arith.addf %in, %in_0 : f32
// EXPAND-NEXT:       %8 = arith.mulf %7, %6 : f32
// EXPAND-NEXT:       linalg.yield %8 : f32
// EXPAND-NEXT:     } -> tensor<3x4x5xf32>
// EXPAND-NEXT:     return %1 : tensor<3x4x5xf32>
// EXPAND-NEXT:   }
// EXPAND-NEXT: }
// EXPAND-EMPTY:
// EXPAND-NEXT: // -----
// EXPAND-NEXT: #map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// EXPAND-NEXT: #map1 = affine_map<(d0, d1, d2) -> (d0)>
// EXPAND-NEXT: module {
// EXPAND-NEXT:   func.func @collapse_consumer(%arg0: tensor<6x2x7xi32>, %arg1: tensor<6xi32>, %arg2: memref<2x3x4xf32>) -> tensor<6xi32> {
// EXPAND-NEXT:     %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<6x2x7xi32>) outs(%arg0 : tensor<6x2x7xi32>) {
// EXPAND-NEXT:     ^bb0(%in: i32, %out: i32):
// EXPAND-NEXT:       %2 = arith.muli %in, %in : i32
// EXPAND-NEXT:       linalg.yield %2 : i32
// EXPAND-NEXT:     } -> tensor<6x2x7xi32>
// EXPAND-NEXT:     %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction", "reduction"]} ins(%0 : tensor<6x2x7xi32>) outs(%arg1 : tensor<6xi32>) {
// EXPAND-NEXT:     ^bb0(%in: i32, %out: i32):
// EXPAND-NEXT:       %2 = arith.addi %in, %out : i32
// EXPAND-NEXT:       linalg.yield %2 : i32
// EXPAND-NEXT:     } -> tensor<6xi32>
// EXPAND-NEXT:     linalg.copy ins(%arg2 : memref<2x3x4xf32>) outs(%arg2 : memref<2x3x4xf32>)
// EXPAND-NEXT:     return %1 : tensor<6xi32>
// EXPAND-NEXT:   }
// EXPAND-NEXT: }
// EXPAND-EMPTY:
// EXPAND-NEXT: // -----
// EXPAND-NEXT: #map = affine_map<(d0, d1) -> (d0, d1)>
// EXPAND-NEXT: module {
// EXPAND-NEXT:   func.func @multi_use(%arg0: tensor<4x4xf32>, %arg1: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
// EXPAND-NEXT:     %0 = tensor.empty() : tensor<4x4xf32>
// EXPAND-NEXT:     %1 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<4x4xf32>, tensor<4x4xf32>) outs(%0 : tensor<4x4xf32>) {
// EXPAND-NEXT:     ^bb0(%in: f32, %in_0: f32, %out: f32):
// EXPAND-NEXT:       %3 = arith.subf %in, %in_0 : f32
// EXPAND-NEXT:       linalg.yield %3 : f32
// EXPAND-NEXT:     } -> tensor<4x4xf32>
// EXPAND-NEXT:     %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%1 : tensor<4x4xf32>) outs(%0 : tensor<4x4xf32>) {
// EXPAND-NEXT:     ^bb0(%in: f32, %out: f32):
// EXPAND-NEXT:       %3 = arith.mulf %in, %in : f32
// EXPAND-NEXT:       linalg.yield %3 : f32
// EXPAND-NEXT:     } -> tensor<4x4xf32>
// EXPAND-NEXT:     return %1, %2 : tensor<4x4xf32>, tensor<4x4xf32>
// EXPAND-NEXT:   }
// EXPAND-NEXT: }
// EXPAND-EMPTY:
// EXPAND-NEXT: // -----
// EXPAND-NEXT: #map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// EXPAND-NEXT: #map1 = affine_map<(d0, d1, d2) -> (d2, d0, d1)>
// EXPAND-NEXT: #map2 = affine_map<()[s0, s1] -> (s0 + s1 * 2)>
// EXPAND-NEXT: module {
// EXPAND-NEXT:   func.func @expand_consumer(%arg0: tensor<6x5xf32>, %arg1: tensor<5x6xf32>) -> tensor<3x2x5xf32> {
// EXPAND-NEXT:     %0 = tensor.empty() : tensor<6x5xf32>
// EXPAND-NEXT:     %expanded = tensor.expand_shape %arg0 {{\[\[}}0, 1], [2]] output_shape [3, 2, 5] : tensor<6x5xf32> into tensor<3x2x5xf32>
// EXPAND-NEXT:     %expanded_0 = tensor.expand_shape %arg1 {{\[\[}}0], [1, 2]] output_shape [5, 3, 2] : tensor<5x6xf32> into tensor<5x3x2xf32>
// EXPAND-NEXT:     %expanded_1 = tensor.expand_shape %0 {{\[\[}}0, 1], [2]] output_shape [3, 2, 5] : tensor<6x5xf32> into tensor<3x2x5xf32>
// EXPAND-NEXT:     %1 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded, %expanded_0 : tensor<3x2x5xf32>, tensor<5x3x2xf32>) outs(%expanded_1 : tensor<3x2x5xf32>) {
// EXPAND-NEXT:     ^bb0(%in: f32, %in_2: f32, %out: f32):
// EXPAND-NEXT:       %2 = linalg.index 1 : index
// EXPAND-NEXT:       %3 = linalg.index 0 : index
// EXPAND-NEXT:       %4 = affine.apply #map2()[%2, %3]
// EXPAND-NEXT:       %5 = arith.index_cast %4 : index to i64
// EXPAND-NEXT:       %6 = arith.sitofp %5 : i64 to f32
// EXPAND-NEXT:       %7 = arith.addf %in, %in_2 : f32
// EXPAND-NEXT:       %8 = arith.addf %7, %6 : f32
// EXPAND-NEXT:       linalg.yield %8 : f32
// EXPAND-NEXT:     } -> tensor<3x2x5xf32>
// EXPAND-NEXT:     return %1 : tensor<3x2x5xf32>
// EXPAND-NEXT:   }
// EXPAND-NEXT:   func.func @collapse_producer(%arg0: tensor<?x4x7xi32>, %arg1: tensor<?x7xi32>) -> tensor<?x7xi32> {
// EXPAND-NEXT:     %c0 = arith.constant 0 : index
// EXPAND-NEXT:     %dim = tensor.dim %arg0, %c0 : tensor<?x4x7xi32>
// EXPAND-NEXT:     %expanded = tensor.expand_shape %arg1 {{\[\[}}0, 1], [2]] output_shape [%dim, 4, 7] : tensor<?x7xi32> into tensor<?x4x7xi32>
// EXPAND-NEXT:     %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<?x4x7xi32>) outs(%expanded : tensor<?x4x7xi32>) {
// EXPAND-NEXT:     ^bb0(%in: i32, %out: i32):
// EXPAND-NEXT:       %1 = arith.addi %in, %out : i32
// EXPAND-NEXT:       linalg.yield %1 : i32
// EXPAND-NEXT:     } -> tensor<?x4x7xi32>
// EXPAND-NEXT:     %collapsed = tensor.collapse_shape %0 {{\[\[}}0, 1], [2]] : tensor<?x4x7xi32> into tensor<?x7xi32>
// EXPAND-NEXT:     return %collapsed : tensor<?x7xi32>
// EXPAND-NEXT:   }
// EXPAND-NEXT: }
// Expectations printed by mlir-opt 22 (utils/update-mlir-checks.py).

// An expand_shape producer: the generic's loops d1, d2 collapse.
#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#tr = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @expand_producer(%a: tensor<3x20xf32>, %b: tensor<3x4x5xf32>) -> tensor<3x4x5xf32> {
  %e = tensor.expand_shape %a [[0], [1, 2]] output_shape [3, 4, 5] : tensor<3x20xf32> into tensor<3x4x5xf32>
  %init = tensor.empty() : tensor<3x4x5xf32>
  %0 = linalg.generic {indexing_maps = [#map, #map, #tr], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%e, %b : tensor<3x4x5xf32>, tensor<3x4x5xf32>) outs(%init : tensor<3x4x5xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %i = linalg.index 2 : index
    %j = linalg.index 1 : index
    %k = arith.addi %i, %j : index
    %c = arith.index_cast %k : index to i32
    %f = arith.sitofp %c : i32 to f32
    %s = arith.addf %x, %y : f32
    %t = arith.mulf %s, %f : f32
    linalg.yield %t : f32
  } -> tensor<3x4x5xf32>
  return %0 : tensor<3x4x5xf32>
}

// -----

// A collapse_shape consumer of a reduction over two loops.
#in = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0)>
func.func @collapse_consumer(%a: tensor<6x2x7xi32>, %init: tensor<6xi32>, %m: memref<2x3x4xf32>) -> tensor<6xi32> {
  %0 = linalg.generic {indexing_maps = [#in, #in], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%a : tensor<6x2x7xi32>) outs(%a : tensor<6x2x7xi32>) {
  ^bb0(%x: i32, %o: i32):
    %s = arith.muli %x, %x : i32
    linalg.yield %s : i32
  } -> tensor<6x2x7xi32>
  %1 = tensor.collapse_shape %0 [[0], [1, 2]] : tensor<6x2x7xi32> into tensor<6x14xi32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%1 : tensor<6x14xi32>) outs(%init : tensor<6xi32>) {
  ^bb0(%x: i32, %o: i32):
    %s = arith.addi %x, %o : i32
    linalg.yield %s : i32
  } -> tensor<6xi32>
  linalg.copy ins(%m : memref<2x3x4xf32>) outs(%m : memref<2x3x4xf32>)
  return %2 : tensor<6xi32>
}

// -----

// A producer used twice is fused and kept for its other use.
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @multi_use(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
  %e = tensor.empty() : tensor<4x4xf32>
  %0 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<4x4xf32>, tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.subf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4x4xf32>
  %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%0 : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.mulf %x, %x : f32
    linalg.yield %s : f32
  } -> tensor<4x4xf32>
  return %0, %1 : tensor<4x4xf32>, tensor<4x4xf32>
}

// -----

// An expand_shape consumer (with the index of a split loop) and a
// collapse_shape producer.
#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
func.func @expand_consumer(%a: tensor<6x5xf32>, %b: tensor<5x6xf32>) -> tensor<3x2x5xf32> {
  %init = tensor.empty() : tensor<6x5xf32>
  %0 = linalg.generic {indexing_maps = [#id, #tr, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<6x5xf32>, tensor<5x6xf32>) outs(%init : tensor<6x5xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f32
    %s = arith.addf %x, %y : f32
    %t = arith.addf %s, %f : f32
    linalg.yield %t : f32
  } -> tensor<6x5xf32>
  %1 = tensor.expand_shape %0 [[0, 1], [2]] output_shape [3, 2, 5] : tensor<6x5xf32> into tensor<3x2x5xf32>
  return %1 : tensor<3x2x5xf32>
}

func.func @collapse_producer(%a: tensor<?x4x7xi32>, %b: tensor<?x7xi32>) -> tensor<?x7xi32> {
  %c = tensor.collapse_shape %a [[0, 1], [2]] : tensor<?x4x7xi32> into tensor<?x7xi32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%c : tensor<?x7xi32>) outs(%b : tensor<?x7xi32>) {
  ^bb0(%x: i32, %o: i32):
    %s = arith.addi %x, %o : i32
    linalg.yield %s : i32
  } -> tensor<?x7xi32>
  return %0 : tensor<?x7xi32>
}
