// Custom syntax of the linalg ops (structured, named, relayout) round-trips as
// mlir-opt prints it; the generic form shows the bodies built for named ops.
// RUN: lamina-opt %s | FileCheck %s
// RUN: lamina-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

#map = affine_map<(d0, d1) -> (d0, d1)>
#mapt = affine_map<(d0, d1) -> (d1, d0)>
func.func @structured(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>, %c: tensor<2xf32>, %d: tensor<2x3xf32>,
                      %m: memref<2x3xf32>, %n: memref<3x4xf32>, %o: memref<2x4xf32>, %i: tensor<2x3xi8>,
                      %mt: memref<3x2xf32>, %e: tensor<1x4x4x1xf32>, %k: tensor<3x3x1x1xf32>, %r: tensor<1x2x2x1xf32>, %f: f32)
    -> (tensor<3x2xf32>, tensor<2xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<1x2x2x1xf32>) {
  %0 = linalg.transpose ins(%a : tensor<2x3xf32>) outs(%b : tensor<3x2xf32>) permutation = [1, 0]
  %1 = linalg.reduce ins(%a : tensor<2x3xf32>) outs(%c : tensor<2xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  %2 = linalg.map { arith.addf } ins(%a, %d : tensor<2x3xf32>, tensor<2x3xf32>) outs(%d : tensor<2x3xf32>)
  %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%i : tensor<2x3xi8>) outs(%d : tensor<2x3xf32>) attrs = {foo = 1 : i32} {
    ^bb0(%x: i8, %y: f32):
      %v = arith.sitofp %x : i8 to f32
      linalg.yield %v : f32
    } -> tensor<2x3xf32>
  %4 = linalg.broadcast ins(%c : tensor<2xf32>) outs(%d : tensor<2x3xf32>) dimensions = [1]
  linalg.matmul ins(%m, %n : memref<2x3xf32>, memref<3x4xf32>) outs(%o : memref<2x4xf32>)
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
      ins(%mt, %n : memref<3x2xf32>, memref<3x4xf32>) outs(%o : memref<2x4xf32>)
  %5 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%e, %k : tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) outs(%r : tensor<1x2x2x1xf32>) -> tensor<1x2x2x1xf32>
  %6 = linalg.fill ins(%f : f32) outs(%d : tensor<2x3xf32>) -> tensor<2x3xf32>
  %7 = linalg.elementwise kind=#linalg.elementwise_kind<exp> ins(%a : tensor<2x3xf32>) outs(%d : tensor<2x3xf32>) -> tensor<2x3xf32>
  linalg.copy ins(%m : memref<2x3xf32>) outs(%m : memref<2x3xf32>)
  return %0, %1, %2, %3, %7, %5 : tensor<3x2xf32>, tensor<2xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<1x2x2x1xf32>
}

func.func @pack(%src: tensor<128x256xf32>, %dst: tensor<16x8x8x32xf32>) -> tensor<16x8x8x32xf32> {
  %0 = linalg.pack %src inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %dst : tensor<128x256xf32> -> tensor<16x8x8x32xf32>
  %1 = linalg.unpack %0 inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %src : tensor<16x8x8x32xf32> -> tensor<128x256xf32>
  return %0 : tensor<16x8x8x32xf32>
}

// CHECK: #map = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-NEXT: #map2 = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-NEXT: #map3 = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @structured(%arg0: tensor<2x3xf32>, %arg1: tensor<3x2xf32>, %arg2: tensor<2xf32>, %arg3: tensor<2x3xf32>, %arg4: memref<2x3xf32>, %arg5: memref<3x4xf32>, %arg6: memref<2x4xf32>, %arg7: tensor<2x3xi8>, %arg8: memref<3x2xf32>, %arg9: tensor<1x4x4x1xf32>, %arg10: tensor<3x3x1x1xf32>, %arg11: tensor<1x2x2x1xf32>, %arg12: f32) -> (tensor<3x2xf32>, tensor<2xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<1x2x2x1xf32>) {
// CHECK-NEXT:     %transposed = linalg.transpose ins(%arg0 : tensor<2x3xf32>) outs(%arg1 : tensor<3x2xf32>) permutation = [1, 0]
// CHECK-NEXT:     %reduced = linalg.reduce ins(%arg0 : tensor<2x3xf32>) outs(%arg2 : tensor<2xf32>) dimensions = [1]
// CHECK-NEXT:       (%in: f32, %init: f32) {
// CHECK-NEXT:         %4 = arith.addf %in, %init : f32
// CHECK-NEXT:         linalg.yield %4 : f32
// CHECK-NEXT:       }
// CHECK-NEXT:     %mapped = linalg.map { arith.addf } ins(%arg0, %arg3 : tensor<2x3xf32>, tensor<2x3xf32>) outs(%arg3 : tensor<2x3xf32>)
// CHECK-NEXT:     %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg7 : tensor<2x3xi8>) outs(%arg3 : tensor<2x3xf32>) attrs =  {foo = 1 : i32} {
// CHECK-NEXT:     ^bb0(%in: i8, %out: f32):
// CHECK-NEXT:       %4 = arith.sitofp %in : i8 to f32
// CHECK-NEXT:       linalg.yield %4 : f32
// CHECK-NEXT:     } -> tensor<2x3xf32>
// CHECK-NEXT:     %broadcasted = linalg.broadcast ins(%arg2 : tensor<2xf32>) outs(%arg3 : tensor<2x3xf32>) dimensions = [1]
// CHECK-NEXT:     linalg.matmul ins(%arg4, %arg5 : memref<2x3xf32>, memref<3x4xf32>) outs(%arg6 : memref<2x4xf32>)
// CHECK-NEXT:     linalg.matmul indexing_maps = [#map1, #map2, #map3] ins(%arg8, %arg5 : memref<3x2xf32>, memref<3x4xf32>) outs(%arg6 : memref<2x4xf32>)
// CHECK-NEXT:     %1 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg9, %arg10 : tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) outs(%arg11 : tensor<1x2x2x1xf32>) -> tensor<1x2x2x1xf32>
// CHECK-NEXT:     %2 = linalg.fill ins(%arg12 : f32) outs(%arg3 : tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:     %3 = linalg.elementwise kind=#linalg.elementwise_kind<exp> ins(%arg0 : tensor<2x3xf32>) outs(%arg3 : tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:     linalg.copy ins(%arg4 : memref<2x3xf32>) outs(%arg4 : memref<2x3xf32>)
// CHECK-NEXT:     return %transposed, %reduced, %mapped, %0, %3, %1 : tensor<3x2xf32>, tensor<2xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<1x2x2x1xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @pack(%arg0: tensor<128x256xf32>, %arg1: tensor<16x8x8x32xf32>) -> tensor<16x8x8x32xf32> {
// CHECK-NEXT:     %pack = linalg.pack %arg0 inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %arg1 : tensor<128x256xf32> -> tensor<16x8x8x32xf32>
// CHECK-NEXT:     %unpack = linalg.unpack %pack inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %arg0 : tensor<16x8x8x32xf32> -> tensor<128x256xf32>
// CHECK-NEXT:     return %pack : tensor<16x8x8x32xf32>
// CHECK-NEXT:   }
// CHECK-NEXT: }

// GENERIC: %7 = "linalg.conv_2d_nhwc_hwcf"(%arg11, %arg12, %arg13) <{dilations = dense<1> : tensor<2xi64>, operandSegmentSizes = array<i32: 2, 1>, strides = dense<1> : tensor<2xi64>}> ({
// GENERIC-NEXT: ^bb0(%arg21: f32, %arg22: f32, %arg23: f32):
// GENERIC-NEXT: %11 = "arith.mulf"(%arg21, %arg22) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC-NEXT: %12 = "arith.addf"(%arg23, %11) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC-NEXT: "linalg.yield"(%12) : (f32) -> ()
// GENERIC-NEXT: }) {linalg.memoized_indexing_maps = [#map5, #map6, #map7]} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>, tensor<1x2x2x1xf32>) -> tensor<1x2x2x1xf32>
