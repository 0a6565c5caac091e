// generate-runtime-verification on the tensor ops: cast's rank and static
// sizes, dim's index within the rank, extract/insert indices within the
// dimensions, extract_slice's offsets and last positions (an scf.if per
// check, as memref.subview). Sources of dynamic sizes only (a static size
// comes from tensor.dim's folder). Check lines: utils/update-mlir-checks.py.
// RUN: lamina-opt -generate-runtime-verification < %s | FileCheck %s
// RUN: lamina-opt -generate-runtime-verification=verbose-level=0 -cse < %s | FileCheck %s --check-prefix=MIN
// GEN: -generate-runtime-verification
// CHECK: module {
// CHECK-NEXT:   func.func @cast(%arg0: tensor<?x?xf32>, %arg1: tensor<*xf32>) -> (tensor<4x?xf32>, tensor<4x8xf32>, tensor<*xf32>) {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %dim = tensor.dim %arg0, %c0 : tensor<?x?xf32>
// CHECK-NEXT:     %c4 = arith.constant 4 : index
// CHECK-NEXT:     %0 = arith.cmpi eq, %dim, %c4 : index
// CHECK-NEXT:     cf.assert %0, "ERROR: Runtime op verification failed\0A%cast = tensor.cast %arg0 : tensor<?x?xf32> to tensor<4x?xf32>\0A^ size mismatch of dim 0\0ALocation: loc(\22t1\22)"
// CHECK-NEXT:     %cast = tensor.cast %arg0 : tensor<?x?xf32> to tensor<4x?xf32>
// CHECK-NEXT:     %rank = tensor.rank %arg1 : tensor<*xf32>
// CHECK-NEXT:     %c2 = arith.constant 2 : index
// CHECK-NEXT:     %1 = arith.cmpi eq, %rank, %c2 : index
// CHECK-NEXT:     cf.assert %1, "ERROR: Runtime op verification failed\0A%cast_0 = tensor.cast %arg1 : tensor<*xf32> to tensor<4x8xf32>\0A^ rank mismatch\0ALocation: loc(\22t2\22)"
// CHECK-NEXT:     %c0_0 = arith.constant 0 : index
// CHECK-NEXT:     %dim_1 = tensor.dim %arg1, %c0_0 : tensor<*xf32>
// CHECK-NEXT:     %c4_2 = arith.constant 4 : index
// CHECK-NEXT:     %2 = arith.cmpi eq, %dim_1, %c4_2 : index
// CHECK-NEXT:     cf.assert %2, "ERROR: Runtime op verification failed\0A%cast_0 = tensor.cast %arg1 : tensor<*xf32> to tensor<4x8xf32>\0A^ size mismatch of dim 0\0ALocation: loc(\22t2\22)"
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %dim_3 = tensor.dim %arg1, %c1 : tensor<*xf32>
// CHECK-NEXT:     %c8 = arith.constant 8 : index
// CHECK-NEXT:     %3 = arith.cmpi eq, %dim_3, %c8 : index
// CHECK-NEXT:     cf.assert %3, "ERROR: Runtime op verification failed\0A%cast_0 = tensor.cast %arg1 : tensor<*xf32> to tensor<4x8xf32>\0A^ size mismatch of dim 1\0ALocation: loc(\22t2\22)"
// CHECK-NEXT:     %cast_4 = tensor.cast %arg1 : tensor<*xf32> to tensor<4x8xf32>
// CHECK-NEXT:     %cast_5 = tensor.cast %arg0 : tensor<?x?xf32> to tensor<*xf32>
// CHECK-NEXT:     %rank_6 = tensor.rank %arg1 : tensor<*xf32>
// CHECK-NEXT:     %c2_7 = arith.constant 2 : index
// CHECK-NEXT:     %4 = arith.cmpi eq, %rank_6, %c2_7 : index
// CHECK-NEXT:     cf.assert %4, "ERROR: Runtime op verification failed\0A%cast_2 = tensor.cast %arg1 : tensor<*xf32> to tensor<?x?xf32>\0A^ rank mismatch\0ALocation: loc(\22t4\22)"
// CHECK-NEXT:     %cast_8 = tensor.cast %arg1 : tensor<*xf32> to tensor<?x?xf32>
// CHECK-NEXT:     return %cast, %cast_4, %cast_5 : tensor<4x?xf32>, tensor<4x8xf32>, tensor<*xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @dim(%arg0: tensor<?x?xf32>, %arg1: tensor<*xf32>, %arg2: index) -> (index, index) {
// CHECK-NEXT:     %rank = tensor.rank %arg0 : tensor<?x?xf32>
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %0 = arith.cmpi sge, %arg2, %c0 : index
// CHECK-NEXT:     %1 = arith.cmpi slt, %arg2, %rank : index
// CHECK-NEXT:     %2 = arith.andi %0, %1 : i1
// CHECK-NEXT:     cf.assert %2, "ERROR: Runtime op verification failed\0A%dim = tensor.dim %arg0, %arg2 : tensor<?x?xf32>\0A^ index is out of bounds\0ALocation: loc(\22t5\22)"
// CHECK-NEXT:     %dim = tensor.dim %arg0, %arg2 : tensor<?x?xf32>
// CHECK-NEXT:     %rank_0 = tensor.rank %arg1 : tensor<*xf32>
// CHECK-NEXT:     %c0_1 = arith.constant 0 : index
// CHECK-NEXT:     %3 = arith.cmpi sge, %arg2, %c0_1 : index
// CHECK-NEXT:     %4 = arith.cmpi slt, %arg2, %rank_0 : index
// CHECK-NEXT:     %5 = arith.andi %3, %4 : i1
// CHECK-NEXT:     cf.assert %5, "ERROR: Runtime op verification failed\0A%dim_0 = tensor.dim %arg1, %arg2 : tensor<*xf32>\0A^ index is out of bounds\0ALocation: loc(\22t6\22)"
// CHECK-NEXT:     %dim_2 = tensor.dim %arg1, %arg2 : tensor<*xf32>
// CHECK-NEXT:     return %dim, %dim_2 : index, index
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @extract_insert(%arg0: tensor<?x?x?xf32>, %arg1: index, %arg2: index, %arg3: index, %arg4: tensor<f32>, %arg5: f32) -> (f32, f32, tensor<?x?x?xf32>, tensor<f32>) {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c0_0 = arith.constant 0 : index
// CHECK-NEXT:     %dim = tensor.dim %arg0, %c0_0 : tensor<?x?x?xf32>
// CHECK-NEXT:     %0 = arith.cmpi sge, %arg1, %c0 : index
// CHECK-NEXT:     %1 = arith.cmpi slt, %arg1, %dim : index
// CHECK-NEXT:     %2 = arith.andi %0, %1 : i1
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %dim_1 = tensor.dim %arg0, %c1 : tensor<?x?x?xf32>
// CHECK-NEXT:     %3 = arith.cmpi sge, %arg2, %c0 : index
// CHECK-NEXT:     %4 = arith.cmpi slt, %arg2, %dim_1 : index
// CHECK-NEXT:     %5 = arith.andi %3, %4 : i1
// CHECK-NEXT:     %6 = arith.andi %2, %5 : i1
// CHECK-NEXT:     %c2 = arith.constant 2 : index
// CHECK-NEXT:     %dim_2 = tensor.dim %arg0, %c2 : tensor<?x?x?xf32>
// CHECK-NEXT:     %7 = arith.cmpi sge, %arg3, %c0 : index
// CHECK-NEXT:     %8 = arith.cmpi slt, %arg3, %dim_2 : index
// CHECK-NEXT:     %9 = arith.andi %7, %8 : i1
// CHECK-NEXT:     %10 = arith.andi %6, %9 : i1
// CHECK-NEXT:     cf.assert %10, "ERROR: Runtime op verification failed\0A%extracted = tensor.extract %arg0[%arg1, %arg2, %arg3] : tensor<?x?x?xf32>\0A^ out-of-bounds access\0ALocation: loc(\22t7\22)"
// CHECK-NEXT:     %extracted = tensor.extract %arg0[%arg1, %arg2, %arg3] : tensor<?x?x?xf32>
// CHECK-NEXT:     %extracted_3 = tensor.extract %arg4[] : tensor<f32>
// CHECK-NEXT:     %c0_4 = arith.constant 0 : index
// CHECK-NEXT:     %c0_5 = arith.constant 0 : index
// CHECK-NEXT:     %dim_6 = tensor.dim %arg0, %c0_5 : tensor<?x?x?xf32>
// CHECK-NEXT:     %11 = arith.cmpi sge, %arg3, %c0_4 : index
// CHECK-NEXT:     %12 = arith.cmpi slt, %arg3, %dim_6 : index
// CHECK-NEXT:     %13 = arith.andi %11, %12 : i1
// CHECK-NEXT:     %c1_7 = arith.constant 1 : index
// CHECK-NEXT:     %dim_8 = tensor.dim %arg0, %c1_7 : tensor<?x?x?xf32>
// CHECK-NEXT:     %14 = arith.cmpi sge, %arg2, %c0_4 : index
// CHECK-NEXT:     %15 = arith.cmpi slt, %arg2, %dim_8 : index
// CHECK-NEXT:     %16 = arith.andi %14, %15 : i1
// CHECK-NEXT:     %17 = arith.andi %13, %16 : i1
// CHECK-NEXT:     %c2_9 = arith.constant 2 : index
// CHECK-NEXT:     %dim_10 = tensor.dim %arg0, %c2_9 : tensor<?x?x?xf32>
// CHECK-NEXT:     %18 = arith.cmpi sge, %arg1, %c0_4 : index
// CHECK-NEXT:     %19 = arith.cmpi slt, %arg1, %dim_10 : index
// CHECK-NEXT:     %20 = arith.andi %18, %19 : i1
// CHECK-NEXT:     %21 = arith.andi %17, %20 : i1
// CHECK-NEXT:     cf.assert %21, "ERROR: Runtime op verification failed\0A%inserted = tensor.insert %arg5 into %arg0[%arg3, %arg2, %arg1] : tensor<?x?x?xf32>\0A^ out-of-bounds access\0ALocation: loc(\22t9\22)"
// CHECK-NEXT:     %inserted = tensor.insert %arg5 into %arg0[%arg3, %arg2, %arg1] : tensor<?x?x?xf32>
// CHECK-NEXT:     %inserted_11 = tensor.insert %arg5 into %arg4[] : tensor<f32>
// CHECK-NEXT:     return %extracted, %extracted_3, %inserted, %inserted_11 : f32, f32, tensor<?x?x?xf32>, tensor<f32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @extract_slice(%arg0: tensor<?x?xf32>, %arg1: index, %arg2: index, %arg3: index) -> (tensor<?x3xf32>, tensor<2x?xf32>) {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c1_0 = arith.constant 1 : index
// CHECK-NEXT:     %c0_1 = arith.constant 0 : index
// CHECK-NEXT:     %dim = tensor.dim %arg0, %c0_1 : tensor<?x?xf32>
// CHECK-NEXT:     %0 = arith.cmpi eq, %arg2, %c0 : index
// CHECK-NEXT:     %1 = scf.if %0 -> (i1) {
// CHECK-NEXT:       %24 = arith.cmpi sge, %arg1, %c0 : index
// CHECK-NEXT:       %25 = arith.cmpi sle, %arg1, %dim : index
// CHECK-NEXT:       %26 = arith.andi %24, %25 : i1
// CHECK-NEXT:       scf.yield %26 : i1
// CHECK-NEXT:     } else {
// CHECK-NEXT:       %24 = arith.cmpi sge, %arg1, %c0 : index
// CHECK-NEXT:       %25 = arith.cmpi slt, %arg1, %dim : index
// CHECK-NEXT:       %26 = arith.andi %24, %25 : i1
// CHECK-NEXT:       scf.yield %26 : i1
// CHECK-NEXT:     }
// CHECK-NEXT:     cf.assert %1, "ERROR: Runtime op verification failed\0A%extracted_slice = tensor.extract_slice %arg0[%arg1, 1] [%arg2, 3] [1, 2] : tensor<?x?xf32> to tensor<?x3xf32>\0A^ offset 0 is out-of-bounds\0ALocation: loc(\22t11\22)"
// CHECK-NEXT:     %2 = arith.cmpi sgt, %arg2, %c0 : index
// CHECK-NEXT:     %3 = scf.if %2 -> (i1) {
// CHECK-NEXT:       %24 = arith.subi %arg2, %c1 : index
// CHECK-NEXT:       %25 = arith.muli %24, %c1_0 : index
// CHECK-NEXT:       %26 = arith.addi %arg1, %25 : index
// CHECK-NEXT:       %27 = arith.cmpi sge, %26, %c0 : index
// CHECK-NEXT:       %28 = arith.cmpi slt, %26, %dim : index
// CHECK-NEXT:       %29 = arith.andi %27, %28 : i1
// CHECK-NEXT:       scf.yield %29 : i1
// CHECK-NEXT:     } else {
// CHECK-NEXT:       %true = arith.constant true
// CHECK-NEXT:       scf.yield %true : i1
// CHECK-NEXT:     }
// CHECK-NEXT:     cf.assert %3, "ERROR: Runtime op verification failed\0A%extracted_slice = tensor.extract_slice %arg0[%arg1, 1] [%arg2, 3] [1, 2] : tensor<?x?xf32> to tensor<?x3xf32>\0A^ extract_slice runs out-of-bounds along dimension 0\0ALocation: loc(\22t11\22)"
// CHECK-NEXT:     %c1_2 = arith.constant 1 : index
// CHECK-NEXT:     %c3 = arith.constant 3 : index
// CHECK-NEXT:     %c2 = arith.constant 2 : index
// CHECK-NEXT:     %c1_3 = arith.constant 1 : index
// CHECK-NEXT:     %dim_4 = tensor.dim %arg0, %c1_3 : tensor<?x?xf32>
// CHECK-NEXT:     %4 = arith.cmpi eq, %c3, %c0 : index
// CHECK-NEXT:     %5 = scf.if %4 -> (i1) {
// CHECK-NEXT:       %24 = arith.cmpi sge, %c1_2, %c0 : index
// CHECK-NEXT:       %25 = arith.cmpi sle, %c1_2, %dim_4 : index
// CHECK-NEXT:       %26 = arith.andi %24, %25 : i1
// CHECK-NEXT:       scf.yield %26 : i1
// CHECK-NEXT:     } else {
// CHECK-NEXT:       %true = arith.constant true
// CHECK-NEXT:       %24 = arith.cmpi sgt, %dim_4, %c1_2 : index
// CHECK-NEXT:       scf.yield %24 : i1
// CHECK-NEXT:     }
// CHECK-NEXT:     cf.assert %5, "ERROR: Runtime op verification failed\0A%extracted_slice = tensor.extract_slice %arg0[%arg1, 1] [%arg2, 3] [1, 2] : tensor<?x?xf32> to tensor<?x3xf32>\0A^ offset 1 is out-of-bounds\0ALocation: loc(\22t11\22)"
// CHECK-NEXT:     %6 = arith.cmpi sgt, %c3, %c0 : index
// CHECK-NEXT:     %7 = scf.if %6 -> (i1) {
// CHECK-NEXT:       %24 = arith.subi %c3, %c1 : index
// CHECK-NEXT:       %25 = arith.muli %24, %c2 : index
// CHECK-NEXT:       %26 = arith.addi %c1_2, %25 : index
// CHECK-NEXT:       %27 = arith.cmpi sge, %26, %c0 : index
// CHECK-NEXT:       %28 = arith.cmpi slt, %26, %dim_4 : index
// CHECK-NEXT:       %29 = arith.andi %27, %28 : i1
// CHECK-NEXT:       scf.yield %29 : i1
// CHECK-NEXT:     } else {
// CHECK-NEXT:       %true = arith.constant true
// CHECK-NEXT:       scf.yield %true : i1
// CHECK-NEXT:     }
// CHECK-NEXT:     cf.assert %7, "ERROR: Runtime op verification failed\0A%extracted_slice = tensor.extract_slice %arg0[%arg1, 1] [%arg2, 3] [1, 2] : tensor<?x?xf32> to tensor<?x3xf32>\0A^ extract_slice runs out-of-bounds along dimension 1\0ALocation: loc(\22t11\22)"
// CHECK-NEXT:     %extracted_slice = tensor.extract_slice %arg0[%arg1, 1] [%arg2, 3] [1, 2] : tensor<?x?xf32> to tensor<?x3xf32>
// CHECK-NEXT:     %c0_5 = arith.constant 0 : index
// CHECK-NEXT:     %c1_6 = arith.constant 1 : index
// CHECK-NEXT:     %c0_7 = arith.constant 0 : index
// CHECK-NEXT:     %c2_8 = arith.constant 2 : index
// CHECK-NEXT:     %c0_9 = arith.constant 0 : index
// CHECK-NEXT:     %dim_10 = tensor.dim %arg0, %c0_9 : tensor<?x?xf32>
// CHECK-NEXT:     %8 = arith.cmpi eq, %c2_8, %c0_5 : index
// CHECK-NEXT:     %9 = scf.if %8 -> (i1) {
// CHECK-NEXT:       %24 = arith.cmpi sge, %c0_7, %c0_5 : index
// CHECK-NEXT:       %25 = arith.cmpi sle, %c0_7, %dim_10 : index
// CHECK-NEXT:       %26 = arith.andi %24, %25 : i1
// CHECK-NEXT:       scf.yield %26 : i1
// CHECK-NEXT:     } else {
// CHECK-NEXT:       %true = arith.constant true
// CHECK-NEXT:       %24 = arith.cmpi sgt, %dim_10, %c0_7 : index
// CHECK-NEXT:       scf.yield %24 : i1
// CHECK-NEXT:     }
// CHECK-NEXT:     cf.assert %9, "ERROR: Runtime op verification failed\0A%extracted_slice_0 = tensor.extract_slice %arg0[0, %arg1] [2, %arg2] [%arg3, %arg3] : tensor<?x?xf32> to tensor<2x?xf32>\0A^ offset 0 is out-of-bounds\0ALocation: loc(\22t12\22)"
// CHECK-NEXT:     %10 = arith.cmpi sgt, %c2_8, %c0_5 : index
// CHECK-NEXT:     %11 = scf.if %10 -> (i1) {
// CHECK-NEXT:       %24 = arith.subi %c2_8, %c1_6 : index
// CHECK-NEXT:       %25 = arith.muli %24, %arg3 : index
// CHECK-NEXT:       %26 = arith.addi %c0_7, %25 : index
// CHECK-NEXT:       %27 = arith.cmpi sge, %26, %c0_5 : index
// CHECK-NEXT:       %28 = arith.cmpi slt, %26, %dim_10 : index
// CHECK-NEXT:       %29 = arith.andi %27, %28 : i1
// CHECK-NEXT:       scf.yield %29 : i1
// CHECK-NEXT:     } else {
// CHECK-NEXT:       %true = arith.constant true
// CHECK-NEXT:       scf.yield %true : i1
// CHECK-NEXT:     }
// CHECK-NEXT:     cf.assert %11, "ERROR: Runtime op verification failed\0A%extracted_slice_0 = tensor.extract_slice %arg0[0, %arg1] [2, %arg2] [%arg3, %arg3] : tensor<?x?xf32> to tensor<2x?xf32>\0A^ extract_slice runs out-of-bounds along dimension 0\0ALocation: loc(\22t12\22)"
// CHECK-NEXT:     %c1_11 = arith.constant 1 : index
// CHECK-NEXT:     %dim_12 = tensor.dim %arg0, %c1_11 : tensor<?x?xf32>
// CHECK-NEXT:     %12 = arith.cmpi eq, %arg2, %c0_5 : index
// CHECK-NEXT:     %13 = scf.if %12 -> (i1) {
// CHECK-NEXT:       %24 = arith.cmpi sge, %arg1, %c0_5 : index
// CHECK-NEXT:       %25 = arith.cmpi sle, %arg1, %dim_12 : index
// CHECK-NEXT:       %26 = arith.andi %24, %25 : i1
// CHECK-NEXT:       scf.yield %26 : i1
// CHECK-NEXT:     } else {
// CHECK-NEXT:       %24 = arith.cmpi sge, %arg1, %c0_5 : index
// CHECK-NEXT:       %25 = arith.cmpi slt, %arg1, %dim_12 : index
// CHECK-NEXT:       %26 = arith.andi %24, %25 : i1
// CHECK-NEXT:       scf.yield %26 : i1
// CHECK-NEXT:     }
// CHECK-NEXT:     cf.assert %13, "ERROR: Runtime op verification failed\0A%extracted_slice_0 = tensor.extract_slice %arg0[0, %arg1] [2, %arg2] [%arg3, %arg3] : tensor<?x?xf32> to tensor<2x?xf32>\0A^ offset 1 is out-of-bounds\0ALocation: loc(\22t12\22)"
// CHECK-NEXT:     %14 = arith.cmpi sgt, %arg2, %c0_5 : index
// CHECK-NEXT:     %15 = scf.if %14 -> (i1) {
// CHECK-NEXT:       %24 = arith.subi %arg2, %c1_6 : index
// CHECK-NEXT:       %25 = arith.muli %24, %arg3 : index
// CHECK-NEXT:       %26 = arith.addi %arg1, %25 : index
// CHECK-NEXT:       %27 = arith.cmpi sge, %26, %c0_5 : index
// CHECK-NEXT:       %28 = arith.cmpi slt, %26, %dim_12 : index
// CHECK-NEXT:       %29 = arith.andi %27, %28 : i1
// CHECK-NEXT:       scf.yield %29 : i1
// CHECK-NEXT:     } else {
// CHECK-NEXT:       %true = arith.constant true
// CHECK-NEXT:       scf.yield %true : i1
// CHECK-NEXT:     }
// CHECK-NEXT:     cf.assert %15, "ERROR: Runtime op verification failed\0A%extracted_slice_0 = tensor.extract_slice %arg0[0, %arg1] [2, %arg2] [%arg3, %arg3] : tensor<?x?xf32> to tensor<2x?xf32>\0A^ extract_slice runs out-of-bounds along dimension 1\0ALocation: loc(\22t12\22)"
// CHECK-NEXT:     %extracted_slice_13 = tensor.extract_slice %arg0[0, %arg1] [2, %arg2] [%arg3, %arg3] : tensor<?x?xf32> to tensor<2x?xf32>
// CHECK-NEXT:     %c0_14 = arith.constant 0 : index
// CHECK-NEXT:     %c1_15 = arith.constant 1 : index
// CHECK-NEXT:     %c1_16 = arith.constant 1 : index
// CHECK-NEXT:     %c1_17 = arith.constant 1 : index
// CHECK-NEXT:     %c0_18 = arith.constant 0 : index
// CHECK-NEXT:     %dim_19 = tensor.dim %arg0, %c0_18 : tensor<?x?xf32>
// CHECK-NEXT:     %16 = arith.cmpi eq, %c1_16, %c0_14 : index
// CHECK-NEXT:     %17 = scf.if %16 -> (i1) {
// CHECK-NEXT:       %24 = arith.cmpi sge, %arg1, %c0_14 : index
// CHECK-NEXT:       %25 = arith.cmpi sle, %arg1, %dim_19 : index
// CHECK-NEXT:       %26 = arith.andi %24, %25 : i1
// CHECK-NEXT:       scf.yield %26 : i1
// CHECK-NEXT:     } else {
// CHECK-NEXT:       %24 = arith.cmpi sge, %arg1, %c0_14 : index
// CHECK-NEXT:       %25 = arith.cmpi slt, %arg1, %dim_19 : index
// CHECK-NEXT:       %26 = arith.andi %24, %25 : i1
// CHECK-NEXT:       scf.yield %26 : i1
// CHECK-NEXT:     }
// CHECK-NEXT:     cf.assert %17, "ERROR: Runtime op verification failed\0A%extracted_slice_1 = tensor.extract_slice %arg0[%arg1, %arg1] [1, %arg2] [1, 1] : tensor<?x?xf32> to tensor<?xf32>\0A^ offset 0 is out-of-bounds\0ALocation: loc(\22t13\22)"
// CHECK-NEXT:     %18 = arith.cmpi sgt, %c1_16, %c0_14 : index
// CHECK-NEXT:     %19 = scf.if %18 -> (i1) {
// CHECK-NEXT:       %24 = arith.subi %c1_16, %c1_15 : index
// CHECK-NEXT:       %25 = arith.muli %24, %c1_17 : index
// CHECK-NEXT:       %26 = arith.addi %arg1, %25 : index
// CHECK-NEXT:       %27 = arith.cmpi sge, %26, %c0_14 : index
// CHECK-NEXT:       %28 = arith.cmpi slt, %26, %dim_19 : index
// CHECK-NEXT:       %29 = arith.andi %27, %28 : i1
// CHECK-NEXT:       scf.yield %29 : i1
// CHECK-NEXT:     } else {
// CHECK-NEXT:       %true = arith.constant true
// CHECK-NEXT:       scf.yield %true : i1
// CHECK-NEXT:     }
// CHECK-NEXT:     cf.assert %19, "ERROR: Runtime op verification failed\0A%extracted_slice_1 = tensor.extract_slice %arg0[%arg1, %arg1] [1, %arg2] [1, 1] : tensor<?x?xf32> to tensor<?xf32>\0A^ extract_slice runs out-of-bounds along dimension 0\0ALocation: loc(\22t13\22)"
// CHECK-NEXT:     %c1_20 = arith.constant 1 : index
// CHECK-NEXT:     %c1_21 = arith.constant 1 : index
// CHECK-NEXT:     %dim_22 = tensor.dim %arg0, %c1_21 : tensor<?x?xf32>
// CHECK-NEXT:     %20 = arith.cmpi eq, %arg2, %c0_14 : index
// CHECK-NEXT:     %21 = scf.if %20 -> (i1) {
// CHECK-NEXT:       %24 = arith.cmpi sge, %arg1, %c0_14 : index
// CHECK-NEXT:       %25 = arith.cmpi sle, %arg1, %dim_22 : index
// CHECK-NEXT:       %26 = arith.andi %24, %25 : i1
// CHECK-NEXT:       scf.yield %26 : i1
// CHECK-NEXT:     } else {
// CHECK-NEXT:       %24 = arith.cmpi sge, %arg1, %c0_14 : index
// CHECK-NEXT:       %25 = arith.cmpi slt, %arg1, %dim_22 : index
// CHECK-NEXT:       %26 = arith.andi %24, %25 : i1
// CHECK-NEXT:       scf.yield %26 : i1
// CHECK-NEXT:     }
// CHECK-NEXT:     cf.assert %21, "ERROR: Runtime op verification failed\0A%extracted_slice_1 = tensor.extract_slice %arg0[%arg1, %arg1] [1, %arg2] [1, 1] : tensor<?x?xf32> to tensor<?xf32>\0A^ offset 1 is out-of-bounds\0ALocation: loc(\22t13\22)"
// CHECK-NEXT:     %22 = arith.cmpi sgt, %arg2, %c0_14 : index
// CHECK-NEXT:     %23 = scf.if %22 -> (i1) {
// CHECK-NEXT:       %24 = arith.subi %arg2, %c1_15 : index
// CHECK-NEXT:       %25 = arith.muli %24, %c1_20 : index
// CHECK-NEXT:       %26 = arith.addi %arg1, %25 : index
// CHECK-NEXT:       %27 = arith.cmpi sge, %26, %c0_14 : index
// CHECK-NEXT:       %28 = arith.cmpi slt, %26, %dim_22 : index
// CHECK-NEXT:       %29 = arith.andi %27, %28 : i1
// CHECK-NEXT:       scf.yield %29 : i1
// CHECK-NEXT:     } else {
// CHECK-NEXT:       %true = arith.constant true
// CHECK-NEXT:       scf.yield %true : i1
// CHECK-NEXT:     }
// CHECK-NEXT:     cf.assert %23, "ERROR: Runtime op verification failed\0A%extracted_slice_1 = tensor.extract_slice %arg0[%arg1, %arg1] [1, %arg2] [1, 1] : tensor<?x?xf32> to tensor<?xf32>\0A^ extract_slice runs out-of-bounds along dimension 1\0ALocation: loc(\22t13\22)"
// CHECK-NEXT:     %extracted_slice_23 = tensor.extract_slice %arg0[%arg1, %arg1] [1, %arg2] [1, 1] : tensor<?x?xf32> to tensor<?xf32>
// CHECK-NEXT:     return %extracted_slice, %extracted_slice_13 : tensor<?x3xf32>, tensor<2x?xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @in_region(%arg0: tensor<?xf32>, %arg1: index) -> f32 {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:     %0 = scf.for %arg2 = %c0 to %arg1 step %c1 iter_args(%arg3 = %cst) -> (f32) {
// CHECK-NEXT:       %c0_0 = arith.constant 0 : index
// CHECK-NEXT:       %c0_1 = arith.constant 0 : index
// CHECK-NEXT:       %dim = tensor.dim %arg0, %c0_1 : tensor<?xf32>
// CHECK-NEXT:       %1 = arith.cmpi sge, %arg2, %c0_0 : index
// CHECK-NEXT:       %2 = arith.cmpi slt, %arg2, %dim : index
// CHECK-NEXT:       %3 = arith.andi %1, %2 : i1
// CHECK-NEXT:       cf.assert %3, "ERROR: Runtime op verification failed\0A%extracted = tensor.extract %arg0[%arg2] : tensor<?xf32>\0A^ out-of-bounds access\0ALocation: loc(\22t14\22)"
// CHECK-NEXT:       %extracted = tensor.extract %arg0[%arg2] : tensor<?xf32>
// CHECK-NEXT:       %4 = arith.addf %arg3, %extracted : f32
// CHECK-NEXT:       scf.yield %4 : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     return %0 : f32
// CHECK-NEXT:   }
// CHECK-NEXT: }
// GEN-MIN: -generate-runtime-verification=verbose-level=0 -cse
// MIN: module {
// MIN-NEXT:   func.func @cast(%arg0: tensor<?x?xf32>, %arg1: tensor<*xf32>) -> (tensor<4x?xf32>, tensor<4x8xf32>, tensor<*xf32>) {
// MIN-NEXT:     %c0 = arith.constant 0 : index
// MIN-NEXT:     %dim = tensor.dim %arg0, %c0 : tensor<?x?xf32>
// MIN-NEXT:     %c4 = arith.constant 4 : index
// MIN-NEXT:     %0 = arith.cmpi eq, %dim, %c4 : index
// MIN-NEXT:     cf.assert %0, "ERROR: Runtime op verification failed\0A^ size mismatch of dim 0\0ALocation: loc(\22t1\22)"
// MIN-NEXT:     %cast = tensor.cast %arg0 : tensor<?x?xf32> to tensor<4x?xf32>
// MIN-NEXT:     %rank = tensor.rank %arg1 : tensor<*xf32>
// MIN-NEXT:     %c2 = arith.constant 2 : index
// MIN-NEXT:     %1 = arith.cmpi eq, %rank, %c2 : index
// MIN-NEXT:     cf.assert %1, "ERROR: Runtime op verification failed\0A^ rank mismatch\0ALocation: loc(\22t2\22)"
// MIN-NEXT:     %dim_0 = tensor.dim %arg1, %c0 : tensor<*xf32>
// MIN-NEXT:     %2 = arith.cmpi eq, %dim_0, %c4 : index
// MIN-NEXT:     cf.assert %2, "ERROR: Runtime op verification failed\0A^ size mismatch of dim 0\0ALocation: loc(\22t2\22)"
// MIN-NEXT:     %c1 = arith.constant 1 : index
// MIN-NEXT:     %dim_1 = tensor.dim %arg1, %c1 : tensor<*xf32>
// MIN-NEXT:     %c8 = arith.constant 8 : index
// MIN-NEXT:     %3 = arith.cmpi eq, %dim_1, %c8 : index
// MIN-NEXT:     cf.assert %3, "ERROR: Runtime op verification failed\0A^ size mismatch of dim 1\0ALocation: loc(\22t2\22)"
// MIN-NEXT:     %cast_2 = tensor.cast %arg1 : tensor<*xf32> to tensor<4x8xf32>
// MIN-NEXT:     %cast_3 = tensor.cast %arg0 : tensor<?x?xf32> to tensor<*xf32>
// MIN-NEXT:     cf.assert %1, "ERROR: Runtime op verification failed\0A^ rank mismatch\0ALocation: loc(\22t4\22)"
// MIN-NEXT:     return %cast, %cast_2, %cast_3 : tensor<4x?xf32>, tensor<4x8xf32>, tensor<*xf32>
// MIN-NEXT:   }
// MIN-NEXT:   func.func @dim(%arg0: tensor<?x?xf32>, %arg1: tensor<*xf32>, %arg2: index) -> (index, index) {
// MIN-NEXT:     %rank = tensor.rank %arg0 : tensor<?x?xf32>
// MIN-NEXT:     %c0 = arith.constant 0 : index
// MIN-NEXT:     %0 = arith.cmpi sge, %arg2, %c0 : index
// MIN-NEXT:     %1 = arith.cmpi slt, %arg2, %rank : index
// MIN-NEXT:     %2 = arith.andi %0, %1 : i1
// MIN-NEXT:     cf.assert %2, "ERROR: Runtime op verification failed\0A^ index is out of bounds\0ALocation: loc(\22t5\22)"
// MIN-NEXT:     %dim = tensor.dim %arg0, %arg2 : tensor<?x?xf32>
// MIN-NEXT:     %rank_0 = tensor.rank %arg1 : tensor<*xf32>
// MIN-NEXT:     %3 = arith.cmpi slt, %arg2, %rank_0 : index
// MIN-NEXT:     %4 = arith.andi %0, %3 : i1
// MIN-NEXT:     cf.assert %4, "ERROR: Runtime op verification failed\0A^ index is out of bounds\0ALocation: loc(\22t6\22)"
// MIN-NEXT:     %dim_1 = tensor.dim %arg1, %arg2 : tensor<*xf32>
// MIN-NEXT:     return %dim, %dim_1 : index, index
// MIN-NEXT:   }
// MIN-NEXT:   func.func @extract_insert(%arg0: tensor<?x?x?xf32>, %arg1: index, %arg2: index, %arg3: index, %arg4: tensor<f32>, %arg5: f32) -> (f32, f32, tensor<?x?x?xf32>, tensor<f32>) {
// MIN-NEXT:     %c0 = arith.constant 0 : index
// MIN-NEXT:     %dim = tensor.dim %arg0, %c0 : tensor<?x?x?xf32>
// MIN-NEXT:     %0 = arith.cmpi sge, %arg1, %c0 : index
// MIN-NEXT:     %1 = arith.cmpi slt, %arg1, %dim : index
// MIN-NEXT:     %2 = arith.andi %0, %1 : i1
// MIN-NEXT:     %c1 = arith.constant 1 : index
// MIN-NEXT:     %dim_0 = tensor.dim %arg0, %c1 : tensor<?x?x?xf32>
// MIN-NEXT:     %3 = arith.cmpi sge, %arg2, %c0 : index
// MIN-NEXT:     %4 = arith.cmpi slt, %arg2, %dim_0 : index
// MIN-NEXT:     %5 = arith.andi %3, %4 : i1
// MIN-NEXT:     %6 = arith.andi %2, %5 : i1
// MIN-NEXT:     %c2 = arith.constant 2 : index
// MIN-NEXT:     %dim_1 = tensor.dim %arg0, %c2 : tensor<?x?x?xf32>
// MIN-NEXT:     %7 = arith.cmpi sge, %arg3, %c0 : index
// MIN-NEXT:     %8 = arith.cmpi slt, %arg3, %dim_1 : index
// MIN-NEXT:     %9 = arith.andi %7, %8 : i1
// MIN-NEXT:     %10 = arith.andi %6, %9 : i1
// MIN-NEXT:     cf.assert %10, "ERROR: Runtime op verification failed\0A^ out-of-bounds access\0ALocation: loc(\22t7\22)"
// MIN-NEXT:     %extracted = tensor.extract %arg0[%arg1, %arg2, %arg3] : tensor<?x?x?xf32>
// MIN-NEXT:     %extracted_2 = tensor.extract %arg4[] : tensor<f32>
// MIN-NEXT:     %11 = arith.cmpi slt, %arg3, %dim : index
// MIN-NEXT:     %12 = arith.andi %7, %11 : i1
// MIN-NEXT:     %13 = arith.andi %12, %5 : i1
// MIN-NEXT:     %14 = arith.cmpi slt, %arg1, %dim_1 : index
// MIN-NEXT:     %15 = arith.andi %0, %14 : i1
// MIN-NEXT:     %16 = arith.andi %13, %15 : i1
// MIN-NEXT:     cf.assert %16, "ERROR: Runtime op verification failed\0A^ out-of-bounds access\0ALocation: loc(\22t9\22)"
// MIN-NEXT:     %inserted = tensor.insert %arg5 into %arg0[%arg3, %arg2, %arg1] : tensor<?x?x?xf32>
// MIN-NEXT:     %inserted_3 = tensor.insert %arg5 into %arg4[] : tensor<f32>
// MIN-NEXT:     return %extracted, %extracted_2, %inserted, %inserted_3 : f32, f32, tensor<?x?x?xf32>, tensor<f32>
// MIN-NEXT:   }
// MIN-NEXT:   func.func @extract_slice(%arg0: tensor<?x?xf32>, %arg1: index, %arg2: index, %arg3: index) -> (tensor<?x3xf32>, tensor<2x?xf32>) {
// MIN-NEXT:     %c0 = arith.constant 0 : index
// MIN-NEXT:     %c1 = arith.constant 1 : index
// MIN-NEXT:     %dim = tensor.dim %arg0, %c0 : tensor<?x?xf32>
// MIN-NEXT:     %0 = arith.cmpi eq, %arg2, %c0 : index
// MIN-NEXT:     %1 = scf.if %0 -> (i1) {
// MIN-NEXT:       %19 = arith.cmpi sge, %arg1, %c0 : index
// MIN-NEXT:       %20 = arith.cmpi sle, %arg1, %dim : index
// MIN-NEXT:       %21 = arith.andi %19, %20 : i1
// MIN-NEXT:       scf.yield %21 : i1
// MIN-NEXT:     } else {
// MIN-NEXT:       %19 = arith.cmpi sge, %arg1, %c0 : index
// MIN-NEXT:       %20 = arith.cmpi slt, %arg1, %dim : index
// MIN-NEXT:       %21 = arith.andi %19, %20 : i1
// MIN-NEXT:       scf.yield %21 : i1
// MIN-NEXT:     }
// MIN-NEXT:     cf.assert %1, "ERROR: Runtime op verification failed\0A^ offset 0 is out-of-bounds\0ALocation: loc(\22t11\22)"
// MIN-NEXT:     %2 = arith.cmpi sgt, %arg2, %c0 : index
// MIN-NEXT:     %3 = scf.if %2 -> (i1) {
// MIN-NEXT:       %19 = arith.subi %arg2, %c1 : index
// MIN-NEXT:       %20 = arith.muli %19, %c1 : index
// MIN-NEXT:       %21 = arith.addi %arg1, %20 : index
// MIN-NEXT:       %22 = arith.cmpi sge, %21, %c0 : index
// MIN-NEXT:       %23 = arith.cmpi slt, %21, %dim : index
// MIN-NEXT:       %24 = arith.andi %22, %23 : i1
// MIN-NEXT:       scf.yield %24 : i1
// MIN-NEXT:     } else {
// MIN-NEXT:       %true = arith.constant true
// MIN-NEXT:       scf.yield %true : i1
// MIN-NEXT:     }
// MIN-NEXT:     cf.assert %3, "ERROR: Runtime op verification failed\0A^ extract_slice runs out-of-bounds along dimension 0\0ALocation: loc(\22t11\22)"
// MIN-NEXT:     %c3 = arith.constant 3 : index
// MIN-NEXT:     %c2 = arith.constant 2 : index
// MIN-NEXT:     %dim_0 = tensor.dim %arg0, %c1 : tensor<?x?xf32>
// MIN-NEXT:     %4 = arith.cmpi eq, %c3, %c0 : index
// MIN-NEXT:     %5 = scf.if %4 -> (i1) {
// MIN-NEXT:       %19 = arith.cmpi sge, %c1, %c0 : index
// MIN-NEXT:       %20 = arith.cmpi sle, %c1, %dim_0 : index
// MIN-NEXT:       %21 = arith.andi %19, %20 : i1
// MIN-NEXT:       scf.yield %21 : i1
// MIN-NEXT:     } else {
// MIN-NEXT:       %19 = arith.cmpi sgt, %dim_0, %c1 : index
// MIN-NEXT:       scf.yield %19 : i1
// MIN-NEXT:     }
// MIN-NEXT:     cf.assert %5, "ERROR: Runtime op verification failed\0A^ offset 1 is out-of-bounds\0ALocation: loc(\22t11\22)"
// MIN-NEXT:     %6 = arith.cmpi sgt, %c3, %c0 : index
// MIN-NEXT:     %7 = scf.if %6 -> (i1) {
// MIN-NEXT:       %19 = arith.subi %c3, %c1 : index
// MIN-NEXT:       %20 = arith.muli %19, %c2 : index
// MIN-NEXT:       %21 = arith.addi %c1, %20 : index
// MIN-NEXT:       %22 = arith.cmpi sge, %21, %c0 : index
// MIN-NEXT:       %23 = arith.cmpi slt, %21, %dim_0 : index
// MIN-NEXT:       %24 = arith.andi %22, %23 : i1
// MIN-NEXT:       scf.yield %24 : i1
// MIN-NEXT:     } else {
// MIN-NEXT:       %true = arith.constant true
// MIN-NEXT:       scf.yield %true : i1
// MIN-NEXT:     }
// MIN-NEXT:     cf.assert %7, "ERROR: Runtime op verification failed\0A^ extract_slice runs out-of-bounds along dimension 1\0ALocation: loc(\22t11\22)"
// MIN-NEXT:     %extracted_slice = tensor.extract_slice %arg0[%arg1, 1] [%arg2, 3] [1, 2] : tensor<?x?xf32> to tensor<?x3xf32>
// MIN-NEXT:     %8 = arith.cmpi eq, %c2, %c0 : index
// MIN-NEXT:     %9 = scf.if %8 -> (i1) {
// MIN-NEXT:       %19 = arith.cmpi sge, %c0, %c0 : index
// MIN-NEXT:       %20 = arith.cmpi sle, %c0, %dim : index
// MIN-NEXT:       %21 = arith.andi %19, %20 : i1
// MIN-NEXT:       scf.yield %21 : i1
// MIN-NEXT:     } else {
// MIN-NEXT:       %19 = arith.cmpi sgt, %dim, %c0 : index
// MIN-NEXT:       scf.yield %19 : i1
// MIN-NEXT:     }
// MIN-NEXT:     cf.assert %9, "ERROR: Runtime op verification failed\0A^ offset 0 is out-of-bounds\0ALocation: loc(\22t12\22)"
// MIN-NEXT:     %10 = arith.cmpi sgt, %c2, %c0 : index
// MIN-NEXT:     %11 = scf.if %10 -> (i1) {
// MIN-NEXT:       %19 = arith.subi %c2, %c1 : index
// MIN-NEXT:       %20 = arith.muli %19, %arg3 : index
// MIN-NEXT:       %21 = arith.addi %c0, %20 : index
// MIN-NEXT:       %22 = arith.cmpi sge, %21, %c0 : index
// MIN-NEXT:       %23 = arith.cmpi slt, %21, %dim : index
// MIN-NEXT:       %24 = arith.andi %22, %23 : i1
// MIN-NEXT:       scf.yield %24 : i1
// MIN-NEXT:     } else {
// MIN-NEXT:       %true = arith.constant true
// MIN-NEXT:       scf.yield %true : i1
// MIN-NEXT:     }
// MIN-NEXT:     cf.assert %11, "ERROR: Runtime op verification failed\0A^ extract_slice runs out-of-bounds along dimension 0\0ALocation: loc(\22t12\22)"
// MIN-NEXT:     %12 = scf.if %0 -> (i1) {
// MIN-NEXT:       %19 = arith.cmpi sge, %arg1, %c0 : index
// MIN-NEXT:       %20 = arith.cmpi sle, %arg1, %dim_0 : index
// MIN-NEXT:       %21 = arith.andi %19, %20 : i1
// MIN-NEXT:       scf.yield %21 : i1
// MIN-NEXT:     } else {
// MIN-NEXT:       %19 = arith.cmpi sge, %arg1, %c0 : index
// MIN-NEXT:       %20 = arith.cmpi slt, %arg1, %dim_0 : index
// MIN-NEXT:       %21 = arith.andi %19, %20 : i1
// MIN-NEXT:       scf.yield %21 : i1
// MIN-NEXT:     }
// MIN-NEXT:     cf.assert %12, "ERROR: Runtime op verification failed\0A^ offset 1 is out-of-bounds\0ALocation: loc(\22t12\22)"
// MIN-NEXT:     %13 = scf.if %2 -> (i1) {
// MIN-NEXT:       %19 = arith.subi %arg2, %c1 : index
// MIN-NEXT:       %20 = arith.muli %19, %arg3 : index
// MIN-NEXT:       %21 = arith.addi %arg1, %20 : index
// MIN-NEXT:       %22 = arith.cmpi sge, %21, %c0 : index
// MIN-NEXT:       %23 = arith.cmpi slt, %21, %dim_0 : index
// MIN-NEXT:       %24 = arith.andi %22, %23 : i1
// MIN-NEXT:       scf.yield %24 : i1
// MIN-NEXT:     } else {
// MIN-NEXT:       %true = arith.constant true
// MIN-NEXT:       scf.yield %true : i1
// MIN-NEXT:     }
// MIN-NEXT:     cf.assert %13, "ERROR: Runtime op verification failed\0A^ extract_slice runs out-of-bounds along dimension 1\0ALocation: loc(\22t12\22)"
// MIN-NEXT:     %extracted_slice_1 = tensor.extract_slice %arg0[0, %arg1] [2, %arg2] [%arg3, %arg3] : tensor<?x?xf32> to tensor<2x?xf32>
// MIN-NEXT:     %14 = arith.cmpi eq, %c1, %c0 : index
// MIN-NEXT:     %15 = scf.if %14 -> (i1) {
// MIN-NEXT:       %19 = arith.cmpi sge, %arg1, %c0 : index
// MIN-NEXT:       %20 = arith.cmpi sle, %arg1, %dim : index
// MIN-NEXT:       %21 = arith.andi %19, %20 : i1
// MIN-NEXT:       scf.yield %21 : i1
// MIN-NEXT:     } else {
// MIN-NEXT:       %19 = arith.cmpi sge, %arg1, %c0 : index
// MIN-NEXT:       %20 = arith.cmpi slt, %arg1, %dim : index
// MIN-NEXT:       %21 = arith.andi %19, %20 : i1
// MIN-NEXT:       scf.yield %21 : i1
// MIN-NEXT:     }
// MIN-NEXT:     cf.assert %15, "ERROR: Runtime op verification failed\0A^ offset 0 is out-of-bounds\0ALocation: loc(\22t13\22)"
// MIN-NEXT:     %16 = arith.cmpi sgt, %c1, %c0 : index
// MIN-NEXT:     %17 = scf.if %16 -> (i1) {
// MIN-NEXT:       %19 = arith.subi %c1, %c1 : index
// MIN-NEXT:       %20 = arith.muli %19, %c1 : index
// MIN-NEXT:       %21 = arith.addi %arg1, %20 : index
// MIN-NEXT:       %22 = arith.cmpi sge, %21, %c0 : index
// MIN-NEXT:       %23 = arith.cmpi slt, %21, %dim : index
// MIN-NEXT:       %24 = arith.andi %22, %23 : i1
// MIN-NEXT:       scf.yield %24 : i1
// MIN-NEXT:     } else {
// MIN-NEXT:       %true = arith.constant true
// MIN-NEXT:       scf.yield %true : i1
// MIN-NEXT:     }
// MIN-NEXT:     cf.assert %17, "ERROR: Runtime op verification failed\0A^ extract_slice runs out-of-bounds along dimension 0\0ALocation: loc(\22t13\22)"
// MIN-NEXT:     cf.assert %12, "ERROR: Runtime op verification failed\0A^ offset 1 is out-of-bounds\0ALocation: loc(\22t13\22)"
// MIN-NEXT:     %18 = scf.if %2 -> (i1) {
// MIN-NEXT:       %19 = arith.subi %arg2, %c1 : index
// MIN-NEXT:       %20 = arith.muli %19, %c1 : index
// MIN-NEXT:       %21 = arith.addi %arg1, %20 : index
// MIN-NEXT:       %22 = arith.cmpi sge, %21, %c0 : index
// MIN-NEXT:       %23 = arith.cmpi slt, %21, %dim_0 : index
// MIN-NEXT:       %24 = arith.andi %22, %23 : i1
// MIN-NEXT:       scf.yield %24 : i1
// MIN-NEXT:     } else {
// MIN-NEXT:       %true = arith.constant true
// MIN-NEXT:       scf.yield %true : i1
// MIN-NEXT:     }
// MIN-NEXT:     cf.assert %18, "ERROR: Runtime op verification failed\0A^ extract_slice runs out-of-bounds along dimension 1\0ALocation: loc(\22t13\22)"
// MIN-NEXT:     return %extracted_slice, %extracted_slice_1 : tensor<?x3xf32>, tensor<2x?xf32>
// MIN-NEXT:   }
// MIN-NEXT:   func.func @in_region(%arg0: tensor<?xf32>, %arg1: index) -> f32 {
// MIN-NEXT:     %c0 = arith.constant 0 : index
// MIN-NEXT:     %c1 = arith.constant 1 : index
// MIN-NEXT:     %cst = arith.constant 0.000000e+00 : f32
// MIN-NEXT:     %0 = scf.for %arg2 = %c0 to %arg1 step %c1 iter_args(%arg3 = %cst) -> (f32) {
// MIN-NEXT:       %dim = tensor.dim %arg0, %c0 : tensor<?xf32>
// MIN-NEXT:       %1 = arith.cmpi sge, %arg2, %c0 : index
// MIN-NEXT:       %2 = arith.cmpi slt, %arg2, %dim : index
// MIN-NEXT:       %3 = arith.andi %1, %2 : i1
// MIN-NEXT:       cf.assert %3, "ERROR: Runtime op verification failed\0A^ out-of-bounds access\0ALocation: loc(\22t14\22)"
// MIN-NEXT:       %extracted = tensor.extract %arg0[%arg2] : tensor<?xf32>
// MIN-NEXT:       %4 = arith.addf %arg3, %extracted : f32
// MIN-NEXT:       scf.yield %4 : f32
// MIN-NEXT:     }
// MIN-NEXT:     return %0 : f32
// MIN-NEXT:   }
// MIN-NEXT: }

func.func @cast(%t: tensor<?x?xf32>, %u: tensor<*xf32>) -> (tensor<4x?xf32>, tensor<4x8xf32>, tensor<*xf32>) {
  %0 = tensor.cast %t : tensor<?x?xf32> to tensor<4x?xf32> loc("t1")
  %1 = tensor.cast %u : tensor<*xf32> to tensor<4x8xf32> loc("t2")
  %2 = tensor.cast %t : tensor<?x?xf32> to tensor<*xf32> loc("t3")
  %3 = tensor.cast %u : tensor<*xf32> to tensor<?x?xf32> loc("t4")
  return %0, %1, %2 : tensor<4x?xf32>, tensor<4x8xf32>, tensor<*xf32>
}

func.func @dim(%t: tensor<?x?xf32>, %u: tensor<*xf32>, %i: index) -> (index, index) {
  %0 = tensor.dim %t, %i : tensor<?x?xf32> loc("t5")
  %1 = tensor.dim %u, %i : tensor<*xf32> loc("t6")
  return %0, %1 : index, index
}

func.func @extract_insert(%t: tensor<?x?x?xf32>, %i: index, %j: index, %k: index, %s: tensor<f32>, %v: f32) -> (f32, f32, tensor<?x?x?xf32>, tensor<f32>) {
  %0 = tensor.extract %t[%i, %j, %k] : tensor<?x?x?xf32> loc("t7")
  %1 = tensor.extract %s[] : tensor<f32> loc("t8")
  %2 = tensor.insert %v into %t[%k, %j, %i] : tensor<?x?x?xf32> loc("t9")
  %3 = tensor.insert %v into %s[] : tensor<f32> loc("t10")
  return %0, %1, %2, %3 : f32, f32, tensor<?x?x?xf32>, tensor<f32>
}

func.func @extract_slice(%t: tensor<?x?xf32>, %o: index, %sz: index, %st: index) -> (tensor<?x3xf32>, tensor<2x?xf32>) {
  %0 = tensor.extract_slice %t[%o, 1] [%sz, 3] [1, 2] : tensor<?x?xf32> to tensor<?x3xf32> loc("t11")
  %1 = tensor.extract_slice %t[0, %o] [2, %sz] [%st, %st] : tensor<?x?xf32> to tensor<2x?xf32> loc("t12")
  %2 = tensor.extract_slice %t[%o, %o] [1, %sz] [1, 1] : tensor<?x?xf32> to tensor<?xf32> loc("t13")
  return %0, %1 : tensor<?x3xf32>, tensor<2x?xf32>
}

func.func @in_region(%t: tensor<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> f32 {
    %e = tensor.extract %t[%i] : tensor<?xf32> loc("t14")
    %s = arith.addf %acc, %e : f32
    scf.yield %s : f32
  }
  return %r : f32
}
