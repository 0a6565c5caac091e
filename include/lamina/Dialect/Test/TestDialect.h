//===- TestDialect.h - mlir-opt's `test` dialect, as lamina-opt registers it ===//
//
// The reference mlir-opt registers MLIR's `test` dialect, which thousands of
// MLIR test files use. Lamina implements a few of its pieces and keeps every
// other `test` construct exactly as written: unknown operations are allowed
// and unknown type and attribute mnemonics are kept verbatim (as opaque
// types/attributes of the `test` namespace, printed back identically).
//
// Not to be confused with test/lib's dialect of the same namespace, which
// only lamina-test-opt registers.
//
#pragma once

#include "lamina/IR/Dialect.h"

namespace lamina {

/// mlir-opt's `test` dialect.
class MLIRTestDialect : public Dialect {
public:
  explicit MLIRTestDialect(MLIRContext *ctx);
  ~MLIRTestDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "test"; }

  Type parseType(DialectAsmParser &parser) const override;
  void printType(Type type, DialectAsmPrinter &printer) const override;
  Attribute parseAttribute(DialectAsmParser &parser, Type type) const override;
  void printAttribute(Attribute attr, DialectAsmPrinter &printer) const override;

private:
  /// Registers the operations Lamina implements (TestOps.cpp).
  void registerOps();
};

} // namespace lamina
