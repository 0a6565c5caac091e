// RUN: lamina-opt --allow-unregistered-dialect %s -split-input-file -test-loop-fusion=test-loop-fusion-dependence-check -verify-diagnostics -o /dev/null
//
// test-loop-fusion=test-loop-fusion-dependence-check: loop nests whose fusion has no insertion point keeping the block's dependences (through memory, or a value defined between them).
// The expected remarks are those mlir-opt 22 emits on these inputs.

func.func @producer_consumer_with_cycle() {
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %cst = arith.constant 1.0 : f32
  affine.for %i = 0 to 16 {
  // expected-remark@above {{block-level dependence preventing fusion of loop nest 0 into loop nest 2 at depth 0}}
    affine.store %cst, %a[%i] : memref<16xf32>
  }
  affine.for %i = 0 to 16 {
    %v = affine.load %a[%i] : memref<16xf32>
    affine.store %v, %b[%i] : memref<16xf32>
  }
  affine.for %i = 0 to 16 {
  // expected-remark@above {{block-level dependence preventing fusion of loop nest 2 into loop nest 0 at depth 0}}
    %v = affine.load %b[%i] : memref<16xf32>
    affine.store %v, %a[%i] : memref<16xf32>
  }
  return
}

// -----

func.func @value_used_inside(%n: index) {
  %a = memref.alloc() : memref<16xf32>
  %cst = arith.constant 1.0 : f32
  affine.for %i = 0 to 16 {
  // expected-remark@above {{block-level dependence preventing fusion of loop nest 0 into loop nest 1 at depth 0}}
    affine.store %cst, %a[%i] : memref<16xf32>
  }
  %v = affine.load %a[%n] : memref<16xf32>
  affine.for %i = 0 to 16 {
  // expected-remark@above {{block-level dependence preventing fusion of loop nest 1 into loop nest 0 at depth 0}}
    affine.store %v, %a[%i] : memref<16xf32>
  }
  return
}
