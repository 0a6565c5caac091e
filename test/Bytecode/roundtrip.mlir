// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %s > %t.text
// RUN: lamina-opt --allow-unregistered-dialect --emit-bytecode %s -o %t.bc
// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %t.bc > %t.read
// RUN: diff %t.text %t.read
// RUN: lamina-opt --allow-unregistered-dialect --emit-bytecode %s | lamina-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo | FileCheck %s
// RUN: lamina-opt --allow-unregistered-dialect --emit-bytecode --emit-bytecode-version=5 %s | lamina-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo | diff %t.text -
// Before version 5 the properties of unregistered operations are dropped.
// RUN: lamina-opt --allow-unregistered-dialect --emit-bytecode --emit-bytecode-version=0 %s | lamina-opt --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=V0
// RUN: lamina-opt --allow-unregistered-dialect --emit-bytecode --emit-bytecode-version=3 %s | lamina-opt --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=V0
//
// The bytes are mlir-opt's, and each tool reads what the other writes.
// RUN: %if mlir-opt %{ mlir-opt --allow-unregistered-dialect --emit-bytecode %s -o %t.ref.bc %}
// RUN: %if mlir-opt %{ cmp %t.bc %t.ref.bc %}
// RUN: %if mlir-opt %{ lamina-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %t.ref.bc | diff %t.text - %}
// RUN: %if mlir-opt %{ mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %t.bc | diff %t.text - %}
// RUN: %if mlir-opt %{ lamina-opt --allow-unregistered-dialect --emit-bytecode --emit-bytecode-version=2 %s -o %t.v2.bc %}
// RUN: %if mlir-opt %{ mlir-opt --allow-unregistered-dialect --emit-bytecode --emit-bytecode-version=2 %s | cmp %t.v2.bc - %}
//
// Blocks, successors, argument locations, every location kind, isolated and
// non-isolated regions (the former are nested sections), forward references
// (and so use-list orders), properties of unregistered operations.

// CHECK-LABEL: "xt.module"() ({
// CHECK:   %0 = "xt.a"() : () -> i32 loc(#loc
// CHECK:   ^bb1(%2: i32 loc("arg.mlir":7:8), %3: i32 loc(
// CHECK:   "xt.graph"() ({
// CHECK-NEXT:   "xt.use"(%5, %4) : (i64, i64) -> ()
// CHECK:   "xt.props"() <{p = [1, 2], q = "x"}> {r = 3 : i64} : () -> ()
// CHECK:   "xt.props2"() <[unit]> : () -> ()
// CHECK-DAG: = loc("a.mlir":1:1)
// CHECK-DAG: = loc("c.mlir":1:1 to 2:3)
// CHECK-DAG: = loc(fused[#loc{{[0-9]+}}, #loc{{[0-9]+}}])
// CHECK-DAG: = loc(callsite(#loc{{[0-9]+}} at #loc{{[0-9]+}}))

// V0: "xt.props"() {r = 3 : i64} : () -> ()
// V0: "xt.props2"() : () -> ()

"xt.module"() ({
^bb0:
  %0 = "xt.a"() : () -> i32 loc("f.mlir":1:2)
  %1:2 = "xt.b"(%0, %0) {attr = 1} : (i32, i32) -> (i32, f32) loc(fused["a.mlir":1:1, "b.mlir":2:2])
  "xt.br"(%0, %0)[^bb1] : (i32, i32) -> () loc(callsite("callee"("x.mlir":3:4) at "y.mlir":5:6))
^bb1(%arg0: i32 loc("arg.mlir":7:8), %arg1: i32):
  "xt.cond"(%arg0, %arg1, %arg0)[^bb1, ^bb2] {operandSegmentSizes = array<i32: 1, 2, 0>} : (i32, i32, i32) -> () loc(fused<"meta">["c.mlir":1:1 to 2:3])
^bb2:
  "xt.isolated"() ({
  ^bb0(%a: index):
    %c = "xt.c"(%a) : (index) -> index
    "xt.use"(%c, %c, %a) : (index, index, index) -> ()
  }, {
  }) : () -> ()
  "xt.nonisolated"() ({
    "xt.use"(%1#0, %0) : (i32, i32) -> ()
    "xt.inner"() ({
      "xt.use"(%1#1) : (f32) -> ()
    }) : () -> ()
  }) : () -> ()
  "xt.graph"() ({
    "xt.use"(%z, %y) : (i64, i64) -> ()
    %y = "xt.def"(%z) : (i64) -> i64
    %z = "xt.def"() : () -> i64
  }) : () -> ()
  "xt.props"() <{p = [1, 2], q = "x"}> {r = 3} : () -> ()
  "xt.props2"() <[unit]> : () -> ()
  "xt.end"() : () -> ()
}) {xt.attr = "m"} : () -> () loc(unknown)
