// RUN: lamina-opt --allow-unregistered-dialect -scf-forall-to-for %s | FileCheck %s

// Static bounds become index constants, lower bounds first, then upper bounds, then steps.
func.func @f(%n: index, %t: tensor<10xf32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %i0 = arith.constant 0 : i32
  scf.forall (%i, %j) = (1, %n) to (10, 20) step (2, %n) {
    "test.use"(%i, %j) : (index, index) -> ()
  }
  %r = scf.for unsigned %k = %c0 to %n step %c1 iter_args(%a = %i0) -> i32 {
    %x = arith.addi %a, %a : i32
    scf.yield %x : i32
  } {tag}
  return %r : i32
}

// Expected output, printed by mlir-opt 22:
// CHECK: module {
// CHECK-NEXT: func.func @f(%arg0: index, %arg1: tensor<10xf32>) -> i32 {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_0 = arith.constant 1 : index
// CHECK-NEXT: %c10 = arith.constant 10 : index
// CHECK-NEXT: %c20 = arith.constant 20 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: scf.for %arg2 = %c1_0 to %c10 step %c2 {
// CHECK-NEXT: scf.for %arg3 = %arg0 to %c20 step %arg0 {
// CHECK-NEXT: "test.use"(%arg2, %arg3) : (index, index) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: %0 = scf.for unsigned %arg2 = %c0 to %arg0 step %c1 iter_args(%arg3 = %c0_i32) -> (i32) {
// CHECK-NEXT: %1 = arith.addi %arg3, %arg3 : i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: } {tag}
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// CHECK-NEXT: }
