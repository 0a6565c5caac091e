// SSA names are computed per top-level operation when it is printed (and
// top-level operations may be printed in parallel): the numbering must be
// the one of the whole module, in every mode.
// RUN: lamina-opt --allow-unregistered-dialect %s | FileCheck %s --check-prefix=CUSTOM
// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-unique-ssa-ids %s | FileCheck %s --check-prefix=UNIQUE
// RUN: lamina-opt --allow-unregistered-dialect %s > %t.par
// RUN: lamina-opt --allow-unregistered-dialect --mlir-disable-threading %s > %t.seq
// RUN: diff %t.par %t.seq
// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %s > %t.par
// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo --mlir-disable-threading %s > %t.seq
// RUN: diff %t.par %t.seq

// Many functions (printed by several threads) must print as one thread does.
// RUN: %python %S/Inputs/gen-many-ops.py module > %t.many.mlir
// RUN: lamina-opt --allow-unregistered-dialect %t.many.mlir > %t.par
// RUN: lamina-opt --allow-unregistered-dialect --mlir-disable-threading %t.many.mlir > %t.seq
// RUN: diff %t.par %t.seq
// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic %t.many.mlir > %t.par
// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-disable-threading %t.many.mlir > %t.seq
// RUN: diff %t.par %t.seq

// Module-level values are numbered before the nested regions, which
// continue from there.
// CUSTOM:      %0 = "test.a"() : () -> i32
// CUSTOM:        %2 = "test.b"(%0) : (i32) -> i32
// CUSTOM:          "test.use"(%2, %0) : (i32, i32) -> ()
// CUSTOM:      func.func @f(%arg0: index) -> index {
// CUSTOM-NEXT:   %c0 = arith.constant 0 : index
// CUSTOM-NEXT:   %c0_0 = arith.constant 0 : index
// CUSTOM-NEXT:   %2 = scf.for %arg1 = %c0 to %arg0 step %c0_0 iter_args(%arg2 = %arg0) -> (index) {
// CUSTOM-NEXT:     %c0_1 = arith.constant 0 : index
// CUSTOM-NEXT:     %4 = arith.addi %arg2, %c0_1 : index
// CUSTOM:        cf.br ^bb1(%2 : index)
// CUSTOM-NEXT: ^bb1(%3: index):  // pred: ^bb0
// CUSTOM:      func.func @g(%arg0: index) -> index {
// CUSTOM-NEXT:   %c0 = arith.constant 0 : index
// CUSTOM-NEXT:   %2:2 = "test.two"() : () -> (index, index)
// CUSTOM-NEXT:   %3 = arith.addi %2#1, %c0 : index
// CUSTOM:      %1 = "test.c"(%0) : (i32) -> i32

// Unique ids: the subtrees are numbered last to first.
// GENERIC:     %0 = "test.a"() : () -> i32
// GENERIC:       %11 = "test.b"(%0) : (i32) -> i32
// GENERIC:       ^bb0(%arg1: index):
// GENERIC-NEXT:    %5 = "arith.constant"()
// GENERIC:         %7 = "scf.for"(%5, %arg1, %6, %arg1) ({
// GENERIC-NEXT:    ^bb0(%arg2: index, %arg3: index):
// GENERIC-NEXT:      %9 = "arith.constant"()
// GENERIC:       ^bb1(%8: index):  // pred: ^bb0
// GENERIC:       ^bb0(%arg0: index):
// GENERIC-NEXT:    %2 = "arith.constant"()
// GENERIC-NEXT:    %3:2 = "test.two"() : () -> (index, index)
// GENERIC-NEXT:    %4 = "arith.addi"(%3#1, %2)
// GENERIC:       %1 = "test.c"(%0) : (i32) -> i32

// UNIQUE:      %c0_0 = arith.constant 0 : index
// UNIQUE:      %c0_1 = arith.constant 0 : index
// UNIQUE:      func.func @g(%arg0: index) -> index {
// UNIQUE-NEXT:   %c0 = arith.constant 0 : index

%0 = "test.a"() : () -> i32
"test.region"() ({
  %1 = "test.b"(%0) : (i32) -> i32
  "test.region"() ({
    "test.use"(%1, %0) : (i32, i32) -> ()
  }) : () -> ()
}) : () -> ()
func.func @f(%arg0: index) -> index {
  %c0 = arith.constant 0 : index
  %c0_0 = arith.constant 0 : index
  %r = scf.for %i = %c0 to %arg0 step %c0_0 iter_args(%a = %arg0) -> (index) {
    %c0_1 = arith.constant 0 : index
    %s = arith.addi %a, %c0_1 : index
    scf.yield %s : index
  }
  cf.br ^bb1(%r : index)
^bb1(%x: index):
  return %x : index
}
func.func @g(%arg0: index) -> index {
  %c0 = arith.constant 0 : index
  %2:2 = "test.two"() : () -> (index, index)
  %s = arith.addi %2#1, %c0 : index
  return %s : index
}
%3 = "test.c"(%0) : (i32) -> i32
