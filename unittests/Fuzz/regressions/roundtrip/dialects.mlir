#map = affine_map<(d0)[s0] -> (d0 + s0)>
func.func @f(%arg0: memref<?xf32>, %arg1: index, %arg2: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 1.5 : f32
  %0 = affine.apply #map(%arg1)[%c0]
  %1 = scf.if %arg2 -> (f32) {
    %2 = memref.load %arg0[%0] : memref<?xf32>
    scf.yield %2 : f32
  } else {
    scf.yield %cst : f32
  }
  cf.br ^bb1(%1 : f32)
^bb1(%3: f32):
  %4 = "test.op"(%3) {a = dense<[1, 2]> : tensor<2xi32>} : (f32) -> f32 loc("x.mlir":3:4)
  return %4 : f32
}
