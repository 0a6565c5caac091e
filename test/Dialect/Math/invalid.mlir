// Verifier and parser diagnostics of the math dialect (mlir-opt's wording),
// all derived from the imported constraints and traits.
// RUN: lamina-opt --verify-diagnostics --split-input-file %s

func.func @f(%a: i32) {
// expected-error@+1 {{'math.absf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = math.absf %a : i32
  return
}

// -----

func.func @f(%a: f32) {
// expected-error@+1 {{'math.ctlz' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = math.ctlz %a : f32
  return
}

// -----

func.func @f(%a: f32) {
// expected-error@+1 {{'math.isnan' op result #0 must be bool-like, but got 'f32'}}
  %0 = "math.isnan"(%a) : (f32) -> f32
  return
}

// -----

func.func @f(%a: f32, %b: f64) {
// expected-error@+1 {{'math.atan2' op requires the same type for all operands and results}}
  %0 = "math.atan2"(%a, %b) : (f32, f64) -> f32
  return
}

// -----

func.func @f(%a: f32) {
// expected-error@+2 {{failed to parse Arith_FastMathAttr parameter 'value' which is to be a `::mlir::arith::FastMathFlags`}}
// expected-error@+1 {{expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast}}
  %0 = math.sin %a fastmath<bogus> : f32
  return
}
