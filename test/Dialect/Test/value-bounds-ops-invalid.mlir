// Verifier messages of test.reify_bound, test.compare and test.with_bounds
// (mlir-opt's wording, attribute constraints checked in name order).
// RUN: lamina-opt --verify-diagnostics --split-input-file %s
// RUN: %if mlir-opt %{ mlir-opt --verify-diagnostics --split-input-file %s %}

func.func @f(%i: index) {
  // expected-error@+1 {{'test.reify_bound' op attribute 'constant' failed to satisfy constraint: unit attribute}}
  %0 = "test.reify_bound"(%i) {type = 1, dim = "x", constant = 1} : (index) -> index
  return
}

// -----

func.func @f(%t: tensor<?xf32>) {
  // expected-error@+1 {{'test.reify_bound' op expected 'dim' attribute for shaped type variable}}
  %0 = "test.reify_bound"(%t) : (tensor<?xf32>) -> index
  return
}

// -----

func.func @f(%i: index) {
  // expected-error@+1 {{'test.reify_bound' op unexpected 'dim' attribute for index variable}}
  %0 = "test.reify_bound"(%i) {dim = 0} : (index) -> index
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error@+1 {{'test.reify_bound' op expected index-typed variable or shape type variable}}
  %0 = "test.reify_bound"(%x) : (f32) -> index
  return
}

// -----

func.func @f(%i: index) {
  // expected-error@+1 {{'test.reify_bound' op 'scalable' and 'constant' are mutually exlusive}}
  %0 = "test.reify_bound"(%i) {scalable, constant} : (index) -> index
  return
}

// -----

func.func @f(%i: index) {
  // expected-error@+1 {{'test.reify_bound' op expected 'vscale_min' if and only if 'scalable'}}
  %0 = "test.reify_bound"(%i) {scalable, vscale_min = 1} : (index) -> index
  return
}

// -----

func.func @f(%i: index) {
  // expected-error@+1 {{'test.reify_bound' op result #0 must be index, but got 'i32'}}
  %0 = "test.reify_bound"(%i) : (index) -> i32
  return
}

// -----

func.func @f(%i: index) {
  // expected-error@+1 {{'test.compare' op 'compose' not supported when 'lhs_map' or 'rhs_map' is present}}
  "test.compare"(%i, %i) {compose, rhs_map = affine_map<(d0) -> (d0)>} : (index, index) -> ()
  return
}

// -----

func.func @f(%i: index) {
  // expected-error@+1 {{'test.compare' op expected 3 operands, but got 2}}
  "test.compare"(%i, %i) {lhs_map = affine_map<(d0, d1) -> (d0)>} : (index, index) -> ()
  return
}

// -----

func.func @f(%i: index, %t: tensor<?xf32>) {
  // expected-error@+1 {{'test.compare' op operand #1 must be variadic of index, but got 'tensor<?xf32>'}}
  "test.compare"(%i, %t) : (index, tensor<?xf32>) -> ()
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'test.with_bounds' op result #0 must be integer or index or vector of integer or index values, but got 'vector<i32>'}}
  %0 = test.with_bounds {umin = 0 : i32, umax = 1 : i32, smin = 0 : i32, smax = 1 : i32} : vector<i32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'test.with_bounds' op requires attribute 'smax'}}
  %0 = test.with_bounds {umin = 0 : i32, umax = 1 : i32, smin = 0 : i32} : i32
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{custom op 'test.with_bounds' 'test.with_bounds' op attribute 'smax' failed to satisfy constraint: arbitrary integer attribute}}
  %0 = test.with_bounds {umin = 0 : i32, umax = 1 : i32, smin = 0 : i32, smax = 1.0} : i32
  return
}
