// The affine scope of a nested op is the closest ancestor that opens one,
// including ops Lamina keeps unregistered but mlir-opt registers with the
// AffineScope trait; other unregistered ops do not open a scope. The same
// diagnostics come from mlir-opt (second RUN line).
// RUN: lamina-opt --allow-unregistered-dialect --verify-diagnostics --split-input-file %s
// RUN: %if mlir-opt %{ mlir-opt --allow-unregistered-dialect --verify-diagnostics --split-input-file %s %}

// A value defined inside an op that is not a scope is not a symbol of the
// enclosing llvm.func scope.
"llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void ()>, linkage = #llvm.linkage<external>, sym_name = "not_top_level", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  "foo.region"() ({
    %n = "test.value"() : () -> index
    // expected-error@+1 {{'affine.for' op operand cannot be used as a symbol}}
    affine.for %i = 0 to %n {
    }
    "foo.end"() : () -> ()
  }) : () -> ()
  "llvm.return"() : () -> ()
}) : () -> ()

// -----

// An unregistered op of another name opens no scope: %m, computed from the
// loop variable, is not a symbol of the function's scope.
func.func @no_foreign_scope(%n: index) {
  affine.for %i = 0 to %n {
    %m = arith.addi %i, %n : index
    "foo.affine_scope"() ({
      // expected-error@+1 {{'affine.for' op operand cannot be used as a symbol}}
      affine.for %j = 0 to %m {
      }
      "foo.end"() : () -> ()
    }) : () -> ()
  }
  return
}

// -----

// Inside test.affine_scope, a loop variable of the scope itself is a
// dimension, not a symbol.
func.func @scope_loop_var(%n: index) {
  "test.affine_scope"() ({
    affine.for %i = 0 to %n {
      // expected-error@+1 {{'affine.for' op operand cannot be used as a symbol}}
      affine.for %j = 0 to %i {
      }
    }
    "test.terminate"() : () -> ()
  }) : () -> ()
  return
}

// -----

// gpu.launch opens a scope: its block argument %tx is a symbol (the loop
// bound is accepted), the loop variable is not.
func.func @gpu_launch_dim(%sz: index, %A: memref<?xf32>) {
  "gpu.launch"(%sz, %sz, %sz, %sz, %sz, %sz) <{operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0>}> ({
  ^bb0(%bx: index, %by: index, %bz: index, %tx: index, %ty: index, %tz: index, %gx: index, %gy: index, %gz: index, %x: index, %y: index, %z: index):
    affine.for %i = %tx to %sz {
      // expected-error@+1 {{'affine.load' op operand cannot be used as a symbol}}
      %v = "affine.load"(%A, %i) <{map = affine_map<()[s0] -> (s0)>}> : (memref<?xf32>, index) -> f32
    }
    "gpu.terminator"() : () -> ()
  }) {workgroup_attributions = 0 : i64} : (index, index, index, index, index, index) -> ()
  return
}
