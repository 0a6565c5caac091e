// RUN: lamina-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: lamina-opt --allow-unregistered-dialect %s -emit-bytecode | lamina-opt --allow-unregistered-dialect | FileCheck %s
// Expectations printed by mlir-opt.

func.func @custom(%arg0: i32, %arg1: f32) -> (i1, i2) {
  test.polyfor %i, %j {
    "test.use"(%i, %j) : (index, index) -> ()
  }
  "test.polyfor"() ({
  ^bb0(%a: index):
    "test.use"(%a) : (index) -> ()
  }) {arg_names = ["x"]} : () -> ()
  %0:2 = test.wrapping_region wraps "some.op"(%arg1, %arg0) {test.attr = "attr"} : (f32, i32) -> (i1, i2)
  return %0#0, %0#1 : i1, i2
}

// CHECK-LABEL: func.func @custom(%arg0: i32, %arg1: f32) -> (i1, i2) {
// CHECK-NEXT:   test.polyfor %arg2, %arg3 {
// CHECK-NEXT:     "test.use"(%arg2, %arg3) : (index, index) -> ()
// CHECK-NEXT:   }
// CHECK-NEXT:   test.polyfor %x {
// CHECK-NEXT:     "test.use"(%x) : (index) -> ()
// CHECK-NEXT:   }
// CHECK-NEXT:   %0:2 = test.wrapping_region wraps "some.op"(%arg1, %arg0) {test.attr = "attr"} : (f32, i32) -> (i1, i2)
// CHECK-NEXT:   return %0#0, %0#1 : i1, i2
// CHECK-NEXT: }
// CHECK-NEXT: }
