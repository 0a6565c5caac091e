// inline with threads simplifies every callable once, in parallel, before
// the bottom-up walk, when that gives what the walk gives (the walk would
// simplify each callable first, untouched until then). The output must be
// mlir-opt's, with and without threads. In the second module a callable is
// named other than by a call (func.constant): simplifying @caller makes a
// direct call to @late before the walk simplified @late, whose unsimplified
// body is too large for the threshold; nothing is simplified ahead there.
// The CHECK lines are mlir-opt's output (utils/update-mlir-checks.py).
// RUN: lamina-opt --inline --split-input-file %s | FileCheck %s
// RUN: lamina-opt --inline --split-input-file --mlir-disable-threading %s | FileCheck %s
// RUN: lamina-opt '--inline=inlining-threshold=100' --split-input-file %s | FileCheck %s --check-prefix=THRESHOLD
// RUN: lamina-opt '--inline=inlining-threshold=100' --split-input-file --mlir-disable-threading %s | FileCheck %s --check-prefix=THRESHOLD
func.func private @leaf(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %r = arith.addi %a, %c0 : i32
  return %r : i32
}
func.func private @mid(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %m = arith.muli %a, %c1 : i32
  %r = call @leaf(%m) : (i32) -> i32
  %s = arith.addi %r, %r : i32
  return %s : i32
}
func.func private @once(%a: i32) -> i32 {
  %t = arith.constant true
  %r = scf.if %t -> (i32) {
    scf.yield %a : i32
  } else {
    %z = arith.constant 0 : i32
    scf.yield %z : i32
  }
  return %r : i32
}
func.func private @rec(%a: i32) -> i32 {
  %r = call @rec(%a) : (i32) -> i32
  return %r : i32
}
func.func @f1(%a: i32) -> i32 {
  %x = arith.subi %a, %a : i32
  %y = arith.addi %a, %x : i32
  %r = call @mid(%y) : (i32) -> i32
  %o = call @once(%r) : (i32) -> i32
  return %o : i32
}
func.func @f2(%a: i32) -> i32 {
  %r = call @mid(%a) : (i32) -> i32
  %l = call @leaf(%r) : (i32) -> i32
  %q = call @rec(%l) : (i32) -> i32
  return %q : i32
}
func.func @f3(%a: i32) -> i32 {
  %r = call @f2(%a) : (i32) -> i32
  %s = call @f1(%r) : (i32) -> i32
  return %s : i32
}

// -----

func.func @caller(%a: i32) -> i32 {
  %f = func.constant @late : (i32) -> i32
  %r = func.call_indirect %f(%a) : (i32) -> i32
  return %r : i32
}
func.func private @late(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = arith.addi %a, %c0 : i32
  %s = arith.muli %r, %c1 : i32
  %t = arith.addi %s, %c0 : i32
  %u = arith.muli %t, %c1 : i32
  %v = arith.addi %u, %c0 : i32
  %w = arith.muli %v, %v : i32
  return %w : i32
}
func.func @other(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %r = arith.muli %a, %c1 : i32
  return %r : i32
}

// The CHECK lines come last: the split markers in them end the input.
// GEN: --inline --split-input-file
// CHECK: module {
// CHECK-NEXT:   func.func private @rec(%arg0: i32) -> i32 {
// CHECK-NEXT:     %0 = call @rec(%arg0) : (i32) -> i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @f1(%arg0: i32) -> i32 {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @f2(%arg0: i32) -> i32 {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:     %1 = call @rec(%0) : (i32) -> i32
// CHECK-NEXT:     return %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @f3(%arg0: i32) -> i32 {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:     %1 = call @rec(%0) : (i32) -> i32
// CHECK-NEXT:     %2 = arith.addi %1, %1 : i32
// CHECK-NEXT:     return %2 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // -----
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @caller(%arg0: i32) -> i32 {
// CHECK-NEXT:     %0 = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @other(%arg0: i32) -> i32 {
// CHECK-NEXT:     return %arg0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
// GEN-THRESHOLD: --inline=inlining-threshold=100 --split-input-file
// THRESHOLD: module {
// THRESHOLD-NEXT:   func.func private @rec(%arg0: i32) -> i32 {
// THRESHOLD-NEXT:     %0 = call @rec(%arg0) : (i32) -> i32
// THRESHOLD-NEXT:     return %0 : i32
// THRESHOLD-NEXT:   }
// THRESHOLD-NEXT:   func.func @f1(%arg0: i32) -> i32 {
// THRESHOLD-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// THRESHOLD-NEXT:     return %0 : i32
// THRESHOLD-NEXT:   }
// THRESHOLD-NEXT:   func.func @f2(%arg0: i32) -> i32 {
// THRESHOLD-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// THRESHOLD-NEXT:     %1 = call @rec(%0) : (i32) -> i32
// THRESHOLD-NEXT:     return %1 : i32
// THRESHOLD-NEXT:   }
// THRESHOLD-NEXT:   func.func @f3(%arg0: i32) -> i32 {
// THRESHOLD-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// THRESHOLD-NEXT:     %1 = call @rec(%0) : (i32) -> i32
// THRESHOLD-NEXT:     %2 = arith.addi %1, %1 : i32
// THRESHOLD-NEXT:     return %2 : i32
// THRESHOLD-NEXT:   }
// THRESHOLD-NEXT: }
// THRESHOLD-EMPTY:
// THRESHOLD-NEXT: // -----
// THRESHOLD-NEXT: module {
// THRESHOLD-NEXT:   func.func @caller(%arg0: i32) -> i32 {
// THRESHOLD-NEXT:     %0 = call @late(%arg0) : (i32) -> i32
// THRESHOLD-NEXT:     return %0 : i32
// THRESHOLD-NEXT:   }
// THRESHOLD-NEXT:   func.func private @late(%arg0: i32) -> i32 {
// THRESHOLD-NEXT:     %0 = arith.muli %arg0, %arg0 : i32
// THRESHOLD-NEXT:     return %0 : i32
// THRESHOLD-NEXT:   }
// THRESHOLD-NEXT:   func.func @other(%arg0: i32) -> i32 {
// THRESHOLD-NEXT:     return %arg0 : i32
// THRESHOLD-NEXT:   }
// THRESHOLD-NEXT: }
