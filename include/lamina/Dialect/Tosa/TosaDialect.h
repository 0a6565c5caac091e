//===- TosaDialect.h - The tosa dialect: Tensor Operator Set Architecture -===//
//
// The ops, attributes, types and enums are imported from MLIR's ODS records
// (TosaOps.gen.h, by utils/import-ods.py); TosaBaseClasses.h, TosaDialect.cpp,
// TosaOps.cpp, TosaVerifiers.cpp and TosaInference.cpp hold what MLIR writes
// by hand (the traits, the custom forms, the verifiers and the result types
// some ops infer).
//
#pragma once

#include "lamina/Dialect/Tosa/TosaBaseClasses.h"
#include "lamina/Dialect/Tosa/TosaOps.gen.h"
#include "lamina/IR/Dialect.h"

namespace lamina {

/// `tosa`: the Tensor Operator Set Architecture.
class TosaDialect : public Dialect {
public:
  explicit TosaDialect(MLIRContext *ctx);
  ~TosaDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "tosa"; }

  Attribute parseAttribute(DialectAsmParser &parser, Type type) const override;
  void printAttribute(Attribute attr, DialectAsmPrinter &printer) const override;
  Type parseType(DialectAsmParser &parser) const override;
  void printType(Type type, DialectAsmPrinter &printer) const override;
  /// tosa.const_shape for a dense integer value of a shape type, tosa.const
  /// for other elements attributes.
  Operation *materializeConstant(OpBuilder &builder, Attribute value, Type type, Location loc) override;

private:
  /// Registers what is imported from MLIR's records (generated, in the
  /// dialect's .gen.cpp).
  void registerGenerated();
  /// The syntax of the dialect's attributes and types.
  ods::DialectAttrTypes attrTypes;
};

namespace tosa {
/// The element type of `type` (itself if not shaped), the storage type of a
/// quantized element.
Type getStorageElementTypeOrSelf(Type type);
/// The storage type of `type`, unsigned for an unsigned quantized type (the
/// storage type itself is signless).
Type getStorageElementTypeFromQuantized(quant::QuantizedType type);
/// Attaches the folders of the tosa ops (TosaFolders.cpp).
void registerTosaFolders(TosaDialect &dialect);
/// Attaches the canonicalization patterns (TosaCanonicalization.cpp).
void registerTosaCanonicalization(TosaDialect &dialect);
} // namespace tosa

} // namespace lamina
