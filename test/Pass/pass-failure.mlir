// A failing pass: its diagnostics (in op order, whether the nested pipeline
// runs on threads or not), no output, exit status 1; the -o file is left
// as it was. Check lines: utils/update-mlir-checks.py.
// RUN: not lamina-opt -p 'builtin.module(func.func(test-pass-failure{gen-diagnostics}))' < %s 2>&1 | FileCheck %s --check-prefix=THREADS
// RUN: not lamina-opt -p 'builtin.module(func.func(test-pass-failure{gen-diagnostics}))' --mlir-disable-threading < %s 2>&1 | FileCheck %s --check-prefix=THREADS
// RUN: echo "previous" > %t && not lamina-opt -test-pass-failure %s -o %t 2>/dev/null && FileCheck %s --check-prefix=KEPT < %t
// KEPT: previous

func.func @a() {
  return
}
func.func @b() {
  return
}
func.func @c() {
  return
}

// GENERR-THREADS: -p builtin.module(func.func(test-pass-failure{gen-diagnostics}))
// THREADS: <stdin>:9:1: error: illegal operation
// THREADS-NEXT: func.func @a() {
// THREADS-NEXT: ^
// THREADS-NEXT: <stdin>:12:1: error: illegal operation
// THREADS-NEXT: func.func @b() {
// THREADS-NEXT: ^
// THREADS-NEXT: <stdin>:15:1: error: illegal operation
// THREADS-NEXT: func.func @c() {
// THREADS-NEXT: ^
