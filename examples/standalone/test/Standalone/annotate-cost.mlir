// RUN: standalone-opt %s --standalone-annotate-cost | FileCheck %s
// RUN: standalone-opt %s --pass-pipeline='builtin.module(standalone-annotate-cost{per-op=true})' | FileCheck %s --check-prefix=PER-OP
// RUN: standalone-opt %s --standalone-annotate-cost --mlir-pass-statistics 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS

// Costs come from LaneCostOpInterface: splat and add cost one per lane,
// extract one; ops without the interface cost nothing.
// CHECK-LABEL: func.func @costs
// CHECK-SAME: attributes {standalone.cost = #standalone.cost<13>}
// PER-OP-LABEL: func.func @costs
// PER-OP-SAME: attributes {standalone.cost = #standalone.cost<13>}
// PER-OP:   standalone.splat %arg0 {standalone.cost = #standalone.cost<4>}
// PER-OP:   standalone.add %0, %1 {standalone.cost = #standalone.cost<4>}
// PER-OP:   standalone.extract %2[1] {standalone.cost = #standalone.cost<1>}
// PER-OP:   arith.addi %3, %3 : i32
// PER-OP-NOT: standalone.cost
// PER-OP: return
func.func @costs(%x: i32, %y: i32) -> i32 {
  %a = standalone.splat %x : !standalone.lanes<4, i32>
  %b = standalone.splat %y : !standalone.lanes<4, i32>
  %s = standalone.add %a, %b : !standalone.lanes<4, i32>
  %e = standalone.extract %s[1] : !standalone.lanes<4, i32>
  %r = arith.addi %e, %e : i32
  return %r : i32
}

// Nested regions count too.
// CHECK-LABEL: func.func @nested
// CHECK-SAME: attributes {standalone.cost = #standalone.cost<2>}
func.func @nested(%c: i1, %x: i8) {
  scf.if %c {
    %v = standalone.splat %x : !standalone.lanes<2, i8>
  }
  return
}

// STATS: AnnotateCost
// STATS: (S) 5 num-costed-ops - Number of operations with a cost
