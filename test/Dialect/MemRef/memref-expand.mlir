// RUN: lamina-opt -memref-expand %s | FileCheck %s

// Reshapes to static-rank shapes become reinterpret_casts (index and i64 shapes);
// a dynamically sized shape stays.
func.func @r(%in: memref<*xf32>, %s: memref<2xindex>, %t: memref<3xi64>, %u: memref<?xi32>) -> (memref<4x?xf32>, memref<?x5x?xf32>, memref<*xf32>) {
  %a = memref.reshape %in(%s) : (memref<*xf32>, memref<2xindex>) -> memref<4x?xf32>
  %b = memref.reshape %in(%t) : (memref<*xf32>, memref<3xi64>) -> memref<?x5x?xf32>
  %c = memref.reshape %in(%u) : (memref<*xf32>, memref<?xi32>) -> memref<*xf32>
  return %a, %b, %c : memref<4x?xf32>, memref<?x5x?xf32>, memref<*xf32>
}

// Expected output, printed by mlir-opt 22:
// CHECK: module {
// CHECK-NEXT: func.func @r(%arg0: memref<*xf32>, %arg1: memref<2xindex>, %arg2: memref<3xi64>, %arg3: memref<?xi32>) -> (memref<4x?xf32>, memref<?x5x?xf32>, memref<*xf32>) {
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0 = memref.load %arg1[%c1] : memref<2xindex>
// CHECK-NEXT: %c1_0 = arith.constant 1 : index
// CHECK-NEXT: %1 = arith.muli %c1_0, %0 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [0], sizes: [4, %0], strides: [%1, 1] : memref<*xf32> to memref<4x?xf32>
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %2 = memref.load %arg2[%c2] : memref<3xi64>
// CHECK-NEXT: %3 = arith.index_cast %2 : i64 to index
// CHECK-NEXT: %c1_1 = arith.constant 1 : index
// CHECK-NEXT: %4 = arith.muli %c1_1, %3 : index
// CHECK-NEXT: %c5 = arith.constant 5 : index
// CHECK-NEXT: %5 = arith.muli %4, %c5 : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %6 = memref.load %arg2[%c0] : memref<3xi64>
// CHECK-NEXT: %7 = arith.index_cast %6 : i64 to index
// CHECK-NEXT: %reinterpret_cast_2 = memref.reinterpret_cast %arg0 to offset: [0], sizes: [%7, 5, %3], strides: [%5, %4, 1] : memref<*xf32> to memref<?x5x?xf32>
// CHECK-NEXT: %reshape = memref.reshape %arg0(%arg3) : (memref<*xf32>, memref<?xi32>) -> memref<*xf32>
// CHECK-NEXT: return %reinterpret_cast, %reinterpret_cast_2, %reshape : memref<4x?xf32>, memref<?x5x?xf32>, memref<*xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
