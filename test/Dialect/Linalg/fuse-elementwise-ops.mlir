// RUN: lamina-opt -split-input-file -linalg-fuse-elementwise-ops %s | FileCheck %s
// GEN: -split-input-file -linalg-fuse-elementwise-ops
// CHECK: #map = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @sub_then_max(%arg0: tensor<8x4xf32>, %arg1: tensor<4x8xf32>, %arg2: tensor<4x8xf32>) -> tensor<8x4xf32> {
// CHECK-NEXT:     %0 = tensor.empty() : tensor<8x4xf32>
// CHECK-NEXT:     %1 = linalg.generic {indexing_maps = [#map, #map1, #map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg2, %arg0, %arg1 : tensor<4x8xf32>, tensor<8x4xf32>, tensor<4x8xf32>) outs(%0 : tensor<8x4xf32>) {
// CHECK-NEXT:     ^bb0(%in: f32, %in_0: f32, %in_1: f32, %out: f32):
// CHECK-NEXT:       %2 = arith.subf %in_0, %in_1 : f32
// CHECK-NEXT:       %3 = arith.maximumf %in, %2 : f32
// CHECK-NEXT:       linalg.yield %3 : f32
// CHECK-NEXT:     } -> tensor<8x4xf32>
// CHECK-NEXT:     return %1 : tensor<8x4xf32>
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // -----
// CHECK-NEXT: #map = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @indexed_splat(%arg0: tensor<3x5xi32>, %arg1: tensor<3x5xi32>) -> tensor<3x5xi32> {
// CHECK-NEXT:     %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT:     %0 = tensor.empty() : tensor<3x5xi32>
// CHECK-NEXT:     %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<3x5xi32>) outs(%0 : tensor<3x5xi32>) {
// CHECK-NEXT:     ^bb0(%in: i32, %out: i32):
// CHECK-NEXT:       %2 = linalg.index 1 : index
// CHECK-NEXT:       %3 = arith.index_cast %2 : index to i32
// CHECK-NEXT:       %4 = arith.addi %in, %3 : i32
// CHECK-NEXT:       %5 = arith.muli %4, %c7_i32 : i32
// CHECK-NEXT:       linalg.yield %5 : i32
// CHECK-NEXT:     } -> tensor<3x5xi32>
// CHECK-NEXT:     return %1 : tensor<3x5xi32>
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // -----
// CHECK-NEXT: #map = affine_map<(d0) -> (d0)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @two_uses(%arg0: tensor<?xf32>, %arg1: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %dim = tensor.dim %arg1, %c0 : tensor<?xf32>
// CHECK-NEXT:     %0 = tensor.empty(%dim) : tensor<?xf32>
// CHECK-NEXT:     %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg0 : tensor<?xf32>) outs(%0 : tensor<?xf32>) {
// CHECK-NEXT:     ^bb0(%in: f32, %out: f32):
// CHECK-NEXT:       %3 = arith.mulf %in, %in : f32
// CHECK-NEXT:       linalg.yield %3 : f32
// CHECK-NEXT:     } -> tensor<?xf32>
// CHECK-NEXT:     %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%1 : tensor<?xf32>) outs(%arg1 : tensor<?xf32>) {
// CHECK-NEXT:     ^bb0(%in: f32, %out: f32):
// CHECK-NEXT:       %3 = arith.addf %in, %out : f32
// CHECK-NEXT:       linalg.yield %3 : f32
// CHECK-NEXT:     } -> tensor<?xf32>
// CHECK-NEXT:     return %1, %2 : tensor<?xf32>, tensor<?xf32>
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // -----
// CHECK-NEXT: #map = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1) -> (d0)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @reduce_fill(%arg0: tensor<6x7xf32>, %arg1: f32) -> tensor<6xf32> {
// CHECK-NEXT:     %0 = tensor.empty() : tensor<6xf32>
// CHECK-NEXT:     %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<6x7xf32>) outs(%0 : tensor<6xf32>) {
// CHECK-NEXT:     ^bb0(%in: f32, %out: f32):
// CHECK-NEXT:       %2 = arith.mulf %in, %arg1 : f32
// CHECK-NEXT:       %3 = arith.addf %2, %out : f32
// CHECK-NEXT:       linalg.yield %3 : f32
// CHECK-NEXT:     } -> tensor<6xf32>
// CHECK-NEXT:     return %1 : tensor<6xf32>
// CHECK-NEXT:   }
// CHECK-NEXT: }
// Expectations printed by mlir-opt 22 (utils/update-mlir-checks.py).

#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
func.func @sub_then_max(%a: tensor<8x4xf32>, %b: tensor<4x8xf32>, %c: tensor<4x8xf32>) -> tensor<8x4xf32> {
  %e = tensor.empty() : tensor<8x4xf32>
  %0 = linalg.generic {indexing_maps = [#id, #tr, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<8x4xf32>, tensor<4x8xf32>) outs(%e : tensor<8x4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.subf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<8x4xf32>
  %1 = linalg.generic {indexing_maps = [#tr, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c, %0 : tensor<4x8xf32>, tensor<8x4xf32>) outs(%e : tensor<8x4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.maximumf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<8x4xf32>
  return %1 : tensor<8x4xf32>
}

// -----

// The producer reads its loop indices; a splat constant input becomes a
// scalar; the consumer's init is read by nobody and becomes tensor.empty.
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @indexed_splat(%a: tensor<3x5xi32>, %init: tensor<3x5xi32>) -> tensor<3x5xi32> {
  %cst = arith.constant dense<7> : tensor<3x5xi32>
  %e = tensor.empty() : tensor<3x5xi32>
  %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<3x5xi32>) outs(%e : tensor<3x5xi32>) {
  ^bb0(%x: i32, %o: i32):
    %i = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i32
    %s = arith.addi %x, %ii : i32
    linalg.yield %s : i32
  } -> tensor<3x5xi32>
  %1 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%0, %cst : tensor<3x5xi32>, tensor<3x5xi32>) outs(%init : tensor<3x5xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %m = arith.muli %x, %y : i32
    linalg.yield %m : i32
  } -> tensor<3x5xi32>
  return %1 : tensor<3x5xi32>
}

// -----

// A producer with two uses is not fused (the default control); its unread
// repeated input is deduplicated.
#map = affine_map<(d0) -> (d0)>
func.func @two_uses(%a: tensor<?xf32>, %init: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %0 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
      ins(%a, %a : tensor<?xf32>, tensor<?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.mulf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%0 : tensor<?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %o : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %0, %1 : tensor<?xf32>, tensor<?xf32>
}

// -----

// A reduction consumer, a fill read by the body.
#map = affine_map<(d0, d1) -> (d0, d1)>
#red = affine_map<(d0, d1) -> (d0)>
func.func @reduce_fill(%a: tensor<6x7xf32>, %f: f32) -> tensor<6xf32> {
  %e = tensor.empty() : tensor<6x7xf32>
  %r = tensor.empty() : tensor<6xf32>
  %fill = linalg.fill ins(%f : f32) outs(%e : tensor<6x7xf32>) -> tensor<6x7xf32>
  %0 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%a, %fill : tensor<6x7xf32>, tensor<6x7xf32>) outs(%e : tensor<6x7xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.mulf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<6x7xf32>
  %1 = linalg.generic {indexing_maps = [#map, #red], iterator_types = ["parallel", "reduction"]}
      ins(%0 : tensor<6x7xf32>) outs(%r : tensor<6xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %o : f32
    linalg.yield %s : f32
  } -> tensor<6xf32>
  return %1 : tensor<6xf32>
}
