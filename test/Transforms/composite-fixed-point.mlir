// composite-fixed-point-pass: runs its pipeline until the IR stops
// changing; reports under its `name`; bad pipelines and iteration counts are
// rejected as in mlir-opt. Check lines: utils/update-mlir-checks.py.
// RUN: lamina-opt --allow-unregistered-dialect --dump-pass-pipeline -p 'builtin.module(composite-fixed-point-pass{name=Sorter pipeline=topological-sort,strip-debuginfo max-iterations=3})' --mlir-print-debuginfo < %s 2>&1 | FileCheck %s
// RUN: not lamina-opt --allow-unregistered-dialect -p 'builtin.module(composite-fixed-point-pass{pipeline=no-such-pass})' < %s 2>&1 | FileCheck %s --check-prefix=BADPIPE
// RUN: lamina-opt --allow-unregistered-dialect -p 'builtin.module(composite-fixed-point-pass{name=Sorter pipeline=topological-sort})' --mlir-print-ir-after-all --mlir-disable-threading < %s 2>&1 >/dev/null | FileCheck %s --check-prefix=NAME

"test.graph_region"() ({
  %1 = "foo.b"(%0) : (i32) -> i32
  %0 = "foo.a"() : () -> i32
}) : () -> ()

// GENERR: --allow-unregistered-dialect --dump-pass-pipeline -p "builtin.module(composite-fixed-point-pass{name=Sorter pipeline=topological-sort,strip-debuginfo max-iterations=3})" --mlir-print-debuginfo
// CHECK: Pass Manager with 1 passes:
// CHECK-NEXT: builtin.module(
// CHECK-NEXT:   composite-fixed-point-pass{max-iterations=3 name=Sorter pipeline=topological-sort,strip-debuginfo}
// CHECK-NEXT: )
// GENERR-BADPIPE: --allow-unregistered-dialect -p "builtin.module(composite-fixed-point-pass{pipeline=no-such-pass})"
// BADPIPE: MLIR Textual PassPipeline Parser:1:1: error: 'no-such-pass' does not refer to a registered pass or pass pipeline
// BADPIPE-NEXT: no-such-pass
// BADPIPE-NEXT: ^
// BADPIPE-NEXT: <unknown>:0: error: Failed to parse composite pass pipeline
// BADPIPE-NEXT: failed to add `composite-fixed-point-pass` with options `pipeline=no-such-pass`
// GENERR-NAME: --allow-unregistered-dialect -p "builtin.module(composite-fixed-point-pass{name=Sorter pipeline=topological-sort})" --mlir-print-ir-after-all --mlir-disable-threading
// NAME: // -----// IR Dump After TopologicalSort (topological-sort) //----- //
// NAME-NEXT: module {
// NAME-NEXT:   test.graph_region {
// NAME-NEXT:     %0 = "foo.a"() : () -> i32
// NAME-NEXT:     %1 = "foo.b"(%0) : (i32) -> i32
// NAME-NEXT:   }
// NAME-NEXT: }
// NAME-EMPTY:
// NAME-EMPTY:
// NAME-NEXT: // -----// IR Dump After TopologicalSort (topological-sort) //----- //
// NAME-NEXT: module {
// NAME-NEXT:   test.graph_region {
// NAME-NEXT:     %0 = "foo.a"() : () -> i32
// NAME-NEXT:     %1 = "foo.b"(%0) : (i32) -> i32
// NAME-NEXT:   }
// NAME-NEXT: }
// NAME-EMPTY:
// NAME-EMPTY:
// NAME-NEXT: // -----// IR Dump After Sorter (composite-fixed-point-pass) //----- //
// NAME-NEXT: module {
// NAME-NEXT:   test.graph_region {
// NAME-NEXT:     %0 = "foo.a"() : () -> i32
// NAME-NEXT:     %1 = "foo.b"(%0) : (i32) -> i32
// NAME-NEXT:   }
// NAME-NEXT: }
