// Like mlir-opt, lamina-opt scans expected-* annotations even without
// --verify-diagnostics and reports them as not produced at exit, without
// changing the exit status. An unknown --verify-diagnostics value is an
// error.
// RUN: lamina-opt %s 2>&1 | FileCheck %s
// RUN: not lamina-opt --verify-diagnostics=yes %s 2>&1 | FileCheck %s --check-prefix=BAD

// expected-error@+1 {{nothing}}
"builtin.module"() ({^bb0:}) : () -> ()

// CHECK: no-verify-flag.mlir:8:4: error: expected error "nothing" was not produced

// BAD: for the --verify-diagnostics option: Cannot find option named 'yes'!
