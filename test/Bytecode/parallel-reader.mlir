// Large bytecode files are read in parallel: once the top level is read,
// the sections of the isolated operations of the module (its functions) are
// read on the thread pool. The IR, use-list orders and any diagnostics must
// be exactly those of the sequential reader (--mlir-disable-threading).
// RUN: %python %S/Inputs/gen-writer-workload.py 2 > %t.mlir
// RUN: lamina-opt --allow-unregistered-dialect --emit-bytecode %t.mlir -o %t.bc
// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %t.bc > %t.par
// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo --mlir-disable-threading %t.bc > %t.seq
// RUN: diff %t.par %t.seq
// RUN: FileCheck %s < %t.par
// CHECK: "func.func"() <{function_type = (i32, f32, index) -> i32, sym_name = "f399"}>

// Use-list orders (forward references in graph regions) survive a round
// trip: writing what was read gives the same bytes.
// RUN: lamina-opt --allow-unregistered-dialect --emit-bytecode %t.bc -o %t.again.bc
// RUN: cmp %t.bc %t.again.bc

// A file damaged in the middle of its functions fails the same way.
// RUN: %python %S/Inputs/damage-ir-section.py %t.bc %t.bad1.bc 0.5 255
// RUN: not lamina-opt --allow-unregistered-dialect --mlir-print-op-generic %t.bad1.bc 2> %t.bad1.par
// RUN: not lamina-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-disable-threading %t.bad1.bc 2> %t.bad1.seq
// RUN: diff %t.bad1.par %t.bad1.seq
// RUN: FileCheck %s --check-prefix=BAD < %t.bad1.par
// BAD: error:
// RUN: %python %S/Inputs/damage-ir-section.py %t.bc %t.bad2.bc 0.8 0
// RUN: not lamina-opt --allow-unregistered-dialect --mlir-print-op-generic %t.bad2.bc 2> %t.bad2.par
// RUN: not lamina-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-disable-threading %t.bad2.bc 2> %t.bad2.seq
// RUN: diff %t.bad2.par %t.bad2.seq

// Over 1 MB, the file is mapped and each batch of sections read hands its
// pages back: the IR is still that of the sequential reader, also when a
// damaged section late in the file makes it read everything again.
// RUN: %python %S/Inputs/gen-writer-workload.py 3 2000 > %t.big.mlir
// RUN: lamina-opt --allow-unregistered-dialect --emit-bytecode %t.big.mlir -o %t.big.bc
// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %t.big.bc > %t.big.par
// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo --mlir-disable-threading %t.big.bc > %t.big.seq
// RUN: diff %t.big.par %t.big.seq
// RUN: %python %S/Inputs/damage-ir-section.py %t.big.bc %t.big.bad.bc 0.95 255
// RUN: not lamina-opt --allow-unregistered-dialect --mlir-print-op-generic %t.big.bad.bc 2> %t.big.bad.par
// RUN: not lamina-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-disable-threading %t.big.bad.bc 2> %t.big.bad.seq
// RUN: diff %t.big.bad.par %t.big.bad.seq
// RUN: FileCheck %s --check-prefix=BAD < %t.big.bad.par

// As mlir-opt reads it (where it is installed).
// RUN: %if mlir-opt %{ mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %t.bc > %t.ref %}
// RUN: %if mlir-opt %{ diff %t.par %t.ref %}
// RUN: %if mlir-opt %{ not mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %t.bad1.bc 2> %t.bad1.ref %}
// RUN: %if mlir-opt %{ diff %t.bad1.par %t.bad1.ref %}
// RUN: %if mlir-opt %{ not mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %t.bad2.bc 2> %t.bad2.ref %}
// RUN: %if mlir-opt %{ diff %t.bad2.par %t.bad2.ref %}
