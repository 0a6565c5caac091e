// Verifiers of linalg's convolution and fill interfaces on the test
// dialect's structured ops (mlir-opt's messages).
// RUN: lamina-opt --verify-diagnostics --split-input-file %s

func.func @conv_not_linalg(%a: tensor<?xf32>, %b: tensor<?xf32>, %c: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{expected a LinalgOp}}
  %0 = "test.conv_op_not_linalg_op"(%a, %b, %c) : (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @conv_no_convolved_dim(%a: tensor<?xf32>, %c: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{expected convolved dim to be non-empty}}
  %0 = test.linalg_conv_op {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                            iterator_types = [#test.iterator_type<parallel>]}
      ins(%a, %a : tensor<?xf32>, tensor<?xf32>) outs(%c : tensor<?xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    linalg.yield %z : f32
  } -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @conv_reduction_in_output(%a: tensor<?xf32>, %b: tensor<?xf32>, %c: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{expected all iterators used to access outputs to be parallel}}
  %0 = test.linalg_conv_op {indexing_maps = [affine_map<(d0, d1) -> (d0 + d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>],
                            iterator_types = [#test.iterator_type<reduction>, #test.iterator_type<reduction>]}
      ins(%a, %b : tensor<?xf32>, tensor<?xf32>) outs(%c : tensor<?xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    linalg.yield %z : f32
  } -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @fill_not_scalar(%a: tensor<?xf32>, %c: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{expected op with scalar input}}
  %0 = test.linalg_fill_op {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                            iterator_types = [#test.iterator_type<parallel>]}
      ins(%a : tensor<?xf32>) outs(%c : tensor<?xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @fill_not_linalg(%f: f32, %c: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{expected a LinalgOp}}
  %0 = "test.fill_op_not_linalg_op"(%f, %c) : (f32, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
