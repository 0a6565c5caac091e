// RUN: lamina-opt --mlir-print-op-generic %s > %t.text
// RUN: lamina-opt --emit-bytecode %s | lamina-opt --mlir-print-op-generic | diff %t.text -
// RUN: lamina-opt --emit-bytecode --emit-bytecode-version=5 %s | lamina-opt --mlir-print-op-generic | diff %t.text -
// RUN: lamina-opt --emit-bytecode --emit-bytecode-version=4 %s | lamina-opt --mlir-print-op-generic | diff %t.text -
// RUN: lamina-opt --emit-bytecode --emit-bytecode-version=0 %s | lamina-opt --mlir-print-op-generic | diff %t.text -
// RUN: lamina-opt --emit-bytecode %s | lamina-opt --mlir-print-op-generic | FileCheck %s
//
// Properties of registered operations (the operations' own encodings, the
// segment sizes as sparse arrays from version 6 and as an attribute in
// version 5, inherent attributes in the dictionary before version 5): the
// bytes are mlir-opt's in every version, and each tool reads the other's.
// RUN: %if mlir-opt %{ for v in 0 1 2 3 4 5 6; do lamina-opt --emit-bytecode --emit-bytecode-version=$v %s -o %t.lam.$v && mlir-opt --emit-bytecode --emit-bytecode-version=$v %s | cmp %t.lam.$v - || exit 1; done %}
// RUN: %if mlir-opt %{ for v in 0 4 5 6; do mlir-opt --emit-bytecode --emit-bytecode-version=$v %s | lamina-opt --mlir-print-op-generic | diff %t.text - || exit 1; done %}
// RUN: %if mlir-opt %{ for v in 0 4 5 6; do mlir-opt --mlir-print-op-generic %t.lam.$v | diff %t.text - || exit 1; done %}

// CHECK: "func.func"() <{function_type = (i32) -> i32, sym_name = "callee", sym_visibility = "private"}> ({
// CHECK: "arith.addi"(%arg1, %0) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
// CHECK: "memref.alloc"(%arg3) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xf32>
// CHECK: "cf.cond_br"(%{{[0-9]+}}, %{{[0-9]+}})[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i32) -> ()

func.func private @callee(i32) -> i32
func.func @f(%c: i1, %a: i32, %m: memref<?xf32>, %n: index) -> i32 attributes {llvm.emit_c_interface} {
  %0 = arith.constant 1 : i32
  %1 = arith.addi %a, %0 overflow<nsw> : i32
  %f = arith.constant 2.0 : f32
  %g = arith.addf %f, %f fastmath<fast> : f32
  %cmp = arith.cmpi slt, %1, %0 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    memref.store %g, %m[%i] : memref<?xf32>
  }
  affine.for %j = 0 to 10 {
    %v = affine.load %m[%j + 1] : memref<?xf32>
    affine.store %v, %m[%j + 2] : memref<?xf32>
  }
  %alloc = memref.alloc(%n) : memref<?xf32>
  %r = func.call @callee(%1) : (i32) -> i32
  cf.cond_br %cmp, ^bb1(%r : i32), ^bb2
^bb1(%x: i32):
  cf.br ^bb2
^bb2:
  %s = scf.if %c -> (i32) {
    scf.yield %1 : i32
  } else {
    scf.yield %0 : i32
  }
  return %s : i32
}
