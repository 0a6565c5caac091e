// Verifier messages of tensor.expand_shape/collapse_shape (mlir-opt's
// wording, trailing periods included; dim positions are 32-bit as in MLIR's
// affine maps).
// RUN: lamina-opt --verify-diagnostics --split-input-file %s

func.func @map_size(%a: tensor<?x4x5xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected reassociation map #0 to have size equal to the expanded rank (3), but it is  4.}}
  %0 = tensor.collapse_shape %a [[0, 1], [3]] : tensor<?x4x5xf32> into tensor<?x5xf32>
  return
}

// -----

func.func @map_size_wraps(%a: tensor<?x4x5xf32>) {
  // expected-error @+1 {{expected reassociation map #0 to have size equal to the expanded rank (3), but it is  0.}}
  %0 = tensor.collapse_shape %a [[0], [1, -1]] : tensor<?x4x5xf32> into tensor<?x20xf32>
  return
}

// -----

func.func @map_size_large(%a: tensor<?x4x5xf32>) {
  // expected-error @+1 {{expected reassociation map #0 to have size equal to the expanded rank (3), but it is  2147483648.}}
  %0 = tensor.collapse_shape %a [[0], [2147483647, 2]] : tensor<?x4x5xf32> into tensor<?x20xf32>
  return
}

// -----

func.func @not_contiguous(%a: tensor<?x4x5xf32>) {
  // expected-error @+1 {{'tensor.collapse_shape' op expected reassociation map #1 to be valid and contiguous.}}
  %0 = tensor.collapse_shape %a [[0], [2, 1]] : tensor<?x4x5xf32> into tensor<?x20xf32>
  return
}

// -----

func.func @expand_static_mismatch(%a: tensor<8xf32>) {
  // expected-error @+1 {{'tensor.expand_shape' op expected dimension 0 of collapsed type to be static value of 10}}
  %0 = tensor.expand_shape %a [[0, 1]] output_shape [2, 4] : tensor<8xf32> into tensor<2x5xf32>
  return
}
