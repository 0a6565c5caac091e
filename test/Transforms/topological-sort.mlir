// topological-sort: graph regions are ordered by def-use (stably; ops in a
// cycle keep their order at the end); SSACFG regions are left alone.
// Check lines: utils/update-mlir-checks.py.
// RUN: lamina-opt --allow-unregistered-dialect -topological-sort < %s | FileCheck %s

"test.graph_region"() ({
  %2 = "foo.c"(%1, %0) : (i32, i32) -> i32
  %1 = "foo.b"(%0) : (i32) -> i32
  %0 = "foo.a"() : () -> i32
  %5 = "foo.cycle1"(%6) : (i32) -> i32
  %6 = "foo.cycle2"(%5) : (i32) -> i32
  %3 = "foo.d"() ({
    "foo.use"(%4) : (i32) -> ()
  }) : () -> i32
  %4 = "foo.e"() : () -> i32
  "foo.f"() : () -> ()
}) : () -> ()
%x = "foo.late"(%y) : (i32) -> i32
%y = "foo.early"() : () -> i32
func.func @cfg(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}

// GEN: --allow-unregistered-dialect -topological-sort
// CHECK: module {
// CHECK-NEXT:   test.graph_region {
// CHECK-NEXT:     %2 = "foo.a"() : () -> i32
// CHECK-NEXT:     %3 = "foo.e"() : () -> i32
// CHECK-NEXT:     "foo.f"() : () -> ()
// CHECK-NEXT:     %4 = "foo.b"(%2) : (i32) -> i32
// CHECK-NEXT:     %5 = "foo.d"() ({
// CHECK-NEXT:       "foo.use"(%3) : (i32) -> ()
// CHECK-NEXT:     }) : () -> i32
// CHECK-NEXT:     %6 = "foo.c"(%4, %2) : (i32, i32) -> i32
// CHECK-NEXT:     %7 = "foo.cycle1"(%8) : (i32) -> i32
// CHECK-NEXT:     %8 = "foo.cycle2"(%7) : (i32) -> i32
// CHECK-NEXT:   }
// CHECK-NEXT:   %0 = "foo.early"() : () -> i32
// CHECK-NEXT:   func.func @cfg(%arg0: i32) -> i32 {
// CHECK-NEXT:     %2 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:     return %2 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   %1 = "foo.late"(%0) : (i32) -> i32
// CHECK-NEXT: }
