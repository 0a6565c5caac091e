// Verifier diagnostics of the xegpu dialect (mlir-opt's wording).
// RUN: lamina-opt --verify-diagnostics --split-input-file %s

// expected-error@+1 {{expected at least one of sg_layout, inst_data or lane_layout}}
func.func @layout() attributes {l = #xegpu.layout<order = [0, 1]>} {
  return
}

// -----

// expected-error@+1 {{expected sg_data and sg_layout to have the same rank}}
func.func @layout_rank() attributes {l = #xegpu.layout<sg_layout = [2, 2], sg_data = [4]>} {
  return
}

// -----

// expected-error@+1 {{'end' : 2 must be greater than 'start' : 4}}
func.func @range() attributes {r = #xegpu.range<[4, 2]>} {
  return
}

// -----

// expected-error@+1 {{invalid dim (2) in slice attribute.}}
func.func @slice() attributes {s = #xegpu.slice<#xegpu.layout<sg_layout = [2, 4]>, dims = [2]>} {
  return
}

// -----

// expected-error@+1 {{SLM is only supported for 1D block tensor}}
func.func @slm(%a: !xegpu.tensor_desc<8x16xf32, #xegpu.block_tdesc_attr<memory_space = slm>>) {
  return
}

// -----

// expected-error@+1 {{expected last dim of tensor to match chunk size}}
func.func @chunk(%a: !xegpu.tensor_desc<4x4xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2>>) {
  return
}

// -----

// expected-error@+1 {{cannot distribute [8, 16] using #xegpu.layout<lane_layout = [1, 3], lane_data = [1, 1]>}}
func.func @distribute(%a: !xegpu.tensor_desc<8x16xf32, #xegpu.layout<lane_layout = [1, 3], lane_data = [1, 1]>>) {
  return
}

// -----

// expected-error@+1 {{expected layout rank to match tensor rank}}
func.func @layout_tensor_rank(%a: !xegpu.tensor_desc<16xf32, #xegpu.layout<lane_layout = [1, 16]>>) {
  return
}

// -----

func.func @not_scattered(%d: !xegpu.tensor_desc<16xf32>, %m: vector<16xi1>) {
  // expected-error@+1 {{'xegpu.load' op Expects a scattered TensorDesc.}}
  %0 = xegpu.load %d, %m : !xegpu.tensor_desc<16xf32>, vector<16xi1> -> vector<16xf32>
  return
}

// -----

func.func @dpas_acc(%a : vector<8x16xf16>, %b: vector<16x16xf16>, %c: vector<8x16xf16>) {
  // expected-error@+1 {{'xegpu.dpas' op Expecting the acc type to be the same as result.}}
  %1 = xegpu.dpas %a, %b, %c : vector<8x16xf16>, vector<16x16xf16>, vector<8x16xf16> -> vector<8x16xf32>
  return
}

// -----

func.func @dpas_k(%a : vector<8x8xf16>, %b: vector<8x16x2xf16>) {
  // expected-error@+1 {{'xegpu.dpas' op K-dimension mismatch.}}
  %1 = xegpu.dpas %a, %b : vector<8x8xf16>, vector<8x16x2xf16> -> vector<8x16xf32>
  return
}

// -----

func.func @dpas_rank(%a : vector<8x8x2xf16>, %b: vector<8x16x2xf16>) {
  // expected-error@+1 {{expecting lhs and result to be a 2D vector, and rhs to be either 2D or 3D (packed) vector.}}
  %1 = xegpu.dpas %a, %b : vector<8x8x2xf16>, vector<8x16x2xf16> -> vector<8x16xf32>
  return
}

// -----

func.func @dpas_simt(%a : vector<8xf16>, %b: vector<7xf16>) {
  // expected-error@+1 {{Expecting B operand to be a multiple of 32 bits.}}
  %1 = xegpu.dpas %a, %b : vector<8xf16>, vector<7xf16> -> vector<8xf32>
  return
}

// -----

func.func @prefetch_hint(%src: memref<24x32xf16>) {
  %1 = xegpu.create_nd_tdesc %src[0, 0] : memref<24x32xf16> -> !xegpu.tensor_desc<8x16xf16>
  // expected-error@+1 {{'xegpu.prefetch_nd' op invalid l3_hint: #xegpu.cache_hint<write_back>}}
  xegpu.prefetch_nd %1 <{l3_hint = #xegpu.cache_hint<write_back>}>: !xegpu.tensor_desc<8x16xf16>
  return
}

// -----

func.func @store_hint(%dst: memref<24x32xf16>) {
  %1 = arith.constant dense<1.0>: vector<24x32xf16>
  %2 = xegpu.create_nd_tdesc %dst[0, 0] : memref<24x32xf16> -> !xegpu.tensor_desc<24x32xf16>
  // expected-error@+1 {{'xegpu.store_nd' op invalid l2_hint: #xegpu.cache_hint<read_invalidate>}}
  xegpu.store_nd %1, %2 <{l2_hint = #xegpu.cache_hint<read_invalidate>}>: vector<24x32xf16>, !xegpu.tensor_desc<24x32xf16>
  return
}

// -----

func.func @store_array_length(%dst: memref<24x32xf16>) {
  %1 = arith.constant dense<1.0>: vector<2x24x32xf16>
  %2 = xegpu.create_nd_tdesc %dst[0, 0] : memref<24x32xf16> -> !xegpu.tensor_desc<24x32xf16, #xegpu.block_tdesc_attr<array_length = 2>>
  // expected-error@+1 {{array length is not supported by store_nd}}
  xegpu.store_nd %1, %2: vector<2x24x32xf16>, !xegpu.tensor_desc<24x32xf16, #xegpu.block_tdesc_attr<array_length = 2>>
  return
}
