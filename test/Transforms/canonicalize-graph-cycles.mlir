// Use-def cycles in graph regions can make folders and patterns rewrite
// forever; mlir-opt does not return on either function below. The greedy
// driver stops after a budget of changes far above what terminating runs
// use, as not converged (an error only with test-convergence).
// RUN: lamina-opt --canonicalize %s | FileCheck %s
// RUN: lamina-opt --canonicalize --mlir-disable-threading %s | FileCheck %s
// RUN: lamina-opt --pass-pipeline='builtin.module(func.func(canonicalize{top-down=false}))' %s | FileCheck %s
// RUN: not lamina-opt --canonicalize=test-convergence %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=CONVERGE

// `x = addi x, c` reassociates with itself (addi(addi(x, c0), c1) ->
// addi(x, c0 + c1)), doubling the constant until it wraps to zero; then
// `x = addi x, 0` folds to itself.
// CHECK-LABEL: func.func @reassociates_with_itself()
// CHECK: test.graph_region {
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[X:.*]] = arith.addi %[[X]], %[[ZERO]] : i32
// CHECK: "test.terminator"(%[[X]]) : (i32) -> ()
func.func @reassociates_with_itself() {
  "test.graph_region"() ({
    %0 = arith.addi %0, %1 : i32
    %1 = arith.addi %2, %2 : i32
    %2 = arith.constant 5 : i32
    "test.terminator"(%0) : (i32) -> ()
  }) : () -> ()
  return
}

// CHECK-LABEL: func.func @folds_to_itself()
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: test.graph_region {
// CHECK-NEXT: %[[X:.*]] = arith.addi %[[X]], %[[ZERO]] : i32
// CHECK-NEXT: "test.terminator"(%[[X]]) : (i32) -> ()
func.func @folds_to_itself() {
  "test.graph_region"() ({
    %0 = arith.addi %0, %1 : i32
    %1 = arith.constant 0 : i32
    "test.terminator"(%0) : (i32) -> ()
  }) : () -> ()
  return
}

// CONVERGE: error: Canonicalizer failed to converge
