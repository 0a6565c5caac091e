// RUN: lamina-opt --allow-unregistered-dialect -scf-for-to-while %s | FileCheck %s

// Unsigned loops compare with ult; discardable attributes move to the while.
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
// CHECK-NEXT: scf.forall (%arg2, %arg3) = (1, %arg0) to (10, 20) step (2, %arg0) {
// CHECK-NEXT: "test.use"(%arg2, %arg3) : (index, index) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: %0:2 = scf.while (%arg2 = %c0, %arg3 = %c0_i32) : (index, i32) -> (index, i32) {
// CHECK-NEXT: %1 = arith.cmpi ult, %arg2, %arg0 : index
// CHECK-NEXT: scf.condition(%1) %arg2, %arg3 : index, i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg2: index, %arg3: i32):
// CHECK-NEXT: %1 = arith.addi %arg2, %c1 : index
// CHECK-NEXT: %2 = arith.addi %arg3, %arg3 : i32
// CHECK-NEXT: scf.yield %1, %2 : index, i32
// CHECK-NEXT: } attributes {tag, unsignedCmp}
// CHECK-NEXT: return %0#1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: }
