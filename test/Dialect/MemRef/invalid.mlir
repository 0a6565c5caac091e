// Verifier and parser messages of the memref ops (MLIR's wording). Each
// expectation was checked against mlir-opt --verify-diagnostics.
// RUN: lamina-opt --allow-unregistered-dialect --verify-diagnostics --split-input-file %s

func.func @load_variadic_index(%m: memref<4xf32>, %i: f32) {
  // expected-error@+1 {{'memref.load' op operand #1 must be variadic of index, but got 'f32'}}
  %0 = "memref.load"(%m, %i) : (memref<4xf32>, f32) -> f32
  return
}

// -----

func.func @load_alignment(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'memref.load' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %0 = memref.load %m[%i] {alignment = 3} : memref<4xf32>
  return
}

// -----

func.func @dim_rank0(%m: memref<f32>, %i: index) {
  // expected-error@+1 {{'memref.dim' op operand #0 must be unranked.memref of any type values or non-0-ranked.memref of any type values, but got 'memref<f32>'}}
  %0 = memref.dim %m, %i : memref<f32>
  return
}

// -----

func.func @alloc_dims() {
  // expected-error@+1 {{'memref.alloc' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = memref.alloc() : memref<?xf32>
  return
}

// -----

func.func @alloc_symbols() {
  // expected-error@+1 {{'memref.alloc' op symbol operand count does not equal memref symbol count: expected 1, got 0}}
  %0 = memref.alloc() : memref<4xf32, strided<[1], offset: ?>>
  return
}

// -----

func.func @subview_oob(%m: memref<8x16xf32>) {
  // expected-error@+1 {{slice along dimension 0 runs out-of-bounds: 11 >= 8}}
  %0 = memref.subview %m[4, 0] [8, 16] [1, 1] : memref<8x16xf32> to memref<8x16xf32, strided<[16, 1], offset: 64>>
  return
}

// -----

func.func @subview_offset_oob(%m: memref<8x16xf32>) {
  // expected-error@+1 {{offset 0 is out-of-bounds: 8 >= 8}}
  %0 = memref.subview %m[8, 0] [1, 1] [1, 1] : memref<8x16xf32> to memref<1x1xf32, strided<[16, 1], offset: 128>>
  return
}

// -----

func.func @subview_rank(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected result rank to be smaller or equal to the source rank, but got 'memref<1x1x1xf32>'}}
  %0 = memref.subview %m[0, 0] [1, 1] [1, 1] : memref<8x16xf32> to memref<1x1x1xf32>
  return
}

// -----

func.func @subview_layout(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected result type to be 'memref<1x1xf32, strided<[16, 1]>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<1xf32, strided<[2]>>'}}
  %0 = memref.subview %m[0, 0] [1, 1] [1, 1] : memref<8x16xf32> to memref<1xf32, strided<[2]>>
  return
}

// -----

func.func @subview_elem(%m: memref<8x16xf32>) {
  // expected-error@+1 {{expected result element type to be 'f32', but got 'memref<8x16xi32>'}}
  %0 = memref.subview %m[0, 0] [8, 16] [1, 1] : memref<8x16xf32> to memref<8x16xi32>
  return
}

// -----

func.func @subview_count(%m: memref<8x16xf32>, %i: index) {
  // expected-error@+1 {{expected the number of 'offsets' to match the number of dynamic entries in 'static_offsets' (1 vs 0)}}
  %0 = "memref.subview"(%m, %i) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 8, 16>, static_strides = array<i64: 1, 1>}> : (memref<8x16xf32>, index) -> memref<8x16xf32>
  return
}

// -----

func.func @subview_list(%m: memref<8x16xf32>) {
  // expected-error@+2 {{expected integer value}}
  // expected-error@+1 {{expected SSA value or integer}}
  %0 = memref.subview %m[0, ] [8, 16] [1, 1] : memref<8x16xf32> to memref<8x16xf32>
  return
}

// -----

func.func @reinterpret_not_strided(%m: memref<8x16xf32>) {
  // expected-error@+1 {{'memref.reinterpret_cast' op result #0 must be strided memref of any type values, but got 'memref<8x16xf32, affine_map<(d0, d1) -> (d1, d0)>>'}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [8, 16], strides: [16, 1] : memref<8x16xf32> to memref<8x16xf32, affine_map<(d0, d1) -> (d1, d0)>>
  return
}

// -----

func.func @expand_output_shape(%m: memref<8x16xf32>) {
  // expected-error@+1 {{'memref.expand_shape' op invalid output shape provided at pos 1}}
  %0 = "memref.expand_shape"(%m) <{reassociation = [[0, 1], [2]], static_output_shape = array<i64: 8, 2, 16>}> : (memref<8x16xf32>) -> memref<8x1x16xf32>
  return
}

// -----

func.func @expand_dynamic_count(%m: memref<8x16xf32>, %i: index) {
  // expected-error@+1 {{'memref.expand_shape' op mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has 0 dynamic dims while output_shape has 1 values}}
  %0 = "memref.expand_shape"(%m, %i) <{reassociation = [[0, 1], [2]], static_output_shape = array<i64: 8, 1, 16>}> : (memref<8x16xf32>, index) -> memref<8x1x16xf32>
  return
}

// -----

func.func @collapse_strided(%m: memref<8x16xf32>) {
  %s = memref.subview %m[0, 0] [4, 8] [1, 1] : memref<8x16xf32> to memref<4x8xf32, strided<[16, 1]>>
  // expected-error@+1 {{'memref.collapse_shape' op invalid source layout map or collapsing non-contiguous dims}}
  %0 = memref.collapse_shape %s [[0, 1]] : memref<4x8xf32, strided<[16, 1]>> into memref<32xf32, strided<[1]>>
  return
}

// -----

func.func @transpose_equivalent(%m: memref<8x16xf32>) {
  // expected-error@+1 {{'memref.transpose' op result type 'memref<16x8xf32, affine_map<(d0, d1) -> (d0 + d1 * 17)>>' is not equivalent to the canonical transposed input type 'memref<16x8xf32, affine_map<(d0, d1) -> (d0 + d1 * 16)>>'}}
  %0 = memref.transpose %m (d0, d1) -> (d1, d0) : memref<8x16xf32> to memref<16x8xf32, affine_map<(d0, d1) -> (d0 + d1 * 17)>>
  return
}

// -----

func.func @dma_two_strides(%m: memref<8x16xf32>, %i: index) {
  // expected-error@+1 {{expected two stride related operands}}
  memref.dma_start %m[%i, %i], %m[%i, %i], %i, %m[%i, %i], %i : memref<8x16xf32>, memref<8x16xf32>, memref<8x16xf32>
  return
}

// -----

func.func @dma_types(%m: memref<8x16xf32>, %i: index) {
  // expected-error@+1 {{fewer/more types expected}}
  memref.dma_start %m[%i, %i], %m[%i, %i], %i, %m[%i, %i] : memref<8x16xf32>, memref<8x16xf32>
  return
}

// -----

func.func @atomic_body_effects(%m: memref<8x16xf32>, %i: index) {
  %0 = memref.generic_atomic_rmw %m[%i, %i] : memref<8x16xf32> {
  ^bb0(%a: f32):
    // expected-error@+1 {{body of 'memref.generic_atomic_rmw' should contain only operations with no side effects}}
    %d = memref.load %m[%i, %i] : memref<8x16xf32>
    memref.atomic_yield %a : f32
  }
  return
}

// -----

func.func @atomic_kind(%m: memref<8xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{expected string or keyword containing one of the following enum values for attribute 'kind' [addf, addi, andi, assign, maximumf, maxnumf, maxs, maxu, minimumf, minnumf, mins, minu, mulf, muli, ori, xori]}}
  %0 = memref.atomic_rmw foo %v, %m[%i] : (f32, memref<8xf32>) -> f32
  return
}

// -----

func.func @atomic_xori(%m: memref<8xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{'memref.atomic_rmw' op with kind 'xori' expects an integer type}}
  %0 = memref.atomic_rmw xori %v, %m[%i] : (f32, memref<8xf32>) -> f32
  return
}

// -----

// expected-error@+1 {{'memref.global' op initial value shape expected to be 1, 2 but was 2}}
"memref.global"() <{initial_value = dense<[1, 4]> : tensor<2xi32>, sym_name = "c", type = memref<1x2xi32>}> : () -> ()

// -----

// expected-error@+1 {{'memref.global' op initial value element expected to be of type 'i64', but was of type 'i32'}}
"memref.global"() <{initial_value = dense<[1, 4]> : tensor<2xi32>, sym_name = "c", type = memref<2xi64>}> : () -> ()

// -----

// expected-error@+1 {{'memref.global' op attribute 'type' failed to satisfy constraint: memref type attribute}}
"memref.global"() <{initial_value = 3, sym_name = "c", type = i64}> : () -> ()

// -----

func.func @distinct(%m: memref<?xi8>) {
  // expected-error@+1 {{'memref.distinct_objects' op operand types and result types must match}}
  %0 = "memref.distinct_objects"(%m) : (memref<?xi8>) -> (memref<?xi16>)
  return
}

// -----

func.func @realloc_space(%m: memref<4xf32>) {
  // expected-error@+1 {{different memory spaces specified for source memref type 'memref<4xf32>' and result memref type 'memref<8xf32, 1>'}}
  %0 = memref.realloc %m : memref<4xf32> to memref<8xf32, 1>
  return
}

// -----

func.func @view_sizes(%b: memref<2048xi8>, %i: index) {
  // expected-error@+1 {{'memref.view' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = memref.view %b[%i][] : memref<2048xi8> to memref<?x4xf32>
  return
}

// -----

func.func @scope_results(%m: memref<8xf32>) {
  // expected-error@+1 {{'memref.alloca_scope' op along control flow edge from Operation memref.alloca_scope.return to parent: region branch point has 1 operands, but region successor needs 0 inputs}}
  memref.alloca_scope {
    // expected-note@+1 {{region branch point}}
    memref.alloca_scope.return %m : memref<8xf32>
  }
  return
}

// -----

func.func @scope_types(%m: memref<8xf32>) {
  // expected-error@+1 {{'memref.alloca_scope' op along control flow edge from Operation memref.alloca_scope.return to parent: successor operand type #0 'memref<8xf32>' should match successor input type #0 'memref<4xf32>'}}
  %0 = memref.alloca_scope -> memref<4xf32> {
    // expected-note@+1 {{region branch point}}
    memref.alloca_scope.return %m : memref<8xf32>
  }
  return
}

// -----

func.func @transpose_type(%i: index) {
  // expected-error@+1 {{invalid kind of type specified: expected builtin.memref, but found 'index'}}
  %0 = memref.transpose %i (d0) -> (d0) : index to memref<8xf32>
  return
}

// -----

func.func @prefetch_rw(%m: memref<10xf32>, %i: index) {
  // expected-error@+1 {{rw specifier has to be 'read' or 'write'}}
  memref.prefetch %m[%i], rw, locality<0>, data : memref<10xf32>
  return
}

// -----

"test.region"() ({
  // expected-error@+1 {{'memref.alloca' op requires an ancestor op with AutomaticAllocationScope trait}}
  %0 = memref.alloca() : memref<1xf32>
  "test.end"() : () -> ()
}) : () -> ()

// -----

// Integers of custom formats parsed as int64_t take INT64_MIN (which is the
// dynamic marker here) and -INT64_MAX.
func.func @f(%arg0 : memref<20x42xf32>) {
  // expected-error@+1 {{expected sizes to be non-negative, but got -9223372036854775807}}
  %0 = memref.subview %arg0[0, 0] [-9223372036854775807, 42] [1, 1] : memref<20x42xf32> to memref<20x42xf32, strided<[42, 1]>>
  return
}

// -----

func.func @f(%arg0 : memref<20x42xf32>) {
  // expected-error@+2 {{integer value too large}}
  // expected-error@+1 {{expected SSA value or integer}}
  %0 = memref.subview %arg0[0, 0] [9223372036854775808, 42] [1, 1] : memref<20x42xf32> to memref<20x42xf32, strided<[42, 1]>>
  return
}

// -----

// Alignments of allocations are positive powers of two; the custom parser
// checks them with the attribute dictionary.
func.func @f() {
  // expected-error@+1 {{custom op 'memref.alloc' 'memref.alloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %a = memref.alloc() {alignment = 3 : i64} : memref<4xf32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'memref.alloca' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %a = "memref.alloca"() <{alignment = 0 : i64, operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32>
  return
}
