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
