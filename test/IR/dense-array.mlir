// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s > %t.ref && lamina-opt --allow-unregistered-dialect --mlir-print-op-generic %s | diff %t.ref - %}
//
// array<type: values> (DenseArrayAttr): booleans, integers and floats of
// whole bytes. The CHECK lines are mlir-opt 22.1.8's output, written by a
// script from the reference (the second RUN line compares the whole output
// with mlir-opt where installed).

// CHECK: "builtin.module"() ({
// Integers wrap to the width; signless values print signed.
// CHECK-NEXT: "t.o"() {a = array<i32: 1, -2, 2147483647>} : () -> ()
"t.o"() {a = array<i32: 1, -2, 0x7fffffff>} : () -> ()
// CHECK-NEXT: "t.o"() {a = array<i8: -1, -128>} : () -> ()
"t.o"() {a = array<i8: 255, -128>} : () -> ()
// CHECK-NEXT: "t.o"() {a = array<ui8: 255, 255>} : () -> ()
"t.o"() {a = array<ui8: 255, -1>} : () -> ()
// CHECK-NEXT: "t.o"() {a = array<si16: -5, 32767>} : () -> ()
"t.o"() {a = array<si16: -5, 0x7fff>} : () -> ()
// CHECK-NEXT: "t.o"() {a = array<i128: 170141183460469231731687303715884105727, -1>} : () -> ()
"t.o"() {a = array<i128: 170141183460469231731687303715884105727, -1>} : () -> ()
// Empty arrays print without a colon.
// CHECK-NEXT: "t.o"() {a = array<f32>} : () -> ()
"t.o"() {a = array<f32>} : () -> ()
// CHECK-NEXT: "t.o"() {a = array<i64>} : () -> ()
"t.o"() {a = array<i64>} : () -> ()
// Booleans take a byte each.
// CHECK-NEXT: "t.o"() {a = array<i1: true, false, true>} : () -> ()
"t.o"() {a = array<i1: true, false, true>} : () -> ()
// Floats: hex integers are bit patterns.
// CHECK-NEXT: "t.o"() {a = array<f64: 1.500000e+00, 0x7FF0000000000000, -2.000000e+00, 1.000000e-01>} : () -> ()
"t.o"() {a = array<f64: 1.5, 0x7FF0000000000000, -2.0, 0.1>} : () -> ()
// CHECK-NEXT: "t.o"() {a = array<f16: 1.000000e+00, 0x7E00>} : () -> ()
"t.o"() {a = array<f16: 1.0, 0x7E00>} : () -> ()
// CHECK-NEXT: "t.o"() {a = array<bf16: 1.000000e+00, 3.004060e+38>} : () -> ()
"t.o"() {a = array<bf16: 1.0, 3.0e38>} : () -> ()
// CHECK-NEXT: "t.o"() {a = array<f80: 1.000000e+00>} : () -> ()
"t.o"() {a = array<f80: 1.0>} : () -> ()
// CHECK-NEXT: "t.o"() {a = array<f8E5M2: 5.000000e-01, -0.000000e+00>} : () -> ()
"t.o"() {a = array<f8E5M2: 0.5, -0.0>} : () -> ()
// The array is an attribute like any other.
// CHECK-NEXT: "t.o"() {a = [array<i32: 1>, array<i32>], b = {c = array<i1: false>}} : () -> ()
"t.o"() {a = [array<i32: 1>, array<i32>], b = {c = array<i1: false>}} : () -> ()
