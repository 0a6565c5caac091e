// Verifier diagnostics of the amdgpu dialect (mlir-opt's wording).
// RUN: lamina-opt --verify-diagnostics --split-input-file %s

func.func @buffer_space(%m: memref<64xf32, 3>, %i: i32) -> f32 {
  // expected-error@+1 {{'amdgpu.raw_buffer_load' op Buffer ops must operate on a memref in global memory}}
  %0 = amdgpu.raw_buffer_load %m[%i] : memref<64xf32, 3>, i32 -> f32
  return %0 : f32
}

// -----

func.func @buffer_indices(%m: memref<8x8xf32>, %i: i32) -> f32 {
  // expected-error@+1 {{'amdgpu.raw_buffer_load' op Expected 2 indices to memref}}
  %0 = amdgpu.raw_buffer_load %m[%i] : memref<8x8xf32>, i32 -> f32
  return %0 : f32
}

// -----

func.func @mfma_types(%a: vector<4xf16>, %b: vector<4xbf16>, %c: vector<4xf32>) -> vector<4xf32> {
  // expected-error@+1 {{'amdgpu.mfma' op expected both non-small-float source operand types to match exactly}}
  %0 = amdgpu.mfma 16x16x16 %a * %b + %c blgp = none : vector<4xf16>, vector<4xbf16>, vector<4xf32>
  return %0 : vector<4xf32>
}

// -----

func.func @mfma_negate(%a: vector<4xf16>, %c: vector<4xf32>) -> vector<4xf32> {
  // expected-error@+1 {{'amdgpu.mfma' op negation flags only available for double-precision operations}}
  %0 = amdgpu.mfma 16x16x16 %a * %a + %c {negateA} blgp = none : vector<4xf16>, vector<4xf16>, vector<4xf32>
  return %0 : vector<4xf32>
}

// -----

func.func @wmma_int_float(%a: vector<16xi8>, %c: vector<8xf32>) -> vector<8xf32> {
  // expected-error@+1 {{'amdgpu.wmma' op expected float sources with float destination}}
  %0 = amdgpu.wmma 16x16x16 %a * %a + %c : vector<16xi8>, vector<16xi8>, vector<8xf32>
  return %0 : vector<8xf32>
}

// -----

func.func @dpp_quad(%x: i32) -> i32 {
  // expected-error@+1 {{'amdgpu.dpp' op quad_perm attribute must have exactly 4 elements}}
  %0 = amdgpu.dpp %x %x quad_perm([0 : i32, 1 : i32]) : i32
  return %0 : i32
}

// -----

func.func @dpp_row(%x: i32) -> i32 {
  // expected-error@+1 {{'amdgpu.dpp' op Attribute 'row_shr' value not specified}}
  %0 = amdgpu.dpp %x %x row_shr : i32
  return %0 : i32
}

// -----

func.func @permlane(%x: i32) -> i32 {
  // expected-error@+1 {{'amdgpu.permlane_swap' op row_length attribute must either be 16 or 32.}}
  %0 = amdgpu.permlane_swap %x 8 : i32
  return %0 : i32
}

// -----

func.func @trunc_existing(%f: f32, %e: vector<4xf8E4M3FNUZ>) -> vector<4xf8E5M2FNUZ> {
  // expected-error@+1 {{'amdgpu.packed_trunc_2xfp8' op existing values must have same type as result}}
  %0 = "amdgpu.packed_trunc_2xfp8"(%f, %e) <{operandSegmentSizes = array<i32: 1, 0, 1>, wordIndex = 0 : i32}> : (f32, vector<4xf8E4M3FNUZ>) -> vector<4xf8E5M2FNUZ>
  return %0 : vector<4xf8E5M2FNUZ>
}

// -----

func.func @transpose_load(%t: memref<64x64xf16, 3>, %i: index) -> vector<8xf16> {
  // expected-error@+1 {{'amdgpu.transpose_load' op Transferring type size mismatch: expected num of elements: 4}}
  %0 = amdgpu.transpose_load %t[%i, %i] : memref<64x64xf16, 3> -> vector<8xf16>
  return %0 : vector<8xf16>
}

// -----

func.func @gather_space(%g: memref<128xf32>, %l: memref<64xf32>, %i: index) {
  // expected-error@+1 {{'amdgpu.gather_to_lds' op destination memory address space must be Workgroup}}
  amdgpu.gather_to_lds %g[%i], %l[%i] : f32, memref<128xf32>, memref<64xf32>
  return
}

// -----

func.func @fat_cast(%m: memref<8xf32>) -> memref<8xf32> {
  // expected-error@+1 {{'amdgpu.fat_raw_buffer_cast' op expected result type to be 'memref<8xf32, #amdgpu.address_space<fat_raw_buffer>>' but got 'memref<8xf32>'}}
  %0 = "amdgpu.fat_raw_buffer_cast"(%m) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (memref<8xf32>) -> memref<8xf32>
  return %0 : memref<8xf32>
}

// -----

func.func @dma_strides(%g: memref<8x8xi32>, %l: memref<8x8xi32, #gpu.address_space<workgroup>>, %i: index) {
  %base = amdgpu.make_dma_base %g[%i, %i], %l[%i, %i] : memref<8x8xi32>, memref<8x8xi32, #gpu.address_space<workgroup>> -> !amdgpu.tdm_base<i32>
  // expected-error@+1 {{'amdgpu.make_dma_descriptor' op strides for the innermost dimension must be 1.}}
  %desc = amdgpu.make_dma_descriptor %base globalSize [8, 8] globalStride [8, 2] sharedSize [4, 4] : !amdgpu.tdm_base<i32> -> !amdgpu.tdm_descriptor
  return
}
