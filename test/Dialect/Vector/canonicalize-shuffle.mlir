// RUN: lamina-opt %s -canonicalize | FileCheck %s
// vector.shuffle folds and patterns; expectations printed by mlir-opt.

func.func @shuffles(%a: vector<4xi32>, %b: vector<2xi32>, %c: vector<i32>, %d: vector<i32>, %e: vector<6xi32>, %f: vector<6xi32>)
    -> (vector<4xi32>, vector<2xi32>, vector<4xi32>, vector<1xi32>, vector<12xi32>) {
  %v0 = arith.constant dense<[0, 1, 2]> : vector<3xi32>
  %v1 = arith.constant dense<[3, 4, 5]> : vector<3xi32>
  %0 = vector.shuffle %a, %b [0, 1, 2, 3] : vector<4xi32>, vector<2xi32>
  %1 = vector.shuffle %a, %b [4, 5] : vector<4xi32>, vector<2xi32>
  %2 = vector.shuffle %v0, %v1 [3, 2, 5, 1] : vector<3xi32>, vector<3xi32>
  %3 = vector.shuffle %c, %d [1] : vector<i32>, vector<i32>
  %4 = vector.shuffle %e, %f [0, 6, 1, 7, 2, 8, 3, 9, 4, 10, 5, 11] : vector<6xi32>, vector<6xi32>
  return %0, %1, %2, %3, %4 : vector<4xi32>, vector<2xi32>, vector<4xi32>, vector<1xi32>, vector<12xi32>
}

// CHECK-LABEL: func.func @shuffles(
// CHECK-SAME: %arg0: vector<4xi32>, %arg1: vector<2xi32>, %arg2: vector<i32>, %arg3: vector<i32>, %arg4: vector<6xi32>, %arg5: vector<6xi32>) -> (vector<4xi32>, vector<2xi32>, vector<4xi32>, vector<1xi32>, vector<12xi32>) {
// CHECK-NEXT: %cst = arith.constant dense<[3, 2, 5, 1]> : vector<4xi32>
// CHECK-NEXT: %0 = vector.broadcast %arg3 : vector<i32> to vector<1xi32>
// CHECK-NEXT: %1 = vector.interleave %arg4, %arg5 : vector<6xi32> -> vector<12xi32>
// CHECK-NEXT: return %arg0, %arg1, %cst, %0, %1 : vector<4xi32>, vector<2xi32>, vector<4xi32>, vector<1xi32>, vector<12xi32>
// CHECK-NEXT: }
