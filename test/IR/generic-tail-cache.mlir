// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %s | FileCheck %s
// RUN: lamina-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %S/Inputs/generic-tail-cache-invalid.mlir

// The parser remembers the text after a generic op's operand (or region)
// list up to the end of the line -- properties, attributes, function type --
// and reuses its parse when the same text comes again. These ops repeat
// tails in every position where reuse could go wrong: a trailing location
// on the same or the next line, a comment, two ops on a line, a type over
// two lines, a tail after a region list. Expected output from mlir-opt.

"test.a"() <{p = 1 : i32}> : () -> i32
"test.a"() <{p = 1 : i32}> : () -> i32
%0 = "test.b"() {z = 2, a = 1} : () -> (i32) // a comment
%1 = "test.b"() {z = 2, a = 1} : () -> (i32) // a comment
"test.c"(%0) : (i32) -> ()
"test.c"(%1) : (i32) -> () loc("here":3:4)
"test.c"(%1) : (i32) -> ()
loc("next":5:6)
"test.c"(%1) : (i32) -> ()
"test.r"() ({
  "test.c"(%0) : (i32) -> ()
}) : () -> ()
"test.r"() <{p = 1 : i32}> ({
  "test.c"(%0) : (i32) -> ()
}) {q} : () -> ()
"test.r"() ({
  "test.c"(%0) : (i32) -> ()
}) {q} : () -> ()
"test.d"(%0) : (i32
  ) -> ()
"test.d"(%0) : (i32
  ) -> ()
"test.c"(%0) : (i32) -> () "test.c"(%0) : (i32) -> ()
"test.c"(%0) : (i32) -> () "test.c"(%0) : (i32) -> ()

// CHECK: "builtin.module"() ({
// CHECK-NEXT:   %0 = "test.a"() <{p = 1 : i32}> : () -> i32 loc(#loc1)
// CHECK-NEXT:   %1 = "test.a"() <{p = 1 : i32}> : () -> i32 loc(#loc2)
// CHECK-NEXT:   %2 = "test.b"() {a = 1 : i64, z = 2 : i64} : () -> i32 loc(#loc3)
// CHECK-NEXT:   %3 = "test.b"() {a = 1 : i64, z = 2 : i64} : () -> i32 loc(#loc4)
// CHECK-NEXT:   "test.c"(%2) : (i32) -> () loc(#loc5)
// CHECK-NEXT:   "test.c"(%3) : (i32) -> () loc(#loc6)
// CHECK-NEXT:   "test.c"(%3) : (i32) -> () loc(#loc7)
// CHECK-NEXT:   "test.c"(%3) : (i32) -> () loc(#loc8)
// CHECK-NEXT:   "test.r"() ({
// CHECK-NEXT:     "test.c"(%2) : (i32) -> () loc(#loc10)
// CHECK-NEXT:   }) : () -> () loc(#loc9)
// CHECK-NEXT:   "test.r"() <{p = 1 : i32}> ({
// CHECK-NEXT:     "test.c"(%2) : (i32) -> () loc(#loc12)
// CHECK-NEXT:   }) {q} : () -> () loc(#loc11)
// CHECK-NEXT:   "test.r"() ({
// CHECK-NEXT:     "test.c"(%2) : (i32) -> () loc(#loc14)
// CHECK-NEXT:   }) {q} : () -> () loc(#loc13)
// CHECK-NEXT:   "test.d"(%2) : (i32) -> () loc(#loc15)
// CHECK-NEXT:   "test.d"(%2) : (i32) -> () loc(#loc16)
// CHECK-NEXT:   "test.c"(%2) : (i32) -> () loc(#loc17)
// CHECK-NEXT:   "test.c"(%2) : (i32) -> () loc(#loc18)
// CHECK-NEXT:   "test.c"(%2) : (i32) -> () loc(#loc19)
// CHECK-NEXT:   "test.c"(%2) : (i32) -> () loc(#loc20)
// CHECK-NEXT: }) : () -> () loc(#loc)
// CHECK-NEXT: #loc = loc("{{.*}}generic-tail-cache.mlir":0:0)
// CHECK-NEXT: #loc1 = loc("{{.*}}generic-tail-cache.mlir":11:1)
// CHECK-NEXT: #loc2 = loc("{{.*}}generic-tail-cache.mlir":12:1)
// CHECK-NEXT: #loc3 = loc("{{.*}}generic-tail-cache.mlir":13:6)
// CHECK-NEXT: #loc4 = loc("{{.*}}generic-tail-cache.mlir":14:6)
// CHECK-NEXT: #loc5 = loc("{{.*}}generic-tail-cache.mlir":15:1)
// CHECK-NEXT: #loc6 = loc("here":3:4)
// CHECK-NEXT: #loc7 = loc("next":5:6)
// CHECK-NEXT: #loc8 = loc("{{.*}}generic-tail-cache.mlir":19:1)
// CHECK-NEXT: #loc9 = loc("{{.*}}generic-tail-cache.mlir":20:1)
// CHECK-NEXT: #loc10 = loc("{{.*}}generic-tail-cache.mlir":21:3)
// CHECK-NEXT: #loc11 = loc("{{.*}}generic-tail-cache.mlir":23:1)
// CHECK-NEXT: #loc12 = loc("{{.*}}generic-tail-cache.mlir":24:3)
// CHECK-NEXT: #loc13 = loc("{{.*}}generic-tail-cache.mlir":26:1)
// CHECK-NEXT: #loc14 = loc("{{.*}}generic-tail-cache.mlir":27:3)
// CHECK-NEXT: #loc15 = loc("{{.*}}generic-tail-cache.mlir":29:1)
// CHECK-NEXT: #loc16 = loc("{{.*}}generic-tail-cache.mlir":31:1)
// CHECK-NEXT: #loc17 = loc("{{.*}}generic-tail-cache.mlir":33:1)
// CHECK-NEXT: #loc18 = loc("{{.*}}generic-tail-cache.mlir":33:28)
// CHECK-NEXT: #loc19 = loc("{{.*}}generic-tail-cache.mlir":34:1)
// CHECK-NEXT: #loc20 = loc("{{.*}}generic-tail-cache.mlir":34:28)
