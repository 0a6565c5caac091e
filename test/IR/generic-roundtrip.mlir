// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s
// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic %s | lamina-opt --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s

// Nested regions: values in nested regions are numbered after the parent
// region, and generic form numbers uniquely across sibling regions.
// CHECK-LABEL: "t.a"() ({
// CHECK-NEXT: ^bb0(%arg1: i32):
// CHECK-NEXT:   %0 = "t.x"(%arg1) : (i32) -> i32
// CHECK:        ^bb0(%arg2: i32):
// CHECK-NEXT:     %3 = "t.y"(%arg2, %0) : (i32, i32) -> i32
// CHECK-NEXT:     "t.br"(%3)[^bb1] : (i32) -> ()
// CHECK-NEXT:   ^bb1(%4: i32):  // pred: ^bb0
// CHECK:        }, {
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT:   %1 = "t.z"() <{}> : () -> i32
// CHECK-NEXT:   %2:2 = "t.z"() <{x = 1 : i64}> ({
// CHECK-NEXT:   }) : () -> (i32, i32)
// CHECK-NEXT:   "t.u"(%2#1, %2#0) {a = 2 : i64, b = 1 : i64} : (i32, i32) -> ()
// CHECK:      ^bb1:  // pred: ^bb0
// CHECK:      ^bb2:  // pred: ^bb0
"t.a"() ({
^bb0(%a: i32):
  %0 = "t.x"(%a) : (i32) -> i32
  "t.r"() ({
  ^bb0(%b: i32):
    %1 = "t.y"(%b, %0) : (i32, i32) -> i32
    "t.br"(%1)[^bb1] : (i32) -> ()
  ^bb1(%c: i32):
    %2 = "t.y"(%c, %0) : (i32, i32) -> i32
  }, {
  }) : () -> ()
  %3 = "t.z"() <{}> : () -> (i32)
  %4:2 = "t.z"() <{x = 1}> ({}) : () -> (i32, i32)
  "t.u"(%4#1, %4#0) {b = 1, a = 2} : (i32, i32) -> ()
  "t.br"()[^bb1, ^bb2] : () -> ()
^bb1:
  "t.e"() : () -> ()
^bb2:
  "t.e"() : () -> ()
}) : () -> ()
// CHECK: "t.c"() ({
// CHECK-NEXT: ^bb0(%arg0: i32):
"t.c"() ({
^bb0(%x: i32):
  "t.e"(%x) : (i32) -> ()
}) {sym_name = "f"}: () -> ()
