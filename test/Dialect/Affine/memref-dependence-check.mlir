// RUN: lamina-opt %s -split-input-file -test-memref-dependence-check -verify-diagnostics -o /dev/null
//
// Expected remarks printed by mlir-opt 22 -test-memref-dependence-check on these inputs.

func.func @shifted_copy(%n: index) {
  %m = memref.alloc() : memref<64xf32>
  affine.for %i = 0 to 60 {
    %v = affine.load %m[%i + 2] : memref<64xf32>
    // expected-remark@above {{dependence from 0 to 0 at depth 1 = false}}
    // expected-remark@above {{dependence from 0 to 0 at depth 2 = false}}
    // expected-remark@above {{dependence from 0 to 1 at depth 1 = [2, 2]}}
    // expected-remark@above {{dependence from 0 to 1 at depth 2 = false}}
    affine.store %v, %m[%i] : memref<64xf32>
    // expected-remark@above {{dependence from 1 to 0 at depth 1 = false}}
    // expected-remark@above {{dependence from 1 to 0 at depth 2 = false}}
    // expected-remark@above {{dependence from 1 to 1 at depth 1 = false}}
    // expected-remark@above {{dependence from 1 to 1 at depth 2 = false}}
  }
  return
}

// -----

func.func @strided_disjoint() {
  %m = memref.alloc() : memref<64xf32>
  %c = arith.constant 1.0 : f32
  affine.for %i = 0 to 32 {
    affine.store %c, %m[2 * %i] : memref<64xf32>
    // expected-remark@above {{dependence from 0 to 0 at depth 1 = false}}
    // expected-remark@above {{dependence from 0 to 0 at depth 2 = false}}
    // expected-remark@above {{dependence from 0 to 1 at depth 1 = false}}
    // expected-remark@above {{dependence from 0 to 1 at depth 2 = false}}
    %v = affine.load %m[2 * %i + 1] : memref<64xf32>
    // expected-remark@above {{dependence from 1 to 0 at depth 1 = false}}
    // expected-remark@above {{dependence from 1 to 0 at depth 2 = false}}
    // expected-remark@above {{dependence from 1 to 1 at depth 1 = false}}
    // expected-remark@above {{dependence from 1 to 1 at depth 2 = false}}
  }
  return
}

// -----

func.func @nest_with_symbol(%n: index) {
  %m = memref.alloc() : memref<100x100xf32>
  affine.for %i = 1 to %n {
    affine.for %j = 0 to 50 {
      %v = affine.load %m[%i - 1, %j + 1] : memref<100x100xf32>
      // expected-remark@above {{dependence from 0 to 0 at depth 1 = false}}
      // expected-remark@above {{dependence from 0 to 0 at depth 2 = false}}
      // expected-remark@above {{dependence from 0 to 0 at depth 3 = false}}
      // expected-remark@above {{dependence from 0 to 1 at depth 1 = false}}
      // expected-remark@above {{dependence from 0 to 1 at depth 2 = false}}
      // expected-remark@above {{dependence from 0 to 1 at depth 3 = false}}
      affine.store %v, %m[%i, %j] : memref<100x100xf32>
      // expected-remark@above {{dependence from 1 to 0 at depth 1 = [1, 1][-1, -1]}}
      // expected-remark@above {{dependence from 1 to 0 at depth 2 = false}}
      // expected-remark@above {{dependence from 1 to 0 at depth 3 = false}}
      // expected-remark@above {{dependence from 1 to 1 at depth 1 = false}}
      // expected-remark@above {{dependence from 1 to 1 at depth 2 = false}}
      // expected-remark@above {{dependence from 1 to 1 at depth 3 = false}}
    }
  }
  return
}

// -----

func.func @mod_and_div() {
  %m = memref.alloc() : memref<8xf32>
  %c = arith.constant 1.0 : f32
  affine.for %i = 0 to 16 {
    affine.store %c, %m[%i mod 8] : memref<8xf32>
    // expected-remark@above {{dependence from 0 to 0 at depth 1 = [8, 15]}}
    // expected-remark@above {{dependence from 0 to 0 at depth 2 = false}}
    // expected-remark@above {{dependence from 0 to 1 at depth 1 = [1, 15]}}
    // expected-remark@above {{dependence from 0 to 1 at depth 2 = true}}
    %v = affine.load %m[%i floordiv 2] : memref<8xf32>
    // expected-remark@above {{dependence from 1 to 0 at depth 1 = [1, 15]}}
    // expected-remark@above {{dependence from 1 to 0 at depth 2 = false}}
    // expected-remark@above {{dependence from 1 to 1 at depth 1 = false}}
    // expected-remark@above {{dependence from 1 to 1 at depth 2 = false}}
  }
  return
}
