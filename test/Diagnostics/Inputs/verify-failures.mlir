// Annotated input for ../verify-failures.mlir (its CHECK lines would be
// read as annotations if they were in this file).

// An unexpected error, and an expectation nothing matches.
// expected-error@+1 {{this is not the message}}
"builtin.foo"() : () -> ()

// -----

// The right message with the wrong severity is a near miss.
// expected-warning@+1 {{unregistered operation 'builtin.bar'}}
"builtin.bar"() : () -> ()

// -----

// Notes must be expected too.
"t.sym"() {sym_name = "s"} : () -> ()
"t.sym"() {sym_name = "s"} : () -> () // expected-error {{redefinition of symbol named 's'}}

// -----

// Invalid regular expressions are reported when the input is scanned.
// expected-error-re {{ {{(}} }}
// expected-error-re {{ {{abc }}

// -----

// expected-remark@unknown {{never emitted}}
// expected-note@below {{dangling}}
