// Verifier and parser messages of the registered buffer/tensor test ops and
// of DestinationStyleOpInterface (mlir-opt's wording).
// RUN: lamina-opt --verify-diagnostics --split-input-file %s
// RUN: %if mlir-opt %{ mlir-opt --verify-diagnostics --split-input-file %s %}

func.func @copy_of_tensor(%t: tensor<4xf32>, %a: memref<2xf32>) {
  // expected-error@+1 {{custom op 'test.copy' invalid kind of type specified}}
  test.copy(%t, %a) : (tensor<4xf32>, memref<2xf32>)
  return
}

// -----

func.func @unranked_tensor_based(%a: tensor<*xf32>) {
  // expected-error@+1 {{custom op 'test.tensor_based' invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xf32>'}}
  %0 = test.tensor_based in(%a : tensor<*xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @yield_not_last(%a: memref<2xf32>) {
  test.region_buffer_based in(%a: memref<2xf32>) out(%a: memref<2xf32>) {
  ^bb0(%x: f32, %y: f32):
    // expected-error@+1 {{'test.region_yield' op must be the last operation in the parent block}}
    test.region_yield %x : f32
    test.region_yield %x : f32
  }
  return
}

// -----

func.func @dps_result_count(%t: tensor<4xf32>) {
  // expected-error@+1 {{'test.destination_style_op' op expected the number of tensor results (1) to be equal to the number of output tensors (0)}}
  %0 = test.destination_style_op ins(%t : tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @dps_result_type(%t: tensor<4xf32>) {
  // expected-error@+1 {{'test.destination_style_op' op expected type of operand #0 ('tensor<4xf32>') to match type of corresponding result ('tensor<5xf32>')}}
  %0 = test.destination_style_op outs(%t : tensor<4xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @dps_init_kind(%t: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'test.destination_style_op' op expected that operand #1 is a tensor or a memref}}
  test.destination_style_op ins(%t : tensor<4xf32>) outs(%i : index)
  return
}

// -----

func.func @concat_type(%t: tensor<4xf32>) {
  // expected-error@+1 {{custom op 'tensor.concat' invalid kind of type specified: expected builtin.function, but found 'i32'}}
  %0 = tensor.concat dim(0) %t : i32
  return
}
