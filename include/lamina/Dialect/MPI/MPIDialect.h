//===- MPIDialect.h - The mpi dialect: message passing --------------------===//
//
// Imported whole from MLIR's ODS records (MPIOps.gen.h, by
// utils/import-ods.py): the ops, `!mpi.comm`, `!mpi.request`, `!mpi.retval`,
// `!mpi.status` and `#mpi.errclass<...>`. Folders and canonicalization
// patterns are not implemented.
//
#pragma once

#include "lamina/Dialect/MPI/MPIOps.gen.h"
#include "lamina/IR/Dialect.h"

namespace lamina {

/// `mpi`: the Message Passing Interface.
class MPIDialect : public Dialect {
public:
  explicit MPIDialect(MLIRContext *ctx);
  ~MPIDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "mpi"; }

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
