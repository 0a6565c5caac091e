// A registered op's properties in bytecode without its default-valued
// attribute (vector.contract's `kind`, marked absent): the attribute keeps
// its default as in mlir-opt, where it was left null and the verifier read
// through it (found by the bytecode fuzz target; UBSan: member access within
// null pointer in CombiningKindAttr::getValue). The CHECK lines are mlir-opt's
// output on the same file.
// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic %S/Inputs/contract-kind-absent.mlirbc | FileCheck %s
// CHECK: #map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// CHECK-NEXT: #map2 = affine_map<(d0, d1, d2, d3) -> (d1, d2)>
// CHECK-NEXT: "builtin.module"() ({
// CHECK-NEXT:   "func.func"() <{function_type = (vector<1x1x8xi32>, vector<1x8x8xi32>, vector<1x8xi32>) -> vector<1x8xi32>, sym_name = "cast_away_contraction_does_not_transpose_leading_unit_dims"}> ({
// CHECK-NEXT:   ^bb0(%arg0: vector<1x1x8xi32>, %arg1: vector<1x8x8xi32>, %arg2: vector<1x8xi32>):
// CHECK-NEXT:     %0 = "vector.contract"(%arg0, %arg1, %arg2) <{indexing_maps = [#map, #map1, #map2], iterator_types = [#vector.iterator_type<parallel>, #vector.iterator_type<parallel>, #vector.iterator_type<parallel>, #vector.iterator_type<reduction>], kind = #vector.kind<add>}> : (vector<1x1x8xi32>, vector<1x8x8xi32>, vector<1x8xi32>) -> vector<1x8xi32>
// CHECK-NEXT:     "func.return"(%0) : (vector<1x8xi32>) -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT: }) : () -> ()
