// Diagnostics of the ptr dialect (mlir-opt's wording): cast verifiers,
// alignment and atomic ordering checks, ptr_add's inferred type, ptr_diff's
// container, the constraints of the masked ops, the Property<> conversions
// of the generic form, and the types' and attributes' parse errors. Checked
// with mlir-opt --verify-diagnostics.
// RUN: lamina-opt --verify-diagnostics --split-input-file %s

func.func @from_ptr_to_ptr(%p: !ptr.ptr<#ptr.generic_space>) {
  // expected-error @+1 {{the result type cannot be `!ptr.ptr`}}
  %0 = ptr.from_ptr %p : !ptr.ptr<#ptr.generic_space> -> !ptr.ptr<#ptr.generic_space>
  return
}

// -----

func.func @from_ptr_space(%p: !ptr.ptr<#ptr.generic_space>) {
  // expected-error @+1 {{expected the input and output to have the same memory space}}
  %0 = ptr.from_ptr %p : !ptr.ptr<#ptr.generic_space> -> memref<f32>
  return
}

// -----

func.func @to_ptr_ptr(%p: !ptr.ptr<#ptr.generic_space>) {
  // expected-error @+1 {{the input value cannot be of type `!ptr.ptr`}}
  %0 = ptr.to_ptr %p : !ptr.ptr<#ptr.generic_space> -> !ptr.ptr<#ptr.generic_space>
  return
}

// -----

func.func @to_ptr_space(%m: memref<2xf32, 3>) {
  // expected-error @+1 {{expected the input and output to have the same memory space}}
  %0 = ptr.to_ptr %m : memref<2xf32, 3> -> !ptr.ptr<#ptr.generic_space>
  return
}

// -----

func.func @to_ptr_not_ptr_like(%t: tensor<2xf32>) {
  // expected-error @+1 {{'ptr.to_ptr' op operand #0 must be PtrLikeTypeInterface instance, but got 'tensor<2xf32>'}}
  %0 = "ptr.to_ptr"(%t) : (tensor<2xf32>) -> !ptr.ptr<#ptr.generic_space>
  return
}

// -----

func.func @from_ptr_metadata(%p: !ptr.ptr<#ptr.generic_space>, %m: memref<f32, #ptr.generic_space>) {
  %md = ptr.get_metadata %m : memref<f32, #ptr.generic_space>
  // expected-error @+1 {{'ptr.from_ptr' op failed to verify that metadata type}}
  %0 = "ptr.from_ptr"(%p, %md) : (!ptr.ptr<#ptr.generic_space>, !ptr.ptr_metadata<memref<f32, #ptr.generic_space>>) -> memref<2xf32, #ptr.generic_space>
  return
}

// -----

func.func @ptr_diff_container(%p: vector<4x!ptr.ptr<#ptr.generic_space>>) {
  // expected-error @+1 {{expected the result to have the same container type as the operands when operands are shaped}}
  %0 = ptr.ptr_diff %p, %p : vector<4x!ptr.ptr<#ptr.generic_space>> -> tensor<4xi64>
  return
}

// -----

func.func @ptr_diff_shape(%p: vector<4x!ptr.ptr<#ptr.generic_space>>) {
  // expected-error @+1 {{'ptr.ptr_diff' op requires the same shape for all operands and results}}
  %0 = ptr.ptr_diff %p, %p : vector<4x!ptr.ptr<#ptr.generic_space>> -> vector<3xi64>
  return
}

// -----

func.func @ptr_diff_int(%p: !ptr.ptr<#ptr.generic_space>) {
  // expected-error @+1 {{'ptr.ptr_diff' op result #0 must be A shaped type with value semantics and rank. of signless integer or index values or signless integer or index, but got 'f32'}}
  %0 = ptr.ptr_diff %p, %p : !ptr.ptr<#ptr.generic_space> -> f32
  return
}

// -----

func.func @ptr_add_shapes(%p: vector<4x!ptr.ptr<#ptr.generic_space>>, %o: vector<5xi32>) {
  // expected-error @+1 {{shapes of base and offset must match}}
  %0 = ptr.ptr_add %p, %o : vector<4x!ptr.ptr<#ptr.generic_space>>, vector<5xi32>
  return
}

// -----

func.func @ptr_add_containers(%p: vector<4x!ptr.ptr<#ptr.generic_space>>, %o: tensor<4xi32>) {
  // expected-error @+1 {{the shaped containers type must match}}
  %0 = ptr.ptr_add %p, %o : vector<4x!ptr.ptr<#ptr.generic_space>>, tensor<4xi32>
  return
}

// -----

func.func @ptr_add_result(%p: !ptr.ptr<#ptr.generic_space>, %o: vector<2xi32>) {
  // expected-error @+2 {{'ptr.ptr_add' op inferred type(s) 'vector<2x!ptr.ptr<#ptr.generic_space>>' are incompatible with return type(s) of operation '!ptr.ptr<#ptr.generic_space>'}}
  // expected-error @+1 {{'ptr.ptr_add' op failed to infer returned types}}
  %0 = "ptr.ptr_add"(%p, %o) : (!ptr.ptr<#ptr.generic_space>, vector<2xi32>) -> !ptr.ptr<#ptr.generic_space>
  return
}

// -----

func.func @load_release(%p: !ptr.ptr<#ptr.generic_space>) {
  // expected-error @+1 {{'ptr.load' op unsupported ordering 'release'}}
  %0 = ptr.load %p atomic release alignment = 4 : !ptr.ptr<#ptr.generic_space> -> i32
  return
}

// -----

func.func @load_acq_rel(%p: !ptr.ptr<#ptr.generic_space>) {
  // expected-error @+1 {{'ptr.load' op unsupported ordering 'acq_rel'}}
  %0 = ptr.load %p atomic acq_rel alignment = 4 : !ptr.ptr<#ptr.generic_space> -> i32
  return
}

// -----

func.func @load_atomic_alignment(%p: !ptr.ptr<#ptr.generic_space>) {
  // expected-error @+1 {{'ptr.load' op expected alignment for atomic access}}
  %0 = ptr.load %p atomic acquire : !ptr.ptr<#ptr.generic_space> -> i32
  return
}

// -----

func.func @load_alignment(%p: !ptr.ptr<#ptr.generic_space>) {
  // expected-error @+1 {{alignment must be a power of 2}}
  %0 = ptr.load %p alignment = 12 : !ptr.ptr<#ptr.generic_space> -> i32
  return
}

// -----

func.func @load_alignment_zero(%p: !ptr.ptr<#ptr.generic_space>) {
  // expected-error @+1 {{alignment must be positive}}
  %0 = ptr.load %p alignment = 0 : !ptr.ptr<#ptr.generic_space> -> i32
  return
}

// -----

func.func @load_syncscope(%p: !ptr.ptr<#ptr.generic_space>) {
  // expected-error @+1 {{'ptr.load' op expected syncscope to be null for non-atomic access}}
  %0 = "ptr.load"(%p) <{syncscope = "x"}> : (!ptr.ptr<#ptr.generic_space>) -> i32
  return
}

// -----

func.func @store_acquire(%p: !ptr.ptr<#ptr.generic_space>, %v: i32) {
  // expected-error @+1 {{'ptr.store' op unsupported ordering 'acquire'}}
  ptr.store %v, %p atomic acquire alignment = 4 : i32, !ptr.ptr<#ptr.generic_space>
  return
}

// -----

func.func @store_alignment(%p: !ptr.ptr<#ptr.generic_space>, %v: i32) {
  // expected-error @+1 {{alignment must be positive}}
  "ptr.store"(%v, %p) <{alignment = [-8]}> : (i32, !ptr.ptr<#ptr.generic_space>) -> ()
  return
}

// -----

func.func @gather_alignment(%ps: vector<4x!ptr.ptr<#ptr.generic_space>>, %m: vector<4xi1>, %v: vector<4xf32>) {
  // expected-error @+1 {{alignment must be a power of 2}}
  %0 = ptr.gather %ps, %m, %v alignment = 6 : vector<4x!ptr.ptr<#ptr.generic_space>> -> vector<4xf32>
  return
}

// -----

func.func @gather_mask(%ps: vector<4x!ptr.ptr<#ptr.generic_space>>, %m: vector<4xi8>, %v: vector<4xf32>) {
  // expected-error @+1 {{'ptr.gather' op operand #1 must be A shaped type with value semantics and rank. of 1-bit signless integer values, but got 'vector<4xi8>'}}
  %0 = "ptr.gather"(%ps, %m, %v) : (vector<4x!ptr.ptr<#ptr.generic_space>>, vector<4xi8>, vector<4xf32>) -> vector<4xf32>
  return
}

// -----

func.func @gather_containers(%ps: vector<4x!ptr.ptr<#ptr.generic_space>>, %m: tensor<4xi1>, %v: tensor<4xf32>) {
  // expected-error @+1 {{'ptr.gather' op failed to verify that all of {result, ptrs} have same type IDs}}
  %0 = "ptr.gather"(%ps, %m, %v) : (vector<4x!ptr.ptr<#ptr.generic_space>>, tensor<4xi1>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @scatter_shape(%ps: vector<4x!ptr.ptr<#ptr.generic_space>>, %m: vector<2xi1>, %v: vector<2xf32>) {
  // expected-error @+1 {{'ptr.scatter' op failed to verify that all of {value, ptrs} have same shape}}
  "ptr.scatter"(%v, %ps, %m) : (vector<2xf32>, vector<4x!ptr.ptr<#ptr.generic_space>>, vector<2xi1>) -> ()
  return
}

// -----

func.func @masked_load_mask(%p: !ptr.ptr<#ptr.generic_space>, %m: vector<2xi1>, %v: vector<4xf32>) {
  // expected-error @+1 {{'ptr.masked_load' op failed to verify that result and mask must be compatible}}
  %0 = "ptr.masked_load"(%p, %m, %v) : (!ptr.ptr<#ptr.generic_space>, vector<2xi1>, vector<4xf32>) -> vector<4xf32>
  return
}

// -----

func.func @masked_store_rank(%p: !ptr.ptr<#ptr.generic_space>, %m: vector<2x2xi1>, %v: vector<2x2xf32>) {
  // expected-error @+1 {{custom op 'ptr.masked_store' 'value' must be A shaped type with value semantics and rank. of any type values, but got 'vector<2x2xf32>'}}
  ptr.masked_store %v, %p, %m : vector<2x2xf32>, !ptr.ptr<#ptr.generic_space>
  return
}

// -----

func.func @constant_type() {
  // expected-error @+1 {{'ptr.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "ptr.constant"() <{value = #ptr.null : !ptr.ptr<#ptr.generic_space>}> : () -> !ptr.ptr<#llvm.address_space<1>>
  return
}

// -----

func.func @prop_optional(%p: !ptr.ptr<#ptr.generic_space>) {
  // expected-error @+1 {{invalid properties {alignment = 8 : i64} for op ptr.load: expected optional properties to materialize as arrays}}
  %0 = "ptr.load"(%p) <{alignment = 8}> : (!ptr.ptr<#ptr.generic_space>) -> i32
  return
}

// -----

func.func @prop_optional_size(%p: !ptr.ptr<#ptr.generic_space>) {
  // expected-error @+1 {{invalid properties {alignment = [8, 16]} for op ptr.gather: expected optional properties to become 0- or 1-element arrays}}
  %0 = "ptr.gather"(%p, %p, %p) <{alignment = [8, 16]}> : (!ptr.ptr<#ptr.generic_space>, !ptr.ptr<#ptr.generic_space>, !ptr.ptr<#ptr.generic_space>) -> i32
  return
}

// -----

func.func @prop_optional_elt(%p: !ptr.ptr<#ptr.generic_space>, %v: i32) {
  // expected-error @+1 {{invalid properties {alignment = ["x"]} for op ptr.store: expected IntegerAttr for key `value`}}
  "ptr.store"(%v, %p) <{alignment = ["x"]}> : (i32, !ptr.ptr<#ptr.generic_space>) -> ()
  return
}

// -----

func.func @prop_enum_range(%p: !ptr.ptr<#ptr.generic_space>) {
  // expected-error @+1 {{'ptr.load' op property 'ordering' failed to satisfy constraint: Atomic ordering for LLVM's memory model}}
  %0 = "ptr.load"(%p) <{ordering = 7 : i32}> : (!ptr.ptr<#ptr.generic_space>) -> i32
  return
}

// -----

func.func @prop_enum_kind(%p: !ptr.ptr<#ptr.generic_space>) {
  // expected-error @+1 {{invalid properties {flags = "nuw"} for op ptr.ptr_add: expected IntegerAttr storage for ::mlir::ptr::PtrAddFlags}}
  %0 = "ptr.ptr_add"(%p, %p) <{flags = "nuw"}> : (!ptr.ptr<#ptr.generic_space>, !ptr.ptr<#ptr.generic_space>) -> !ptr.ptr<#ptr.generic_space>
  return
}

// -----

func.func @unit_prop_keyword(%p: !ptr.ptr<#ptr.generic_space>) {
  // expected-error @+1 {{expected ':'}}
  %0 = ptr.load %p volatile : !ptr.ptr<#ptr.generic_space> -> f32
  return
}

// -----

func.func @oilist_twice(%p: !ptr.ptr<#ptr.generic_space>) {
  // expected-error @+1 {{`nontemporal` clause can appear at most once in the expansion of the oilist directive}}
  %0 = ptr.load %p nontemporal nontemporal : !ptr.ptr<#ptr.generic_space> -> f32
  return
}

// -----

// expected-error @+2 {{invalid kind of attribute specified}}
// expected-error @+1 {{failed to parse Ptr_PtrType parameter 'memorySpace' which is to be a `MemorySpaceAttrInterface`}}
func.func @ptr_space(%p: !ptr.ptr<1 : i32>) {
  return
}

// -----

// expected-error @+1 {{the ptr-like type has no metadata}}
func.func @metadata_of_ptr(%p: !ptr.ptr_metadata<!ptr.ptr<#ptr.generic_space>>) {
  return
}

// -----

// expected-error @+2 {{invalid kind of type specified}}
// expected-error @+1 {{failed to parse Ptr_PtrMetadata parameter 'type' which is to be a `PtrLikeTypeInterface`}}
func.func @metadata_of_tensor(%p: !ptr.ptr_metadata<tensor<f32>>) {
  return
}

// -----

// expected-error @+1 {{abi entry must be divisible by 8}}
func.func @spec_abi() attributes {a = #ptr.spec<size = 64, abi = 60, preferred = 64>} {
  return
}

// -----

// expected-error @+1 {{index entry must be divisible by 8}}
func.func @spec_index() attributes {a = #ptr.spec<size = 64, abi = 64, preferred = 64, index = 7>} {
  return
}

// -----

// expected-error @+1 {{preferred alignment is expected to be at least as large as ABI alignment}}
func.func @spec_preferred() attributes {a = #ptr.spec<size = 64, abi = 128, preferred = 64>} {
  return
}

// -----

func.func @llvm_space_type(%p: !ptr.ptr<#llvm.address_space<1>>) {
  // expected-error @+1 {{type must be LLVM type with size, but got 'tensor<4xf32>'}}
  %0 = ptr.load %p : !ptr.ptr<#llvm.address_space<1>> -> tensor<4xf32>
  return
}

// -----

func.func @llvm_space_atomic(%p: !ptr.ptr<#llvm.address_space<0>>, %v: i24) {
  // expected-error @+1 {{unsupported type 'i24' for atomic access}}
  ptr.store %v, %p atomic monotonic alignment = 4 : i24, !ptr.ptr<#llvm.address_space<0>>
  return
}

// -----

func.func @nvvm_space_atomic(%p: !ptr.ptr<#nvvm.memory_space<global>>) {
  // expected-error @+1 {{unsupported type 'f80' for atomic access}}
  %0 = ptr.load %p atomic monotonic alignment = 4 : !ptr.ptr<#nvvm.memory_space<global>> -> f80
  return
}

// -----

func.func @llvm_space_masked(%p: !ptr.ptr<#llvm.address_space<0>>, %t: tensor<4xf32>, %m: tensor<4xi1>) {
  // expected-error @+1 {{type must be LLVM type with size, but got 'tensor<4xf32>'}}
  %0 = ptr.masked_load %p, %m, %t : !ptr.ptr<#llvm.address_space<0>> -> tensor<4xf32>
  return
}

// -----

func.func @llvm_space_index(%p: !ptr.ptr<#llvm.address_space<0>>, %t: index) {
  // expected-error @+1 {{type must be LLVM type with size, but got 'index'}}
  ptr.store %t, %p : index, !ptr.ptr<#llvm.address_space<0>>
  return
}
