// Diagnostics of #sparse_tensor.encoding (its parser and verifier, and the
// check of the tensor types using it) and of the sparse_tensor ops'
// verifiers, with mlir-opt's wording and locations.
// RUN: lamina-opt --verify-diagnostics --split-input-file %s

// expected-error@+1 {{unexpected key: levels}}
#e = #sparse_tensor.encoding<{levels = 2}>

// -----

// expected-error@+1 {{unknown level format: sparse}}
#e = #sparse_tensor.encoding<{map = (i) -> (i : sparse)}>

// -----

// expected-error@+1 {{unknown level property: unique}}
#e = #sparse_tensor.encoding<{map = (i) -> (i : compressed(unique))}>

// -----

// expected-error@+1 {{invalid level type: level format doesn't support the properties}}
#e = #sparse_tensor.encoding<{map = (i) -> (i : batch(nonordered))}>

// -----

// expected-error@+1 {{expected exactly 2 structured sizes}}
#e = #sparse_tensor.encoding<{map = (i) -> (i : structured[4])}>

// -----

// expected-error@+1 {{use of undeclared identifier 'i'}}
#e = #sparse_tensor.encoding<{map = {k} (i, j) -> (i : dense, k = j : compressed)}>

// -----

// expected-error@+1 {{redefinition of identifier 'i'}}
#e = #sparse_tensor.encoding<{map = [i] (i) -> (i : dense)}>

// -----

// expected-error@+1 {{Level-variable ordering mismatch. The variable 'b' was forward-declared as the 2nd level; but is bound by the 0th specification.}}
#e = #sparse_tensor.encoding<{map = {a, c, b} (i, j, k) -> (b = i : dense, a = j : dense, c = k : dense)}>

// -----

// expected-error@+1 {{unexpected coordinate bitwidth: 7}}
#e = #sparse_tensor.encoding<{map = (i) -> (i : compressed), crdWidth = 7}>

// -----

// expected-error@+1 {{expected an integral position bitwidth}}
#e = #sparse_tensor.encoding<{map = (i) -> (i : compressed), posWidth = 1.0}>

// -----

// expected-error@+1 {{expected compressed or loose_compressed level before singleton level}}
#e = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : singleton)}>

// -----

// expected-error@+1 {{Batch lvlType can only be leading levels.}}
#e = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : batch)}>

// -----

// expected-error@+1 {{expected n_out_of_m to be the last level type}}
#e = #sparse_tensor.encoding<{map = (i, j) -> (i : structured[1, 2], j : dense)}>

// -----

// expected-error@+1 {{failed to infer lvlToDim from dimToLvl}}
#e = #sparse_tensor.encoding<{map = (i, j) -> (i + j : dense, j : compressed)}>

// -----

// expected-error@+1 {{expect positive value or ? for slice offset/size/stride}}
#e = #sparse_tensor.encoding<{map = (i : #sparse_tensor<slice(0, -4, 1)>) -> (i : compressed)}>

// -----

// expected-error@+1 {{expect positive value or ? for slice size}}
#e = #sparse_tensor.encoding<{map = (i : #sparse_tensor<slice(0, 0, 1)>) -> (i : compressed)}>

// -----

#e = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
// expected-error@+1 {{dimension-rank mismatch between encoding and tensor shape: 2 != 3}}
func.func private @rank(tensor<1x2x3xf32, #e>)

// -----

#e = #sparse_tensor.encoding<{map = (i) -> (i : compressed), explicitVal = 2 : i64}>
// expected-error@+1 {{explicit value type mismatch between encoding and tensor element type: 'i64' != 'i32'}}
func.func private @explicit(tensor<4xi32, #e>)

// -----

#e = #sparse_tensor.encoding<{map = (i) -> (i : compressed), implicitVal = 2 : i64}>
// expected-error@+1 {{implicit value must be zero}}
func.func private @implicit(tensor<4xi64, #e>)

// -----

#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed), crdWidth = 16}>
func.func @assemble(%p: tensor<2xindex>, %c: tensor<3x1xi32>, %v: tensor<3xf32>) -> tensor<10xf32, #SV> {
  // expected-error@+1 {{input/output element-types don't match}}
  %t = sparse_tensor.assemble (%p, %c), %v : (tensor<2xindex>, tensor<3x1xi32>), tensor<3xf32> to tensor<10xf32, #SV>
  return %t : tensor<10xf32, #SV>
}

// -----

#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
func.func @positions(%t: tensor<8xf32, #SV>) -> memref<?xindex> {
  // expected-error@+1 {{requested level is out of bounds}}
  %0 = sparse_tensor.positions %t {level = 3 : index} : tensor<8xf32, #SV> to memref<?xindex>
  return %0 : memref<?xindex>
}

// -----

#SV = #sparse_tensor.encoding<{map = (i) -> (i : compressed)}>
func.func @convert(%t: tensor<8xf32>) -> tensor<4xf32, #SV> {
  // expected-error@+1 {{unexpected conversion mismatch in dimension 0}}
  %0 = sparse_tensor.convert %t : tensor<8xf32> to tensor<4xf32, #SV>
  return %0 : tensor<4xf32, #SV>
}

// -----

#COO = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed(nonunique), j : singleton)}>
func.func @specifier(%s: !sparse_tensor.storage_specifier<#COO>) -> index {
  // expected-error@+1 {{requested position memory size on a singleton level}}
  %0 = sparse_tensor.storage_specifier.get %s pos_mem_sz at 1 : !sparse_tensor.storage_specifier<#COO>
  return %0 : index
}

// -----

func.func @binary(%a: f32, %b: f32) -> f32 {
  // expected-error@+1 {{right=identity requires second argument to have the same type as the output}}
  %0 = sparse_tensor.binary %a, %b : f32, f32 to i32
    overlap={}
    left={}
    right=identity
  return %a : f32
}

// -----

func.func @unary(%a: f32) -> f32 {
  // expected-error@+1 {{absent region must end with sparse_tensor.yield}}
  %0 = sparse_tensor.unary %a : f32 to f32
    present={}
    absent={
      %c = arith.constant 1.0 : f32
      tensor.yield %c : f32
    }
  return %0 : f32
}

// -----

#DC = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
func.func @concat(%a: tensor<2x3xf32, #DC>, %b: tensor<2x3xf32, #DC>) -> tensor<2x5xf32, #DC> {
  // expected-error@+1 {{The concatenation dimension of the output tensor should be the sum of all the concatenation dimensions of the input tensors.}}
  %0 = sparse_tensor.concatenate %a, %b {dimension = 1 : index} : tensor<2x3xf32, #DC>, tensor<2x3xf32, #DC> to tensor<2x5xf32, #DC>
  return %0 : tensor<2x5xf32, #DC>
}

// -----

#DC = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>
func.func @foreach(%t: tensor<2x3xf32, #DC>) {
  // expected-error@+1 {{Unmatched element type between input tensor and block argument, expected:f32, got: f64}}
  sparse_tensor.foreach in %t : tensor<2x3xf32, #DC> do {
    ^bb0(%i: index, %j: index, %v: f64):
  }
  return
}

// -----

#ID = affine_map<(i, j, k) -> (i, j, k)>
func.func @sort(%xy: memref<8xindex>) {
  %n = arith.constant 2 : index
  // expected-error@+1 {{Expected dimension(xy) >= n * (rank(perm_map) + ny) got 8 < 10}}
  sparse_tensor.sort quick_sort %n, %xy {perm_map = #ID, ny = 2 : index} : memref<8xindex>
  return
}

// -----

#COO = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed(nonunique), j : singleton)}>
func.func @space(%t: tensor<4x4xf32, #COO>) {
  // expected-error@+1 {{'sparse_tensor.extract_iteration_space' op parent iterator should be specified iff level lower bound equals 0}}
  %0 = sparse_tensor.extract_iteration_space %t lvls = 1 : tensor<4x4xf32, #COO> -> !sparse_tensor.iter_space<#COO, lvls = 1>
  return
}

// -----

#COO = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed(nonunique), j : singleton)}>
func.func @value(%t: tensor<4x4xf32, #COO>, %it: !sparse_tensor.iterator<#COO, lvls = 0>) -> f32 {
  // expected-error@+1 {{'sparse_tensor.extract_value' op must use last-level iterator to extract values. }}
  %0 = sparse_tensor.extract_value %t at %it : tensor<4x4xf32, #COO>, !sparse_tensor.iterator<#COO, lvls = 0>
  return %0 : f32
}

// -----

#COO = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed(nonunique), j : singleton)}>
func.func @iterate(%s: !sparse_tensor.iter_space<#COO, lvls = 0>, %i: index) -> index {
  // expected-error@+1 {{'sparse_tensor.iterate' op required out-of-bound coordinates}}
  %r = sparse_tensor.iterate %it in %s at(%a, %b) iter_args(%x = %i) : !sparse_tensor.iter_space<#COO, lvls = 0> -> index {
    sparse_tensor.yield %x : index
  }
  return %r : index
}

// -----

#COO = #sparse_tensor.encoding<{map = (i, j) -> (i : compressed(nonunique), j : singleton)}>
func.func @coiterate(%a: !sparse_tensor.iter_space<#COO, lvls = 0>, %b: !sparse_tensor.iter_space<#COO, lvls = 0>) {
  // expected-error@+1 {{'sparse_tensor.coiterate' op contains duplicated cases.}}
  sparse_tensor.coiterate (%a, %b) : (!sparse_tensor.iter_space<#COO, lvls = 0>, !sparse_tensor.iter_space<#COO, lvls = 0>)
  case %x, _ {
  }
  case %y, _ {
  }
  return
}

// -----

// A repeated `map` appends its level types, as MLIR's parser does.
// expected-error@+1 {{level-rank mismatch between dimToLvl and lvlTypes: 1 != 2}}
#e = #sparse_tensor.encoding<{map = (i) -> (i : dense), map = (i) -> (i : compressed)}>
