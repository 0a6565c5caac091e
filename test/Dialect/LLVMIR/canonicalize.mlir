// RUN: lamina-opt --pass-pipeline="builtin.module(llvm.func(canonicalize))" %s | FileCheck %s
// Expectations printed by mlir-opt 22.

// Casts to the same type, and pairs of casts that cancel, fold away.
llvm.func @bitcasts(%p: !llvm.ptr, %i: i32) -> i32 {
  %0 = llvm.bitcast %p : !llvm.ptr to !llvm.ptr
  %1 = llvm.bitcast %i : i32 to f32
  %2 = llvm.bitcast %1 : f32 to i32
  %3 = llvm.bitcast %1 : f32 to vector<2xi16>
  llvm.call @use(%0, %3) : (!llvm.ptr, vector<2xi16>) -> ()
  llvm.return %2 : i32
}
llvm.func @use(!llvm.ptr, vector<2xi16>)

llvm.func @addrspacecasts(%p: !llvm.ptr) -> !llvm.ptr<1> {
  %0 = llvm.addrspacecast %p : !llvm.ptr to !llvm.ptr
  %1 = llvm.addrspacecast %0 : !llvm.ptr to !llvm.ptr<1>
  %2 = llvm.addrspacecast %1 : !llvm.ptr<1> to !llvm.ptr
  %3 = llvm.addrspacecast %2 : !llvm.ptr to !llvm.ptr<1>
  llvm.return %3 : !llvm.ptr<1>
}

// Constants fold: duplicates merge and move to the start of the entry block.
llvm.mlir.global external @g() : i32
llvm.func @use7(i32, i32, !llvm.ptr, !llvm.ptr, i32, i32, i64)
llvm.func @consts() {
  %0 = llvm.mlir.undef : i32
  %1 = llvm.mlir.undef : i32
  %2 = llvm.mlir.addressof @g : !llvm.ptr
  %3 = llvm.mlir.addressof @g : !llvm.ptr
  %4 = llvm.mlir.zero : i32
  %5 = llvm.mlir.zero : i32
  %6 = llvm.mlir.constant(7 : i64) : i64
  llvm.call @use7(%0, %1, %2, %3, %4, %5, %6) : (i32, i32, !llvm.ptr, !llvm.ptr, i32, i32, i64) -> ()
  %7 = llvm.mlir.poison : i32
  %8 = llvm.mlir.constant(7 : i64) : i64
  %9 = llvm.mlir.zero : !llvm.ptr
  %10 = llvm.mlir.zero : !llvm.ptr
  llvm.call @use7(%7, %7, %9, %10, %4, %5, %8) : (i32, i32, !llvm.ptr, !llvm.ptr, i32, i32, i64) -> ()
  llvm.return
}

// CHECK: module {
// CHECK-NEXT:   llvm.func @bitcasts(%arg0: !llvm.ptr, %arg1: i32) -> i32 {
// CHECK-NEXT:     %0 = llvm.bitcast %arg1 : i32 to vector<2xi16>
// CHECK-NEXT:     llvm.call @use(%arg0, %0) : (!llvm.ptr, vector<2xi16>) -> ()
// CHECK-NEXT:     llvm.return %arg1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   llvm.func @use(!llvm.ptr, vector<2xi16>)
// CHECK-NEXT:   llvm.func @addrspacecasts(%arg0: !llvm.ptr) -> !llvm.ptr<1> {
// CHECK-NEXT:     %0 = llvm.addrspacecast %arg0 : !llvm.ptr to !llvm.ptr<1>
// CHECK-NEXT:     llvm.return %0 : !llvm.ptr<1>
// CHECK-NEXT:   }
// CHECK-NEXT:   llvm.mlir.global external @g() {addr_space = 0 : i32} : i32
// CHECK-NEXT:   llvm.func @use7(i32, i32, !llvm.ptr, !llvm.ptr, i32, i32, i64)
// CHECK-NEXT:   llvm.func @consts() {
// CHECK-NEXT:     %0 = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT:     %1 = llvm.mlir.poison : i32
// CHECK-NEXT:     %2 = llvm.mlir.undef : i32
// CHECK-NEXT:     %3 = llvm.mlir.addressof @g : !llvm.ptr
// CHECK-NEXT:     %4 = llvm.mlir.zero : i32
// CHECK-NEXT:     %5 = llvm.mlir.constant(7 : i64) : i64
// CHECK-NEXT:     llvm.call @use7(%2, %2, %3, %3, %4, %4, %5) : (i32, i32, !llvm.ptr, !llvm.ptr, i32, i32, i64) -> ()
// CHECK-NEXT:     llvm.call @use7(%1, %1, %0, %0, %4, %4, %5) : (i32, i32, !llvm.ptr, !llvm.ptr, i32, i32, i64) -> ()
// CHECK-NEXT:     llvm.return
// CHECK-NEXT:   }
// CHECK-NEXT: }
