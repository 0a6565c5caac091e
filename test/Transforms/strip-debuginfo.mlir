// strip-debuginfo: every operation and block argument location becomes
// `unknown`. Check lines: utils/update-mlir-checks.py.
// RUN: lamina-opt --allow-unregistered-dialect -strip-debuginfo --mlir-print-debuginfo --mlir-print-local-scope < %s | FileCheck %s
// RUN: lamina-opt --allow-unregistered-dialect -p 'builtin.module(func.func(strip-debuginfo))' --mlir-print-debuginfo < %s | FileCheck %s --check-prefix=NESTED

func.func @f(%a: i32 loc("args.mlir":1:2), %b: i32 loc(fused["x.c":1:1, "y.c":2:2])) -> i32 {
  %0 = "foo.op"(%a, %b) ({
  ^bb0(%c: f32 loc("region.mlir":3:4)):
    "foo.yield"() : () -> () loc(callsite("f.c":1:1 at "g.c":2:2))
  }) : (i32, i32) -> i32 loc("op.mlir":10:20)
  return %0 : i32 loc(unknown)
} loc("func.mlir":1:1)
"foo.top"() : () -> () loc("top.mlir":5:5)

// GEN: --allow-unregistered-dialect -strip-debuginfo --mlir-print-debuginfo --mlir-print-local-scope
// CHECK: module {
// CHECK-NEXT:   func.func @f(%arg0: i32 loc(unknown), %arg1: i32 loc(unknown)) -> i32 {
// CHECK-NEXT:     %0 = "foo.op"(%arg0, %arg1) ({
// CHECK-NEXT:     ^bb0(%arg2: f32 loc(unknown)):
// CHECK-NEXT:       "foo.yield"() : () -> () loc(unknown)
// CHECK-NEXT:     }) : (i32, i32) -> i32 loc(unknown)
// CHECK-NEXT:     return %0 : i32 loc(unknown)
// CHECK-NEXT:   } loc(unknown)
// CHECK-NEXT:   "foo.top"() : () -> () loc(unknown)
// CHECK-NEXT: } loc(unknown)
// GEN-NESTED: --allow-unregistered-dialect -p builtin.module(func.func(strip-debuginfo)) --mlir-print-debuginfo
// NESTED: #loc1 = loc(unknown)
// NESTED-NEXT: module {
// NESTED-NEXT:   func.func @f(%arg0: i32 loc(unknown), %arg1: i32 loc(unknown)) -> i32 {
// NESTED-NEXT:     %0 = "foo.op"(%arg0, %arg1) ({
// NESTED-NEXT:     ^bb0(%arg2: f32 loc(unknown)):
// NESTED-NEXT:       "foo.yield"() : () -> () loc(#loc1)
// NESTED-NEXT:     }) : (i32, i32) -> i32 loc(#loc1)
// NESTED-NEXT:     return %0 : i32 loc(#loc1)
// NESTED-NEXT:   } loc(#loc1)
// NESTED-NEXT:   "foo.top"() : () -> () loc(#loc2)
// NESTED-NEXT: } loc(#loc)
// NESTED-NEXT: #loc = loc("<stdin>":0:0)
// NESTED-NEXT: #loc2 = loc("top.mlir":5:5)
