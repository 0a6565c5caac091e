// --mlir-pass-pipeline-crash-reproducer: the message naming the failing
// passes, and the reproducer (the IR before the pipeline, or before the
// failing pass with a local reproducer, and the pipeline as a resource)
// that --run-reproducer replays (run-reproducer.mlir). Check lines: utils/update-mlir-checks.py.
// RUN: not lamina-opt -p 'builtin.module(strip-debuginfo,func.func(test-function-pass,test-pass-failure{gen-diagnostics}))' --mlir-disable-threading --mlir-pass-pipeline-crash-reproducer=/dev/stdout < %s 2>&1 >/dev/null | FileCheck %s --check-prefix=GLOBAL-MSG
// RUN: not lamina-opt -p 'builtin.module(strip-debuginfo,func.func(test-function-pass,test-pass-failure{gen-diagnostics}))' --mlir-disable-threading --mlir-pass-pipeline-crash-reproducer=/dev/stdout < %s 2>/dev/null | FileCheck %s --check-prefix=GLOBAL
// RUN: not lamina-opt -p 'builtin.module(strip-debuginfo,func.func(test-function-pass,test-pass-failure))' --mlir-disable-threading --mlir-pass-pipeline-crash-reproducer=/dev/stdout --mlir-pass-pipeline-local-reproducer < %s 2>&1 >/dev/null | FileCheck %s --check-prefix=LOCAL-MSG
// RUN: not lamina-opt -p 'builtin.module(strip-debuginfo,func.func(test-function-pass,test-pass-failure))' --mlir-disable-threading --mlir-pass-pipeline-crash-reproducer=/dev/stdout --mlir-pass-pipeline-local-reproducer < %s 2>/dev/null | FileCheck %s --check-prefix=LOCAL
// RUN: not lamina-opt -p 'builtin.module(strip-debuginfo,test-pass-crash)' --mlir-pass-pipeline-crash-reproducer=/dev/stdout < %s 2>&1 >/dev/null | FileCheck %s --check-prefix=CRASH-MSG
// RUN: not lamina-opt -p 'builtin.module(strip-debuginfo,test-pass-crash)' --mlir-pass-pipeline-crash-reproducer=/dev/stdout < %s 2>/dev/null | FileCheck %s --check-prefix=CRASH
// RUN: not lamina-opt -p 'builtin.module(strip-debuginfo)' --mlir-pass-pipeline-crash-reproducer=/dev/null --mlir-pass-pipeline-local-reproducer < %s 2>&1 | FileCheck %s --check-prefix=NEEDS-SEQUENTIAL

func.func @f(%a: i32) -> i32 {
  return %a : i32
}

// GENERR-GLOBAL-MSG: -p builtin.module(strip-debuginfo,func.func(test-function-pass,test-pass-failure{gen-diagnostics})) --mlir-disable-threading --mlir-pass-pipeline-crash-reproducer=/dev/stdout
// GLOBAL-MSG: <unknown>:0: error: illegal operation
// GLOBAL-MSG-NEXT: <unknown>:0: error: Failures have been detected while processing an MLIR pass pipeline
// GLOBAL-MSG-NEXT: <unknown>:0: note: Pipeline failed while executing [`(anonymous namespace)::TestFailurePass` on 'func.func' operation: @f]: reproducer generated at `/dev/stdout`
// GENOUT-GLOBAL: -p builtin.module(strip-debuginfo,func.func(test-function-pass,test-pass-failure{gen-diagnostics})) --mlir-disable-threading --mlir-pass-pipeline-crash-reproducer=/dev/stdout -o /dev/null
// GLOBAL: module {
// GLOBAL-NEXT:   func.func @f(%arg0: i32) -> i32 {
// GLOBAL-NEXT:     return %arg0 : i32
// GLOBAL-NEXT:   }
// GLOBAL-NEXT: }
// GLOBAL-EMPTY:
// GLOBAL-NEXT: {-#
// GLOBAL-NEXT:   external_resources: {
// GLOBAL-NEXT:     mlir_reproducer: {
// GLOBAL-NEXT:       pipeline: "builtin.module(strip-debuginfo, func.func(test-function-pass,test-pass-failure{gen-diagnostics=true}))",
// GLOBAL-NEXT:       disable_threading: true,
// GLOBAL-NEXT:       verify_each: true
// GLOBAL-NEXT:     }
// GLOBAL-NEXT:   }
// GLOBAL-NEXT: #-}
// GENERR-LOCAL-MSG: -p builtin.module(strip-debuginfo,func.func(test-function-pass,test-pass-failure)) --mlir-disable-threading --mlir-pass-pipeline-crash-reproducer=/dev/stdout --mlir-pass-pipeline-local-reproducer
// LOCAL-MSG: <unknown>:0: error: Failures have been detected while processing an MLIR pass pipeline
// LOCAL-MSG-NEXT: <unknown>:0: note: Pipeline failed while executing `(anonymous namespace)::TestFailurePass` on 'func.func' operation: @f: reproducer generated at `/dev/stdout`
// GENOUT-LOCAL: -p builtin.module(strip-debuginfo,func.func(test-function-pass,test-pass-failure)) --mlir-disable-threading --mlir-pass-pipeline-crash-reproducer=/dev/stdout --mlir-pass-pipeline-local-reproducer -o /dev/null
// LOCAL: module {
// LOCAL-NEXT:   func.func @f(%arg0: i32) -> i32 {
// LOCAL-NEXT:     return %arg0 : i32
// LOCAL-NEXT:   }
// LOCAL-NEXT: }
// LOCAL-EMPTY:
// LOCAL-NEXT: {-#
// LOCAL-NEXT:   external_resources: {
// LOCAL-NEXT:     mlir_reproducer: {
// LOCAL-NEXT:       pipeline: "builtin.module(func.func(test-pass-failure{gen-diagnostics=false}))",
// LOCAL-NEXT:       disable_threading: true,
// LOCAL-NEXT:       verify_each: true
// LOCAL-NEXT:     }
// LOCAL-NEXT:   }
// LOCAL-NEXT: #-}
// GENERR-CRASH-MSG: -p builtin.module(strip-debuginfo,test-pass-crash) --mlir-pass-pipeline-crash-reproducer=/dev/stdout
// CRASH-MSG: <unknown>:0: error: Failures have been detected while processing an MLIR pass pipeline
// CRASH-MSG-NEXT: <unknown>:0: note: Pipeline failed while executing [`(anonymous namespace)::TestCrashRecoveryPass` on 'builtin.module' operation]: reproducer generated at `/dev/stdout`
// GENOUT-CRASH: -p builtin.module(strip-debuginfo,test-pass-crash) --mlir-pass-pipeline-crash-reproducer=/dev/stdout -o /dev/null
// CRASH: module {
// CRASH-NEXT:   func.func @f(%arg0: i32) -> i32 {
// CRASH-NEXT:     return %arg0 : i32
// CRASH-NEXT:   }
// CRASH-NEXT: }
// CRASH-EMPTY:
// CRASH-NEXT: {-#
// CRASH-NEXT:   external_resources: {
// CRASH-NEXT:     mlir_reproducer: {
// CRASH-NEXT:       pipeline: "builtin.module(strip-debuginfo, test-pass-crash)",
// CRASH-NEXT:       disable_threading: false,
// CRASH-NEXT:       verify_each: true
// CRASH-NEXT:     }
// CRASH-NEXT:   }
// CRASH-NEXT: #-}
// GENERR-NEEDS-SEQUENTIAL: -p builtin.module(strip-debuginfo) --mlir-pass-pipeline-crash-reproducer=/dev/null --mlir-pass-pipeline-local-reproducer
// NEEDS-SEQUENTIAL: <unknown>:0: error: Local crash reproduction may not be used without disabling mutli-threading first.
