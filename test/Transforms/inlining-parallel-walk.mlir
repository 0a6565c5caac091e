// inline with threads visits the SCCs of the call graph in parallel where
// they share nothing (neither callables nor callees, callees' callees
// included); an SCC waits for every earlier SCC that reaches a callable it
// reaches, so each sees what the sequential walk shows it. Here @a, @b and
// @c share @leaf and @mid: @a clones @leaf, @b then moves what is left of
// it (@leaf is erased) and @c moves @mid; @rec is recursive and stays;
// @only has one caller. When the simplification fails, only the first
// SCC's error is said, as the sequential walk stops there. The output must
// be mlir-opt's with and without threads.
// RUN: lamina-opt --inline %s | FileCheck %s
// RUN: lamina-opt --inline --mlir-disable-threading %s | FileCheck %s
// RUN: lamina-opt --inline=default-pipeline= %s | FileCheck %s --check-prefix=NOSIMPLIFY
// RUN: lamina-opt --inline=default-pipeline= --mlir-disable-threading %s | FileCheck %s --check-prefix=NOSIMPLIFY
// RUN: not lamina-opt '--inline=default-pipeline=test-pass-failure{gen-diagnostics}' < %s 2>&1 | FileCheck %s --check-prefix=FAIL
// RUN: not lamina-opt '--inline=default-pipeline=test-pass-failure{gen-diagnostics}' --mlir-disable-threading < %s 2>&1 | FileCheck %s --check-prefix=FAIL
// is not inlined stays.
func.func private @leaf(%x: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %r = arith.muli %x, %c2 : i32
  return %r : i32
}
func.func private @mid(%x: i32) -> i32 {
  %a = call @leaf(%x) : (i32) -> i32
  %c1 = arith.constant 1 : i32
  %r = arith.addi %a, %c1 : i32
  return %r : i32
}
func.func @a(%x: i32) -> i32 {
  %r = call @leaf(%x) : (i32) -> i32
  return %r : i32
}
func.func @b(%x: i32) -> i32 {
  %r = call @mid(%x) : (i32) -> i32
  %s = call @leaf(%r) : (i32) -> i32
  return %s : i32
}
func.func @c(%x: i32) -> i32 {
  %r = call @mid(%x) : (i32) -> i32
  return %r : i32
}
func.func private @rec(%x: i32) -> i32 {
  %r = call @rec(%x) : (i32) -> i32
  return %r : i32
}
func.func @d(%x: i32) -> i32 {
  %r = call @rec(%x) : (i32) -> i32
  %c0 = arith.constant 0 : i32
  %s = arith.addi %r, %c0 : i32
  return %s : i32
}
func.func private @only(%x: i32) -> i32 {
  %r = arith.subi %x, %x : i32
  return %r : i32
}
func.func @e(%x: i32) -> i32 {
  %r = call @only(%x) : (i32) -> i32
  return %r : i32
}

// The expected outputs, after the input so that its line numbers are those
// mlir-opt reports.
// GEN: --inline
// CHECK: module {
// CHECK-NEXT:   func.func @a(%arg0: i32) -> i32 {
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     %0 = arith.muli %arg0, %c2_i32 : i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @b(%arg0: i32) -> i32 {
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     %0 = arith.muli %arg0, %c2_i32 : i32
// CHECK-NEXT:     %1 = arith.addi %0, %c1_i32 : i32
// CHECK-NEXT:     %2 = arith.muli %1, %c2_i32 : i32
// CHECK-NEXT:     return %2 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @c(%arg0: i32) -> i32 {
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     %0 = arith.muli %arg0, %c2_i32 : i32
// CHECK-NEXT:     %1 = arith.addi %0, %c1_i32 : i32
// CHECK-NEXT:     return %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func private @rec(%arg0: i32) -> i32 {
// CHECK-NEXT:     %0 = call @rec(%arg0) : (i32) -> i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @d(%arg0: i32) -> i32 {
// CHECK-NEXT:     %0 = call @rec(%arg0) : (i32) -> i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @e(%arg0: i32) -> i32 {
// CHECK-NEXT:     %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:     return %c0_i32 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }

// GEN-NOSIMPLIFY: --inline=default-pipeline=
// NOSIMPLIFY: module {
// NOSIMPLIFY-NEXT:   func.func @a(%arg0: i32) -> i32 {
// NOSIMPLIFY-NEXT:     %c2_i32 = arith.constant 2 : i32
// NOSIMPLIFY-NEXT:     %0 = arith.muli %arg0, %c2_i32 : i32
// NOSIMPLIFY-NEXT:     return %0 : i32
// NOSIMPLIFY-NEXT:   }
// NOSIMPLIFY-NEXT:   func.func @b(%arg0: i32) -> i32 {
// NOSIMPLIFY-NEXT:     %c2_i32 = arith.constant 2 : i32
// NOSIMPLIFY-NEXT:     %0 = arith.muli %arg0, %c2_i32 : i32
// NOSIMPLIFY-NEXT:     %c1_i32 = arith.constant 1 : i32
// NOSIMPLIFY-NEXT:     %1 = arith.addi %0, %c1_i32 : i32
// NOSIMPLIFY-NEXT:     %c2_i32_0 = arith.constant 2 : i32
// NOSIMPLIFY-NEXT:     %2 = arith.muli %1, %c2_i32_0 : i32
// NOSIMPLIFY-NEXT:     return %2 : i32
// NOSIMPLIFY-NEXT:   }
// NOSIMPLIFY-NEXT:   func.func @c(%arg0: i32) -> i32 {
// NOSIMPLIFY-NEXT:     %c2_i32 = arith.constant 2 : i32
// NOSIMPLIFY-NEXT:     %0 = arith.muli %arg0, %c2_i32 : i32
// NOSIMPLIFY-NEXT:     %c1_i32 = arith.constant 1 : i32
// NOSIMPLIFY-NEXT:     %1 = arith.addi %0, %c1_i32 : i32
// NOSIMPLIFY-NEXT:     return %1 : i32
// NOSIMPLIFY-NEXT:   }
// NOSIMPLIFY-NEXT:   func.func private @rec(%arg0: i32) -> i32 {
// NOSIMPLIFY-NEXT:     %0 = call @rec(%arg0) : (i32) -> i32
// NOSIMPLIFY-NEXT:     return %0 : i32
// NOSIMPLIFY-NEXT:   }
// NOSIMPLIFY-NEXT:   func.func @d(%arg0: i32) -> i32 {
// NOSIMPLIFY-NEXT:     %0 = call @rec(%arg0) : (i32) -> i32
// NOSIMPLIFY-NEXT:     %c0_i32 = arith.constant 0 : i32
// NOSIMPLIFY-NEXT:     %1 = arith.addi %0, %c0_i32 : i32
// NOSIMPLIFY-NEXT:     return %1 : i32
// NOSIMPLIFY-NEXT:   }
// NOSIMPLIFY-NEXT:   func.func @e(%arg0: i32) -> i32 {
// NOSIMPLIFY-NEXT:     %0 = arith.subi %arg0, %arg0 : i32
// NOSIMPLIFY-NEXT:     return %0 : i32
// NOSIMPLIFY-NEXT:   }
// NOSIMPLIFY-NEXT: }

// GENERR-FAIL: '--inline=default-pipeline=test-pass-failure{gen-diagnostics}'
// FAIL: <stdin>:17:1: error: illegal operation
// FAIL-NEXT: func.func private @leaf(%x: i32) -> i32 {
// FAIL-NEXT: ^
