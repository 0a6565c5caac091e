// RUN: lamina-opt --allow-unregistered-dialect -split-input-file -verify-diagnostics %s

func.func @element_type(%t1: tensor<1xf32>, %t2: tensor<2xi32>) {
  // expected-error@+1 {{requires the same element type for all operands}}
  %0 = "test.same_operand_element_type"(%t1, %t2) : (tensor<1xf32>, tensor<2xi32>) -> tensor<3xf32>
  return
}

// -----

func.func @shape(%t1: tensor<1xf32>, %t2: tensor<2xf32>) {
  // expected-error@+1 {{requires the same shape for all operands and results}}
  %0 = "test.same_operand_and_result_shape"(%t1, %t2) : (tensor<1xf32>, tensor<2xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @elementwise(%t: tensor<2xf32>) {
  // expected-error@+1 {{if an operand is non-scalar, then there must be at least one non-scalar result}}
  %0 = "test.elementwise_mappable"(%t) : (tensor<2xf32>) -> f32
  return
}

// -----

func.func @variadic(%t: tensor<1xf32>, %i: i32) {
  // expected-error@+1 {{operand #1 must be tensor of any type values, but got 'i32'}}
  "test.mixed_normal_variadic_operand"(%t, %i, %t) : (tensor<1xf32>, i32, tensor<1xf32>) -> ()
  return
}

// -----

func.func @regions() {
  // expected-error@+1 {{'test.sized_region_op' op region #0 ('my_region') failed to verify constraint: region with 2 blocks}}
  "test.sized_region_op"() ({
    "work"() : () -> ()
  }, {
    "work"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @two_regions() {
  // expected-error@+1 {{expected 2 regions}}
  "test.two_region_op"() ({}) : () -> ()
  return
}

// -----

func.func @broadcast(%a: tensor<3xi32>, %b: tensor<2xi32>) {
  // expected-error@+1 {{operands don't have broadcast-compatible shapes}}
  %0 = "test.broadcastable"(%a, %b) : (tensor<3xi32>, tensor<2xi32>) -> tensor<3xi32>
  return
}

// -----

func.func @ssacfg() {
  "test.ssacfg_region"() ({
    // expected-error@+1 {{operand #0 does not dominate this use}}
    %0 = "test.use"(%1) : (i32) -> i32
    // expected-note@+1 {{operand defined here (op in the same block)}}
    %1 = "test.def"() : () -> i32
  }) : () -> ()
  return
}
