// Graph regions impose no order between definitions and uses: module
// bodies, and single-block regions of unregistered ops (which might be
// graph regions). Multi-block regions always follow SSA dominance.
// RUN: lamina-opt --allow-unregistered-dialect %s | FileCheck %s

// CHECK: "t.use"(%[[V:.*]]) : (i32) -> ()
// CHECK: %[[V]] = "t.def"() : () -> i32
"t.use"(%0) : (i32) -> ()
%0 = "t.def"() : () -> i32

// CHECK: "t.graph"() ({
// CHECK: %[[A:.*]] = "t.op"(%[[A]], %[[B:.*]]) : (i64, i64) -> i64
// CHECK: %[[B]] = "t.op"(%[[A]]) : (i64) -> i64
"t.graph"() ({
  %1 = "t.op"(%1, %2) : (i64, i64) -> i64
  %2 = "t.op"(%1) : (i64) -> i64
}) : () -> ()
