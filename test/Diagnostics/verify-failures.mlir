// The messages --verify-diagnostics prints when expectations and
// diagnostics disagree, in mlir-opt's order: invalid annotations when the
// input is scanned, unexpected diagnostics as they come, then unmet
// expectations of every chunk after the last one, in file order (@unknown
// ones twice: once more when the verifier is destroyed).
// RUN: not lamina-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %S/Inputs/verify-failures.mlir 2>&1 | FileCheck %s

// CHECK: verify-failures.mlir:23:4: error: invalid regex: parentheses not balanced
// CHECK-NEXT: {{^}}// expected-error-re {{.*}}
// CHECK-NEXT: {{^}}   ^~~~~~~{{$}}
// CHECK-NEXT: verify-failures.mlir:24:4: error: found start of regex with no end '}}'
// CHECK-NEXT: {{^}}// expected-error-re {{.*}}
// CHECK-NEXT: {{^}}   ^~~~~~~{{$}}

// CHECK-NEXT: verify-failures.mlir:6:1: error: unexpected error: unregistered operation 'builtin.foo' found in dialect ('builtin') that does not allow unknown operations
// CHECK-NEXT: {{^}}"builtin.foo"() : () -> ()
// CHECK-NEXT: {{^}}^{{$}}

// CHECK-NEXT: verify-failures.mlir:11:4: error: 'error' diagnostic emitted when expecting a 'warning'
// CHECK-NEXT: {{^}}// expected-warning@+1 {{.*}}
// CHECK-NEXT: {{^}}   ^{{$}}

// CHECK-NEXT: verify-failures.mlir:17:1: error: unexpected note: see existing symbol definition here
// CHECK-NEXT: {{^}}"t.sym"() {sym_name = "s"} : () -> (){{$}}
// CHECK-NEXT: {{^}}^{{$}}

// CHECK-NEXT: verify-failures.mlir:5:4: error: expected error "this is not the message" was not produced
// CHECK-NEXT: {{^}}// expected-error@+1 {{.*}}
// CHECK-NEXT: {{^}}   ^~~~~~~~~~~~~~~~~~~~~~~{{$}}
// CHECK-NEXT: verify-failures.mlir:11:4: error: expected warning "unregistered operation 'builtin.bar'" was not produced
// CHECK-NEXT: {{^}}// expected-warning@+1 {{.*}}
// CHECK-NEXT: {{^}}   ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
// CHECK-NEXT: verify-failures.mlir:29:4: error: expected note "dangling" was not produced
// CHECK-NEXT: {{^}}// expected-note@below
// CHECK-NEXT: {{^}}   ^~~~~~~~{{$}}
// CHECK-NEXT: <unknown>:0: error: expected remark "never emitted" was not produced
// CHECK-NEXT: <unknown>:0: error: expected remark "never emitted" was not produced
// CHECK-NOT: error

// With only-expected, unexpected diagnostics and near misses are ignored.
// RUN: not lamina-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics=only-expected %S/Inputs/verify-failures.mlir 2>&1 | FileCheck %s --check-prefix=ONLY
// ONLY-NOT: unexpected
// ONLY-NOT: diagnostic emitted when expecting
// ONLY: verify-failures.mlir:5:4: error: expected error "this is not the message" was not produced
