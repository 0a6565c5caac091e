// The Language Reference's matrix multiplication example. (Rewritten in
// today's func/affine/memref dialects once those land; for now the generic
// form of the same structure.)
"builtin.module"() ({
  "func.func"() <{function_type = (memref<16x16xf32>, memref<16x16xf32>, memref<16x16xf32>) -> (), sym_name = "matmul"}> ({
  ^bb0(%A: memref<16x16xf32>, %B: memref<16x16xf32>, %C: memref<16x16xf32>):
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
