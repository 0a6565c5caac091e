// --run-reproducer: the pipeline, threading and verifier settings come from
// the file's `mlir_reproducer` resource (which is not printed back); without
// the flag the resource is kept as an unknown external resource.
// Check lines: utils/update-mlir-checks.py.
// RUN: lamina-opt --run-reproducer --mlir-print-debuginfo < %s 2>/dev/null | FileCheck %s --check-prefix=REPLAY
// RUN: lamina-opt --run-reproducer --dump-pass-pipeline < %s 2>&1 >/dev/null | FileCheck %s --check-prefix=PIPELINE
// RUN: lamina-opt < %s | FileCheck %s --check-prefix=KEEP

module {
  func.func @f(%arg0: i32) -> i32 {
    return %arg0 : i32
  } loc("a.mlir":3:4)
}

{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(func.func(strip-debuginfo), print-op-stats)",
      disable_threading: true,
      verify_each: false
    }
  }
#-}

// GEN-REPLAY: --run-reproducer --mlir-print-debuginfo
// REPLAY: #loc1 = loc(unknown)
// REPLAY-NEXT: module {
// REPLAY-NEXT:   func.func @f(%arg0: i32 loc(unknown)) -> i32 {
// REPLAY-NEXT:     return %arg0 : i32 loc(#loc1)
// REPLAY-NEXT:   } loc(#loc1)
// REPLAY-NEXT: } loc(#loc)
// REPLAY-NEXT: #loc = loc("<stdin>":9:1)
// GENERR-PIPELINE: --run-reproducer --dump-pass-pipeline
// PIPELINE: Pass Manager with 2 passes:
// PIPELINE-NEXT: builtin.module(
// PIPELINE-NEXT:   func.func(
// PIPELINE-NEXT:     strip-debuginfo
// PIPELINE-NEXT:   ),
// PIPELINE-NEXT:   print-op-stats{json=false}
// PIPELINE-NEXT: )
// PIPELINE-EMPTY:
// PIPELINE-NEXT: Operations encountered:
// PIPELINE-NEXT: -----------------------
// PIPELINE-NEXT:   builtin.module , 1
// PIPELINE-NEXT:      func.func   , 1
// PIPELINE-NEXT:      func.return , 1
// GEN-KEEP:
// KEEP: module {
// KEEP-NEXT:   func.func @f(%arg0: i32) -> i32 {
// KEEP-NEXT:     return %arg0 : i32
// KEEP-NEXT:   }
// KEEP-NEXT: }
// KEEP-EMPTY:
// KEEP-NEXT: {-#
// KEEP-NEXT:   external_resources: {
// KEEP-NEXT:     mlir_reproducer: {
// KEEP-NEXT:       pipeline: "builtin.module(func.func(strip-debuginfo), print-op-stats)",
// KEEP-NEXT:       disable_threading: true,
// KEEP-NEXT:       verify_each: false
// KEEP-NEXT:     }
// KEEP-NEXT:   }
// KEEP-NEXT: #-}
