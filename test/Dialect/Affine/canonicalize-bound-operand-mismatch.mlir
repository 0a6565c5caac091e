// RUN: lamina-opt %s --canonicalize --cse | FileCheck %s
// A loop bound whose map has more inputs than the loop has operands for it
// (the generic form lets it through the verifier; mlir-opt 22 crashes on
// canonicalize here): folding and composition leave it as it is instead of
// reading past the operands.

// CHECK: #[[MAP:.*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @bound_operand_mismatch
// CHECK: affine.for %{{.*}} = #[[MAP]]() to 11 {
// CHECK-NEXT: affine.store
func.func @bound_operand_mismatch() {
  %alloc = memref.alloc() : memref<100xf32>
  %cst = arith.constant 7.000000e+00 : f32
  "affine.for"() <{lowerBoundMap = affine_map<(d0) -> (d0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (11)>}> ({
  ^bb0(%i: index):
    "affine.store"(%cst, %alloc, %i) <{map = affine_map<(d0) -> (d0 + 3)>}> : (f32, memref<100xf32>, index) -> ()
    "affine.yield"() : () -> ()
  }) : () -> ()
  return
}
