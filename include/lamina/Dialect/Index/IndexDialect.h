//===- IndexDialect.h - The index dialect: target-independent index math -===//
//
// The ops, the `#index<cmp_predicate ...>` attribute and their syntax are
// imported from MLIR's ODS records (IndexOps.gen.h, by utils/import-ods.py);
// IndexOps.cpp holds what MLIR writes by hand (cast compatibility, result
// names).
//
#pragma once

#include "lamina/Dialect/Index/IndexOps.gen.h"
#include "lamina/IR/Dialect.h"

namespace lamina {

/// `index`: arithmetic on `index` values whose width is the target's.
class IndexDialect : public Dialect {
public:
  explicit IndexDialect(MLIRContext *ctx);
  ~IndexDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "index"; }

  Attribute parseAttribute(DialectAsmParser &parser, Type type) const override;
  void printAttribute(Attribute attr, DialectAsmPrinter &printer) const override;
  /// index.bool.constant for an i1 value, index.constant for an index one.
  Operation *materializeConstant(OpBuilder &builder, Attribute value, Type type, Location loc) override;

private:
  /// Registers what is imported from MLIR's records (generated, in the
  /// dialect's .gen.cpp).
  void registerGenerated();
  /// The syntax of the dialect's attributes and types.
  ods::DialectAttrTypes attrTypes;
};

namespace index {
/// Attaches InferIntRangeInterface to the ops (IndexIntRange.cpp).
void registerIndexIntRangeInference(IndexDialect &dialect);
/// The folders of index.constant and index.bool.constant (IndexIntRange.cpp).
void registerIndexConstantFolders(IndexDialect &dialect);
/// Folders of the binary arithmetic ops (IndexFolders.cpp).
void registerIndexArithFolders(IndexDialect &dialect);
/// The folder of index.cmp (IndexCmpFolder.cpp).
void registerIndexCmpFolder(IndexDialect &dialect);
} // namespace index

} // namespace lamina
