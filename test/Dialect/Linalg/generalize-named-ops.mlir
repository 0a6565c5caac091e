// RUN: lamina-opt -split-input-file -linalg-generalize-named-ops %s | FileCheck %s
// Expectations printed by mlir-opt 22.

func.func @matmul_tensor(%A : tensor<16x8xf16>, %B: tensor<8x32xf64>, %C: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %0 = linalg.matmul ins(%A, %B: tensor<16x8xf16>, tensor<8x32xf64>) outs(%C: tensor<16x32xf32>) -> tensor<16x32xf32>
  return %0: tensor<16x32xf32>
}

// -----

func.func @fill_and_conv(%in: memref<1x9x9x3xf32>, %f: memref<3x3x3x8xf32>, %out: memref<1x7x7x8xf32>, %v: f32) {
  linalg.fill ins(%v : f32) outs(%out : memref<1x7x7x8xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%in, %f : memref<1x9x9x3xf32>, memref<3x3x3x8xf32>) outs(%out : memref<1x7x7x8xf32>)
  return
}

// -----

// linalg.map is generalized too (MLIR 22); the greedy driver folds the
// constant arithmetic around it. Discardable attributes are dropped.
func.func @kept(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, index) {
  %0 = linalg.map { arith.addf } ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%a : tensor<4xf32>)
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %s = arith.addi %c1, %c2 : index
  return %0, %s : tensor<4xf32>, index
}
// -----

func.func @f(%A : memref<16x8xf32>, %B: memref<8x32xf32>, %C: memref<16x32xf32>) {
  linalg.matmul {my.tag = 3 : i32} ins(%A, %B: memref<16x8xf32>, memref<8x32xf32>) outs(%C: memref<16x32xf32>)
  return
}

// CHECK: #map = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-NEXT: #map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @matmul_tensor(%arg0: tensor<16x8xf16>, %arg1: tensor<8x32xf64>, %arg2: tensor<16x32xf32>) -> tensor<16x32xf32> {
// CHECK-NEXT:     %0 = linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<16x8xf16>, tensor<8x32xf64>) outs(%arg2 : tensor<16x32xf32>) {
// CHECK-NEXT:     ^bb0(%in: f16, %in_0: f64, %out: f32):
// CHECK-NEXT:       %1 = arith.extf %in : f16 to f32
// CHECK-NEXT:       %2 = arith.truncf %in_0 : f64 to f32
// CHECK-NEXT:       %3 = arith.mulf %1, %2 : f32
// CHECK-NEXT:       %4 = arith.addf %out, %3 : f32
// CHECK-NEXT:       linalg.yield %4 : f32
// CHECK-NEXT:     } -> tensor<16x32xf32>
// CHECK-NEXT:     return %0 : tensor<16x32xf32>
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-LABEL: // -----
// CHECK-NEXT: #map = affine_map<(d0, d1, d2, d3) -> ()>
// CHECK-NEXT: #map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-NEXT: #map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d4, d2 + d5, d6)>
// CHECK-NEXT: #map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>
// CHECK-NEXT: #map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @fill_and_conv(%arg0: memref<1x9x9x3xf32>, %arg1: memref<3x3x3x8xf32>, %arg2: memref<1x7x7x8xf32>, %arg3: f32) {
// CHECK-NEXT:     linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg3 : f32) outs(%arg2 : memref<1x7x7x8xf32>) {
// CHECK-NEXT:     ^bb0(%in: f32, %out: f32):
// CHECK-NEXT:       linalg.yield %in : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%arg0, %arg1 : memref<1x9x9x3xf32>, memref<3x3x3x8xf32>) outs(%arg2 : memref<1x7x7x8xf32>) {
// CHECK-NEXT:     ^bb0(%in: f32, %in_0: f32, %out: f32):
// CHECK-NEXT:       %0 = arith.mulf %in, %in_0 : f32
// CHECK-NEXT:       %1 = arith.addf %out, %0 : f32
// CHECK-NEXT:       linalg.yield %1 : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-LABEL: // -----
// CHECK-NEXT: #map = affine_map<(d0) -> (d0)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @kept(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> (tensor<4xf32>, index) {
// CHECK-NEXT:     %c3 = arith.constant 3 : index
// CHECK-NEXT:     %0 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%arg0, %arg1 : tensor<4xf32>, tensor<4xf32>) outs(%arg0 : tensor<4xf32>) {
// CHECK-NEXT:     ^bb0(%in: f32, %in_0: f32, %out: f32):
// CHECK-NEXT:       %1 = arith.addf %in, %in_0 : f32
// CHECK-NEXT:       linalg.yield %1 : f32
// CHECK-NEXT:     } -> tensor<4xf32>
// CHECK-NEXT:     return %0, %c3 : tensor<4xf32>, index
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-LABEL: // -----
// CHECK-NEXT: #map = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-NEXT: #map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @f(%arg0: memref<16x8xf32>, %arg1: memref<8x32xf32>, %arg2: memref<16x32xf32>) {
// CHECK-NEXT:     linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : memref<16x8xf32>, memref<8x32xf32>) outs(%arg2 : memref<16x32xf32>) {
// CHECK-NEXT:     ^bb0(%in: f32, %in_0: f32, %out: f32):
// CHECK-NEXT:       %0 = arith.mulf %in, %in_0 : f32
// CHECK-NEXT:       %1 = arith.addf %out, %0 : f32
// CHECK-NEXT:       linalg.yield %1 : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
