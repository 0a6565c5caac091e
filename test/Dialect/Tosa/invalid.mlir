// Verifier diagnostics of the tosa ops (mlir-opt's wording): traits,
// hand-written verifiers and inferred result types.
// RUN: lamina-opt --verify-diagnostics --split-input-file %s

func.func @f(%a: tensor<2xf32>, %s: !tosa.shape<1>) -> tensor<2xf32> {
  // expected-error@+1 {{'tosa.reshape' op shape operand is not compile time resolvable}}
  %0 = tosa.reshape %a, %s : (tensor<2xf32>, !tosa.shape<1>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @f() -> !tosa.shape<3> {
  %a = tosa.const_shape {values = dense<[1, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  // expected-error@+1 {{'tosa.add_shape' op result shape has different rank than operands}}
  %0 = tosa.add_shape %a, %a : (!tosa.shape<2>, !tosa.shape<2>) -> !tosa.shape<3>
  return %0 : !tosa.shape<3>
}

// -----

func.func @f(%a: tensor<2xf32>, %b: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{'tosa.add' op operands don't have broadcast-compatible shapes}}
  %0 = tosa.add %a, %b : (tensor<2xf32>, tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @f(%a: tensor<14x19xf32>) -> tensor<14xi32> {
  // expected-error@+1 {{'tosa.argmax' op specified axis is outside the rank of the tensor}}
  %0 = tosa.argmax %a {axis = 2 : i32} : (tensor<14x19xf32>) -> tensor<14xi32>
  return %0 : tensor<14xi32>
}

// -----

func.func @f(%a: tensor<14x19xf32>) -> tensor<14xi32> {
  // expected-error@+1 {{'tosa.argmax' op expected output shape '19', got '14'}}
  %0 = tosa.argmax %a {axis = 0 : i32} : (tensor<14x19xf32>) -> tensor<14xi32>
  return %0 : tensor<14xi32>
}

// -----

func.func @f(%a: tensor<13x21x3xf32>) -> tensor<13x21x3xf32> {
  // expected-error@+1 {{'tosa.clamp' op expected min_val <= max_val, got min_val=1.000000e+00 : f32, max_val=0.000000e+00 : f32}}
  %0 = tosa.clamp %a {min_val = 1.0 : f32, max_val = 0.0 : f32} : (tensor<13x21x3xf32>) -> tensor<13x21x3xf32>
  return %0 : tensor<13x21x3xf32>
}

// -----

func.func @f(%a: tensor<1x7x7x9xf32>) -> tensor<1x7x7x9xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  // expected-error@+1 {{'tosa.avg_pool2d' op expected left/right padding to be less than the width of the kernel, got pad_left=0, pad_right=2, kernel_x=2}}
  %0 = tosa.avg_pool2d %a, %zp, %zp {acc_type = f32, kernel = array<i64: 2, 2>, pad = array<i64: 0, 1, 0, 2>, stride = array<i64: 1, 1>} : (tensor<1x7x7x9xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x7x7x9xf32>
  return %0 : tensor<1x7x7x9xf32>
}

// -----

func.func @f(%a: tensor<1x7x7x9xf32>) -> tensor<1x7x7x9xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  // expected-error@+1 {{'tosa.avg_pool2d' op accumulator type for f32 tensor is not f32}}
  %0 = tosa.avg_pool2d %a, %zp, %zp {acc_type = f16, kernel = array<i64: 2, 2>, pad = array<i64: 0, 1, 0, 1>, stride = array<i64: 1, 1>} : (tensor<1x7x7x9xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x7x7x9xf32>
  return %0 : tensor<1x7x7x9xf32>
}

// -----

func.func @f(%a: tensor<1x7x7x9xi16>) -> tensor<1x7x7x9xi16> {
  %zp = "tosa.const"() <{values = dense<3> : tensor<1xi16>}> : () -> tensor<1xi16>
  // expected-error@+1 {{'tosa.avg_pool2d' op input zero point must be zero for non-int8 integer types}}
  %0 = tosa.avg_pool2d %a, %zp, %zp {acc_type = i32, kernel = array<i64: 2, 2>, pad = array<i64: 0, 1, 0, 1>, stride = array<i64: 1, 1>} : (tensor<1x7x7x9xi16>, tensor<1xi16>, tensor<1xi16>) -> tensor<1x7x7x9xi16>
  return %0 : tensor<1x7x7x9xi16>
}

// -----

func.func @f(%input: tensor<1x4x4x4xf32>, %weight: tensor<8x1x1x4xf32>, %bias: tensor<8xf32>, %zp: tensor<1xf32>) -> tensor<1x5x4x8xf32> {
  // expected-error@+1 {{'tosa.conv2d' op calculated output height did not match expected: calculated=4, expected=5}}
  %0 = tosa.conv2d %input, %weight, %bias, %zp, %zp {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x4x4xf32>, tensor<8x1x1x4xf32>, tensor<8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x5x4x8xf32>
  return %0 : tensor<1x5x4x8xf32>
}

// -----

func.func @f(%a: tensor<13x21x3xf32>) {
  // expected-error@+1 {{'tosa.reduce_sum' op expect reduced dimension size to be 1, got 2}}
  %0 = tosa.reduce_sum %a {axis = 1 : i32} : (tensor<13x21x3xf32>) -> tensor<13x2x3xf32>
  return
}

// -----

func.func @f(%a: tensor<13x21x3xf32>) {
  // expected-error@+1 {{'tosa.concat' op requires sum of axis dimensions of input1 equal to output axis dimension, got 26 and 27}}
  %0 = tosa.concat %a, %a {axis = 0 : i32} : (tensor<13x21x3xf32>, tensor<13x21x3xf32>) -> tensor<27x21x3xf32>
  return
}

// -----

func.func @f(%a: tensor<13x21x3xf32>) {
  %s = tosa.const_shape {values = dense<[13, 21, 4]> : tensor<3xindex>} : () -> !tosa.shape<3>
  // expected-error@+1 {{'tosa.reshape' op cannot reshape 819 elements into 1092}}
  %0 = tosa.reshape %a, %s : (tensor<13x21x3xf32>, !tosa.shape<3>) -> tensor<13x21x4xf32>
  return
}

// -----

func.func @f(%a: tensor<13x21x3xf32>) {
  // expected-error@+1 {{'tosa.transpose' op expected valid permutation indices}}
  %0 = tosa.transpose %a {perms = array<i32: 2, 0, 0>} : (tensor<13x21x3xf32>) -> tensor<3x13x21xf32>
  return
}

// -----

func.func @f(%a: tensor<13x21x3xf32>) {
  %p = tosa.const_shape {values = dense<[0, 1, 0, 1, 0, 1]> : tensor<6xindex>} : () -> !tosa.shape<6>
  %c = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  // expected-error@+1 {{'tosa.pad' op mismatch in output shape at dimension 1: expected 21 + 0 + 1 = 22, but got 21}}
  %0 = tosa.pad %a, %p, %c : (tensor<13x21x3xf32>, !tosa.shape<6>, tensor<1xf32>) -> tensor<14x21x4xf32>
  return
}

// -----

func.func @f(%a: tensor<1x4x8xf32>) {
  // expected-error@+1 {{'tosa.rfft2d' op expected output width to be equal to input_width / 2 + 1, got 4}}
  %0, %1 = tosa.rfft2d %a : (tensor<1x4x8xf32>) -> (tensor<1x4x4xf32>, tensor<1x4x4xf32>)
  return
}

// -----

func.func @f(%arg0: tensor<f32>, %arg1: tensor<2xi1>) -> tensor<f32> {
  // expected-error@+1 {{'tosa.cond_if' op 'condition' must be a size 1 tensor, got 'tensor<2xi1>'}}
  %0 = tosa.cond_if %arg1 : tensor<2xi1> -> tensor<f32> {
    tosa.yield %arg0 : tensor<f32>
  } else {
    tosa.yield %arg0 : tensor<f32>
  }
  return %0 : tensor<f32>
}

// -----

func.func @f(%a: tensor<2x4x8xi32>) {
  // expected-error@+1 {{'tosa.variable_write' op 'stored_var' has not been declared by 'tosa.variable'}}
  tosa.variable_write @stored_var, %a : tensor<2x4x8xi32>
  return
}

// -----

func.func @f(%a: tensor<13x21x3xf32>) -> tensor<13x21x3xf32> {
  // expected-error@+1 {{custom op 'tosa.maximum' invalid nan_mode value: FOO}}
  %0 = tosa.maximum %a, %a {nan_mode = FOO} : (tensor<13x21x3xf32>, tensor<13x21x3xf32>) -> tensor<13x21x3xf32>
  return %0 : tensor<13x21x3xf32>
}

// -----

// expected-error@+1 {{invalid rank (must be >= 0): -1}}
func.func private @f() -> !tosa.shape<-1>

// -----

func.func @f(%a: tensor<4x30xf32>) {
  // expected-error@+1 {{'tosa.cast_to_block_scaled' op expect last dimension of input_data (30) to be divisible by block_size (32)}}
  %0:2 = tosa.cast_to_block_scaled %a {block_size = BLOCK_SIZE_32} : (tensor<4x30xf32>) -> (tensor<4x30xf8E4M3FN>, tensor<4x2xf8E8M0FNU>)
  return
}

// -----

func.func @f(%d: tensor<4x32xf8E4M3FN>, %s: tensor<5x1xf8E8M0FNU>) {
  // expected-error@+1 {{'tosa.cast_from_block_scaled' op require compatible shapes for input_data ('tensor<4x32xf8E4M3FN>') and input_scale ('tensor<5x1xf8E8M0FNU>') except for the last dimension}}
  %1 = tosa.cast_from_block_scaled %d, %s {block_size = BLOCK_SIZE_32} : (tensor<4x32xf8E4M3FN>, tensor<5x1xf8E8M0FNU>) -> tensor<4x32xf32>
  return
}

// -----

func.func @f(%arg0: tensor<4x8x32xf8E4M3FN>, %arg1: tensor<4x9x1xf8E8M0FNU>, %arg2: tensor<4x16x32xf8E4M3FN>, %arg3: tensor<4x16x1xf8E8M0FNU>) {
  // expected-error@+1 {{'tosa.matmul_t_block_scaled' op expected height of a_scale to match size 8, got 9}}
  %0 = tosa.matmul_t_block_scaled %arg0, %arg1, %arg2, %arg3 {block_size = BLOCK_SIZE_32} : (tensor<4x8x32xf8E4M3FN>, tensor<4x9x1xf8E8M0FNU>, tensor<4x16x32xf8E4M3FN>, tensor<4x16x1xf8E8M0FNU>) -> tensor<4x8x16xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'tosa.dim' op expect axis to be in the range [0, 2), got 2}}
  %0 = tosa.dim %a {axis = 2 : i32} : (tensor<2x3xf32>) -> !tosa.shape<1>
  return
}

// -----

func.func @f() {
  %a = tosa.const_shape {values = dense<[1, 2, 3]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %s = "tosa.const"() <{values = dense<1> : tensor<1xi32>}> : () -> tensor<1xi32>
  %z = "tosa.const"() <{values = dense<2> : tensor<1xi32>}> : () -> tensor<1xi32>
  // expected-error@+1 {{'tosa.slice_shape' op expected output type size to be equal to size attribute, got 3 vs 2}}
  %0 = tosa.slice_shape %a, %s, %z : (!tosa.shape<3>, tensor<1xi32>, tensor<1xi32>) -> !tosa.shape<3>
  return
}
