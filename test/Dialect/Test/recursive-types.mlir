// The test dialect's mutable recursive types: !test.test_rec (its body is a
// test type without prefix, `test_rec<name>` inside itself) and
// !test.test_rec_alias (any body; aliased by its name), with the aliases
// `!testrec` (test_rec named type_to_alias) and those of test_rec_alias. A
// type alias is used only once its definition is printed, so a type spells
// itself out in its own definition. In text and bytecode (text entries),
// both ways with mlir-opt. The CHECK lines are mlir-opt's output, generated
// by utils/update-mlir-checks.py.
// RUN: lamina-opt --mlir-print-op-generic %s | FileCheck %s
// RUN: lamina-opt --mlir-print-op-generic %s > %t.text
// RUN: lamina-opt --mlir-print-op-generic %s | lamina-opt --mlir-print-op-generic | diff %t.text -
// RUN: lamina-opt --emit-bytecode %s | lamina-opt --mlir-print-op-generic | diff %t.text -
// RUN: %if mlir-opt %{ lamina-opt --emit-bytecode %s | mlir-opt --mlir-print-op-generic | diff %t.text - %}
// RUN: %if mlir-opt %{ mlir-opt --emit-bytecode %s | lamina-opt --mlir-print-op-generic | diff %t.text - %}
// GEN: --mlir-print-op-generic
// CHECK: !test_ui8 = !test.int<unsigned, 8>
// CHECK-NEXT: !testrec = !test.test_rec<type_to_alias, test_rec<n, test_rec<type_to_alias>>>
// CHECK-NEXT: !x2Ey = !test.test_rec_alias<x.y, !test.test_rec<r, test_type>>
// CHECK-NEXT: !y = !test.test_rec_alias<y, i32>
// CHECK-NEXT: !self = !test.test_rec_alias<self, !test.test_rec_alias<self>>
// CHECK-NEXT: !x = !test.test_rec_alias<x, !y>
// CHECK-NEXT: !mutual_b = !test.test_rec_alias<mutual_b, tuple<!test.test_rec_alias<mutual_a, tuple<!test.test_rec_alias<mutual_b>, i64>>, i32>>
// CHECK-NEXT: !withalias = !test.test_rec_alias<withalias, tuple<!test_ui8, !test.test_rec_alias<withalias>>>
// CHECK-NEXT: !mutual_a = !test.test_rec_alias<mutual_a, tuple<!mutual_b, i64>>
// CHECK-NEXT: "builtin.module"() ({
// CHECK-NEXT:   %0:5 = "test.rec"() : () -> (!test.test_rec<a, test_rec<b, test_type>>, !test.test_rec<c, test_rec<c>>, !test.test_rec<d, test_rec<e, test_rec<d>>>, !test.test_rec<f, smpla>, !test.test_rec<g, int<unsigned, 8>>)
// CHECK-NEXT:   %1:3 = "test.rec_bodies"() : () -> (!test.test_rec<h, i32>, !test.test_rec<k, dynamic_pair<!test.test_rec<k>, 3 : i64>>, !test.test_rec<l, test_rec_alias<m, !test.test_rec<l>>>)
// CHECK-NEXT:   %2:2 = "test.rec_alias"() : () -> (!testrec, tuple<!testrec, !test.test_rec<n, test_rec<type_to_alias, test_rec<n>>>>)
// CHECK-NEXT:   %3:4 = "test.rec_alias"() : () -> (!self, !x, !withalias, !mutual_a)
// CHECK-NEXT:   "test.rec_attr"() {a = !self, b = [!x2Ey]} : () -> ()
// CHECK-NEXT:   %4 = "test.rec_repeat"() : () -> !y
// CHECK-NEXT: }) : () -> ()

%0:5 = "test.rec"() : () -> (!test.test_rec<a, test_rec<b, test_type>>, !test.test_rec<c,test_rec<c>>,
                             !test.test_rec<d, test_rec<e, test_rec<d>>>, !test.test_rec<f, smpla>,
                             !test.test_rec<g, int<u, 8>>)
// Bodies: the test dialect's `i32`, a dynamic type whose parameter refers
// back to the enclosing type, a test_rec_alias.
%1:3 = "test.rec_bodies"() : () -> (!test.test_rec<h, i32>, !test.test_rec<k, dynamic_pair<!test.test_rec<k>, 3>>,
                                    !test.test_rec<l, test_rec_alias<m, !test.test_rec<l>>>)
// Inside a test_rec, nested test_rec types are printed without aliases.
%2:2 = "test.rec_alias"() : () -> (!test.test_rec<type_to_alias, test_rec<n, test_rec<type_to_alias>>>,
                                   tuple<!test.test_rec<type_to_alias, test_rec<n, test_rec<type_to_alias>>>,
                                         !test.test_rec<n, test_rec<type_to_alias, test_rec<n>>>>)
%3:4 = "test.rec_alias"() : () -> (!test.test_rec_alias<self, !test.test_rec_alias<self>>,
                                   !test.test_rec_alias<x, !test.test_rec_alias<y, i32>>,
                                   !test.test_rec_alias<withalias, tuple<!test.int<unsigned, 8>, !test.test_rec_alias<withalias>>>,
                                   !test.test_rec_alias<mutual_a, tuple<!test.test_rec_alias<mutual_b, tuple<!test.test_rec_alias<mutual_a>, i32>>, i64>>)
"test.rec_attr"() {a = !test.test_rec_alias<self, !test.test_rec_alias<self>>,
                   b = [!test.test_rec_alias<x.y, !test.test_rec<r, test_type>>]} : () -> ()
// A second, different body of a test_rec_alias is ignored.
%4 = "test.rec_repeat"() : () -> !test.test_rec_alias<y, i64>
