// Verifier and parser messages of the affine dialect (MLIR's wording).
// RUN: lamina-opt --allow-unregistered-dialect --verify-diagnostics --split-input-file %s

func.func @apply_operand_type(%a: i32) {
  // expected-error@+1 {{'affine.apply' op operand #0 must be variadic of index, but got 'i32'}}
  %0 = "affine.apply"(%a) <{map = affine_map<(d0) -> (d0)>}> : (i32) -> index
  return
}

// -----

func.func @for_bound_not_symbol(%n: index) {
  affine.for %i = 0 to 10 {
    // expected-error@+1 {{'affine.for' op operand cannot be used as a symbol}}
    affine.for %j = 0 to %i {
    }
  }
  return
}

// -----

func.func @for_bound_not_dim(%n: index) {
  %r = affine.for %i = 0 to 10 iter_args(%a = %n) -> (index) {
    // expected-error@+1 {{'affine.for' op operand cannot be used as a dimension id}}
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%a) {
    }
    affine.yield %a : index
  }
  return
}

// -----

func.func @load_symbol_from_loop(%A: memref<10xf32>) {
  affine.for %i = 0 to 10 {
    // expected-error@+1 {{'affine.load' op operand cannot be used as a symbol}}
    %0 = affine.load %A[symbol(%i)] : memref<10xf32>
  }
  return
}

// -----

// A Pure op of symbols is a symbol; a division by a non-constant is not.
func.func @pure_symbols(%n: index, %m: index) {
  %c2 = arith.constant 2 : index
  affine.for %i = 0 to 10 {
    %s = arith.addi %n, %c2 : index
    %d = arith.divsi %n, %c2 : index
    affine.for %j = %s to %d {
    }
    %e = arith.divsi %n, %m : index
    // expected-error@+1 {{'affine.for' op operand cannot be used as a symbol}}
    affine.for %j = 0 to %e {
    }
  }
  return
}

// -----

func.func @dimensional_operand_as_symbol() {
  affine.for %i = 0 to 10 {
    %c = affine.apply affine_map<(d0) -> (d0)>(%i)
    // expected-error@+1 {{dimensional operand cannot be used as a symbol}}
    %0 = affine.apply affine_map<()[s0] -> (s0)>()[%c]
  }
  return
}

// -----

func.func @dma_index(%A: memref<10xf32>, %T: memref<1xi32>, %n: index) {
  affine.for %i = 0 to 10 {
    %r = affine.for %j = 0 to 10 iter_args(%a = %n) -> (index) {
      // expected-error@+1 {{'affine.dma_start' op src index must be a valid dimension or symbol identifier}}
      affine.dma_start %A[%a], %A[%i], %T[0], %n : memref<10xf32>, memref<10xf32>, memref<1xi32>
      affine.yield %a : index
    }
  }
  return
}

// -----

func.func @bound_needs_max(%n: index) {
  // expected-error@+1 {{lower loop bound affine map with multiple results requires 'max' prefix}}
  affine.for %i = affine_map<()[s0] -> (s0, 0)>()[%n] to 10 {
  }
  return
}

// -----

func.func @negative_step() {
  // expected-error@+1 {{expected step to be representable as a positive signed integer}}
  affine.for %i = 0 to 10 step -1 {
  }
  return
}

// -----

func.func @iter_args_count(%n: index) {
  // expected-error@+1 {{mismatch between the number of loop-carried values and results}}
  affine.for %i = 0 to 10 iter_args(%a = %n) -> (index, index) {
  }
  return
}

// -----

func.func @parallel_reduction(%A: memref<10xf32>) {
  // expected-error@+1 {{invalid reduction value: "bad"}}
  %0 = affine.parallel (%i) = (0) to (10) reduce ("bad") -> f32 {
  }
  return
}

// -----

func.func @parallel_reduction_type(%v: f32) {
  // expected-error@+1 {{'affine.parallel' op result type cannot match reduction attribute}}
  %0 = affine.parallel (%i) = (0) to (10) reduce ("maxs") -> f32 {
    affine.yield %v : f32
  }
  return
}

// -----

func.func @parallel_groups(%n: index) {
  // expected-error@+1 {{'affine.parallel' op the number of region arguments (1) and the number of map groups for lower (2) and upper bound (2), and the number of steps (2) must all match}}
  "affine.parallel"() <{lowerBoundsGroups = dense<1> : tensor<2xi32>, lowerBoundsMap = affine_map<() -> (0, 0)>, reductions = [], steps = [1, 1], upperBoundsGroups = dense<1> : tensor<2xi32>, upperBoundsMap = affine_map<() -> (10, 10)>}> ({
  ^bb0(%i: index):
    "affine.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @yield_types(%f: f32) {
  %0 = affine.if affine_set<() : (0 == 0)>() -> i32 {
    // expected-error@+1 {{'affine.yield' op types mismatch between yield op and its parent}}
    affine.yield %f : f32
  } else {
    affine.yield %f : f32
  }
  return
}

// -----

func.func @if_condition() {
  // expected-error@+1 {{'affine.if' op requires attribute 'condition'}}
  "affine.if"() ({
    "affine.yield"() : () -> ()
  }, {
  }) : () -> ()
  return
}

// -----

func.func @vector_element_type(%A: memref<10xf32>, %i: index) {
  // expected-error@+1 {{'affine.vector_load' op requires memref and vector types of the same elemental type}}
  %0 = affine.vector_load %A[%i] : memref<10xf32>, vector<8xi32>
  return
}

// -----

func.func @vector_rank(%A: memref<10xf32>, %i: index) {
  // expected-error@+1 {{'affine.vector_load' op result #0 must be vector of any type values, but got 'vector<f32>'}}
  %0 = affine.vector_load %A[%i] : memref<10xf32>, vector<f32>
  return
}

// -----

func.func @prefetch_rw(%A: memref<10xf32>) {
  // expected-error@+1 {{rw specifier has to be 'read' or 'write'}}
  affine.prefetch %A[0], rw, locality<1>, data : memref<10xf32>
  return
}

// -----

func.func @prefetch_locality(%A: memref<10xf32>) {
  // expected-error@+1 {{'affine.prefetch' op attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3}}
  affine.prefetch %A[0], read, locality<5>, data : memref<10xf32>
  return
}

// -----

func.func @delinearize_results(%i: index, %b: index) {
  // expected-error@+1 {{'affine.delinearize_index' op should return an index for each basis element and up to one extra index}}
  %0:3 = affine.delinearize_index %i into (%b) : index, index, index
  return
}

// -----

func.func @delinearize_basis(%i: index, %b: index) {
  // expected-error@+1 {{'affine.delinearize_index' op no basis element may be statically non-positive}}
  %0:2 = affine.delinearize_index %i into (0, %b) : index, index
  return
}

// -----

func.func @linearize_basis(%a: index, %b: index) {
  // expected-error@+1 {{'affine.linearize_index' op should be passed a basis element for each index except possibly the first}}
  %0 = affine.linearize_index [%a, %b] by (2, 3, 4) : index
  return
}

// -----

func.func @for_loop_like(%f: f32) {
  // expected-error@+1 {{'affine.for' op 0-th init and 0-th region iter_arg have different type: 'f32' != 'i32'}}
  %0 = "affine.for"(%f) <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 1>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({
  ^bb0(%i: index, %x: i32):
    "affine.yield"(%f) : (f32) -> ()
  }) : (f32) -> (f32)
  return
}

// -----

// Delimited operand and argument lists name themselves when unclosed.
func.func @f(%a: index) {
  // expected-error@+1 {{expected ')' in operand list}}
  %0 = affine.apply affine_map<(d0)->(d0)>(%a %a)
  return
}

// -----

func.func @f(%a: index) {
  // expected-error@+1 {{expected ']' in operand list}}
  %0 = affine.min affine_map<(d0)->(d0)>(%a) [%a %a]
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{expected ')' in argument list}}
  affine.parallel (%i %j) = (0, 0) to (1, 130) {
  }
  return
}
