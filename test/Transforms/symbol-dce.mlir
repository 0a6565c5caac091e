// symbol-dce: private (or hidden) symbols nothing live references are
// erased, nested tables included; references through live non-symbol ops
// and nested references keep symbols alive. Check lines:
// utils/update-mlir-checks.py.
// RUN: lamina-opt --allow-unregistered-dialect -symbol-dce -split-input-file < %s | FileCheck %s
// RUN: lamina-opt --allow-unregistered-dialect -p 'builtin.module(builtin.module(symbol-dce))' -split-input-file < %s | FileCheck %s --check-prefix=NESTED

func.func private @dead_private()
func.func private @live_private()
func.func @public() {
  "foo.return"() {uses = [@live_private]} : () -> ()
}
func.func private @chain_a() {
  func.call @chain_b() : () -> ()
  return
}
func.func private @chain_b()
"foo.keep"() {ref = @chain_a} : () -> ()
memref.global "private" @dead_global : memref<2xi32>
memref.global "private" @live_global : memref<2xi32>
func.func @use_global() -> memref<2xi32> {
  %0 = memref.get_global @live_global : memref<2xi32>
  return %0 : memref<2xi32>
}

// -----

module @outer {
  func.func private @unused()
  module @nested {
    func.func private @nested_dead()
    func.func nested @nested_live()
    func.func @nested_public() {
      "foo.use"() {ref = @outer::@nested::@nested_live} : () -> ()
      return
    }
  }
  module @private_nested attributes {sym_visibility = "private"} {
    func.func @inner_public() {
      return
    }
  }
}

// -----

module {
  func.func private @in_region_use()
  "test.graph_region"() ({
    "foo.op"() {ref = @in_region_use} : () -> ()
  }) : () -> ()
  module @inner {
    func.func private @inner_private()
    func.func @inner_uses() {
      "foo.op"() {ref = @inner_private} : () -> ()
      return
    }
  }
}

// GEN: --allow-unregistered-dialect -symbol-dce -split-input-file
// CHECK: module {
// CHECK-NEXT:   func.func private @live_private()
// CHECK-NEXT:   func.func @public() {
// CHECK-NEXT:     "foo.return"() {uses = [@live_private]} : () -> ()
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func private @chain_a() {
// CHECK-NEXT:     call @chain_b() : () -> ()
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func private @chain_b()
// CHECK-NEXT:   "foo.keep"() {ref = @chain_a} : () -> ()
// CHECK-NEXT:   memref.global "private" @live_global : memref<2xi32>
// CHECK-NEXT:   func.func @use_global() -> memref<2xi32> {
// CHECK-NEXT:     %0 = memref.get_global @live_global : memref<2xi32>
// CHECK-NEXT:     return %0 : memref<2xi32>
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // -----
// CHECK-NEXT: module @outer {
// CHECK-NEXT:   module @nested {
// CHECK-NEXT:     func.func @nested_public() {
// CHECK-NEXT:       "foo.use"() {ref = @outer::@nested::@nested_live} : () -> ()
// CHECK-NEXT:       return
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // -----
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func private @in_region_use()
// CHECK-NEXT:   test.graph_region {
// CHECK-NEXT:     "foo.op"() {ref = @in_region_use} : () -> ()
// CHECK-NEXT:   }
// CHECK-NEXT:   module @inner {
// CHECK-NEXT:     func.func private @inner_private()
// CHECK-NEXT:     func.func @inner_uses() {
// CHECK-NEXT:       "foo.op"() {ref = @inner_private} : () -> ()
// CHECK-NEXT:       return
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: }
// GEN-NESTED: --allow-unregistered-dialect -p builtin.module(builtin.module(symbol-dce)) -split-input-file
// NESTED: module {
// NESTED-NEXT:   func.func private @dead_private()
// NESTED-NEXT:   func.func private @live_private()
// NESTED-NEXT:   func.func @public() {
// NESTED-NEXT:     "foo.return"() {uses = [@live_private]} : () -> ()
// NESTED-NEXT:   }
// NESTED-NEXT:   func.func private @chain_a() {
// NESTED-NEXT:     call @chain_b() : () -> ()
// NESTED-NEXT:     return
// NESTED-NEXT:   }
// NESTED-NEXT:   func.func private @chain_b()
// NESTED-NEXT:   "foo.keep"() {ref = @chain_a} : () -> ()
// NESTED-NEXT:   memref.global "private" @dead_global : memref<2xi32>
// NESTED-NEXT:   memref.global "private" @live_global : memref<2xi32>
// NESTED-NEXT:   func.func @use_global() -> memref<2xi32> {
// NESTED-NEXT:     %0 = memref.get_global @live_global : memref<2xi32>
// NESTED-NEXT:     return %0 : memref<2xi32>
// NESTED-NEXT:   }
// NESTED-NEXT: }
// NESTED-EMPTY:
// NESTED-NEXT: // -----
// NESTED-NEXT: module @outer {
// NESTED-NEXT:   func.func private @unused()
// NESTED-NEXT:   module @nested {
// NESTED-NEXT:     func.func nested @nested_live()
// NESTED-NEXT:     func.func @nested_public() {
// NESTED-NEXT:       "foo.use"() {ref = @outer::@nested::@nested_live} : () -> ()
// NESTED-NEXT:       return
// NESTED-NEXT:     }
// NESTED-NEXT:   }
// NESTED-NEXT:   module @private_nested attributes {sym_visibility = "private"} {
// NESTED-NEXT:     func.func @inner_public() {
// NESTED-NEXT:       return
// NESTED-NEXT:     }
// NESTED-NEXT:   }
// NESTED-NEXT: }
// NESTED-EMPTY:
// NESTED-NEXT: // -----
// NESTED-NEXT: module {
// NESTED-NEXT:   func.func private @in_region_use()
// NESTED-NEXT:   test.graph_region {
// NESTED-NEXT:     "foo.op"() {ref = @in_region_use} : () -> ()
// NESTED-NEXT:   }
// NESTED-NEXT:   module @inner {
// NESTED-NEXT:     func.func private @inner_private()
// NESTED-NEXT:     func.func @inner_uses() {
// NESTED-NEXT:       "foo.op"() {ref = @inner_private} : () -> ()
// NESTED-NEXT:       return
// NESTED-NEXT:     }
// NESTED-NEXT:   }
// NESTED-NEXT: }
