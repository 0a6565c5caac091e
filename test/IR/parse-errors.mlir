// RUN: not lamina-opt --allow-unregistered-dialect -split-input-file %s 2>&1 | FileCheck %s

// CHECK: parse-errors.mlir:[[@LINE+1]]:18: error: expected non-function type
"t.b"() : () -> (
// -----
// CHECK: parse-errors.mlir:[[@LINE+1]]:5: error: expected operation name in quotes
%0 = 
// -----
// The namespace is printed as a string attribute, quotes included.
// CHECK: parse-errors.mlir:[[@LINE+1]]:22: error: invalid dialect namespace '"a-b"'
"t.a"() : () -> !a-b.c
// -----
// CHECK: parse-errors.mlir:[[@LINE+1]]:14: error: invalid dialect namespace '"a-ith"'
"t.a"() {x = #a-ith<none>} : () -> ()
