// Types and attributes of dialects that are not registered, without
// --allow-unregistered-dialect: the message shows them as opaque, the
// namespace printed as a string attribute (mlir-opt's wording).
// RUN: lamina-opt --verify-diagnostics --split-input-file %s

// expected-error@+1 {{`!"foo"<"bar<1>">` type created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used}}
func.func @f(%a: !foo.bar<1>) {
  return
}

// -----

// expected-error@+1 {{#"foo"<"bar<1>"> : 'i32' attribute created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used}}
func.func @f() attributes {a = #foo.bar<1> : i32} {
  return
}
