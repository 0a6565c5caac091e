// inline: calls are inlined bottom-up over the call graph's SCCs, callables
// simplified first with the optimization pipeline; private callees whose
// last call is inlined are moved and erased. Check lines:
// utils/update-mlir-checks.py.
// RUN: lamina-opt --allow-unregistered-dialect -inline < %s | FileCheck %s
// RUN: lamina-opt --allow-unregistered-dialect -inline --mlir-disable-threading < %s | FileCheck %s
// RUN: lamina-opt --allow-unregistered-dialect '-inline=default-pipeline=' < %s | FileCheck %s --check-prefix=NOOPT
// RUN: lamina-opt --allow-unregistered-dialect '-inline=default-pipeline=' -mlir-print-debuginfo -mlir-print-local-scope < %s | FileCheck %s --check-prefix=LOC
// RUN: lamina-opt --allow-unregistered-dialect '-inline=op-pipelines=func.func(cse) max-iterations=1' < %s | FileCheck %s --check-prefix=OPS
// RUN: lamina-opt --allow-unregistered-dialect '-inline=inlining-threshold=50 default-pipeline=' < %s | FileCheck %s --check-prefix=THRESHOLD

func.func private @add_twice(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %0, %a : i32
  return %1 : i32
}

func.func @public_callee(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %a, %c0 : i32
  return %0 : i32
}

func.func private @select_block(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %a : i32
^bb2:
  %0 = arith.muli %b, %b : i32 loc("in_bb2")
  return %0 : i32
}

func.func @caller(%x: i32, %c: i1) -> (i32, i32, i32) {
  %0 = call @add_twice(%x) : (i32) -> i32
  %1 = call @public_callee(%0) : (i32) -> i32
  %2 = call @select_block(%c, %0, %1) : (i1, i32, i32) -> i32 loc("call_site")
  %3 = call @public_callee(%2) : (i32) -> i32
  return %1, %2, %3 : i32, i32, i32
}

func.func private @single_use(%a: i32) -> i32 {
  %0 = arith.muli %a, %a : i32
  return %0 : i32
}

func.func @in_regions(%x: i32, %c: i1, %m: memref<8xi32>) -> i32 {
  %0 = scf.if %c -> (i32) {
    %1 = func.call @single_use(%x) : (i32) -> i32
    scf.yield %1 : i32
  } else {
    scf.yield %x : i32
  }
  affine.for %i = 0 to 8 {
    %2 = func.call @public_callee(%0) : (i32) -> i32
    affine.store %2, %m[%i] : memref<8xi32>
  }
  return %0 : i32
}

func.func @recursive(%a: i32) -> i32 {
  %0 = call @recursive(%a) : (i32) -> i32
  return %0 : i32
}

func.func @mutual_a(%a: i32) -> i32 {
  %0 = call @mutual_b(%a) : (i32) -> i32
  return %0 : i32
}
func.func @mutual_b(%a: i32) -> i32 {
  %0 = call @mutual_a(%a) : (i32) -> i32
  return %0 : i32
}

func.func private @not_inlined(%a: i32) -> i32 attributes {no_inline} {
  return %a : i32
}

func.func @no_inline_calls(%a: i32) -> (i32, i32) {
  %0 = call @not_inlined(%a) : (i32) -> i32
  %1 = call @add_twice(%a) {no_inline} : (i32) -> i32
  return %0, %1 : i32, i32
}

func.func private @unknown_op(%a: i32) -> i32 {
  %0 = "foo.op"(%a) : (i32) -> i32
  return %0 : i32
}

func.func @indirect(%a: i32) -> (i32, i32) {
  %f = constant @add_twice : (i32) -> i32
  %0 = call_indirect %f(%a) : (i32) -> i32
  %1 = call @unknown_op(%0) : (i32) -> i32
  return %0, %1 : i32, i32
}

func.func private @dead_private(%a: i32) -> i32 {
  %0 = call @add_twice(%a) : (i32) -> i32
  return %0 : i32
}

// GEN: --allow-unregistered-dialect -inline
// CHECK: module {
// CHECK-NEXT:   func.func private @add_twice(%arg0: i32) -> i32 {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:     %1 = arith.addi %0, %arg0 : i32
// CHECK-NEXT:     return %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @public_callee(%arg0: i32) -> i32 {
// CHECK-NEXT:     return %arg0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @caller(%arg0: i32, %arg1: i1) -> (i32, i32, i32) {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:     %1 = arith.addi %0, %arg0 : i32
// CHECK-NEXT:     cf.cond_br %arg1, ^bb2(%1 : i32), ^bb1
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     %2 = arith.muli %1, %1 : i32
// CHECK-NEXT:     cf.br ^bb2(%2 : i32)
// CHECK-NEXT:   ^bb2(%3: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:     return %1, %3, %3 : i32, i32, i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @in_regions(%arg0: i32, %arg1: i1, %arg2: memref<8xi32>) -> i32 {
// CHECK-NEXT:     %0 = scf.if %arg1 -> (i32) {
// CHECK-NEXT:       %1 = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:       scf.yield %1 : i32
// CHECK-NEXT:     } else {
// CHECK-NEXT:       scf.yield %arg0 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     affine.for %arg3 = 0 to 8 {
// CHECK-NEXT:       affine.store %0, %arg2[%arg3] : memref<8xi32>
// CHECK-NEXT:     }
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @recursive(%arg0: i32) -> i32 {
// CHECK-NEXT:     %0 = call @recursive(%arg0) : (i32) -> i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @mutual_a(%arg0: i32) -> i32 {
// CHECK-NEXT:     %0 = call @mutual_b(%arg0) : (i32) -> i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @mutual_b(%arg0: i32) -> i32 {
// CHECK-NEXT:     %0 = call @mutual_a(%arg0) : (i32) -> i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func private @not_inlined(%arg0: i32) -> i32 attributes {no_inline} {
// CHECK-NEXT:     return %arg0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @no_inline_calls(%arg0: i32) -> (i32, i32) {
// CHECK-NEXT:     %0 = call @not_inlined(%arg0) : (i32) -> i32
// CHECK-NEXT:     %1 = call @add_twice(%arg0) {no_inline} : (i32) -> i32
// CHECK-NEXT:     return %0, %1 : i32, i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func private @unknown_op(%arg0: i32) -> i32 {
// CHECK-NEXT:     %0 = "foo.op"(%arg0) : (i32) -> i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @indirect(%arg0: i32) -> (i32, i32) {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:     %1 = arith.addi %0, %arg0 : i32
// CHECK-NEXT:     %2 = call @unknown_op(%1) : (i32) -> i32
// CHECK-NEXT:     return %1, %2 : i32, i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
// GEN-NOOPT: --allow-unregistered-dialect -inline=default-pipeline=
// NOOPT: module {
// NOOPT-NEXT:   func.func private @add_twice(%arg0: i32) -> i32 {
// NOOPT-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// NOOPT-NEXT:     %1 = arith.addi %0, %arg0 : i32
// NOOPT-NEXT:     return %1 : i32
// NOOPT-NEXT:   }
// NOOPT-NEXT:   func.func @public_callee(%arg0: i32) -> i32 {
// NOOPT-NEXT:     %c0_i32 = arith.constant 0 : i32
// NOOPT-NEXT:     %0 = arith.addi %arg0, %c0_i32 : i32
// NOOPT-NEXT:     return %0 : i32
// NOOPT-NEXT:   }
// NOOPT-NEXT:   func.func @caller(%arg0: i32, %arg1: i1) -> (i32, i32, i32) {
// NOOPT-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// NOOPT-NEXT:     %1 = arith.addi %0, %arg0 : i32
// NOOPT-NEXT:     %c0_i32 = arith.constant 0 : i32
// NOOPT-NEXT:     %2 = arith.addi %1, %c0_i32 : i32
// NOOPT-NEXT:     cf.cond_br %arg1, ^bb1, ^bb2
// NOOPT-NEXT:   ^bb1:  // pred: ^bb0
// NOOPT-NEXT:     cf.br ^bb3(%1 : i32)
// NOOPT-NEXT:   ^bb2:  // pred: ^bb0
// NOOPT-NEXT:     %3 = arith.muli %2, %2 : i32
// NOOPT-NEXT:     cf.br ^bb3(%3 : i32)
// NOOPT-NEXT:   ^bb3(%4: i32):  // 2 preds: ^bb1, ^bb2
// NOOPT-NEXT:     %c0_i32_0 = arith.constant 0 : i32
// NOOPT-NEXT:     %5 = arith.addi %4, %c0_i32_0 : i32
// NOOPT-NEXT:     return %2, %4, %5 : i32, i32, i32
// NOOPT-NEXT:   }
// NOOPT-NEXT:   func.func @in_regions(%arg0: i32, %arg1: i1, %arg2: memref<8xi32>) -> i32 {
// NOOPT-NEXT:     %0 = scf.if %arg1 -> (i32) {
// NOOPT-NEXT:       %1 = arith.muli %arg0, %arg0 : i32
// NOOPT-NEXT:       scf.yield %1 : i32
// NOOPT-NEXT:     } else {
// NOOPT-NEXT:       scf.yield %arg0 : i32
// NOOPT-NEXT:     }
// NOOPT-NEXT:     affine.for %arg3 = 0 to 8 {
// NOOPT-NEXT:       %c0_i32 = arith.constant 0 : i32
// NOOPT-NEXT:       %1 = arith.addi %0, %c0_i32 : i32
// NOOPT-NEXT:       affine.store %1, %arg2[%arg3] : memref<8xi32>
// NOOPT-NEXT:     }
// NOOPT-NEXT:     return %0 : i32
// NOOPT-NEXT:   }
// NOOPT-NEXT:   func.func @recursive(%arg0: i32) -> i32 {
// NOOPT-NEXT:     %0 = call @recursive(%arg0) : (i32) -> i32
// NOOPT-NEXT:     return %0 : i32
// NOOPT-NEXT:   }
// NOOPT-NEXT:   func.func @mutual_a(%arg0: i32) -> i32 {
// NOOPT-NEXT:     %0 = call @mutual_b(%arg0) : (i32) -> i32
// NOOPT-NEXT:     return %0 : i32
// NOOPT-NEXT:   }
// NOOPT-NEXT:   func.func @mutual_b(%arg0: i32) -> i32 {
// NOOPT-NEXT:     %0 = call @mutual_a(%arg0) : (i32) -> i32
// NOOPT-NEXT:     return %0 : i32
// NOOPT-NEXT:   }
// NOOPT-NEXT:   func.func private @not_inlined(%arg0: i32) -> i32 attributes {no_inline} {
// NOOPT-NEXT:     return %arg0 : i32
// NOOPT-NEXT:   }
// NOOPT-NEXT:   func.func @no_inline_calls(%arg0: i32) -> (i32, i32) {
// NOOPT-NEXT:     %0 = call @not_inlined(%arg0) : (i32) -> i32
// NOOPT-NEXT:     %1 = call @add_twice(%arg0) {no_inline} : (i32) -> i32
// NOOPT-NEXT:     return %0, %1 : i32, i32
// NOOPT-NEXT:   }
// NOOPT-NEXT:   func.func private @unknown_op(%arg0: i32) -> i32 {
// NOOPT-NEXT:     %0 = "foo.op"(%arg0) : (i32) -> i32
// NOOPT-NEXT:     return %0 : i32
// NOOPT-NEXT:   }
// NOOPT-NEXT:   func.func @indirect(%arg0: i32) -> (i32, i32) {
// NOOPT-NEXT:     %f = constant @add_twice : (i32) -> i32
// NOOPT-NEXT:     %0 = call_indirect %f(%arg0) : (i32) -> i32
// NOOPT-NEXT:     %1 = call @unknown_op(%0) : (i32) -> i32
// NOOPT-NEXT:     return %0, %1 : i32, i32
// NOOPT-NEXT:   }
// NOOPT-NEXT: }
// GEN-LOC: --allow-unregistered-dialect -inline=default-pipeline= -mlir-print-debuginfo -mlir-print-local-scope
// LOC: module {
// LOC-NEXT:   func.func private @add_twice(%arg0: i32 loc("<stdin>":12:30)) -> i32 {
// LOC-NEXT:     %0 = arith.addi %arg0, %arg0 : i32 loc("<stdin>":13:8)
// LOC-NEXT:     %1 = arith.addi %0, %arg0 : i32 loc("<stdin>":14:8)
// LOC-NEXT:     return %1 : i32 loc("<stdin>":15:3)
// LOC-NEXT:   } loc("<stdin>":12:1)
// LOC-NEXT:   func.func @public_callee(%arg0: i32 loc("<stdin>":18:26)) -> i32 {
// LOC-NEXT:     %c0_i32 = arith.constant 0 : i32 loc("<stdin>":19:9)
// LOC-NEXT:     %0 = arith.addi %arg0, %c0_i32 : i32 loc("<stdin>":20:8)
// LOC-NEXT:     return %0 : i32 loc("<stdin>":21:3)
// LOC-NEXT:   } loc("<stdin>":18:1)
// LOC-NEXT:   func.func @caller(%arg0: i32 loc("<stdin>":33:19), %arg1: i1 loc("<stdin>":33:28)) -> (i32, i32, i32) {
// LOC-NEXT:     %0 = arith.addi %arg0, %arg0 : i32 loc(callsite("<stdin>":13:8 at "<stdin>":34:8))
// LOC-NEXT:     %1 = arith.addi %0, %arg0 : i32 loc(callsite("<stdin>":14:8 at "<stdin>":34:8))
// LOC-NEXT:     %c0_i32 = arith.constant 0 : i32 loc(callsite("<stdin>":19:9 at "<stdin>":35:8))
// LOC-NEXT:     %2 = arith.addi %1, %c0_i32 : i32 loc(callsite("<stdin>":20:8 at "<stdin>":35:8))
// LOC-NEXT:     cf.cond_br %arg1, ^bb1, ^bb2 loc(callsite("<stdin>":25:3 at "call_site"))
// LOC-NEXT:   ^bb1:  // pred: ^bb0
// LOC-NEXT:     cf.br ^bb3(%1 : i32) loc(callsite("<stdin>":27:3 at "call_site"))
// LOC-NEXT:   ^bb2:  // pred: ^bb0
// LOC-NEXT:     %3 = arith.muli %2, %2 : i32 loc(callsite("in_bb2" at "call_site"))
// LOC-NEXT:     cf.br ^bb3(%3 : i32) loc(callsite("<stdin>":30:3 at "call_site"))
// LOC-NEXT:   ^bb3(%4: i32 loc("call_site")):  // 2 preds: ^bb1, ^bb2
// LOC-NEXT:     %c0_i32_0 = arith.constant 0 : i32 loc(callsite("<stdin>":19:9 at "<stdin>":37:8))
// LOC-NEXT:     %5 = arith.addi %4, %c0_i32_0 : i32 loc(callsite("<stdin>":20:8 at "<stdin>":37:8))
// LOC-NEXT:     return %2, %4, %5 : i32, i32, i32 loc("<stdin>":38:3)
// LOC-NEXT:   } loc("<stdin>":33:1)
// LOC-NEXT:   func.func @in_regions(%arg0: i32 loc("<stdin>":46:23), %arg1: i1 loc("<stdin>":46:32), %arg2: memref<8xi32> loc("<stdin>":46:40)) -> i32 {
// LOC-NEXT:     %0 = scf.if %arg1 -> (i32) {
// LOC-NEXT:       %1 = arith.muli %arg0, %arg0 : i32 loc(callsite("<stdin>":42:8 at "<stdin>":48:10))
// LOC-NEXT:       scf.yield %1 : i32 loc("<stdin>":49:5)
// LOC-NEXT:     } else {
// LOC-NEXT:       scf.yield %arg0 : i32 loc("<stdin>":51:5)
// LOC-NEXT:     } loc("<stdin>":47:8)
// LOC-NEXT:     affine.for %arg3 loc("<stdin>":53:14) = 0 to 8 {
// LOC-NEXT:       %c0_i32 = arith.constant 0 : i32 loc(callsite("<stdin>":19:9 at "<stdin>":54:10))
// LOC-NEXT:       %1 = arith.addi %0, %c0_i32 : i32 loc(callsite("<stdin>":20:8 at "<stdin>":54:10))
// LOC-NEXT:       affine.store %1, %arg2[%arg3] : memref<8xi32> loc("<stdin>":55:5)
// LOC-NEXT:     } loc("<stdin>":53:3)
// LOC-NEXT:     return %0 : i32 loc("<stdin>":57:3)
// LOC-NEXT:   } loc("<stdin>":46:1)
// LOC-NEXT:   func.func @recursive(%arg0: i32 loc("<stdin>":60:22)) -> i32 {
// LOC-NEXT:     %0 = call @recursive(%arg0) : (i32) -> i32 loc("<stdin>":61:8)
// LOC-NEXT:     return %0 : i32 loc("<stdin>":62:3)
// LOC-NEXT:   } loc("<stdin>":60:1)
// LOC-NEXT:   func.func @mutual_a(%arg0: i32 loc("<stdin>":65:21)) -> i32 {
// LOC-NEXT:     %0 = call @mutual_b(%arg0) : (i32) -> i32 loc("<stdin>":66:8)
// LOC-NEXT:     return %0 : i32 loc("<stdin>":67:3)
// LOC-NEXT:   } loc("<stdin>":65:1)
// LOC-NEXT:   func.func @mutual_b(%arg0: i32 loc("<stdin>":69:21)) -> i32 {
// LOC-NEXT:     %0 = call @mutual_a(%arg0) : (i32) -> i32 loc("<stdin>":70:8)
// LOC-NEXT:     return %0 : i32 loc("<stdin>":71:3)
// LOC-NEXT:   } loc("<stdin>":69:1)
// LOC-NEXT:   func.func private @not_inlined(%arg0: i32 loc("<stdin>":74:32)) -> i32 attributes {no_inline} {
// LOC-NEXT:     return %arg0 : i32 loc("<stdin>":75:3)
// LOC-NEXT:   } loc("<stdin>":74:1)
// LOC-NEXT:   func.func @no_inline_calls(%arg0: i32 loc("<stdin>":78:28)) -> (i32, i32) {
// LOC-NEXT:     %0 = call @not_inlined(%arg0) : (i32) -> i32 loc("<stdin>":79:8)
// LOC-NEXT:     %1 = call @add_twice(%arg0) {no_inline} : (i32) -> i32 loc("<stdin>":80:8)
// LOC-NEXT:     return %0, %1 : i32, i32 loc("<stdin>":81:3)
// LOC-NEXT:   } loc("<stdin>":78:1)
// LOC-NEXT:   func.func private @unknown_op(%arg0: i32 loc("<stdin>":84:31)) -> i32 {
// LOC-NEXT:     %0 = "foo.op"(%arg0) : (i32) -> i32 loc("<stdin>":85:8)
// LOC-NEXT:     return %0 : i32 loc("<stdin>":86:3)
// LOC-NEXT:   } loc("<stdin>":84:1)
// LOC-NEXT:   func.func @indirect(%arg0: i32 loc("<stdin>":89:21)) -> (i32, i32) {
// LOC-NEXT:     %f = constant @add_twice : (i32) -> i32 loc("<stdin>":90:8)
// LOC-NEXT:     %0 = call_indirect %f(%arg0) : (i32) -> i32 loc("<stdin>":91:8)
// LOC-NEXT:     %1 = call @unknown_op(%0) : (i32) -> i32 loc("<stdin>":92:8)
// LOC-NEXT:     return %0, %1 : i32, i32 loc("<stdin>":93:3)
// LOC-NEXT:   } loc("<stdin>":89:1)
// LOC-NEXT: } loc("<stdin>":0:0)
// GEN-OPS: --allow-unregistered-dialect "-inline=op-pipelines=func.func(cse) max-iterations=1"
// OPS: module {
// OPS-NEXT:   func.func private @add_twice(%arg0: i32) -> i32 {
// OPS-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// OPS-NEXT:     %1 = arith.addi %0, %arg0 : i32
// OPS-NEXT:     return %1 : i32
// OPS-NEXT:   }
// OPS-NEXT:   func.func @public_callee(%arg0: i32) -> i32 {
// OPS-NEXT:     %c0_i32 = arith.constant 0 : i32
// OPS-NEXT:     %0 = arith.addi %arg0, %c0_i32 : i32
// OPS-NEXT:     return %0 : i32
// OPS-NEXT:   }
// OPS-NEXT:   func.func @caller(%arg0: i32, %arg1: i1) -> (i32, i32, i32) {
// OPS-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// OPS-NEXT:     %1 = arith.addi %0, %arg0 : i32
// OPS-NEXT:     %c0_i32 = arith.constant 0 : i32
// OPS-NEXT:     %2 = arith.addi %1, %c0_i32 : i32
// OPS-NEXT:     cf.cond_br %arg1, ^bb1, ^bb2
// OPS-NEXT:   ^bb1:  // pred: ^bb0
// OPS-NEXT:     cf.br ^bb3(%1 : i32)
// OPS-NEXT:   ^bb2:  // pred: ^bb0
// OPS-NEXT:     %3 = arith.muli %2, %2 : i32
// OPS-NEXT:     cf.br ^bb3(%3 : i32)
// OPS-NEXT:   ^bb3(%4: i32):  // 2 preds: ^bb1, ^bb2
// OPS-NEXT:     %c0_i32_0 = arith.constant 0 : i32
// OPS-NEXT:     %5 = arith.addi %4, %c0_i32_0 : i32
// OPS-NEXT:     return %2, %4, %5 : i32, i32, i32
// OPS-NEXT:   }
// OPS-NEXT:   func.func @in_regions(%arg0: i32, %arg1: i1, %arg2: memref<8xi32>) -> i32 {
// OPS-NEXT:     %0 = scf.if %arg1 -> (i32) {
// OPS-NEXT:       %1 = arith.muli %arg0, %arg0 : i32
// OPS-NEXT:       scf.yield %1 : i32
// OPS-NEXT:     } else {
// OPS-NEXT:       scf.yield %arg0 : i32
// OPS-NEXT:     }
// OPS-NEXT:     affine.for %arg3 = 0 to 8 {
// OPS-NEXT:       %c0_i32 = arith.constant 0 : i32
// OPS-NEXT:       %1 = arith.addi %0, %c0_i32 : i32
// OPS-NEXT:       affine.store %1, %arg2[%arg3] : memref<8xi32>
// OPS-NEXT:     }
// OPS-NEXT:     return %0 : i32
// OPS-NEXT:   }
// OPS-NEXT:   func.func @recursive(%arg0: i32) -> i32 {
// OPS-NEXT:     %0 = call @recursive(%arg0) : (i32) -> i32
// OPS-NEXT:     return %0 : i32
// OPS-NEXT:   }
// OPS-NEXT:   func.func @mutual_a(%arg0: i32) -> i32 {
// OPS-NEXT:     %0 = call @mutual_b(%arg0) : (i32) -> i32
// OPS-NEXT:     return %0 : i32
// OPS-NEXT:   }
// OPS-NEXT:   func.func @mutual_b(%arg0: i32) -> i32 {
// OPS-NEXT:     %0 = call @mutual_a(%arg0) : (i32) -> i32
// OPS-NEXT:     return %0 : i32
// OPS-NEXT:   }
// OPS-NEXT:   func.func private @not_inlined(%arg0: i32) -> i32 attributes {no_inline} {
// OPS-NEXT:     return %arg0 : i32
// OPS-NEXT:   }
// OPS-NEXT:   func.func @no_inline_calls(%arg0: i32) -> (i32, i32) {
// OPS-NEXT:     %0 = call @not_inlined(%arg0) : (i32) -> i32
// OPS-NEXT:     %1 = call @add_twice(%arg0) {no_inline} : (i32) -> i32
// OPS-NEXT:     return %0, %1 : i32, i32
// OPS-NEXT:   }
// OPS-NEXT:   func.func private @unknown_op(%arg0: i32) -> i32 {
// OPS-NEXT:     %0 = "foo.op"(%arg0) : (i32) -> i32
// OPS-NEXT:     return %0 : i32
// OPS-NEXT:   }
// OPS-NEXT:   func.func @indirect(%arg0: i32) -> (i32, i32) {
// OPS-NEXT:     %f = constant @add_twice : (i32) -> i32
// OPS-NEXT:     %0 = call_indirect %f(%arg0) : (i32) -> i32
// OPS-NEXT:     %1 = call @unknown_op(%0) : (i32) -> i32
// OPS-NEXT:     return %0, %1 : i32, i32
// OPS-NEXT:   }
// OPS-NEXT: }
// GEN-THRESHOLD: --allow-unregistered-dialect "-inline=inlining-threshold=50 default-pipeline="
// THRESHOLD: module {
// THRESHOLD-NEXT:   func.func private @add_twice(%arg0: i32) -> i32 {
// THRESHOLD-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// THRESHOLD-NEXT:     %1 = arith.addi %0, %arg0 : i32
// THRESHOLD-NEXT:     return %1 : i32
// THRESHOLD-NEXT:   }
// THRESHOLD-NEXT:   func.func @public_callee(%arg0: i32) -> i32 {
// THRESHOLD-NEXT:     %c0_i32 = arith.constant 0 : i32
// THRESHOLD-NEXT:     %0 = arith.addi %arg0, %c0_i32 : i32
// THRESHOLD-NEXT:     return %0 : i32
// THRESHOLD-NEXT:   }
// THRESHOLD-NEXT:   func.func private @select_block(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// THRESHOLD-NEXT:     cf.cond_br %arg0, ^bb1, ^bb2
// THRESHOLD-NEXT:   ^bb1:  // pred: ^bb0
// THRESHOLD-NEXT:     return %arg1 : i32
// THRESHOLD-NEXT:   ^bb2:  // pred: ^bb0
// THRESHOLD-NEXT:     %0 = arith.muli %arg2, %arg2 : i32
// THRESHOLD-NEXT:     return %0 : i32
// THRESHOLD-NEXT:   }
// THRESHOLD-NEXT:   func.func @caller(%arg0: i32, %arg1: i1) -> (i32, i32, i32) {
// THRESHOLD-NEXT:     %0 = call @add_twice(%arg0) : (i32) -> i32
// THRESHOLD-NEXT:     %1 = call @public_callee(%0) : (i32) -> i32
// THRESHOLD-NEXT:     %2 = call @select_block(%arg1, %0, %1) : (i1, i32, i32) -> i32
// THRESHOLD-NEXT:     %3 = call @public_callee(%2) : (i32) -> i32
// THRESHOLD-NEXT:     return %1, %2, %3 : i32, i32, i32
// THRESHOLD-NEXT:   }
// THRESHOLD-NEXT:   func.func @in_regions(%arg0: i32, %arg1: i1, %arg2: memref<8xi32>) -> i32 {
// THRESHOLD-NEXT:     %0 = scf.if %arg1 -> (i32) {
// THRESHOLD-NEXT:       %1 = arith.muli %arg0, %arg0 : i32
// THRESHOLD-NEXT:       scf.yield %1 : i32
// THRESHOLD-NEXT:     } else {
// THRESHOLD-NEXT:       scf.yield %arg0 : i32
// THRESHOLD-NEXT:     }
// THRESHOLD-NEXT:     affine.for %arg3 = 0 to 8 {
// THRESHOLD-NEXT:       %c0_i32 = arith.constant 0 : i32
// THRESHOLD-NEXT:       %1 = arith.addi %0, %c0_i32 : i32
// THRESHOLD-NEXT:       affine.store %1, %arg2[%arg3] : memref<8xi32>
// THRESHOLD-NEXT:     }
// THRESHOLD-NEXT:     return %0 : i32
// THRESHOLD-NEXT:   }
// THRESHOLD-NEXT:   func.func @recursive(%arg0: i32) -> i32 {
// THRESHOLD-NEXT:     %0 = call @recursive(%arg0) : (i32) -> i32
// THRESHOLD-NEXT:     return %0 : i32
// THRESHOLD-NEXT:   }
// THRESHOLD-NEXT:   func.func @mutual_a(%arg0: i32) -> i32 {
// THRESHOLD-NEXT:     %0 = call @mutual_b(%arg0) : (i32) -> i32
// THRESHOLD-NEXT:     return %0 : i32
// THRESHOLD-NEXT:   }
// THRESHOLD-NEXT:   func.func @mutual_b(%arg0: i32) -> i32 {
// THRESHOLD-NEXT:     %0 = call @mutual_a(%arg0) : (i32) -> i32
// THRESHOLD-NEXT:     return %0 : i32
// THRESHOLD-NEXT:   }
// THRESHOLD-NEXT:   func.func private @not_inlined(%arg0: i32) -> i32 attributes {no_inline} {
// THRESHOLD-NEXT:     return %arg0 : i32
// THRESHOLD-NEXT:   }
// THRESHOLD-NEXT:   func.func @no_inline_calls(%arg0: i32) -> (i32, i32) {
// THRESHOLD-NEXT:     %0 = call @not_inlined(%arg0) : (i32) -> i32
// THRESHOLD-NEXT:     %1 = call @add_twice(%arg0) {no_inline} : (i32) -> i32
// THRESHOLD-NEXT:     return %0, %1 : i32, i32
// THRESHOLD-NEXT:   }
// THRESHOLD-NEXT:   func.func private @unknown_op(%arg0: i32) -> i32 {
// THRESHOLD-NEXT:     %0 = "foo.op"(%arg0) : (i32) -> i32
// THRESHOLD-NEXT:     return %0 : i32
// THRESHOLD-NEXT:   }
// THRESHOLD-NEXT:   func.func @indirect(%arg0: i32) -> (i32, i32) {
// THRESHOLD-NEXT:     %f = constant @add_twice : (i32) -> i32
// THRESHOLD-NEXT:     %0 = call_indirect %f(%arg0) : (i32) -> i32
// THRESHOLD-NEXT:     %1 = call @unknown_op(%0) : (i32) -> i32
// THRESHOLD-NEXT:     return %0, %1 : i32, i32
// THRESHOLD-NEXT:   }
// THRESHOLD-NEXT: }
