//===- StandaloneDialect.h - The standalone dialect -----------------------===//
//
// An out-of-tree dialect built against an installed Lamina: types written by
// hand (StandaloneTypes.h), an attribute and ops declared with Lamina's op
// definitions (StandaloneOps.h), an op interface (StandaloneInterfaces.h),
// a fold hook, a canonicalization pattern and a pass (StandalonePasses.h).
//
#pragma once

#include "lamina/IR/Dialect.h"
#include "lamina/IR/StorageUserBase.h"
#include "lamina/ODS/AttrTypeDef.h"

#include <cstdint>
#include <string_view>

namespace standalone {

/// `#standalone.cost<12>`: a cost in lane operations (what the
/// standalone-annotate-cost pass attaches to functions). Its storage is the
/// parameter tuple of Lamina's op definitions (ods::AttrParamStorage), so its
/// syntax is declared in one line (see StandaloneDialect.cpp).
class CostAttr
    : public lamina::Attribute::AttrBase<CostAttr, lamina::Attribute, lamina::ods::AttrParamStorage<int64_t>> {
public:
  using Base::Base;
  static constexpr std::string_view name = "standalone.cost";
  static CostAttr get(lamina::MLIRContext *ctx, int64_t value) { return Base::get(ctx, value); }
  int64_t getValue() const { return std::get<0>(getImpl()->params); }
};

/// The dialect: registers the types, the attribute and the ops, and parses
/// and prints its types and attributes.
class StandaloneDialect : public lamina::Dialect {
public:
  explicit StandaloneDialect(lamina::MLIRContext *ctx);
  ~StandaloneDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "standalone"; }

  lamina::Type parseType(lamina::DialectAsmParser &parser) const override;
  void printType(lamina::Type type, lamina::DialectAsmPrinter &printer) const override;
  lamina::Attribute parseAttribute(lamina::DialectAsmParser &parser, lamina::Type type) const override;
  void printAttribute(lamina::Attribute attr, lamina::DialectAsmPrinter &printer) const override;

  /// Checks the dialect's discardable attributes (`standalone.cost = ...`
  /// on any op).
  lamina::LogicalResult verifyOperationAttribute(lamina::Operation *op, lamina::NamedAttribute attr) override;

private:
  /// The declared syntax of the attribute (dispatch by mnemonic).
  lamina::ods::DialectAttrTypes attrTypes;

  /// Registers the ops (StandaloneOps.cpp).
  void registerOps();
};

} // namespace standalone
