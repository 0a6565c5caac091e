// RUN: lamina-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: lamina-opt --allow-unregistered-dialect %s -mlir-print-op-generic | lamina-opt --allow-unregistered-dialect | FileCheck %s
// RUN: lamina-opt --allow-unregistered-dialect %s -emit-bytecode | lamina-opt --allow-unregistered-dialect | FileCheck %s
// Expectations printed by mlir-opt.

func.func @enums(%arg0: i32, %arg1: index) -> f32 {
  test.op_with_enum third
  test.op_with_enum #test<enum second> tag 1 : i32 {a}
  test.op_with_enum "first"
  "test.op_with_enum"() {value = #test<enum first>, tag = unit} : () -> ()
  test.op_with_bit_enum <execute, write> tag 0 : i32
  test.op_with_bit_enum <read>
  test.op_with_bit_enum_vbar <other | user>
  "test.op"() {a = #test<enum third>, b = #test.bit_enum<write, read>, c = #test.bit_enum_vbar<group>} : () -> ()
  test.dense_array_attr i1attr = [true] i8attr = [1, -2] i16attr = [3] i32attr = [] i64attr = [-142] f32attr = [1.5] f64attr = [-2.] emptyattr = []
  %c = "test.constant"() {value = 1.0 : f32} : () -> f32
  %0 = test.loop_block %arg0 : (i32) -> f32 {
  ^bb0(%a: i32):
    test.loop_block_term iter %a exit %c
  }
  test.switch_with_no_break %arg1
  case 0 {
    "test.foo"() : () -> ()
  }
  case 7 {
  ^bb:
  }
  test.switch_with_no_break %arg1 {x}
  return %0 : f32
}

// CHECK-LABEL: func.func @enums(%arg0: i32, %arg1: index) -> f32 {
// CHECK-NEXT:   test.op_with_enum  third
// CHECK-NEXT:   test.op_with_enum  second tag 1 : i32 {a}
// CHECK-NEXT:   test.op_with_enum  first
// CHECK-NEXT:   test.op_with_enum  first tag unit
// CHECK-NEXT:   test.op_with_bit_enum <write, execute> tag 0 : i32
// CHECK-NEXT:   test.op_with_bit_enum <read>
// CHECK-NEXT:   test.op_with_bit_enum_vbar <user | other>
// CHECK-NEXT:   "test.op"() {a = #test<enum third>, b = #test.bit_enum<read, write>, c = #test.bit_enum_vbar<group>} : () -> ()
// CHECK-NEXT:   test.dense_array_attr i1attr = [true] i8attr = [1, -2] i16attr = [3] i32attr = [] i64attr = [-142] f32attr = [1.500000e+00] f64attr = [-2.000000e+00] emptyattr = []
// CHECK-NEXT:   %0 = "test.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
// CHECK-NEXT:   %1 = test.loop_block %arg0 : (i32) -> f32 {
// CHECK-NEXT:   ^bb0(%arg2: i32):
// CHECK-NEXT:     test.loop_block_term iter %arg2 exit %0
// CHECK-NEXT:   }
// CHECK-NEXT:   test.switch_with_no_break %arg1
// CHECK-NEXT:   case 0 {
// CHECK-NEXT:     "test.foo"() : () -> ()
// CHECK-NEXT:   }
// CHECK-NEXT:   case 7 {
// CHECK-NEXT:   }
// CHECK-NEXT:   test.switch_with_no_break %arg1 {x}
// CHECK-NEXT:   return %1 : f32
// CHECK-NEXT: }
// CHECK-NEXT: }
