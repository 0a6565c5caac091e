// Parser and verifier diagnostics of the quant types and casts (mlir-opt's
// wording and locations).
// RUN: lamina-opt --verify-diagnostics --split-input-file %s

// expected-error@+1 {{illegal storage type prefix}}
!qalias = !quant.uniform<int8<-4:3>:f32, 0.99872:127>

// -----

// expected-error@+1 {{expected storage type width}}
!qalias = !quant.uniform<uu:f32, 0.99872:127>

// -----

// expected-error@+1 {{illegal storage type size: 33}}
!qalias = !quant.uniform<i33:f32, 0.99872:127>

// -----

// expected-error@+1 {{illegal storage type minimum: -129}}
!qalias = !quant.uniform<i8<-129:1>:f32, 1.0>

// -----

// expected-error@+1 {{illegal storage type maximum: 300}}
!qalias = !quant.uniform<u8<1:300>:f32, 1.0>

// -----

// expected-error@+1 {{illegal storage min and storage max: (2:1)}}
!qalias = !quant.uniform<i8<2:1>:f32, 0.99872:127>

// -----

// expected-error@+1 {{invalid kind of type specified}}
!qalias = !quant.uniform<i8:i32, 1.0>

// -----

// expected-error@+1 {{scale -1.000000e+00 out of expressed type range [1.401298e-45, 3.402823e+38]}}
!qalias = !quant.uniform<i8:f32, -1.0>

// -----

// expected-error@+1 {{unknown quantized type foo}}
!qalias = !quant.foo<i8>

// -----

// expected-error@+1 {{illegal quantized dimension: -1}}
!qalias = !quant.uniform<i8:f32:-1, {1.0}>

// -----

// expected-error@+1 {{illegal block size: 0}}
!qalias = !quant.uniform<i8:f32:{0:0}, {1.0}>

// -----

// expected-error@+1 {{tensor literal is invalid; ranks are not consistent between elements}}
!qalias = !quant.uniform<i8:f32:{0:1}, {{1.0},{2.0,3.0}}>

// -----

// expected-error@+1 {{illegal min and max: (1.000000e+00:1.000000e+00)}}
!qalias = !quant.calibrated<f32<1.0:1.0>>

// -----

// expected-error@+2 {{expected '<'}}
// expected-error@+1 {{calibrated values must be present}}
!qalias = !quant.calibrated<f32>

// -----

func.func @f(%arg0: f32) {
  // expected-error@+1 {{expressed type in quantized type expected to match float type}}
  %0 = quant.qcast %arg0 : f32 to !quant.uniform<i8:f16, 1.0>
  return
}

// -----

func.func @f(%arg0: f32) {
  // expected-error@+1 {{scalar types may not use per-axis quantization}}
  %0 = quant.qcast %arg0 : f32 to !quant.uniform<i8:f32:0, {1.0}>
  return
}

// -----

func.func @f(%arg0: tensor<2xf32>) {
  // expected-error@+1 {{quantized dimension must be less than tensor rank}}
  %0 = quant.qcast %arg0 : tensor<2xf32> to tensor<2x!quant.uniform<i8:f32:1, {1.0, 2.0}>>
  return
}

// -----

func.func @f(%arg0: tensor<2xf32>) {
  // expected-error@+1 {{quantized dimension size does not match number of scales}}
  %0 = quant.qcast %arg0 : tensor<2xf32> to tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0, 3.0}>>
  return
}

// -----

func.func @f(%arg0: tensor<6x2xf32>) {
  // expected-error@+1 {{tensor dimension size 6 at axis 0 must be divisible by the corresponding block size 4}}
  %0 = quant.qcast %arg0 : tensor<6x2xf32> to tensor<6x2x!quant.uniform<i8:f32:{0:4}, {{1.0, 2.0}}>>
  return
}

// -----

func.func @f(%arg0: tensor<6x2xf32>) {
  // expected-error@+1 {{dimension size 2 of scales tensor at axis 0 should match (tensor dimension at axis / block sizes at axis) = 2}}
  %0 = quant.qcast %arg0 : tensor<6x2xf32> to tensor<6x2x!quant.uniform<i8:f32:{0:3}, {{1.0, 2.0}}>>
  return
}

// -----

func.func @f(%arg0: tensor<*xf32>) {
  // expected-error@+1 {{tensor containing the sub-channel quantized type must be ranked}}
  %0 = quant.qcast %arg0 : tensor<*xf32> to tensor<*x!quant.uniform<i8:f32:{0:1}, {{1.0}}>>
  return
}

// -----

func.func @f(%arg0: i16) {
  // expected-error@+1 {{storage type in quantized type expected to match integer type}}
  %0 = quant.scast %arg0 : i16 to !quant.uniform<i8:f32, 1.0>
  return
}

// -----

func.func @f(%arg0: f32) {
  // expected-error@+1 {{'quant.scast' op operand #0 must be scalar or tensor of signless integer or quantized type, but got 'f32'}}
  %0 = quant.scast %arg0 : f32 to !quant.uniform<i8:f32, 1.0>
  return
}

// -----

func.func @f(%arg0: tensor<2xf32>) {
  // expected-error@+1 {{'quant.qcast' op failed to verify that input and result are both scalars or both tensors with matching shape}}
  %0 = quant.qcast %arg0 : tensor<2xf32> to tensor<3x!quant.uniform<i8:f32, 1.0>>
  return
}
