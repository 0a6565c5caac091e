// Types and attributes of the test dialect that Lamina keeps verbatim, when
// their text refers to aliases or contains dialect types and attributes,
// affine maps and sets, or tuples: those are kept with them (parsed on
// their own) and printed as mlir-opt prints them, with their aliases, so
// alias definitions are kept, text without aliases (bytecode) gets them,
// and the text written to bytecode spells them out (mlir-opt reads it back).
// User-defined aliases are replaced by what mlir-opt prints for them. The
// RUN: lamina-opt --mlir-print-op-generic %s | FileCheck %s
// RUN: lamina-opt --mlir-print-op-generic %s > %t.text
// RUN: lamina-opt --mlir-print-op-generic %s | lamina-opt --mlir-print-op-generic | diff %t.text -
// RUN: lamina-opt --emit-bytecode %s | lamina-opt --mlir-print-op-generic | diff %t.text -
// RUN: %if mlir-opt %{ lamina-opt --emit-bytecode %s | mlir-opt --mlir-print-op-generic | diff %t.text - %}
// RUN: %if mlir-opt %{ mlir-opt --emit-bytecode %s | lamina-opt --mlir-print-op-generic | diff %t.text - %}
// GEN: --mlir-print-op-generic
// CHECK: !test_tuple = tuple<!test.smpla>
// CHECK-NEXT: !test_ui8 = !test.int<unsigned, 8>
// CHECK-NEXT: #map = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK-NEXT: #map1 = affine_map<(d0) -> (d0)>
// CHECK-NEXT: "builtin.module"() ({
// CHECK-NEXT:   %0 = "test.op"() : () -> !test.cmpnd_a<1, !test_ui8, [5, 6]>
// CHECK-NEXT:   "test.op"() {a = #test.attr_with_type<i32, !test_tuple>, b = #test.attr_with_type<i32, !test.cmpnd_a<1, memref<?xf32, #map>, [5]>>} : () -> ()
// CHECK-NEXT:   "test.op"() {a = #test.sub_elements_access<#test.attr_with_type<i32, tuple<i32, !test_ui8>>, "!test_ui8 #map", #map1>} : () -> ()
// CHECK-NEXT:   %1 = "test.op"() : () -> !test.cmpnd_a<2, f32, [7]>
// CHECK-NEXT:   "test.op"() {a = #test.attr_with_type<i64, !test.cmpnd_a<3, i16, [1]>>} : () -> ()
// CHECK-NEXT: }) : () -> ()

!test_tuple = tuple<!test.smpla>
!test_ui8 = !test.int<unsigned, 8>
#map = affine_map<(d0)[s0] -> (d0 + s0)>
#map1 = affine_map<(d0) -> (d0)>
#test2Ealias = "alias_test:dot_in_name"
!mine = f32
!cmpnd = !test.cmpnd_a<3, i16, [1]>
"builtin.module"() ({
  %0 = "test.op"() : () -> !test.cmpnd_a<1, !test_ui8, [5, 6]>
  "test.op"() {a = #test.attr_with_type<i32, !test_tuple>, b = #test.attr_with_type<i32, !test.cmpnd_a<1, memref<?xf32, #map>, [5]>>} : () -> ()
  // References nested in a type Lamina implements; strings are not looked into.
  "test.op"() {a = #test.sub_elements_access<#test.attr_with_type<i32, tuple<i32, !test_ui8>>, "!test_ui8 #map", #map1>} : () -> ()
  %1 = "test.op"() : () -> !test.cmpnd_a<2, !mine, [7]>
  "test.op"() {a = #test.attr_with_type<i64, !cmpnd>} : () -> ()
}) : () -> ()
