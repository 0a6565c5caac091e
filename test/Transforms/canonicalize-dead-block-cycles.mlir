// RUN: lamina-opt %s --canonicalize | FileCheck %s
// Unreachable blocks that branch to themselves or to each other are erased
// (their branches to one another are dropped first; sanitizer builds assert
// that an erased block has no predecessors left). Expectations printed by
// mlir-opt.

// CHECK-LABEL: func.func @dead_cycles
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @dead_cycles() {
  cf.br ^exit
^self:
  cf.br ^self
^a:
  cf.br ^b
^b:
  cf.br ^a
^exit:
  return
}
