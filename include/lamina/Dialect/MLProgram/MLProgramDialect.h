//===- MLProgramDialect.h - mlir-opt's `ml_program` dialect, as a namespace ===//
//
// Lamina does not implement the ml_program dialect, but registers its
// namespace for what it shares with every operation-less dialect mlir-opt
// knows: its file metadata hooks. In mlir-opt the dialect has an asm
// interface that declares no resources, so a `dialect_resources` group
// `ml_program` is accepted and each key in it is rejected ("unknown
// 'resource' key"). Everything else of the namespace stays as written:
// operations are unknown (allowed), and types and attributes are kept
// verbatim (opaque), as when the dialect is not registered.
//
#pragma once

#include "lamina/IR/Dialect.h"

namespace lamina {

/// mlir-opt's `ml_program` dialect (its namespace and resource hooks).
class MLProgramDialect : public Dialect {
public:
  explicit MLProgramDialect(MLIRContext *ctx);
  static constexpr std::string_view getDialectNamespace() { return "ml_program"; }

  /// Types and attributes are kept as written (opaque).
  Type parseType(DialectAsmParser &parser) const override;
  Attribute parseAttribute(DialectAsmParser &parser, Type type) const override;

  /// The dialect takes a resource group, but no resource.
  bool hasResourceHooks() const override { return true; }
};

} // namespace lamina
