// Constraint messages of the attribute test ops (mlir-opt's wording;
// attributes are checked in name order).
// RUN: lamina-opt --verify-diagnostics --split-input-file %s
// RUN: %if mlir-opt %{ mlir-opt --verify-diagnostics --split-input-file %s %}

// expected-error@+1 {{'test.any_attr_of_i32_str' op attribute 'attr' failed to satisfy constraint: 32-bit signless integer attribute or string attribute}}
"test.any_attr_of_i32_str"() {attr = 3 : i64} : () -> ()

// -----

// expected-error@+1 {{'test.non_negative_int_attr' op attribute 'i32attr' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative}}
"test.non_negative_int_attr"() {i32attr = -1 : i32, i64attr = -1} : () -> ()

// -----

// expected-error@+1 {{'test.positive_int_attr' op attribute 'i64attr' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
"test.positive_int_attr"() {i32attr = 1 : i32, i64attr = 0} : () -> ()

// -----

// expected-error@+1 {{'test.type_array_attr' op attribute 'attr' failed to satisfy constraint: type array attribute}}
"test.type_array_attr"() {attr = [i32, 1]} : () -> ()

// -----

// expected-error@+1 {{'test.i32_enum_attr' op attribute 'attr' failed to satisfy constraint: allowed 32-bit signless integer cases: 5, 10, 2147483648, 4294967295}}
%0 = "test.i32_enum_attr"() {attr = 1 : i32} : () -> i32

// -----

// expected-error@+1 {{'test.float_elements_attr' op attribute 'tensor_f64_attr' failed to satisfy constraint: 64-bit float elements attribute of shape [4, 8]}}
"test.float_elements_attr"() {scalar_f32_attr = dense<1.0> : tensor<2xf32>, tensor_f64_attr = dense<1.0> : tensor<4x7xf64>} : () -> ()

// -----

// expected-error@+1 {{'test.int_elements_attr' op attribute 'i32_attr' failed to satisfy constraint: 32-bit signless integer elements attribute}}
"test.int_elements_attr"() {any_i32_attr = dense<1> : tensor<2xui32>, i32_attr = dense<1> : tensor<2xsi32>} : () -> ()

// -----

// expected-error@+1 {{'test.ranked_int_elements_attr' op attribute 'vector_i32_attr' failed to satisfy constraint: 32-bit signless int elements attribute of shape [2]}}
"test.ranked_int_elements_attr"() {vector_i32_attr = dense<1> : tensor<3xi32>, matrix_i64_attr = dense<1> : tensor<4x8xi64>} : () -> ()

// -----

// expected-error@+1 {{'test.string_elements_attr' op attribute 'scalar_string_attr' failed to satisfy constraint: string elements attribute}}
"test.string_elements_attr"() {scalar_string_attr = dense<1> : tensor<2xi32>} : () -> ()

// -----

// expected-error@+1 {{'test.confined_dense_array_attr' op attribute 'i32attr' failed to satisfy constraint: i32 dense array attribute should be in non-decreasing order}}
"test.confined_dense_array_attr"() {emptyattr = array<i16: 1, 2>, i32attr = array<i32: 2, 1>, i64attr = array<i64: 1, 1>} : () -> ()

// -----

// expected-error@+1 {{'test.confined_dense_array_attr' op attribute 'i64attr' failed to satisfy constraint: i64 dense array attribute should be in increasing order}}
"test.confined_dense_array_attr"() {emptyattr = array<i16>, i32attr = array<i32: 1, 1>, i64attr = array<i64: 1, 1>} : () -> ()

// -----

// expected-error@+1 {{'test.confined_strictly_positive_attr' op attribute 'f64attr' failed to satisfy constraint: f64 dense array attribute whose value is positive}}
"test.confined_strictly_positive_attr"() {i8attr = 1, i16attr = array<i16: 1>, i32attr = array<i32: 1>, i64attr = array<i64: 1>, f32attr = array<f32: 1.0>, f64attr = array<f64: 0.0>, emptyattr = array<i16>} : () -> ()

// -----

// expected-error@+1 {{'test.confined_non_negative_attr' op attribute 'f32attr' failed to satisfy constraint: f32 dense array attribute whose value is non-negative}}
"test.confined_non_negative_attr"() {i8attr = array<i8: 1>, i16attr = array<i16: 0>, i32attr = array<i32: 0>, i64attr = array<i64: 0>, f32attr = array<f32: -1.0>, f64attr = array<f64: 0.0>, emptyattr = array<i16>} : () -> ()
