// Verifier diagnostics of the vector dialect (mlir-opt's wording).
// RUN: lamina-opt --verify-diagnostics --split-input-file %s

func.func @broadcast(%a: vector<4x3xf32>) {
  // expected-error @+1 {{'vector.broadcast' op dimension mismatch (4 vs. 2)}}
  %0 = vector.broadcast %a : vector<4x3xf32> to vector<2x7xf32>
  return
}

// -----

func.func @shuffle(%a: vector<2xf32>, %b: vector<2xf32>) {
  // expected-error @+1 {{'vector.shuffle' op mask index #3 out of range}}
  %0 = vector.shuffle %a, %b [0, 1, 9] : vector<2xf32>, vector<2xf32>
  return
}

// -----

func.func @extract(%a: vector<4x8xf32>) {
  // expected-error @+1 {{'vector.extract' op expected position attribute #2 to be a non-negative integer smaller than the corresponding vector dimension or poison (-1)}}
  %0 = vector.extract %a[1, 9] : f32 from vector<4x8xf32>
  return
}

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @contract(%a: vector<4x8xf32>, %b: vector<8x16xf32>, %c: vector<4x8xf32>) {
  // expected-error @+1 {{'vector.contract' op invalid accumulator/result vector shape, expected: 'vector<4x16xf32>'}}
  %0 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} %a, %b, %c : vector<4x8xf32>, vector<8x16xf32> into vector<4x8xf32>
  return
}

// -----

func.func @transfer(%m: memref<?x?xf32>, %i: index, %f: f32) {
  // expected-error @+1 {{'vector.transfer_read' op requires 2 indices}}
  %0 = vector.transfer_read %m[%i, %i, %i], %f : memref<?x?xf32>, vector<4xf32>
  return
}

// -----

func.func @transpose(%a: vector<4x8xf32>) {
  // expected-error @+1 {{'vector.transpose' op dimension size mismatch at: 1}}
  %0 = vector.transpose %a, [1, 0] : vector<4x8xf32> to vector<4x8xf32>
  return
}

// -----

func.func @mask(%m: vector<8xi1>, %v: vector<4xf32>) {
  // expected-error @+1 {{'vector.mask' op expects a 'vector<4xi1>' mask for the maskable operation}}
  %0 = vector.mask %m { vector.reduction <add>, %v : vector<4xf32> into f32 } : vector<8xi1> -> f32
  return
}

// -----

func.func @constant_mask() {
  // expected-error @+1 {{'vector.constant_mask' op array attr of size out of bounds of vector result dimension size}}
  %0 = vector.constant_mask [5] : vector<4xi1>
  return
}
