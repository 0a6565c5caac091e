// Verifier diagnostics of the amx dialect (mlir-opt's wording).
// RUN: lamina-opt --verify-diagnostics --split-input-file %s

func.func @rows() {
  // expected-error@+1 {{'amx.tile_zero' op bad row height: 17}}
  %0 = amx.tile_zero : !amx.tile<17x16xbf16>
  return
}

// -----

func.func @cols() {
  // expected-error@+1 {{'amx.tile_zero' op bad column width: 68}}
  %0 = amx.tile_zero : !amx.tile<16x17xf32>
  return
}

// -----

func.func @memref_rank(%m: memref<?xbf16>, %x: index) {
  // expected-error@+1 {{'amx.tile_load' op requires at least 2D memref}}
  %0 = amx.tile_load %m[%x] : memref<?xbf16> into !amx.tile<16x32xbf16>
  return
}

// -----

func.func @mult_shape(%a: !amx.tile<8x32xbf16>, %b: !amx.tile<16x32xbf16>, %c: !amx.tile<16x16xf32>) {
  // expected-error@+1 {{'amx.tile_mulf' op bad mult shape: 16 x 16 x 16}}
  %0 = amx.tile_mulf %a, %b, %c : !amx.tile<8x32xbf16>, !amx.tile<16x32xbf16>, !amx.tile<16x16xf32>
  return
}

// -----

// expected-error@+1 {{failed to verify 'elementType': 32-bit float or 16-bit float or bfloat16 type or 32-bit signless integer or 8-bit signless integer}}
func.func @element(%a: !amx.tile<16x16xf64>) {
  return
}
