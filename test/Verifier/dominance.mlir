// Operand dominance, with the note locating the definition.
// RUN: lamina-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

"t.op"() ({
^bb0:
  "t.use"(%1) : (i32) -> ()
  // expected-error@-1 {{operand #0 does not dominate this use}}
  %1 = "t.def"() : () -> i32 // expected-note {{operand defined here (op in the same block)}}
  "t.br"()[^bb1] : () -> ()
^bb1:
  "t.term"() : () -> ()
}) : () -> ()

// -----

"t.op"() ({
^bb0:
  %0 = "t.def"() : () -> i32
  "t.br"()[^bb2] : () -> ()
^bb1:
  %1 = "t.def"() : () -> i32 // expected-note {{operand defined here (op in the same region)}}
  "t.br"()[^bb2] : () -> ()
^bb2:
  "t.use"(%1) : (i32) -> () // expected-error {{operand #0 does not dominate this use}}
  "t.term"() : () -> ()
}) : () -> ()

// -----

// expected-note@+1 {{operand defined as a block argument (block #1 in the same region)}}
"t.op"() ({
^bb0:
  "t.br"()[^bb2] : () -> ()
^bb1(%a: i32):
  "t.br"()[^bb2] : () -> ()
^bb2:
  "t.use"(%a) : (i32) -> () // expected-error {{operand #0 does not dominate this use}}
  "t.term"() : () -> ()
}) : () -> ()

// -----

// A use inside a nested region of a later op is fine; a use nested in an
// earlier op is not.
"t.op"() ({
^bb0:
  "t.wrap"() ({
    "t.use"(%1) : (i32) -> () // expected-error {{operand #0 does not dominate this use}}
  }) : () -> ()
  %1 = "t.def"() : () -> i32 // expected-note {{operand defined here (op in a parent region)}}
  "t.wrap"() ({
    "t.use"(%1) : (i32) -> ()
  }) : () -> ()
  "t.br"()[^bb1] : () -> ()
^bb1:
  "t.term"() : () -> ()
}) : () -> ()

// -----

// Unreachable blocks are not checked.
"t.op"() ({
^bb0:
  "t.br"()[^bb1] : () -> ()
^bb1:
  "t.br"()[^bb1] : () -> ()
^bb2:
  "t.use"(%0) : (i32) -> ()
  %0 = "t.def"() : () -> i32
  "t.br"()[^bb1] : () -> ()
}) : () -> ()

// -----

// Operands dominate through every path: ^bb0 dominates ^bb3 via ^bb1 and ^bb2.
"t.op"() ({
^bb0:
  %0 = "t.def"() : () -> i32
  "t.cond_br"()[^bb1, ^bb2] : () -> ()
^bb1:
  %1 = "t.def"() : () -> i32 // expected-note {{operand defined here (op in the same region)}}
  "t.br"()[^bb3] : () -> ()
^bb2:
  "t.br"()[^bb3] : () -> ()
^bb3:
  "t.use"(%0) : (i32) -> ()
  "t.use"(%1) : (i32) -> () // expected-error {{operand #0 does not dominate this use}}
  "t.term"() : () -> ()
}) : () -> ()
