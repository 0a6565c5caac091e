// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic %s > %t.text
// RUN: lamina-opt --allow-unregistered-dialect --emit-bytecode %s | lamina-opt --allow-unregistered-dialect --mlir-print-op-generic | FileCheck %s
// RUN: for v in 0 4 5 6; do lamina-opt --allow-unregistered-dialect --emit-bytecode --emit-bytecode-version=$v %s | lamina-opt --allow-unregistered-dialect --mlir-print-op-generic | diff %t.text - || exit 1; done
//
// Operations of dialects mlir-opt registers but Lamina does not implement
// (unregistered here, their properties one dictionary) are written as
// mlir-opt writes them: flagged registered, their properties in the native
// ODS encoding of their layout (lib/Bytecode/ForeignOpLayouts.def), and
// before version 5 among the attributes. The bytes are mlir-opt's in every
// version, and each tool reads what the other writes.
// RUN: %if mlir-opt %{ for v in 0 1 2 3 4 5 6; do lamina-opt --allow-unregistered-dialect --emit-bytecode --emit-bytecode-version=$v %s -o %t.lam.$v && mlir-opt --emit-bytecode --emit-bytecode-version=$v %s | cmp %t.lam.$v - || exit 1; done %}
// RUN: %if mlir-opt %{ for v in 0 4 5 6; do mlir-opt --emit-bytecode --emit-bytecode-version=$v %s | lamina-opt --allow-unregistered-dialect --mlir-print-op-generic | diff %t.text - || exit 1; done %}
// RUN: %if mlir-opt %{ for v in 0 4 5 6; do mlir-opt --mlir-print-op-generic %t.lam.$v | diff %t.text - || exit 1; done %}

// CHECK: "vector.transfer_read"(%arg1, %arg2, %arg2, %1) <{in_bounds = [true], operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = #map}>
// CHECK: "tensor.extract_slice"(%arg3, %arg2) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: 2, 4>, static_strides = array<i64: 1, 1>}>
// CHECK: "vector.maskedload"(%arg1, %arg2, %arg2, %arg5, %arg4) : (memref<4x8xf32>, index, index, vector<8xi1>, vector<8xf32>) -> vector<8xf32>
// CHECK: "gpu.alloc"(%arg2) <{hostShared, operandSegmentSizes = array<i32: 0, 1, 0>}>
// CHECK: "math.absf"(%1) <{fastmath = #arith.fastmath<fast>}>
// CHECK: "ub.poison"() <{value = #ub.poison}> : () -> i32
// CHECK: "transform.named_sequence"() <{arg_attrs = [{transform.readonly}], function_type = (!transform.any_op) -> (), sym_name = "seq"}>
// CHECK: "transform.structured.match"(%arg0) <{ops = ["linalg.matmul"]}>

#map = affine_map<(d0, d1) -> (d1)>
"builtin.module"() ({
  "func.func"() <{function_type = (memref<4x8xf32>, index, tensor<8x8xf32>, vector<8xf32>, vector<8xi1>) -> vector<4xf32>, sym_name = "f"}> ({
  ^bb0(%arg1: memref<4x8xf32>, %arg2: index, %arg3: tensor<8x8xf32>, %arg4: vector<8xf32>, %arg5: vector<8xi1>):
    %1 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %2 = "vector.transfer_read"(%arg1, %arg2, %arg2, %1) <{in_bounds = [true], operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = #map}> : (memref<4x8xf32>, index, index, f32) -> vector<4xf32>
    %3 = "tensor.extract_slice"(%arg3, %arg2) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: 2, 4>, static_strides = array<i64: 1, 1>}> : (tensor<8x8xf32>, index) -> tensor<2x4xf32>
    %4 = "vector.maskedload"(%arg1, %arg2, %arg2, %arg5, %arg4) : (memref<4x8xf32>, index, index, vector<8xi1>, vector<8xf32>) -> vector<8xf32>
    %5 = "gpu.alloc"(%arg2) <{hostShared, operandSegmentSizes = array<i32: 0, 1, 0>}> : (index) -> memref<?xf32>
    %6 = "math.absf"(%1) <{fastmath = #arith.fastmath<fast>}> : (f32) -> f32
    %7 = "ub.poison"() <{value = #ub.poison}> : () -> i32
    "func.return"(%2) : (vector<4xf32>) -> ()
  }) : () -> ()
  "transform.named_sequence"() <{arg_attrs = [{transform.readonly}], function_type = (!transform.any_op) -> (), sym_name = "seq"}> ({
  ^bb0(%arg0: !transform.any_op):
    %0 = "transform.structured.match"(%arg0) <{ops = ["linalg.matmul"]}> : (!transform.any_op) -> !transform.any_op
    "transform.yield"() : () -> ()
  }) : () -> ()
}) {transform.with_named_sequence} : () -> ()

