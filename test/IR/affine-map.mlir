// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-local-scope %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-local-scope %s > %t.ref && lamina-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-local-scope %s | diff %t.ref - %}
//
// Parsing of affine_map<...>: identifier lists, precedence, folding while
// building, semi-affine forms, #map aliases and memref layouts. The CHECK
// lines are mlir-opt 22.1.8's output (the second RUN line compares the whole
// output with mlir-opt where it is installed).

// RUN: %python %S/Inputs/deep-affine.py parens 100000 | lamina-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-local-scope | FileCheck %s --check-prefix=PARENS
// RUN: %python %S/Inputs/deep-affine.py chain 100000 | lamina-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-local-scope | FileCheck %s --check-prefix=CHAIN

// Nesting depth is not limited by the native stack (mlir-opt overflows its
// own on these).
// PARENS: "t.o"() {a = affine_map<(d0, d1) -> (-d0)>} : () -> ()
// CHAIN: "t.o"() {a = affine_map<(d0, d1) -> ((((((((
// CHAIN-SAME: (((((d0 + d1) floordiv 2 + d1) floordiv 2 + d1) floordiv 2
// CHAIN-SAME: + d1) floordiv 2 + d1) floordiv 2)>} : () -> ()

// CHECK: "builtin.module"() ({

// Identifier lists: names are any bare identifier, keyword or integer type.
// CHECK-NEXT: "t.o"() {a = affine_map<() -> ()>} : () -> ()
"t.o"() {a = affine_map<() -> ()>} : () -> ()
// CHECK-NEXT: "t.o"() {a = affine_map<(d0, d1)[s0] -> ()>} : () -> ()
"t.o"() {a = affine_map<(d0, d1)[s0] -> ()>} : () -> ()
// CHECK-NEXT: "t.o"() {a = affine_map<()[s0] -> (s0)>} : () -> ()
"t.o"() {a = affine_map<()[s0] -> (s0)>} : () -> ()
// CHECK-NEXT: "t.o"() {a = affine_map<(d0, d1)[s0, s1] -> (d0 + s0, d1 * s1)>} : () -> ()
"t.o"() {a = affine_map<(i, j)[N, M] -> (i + N, j * M)>} : () -> ()
// CHECK-NEXT: "t.o"() {a = affine_map<(d0, d1, d2, d3, d4)[s0, s1] -> (d0 + d1 + d2 - s0 * s1 + d3)>} : () -> ()
"t.o"() {a = affine_map<(i32, mod, floordiv, ceildiv, symbol)[max, f32] -> (i32 + mod + floordiv - max * f32 + ceildiv)>} : () -> ()
// CHECK-NEXT: "t.o"() {a = affine_map<(d0, d1, d2)[s0] -> (d0 + d1 * s0, d2)>} : () -> ()
"t.o"() {a = affine_map<(x.y, z$, _w)[N] -> (x.y + z$ * N, _w)>} : () -> ()
// CHECK-NEXT: "t.o"() {a = affine_map<(d0, d1)[s0, s1] -> (d1, d0, s1, s0)>} : () -> ()
"t.o"() {a = affine_map<(d1, d0)[s1, s0] -> (d0, d1, s0, s1)>} : () -> ()
// CHECK-NEXT: "t.o"() {a = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11, d12, d13, d14, d15, d16, d17, d18, d19)[s0, s1] -> (d19 + d0 * s1, d15 - s0, d9)>} : () -> ()
"t.o"() {a = affine_map<(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, b0, b1, b2, b3, b4, b5, b6, b7, b8, b9)[c0, c1] -> (b9 + a0 * c1, b5 - c0, a9)>} : () -> ()

// Two left-associative precedence levels, {+, -} below {*, floordiv, ceildiv,
// mod}; unary minus binds tighter than both.
// CHECK-NEXT: "t.o"() {a = affine_map<(d0, d1, d2) -> (d0 - d1 - d2, d0 - (d1 - d2))>} : () -> ()
"t.o"() {a = affine_map<(d0, d1, d2) -> (d0 - d1 - d2, d0 - (d1 - d2))>} : () -> ()
// CHECK-NEXT: "t.o"() {a = affine_map<(d0, d1) -> (d0 + d1 * 2, (d0 + d1) * 2, d0 * 2 + d1)>} : () -> ()
"t.o"() {a = affine_map<(d0, d1) -> (d0 + d1 * 2, (d0 + d1) * 2, d0 * 2 + d1)>} : () -> ()
// CHECK-NEXT: "t.o"() {a = affine_map<(d0) -> ((d0 * 2) floordiv 3, (d0 floordiv 2) * 3, (d0 mod 4) ceildiv 2)>} : () -> ()
"t.o"() {a = affine_map<(d0) -> (d0 * 2 floordiv 3, d0 floordiv 2 * 3, d0 mod 4 ceildiv 2)>} : () -> ()
// CHECK-NEXT: "t.o"() {a = affine_map<(d0, d1) -> (-d0, d0 * -2, -(d0 + d1), d0 + d1, d0, d0)>} : () -> ()
"t.o"() {a = affine_map<(d0, d1) -> (-d0, -d0 * 2, -(d0 + d1), d0 - -d1, - -d0, -(-(d0)))>} : () -> ()
// CHECK-NEXT: "t.o"() {a = affine_map<(d0, d1) -> (d0 + (d1 * 3) floordiv 2 - d1 mod 5 + 7)>} : () -> ()
"t.o"() {a = affine_map<(d0, d1) -> (d0 + d1 * 3 floordiv 2 - d1 mod 5 + 7)>} : () -> ()
// CHECK-NEXT: "t.o"() {a = affine_map<(d0, d1) -> (d0 * 3 + d1 * 5 - (d0 floordiv 4) * 2 + 1)>} : () -> ()
"t.o"() {a = affine_map<(d0, d1) -> (d0 * 3 + d1 * 5 - d0 floordiv 4 * 2 + 1)>} : () -> ()
// CHECK-NEXT: "t.o"() {a = affine_map<(d0, d1) -> (d0, d0 + d1 + d0 + 1)>} : () -> ()
"t.o"() {a = affine_map<(d0, d1) -> (((d0)), (d0 + (d1 + (d0 + 1))))>} : () -> ()
// CHECK-NEXT: "t.o"() {a = affine_map<(d0, d1)[s0] -> (d0 floordiv 2 + d1 ceildiv 3 - s0 mod 4, ((d0 + d1) mod 8) * 2)>} : () -> ()
"t.o"() {a = affine_map<(d0, d1)[s0] -> (d0 floordiv 2 + d1 ceildiv 3 - s0 mod 4, (d0 + d1) mod 8 * 2)>} : () -> ()

// Constants (decimal or hex, up to INT64_MAX) and folding while building.
// CHECK-NEXT: "t.o"() {a = affine_map<() -> (0, 42, 9223372036854775807, 16)>} : () -> ()
"t.o"() {a = affine_map<() -> (0, 42, 9223372036854775807, 0x10)>} : () -> ()
// CHECK-NEXT: "t.o"() {a = affine_map<(d0) -> (22, 3, 4, 2, d0 * 6)>} : () -> ()
"t.o"() {a = affine_map<(d0) -> (3 + 4 * 5 - 1, 7 floordiv 2, 7 ceildiv 2, -7 mod 3, 2 * d0 * 3)>} : () -> ()
// CHECK-NEXT: "t.o"() {a = affine_map<(d0) -> (d0, d0, 0, 0, 0, d0)>} : () -> ()
"t.o"() {a = affine_map<(d0) -> (d0 + 0, d0 * 1, d0 * 0, d0 - d0, d0 mod 1, d0 floordiv 1)>} : () -> ()
// CHECK-NEXT: "t.o"() {a = affine_map<(d0) -> (d0 - -9223372036854775808, -9223372036854775808)>} : () -> ()
"t.o"() {a = affine_map<(d0) -> (d0 + 9223372036854775807 + 1, -9223372036854775807 - 1)>} : () -> ()

// Semi-affine: a symbol or constant may be a factor or divisor.
// CHECK-NEXT: "t.o"() {a = affine_map<(d0)[s0, s1] -> (d0 * s0, d0 * s0, d0 floordiv s0, d0 ceildiv s1, d0 mod (s0 + s1))>} : () -> ()
"t.o"() {a = affine_map<(d0)[s0, s1] -> (d0 * s0, s0 * d0, d0 floordiv s0, d0 ceildiv s1, d0 mod (s0 + s1))>} : () -> ()
// CHECK-NEXT: "t.o"() {a = affine_map<(d0)[s0] -> (s0 * s0, (d0 + s0) * (s0 + 2), d0 floordiv (s0 * 4))>} : () -> ()
"t.o"() {a = affine_map<(d0)[s0] -> (s0 * s0, (d0 + s0) * (s0 + 2), d0 floordiv (s0 * 4))>} : () -> ()

// Aliases and memref layouts reach the same parser.
#map0 = affine_map<(d0, d1) -> (d1, d0)>
#map1 = affine_map<(d0)[s0] -> (d0 * 4 + s0)>
// CHECK-NEXT: "t.o"() {a = affine_map<(d0, d1) -> (d1, d0)>, b = [affine_map<(d0)[s0] -> (d0 * 4 + s0)>, affine_map<(d0, d1) -> (d1, d0)>]} : () -> ()
"t.o"() {a = #map0, b = [#map1, affine_map<(d0, d1) -> (d1, d0)>]} : () -> ()
// CHECK-NEXT: %0:2 = "t.layout"() : () -> (memref<4x8xf32, affine_map<(d0, d1) -> (d1, d0)>>, memref<16xi8, affine_map<(d0) -> (d0 floordiv 4, d0 mod 4)>>)
%0:2 = "t.layout"() : () -> (memref<4x8xf32, #map0>, memref<16xi8, affine_map<(d0) -> (d0 floordiv 4, d0 mod 4)>>)
// CHECK-NEXT: %1:2 = "t.layout"() : () -> (memref<?xf32, affine_map<(d0)[s0] -> (d0 * 4 + s0)>, 1>, memref<4x8xf32>)
%1:2 = "t.layout"() : () -> (memref<?xf32, #map1, 1>, memref<4x8xf32, affine_map<(d0, d1) -> (d0, d1)>>)

// Whitespace and comments between tokens.
// CHECK-NEXT: "t.o"() {a = affine_map<(d0, d1)[s0] -> (d0 + d1 * s0, d0 floordiv 2)>} : () -> ()
"t.o"() {a = affine_map<( d0 ,d1 )[ s0 ]->( d0+d1*s0 , d0 floordiv(2) )>} : () -> ()
