// RUN: standalone-opt %s --canonicalize | FileCheck %s

// The folder of standalone.extract: a lane of a splat is the splatted value.
// CHECK-LABEL: func.func @extract_of_splat(%arg0: i32) -> i32
// CHECK-NEXT:    return %arg0 : i32
func.func @extract_of_splat(%x: i32) -> i32 {
  %v = standalone.splat %x : !standalone.lanes<4, i32>
  %e = standalone.extract %v[2] : !standalone.lanes<4, i32>
  return %e : i32
}

// The canonicalization pattern of standalone.add: one scalar addition
// instead of one per lane.
// CHECK-LABEL: func.func @add_of_splats(%arg0: i16, %arg1: i16) -> !standalone.lanes<8, i16>
// CHECK-NEXT:    %0 = arith.addi %arg0, %arg1 : i16
// CHECK-NEXT:    %1 = standalone.splat %0 : !standalone.lanes<8, i16>
// CHECK-NEXT:    return %1 : !standalone.lanes<8, i16>
func.func @add_of_splats(%x: i16, %y: i16) -> !standalone.lanes<8, i16> {
  %a = standalone.splat %x : !standalone.lanes<8, i16>
  %b = standalone.splat %y : !standalone.lanes<8, i16>
  %s = standalone.add %a, %b : !standalone.lanes<8, i16>
  return %s : !standalone.lanes<8, i16>
}

// Both, one after the other: the pattern makes a splat the folder removes.
// CHECK-LABEL: func.func @both(%arg0: i32, %arg1: i32) -> i32
// CHECK-NEXT:    %0 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:    return %0 : i32
func.func @both(%x: i32, %y: i32) -> i32 {
  %a = standalone.splat %x : !standalone.lanes<4, i32>
  %b = standalone.splat %y : !standalone.lanes<4, i32>
  %s = standalone.add %a, %b : !standalone.lanes<4, i32>
  %e = standalone.extract %s[0] : !standalone.lanes<4, i32>
  return %e : i32
}

// Not splats: nothing changes.
// CHECK-LABEL: func.func @not_splats
// CHECK-NEXT:    %0 = standalone.add %arg0, %arg1 : !standalone.lanes<4, i32>
func.func @not_splats(%a: !standalone.lanes<4, i32>, %b: !standalone.lanes<4, i32>) -> !standalone.lanes<4, i32> {
  %s = standalone.add %a, %b : !standalone.lanes<4, i32>
  return %s : !standalone.lanes<4, i32>
}
