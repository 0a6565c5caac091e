// RUN: lamina-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: lamina-opt --allow-unregistered-dialect %s -mlir-print-op-generic | lamina-opt --allow-unregistered-dialect | FileCheck %s
// RUN: lamina-opt --allow-unregistered-dialect %s -emit-bytecode | lamina-opt --allow-unregistered-dialect | FileCheck %s
// Expectations printed by mlir-opt.

func.func @syntax(%arg0: i32, %arg1: i32, %arg2: index) {
  test.oilist_with_keywords_only thirdKeyword keyword
  test.oilist_with_simple_args otherKeyword %arg1 : i32 keyword %arg0 : i32
  test.oilist_variadic_with_parens otherKeyword (%arg0, %arg1 : i32, i32) keyword (%arg1 : i32)
  test.oilist_custom nowait reduction (%arg1) private (%arg0, %arg1 : i32, i32)
  test.oilist_custom
  test.isolated_region %arg2 {
    "test.consumer"(%arg2) : (index) -> ()
  }
  test.isolated_regions {
    "test.unknown_op"() : () -> ()
  }, {
  }
  test.alloca_scope_region attributes {a} {
    "test.unknown_op"() : () -> ()
  }
  test.single_no_terminator_custom_asm_op {
    "test.unknown_op"() : () -> ()
  }
  test.variadic_no_terminator_op : {
    "test.unknown_op"() : () -> ()
  }, {
  }
  return
}

// CHECK-LABEL: func.func @syntax(%arg0: i32, %arg1: i32, %arg2: index) {
// CHECK-NEXT:   test.oilist_with_keywords_only keyword thirdKeyword
// CHECK-NEXT:   test.oilist_with_simple_args keyword %arg0 : i32 otherKeyword %arg1 : i32
// CHECK-NEXT:   test.oilist_variadic_with_parens keyword(%arg1 : i32) otherKeyword(%arg0, %arg1 : i32, i32)
// CHECK-NEXT:   test.oilist_custom private(%arg0, %arg1 : i32, i32) reduction (%arg1)  nowait
// CHECK-NEXT:   test.oilist_custom
// CHECK-NEXT:   test.isolated_region %arg2 {
// CHECK-NEXT:     "test.consumer"(%arg2) : (index) -> ()
// CHECK-NEXT:   }
// CHECK-NEXT:   test.isolated_regions {
// CHECK-NEXT:     "test.unknown_op"() : () -> ()
// CHECK-NEXT:   }, {
// CHECK-NEXT:   }
// CHECK-NEXT:   test.alloca_scope_region attributes {a} {
// CHECK-NEXT:     "test.unknown_op"() : () -> ()
// CHECK-NEXT:   }
// CHECK-NEXT:   test.single_no_terminator_custom_asm_op{
// CHECK-NEXT:     "test.unknown_op"() : () -> ()
// CHECK-NEXT:   }
// CHECK-NEXT:   test.variadic_no_terminator_op : {
// CHECK-NEXT:     "test.unknown_op"() : () -> ()
// CHECK-NEXT:   }, {
// CHECK-NEXT:   }
// CHECK-NEXT:   return
// CHECK-NEXT: }
// CHECK-NEXT: }
