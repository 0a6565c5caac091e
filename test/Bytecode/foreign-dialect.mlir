// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic %s > %t.text
// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic %S/Inputs/foreign-dialect.mlirbc | diff %t.text -
// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic %S/Inputs/foreign-dialect.mlirbc | FileCheck %s
// RUN: lamina-opt --allow-unregistered-dialect --emit-bytecode %s | lamina-opt --allow-unregistered-dialect --mlir-print-op-generic | diff %t.text -
// RUN: %if mlir-opt %{ lamina-opt --allow-unregistered-dialect --emit-bytecode %s | mlir-opt --mlir-print-op-generic | diff %t.text - %}
//
// The custom encodings of mlir-opt's test dialect (`!test.i32`,
// `#test.attr_params`) and its version entry (2.0), which Lamina writes too.
// Inputs/foreign-dialect.mlirbc is what mlir-opt writes for this file;
// regenerate it with
//   mlir-opt --emit-bytecode test/Bytecode/foreign-dialect.mlir \
//     -o test/Bytecode/Inputs/foreign-dialect.mlirbc

// CHECK: "func.func"() <{function_type = (!test.i32) -> (), sym_name = "f"}> ({
// CHECK: "test.versionedC"() <{attribute = #test.attr_params<42, 24>}> : () -> ()

"builtin.module"() ({
  "func.func"() <{function_type = (!test.i32) -> (), sym_name = "f"}> ({
  ^bb0(%arg0: !test.i32):
    "test.versionedC"() <{attribute = #test.attr_params<42, 24>}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
