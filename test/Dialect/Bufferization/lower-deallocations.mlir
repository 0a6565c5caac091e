// bufferization-lower-deallocations and buffer-deallocation-pipeline. The
// RUN: lamina-opt -bufferization-lower-deallocations %s | FileCheck %s
// GEN: -bufferization-lower-deallocations
// CHECK: module {
// CHECK-NEXT:   func.func @lowering(%arg0: memref<2xf32>, %arg1: memref<3xf32>, %arg2: memref<4xf32>, %arg3: i1, %arg4: i1) -> (i1, i1, i1) {
// CHECK-NEXT:     scf.if %arg3 {
// CHECK-NEXT:       memref.dealloc %arg0 : memref<2xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     %intptr = memref.extract_aligned_pointer_as_index %arg1 : memref<3xf32> -> index
// CHECK-NEXT:     %intptr_0 = memref.extract_aligned_pointer_as_index %arg2 : memref<4xf32> -> index
// CHECK-NEXT:     %0 = arith.cmpi ne, %intptr, %intptr_0 : index
// CHECK-NEXT:     %1 = arith.andi %0, %arg4 : i1
// CHECK-NEXT:     scf.if %1 {
// CHECK-NEXT:       memref.dealloc %arg1 : memref<3xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     %true = arith.constant true
// CHECK-NEXT:     %2 = arith.xori %0, %true : i1
// CHECK-NEXT:     %3 = arith.andi %2, %arg4 : i1
// CHECK-NEXT:     %alloc = memref.alloc() : memref<2xindex>
// CHECK-NEXT:     %alloc_1 = memref.alloc() : memref<2xi1>
// CHECK-NEXT:     %alloc_2 = memref.alloc() : memref<2xindex>
// CHECK-NEXT:     %intptr_3 = memref.extract_aligned_pointer_as_index %arg0 : memref<2xf32> -> index
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     memref.store %intptr_3, %alloc[%c0] : memref<2xindex>
// CHECK-NEXT:     %intptr_4 = memref.extract_aligned_pointer_as_index %arg1 : memref<3xf32> -> index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     memref.store %intptr_4, %alloc[%c1] : memref<2xindex>
// CHECK-NEXT:     %c0_5 = arith.constant 0 : index
// CHECK-NEXT:     memref.store %arg3, %alloc_1[%c0_5] : memref<2xi1>
// CHECK-NEXT:     %c1_6 = arith.constant 1 : index
// CHECK-NEXT:     memref.store %arg4, %alloc_1[%c1_6] : memref<2xi1>
// CHECK-NEXT:     %intptr_7 = memref.extract_aligned_pointer_as_index %arg2 : memref<4xf32> -> index
// CHECK-NEXT:     %c0_8 = arith.constant 0 : index
// CHECK-NEXT:     memref.store %intptr_7, %alloc_2[%c0_8] : memref<2xindex>
// CHECK-NEXT:     %intptr_9 = memref.extract_aligned_pointer_as_index %arg0 : memref<2xf32> -> index
// CHECK-NEXT:     %c1_10 = arith.constant 1 : index
// CHECK-NEXT:     memref.store %intptr_9, %alloc_2[%c1_10] : memref<2xindex>
// CHECK-NEXT:     %cast = memref.cast %alloc : memref<2xindex> to memref<?xindex>
// CHECK-NEXT:     %cast_11 = memref.cast %alloc_1 : memref<2xi1> to memref<?xi1>
// CHECK-NEXT:     %cast_12 = memref.cast %alloc_2 : memref<2xindex> to memref<?xindex>
// CHECK-NEXT:     %alloc_13 = memref.alloc() : memref<2xi1>
// CHECK-NEXT:     %alloc_14 = memref.alloc() : memref<2xi1>
// CHECK-NEXT:     %cast_15 = memref.cast %alloc_13 : memref<2xi1> to memref<?xi1>
// CHECK-NEXT:     %cast_16 = memref.cast %alloc_14 : memref<2xi1> to memref<?xi1>
// CHECK-NEXT:     call @dealloc_helper(%cast, %cast_12, %cast_11, %cast_15, %cast_16) : (memref<?xindex>, memref<?xindex>, memref<?xi1>, memref<?xi1>, memref<?xi1>) -> ()
// CHECK-NEXT:     %c0_17 = arith.constant 0 : index
// CHECK-NEXT:     %4 = memref.load %alloc_13[%c0_17] : memref<2xi1>
// CHECK-NEXT:     scf.if %4 {
// CHECK-NEXT:       memref.dealloc %arg0 : memref<2xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     %c1_18 = arith.constant 1 : index
// CHECK-NEXT:     %5 = memref.load %alloc_13[%c1_18] : memref<2xi1>
// CHECK-NEXT:     scf.if %5 {
// CHECK-NEXT:       memref.dealloc %arg1 : memref<3xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     %c0_19 = arith.constant 0 : index
// CHECK-NEXT:     %6 = memref.load %alloc_14[%c0_19] : memref<2xi1>
// CHECK-NEXT:     %c1_20 = arith.constant 1 : index
// CHECK-NEXT:     %7 = memref.load %alloc_14[%c1_20] : memref<2xi1>
// CHECK-NEXT:     memref.dealloc %alloc : memref<2xindex>
// CHECK-NEXT:     memref.dealloc %alloc_2 : memref<2xindex>
// CHECK-NEXT:     memref.dealloc %alloc_1 : memref<2xi1>
// CHECK-NEXT:     memref.dealloc %alloc_13 : memref<2xi1>
// CHECK-NEXT:     memref.dealloc %alloc_14 : memref<2xi1>
// CHECK-NEXT:     %false = arith.constant false
// CHECK-NEXT:     return %3, %7, %false : i1, i1, i1
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func private @dealloc_helper(%arg0: memref<?xindex>, %arg1: memref<?xindex>, %arg2: memref<?xi1>, %arg3: memref<?xi1>, %arg4: memref<?xi1>) {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %true = arith.constant true
// CHECK-NEXT:     %false = arith.constant false
// CHECK-NEXT:     %dim = memref.dim %arg0, %c0 : memref<?xindex>
// CHECK-NEXT:     %dim_0 = memref.dim %arg1, %c0 : memref<?xindex>
// CHECK-NEXT:     scf.for %arg5 = %c0 to %dim_0 step %c1 {
// CHECK-NEXT:       memref.store %false, %arg4[%arg5] : memref<?xi1>
// CHECK-NEXT:     }
// CHECK-NEXT:     scf.for %arg5 = %c0 to %dim step %c1 {
// CHECK-NEXT:       %0 = memref.load %arg0[%arg5] : memref<?xindex>
// CHECK-NEXT:       %1 = memref.load %arg2[%arg5] : memref<?xi1>
// CHECK-NEXT:       %2 = scf.for %arg6 = %c0 to %dim_0 step %c1 iter_args(%arg7 = %true) -> (i1) {
// CHECK-NEXT:         %5 = memref.load %arg1[%arg6] : memref<?xindex>
// CHECK-NEXT:         %6 = arith.cmpi eq, %5, %0 : index
// CHECK-NEXT:         scf.if %6 {
// CHECK-NEXT:           %9 = memref.load %arg4[%arg6] : memref<?xi1>
// CHECK-NEXT:           %10 = arith.ori %9, %1 : i1
// CHECK-NEXT:           memref.store %10, %arg4[%arg6] : memref<?xi1>
// CHECK-NEXT:         }
// CHECK-NEXT:         %7 = arith.cmpi ne, %5, %0 : index
// CHECK-NEXT:         %8 = arith.andi %arg7, %7 : i1
// CHECK-NEXT:         scf.yield %8 : i1
// CHECK-NEXT:       }
// CHECK-NEXT:       %3 = scf.for %arg6 = %c0 to %arg5 step %c1 iter_args(%arg7 = %2) -> (i1) {
// CHECK-NEXT:         %5 = memref.load %arg0[%arg6] : memref<?xindex>
// CHECK-NEXT:         %6 = arith.cmpi ne, %5, %0 : index
// CHECK-NEXT:         %7 = arith.andi %arg7, %6 : i1
// CHECK-NEXT:         scf.yield %7 : i1
// CHECK-NEXT:       }
// CHECK-NEXT:       %4 = arith.andi %3, %1 : i1
// CHECK-NEXT:       memref.store %4, %arg3[%arg5] : memref<?xi1>
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }

func.func @lowering(%m0: memref<2xf32>, %m1: memref<3xf32>, %r: memref<4xf32>, %c0: i1, %c1: i1) -> (i1, i1, i1) {
  bufferization.dealloc (%m0 : memref<2xf32>) if (%c0)
  %0 = bufferization.dealloc (%m1 : memref<3xf32>) if (%c1) retain (%r : memref<4xf32>)
  %1:2 = bufferization.dealloc (%m0, %m1 : memref<2xf32>, memref<3xf32>) if (%c0, %c1) retain (%r, %m0 : memref<4xf32>, memref<2xf32>)
  %2 = bufferization.dealloc retain (%r : memref<4xf32>)
  return %0, %1#1, %2 : i1, i1, i1
}
