// Verifier diagnostics of the complex dialect (mlir-opt's wording).
// RUN: lamina-opt --verify-diagnostics --split-input-file %s

func.func @f() {
// expected-error@+1 {{'complex.constant' op requires 'value' to be a complex constant, represented as array of two values}}
  %0 = complex.constant [1.0 : f32] : complex<f32>
  return
}

// -----

func.func @f() {
// expected-error@+1 {{'complex.constant' op requires attribute's element types ('f32', 'f64') to match the element type of the op's return type ('f64')}}
  %0 = complex.constant [1.0 : f32, 2.0 : f64] : complex<f64>
  return
}

// -----

func.func @f(%a: i64) {
// expected-error@+1 {{'complex.bitcast' op requires that either input or output has a complex type}}
  %0 = complex.bitcast %a : i64 to f64
  return
}

// -----

func.func @f(%a: complex<f32>) {
// expected-error@+1 {{'complex.bitcast' op casting bitwidths do not match}}
  %0 = complex.bitcast %a : complex<f32> to i32
  return
}

// -----

func.func @f(%a: complex<i32>) {
// expected-error@+1 {{custom op 'complex.abs' 'complex' must be complex type with floating-point elements, but got 'complex<i32>'}}
  %0 = complex.abs %a : complex<i32>
  return
}
