// RUN: lamina-opt -split-input-file --pass-pipeline="builtin.module(llvm.func(mem2reg))" %s | FileCheck %s
// Expectations printed by mlir-opt 22.

// Same-typed accesses across branches: block arguments, and undef where
// nothing was stored.
llvm.func @branches(%c: i1, %v: i64) -> i64 {
  %0 = llvm.mlir.constant(1 : i32) : i32
  %1 = llvm.alloca %0 x i64 {alignment = 8 : i64} : (i32) -> !llvm.ptr
  llvm.cond_br %c, ^bb1, ^bb2
^bb1:
  llvm.store %v, %1 {alignment = 8 : i64} : i64, !llvm.ptr
  llvm.br ^bb2
^bb2:
  %2 = llvm.load %1 {alignment = 8 : i64} : !llvm.ptr -> i64
  llvm.return %2 : i64
}

// -----

// Loads of another type go through casts; a narrower store is merged into
// the slot's bits.
llvm.func @conversions(%f: f32, %b: i8) -> i32 {
  %0 = llvm.mlir.constant(1 : i32) : i32
  %1 = llvm.alloca %0 x i32 : (i32) -> !llvm.ptr
  llvm.store %f, %1 : f32, !llvm.ptr
  %2 = llvm.load %1 : !llvm.ptr -> i32
  llvm.store %b, %1 : i8, !llvm.ptr
  %3 = llvm.load %1 : !llvm.ptr -> i32
  %4 = llvm.add %2, %3 : i32
  llvm.return %4 : i32
}

// -----

// Users of the address only (zero GEP, lifetime markers) go with the slot;
// a volatile load keeps it.
llvm.func @users(%v: i32) -> i32 {
  %0 = llvm.mlir.constant(1 : i32) : i32
  %1 = llvm.alloca %0 x i32 : (i32) -> !llvm.ptr
  llvm.intr.lifetime.start %1 : !llvm.ptr
  %2 = llvm.getelementptr %1[0] : (!llvm.ptr) -> !llvm.ptr, i32
  llvm.store %v, %2 : i32, !llvm.ptr
  %3 = llvm.load %1 : !llvm.ptr -> i32
  llvm.intr.lifetime.end %1 : !llvm.ptr
  %4 = llvm.alloca %0 x i32 : (i32) -> !llvm.ptr
  llvm.store %v, %4 : i32, !llvm.ptr
  %5 = llvm.load volatile %4 : !llvm.ptr -> i32
  %6 = llvm.add %3, %5 : i32
  llvm.return %6 : i32
}

// CHECK: module {
// CHECK-NEXT:   llvm.func @branches(%arg0: i1, %arg1: i64) -> i64 {
// CHECK-NEXT:     %0 = llvm.mlir.undef : i64
// CHECK-NEXT:     %1 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT:     llvm.cond_br %arg0, ^bb1, ^bb2(%0 : i64)
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     llvm.br ^bb2(%arg1 : i64)
// CHECK-NEXT:   ^bb2(%2: i64):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:     llvm.return %2 : i64
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-LABEL: // -----
// CHECK-NEXT: module {
// CHECK-NEXT:   llvm.func @conversions(%arg0: f32, %arg1: i8) -> i32 {
// CHECK-NEXT:     %0 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT:     %1 = llvm.bitcast %arg0 : f32 to i32
// CHECK-NEXT:     %2 = llvm.zext %arg1 : i8 to i32
// CHECK-NEXT:     %3 = llvm.mlir.constant(-256 : i32) : i32
// CHECK-NEXT:     %4 = llvm.and %1, %3 : i32
// CHECK-NEXT:     %5 = llvm.or %4, %2 : i32
// CHECK-NEXT:     %6 = llvm.add %1, %5 : i32
// CHECK-NEXT:     llvm.return %6 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-LABEL: // -----
// CHECK-NEXT: module {
// CHECK-NEXT:   llvm.func @users(%arg0: i32) -> i32 {
// CHECK-NEXT:     %0 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT:     %1 = llvm.alloca %0 x i32 : (i32) -> !llvm.ptr
// CHECK-NEXT:     llvm.intr.lifetime.start %1 : !llvm.ptr
// CHECK-NEXT:     %2 = llvm.getelementptr %1[0] : (!llvm.ptr) -> !llvm.ptr, i32
// CHECK-NEXT:     llvm.store %arg0, %2 : i32, !llvm.ptr
// CHECK-NEXT:     %3 = llvm.load %1 : !llvm.ptr -> i32
// CHECK-NEXT:     llvm.intr.lifetime.end %1 : !llvm.ptr
// CHECK-NEXT:     %4 = llvm.alloca %0 x i32 : (i32) -> !llvm.ptr
// CHECK-NEXT:     llvm.store %arg0, %4 : i32, !llvm.ptr
// CHECK-NEXT:     %5 = llvm.load volatile %4 : !llvm.ptr -> i32
// CHECK-NEXT:     %6 = llvm.add %3, %5 : i32
// CHECK-NEXT:     llvm.return %6 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
