// The test dialect rejects the discardable attribute `test.invalid_attr` on
// operations, function arguments and results (mlir-opt's wording).
// RUN: lamina-opt --verify-diagnostics --split-input-file %s
// RUN: %if mlir-opt %{ mlir-opt --verify-diagnostics --split-input-file %s %}

// expected-error@+1 {{invalid to use 'test.invalid_attr'}}
func.func @f(%arg0: i64 {test.invalid_attr}) {
  return
}

// -----

// expected-error@+1 {{invalid to use 'test.invalid_attr'}}
func.func @f(%arg0: i64) -> (i64 {test.invalid_attr}) {
  return %arg0 : i64
}

// -----

// expected-error@+1 {{invalid to use 'test.invalid_attr'}}
module attributes {test.invalid_attr} {}

// -----

// expected-error@+1 {{invalid to use 'test.invalid_attr'}}
"test.anything"() {test.invalid_attr = 3 : i32} : () -> ()

// -----

// Other attributes of the namespace are accepted.
"test.anything"() {test.valid_attr, test.other = #test.attr_params<1, 2>} : () -> ()
func.func private @g(i64 {test.arg_attr}) -> (i64 {test.res_attr})
