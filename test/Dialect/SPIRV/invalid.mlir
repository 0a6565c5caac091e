// Verifier diagnostics of the spirv dialect's op families (mlir-opt's
// wording): atomics and barriers, casts, group ops, composites, matrices,
// shifts, GL frexp/ldexp, integer dot products.
// RUN: lamina-opt --verify-diagnostics --split-input-file %s

func.func @a(%p : !spirv.ptr<f32, Workgroup>, %v : f32) -> f32 {
  // expected-error @+1 {{'spirv.AtomicIAdd' op operand #1 must be 8/16/32/64-bit integer, but got 'f32'}}
  %0 = spirv.AtomicIAdd <Workgroup> <AcquireRelease> %p, %v : !spirv.ptr<f32, Workgroup>
  return %0 : f32
}
// -----
func.func @a(%p : !spirv.ptr<i32, Workgroup>, %v : i32) -> i32 {
  // expected-error @+1 {{expected at most one of these four memory constraints to be set: `Acquire`, `Release`,`AcquireRelease` or `SequentiallyConsistent`}}
  %0 = spirv.AtomicAnd <Device> <Acquire|Release> %p, %v : !spirv.ptr<i32, Workgroup>
  return %0 : i32
}
// -----
func.func @b() {
  // expected-error @+1 {{expected at most one of these four memory constraints to be set: `Acquire`, `Release`,`AcquireRelease` or `SequentiallyConsistent`}}
  spirv.ControlBarrier <Workgroup>, <Device>, <Acquire|Release|UniformMemory>
  return
}
// -----
func.func @c(%a : i32) -> i64 {
  %0 = spirv.SConvert %a : i32 to i64
  // expected-error @+1 {{'spirv.UConvert' op expected the different bit widths for operand type and result type, but provided 'i32' and 'i32'}}
  %1 = spirv.UConvert %a : i32 to i32
  return %0 : i64
}
// -----
func.func @c(%a : vector<2xf32>) -> i32 {
  // expected-error @+1 {{'spirv.Bitcast' op mismatch in result type bitwidth 32 and operand type bitwidth 64}}
  %0 = spirv.Bitcast %a : vector<2xf32> to i32
  return %0 : i32
}
// -----
func.func @c(%a : i32) -> i32 {
  // expected-error @+1 {{result type must be different from operand type}}
  %0 = spirv.Bitcast %a : i32 to i32
  return %0 : i32
}
// -----
func.func @d(%v : f32, %c : i32) -> f32 {
  // expected-error @+1 {{'spirv.GroupNonUniformFAdd' op execution scope must be 'Workgroup' or 'Subgroup'}}
  %0 = spirv.GroupNonUniformFAdd <Device> <Reduce> %v : f32 -> f32
  return %0 : f32
}
// -----
func.func @d(%v : f32, %c : i32) -> f32 {
  // expected-error @+1 {{'spirv.GroupNonUniformFAdd' op cluster size operand must be provided for 'ClusteredReduce' group operation}}
  %0 = spirv.GroupNonUniformFAdd <Subgroup> <ClusteredReduce> %v : f32 -> f32
  return %0 : f32
}
// -----
func.func @d(%v : f32, %c : i32) -> f32 {
  // expected-error @+1 {{'spirv.GroupNonUniformFAdd' op cluster size operand must come from a constant op}}
  %0 = spirv.GroupNonUniformFAdd <Subgroup> <ClusteredReduce> %v cluster_size(%c) : f32, i32 -> f32
  return %0 : f32
}
// -----
func.func @d(%v : f32) -> f32 {
  %c = spirv.Constant 3 : i32
  // expected-error @+1 {{'spirv.GroupNonUniformFAdd' op cluster size operand must be a power of two}}
  %0 = spirv.GroupNonUniformFAdd <Subgroup> <ClusteredReduce> %v cluster_size(%c) : f32, i32 -> f32
  return %0 : f32
}
// -----
func.func @e(%v : f32, %id : i32) -> f32 {
  // expected-error @+1 {{'spirv.GroupNonUniformBroadcast' op id must be the result of a constant op}}
  %0 = spirv.GroupNonUniformBroadcast <Subgroup> %v, %id : f32, i32
  return %0 : f32
}
// -----
func.func @f(%a : vector<2xf32>, %b : vector<2xf32>) -> vector<3xf32> {
  // expected-error @+1 {{'spirv.VectorShuffle' op component selector 7 out of range: expected to be in [0, 4) or 0xffffffff}}
  %0 = spirv.VectorShuffle [1 : i32, 7 : i32, 2 : i32] %a, %b : vector<2xf32>, vector<2xf32> -> vector<3xf32>
  return %0 : vector<3xf32>
}
// -----
func.func @g(%a : f32, %b : i32) -> vector<3xf32> {
  // expected-error @+1 {{'spirv.CompositeConstruct' op has incorrect number of operands: expected 3, but provided 2}}
  %0 = spirv.CompositeConstruct %a, %a : (f32, f32) -> vector<3xf32>
  return %0 : vector<3xf32>
}
// -----
func.func @g(%a : f32, %b : i32) -> vector<2xf32> {
  // expected-error @+1 {{'spirv.CompositeConstruct' op operand type mismatch: expected operand type 'f32', but provided 'i32'}}
  %0 = spirv.CompositeConstruct %a, %b : (f32, i32) -> vector<2xf32>
  return %0 : vector<2xf32>
}
// -----
func.func @h(%m : !spirv.matrix<3 x vector<3xf32>>, %n : !spirv.matrix<2 x vector<3xf32>>) -> !spirv.matrix<2 x vector<3xf32>> {
  // expected-error @+1 {{input matrix rows count must be equal to output matrix columns count}}
  %0 = spirv.Transpose %m : !spirv.matrix<3 x vector<3xf32>> -> !spirv.matrix<2 x vector<3xf32>>
  return %0 : !spirv.matrix<2 x vector<3xf32>>
}
// -----
func.func @h(%m : !spirv.matrix<3 x vector<3xf32>>, %s : f16) -> !spirv.matrix<3 x vector<3xf32>> {
  // expected-error @+1 {{'spirv.MatrixTimesScalar' op input matrix components' type and scaling value must have the same type}}
  %0 = spirv.MatrixTimesScalar %m, %s : !spirv.matrix<3 x vector<3xf32>>, f16
  return %0 : !spirv.matrix<3 x vector<3xf32>>
}
// -----
func.func @i(%a : i32, %b : i16) -> i32 {
  %0 = spirv.ShiftLeftLogical %a, %b : i32, i16
  return %0 : i32
}
// -----
func.func @j(%x : f32, %e : vector<2xi32>) -> f32 {
  // expected-error @+1 {{'spirv.GL.Ldexp' op operands must both be scalars or vectors}}
  %0 = spirv.GL.Ldexp %x : f32, %e : vector<2xi32> -> f32
  return %0 : f32
}
// -----
func.func @k(%x : f32) -> !spirv.struct<(f32, i64)> {
  // expected-error @+1 {{member one of the resulting struct type must be a scalar or vector of 32 bit integer type}}
  %0 = spirv.GL.FrexpStruct %x : f32 -> !spirv.struct<(f32, i64)>
  return %0 : !spirv.struct<(f32, i64)>
}
// -----
func.func @l(%v : i32, %s : si32) -> i32 {
  // expected-error @+1 {{'spirv.GroupNonUniformShuffle' op second operand must be a singless/unsigned integer}}
  %0 = spirv.GroupNonUniformShuffle <Subgroup> %v, %s : i32, si32
  return %0 : i32
}
// -----
func.func @m(%a : vector<4xi8>) -> i16 {
  // expected-error @+1 {{'spirv.SDot' op result type has insufficient bit-width (16 bits) for the specified vector operand type (32 bits)}}
  %0 = spirv.SDot %a, %a : vector<4xi8> -> i16
  return %0 : i16
}
// -----
func.func @m(%a : i32) -> i32 {
  // expected-error @+1 {{'spirv.SDot' op requires Packed Vector Format attribute for integer vector operands}}
  %0 = spirv.SDot %a, %a : i32 -> i32
  return %0 : i32
}
// -----
func.func @m(%a : i16) -> i32 {
  // expected-error @+1 {{'spirv.SDot' op with specified Packed Vector Format (PackedVectorFormat4x8Bit) requires integer vector operands to be 32-bits wide}}
  %0 = spirv.SDot %a, %a, <PackedVectorFormat4x8Bit> : i16 -> i32
  return %0 : i32
}
// -----
func.func @m(%a : vector<4xi8>) -> i32 {
  // expected-error @+1 {{'spirv.SDot' op with invalid format attribute for vector operands of type 'vector<4xi8>'}}
  %0 = spirv.SDot %a, %a, <PackedVectorFormat4x8Bit> : vector<4xi8> -> i32
  return %0 : i32
}
// -----
func.func @m(%a : vector<4xi8>, %c : i16) -> i16 {
  // expected-error @+1 {{'spirv.SDotAccSat' op result type has insufficient bit-width (16 bits) for the specified vector operand type (32 bits)}}
  %0 = spirv.SDotAccSat %a, %a, %c : vector<4xi8> -> i16
  return %0 : i16
}

// -----

func.func @missing_header_block() -> () {
  // expected-error @+1 {{'spirv.mlir.loop' op must have a loop header block branched from the entry block}}
  spirv.mlir.loop {
  ^entry:
    spirv.Branch ^merge
  ^merge:
    spirv.mlir.merge
  }
  return
}
// -----
func.func @continue_should_branch_to_header() -> () {
  // expected-error @+1 {{'spirv.mlir.loop' op second to last block must be the loop continue block that branches to the loop header block}}
  spirv.mlir.loop {
  ^entry:
    spirv.Branch ^header
  ^header:
    spirv.Branch ^continue
  ^continue:
    spirv.Branch ^merge
  ^merge:
    spirv.mlir.merge
  }
  return
}
// -----
spirv.module Logical GLSL450 {
  spirv.SpecConstant @sc1 = 1 : i32
  // expected-error @+1 {{has incorrect types of operands: expected 'f32', but provided 'i32'}}
  spirv.SpecConstantComposite @scc (@sc1, @sc1) : !spirv.struct<(i32, f32)>
}
// -----
spirv.module Logical GLSL450 {
  spirv.func @foo() -> () "None" {
    %0 = spirv.Variable : !spirv.ptr<i32, Function>
    // expected-error @+1 {{'spirv.SpecConstantOperation' op invalid enclosed op}}
    %1 = spirv.SpecConstantOperation wraps "spirv.Load"(%0) {memory_access = #spirv.memory_access<None>} : (!spirv.ptr<i32, Function>) -> i32
    spirv.Return
  }
}
// -----
func.func @access_chain_out_of_bounds() -> () {
  %index0 = "spirv.Constant"() { value = 12: i32} : () -> i32
  %0 = spirv.Variable : !spirv.ptr<!spirv.struct<(f32, !spirv.array<4xf32>)>, Function>
  // expected-error @+1 {{'spirv.AccessChain' op index 12 out of bounds for '!spirv.struct<(f32, !spirv.array<4 x f32>)>'}}
  %1 = spirv.AccessChain %0[%index0, %index0] : !spirv.ptr<!spirv.struct<(f32, !spirv.array<4xf32>)>, Function>, i32, i32 -> !spirv.ptr<f32, Function>
  return
}
// -----
func.func @variable_ptr_physical_buffer_no_decoration() -> () {
  // expected-error @+1 {{'spirv.Variable' op  with physical buffer pointer must be decorated either 'AliasedPointer' or 'RestrictPointer'}}
  %0 = spirv.Variable : !spirv.ptr<!spirv.ptr<f32, PhysicalStorageBuffer>, Function>
  return
}
// -----
// expected-error @+1 {{'spirv.func' op with physical buffer pointer must be decorated either 'Aliased' or 'Restrict'}}
spirv.func @no_arg_decoration_pointer(%arg0: !spirv.ptr<i32, PhysicalStorageBuffer>) "None" {
  spirv.Return
}
// -----
func.func @a(%arg0 : !spirv.ptr<f32, Generic>) {
  // expected-error @+1 {{'spirv.GenericCastToPtr' op pointer operand's pointee type must have the same as the op result type, but found 'f32' vs 'vector<2xi32>'}}
  %0 = spirv.GenericCastToPtr %arg0 : !spirv.ptr<f32, Generic> to !spirv.ptr<vector<2xi32>, Workgroup>
  return
}
// -----
spirv.func @h(%a : !spirv.coopmatrix<16x8xi32, Subgroup, MatrixA>, %b : !spirv.coopmatrix<16x16xi32, Subgroup, MatrixB>, %c : !spirv.coopmatrix<16x16xi32, Subgroup, MatrixAcc>) "None" {
  // expected-error @+1 {{'spirv.KHR.CooperativeMatrixMulAdd' op matrix size mismatch on dimension 'K'}}
  %2 = spirv.KHR.CooperativeMatrixMulAdd %a, %b, %c : !spirv.coopmatrix<16x8xi32, Subgroup, MatrixA>, !spirv.coopmatrix<16x16xi32, Subgroup, MatrixB> -> !spirv.coopmatrix<16x16xi32, Subgroup, MatrixAcc>
  spirv.Return
}
// -----
func.func @b(%m : !spirv.matrix<3 x vector<2xf32>>, %v : vector<3xf32>) -> vector<3xf32> {
  // expected-error @+1 {{'spirv.VectorTimesMatrix' op number of components in vector must equal the number of components in each column in matrix}}
  %0 = spirv.VectorTimesMatrix %v, %m : vector<3xf32>, !spirv.matrix<3 x vector<2xf32>> -> vector<3xf32>
  return %0 : vector<3xf32>
}
