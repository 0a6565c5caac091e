// vector.outerproduct prints its attributes only when it has an accumulator
// (a non-default kind without one is dropped, as mlir-opt does).
// RUN: lamina-opt %s | FileCheck %s
// RUN: lamina-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// Check lines are mlir-opt's output (utils/update-mlir-checks.py):
// GEN:
// CHECK: module {
// CHECK-NEXT:   func.func @outerproduct(%arg0: vector<4xf32>, %arg1: f32, %arg2: vector<4xf32>, %arg3: vector<4x4xf32>) {
// CHECK-NEXT:     %0 = vector.outerproduct %arg0, %arg1 : vector<4xf32>, f32
// CHECK-NEXT:     %1 = vector.outerproduct %arg0, %arg1 : vector<4xf32>, f32
// CHECK-NEXT:     %2 = vector.outerproduct %arg0, %arg1, %arg2 {kind = #vector.kind<add>} : vector<4xf32>, f32
// CHECK-NEXT:     %3 = vector.outerproduct %arg0, %arg0 : vector<4xf32>, vector<4xf32>
// CHECK-NEXT:     %4 = vector.outerproduct %arg0, %arg0, %arg3 {foo = 1 : i64, kind = #vector.kind<mul>} : vector<4xf32>, vector<4xf32>
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
// GEN-GENERIC: --mlir-print-op-generic
// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "func.func"() <{function_type = (vector<4xf32>, f32, vector<4xf32>, vector<4x4xf32>) -> (), sym_name = "outerproduct"}> ({
// GENERIC-NEXT:   ^bb0(%arg0: vector<4xf32>, %arg1: f32, %arg2: vector<4xf32>, %arg3: vector<4x4xf32>):
// GENERIC-NEXT:     %0 = "vector.outerproduct"(%arg0, %arg1) <{kind = #vector.kind<maxnumf>}> : (vector<4xf32>, f32) -> vector<4xf32>
// GENERIC-NEXT:     %1 = "vector.outerproduct"(%arg0, %arg1) <{kind = #vector.kind<add>}> {foo = 1 : i64} : (vector<4xf32>, f32) -> vector<4xf32>
// GENERIC-NEXT:     %2 = "vector.outerproduct"(%arg0, %arg1, %arg2) <{kind = #vector.kind<add>}> : (vector<4xf32>, f32, vector<4xf32>) -> vector<4xf32>
// GENERIC-NEXT:     %3 = "vector.outerproduct"(%arg0, %arg0) <{kind = #vector.kind<add>}> {foo = 1 : i64} : (vector<4xf32>, vector<4xf32>) -> vector<4x4xf32>
// GENERIC-NEXT:     %4 = "vector.outerproduct"(%arg0, %arg0, %arg3) <{kind = #vector.kind<mul>}> {foo = 1 : i64} : (vector<4xf32>, vector<4xf32>, vector<4x4xf32>) -> vector<4x4xf32>
// GENERIC-NEXT:     "func.return"() : () -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()

func.func @outerproduct(%v: vector<4xf32>, %f: f32, %a: vector<4xf32>, %m: vector<4x4xf32>) {
  %0 = vector.outerproduct %v, %f {kind = #vector.kind<maxnumf>} : vector<4xf32>, f32
  %1 = vector.outerproduct %v, %f {foo = 1} : vector<4xf32>, f32
  %2 = vector.outerproduct %v, %f, %a : vector<4xf32>, f32
  %3 = vector.outerproduct %v, %v {foo = 1} : vector<4xf32>, vector<4xf32>
  %4 = vector.outerproduct %v, %v, %m {foo = 1, kind = #vector.kind<mul>} : vector<4xf32>, vector<4xf32>
  return
}
