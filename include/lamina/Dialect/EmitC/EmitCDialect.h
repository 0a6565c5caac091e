//===- EmitCDialect.h - The emitc dialect: C/C++ emission -----------------===//
//
// The ops, the types (`!emitc.opaque<"...">`, `!emitc.ptr<T>`,
// `!emitc.array<2x3xT>`, `!emitc.lvalue<T>`, the size types) and
// `#emitc.opaque<"...">` are imported from MLIR's ODS records (EmitCOps.gen.h,
// by utils/import-ods.py); EmitCTypes.cpp and EmitCOps.cpp hold what MLIR
// writes by hand (the type checks, the custom syntax of expression, for, if,
// do, func and include, the custom directives, the verifiers). Folders,
// canonicalization patterns, the CExpressionInterface and the emitc passes
// are not implemented.
//
#pragma once

#include "lamina/Dialect/EmitC/EmitCOps.gen.h"
#include "lamina/IR/Dialect.h"

namespace lamina {

/// `emitc`: operations that map to C/C++ constructs.
class EmitCDialect : public Dialect {
public:
  explicit EmitCDialect(MLIRContext *ctx);
  ~EmitCDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "emitc"; }

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
