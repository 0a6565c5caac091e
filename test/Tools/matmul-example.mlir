// The README's example parses, verifies and prints in custom form without
// --allow-unregistered-dialect, and its output round-trips.
// RUN: lamina-opt %S/../../examples/matmul.mlir | FileCheck %s
// RUN: lamina-opt %S/../../examples/matmul.mlir | lamina-opt | FileCheck %s
// RUN: lamina-opt %S/../../examples/matmul.mlir --emit-bytecode | lamina-opt | FileCheck %s

// CHECK-LABEL: func.func @mul(%arg0: memref<100x?xf32>, %arg1: memref<?x50xf32>) -> memref<100x50xf32> {
// CHECK:         %[[N:.*]] = memref.dim %arg0, %c1 : memref<100x?xf32>
// CHECK:         memref.copy %arg0, %{{.*}} : memref<100x?xf32> to memref<100x?xf32>
// CHECK:         call @multiply(%{{.*}}, %{{.*}}) : (memref<100x?xf32>, memref<?x50xf32>) -> memref<100x50xf32>
// CHECK-LABEL: func.func @multiply(
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         affine.for %[[I:.*]] = 0 to 100 {
// CHECK-NEXT:      affine.for %[[J:.*]] = 0 to 50 {
// CHECK-NEXT:        affine.store %[[ZERO]], %{{.*}}[%[[I]], %[[J]]] : memref<100x50xf32>
// CHECK-NEXT:        affine.for %[[K:.*]] = 0 to %{{.*}} {
// CHECK-NEXT:          affine.load %arg0[%[[I]], %[[K]]] : memref<100x?xf32>
// CHECK:               arith.mulf
// CHECK:               affine.store %{{.*}}, %{{.*}}[%[[I]], %[[J]]] : memref<100x50xf32>
