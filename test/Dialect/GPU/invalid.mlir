// Verifier and parser diagnostics of the gpu dialect (mlir-opt's wording).
// RUN: lamina-opt --verify-diagnostics --split-input-file %s

func.func @launch_requires_gpu_return(%sz : index) {
  // expected-note@+1 {{in 'gpu.launch' body region}}
  gpu.launch blocks(%bx, %by, %bz) in (%sbx = %sz, %sby = %sz, %sbz = %sz)
             threads(%tx, %ty, %tz) in (%stx = %sz, %sty = %sz, %stz = %sz) {
    // expected-error@+1 {{expected 'gpu.terminator' or a terminator with successors}}
    gpu.yield
  }
  return
}

// -----

module attributes {gpu.container_module} {
  func.func @launch_func_missing_kernel(%sz : index) {
    // expected-error@+1 {{kernel container 'kernels' is undefined}}
    gpu.launch_func @kernels::@kernel_1 blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel_1(%arg1 : f32) kernel {
      gpu.return
    }
  }
  func.func @launch_func_kernel_operand_types(%sz : index, %arg : f16) {
    // expected-error@+1 {{type of function argument 0 does not match}}
    gpu.launch_func @kernels::@kernel_1 blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz) args(%arg : f16)
    return
  }
}

// -----

gpu.module @kernels {
  // expected-error@+1 {{'gpu.func' op expected void return type for kernel function}}
  gpu.func @kernel_1(%arg1 : f32) -> f32 kernel {
    gpu.return %arg1 : f32
  }
}

// -----

gpu.module @kernels {
  // expected-error@+1 {{'gpu.func' op expected memref type in attribution}}
  gpu.func @kernel_1() workgroup(%arg1 : f32) {
    gpu.return
  }
}

// -----

func.func @reduce_bad_type(%arg0 : f32) {
  // expected-error@+1 {{`and` reduction operation is not compatible with type 'f32'}}
  %res = gpu.all_reduce and %arg0 {} : (f32) -> (f32)
  return
}

// -----

func.func @subgroup_reduce_cluster_size(%arg0 : f32) {
  // expected-error@+1 {{'gpu.subgroup_reduce' op cluster size 3 is not a power of two}}
  %res = gpu.subgroup_reduce add %arg0 cluster(size = 3) : (f32) -> f32
  return
}

// -----

func.func @mma_operand_order(%a : !gpu.mma_matrix<16x16xf16, "AOp">, %c : !gpu.mma_matrix<16x16xf16, "COp">) {
  // expected-error@+1 {{operands must be in the order AOp, BOp, COp}}
  %d = gpu.subgroup_mma_compute %a, %a, %c : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "AOp"> -> !gpu.mma_matrix<16x16xf16, "COp">
  return
}

// -----

// expected-error@+1 {{MMAMatrixType must have exactly two dimensions}}
func.func @mma_rank(%a : !gpu.mma_matrix<16xf16, "AOp">) {
  return
}

// -----

func.func @warp_distribution(%laneid : index, %v : vector<2xf32>) {
  // expected-error@+1 {{'gpu.warp_execute_on_lane_0' op incompatible distribution dimensions from 'vector<4xf32>' to 'vector<2xf32>' with warp size = 4}}
  %r = gpu.warp_execute_on_lane_0(%laneid)[4] args(%v : vector<2xf32>) -> (vector<1xf32>) {
  ^bb0(%a : vector<4xf32>):
    %x = arith.constant dense<0.0> : vector<4xf32>
    gpu.yield %x : vector<4xf32>
  }
  return
}

// -----

// expected-error@+1 {{'func.func' op gpu.known_block_size must contain exactly 3 elements}}
func.func @known_block_size() attributes {gpu.known_block_size = array<i32: 1, 2>} {
  return
}

// -----

// Three ids are required (mlir-opt takes fewer and reports an unnamed region
// argument at a made-up column).
func.func @launch_too_few_ids(%one: index) {
  // expected-error@+1 {{custom op 'gpu.launch' expected 3 identifiers, found 1}}
  gpu.launch blocks(%a0, %a1, %a2) in (%s0 = %one, %s1 = %one, %s2 = %one) threads(%t0) in (%u0 = %one, %u1 = %one, %u2 = %one) {
    gpu.terminator
  }
  return
}
