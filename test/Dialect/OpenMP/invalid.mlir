// Verifier and parser diagnostics of the omp dialect (mlir-opt's wording).
// RUN: lamina-opt --verify-diagnostics --split-input-file %s

func.func @loop_nest_outside_wrapper(%a : index) {
  // expected-error@+1 {{'omp.loop_nest' op expects parent op to be a loop wrapper}}
  omp.loop_nest (%i) : index = (%a) to (%a) step (%a) {
    omp.yield
  }
  return
}

// -----

func.func @wrapper_two_ops(%a : index) {
  // expected-error@+1 {{'omp.simd' op loop wrapper does not contain exactly one nested op}}
  omp.simd {
    %c = arith.constant 1 : index
    omp.loop_nest (%i) : index = (%a) to (%a) step (%a) {
      omp.yield
    }
  }
  return
}

// -----

func.func @composite_missing(%a : index) {
  // expected-error@+1 {{'omp.composite' attribute missing from composite wrapper}}
  omp.wsloop {
    omp.simd {
      omp.loop_nest (%i) : index = (%a) to (%a) step (%a) {
        omp.yield
      }
    } {omp.composite}
  }
  return
}

// -----

func.func @bad_schedule_modifier(%a : index) {
  // expected-error@+1 {{incorrect modifier order}}
  omp.wsloop schedule(static, simd, nonmonotonic) {
    omp.loop_nest (%i) : index = (%a) to (%a) step (%a) {
      omp.yield
    }
  }
  return
}

// -----

func.func @bad_order(%a : index) {
  // expected-error@+1 {{invalid clause value: 'sometimes'}}
  omp.simd order(reproducible:sometimes) {
    omp.loop_nest (%i) : index = (%a) to (%a) step (%a) {
      omp.yield
    }
  }
  return
}

// -----

func.func @missing_reduction_decl(%p : !llvm.ptr) {
  // expected-error@+1 {{'omp.parallel' op expected symbol reference @sum to point to a reduction declaration}}
  omp.parallel reduction(@sum %p -> %r : !llvm.ptr) {
    omp.terminator
  }
  return
}

// -----

// expected-error@+1 {{'omp.declare_reduction' op expects reduction region with two arguments of the reduction type}}
omp.declare_reduction @sum : i32
init {
^bb0(%arg: i32):
  omp.yield (%arg : i32)
}
combiner {
^bb0(%x: i32):
  omp.yield (%x : i32)
}

// -----

// expected-error@+1 {{`copy`: expected 2 region arguments, got: 1}}
omp.private {type = firstprivate} @p : i32 copy {
^bb0(%x: i32):
  omp.yield(%x : i32)
}

// -----

// expected-error@+1 {{the hints omp_sync_hint_uncontended and omp_sync_hint_contended cannot be combined}}
omp.critical.declare @lock hint(contended, uncontended)

// -----

func.func @atomic_read_same(%x : memref<f32>) {
  // expected-error@+1 {{read and write must not be to the same location for atomic reads}}
  omp.atomic.read %x = %x : memref<f32>, memref<f32>, f32
  return
}

// -----

func.func @capture_sequence(%x : memref<i32>, %v : i32) {
  omp.atomic.capture {
    // expected-error@+1 {{invalid sequence of operations in the capture region}}
    omp.atomic.write %x = %v : memref<i32>, i32
    omp.atomic.write %x = %v : memref<i32>, i32
    omp.terminator
  }
  return
}

// -----

func.func @orphaned_cancel() {
  // expected-error@+1 {{'omp.cancel' op Orphaned cancel construct}}
  omp.cancel cancellation_construct_type(taskgroup)
  return
}

// -----

func.func @update_both(%p : !llvm.ptr) {
  %m = omp.map.info var_ptr(%p : !llvm.ptr, i64) map_clauses(tofrom) capture(ByRef) -> !llvm.ptr
  // expected-error@+1 {{either to or from map types can be specified, not both}}
  omp.target_update map_entries(%m : !llvm.ptr)
  return
}

// -----

func.func @section_block_args(%p : !llvm.ptr) {
  omp.sections private(@q %p -> %a : !llvm.ptr) {
    // expected-error@+1 {{'omp.section' op expected at least 1 entry block argument(s)}}
    omp.section {
      omp.terminator
    }
    omp.terminator
  }
  return
}

// -----

func.func @bad_hint() {
  // expected-error@+1 {{often is not a valid hint}}
  omp.critical.declare @l hint(often)
  return
}

// -----

func.func @cli_two_consumers(%tc : i32) {
  // expected-error@+1 {{'omp.new_cli' op CLI must have at most one consumer}}
  %cli = omp.new_cli
  omp.canonical_loop(%cli) %iv : i32 in range(%tc) {
    omp.terminator
  }
  // expected-note@+1 {{second consumer here:}}
  omp.unroll_heuristic(%cli)
  // expected-note@+1 {{first consumer here:}}
  omp.unroll_heuristic(%cli)
  return
}
