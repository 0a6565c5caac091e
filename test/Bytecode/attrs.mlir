// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %s > %t.text
// RUN: lamina-opt --allow-unregistered-dialect --emit-bytecode %s -o %t.bc
// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %t.bc | diff %t.text -
// RUN: lamina-opt --allow-unregistered-dialect --emit-bytecode --emit-bytecode-version=0 %s | lamina-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo | diff %t.text -
// RUN: lamina-opt --allow-unregistered-dialect --mlir-print-op-generic %t.bc | FileCheck %s
//
// The bytes are mlir-opt's, and each tool reads what the other writes.
// RUN: %if mlir-opt %{ mlir-opt --allow-unregistered-dialect --emit-bytecode %s | cmp %t.bc - %}
// RUN: %if mlir-opt %{ mlir-opt --allow-unregistered-dialect --emit-bytecode %s | lamina-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo | diff %t.text - %}
// RUN: %if mlir-opt %{ mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %t.bc | diff %t.text - %}
//
// Every builtin attribute and type: the custom encodings, the textual
// fallback (affine maps and sets, strided layouts, other float types, other
// dialects), dense resources (with data and dangling) and distinct
// attributes.

// CHECK-DAG: #distinct = distinct[0]<42 : i32>
// CHECK-DAG: #map = affine_map<(d0, d1)[s0] -> (d0 + s0, d1 floordiv 2)>
// CHECK-DAG: #set = affine_set<(d0) : (d0 - 1 >= 0)>
// CHECK: a13 = 123456789012345678901234567890 : ui100
// CHECK-SAME: d0 = array<i1: true, false>
// CHECK-SAME: e3 = dense<(1,2)> : tensor<2xcomplex<i32>>
// CHECK-SAME: f4 = 2.000000e+00 : f80
// CHECK-SAME: f6 = 5.000000e-01 : tf32
// CHECK-SAME: r0 = dense_resource<blob1> : tensor<2xi32>, r1 = dense_resource<missing> : tensor<2xi32>
// CHECK-SAME: x0 = #distinct, x1 = distinct[1]<>, x2 = #distinct
// CHECK: t19 = memref<?x4xf32, strided<[4, 1], offset: ?>, "ms">
// CHECK-SAME: t30 = vector<[4]x2xi8>
// CHECK: blob1: "0x0800000001000000FFFFFFFF"

"xt.attrs"() {
  a0 = [1, "s", unit], a1 = {x = 1 : i8, y = [], z = {}}, a2 = "str", a3 = "typed" : i32,
  a4 = @flat, a5 = @root::@a::@b, a6 = i64, a7 = unit, a8 = true, a9 = -1 : i8, a10 = -2 : i32,
  a11 = 9223372036854775807 : i64, a12 = -170141183460469231731687303715884105728 : i128,
  a13 = 123456789012345678901234567890 : ui100, a14 = 7 : index, a15 = 3 : si16,
  f0 = 1.5 : f16, f1 = -2.5 : bf16, f2 = 0.1 : f32, f3 = 1.0e300 : f64, f4 = 2.0 : f80, f5 = 3.0 : f128,
  f6 = 0.5 : tf32, f7 = 1.0 : f8E4M3FN, f8 = 0x7FC00000 : f32,
  d0 = array<i1: true, false>, d1 = array<i32: 1, -2, 3>, d2 = array<f64: 1.5>, d3 = array<i8>,
  e0 = dense<1> : tensor<4xi32>, e1 = dense<[1.0, 2.0]> : vector<2xf32>, e2 = dense<[true, false, true]> : tensor<3xi1>,
  e3 = dense<(1, 2)> : tensor<2xcomplex<i32>>, e4 = dense<"x"> : tensor<2x!foo.bar>, e5 = dense<["a", "bc"]> : tensor<2x!foo.bar>,
  e6 = dense<> : tensor<0xi64>, e7 = dense<[[1, 2], [3, 4]]> : tensor<2x2xindex>,
  s0 = sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>,
  m0 = affine_map<(d0, d1)[s0] -> (d0 + s0, d1 floordiv 2)>, m1 = affine_set<(d0) : (d0 - 1 >= 0)>,
  m2 = strided<[?, 1], offset: ?>, o0 = #foo.bar<"x">,
  r0 = dense_resource<blob1> : tensor<2xi32>, r1 = dense_resource<missing> : tensor<2xi32>,
  x0 = distinct[0]<42 : i32>, x1 = distinct[1]<unit>, x2 = distinct[0]<42 : i32>
} : () -> ()
"xt.types"() {
  t0 = i1, t1 = si7, t2 = ui64, t3 = i0, t4 = index, t5 = (i32, f32) -> (), t6 = () -> (i1, i2),
  t7 = bf16, t8 = f16, t9 = f32, t10 = f64, t11 = f80, t12 = f128, t13 = tf32, t14 = f8E5M2, t15 = f4E2M1FN,
  t16 = complex<f32>, t17 = memref<4x?xf32>, t18 = memref<4xi8, 1>, t19 = memref<?x4xf32, strided<[4, 1], offset: ?>, "ms">,
  t20 = memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>, t21 = none, t22 = tensor<?x3xf32>, t23 = tensor<4xf32, "enc">,
  t24 = tuple<>, t25 = tuple<i32, tuple<f32>>, t26 = memref<*xf32>, t27 = memref<*xf32, 3>, t28 = tensor<*xi8>,
  t29 = vector<4xf32>, t30 = vector<[4]x2xi8>, t31 = vector<2x[3]xindex>, t32 = !foo.type<1>, t33 = tensor<0xf32>
} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x0800000001000000FFFFFFFF"
    }
  }
#-}
