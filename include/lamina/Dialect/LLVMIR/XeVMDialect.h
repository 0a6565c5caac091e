//===- XeVMDialect.h - The xevm dialect -----------------------------------===//
//
// XeVM: Intel GPU operations on top of the llvm dialect, imported from
// MLIR's XeVMOps.td (XeVMOps.gen.h, by utils/import-ods.py); XeVMDialect.cpp
// holds what MLIR writes by hand (verifiers, #xevm.target's checks).
//
#pragma once

#include "lamina/Dialect/LLVMIR/XeVMOps.gen.h"
#include "lamina/IR/Dialect.h"

namespace lamina {

/// `xevm`: Intel GPU operations.
class XeVMDialect : public Dialect {
public:
  explicit XeVMDialect(MLIRContext *ctx);
  ~XeVMDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "xevm"; }

  Attribute parseAttribute(DialectAsmParser &parser, Type type) const override;
  void printAttribute(Attribute attr, DialectAsmPrinter &printer) const override;

private:
  /// Registers what is imported from MLIR's records (XeVMOps.gen.cpp).
  void registerGenerated();
  ods::DialectAttrTypes attrTypes;
};

} // namespace lamina
