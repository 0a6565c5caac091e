// Parse errors of the test dialect's recursive types (mlir-opt's wording);
// a test_rec given a second, different body fails without a message.
// RUN: lamina-opt --verify-diagnostics --split-input-file %s
// RUN: %if mlir-opt %{ mlir-opt --verify-diagnostics --split-input-file %s %}
// RUN: not lamina-opt %S/Inputs/recursive-conflict.mlir 2>&1 | count 0

// expected-error@+1 {{expected ','}}
"test.op"() : () -> !test.test_rec<a>

// -----

// expected-error@+1 {{expected valid keyword}}
"test.op"() : () -> !test.test_rec<"a", test_type>

// -----

// The body is a test type without prefix.
// expected-error@+1 {{expected valid keyword}}
"test.op"() : () -> !test.test_rec<a, !test.test_type>

// -----

// Within its own body, only the name.
// expected-error@+1 {{expected '>'}}
"test.op"() : () -> !test.test_rec<x, test_rec<x, test_type>>

// -----

// A reference to a test_rec outside its body.
"test.op"() : () -> !test.test_rec<a, test_rec<b, test_rec<a>>>
// expected-error@+1 {{expected ','}}
"test.op"() : () -> !test.test_rec<b, test_rec<a>>

// -----

// expected-error@+1 {{expected ','}}
"test.op"() : () -> !test.test_rec_alias<x>

// -----

// expected-error@+1 {{expected valid keyword}}
"test.op"() : () -> !test.test_rec_alias<"x", i32>

// -----

// expected-error@+1 {{expected '>'}}
"test.op"() : () -> !test.test_rec_alias<x, !test.test_rec_alias<x, i32>>

// -----

// The body of a test_rec_alias is a type written in full.
// expected-error@+1 {{expected non-function type}}
"test.op"() : () -> !test.test_rec_alias<x, test_type>

// -----

// A test_rec type inside the body of a test_rec_alias of the same name is
// another type.
// expected-error@+1 {{expected ','}}
"test.op"() : () -> !test.test_rec_alias<t, !test.test_rec<t>>
