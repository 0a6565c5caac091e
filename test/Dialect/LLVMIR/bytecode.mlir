// RUN: lamina-opt --mlir-print-op-generic %s > %t.text
// RUN: lamina-opt --mlir-print-op-generic %S/Inputs/bytecode.mlirbc | diff %t.text -
// RUN: lamina-opt --emit-bytecode %s | lamina-opt --mlir-print-op-generic | diff %t.text -
// RUN: lamina-opt --mlir-print-op-generic %S/Inputs/bytecode.mlirbc | FileCheck %s
// RUN: %if mlir-opt %{ lamina-opt --emit-bytecode %s | mlir-opt --mlir-print-op-generic | diff %t.text - %}
//
// The custom bytecode encodings of the llvm dialect's debug-info attributes
// and #llvm.loop_annotation (the distinct ids they share survive the round
// trip). Inputs/bytecode.mlirbc is what mlir-opt writes for this file;
// regenerate it with
//   mlir-opt --emit-bytecode test/Dialect/LLVMIR/bytecode.mlir \
//     -o test/Dialect/LLVMIR/Inputs/bytecode.mlirbc

// CHECK-DAG: #di_compile_unit = #llvm.di_compile_unit<id = distinct[1]<>, sourceLanguage = DW_LANG_C, file = #di_file, producer = "MLIR", isOptimized = true, emissionKind = Full, nameTableKind = None>
// CHECK-DAG: #loop_annotation = #llvm.loop_annotation<disableNonforced = true, unroll = #loop_unroll, mustProgress = true, parallelAccesses = #access_group>
// CHECK-DAG: #di_global_variable_expression = #llvm.di_global_variable_expression<var = #di_global_variable, expr = <[DW_OP_constu(5), DW_OP_stack_value]>>
// CHECK-DAG: #di_subprogram = #llvm.di_subprogram<id = distinct[2]<>, compileUnit = #di_compile_unit, scope = #di_namespace, name = "f", linkageName = "f_", file = #di_file, line = 4, scopeLine = 5, subprogramFlags = "Definition|Optimized", type = #di_subroutine_type>

#file = #llvm.di_file<"foo.mlir" in "/test/">
#cu = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C, file = #file, producer = "MLIR", isOptimized = true, emissionKind = Full, nameTableKind = None>
#int = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int", sizeInBits = 32, encoding = DW_ATE_signed>
#ptr = #llvm.di_derived_type<tag = DW_TAG_pointer_type, baseType = #int, sizeInBits = 64, alignInBits = 32, offsetInBits = 8, dwarfAddressSpace = 3, extraData = #int>
#range = #llvm.di_subrange<count = 4 : i64, lowerBound = 0 : i64>
#array = #llvm.di_composite_type<tag = DW_TAG_array_type, name = "array", file = #file, line = 3, baseType = #int, flags = Vector, sizeInBits = 128, alignInBits = 32, elements = #range>
#sptype = #llvm.di_subroutine_type<callingConvention = DW_CC_normal, types = #int, #ptr>
#ns = #llvm.di_namespace<name = "ns", exportSymbols = true>
#sp = #llvm.di_subprogram<id = distinct[1]<>, compileUnit = #cu, scope = #ns, name = "f", linkageName = "f_", file = #file, line = 4, scopeLine = 5, subprogramFlags = "Definition|Optimized", type = #sptype>
#block = #llvm.di_lexical_block<scope = #sp, file = #file, line = 6, column = 7>
#blockfile = #llvm.di_lexical_block_file<scope = #block, file = #file, discriminator = 2>
#var = #llvm.di_local_variable<scope = #blockfile, name = "x", file = #file, line = 8, arg = 1, alignInBits = 32, type = #ptr, flags = Artificial>
#label = #llvm.di_label<scope = #sp, name = "l", file = #file, line = 9>
#gv = #llvm.di_global_variable<scope = #cu, name = "g", linkageName = "g_", file = #file, line = 10, type = #int, isLocalToUnit = true, isDefined = true, alignInBits = 8>
#gve = #llvm.di_global_variable_expression<var = #gv, expr = <[DW_OP_constu(5), DW_OP_stack_value]>>
#imported = #llvm.di_imported_entity<tag = DW_TAG_imported_module, scope = #sp, entity = #ns, file = #file, line = 11, name = "imp">
#group = #llvm.access_group<id = distinct[2]<>>
#unroll = #llvm.loop_unroll<disable = false, count = 4 : i32>
#loop = #llvm.loop_annotation<disableNonforced = true, unroll = #unroll, mustProgress = true, parallelAccesses = #group>

module {
  llvm.mlir.global external @g() {dbg_exprs = [#gve]} : i32
  llvm.func @f(%arg0: !llvm.ptr) {
    llvm.intr.dbg.value #var = %arg0 : !llvm.ptr
    llvm.intr.dbg.label #label
    llvm.br ^bb1 {loop_annotation = #loop}
  ^bb1:
    llvm.return
  } loc(fused<#sp>["foo.mlir":1:1])
  llvm.func @g2() attributes {imported = #imported, empty = #llvm.di_expression<>, cu2 = #cu}
}
