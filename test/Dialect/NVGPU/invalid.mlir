// Verifier diagnostics of the nvgpu dialect (mlir-opt's wording).
// RUN: lamina-opt --verify-diagnostics --split-input-file %s

func.func @ldmatrix_space(%m: memref<16x16xf16>, %i: index) -> vector<4x2xf16> {
  // expected-error@+1 {{expected nvgpu.ldmatrix srcMemref must have a memory space attribute of IntegerAttr(3) or gpu::AddressSpaceAttr(Workgroup)}}
  %0 = nvgpu.ldmatrix %m[%i, %i] {numTiles = 4 : i32, transpose = false} : memref<16x16xf16> -> vector<4x2xf16>
  return %0 : vector<4x2xf16>
}

// -----

func.func @ldmatrix_shape(%m: memref<16x16xi8, 3>, %i: index) -> vector<2x2xi8> {
  // expected-error@+1 {{expected vector register shape[1] = 4}}
  %0 = nvgpu.ldmatrix %m[%i, %i] {numTiles = 2 : i32, transpose = false} : memref<16x16xi8, 3> -> vector<2x2xi8>
  return %0 : vector<2x2xi8>
}

// -----

func.func @mma_b(%a: vector<4x2xf16>, %b: vector<4x2xf16>, %c: vector<2x2xf16>) -> vector<2x2xf16> {
  // expected-error@+1 {{'nvgpu.mma.sync' op expected 128 warp-wide matrix B elements}}
  %d = nvgpu.mma.sync(%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<4x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>
  return %d : vector<2x2xf16>
}

// -----

func.func @mma_type(%a: vector<4x2xi16>, %b: vector<2x2xi16>, %c: vector<2x2xi32>) -> vector<2x2xi32> {
  // expected-error@+1 {{expected input data type (i4,i8,f16,bf16,tf32,f64) supported by nvgpu.mma.sync}}
  %d = nvgpu.mma.sync(%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xi16>, vector<2x2xi16>, vector<2x2xi32>) -> vector<2x2xi32>
  return %d : vector<2x2xi32>
}

// -----

func.func @mma_sp_f64(%a: vector<1x1xf64>, %b: vector<1x1xf64>, %c: vector<1x2xf64>, %m: vector<2xi16>) -> vector<1x2xf64> {
  // expected-error@+1 {{f64 is not supported for sparse mode}}
  %d = nvgpu.mma.sp.sync(%a, %b, %c) metadata(%m) {mmaShape = [8, 8, 4]} : (vector<1x1xf64>, vector<1x1xf64>, vector<1x2xf64>) -> vector<1x2xf64>
  return %d : vector<1x2xf64>
}

// -----

func.func @copy_elements(%src: memref<16xf16>, %dst: memref<16xf16, 3>, %i: index) {
  // expected-error@+1 {{Requested copy elements is 3 with width 16. But copy elements could be one of 2, 4, 8.}}
  %0 = nvgpu.device_async_copy %src[%i], %dst[%i], 3 : memref<16xf16> to memref<16xf16, 3>
  return
}

// -----

func.func @copy_bypass(%src: memref<16xf16>, %dst: memref<16xf16, 3>, %i: index) {
  // expected-error@+1 {{'nvgpu.device_async_copy' op bypassL1 does not satify alignment for 'memref<16xf16, 3>' with destination element 4. Unset bypassL1, or set destination element to 8}}
  %0 = nvgpu.device_async_copy %src[%i], %dst[%i], 4 {bypassL1} : memref<16xf16> to memref<16xf16, 3>
  return
}

// -----

!map = !nvgpu.tensormap.descriptor<tensor = memref<64x32xf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
func.func @tma_last_dim(%raw: memref<*xf16>, %x: index) -> !map {
  // expected-error@+1 {{the tensormap descriptor must have last dimension of 128 bytes but it is 64 bytes}}
  %d = nvgpu.tma.create.descriptor %raw box[%x, %x] : memref<*xf16> -> !map
  return %d : !map
}

// -----

!map = !nvgpu.tensormap.descriptor<tensor = memref<64x300xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
func.func @tma_dims(%raw: memref<*xf16>, %x: index) -> !map {
  // expected-error@+1 {{the tensor map descriptor must have dimensions between 1 and 256 but it is 300}}
  %d = nvgpu.tma.create.descriptor %raw box[%x, %x] : memref<*xf16> -> !map
  return %d : !map
}

// -----

!map = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16>, swizzle = none, l2promo = none, oob = zero, interleave = none>
func.func @tma_space(%raw: memref<*xf16>, %x: index) -> !map {
  // expected-error@+1 {{the tensor map descriptor has incorrect address space, it must be shared memory address space.}}
  %d = nvgpu.tma.create.descriptor %raw box[%x, %x] : memref<*xf16> -> !map
  return %d : !map
}

// -----

!map = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
!barrier = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
func.func @tma_load_type(%d: !map, %buf: memref<64x64xf32, 3>, %x: index) {
  %c0 = arith.constant 0 : index
  %b = nvgpu.mbarrier.create -> !barrier
  // expected-error@+1 {{the element type of tensor map descriptor and memref must be same}}
  nvgpu.tma.async.load %d[%x, %x], %b[%c0] to %buf : !map, !barrier -> memref<64x64xf32, 3>
  return
}

// -----

!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<64x64xf32>>
!acc2 = !nvgpu.warpgroup.accumulator<fragmented = vector<64x32xf32>>
!da = !nvgpu.warpgroup.descriptor<tensor = memref<64x16xf16, 3>>
!db = !nvgpu.warpgroup.descriptor<tensor = memref<16x64xf16, 3>>
func.func @wgmma_cd(%a: !da, %b: !db, %c: !acc) -> !acc2 {
  // expected-error@+1 {{'nvgpu.warpgroup.mma' op type of matrix C and matrix D must be the same}}
  %r = nvgpu.warpgroup.mma %a, %b, %c : !da, !db, !acc -> !acc2
  return %r : !acc2
}

// -----

!acc = !nvgpu.warpgroup.accumulator<fragmented = vector<64x12xf32>>
!da = !nvgpu.warpgroup.descriptor<tensor = memref<64x16xf16, 3>>
!db = !nvgpu.warpgroup.descriptor<tensor = memref<16x12xf16, 3>>
func.func @wgmma_n(%a: !da, %b: !db, %c: !acc) -> !acc {
  // expected-error@+1 {{'nvgpu.warpgroup.mma' op has input type 'memref<16x12xf16, 3>' n is set to 12, it is not supported}}
  %r = nvgpu.warpgroup.mma %a, %b, %c : !da, !db, !acc -> !acc
  return %r : !acc
}

// -----

func.func @rcp_ftz(%v: vector<4xf32>) -> vector<4xf32> {
  // expected-error@+1 {{'nvgpu.rcp' op has a limitation. #nvgpu<rcp_rounding_mode approx> or non-ftz is not supported yet.}}
  %r = nvgpu.rcp %v {rounding = approx} : vector<4xf32>
  return %r : vector<4xf32>
}
