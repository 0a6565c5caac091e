// A negative tensor.concat dimension is reported as out of range once the
// other dimensions are checked (mlir-opt 22 then indexes out of bounds and
// may crash; the message is the one it gives for too large a dim).
// RUN: lamina-opt --verify-diagnostics %s

func.func @negative_dim(%arg0: tensor<3xf32>) {
  // expected-error @+1 {{'tensor.concat' op concatenation dim must be less than the tensor rank}}
  %0 = tensor.concat dim(-1) %arg0, %arg0 : (tensor<3xf32>, tensor<3xf32>) -> tensor<6xf32>
  return
}
