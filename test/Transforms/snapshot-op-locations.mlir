// snapshot-op-locations: each printed op gets the line and indentation where
// it starts in the printout (the file is /dev/null here), replacing its
// location or, with a tag, fused with it; elided terminators keep theirs.
// Check lines: utils/update-mlir-checks.py.
// RUN: lamina-opt -snapshot-op-locations=filename=/dev/null --mlir-print-debuginfo < %s | FileCheck %s
// RUN: lamina-opt -snapshot-op-locations="filename=/dev/null tag=snap print-op-generic" --mlir-print-debuginfo --mlir-print-local-scope < %s | FileCheck %s --check-prefix=TAG
// RUN: lamina-opt -p "builtin.module(func.func(snapshot-op-locations{filename=/dev/null print-debuginfo}))" --mlir-print-debuginfo < %s | FileCheck %s --check-prefix=NESTED

func.func @f(%a: i32, %b: i1) -> i32 {
  %0 = arith.addi %a, %a : i32
  scf.if %b {
    %1 = arith.muli %a, %a : i32
  }
  return %0 : i32
}

// GEN: -snapshot-op-locations=filename=/dev/null --mlir-print-debuginfo
// CHECK: #loc2 = loc("<stdin>":9:14)
// CHECK-NEXT: #loc3 = loc("<stdin>":9:23)
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @f(%arg0: i32 loc("<stdin>":9:14), %arg1: i1 loc("<stdin>":9:23)) -> i32 {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg0 : i32 loc(#loc4)
// CHECK-NEXT:     scf.if %arg1 {
// CHECK-NEXT:       %1 = arith.muli %arg0, %arg0 : i32 loc(#loc6)
// CHECK-NEXT:     } loc(#loc5)
// CHECK-NEXT:     return %0 : i32 loc(#loc7)
// CHECK-NEXT:   } loc(#loc1)
// CHECK-NEXT: } loc(#loc)
// CHECK-NEXT: #loc = loc("/dev/null":1:0)
// CHECK-NEXT: #loc1 = loc("/dev/null":2:2)
// CHECK-NEXT: #loc4 = loc("/dev/null":3:4)
// CHECK-NEXT: #loc5 = loc("/dev/null":4:4)
// CHECK-NEXT: #loc6 = loc("/dev/null":5:6)
// CHECK-NEXT: #loc7 = loc("/dev/null":7:4)
// GEN-TAG: -snapshot-op-locations="filename=/dev/null tag=snap print-op-generic" --mlir-print-debuginfo --mlir-print-local-scope
// TAG: module {
// TAG-NEXT:   func.func @f(%arg0: i32 loc("<stdin>":9:14), %arg1: i1 loc("<stdin>":9:23)) -> i32 {
// TAG-NEXT:     %0 = arith.addi %arg0, %arg0 : i32 loc(fused["<stdin>":10:8, "snap"("/dev/null":4:4)])
// TAG-NEXT:     scf.if %arg1 {
// TAG-NEXT:       %1 = arith.muli %arg0, %arg0 : i32 loc(fused["<stdin>":12:10, "snap"("/dev/null":6:6)])
// TAG-NEXT:     } loc(fused["<stdin>":11:3, "snap"("/dev/null":5:4)])
// TAG-NEXT:     return %0 : i32 loc(fused["<stdin>":14:3, "snap"("/dev/null":10:4)])
// TAG-NEXT:   } loc(fused["<stdin>":9:1, "snap"("/dev/null":2:2)])
// TAG-NEXT: } loc(fused["<stdin>":0:0, "snap"("/dev/null":1:0)])
// GEN-NESTED: -p "builtin.module(func.func(snapshot-op-locations{filename=/dev/null print-debuginfo}))" --mlir-print-debuginfo
// NESTED: #loc2 = loc("<stdin>":9:14)
// NESTED-NEXT: #loc3 = loc("<stdin>":9:23)
// NESTED-NEXT: module {
// NESTED-NEXT:   func.func @f(%arg0: i32 loc("<stdin>":9:14), %arg1: i1 loc("<stdin>":9:23)) -> i32 {
// NESTED-NEXT:     %0 = arith.addi %arg0, %arg0 : i32 loc(#loc4)
// NESTED-NEXT:     scf.if %arg1 {
// NESTED-NEXT:       %1 = arith.muli %arg0, %arg0 : i32 loc(#loc6)
// NESTED-NEXT:     } loc(#loc5)
// NESTED-NEXT:     return %0 : i32 loc(#loc7)
// NESTED-NEXT:   } loc(#loc1)
// NESTED-NEXT: } loc(#loc)
// NESTED-NEXT: #loc = loc("<stdin>":0:0)
// NESTED-NEXT: #loc1 = loc("/dev/null":1:0)
// NESTED-NEXT: #loc4 = loc("/dev/null":2:2)
// NESTED-NEXT: #loc5 = loc("/dev/null":3:2)
// NESTED-NEXT: #loc6 = loc("/dev/null":4:4)
// NESTED-NEXT: #loc7 = loc("/dev/null":6:2)
