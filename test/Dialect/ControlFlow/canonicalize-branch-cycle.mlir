// RUN: lamina-opt %s --canonicalize --split-input-file | FileCheck %s

// A branch into a cycle of pass-through blocks is not retargeted around the
// cycle (that never ends); the cycle's own blocks merge (output from mlir-opt).
// CHECK-LABEL: func.func @entry_into_cycle
// CHECK-NEXT:    cf.br ^bb1
// CHECK-NEXT:  ^bb1:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:    cf.br ^bb1
// CHECK-NEXT:  }
func.func @entry_into_cycle() {
  cf.br ^bb0
^bb0:
  cf.br ^bb1
^bb1:
  cf.br ^bb0
}

// -----

// CHECK-LABEL: func.func @three_block_cycle
// CHECK-NEXT:    cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT:  ^bb1:  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT:    cf.br ^bb2
// CHECK-NEXT:  ^bb2:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:    cf.br ^bb1
// CHECK-NEXT:  }
func.func @three_block_cycle(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb2
^bb2:
  cf.br ^bb3
^bb3:
  cf.br ^bb1
}
