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
  %1 = test.pretty_printed_region %arg1, %arg1 start test.special.op end : (f32, f32) -> f32 loc("here")
  %2 = test.pretty_printed_region %arg1, %arg1 start test.other.op end : (f32, f32) -> f32
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
// CHECK-NEXT:   %1 = test.pretty_printed_region %arg1, %arg1 start test.special.op end : (f32, f32) -> f32
// CHECK-NEXT:   %2 = test.pretty_printed_region %arg1, %arg1 ({
// CHECK-NEXT:   ^bb0(%arg2: f32, %arg3: f32):
// CHECK-NEXT:     %3 = "test.other.op"(%arg2, %arg3) : (f32, f32) -> f32
// CHECK-NEXT:     "test.return"(%3) : (f32) -> ()
// CHECK-NEXT:   }) : (f32, f32) -> f32
// CHECK-NEXT:   return %0#0, %0#1 : i1, i2
// CHECK-NEXT: }
// CHECK-NEXT: }
