// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic %s > %t.text
// RUN: for v in 5 6; do lamina-opt --allow-unregistered-dialect --emit-bytecode --emit-bytecode-version=$v %s | lamina-opt --allow-unregistered-dialect --mlir-print-op-generic | diff %t.text - || exit 1; done
//
// The Property<> encodings of foreign operations (the test dialect's, llvm's
// and ptr's): integers, enums, strings, bools, unit flags, integer arrays,
// optional and array wrappers, properties written as attributes, segment
// sizes of operands and results. Inputs/foreign-properties.mlirbc is what
// mlir-opt writes for this file; regenerate it with
//   mlir-opt --emit-bytecode test/Bytecode/foreign-properties.mlir \
//     -o test/Bytecode/Inputs/foreign-properties.mlirbc
// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic %S/Inputs/foreign-properties.mlirbc | diff %t.text -
// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic %S/Inputs/foreign-properties.mlirbc | FileCheck %s
// RUN: %if mlir-opt %{ for v in 5 6; do lamina-opt --allow-unregistered-dialect --emit-bytecode --emit-bytecode-version=$v %s -o %t.lam.$v && mlir-opt --emit-bytecode --emit-bytecode-version=$v %s | cmp %t.lam.$v - || exit 1; done %}
// RUN: %if mlir-opt %{ for v in 5 6; do mlir-opt --mlir-print-op-generic %t.lam.$v | diff %t.text - || exit 1; done %}

// CHECK: "test.with_properties"() <{a = -32 : i64, array = array<i64: 1, 2, -3, 4>, array32 = array<i32: 5, -6>, b = "foo", c = "bar", flag = true}>
// CHECK: "test.variadic_segment_prop"(%0, %0, %0) <{operandSegmentSizes = array<i32: 1, 2>, resultSegmentSizes = array<i32: 2, 1>}>
// CHECK: "test.with_optional_properties"() <{anAttr = 3 : i32, hasDefault = [7], hasUnit, longSyntax = ["t"], maybeUnit = [unit], nested = {{\[\[}}8]], nonTrivialStorage = ["s"], simple = [5], simplei8 = [-3 : i8], simpleui8 = [-56 : i8]}>
// CHECK: "test.with_array_properties"() <{explicitOptions = {{\[\[}}5], []], explicitUnits = [unit, false], hasDefault = [9], ints = [1, 2], nested = {{\[\[}}1 : i32], [2 : i32, 3 : i32]], opt = {{\[\[}}4 : i32]], strings = ["a", "b"]}>
// CHECK: "llvm.add"(%arg0, %arg0) <{overflowFlags = 3 : i32}>
// CHECK: "ptr.load"(%arg2) <{alignment = [8], invariant = false, invariantGroup = false, nontemporal = false, ordering = 2 : i32, volatile_}>

"builtin.module"() ({
  "test.op_with_enum_prop"() <{value = 1 : i32}> : () -> ()
  "test.op_with_enum_prop_attr_form"() <{value = 2 : i32}> : () -> ()
  "test.op_with_bit_enum_prop"() <{value1 = 1 : i32, value2 = 5 : i32}> : () -> ()
  "test.op_with_bit_enum_prop_named"() <{value1 = 1 : i32, value2 = 5 : i32}> : () -> ()
  "test.with_properties"() <{a = -32 : i64, array = array<i64: 1, 2, -3, 4>, array32 = array<i32: 5, -6>, b = "foo", c = "bar", flag = true}> : () -> ()
  "test.empty_properties"() : () -> ()
  "test.using_property_in_custom"() <{prop = array<i64: 1, 4>}> : () -> ()
  "test.using_property_in_custom_and_other"() <{other = 3 : i64, prop = array<i64: 1, 4>}> : () -> ()
  "test.using_property_ref_in_custom"() <{first = 1 : i64, second = 4 : i64}> : () -> ()
  %0 = "arith.constant"() <{value = 1 : i64}> : () -> i64
  %1:3 = "test.variadic_segment_prop"(%0, %0, %0) <{operandSegmentSizes = array<i32: 1, 2>, resultSegmentSizes = array<i32: 2, 1>}> : (i64, i64, i64) -> (i64, i64, i64)
  "test.with_default_valued_properties"() <{a = 3 : i32, b = "x", c = -7 : i32, unit}> : () -> ()
  "test.with_default_valued_properties"() <{a = 0 : i32, b = "", c = -1 : i32, unit = false}> : () -> ()
  "test.with_optional_properties"() <{anAttr = 3 : i32, hasDefault = [7], hasUnit, longSyntax = ["t"], maybeUnit = [unit], nested = [[8]], nonTrivialStorage = ["s"], simple = [5], simplei8 = [-3 : i8], simpleui8 = [-56 : i8]}> : () -> ()
  "test.with_optional_properties"() <{hasDefault = [], hasUnit = false, longSyntax = [], maybeUnit = [false], nested = [[]], nonTrivialStorage = [], simple = [], simplei8 = [], simpleui8 = []}> : () -> ()
  "test.with_array_properties"() <{explicitOptions = [[5], []], explicitUnits = [unit, false], hasDefault = [9], ints = [1, 2], nested = [[1 : i32], [2 : i32, 3 : i32]], opt = [[4 : i32]], strings = ["a", "b"]}> : () -> ()
  "test.op_with_property_predicates"() <{array = [5], defaulted = 3 : i64, more_constrained = 4 : i64, non_empty_constrained = [7], non_empty_optional = [[8]], non_empty_unconstrained = [6], optional = [2], scalar = 1 : i64, unconstrained = -9 : i64}> : () -> ()
  %2 = "test.prop_pattern_op_1"() <{cond = true, tag = "t", val = 5 : i64}> : () -> i32
  "test.prop_pattern_op_2"(%2) <{tag = "u"}> : (i32) -> ()
  "test.format_optional_prop_dict"() <{a = ["x"], b = 4 : i32}> : () -> ()
  "test.format_optional_prop_dict"() <{a = [], b = 1 : i32}> : () -> ()
  "test.with_properties_and_attr"() <{lhs = 1 : i32, rhs = -5 : i64}> : () -> ()
  "test.using_int_property_with_worse_bytecode"() <{value = 7 : i64}> : () -> ()
  "func.func"() <{function_type = (i32, !llvm.ptr, !ptr.ptr<#ptr.generic_space>) -> (), sym_name = "g"}> ({
  ^bb0(%arg0: i32, %arg1: !llvm.ptr, %arg2: !ptr.ptr<#ptr.generic_space>):
    %3 = "llvm.add"(%arg0, %arg0) <{overflowFlags = 3 : i32}> : (i32, i32) -> i32
    %4 = "llvm.getelementptr"(%arg1) <{elem_type = i8, noWrapFlags = 4 : i32, rawConstantIndices = array<i32: 1>}> : (!llvm.ptr) -> !llvm.ptr
    %5 = "ptr.load"(%arg2) <{alignment = [8], invariant = false, invariantGroup = false, nontemporal = false, ordering = 2 : i32, volatile_}> : (!ptr.ptr<#ptr.generic_space>) -> i32
    %6 = "ptr.load"(%arg2) <{alignment = [], invariant = false, invariantGroup = false, nontemporal = false, ordering = 0 : i32, volatile_ = false}> : (!ptr.ptr<#ptr.generic_space>) -> i32
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

