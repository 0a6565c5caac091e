// Like mlir-opt, lamina-opt scans expected-* annotations even without
// --verify-diagnostics and reports them as not produced at exit, without
// changing the exit status. An unknown --verify-diagnostics value is an
// error.
// RUN: lamina-opt %s 2>&1 | FileCheck %s
// RUN: not lamina-opt --verify-diagnostics=yes %s 2>&1 | FileCheck %s --check-prefix=BAD
// A big input is searched for annotations before it is processed (in
// parallel); one far from the start is still found, and one in a big input
// without any is not made up.
// RUN: %python -c "print('\n'.join('func.func private @f%%d()' %% i for i in range(60000)))" > %t.big.mlir
// RUN: cat %t.big.mlir %s > %t.late.mlir
// RUN: lamina-opt %t.late.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=LATE
// RUN: lamina-opt --mlir-disable-threading %t.late.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=LATE
// RUN: lamina-opt %t.big.mlir -o /dev/null 2>&1 | count 0

// expected-error@+1 {{nothing}}
"builtin.module"() ({^bb0:}) : () -> ()

// CHECK: no-verify-flag.mlir:16:4: error: expected error "nothing" was not produced

// LATE: late.mlir:60016:4: error: expected error "nothing" was not produced

// BAD: for the --verify-diagnostics option: Cannot find option named 'yes'!
