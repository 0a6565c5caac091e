// Operand and result constraints of the normalize-memrefs test ops
// (mlir-opt's messages).
// RUN: lamina-opt --verify-diagnostics --split-input-file %s

func.func @f(%a: memref<4xf32>, %f: f32) {
  // expected-error @+1 {{'test.op_norm' op operand #0 must be memref of any type values, but got 'f32'}}
  "test.op_norm"(%f, %a) : (f32, memref<4xf32>) -> ()
  return
}

// -----

func.func @f(%a: memref<4xf32>, %f: f32) {
  // expected-error @+1 {{'test.op_norm_ret' op result #1 must be memref of any type values, but got 'f32'}}
  %1, %2 = "test.op_norm_ret"(%a) : (memref<4xf32>) -> (memref<4xf32>, f32)
  return
}
