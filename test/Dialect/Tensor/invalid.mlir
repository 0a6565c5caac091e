// Verifier diagnostics of the tensor dialect (mlir-opt's wording): the
// hand-written verifiers and the interface verifiers (OffsetSizeAndStride,
// DestinationStyle, ShapedDim).
// RUN: lamina-opt --verify-diagnostics --split-input-file %s

func.func @f(%t: tensor<8x16xf32>) {
// expected-error@+1 {{expected type to be 'tensor<4x4xf32>' or a rank-reduced version. (size mismatch) }}
  %0 = tensor.extract_slice %t[0, 0][4, 4][1, 1] : tensor<8x16xf32> to tensor<4x8xf32>
  return
}

// -----

func.func @f(%t: tensor<8x16xf32>) {
// expected-error@+1 {{offset 0 is out-of-bounds: 9 >= 8}}
  %0 = tensor.extract_slice %t[9, 0][1, 4][1, 1] : tensor<8x16xf32> to tensor<1x4xf32>
  return
}

// -----

func.func @f(%t: tensor<8x16xf32>) {
// expected-error@+1 {{expected mixed offsets rank to match mixed sizes rank (1 vs 2) so the rank of the result type is well-formed.}}
  %0 = tensor.extract_slice %t[0][1, 4][1, 1] : tensor<8x16xf32> to tensor<1x4xf32>
  return
}

// -----

func.func @f(%t: tensor<2x3xf32>) {
// expected-error@+1 {{'tensor.collapse_shape' op expected dimension 0 of collapsed type to be static value of 6}}
  %0 = tensor.collapse_shape %t [[0, 1]] : tensor<2x3xf32> into tensor<5xf32>
  return
}

// -----

func.func @f(%n: index) {
// expected-error@+1 {{'tensor.empty' op incorrect number of dynamic sizes, has 1, expected 2}}
  %0 = tensor.empty(%n) : tensor<?x?xf32>
  return
}

// -----

func.func @f(%t: tensor<4xf32>, %i: index) {
// expected-error@+1 {{'tensor.extract' op incorrect number of indices for extract_element}}
  %0 = tensor.extract %t[%i, %i] : tensor<4xf32>
  return
}

// -----

func.func @f(%t: tensor<4xf32>, %f: f32, %i: index) {
// expected-error@+1 {{'tensor.insert' op failed to verify that result type matches type of dest}}
  %0 = "tensor.insert"(%f, %t, %i) : (f32, tensor<4xf32>, index) -> tensor<5xf32>
  return
}

// -----

func.func @f(%t: tensor<4xf32>) {
// expected-error@+1 {{'tensor.cast' op operand type 'tensor<4xf32>' and result type 'tensor<5xf32>' are cast incompatible}}
  %0 = tensor.cast %t : tensor<4xf32> to tensor<5xf32>
  return
}

// -----

func.func @f(%t: tensor<?xf32>, %f: f32, %n: index) {
  // expected-error@+1 {{'tensor.pad' op expected yield type to match shape element type}}
  %0 = tensor.pad %t low[1] high[%n] {
  ^bb0(%i: index):
    tensor.yield %n : index
  } : tensor<?xf32> to tensor<?xf32>
  return
}
