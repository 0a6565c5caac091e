// RUN: lamina-opt %s | FileCheck %s

// Dilations whose products overflow int64_t leave the indexing maps' results
// unfolded: the static shape check skips those dimensions instead of reading
// a constant that is not there (mlir-opt 22 prints an arbitrary number here).

// CHECK-LABEL: func.func @conv
// CHECK: linalg.conv_2d_nhwc_hwcf {dilations = dense<9223372036854775807> : tensor<2xi64>
func.func @conv(%in: tensor<1x8x8x1xf32>, %f: tensor<2x2x1x1xf32>, %out: tensor<1x7x7x1xf32>) -> tensor<1x7x7x1xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<9223372036854775807> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%in, %f : tensor<1x8x8x1xf32>, tensor<2x2x1x1xf32>) outs(%out : tensor<1x7x7x1xf32>) -> tensor<1x7x7x1xf32>
  return %0 : tensor<1x7x7x1xf32>
}
