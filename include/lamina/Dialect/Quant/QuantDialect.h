//===- QuantDialect.h - The quant dialect: quantized types and casts ------===//
//
// The casts (`quant.dcast`, `quant.qcast`, `quant.scast`) are imported from
// MLIR's ODS records (QuantOps.gen.h, by utils/import-ods.py); the types are
// hand-written as in MLIR (QuantTypes.h), QuantOps.cpp holds the verifiers
// and folders, QuantBytecode.cpp the types' bytecode encoding.
//
#pragma once

#include "lamina/Dialect/Quant/QuantOps.gen.h"
#include "lamina/Dialect/Quant/QuantTypes.h"
#include "lamina/IR/Dialect.h"

namespace lamina {

/// `quant`: quantized types and the casts between them and their storage
/// and expressed types.
class QuantDialect : public Dialect {
public:
  explicit QuantDialect(MLIRContext *ctx);
  ~QuantDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "quant"; }

  Type parseType(DialectAsmParser &parser) const override;
  void printType(Type type, DialectAsmPrinter &printer) const override;

private:
  /// Registers what is imported from MLIR's records (generated, in the
  /// dialect's .gen.cpp).
  void registerGenerated();
};

namespace quant {
/// Attaches the folders of the casts (QuantOps.cpp).
void registerQuantFolders(QuantDialect &dialect);
/// Registers the bytecode encoding of the types (QuantBytecode.cpp).
void addBytecodeInterface(QuantDialect &dialect);
} // namespace quant

} // namespace lamina
