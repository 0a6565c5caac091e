// --mlir-print-ir-*: mlir-opt's banners, local scope for nested ops,
// module scope, "after change" and "after failure".
// Check lines: utils/update-mlir-checks.py.
// RUN: lamina-opt -p 'builtin.module(func.func(strip-debuginfo,topological-sort),test-module-pass)' --mlir-print-ir-before=topological-sort --mlir-print-ir-after-all --mlir-disable-threading < %s 2>&1 >/dev/null | FileCheck %s --check-prefix=ALL
// RUN: lamina-opt -p 'builtin.module(func.func(strip-debuginfo),test-module-pass)' --mlir-print-ir-after-all --mlir-print-ir-module-scope --mlir-disable-threading < %s 2>&1 >/dev/null | FileCheck %s --check-prefix=MODULE
// RUN: lamina-opt -p 'builtin.module(strip-debuginfo,strip-debuginfo)' --mlir-print-ir-after-change --mlir-print-ir-after=strip-debuginfo --mlir-print-debuginfo < %s 2>&1 >/dev/null | FileCheck %s --check-prefix=CHANGE
// RUN: not lamina-opt -p 'builtin.module(func.func(test-function-pass,test-pass-failure))' --mlir-print-ir-after-failure --mlir-disable-threading < %s 2>&1 >/dev/null | FileCheck %s --check-prefix=FAILURE
// RUN: not lamina-opt -p 'builtin.module(strip-debuginfo)' --mlir-print-ir-module-scope --mlir-print-ir-after-all < %s 2>&1 | FileCheck %s --check-prefix=THREADING

func.func @f(%a: i32) -> i32 {
  return %a : i32
}
func.func private @g()

// GENERR-ALL: -p builtin.module(func.func(strip-debuginfo,topological-sort),test-module-pass) --mlir-print-ir-before=topological-sort --mlir-print-ir-after-all --mlir-disable-threading
// ALL: // -----// IR Dump After StripDebugInfo (strip-debuginfo) //----- //
// ALL-NEXT: func.func @f(%arg0: i32) -> i32 {
// ALL-NEXT:   return %arg0 : i32
// ALL-NEXT: }
// ALL-EMPTY:
// ALL-NEXT: // -----// IR Dump Before TopologicalSort (topological-sort) //----- //
// ALL-NEXT: func.func @f(%arg0: i32) -> i32 {
// ALL-NEXT:   return %arg0 : i32
// ALL-NEXT: }
// ALL-EMPTY:
// ALL-NEXT: // -----// IR Dump After TopologicalSort (topological-sort) //----- //
// ALL-NEXT: func.func @f(%arg0: i32) -> i32 {
// ALL-NEXT:   return %arg0 : i32
// ALL-NEXT: }
// ALL-EMPTY:
// ALL-NEXT: // -----// IR Dump After StripDebugInfo (strip-debuginfo) //----- //
// ALL-NEXT: func.func private @g()
// ALL-EMPTY:
// ALL-NEXT: // -----// IR Dump Before TopologicalSort (topological-sort) //----- //
// ALL-NEXT: func.func private @g()
// ALL-EMPTY:
// ALL-NEXT: // -----// IR Dump After TopologicalSort (topological-sort) //----- //
// ALL-NEXT: func.func private @g()
// ALL-EMPTY:
// ALL-NEXT: // -----// IR Dump After (anonymous namespace)::TestModulePass (test-module-pass) //----- //
// ALL-NEXT: module {
// ALL-NEXT:   func.func @f(%arg0: i32) -> i32 {
// ALL-NEXT:     return %arg0 : i32
// ALL-NEXT:   }
// ALL-NEXT:   func.func private @g()
// ALL-NEXT: }
// GENERR-MODULE: -p builtin.module(func.func(strip-debuginfo),test-module-pass) --mlir-print-ir-after-all --mlir-print-ir-module-scope --mlir-disable-threading
// MODULE: // -----// IR Dump After StripDebugInfo (strip-debuginfo) ('func.func' operation: @f) //----- //
// MODULE-NEXT: module {
// MODULE-NEXT:   func.func @f(%arg0: i32) -> i32 {
// MODULE-NEXT:     return %arg0 : i32
// MODULE-NEXT:   }
// MODULE-NEXT:   func.func private @g()
// MODULE-NEXT: }
// MODULE-EMPTY:
// MODULE-EMPTY:
// MODULE-NEXT: // -----// IR Dump After StripDebugInfo (strip-debuginfo) ('func.func' operation: @g) //----- //
// MODULE-NEXT: module {
// MODULE-NEXT:   func.func @f(%arg0: i32) -> i32 {
// MODULE-NEXT:     return %arg0 : i32
// MODULE-NEXT:   }
// MODULE-NEXT:   func.func private @g()
// MODULE-NEXT: }
// MODULE-EMPTY:
// MODULE-EMPTY:
// MODULE-NEXT: // -----// IR Dump After (anonymous namespace)::TestModulePass (test-module-pass) ('builtin.module' operation) //----- //
// MODULE-NEXT: module {
// MODULE-NEXT:   func.func @f(%arg0: i32) -> i32 {
// MODULE-NEXT:     return %arg0 : i32
// MODULE-NEXT:   }
// MODULE-NEXT:   func.func private @g()
// MODULE-NEXT: }
// GENERR-CHANGE: -p builtin.module(strip-debuginfo,strip-debuginfo) --mlir-print-ir-after-change --mlir-print-ir-after=strip-debuginfo --mlir-print-debuginfo
// CHANGE: // -----// IR Dump After StripDebugInfo (strip-debuginfo) //----- //
// CHANGE-NEXT: #loc = loc(unknown)
// CHANGE-NEXT: module {
// CHANGE-NEXT:   func.func @f(%arg0: i32 loc(unknown)) -> i32 {
// CHANGE-NEXT:     return %arg0 : i32 loc(#loc)
// CHANGE-NEXT:   } loc(#loc)
// CHANGE-NEXT:   func.func private @g() loc(#loc)
// CHANGE-NEXT: } loc(#loc)
// GENERR-FAILURE: -p builtin.module(func.func(test-function-pass,test-pass-failure)) --mlir-print-ir-after-failure --mlir-disable-threading
// FAILURE: // -----// IR Dump After (anonymous namespace)::TestFailurePass Failed (test-pass-failure) //----- //
// FAILURE-NEXT: func.func @f(%arg0: i32) -> i32 {
// FAILURE-NEXT:   return %arg0 : i32
// FAILURE-NEXT: }
// FAILURE-EMPTY:
// FAILURE-NEXT: // -----// IR Dump After (anonymous namespace)::TestFailurePass Failed (test-pass-failure) //----- //
// FAILURE-NEXT: func.func private @g()
// GENERR-THREADING: -p builtin.module(strip-debuginfo) --mlir-print-ir-module-scope --mlir-print-ir-after-all
// THREADING: <unknown>:0: error: IR print for module scope can't be setup on a pass-manager without disabling multi-threading first.
