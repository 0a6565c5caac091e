// A large input referencing test dialect resources: parsed in parallel
// chunks, a resource key makes the parser redo the work sequentially
// (declaring a key twice would rename it), and reading its bytecode in
// parallel resolves the attributes that declare resources in order of use,
// as mlir-opt does. Both give exactly the sequential result.
// RUN: %python %S/Inputs/gen-resource-ops.py > %t.mlir
// RUN: lamina-opt --mlir-print-op-generic %t.mlir > %t.par
// RUN: lamina-opt --mlir-print-op-generic --mlir-disable-threading %t.mlir > %t.seq
// RUN: diff %t.par %t.seq
// RUN: FileCheck %s < %t.par
// RUN: %if mlir-opt %{ mlir-opt --mlir-print-op-generic %t.mlir | diff %t.par - %}
// RUN: lamina-opt --emit-bytecode %t.mlir -o %t.bc
// RUN: lamina-opt --mlir-print-op-generic %t.bc > %t.bc.par
// RUN: lamina-opt --mlir-print-op-generic --mlir-disable-threading %t.bc > %t.bc.seq
// RUN: diff %t.bc.par %t.bc.seq
// RUN: FileCheck %s --check-prefix=READ < %t.bc.par
// RUN: %if mlir-opt %{ mlir-opt --mlir-print-op-generic %t.bc | diff %t.bc.par - %}
// RUN: %if mlir-opt %{ mlir-opt --emit-bytecode %t.mlir | cmp %t.bc - %}

// CHECK: #test.e1di64_elements<blob0> : tensor<2xi64>
// CHECK: #test.e1di64_elements<blob5> : tensor<2xi64>
// CHECK: test: {
// CHECK-NEXT: blob0: "0x0800000000000000000000000100000000000000"
// CHECK: blob5: "0x0800000005000000000000000600000000000000"
// CHECK-NEXT: }

// The two references to blob0 are one attribute, read once.
// READ: #test.e1di64_elements<blob0_1> : tensor<2xi64>
// READ: #test.e1di64_elements<blob0_1> : tensor<2xi64>
// READ: #test.e1di64_elements<blob5_1> : tensor<2xi64>
