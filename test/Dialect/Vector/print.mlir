// vector.print with a string literal, a source and punctuation (the
// string literal's builtin StringAttr constraint prints as a string).
// RUN: lamina-opt %s | FileCheck %s
// RUN: lamina-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// Check lines are mlir-opt's output (utils/update-mlir-checks.py):
// GEN:
// CHECK: module {
// CHECK-NEXT:   func.func @print(%arg0: vector<4xf32>, %arg1: f32) {
// CHECK-NEXT:     vector.print str "Hello, World!"
// CHECK-NEXT:     vector.print str "x"
// CHECK-NEXT:     vector.print %arg0 : vector<4xf32>
// CHECK-NEXT:     vector.print %arg1 : f32 punctuation <comma>
// CHECK-NEXT:     vector.print punctuation <open>
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
// GEN-GENERIC: --mlir-print-op-generic
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "func.func"() <{function_type = (vector<4xf32>, f32) -> (), sym_name = "print"}> ({
// GENERIC-NEXT:   ^bb0(%arg0: vector<4xf32>, %arg1: f32):
// GENERIC-NEXT:     "vector.print"() <{punctuation = #vector.punctuation<newline>, stringLiteral = "Hello, World!"}> : () -> ()
// GENERIC-NEXT:     "vector.print"() <{punctuation = #vector.punctuation<newline>, stringLiteral = "x"}> : () -> ()
// GENERIC-NEXT:     "vector.print"(%arg0) <{punctuation = #vector.punctuation<newline>}> : (vector<4xf32>) -> ()
// GENERIC-NEXT:     "vector.print"(%arg1) <{punctuation = #vector.punctuation<comma>}> : (f32) -> ()
// GENERIC-NEXT:     "vector.print"() <{punctuation = #vector.punctuation<open>}> : () -> ()
// GENERIC-NEXT:     "func.return"() : () -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()

func.func @print(%v: vector<4xf32>, %f: f32) {
  vector.print str "Hello, World!"
  vector.print str "x" punctuation <newline>
  vector.print %v : vector<4xf32>
  vector.print %f : f32 punctuation <comma>
  vector.print punctuation <open>
  return
}
