// RUN: not lamina-opt --allow-unregistered-dialect -split-input-file %s 2>&1 | FileCheck %s

// CHECK: parse-errors.mlir:[[@LINE+1]]:18: error: expected non-function type
"t.b"() : () -> (
// -----
// CHECK: parse-errors.mlir:[[@LINE+1]]:5: error: expected operation name in quotes
%0 = 
