// Verifier messages of the registered test ops (mlir-opt's wording).
// RUN: lamina-opt --verify-diagnostics --split-input-file %s
// RUN: %if mlir-opt %{ mlir-opt --verify-diagnostics --split-input-file %s %}

// expected-error@+1 {{'test.SingleBlockImplicitTerminator' op expects a non-empty block}}
"test.SingleBlockImplicitTerminator"() ({
^entry:
}) : () -> ()

// -----

// expected-error@+1 {{'test.SingleBlockImplicitTerminator' op expects region #0 to have 0 or 1 blocks}}
"test.SingleBlockImplicitTerminator"() ({
^entry:
  "test.finish"() : () -> ()
^other:
  "test.finish"() : () -> ()
}) : () -> ()

// -----

// expected-error@+2 {{'test.SingleBlockImplicitTerminator' op expects regions to end with 'test.finish', found 'test.non_existent_op'}}
// expected-note@+1 {{in custom textual format, the absence of terminator implies 'test.finish'}}
"test.SingleBlockImplicitTerminator"() ({
  "test.non_existent_op"() : () -> ()
}) : () -> ()

// -----

%a = "test.value"() : () -> i32
"test.SingleBlockImplicitTerminator"() ({
  // expected-error@+1 {{'test.finish' op requires zero operands}}
  "test.finish"(%a) : (i32) -> ()
}) : () -> ()

// -----

"test.SingleBlockImplicitTerminator"() ({
  // expected-error@+1 {{'test.finish' op must be the last operation in the parent block}}
  "test.finish"() : () -> ()
  "test.finish"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{'test.symbol_scope' op requires one region}}
"test.symbol_scope"() : () -> ()

// -----

// expected-error@+1 {{'test.symbol_table_region' op region #0 ('region') failed to verify constraint: region with 1 blocks}}
"test.symbol_table_region"() ({
^entry:
  "test.finish"() : () -> ()
^other:
  "test.finish"() : () -> ()
}) : () -> ()

// -----

"test.symbol_scope"() ({
  // expected-note@+1 {{see existing symbol definition here}}
  func.func private @foo()
  // expected-error@+1 {{redefinition of symbol named 'foo'}}
  func.func private @foo()
  "test.finish"() : () -> ()
}) : () -> ()

// -----

func.func private @bar()
"test.symbol_scope"() ({
  func.func @user() {
    // expected-error@+1 {{'func.call' op 'bar' does not reference a valid function}}
    func.call @bar() : () -> ()
    return
  }
  "test.finish"() : () -> ()
}) : () -> ()

// -----

%0 = "test.value"() : () -> i32
// expected-note@+1 {{required by region isolation constraints}}
"test.symbol_scope_isolated"() ({
  // expected-error@+1 {{'test.use' op using value defined outside the region}}
  "test.use"(%0) : (i32) -> ()
  "test.finish"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{'test.graph_region' op expects graph region #0 to have 0 or 1 blocks}}
"test.graph_region"() ({
^bb0:
  "test.finish"() : () -> ()
^bb1:
  "test.finish"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{'test.graph_region' op requires one region}}
"test.graph_region"() ({}, {}) : () -> ()

// -----

// An inherent segment-size attribute of the wrong kind or length given in the
// attribute dictionary is ignored (the sizes stay zero), as in mlir-opt.
func.func @f(%arg: i32) {
  // expected-error@+1 {{'test.attr_sized_operands' op operand count (4) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  "test.attr_sized_operands"(%arg, %arg, %arg, %arg) {operandSegmentSizes = array<i32: 2, 1, 1>} : (i32, i32, i32, i32) -> ()
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'test.attr_sized_results' op result count (4) does not match with the total size (0) specified in attribute 'resultSegmentSizes'}}
  %0:4 = "test.attr_sized_results"() {resultSegmentSizes = 10} : () -> (i32, i32, i32, i32)
  return
}

// -----

// expected-error@+1 {{invalid properties {resultSegmentSizes = array<i64: 1, 1, 1, 1>} for op test.attr_sized_results: expected DenseI32ArrayAttr for key `value`}}
%0:4 = "test.attr_sized_results"() <{resultSegmentSizes = array<i64: 1, 1, 1, 1>}> : () -> (i32, i32, i32, i32)

// -----

// expected-error@+1 {{'test.int_attrs' op attribute 'ui32_attr' failed to satisfy constraint: 32-bit unsigned integer attribute}}
"test.int_attrs"() {any_i32_attr = 5 : i32, index_attr = 8 : index, si32_attr = 7 : si32, ui32_attr = 6 : i32} : () -> ()

// -----

// expected-error@+1 {{'test.symbol' op visibility expected to be one of ["public", "private", "nested"], but got "foo"}}
"test.symbol"() {sym_name = "a", sym_visibility = "foo"} : () -> ()

// -----

// expected-error@+1 {{'test.mixed_normal_variadic_result' op result #0 must be variadic of tensor of any type values, but got 'i32'}}
%0:4 = "test.mixed_normal_variadic_result"() : () -> (i32, i32, i32, f32)

// -----

// expected-error@+2 {{invalid dimension}}
// expected-error@+1 {{custom op 'test.custom_dimension_list_attr' Failed parsing dimension list.}}
test.custom_dimension_list_attr dimension_list = 1x-1

// -----

// expected-error@+1 {{custom op 'test.custom_dimension_list_attr' Failed parsing dimension list. Did you mean an empty list? It must be denoted by "[]".}}
test.custom_dimension_list_attr dimension_list = -1

// -----

// expected-error@+2 {{expected ']'}}
// expected-error@+1 {{custom op 'test.custom_dimension_list_attr' Failed parsing dimension list.}}
test.custom_dimension_list_attr dimension_list = [2x3]

// -----

// expected-error@+1 {{'test.optional_custom_attr' op attribute 'attr' failed to satisfy constraint: 1-bit signless integer attribute}}
test.optional_custom_attr foo 1 : i32

// -----

// expected-error@+1 {{'test.child' op expects parent op 'test.parent'}}
"test.child"() : () -> ()

// -----

// expected-error@+1 {{'test.child_with_parent_one_of' op expects parent op to be one of 'test.parent, test.parent1'}}
"test.child_with_parent_one_of"() : () -> ()

// -----

// expected-error@+1 {{'test.type_attr_of' op attribute 'type' failed to satisfy constraint: type attribute of 64-bit signless integer}}
test.type_attr_of i32

// -----

// expected-error@+1 {{'test.affine_scope' op region #0 ('region') failed to verify constraint: region with 1 blocks}}
"test.affine_scope"() ({}) {a} : () -> ()
