// symbol-privatize: top-level symbols become private except the excluded
// ones; nested tables are not entered. Check lines:
// utils/update-mlir-checks.py.
// RUN: lamina-opt --allow-unregistered-dialect -symbol-privatize=exclude=keep,also < %s | FileCheck %s
// RUN: lamina-opt --allow-unregistered-dialect -symbol-privatize < %s | FileCheck %s --check-prefix=ALL

func.func @keep() {
  return
}
func.func @also() {
  return
}
func.func @change() {
  return
}
func.func private @already()
memref.global @g : memref<2xi32>
module @sub {
  func.func @inside() {
    return
  }
}
module {
  func.func @anon_inside() {
    return
  }
}
"foo.not_a_symbol"() {sym_name = "x"} : () -> ()

// GEN: --allow-unregistered-dialect -symbol-privatize=exclude=keep,also
// CHECK: module {
// CHECK-NEXT:   func.func @keep() {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @also() {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func private @change() {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func private @already()
// CHECK-NEXT:   memref.global "private" @g : memref<2xi32>
// CHECK-NEXT:   module @sub attributes {sym_visibility = "private"} {
// CHECK-NEXT:     func.func @inside() {
// CHECK-NEXT:       return
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   module {
// CHECK-NEXT:     func.func @anon_inside() {
// CHECK-NEXT:       return
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   "foo.not_a_symbol"() {sym_name = "x"} : () -> ()
// CHECK-NEXT: }
// GEN-ALL: --allow-unregistered-dialect -symbol-privatize
// ALL: module {
// ALL-NEXT:   func.func private @keep() {
// ALL-NEXT:     return
// ALL-NEXT:   }
// ALL-NEXT:   func.func private @also() {
// ALL-NEXT:     return
// ALL-NEXT:   }
// ALL-NEXT:   func.func private @change() {
// ALL-NEXT:     return
// ALL-NEXT:   }
// ALL-NEXT:   func.func private @already()
// ALL-NEXT:   memref.global "private" @g : memref<2xi32>
// ALL-NEXT:   module @sub attributes {sym_visibility = "private"} {
// ALL-NEXT:     func.func @inside() {
// ALL-NEXT:       return
// ALL-NEXT:     }
// ALL-NEXT:   }
// ALL-NEXT:   module {
// ALL-NEXT:     func.func @anon_inside() {
// ALL-NEXT:       return
// ALL-NEXT:     }
// ALL-NEXT:   }
// ALL-NEXT:   "foo.not_a_symbol"() {sym_name = "x"} : () -> ()
// ALL-NEXT: }
