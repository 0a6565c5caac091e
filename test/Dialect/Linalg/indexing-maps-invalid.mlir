// The order and wording of the indexing map checks of structured ops, as
// mlir-opt 22 (IndexingMapOpInterface first, then the loop count).
// RUN: lamina-opt --verify-diagnostics --split-input-file %s

func.func @rank(%arg0: memref<4x4xi32>) {
  // expected-error @+1 {{'linalg.generic' op expected operand #0 rank (2) to match the result rank of indexing_map (1)}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "parallel"]} outs(%arg0 : memref<4x4xi32>) {
    ^bb(%i : i32):
    linalg.yield %i : i32
  }
  return
}

// -----

func.func @symbols_first(%arg0: memref<4xi32>) {
  // expected-error @+1 {{'linalg.generic' op unexpected symbols in indexing_map #0}}
  linalg.generic {indexing_maps = [affine_map<(d0)[s0] -> (d0 + s0)>], iterator_types = ["parallel"]} outs(%arg0 : memref<4xi32>) {
    ^bb(%i : i32):
    linalg.yield %i : i32
  }
  return
}

// -----

func.func @non_invertible(%arg0: memref<1xi32>) {
  // expected-error @+1 {{'linalg.generic' op invalid indexing maps are non-invertible: ((d0, d1) -> (d0 + d1))}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0 + d1)>], iterator_types = ["parallel"]} outs(%arg0 : memref<1xi32>) {
    ^bb(%i : i32):
    linalg.yield %i : i32
  }
  return
}

// -----

func.func @shapes_before_loop_count(%arg0: memref<1xi32>) {
  // expected-error @+1 {{'linalg.generic' op inferred input/output operand #0 has shape's dimension #0 to be greater than or equal to 2147483649, but found 1}}
  linalg.generic {indexing_maps = [affine_map<() -> (2147483648)>], iterator_types = ["parallel"]} outs(%arg0 : memref<1xi32>) {
    ^bb(%i : i32):
    linalg.yield %i : i32
  }
  return
}

// -----

func.func @loop_count(%arg0: memref<4x4xi32>) {
  // expected-error @+1 {{'linalg.generic' op expected indexing_map #0 to have 2 dim(s) to match the number of loops}}
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0, 0)>], iterator_types = ["parallel", "parallel"]} outs(%arg0 : memref<4x4xi32>) {
    ^bb(%i : i32):
    linalg.yield %i : i32
  }
  return
}

// -----

func.func @fewer_dims(%arg0: memref<4x4xi32>, %arg1: memref<5xi32>) {
  // expected-error @+1 {{'linalg.generic' op inferred input/output operand #1 has shape's dimension #0 to be 5, but found 4}}
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg1 : memref<5xi32>) outs(%arg0 : memref<4x4xi32>) {
    ^bb(%i : i32, %j : i32):
    linalg.yield %i : i32
  }
  return
}
