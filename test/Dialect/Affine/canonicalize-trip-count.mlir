// Trip counts of constant affine.for bounds where `ub - lb + step - 1`
// overflows int64_t, as mlir-opt computes them.
// RUN: lamina-opt --canonicalize --split-input-file %s | FileCheck %s

// 0 to 2 step 2^63-1 runs once: the swapped iter_args fold away.
func.func @step_max_once() -> (index, index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %r:2 = affine.for %i = 0 to 2 step 9223372036854775807 iter_args(%a = %c2, %b = %c0) -> (index, index) {
    affine.yield %b, %a : index, index
  }
  return %r#0, %r#1 : index, index
}
// CHECK-LABEL: func.func @step_max_once() -> (index, index) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: return %c0, %c2 : index, index
// CHECK-NEXT: }

// -----

// -2^63 to 2^63-1 step 1 runs many times: the loop stays.
func.func @full_range() -> (index, index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %r:2 = affine.for %i = -9223372036854775808 to 9223372036854775807 iter_args(%a = %c2, %b = %c0) -> (index, index) {
    affine.yield %b, %a : index, index
  }
  return %r#0, %r#1 : index, index
}
// CHECK-LABEL: func.func @full_range() -> (index, index) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %0:2 = affine.for %arg0 = -9223372036854775808 to 9223372036854775807 iter_args(%arg1 = %c2, %arg2 = %c0) -> (index, index) {
// CHECK-NEXT: affine.yield %arg2, %arg1 : index, index
// CHECK-NEXT: }
// CHECK-NEXT: return %0#0, %0#1 : index, index
// CHECK-NEXT: }

// -----

// -1 to 2^63-1 step 2^62 runs twice: the loop stays.
func.func @twice() -> (index, index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %r:2 = affine.for %i = -1 to 9223372036854775807 step 4611686018427387904 iter_args(%a = %c2, %b = %c0) -> (index, index) {
    affine.yield %b, %a : index, index
  }
  return %r#0, %r#1 : index, index
}
// CHECK-LABEL: func.func @twice() -> (index, index) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %0:2 = affine.for %arg0 = -1 to 9223372036854775807 step 4611686018427387904 iter_args(%arg1 = %c2, %arg2 = %c0) -> (index, index) {
// CHECK-NEXT: affine.yield %arg2, %arg1 : index, index
// CHECK-NEXT: }
// CHECK-NEXT: return %0#0, %0#1 : index, index
// CHECK-NEXT: }

// -----

// -5 to 2^63-1 step 2^63-1: mlir-opt's count is 0, the results are the inits.
func.func @wrapped_zero() -> (index, index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %r:2 = affine.for %i = -5 to 9223372036854775807 step 9223372036854775807 iter_args(%a = %c2, %b = %c0) -> (index, index) {
    affine.yield %b, %a : index, index
  }
  return %r#0, %r#1 : index, index
}
// CHECK-LABEL: func.func @wrapped_zero() -> (index, index) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: return %c2, %c0 : index, index
// CHECK-NEXT: }
