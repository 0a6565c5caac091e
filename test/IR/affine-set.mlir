// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-local-scope %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-local-scope %s > %t.ref && lamina-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-local-scope %s | diff %t.ref - %}
//
// Parsing of affine_set<...>: constraints `a >= b`, `a <= b` and `a == b`
// are normalized to `e >= 0` / `e == 0`; no constraint at all is `0 == 0`.
// The CHECK lines are mlir-opt 22.1.8's output (the second RUN line compares
// the whole output with mlir-opt where it is installed).

// CHECK: "builtin.module"() ({

// Normalization of the three comparison forms.
// CHECK-NEXT: "t.o"() {a = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>} : () -> ()
"t.o"() {a = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>} : () -> ()
// CHECK-NEXT: "t.o"() {a = affine_set<(d0, d1)[s0] : (d0 - d1 >= 0, -d0 + s0 + 4 >= 0, d0 + d1 - s0 * 2 == 0)>} : () -> ()
"t.o"() {a = affine_set<(d0, d1)[s0] : (d0 >= d1, d0 <= s0 + 4, d0 + d1 == s0 * 2)>} : () -> ()
// CHECK-NEXT: "t.o"() {a = affine_set<(d0) : (d0 >= 0, -d0 + 10 >= 0, d0 - 3 == 0)>} : () -> ()
"t.o"() {a = affine_set<(d0) : (d0 > = 0, d0 < = 10, d0 = = 3)>} : () -> ()
// CHECK-NEXT: "t.o"() {a = affine_set<(d0, d1)[s0] : (d0 * 2 - d1 floordiv 3 + s0 >= 0, (d0 + d1) mod 4 == 0)>} : () -> ()
"t.o"() {a = affine_set<(i, j)[N] : (i * 2 - j floordiv 3 >= -N, (i + j) mod 4 == 0)>} : () -> ()

// Empty and trivial sets.
// CHECK-NEXT: "t.o"() {a = affine_set<(d0) : (0 == 0)>} : () -> ()
"t.o"() {a = affine_set<(d0) : ()>} : () -> ()
// CHECK-NEXT: "t.o"() {a = affine_set<()[s0] : (0 == 0)>} : () -> ()
"t.o"() {a = affine_set<()[s0] : ()>} : () -> ()
// CHECK-NEXT: "t.o"() {a = affine_set<() : (0 == 0)>} : () -> ()
"t.o"() {a = affine_set<() : (0 == 0)>} : () -> ()
// CHECK-NEXT: "t.o"() {a = affine_set<(d0) : (1 == 0)>} : () -> ()
"t.o"() {a = affine_set<(d0) : (1 == 0)>} : () -> ()
// CHECK-NEXT: "t.o"() {a = affine_set<(d0) : (5 >= 0, d0 >= 0)>} : () -> ()
"t.o"() {a = affine_set<(d0) : (5 >= 0, d0 >= 0)>} : () -> ()
// CHECK-NEXT: "t.o"() {a = affine_set<(d0)[s0] : (d0 * s0 >= 0, d0 floordiv s0 - 1 == 0)>} : () -> ()
"t.o"() {a = affine_set<(d0)[s0] : (s0 * d0 >= 0, d0 floordiv s0 == 1)>} : () -> ()

// Aliases.
#set0 = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 == 0)>
// CHECK-NEXT: "t.o"() {a = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 == 0)>, b = [affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d1 == 0)>, affine_set<(d0) : (d0 >= 0)>]} : () -> ()
"t.o"() {a = #set0, b = [#set0, affine_set<(d0) : (d0 >= 0)>]} : () -> ()
