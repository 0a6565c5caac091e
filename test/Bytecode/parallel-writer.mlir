// Large modules are written in parallel: batches of top-level operations
// are written into separate emitters on the thread pool, then spliced. The
// bytes must be exactly those of the sequential writer
// (--mlir-disable-threading) and of mlir-opt, in every version.
// RUN: %python %S/Inputs/gen-writer-workload.py 1 > %t.mlir
// RUN: lamina-opt --allow-unregistered-dialect --emit-bytecode %t.mlir -o %t.par.bc
// RUN: lamina-opt --allow-unregistered-dialect --emit-bytecode --mlir-disable-threading %t.mlir -o %t.seq.bc
// RUN: cmp %t.par.bc %t.seq.bc
// RUN: lamina-opt --allow-unregistered-dialect --emit-bytecode --emit-bytecode-version=3 %t.mlir -o %t.par3.bc
// RUN: lamina-opt --allow-unregistered-dialect --emit-bytecode --emit-bytecode-version=3 --mlir-disable-threading %t.mlir -o %t.seq3.bc
// RUN: cmp %t.par3.bc %t.seq3.bc
// RUN: lamina-opt --allow-unregistered-dialect --emit-bytecode --emit-bytecode-version=1 %t.mlir -o %t.par1.bc
// RUN: lamina-opt --allow-unregistered-dialect --emit-bytecode --emit-bytecode-version=1 --mlir-disable-threading %t.mlir -o %t.seq1.bc
// RUN: cmp %t.par1.bc %t.seq1.bc
// Reading it back gives the module again.
// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic %t.par.bc > %t.back
// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic %t.mlir > %t.orig
// RUN: diff %t.back %t.orig
// RUN: FileCheck %s < %t.back
// CHECK: "func.func"() <{function_type = (i32, f32, index) -> i32, sym_name = "f399"}>

// The same bytes as mlir-opt (where it is installed).
// RUN: %if mlir-opt %{ mlir-opt --allow-unregistered-dialect --emit-bytecode %t.mlir -o %t.ref.bc %}
// RUN: %if mlir-opt %{ cmp %t.par.bc %t.ref.bc %}
// RUN: %if mlir-opt %{ mlir-opt --allow-unregistered-dialect --emit-bytecode --emit-bytecode-version=3 %t.mlir -o %t.ref3.bc %}
// RUN: %if mlir-opt %{ cmp %t.par3.bc %t.ref3.bc %}
