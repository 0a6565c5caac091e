//===- SparseTensorDialect.h - The sparse_tensor dialect ------------------===//
//
// Imported from MLIR's ODS records (SparseTensorOps.gen.h, by
// utils/import-ods.py): the ops, `!sparse_tensor.storage_specifier`,
// `!sparse_tensor.iter_space`, `!sparse_tensor.iterator`, the slice and enum
// attributes. Hand-written as in MLIR: `#sparse_tensor.encoding`
// (SparseTensorAttributes.h, parsed and verified in
// SparseTensorAttributes.cpp), the custom syntax of sparse_tensor.iterate
// and coiterate and the ops' verifiers (SparseTensorOps.cpp), the folders
// and iterate's canonicalization pattern (SparseTensorFolders.cpp). The
// sparsifier passes are not implemented.
//
#pragma once

#include "lamina/Dialect/SparseTensor/SparseTensorOps.gen.h"
#include "lamina/IR/Dialect.h"

namespace lamina {

/// `sparse_tensor`: sparse tensor encodings and the ops on sparse tensors.
class SparseTensorDialect : public Dialect {
public:
  explicit SparseTensorDialect(MLIRContext *ctx);
  ~SparseTensorDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "sparse_tensor"; }

  Type parseType(DialectAsmParser &parser) const override { return attrTypes.parseType(parser, *this); }
  void printType(Type type, DialectAsmPrinter &printer) const override { (void)attrTypes.printType(type, printer); }
  Attribute parseAttribute(DialectAsmParser &parser, Type type) const override {
    return attrTypes.parseAttribute(parser, type, *this);
  }
  void printAttribute(Attribute attr, DialectAsmPrinter &printer) const override {
    (void)attrTypes.printAttribute(attr, printer);
  }
  /// Constants of folded ops (arith.constant).
  Operation *materializeConstant(OpBuilder &builder, Attribute value, Type type, Location loc) override;
  /// `#sparse` for encodings (MLIR's OpAsmAttrInterface on the class).
  AliasResult getAlias(Attribute attr, raw_ostream &os) const override;
  bool hasAliasHooks() const override { return true; }

private:
  /// Registers what is imported from MLIR's records (generated, in the
  /// dialect's .gen.cpp).
  void registerGenerated();
  /// The syntax of the dialect's attributes and types.
  ods::DialectAttrTypes attrTypes;
};

namespace sparse_tensor {
/// Attaches the ops' folders and canonicalization patterns
/// (SparseTensorFolders.cpp).
void registerFolders(SparseTensorDialect &dialect);
} // namespace sparse_tensor

} // namespace lamina
