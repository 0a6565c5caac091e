// Parse and verification errors of the mirrored test-dialect format ops
// (test/lib/TestFormatOps.cpp); the messages are mlir-opt's.
// RUN: lamina-test-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{expected attribute value}}
test.format_attr_op
// -----
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{custom op 'test.format_attr_op' invalid kind of attribute specified}}
test.format_attr_op "str"
// -----
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{expected operation name in quotes}}
test.format_attr_op 10 : i32
// -----
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
test.format_attr_op 10 {attr = 5 : i64}
// -----
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{custom op 'test.format_attr_op' 'test.format_attr_op' op attribute 'attr' failed to satisfy constraint: 64-bit signless integer attribute}}
test.format_attr_op 10 {attr = "x"}
// -----
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{custom op 'case7' is unknown (tried 'builtin.case7' as well)}}
test.format_optional_enum_attr case7
// -----
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{expected operation name in quotes}}
test.format_optional_enum_attr 5
// -----
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{expected ')'}}
test.format_opt_attr_op_a(10
// -----
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{'test.format_operand_a_op' op expected 2 operands, but found 1}}
test.format_operand_a_op %i64 : i64
// -----
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{custom op 'test.format_operand_a_op' number of operands and types do not match: got 2 operands and 3 types}}
test.format_operand_a_op %i64, %memref : i64, memref<1xf64>, i32
// -----
// expected-note@+1 {{prior use here}}
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{use of value '%i64' expects different type than prior uses: 'i32' vs 'i64'}}
test.format_operand_e_op %i64, %memref : i32, memref<1xf64>
// -----
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{custom op 'test.oilist_with_keywords_only' `keyword` clause can appear at most once in the expansion of the oilist directive}}
test.oilist_with_keywords_only keyword keyword
// -----
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{expected ':'}}
test.oilist_with_simple_args keyword %i64
// -----
%i64 = "foo.op"() : () -> (i64)
// expected-note@+1 {{prior use here}}
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{use of value '%i32' expects different type than prior uses: 'i64' vs 'i32'}}
test.format_buildable_type_op %i32
// -----
%i64 = "foo.op"() : () -> (i64)
// expected-note@+1 {{prior use here}}
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{use of value '%i32' expects different type than prior uses: 'i64' vs 'i32'}}
%x = test.format_all_types_match_var %i64, %i32 : i64
// -----
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{custom op 'test.format_symbol_name_attr_op' expected valid '@'-identifier for symbol name}}
test.format_symbol_name_attr_op name
// -----
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{custom op 'test.format_symbol_name_attr_op' expected valid '@'-identifier for symbol name}}
test.format_symbol_name_attr_op "name"
// -----
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{integer literal not valid for specified type}}
test.format_literal_following_optional_group(5 : i32) : 7
// -----
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{custom op 'case7' is unknown (tried 'builtin.case7' as well)}}
test.format_optional_default_attrs "x" @y case7
// -----
// expected-note@+1 {{prior use here}}
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{use of value '%i64' expects different type than prior uses: 'i32' vs 'i64'}}
test.format_multiple_variadic_operands (%i64), (%i64 : i32)
// -----
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{custom op 'test.format_infer_type_all_types' number of operands and types do not match: got 1 operands and 2 types}}
%y:2 = test.format_infer_type_all_types(%i64) : i64, i32
// -----
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{expected SSA operand}}
%z = test.format_variadic_of_variadic_operand (%i64, : (i64)
// -----
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{custom op 'test.format_variadic_of_variadic_operand' number of operands and types do not match: got 1 operands and 2 types}}
test.format_variadic_of_variadic_operand (%i64) : (i64, i64)
// -----
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{custom op 'test.format_optional_else' expected 'else'}}
test.format_optional_else maybe
// -----
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{expected '{' to begin a region}}
test.format_region_b_op
// -----
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{expected '{' to begin a region}}
test.format_region_c_op region
// -----
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
test.format_variadic_region_b_op {
  "test.return"() : () -> ()
}
// expected-error@+1 {{custom op 'test.format_variadic_region_b_op' expected 'found_regions'}}
// -----
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{reference to an undefined block}}
test.format_successor_a_op ^bb1
// -----
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{expected '('}}
test.format_custom_directive_operands %i64 -> %i64
// -----
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{custom op 'test.format_custom_directive_attributes' invalid kind of attribute specified}}
test.format_custom_directive_attributes "x"
// -----
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
test.format_custom_directive_with_optional_operand_ref %i64 : 0
// -----
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{'test.format_optional_result_b_op' op result #2 must be variadic of 64-bit signless integer, but got 'i32'}}
test.format_optional_result_b_op : i64 -> i64, i32
// -----
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
test.format_types_match_attr 1
// -----
// expected-note@+1 {{prior use here}}
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{use of value '%i64' expects different type than prior uses: 'i32' vs 'i64'}}
test.format_all_types_match_attr 1 : i32, %i64
// -----
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{expected operation name in quotes}}
test.format_attr_dict_w_keyword {attr = 10 : i64}
// -----
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{'test.format_attr_dict_w_keyword' op requires attribute 'attr'}}
test.format_attr_dict_w_keyword attributes {}
// -----
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{expected operation name in quotes}}
test.format_infer_type {x} : i32
// -----
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{expected '...'}}
test.ellipsis(%i64 ...) : i64
// -----
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{expected three consecutive dots for an ellipsis}}
test.ellipsis(%i64 ..) : i64 ...
// -----
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{expected ')'}}
test.else_anchor(? : i64)
// -----
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{custom op 'test.format_custom_directive_spacing' invalid kind of attribute specified}}
test.format_custom_directive_spacing "a" 1
// -----
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{expected '(' to start operand list}}
test.format_opt_symbol_ref_attr_op "foo"
// -----
// expected-note@+1 {{prior use here}}
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{use of value '%i64' expects different type than prior uses: 'i32' vs 'i64'}}
test.oilist_custom reduction (%i64)
// -----
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{custom op 'test.oilist_custom' `private` clause can appear at most once in the expansion of the oilist directive}}
test.oilist_custom private (%i64 : i64) private (%i64 : i64)
// -----
// expected-note@+1 {{prior use here}}
%i64 = "foo.op"() : () -> (i64)
%i32 = "foo.op"() : () -> (i32)
%memref = "foo.op"() : () -> (memref<1xf64>)
// expected-error@+1 {{use of value '%i64' expects different type than prior uses: 'i32' vs 'i64'}}
test.format_types_match_context %i64 : i32
