// inline only runs on symbol tables; a bad op pipeline is reported as
// mlir-opt does.
// RUN: lamina-opt -p 'builtin.module(func.func(inline))' --verify-diagnostics %S/Inputs/inline-not-table.mlir
// RUN: %if mlir-opt %{ mlir-opt -p 'builtin.module(func.func(inline))' --verify-diagnostics %S/Inputs/inline-not-table.mlir %}
// RUN: not lamina-opt '-inline=op-pipelines=func.func(bogus)' %s 2>&1 | FileCheck %s
// RUN: not lamina-opt '-inline=op-pipelines=func.func(cse' %s 2>&1 | FileCheck %s --check-prefix=ANCHOR

// GENERR: -inline=op-pipelines=func.func(bogus)
// CHECK: MLIR Textual PassPipeline Parser:1:1: error: 'bogus' does not refer to a registered pass or pass pipeline
// CHECK-NEXT: bogus
// CHECK-NEXT: ^
// CHECK-NEXT: <unknown>:0: error: 
// GENERR-ANCHOR: -inline=op-pipelines=func.func(cse
// ANCHOR: expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'<unknown>:0: error: 
