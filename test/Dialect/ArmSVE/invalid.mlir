// Verifier diagnostics of the arm_sve dialect (mlir-opt's wording).
// RUN: lamina-opt --verify-diagnostics --split-input-file %s

func.func @from_svbool(%b: vector<[16]xi1>) -> vector<[3]xi1> {
  // expected-error@+1 {{custom op 'arm_sve.convert_from_svbool' 'result' must be trailing scalable vector of 1-bit signless integer values with dim -1 having a size of {16, 8, 4, 2, 1}, but got 'vector<[3]xi1>'}}
  %0 = arm_sve.convert_from_svbool %b : vector<[3]xi1>
  return %0 : vector<[3]xi1>
}

// -----

func.func @masked_mask(%m: vector<[8]xi1>, %a: vector<[4]xi32>) -> vector<[4]xi32> {
  // expected-error@+1 {{'arm_sve.masked.addi' op failed to verify that mask has i1 element type and same shape as operands}}
  %0 = "arm_sve.masked.addi"(%m, %a, %a) : (vector<[8]xi1>, vector<[4]xi32>, vector<[4]xi32>) -> vector<[4]xi32>
  return %0 : vector<[4]xi32>
}

// -----

func.func @sdot_fixed(%a: vector<16xi8>, %acc: vector<4xi32>) -> vector<4xi32> {
  // expected-error@+1 {{'arm_sve.sdot' op operand #0 must be scalable vector of 32-bit signless integer or 64-bit signless integer values of length 4/2, but got 'vector<4xi32>'}}
  %0 = arm_sve.sdot %acc, %a, %a : vector<16xi8> to vector<4xi32>
  return %0 : vector<4xi32>
}
