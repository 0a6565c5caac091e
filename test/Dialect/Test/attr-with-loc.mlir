// RUN: lamina-opt %s | FileCheck %s
// RUN: lamina-opt %s -mlir-print-debuginfo | FileCheck %s --check-prefix=DEBUG
// Expectations printed by mlir-opt: the location attribute gets an alias
// even when debug info is not printed.

// CHECK: #loc = loc("foo_loc")
// CHECK: #loc1 = loc({{.*}}attr-with-loc.mlir":15:29)
// CHECK: test.attr_with_loc("foo")
// CHECK-NEXT: test.attr_with_loc(1 : i32)

// DEBUG: #[[L:loc[0-9]+]] = loc("foo_loc")
// DEBUG: test.attr_with_loc("foo" loc(#[[L]]))
func.func @f() {
  test.attr_with_loc("foo" loc("foo_loc"))
  test.attr_with_loc(1 : i32)
  return
}
