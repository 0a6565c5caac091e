// Structural rules of the verifier, checked against expected diagnostics.
// RUN: lamina-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

// A block that needs a terminator cannot be empty: the error is reported at
// the region's parent op.
// expected-error@+1 {{empty block: expect at least a terminator}}
"t.op"() ({
^bb0:
  "t.term"() : () -> ()
^bb1:
}) : () -> ()

// -----

// Single-block regions of unregistered ops may be empty or end with anything.
"t.op"() ({
^bb0:
}) : () -> ()
"t.op"() ({
  "t.not_a_terminator"() : () -> ()
}) : () -> ()

// -----

"t.op"() ({
^bb0:
  // expected-error@+1 {{operation with block successors must terminate its parent block}}
  "t.br"()[^bb1] : () -> ()
  "t.term"() : () -> ()
^bb1:
  "t.term"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{entry block of region may not have predecessors}}
"t.op"() ({
^bb0:
  "t.br"()[^bb0] : () -> ()
}) : () -> ()

// -----

// A registered op that is not a terminator cannot end a block that needs one.
"t.op"() ({
^bb0:
  // expected-error@+1 {{block with no terminator, has}}
  "builtin.module"() ({^bb0:}) : () -> ()
^bb1:
  "t.term"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{unregistered operation 'builtin.foo' found in dialect ('builtin') that does not allow unknown operations}}
"builtin.foo"() : () -> ()

// -----

// expected-error@+1 {{'builtin.unrealized_conversion_cast' op expected at least one result for cast operation}}
"builtin.unrealized_conversion_cast"() : () -> ()

// -----

// expected-error@+1 {{'builtin.module' op region should have no arguments}}
"builtin.module"() ({
^bb0(%a: i32):
}) : () -> ()

// -----

// expected-error@+1 {{'builtin.module' op expects region #0 to have 0 or 1 blocks}}
"builtin.module"() ({
^bb0:
  "t.term"() : () -> ()
^bb1:
}) : () -> ()

// -----

// expected-error@+1 {{'builtin.module' op requires one region}}
"builtin.module"() ({^bb0:}, {^bb0:}) : () -> ()

// -----

// expected-error@+1 {{'builtin.module' op requires zero results}}
%0 = "builtin.module"() ({^bb0:}) : () -> (i32)

// -----

// expected-error@+1 {{'builtin.module' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks}}
"builtin.module"() ({}) : () -> ()

// -----

// expected-error@+1 {{'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'foo'}}
"builtin.module"() ({^bb0:}) {foo} : () -> ()

// -----

// expected-error@+1 {{'builtin.module' op visibility expected to be one of ["public", "private", "nested"], but got "x"}}
"builtin.module"() <{sym_name = "a", sym_visibility = "x"}> ({^bb0:}) : () -> ()
