// Verifier diagnostics of the arm_sme dialect (mlir-opt's wording).
// RUN: lamina-opt --verify-diagnostics --split-input-file %s

func.func @tile_id_type() -> vector<[4]x[4]xf32> {
  // expected-error@+1 {{'arm_sme.zero' op tile ID should be a 32-bit signless integer}}
  %0 = arm_sme.zero {tile_id = 0 : i64} : vector<[4]x[4]xf32>
  return %0 : vector<[4]x[4]xf32>
}

// -----

func.func @not_a_tile() -> vector<[4]x[8]xf32> {
  // expected-error@+1 {{'arm_sme.get_tile' op result #0 must be a vector type that fits into a SME tile, but got 'vector<[4]x[8]xf32>'}}
  %0 = arm_sme.get_tile : vector<[4]x[8]xf32>
  return %0 : vector<[4]x[8]xf32>
}

// -----

func.func @mask_type(%m: memref<?x?xf32>, %i: index, %pad: f32, %mask: vector<[4]x[4]xi1>) -> vector<[4]x[4]xf32> {
  // expected-error@+1 {{'arm_sme.tile_load' op failed to verify that padding type matches element type of result}}
  %0 = "arm_sme.tile_load"(%m, %i, %i, %i, %mask) <{layout = #arm_sme.layout<horizontal>, operandSegmentSizes = array<i32: 1, 2, 1, 1>}> : (memref<?x?xf32>, index, index, index, vector<[4]x[4]xi1>) -> vector<[4]x[4]xf32>
  return %0 : vector<[4]x[4]xf32>
}

// -----

func.func @outerproduct_acc(%a: vector<[4]xf32>, %acc: vector<[2]x[2]xf64>) {
  // expected-error@+1 {{'arm_sme.outerproduct' op operand #1 must be a vector type that matches the size of a SVE vector, but got 'vector<[2]x[2]xf64>'}}
  %0 = "arm_sme.outerproduct"(%a, %acc) <{kind = #arm_sme.kind<add>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>}> : (vector<[4]xf32>, vector<[2]x[2]xf64>) -> vector<[4]x[4]xf32>
  return
}
