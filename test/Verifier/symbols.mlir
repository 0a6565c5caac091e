// Symbol tables: unique names per table, nested tables are separate.
// RUN: lamina-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s

"t.sym"() {sym_name = "foo"} : () -> () // expected-note {{see existing symbol definition here}}
"t.sym"() {sym_name = "foo"} : () -> () // expected-error {{redefinition of symbol named 'foo'}}

// -----

"builtin.module"() ({
  "t.sym"() {sym_name = "a"} : () -> ()
  "builtin.module"() ({
    "t.sym"() {sym_name = "a"} : () -> ()
  }) {sym_name = "m"} : () -> ()
  "builtin.module"() ({
    "t.sym"() {sym_name = "a"} : () -> () // expected-note {{see existing symbol definition here}}
    "t.sym"() {sym_name = "a"} : () -> () // expected-error {{redefinition of symbol named 'a'}}
  }) {sym_name = "n"} : () -> ()
}) : () -> ()
