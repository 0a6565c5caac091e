// generate-runtime-verification only has verbosity levels 0 and 1: another
// fails the pass on the module (located where the input starts).
// Check lines: utils/update-mlir-checks.py.
// RUN: not lamina-opt -generate-runtime-verification=verbose-level=2 < %s 2>&1 | FileCheck %s
// GENERR: -generate-runtime-verification=verbose-level=2
// CHECK: <stdin>:0:0: error: generate-runtime-verification pass: set verboseLevel to 0 or 1
// CHECK-NEXT: <stdin>:0:0: note: see current operation: 
// CHECK-NEXT: "builtin.module"() ({
// CHECK-NEXT:   "func.func"() <{function_type = (memref<?x4xf32>, index) -> index, sym_name = "dim"}> ({
// CHECK-NEXT:   ^bb0(%arg0: memref<?x4xf32>, %arg1: index):
// CHECK-NEXT:     %0 = "memref.dim"(%arg0, %arg1) : (memref<?x4xf32>, index) -> index
// CHECK-NEXT:     "func.return"(%0) : (index) -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT: }) : () -> ()

func.func @dim(%m: memref<?x4xf32>, %i: index) -> index {
  %d = memref.dim %m, %i : memref<?x4xf32>
  return %d : index
}
