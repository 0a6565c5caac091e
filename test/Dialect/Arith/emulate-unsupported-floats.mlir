// RUN: lamina-opt --arith-emulate-unsupported-floats="source-types=bf16 target-type=f32" %s | FileCheck %s

// Conversions, loop-carried values (extended at the start of the body), tensors;
// select and constants stay on bf16.
func.func @e(%x: bf16, %i: i32, %n: index, %t: tensor<2xbf16>) -> (i32, bf16, bf16, tensor<2xbf16>) {
  %a = arith.fptosi %x : bf16 to i32
  %b = arith.sitofp %i : i32 to bf16
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %x) -> bf16 {
    %s = arith.addf %acc, %b : bf16
    %m = arith.maximumf %s, %acc : bf16
    scf.yield %m : bf16
  }
  %tt = arith.negf %t : tensor<2xbf16>
  %cmp = arith.cmpf olt, %b, %r : bf16
  %sel = arith.select %cmp, %b, %r : bf16
  return %a, %b, %r, %tt : i32, bf16, bf16, tensor<2xbf16>
}

// Expected output, printed by mlir-opt 22:
// CHECK: module {
// CHECK-NEXT: func.func @e(%arg0: bf16, %arg1: i32, %arg2: index, %arg3: tensor<2xbf16>) -> (i32, bf16, bf16, tensor<2xbf16>) {
// CHECK-NEXT: %0 = arith.extf %arg3 fastmath<contract> : tensor<2xbf16> to tensor<2xf32>
// CHECK-NEXT: %1 = arith.extf %arg0 fastmath<contract> : bf16 to f32
// CHECK-NEXT: %2 = arith.fptosi %1 : f32 to i32
// CHECK-NEXT: %3 = arith.sitofp %arg1 : i32 to f32
// CHECK-NEXT: %4 = arith.truncf %3 fastmath<contract> : f32 to bf16
// CHECK-NEXT: %5 = arith.extf %4 fastmath<contract> : bf16 to f32
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %6 = scf.for %arg4 = %c0 to %arg2 step %c1 iter_args(%arg5 = %arg0) -> (bf16) {
// CHECK-NEXT: %12 = arith.extf %arg5 fastmath<contract> : bf16 to f32
// CHECK-NEXT: %13 = arith.addf %12, %5 : f32
// CHECK-NEXT: %14 = arith.truncf %13 fastmath<contract> : f32 to bf16
// CHECK-NEXT: %15 = arith.extf %14 fastmath<contract> : bf16 to f32
// CHECK-NEXT: %16 = arith.maximumf %15, %12 : f32
// CHECK-NEXT: %17 = arith.truncf %16 fastmath<contract> : f32 to bf16
// CHECK-NEXT: scf.yield %17 : bf16
// CHECK-NEXT: }
// CHECK-NEXT: %7 = arith.extf %6 fastmath<contract> : bf16 to f32
// CHECK-NEXT: %8 = arith.negf %0 : tensor<2xf32>
// CHECK-NEXT: %9 = arith.truncf %8 fastmath<contract> : tensor<2xf32> to tensor<2xbf16>
// CHECK-NEXT: %10 = arith.cmpf olt, %5, %7 : f32
// CHECK-NEXT: %11 = arith.select %10, %4, %6 : bf16
// CHECK-NEXT: return %2, %4, %6, %9 : i32, bf16, bf16, tensor<2xbf16>
// CHECK-NEXT: }
// CHECK-NEXT: }
