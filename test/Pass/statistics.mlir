// --mlir-pass-statistics. The reference mlir-opt is built without LLVM
// statistics and prints only the banner (checked against it below); the
// entries follow the format of MLIR's PassStatistics.cpp, with the counts
// of the copies that ran in parallel merged into one entry.
// RUN: lamina-opt -p 'builtin.module(func.func(test-stats-pass),test-stats-pass)' --mlir-pass-statistics %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPELINE
// RUN: lamina-opt -p 'builtin.module(func.func(test-stats-pass),test-stats-pass)' --mlir-pass-statistics --mlir-pass-statistics-display=list %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIST
// RUN: %if mlir-opt %{ mlir-opt -p 'builtin.module(func.func(test-stats-pass),test-stats-pass)' --mlir-pass-statistics %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BANNER %}
// RUN: lamina-opt -p 'builtin.module(func.func(test-stats-pass),test-stats-pass)' --mlir-pass-statistics %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BANNER

// BANNER: ===-------------------------------------------------------------------------===
// BANNER-NEXT:                          ... Pass statistics report ...
// BANNER-NEXT: ===-------------------------------------------------------------------------===

// PIPELINE: ... Pass statistics report ...
// PIPELINE-NEXT: ===
// PIPELINE-NEXT: 'func.func' Pipeline
// PIPELINE-NEXT:   (anonymous namespace)::TestStatisticPass
// PIPELINE-NEXT:     (S) 6 num-ops  - Number of operations counted
// PIPELINE-NEXT:     (S) 6 num-ops2 - Number of operations counted one more time
// PIPELINE-NEXT: (anonymous namespace)::TestStatisticPass
// PIPELINE-NEXT:   (S) 7 num-ops  - Number of operations counted
// PIPELINE-NEXT:   (S) 7 num-ops2 - Number of operations counted one more time
// PIPELINE-EMPTY:

// LIST: ... Pass statistics report ...
// LIST-NEXT: ===
// LIST-NEXT:   (anonymous namespace)::TestStatisticPass
// LIST-NEXT:     (S) 13 num-ops  - Number of operations counted
// LIST-NEXT:     (S) 13 num-ops2 - Number of operations counted one more time
// LIST-EMPTY:

func.func @f() {
  return
}
func.func @g() {
  return
}
func.func @h() {
  return
}
