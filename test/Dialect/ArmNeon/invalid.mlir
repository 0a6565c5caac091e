// Verifier diagnostics of the arm_neon dialect (mlir-opt's wording).
// RUN: lamina-opt --verify-diagnostics --split-input-file %s

func.func @sdot_rows(%a: vector<2xi32>, %b: vector<4x4xi8>) -> vector<2xi32> {
  // expected-error@+1 {{'arm_neon.2d.sdot' op failed to verify that operand `b` should have as many rows as the size of operand `a`}}
  %0 = arm_neon.2d.sdot %a, %b, %b : vector<4x4xi8>, vector<4x4xi8> to vector<2xi32>
  return %0 : vector<2xi32>
}

// -----

func.func @smull_type(%a: vector<4xi64>) -> vector<4xi64> {
  // expected-error@+1 {{'arm_neon.intr.smull' op operand #0 must be vector of 8-bit signless integer or 16-bit signless integer or 32-bit signless integer values of length 8/4/2, but got 'vector<4xi64>'}}
  %0 = "arm_neon.intr.smull"(%a, %a) : (vector<4xi64>, vector<4xi64>) -> vector<4xi64>
  return %0 : vector<4xi64>
}

// -----

func.func @smull_result(%a: vector<4xi16>) -> vector<4xi64> {
  // expected-error@+1 {{'arm_neon.intr.smull' op failed to verify that res has same vector shape and element bitwidth scaled by 2 as a}}
  %0 = "arm_neon.intr.smull"(%a, %a) : (vector<4xi16>, vector<4xi16>) -> vector<4xi64>
  return %0 : vector<4xi64>
}

// -----

func.func @bfmmla_acc(%f: vector<8xf32>, %g: vector<8xbf16>) -> vector<8xf32> {
  // expected-error@+1 {{'arm_neon.intr.bfmmla' op operand #0 must be a vector with length 4 of 32-bit float values, but got 'vector<8xf32>'}}
  %0 = arm_neon.intr.bfmmla %f, %g, %g : vector<8xbf16> to vector<8xf32>
  return %0 : vector<8xf32>
}
