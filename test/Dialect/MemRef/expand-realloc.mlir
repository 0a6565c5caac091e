// RUN: lamina-opt --expand-realloc %s | FileCheck %s

// Static and dynamic sizes, a memory space, an alignment, inside a region.
func.func @r(%m: memref<?xf32, 3>, %n: index, %c: i1) -> memref<8xf32, 3> {
  %r = scf.if %c -> memref<8xf32, 3> {
    %a = memref.realloc %m : memref<?xf32, 3> to memref<8xf32, 3>
    scf.yield %a : memref<8xf32, 3>
  } else {
    %b = memref.alloc() : memref<4xf32, 3>
    %a = memref.realloc %b {alignment = 16} : memref<4xf32, 3> to memref<8xf32, 3>
    scf.yield %a : memref<8xf32, 3>
  }
  return %r : memref<8xf32, 3>
}

// Expected output, printed by mlir-opt 22:
// CHECK: module {
// CHECK-NEXT: func.func @r(%arg0: memref<?xf32, 3>, %arg1: index, %arg2: i1) -> memref<8xf32, 3> {
// CHECK-NEXT: %0 = scf.if %arg2 -> (memref<8xf32, 3>) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %dim = memref.dim %arg0, %c0 : memref<?xf32, 3>
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %1 = arith.cmpi ult, %dim, %c8 : index
// CHECK-NEXT: %2 = scf.if %1 -> (memref<8xf32, 3>) {
// CHECK-NEXT: %alloc = memref.alloc() : memref<8xf32, 3>
// CHECK-NEXT: %subview = memref.subview %alloc[0] [%dim] [1] : memref<8xf32, 3> to memref<?xf32, strided<[1]>, 3>
// CHECK-NEXT: memref.copy %arg0, %subview : memref<?xf32, 3> to memref<?xf32, strided<[1]>, 3>
// CHECK-NEXT: memref.dealloc %arg0 : memref<?xf32, 3>
// CHECK-NEXT: scf.yield %alloc : memref<8xf32, 3>
// CHECK-NEXT: } else {
// CHECK-NEXT: %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [0], sizes: [8], strides: [1] : memref<?xf32, 3> to memref<8xf32, 3>
// CHECK-NEXT: scf.yield %reinterpret_cast : memref<8xf32, 3>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %2 : memref<8xf32, 3>
// CHECK-NEXT: } else {
// CHECK-NEXT: %alloc = memref.alloc() : memref<4xf32, 3>
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %1 = arith.cmpi ult, %c4, %c8 : index
// CHECK-NEXT: %2 = scf.if %1 -> (memref<8xf32, 3>) {
// CHECK-NEXT: %alloc_0 = memref.alloc() {alignment = 16 : i64} : memref<8xf32, 3>
// CHECK-NEXT: %subview = memref.subview %alloc_0[0] [4] [1] : memref<8xf32, 3> to memref<4xf32, strided<[1]>, 3>
// CHECK-NEXT: memref.copy %alloc, %subview : memref<4xf32, 3> to memref<4xf32, strided<[1]>, 3>
// CHECK-NEXT: memref.dealloc %alloc : memref<4xf32, 3>
// CHECK-NEXT: scf.yield %alloc_0 : memref<8xf32, 3>
// CHECK-NEXT: } else {
// CHECK-NEXT: %reinterpret_cast = memref.reinterpret_cast %alloc to offset: [0], sizes: [8], strides: [1] : memref<4xf32, 3> to memref<8xf32, 3>
// CHECK-NEXT: scf.yield %reinterpret_cast : memref<8xf32, 3>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %2 : memref<8xf32, 3>
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : memref<8xf32, 3>
// CHECK-NEXT: }
// CHECK-NEXT: }
