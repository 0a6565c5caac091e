//===- UBDialect.h - The ub dialect: undefined behaviour ------------------===//
//
// ub.poison, ub.unreachable and `#ub.poison`, imported whole from MLIR's ODS
// records (UBOps.gen.h, by utils/import-ods.py).
//
#pragma once

#include "lamina/Dialect/UB/UBOps.gen.h"
#include "lamina/IR/Dialect.h"

namespace lamina {

/// `ub`: poison values and unreachable code.
class UBDialect : public Dialect {
public:
  explicit UBDialect(MLIRContext *ctx);
  ~UBDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "ub"; }

  Attribute parseAttribute(DialectAsmParser &parser, Type type) const override;
  void printAttribute(Attribute attr, DialectAsmPrinter &printer) const override;
  /// A ub.poison for a poison attribute.
  Operation *materializeConstant(OpBuilder &builder, Attribute value, Type type, Location loc) override;

private:
  /// Registers what is imported from MLIR's records (generated, in the
  /// dialect's .gen.cpp).
  void registerGenerated();
  /// The syntax of the dialect's attributes and types.
  ods::DialectAttrTypes attrTypes;
};

} // namespace lamina
