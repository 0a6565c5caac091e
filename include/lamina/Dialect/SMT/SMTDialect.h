//===- SMTDialect.h - The smt dialect: SMT-LIB constraints ----------------===//
//
// The ops, the types (`!smt.bool`, `!smt.int`, `!smt.bv<N>`,
// `!smt.array<[D -> R]>`, `!smt.func<(...) R>`, `!smt.sort<"s"[...]>`) and
// `#smt.bv<V> : !smt.bv<N>` are imported from MLIR's ODS records
// (SMTOps.gen.h, by utils/import-ods.py); SMTOps.cpp holds what MLIR writes by
// hand (the bit-vector attribute's syntax, the variadic comparison and repeat
// syntax, integer constants, the verifiers of quantifiers, solver and check,
// result names). Folders are not implemented.
//
#pragma once

#include "lamina/Dialect/SMT/SMTOps.gen.h"
#include "lamina/IR/Dialect.h"

namespace lamina {

/// `smt`: SMT-LIB formulas and solver interaction.
class SMTDialect : public Dialect {
public:
  explicit SMTDialect(MLIRContext *ctx);
  ~SMTDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "smt"; }

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
