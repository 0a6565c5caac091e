// symbol-dce's errors: an unregistered op with regions may be a symbol
// table, so uses cannot be computed; the pass only runs on symbol tables.
// RUN: lamina-opt --allow-unregistered-dialect -symbol-dce --verify-diagnostics %s
// RUN: %if mlir-opt %{ mlir-opt --allow-unregistered-dialect -symbol-dce --verify-diagnostics %s %}
// RUN: lamina-opt -p 'builtin.module(func.func(symbol-dce))' --verify-diagnostics %S/Inputs/symbol-dce-not-table.mlir
// RUN: %if mlir-opt %{ mlir-opt -p 'builtin.module(func.func(symbol-dce))' --verify-diagnostics %S/Inputs/symbol-dce-not-table.mlir %}

module {
  func.func private @private_symbol()
  // expected-error@+1 {{contains potentially unknown symbol table}}
  "foo.possibly_unknown_symbol_table"() ({
  }) : () -> ()
}
