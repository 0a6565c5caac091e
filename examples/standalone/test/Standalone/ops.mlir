// RUN: standalone-opt %s | standalone-opt | FileCheck %s
// RUN: standalone-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @ops(%arg0: i32, %arg1: i32) -> i32
// CHECK-NEXT:    %0 = standalone.splat %arg0 : !standalone.lanes<4, i32>
// CHECK-NEXT:    %1 = standalone.splat %arg1 : !standalone.lanes<4, i32>
// CHECK-NEXT:    %2 = standalone.add %0, %1 : !standalone.lanes<4, i32>
// CHECK-NEXT:    %3 = standalone.extract %2[3] : !standalone.lanes<4, i32>
// CHECK-NEXT:    return %3 : i32

// GENERIC:      %0 = "standalone.splat"(%arg0) : (i32) -> !standalone.lanes<4, i32>
// GENERIC:      %2 = "standalone.add"(%0, %1) : (!standalone.lanes<4, i32>, !standalone.lanes<4, i32>) -> !standalone.lanes<4, i32>
// GENERIC:      %3 = "standalone.extract"(%2) <{index = 3 : i64}> : (!standalone.lanes<4, i32>) -> i32
func.func @ops(%x: i32, %y: i32) -> i32 {
  %a = standalone.splat %x : !standalone.lanes<4, i32>
  %b = standalone.splat %y : !standalone.lanes<4, i32>
  %s = standalone.add %a, %b : !standalone.lanes<4, i32>
  %e = standalone.extract %s[3] : !standalone.lanes<4, i32>
  return %e : i32
}
