// RUN: not lamina-opt --allow-unregistered-dialect --split-input-file %s 2>&1 | FileCheck %s
// RUN: %if mlir-opt %{ not mlir-opt --allow-unregistered-dialect --split-input-file %s 2> %t.ref > /dev/null; not lamina-opt --allow-unregistered-dialect --split-input-file %s 2> %t.out > /dev/null; diff %t.ref %t.out %}
//
// Errors in dense<>, sparse<>, array<>, dense_resource<> and the file
// metadata, with mlir-opt's wording and locations. The CHECK lines are
// mlir-opt 22.1.8's diagnostics, written by a script from the reference (the
// second RUN line compares them all with mlir-opt where installed).

// Errors at the end of the input point at its last character.
// RUN: echo '"t.o"() {a = dense<' | not lamina-opt --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=EOF
// EOF: <stdin>:1:20: error: expected element literal of primitive type
// RUN: printf '{-#' | not lamina-opt 2>&1 | FileCheck %s --check-prefix=EOF-METADATA
// EOF-METADATA: <stdin>:1:3: error: expected identifier key in file metadata dictionary

// dense<>: literal syntax.
"t.o"() {a = dense [1]> : tensor<1xi32>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:19: error: expected '<' after 'dense'

// -----
"t.o"() {a = dense<[1, 2] : tensor<2xi32>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:26: error: expected '>'

// -----
"t.o"() {a = dense<[1 2]> : tensor<2xi32>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:22: error: expected ']'

// -----
"t.o"() {a = dense<[a]> : tensor<1x!t.s>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:21: error: expected element literal of primitive type

// -----
"t.o"() {a = dense<[- a]> : tensor<1xi32>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:23: error: expected integer or floating point literal

// -----
"t.o"() {a = dense<(1, 2, 3)> : tensor<2xcomplex<f32>>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:25: error: expected ')' after complex elements

// -----
"t.o"() {a = dense<(1; 2)> : tensor<2xcomplex<f32>>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:22: error: unexpected character

// -----
"t.o"() {a = dense<[[1, 2], [3]]> : tensor<2x2xi32>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:32: error: tensor literal is invalid; ranks are not consistent between elements

// -----
"t.o"() {a = dense<[1, [3]]> : tensor<2xi32>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:27: error: tensor literal is invalid; ranks are not consistent between elements

// -----
// dense<>: the type.
"t.o"() {a = dense<[1, 2]> : i32} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:14: error: elements literal must be a shaped type

// -----
"t.o"() {a = dense<[1, 2]> : tensor<?xi32>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:14: error: elements literal type must have static shape

// -----
"t.o"() {a = dense<1> : tensor<*xi32>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:14: error: elements literal type must have static shape

// -----
"t.o"() {a = dense<[1, 2]>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:27: error: expected ':'

// -----
// dense<>: literal against type.
"t.o"() {a = dense<[1, 2]> : tensor<3xi32>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:14: error: inferred shape of elements literal ([2]) does not match type ([3])

// -----
"t.o"() {a = dense<[[1, 2]]> : tensor<2x1xi32>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:14: error: inferred shape of elements literal ([1, 2]) does not match type ([2, 1])

// -----
"t.o"() {a = dense<> : tensor<3xi32>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:14: error: parsed zero elements, but type ('tensor<3xi32>') expected at least 1

// -----
"t.o"() {a = dense<[1, 2]> : tensor<2xcomplex<f32>>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:14: error: parsed 2 elements, but type ('tensor<2xcomplex<f32>>') expected 4 elements

// -----
"t.o"() {a = dense<1.0> : tensor<2xcomplex<f32>>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:14: error: parsed 1 elements, but type ('complex<f32>') expected 2 elements

// -----
"t.o"() {a = dense<((1.0, 2.0), 3.0)> : tensor<2xcomplex<f32>>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:14: error: parsed 3 elements, but type ('complex<f32>') expected 2 elements

// -----
// dense<>: integer elements.
"t.o"() {a = dense<[300]> : tensor<1xi8>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:21: error: integer constant out of range for type

// -----
"t.o"() {a = dense<[2]> : tensor<1xi1>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:21: error: integer constant out of range for type

// -----
"t.o"() {a = dense<[-0]> : tensor<1xi32>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:22: error: integer constant out of range for type

// -----
"t.o"() {a = dense<9223372036854775808> : tensor<1xindex>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:20: error: integer constant out of range for type

// -----
"t.o"() {a = dense<[-1]> : tensor<1xui8>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:22: error: expected unsigned integer elements, but parsed negative value

// -----
"t.o"() {a = dense<1.5> : tensor<2xi32>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:20: error: expected integer elements, but parsed floating-point

// -----
"t.o"() {a = dense<[true]> : tensor<1xi8>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:21: error: expected i1 type for 'true' or 'false' values

// -----
"t.o"() {a = dense<["a", "b"]> : tensor<2xi32>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:21: error: integer constant out of range for type

// -----
// dense<>: float elements.
"t.o"() {a = dense<[1, 2]> : tensor<2xf32>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:21: error: unexpected decimal integer literal for a floating point value
// CHECK: dense-invalid.mlir:[[@LINE-2]]:21: note: add a trailing dot to make the literal a float

// -----
"t.o"() {a = dense<0x7f800000> : tensor<2xf16>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:20: error: hexadecimal float constant out of range for type

// -----
"t.o"() {a = dense<-0x7f80> : tensor<2xf16>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:21: error: hexadecimal float literal should not have a leading minus

// -----
"t.o"() {a = dense<[true]> : tensor<1xf32>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:21: error: expected floating point literal

// -----
// dense<>: string elements.
"t.o"() {a = dense<["a", 1]> : tensor<2x!t.s>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:14: error: expected string token, got 1

// -----
// dense<>: hex data.
"t.o"() {a = dense<"0xZZ"> : tensor<1xi8>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:20: error: expected string containing hex digits starting with `0x`

// -----
"t.o"() {a = dense<"0102"> : tensor<2xi8>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:20: error: expected string containing hex digits starting with `0x`

// -----
"t.o"() {a = dense<"0x010203"> : tensor<2xi8>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:14: error: elements hex data size is invalid for provided type: 'tensor<2xi8>'

// -----
"t.o"() {a = dense<"0x0700"> : tensor<3xi1>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:14: error: elements hex data size is invalid for provided type: 'tensor<3xi1>'

// -----
// sparse<>.
"t.o"() {a = sparse [[0, 1]], [5]> : tensor<2x2xi32>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:20: error: Expected '<' after 'sparse'

// -----
"t.o"() {a = sparse<[[0, 1]] [5]> : tensor<2x2xi32>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:29: error: expected ','

// -----
"t.o"() {a = sparse<[[0, 1]], [5]] : tensor<2x2xi32>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:34: error: expected '>'

// -----
"t.o"() {a = sparse<[[0, 1]], [5]> : i32} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:14: error: elements literal must be a shaped type

// -----
"t.o"() {a = sparse<> : tensor<?xi32>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:14: error: elements literal type must have static shape

// -----
"t.o"() {a = sparse<[[0, 1]], [5, 6]> : tensor<2x2xi32>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:14: error: expected shape ([2, 2]); inferred shape of indices literal ([1, 2]); inferred shape of values literal ([2])

// -----
"t.o"() {a = sparse<[0, 1], [5, 6]> : tensor<2x2xi32>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:14: error: expected shape ([2, 2]); inferred shape of indices literal ([2]); inferred shape of values literal ([2])

// -----
"t.o"() {a = sparse<[[0, 5]], [5]> : tensor<2x2xi32>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:14: error: sparse index #0 is not contained within the value shape, with index=[0, 5], and type='tensor<2x2xi32>'

// -----
"t.o"() {a = sparse<3, [5]> : tensor<2x2xi32>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:14: error: sparse index #0 is not contained within the value shape, with index=[3, 3], and type='tensor<2x2xi32>'

// -----
"t.o"() {a = sparse<[[0, 1]], [[5]]> : tensor<2x2xi32>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:14: error: expected 1-d tensor for sparse element values

// -----
"t.o"() {a = sparse<[[0.5, 1]], [5]> : tensor<2x2xi32>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:23: error: expected integer elements, but parsed floating-point

// -----
"t.o"() {a = sparse<"0x00", [5]> : tensor<2x2xi32>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:21: error: integer constant out of range for type

// -----
"t.o"() {a = sparse<[[0, 1]], "0x0100"> : tensor<2x2xi32>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:31: error: elements hex data size is invalid for provided type: 'tensor<1xi32>'

// -----
// array<>.
"t.o"() {a = array i32: 1>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:19: error: expected '<' after 'array'

// -----
"t.o"() {a = array<foo>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:20: error: expected non-function type
// CHECK: dense-invalid.mlir:[[@LINE-2]]:20: error: expected an integer or floating point type

// -----
"t.o"() {a = array<vector<i32>: 1>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:20: error: expected integer or float type, got: 'vector<i32>'

// -----
"t.o"() {a = array<complex<f32>: 1>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:20: error: expected integer or float type, got: 'complex<f32>'

// -----
"t.o"() {a = array<i3: 1>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:20: error: element type bitwidth must be a multiple of 8

// -----
"t.o"() {a = array<i32 1>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:23: error: expected ':' after dense array type

// -----
"t.o"() {a = array<i32: 1 2>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:26: error: expected '>' to close an array attribute

// -----
"t.o"() {a = array<i32: >} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:25: error: expected integer literal

// -----
"t.o"() {a = array<i32: 1.0>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:25: error: expected integer literal

// -----
"t.o"() {a = array<i8: 256>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:27: error: integer constant out of range

// -----
"t.o"() {a = array<i8: true>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:24: error: expected i1 type for 'true' or 'false' values

// -----
"t.o"() {a = array<i32: -true>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:26: error: expected i1 type for 'true' or 'false' values

// -----
"t.o"() {a = array<i1: 1>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:25: error: expected 'true' or 'false' values for i1 type

// -----
"t.o"() {a = array<f32: true>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:25: error: expected floating point literal

// -----
"t.o"() {a = array<f32: 1>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:25: error: unexpected decimal integer literal for a floating point value
// CHECK: dense-invalid.mlir:[[@LINE-2]]:25: note: add a trailing dot to make the literal a float

// -----
"t.o"() {a = array<f32: -0x1>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:26: error: hexadecimal float literal should not have a leading minus

// -----
// dense_resource<>.
"t.o"() {a = dense_resource a} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:28: error: expected '<' after 'dense_resource'

// -----
"t.o"() {a = dense_resource<10> : tensor<i32>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:29: error: expected identifier key for 'resource' entry

// -----
"t.o"() {a = dense_resource<a : tensor<i32>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:30: error: expected '>'

// -----
"t.o"() {a = dense_resource<a> tensor<i32>} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:31: error: expected ':'

// -----
"t.o"() {a = dense_resource<a> : i32} : () -> ()
// CHECK: dense-invalid.mlir:[[@LINE-1]]:32: error: `dense_resource` expected a shaped type

// -----
// File metadata.
{-#
  some_key: {}
#-}
// CHECK: dense-invalid.mlir:[[@LINE-2]]:3: error: unknown key 'some_key' in file metadata dictionary

// -----
{-#
  dialect_resources: "value"
#-}
// CHECK: dense-invalid.mlir:[[@LINE-2]]:21: error: expected '{'

// -----
{-#
  dialect_resources: { 10 }
#-}
// CHECK: dense-invalid.mlir:[[@LINE-2]]:24: error: expected identifier key for 'resource' entry

// -----
{-#
  dialect_resources: { "builtin": {} }
#-}
// CHECK: dense-invalid.mlir:[[@LINE-2]]:24: error: expected identifier key for 'resource' entry

// -----
{-#
  dialect_resources: { builtin {} }
#-}
// CHECK: dense-invalid.mlir:[[@LINE-2]]:31: error: expected ':'

// -----
{-#
  dialect_resources: { foobar: { entry: "0x01000000" } }
#-}
// CHECK: dense-invalid.mlir:[[@LINE-2]]:24: error: dialect 'foobar' is unknown

// -----
{-#
  dialect_resources: { func: { entry: "0x01000000" } }
#-}
// CHECK: dense-invalid.mlir:[[@LINE-2]]:32: error: unexpected 'resource' section for dialect 'func'

// -----
{-#
  dialect_resources: { builtin: { 10: "0x01000000" } }
#-}
// CHECK: dense-invalid.mlir:[[@LINE-2]]:35: error: expected identifier key for 'resource' entry

// -----
{-#
  dialect_resources: { builtin: { a "0x01000000" } }
#-}
// CHECK: dense-invalid.mlir:[[@LINE-2]]:36: error: expected ':'

// -----
{-#
  dialect_resources: { builtin: { a: true } }
#-}
// CHECK: dense-invalid.mlir:[[@LINE-2]]:38: error: expected hex string blob for key 'a'

// -----
{-#
  dialect_resources: { builtin: { a: "0x0100" } }
#-}
// CHECK: dense-invalid.mlir:[[@LINE-2]]:38: error: expected hex string blob for key 'a' to encode alignment in first 4 bytes

// -----
{-#
  dialect_resources: { builtin: { a: "0x03000000" } }
#-}
// CHECK: dense-invalid.mlir:[[@LINE-2]]:38: error: expected hex string blob for key 'a' to encode alignment in first 4 bytes, but got non-power-of-2 value: 3

// -----
{-#
  dialect_resources: { builtin: { a: "0x01000000" } },
#-}
// CHECK: dense-invalid.mlir:[[@LINE-1]]:1: error: expected identifier key in file metadata dictionary

// -----
{-#
  external_resources: { e: { a: 10 } }
#-}
// CHECK: dense-invalid.mlir:[[@LINE-2]]:33: error: expected string value for key 'a'

// -----
{-#
  external_resources: { e: { a: "0x10" } }
#-}
// CHECK: dense-invalid.mlir:[[@LINE-2]]:33: error: expected hex string blob for key 'a' to encode alignment in first 4 bytes

// -----
{-#
  external_resources: { e: { "a": true, } }
#-}
// CHECK: dense-invalid.mlir:[[@LINE-2]]:41: error: expected identifier key for 'external_resources' entry
