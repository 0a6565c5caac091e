//===- ShardDialect.h - The shard dialect: sharding across device grids ---===//
//
// The ops, `!shard.sharding`, `#shard.axisarray` and the reduction kinds are
// imported from MLIR's ODS records (ShardOps.gen.h, by utils/import-ods.py);
// ShardDialect.cpp and ShardOps.cpp hold what MLIR writes by hand (the grid
// and sharding verifiers, the ops' checks against their grid, result names,
// custom<DimensionList>).
//
// Partial: no folders, canonicalization patterns, sharding interfaces or
// passes.
//
#pragma once

#include "lamina/Dialect/Shard/ShardOps.gen.h"
#include "lamina/IR/Dialect.h"

namespace lamina {

/// `shard`: device grids, tensor shardings and the collective communication
/// ops over grid axes.
class ShardDialect : public Dialect {
public:
  explicit ShardDialect(MLIRContext *ctx);
  ~ShardDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "shard"; }

  Type parseType(DialectAsmParser &parser) const override { return attrTypes.parseType(parser, *this); }
  void printType(Type type, DialectAsmPrinter &printer) const override { (void)attrTypes.printType(type, printer); }
  Attribute parseAttribute(DialectAsmParser &parser, Type type) const override {
    return attrTypes.parseAttribute(parser, type, *this);
  }
  void printAttribute(Attribute attr, DialectAsmPrinter &printer) const override {
    (void)attrTypes.printAttribute(attr, printer);
  }

private:
  /// Registers what is imported from MLIR's records (generated, in the
  /// dialect's .gen.cpp).
  void registerGenerated();
  /// The syntax of the dialect's attributes and types.
  ods::DialectAttrTypes attrTypes;
};

} // namespace lamina
