// generate-runtime-verification on linalg structured ops: when every loop
// runs (scf.if on 0 < size), each operand dimension's index at the first and
// last iteration is non-negative and one past it matches the operand's size
// (index ops, folded where constant; index.cmp folds constants). Scalars
// only: no check. Check lines: utils/update-mlir-checks.py.
// RUN: lamina-opt -generate-runtime-verification=verbose-level=0 < %s | FileCheck %s
// GEN: -generate-runtime-verification=verbose-level=0
// CHECK: #map = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-NEXT: #map2 = affine_map<() -> ()>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @dynamic(%arg0: tensor<?x?xf32>, %arg1: tensor<?x5xf32>) -> tensor<?x5xf32> {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %dim = tensor.dim %arg0, %c0 : tensor<?x?xf32>
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %dim_0 = tensor.dim %arg0, %c1 : tensor<?x?xf32>
// CHECK-NEXT:     %c0_1 = arith.constant 0 : index
// CHECK-NEXT:     %dim_2 = tensor.dim %arg1, %c0_1 : tensor<?x5xf32>
// CHECK-NEXT:     %c0_3 = arith.constant 0 : index
// CHECK-NEXT:     %c1_4 = arith.constant 1 : index
// CHECK-NEXT:     %c0_5 = arith.constant 0 : index
// CHECK-NEXT:     %0 = index.cmp slt(%c0_5, %dim_0)
// CHECK-NEXT:     %c0_6 = arith.constant 0 : index
// CHECK-NEXT:     %1 = index.cmp slt(%c0_6, %dim)
// CHECK-NEXT:     %2 = arith.andi %0, %1 : i1
// CHECK-NEXT:     scf.if %2 {
// CHECK-NEXT:       %4 = index.sub %dim_0, %c1_4
// CHECK-NEXT:       %5 = index.sub %dim, %c1_4
// CHECK-NEXT:       %c0_7 = arith.constant 0 : index
// CHECK-NEXT:       %6 = index.mins %5, %c0_7
// CHECK-NEXT:       %7 = index.cmp sge(%6, %c0_3)
// CHECK-NEXT:       cf.assert %7, "ERROR: Runtime op verification failed\0A^ unexpected negative result on dimension #0 of input/output operand #0\0ALocation: loc(\22g1\22)"
// CHECK-NEXT:       %8 = index.maxs %5, %c0_7
// CHECK-NEXT:       %9 = index.add %8, %c1_4
// CHECK-NEXT:       %c0_8 = arith.constant 0 : index
// CHECK-NEXT:       %dim_9 = tensor.dim %arg0, %c0_8 : tensor<?x?xf32>
// CHECK-NEXT:       %10 = index.cmp eq(%9, %dim_9)
// CHECK-NEXT:       cf.assert %10, "ERROR: Runtime op verification failed\0A^ dimension #0 of input/output operand #0 is incompatible with inferred dimension size\0ALocation: loc(\22g1\22)"
// CHECK-NEXT:       %c0_10 = arith.constant 0 : index
// CHECK-NEXT:       %11 = index.mins %4, %c0_10
// CHECK-NEXT:       %12 = index.cmp sge(%11, %c0_3)
// CHECK-NEXT:       cf.assert %12, "ERROR: Runtime op verification failed\0A^ unexpected negative result on dimension #1 of input/output operand #0\0ALocation: loc(\22g1\22)"
// CHECK-NEXT:       %13 = index.maxs %4, %c0_10
// CHECK-NEXT:       %14 = index.add %13, %c1_4
// CHECK-NEXT:       %c1_11 = arith.constant 1 : index
// CHECK-NEXT:       %dim_12 = tensor.dim %arg0, %c1_11 : tensor<?x?xf32>
// CHECK-NEXT:       %15 = index.cmp eq(%14, %dim_12)
// CHECK-NEXT:       cf.assert %15, "ERROR: Runtime op verification failed\0A^ dimension #1 of input/output operand #0 is incompatible with inferred dimension size\0ALocation: loc(\22g1\22)"
// CHECK-NEXT:       %c0_13 = arith.constant 0 : index
// CHECK-NEXT:       %16 = index.mins %4, %c0_13
// CHECK-NEXT:       %17 = index.cmp sge(%16, %c0_3)
// CHECK-NEXT:       cf.assert %17, "ERROR: Runtime op verification failed\0A^ unexpected negative result on dimension #0 of input/output operand #1\0ALocation: loc(\22g1\22)"
// CHECK-NEXT:       %18 = index.maxs %4, %c0_13
// CHECK-NEXT:       %19 = index.add %18, %c1_4
// CHECK-NEXT:       %c0_14 = arith.constant 0 : index
// CHECK-NEXT:       %dim_15 = tensor.dim %arg1, %c0_14 : tensor<?x5xf32>
// CHECK-NEXT:       %20 = index.cmp eq(%19, %dim_15)
// CHECK-NEXT:       cf.assert %20, "ERROR: Runtime op verification failed\0A^ dimension #0 of input/output operand #1 is incompatible with inferred dimension size\0ALocation: loc(\22g1\22)"
// CHECK-NEXT:       %c0_16 = arith.constant 0 : index
// CHECK-NEXT:       %21 = index.mins %5, %c0_16
// CHECK-NEXT:       %22 = index.cmp sge(%21, %c0_3)
// CHECK-NEXT:       cf.assert %22, "ERROR: Runtime op verification failed\0A^ unexpected negative result on dimension #1 of input/output operand #1\0ALocation: loc(\22g1\22)"
// CHECK-NEXT:       %23 = index.maxs %5, %c0_16
// CHECK-NEXT:       %24 = index.add %23, %c1_4
// CHECK-NEXT:       %c1_17 = arith.constant 1 : index
// CHECK-NEXT:       %c5 = arith.constant 5 : index
// CHECK-NEXT:       %25 = index.cmp eq(%24, %c5)
// CHECK-NEXT:       cf.assert %25, "ERROR: Runtime op verification failed\0A^ dimension #1 of input/output operand #1 is incompatible with inferred dimension size\0ALocation: loc(\22g1\22)"
// CHECK-NEXT:     }
// CHECK-NEXT:     %3 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<?x?xf32>) outs(%arg1 : tensor<?x5xf32>) {
// CHECK-NEXT:     ^bb0(%in: f32, %out: f32):
// CHECK-NEXT:       linalg.yield %in : f32
// CHECK-NEXT:     } -> tensor<?x5xf32>
// CHECK-NEXT:     return %3 : tensor<?x5xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @static(%arg0: memref<4x8xf32>, %arg1: memref<8x3xf32>, %arg2: memref<4x3xf32>) {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c0_0 = arith.constant 0 : index
// CHECK-NEXT:     %c4 = arith.constant 4 : index
// CHECK-NEXT:     %0 = index.cmp slt(%c0_0, %c4)
// CHECK-NEXT:     %c0_1 = arith.constant 0 : index
// CHECK-NEXT:     %c3 = arith.constant 3 : index
// CHECK-NEXT:     %1 = index.cmp slt(%c0_1, %c3)
// CHECK-NEXT:     %2 = arith.andi %0, %1 : i1
// CHECK-NEXT:     %c0_2 = arith.constant 0 : index
// CHECK-NEXT:     %c8 = arith.constant 8 : index
// CHECK-NEXT:     %3 = index.cmp slt(%c0_2, %c8)
// CHECK-NEXT:     %4 = arith.andi %2, %3 : i1
// CHECK-NEXT:     scf.if %4 {
// CHECK-NEXT:       %c4_3 = arith.constant 4 : index
// CHECK-NEXT:       %idx3 = index.constant 3
// CHECK-NEXT:       %c3_4 = arith.constant 3 : index
// CHECK-NEXT:       %idx2 = index.constant 2
// CHECK-NEXT:       %c8_5 = arith.constant 8 : index
// CHECK-NEXT:       %idx7 = index.constant 7
// CHECK-NEXT:       %c0_6 = arith.constant 0 : index
// CHECK-NEXT:       %c3_7 = arith.constant 3 : index
// CHECK-NEXT:       %idx0 = index.constant 0
// CHECK-NEXT:       %true = index.bool.constant true
// CHECK-NEXT:       cf.assert %true, "ERROR: Runtime op verification failed\0A^ unexpected negative result on dimension #0 of input/output operand #0\0ALocation: loc(\22m1\22)"
// CHECK-NEXT:       %idx3_8 = index.constant 3
// CHECK-NEXT:       %idx4 = index.constant 4
// CHECK-NEXT:       %c0_9 = arith.constant 0 : index
// CHECK-NEXT:       %c4_10 = arith.constant 4 : index
// CHECK-NEXT:       %true_11 = index.bool.constant true
// CHECK-NEXT:       cf.assert %true_11, "ERROR: Runtime op verification failed\0A^ dimension #0 of input/output operand #0 is incompatible with inferred dimension size\0ALocation: loc(\22m1\22)"
// CHECK-NEXT:       %c0_12 = arith.constant 0 : index
// CHECK-NEXT:       %c7 = arith.constant 7 : index
// CHECK-NEXT:       %idx0_13 = index.constant 0
// CHECK-NEXT:       %true_14 = index.bool.constant true
// CHECK-NEXT:       cf.assert %true_14, "ERROR: Runtime op verification failed\0A^ unexpected negative result on dimension #1 of input/output operand #0\0ALocation: loc(\22m1\22)"
// CHECK-NEXT:       %idx7_15 = index.constant 7
// CHECK-NEXT:       %idx8 = index.constant 8
// CHECK-NEXT:       %c1_16 = arith.constant 1 : index
// CHECK-NEXT:       %c8_17 = arith.constant 8 : index
// CHECK-NEXT:       %true_18 = index.bool.constant true
// CHECK-NEXT:       cf.assert %true_18, "ERROR: Runtime op verification failed\0A^ dimension #1 of input/output operand #0 is incompatible with inferred dimension size\0ALocation: loc(\22m1\22)"
// CHECK-NEXT:       %c0_19 = arith.constant 0 : index
// CHECK-NEXT:       %c7_20 = arith.constant 7 : index
// CHECK-NEXT:       %idx0_21 = index.constant 0
// CHECK-NEXT:       %true_22 = index.bool.constant true
// CHECK-NEXT:       cf.assert %true_22, "ERROR: Runtime op verification failed\0A^ unexpected negative result on dimension #0 of input/output operand #1\0ALocation: loc(\22m1\22)"
// CHECK-NEXT:       %idx7_23 = index.constant 7
// CHECK-NEXT:       %idx8_24 = index.constant 8
// CHECK-NEXT:       %c0_25 = arith.constant 0 : index
// CHECK-NEXT:       %c8_26 = arith.constant 8 : index
// CHECK-NEXT:       %true_27 = index.bool.constant true
// CHECK-NEXT:       cf.assert %true_27, "ERROR: Runtime op verification failed\0A^ dimension #0 of input/output operand #1 is incompatible with inferred dimension size\0ALocation: loc(\22m1\22)"
// CHECK-NEXT:       %c0_28 = arith.constant 0 : index
// CHECK-NEXT:       %c2 = arith.constant 2 : index
// CHECK-NEXT:       %idx0_29 = index.constant 0
// CHECK-NEXT:       %true_30 = index.bool.constant true
// CHECK-NEXT:       cf.assert %true_30, "ERROR: Runtime op verification failed\0A^ unexpected negative result on dimension #1 of input/output operand #1\0ALocation: loc(\22m1\22)"
// CHECK-NEXT:       %idx2_31 = index.constant 2
// CHECK-NEXT:       %idx3_32 = index.constant 3
// CHECK-NEXT:       %c1_33 = arith.constant 1 : index
// CHECK-NEXT:       %c3_34 = arith.constant 3 : index
// CHECK-NEXT:       %true_35 = index.bool.constant true
// CHECK-NEXT:       cf.assert %true_35, "ERROR: Runtime op verification failed\0A^ dimension #1 of input/output operand #1 is incompatible with inferred dimension size\0ALocation: loc(\22m1\22)"
// CHECK-NEXT:       %c0_36 = arith.constant 0 : index
// CHECK-NEXT:       %c3_37 = arith.constant 3 : index
// CHECK-NEXT:       %idx0_38 = index.constant 0
// CHECK-NEXT:       %true_39 = index.bool.constant true
// CHECK-NEXT:       cf.assert %true_39, "ERROR: Runtime op verification failed\0A^ unexpected negative result on dimension #0 of input/output operand #2\0ALocation: loc(\22m1\22)"
// CHECK-NEXT:       %idx3_40 = index.constant 3
// CHECK-NEXT:       %idx4_41 = index.constant 4
// CHECK-NEXT:       %c0_42 = arith.constant 0 : index
// CHECK-NEXT:       %c4_43 = arith.constant 4 : index
// CHECK-NEXT:       %true_44 = index.bool.constant true
// CHECK-NEXT:       cf.assert %true_44, "ERROR: Runtime op verification failed\0A^ dimension #0 of input/output operand #2 is incompatible with inferred dimension size\0ALocation: loc(\22m1\22)"
// CHECK-NEXT:       %c0_45 = arith.constant 0 : index
// CHECK-NEXT:       %c2_46 = arith.constant 2 : index
// CHECK-NEXT:       %idx0_47 = index.constant 0
// CHECK-NEXT:       %true_48 = index.bool.constant true
// CHECK-NEXT:       cf.assert %true_48, "ERROR: Runtime op verification failed\0A^ unexpected negative result on dimension #1 of input/output operand #2\0ALocation: loc(\22m1\22)"
// CHECK-NEXT:       %idx2_49 = index.constant 2
// CHECK-NEXT:       %idx3_50 = index.constant 3
// CHECK-NEXT:       %c1_51 = arith.constant 1 : index
// CHECK-NEXT:       %c3_52 = arith.constant 3 : index
// CHECK-NEXT:       %true_53 = index.bool.constant true
// CHECK-NEXT:       cf.assert %true_53, "ERROR: Runtime op verification failed\0A^ dimension #1 of input/output operand #2 is incompatible with inferred dimension size\0ALocation: loc(\22m1\22)"
// CHECK-NEXT:     }
// CHECK-NEXT:     linalg.matmul ins(%arg0, %arg1 : memref<4x8xf32>, memref<8x3xf32>) outs(%arg2 : memref<4x3xf32>)
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @fill(%arg0: memref<?xf32>, %arg1: f32) {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %dim = memref.dim %arg0, %c0 : memref<?xf32>
// CHECK-NEXT:     %c0_0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %c0_1 = arith.constant 0 : index
// CHECK-NEXT:     %0 = index.cmp slt(%c0_1, %dim)
// CHECK-NEXT:     scf.if %0 {
// CHECK-NEXT:       %1 = index.sub %dim, %c1
// CHECK-NEXT:       %c0_2 = arith.constant 0 : index
// CHECK-NEXT:       %2 = index.mins %1, %c0_2
// CHECK-NEXT:       %3 = index.cmp sge(%2, %c0_0)
// CHECK-NEXT:       cf.assert %3, "ERROR: Runtime op verification failed\0A^ unexpected negative result on dimension #0 of input/output operand #1\0ALocation: loc(\22f1\22)"
// CHECK-NEXT:       %4 = index.maxs %1, %c0_2
// CHECK-NEXT:       %5 = index.add %4, %c1
// CHECK-NEXT:       %c0_3 = arith.constant 0 : index
// CHECK-NEXT:       %dim_4 = memref.dim %arg0, %c0_3 : memref<?xf32>
// CHECK-NEXT:       %6 = index.cmp eq(%5, %dim_4)
// CHECK-NEXT:       cf.assert %6, "ERROR: Runtime op verification failed\0A^ dimension #0 of input/output operand #1 is incompatible with inferred dimension size\0ALocation: loc(\22f1\22)"
// CHECK-NEXT:     }
// CHECK-NEXT:     linalg.fill ins(%arg1 : f32) outs(%arg0 : memref<?xf32>)
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @scalars(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %0 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = []} ins(%arg0 : tensor<f32>) outs(%arg1 : tensor<f32>) {
// CHECK-NEXT:     ^bb0(%in: f32, %out: f32):
// CHECK-NEXT:       linalg.yield %in : f32
// CHECK-NEXT:     } -> tensor<f32>
// CHECK-NEXT:     return %0 : tensor<f32>
// CHECK-NEXT:   }
// CHECK-NEXT: }

#id = affine_map<(d0, d1) -> (d0, d1)>
#t = affine_map<(d0, d1) -> (d1, d0)>
#s = affine_map<() -> ()>

func.func @dynamic(%a: tensor<?x?xf32>, %b: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %0 = linalg.generic {indexing_maps = [#t, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<?x?xf32>) outs(%b : tensor<?x5xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<?x5xf32> loc("g1")
  return %0 : tensor<?x5xf32>
}

func.func @static(%a: memref<4x8xf32>, %b: memref<8x3xf32>, %c: memref<4x3xf32>) {
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x3xf32>) outs(%c : memref<4x3xf32>) loc("m1")
  return
}

func.func @fill(%m: memref<?xf32>, %v: f32) {
  linalg.fill ins(%v : f32) outs(%m : memref<?xf32>) loc("f1")
  return
}

func.func @scalars(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %0 = linalg.generic {indexing_maps = [#s, #s], iterator_types = []}
      ins(%a : tensor<f32>) outs(%b : tensor<f32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<f32>
  return %0 : tensor<f32>
}
