// RUN: lamina-opt --allow-unregistered-dialect %s -split-input-file -test-memref-bound-check -verify-diagnostics -o /dev/null
//
// test-memref-bound-check: accesses whose region may reach past a static dimension or below zero, through mods and floordivs.
// The expected diagnostics are those mlir-opt 22 emits on these inputs.

func.func @bounds(%n: index) {
  %A = memref.alloc() : memref<10x20xf32>
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 21 {
      %v = affine.load %A[%i, %j] : memref<10x20xf32>
      // expected-error@above {{'affine.load' op memref out of upper bound access along dimension #2}}
      %w = affine.load %A[%i - 1, %j mod 20] : memref<10x20xf32>
      // expected-error@above {{'affine.load' op memref out of lower bound access along dimension #1}}
      affine.store %v, %A[%i floordiv 2, (%j + 3) floordiv 2] : memref<10x20xf32>
    }
  }
  return
}
