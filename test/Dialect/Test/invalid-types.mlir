// Parse and verification errors of the test dialect's types and attributes
// (mlir-opt's wording).
// RUN: lamina-opt --verify-diagnostics --split-input-file %s
// RUN: %if mlir-opt %{ mlir-opt --verify-diagnostics --split-input-file %s %}

// expected-error@+1 {{expected signed, unsigned, or none}}
"test.op"() : () -> !test.int<x, 8>

// -----

// expected-error@+1 {{expected valid keyword}}
"test.op"() : () -> !test.int<"s", 8>

// -----

// expected-error@+1 {{expected ','}}
"test.op"() : () -> !test.int<s 8>

// -----

// expected-error@+1 {{expected 0 type arguments, but had 1}}
"test.op"() : () -> !test.dynamic_singleton<f64>

// -----

// expected-error@+1 {{expected 2 type arguments, but had 1}}
"test.op"() : () -> !test.dynamic_pair<f64>

// -----

// expected-error@+1 {{expected 2 type arguments, but had 0}}
"test.op"() : () -> !test.dynamic_pair

// -----

// expected-error@+1 {{expected ':'}}
"test.op"() : () -> !test.dynamic_custom_assembly_format<f32, f64>

// -----

// expected-error@+1 {{expected ','}}
"test.op"() : () -> !test.dynamic_pair<i32 f64>

// -----

// expected-error@+1 {{expected 0 attribute arguments, but had 1}}
"test.op"() {a = #test.dynamic_singleton<f64>} : () -> ()

// -----

// expected-error@+1 {{expected 2 attribute arguments, but had 3}}
"test.op"() {a = #test.dynamic_pair<1, 2, 3>} : () -> ()

// -----

// expected-error@+1 {{expected non-function type}}
"test.op"() {a = #test.dynamic_custom_assembly_format<1:2>} : () -> ()

// -----

// expected-error@+1 {{invalid kind of attribute specified}}
"test.op"() {a = #test.conditional_alias<1>} : () -> ()

// -----

// expected-error@+1 {{expected '>'}}
"test.op"() {a = #test.conditional_alias<"x" : i32>} : () -> ()

// -----

// expected-error@+1 {{unknown float type, expected 'float', 'double' or 'fp80'}}
"test.op"() {attr = #test.custom_float<"half" : 2.>} : () -> ()

// -----

// expected-error@+1 {{expected string}}
"test.op"() {attr = #test.custom_float<float : 2.>} : () -> ()

// -----

// expected-error@+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note@+1 {{add a trailing dot to make the literal a float}}
"test.op"() {attr = #test.custom_float<"float" : -42>} : () -> ()

// -----

// expected-error@+1 {{hexadecimal float constant out of range for type}}
"test.op"() {attr = #test.custom_float<"float" : 0x7FC000000>} : () -> ()

// -----

// expected-error@+1 {{hexadecimal float literal should not have a leading minus}}
"test.op"() {attr = #test.custom_float<"float" : -0x7FC00000>} : () -> ()

// -----

// expected-error@+1 {{expected floating point literal}}
"test.op"() {attr = #test.custom_float<"float" : true>} : () -> ()

// -----

// expected-error@+1 {{expected '>'}}
"test.op"() {attr = #test.custom_float<"float" : 2., 3.>} : () -> ()

// -----

// expected-error@+1 {{expected ','}}
"test.op"() {attr = #test.sub_elements_access<1, 2>} : () -> ()

// -----

// expected-error@+1 {{expected '>'}}
"test.op"() {attr = #test.sub_elements_access<1, 2, 3, 4>} : () -> ()

// -----

// expected-error@+2 {{integer value too large}}
// expected-error@+1 {{failed to parse TestAttrParams parameter 'v1' which is to be a `int`}}
"test.op"() {attr = #test.attr_params<-1, 2147483648>} : () -> ()

// -----

// expected-error@+2 {{expected integer value}}
// expected-error@+1 {{failed to parse TestAttrParams parameter 'v0' which is to be a `int`}}
"test.op"() {attr = #test.attr_params<a, 1>} : () -> ()

// -----

// expected-error@+1 {{expected ','}}
"test.op"() {attr = #test.attr_params<1>} : () -> ()
