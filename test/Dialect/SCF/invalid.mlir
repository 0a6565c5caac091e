// Verifier and custom-parser messages of the scf ops (mlir-opt's wording and
// verification order: structural traits, operand constraints, the op
// verifier, then LoopLikeOpInterface / RegionBranchOpInterface checks).
// RUN: lamina-opt --allow-unregistered-dialect --verify-diagnostics --split-input-file %s

func.func @for_iv_type(%arg0: index) {
  // expected-error@+1 {{expected induction variable to be same type as bounds and step}}
  "scf.for"(%arg0, %arg0, %arg0) ({
  ^bb0(%i0 : f32):
    scf.yield
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_no_block_args(%arg0: index, %f: f32) {
  // expected-error@+1 {{different number of inits and region iter_args: 1 != 18446744073709551615}}
  %r = "scf.for"(%arg0, %arg0, %arg0, %f) ({
  ^bb0:
    "scf.yield"(%f) : (f32) -> ()
  }) : (index, index, index, f32) -> f32
  return
}

// -----

func.func @for_yield_count(%x: index, %f: f32) {
  // expected-error@+2 {{'scf.for' op along control flow edge from Operation scf.yield to Region #0: region branch point has 0 operands, but region successor needs 1 inputs}}
  // expected-note@+3 {{region branch point}}
  %r = "scf.for"(%x, %x, %x, %f) ({
  ^bb0(%i: index, %a: f32):
    "scf.yield"() : () -> ()
  }) : (index, index, index, f32) -> (f32)
  return
}

// -----

func.func @for_init_type(%x: index, %f: f32) {
  // expected-error@+1 {{'scf.for' op 0-th init and 0-th region iter_arg have different type: 'f32' != 'i32'}}
  %r = "scf.for"(%x, %x, %x, %f) ({
  ^bb0(%i: index, %a: i32):
    "scf.yield"(%a) : (i32) -> ()
  }) : (index, index, index, f32) -> (f32)
  return
}

// -----

func.func @if_yield_type(%c: i1, %x: f32, %y: i32) {
  // expected-error@+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i32' should match successor input type #0 'f32'}}
  %0 = scf.if %c -> f32 {
    // expected-note@+1 {{region branch point}}
    scf.yield %y : i32
  } else {
    scf.yield %x : f32
  }
  return
}

// -----

func.func @if_terminator(%c: i1, %x: f32) {
  // expected-error@+2 {{'scf.if' op expects regions to end with 'scf.yield', found 'test.foo'}}
  // expected-note@+1 {{in custom textual format, the absence of terminator implies 'scf.yield'}}
  %0 = "scf.if"(%c) ({
    "test.foo"() : () -> ()
  }, {
    "scf.yield"(%x) : (f32) -> ()
  }) : (i1) -> f32
  return
}

// -----

func.func @while_condition_type(%c: i1, %x: f32, %y: i32) {
  // expected-error@+1 {{'scf.while' op along control flow edge from Operation scf.condition to parent: successor operand type #0 'i32' should match successor input type #0 'f32'}}
  %0 = scf.while (%a = %x) : (f32) -> f32 {
    // expected-note@+1 {{region branch point}}
    scf.condition(%c) %y : i32
  } do {
  ^bb0(%b: f32):
    scf.yield %b : f32
  }
  return
}

// -----

func.func @while_after_args(%c: i1, %x: f32) {
  // expected-error@+1 {{'scf.while' op along control flow edge from Operation scf.condition to Region #1: region branch point has 1 operands, but region successor needs 2 inputs}}
  %0 = scf.while (%a = %x) : (f32) -> f32 {
    // expected-note@+1 {{region branch point}}
    scf.condition(%c) %a : f32
  } do {
  ^bb0(%b: f32, %bb: f32):
    scf.yield %b : f32
  }
  return
}

// -----

func.func @execute_region_type(%y: i32) {
  // expected-error@+1 {{'scf.execute_region' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i32' should match successor input type #0 'f32'}}
  %0 = scf.execute_region -> f32 {
    // expected-note@+1 {{region branch point}}
    scf.yield %y : i32
  }
  return
}

// -----

func.func @execute_region_empty() {
  // expected-error@+1 {{'scf.execute_region' op region needs to have at least one block}}
  "scf.execute_region"() ({
  }) : () -> ()
  return
}

// -----

func.func @switch_empty_case(%x: index) {
  // expected-error@+1 {{'scf.index_switch' op region #1 ('caseRegions') failed to verify constraint: region with 1 blocks}}
  scf.index_switch %x
  case 2 {
  }
  default {
  }
  return
}

// -----

func.func @switch_max_case(%x: index) {
  // DenseSet<int64_t> in MLIR treats INT64_MAX as already present.
  // expected-error@+1 {{'scf.index_switch' op has duplicate case value: 9223372036854775807}}
  scf.index_switch %x
  case 1 {
    scf.yield
  }
  case 9223372036854775807 {
    scf.yield
  }
  default {
  }
  return
}

// -----

func.func @switch_region_count(%x: index) {
  // The implicit yield of the default region is located at the op.
  // expected-error@+2 {{'scf.index_switch' op expected each region to return 1 values, but default region returns 0}}
  // expected-note@+1 {{see yield operation here}}
  scf.index_switch %x -> index
  case 2 {
    scf.yield %x : index
  }
  default {
  }
  return
}

// -----

func.func @forall_static_size(%x: index) {
  // expected-error@+1 {{expected 2 upper bound values, got 1}}
  "scf.forall"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>, staticLowerBound = array<i64: 0, 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: 4>}> ({
  ^bb0(%a: index, %b: index):
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @forall_result_type(%x: index, %t: tensor<4xf32>) {
  // expected-error@+1 {{'scf.forall' op expected type of operand #1 ('tensor<4xf32>') to match type of corresponding result ('tensor<5xf32>')}}
  %r = "scf.forall"(%x, %t) <{operandSegmentSizes = array<i32: 0, 1, 0, 1>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%arg8: index, %arg9: tensor<4xf32>):
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : (index, tensor<4xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @forall_too_many_results(%x: index, %t: tensor<4xf32>) {
  // expected-error@+1 {{'scf.forall' op produces 2 results, but has only 1 outputs}}
  %r:2 = "scf.forall"(%x, %t) <{operandSegmentSizes = array<i32: 0, 1, 0, 1>, staticLowerBound = array<i64: 0>, staticStep = array<i64: 1>, staticUpperBound = array<i64: -9223372036854775808>}> ({
  ^bb0(%arg8: index, %arg9: tensor<4xf32>):
    "scf.forall.in_parallel"() ({
    ^bb0:
    }) : () -> ()
  }) : (index, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return
}

// -----

func.func @forall_mapping(%x: index) {
  // expected-error@+1 {{'scf.forall' op attribute 'mapping' failed to satisfy constraint: Device Mapping array attribute}}
  scf.forall (%i) in (4) {
  } {mapping = [1]}
  return
}

// -----

func.func @in_parallel_ops(%x: index, %t: tensor<4xf32>) {
  %r = scf.forall (%i) in (%x) shared_outs(%o = %t) -> tensor<4xf32> {
    // expected-error@+1 {{'scf.forall.in_parallel' op expected only ParallelCombiningOpInterface ops}}
    scf.forall.in_parallel {
      "test.foo"() : () -> ()
    }
  }
  return
}

// -----

func.func @parallel_reductions(%x: index) {
  // expected-error@+1 {{'scf.parallel' op expects number of results: 1 to be the same as number of reductions: 2}}
  %r = scf.parallel (%i) = (%x) to (%x) step (%x) init (%x) -> index {
    scf.reduce(%x : index) {
    ^bb0(%a: index, %b: index):
      scf.reduce.return %a : index
    }, {
    ^bb0(%a: index, %b: index):
      scf.reduce.return %a : index
    }
  }
  return
}

// -----

func.func @parallel_init_count(%lb: index) {
  // expected-error@+1 {{custom op 'scf.parallel' number of operands and types do not match: got 1 operands and 2 types}}
  scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%lb) -> (index, index) {
  }
  return
}

// -----

func.func @parallel_paren(%lb: index) {
  // expected-error@+1 {{expected '(' in operand list}}
  scf.parallel (%i) = %lb to (%lb) step (%lb) {
  }
  return
}

// -----

func.func @while_types(%c: i1) {
  // expected-error@+1 {{expected as many input types as operands (expected 1 got 2)}}
  scf.while (%a = %c) : (i1, i1) -> () {
    scf.condition(%a)
  } do {
  }
  return
}

// -----

func.func @while_do(%c: i1) {
  scf.while (%a = %c) : (i1) -> () {
    scf.condition(%a)
  // expected-error@+1 {{expected 'do'}}
  } {
  }
  return
}

// -----

func.func @condition_parent(%c: i1) {
  // expected-error@+1 {{'scf.condition' op expects parent op 'scf.while'}}
  scf.condition(%c)
  return
}

// -----

// Assignment lists report list errors without the custom-op prefix.
func.func @f(%x: f32, %i: index) {
  // expected-error@+1 {{expected ',' or ')'}}
  %r = scf.for %k = %i to %i step %i iter_args(%a = %x %b = %x) -> (f32) {
    scf.yield %x : f32
  }
  return
}

// -----

func.func @f(%x: f32, %i: index) {
  // expected-error@+1 {{custom op 'scf.for' expected '('}}
  %r = scf.for %k = %i to %i step %i iter_args %a -> (f32) {
    scf.yield %x : f32
  }
  return
}

// -----

// scf.for resolves its bounds and initial values after its body, so errors
// in the body are reported first.
// expected-note@+1 {{prior use here}}
func.func @f(%lb: index, %ub: i64, %x: f32) {
  %r = scf.for %i = %lb to %lb step %lb iter_args(%a = %ub) -> (f32) {
    // expected-error@+1 {{use of value '%x' expects different type than prior uses: 'i32' vs 'f32'}}
    %0 = arith.addi %x, %x : i32
    scf.yield %a : f32
  }
  return
}

// -----

// Segment sizes given as another kind of array are ignored (the sizes stay
// zero), as MLIR's setInherentAttr does.
func.func @f(%arg0: index, %arg1: index, %arg2: index) {
  // expected-error@+1 {{'scf.parallel' op operand count (3) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  "scf.parallel"(%arg0, %arg1, %arg2) ({
    ^bb0(%i0: index):
      scf.reduce
  }) {operandSegmentSizes = array<si8: 1, 1, 1, 0>}: (index, index, index) -> ()
  return
}
