// sroa: a memref.alloca of 2 to 16 elements accessed only through loads
// and stores at constant in-bounds indices becomes one rank-0 alloca per
// accessed element (in first-use order), the accesses losing their
// indices; sroa then mem2reg promotes the elements.
// Check lines: utils/update-mlir-checks.py.
// RUN: lamina-opt --pass-pipeline='builtin.module(func.func(sroa))' < %s | FileCheck %s
// RUN: lamina-opt --pass-pipeline='builtin.module(func.func(sroa,mem2reg))' < %s | FileCheck %s --check-prefix=BOTH

func.func private @use(memref<3xf32>)

func.func @split(%c: i1, %x: f32, %y: f32) -> f32 {
  %k0 = arith.constant 0 : index
  %k1 = arith.constant 1 : index
  %k2 = arith.constant 2 : index
  %a = memref.alloca() : memref<2x3xf32>
  memref.store %x, %a[%k0, %k2] : memref<2x3xf32>
  memref.store %y, %a[%k1, %k0] : memref<2x3xf32>
  cf.cond_br %c, ^t, ^e
^t:
  memref.store %x, %a[%k1, %k0] : memref<2x3xf32>
  cf.br ^e
^e:
  %r = memref.load %a[%k1, %k0] : memref<2x3xf32>
  %s = memref.load %a[%k0, %k2] : memref<2x3xf32>
  %t = arith.addf %r, %s : f32
  return %t : f32
}

// Kept: escaping, dynamic index, out-of-bounds index, too many elements,
// a single element.
func.func @kept(%x: f32, %i: index) -> f32 {
  %k0 = arith.constant 0 : index
  %k9 = arith.constant 9 : index
  %a = memref.alloca() : memref<3xf32>
  memref.store %x, %a[%k0] : memref<3xf32>
  func.call @use(%a) : (memref<3xf32>) -> ()
  %b = memref.alloca() : memref<3xf32>
  memref.store %x, %b[%i] : memref<3xf32>
  %c = memref.alloca() : memref<3xf32>
  %l = memref.load %c[%k9] : memref<3xf32>
  %d = memref.alloca() : memref<17xf32>
  memref.store %x, %d[%k0] : memref<17xf32>
  %e = memref.alloca() : memref<1xf32>
  memref.store %x, %e[%k0] : memref<1xf32>
  return %l : f32
}

// GEN: --pass-pipeline=builtin.module(func.func(sroa))
// CHECK: module {
// CHECK-NEXT:   func.func private @use(memref<3xf32>)
// CHECK-NEXT:   func.func @split(%arg0: i1, %arg1: f32, %arg2: f32) -> f32 {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c2 = arith.constant 2 : index
// CHECK-NEXT:     %alloca = memref.alloca() : memref<f32>
// CHECK-NEXT:     %alloca_0 = memref.alloca() : memref<f32>
// CHECK-NEXT:     memref.store %arg1, %alloca[] : memref<f32>
// CHECK-NEXT:     memref.store %arg2, %alloca_0[] : memref<f32>
// CHECK-NEXT:     cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     memref.store %arg1, %alloca_0[] : memref<f32>
// CHECK-NEXT:     cf.br ^bb2
// CHECK-NEXT:   ^bb2:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:     %0 = memref.load %alloca_0[] : memref<f32>
// CHECK-NEXT:     %1 = memref.load %alloca[] : memref<f32>
// CHECK-NEXT:     %2 = arith.addf %0, %1 : f32
// CHECK-NEXT:     return %2 : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @kept(%arg0: f32, %arg1: index) -> f32 {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c9 = arith.constant 9 : index
// CHECK-NEXT:     %alloca = memref.alloca() : memref<3xf32>
// CHECK-NEXT:     memref.store %arg0, %alloca[%c0] : memref<3xf32>
// CHECK-NEXT:     call @use(%alloca) : (memref<3xf32>) -> ()
// CHECK-NEXT:     %alloca_0 = memref.alloca() : memref<3xf32>
// CHECK-NEXT:     memref.store %arg0, %alloca_0[%arg1] : memref<3xf32>
// CHECK-NEXT:     %alloca_1 = memref.alloca() : memref<3xf32>
// CHECK-NEXT:     %0 = memref.load %alloca_1[%c9] : memref<3xf32>
// CHECK-NEXT:     %alloca_2 = memref.alloca() : memref<17xf32>
// CHECK-NEXT:     memref.store %arg0, %alloca_2[%c0] : memref<17xf32>
// CHECK-NEXT:     %alloca_3 = memref.alloca() : memref<1xf32>
// CHECK-NEXT:     memref.store %arg0, %alloca_3[%c0] : memref<1xf32>
// CHECK-NEXT:     return %0 : f32
// CHECK-NEXT:   }
// CHECK-NEXT: }

// GEN-BOTH: --pass-pipeline=builtin.module(func.func(sroa,mem2reg))
// BOTH: module {
// BOTH-NEXT:   func.func private @use(memref<3xf32>)
// BOTH-NEXT:   func.func @split(%arg0: i1, %arg1: f32, %arg2: f32) -> f32 {
// BOTH-NEXT:     %c0 = arith.constant 0 : index
// BOTH-NEXT:     %c1 = arith.constant 1 : index
// BOTH-NEXT:     %c2 = arith.constant 2 : index
// BOTH-NEXT:     cf.cond_br %arg0, ^bb1, ^bb2(%arg2 : f32)
// BOTH-NEXT:   ^bb1:  // pred: ^bb0
// BOTH-NEXT:     cf.br ^bb2(%arg1 : f32)
// BOTH-NEXT:   ^bb2(%0: f32):  // 2 preds: ^bb0, ^bb1
// BOTH-NEXT:     %1 = arith.addf %0, %arg1 : f32
// BOTH-NEXT:     return %1 : f32
// BOTH-NEXT:   }
// BOTH-NEXT:   func.func @kept(%arg0: f32, %arg1: index) -> f32 {
// BOTH-NEXT:     %c0 = arith.constant 0 : index
// BOTH-NEXT:     %c9 = arith.constant 9 : index
// BOTH-NEXT:     %alloca = memref.alloca() : memref<3xf32>
// BOTH-NEXT:     memref.store %arg0, %alloca[%c0] : memref<3xf32>
// BOTH-NEXT:     call @use(%alloca) : (memref<3xf32>) -> ()
// BOTH-NEXT:     %alloca_0 = memref.alloca() : memref<3xf32>
// BOTH-NEXT:     memref.store %arg0, %alloca_0[%arg1] : memref<3xf32>
// BOTH-NEXT:     %alloca_1 = memref.alloca() : memref<3xf32>
// BOTH-NEXT:     %0 = memref.load %alloca_1[%c9] : memref<3xf32>
// BOTH-NEXT:     %alloca_2 = memref.alloca() : memref<17xf32>
// BOTH-NEXT:     memref.store %arg0, %alloca_2[%c0] : memref<17xf32>
// BOTH-NEXT:     return %0 : f32
// BOTH-NEXT:   }
// BOTH-NEXT: }
