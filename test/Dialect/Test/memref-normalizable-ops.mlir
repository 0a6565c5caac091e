// The test dialect's memref ops of the normalize-memrefs tests: op_norm_ret's
// results take their ODS names, the operands are checked as memrefs.
// RUN: lamina-opt %s | FileCheck %s
// Check lines are mlir-opt's output (utils/update-mlir-checks.py):
// GEN:
// CHECK: module {
// CHECK-NEXT:   func.func @norm(%arg0: memref<4xf32>) -> (memref<4xf32>, memref<4xf32>) {
// CHECK-NEXT:     %Y, %Z = "test.op_norm_ret"(%arg0) : (memref<4xf32>) -> (memref<4xf32>, memref<4xf32>)
// CHECK-NEXT:     "test.op_norm"(%Y, %arg0) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:     "test.op_nonnorm"(%Z, %arg0) : (memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:     return %Y, %Z : memref<4xf32>, memref<4xf32>
// CHECK-NEXT:   }
// CHECK-NEXT: }

func.func @norm(%a: memref<4xf32>) -> (memref<4xf32>, memref<4xf32>) {
  %1, %2 = "test.op_norm_ret"(%a) : (memref<4xf32>) -> (memref<4xf32>, memref<4xf32>)
  "test.op_norm"(%1, %a) : (memref<4xf32>, memref<4xf32>) -> ()
  "test.op_nonnorm"(%2, %a) : (memref<4xf32>, memref<4xf32>) -> ()
  return %1, %2 : memref<4xf32>, memref<4xf32>
}
