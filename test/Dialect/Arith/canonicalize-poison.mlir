// RUN: lamina-opt %s -canonicalize | FileCheck %s
// Poison operands propagate through constant folds; select of poison picks the other value.
// Expectations printed by mlir-opt.

func.func @poison(%c: i1, %x: i32, %f: f32) -> (i32, i32, i32, f32, f32, i64) {
  %p = ub.poison : i32
  %pf = ub.poison : f32
  %0 = arith.select %c, %p, %x : i32
  %1 = arith.select %c, %x, %p : i32
  %2 = arith.muli %x, %p : i32
  %3 = arith.addf %pf, %f : f32
  %4 = arith.negf %pf : f32
  %5 = arith.extui %p : i32 to i64
  return %0, %1, %2, %3, %4, %5 : i32, i32, i32, f32, f32, i64
}

// CHECK-LABEL: func.func @poison(
// CHECK-SAME: %arg0: i1, %arg1: i32, %arg2: f32) -> (i32, i32, i32, f32, f32, i64) {
// CHECK-NEXT: %0 = ub.poison : i32
// CHECK-NEXT: %1 = ub.poison : f32
// CHECK-NEXT: %2 = ub.poison : i64
// CHECK-NEXT: return %arg1, %arg1, %0, %1, %1, %2 : i32, i32, i32, f32, f32, i64
// CHECK-NEXT: }
