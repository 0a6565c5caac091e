//===- PDLDialect.h - The pdl dialect: patterns as IR ---------------------===//
//
// The ops and the types `!pdl.attribute`, `!pdl.operation`, `!pdl.type`,
// `!pdl.value` and `!pdl.range<T>` are imported from MLIR's ODS records
// (PDLOps.gen.h, by utils/import-ods.py); PDLOps.cpp holds what MLIR writes
// by hand (the custom directives, `!pdl.range<T>`'s syntax, the verifiers of
// patterns and rewrites). Lamina does not execute PDL patterns.
//
#pragma once

#include "lamina/Dialect/PDL/PDLOps.gen.h"
#include "lamina/IR/Dialect.h"

namespace lamina {

/// `pdl`: the Pattern Descriptor Language.
class PDLDialect : public Dialect {
public:
  explicit PDLDialect(MLIRContext *ctx);
  ~PDLDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "pdl"; }

  Type parseType(DialectAsmParser &parser) const override;
  void printType(Type type, DialectAsmPrinter &printer) const override;

private:
  /// Registers what is imported from MLIR's records (generated, in the
  /// dialect's .gen.cpp).
  void registerGenerated();
  /// The syntax of the dialect's attributes and types.
  ods::DialectAttrTypes attrTypes;
};

namespace pdl {
/// The element type of a `!pdl.range<T>`, else the type itself.
Type getRangeElementTypeOrSelf(Type type);
} // namespace pdl

} // namespace lamina
