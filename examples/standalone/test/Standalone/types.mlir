// RUN: standalone-opt %s | FileCheck %s
// RUN: standalone-opt %s | standalone-opt | FileCheck %s
// RUN: standalone-opt %s --emit-bytecode | standalone-opt | FileCheck %s

// A parametric type: a number of lanes and an integer type.
// CHECK-LABEL: func.func @lanes
// CHECK-SAME: (%arg0: !standalone.lanes<4, i32>, %arg1: !standalone.lanes<1, i1>)
func.func @lanes(%a: !standalone.lanes<4, i32>, %b: !standalone.lanes<1, i1>) {
  return
}

// A recursive type: inside its body, the type is written by name only.
// CHECK-LABEL: func.func @list
// CHECK-SAME: (%arg0: !standalone.rec<"list", tuple<i32, !standalone.rec<"list">>>)
func.func @list(%l: !standalone.rec<"list", tuple<i32, !standalone.rec<"list">>>) {
  return
}

// Once its body is set, the name alone denotes the whole type.
// CHECK-LABEL: func.func @same_list
// CHECK-SAME: (%arg0: !standalone.rec<"list", tuple<i32, !standalone.rec<"list">>>)
func.func @same_list(%l: !standalone.rec<"list">) {
  return
}

// Two types defined through each other.
// CHECK-LABEL: func.func @mutual
// CHECK-SAME: (%arg0: !standalone.rec<"a", tuple<!standalone.rec<"b", tuple<!standalone.rec<"a">, i8>>>>)
func.func @mutual(%l: !standalone.rec<"a", tuple<!standalone.rec<"b", tuple<!standalone.rec<"a">, i8>>>>) {
  return
}

// A type whose body is not known yet prints by name.
// CHECK-LABEL: func.func @opaque
// CHECK-SAME: (%arg0: !standalone.rec<"unknown">)
func.func @opaque(%l: !standalone.rec<"unknown">) {
  return
}

// The attribute.
// CHECK-LABEL: func.func @attr
// CHECK-SAME: attributes {standalone.cost = #standalone.cost<12>}
func.func @attr() attributes {standalone.cost = #standalone.cost<12>} {
  return
}
