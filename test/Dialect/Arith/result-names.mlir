// arith.muli on index names `constant * vector.vscale` (either order)
// `%c<base>_vscale`, matching vector.vscale by name (here unregistered). The
// muli lines below are what mlir-opt prints for this input.
// RUN: lamina-opt --allow-unregistered-dialect %s | FileCheck %s

// CHECK-LABEL: func.func @vscale
// CHECK: %c4_vscale = arith.muli %c4, %{{.*}} : index
// CHECK: %c4_vscale_0 = arith.muli %{{.*}}, %c4 : index
// CHECK: %{{[0-9]+}} = arith.muli %c4, %c4 : index
// CHECK: %{{[0-9]+}} = arith.muli %arg0, %arg0 : i32
func.func @vscale(%a: i32) {
  %c4 = arith.constant 4 : index
  %v = "vector.vscale"() : () -> index
  %0 = arith.muli %c4, %v : index
  %1 = arith.muli %v, %c4 : index
  %2 = arith.muli %c4, %c4 : index
  %3 = arith.muli %a, %a : i32
  return
}
