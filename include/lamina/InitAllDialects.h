//===- InitAllDialects.h - Register every dialect Lamina implements -------===//
//
// One list of dialects for lamina-opt, lamina-test-opt, the fuzzers and the
// tests (MLIR's registerAllDialects). The `test` dialect is not part of it:
// it lives with the tests (test/lib/Dialect/Test) and the tools that want it
// register it themselves.
//
#pragma once

namespace lamina {

class DialectRegistry;

/// Inserts every dialect Lamina implements into `registry`, and installs the
/// builtin ops' definition (see installBuiltinOpDefinitions).
void registerAllDialects(DialectRegistry &registry);

} // namespace lamina
