// generate-runtime-verification on the memref ops: load/store/atomic_rmw/
// generic_atomic_rmw indices within the dimensions, dim's index within the
// rank, copy's dynamic sizes, cast's rank/sizes/offset/strides, expand_shape's
// static group sizes dividing the source size, assume_alignment, subview's
// offsets and last positions (scf.if per check); reinterpret_cast has none.
// The message prints the op with the names of the IR the pass started from.
// (mlir-opt 22 crashes on a subview when scf is not loaded; here the input
// loads it.) Check lines: utils/update-mlir-checks.py.
// RUN: lamina-opt -generate-runtime-verification < %s | FileCheck %s
// RUN: lamina-opt -generate-runtime-verification=verbose-level=0 -cse < %s | FileCheck %s --check-prefix=MIN
// RUN: lamina-opt --mlir-print-op-generic -generate-runtime-verification < %s | FileCheck %s --check-prefix=GENERIC
// GEN: -generate-runtime-verification
// CHECK: #map = affine_map<(d0, d1) -> (d0 * 8 + d1)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @load(%arg0: memref<?x4xf32>, %arg1: index, %arg2: index) -> f32 {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c0_0 = arith.constant 0 : index
// CHECK-NEXT:     %dim = memref.dim %arg0, %c0_0 : memref<?x4xf32>
// CHECK-NEXT:     %0 = arith.cmpi sge, %arg1, %c0 : index
// CHECK-NEXT:     %1 = arith.cmpi slt, %arg1, %dim : index
// CHECK-NEXT:     %2 = arith.andi %0, %1 : i1
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c4 = arith.constant 4 : index
// CHECK-NEXT:     %3 = arith.cmpi sge, %arg2, %c0 : index
// CHECK-NEXT:     %4 = arith.cmpi slt, %arg2, %c4 : index
// CHECK-NEXT:     %5 = arith.andi %3, %4 : i1
// CHECK-NEXT:     %6 = arith.andi %2, %5 : i1
// CHECK-NEXT:     cf.assert %6, "ERROR: Runtime op verification failed\0A%0 = memref.load %arg0[%arg1, %arg2] : memref<?x4xf32>\0A^ out-of-bounds access\0ALocation: loc(\22op1\22)"
// CHECK-NEXT:     %7 = memref.load %arg0[%arg1, %arg2] : memref<?x4xf32>
// CHECK-NEXT:     %c0_1 = arith.constant 0 : index
// CHECK-NEXT:     %c0_2 = arith.constant 0 : index
// CHECK-NEXT:     %dim_3 = memref.dim %arg0, %c0_2 : memref<?x4xf32>
// CHECK-NEXT:     %8 = arith.cmpi sge, %arg2, %c0_1 : index
// CHECK-NEXT:     %9 = arith.cmpi slt, %arg2, %dim_3 : index
// CHECK-NEXT:     %10 = arith.andi %8, %9 : i1
// CHECK-NEXT:     %c1_4 = arith.constant 1 : index
// CHECK-NEXT:     %c4_5 = arith.constant 4 : index
// CHECK-NEXT:     %11 = arith.cmpi sge, %arg1, %c0_1 : index
// CHECK-NEXT:     %12 = arith.cmpi slt, %arg1, %c4_5 : index
// CHECK-NEXT:     %13 = arith.andi %11, %12 : i1
// CHECK-NEXT:     %14 = arith.andi %10, %13 : i1
// CHECK-NEXT:     cf.assert %14, "ERROR: Runtime op verification failed\0Amemref.store %0, %arg0[%arg2, %arg1] : memref<?x4xf32>\0A^ out-of-bounds access\0ALocation: loc(\22op2\22)"
// CHECK-NEXT:     memref.store %7, %arg0[%arg2, %arg1] : memref<?x4xf32>
// CHECK-NEXT:     return %7 : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @load_rank0(%arg0: memref<f32>) -> f32 {
// CHECK-NEXT:     %0 = memref.load %arg0[] : memref<f32>
// CHECK-NEXT:     return %0 : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @dim(%arg0: memref<?x4xf32>, %arg1: index) -> index {
// CHECK-NEXT:     %0 = memref.rank %arg0 : memref<?x4xf32>
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %1 = arith.cmpi sge, %arg1, %c0 : index
// CHECK-NEXT:     %2 = arith.cmpi slt, %arg1, %0 : index
// CHECK-NEXT:     %3 = arith.andi %1, %2 : i1
// CHECK-NEXT:     cf.assert %3, "ERROR: Runtime op verification failed\0A%dim = memref.dim %arg0, %arg1 : memref<?x4xf32>\0A^ index is out of bounds\0ALocation: loc(\22op4\22)"
// CHECK-NEXT:     %dim = memref.dim %arg0, %arg1 : memref<?x4xf32>
// CHECK-NEXT:     return %dim : index
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @copy(%arg0: memref<?x4xf32>, %arg1: memref<3x?xf32>) {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %dim = memref.dim %arg0, %c0 : memref<?x4xf32>
// CHECK-NEXT:     %c3 = arith.constant 3 : index
// CHECK-NEXT:     %0 = arith.cmpi eq, %dim, %c3 : index
// CHECK-NEXT:     cf.assert %0, "ERROR: Runtime op verification failed\0Amemref.copy %arg0, %arg1 : memref<?x4xf32> to memref<3x?xf32>\0A^ size of 0-th source/target dim does not match\0ALocation: loc(\22op5\22)"
// CHECK-NEXT:     %c4 = arith.constant 4 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %dim_0 = memref.dim %arg1, %c1 : memref<3x?xf32>
// CHECK-NEXT:     %1 = arith.cmpi eq, %c4, %dim_0 : index
// CHECK-NEXT:     cf.assert %1, "ERROR: Runtime op verification failed\0Amemref.copy %arg0, %arg1 : memref<?x4xf32> to memref<3x?xf32>\0A^ size of 1-th source/target dim does not match\0ALocation: loc(\22op5\22)"
// CHECK-NEXT:     memref.copy %arg0, %arg1 : memref<?x4xf32> to memref<3x?xf32>
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @cast(%arg0: memref<?x?xf32>, %arg1: memref<*xf32>, %arg2: memref<?x?xf32, strided<[?, ?], offset: ?>>) {
// CHECK-NEXT:     %cast = memref.cast %arg0 : memref<?x?xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT:     %base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %cast : memref<?x?xf32, strided<[?, ?], offset: ?>> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
// CHECK-NEXT:     %c4 = arith.constant 4 : index
// CHECK-NEXT:     %0 = arith.cmpi eq, %dim, %c4 : index
// CHECK-NEXT:     cf.assert %0, "ERROR: Runtime op verification failed\0A%cast = memref.cast %arg0 : memref<?x?xf32> to memref<4x?xf32>\0A^ size mismatch of dim 0\0ALocation: loc(\22op6\22)"
// CHECK-NEXT:     %c0_0 = arith.constant 0 : index
// CHECK-NEXT:     %1 = arith.cmpi eq, %offset, %c0_0 : index
// CHECK-NEXT:     cf.assert %1, "ERROR: Runtime op verification failed\0A%cast = memref.cast %arg0 : memref<?x?xf32> to memref<4x?xf32>\0A^ offset mismatch\0ALocation: loc(\22op6\22)"
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %2 = arith.cmpi eq, %strides#1, %c1 : index
// CHECK-NEXT:     cf.assert %2, "ERROR: Runtime op verification failed\0A%cast = memref.cast %arg0 : memref<?x?xf32> to memref<4x?xf32>\0A^ stride mismatch of dim 1\0ALocation: loc(\22op6\22)"
// CHECK-NEXT:     %cast_1 = memref.cast %arg0 : memref<?x?xf32> to memref<4x?xf32>
// CHECK-NEXT:     %3 = memref.rank %arg1 : memref<*xf32>
// CHECK-NEXT:     %c2 = arith.constant 2 : index
// CHECK-NEXT:     %4 = arith.cmpi eq, %3, %c2 : index
// CHECK-NEXT:     cf.assert %4, "ERROR: Runtime op verification failed\0A%cast_0 = memref.cast %arg1 : memref<*xf32> to memref<4x5xf32>\0A^ rank mismatch\0ALocation: loc(\22op7\22)"
// CHECK-NEXT:     %cast_2 = memref.cast %arg1 : memref<*xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT:     %base_buffer_3, %offset_4, %sizes_5:2, %strides_6:2 = memref.extract_strided_metadata %cast_2 : memref<?x?xf32, strided<[?, ?], offset: ?>> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT:     %c0_7 = arith.constant 0 : index
// CHECK-NEXT:     %dim_8 = memref.dim %arg1, %c0_7 : memref<*xf32>
// CHECK-NEXT:     %c4_9 = arith.constant 4 : index
// CHECK-NEXT:     %5 = arith.cmpi eq, %dim_8, %c4_9 : index
// CHECK-NEXT:     cf.assert %5, "ERROR: Runtime op verification failed\0A%cast_0 = memref.cast %arg1 : memref<*xf32> to memref<4x5xf32>\0A^ size mismatch of dim 0\0ALocation: loc(\22op7\22)"
// CHECK-NEXT:     %c1_10 = arith.constant 1 : index
// CHECK-NEXT:     %dim_11 = memref.dim %arg1, %c1_10 : memref<*xf32>
// CHECK-NEXT:     %c5 = arith.constant 5 : index
// CHECK-NEXT:     %6 = arith.cmpi eq, %dim_11, %c5 : index
// CHECK-NEXT:     cf.assert %6, "ERROR: Runtime op verification failed\0A%cast_0 = memref.cast %arg1 : memref<*xf32> to memref<4x5xf32>\0A^ size mismatch of dim 1\0ALocation: loc(\22op7\22)"
// CHECK-NEXT:     %c0_12 = arith.constant 0 : index
// CHECK-NEXT:     %7 = arith.cmpi eq, %offset_4, %c0_12 : index
// CHECK-NEXT:     cf.assert %7, "ERROR: Runtime op verification failed\0A%cast_0 = memref.cast %arg1 : memref<*xf32> to memref<4x5xf32>\0A^ offset mismatch\0ALocation: loc(\22op7\22)"
// CHECK-NEXT:     %c5_13 = arith.constant 5 : index
// CHECK-NEXT:     %8 = arith.cmpi eq, %strides_6#0, %c5_13 : index
// CHECK-NEXT:     cf.assert %8, "ERROR: Runtime op verification failed\0A%cast_0 = memref.cast %arg1 : memref<*xf32> to memref<4x5xf32>\0A^ stride mismatch of dim 0\0ALocation: loc(\22op7\22)"
// CHECK-NEXT:     %c1_14 = arith.constant 1 : index
// CHECK-NEXT:     %9 = arith.cmpi eq, %strides_6#1, %c1_14 : index
// CHECK-NEXT:     cf.assert %9, "ERROR: Runtime op verification failed\0A%cast_0 = memref.cast %arg1 : memref<*xf32> to memref<4x5xf32>\0A^ stride mismatch of dim 1\0ALocation: loc(\22op7\22)"
// CHECK-NEXT:     %cast_15 = memref.cast %arg1 : memref<*xf32> to memref<4x5xf32>
// CHECK-NEXT:     %cast_16 = memref.cast %arg2 : memref<?x?xf32, strided<[?, ?], offset: ?>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT:     %base_buffer_17, %offset_18, %sizes_19:2, %strides_20:2 = memref.extract_strided_metadata %cast_16 : memref<?x?xf32, strided<[?, ?], offset: ?>> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT:     %c0_21 = arith.constant 0 : index
// CHECK-NEXT:     %dim_22 = memref.dim %arg2, %c0_21 : memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT:     %c4_23 = arith.constant 4 : index
// CHECK-NEXT:     %10 = arith.cmpi eq, %dim_22, %c4_23 : index
// CHECK-NEXT:     cf.assert %10, "ERROR: Runtime op verification failed\0A%cast_1 = memref.cast %arg2 : memref<?x?xf32, strided<[?, ?], offset: ?>> to memref<4x?xf32, strided<[?, 1], offset: 3>>\0A^ size mismatch of dim 0\0ALocation: loc(\22op8\22)"
// CHECK-NEXT:     %c3 = arith.constant 3 : index
// CHECK-NEXT:     %11 = arith.cmpi eq, %offset_18, %c3 : index
// CHECK-NEXT:     cf.assert %11, "ERROR: Runtime op verification failed\0A%cast_1 = memref.cast %arg2 : memref<?x?xf32, strided<[?, ?], offset: ?>> to memref<4x?xf32, strided<[?, 1], offset: 3>>\0A^ offset mismatch\0ALocation: loc(\22op8\22)"
// CHECK-NEXT:     %c1_24 = arith.constant 1 : index
// CHECK-NEXT:     %12 = arith.cmpi eq, %strides_20#1, %c1_24 : index
// CHECK-NEXT:     cf.assert %12, "ERROR: Runtime op verification failed\0A%cast_1 = memref.cast %arg2 : memref<?x?xf32, strided<[?, ?], offset: ?>> to memref<4x?xf32, strided<[?, 1], offset: 3>>\0A^ stride mismatch of dim 1\0ALocation: loc(\22op8\22)"
// CHECK-NEXT:     %cast_25 = memref.cast %arg2 : memref<?x?xf32, strided<[?, ?], offset: ?>> to memref<4x?xf32, strided<[?, 1], offset: 3>>
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @align(%arg0: memref<?xf32>) {
// CHECK-NEXT:     %intptr = memref.extract_aligned_pointer_as_index %arg0 : memref<?xf32> -> index
// CHECK-NEXT:     %c16 = arith.constant 16 : index
// CHECK-NEXT:     %0 = arith.remui %intptr, %c16 : index
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %1 = arith.cmpi eq, %0, %c0 : index
// CHECK-NEXT:     cf.assert %1, "ERROR: Runtime op verification failed\0A%assume_align = memref.assume_alignment %arg0, 16 : memref<?xf32>\0A^ memref is not aligned to 16\0ALocation: loc(\22op9\22)"
// CHECK-NEXT:     %assume_align = memref.assume_alignment %arg0, 16 : memref<?xf32>
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @expand(%arg0: memref<?x?xf32>, %arg1: index, %arg2: index) -> memref<?x5x?x2xf32> {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
// CHECK-NEXT:     %c5 = arith.constant 5 : index
// CHECK-NEXT:     %0 = arith.remsi %dim, %c5 : index
// CHECK-NEXT:     %c0_0 = arith.constant 0 : index
// CHECK-NEXT:     %1 = arith.cmpi eq, %0, %c0_0 : index
// CHECK-NEXT:     cf.assert %1, "ERROR: Runtime op verification failed\0A%expand_shape = memref.expand_shape %arg0 {{\[\[}}0, 1], [2, 3]] output_shape [%arg1, 5, %arg2, 2] : memref<?x?xf32> into memref<?x5x?x2xf32>\0A^ static result dims in reassoc group do not divide src dim evenly\0ALocation: loc(\22op10\22)"
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %dim_1 = memref.dim %arg0, %c1 : memref<?x?xf32>
// CHECK-NEXT:     %c2 = arith.constant 2 : index
// CHECK-NEXT:     %2 = arith.remsi %dim_1, %c2 : index
// CHECK-NEXT:     %c0_2 = arith.constant 0 : index
// CHECK-NEXT:     %3 = arith.cmpi eq, %2, %c0_2 : index
// CHECK-NEXT:     cf.assert %3, "ERROR: Runtime op verification failed\0A%expand_shape = memref.expand_shape %arg0 {{\[\[}}0, 1], [2, 3]] output_shape [%arg1, 5, %arg2, 2] : memref<?x?xf32> into memref<?x5x?x2xf32>\0A^ static result dims in reassoc group do not divide src dim evenly\0ALocation: loc(\22op10\22)"
// CHECK-NEXT:     %expand_shape = memref.expand_shape %arg0 {{\[\[}}0, 1], [2, 3]] output_shape [%arg1, 5, %arg2, 2] : memref<?x?xf32> into memref<?x5x?x2xf32>
// CHECK-NEXT:     return %expand_shape : memref<?x5x?x2xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @rmw(%arg0: memref<?xf32>, %arg1: index, %arg2: f32) -> f32 {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c0_0 = arith.constant 0 : index
// CHECK-NEXT:     %dim = memref.dim %arg0, %c0_0 : memref<?xf32>
// CHECK-NEXT:     %0 = arith.cmpi sge, %arg1, %c0 : index
// CHECK-NEXT:     %1 = arith.cmpi slt, %arg1, %dim : index
// CHECK-NEXT:     %2 = arith.andi %0, %1 : i1
// CHECK-NEXT:     cf.assert %2, "ERROR: Runtime op verification failed\0A%0 = memref.atomic_rmw addf %arg2, %arg0[%arg1] : (f32, memref<?xf32>) -> f32\0A^ out-of-bounds access\0ALocation: loc(\22op11\22)"
// CHECK-NEXT:     %3 = memref.atomic_rmw addf %arg2, %arg0[%arg1] : (f32, memref<?xf32>) -> f32
// CHECK-NEXT:     %c0_1 = arith.constant 0 : index
// CHECK-NEXT:     %c0_2 = arith.constant 0 : index
// CHECK-NEXT:     %dim_3 = memref.dim %arg0, %c0_2 : memref<?xf32>
// CHECK-NEXT:     %4 = arith.cmpi sge, %arg1, %c0_1 : index
// CHECK-NEXT:     %5 = arith.cmpi slt, %arg1, %dim_3 : index
// CHECK-NEXT:     %6 = arith.andi %4, %5 : i1
// CHECK-NEXT:     cf.assert %6, "ERROR: Runtime op verification failed\0A%1 = memref.generic_atomic_rmw %arg0[%arg1] : memref<?xf32> {...}\0A^ out-of-bounds access\0ALocation: loc(\22op12\22)"
// CHECK-NEXT:     %7 = memref.generic_atomic_rmw %arg0[%arg1] : memref<?xf32> {
// CHECK-NEXT:     ^bb0(%arg3: f32):
// CHECK-NEXT:       memref.atomic_yield %arg3 : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     return %7 : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @rc(%arg0: memref<?xf32>, %arg1: index) -> memref<4xf32, strided<[1], offset: ?>> {
// CHECK-NEXT:     %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [%arg1], sizes: [4], strides: [1] : memref<?xf32> to memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT:     return %reinterpret_cast : memref<4xf32, strided<[1], offset: ?>>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @subview_dynamic(%arg0: memref<?x8xf32>, %arg1: index, %arg2: index, %arg3: i1) -> memref<?x4xf32, strided<[8, 1], offset: ?>> {
// CHECK-NEXT:     scf.if %arg3 {
// CHECK-NEXT:     }
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %arg0 : memref<?x8xf32> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT:     %c1_0 = arith.constant 1 : index
// CHECK-NEXT:     %0 = arith.cmpi eq, %arg2, %c0 : index
// CHECK-NEXT:     %1 = scf.if %0 -> (i1) {
// CHECK-NEXT:       %8 = arith.cmpi sge, %arg1, %c0 : index
// CHECK-NEXT:       %9 = arith.cmpi sle, %arg1, %sizes#0 : index
// CHECK-NEXT:       %10 = arith.andi %8, %9 : i1
// CHECK-NEXT:       scf.yield %10 : i1
// CHECK-NEXT:     } else {
// CHECK-NEXT:       %8 = arith.cmpi sge, %arg1, %c0 : index
// CHECK-NEXT:       %9 = arith.cmpi slt, %arg1, %sizes#0 : index
// CHECK-NEXT:       %10 = arith.andi %8, %9 : i1
// CHECK-NEXT:       scf.yield %10 : i1
// CHECK-NEXT:     }
// CHECK-NEXT:     cf.assert %1, "ERROR: Runtime op verification failed\0A%subview = memref.subview %arg0[%arg1, 2] [%arg2, 4] [1, 1] : memref<?x8xf32> to memref<?x4xf32, strided<[8, 1], offset: ?>>\0A^ offset 0 is out-of-bounds\0ALocation: loc(\22op14\22)"
// CHECK-NEXT:     %2 = arith.cmpi sgt, %arg2, %c0 : index
// CHECK-NEXT:     %3 = scf.if %2 -> (i1) {
// CHECK-NEXT:       %8 = arith.subi %arg2, %c1 : index
// CHECK-NEXT:       %9 = arith.muli %8, %c1_0 : index
// CHECK-NEXT:       %10 = arith.addi %arg1, %9 : index
// CHECK-NEXT:       %11 = arith.cmpi sge, %10, %c0 : index
// CHECK-NEXT:       %12 = arith.cmpi slt, %10, %sizes#0 : index
// CHECK-NEXT:       %13 = arith.andi %11, %12 : i1
// CHECK-NEXT:       scf.yield %13 : i1
// CHECK-NEXT:     } else {
// CHECK-NEXT:       %true = arith.constant true
// CHECK-NEXT:       scf.yield %true : i1
// CHECK-NEXT:     }
// CHECK-NEXT:     cf.assert %3, "ERROR: Runtime op verification failed\0A%subview = memref.subview %arg0[%arg1, 2] [%arg2, 4] [1, 1] : memref<?x8xf32> to memref<?x4xf32, strided<[8, 1], offset: ?>>\0A^ subview runs out-of-bounds along dimension 0\0ALocation: loc(\22op14\22)"
// CHECK-NEXT:     %c2 = arith.constant 2 : index
// CHECK-NEXT:     %c4 = arith.constant 4 : index
// CHECK-NEXT:     %c1_1 = arith.constant 1 : index
// CHECK-NEXT:     %4 = arith.cmpi eq, %c4, %c0 : index
// CHECK-NEXT:     %5 = scf.if %4 -> (i1) {
// CHECK-NEXT:       %8 = arith.cmpi sge, %c2, %c0 : index
// CHECK-NEXT:       %9 = arith.cmpi sle, %c2, %sizes#1 : index
// CHECK-NEXT:       %10 = arith.andi %8, %9 : i1
// CHECK-NEXT:       scf.yield %10 : i1
// CHECK-NEXT:     } else {
// CHECK-NEXT:       %true = arith.constant true
// CHECK-NEXT:       %8 = arith.cmpi sgt, %sizes#1, %c2 : index
// CHECK-NEXT:       scf.yield %8 : i1
// CHECK-NEXT:     }
// CHECK-NEXT:     cf.assert %5, "ERROR: Runtime op verification failed\0A%subview = memref.subview %arg0[%arg1, 2] [%arg2, 4] [1, 1] : memref<?x8xf32> to memref<?x4xf32, strided<[8, 1], offset: ?>>\0A^ offset 1 is out-of-bounds\0ALocation: loc(\22op14\22)"
// CHECK-NEXT:     %6 = arith.cmpi sgt, %c4, %c0 : index
// CHECK-NEXT:     %7 = scf.if %6 -> (i1) {
// CHECK-NEXT:       %8 = arith.subi %c4, %c1 : index
// CHECK-NEXT:       %9 = arith.muli %8, %c1_1 : index
// CHECK-NEXT:       %10 = arith.addi %c2, %9 : index
// CHECK-NEXT:       %11 = arith.cmpi sge, %10, %c0 : index
// CHECK-NEXT:       %12 = arith.cmpi slt, %10, %sizes#1 : index
// CHECK-NEXT:       %13 = arith.andi %11, %12 : i1
// CHECK-NEXT:       scf.yield %13 : i1
// CHECK-NEXT:     } else {
// CHECK-NEXT:       %true = arith.constant true
// CHECK-NEXT:       scf.yield %true : i1
// CHECK-NEXT:     }
// CHECK-NEXT:     cf.assert %7, "ERROR: Runtime op verification failed\0A%subview = memref.subview %arg0[%arg1, 2] [%arg2, 4] [1, 1] : memref<?x8xf32> to memref<?x4xf32, strided<[8, 1], offset: ?>>\0A^ subview runs out-of-bounds along dimension 1\0ALocation: loc(\22op14\22)"
// CHECK-NEXT:     %subview = memref.subview %arg0[%arg1, 2] [%arg2, 4] [1, 1] : memref<?x8xf32> to memref<?x4xf32, strided<[8, 1], offset: ?>>
// CHECK-NEXT:     return %subview : memref<?x4xf32, strided<[8, 1], offset: ?>>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @dim_const(%arg0: memref<?x4xf32>) -> index {
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %0 = memref.rank %arg0 : memref<?x4xf32>
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %true = arith.constant true
// CHECK-NEXT:     %1 = arith.cmpi sgt, %0, %c1 : index
// CHECK-NEXT:     cf.assert %1, "ERROR: Runtime op verification failed\0A%dim = memref.dim %arg0, %c1 : memref<?x4xf32>\0A^ index is out of bounds\0ALocation: loc(\22op15\22)"
// CHECK-NEXT:     %dim = memref.dim %arg0, %c1 : memref<?x4xf32>
// CHECK-NEXT:     return %dim : index
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @ld(%arg0: memref<?x4xf32>, %arg1: index) -> f32 {
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c0_0 = arith.constant 0 : index
// CHECK-NEXT:     %dim = memref.dim %arg0, %c0_0 : memref<?x4xf32>
// CHECK-NEXT:     %true = arith.constant true
// CHECK-NEXT:     %0 = arith.cmpi sgt, %dim, %c1 : index
// CHECK-NEXT:     %c1_1 = arith.constant 1 : index
// CHECK-NEXT:     %c4 = arith.constant 4 : index
// CHECK-NEXT:     %1 = arith.cmpi sge, %arg1, %c0 : index
// CHECK-NEXT:     %2 = arith.cmpi slt, %arg1, %c4 : index
// CHECK-NEXT:     %3 = arith.andi %1, %2 : i1
// CHECK-NEXT:     %4 = arith.andi %0, %3 : i1
// CHECK-NEXT:     cf.assert %4, "ERROR: Runtime op verification failed\0A%0 = memref.load %arg0[%c1, %arg1] : memref<?x4xf32>\0A^ out-of-bounds access\0ALocation: loc(\22op16\22)"
// CHECK-NEXT:     %5 = memref.load %arg0[%c1, %arg1] : memref<?x4xf32>
// CHECK-NEXT:     %c0_2 = arith.constant 0 : index
// CHECK-NEXT:     %c0_3 = arith.constant 0 : index
// CHECK-NEXT:     %dim_4 = memref.dim %arg0, %c0_3 : memref<?x4xf32>
// CHECK-NEXT:     %6 = arith.cmpi sge, %arg1, %c0_2 : index
// CHECK-NEXT:     %7 = arith.cmpi slt, %arg1, %dim_4 : index
// CHECK-NEXT:     %8 = arith.andi %6, %7 : i1
// CHECK-NEXT:     %c1_5 = arith.constant 1 : index
// CHECK-NEXT:     %c4_6 = arith.constant 4 : index
// CHECK-NEXT:     %true_7 = arith.constant true
// CHECK-NEXT:     %true_8 = arith.constant true
// CHECK-NEXT:     cf.assert %8, "ERROR: Runtime op verification failed\0A%1 = memref.load %arg0[%arg1, %c1] : memref<?x4xf32>\0A^ out-of-bounds access\0ALocation: loc(\22op17\22)"
// CHECK-NEXT:     %9 = memref.load %arg0[%arg1, %c1] : memref<?x4xf32>
// CHECK-NEXT:     return %5 : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @layout(%arg0: memref<4x?xf32, #map>, %arg1: index, %arg2: memref<*xf32>, %arg3: memref<?x?xf32>) {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c0_0 = arith.constant 0 : index
// CHECK-NEXT:     %c4 = arith.constant 4 : index
// CHECK-NEXT:     %0 = arith.cmpi sge, %arg1, %c0 : index
// CHECK-NEXT:     %1 = arith.cmpi slt, %arg1, %c4 : index
// CHECK-NEXT:     %2 = arith.andi %0, %1 : i1
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %dim = memref.dim %arg0, %c1 : memref<4x?xf32, #map>
// CHECK-NEXT:     %3 = arith.cmpi sge, %arg1, %c0 : index
// CHECK-NEXT:     %4 = arith.cmpi slt, %arg1, %dim : index
// CHECK-NEXT:     %5 = arith.andi %3, %4 : i1
// CHECK-NEXT:     %6 = arith.andi %2, %5 : i1
// CHECK-NEXT:     cf.assert %6, "ERROR: Runtime op verification failed\0A%0 = memref.load %arg0[%arg1, %arg1] : memref<4x?xf32, affine_map<(d0, d1) -> (d0 * 8 + d1)>>\0A^ out-of-bounds access\0ALocation: loc(\22op18\22)"
// CHECK-NEXT:     %7 = memref.load %arg0[%arg1, %arg1] : memref<4x?xf32, #map>
// CHECK-NEXT:     memref.copy %arg2, %arg3 : memref<*xf32> to memref<?x?xf32>
// CHECK-NEXT:     %cast = memref.cast %arg3 : memref<?x?xf32> to memref<*xf32>
// CHECK-NEXT:     %8 = memref.rank %arg2 : memref<*xf32>
// CHECK-NEXT:     %c2 = arith.constant 2 : index
// CHECK-NEXT:     %9 = arith.cmpi eq, %8, %c2 : index
// CHECK-NEXT:     cf.assert %9, "ERROR: Runtime op verification failed\0A%cast_0 = memref.cast %arg2 : memref<*xf32> to memref<?x?xf32>\0A^ rank mismatch\0ALocation: loc(\22op21\22)"
// CHECK-NEXT:     %cast_1 = memref.cast %arg2 : memref<*xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT:     %base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %cast_1 : memref<?x?xf32, strided<[?, ?], offset: ?>> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT:     %c0_2 = arith.constant 0 : index
// CHECK-NEXT:     %10 = arith.cmpi eq, %offset, %c0_2 : index
// CHECK-NEXT:     cf.assert %10, "ERROR: Runtime op verification failed\0A%cast_0 = memref.cast %arg2 : memref<*xf32> to memref<?x?xf32>\0A^ offset mismatch\0ALocation: loc(\22op21\22)"
// CHECK-NEXT:     %c1_3 = arith.constant 1 : index
// CHECK-NEXT:     %11 = arith.cmpi eq, %strides#1, %c1_3 : index
// CHECK-NEXT:     cf.assert %11, "ERROR: Runtime op verification failed\0A%cast_0 = memref.cast %arg2 : memref<*xf32> to memref<?x?xf32>\0A^ stride mismatch of dim 1\0ALocation: loc(\22op21\22)"
// CHECK-NEXT:     %cast_4 = memref.cast %arg2 : memref<*xf32> to memref<?x?xf32>
// CHECK-NEXT:     scf.for %arg4 = %arg1 to %arg1 step %arg1 {
// CHECK-NEXT:       %c0_32 = arith.constant 0 : index
// CHECK-NEXT:       %c0_33 = arith.constant 0 : index
// CHECK-NEXT:       %dim_34 = memref.dim %arg3, %c0_33 : memref<?x?xf32>
// CHECK-NEXT:       %22 = arith.cmpi sge, %arg4, %c0_32 : index
// CHECK-NEXT:       %23 = arith.cmpi slt, %arg4, %dim_34 : index
// CHECK-NEXT:       %24 = arith.andi %22, %23 : i1
// CHECK-NEXT:       %c1_35 = arith.constant 1 : index
// CHECK-NEXT:       %dim_36 = memref.dim %arg3, %c1_35 : memref<?x?xf32>
// CHECK-NEXT:       %25 = arith.cmpi sge, %arg1, %c0_32 : index
// CHECK-NEXT:       %26 = arith.cmpi slt, %arg1, %dim_36 : index
// CHECK-NEXT:       %27 = arith.andi %25, %26 : i1
// CHECK-NEXT:       %28 = arith.andi %24, %27 : i1
// CHECK-NEXT:       cf.assert %28, "ERROR: Runtime op verification failed\0A%3 = memref.load %arg3[%arg4, %arg1] {nontemporal = true} : memref<?x?xf32>\0A^ out-of-bounds access\0ALocation: loc(\22op22\22)"
// CHECK-NEXT:       %29 = memref.load %arg3[%arg4, %arg1] {nontemporal = true} : memref<?x?xf32>
// CHECK-NEXT:       %c0_37 = arith.constant 0 : index
// CHECK-NEXT:       %c0_38 = arith.constant 0 : index
// CHECK-NEXT:       %dim_39 = memref.dim %arg3, %c0_38 : memref<?x?xf32>
// CHECK-NEXT:       %30 = arith.cmpi sge, %arg1, %c0_37 : index
// CHECK-NEXT:       %31 = arith.cmpi slt, %arg1, %dim_39 : index
// CHECK-NEXT:       %32 = arith.andi %30, %31 : i1
// CHECK-NEXT:       %c1_40 = arith.constant 1 : index
// CHECK-NEXT:       %dim_41 = memref.dim %arg3, %c1_40 : memref<?x?xf32>
// CHECK-NEXT:       %33 = arith.cmpi sge, %arg4, %c0_37 : index
// CHECK-NEXT:       %34 = arith.cmpi slt, %arg4, %dim_41 : index
// CHECK-NEXT:       %35 = arith.andi %33, %34 : i1
// CHECK-NEXT:       %36 = arith.andi %32, %35 : i1
// CHECK-NEXT:       cf.assert %36, "ERROR: Runtime op verification failed\0Amemref.store %3, %arg3[%arg1, %arg4] : memref<?x?xf32>\0A^ out-of-bounds access\0ALocation: loc(\22op23\22)"
// CHECK-NEXT:       memref.store %29, %arg3[%arg1, %arg4] : memref<?x?xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:     %alloca = memref.alloca() : memref<2x3xf32>
// CHECK-NEXT:     %c1_5 = arith.constant 1 : index
// CHECK-NEXT:     %c2_6 = arith.constant 2 : index
// CHECK-NEXT:     %c0_7 = arith.constant 0 : index
// CHECK-NEXT:     %c0_8 = arith.constant 0 : index
// CHECK-NEXT:     %c2_9 = arith.constant 2 : index
// CHECK-NEXT:     %true = arith.constant true
// CHECK-NEXT:     %true_10 = arith.constant true
// CHECK-NEXT:     %c1_11 = arith.constant 1 : index
// CHECK-NEXT:     %c3 = arith.constant 3 : index
// CHECK-NEXT:     %true_12 = arith.constant true
// CHECK-NEXT:     %true_13 = arith.constant true
// CHECK-NEXT:     cf.assert %true, "ERROR: Runtime op verification failed\0A%1 = memref.load %alloca[%c1, %c2] : memref<2x3xf32>\0A^ out-of-bounds access\0ALocation: loc(\22op24\22)"
// CHECK-NEXT:     %12 = memref.load %alloca[%c1_5, %c2_6] : memref<2x3xf32>
// CHECK-NEXT:     %c0_14 = arith.constant 0 : index
// CHECK-NEXT:     %c0_15 = arith.constant 0 : index
// CHECK-NEXT:     %c2_16 = arith.constant 2 : index
// CHECK-NEXT:     %true_17 = arith.constant true
// CHECK-NEXT:     %false = arith.constant false
// CHECK-NEXT:     %c1_18 = arith.constant 1 : index
// CHECK-NEXT:     %c3_19 = arith.constant 3 : index
// CHECK-NEXT:     %true_20 = arith.constant true
// CHECK-NEXT:     %true_21 = arith.constant true
// CHECK-NEXT:     cf.assert %false, "ERROR: Runtime op verification failed\0A%2 = memref.load %alloca[%c2, %c1] : memref<2x3xf32>\0A^ out-of-bounds access\0ALocation: loc(\22op25\22)"
// CHECK-NEXT:     %13 = memref.load %alloca[%c2_6, %c1_5] : memref<2x3xf32>
// CHECK-NEXT:     %c0_22 = arith.constant 0 : index
// CHECK-NEXT:     %dim_23 = memref.dim %arg3, %c0_22 : memref<?x?xf32>
// CHECK-NEXT:     %c3_24 = arith.constant 3 : index
// CHECK-NEXT:     %14 = arith.remsi %dim_23, %c3_24 : index
// CHECK-NEXT:     %c0_25 = arith.constant 0 : index
// CHECK-NEXT:     %15 = arith.cmpi eq, %14, %c0_25 : index
// CHECK-NEXT:     cf.assert %15, "ERROR: Runtime op verification failed\0A%expand_shape = memref.expand_shape %arg3 {{\[\[}}0, 1], [2]] output_shape [%arg1, 3, %arg1] : memref<?x?xf32> into memref<?x3x?xf32>\0A^ static result dims in reassoc group do not divide src dim evenly\0ALocation: loc(\22op26\22)"
// CHECK-NEXT:     %c1_26 = arith.constant 1 : index
// CHECK-NEXT:     %dim_27 = memref.dim %arg3, %c1_26 : memref<?x?xf32>
// CHECK-NEXT:     %c1_28 = arith.constant 1 : index
// CHECK-NEXT:     %16 = arith.remsi %dim_27, %c1_28 : index
// CHECK-NEXT:     %c0_29 = arith.constant 0 : index
// CHECK-NEXT:     %17 = arith.cmpi eq, %16, %c0_29 : index
// CHECK-NEXT:     cf.assert %17, "ERROR: Runtime op verification failed\0A%expand_shape = memref.expand_shape %arg3 {{\[\[}}0, 1], [2]] output_shape [%arg1, 3, %arg1] : memref<?x?xf32> into memref<?x3x?xf32>\0A^ static result dims in reassoc group do not divide src dim evenly\0ALocation: loc(\22op26\22)"
// CHECK-NEXT:     %expand_shape = memref.expand_shape %arg3 {{\[\[}}0, 1], [2]] output_shape [%arg1, 3, %arg1] : memref<?x?xf32> into memref<?x3x?xf32>
// CHECK-NEXT:     %18 = memref.rank %alloca : memref<2x3xf32>
// CHECK-NEXT:     %c0_30 = arith.constant 0 : index
// CHECK-NEXT:     %19 = arith.cmpi sge, %arg1, %c0_30 : index
// CHECK-NEXT:     %20 = arith.cmpi slt, %arg1, %18 : index
// CHECK-NEXT:     %21 = arith.andi %19, %20 : i1
// CHECK-NEXT:     cf.assert %21, "ERROR: Runtime op verification failed\0A%dim = memref.dim %alloca, %arg1 : memref<2x3xf32>\0A^ index is out of bounds\0ALocation: loc(\22op27\22)"
// CHECK-NEXT:     %dim_31 = memref.dim %alloca, %arg1 : memref<2x3xf32>
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @empty() {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
// GEN-MIN: -generate-runtime-verification=verbose-level=0 -cse
// MIN: #map = affine_map<(d0, d1) -> (d0 * 8 + d1)>
// MIN-NEXT: module {
// MIN-NEXT:   func.func @load(%arg0: memref<?x4xf32>, %arg1: index, %arg2: index) -> f32 {
// MIN-NEXT:     %c0 = arith.constant 0 : index
// MIN-NEXT:     %dim = memref.dim %arg0, %c0 : memref<?x4xf32>
// MIN-NEXT:     %0 = arith.cmpi sge, %arg1, %c0 : index
// MIN-NEXT:     %1 = arith.cmpi slt, %arg1, %dim : index
// MIN-NEXT:     %2 = arith.andi %0, %1 : i1
// MIN-NEXT:     %c4 = arith.constant 4 : index
// MIN-NEXT:     %3 = arith.cmpi sge, %arg2, %c0 : index
// MIN-NEXT:     %4 = arith.cmpi slt, %arg2, %c4 : index
// MIN-NEXT:     %5 = arith.andi %3, %4 : i1
// MIN-NEXT:     %6 = arith.andi %2, %5 : i1
// MIN-NEXT:     cf.assert %6, "ERROR: Runtime op verification failed\0A^ out-of-bounds access\0ALocation: loc(\22op1\22)"
// MIN-NEXT:     %7 = memref.load %arg0[%arg1, %arg2] : memref<?x4xf32>
// MIN-NEXT:     %8 = arith.cmpi slt, %arg2, %dim : index
// MIN-NEXT:     %9 = arith.andi %3, %8 : i1
// MIN-NEXT:     %10 = arith.cmpi slt, %arg1, %c4 : index
// MIN-NEXT:     %11 = arith.andi %0, %10 : i1
// MIN-NEXT:     %12 = arith.andi %9, %11 : i1
// MIN-NEXT:     cf.assert %12, "ERROR: Runtime op verification failed\0A^ out-of-bounds access\0ALocation: loc(\22op2\22)"
// MIN-NEXT:     memref.store %7, %arg0[%arg2, %arg1] : memref<?x4xf32>
// MIN-NEXT:     return %7 : f32
// MIN-NEXT:   }
// MIN-NEXT:   func.func @load_rank0(%arg0: memref<f32>) -> f32 {
// MIN-NEXT:     %0 = memref.load %arg0[] : memref<f32>
// MIN-NEXT:     return %0 : f32
// MIN-NEXT:   }
// MIN-NEXT:   func.func @dim(%arg0: memref<?x4xf32>, %arg1: index) -> index {
// MIN-NEXT:     %0 = memref.rank %arg0 : memref<?x4xf32>
// MIN-NEXT:     %c0 = arith.constant 0 : index
// MIN-NEXT:     %1 = arith.cmpi sge, %arg1, %c0 : index
// MIN-NEXT:     %2 = arith.cmpi slt, %arg1, %0 : index
// MIN-NEXT:     %3 = arith.andi %1, %2 : i1
// MIN-NEXT:     cf.assert %3, "ERROR: Runtime op verification failed\0A^ index is out of bounds\0ALocation: loc(\22op4\22)"
// MIN-NEXT:     %dim = memref.dim %arg0, %arg1 : memref<?x4xf32>
// MIN-NEXT:     return %dim : index
// MIN-NEXT:   }
// MIN-NEXT:   func.func @copy(%arg0: memref<?x4xf32>, %arg1: memref<3x?xf32>) {
// MIN-NEXT:     %c0 = arith.constant 0 : index
// MIN-NEXT:     %dim = memref.dim %arg0, %c0 : memref<?x4xf32>
// MIN-NEXT:     %c3 = arith.constant 3 : index
// MIN-NEXT:     %0 = arith.cmpi eq, %dim, %c3 : index
// MIN-NEXT:     cf.assert %0, "ERROR: Runtime op verification failed\0A^ size of 0-th source/target dim does not match\0ALocation: loc(\22op5\22)"
// MIN-NEXT:     %c4 = arith.constant 4 : index
// MIN-NEXT:     %c1 = arith.constant 1 : index
// MIN-NEXT:     %dim_0 = memref.dim %arg1, %c1 : memref<3x?xf32>
// MIN-NEXT:     %1 = arith.cmpi eq, %c4, %dim_0 : index
// MIN-NEXT:     cf.assert %1, "ERROR: Runtime op verification failed\0A^ size of 1-th source/target dim does not match\0ALocation: loc(\22op5\22)"
// MIN-NEXT:     memref.copy %arg0, %arg1 : memref<?x4xf32> to memref<3x?xf32>
// MIN-NEXT:     return
// MIN-NEXT:   }
// MIN-NEXT:   func.func @cast(%arg0: memref<?x?xf32>, %arg1: memref<*xf32>, %arg2: memref<?x?xf32, strided<[?, ?], offset: ?>>) {
// MIN-NEXT:     %cast = memref.cast %arg0 : memref<?x?xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
// MIN-NEXT:     %base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %cast : memref<?x?xf32, strided<[?, ?], offset: ?>> -> memref<f32>, index, index, index, index, index
// MIN-NEXT:     %c0 = arith.constant 0 : index
// MIN-NEXT:     %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
// MIN-NEXT:     %c4 = arith.constant 4 : index
// MIN-NEXT:     %0 = arith.cmpi eq, %dim, %c4 : index
// MIN-NEXT:     cf.assert %0, "ERROR: Runtime op verification failed\0A^ size mismatch of dim 0\0ALocation: loc(\22op6\22)"
// MIN-NEXT:     %1 = arith.cmpi eq, %offset, %c0 : index
// MIN-NEXT:     cf.assert %1, "ERROR: Runtime op verification failed\0A^ offset mismatch\0ALocation: loc(\22op6\22)"
// MIN-NEXT:     %c1 = arith.constant 1 : index
// MIN-NEXT:     %2 = arith.cmpi eq, %strides#1, %c1 : index
// MIN-NEXT:     cf.assert %2, "ERROR: Runtime op verification failed\0A^ stride mismatch of dim 1\0ALocation: loc(\22op6\22)"
// MIN-NEXT:     %3 = memref.rank %arg1 : memref<*xf32>
// MIN-NEXT:     %c2 = arith.constant 2 : index
// MIN-NEXT:     %4 = arith.cmpi eq, %3, %c2 : index
// MIN-NEXT:     cf.assert %4, "ERROR: Runtime op verification failed\0A^ rank mismatch\0ALocation: loc(\22op7\22)"
// MIN-NEXT:     %cast_0 = memref.cast %arg1 : memref<*xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
// MIN-NEXT:     %base_buffer_1, %offset_2, %sizes_3:2, %strides_4:2 = memref.extract_strided_metadata %cast_0 : memref<?x?xf32, strided<[?, ?], offset: ?>> -> memref<f32>, index, index, index, index, index
// MIN-NEXT:     %dim_5 = memref.dim %arg1, %c0 : memref<*xf32>
// MIN-NEXT:     %5 = arith.cmpi eq, %dim_5, %c4 : index
// MIN-NEXT:     cf.assert %5, "ERROR: Runtime op verification failed\0A^ size mismatch of dim 0\0ALocation: loc(\22op7\22)"
// MIN-NEXT:     %dim_6 = memref.dim %arg1, %c1 : memref<*xf32>
// MIN-NEXT:     %c5 = arith.constant 5 : index
// MIN-NEXT:     %6 = arith.cmpi eq, %dim_6, %c5 : index
// MIN-NEXT:     cf.assert %6, "ERROR: Runtime op verification failed\0A^ size mismatch of dim 1\0ALocation: loc(\22op7\22)"
// MIN-NEXT:     %7 = arith.cmpi eq, %offset_2, %c0 : index
// MIN-NEXT:     cf.assert %7, "ERROR: Runtime op verification failed\0A^ offset mismatch\0ALocation: loc(\22op7\22)"
// MIN-NEXT:     %8 = arith.cmpi eq, %strides_4#0, %c5 : index
// MIN-NEXT:     cf.assert %8, "ERROR: Runtime op verification failed\0A^ stride mismatch of dim 0\0ALocation: loc(\22op7\22)"
// MIN-NEXT:     %9 = arith.cmpi eq, %strides_4#1, %c1 : index
// MIN-NEXT:     cf.assert %9, "ERROR: Runtime op verification failed\0A^ stride mismatch of dim 1\0ALocation: loc(\22op7\22)"
// MIN-NEXT:     %cast_7 = memref.cast %arg2 : memref<?x?xf32, strided<[?, ?], offset: ?>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
// MIN-NEXT:     %base_buffer_8, %offset_9, %sizes_10:2, %strides_11:2 = memref.extract_strided_metadata %cast_7 : memref<?x?xf32, strided<[?, ?], offset: ?>> -> memref<f32>, index, index, index, index, index
// MIN-NEXT:     %dim_12 = memref.dim %arg2, %c0 : memref<?x?xf32, strided<[?, ?], offset: ?>>
// MIN-NEXT:     %10 = arith.cmpi eq, %dim_12, %c4 : index
// MIN-NEXT:     cf.assert %10, "ERROR: Runtime op verification failed\0A^ size mismatch of dim 0\0ALocation: loc(\22op8\22)"
// MIN-NEXT:     %c3 = arith.constant 3 : index
// MIN-NEXT:     %11 = arith.cmpi eq, %offset_9, %c3 : index
// MIN-NEXT:     cf.assert %11, "ERROR: Runtime op verification failed\0A^ offset mismatch\0ALocation: loc(\22op8\22)"
// MIN-NEXT:     %12 = arith.cmpi eq, %strides_11#1, %c1 : index
// MIN-NEXT:     cf.assert %12, "ERROR: Runtime op verification failed\0A^ stride mismatch of dim 1\0ALocation: loc(\22op8\22)"
// MIN-NEXT:     return
// MIN-NEXT:   }
// MIN-NEXT:   func.func @align(%arg0: memref<?xf32>) {
// MIN-NEXT:     %intptr = memref.extract_aligned_pointer_as_index %arg0 : memref<?xf32> -> index
// MIN-NEXT:     %c16 = arith.constant 16 : index
// MIN-NEXT:     %0 = arith.remui %intptr, %c16 : index
// MIN-NEXT:     %c0 = arith.constant 0 : index
// MIN-NEXT:     %1 = arith.cmpi eq, %0, %c0 : index
// MIN-NEXT:     cf.assert %1, "ERROR: Runtime op verification failed\0A^ memref is not aligned to 16\0ALocation: loc(\22op9\22)"
// MIN-NEXT:     return
// MIN-NEXT:   }
// MIN-NEXT:   func.func @expand(%arg0: memref<?x?xf32>, %arg1: index, %arg2: index) -> memref<?x5x?x2xf32> {
// MIN-NEXT:     %c0 = arith.constant 0 : index
// MIN-NEXT:     %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
// MIN-NEXT:     %c5 = arith.constant 5 : index
// MIN-NEXT:     %0 = arith.remsi %dim, %c5 : index
// MIN-NEXT:     %1 = arith.cmpi eq, %0, %c0 : index
// MIN-NEXT:     cf.assert %1, "ERROR: Runtime op verification failed\0A^ static result dims in reassoc group do not divide src dim evenly\0ALocation: loc(\22op10\22)"
// MIN-NEXT:     %c1 = arith.constant 1 : index
// MIN-NEXT:     %dim_0 = memref.dim %arg0, %c1 : memref<?x?xf32>
// MIN-NEXT:     %c2 = arith.constant 2 : index
// MIN-NEXT:     %2 = arith.remsi %dim_0, %c2 : index
// MIN-NEXT:     %3 = arith.cmpi eq, %2, %c0 : index
// MIN-NEXT:     cf.assert %3, "ERROR: Runtime op verification failed\0A^ static result dims in reassoc group do not divide src dim evenly\0ALocation: loc(\22op10\22)"
// MIN-NEXT:     %expand_shape = memref.expand_shape %arg0 {{\[\[}}0, 1], [2, 3]] output_shape [%arg1, 5, %arg2, 2] : memref<?x?xf32> into memref<?x5x?x2xf32>
// MIN-NEXT:     return %expand_shape : memref<?x5x?x2xf32>
// MIN-NEXT:   }
// MIN-NEXT:   func.func @rmw(%arg0: memref<?xf32>, %arg1: index, %arg2: f32) -> f32 {
// MIN-NEXT:     %c0 = arith.constant 0 : index
// MIN-NEXT:     %dim = memref.dim %arg0, %c0 : memref<?xf32>
// MIN-NEXT:     %0 = arith.cmpi sge, %arg1, %c0 : index
// MIN-NEXT:     %1 = arith.cmpi slt, %arg1, %dim : index
// MIN-NEXT:     %2 = arith.andi %0, %1 : i1
// MIN-NEXT:     cf.assert %2, "ERROR: Runtime op verification failed\0A^ out-of-bounds access\0ALocation: loc(\22op11\22)"
// MIN-NEXT:     %3 = memref.atomic_rmw addf %arg2, %arg0[%arg1] : (f32, memref<?xf32>) -> f32
// MIN-NEXT:     cf.assert %2, "ERROR: Runtime op verification failed\0A^ out-of-bounds access\0ALocation: loc(\22op12\22)"
// MIN-NEXT:     %4 = memref.generic_atomic_rmw %arg0[%arg1] : memref<?xf32> {
// MIN-NEXT:     ^bb0(%arg3: f32):
// MIN-NEXT:       memref.atomic_yield %arg3 : f32
// MIN-NEXT:     }
// MIN-NEXT:     return %4 : f32
// MIN-NEXT:   }
// MIN-NEXT:   func.func @rc(%arg0: memref<?xf32>, %arg1: index) -> memref<4xf32, strided<[1], offset: ?>> {
// MIN-NEXT:     %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [%arg1], sizes: [4], strides: [1] : memref<?xf32> to memref<4xf32, strided<[1], offset: ?>>
// MIN-NEXT:     return %reinterpret_cast : memref<4xf32, strided<[1], offset: ?>>
// MIN-NEXT:   }
// MIN-NEXT:   func.func @subview_dynamic(%arg0: memref<?x8xf32>, %arg1: index, %arg2: index, %arg3: i1) -> memref<?x4xf32, strided<[8, 1], offset: ?>> {
// MIN-NEXT:     %c0 = arith.constant 0 : index
// MIN-NEXT:     %c1 = arith.constant 1 : index
// MIN-NEXT:     %base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %arg0 : memref<?x8xf32> -> memref<f32>, index, index, index, index, index
// MIN-NEXT:     %0 = arith.cmpi eq, %arg2, %c0 : index
// MIN-NEXT:     %1 = scf.if %0 -> (i1) {
// MIN-NEXT:       %8 = arith.cmpi sge, %arg1, %c0 : index
// MIN-NEXT:       %9 = arith.cmpi sle, %arg1, %sizes#0 : index
// MIN-NEXT:       %10 = arith.andi %8, %9 : i1
// MIN-NEXT:       scf.yield %10 : i1
// MIN-NEXT:     } else {
// MIN-NEXT:       %8 = arith.cmpi sge, %arg1, %c0 : index
// MIN-NEXT:       %9 = arith.cmpi slt, %arg1, %sizes#0 : index
// MIN-NEXT:       %10 = arith.andi %8, %9 : i1
// MIN-NEXT:       scf.yield %10 : i1
// MIN-NEXT:     }
// MIN-NEXT:     cf.assert %1, "ERROR: Runtime op verification failed\0A^ offset 0 is out-of-bounds\0ALocation: loc(\22op14\22)"
// MIN-NEXT:     %2 = arith.cmpi sgt, %arg2, %c0 : index
// MIN-NEXT:     %3 = scf.if %2 -> (i1) {
// MIN-NEXT:       %8 = arith.subi %arg2, %c1 : index
// MIN-NEXT:       %9 = arith.muli %8, %c1 : index
// MIN-NEXT:       %10 = arith.addi %arg1, %9 : index
// MIN-NEXT:       %11 = arith.cmpi sge, %10, %c0 : index
// MIN-NEXT:       %12 = arith.cmpi slt, %10, %sizes#0 : index
// MIN-NEXT:       %13 = arith.andi %11, %12 : i1
// MIN-NEXT:       scf.yield %13 : i1
// MIN-NEXT:     } else {
// MIN-NEXT:       %true = arith.constant true
// MIN-NEXT:       scf.yield %true : i1
// MIN-NEXT:     }
// MIN-NEXT:     cf.assert %3, "ERROR: Runtime op verification failed\0A^ subview runs out-of-bounds along dimension 0\0ALocation: loc(\22op14\22)"
// MIN-NEXT:     %c2 = arith.constant 2 : index
// MIN-NEXT:     %c4 = arith.constant 4 : index
// MIN-NEXT:     %4 = arith.cmpi eq, %c4, %c0 : index
// MIN-NEXT:     %5 = scf.if %4 -> (i1) {
// MIN-NEXT:       %8 = arith.cmpi sge, %c2, %c0 : index
// MIN-NEXT:       %9 = arith.cmpi sle, %c2, %sizes#1 : index
// MIN-NEXT:       %10 = arith.andi %8, %9 : i1
// MIN-NEXT:       scf.yield %10 : i1
// MIN-NEXT:     } else {
// MIN-NEXT:       %8 = arith.cmpi sgt, %sizes#1, %c2 : index
// MIN-NEXT:       scf.yield %8 : i1
// MIN-NEXT:     }
// MIN-NEXT:     cf.assert %5, "ERROR: Runtime op verification failed\0A^ offset 1 is out-of-bounds\0ALocation: loc(\22op14\22)"
// MIN-NEXT:     %6 = arith.cmpi sgt, %c4, %c0 : index
// MIN-NEXT:     %7 = scf.if %6 -> (i1) {
// MIN-NEXT:       %8 = arith.subi %c4, %c1 : index
// MIN-NEXT:       %9 = arith.muli %8, %c1 : index
// MIN-NEXT:       %10 = arith.addi %c2, %9 : index
// MIN-NEXT:       %11 = arith.cmpi sge, %10, %c0 : index
// MIN-NEXT:       %12 = arith.cmpi slt, %10, %sizes#1 : index
// MIN-NEXT:       %13 = arith.andi %11, %12 : i1
// MIN-NEXT:       scf.yield %13 : i1
// MIN-NEXT:     } else {
// MIN-NEXT:       %true = arith.constant true
// MIN-NEXT:       scf.yield %true : i1
// MIN-NEXT:     }
// MIN-NEXT:     cf.assert %7, "ERROR: Runtime op verification failed\0A^ subview runs out-of-bounds along dimension 1\0ALocation: loc(\22op14\22)"
// MIN-NEXT:     %subview = memref.subview %arg0[%arg1, 2] [%arg2, 4] [1, 1] : memref<?x8xf32> to memref<?x4xf32, strided<[8, 1], offset: ?>>
// MIN-NEXT:     return %subview : memref<?x4xf32, strided<[8, 1], offset: ?>>
// MIN-NEXT:   }
// MIN-NEXT:   func.func @dim_const(%arg0: memref<?x4xf32>) -> index {
// MIN-NEXT:     %c1 = arith.constant 1 : index
// MIN-NEXT:     %0 = memref.rank %arg0 : memref<?x4xf32>
// MIN-NEXT:     %1 = arith.cmpi sgt, %0, %c1 : index
// MIN-NEXT:     cf.assert %1, "ERROR: Runtime op verification failed\0A^ index is out of bounds\0ALocation: loc(\22op15\22)"
// MIN-NEXT:     %dim = memref.dim %arg0, %c1 : memref<?x4xf32>
// MIN-NEXT:     return %dim : index
// MIN-NEXT:   }
// MIN-NEXT:   func.func @ld(%arg0: memref<?x4xf32>, %arg1: index) -> f32 {
// MIN-NEXT:     %c1 = arith.constant 1 : index
// MIN-NEXT:     %c0 = arith.constant 0 : index
// MIN-NEXT:     %dim = memref.dim %arg0, %c0 : memref<?x4xf32>
// MIN-NEXT:     %0 = arith.cmpi sgt, %dim, %c1 : index
// MIN-NEXT:     %c4 = arith.constant 4 : index
// MIN-NEXT:     %1 = arith.cmpi sge, %arg1, %c0 : index
// MIN-NEXT:     %2 = arith.cmpi slt, %arg1, %c4 : index
// MIN-NEXT:     %3 = arith.andi %1, %2 : i1
// MIN-NEXT:     %4 = arith.andi %0, %3 : i1
// MIN-NEXT:     cf.assert %4, "ERROR: Runtime op verification failed\0A^ out-of-bounds access\0ALocation: loc(\22op16\22)"
// MIN-NEXT:     %5 = memref.load %arg0[%c1, %arg1] : memref<?x4xf32>
// MIN-NEXT:     %6 = arith.cmpi slt, %arg1, %dim : index
// MIN-NEXT:     %7 = arith.andi %1, %6 : i1
// MIN-NEXT:     cf.assert %7, "ERROR: Runtime op verification failed\0A^ out-of-bounds access\0ALocation: loc(\22op17\22)"
// MIN-NEXT:     return %5 : f32
// MIN-NEXT:   }
// MIN-NEXT:   func.func @layout(%arg0: memref<4x?xf32, #map>, %arg1: index, %arg2: memref<*xf32>, %arg3: memref<?x?xf32>) {
// MIN-NEXT:     %c0 = arith.constant 0 : index
// MIN-NEXT:     %c4 = arith.constant 4 : index
// MIN-NEXT:     %0 = arith.cmpi sge, %arg1, %c0 : index
// MIN-NEXT:     %1 = arith.cmpi slt, %arg1, %c4 : index
// MIN-NEXT:     %2 = arith.andi %0, %1 : i1
// MIN-NEXT:     %c1 = arith.constant 1 : index
// MIN-NEXT:     %dim = memref.dim %arg0, %c1 : memref<4x?xf32, #map>
// MIN-NEXT:     %3 = arith.cmpi slt, %arg1, %dim : index
// MIN-NEXT:     %4 = arith.andi %0, %3 : i1
// MIN-NEXT:     %5 = arith.andi %2, %4 : i1
// MIN-NEXT:     cf.assert %5, "ERROR: Runtime op verification failed\0A^ out-of-bounds access\0ALocation: loc(\22op18\22)"
// MIN-NEXT:     memref.copy %arg2, %arg3 : memref<*xf32> to memref<?x?xf32>
// MIN-NEXT:     %6 = memref.rank %arg2 : memref<*xf32>
// MIN-NEXT:     %c2 = arith.constant 2 : index
// MIN-NEXT:     %7 = arith.cmpi eq, %6, %c2 : index
// MIN-NEXT:     cf.assert %7, "ERROR: Runtime op verification failed\0A^ rank mismatch\0ALocation: loc(\22op21\22)"
// MIN-NEXT:     %cast = memref.cast %arg2 : memref<*xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
// MIN-NEXT:     %base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %cast : memref<?x?xf32, strided<[?, ?], offset: ?>> -> memref<f32>, index, index, index, index, index
// MIN-NEXT:     %8 = arith.cmpi eq, %offset, %c0 : index
// MIN-NEXT:     cf.assert %8, "ERROR: Runtime op verification failed\0A^ offset mismatch\0ALocation: loc(\22op21\22)"
// MIN-NEXT:     %9 = arith.cmpi eq, %strides#1, %c1 : index
// MIN-NEXT:     cf.assert %9, "ERROR: Runtime op verification failed\0A^ stride mismatch of dim 1\0ALocation: loc(\22op21\22)"
// MIN-NEXT:     scf.for %arg4 = %arg1 to %arg1 step %arg1 {
// MIN-NEXT:       %dim_2 = memref.dim %arg3, %c0 : memref<?x?xf32>
// MIN-NEXT:       %17 = arith.cmpi sge, %arg4, %c0 : index
// MIN-NEXT:       %18 = arith.cmpi slt, %arg4, %dim_2 : index
// MIN-NEXT:       %19 = arith.andi %17, %18 : i1
// MIN-NEXT:       %dim_3 = memref.dim %arg3, %c1 : memref<?x?xf32>
// MIN-NEXT:       %20 = arith.cmpi slt, %arg1, %dim_3 : index
// MIN-NEXT:       %21 = arith.andi %0, %20 : i1
// MIN-NEXT:       %22 = arith.andi %19, %21 : i1
// MIN-NEXT:       cf.assert %22, "ERROR: Runtime op verification failed\0A^ out-of-bounds access\0ALocation: loc(\22op22\22)"
// MIN-NEXT:       %23 = memref.load %arg3[%arg4, %arg1] {nontemporal = true} : memref<?x?xf32>
// MIN-NEXT:       %24 = arith.cmpi slt, %arg1, %dim_2 : index
// MIN-NEXT:       %25 = arith.andi %0, %24 : i1
// MIN-NEXT:       %26 = arith.cmpi slt, %arg4, %dim_3 : index
// MIN-NEXT:       %27 = arith.andi %17, %26 : i1
// MIN-NEXT:       %28 = arith.andi %25, %27 : i1
// MIN-NEXT:       cf.assert %28, "ERROR: Runtime op verification failed\0A^ out-of-bounds access\0ALocation: loc(\22op23\22)"
// MIN-NEXT:       memref.store %23, %arg3[%arg1, %arg4] : memref<?x?xf32>
// MIN-NEXT:     }
// MIN-NEXT:     %alloca = memref.alloca() : memref<2x3xf32>
// MIN-NEXT:     %true = arith.constant true
// MIN-NEXT:     cf.assert %true, "ERROR: Runtime op verification failed\0A^ out-of-bounds access\0ALocation: loc(\22op24\22)"
// MIN-NEXT:     %false = arith.constant false
// MIN-NEXT:     cf.assert %false, "ERROR: Runtime op verification failed\0A^ out-of-bounds access\0ALocation: loc(\22op25\22)"
// MIN-NEXT:     %dim_0 = memref.dim %arg3, %c0 : memref<?x?xf32>
// MIN-NEXT:     %c3 = arith.constant 3 : index
// MIN-NEXT:     %10 = arith.remsi %dim_0, %c3 : index
// MIN-NEXT:     %11 = arith.cmpi eq, %10, %c0 : index
// MIN-NEXT:     cf.assert %11, "ERROR: Runtime op verification failed\0A^ static result dims in reassoc group do not divide src dim evenly\0ALocation: loc(\22op26\22)"
// MIN-NEXT:     %dim_1 = memref.dim %arg3, %c1 : memref<?x?xf32>
// MIN-NEXT:     %12 = arith.remsi %dim_1, %c1 : index
// MIN-NEXT:     %13 = arith.cmpi eq, %12, %c0 : index
// MIN-NEXT:     cf.assert %13, "ERROR: Runtime op verification failed\0A^ static result dims in reassoc group do not divide src dim evenly\0ALocation: loc(\22op26\22)"
// MIN-NEXT:     %14 = memref.rank %alloca : memref<2x3xf32>
// MIN-NEXT:     %15 = arith.cmpi slt, %arg1, %14 : index
// MIN-NEXT:     %16 = arith.andi %0, %15 : i1
// MIN-NEXT:     cf.assert %16, "ERROR: Runtime op verification failed\0A^ index is out of bounds\0ALocation: loc(\22op27\22)"
// MIN-NEXT:     return
// MIN-NEXT:   }
// MIN-NEXT:   func.func @empty() {
// MIN-NEXT:     return
// MIN-NEXT:   }
// MIN-NEXT: }
// GEN-GENERIC: --mlir-print-op-generic -generate-runtime-verification
// GENERIC: #map = affine_map<(d0, d1) -> (d0 * 8 + d1)>
// GENERIC-NEXT: "builtin.module"() ({
// GENERIC-NEXT:   "func.func"() <{function_type = (memref<?x4xf32>, index, index) -> f32, sym_name = "load"}> ({
// GENERIC-NEXT:   ^bb0(%arg30: memref<?x4xf32>, %arg31: index, %arg32: index):
// GENERIC-NEXT:     %253 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %254 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %255 = "memref.dim"(%arg30, %254) : (memref<?x4xf32>, index) -> index
// GENERIC-NEXT:     %256 = "arith.cmpi"(%arg31, %253) <{predicate = 5 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     %257 = "arith.cmpi"(%arg31, %255) <{predicate = 2 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     %258 = "arith.andi"(%256, %257) : (i1, i1) -> i1
// GENERIC-NEXT:     %259 = "arith.constant"() <{value = 1 : index}> : () -> index
// GENERIC-NEXT:     %260 = "arith.constant"() <{value = 4 : index}> : () -> index
// GENERIC-NEXT:     %261 = "arith.cmpi"(%arg32, %253) <{predicate = 5 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     %262 = "arith.cmpi"(%arg32, %260) <{predicate = 2 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     %263 = "arith.andi"(%261, %262) : (i1, i1) -> i1
// GENERIC-NEXT:     %264 = "arith.andi"(%258, %263) : (i1, i1) -> i1
// GENERIC-NEXT:     "cf.assert"(%264) <{msg = "ERROR: Runtime op verification failed\0A%27 = \22memref.load\22(%arg30, %arg31, %arg32) : (memref<?x4xf32>, index, index) -> f32\0A^ out-of-bounds access\0ALocation: loc(\22op1\22)"}> : (i1) -> ()
// GENERIC-NEXT:     %265 = "memref.load"(%arg30, %arg31, %arg32) : (memref<?x4xf32>, index, index) -> f32
// GENERIC-NEXT:     %266 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %267 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %268 = "memref.dim"(%arg30, %267) : (memref<?x4xf32>, index) -> index
// GENERIC-NEXT:     %269 = "arith.cmpi"(%arg32, %266) <{predicate = 5 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     %270 = "arith.cmpi"(%arg32, %268) <{predicate = 2 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     %271 = "arith.andi"(%269, %270) : (i1, i1) -> i1
// GENERIC-NEXT:     %272 = "arith.constant"() <{value = 1 : index}> : () -> index
// GENERIC-NEXT:     %273 = "arith.constant"() <{value = 4 : index}> : () -> index
// GENERIC-NEXT:     %274 = "arith.cmpi"(%arg31, %266) <{predicate = 5 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     %275 = "arith.cmpi"(%arg31, %273) <{predicate = 2 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     %276 = "arith.andi"(%274, %275) : (i1, i1) -> i1
// GENERIC-NEXT:     %277 = "arith.andi"(%271, %276) : (i1, i1) -> i1
// GENERIC-NEXT:     "cf.assert"(%277) <{msg = "ERROR: Runtime op verification failed\0A\22memref.store\22(%27, %arg30, %arg32, %arg31) : (f32, memref<?x4xf32>, index, index) -> ()\0A^ out-of-bounds access\0ALocation: loc(\22op2\22)"}> : (i1) -> ()
// GENERIC-NEXT:     "memref.store"(%265, %arg30, %arg32, %arg31) : (f32, memref<?x4xf32>, index, index) -> ()
// GENERIC-NEXT:     "func.return"(%265) : (f32) -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT:   "func.func"() <{function_type = (memref<f32>) -> f32, sym_name = "load_rank0"}> ({
// GENERIC-NEXT:   ^bb0(%arg29: memref<f32>):
// GENERIC-NEXT:     %252 = "memref.load"(%arg29) : (memref<f32>) -> f32
// GENERIC-NEXT:     "func.return"(%252) : (f32) -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT:   "func.func"() <{function_type = (memref<?x4xf32>, index) -> index, sym_name = "dim"}> ({
// GENERIC-NEXT:   ^bb0(%arg27: memref<?x4xf32>, %arg28: index):
// GENERIC-NEXT:     %246 = "memref.rank"(%arg27) : (memref<?x4xf32>) -> index
// GENERIC-NEXT:     %247 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %248 = "arith.cmpi"(%arg28, %247) <{predicate = 5 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     %249 = "arith.cmpi"(%arg28, %246) <{predicate = 2 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     %250 = "arith.andi"(%248, %249) : (i1, i1) -> i1
// GENERIC-NEXT:     "cf.assert"(%250) <{msg = "ERROR: Runtime op verification failed\0A%25 = \22memref.dim\22(%arg27, %arg28) : (memref<?x4xf32>, index) -> index\0A^ index is out of bounds\0ALocation: loc(\22op4\22)"}> : (i1) -> ()
// GENERIC-NEXT:     %251 = "memref.dim"(%arg27, %arg28) : (memref<?x4xf32>, index) -> index
// GENERIC-NEXT:     "func.return"(%251) : (index) -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT:   "func.func"() <{function_type = (memref<?x4xf32>, memref<3x?xf32>) -> (), sym_name = "copy"}> ({
// GENERIC-NEXT:   ^bb0(%arg25: memref<?x4xf32>, %arg26: memref<3x?xf32>):
// GENERIC-NEXT:     %238 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %239 = "memref.dim"(%arg25, %238) : (memref<?x4xf32>, index) -> index
// GENERIC-NEXT:     %240 = "arith.constant"() <{value = 3 : index}> : () -> index
// GENERIC-NEXT:     %241 = "arith.cmpi"(%239, %240) <{predicate = 0 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     "cf.assert"(%241) <{msg = "ERROR: Runtime op verification failed\0A\22memref.copy\22(%arg25, %arg26) : (memref<?x4xf32>, memref<3x?xf32>) -> ()\0A^ size of 0-th source/target dim does not match\0ALocation: loc(\22op5\22)"}> : (i1) -> ()
// GENERIC-NEXT:     %242 = "arith.constant"() <{value = 4 : index}> : () -> index
// GENERIC-NEXT:     %243 = "arith.constant"() <{value = 1 : index}> : () -> index
// GENERIC-NEXT:     %244 = "memref.dim"(%arg26, %243) : (memref<3x?xf32>, index) -> index
// GENERIC-NEXT:     %245 = "arith.cmpi"(%242, %244) <{predicate = 0 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     "cf.assert"(%245) <{msg = "ERROR: Runtime op verification failed\0A\22memref.copy\22(%arg25, %arg26) : (memref<?x4xf32>, memref<3x?xf32>) -> ()\0A^ size of 1-th source/target dim does not match\0ALocation: loc(\22op5\22)"}> : (i1) -> ()
// GENERIC-NEXT:     "memref.copy"(%arg25, %arg26) : (memref<?x4xf32>, memref<3x?xf32>) -> ()
// GENERIC-NEXT:     "func.return"() : () -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT:   "func.func"() <{function_type = (memref<?x?xf32>, memref<*xf32>, memref<?x?xf32, strided<[?, ?], offset: ?>>) -> (), sym_name = "cast"}> ({
// GENERIC-NEXT:   ^bb0(%arg22: memref<?x?xf32>, %arg23: memref<*xf32>, %arg24: memref<?x?xf32, strided<[?, ?], offset: ?>>):
// GENERIC-NEXT:     %196 = "memref.cast"(%arg22) : (memref<?x?xf32>) -> memref<?x?xf32, strided<[?, ?], offset: ?>>
// GENERIC-NEXT:     %197:6 = "memref.extract_strided_metadata"(%196) : (memref<?x?xf32, strided<[?, ?], offset: ?>>) -> (memref<f32>, index, index, index, index, index)
// GENERIC-NEXT:     %198 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %199 = "memref.dim"(%arg22, %198) : (memref<?x?xf32>, index) -> index
// GENERIC-NEXT:     %200 = "arith.constant"() <{value = 4 : index}> : () -> index
// GENERIC-NEXT:     %201 = "arith.cmpi"(%199, %200) <{predicate = 0 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     "cf.assert"(%201) <{msg = "ERROR: Runtime op verification failed\0A%22 = \22memref.cast\22(%arg22) : (memref<?x?xf32>) -> memref<4x?xf32>\0A^ size mismatch of dim 0\0ALocation: loc(\22op6\22)"}> : (i1) -> ()
// GENERIC-NEXT:     %202 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %203 = "arith.cmpi"(%197#1, %202) <{predicate = 0 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     "cf.assert"(%203) <{msg = "ERROR: Runtime op verification failed\0A%22 = \22memref.cast\22(%arg22) : (memref<?x?xf32>) -> memref<4x?xf32>\0A^ offset mismatch\0ALocation: loc(\22op6\22)"}> : (i1) -> ()
// GENERIC-NEXT:     %204 = "arith.constant"() <{value = 1 : index}> : () -> index
// GENERIC-NEXT:     %205 = "arith.cmpi"(%197#5, %204) <{predicate = 0 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     "cf.assert"(%205) <{msg = "ERROR: Runtime op verification failed\0A%22 = \22memref.cast\22(%arg22) : (memref<?x?xf32>) -> memref<4x?xf32>\0A^ stride mismatch of dim 1\0ALocation: loc(\22op6\22)"}> : (i1) -> ()
// GENERIC-NEXT:     %206 = "memref.cast"(%arg22) : (memref<?x?xf32>) -> memref<4x?xf32>
// GENERIC-NEXT:     %207 = "memref.rank"(%arg23) : (memref<*xf32>) -> index
// GENERIC-NEXT:     %208 = "arith.constant"() <{value = 2 : index}> : () -> index
// GENERIC-NEXT:     %209 = "arith.cmpi"(%207, %208) <{predicate = 0 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     "cf.assert"(%209) <{msg = "ERROR: Runtime op verification failed\0A%23 = \22memref.cast\22(%arg23) : (memref<*xf32>) -> memref<4x5xf32>\0A^ rank mismatch\0ALocation: loc(\22op7\22)"}> : (i1) -> ()
// GENERIC-NEXT:     %210 = "memref.cast"(%arg23) : (memref<*xf32>) -> memref<?x?xf32, strided<[?, ?], offset: ?>>
// GENERIC-NEXT:     %211:6 = "memref.extract_strided_metadata"(%210) : (memref<?x?xf32, strided<[?, ?], offset: ?>>) -> (memref<f32>, index, index, index, index, index)
// GENERIC-NEXT:     %212 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %213 = "memref.dim"(%arg23, %212) : (memref<*xf32>, index) -> index
// GENERIC-NEXT:     %214 = "arith.constant"() <{value = 4 : index}> : () -> index
// GENERIC-NEXT:     %215 = "arith.cmpi"(%213, %214) <{predicate = 0 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     "cf.assert"(%215) <{msg = "ERROR: Runtime op verification failed\0A%23 = \22memref.cast\22(%arg23) : (memref<*xf32>) -> memref<4x5xf32>\0A^ size mismatch of dim 0\0ALocation: loc(\22op7\22)"}> : (i1) -> ()
// GENERIC-NEXT:     %216 = "arith.constant"() <{value = 1 : index}> : () -> index
// GENERIC-NEXT:     %217 = "memref.dim"(%arg23, %216) : (memref<*xf32>, index) -> index
// GENERIC-NEXT:     %218 = "arith.constant"() <{value = 5 : index}> : () -> index
// GENERIC-NEXT:     %219 = "arith.cmpi"(%217, %218) <{predicate = 0 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     "cf.assert"(%219) <{msg = "ERROR: Runtime op verification failed\0A%23 = \22memref.cast\22(%arg23) : (memref<*xf32>) -> memref<4x5xf32>\0A^ size mismatch of dim 1\0ALocation: loc(\22op7\22)"}> : (i1) -> ()
// GENERIC-NEXT:     %220 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %221 = "arith.cmpi"(%211#1, %220) <{predicate = 0 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     "cf.assert"(%221) <{msg = "ERROR: Runtime op verification failed\0A%23 = \22memref.cast\22(%arg23) : (memref<*xf32>) -> memref<4x5xf32>\0A^ offset mismatch\0ALocation: loc(\22op7\22)"}> : (i1) -> ()
// GENERIC-NEXT:     %222 = "arith.constant"() <{value = 5 : index}> : () -> index
// GENERIC-NEXT:     %223 = "arith.cmpi"(%211#4, %222) <{predicate = 0 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     "cf.assert"(%223) <{msg = "ERROR: Runtime op verification failed\0A%23 = \22memref.cast\22(%arg23) : (memref<*xf32>) -> memref<4x5xf32>\0A^ stride mismatch of dim 0\0ALocation: loc(\22op7\22)"}> : (i1) -> ()
// GENERIC-NEXT:     %224 = "arith.constant"() <{value = 1 : index}> : () -> index
// GENERIC-NEXT:     %225 = "arith.cmpi"(%211#5, %224) <{predicate = 0 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     "cf.assert"(%225) <{msg = "ERROR: Runtime op verification failed\0A%23 = \22memref.cast\22(%arg23) : (memref<*xf32>) -> memref<4x5xf32>\0A^ stride mismatch of dim 1\0ALocation: loc(\22op7\22)"}> : (i1) -> ()
// GENERIC-NEXT:     %226 = "memref.cast"(%arg23) : (memref<*xf32>) -> memref<4x5xf32>
// GENERIC-NEXT:     %227 = "memref.cast"(%arg24) : (memref<?x?xf32, strided<[?, ?], offset: ?>>) -> memref<?x?xf32, strided<[?, ?], offset: ?>>
// GENERIC-NEXT:     %228:6 = "memref.extract_strided_metadata"(%227) : (memref<?x?xf32, strided<[?, ?], offset: ?>>) -> (memref<f32>, index, index, index, index, index)
// GENERIC-NEXT:     %229 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %230 = "memref.dim"(%arg24, %229) : (memref<?x?xf32, strided<[?, ?], offset: ?>>, index) -> index
// GENERIC-NEXT:     %231 = "arith.constant"() <{value = 4 : index}> : () -> index
// GENERIC-NEXT:     %232 = "arith.cmpi"(%230, %231) <{predicate = 0 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     "cf.assert"(%232) <{msg = "ERROR: Runtime op verification failed\0A%24 = \22memref.cast\22(%arg24) : (memref<?x?xf32, strided<[?, ?], offset: ?>>) -> memref<4x?xf32, strided<[?, 1], offset: 3>>\0A^ size mismatch of dim 0\0ALocation: loc(\22op8\22)"}> : (i1) -> ()
// GENERIC-NEXT:     %233 = "arith.constant"() <{value = 3 : index}> : () -> index
// GENERIC-NEXT:     %234 = "arith.cmpi"(%228#1, %233) <{predicate = 0 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     "cf.assert"(%234) <{msg = "ERROR: Runtime op verification failed\0A%24 = \22memref.cast\22(%arg24) : (memref<?x?xf32, strided<[?, ?], offset: ?>>) -> memref<4x?xf32, strided<[?, 1], offset: 3>>\0A^ offset mismatch\0ALocation: loc(\22op8\22)"}> : (i1) -> ()
// GENERIC-NEXT:     %235 = "arith.constant"() <{value = 1 : index}> : () -> index
// GENERIC-NEXT:     %236 = "arith.cmpi"(%228#5, %235) <{predicate = 0 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     "cf.assert"(%236) <{msg = "ERROR: Runtime op verification failed\0A%24 = \22memref.cast\22(%arg24) : (memref<?x?xf32, strided<[?, ?], offset: ?>>) -> memref<4x?xf32, strided<[?, 1], offset: 3>>\0A^ stride mismatch of dim 1\0ALocation: loc(\22op8\22)"}> : (i1) -> ()
// GENERIC-NEXT:     %237 = "memref.cast"(%arg24) : (memref<?x?xf32, strided<[?, ?], offset: ?>>) -> memref<4x?xf32, strided<[?, 1], offset: 3>>
// GENERIC-NEXT:     "func.return"() : () -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT:   "func.func"() <{function_type = (memref<?xf32>) -> (), sym_name = "align"}> ({
// GENERIC-NEXT:   ^bb0(%arg21: memref<?xf32>):
// GENERIC-NEXT:     %190 = "memref.extract_aligned_pointer_as_index"(%arg21) : (memref<?xf32>) -> index
// GENERIC-NEXT:     %191 = "arith.constant"() <{value = 16 : index}> : () -> index
// GENERIC-NEXT:     %192 = "arith.remui"(%190, %191) : (index, index) -> index
// GENERIC-NEXT:     %193 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %194 = "arith.cmpi"(%192, %193) <{predicate = 0 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     "cf.assert"(%194) <{msg = "ERROR: Runtime op verification failed\0A%21 = \22memref.assume_alignment\22(%arg21) <{alignment = 16 : i32}> : (memref<?xf32>) -> memref<?xf32>\0A^ memref is not aligned to 16\0ALocation: loc(\22op9\22)"}> : (i1) -> ()
// GENERIC-NEXT:     %195 = "memref.assume_alignment"(%arg21) <{alignment = 16 : i32}> : (memref<?xf32>) -> memref<?xf32>
// GENERIC-NEXT:     "func.return"() : () -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT:   "func.func"() <{function_type = (memref<?x?xf32>, index, index) -> memref<?x5x?x2xf32>, sym_name = "expand"}> ({
// GENERIC-NEXT:   ^bb0(%arg18: memref<?x?xf32>, %arg19: index, %arg20: index):
// GENERIC-NEXT:     %177 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %178 = "memref.dim"(%arg18, %177) : (memref<?x?xf32>, index) -> index
// GENERIC-NEXT:     %179 = "arith.constant"() <{value = 5 : index}> : () -> index
// GENERIC-NEXT:     %180 = "arith.remsi"(%178, %179) : (index, index) -> index
// GENERIC-NEXT:     %181 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %182 = "arith.cmpi"(%180, %181) <{predicate = 0 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     "cf.assert"(%182) <{msg = "ERROR: Runtime op verification failed\0A%20 = \22memref.expand_shape\22(%arg18, %arg19, %arg20) <{reassociation = {{\[\[}}0, 1], [2, 3]], static_output_shape = array<i64: -9223372036854775808, 5, -9223372036854775808, 2>}> : (memref<?x?xf32>, index, index) -> memref<?x5x?x2xf32>\0A^ static result dims in reassoc group do not divide src dim evenly\0ALocation: loc(\22op10\22)"}> : (i1) -> ()
// GENERIC-NEXT:     %183 = "arith.constant"() <{value = 1 : index}> : () -> index
// GENERIC-NEXT:     %184 = "memref.dim"(%arg18, %183) : (memref<?x?xf32>, index) -> index
// GENERIC-NEXT:     %185 = "arith.constant"() <{value = 2 : index}> : () -> index
// GENERIC-NEXT:     %186 = "arith.remsi"(%184, %185) : (index, index) -> index
// GENERIC-NEXT:     %187 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %188 = "arith.cmpi"(%186, %187) <{predicate = 0 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     "cf.assert"(%188) <{msg = "ERROR: Runtime op verification failed\0A%20 = \22memref.expand_shape\22(%arg18, %arg19, %arg20) <{reassociation = {{\[\[}}0, 1], [2, 3]], static_output_shape = array<i64: -9223372036854775808, 5, -9223372036854775808, 2>}> : (memref<?x?xf32>, index, index) -> memref<?x5x?x2xf32>\0A^ static result dims in reassoc group do not divide src dim evenly\0ALocation: loc(\22op10\22)"}> : (i1) -> ()
// GENERIC-NEXT:     %189 = "memref.expand_shape"(%arg18, %arg19, %arg20) <{reassociation = {{\[\[}}0, 1], [2, 3]], static_output_shape = array<i64: -9223372036854775808, 5, -9223372036854775808, 2>}> : (memref<?x?xf32>, index, index) -> memref<?x5x?x2xf32>
// GENERIC-NEXT:     "func.return"(%189) : (memref<?x5x?x2xf32>) -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT:   "func.func"() <{function_type = (memref<?xf32>, index, f32) -> f32, sym_name = "rmw"}> ({
// GENERIC-NEXT:   ^bb0(%arg14: memref<?xf32>, %arg15: index, %arg16: f32):
// GENERIC-NEXT:     %163 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %164 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %165 = "memref.dim"(%arg14, %164) : (memref<?xf32>, index) -> index
// GENERIC-NEXT:     %166 = "arith.cmpi"(%arg15, %163) <{predicate = 5 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     %167 = "arith.cmpi"(%arg15, %165) <{predicate = 2 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     %168 = "arith.andi"(%166, %167) : (i1, i1) -> i1
// GENERIC-NEXT:     "cf.assert"(%168) <{msg = "ERROR: Runtime op verification failed\0A%18 = \22memref.atomic_rmw\22(%arg16, %arg14, %arg15) <{kind = 0 : i64}> : (f32, memref<?xf32>, index) -> f32\0A^ out-of-bounds access\0ALocation: loc(\22op11\22)"}> : (i1) -> ()
// GENERIC-NEXT:     %169 = "memref.atomic_rmw"(%arg16, %arg14, %arg15) <{kind = 0 : i64}> : (f32, memref<?xf32>, index) -> f32
// GENERIC-NEXT:     %170 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %171 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %172 = "memref.dim"(%arg14, %171) : (memref<?xf32>, index) -> index
// GENERIC-NEXT:     %173 = "arith.cmpi"(%arg15, %170) <{predicate = 5 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     %174 = "arith.cmpi"(%arg15, %172) <{predicate = 2 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     %175 = "arith.andi"(%173, %174) : (i1, i1) -> i1
// GENERIC-NEXT:     "cf.assert"(%175) <{msg = "ERROR: Runtime op verification failed\0A%19 = \22memref.generic_atomic_rmw\22(%arg14, %arg15) ({...}) : (memref<?xf32>, index) -> f32\0A^ out-of-bounds access\0ALocation: loc(\22op12\22)"}> : (i1) -> ()
// GENERIC-NEXT:     %176 = "memref.generic_atomic_rmw"(%arg14, %arg15) ({
// GENERIC-NEXT:     ^bb0(%arg17: f32):
// GENERIC-NEXT:       "memref.atomic_yield"(%arg17) : (f32) -> ()
// GENERIC-NEXT:     }) : (memref<?xf32>, index) -> f32
// GENERIC-NEXT:     "func.return"(%176) : (f32) -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT:   "func.func"() <{function_type = (memref<?xf32>, index) -> memref<4xf32, strided<[1], offset: ?>>, sym_name = "rc"}> ({
// GENERIC-NEXT:   ^bb0(%arg12: memref<?xf32>, %arg13: index):
// GENERIC-NEXT:     %162 = "memref.reinterpret_cast"(%arg12, %arg13) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<?xf32>, index) -> memref<4xf32, strided<[1], offset: ?>>
// GENERIC-NEXT:     "func.return"(%162) : (memref<4xf32, strided<[1], offset: ?>>) -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT:   "func.func"() <{function_type = (memref<?x8xf32>, index, index, i1) -> memref<?x4xf32, strided<[8, 1], offset: ?>>, sym_name = "subview_dynamic"}> ({
// GENERIC-NEXT:   ^bb0(%arg8: memref<?x8xf32>, %arg9: index, %arg10: index, %arg11: i1):
// GENERIC-NEXT:     "scf.if"(%arg11) ({
// GENERIC-NEXT:       "scf.yield"() : () -> ()
// GENERIC-NEXT:     }, {
// GENERIC-NEXT:     }) : (i1) -> ()
// GENERIC-NEXT:     %121 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %122 = "arith.constant"() <{value = 1 : index}> : () -> index
// GENERIC-NEXT:     %123:6 = "memref.extract_strided_metadata"(%arg8) : (memref<?x8xf32>) -> (memref<f32>, index, index, index, index, index)
// GENERIC-NEXT:     %124 = "arith.constant"() <{value = 1 : index}> : () -> index
// GENERIC-NEXT:     %125 = "arith.cmpi"(%arg10, %121) <{predicate = 0 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     %126 = "scf.if"(%125) ({
// GENERIC-NEXT:       %159 = "arith.cmpi"(%arg9, %121) <{predicate = 5 : i64}> : (index, index) -> i1
// GENERIC-NEXT:       %160 = "arith.cmpi"(%arg9, %123#2) <{predicate = 3 : i64}> : (index, index) -> i1
// GENERIC-NEXT:       %161 = "arith.andi"(%159, %160) : (i1, i1) -> i1
// GENERIC-NEXT:       "scf.yield"(%161) : (i1) -> ()
// GENERIC-NEXT:     }, {
// GENERIC-NEXT:       %156 = "arith.cmpi"(%arg9, %121) <{predicate = 5 : i64}> : (index, index) -> i1
// GENERIC-NEXT:       %157 = "arith.cmpi"(%arg9, %123#2) <{predicate = 2 : i64}> : (index, index) -> i1
// GENERIC-NEXT:       %158 = "arith.andi"(%156, %157) : (i1, i1) -> i1
// GENERIC-NEXT:       "scf.yield"(%158) : (i1) -> ()
// GENERIC-NEXT:     }) : (i1) -> i1
// GENERIC-NEXT:     "cf.assert"(%126) <{msg = "ERROR: Runtime op verification failed\0A%16 = \22memref.subview\22(%arg8, %arg9, %arg10) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>, static_offsets = array<i64: -9223372036854775808, 2>, static_sizes = array<i64: -9223372036854775808, 4>, static_strides = array<i64: 1, 1>}> : (memref<?x8xf32>, index, index) -> memref<?x4xf32, strided<[8, 1], offset: ?>>\0A^ offset 0 is out-of-bounds\0ALocation: loc(\22op14\22)"}> : (i1) -> ()
// GENERIC-NEXT:     %127 = "arith.cmpi"(%arg10, %121) <{predicate = 4 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     %128 = "scf.if"(%127) ({
// GENERIC-NEXT:       %150 = "arith.subi"(%arg10, %122) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
// GENERIC-NEXT:       %151 = "arith.muli"(%150, %124) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
// GENERIC-NEXT:       %152 = "arith.addi"(%arg9, %151) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
// GENERIC-NEXT:       %153 = "arith.cmpi"(%152, %121) <{predicate = 5 : i64}> : (index, index) -> i1
// GENERIC-NEXT:       %154 = "arith.cmpi"(%152, %123#2) <{predicate = 2 : i64}> : (index, index) -> i1
// GENERIC-NEXT:       %155 = "arith.andi"(%153, %154) : (i1, i1) -> i1
// GENERIC-NEXT:       "scf.yield"(%155) : (i1) -> ()
// GENERIC-NEXT:     }, {
// GENERIC-NEXT:       %149 = "arith.constant"() <{value = true}> : () -> i1
// GENERIC-NEXT:       "scf.yield"(%149) : (i1) -> ()
// GENERIC-NEXT:     }) : (i1) -> i1
// GENERIC-NEXT:     "cf.assert"(%128) <{msg = "ERROR: Runtime op verification failed\0A%16 = \22memref.subview\22(%arg8, %arg9, %arg10) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>, static_offsets = array<i64: -9223372036854775808, 2>, static_sizes = array<i64: -9223372036854775808, 4>, static_strides = array<i64: 1, 1>}> : (memref<?x8xf32>, index, index) -> memref<?x4xf32, strided<[8, 1], offset: ?>>\0A^ subview runs out-of-bounds along dimension 0\0ALocation: loc(\22op14\22)"}> : (i1) -> ()
// GENERIC-NEXT:     %129 = "arith.constant"() <{value = 2 : index}> : () -> index
// GENERIC-NEXT:     %130 = "arith.constant"() <{value = 4 : index}> : () -> index
// GENERIC-NEXT:     %131 = "arith.constant"() <{value = 1 : index}> : () -> index
// GENERIC-NEXT:     %132 = "arith.cmpi"(%130, %121) <{predicate = 0 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     %133 = "scf.if"(%132) ({
// GENERIC-NEXT:       %146 = "arith.cmpi"(%129, %121) <{predicate = 5 : i64}> : (index, index) -> i1
// GENERIC-NEXT:       %147 = "arith.cmpi"(%129, %123#3) <{predicate = 3 : i64}> : (index, index) -> i1
// GENERIC-NEXT:       %148 = "arith.andi"(%146, %147) : (i1, i1) -> i1
// GENERIC-NEXT:       "scf.yield"(%148) : (i1) -> ()
// GENERIC-NEXT:     }, {
// GENERIC-NEXT:       %144 = "arith.constant"() <{value = true}> : () -> i1
// GENERIC-NEXT:       %145 = "arith.cmpi"(%123#3, %129) <{predicate = 4 : i64}> : (index, index) -> i1
// GENERIC-NEXT:       "scf.yield"(%145) : (i1) -> ()
// GENERIC-NEXT:     }) : (i1) -> i1
// GENERIC-NEXT:     "cf.assert"(%133) <{msg = "ERROR: Runtime op verification failed\0A%16 = \22memref.subview\22(%arg8, %arg9, %arg10) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>, static_offsets = array<i64: -9223372036854775808, 2>, static_sizes = array<i64: -9223372036854775808, 4>, static_strides = array<i64: 1, 1>}> : (memref<?x8xf32>, index, index) -> memref<?x4xf32, strided<[8, 1], offset: ?>>\0A^ offset 1 is out-of-bounds\0ALocation: loc(\22op14\22)"}> : (i1) -> ()
// GENERIC-NEXT:     %134 = "arith.cmpi"(%130, %121) <{predicate = 4 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     %135 = "scf.if"(%134) ({
// GENERIC-NEXT:       %138 = "arith.subi"(%130, %122) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
// GENERIC-NEXT:       %139 = "arith.muli"(%138, %131) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
// GENERIC-NEXT:       %140 = "arith.addi"(%129, %139) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
// GENERIC-NEXT:       %141 = "arith.cmpi"(%140, %121) <{predicate = 5 : i64}> : (index, index) -> i1
// GENERIC-NEXT:       %142 = "arith.cmpi"(%140, %123#3) <{predicate = 2 : i64}> : (index, index) -> i1
// GENERIC-NEXT:       %143 = "arith.andi"(%141, %142) : (i1, i1) -> i1
// GENERIC-NEXT:       "scf.yield"(%143) : (i1) -> ()
// GENERIC-NEXT:     }, {
// GENERIC-NEXT:       %137 = "arith.constant"() <{value = true}> : () -> i1
// GENERIC-NEXT:       "scf.yield"(%137) : (i1) -> ()
// GENERIC-NEXT:     }) : (i1) -> i1
// GENERIC-NEXT:     "cf.assert"(%135) <{msg = "ERROR: Runtime op verification failed\0A%16 = \22memref.subview\22(%arg8, %arg9, %arg10) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>, static_offsets = array<i64: -9223372036854775808, 2>, static_sizes = array<i64: -9223372036854775808, 4>, static_strides = array<i64: 1, 1>}> : (memref<?x8xf32>, index, index) -> memref<?x4xf32, strided<[8, 1], offset: ?>>\0A^ subview runs out-of-bounds along dimension 1\0ALocation: loc(\22op14\22)"}> : (i1) -> ()
// GENERIC-NEXT:     %136 = "memref.subview"(%arg8, %arg9, %arg10) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>, static_offsets = array<i64: -9223372036854775808, 2>, static_sizes = array<i64: -9223372036854775808, 4>, static_strides = array<i64: 1, 1>}> : (memref<?x8xf32>, index, index) -> memref<?x4xf32, strided<[8, 1], offset: ?>>
// GENERIC-NEXT:     "func.return"(%136) : (memref<?x4xf32, strided<[8, 1], offset: ?>>) -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT:   "func.func"() <{function_type = (memref<?x4xf32>) -> index, sym_name = "dim_const"}> ({
// GENERIC-NEXT:   ^bb0(%arg7: memref<?x4xf32>):
// GENERIC-NEXT:     %115 = "arith.constant"() <{value = 1 : index}> : () -> index
// GENERIC-NEXT:     %116 = "memref.rank"(%arg7) : (memref<?x4xf32>) -> index
// GENERIC-NEXT:     %117 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %118 = "arith.constant"() <{value = true}> : () -> i1
// GENERIC-NEXT:     %119 = "arith.cmpi"(%116, %115) <{predicate = 4 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     "cf.assert"(%119) <{msg = "ERROR: Runtime op verification failed\0A%15 = \22memref.dim\22(%arg7, %14) : (memref<?x4xf32>, index) -> index\0A^ index is out of bounds\0ALocation: loc(\22op15\22)"}> : (i1) -> ()
// GENERIC-NEXT:     %120 = "memref.dim"(%arg7, %115) : (memref<?x4xf32>, index) -> index
// GENERIC-NEXT:     "func.return"(%120) : (index) -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT:   "func.func"() <{function_type = (memref<?x4xf32>, index) -> f32, sym_name = "ld"}> ({
// GENERIC-NEXT:   ^bb0(%arg5: memref<?x4xf32>, %arg6: index):
// GENERIC-NEXT:     %91 = "arith.constant"() <{value = 1 : index}> : () -> index
// GENERIC-NEXT:     %92 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %93 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %94 = "memref.dim"(%arg5, %93) : (memref<?x4xf32>, index) -> index
// GENERIC-NEXT:     %95 = "arith.constant"() <{value = true}> : () -> i1
// GENERIC-NEXT:     %96 = "arith.cmpi"(%94, %91) <{predicate = 4 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     %97 = "arith.constant"() <{value = 1 : index}> : () -> index
// GENERIC-NEXT:     %98 = "arith.constant"() <{value = 4 : index}> : () -> index
// GENERIC-NEXT:     %99 = "arith.cmpi"(%arg6, %92) <{predicate = 5 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     %100 = "arith.cmpi"(%arg6, %98) <{predicate = 2 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     %101 = "arith.andi"(%99, %100) : (i1, i1) -> i1
// GENERIC-NEXT:     %102 = "arith.andi"(%96, %101) : (i1, i1) -> i1
// GENERIC-NEXT:     "cf.assert"(%102) <{msg = "ERROR: Runtime op verification failed\0A%12 = \22memref.load\22(%arg5, %11, %arg6) : (memref<?x4xf32>, index, index) -> f32\0A^ out-of-bounds access\0ALocation: loc(\22op16\22)"}> : (i1) -> ()
// GENERIC-NEXT:     %103 = "memref.load"(%arg5, %91, %arg6) : (memref<?x4xf32>, index, index) -> f32
// GENERIC-NEXT:     %104 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %105 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %106 = "memref.dim"(%arg5, %105) : (memref<?x4xf32>, index) -> index
// GENERIC-NEXT:     %107 = "arith.cmpi"(%arg6, %104) <{predicate = 5 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     %108 = "arith.cmpi"(%arg6, %106) <{predicate = 2 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     %109 = "arith.andi"(%107, %108) : (i1, i1) -> i1
// GENERIC-NEXT:     %110 = "arith.constant"() <{value = 1 : index}> : () -> index
// GENERIC-NEXT:     %111 = "arith.constant"() <{value = 4 : index}> : () -> index
// GENERIC-NEXT:     %112 = "arith.constant"() <{value = true}> : () -> i1
// GENERIC-NEXT:     %113 = "arith.constant"() <{value = true}> : () -> i1
// GENERIC-NEXT:     "cf.assert"(%109) <{msg = "ERROR: Runtime op verification failed\0A%13 = \22memref.load\22(%arg5, %arg6, %11) : (memref<?x4xf32>, index, index) -> f32\0A^ out-of-bounds access\0ALocation: loc(\22op17\22)"}> : (i1) -> ()
// GENERIC-NEXT:     %114 = "memref.load"(%arg5, %arg6, %91) : (memref<?x4xf32>, index, index) -> f32
// GENERIC-NEXT:     "func.return"(%103) : (f32) -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT:   "func.func"() <{function_type = (memref<4x?xf32, #map>, index, memref<*xf32>, memref<?x?xf32>) -> (), sym_name = "layout"}> ({
// GENERIC-NEXT:   ^bb0(%arg0: memref<4x?xf32, #map>, %arg1: index, %arg2: memref<*xf32>, %arg3: memref<?x?xf32>):
// GENERIC-NEXT:     %0 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %1 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %2 = "arith.constant"() <{value = 4 : index}> : () -> index
// GENERIC-NEXT:     %3 = "arith.cmpi"(%arg1, %0) <{predicate = 5 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     %4 = "arith.cmpi"(%arg1, %2) <{predicate = 2 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     %5 = "arith.andi"(%3, %4) : (i1, i1) -> i1
// GENERIC-NEXT:     %6 = "arith.constant"() <{value = 1 : index}> : () -> index
// GENERIC-NEXT:     %7 = "memref.dim"(%arg0, %6) : (memref<4x?xf32, #map>, index) -> index
// GENERIC-NEXT:     %8 = "arith.cmpi"(%arg1, %0) <{predicate = 5 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     %9 = "arith.cmpi"(%arg1, %7) <{predicate = 2 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     %10 = "arith.andi"(%8, %9) : (i1, i1) -> i1
// GENERIC-NEXT:     %11 = "arith.andi"(%5, %10) : (i1, i1) -> i1
// GENERIC-NEXT:     "cf.assert"(%11) <{msg = "ERROR: Runtime op verification failed\0A%0 = \22memref.load\22(%arg0, %arg1, %arg1) : (memref<4x?xf32, affine_map<(d0, d1) -> (d0 * 8 + d1)>>, index, index) -> f32\0A^ out-of-bounds access\0ALocation: loc(\22op18\22)"}> : (i1) -> ()
// GENERIC-NEXT:     %12 = "memref.load"(%arg0, %arg1, %arg1) : (memref<4x?xf32, #map>, index, index) -> f32
// GENERIC-NEXT:     "memref.copy"(%arg2, %arg3) : (memref<*xf32>, memref<?x?xf32>) -> ()
// GENERIC-NEXT:     %13 = "memref.cast"(%arg3) : (memref<?x?xf32>) -> memref<*xf32>
// GENERIC-NEXT:     %14 = "memref.rank"(%arg2) : (memref<*xf32>) -> index
// GENERIC-NEXT:     %15 = "arith.constant"() <{value = 2 : index}> : () -> index
// GENERIC-NEXT:     %16 = "arith.cmpi"(%14, %15) <{predicate = 0 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     "cf.assert"(%16) <{msg = "ERROR: Runtime op verification failed\0A%2 = \22memref.cast\22(%arg2) : (memref<*xf32>) -> memref<?x?xf32>\0A^ rank mismatch\0ALocation: loc(\22op21\22)"}> : (i1) -> ()
// GENERIC-NEXT:     %17 = "memref.cast"(%arg2) : (memref<*xf32>) -> memref<?x?xf32, strided<[?, ?], offset: ?>>
// GENERIC-NEXT:     %18:6 = "memref.extract_strided_metadata"(%17) : (memref<?x?xf32, strided<[?, ?], offset: ?>>) -> (memref<f32>, index, index, index, index, index)
// GENERIC-NEXT:     %19 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %20 = "arith.cmpi"(%18#1, %19) <{predicate = 0 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     "cf.assert"(%20) <{msg = "ERROR: Runtime op verification failed\0A%2 = \22memref.cast\22(%arg2) : (memref<*xf32>) -> memref<?x?xf32>\0A^ offset mismatch\0ALocation: loc(\22op21\22)"}> : (i1) -> ()
// GENERIC-NEXT:     %21 = "arith.constant"() <{value = 1 : index}> : () -> index
// GENERIC-NEXT:     %22 = "arith.cmpi"(%18#5, %21) <{predicate = 0 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     "cf.assert"(%22) <{msg = "ERROR: Runtime op verification failed\0A%2 = \22memref.cast\22(%arg2) : (memref<*xf32>) -> memref<?x?xf32>\0A^ stride mismatch of dim 1\0ALocation: loc(\22op21\22)"}> : (i1) -> ()
// GENERIC-NEXT:     %23 = "memref.cast"(%arg2) : (memref<*xf32>) -> memref<?x?xf32>
// GENERIC-NEXT:     "scf.for"(%arg1, %arg1, %arg1) ({
// GENERIC-NEXT:     ^bb0(%arg4: index):
// GENERIC-NEXT:       %66 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:       %67 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:       %68 = "memref.dim"(%arg3, %67) : (memref<?x?xf32>, index) -> index
// GENERIC-NEXT:       %69 = "arith.cmpi"(%arg4, %66) <{predicate = 5 : i64}> : (index, index) -> i1
// GENERIC-NEXT:       %70 = "arith.cmpi"(%arg4, %68) <{predicate = 2 : i64}> : (index, index) -> i1
// GENERIC-NEXT:       %71 = "arith.andi"(%69, %70) : (i1, i1) -> i1
// GENERIC-NEXT:       %72 = "arith.constant"() <{value = 1 : index}> : () -> index
// GENERIC-NEXT:       %73 = "memref.dim"(%arg3, %72) : (memref<?x?xf32>, index) -> index
// GENERIC-NEXT:       %74 = "arith.cmpi"(%arg1, %66) <{predicate = 5 : i64}> : (index, index) -> i1
// GENERIC-NEXT:       %75 = "arith.cmpi"(%arg1, %73) <{predicate = 2 : i64}> : (index, index) -> i1
// GENERIC-NEXT:       %76 = "arith.andi"(%74, %75) : (i1, i1) -> i1
// GENERIC-NEXT:       %77 = "arith.andi"(%71, %76) : (i1, i1) -> i1
// GENERIC-NEXT:       "cf.assert"(%77) <{msg = "ERROR: Runtime op verification failed\0A%10 = \22memref.load\22(%arg3, %arg4, %arg1) <{nontemporal = true}> : (memref<?x?xf32>, index, index) -> f32\0A^ out-of-bounds access\0ALocation: loc(\22op22\22)"}> : (i1) -> ()
// GENERIC-NEXT:       %78 = "memref.load"(%arg3, %arg4, %arg1) <{nontemporal = true}> : (memref<?x?xf32>, index, index) -> f32
// GENERIC-NEXT:       %79 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:       %80 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:       %81 = "memref.dim"(%arg3, %80) : (memref<?x?xf32>, index) -> index
// GENERIC-NEXT:       %82 = "arith.cmpi"(%arg1, %79) <{predicate = 5 : i64}> : (index, index) -> i1
// GENERIC-NEXT:       %83 = "arith.cmpi"(%arg1, %81) <{predicate = 2 : i64}> : (index, index) -> i1
// GENERIC-NEXT:       %84 = "arith.andi"(%82, %83) : (i1, i1) -> i1
// GENERIC-NEXT:       %85 = "arith.constant"() <{value = 1 : index}> : () -> index
// GENERIC-NEXT:       %86 = "memref.dim"(%arg3, %85) : (memref<?x?xf32>, index) -> index
// GENERIC-NEXT:       %87 = "arith.cmpi"(%arg4, %79) <{predicate = 5 : i64}> : (index, index) -> i1
// GENERIC-NEXT:       %88 = "arith.cmpi"(%arg4, %86) <{predicate = 2 : i64}> : (index, index) -> i1
// GENERIC-NEXT:       %89 = "arith.andi"(%87, %88) : (i1, i1) -> i1
// GENERIC-NEXT:       %90 = "arith.andi"(%84, %89) : (i1, i1) -> i1
// GENERIC-NEXT:       "cf.assert"(%90) <{msg = "ERROR: Runtime op verification failed\0A\22memref.store\22(%10, %arg3, %arg1, %arg4) : (f32, memref<?x?xf32>, index, index) -> ()\0A^ out-of-bounds access\0ALocation: loc(\22op23\22)"}> : (i1) -> ()
// GENERIC-NEXT:       "memref.store"(%78, %arg3, %arg1, %arg4) : (f32, memref<?x?xf32>, index, index) -> ()
// GENERIC-NEXT:       "scf.yield"() : () -> ()
// GENERIC-NEXT:     }) : (index, index, index) -> ()
// GENERIC-NEXT:     %24 = "memref.alloca"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<2x3xf32>
// GENERIC-NEXT:     %25 = "arith.constant"() <{value = 1 : index}> : () -> index
// GENERIC-NEXT:     %26 = "arith.constant"() <{value = 2 : index}> : () -> index
// GENERIC-NEXT:     %27 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %28 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %29 = "arith.constant"() <{value = 2 : index}> : () -> index
// GENERIC-NEXT:     %30 = "arith.constant"() <{value = true}> : () -> i1
// GENERIC-NEXT:     %31 = "arith.constant"() <{value = true}> : () -> i1
// GENERIC-NEXT:     %32 = "arith.constant"() <{value = 1 : index}> : () -> index
// GENERIC-NEXT:     %33 = "arith.constant"() <{value = 3 : index}> : () -> index
// GENERIC-NEXT:     %34 = "arith.constant"() <{value = true}> : () -> i1
// GENERIC-NEXT:     %35 = "arith.constant"() <{value = true}> : () -> i1
// GENERIC-NEXT:     "cf.assert"(%30) <{msg = "ERROR: Runtime op verification failed\0A%6 = \22memref.load\22(%3, %4, %5) : (memref<2x3xf32>, index, index) -> f32\0A^ out-of-bounds access\0ALocation: loc(\22op24\22)"}> : (i1) -> ()
// GENERIC-NEXT:     %36 = "memref.load"(%24, %25, %26) : (memref<2x3xf32>, index, index) -> f32
// GENERIC-NEXT:     %37 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %38 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %39 = "arith.constant"() <{value = 2 : index}> : () -> index
// GENERIC-NEXT:     %40 = "arith.constant"() <{value = true}> : () -> i1
// GENERIC-NEXT:     %41 = "arith.constant"() <{value = false}> : () -> i1
// GENERIC-NEXT:     %42 = "arith.constant"() <{value = 1 : index}> : () -> index
// GENERIC-NEXT:     %43 = "arith.constant"() <{value = 3 : index}> : () -> index
// GENERIC-NEXT:     %44 = "arith.constant"() <{value = true}> : () -> i1
// GENERIC-NEXT:     %45 = "arith.constant"() <{value = true}> : () -> i1
// GENERIC-NEXT:     "cf.assert"(%41) <{msg = "ERROR: Runtime op verification failed\0A%7 = \22memref.load\22(%3, %5, %4) : (memref<2x3xf32>, index, index) -> f32\0A^ out-of-bounds access\0ALocation: loc(\22op25\22)"}> : (i1) -> ()
// GENERIC-NEXT:     %46 = "memref.load"(%24, %26, %25) : (memref<2x3xf32>, index, index) -> f32
// GENERIC-NEXT:     %47 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %48 = "memref.dim"(%arg3, %47) : (memref<?x?xf32>, index) -> index
// GENERIC-NEXT:     %49 = "arith.constant"() <{value = 3 : index}> : () -> index
// GENERIC-NEXT:     %50 = "arith.remsi"(%48, %49) : (index, index) -> index
// GENERIC-NEXT:     %51 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %52 = "arith.cmpi"(%50, %51) <{predicate = 0 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     "cf.assert"(%52) <{msg = "ERROR: Runtime op verification failed\0A%8 = \22memref.expand_shape\22(%arg3, %arg1, %arg1) <{reassociation = {{\[\[}}0, 1], [2]], static_output_shape = array<i64: -9223372036854775808, 3, -9223372036854775808>}> : (memref<?x?xf32>, index, index) -> memref<?x3x?xf32>\0A^ static result dims in reassoc group do not divide src dim evenly\0ALocation: loc(\22op26\22)"}> : (i1) -> ()
// GENERIC-NEXT:     %53 = "arith.constant"() <{value = 1 : index}> : () -> index
// GENERIC-NEXT:     %54 = "memref.dim"(%arg3, %53) : (memref<?x?xf32>, index) -> index
// GENERIC-NEXT:     %55 = "arith.constant"() <{value = 1 : index}> : () -> index
// GENERIC-NEXT:     %56 = "arith.remsi"(%54, %55) : (index, index) -> index
// GENERIC-NEXT:     %57 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %58 = "arith.cmpi"(%56, %57) <{predicate = 0 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     "cf.assert"(%58) <{msg = "ERROR: Runtime op verification failed\0A%8 = \22memref.expand_shape\22(%arg3, %arg1, %arg1) <{reassociation = {{\[\[}}0, 1], [2]], static_output_shape = array<i64: -9223372036854775808, 3, -9223372036854775808>}> : (memref<?x?xf32>, index, index) -> memref<?x3x?xf32>\0A^ static result dims in reassoc group do not divide src dim evenly\0ALocation: loc(\22op26\22)"}> : (i1) -> ()
// GENERIC-NEXT:     %59 = "memref.expand_shape"(%arg3, %arg1, %arg1) <{reassociation = {{\[\[}}0, 1], [2]], static_output_shape = array<i64: -9223372036854775808, 3, -9223372036854775808>}> : (memref<?x?xf32>, index, index) -> memref<?x3x?xf32>
// GENERIC-NEXT:     %60 = "memref.rank"(%24) : (memref<2x3xf32>) -> index
// GENERIC-NEXT:     %61 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:     %62 = "arith.cmpi"(%arg1, %61) <{predicate = 5 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     %63 = "arith.cmpi"(%arg1, %60) <{predicate = 2 : i64}> : (index, index) -> i1
// GENERIC-NEXT:     %64 = "arith.andi"(%62, %63) : (i1, i1) -> i1
// GENERIC-NEXT:     "cf.assert"(%64) <{msg = "ERROR: Runtime op verification failed\0A%9 = \22memref.dim\22(%3, %arg1) : (memref<2x3xf32>, index) -> index\0A^ index is out of bounds\0ALocation: loc(\22op27\22)"}> : (i1) -> ()
// GENERIC-NEXT:     %65 = "memref.dim"(%24, %arg1) : (memref<2x3xf32>, index) -> index
// GENERIC-NEXT:     "func.return"() : () -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT:   "func.func"() <{function_type = () -> (), sym_name = "empty"}> ({
// GENERIC-NEXT:     "func.return"() : () -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()

#map = affine_map<(d0, d1) -> (d0 * 8 + d1)>

func.func @load(%m: memref<?x4xf32>, %i: index, %j: index) -> f32 {
  %v = memref.load %m[%i, %j] : memref<?x4xf32> loc("op1")
  memref.store %v, %m[%j, %i] : memref<?x4xf32> loc("op2")
  return %v : f32
}
func.func @load_rank0(%m: memref<f32>) -> f32 {
  %v = memref.load %m[] : memref<f32> loc("op3")
  return %v : f32
}
func.func @dim(%m: memref<?x4xf32>, %i: index) -> index {
  %d = memref.dim %m, %i : memref<?x4xf32> loc("op4")
  return %d : index
}
func.func @copy(%a: memref<?x4xf32>, %b: memref<3x?xf32>) {
  memref.copy %a, %b : memref<?x4xf32> to memref<3x?xf32> loc("op5")
  return
}
func.func @cast(%a: memref<?x?xf32>, %u: memref<*xf32>, %s: memref<?x?xf32, strided<[?, ?], offset: ?>>) {
  %0 = memref.cast %a : memref<?x?xf32> to memref<4x?xf32> loc("op6")
  %1 = memref.cast %u : memref<*xf32> to memref<4x5xf32> loc("op7")
  %2 = memref.cast %s : memref<?x?xf32, strided<[?, ?], offset: ?>> to memref<4x?xf32, strided<[?, 1], offset: 3>> loc("op8")
  return
}
func.func @align(%a: memref<?xf32>) {
  memref.assume_alignment %a, 16 : memref<?xf32> loc("op9")
  return
}
func.func @expand(%m: memref<?x?xf32>, %a: index, %b: index) -> memref<?x5x?x2xf32> {
  %0 = memref.expand_shape %m [[0, 1], [2, 3]] output_shape [%a, 5, %b, 2] : memref<?x?xf32> into memref<?x5x?x2xf32> loc("op10")
  return %0 : memref<?x5x?x2xf32>
}
func.func @rmw(%m: memref<?xf32>, %i: index, %v: f32) -> f32 {
  %0 = memref.atomic_rmw addf %v, %m[%i] : (f32, memref<?xf32>) -> f32 loc("op11")
  %1 = memref.generic_atomic_rmw %m[%i] : memref<?xf32> {
  ^bb0(%x: f32):
    memref.atomic_yield %x : f32
  } loc("op12")
  return %1 : f32
}
func.func @rc(%m: memref<?xf32>, %o: index) -> memref<4xf32, strided<[1], offset: ?>> {
  %0 = memref.reinterpret_cast %m to offset: [%o], sizes: [4], strides: [1] : memref<?xf32> to memref<4xf32, strided<[1], offset: ?>> loc("op13")
  return %0 : memref<4xf32, strided<[1], offset: ?>>
}
func.func @subview_dynamic(%m: memref<?x8xf32>, %o: index, %s: index, %c: i1) -> memref<?x4xf32, strided<[8, 1], offset: ?>> {
  scf.if %c {
  }
  %0 = memref.subview %m[%o, 2][%s, 4][1, 1] : memref<?x8xf32> to memref<?x4xf32, strided<[8, 1], offset: ?>> loc("op14")
  return %0 : memref<?x4xf32, strided<[8, 1], offset: ?>>
}
func.func @dim_const(%m: memref<?x4xf32>) -> index {
  %c1 = arith.constant 1 : index
  %d = memref.dim %m, %c1 : memref<?x4xf32> loc("op15")
  return %d : index
}
func.func @ld(%m: memref<?x4xf32>, %i: index) -> f32 {
  %c1 = arith.constant 1 : index
  %d = memref.load %m[%c1, %i] : memref<?x4xf32> loc("op16")
  %e = memref.load %m[%i, %c1] : memref<?x4xf32> loc("op17")
  return %d : f32
}
func.func @layout(%m: memref<4x?xf32, #map>, %i: index, %u: memref<*xf32>, %v: memref<?x?xf32>) {
  %0 = memref.load %m[%i, %i] : memref<4x?xf32, #map> loc("op18")
  memref.copy %u, %v : memref<*xf32> to memref<?x?xf32> loc("op19")
  %c = memref.cast %v : memref<?x?xf32> to memref<*xf32> loc("op20")
  %d = memref.cast %u : memref<*xf32> to memref<?x?xf32> loc("op21")
  scf.for %k = %i to %i step %i {
    %1 = memref.load %v[%k, %i] {nontemporal = true} : memref<?x?xf32> loc("op22")
    memref.store %1, %v[%i, %k] : memref<?x?xf32> loc("op23")
  }
  %r = memref.alloca() : memref<2x3xf32>
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %x = memref.load %r[%c1, %c2] : memref<2x3xf32> loc("op24")
  %y = memref.load %r[%c2, %c1] : memref<2x3xf32> loc("op25")
  %e = memref.expand_shape %v [[0, 1], [2]] output_shape [%i, 3, %i] : memref<?x?xf32> into memref<?x3x?xf32> loc("op26")
  %s = memref.dim %r, %i : memref<2x3xf32> loc("op27")
  return
}
func.func @empty() {
  return
}
