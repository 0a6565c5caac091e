// mem2reg: loads and stores of memref.alloca slots of one element become
// SSA values (ub.poison before any store), with block arguments where
// several stores reach a block (the iterated dominance frontier of the
// storing blocks, pruned to where the slot is live); slots used in other
// ways, in nested regions or in graph regions stay. Run on a function and
// on the module (whose walk finds the allocas of every function).
// Check lines: utils/update-mlir-checks.py.
// RUN: lamina-opt --pass-pipeline='builtin.module(func.func(mem2reg))' < %s | FileCheck %s
// RUN: lamina-opt -mem2reg < %s | FileCheck %s --check-prefix=MOD
// RUN: lamina-opt --pass-pipeline='builtin.module(func.func(mem2reg))' --mlir-print-debuginfo < %s | FileCheck %s --check-prefix=LOC

func.func private @use(memref<i32>)
func.func private @usev(i32)

func.func @diamond(%c: i1, %v: i32, %w: i32) -> i32 {
  %a = memref.alloca() : memref<i32> loc("slot")
  cf.cond_br %c, ^t, ^f
^t:
  memref.store %v, %a[] : memref<i32>
  cf.br ^j
^f:
  cf.br ^j
^j:
  %x = memref.load %a[] : memref<i32>
  memref.store %w, %a[] : memref<i32>
  %y = memref.load %a[] : memref<i32>
  %s = arith.addi %x, %y : i32
  return %s : i32
}

func.func @loop(%c: i1, %v: i32) -> i32 {
  %k0 = arith.constant 0 : index
  %a = memref.alloca() : memref<1x1xi32>
  memref.store %v, %a[%k0, %k0] : memref<1x1xi32>
  cf.br ^h
^h:
  %x = memref.load %a[%k0, %k0] : memref<1x1xi32>
  %n = arith.addi %x, %v : i32
  memref.store %n, %a[%k0, %k0] : memref<1x1xi32>
  cf.cond_br %c, ^h, ^e
^e:
  %r = memref.load %a[%k0, %k0] : memref<1x1xi32>
  return %r : i32
^dead:
  memref.store %v, %a[%k0, %k0] : memref<1x1xi32>
  cf.br ^h
}

// Loaded before any store: poison. The second slot escapes to a call; the
// third is used in a nested region.
func.func @kept(%c: i1, %v: i32) -> i32 {
  %a = memref.alloca() : memref<i32>
  %b = memref.alloca() : memref<i32>
  %d = memref.alloca() : memref<i32>
  %x = memref.load %a[] : memref<i32>
  memref.store %x, %b[] : memref<i32>
  func.call @use(%b) : (memref<i32>) -> ()
  scf.if %c {
    memref.store %v, %d[] : memref<i32>
  }
  %y = memref.load %d[] : memref<i32>
  return %y : i32
}

// A slot holding a slot: promoting the outer one makes the inner promotable.
func.func @nested_slots(%v: f32) -> f32 {
  %outer = memref.alloca() : memref<memref<f32>>
  %inner = memref.alloca() : memref<f32>
  memref.store %v, %inner[] : memref<f32>
  memref.store %inner, %outer[] : memref<memref<f32>>
  %p = memref.load %outer[] : memref<memref<f32>>
  %r = memref.load %p[] : memref<f32>
  return %r : f32
}

// Allocas inside a region are promoted within it.
func.func @in_region(%c: i1, %v: i32) {
  scf.if %c {
    %a = memref.alloca() : memref<i32>
    memref.store %v, %a[] : memref<i32>
    %x = memref.load %a[] : memref<i32>
    func.call @usev(%x) : (i32) -> ()
  }
  return
}

// An allocator of several slots (test dialect): each promoted slot leaves
// an allocator of the others; the escaping one stays.
func.func @multi_slot() -> (i32, i32, i32) {
  %1, %2, %3 = test.multi_slot_alloca : () -> (memref<i32>, memref<i32>, memref<i32>)
  func.call @use(%2) : (memref<i32>) -> ()
  %x = memref.load %1[] : memref<i32>
  %y = memref.load %2[] : memref<i32>
  %z = memref.load %3[] : memref<i32>
  return %x, %y, %z : i32, i32, i32
}

// GEN: --pass-pipeline=builtin.module(func.func(mem2reg))
// CHECK: module {
// CHECK-NEXT:   func.func private @use(memref<i32>)
// CHECK-NEXT:   func.func private @usev(i32)
// CHECK-NEXT:   func.func @diamond(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT:     %0 = ub.poison : i32
// CHECK-NEXT:     cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     cf.br ^bb3(%arg1 : i32)
// CHECK-NEXT:   ^bb2:  // pred: ^bb0
// CHECK-NEXT:     cf.br ^bb3(%0 : i32)
// CHECK-NEXT:   ^bb3(%1: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:     %2 = arith.addi %1, %arg2 : i32
// CHECK-NEXT:     return %2 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @loop(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT:     %0 = ub.poison : i32
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     cf.br ^bb1(%arg1 : i32)
// CHECK-NEXT:   ^bb1(%1: i32):  // 3 preds: ^bb0, ^bb1, ^bb3
// CHECK-NEXT:     %2 = arith.addi %1, %arg1 : i32
// CHECK-NEXT:     cf.cond_br %arg0, ^bb1(%2 : i32), ^bb2
// CHECK-NEXT:   ^bb2:  // pred: ^bb1
// CHECK-NEXT:     return %2 : i32
// CHECK-NEXT:   ^bb3:  // no predecessors
// CHECK-NEXT:     cf.br ^bb1(%0 : i32)
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @kept(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT:     %0 = ub.poison : i32
// CHECK-NEXT:     %alloca = memref.alloca() : memref<i32>
// CHECK-NEXT:     %alloca_0 = memref.alloca() : memref<i32>
// CHECK-NEXT:     memref.store %0, %alloca[] : memref<i32>
// CHECK-NEXT:     call @use(%alloca) : (memref<i32>) -> ()
// CHECK-NEXT:     scf.if %arg0 {
// CHECK-NEXT:       memref.store %arg1, %alloca_0[] : memref<i32>
// CHECK-NEXT:     }
// CHECK-NEXT:     %1 = memref.load %alloca_0[] : memref<i32>
// CHECK-NEXT:     return %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @nested_slots(%arg0: f32) -> f32 {
// CHECK-NEXT:     return %arg0 : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @in_region(%arg0: i1, %arg1: i32) {
// CHECK-NEXT:     scf.if %arg0 {
// CHECK-NEXT:       func.call @usev(%arg1) : (i32) -> ()
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @multi_slot() -> (i32, i32, i32) {
// CHECK-NEXT:     %0 = "test.constant"() <{value = 42 : i32}> : () -> i32
// CHECK-NEXT:     %1 = "test.constant"() <{value = 42 : i32}> : () -> i32
// CHECK-NEXT:     %2 = test.multi_slot_alloca : () -> memref<i32>
// CHECK-NEXT:     call @use(%2) : (memref<i32>) -> ()
// CHECK-NEXT:     %3 = memref.load %2[] : memref<i32>
// CHECK-NEXT:     return %1, %3, %0 : i32, i32, i32
// CHECK-NEXT:   }
// CHECK-NEXT: }

// GEN-MOD: -mem2reg
// MOD: module {
// MOD-NEXT:   func.func private @use(memref<i32>)
// MOD-NEXT:   func.func private @usev(i32)
// MOD-NEXT:   func.func @diamond(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// MOD-NEXT:     %0 = ub.poison : i32
// MOD-NEXT:     cf.cond_br %arg0, ^bb1, ^bb2
// MOD-NEXT:   ^bb1:  // pred: ^bb0
// MOD-NEXT:     cf.br ^bb3(%arg1 : i32)
// MOD-NEXT:   ^bb2:  // pred: ^bb0
// MOD-NEXT:     cf.br ^bb3(%0 : i32)
// MOD-NEXT:   ^bb3(%1: i32):  // 2 preds: ^bb1, ^bb2
// MOD-NEXT:     %2 = arith.addi %1, %arg2 : i32
// MOD-NEXT:     return %2 : i32
// MOD-NEXT:   }
// MOD-NEXT:   func.func @loop(%arg0: i1, %arg1: i32) -> i32 {
// MOD-NEXT:     %0 = ub.poison : i32
// MOD-NEXT:     %c0 = arith.constant 0 : index
// MOD-NEXT:     cf.br ^bb1(%arg1 : i32)
// MOD-NEXT:   ^bb1(%1: i32):  // 3 preds: ^bb0, ^bb1, ^bb3
// MOD-NEXT:     %2 = arith.addi %1, %arg1 : i32
// MOD-NEXT:     cf.cond_br %arg0, ^bb1(%2 : i32), ^bb2
// MOD-NEXT:   ^bb2:  // pred: ^bb1
// MOD-NEXT:     return %2 : i32
// MOD-NEXT:   ^bb3:  // no predecessors
// MOD-NEXT:     cf.br ^bb1(%0 : i32)
// MOD-NEXT:   }
// MOD-NEXT:   func.func @kept(%arg0: i1, %arg1: i32) -> i32 {
// MOD-NEXT:     %0 = ub.poison : i32
// MOD-NEXT:     %alloca = memref.alloca() : memref<i32>
// MOD-NEXT:     %alloca_0 = memref.alloca() : memref<i32>
// MOD-NEXT:     memref.store %0, %alloca[] : memref<i32>
// MOD-NEXT:     call @use(%alloca) : (memref<i32>) -> ()
// MOD-NEXT:     scf.if %arg0 {
// MOD-NEXT:       memref.store %arg1, %alloca_0[] : memref<i32>
// MOD-NEXT:     }
// MOD-NEXT:     %1 = memref.load %alloca_0[] : memref<i32>
// MOD-NEXT:     return %1 : i32
// MOD-NEXT:   }
// MOD-NEXT:   func.func @nested_slots(%arg0: f32) -> f32 {
// MOD-NEXT:     return %arg0 : f32
// MOD-NEXT:   }
// MOD-NEXT:   func.func @in_region(%arg0: i1, %arg1: i32) {
// MOD-NEXT:     scf.if %arg0 {
// MOD-NEXT:       func.call @usev(%arg1) : (i32) -> ()
// MOD-NEXT:     }
// MOD-NEXT:     return
// MOD-NEXT:   }
// MOD-NEXT:   func.func @multi_slot() -> (i32, i32, i32) {
// MOD-NEXT:     %0 = "test.constant"() <{value = 42 : i32}> : () -> i32
// MOD-NEXT:     %1 = "test.constant"() <{value = 42 : i32}> : () -> i32
// MOD-NEXT:     %2 = test.multi_slot_alloca : () -> memref<i32>
// MOD-NEXT:     call @use(%2) : (memref<i32>) -> ()
// MOD-NEXT:     %3 = memref.load %2[] : memref<i32>
// MOD-NEXT:     return %1, %3, %0 : i32, i32, i32
// MOD-NEXT:   }
// MOD-NEXT: }

// GEN-LOC: --pass-pipeline=builtin.module(func.func(mem2reg)) --mlir-print-debuginfo
// LOC: #loc4 = loc("<stdin>":15:20)
// LOC-NEXT: #loc5 = loc("<stdin>":15:28)
// LOC-NEXT: #loc6 = loc("<stdin>":15:37)
// LOC-NEXT: #loc7 = loc("slot")
// LOC-NEXT: #loc14 = loc("<stdin>":31:17)
// LOC-NEXT: #loc15 = loc("<stdin>":31:25)
// LOC-NEXT: #loc16 = loc("<stdin>":33:8)
// LOC-NEXT: #loc24 = loc("<stdin>":51:17)
// LOC-NEXT: #loc25 = loc("<stdin>":51:25)
// LOC-NEXT: #loc36 = loc("<stdin>":66:25)
// LOC-NEXT: #loc39 = loc("<stdin>":77:22)
// LOC-NEXT: #loc40 = loc("<stdin>":77:30)
// LOC-NEXT: module {
// LOC-NEXT:   func.func private @use(memref<i32>) loc(#loc1)
// LOC-NEXT:   func.func private @usev(i32) loc(#loc2)
// LOC-NEXT:   func.func @diamond(%arg0: i1 loc("<stdin>":15:20), %arg1: i32 loc("<stdin>":15:28), %arg2: i32 loc("<stdin>":15:37)) -> i32 {
// LOC-NEXT:     %0 = ub.poison : i32 loc(#loc7)
// LOC-NEXT:     cf.cond_br %arg0, ^bb1, ^bb2 loc(#loc8)
// LOC-NEXT:   ^bb1:  // pred: ^bb0
// LOC-NEXT:     cf.br ^bb3(%arg1 : i32) loc(#loc9)
// LOC-NEXT:   ^bb2:  // pred: ^bb0
// LOC-NEXT:     cf.br ^bb3(%0 : i32) loc(#loc10)
// LOC-NEXT:   ^bb3(%1: i32 loc("slot")):  // 2 preds: ^bb1, ^bb2
// LOC-NEXT:     %2 = arith.addi %1, %arg2 : i32 loc(#loc11)
// LOC-NEXT:     return %2 : i32 loc(#loc12)
// LOC-NEXT:   } loc(#loc3)
// LOC-NEXT:   func.func @loop(%arg0: i1 loc("<stdin>":31:17), %arg1: i32 loc("<stdin>":31:25)) -> i32 {
// LOC-NEXT:     %0 = ub.poison : i32 loc(#loc16)
// LOC-NEXT:     %c0 = arith.constant 0 : index loc(#loc17)
// LOC-NEXT:     cf.br ^bb1(%arg1 : i32) loc(#loc18)
// LOC-NEXT:   ^bb1(%1: i32 loc("<stdin>":33:8)):  // 3 preds: ^bb0, ^bb1, ^bb3
// LOC-NEXT:     %2 = arith.addi %1, %arg1 : i32 loc(#loc19)
// LOC-NEXT:     cf.cond_br %arg0, ^bb1(%2 : i32), ^bb2 loc(#loc20)
// LOC-NEXT:   ^bb2:  // pred: ^bb1
// LOC-NEXT:     return %2 : i32 loc(#loc21)
// LOC-NEXT:   ^bb3:  // no predecessors
// LOC-NEXT:     cf.br ^bb1(%0 : i32) loc(#loc22)
// LOC-NEXT:   } loc(#loc13)
// LOC-NEXT:   func.func @kept(%arg0: i1 loc("<stdin>":51:17), %arg1: i32 loc("<stdin>":51:25)) -> i32 {
// LOC-NEXT:     %0 = ub.poison : i32 loc(#loc26)
// LOC-NEXT:     %alloca = memref.alloca() : memref<i32> loc(#loc27)
// LOC-NEXT:     %alloca_0 = memref.alloca() : memref<i32> loc(#loc28)
// LOC-NEXT:     memref.store %0, %alloca[] : memref<i32> loc(#loc29)
// LOC-NEXT:     call @use(%alloca) : (memref<i32>) -> () loc(#loc30)
// LOC-NEXT:     scf.if %arg0 {
// LOC-NEXT:       memref.store %arg1, %alloca_0[] : memref<i32> loc(#loc32)
// LOC-NEXT:     } loc(#loc31)
// LOC-NEXT:     %1 = memref.load %alloca_0[] : memref<i32> loc(#loc33)
// LOC-NEXT:     return %1 : i32 loc(#loc34)
// LOC-NEXT:   } loc(#loc23)
// LOC-NEXT:   func.func @nested_slots(%arg0: f32 loc("<stdin>":66:25)) -> f32 {
// LOC-NEXT:     return %arg0 : f32 loc(#loc37)
// LOC-NEXT:   } loc(#loc35)
// LOC-NEXT:   func.func @in_region(%arg0: i1 loc("<stdin>":77:22), %arg1: i32 loc("<stdin>":77:30)) {
// LOC-NEXT:     scf.if %arg0 {
// LOC-NEXT:       func.call @usev(%arg1) : (i32) -> () loc(#loc42)
// LOC-NEXT:     } loc(#loc41)
// LOC-NEXT:     return loc(#loc43)
// LOC-NEXT:   } loc(#loc38)
// LOC-NEXT:   func.func @multi_slot() -> (i32, i32, i32) {
// LOC-NEXT:     %0 = "test.constant"() <{value = 42 : i32}> : () -> i32 loc(#loc45)
// LOC-NEXT:     %1 = "test.constant"() <{value = 42 : i32}> : () -> i32 loc(#loc45)
// LOC-NEXT:     %2 = test.multi_slot_alloca : () -> memref<i32> loc(#loc45)
// LOC-NEXT:     call @use(%2) : (memref<i32>) -> () loc(#loc46)
// LOC-NEXT:     %3 = memref.load %2[] : memref<i32> loc(#loc47)
// LOC-NEXT:     return %1, %3, %0 : i32, i32, i32 loc(#loc48)
// LOC-NEXT:   } loc(#loc44)
// LOC-NEXT: } loc(#loc)
// LOC-NEXT: #loc = loc("<stdin>":0:0)
// LOC-NEXT: #loc1 = loc("<stdin>":12:1)
// LOC-NEXT: #loc2 = loc("<stdin>":13:1)
// LOC-NEXT: #loc3 = loc("<stdin>":15:1)
// LOC-NEXT: #loc8 = loc("<stdin>":17:3)
// LOC-NEXT: #loc9 = loc("<stdin>":20:3)
// LOC-NEXT: #loc10 = loc("<stdin>":22:3)
// LOC-NEXT: #loc11 = loc("<stdin>":27:8)
// LOC-NEXT: #loc12 = loc("<stdin>":28:3)
// LOC-NEXT: #loc13 = loc("<stdin>":31:1)
// LOC-NEXT: #loc17 = loc("<stdin>":32:9)
// LOC-NEXT: #loc18 = loc("<stdin>":35:3)
// LOC-NEXT: #loc19 = loc("<stdin>":38:8)
// LOC-NEXT: #loc20 = loc("<stdin>":40:3)
// LOC-NEXT: #loc21 = loc("<stdin>":43:3)
// LOC-NEXT: #loc22 = loc("<stdin>":46:3)
// LOC-NEXT: #loc23 = loc("<stdin>":51:1)
// LOC-NEXT: #loc26 = loc("<stdin>":52:8)
// LOC-NEXT: #loc27 = loc("<stdin>":53:8)
// LOC-NEXT: #loc28 = loc("<stdin>":54:8)
// LOC-NEXT: #loc29 = loc("<stdin>":56:3)
// LOC-NEXT: #loc30 = loc("<stdin>":57:3)
// LOC-NEXT: #loc31 = loc("<stdin>":58:3)
// LOC-NEXT: #loc32 = loc("<stdin>":59:5)
// LOC-NEXT: #loc33 = loc("<stdin>":61:8)
// LOC-NEXT: #loc34 = loc("<stdin>":62:3)
// LOC-NEXT: #loc35 = loc("<stdin>":66:1)
// LOC-NEXT: #loc37 = loc("<stdin>":73:3)
// LOC-NEXT: #loc38 = loc("<stdin>":77:1)
// LOC-NEXT: #loc41 = loc("<stdin>":78:3)
// LOC-NEXT: #loc42 = loc("<stdin>":82:5)
// LOC-NEXT: #loc43 = loc("<stdin>":84:3)
// LOC-NEXT: #loc44 = loc("<stdin>":89:1)
// LOC-NEXT: #loc45 = loc("<stdin>":90:16)
// LOC-NEXT: #loc46 = loc("<stdin>":91:3)
// LOC-NEXT: #loc47 = loc("<stdin>":93:8)
// LOC-NEXT: #loc48 = loc("<stdin>":95:3)
