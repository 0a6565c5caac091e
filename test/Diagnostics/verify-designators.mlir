// Expectations matched through every designator (each diagnostic matches
// one expectation),
// in -split-input-file chunks with absolute line numbers.
// RUN: lamina-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// RUN: lamina-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics=all %s
// RUN: lamina-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics=only-expected %s

"builtin.foo"() : () -> () // expected-error {{unregistered operation 'builtin.foo'}}

// -----

// expected-error@+2 {{unregistered operation 'builtin.bar'}}

"builtin.bar"() : () -> ()

// -----

"builtin.baz"() : () -> ()
// expected-error@-1 {{found in dialect ('builtin')}}

// -----

// @below skips only annotation lines (any other line, even a comment,
// takes the expectation).
// expected-error@below {{unregistered operation 'builtin.below'}}
"builtin.below"() : () -> ()

// -----

"builtin.above"() : () -> ()
// expected-error-re@above {{unregistered operation '{{builtin\.[a-z]+}}' found in dialect ({{.*}})}}

// -----

// expected-error@unknown {{unregistered operation 'builtin.nowhere'}}
"builtin.nowhere"() : () -> () loc(unknown)

// -----

"t.sym"() {sym_name = "s"} : () -> () // expected-note {{see existing symbol definition here}}
"t.sym"() {sym_name = "s"} : () -> () // expected-error {{redefinition of symbol named 's'}}
