// RUN: lamina-opt --allow-unregistered-dialect --emit-bytecode %s | lamina-opt --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s
// RUN: lamina-opt --allow-unregistered-dialect --emit-bytecode --emit-bytecode-version=4 %s | lamina-opt --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s --check-prefix=V4
//
// Properties a foreign operation's layout cannot encode: a missing required
// attribute (`lhs`), a Property<> missing or in a form its encoding cannot
// hold (a string for an integer), missing segment sizes. The operations of
// that name are written unregistered, their properties as one attribute, so
// they read back unchanged. An entry the layout does not know is dropped, as
// mlir-opt drops it when it parses the operation. Before version 5 the
// inherent attributes go among the attributes and are read back as
// properties; Property<>s have no place there (as in mlir-opt).

// CHECK: "test.with_properties_and_attr"() <{rhs = 5 : i64}> : () -> ()
// CHECK: "test.with_properties_and_attr"() <{lhs = 1 : i32, rhs = 6 : i64}> : () -> ()
// CHECK: "gpu.alloc"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> memref<4xf32>
// CHECK: "test.op_with_enum_prop"(%{{.*}}, %{{.*}}) <{value = "nsw"}> : (i32, i32) -> i32
// CHECK: "test.op_with_bit_enum_prop"(%{{.*}}, %{{.*}}) : (i32, i32) -> i32
// CHECK: "gpu.dealloc"(%{{.*}}) : (memref<4xf32>) -> ()

// V4: "gpu.alloc"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> memref<4xf32>
// An op of a dialect neither tool knows: its properties have no place before
// version 5 (as mlir-opt drops them).
// V4: "foreign.graph"() ({
// V4-NEXT: }) {discardable} : () -> ()

"test.with_properties_and_attr"() <{rhs = 5 : i64}> : () -> ()
"test.with_properties_and_attr"() <{lhs = 1 : i32, rhs = 6 : i64}> : () -> ()
%0 = "gpu.alloc"() <{not_a_property = 1 : i32, operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> memref<4xf32>
%1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
%2 = "test.op_with_enum_prop"(%1, %1) <{value = "nsw"}> : (i32, i32) -> i32
%3 = "test.op_with_bit_enum_prop"(%1, %1) : (i32, i32) -> i32
"gpu.dealloc"(%0) : (memref<4xf32>) -> ()
"foreign.graph"() <{function_type = () -> (), sym_name = "s"}> ({
}) {discardable} : () -> ()
