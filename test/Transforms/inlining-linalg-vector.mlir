// inline: linalg and vector ops are legal to inline (their dialects'
// inliner interfaces), and calls inline into linalg regions. Check lines:
// utils/update-mlir-checks.py.
// RUN: lamina-opt -inline < %s | FileCheck %s
// GEN: -inline
// CHECK: #map = affine_map<(d0) -> (d0)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @caller(%arg0: memref<?xf32>, %arg1: f32) -> vector<4xf32> {
// CHECK-NEXT:     linalg.fill ins(%arg1 : f32) outs(%arg0 : memref<?xf32>)
// CHECK-NEXT:     linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg0 : memref<?xf32>) outs(%arg0 : memref<?xf32>) {
// CHECK-NEXT:     ^bb0(%in: f32, %out: f32):
// CHECK-NEXT:       %3 = arith.mulf %in, %out : f32
// CHECK-NEXT:       linalg.yield %3 : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     %0 = vector.broadcast %arg1 : f32 to vector<4xf32>
// CHECK-NEXT:     %1 = vector.reduction <add>, %0 : vector<4xf32> into f32
// CHECK-NEXT:     %2 = vector.broadcast %1 : f32 to vector<4xf32>
// CHECK-NEXT:     return %2 : vector<4xf32>
// CHECK-NEXT:   }
// CHECK-NEXT: }

#id = affine_map<(d0) -> (d0)>

func.func private @scale(%a: f32, %b: f32) -> f32 {
  %0 = arith.mulf %a, %b : f32
  return %0 : f32
}

func.func private @fill(%m: memref<?xf32>, %v: f32) {
  linalg.fill ins(%v : f32) outs(%m : memref<?xf32>)
  return
}

func.func private @splat(%v: f32) -> vector<4xf32> {
  %0 = vector.broadcast %v : f32 to vector<4xf32>
  %1 = vector.reduction <add>, %0 : vector<4xf32> into f32
  %2 = vector.broadcast %1 : f32 to vector<4xf32>
  return %2 : vector<4xf32>
}

func.func @caller(%m: memref<?xf32>, %v: f32) -> vector<4xf32> {
  call @fill(%m, %v) : (memref<?xf32>, f32) -> ()
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%m : memref<?xf32>) outs(%m : memref<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = func.call @scale(%in, %out) : (f32, f32) -> f32
    linalg.yield %s : f32
  }
  %r = call @splat(%v) : (f32) -> vector<4xf32>
  return %r : vector<4xf32>
}
