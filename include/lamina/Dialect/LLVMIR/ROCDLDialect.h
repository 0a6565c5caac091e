//===- ROCDLDialect.h - The rocdl dialect ---------------------------------===//
//
// ROCDL: AMD GPU operations on top of the llvm dialect, imported from MLIR's
// ROCDLOps.td (ROCDLOps.gen.h, by utils/import-ods.py); ROCDLDialect.cpp holds
// what MLIR writes by hand (the raw buffer ops' syntax, dialect attributes).
//
#pragma once

#include "lamina/Dialect/LLVMIR/ROCDLOps.gen.h"
#include "lamina/IR/Dialect.h"

namespace lamina {

/// `rocdl`: AMD GPU operations.
class ROCDLDialect : public Dialect {
public:
  explicit ROCDLDialect(MLIRContext *ctx);
  ~ROCDLDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "rocdl"; }

  Attribute parseAttribute(DialectAsmParser &parser, Type type) const override;
  void printAttribute(Attribute attr, DialectAsmPrinter &printer) const override;
  /// `rocdl.kernel`, `rocdl.reqd_work_group_size`, ... on functions.
  LogicalResult verifyOperationAttribute(Operation *op, NamedAttribute attr) override;

private:
  /// Registers what is imported from MLIR's records (ROCDLOps.gen.cpp).
  void registerGenerated();
  ods::DialectAttrTypes attrTypes;
};

} // namespace lamina
