// Verifier diagnostics of the linalg dialect (mlir-opt's wording): the
// structured op interface, the hand-written verifiers and the region builders
// of the named ops.
// RUN: lamina-opt --verify-diagnostics --split-input-file %s

#map = affine_map<(d0) -> (d0)>
func.func @mixed(%a: tensor<?xf32>, %c: memref<?xf32>) {
  // expected-error @+1 {{'linalg.generic' op expected to have pure tensor or buffer semantics}}
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%a : tensor<?xf32>) outs(%c : memref<?xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

#map = affine_map<(d0) -> (d0)>
func.func @maps(%a: memref<?xf32>, %c: memref<?xf32>) {
  // expected-error @+1 {{'linalg.generic' op expected the number of indexing_map (1) to be equal to the number of input/output operands (2)}}
  linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} ins(%a : memref<?xf32>) outs(%c : memref<?xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

func.func @shapes(%m: memref<2x3xf32>, %n: memref<4x4xf32>, %o: memref<2x4xf32>) {
  // expected-error @+1 {{'linalg.matmul' op inferred input/output operand #1 has shape's dimension #0 to be 3, but found 4}}
  linalg.matmul ins(%m, %n : memref<2x3xf32>, memref<4x4xf32>) outs(%o : memref<2x4xf32>)
  return
}

// -----

#map = affine_map<(d0) -> (d0)>
func.func @yield(%a: memref<?xf32>, %c: memref<?xf32>) {
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%a : memref<?xf32>) outs(%c : memref<?xf32>) {
  ^bb0(%x: f32, %y: f32):
    // expected-error @+1 {{'linalg.yield' op expected number of yield values (2) to match the number of inits / outs operands of the enclosing LinalgOp (1)}}
    linalg.yield %x, %y : f32, f32
  }
  return
}

// -----

#map = affine_map<(d0) -> (d0)>
func.func @index(%a: memref<?xf32>, %c: memref<?xindex>) {
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%a : memref<?xf32>) outs(%c : memref<?xindex>) {
  ^bb0(%x: f32, %y: index):
    // expected-error @+1 {{'linalg.index' op expected dim (1) to be lower than the number of loops (1) of the enclosing LinalgOp}}
    %i = linalg.index 1 : index
    linalg.yield %i : index
  }
  return
}

// -----

func.func @transpose(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'linalg.transpose' op dim(result, 0) = 2 doesn't match dim(input, permutation[0]) = 3}}
  %0 = linalg.transpose ins(%a : tensor<2x3xf32>) outs(%b : tensor<2x3xf32>) permutation = [1, 0]
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast(%a: tensor<2xf32>, %b: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'linalg.broadcast' op input dim 0 should match init dim 0. input: 2, init: 3}}
  %0 = linalg.broadcast ins(%a : tensor<2xf32>) outs(%b : tensor<3x4xf32>) dimensions = [1]
  return %0 : tensor<3x4xf32>
}

// -----

func.func @reduce(%a: tensor<2x3xf32>, %c: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'linalg.reduce' op init dimensions [3] doesn't match input dimensions after reduction [2]}}
  %0 = linalg.reduce ins(%a : tensor<2x3xf32>) outs(%c : tensor<3xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  return %0 : tensor<3xf32>
}

// -----

func.func @contract(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{provided affine_map is not a projected permutation}}
  %0 = linalg.contract indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
      ins(%a, %b : tensor<2x3xf32>, tensor<3x4xf32>) outs(%c : tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @pack(%src: tensor<128x256xf32>, %dst: tensor<16x8x8x16xf32>) -> tensor<16x8x8x16xf32> {
  // expected-error @+1 {{mismatch in inner tile sizes specified and shaped of tiled dimension in the packed type}}
  %0 = linalg.pack %src inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %dst : tensor<128x256xf32> -> tensor<16x8x8x16xf32>
  return %0 : tensor<16x8x8x16xf32>
}

// -----

func.func @named_region(%a: memref<2xi1>, %c: memref<2xi1>) {
  // expected-error @+1 {{unsupported non numeric type}}
  linalg.exp ins(%a : memref<2xi1>) outs(%c : memref<2xi1>)
  return
}

// -----

func.func @named_args(%a: memref<2xf32>) {
  // expected-error @+2 {{custom op 'linalg.exp' [parseNamedStructuredOpRegion] ods-gen generated region expects 2 args, got 1}}
  linalg.exp outs(%a : memref<2xf32>)
  return
}

// -----

func.func @attr() attributes {linalg.foo = 1} {
  // expected-error @-1 {{attribute '"linalg.foo"' not supported by the linalg dialect}}
  return
}
