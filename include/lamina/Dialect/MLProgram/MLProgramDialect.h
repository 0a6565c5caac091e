//===- MLProgramDialect.h - The ml_program dialect ------------------------===//
//
// The ops, `!ml_program.token` and `#ml_program.extern` are imported from
// MLIR's ODS records (MLProgramOps.gen.h, by utils/import-ods.py);
// MLProgramOps.cpp holds what MLIR writes by hand (the function syntax, the
// custom directives, verifiers and symbol-use checks). The dialect also has
// mlir-opt's file metadata hooks: a `dialect_resources` group `ml_program` is
// accepted and each key in it is rejected ("unknown 'resource' key"), as
// mlir-opt's asm interface declares no resource.
//
#pragma once

#include "lamina/Dialect/MLProgram/MLProgramOps.gen.h"
#include "lamina/IR/Dialect.h"

namespace lamina {

/// `ml_program`: globals, functions and graph subgraphs of ML programs.
class MLProgramDialect : public Dialect {
public:
  explicit MLProgramDialect(MLIRContext *ctx);
  ~MLProgramDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "ml_program"; }

  Type parseType(DialectAsmParser &parser) const override;
  void printType(Type type, DialectAsmPrinter &printer) const override;
  Attribute parseAttribute(DialectAsmParser &parser, Type type) const override;
  void printAttribute(Attribute attr, DialectAsmPrinter &printer) const override;

  /// `#extern` (genMnemonicAlias).
  AliasResult getAlias(Attribute attr, raw_ostream &os) const override { return attrTypes.getAlias(attr, os); }
  AliasResult getAlias(Type type, raw_ostream &os) const override { return attrTypes.getAlias(type, os); }
  bool hasAliasHooks() const override { return true; }

  /// The dialect takes a resource group, but no resource.
  bool hasResourceHooks() const override { return true; }

private:
  /// Registers what is imported from MLIR's records (generated, in the
  /// dialect's .gen.cpp).
  void registerGenerated();
  /// The syntax of the dialect's attributes and types.
  ods::DialectAttrTypes attrTypes;
};

} // namespace lamina
