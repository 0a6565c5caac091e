// RUN: not lamina-opt --allow-unregistered-dialect -split-input-file %s 2>&1 | FileCheck %s

// CHECK: parse-errors.mlir:[[@LINE+1]]:18: error: expected non-function type
"t.b"() : () -> (
// -----
// CHECK: parse-errors.mlir:[[@LINE+1]]:5: error: expected operation name in quotes
%0 = 
// -----
// The namespace is printed as a string attribute, quotes included.
// CHECK: parse-errors.mlir:[[@LINE+1]]:22: error: invalid dialect namespace '"a-b"'
"t.a"() : () -> !a-b.c
// -----
// CHECK: parse-errors.mlir:[[@LINE+1]]:14: error: invalid dialect namespace '"a-ith"'
"t.a"() {x = #a-ith<none>} : () -> ()
// -----
// A lone slash is a token no parser expects (no lexer error).
// CHECK: parse-errors.mlir:[[@LINE+1]]:13: error: expected attribute value
"t.a"() {a = /} : () -> ()
// -----
// CHECK: parse-errors.mlir:[[@LINE+1]]:19: error: expected operation name in quotes
"t.a"() : () -> ()
/ x
// -----
// A scalable dimension must be an integer.
// CHECK: parse-errors.mlir:[[@LINE+1]]:25: error: invalid dimension
"t.a"() : () -> vector<[?]xf32>
// -----
// CHECK: parse-errors.mlir:[[@LINE+1]]:25: error: invalid dimension
"t.a"() : () -> vector<[]xf32>
// -----
// CHECK: parse-errors.mlir:[[@LINE+1]]:29: error: invalid dimension
"t.a"() : () -> vector<[4]x[x4xf32>
// -----
// CHECK: parse-errors.mlir:[[@LINE+1]]:42: error: expected ','
"t.a"() : () -> memref<4xf32, strided<[1]o offset: 0>>
// -----
// Strides and offsets are `?` or integers of at most INT64_MAX magnitude.
// CHECK: parse-errors.mlir:[[@LINE+1]]:40: error: expected a 64-bit signed integer or '?'
"t.a"() : () -> memref<4xf32, strided<[-9223372036854775808]>>
// -----
// CHECK: parse-errors.mlir:[[@LINE+1]]:40: error: expected a 64-bit signed integer or '?'
"t.a"() : () -> memref<4xf32, strided<[-]>>
// -----
// CHECK: parse-errors.mlir:[[@LINE+1]]:40: error: expected a 64-bit signed integer or '?'
"t.a"() : () -> memref<4xf32, strided<[true]>>
// -----
// Result counts add up in 64 bits.
// CHECK: parse-errors.mlir:[[@LINE+1]]:1: error: operation defines 1 results but was provided 9223372036854775808 to bind
%a, %b:9223372036854775807 = "t.a"() : () -> i32
// -----
// Tensors hold builtin scalars, complex, vectors, opaque types and types of
// other dialects, not tuples.
// CHECK: parse-errors.mlir:[[@LINE+1]]:24: error: invalid tensor element type
"t.a"() : () -> tensor<tuple<i32>>
// -----
// CHECK: parse-errors.mlir:[[@LINE+1]]:17: error: failed to verify 'elementType': VectorElementTypeInterface instance
"t.a"() : () -> vector<4xtuple<>>
