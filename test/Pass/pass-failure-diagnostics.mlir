// The diagnostics of a pass that fails on several functions, checked with
// --verify-diagnostics (with and without threads).
// RUN: lamina-opt --verify-diagnostics -p 'builtin.module(func.func(test-pass-failure{gen-diagnostics}))' %s
// RUN: lamina-opt --verify-diagnostics -p 'builtin.module(func.func(test-pass-failure{gen-diagnostics}))' --mlir-disable-threading %s
// RUN: %if mlir-opt %{ mlir-opt --verify-diagnostics -p 'builtin.module(func.func(test-pass-failure{gen-diagnostics}))' %s %}

// expected-error@below {{illegal operation}}
func.func @a() {
  return
}
// expected-error@below {{illegal operation}}
func.func @b() {
  return
}
// expected-error@below {{illegal operation}}
func.func @c() {
  return
}
