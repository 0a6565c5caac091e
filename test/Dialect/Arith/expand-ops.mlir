// RUN: lamina-opt -split-input-file -arith-expand="include-bf16=true include-f8e8m0=true include-f4e2m1=true" %s | FileCheck %s

func.func @fm(%a: f32, %b: f32, %v: vector<4xi32>, %w: vector<4xi32>) -> (f32, vector<4xi32>) {
  %0 = arith.maximumf %a, %b fastmath<nnan> : f32
  %1 = arith.maxsi %v, %w : vector<4xi32>
  %2 = arith.ceildivsi %v, %w : vector<4xi32>
  return %0, %1 : f32, vector<4xi32>
}

// -----

func.func @extf(%a: bf16, %v: vector<4xbf16>) -> (f32, vector<4xf32>) {
  %0 = arith.extf %a : bf16 to f32
  %1 = arith.extf %v : vector<4xbf16> to vector<4xf32>
  return %0, %1 : f32, vector<4xf32>
}
func.func @other(%a: bf16, %b: f16, %c: f32) -> (f64, f16) {
  %0 = arith.extf %a : bf16 to f64
  %1 = arith.truncf %c : f32 to f16
  return %0, %1 : f64, f16
}

// -----

func.func @mix(%a: vector<2xf8E8M0FNU>, %b: vector<2xf4E2M1FN>, %c: f64, %d: bf16) -> (vector<2xbf16>, vector<2xf16>, f8E8M0FNU, f4E2M1FN, f64) {
  %0 = arith.extf %a : vector<2xf8E8M0FNU> to vector<2xbf16>
  %1 = arith.extf %b : vector<2xf4E2M1FN> to vector<2xf16>
  %2 = arith.truncf %c : f64 to f8E8M0FNU
  %3 = arith.truncf %d : bf16 to f4E2M1FN
  %4 = arith.extf %d : bf16 to f64
  return %0, %1, %2, %3, %4 : vector<2xbf16>, vector<2xf16>, f8E8M0FNU, f4E2M1FN, f64
}

// Expected output, printed by mlir-opt 22:
// CHECK: module {
// CHECK-NEXT: func.func @fm(%arg0: f32, %arg1: f32, %arg2: vector<4xi32>, %arg3: vector<4xi32>) -> (f32, vector<4xi32>) {
// CHECK-NEXT: %0 = arith.cmpf ugt, %arg0, %arg1 : f32
// CHECK-NEXT: %1 = arith.select %0, %arg0, %arg1 : f32
// CHECK-NEXT: %2 = arith.cmpf uno, %arg1, %arg1 : f32
// CHECK-NEXT: %3 = arith.select %2, %arg1, %1 : f32
// CHECK-NEXT: %4 = arith.cmpi sgt, %arg2, %arg3 : vector<4xi32>
// CHECK-NEXT: %5 = arith.select %4, %arg2, %arg3 : vector<4xi1>, vector<4xi32>
// CHECK-NEXT: %cst = arith.constant dense<0> : vector<4xi32>
// CHECK-NEXT: %cst_0 = arith.constant dense<1> : vector<4xi32>
// CHECK-NEXT: %6 = arith.divsi %arg2, %arg3 : vector<4xi32>
// CHECK-NEXT: %7 = arith.muli %6, %arg3 : vector<4xi32>
// CHECK-NEXT: %8 = arith.cmpi ne, %arg2, %7 : vector<4xi32>
// CHECK-NEXT: %9 = arith.cmpi slt, %arg2, %cst : vector<4xi32>
// CHECK-NEXT: %10 = arith.cmpi slt, %arg3, %cst : vector<4xi32>
// CHECK-NEXT: %11 = arith.cmpi eq, %9, %10 : vector<4xi1>
// CHECK-NEXT: %12 = arith.andi %8, %11 : vector<4xi1>
// CHECK-NEXT: %13 = arith.addi %6, %cst_0 : vector<4xi32>
// CHECK-NEXT: %14 = arith.select %12, %13, %6 : vector<4xi1>, vector<4xi32>
// CHECK-NEXT: return %3, %5 : f32, vector<4xi32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK: module {
// CHECK-NEXT: func.func @extf(%arg0: bf16, %arg1: vector<4xbf16>) -> (f32, vector<4xf32>) {
// CHECK-NEXT: %0 = arith.bitcast %arg0 : bf16 to i16
// CHECK-NEXT: %1 = arith.extui %0 : i16 to i32
// CHECK-NEXT: %c16_i32 = arith.constant 16 : i32
// CHECK-NEXT: %2 = arith.shli %1, %c16_i32 : i32
// CHECK-NEXT: %3 = arith.bitcast %2 : i32 to f32
// CHECK-NEXT: %4 = arith.bitcast %arg1 : vector<4xbf16> to vector<4xi16>
// CHECK-NEXT: %5 = arith.extui %4 : vector<4xi16> to vector<4xi32>
// CHECK-NEXT: %cst = arith.constant dense<16> : vector<4xi32>
// CHECK-NEXT: %6 = arith.shli %5, %cst : vector<4xi32>
// CHECK-NEXT: %7 = arith.bitcast %6 : vector<4xi32> to vector<4xf32>
// CHECK-NEXT: return %3, %7 : f32, vector<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @other(%arg0: bf16, %arg1: f16, %arg2: f32) -> (f64, f16) {
// CHECK-NEXT: %0 = arith.extf %arg0 : bf16 to f64
// CHECK-NEXT: %1 = arith.truncf %arg2 : f32 to f16
// CHECK-NEXT: return %0, %1 : f64, f16
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK: module {
// CHECK-NEXT: func.func @mix(%arg0: vector<2xf8E8M0FNU>, %arg1: vector<2xf4E2M1FN>, %arg2: f64, %arg3: bf16) -> (vector<2xbf16>, vector<2xf16>, f8E8M0FNU, f4E2M1FN, f64) {
// CHECK-NEXT: %0 = arith.bitcast %arg0 : vector<2xf8E8M0FNU> to vector<2xi8>
// CHECK-NEXT: %cst = arith.constant dense<-1> : vector<2xi8>
// CHECK-NEXT: %cst_0 = arith.constant dense<-1> : vector<2xi32>
// CHECK-NEXT: %cst_1 = arith.constant dense<23> : vector<2xi32>
// CHECK-NEXT: %1 = arith.extui %0 : vector<2xi8> to vector<2xi32>
// CHECK-NEXT: %2 = arith.shli %1, %cst_1 : vector<2xi32>
// CHECK-NEXT: %3 = arith.cmpi eq, %0, %cst : vector<2xi8>
// CHECK-NEXT: %4 = arith.select %3, %cst_0, %2 : vector<2xi1>, vector<2xi32>
// CHECK-NEXT: %5 = arith.bitcast %4 : vector<2xi32> to vector<2xf32>
// CHECK-NEXT: %6 = arith.cmpf une, %5, %5 : vector<2xf32>
// CHECK-NEXT: %cst_2 = arith.constant dense<32767> : vector<2xi32>
// CHECK-NEXT: %cst_3 = arith.constant dense<32704> : vector<2xi16>
// CHECK-NEXT: %cst_4 = arith.constant dense<16> : vector<2xi32>
// CHECK-NEXT: %cst_5 = arith.constant dense<1> : vector<2xi32>
// CHECK-NEXT: %7 = arith.bitcast %5 : vector<2xf32> to vector<2xi32>
// CHECK-NEXT: %8 = arith.shrui %7, %cst_4 : vector<2xi32>
// CHECK-NEXT: %9 = arith.andi %8, %cst_5 : vector<2xi32>
// CHECK-NEXT: %10 = arith.addi %9, %cst_2 : vector<2xi32>
// CHECK-NEXT: %11 = arith.addi %7, %10 : vector<2xi32>
// CHECK-NEXT: %12 = arith.shrui %11, %cst_4 : vector<2xi32>
// CHECK-NEXT: %13 = arith.trunci %12 : vector<2xi32> to vector<2xi16>
// CHECK-NEXT: %14 = arith.select %6, %cst_3, %13 : vector<2xi1>, vector<2xi16>
// CHECK-NEXT: %15 = arith.bitcast %14 : vector<2xi16> to vector<2xbf16>
// CHECK-NEXT: %16 = arith.bitcast %arg1 : vector<2xf4E2M1FN> to vector<2xi4>
// CHECK-NEXT: %cst_6 = arith.constant dense<0> : vector<2xi4>
// CHECK-NEXT: %cst_7 = arith.constant dense<1> : vector<2xi4>
// CHECK-NEXT: %cst_8 = arith.constant dense<2> : vector<2xi4>
// CHECK-NEXT: %cst_9 = arith.constant dense<4> : vector<2xi4>
// CHECK-NEXT: %cst_10 = arith.constant dense<7> : vector<2xi4>
// CHECK-NEXT: %17 = arith.andi %16, %cst_10 : vector<2xi4>
// CHECK-NEXT: %cst_11 = arith.constant dense<20> : vector<2xi32>
// CHECK-NEXT: %18 = arith.shli %17, %cst_8 : vector<2xi4>
// CHECK-NEXT: %19 = arith.cmpi eq, %17, %cst_7 : vector<2xi4>
// CHECK-NEXT: %20 = arith.select %19, %cst_6, %18 : vector<2xi1>, vector<2xi4>
// CHECK-NEXT: %21 = arith.extui %20 : vector<2xi4> to vector<2xi32>
// CHECK-NEXT: %22 = arith.shli %21, %cst_11 : vector<2xi32>
// CHECK-NEXT: %cst_12 = arith.constant dense<0> : vector<2xi32>
// CHECK-NEXT: %cst_13 = arith.constant dense<1073741824> : vector<2xi32>
// CHECK-NEXT: %cst_14 = arith.constant dense<1056964608> : vector<2xi32>
// CHECK-NEXT: %23 = arith.cmpi uge, %17, %cst_9 : vector<2xi4>
// CHECK-NEXT: %24 = arith.select %23, %cst_13, %cst_14 : vector<2xi1>, vector<2xi32>
// CHECK-NEXT: %25 = arith.cmpi eq, %17, %cst_6 : vector<2xi4>
// CHECK-NEXT: %26 = arith.select %25, %cst_12, %24 : vector<2xi1>, vector<2xi32>
// CHECK-NEXT: %cst_15 = arith.constant dense<-2147483648> : vector<2xi32>
// CHECK-NEXT: %cst_16 = arith.constant dense<-8> : vector<2xi4>
// CHECK-NEXT: %27 = arith.cmpi uge, %16, %cst_16 : vector<2xi4>
// CHECK-NEXT: %28 = arith.select %27, %cst_15, %cst_12 : vector<2xi1>, vector<2xi32>
// CHECK-NEXT: %29 = arith.addi %22, %26 : vector<2xi32>
// CHECK-NEXT: %30 = arith.addi %29, %28 : vector<2xi32>
// CHECK-NEXT: %31 = arith.bitcast %30 : vector<2xi32> to vector<2xf32>
// CHECK-NEXT: %32 = arith.truncf %31 : vector<2xf32> to vector<2xf16>
// CHECK-NEXT: %33 = arith.truncf %arg2 : f64 to f32
// CHECK-NEXT: %34 = arith.bitcast %33 : f32 to i32
// CHECK-NEXT: %c23_i32 = arith.constant 23 : i32
// CHECK-NEXT: %35 = arith.shrui %34, %c23_i32 : i32
// CHECK-NEXT: %36 = arith.trunci %35 : i32 to i8
// CHECK-NEXT: %37 = arith.bitcast %36 : i8 to f8E8M0FNU
// CHECK-NEXT: %38 = arith.bitcast %arg3 : bf16 to i16
// CHECK-NEXT: %39 = arith.extui %38 : i16 to i32
// CHECK-NEXT: %c16_i32 = arith.constant 16 : i32
// CHECK-NEXT: %40 = arith.shli %39, %c16_i32 : i32
// CHECK-NEXT: %41 = arith.bitcast %40 : i32 to f32
// CHECK-NEXT: %c1_i4 = arith.constant 1 : i4
// CHECK-NEXT: %c3_i4 = arith.constant 3 : i4
// CHECK-NEXT: %c22_i32 = arith.constant 22 : i32
// CHECK-NEXT: %c0_i8 = arith.constant 0 : i8
// CHECK-NEXT: %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %cst_17 = arith.constant 6.000000e+00 : f32
// CHECK-NEXT: %cst_18 = arith.constant -6.000000e+00 : f32
// CHECK-NEXT: %42 = arith.cmpf ult, %41, %cst_17 : f32
// CHECK-NEXT: %43 = arith.select %42, %41, %cst_17 : f32
// CHECK-NEXT: %44 = arith.cmpf uno, %41, %41 : f32
// CHECK-NEXT: %45 = arith.select %44, %cst_17, %43 : f32
// CHECK-NEXT: %46 = arith.cmpf ugt, %45, %cst_18 : f32
// CHECK-NEXT: %47 = arith.select %46, %45, %cst_18 : f32
// CHECK-NEXT: %48 = arith.cmpf uno, %45, %45 : f32
// CHECK-NEXT: %49 = arith.select %48, %cst_18, %47 : f32
// CHECK-NEXT: %50 = arith.bitcast %49 : f32 to i32
// CHECK-NEXT: %c31_i32 = arith.constant 31 : i32
// CHECK-NEXT: %51 = arith.shrui %50, %c31_i32 : i32
// CHECK-NEXT: %52 = arith.trunci %51 : i32 to i4
// CHECK-NEXT: %53 = arith.shli %52, %c3_i4 : i4
// CHECK-NEXT: %c126_i32 = arith.constant 126 : i32
// CHECK-NEXT: %c23_i32_19 = arith.constant 23 : i32
// CHECK-NEXT: %54 = arith.shrui %50, %c23_i32_19 : i32
// CHECK-NEXT: %55 = arith.subi %54, %c126_i32 : i32
// CHECK-NEXT: %56 = arith.trunci %55 : i32 to i4
// CHECK-NEXT: %57 = arith.shli %56, %c1_i4 : i4
// CHECK-NEXT: %58 = arith.addi %53, %57 : i4
// CHECK-NEXT: %c4194304_i32 = arith.constant 4194304 : i32
// CHECK-NEXT: %59 = arith.andi %50, %c4194304_i32 : i32
// CHECK-NEXT: %60 = arith.shrui %59, %c22_i32 : i32
// CHECK-NEXT: %61 = arith.trunci %60 : i32 to i4
// CHECK-NEXT: %62 = arith.addi %58, %61 : i4
// CHECK-NEXT: %c8388607_i32 = arith.constant 8388607 : i32
// CHECK-NEXT: %63 = arith.trunci %55 : i32 to i8
// CHECK-NEXT: %64 = arith.cmpi sle, %63, %c0_i8 : i8
// CHECK-NEXT: %65 = arith.cmpi eq, %63, %c-1_i8 : i8
// CHECK-NEXT: %66 = arith.andi %50, %c8388607_i32 : i32
// CHECK-NEXT: %67 = arith.cmpi ugt, %66, %c0_i32 : i32
// CHECK-NEXT: %68 = arith.andi %65, %67 : i1
// CHECK-NEXT: %69 = arith.cmpi eq, %63, %c0_i8 : i8
// CHECK-NEXT: %c-1_i4 = arith.constant -1 : i4
// CHECK-NEXT: %c0_i4 = arith.constant 0 : i4
// CHECK-NEXT: %70 = arith.select %64, %c-1_i4, %62 : i4
// CHECK-NEXT: %71 = arith.select %68, %c0_i4, %70 : i4
// CHECK-NEXT: %72 = arith.select %69, %62, %71 : i4
// CHECK-NEXT: %c4194303_i32 = arith.constant 4194303 : i32
// CHECK-NEXT: %c2097152_i32 = arith.constant 2097152 : i32
// CHECK-NEXT: %73 = arith.andi %50, %c4194303_i32 : i32
// CHECK-NEXT: %74 = arith.cmpi uge, %73, %c2097152_i32 : i32
// CHECK-NEXT: %75 = arith.ori %74, %64 : i1
// CHECK-NEXT: %76 = arith.addi %72, %c1_i4 : i4
// CHECK-NEXT: %77 = arith.select %75, %76, %72 : i4
// CHECK-NEXT: %78 = arith.bitcast %77 : i4 to f4E2M1FN
// CHECK-NEXT: %79 = arith.extf %arg3 : bf16 to f64
// CHECK-NEXT: return %15, %32, %37, %78, %79 : vector<2xbf16>, vector<2xf16>, f8E8M0FNU, f4E2M1FN, f64
// CHECK-NEXT: }
// CHECK-NEXT: }
