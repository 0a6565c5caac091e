// Textual pipelines: how mlir-opt prints them (--dump-pass-pipeline) and its
// messages for malformed ones. Check lines: utils/update-mlir-checks.py.
// RUN: lamina-opt --dump-pass-pipeline --pass-pipeline=' builtin.module ( func.func ( test-function-pass , strip-debuginfo ) , topological-sort ) ' < %s 2>&1 >/dev/null | FileCheck %s --check-prefix=DUMP
// RUN: lamina-opt --dump-pass-pipeline -test-function-pass -strip-debuginfo -test-module-pass -print-op-stats=json < %s 2>&1 >/dev/null | FileCheck %s --check-prefix=FLAGS
// RUN: lamina-opt --dump-pass-pipeline -p 'builtin.module(func.func(test-function-pass),func.func(strip-debuginfo),any(topological-sort))' < %s 2>&1 >/dev/null | FileCheck %s --check-prefix=MERGE
// RUN: not lamina-opt --pass-pipeline='builtin.module(strip-debuginfo' < %s 2>&1 | FileCheck %s --check-prefix=UNWRAPPED
// RUN: not lamina-opt --pass-pipeline='builtin.module(strip-debuginfo))' < %s 2>&1 | FileCheck %s --check-prefix=EXTRA
// RUN: not lamina-opt --pass-pipeline='builtin.module(func.func(strip-debuginfo)' < %s 2>&1 | FileCheck %s --check-prefix=UNBALANCED
// RUN: not lamina-opt --pass-pipeline='builtin.module(no-such-pass)' < %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not lamina-opt --pass-pipeline='builtin.module(strip-debuginfo,,topological-sort)' < %s 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not lamina-opt --pass-pipeline='builtin.module(func.func(strip-debuginfo)x)' < %s 2>&1 | FileCheck %s --check-prefix=COMMA
// RUN: not lamina-opt --pass-pipeline='builtin.module(print-op-stats{json=1)' < %s 2>&1 | FileCheck %s --check-prefix=BRACE
// RUN: not lamina-opt --pass-pipeline='builtin.module(strip-debuginfo{foo=1})' < %s 2>&1 | FileCheck %s --check-prefix=NOOPT
// RUN: not lamina-opt -strip-debuginfo=foo < %s 2>&1 | FileCheck %s --check-prefix=NOOPTFLAG
// RUN: not lamina-opt --pass-pipeline='builtin.module(print-op-stats{json=maybe})' < %s 2>&1 | FileCheck %s --check-prefix=BADBOOL
// RUN: not lamina-opt --pass-pipeline='builtin.module(test-function-pass)' < %s 2>&1 | FileCheck %s --check-prefix=NEST
// RUN: not lamina-opt --pass-pipeline='func.func(strip-debuginfo)' < %s 2>&1 | FileCheck %s --check-prefix=ANCHOR
// RUN: not lamina-opt -strip-debuginfo --pass-pipeline='builtin.module(strip-debuginfo)' < %s 2>&1 | FileCheck %s --check-prefix=BOTH

func.func @f() {
  return
}

// GENERR-DUMP: --dump-pass-pipeline --pass-pipeline=builtin.module(func.func(test-function-pass,strip-debuginfo),topological-sort)
// DUMP: Pass Manager with 2 passes:
// DUMP-NEXT: builtin.module(
// DUMP-NEXT:   func.func(
// DUMP-NEXT:     test-function-pass,
// DUMP-NEXT:     strip-debuginfo
// DUMP-NEXT:   ),
// DUMP-NEXT:   topological-sort
// DUMP-NEXT: )
// GENERR-FLAGS: --dump-pass-pipeline -test-function-pass -strip-debuginfo -test-module-pass -print-op-stats=json
// FLAGS: Pass Manager with 4 passes:
// FLAGS-NEXT: builtin.module(
// FLAGS-NEXT:   func.func(
// FLAGS-NEXT:     test-function-pass
// FLAGS-NEXT:   ),
// FLAGS-NEXT:   strip-debuginfo,
// FLAGS-NEXT:   test-module-pass,
// FLAGS-NEXT:   print-op-stats{json=true}
// FLAGS-NEXT: )
// FLAGS-EMPTY:
// FLAGS-NEXT: {
// FLAGS-NEXT:   "builtin.module" : 1,
// FLAGS-NEXT:   "func.func" : 1,
// FLAGS-NEXT:   "func.return" : 1
// FLAGS-NEXT: }
// GENERR-MERGE: --dump-pass-pipeline -p builtin.module(func.func(test-function-pass),func.func(strip-debuginfo),any(topological-sort))
// MERGE: Pass Manager with 3 passes:
// MERGE-NEXT: builtin.module(
// MERGE-NEXT:   func.func(
// MERGE-NEXT:     test-function-pass
// MERGE-NEXT:   ),
// MERGE-NEXT:   func.func(
// MERGE-NEXT:     strip-debuginfo
// MERGE-NEXT:   ),
// MERGE-NEXT:   any(
// MERGE-NEXT:     topological-sort
// MERGE-NEXT:   )
// MERGE-NEXT: )
// GENERR-UNWRAPPED: --pass-pipeline=builtin.module(strip-debuginfo
// UNWRAPPED: <unknown>:0: error: expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'
// GENERR-EXTRA: --pass-pipeline=builtin.module(strip-debuginfo))
// EXTRA: <unknown>:0: error: MLIR Textual PassPipeline Parser:1:16: error: encountered extra closing ')' creating unbalanced parentheses while parsing pipeline
// EXTRA-NEXT: strip-debuginfo)
// EXTRA-NEXT:                ^
// GENERR-UNBALANCED: --pass-pipeline=builtin.module(func.func(strip-debuginfo)
// UNBALANCED: <unknown>:0: error: MLIR Textual PassPipeline Parser:1:11: error: encountered unbalanced parentheses while parsing pipeline
// UNBALANCED-NEXT: func.func(strip-debuginfo
// UNBALANCED-NEXT:           ^
// GENERR-UNKNOWN: --pass-pipeline=builtin.module(no-such-pass)
// UNKNOWN: <unknown>:0: error: MLIR Textual PassPipeline Parser:1:1: error: 'no-such-pass' does not refer to a registered pass or pass pipeline
// UNKNOWN-NEXT: no-such-pass
// UNKNOWN-NEXT: ^
// GENERR-EMPTY: --pass-pipeline=builtin.module(strip-debuginfo,,topological-sort)
// EMPTY: <unknown>:0: error: MLIR Textual PassPipeline Parser:1:17: error: '' does not refer to a registered pass or pass pipeline
// EMPTY-NEXT: strip-debuginfo,,topological-sort
// EMPTY-NEXT:                 ^
// GENERR-COMMA: --pass-pipeline=builtin.module(func.func(strip-debuginfo)x)
// COMMA: <unknown>:0: error: MLIR Textual PassPipeline Parser:1:27: error: expected ',' after parsing pipeline
// COMMA-NEXT: func.func(strip-debuginfo)x
// COMMA-NEXT:                           ^
// GENERR-BRACE: --pass-pipeline=builtin.module(print-op-stats{json=1)
// BRACE: <unknown>:0: error: MLIR Textual PassPipeline Parser:1:15: error: missing closing '}' while processing pass options
// BRACE-NEXT: print-op-stats{json=1
// BRACE-NEXT:               ^
// GENERR-NOOPT: --pass-pipeline=builtin.module(strip-debuginfo{foo=1})
// NOOPT: <unknown>:0: error: <Pass-Options-Parser>: no such option foo
// NOOPT-EMPTY:
// NOOPT-NEXT: failed to add `strip-debuginfo` with options `foo=1`
// GENERR-NOOPTFLAG: -strip-debuginfo=foo
// NOOPTFLAG: <unknown>:0: error: <Pass-Options-Parser>: no such option foo
// GENERR-BADBOOL: --pass-pipeline=builtin.module(print-op-stats{json=maybe})
// BADBOOL: {{.+}}: for the --json option: 'maybe' is invalid value for boolean argument! Try 0 or 1
// BADBOOL-NEXT: <unknown>:0: error: 
// BADBOOL-NEXT: failed to add `print-op-stats` with options `json=maybe`
// GENERR-NEST: --pass-pipeline=builtin.module(test-function-pass)
// NEST: <unknown>:0: error: Can't add pass '(anonymous namespace)::TestFunctionPass' restricted to 'func.func' on a PassManager intended to run on 'builtin.module', did you intend to nest?
// NEST-NEXT: failed to add `test-function-pass` with options ``
// GENERR-ANCHOR: --pass-pipeline=func.func(strip-debuginfo)
// ANCHOR: <stdin>:0:0: error: can't run 'func.func' pass manager on 'builtin.module' op
// GENERR-BOTH: -strip-debuginfo --pass-pipeline=builtin.module(strip-debuginfo)
// BOTH: <unknown>:0: error: '-pass-pipeline' option can't be used with individual pass options
