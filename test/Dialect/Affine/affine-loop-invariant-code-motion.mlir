// RUN: lamina-opt --allow-unregistered-dialect -split-input-file -affine-loop-invariant-code-motion %s | FileCheck %s

// Invariant arithmetic and loads move out of the nest, innermost loop first;
// a load of a memref stored in the loop, the ops using the induction
// variable and an affine.if using it stay.
func.func @nest(%m: memref<10xf32>, %n: memref<10xf32>, %v: f32, %k: index) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to %k {
      %c = arith.constant 7.0 : f32
      %a = arith.addf %v, %c : f32
      %l = affine.load %n[3] : memref<10xf32>
      %s = affine.load %m[2] : memref<10xf32>
      affine.store %a, %m[%j] : memref<10xf32>
      affine.if affine_set<(d0) : (d0 - 5 >= 0)>(%i) {
        "test.use"(%l) : (f32) -> ()
      }
      "test.use"(%s) : (f32) -> ()
    }
  }
  return
}

// -----

// iter_args are not invariant; an affine.if whose body is invariant moves.
func.func @iter_args_and_if(%m: memref<10xf32>, %v: f32, %k: index) -> index {
  %c0 = arith.constant 0 : index
  %r = affine.for %i = 0 to 4 iter_args(%acc = %c0) -> index {
    %x = arith.addi %acc, %k : index
    affine.if affine_set<(d0) : (d0 >= 0)>(%k) {
      %y = arith.mulf %v, %v : f32
    }
    affine.yield %x : index
  }
  return %r : index
}

// Expected output, printed by mlir-opt 22:
// CHECK: #set = affine_set<(d0) : (d0 - 5 >= 0)>
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @nest(%arg0: memref<10xf32>, %arg1: memref<10xf32>, %arg2: f32, %arg3: index) {
// CHECK-NEXT: %cst = arith.constant 7.000000e+00 : f32
// CHECK-NEXT: %0 = arith.addf %arg2, %cst : f32
// CHECK-NEXT: %1 = affine.load %arg1[3] : memref<10xf32>
// CHECK-NEXT: affine.for %arg4 = 0 to 10 {
// CHECK-NEXT: affine.for %arg5 = 0 to %arg3 {
// CHECK-NEXT: %2 = affine.load %arg0[2] : memref<10xf32>
// CHECK-NEXT: affine.store %0, %arg0[%arg5] : memref<10xf32>
// CHECK-NEXT: affine.if #set(%arg4) {
// CHECK-NEXT: "test.use"(%1) : (f32) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: "test.use"(%2) : (f32) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK: #set = affine_set<(d0) : (d0 >= 0)>
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @iter_args_and_if(%arg0: memref<10xf32>, %arg1: f32, %arg2: index) -> index {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: affine.if #set(%arg2) {
// CHECK-NEXT: %1 = arith.mulf %arg1, %arg1 : f32
// CHECK-NEXT: }
// CHECK-NEXT: %0 = affine.for %arg3 = 0 to 4 iter_args(%arg4 = %c0) -> (index) {
// CHECK-NEXT: %1 = arith.addi %arg4, %arg2 : index
// CHECK-NEXT: affine.yield %1 : index
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : index
// CHECK-NEXT: }
// CHECK-NEXT: }
