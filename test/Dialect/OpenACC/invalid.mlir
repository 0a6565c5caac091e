// Verifier and parser diagnostics of the acc dialect (mlir-opt's wording).
// RUN: lamina-opt --verify-diagnostics --split-input-file %s

func.func @copyin_intent(%a : memref<4xf32>) {
  // expected-error@+1 {{data clause associated with copyin operation must match its intent or specify original clause this operation was decomposed from}}
  %0 = acc.copyin varPtr(%a : memref<4xf32>) -> memref<4xf32> {dataClause = #acc<data_clause acc_delete>}
  return
}

// -----

func.func @private_without_recipe(%a : memref<4xf32>) {
  // expected-error@+1 {{'acc.private' op recipe expected for private}}
  %0 = acc.private varPtr(%a : memref<4xf32>) -> memref<4xf32>
  return
}

// -----

func.func @vartype_is_var_type(%a : memref<4xf32>) {
  // expected-error@+1 {{varType must capture the element type of var}}
  %0 = acc.present varPtr(%a : memref<4xf32>) varType(memref<4xf32>) -> memref<4xf32>
  return
}

// -----

func.func @gangs_per_segment(%n : i32) {
  // expected-error@+1 {{'acc.kernels' op num_gangs expects a maximum of 3 values per segment}}
  acc.kernels num_gangs({%n : i32, %n : i32, %n : i32, %n : i32}) {
    acc.terminator
  }
  return
}

// -----

func.func @loop_needs_mode(%i : index) {
  // expected-error@+1 {{at least one of auto, independent, seq must be present}}
  acc.loop control(%iv : index) = (%i : index) to (%i : index) step (%i : index) {
    acc.yield
  }
  return
}

// -----

func.func @loop_duplicate_worker(%i : index) {
  // expected-error@+1 {{'acc.loop' op duplicate device_type `nvidia` found in worker attribute}}
  acc.loop control(%iv : index) = (%i : index) to (%i : index) step (%i : index) {
    acc.yield
  } attributes {seq = [#acc.device_type<none>], worker = [#acc.device_type<nvidia>, #acc.device_type<nvidia>]}
  return
}

// -----

func.func @container_loop(%i : index) {
  // expected-error@+1 {{failed to find enough loop-like operations inside container-like acc.loop}}
  acc.loop {
    acc.yield
  } attributes {independent = [#acc.device_type<none>]}
  return
}

// -----

func.func @serial_private_def(%p : !llvm.ptr) {
  %0 = acc.copyin varPtr(%p : !llvm.ptr) varType(i32) -> !llvm.ptr
  // expected-error@+1 {{'acc.serial' op expected private as defining op}}
  acc.serial private(%0 : !llvm.ptr) {
    acc.yield
  }
  return
}

// -----

func.func @data_needs_operand() {
  // expected-error@+1 {{at least one operand or the default attribute must appear on the data operation}}
  acc.data {
    acc.terminator
  }
  return
}

// -----

func.func @bad_combined() {
  // expected-error@+1 {{expected compute construct name}}
  acc.loop combined(kernel) {
    acc.yield
  }
  return
}

// -----

func.func @callee() { return }
// expected-error@+1 {{only one of `gang`, `worker`, `vector`, `seq` can be present at the same time for device_type `host`}}
acc.routine @r func(@callee) worker([#acc.device_type<host>]) vector([#acc.device_type<host>])

// -----

// expected-error@+1 {{'acc.reduction.recipe' op expects combiner region with the first two arguments of the reduction type}}
acc.reduction.recipe @red : i32 reduction_operator <mul> init {
^bb0(%a: i32):
  acc.yield %a : i32
} combiner {
^bb0(%a: i32):
  acc.yield %a : i32
}
