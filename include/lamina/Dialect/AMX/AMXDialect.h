//===- AMXDialect.h - The amx dialect -------------------------------------===//
//
// The ops and !amx.tile are imported from MLIR's ODS records (AMXOps.gen.h,
// by utils/import-ods.py); AMXOps.cpp holds what MLIR writes by hand (the
// verifiers and the tile type's syntax).
//
#pragma once

#include "lamina/Dialect/AMX/AMXOps.gen.h"
#include "lamina/IR/Dialect.h"

namespace lamina {
namespace amx {
/// The element type of a tile or of a builtin shaped type (the constraints'
/// `cast<ShapedType>($_self).getElementType()`: !amx.tile is a ShapedType in
/// MLIR).
Type getTileElementType(Type type);
/// The rank of a tile.
int64_t getTileRank(Type type);
} // namespace amx

/// `amx`: Intel Advanced Matrix Extensions: tile loads, stores and multiplications on !amx.tile values.
class AMXDialect : public Dialect {
public:
  explicit AMXDialect(MLIRContext *ctx);
  ~AMXDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "amx"; }
  Type parseType(DialectAsmParser &parser) const override;
  void printType(Type type, DialectAsmPrinter &printer) const override;

private:
  /// Registers what is imported from MLIR's records (generated, in the
  /// dialect's .gen.cpp).
  void registerGenerated();
  /// The syntax of the dialect's attributes and types.
  ods::DialectAttrTypes attrTypes;
};

} // namespace lamina
