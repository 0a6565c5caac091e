// Constraint chains of any depth load and verify without exhausting the
// stack (mlir-opt checks them recursively): 50000 nested irdl.all_of, and a
// type whose parameter is that deep a chain of any_of.
// RUN: %python %S/Inputs/deep.py 50000 > %t.irdl.mlir
// RUN: not lamina-opt --irdl-file=%t.irdl.mlir --split-input-file %s 2>/dev/null | FileCheck %s
// RUN: not lamina-opt --irdl-file=%t.irdl.mlir --split-input-file %s 2>&1 >/dev/null | FileCheck %s --check-prefix=ERR

// CHECK: "deep.op"() : () -> i32
// CHECK: "deep.any"() : () -> !deep.ty<i32>
// ERR: error: expected 'i32' but got 'i64'
// ERR: error: 'i64' does not satisfy the constraint
%0 = "deep.op"() : () -> i32
%1 = "deep.any"() : () -> !deep.ty<i32>

// -----

%0 = "deep.op"() : () -> i64

// -----

%1 = "deep.any"() : () -> !deep.ty<i64>
