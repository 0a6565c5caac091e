// loop-invariant-subset-hoisting moves extraction/insertion pairs of subset
// ops (SubsetOpInterface) on a loop's iter_args out of the loop. The memref,
// scf, affine and arith ops have none: loops with iter_args, nested loops
// and memory accesses stay as they are, as in mlir-opt.
// Check lines: utils/update-mlir-checks.py.
// RUN: lamina-opt -loop-invariant-subset-hoisting < %s | FileCheck %s
// GEN: -loop-invariant-subset-hoisting
// CHECK: module {
// CHECK-NEXT:   func.func @f(%arg0: memref<?xf32>, %arg1: index, %arg2: index, %arg3: index, %arg4: f32) -> f32 {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %0 = scf.for %arg5 = %arg1 to %arg2 step %arg3 iter_args(%arg6 = %arg4) -> (f32) {
// CHECK-NEXT:       %2 = memref.load %arg0[%c0] : memref<?xf32>
// CHECK-NEXT:       %3 = arith.addf %arg6, %2 : f32
// CHECK-NEXT:       %4 = scf.for %arg7 = %arg1 to %arg2 step %arg3 iter_args(%arg8 = %3) -> (f32) {
// CHECK-NEXT:         scf.yield %arg8 : f32
// CHECK-NEXT:       }
// CHECK-NEXT:       memref.store %4, %arg0[%c0] : memref<?xf32>
// CHECK-NEXT:       scf.yield %4 : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     %1 = affine.for %arg5 = 0 to 10 iter_args(%arg6 = %0) -> (f32) {
// CHECK-NEXT:       affine.yield %arg6 : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     return %1 : f32
// CHECK-NEXT:   }
// CHECK-NEXT: }

func.func @f(%m: memref<?xf32>, %lb: index, %ub: index, %s: index, %init: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %r = scf.for %i = %lb to %ub step %s iter_args(%acc = %init) -> f32 {
    %v = memref.load %m[%c0] : memref<?xf32>
    %a = arith.addf %acc, %v : f32
    %inner = scf.for %j = %lb to %ub step %s iter_args(%x = %a) -> f32 {
      scf.yield %x : f32
    }
    memref.store %inner, %m[%c0] : memref<?xf32>
    scf.yield %inner : f32
  }
  %q = affine.for %k = 0 to 10 iter_args(%z = %r) -> f32 {
    affine.yield %z : f32
  }
  return %q : f32
}
