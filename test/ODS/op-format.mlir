// Mirrors of MLIR's test-dialect format ops (mlir/test/mlir-tblgen/op-format.mlir;
// defined in test/lib/TestFormatOps.cpp with the .td formats): the engine's
// parser and printer against mlir-opt's generated ones.
// RUN: lamina-test-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: lamina-test-opt --allow-unregistered-dialect %s | lamina-test-opt --allow-unregistered-dialect | FileCheck %s
// RUN: lamina-test-opt --allow-unregistered-dialect %s --emit-bytecode | lamina-test-opt --allow-unregistered-dialect | FileCheck %s
// GEN: --allow-unregistered-dialect
// CHECK: module {
// CHECK-NEXT:   %0 = "foo.op"() : () -> i64
// CHECK-NEXT:   %1 = "foo.op"() : () -> i32
// CHECK-NEXT:   %2 = "foo.op"() : () -> memref<1xf64>
// CHECK-NEXT:   test.format_literal_op keyword_$. -> :, = <> () []( ) ? + * {
// CHECK-NEXT:   } {foo.some_attr}
// CHECK-NEXT:   test.format_attr_op 10
// CHECK-NEXT:   test.format_opt_attr_op_a(10)
// CHECK-NEXT:   test.format_opt_attr_op_a
// CHECK-NEXT:   test.format_opt_attr_op_b 10
// CHECK-NEXT:   test.format_opt_attr_op_b
// CHECK-NEXT:   test.format_symbol_name_attr_op @name
// CHECK-NEXT:   test.format_symbol_name_attr_op @opt_name
// CHECK-NEXT:   test.format_opt_symbol_name_attr_op
// CHECK-NEXT:   test.format_opt_symbol_ref_attr_op @foo {test.unit}
// CHECK-NEXT:   test.format_opt_symbol_ref_attr_op {test.unit}
// CHECK-NEXT:   test.format_opt_symbol_ref_attr_op @foo::@bar
// CHECK-NEXT:   test.format_attr_dict_w_keyword attributes {attr = 10 : i64}
// CHECK-NEXT:   test.format_attr_dict_w_keyword attributes {attr = 10 : i64, opt_attr = 10 : i64}
// CHECK-NEXT:   test.format_attr_dict_w_keyword attributes {attr = 10 : i64, opt_attr = 10 : i64, zz}
// CHECK-NEXT:   %3 = test.format_buildable_type_op %0
// CHECK-NEXT:   test.format_region_a_op {
// CHECK-NEXT:     "test.return"() : () -> ()
// CHECK-NEXT:   }
// CHECK-NEXT:   test.format_region_b_op {
// CHECK-NEXT:     "test.return"() : () -> ()
// CHECK-NEXT:   }
// CHECK-NEXT:   test.format_region_c_op region {
// CHECK-NEXT:     "test.return"() : () -> ()
// CHECK-NEXT:   }
// CHECK-NEXT:   test.format_region_c_op
// CHECK-NEXT:   test.format_variadic_region_a_op {
// CHECK-NEXT:     "test.return"() : () -> ()
// CHECK-NEXT:   }, {
// CHECK-NEXT:     "test.return"() : () -> ()
// CHECK-NEXT:   }
// CHECK-NEXT:   test.format_variadic_region_b_op {
// CHECK-NEXT:     "test.return"() : () -> ()
// CHECK-NEXT:   }, {
// CHECK-NEXT:     "test.return"() : () -> ()
// CHECK-NEXT:   } found_regions
// CHECK-NEXT:   test.format_variadic_region_b_op
// CHECK-NEXT:   test.format_implicit_terminator_region_a_op {
// CHECK-NEXT:   }
// CHECK-NEXT:   test.format_implicit_terminator_region_a_op {
// CHECK-NEXT:     "test.return"() {foo.attr} : () -> ()
// CHECK-NEXT:   }
// CHECK-NEXT:   test.format_implicit_terminator_region_a_op {
// CHECK-NEXT:     "test.return"(%0) : (i64) -> ()
// CHECK-NEXT:   }
// CHECK-NEXT:   test.format_implicit_terminator_region_a_op {
// CHECK-NEXT:   }
// CHECK-NEXT:   test.format_implicit_terminator_region_a_op {
// CHECK-NEXT:   ^bb0(%arg0: i32):
// CHECK-NEXT:   }
// CHECK-NEXT:   %buildable_res, %result = test.format_result_a_op memref<1xf64>
// CHECK-NEXT:   %buildable_res_0, %result_1 = test.format_result_b_op i64, memref<1xf64>
// CHECK-NEXT:   %buildable_res_2, %result_3 = test.format_result_c_op (i64) -> memref<1xf64>
// CHECK-NEXT:   %4:3 = test.format_variadic_result : i64, i64, i64
// CHECK-NEXT:   %result0:3, %result1:2 = test.format_multiple_variadic_results : (i64, i64, i64), (i32, i32)
// CHECK-NEXT:   test.format_operand_a_op %0, %2 : i64, memref<1xf64>
// CHECK-NEXT:   test.format_operand_b_op %0, %2 : memref<1xf64>
// CHECK-NEXT:   test.format_operand_c_op %0, %2 : i64, memref<1xf64>
// CHECK-NEXT:   test.format_operand_d_op %0, %2 : memref<1xf64>
// CHECK-NEXT:   test.format_operand_e_op %0, %2 : i64, memref<1xf64>
// CHECK-NEXT:   test.format_variadic_operand %0, %0, %0 : i64, i64, i64
// CHECK-NEXT:   test.format_variadic_of_variadic_operand (%0, %0), (), (%0) : (i64, i64), (), (i64)
// CHECK-NEXT:   test.format_variadic_of_variadic_operand  : 
// CHECK-NEXT:   test.format_multiple_variadic_operands (%0, %0, %0), (%0, %1 : i64, i32)
// CHECK-NEXT:   "foo.successor_test_region"() ({
// CHECK-NEXT:     test.format_successor_a_op ^bb1 {attr}
// CHECK-NEXT:   ^bb1:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:     test.format_successor_a_op ^bb1, ^bb2 {attr}
// CHECK-NEXT:   ^bb2:  // pred: ^bb1
// CHECK-NEXT:     test.format_successor_a_op  {attr}
// CHECK-NEXT:   }) {arg_names = ["i", "j", "k"]} : () -> ()
// CHECK-NEXT:   test.format_optional_unit_attribute is_optional
// CHECK-NEXT:   test.format_optional_unit_attribute
// CHECK-NEXT:   test.format_optional_unit_attribute_no_elide unit
// CHECK-NEXT:   test.format_optional_unit_attribute_no_elide
// CHECK-NEXT:   test.format_optional_enum_attr case5
// CHECK-NEXT:   test.format_optional_enum_attr
// CHECK-NEXT:   test.format_optional_default_attrs "foo" @foo case10
// CHECK-NEXT:   test.format_optional_default_attrs
// CHECK-NEXT:   test.format_optional_default_attrs
// CHECK-NEXT:   %5 = test.format_optional_operand_result_a_op(%0 : i64) : i64
// CHECK-NEXT:   %6 = test.format_optional_operand_result_a_op( : ) : i64
// CHECK-NEXT:   test.format_optional_operand_result_a_op(%0 : i64) : 
// CHECK-NEXT:   test.format_optional_operand_result_a_op(%0 : i64) : [%0, %0]
// CHECK-NEXT:   %7 = test.format_optional_operand_result_b_op(%0 : i64) : i64
// CHECK-NEXT:   %8 = test.format_optional_operand_result_b_op : i64
// CHECK-NEXT:   %9 = test.format_optional_operand_result_b_op : i64
// CHECK-NEXT:   test.format_optional_operand_result_b_op : [%0]
// CHECK-NEXT:   test.format_optional_result_a_op
// CHECK-NEXT:   %optional, %variadic:2 = test.format_optional_result_a_op : i64 -> i64, i64
// CHECK-NEXT:   test.format_optional_result_b_op
// CHECK-NEXT:   %optional_4, %variadic_5:2 = test.format_optional_result_b_op : i64 -> i64, i64
// CHECK-NEXT:   %optional_6, %variadic_7:2 = test.format_optional_result_c_op : (i64) -> (i64, i64)
// CHECK-NEXT:   %optional_8, %variadic_9 = test.format_optional_result_c_op : (i64) -> i64
// CHECK-NEXT:   test.format_optional_result_c_op
// CHECK-NEXT:   test.format_optional_else then
// CHECK-NEXT:   test.format_optional_else else
// CHECK-NEXT:   test.format_literal_following_optional_group(5 : i32) : i32 {a}
// CHECK-NEXT:   test.format_literal_following_optional_group : i32 {a}
// CHECK-NEXT:   func.func @variadic(%arg0: i32) {
// CHECK-NEXT:     test.ellipsis(%arg0 ...) : i32 ...
// CHECK-NEXT:     test.ellipsis(%arg0) : i32 ...
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   %10 = test.format_infer_variadic_type_from_non_variadic %0, %0 : i64
// CHECK-NEXT:   %11 = test.format_all_types_match_var %0, %0 : i64
// CHECK-NEXT:   %12 = test.format_all_types_match_attr 1 : i64, %0
// CHECK-NEXT:   %13 = test.format_types_match_var %0 : i64
// CHECK-NEXT:   %14:3 = test.format_types_match_variadic %0, %0, %0 : i64, i64, i64
// CHECK-NEXT:   %15 = test.format_types_match_attr 1 : i64
// CHECK-NEXT:   %16 = test.format_types_match_context %0 : i64
// CHECK-NEXT:   %17 = test.format_infer_type
// CHECK-NEXT:   %18 = test.format_infer_type2 {x}
// CHECK-NEXT:   %19:2 = test.format_infer_type_all_operands_and_types(%0, %1) : i64, i32
// CHECK-NEXT:   %20:2 = test.format_infer_type_all_types_one_operand(%0, %1) : i64, i32
// CHECK-NEXT:   %21:4 = test.format_infer_type_all_types_two_operands(%0, %1) (%0, %1) : i64, i32, i64, i32
// CHECK-NEXT:   %22:2 = test.format_infer_type_all_types(%0, %1) : i64, i32
// CHECK-NEXT:   %23:2 = test.format_infer_type_regions {
// CHECK-NEXT:   ^bb0(%arg0: i32, %arg1: f32):
// CHECK-NEXT:     "test.terminator"() : () -> ()
// CHECK-NEXT:   }
// CHECK-NEXT:   %24:4 = test.format_infer_type_variadic_operands(%1, %1 : i32, i32) (%0, %0 : i64, i64)
// CHECK-NEXT:   test.else_anchor(?) {a = 1 : i64}
// CHECK-NEXT:   test.else_anchor(%0 : i64) {a = 2 : i64}
// CHECK-NEXT:   test.oilist_with_keywords_only keyword
// CHECK-NEXT:   test.oilist_with_keywords_only otherKeyword
// CHECK-NEXT:   test.oilist_with_keywords_only thirdKeyword
// CHECK-NEXT:   test.oilist_with_keywords_only keyword otherKeyword
// CHECK-NEXT:   test.oilist_with_keywords_only keyword otherKeyword thirdKeyword
// CHECK-NEXT:   test.oilist_with_keywords_only
// CHECK-NEXT:   test.oilist_with_simple_args keyword %0 : i64
// CHECK-NEXT:   test.oilist_with_simple_args otherKeyword %0 : i64 thirdKeyword %1 : i32
// CHECK-NEXT:   test.oilist_with_simple_args keyword %1 : i32 thirdKeyword %0 : i64
// CHECK-NEXT:   test.oilist_variadic_with_parens keyword(%0, %1 : i64, i32) otherKeyword(%1 : i32)
// CHECK-NEXT:   test.oilist_allowed_literal buzz
// CHECK-NEXT:   test.oilist_allowed_literal buzz
// CHECK-NEXT:   test.oilist_allowed_literal buzz
// CHECK-NEXT:   test.op.with_dot_in_name
// CHECK-NEXT:   func.func @dflt() {
// CHECK-NEXT:     test.op.with_dot_in_name
// CHECK-NEXT:     test.format_attr_op 3
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   test.format_custom_directive_operands %0, %0 -> (%0)
// CHECK-NEXT:   test.format_custom_directive_operands %0 -> (%0)
// CHECK-NEXT:   test.format_custom_directive_operands %0 -> ()
// CHECK-NEXT:   test.format_custom_directive_operands_and_types %0, %0 -> (%0) : i64, i64 -> (i64)
// CHECK-NEXT:   test.format_custom_directive_operands_and_types %0 -> (%0) : i64 -> (i64)
// CHECK-NEXT:   test.format_custom_directive_attributes 54 : i64
// CHECK-NEXT:   test.format_custom_directive_attributes 54 : i64, 46 : i64
// CHECK-NEXT:   test.format_custom_directive_regions {
// CHECK-NEXT:     "test.return"() : () -> ()
// CHECK-NEXT:   }
// CHECK-NEXT:   test.format_custom_directive_regions {
// CHECK-NEXT:     "test.return"() : () -> ()
// CHECK-NEXT:   }, {
// CHECK-NEXT:     "test.return"() : () -> ()
// CHECK-NEXT:   }
// CHECK-NEXT:   %result_10, %optResult, %varResults = test.format_custom_directive_results  : i64, i64 -> (i64)
// CHECK-NEXT:   %result_11, %varResults_12 = test.format_custom_directive_results  : i64 -> (i64)
// CHECK-NEXT:   %result_13, %optResult_14, %varResults_15 = test.format_custom_directive_results_with_type_refs  : i64, i64 -> (i64)  type_refs_capture  : i64, i64 -> (i64)
// CHECK-NEXT:   %result_16, %varResults_17 = test.format_custom_directive_results_with_type_refs  : i64 -> (i64)  type_refs_capture  : i64 -> (i64)
// CHECK-NEXT:   test.format_custom_directive_with_optional_operand_ref %0 : 1
// CHECK-NEXT:   test.format_custom_directive_with_optional_operand_ref : 0
// CHECK-NEXT:   func.func @foo() {
// CHECK-NEXT:     test.format_custom_directive_successors ^bb1, ^bb2
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     test.format_custom_directive_successors ^bb2
// CHECK-NEXT:   ^bb2:  // 3 preds: ^bb0, ^bb0, ^bb1
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   test.format_custom_directive_spacing "a" "b"
// CHECK-NEXT:   test.format_custom_directive_attrdict  {attr = 5 : i64, optAttr = 6 : i64, other}
// CHECK-NEXT:   test.format_custom_directive_attrdict  {attr = 5 : i64}
// CHECK-NEXT:   test.oilist_custom private(%0, %1 : i64, i32) reduction (%1)  nowait
// CHECK-NEXT:   test.oilist_custom reduction (%1)  nowait
// CHECK-NEXT:   test.oilist_custom
// CHECK-NEXT:   test.oilist_custom
// CHECK-NEXT: }

%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
test.format_literal_op keyword_$. -> :, = <> () []( ) ? + * {
} {foo.some_attr}
test.format_attr_op 10
test.format_opt_attr_op_a(10)
test.format_opt_attr_op_a
test.format_opt_attr_op_b 10
test.format_opt_attr_op_b
test.format_symbol_name_attr_op @name
test.format_symbol_name_attr_op @opt_name
test.format_opt_symbol_name_attr_op
test.format_opt_symbol_ref_attr_op @foo {test.unit}
test.format_opt_symbol_ref_attr_op {test.unit}
test.format_opt_symbol_ref_attr_op @foo::@bar
test.format_attr_dict_w_keyword attributes {attr = 10 : i64}
test.format_attr_dict_w_keyword attributes {attr = 10 : i64, opt_attr = 10 : i64}
test.format_attr_dict_w_keyword attributes {attr = 10 : i64, opt_attr = 10 : i64, zz}
%ignored = test.format_buildable_type_op %i64
test.format_region_a_op {
  "test.return"() : () -> ()
}
test.format_region_b_op {
  "test.return"() : () -> ()
}
test.format_region_c_op region {
  "test.return"() : () -> ()
}
test.format_region_c_op
test.format_variadic_region_a_op {
  "test.return"() : () -> ()
}, {
  "test.return"() : () -> ()
}
test.format_variadic_region_b_op {
  "test.return"() : () -> ()
}, {
  "test.return"() : () -> ()
} found_regions
test.format_variadic_region_b_op
test.format_implicit_terminator_region_a_op {
  "test.return"() : () -> ()
}
test.format_implicit_terminator_region_a_op {
  "test.return"() {foo.attr} : () -> ()
}
test.format_implicit_terminator_region_a_op {
  "test.return"(%i64) : (i64) -> ()
}
test.format_implicit_terminator_region_a_op {
}
test.format_implicit_terminator_region_a_op {
^bb0(%x: i32):
  "test.return"() : () -> ()
}
%ignored_a:2 = test.format_result_a_op memref<1xf64>
%ignored_b:2 = test.format_result_b_op i64, memref<1xf64>
%ignored_c:2 = test.format_result_c_op (i64) -> memref<1xf64>
%ignored_v:3 = test.format_variadic_result : i64, i64, i64
%ignored_mv:5 = test.format_multiple_variadic_results : (i64, i64, i64), (i32, i32)
test.format_operand_a_op %i64, %memref : i64, memref<1xf64>
test.format_operand_b_op %i64, %memref : memref<1xf64>
test.format_operand_c_op %i64, %memref : i64, memref<1xf64>
test.format_operand_d_op %i64, %memref : memref<1xf64>
test.format_operand_e_op %i64, %memref : i64, memref<1xf64>
test.format_variadic_operand %i64, %i64, %i64 : i64, i64, i64
test.format_variadic_of_variadic_operand (%i64, %i64), (), (%i64) : (i64, i64), (), (i64)
test.format_variadic_of_variadic_operand  :
test.format_multiple_variadic_operands (%i64, %i64, %i64), (%i64, %i32 : i64, i32)
"foo.successor_test_region"() ({
  ^bb0:
    test.format_successor_a_op ^bb1 {attr}
  ^bb1:
    test.format_successor_a_op ^bb1, ^bb2 {attr}
  ^bb2:
    test.format_successor_a_op {attr}
}) { arg_names = ["i", "j", "k"] } : () -> ()
test.format_optional_unit_attribute is_optional
test.format_optional_unit_attribute
test.format_optional_unit_attribute_no_elide unit
test.format_optional_unit_attribute_no_elide
test.format_optional_enum_attr case5
test.format_optional_enum_attr
test.format_optional_default_attrs "foo" @foo case10
test.format_optional_default_attrs "default" @default case5
test.format_optional_default_attrs
test.format_optional_operand_result_a_op(%i64 : i64) : i64
test.format_optional_operand_result_a_op( : ) : i64
test.format_optional_operand_result_a_op(%i64 : i64) :
test.format_optional_operand_result_a_op(%i64 : i64) : [%i64, %i64]
test.format_optional_operand_result_b_op(%i64 : i64) : i64
test.format_optional_operand_result_b_op( : ) : i64
test.format_optional_operand_result_b_op : i64
test.format_optional_operand_result_b_op : [%i64]
test.format_optional_result_a_op
test.format_optional_result_a_op : i64 -> i64, i64
test.format_optional_result_b_op
test.format_optional_result_b_op : i64 -> i64, i64
test.format_optional_result_c_op : (i64) -> (i64, i64)
test.format_optional_result_c_op : (i64) -> i64
test.format_optional_result_c_op
test.format_optional_else then
test.format_optional_else else
test.format_literal_following_optional_group(5 : i32) : i32 {a}
test.format_literal_following_optional_group : i32 {a}
func.func @variadic(%a: i32) {
  test.ellipsis(%a ...) : i32 ...
  test.ellipsis(%a) : i32 ...
  return
}
test.format_infer_variadic_type_from_non_variadic %i64, %i64 : i64
%ignored_res1 = test.format_all_types_match_var %i64, %i64 : i64
%ignored_res2 = test.format_all_types_match_attr 1 : i64, %i64
%ignored_res3 = test.format_types_match_var %i64 : i64
%ignored_res4:3 = test.format_types_match_variadic %i64, %i64, %i64 : i64, i64, i64
%ignored_res5 = test.format_types_match_attr 1 : i64
%ignored_res6 = test.format_types_match_context %i64 : i64
%ignored_res7a = test.format_infer_type
%ignored_res7b = test.format_infer_type2 {x}
%ignored_res8:2 = test.format_infer_type_all_operands_and_types(%i64, %i32) : i64, i32
%ignored_res9:2 = test.format_infer_type_all_types_one_operand(%i64, %i32) : i64, i32
%ignored_res10:4 = test.format_infer_type_all_types_two_operands(%i64, %i32) (%i64, %i32) : i64, i32, i64, i32
%ignored_res11:2 = test.format_infer_type_all_types(%i64, %i32) : i64, i32
%ignored_res12:2 = test.format_infer_type_regions {
^bb0(%arg0: i32, %arg1: f32):
  "test.terminator"() : () -> ()
}
%ignored_res13:4 = test.format_infer_type_variadic_operands(%i32, %i32 : i32, i32) (%i64, %i64 : i64, i64)
test.else_anchor(?) {a = 1}
test.else_anchor(%i64 : i64) {a = 2}
test.oilist_with_keywords_only keyword
test.oilist_with_keywords_only otherKeyword
test.oilist_with_keywords_only thirdKeyword
test.oilist_with_keywords_only otherKeyword keyword
test.oilist_with_keywords_only thirdKeyword otherKeyword keyword
test.oilist_with_keywords_only
test.oilist_with_simple_args keyword %i64 : i64
test.oilist_with_simple_args otherKeyword %i64 : i64 thirdKeyword %i32 : i32
test.oilist_with_simple_args thirdKeyword %i64 : i64 keyword %i32 : i32
test.oilist_variadic_with_parens keyword (%i64, %i32 : i64, i32) otherKeyword (%i32 : i32)
test.oilist_allowed_literal foo bar buzz
test.oilist_allowed_literal bar buzz
test.oilist_allowed_literal buzz
test.op.with_dot_in_name
func.func @dflt() {
  test.op.with_dot_in_name
  test.format_attr_op 3
  return
}
test.format_custom_directive_operands %i64, %i64 -> (%i64)
test.format_custom_directive_operands %i64 -> (%i64)
test.format_custom_directive_operands %i64 -> ()
test.format_custom_directive_operands_and_types %i64, %i64 -> (%i64) : i64, i64 -> (i64)
test.format_custom_directive_operands_and_types %i64 -> (%i64) : i64 -> (i64)
test.format_custom_directive_attributes 54 : i64
test.format_custom_directive_attributes 54 : i64, 46 : i64
test.format_custom_directive_regions {
  "test.return"() : () -> ()
}
test.format_custom_directive_regions {
  "test.return"() : () -> ()
}, {
  "test.return"() : () -> ()
}
%r1:3 = test.format_custom_directive_results : i64, i64 -> (i64)
%r2:2 = test.format_custom_directive_results : i64 -> (i64)
%r3:3 = test.format_custom_directive_results_with_type_refs : i64, i64 -> (i64) type_refs_capture : i64, i64 -> (i64)
%r4:2 = test.format_custom_directive_results_with_type_refs : i64 -> (i64) type_refs_capture : i64 -> (i64)
test.format_custom_directive_with_optional_operand_ref %i64 : 1
test.format_custom_directive_with_optional_operand_ref : 0
func.func @foo() {
  test.format_custom_directive_successors ^bb1, ^bb2
^bb1:
  test.format_custom_directive_successors ^bb2
^bb2:
  return
}
test.format_custom_directive_spacing "a" "b"
test.format_custom_directive_attrdict {attr = 5 : i64, optAttr = 6 : i64, other}
test.format_custom_directive_attrdict {attr = 5 : i64}
test.oilist_custom private (%i64, %i32 : i64, i32) reduction (%i32) nowait
test.oilist_custom nowait reduction (%i32)
test.oilist_custom reduction
test.oilist_custom
