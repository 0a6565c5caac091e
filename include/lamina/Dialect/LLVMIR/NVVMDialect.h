//===- NVVMDialect.h - The nvvm dialect -----------------------------------===//
//
// NVVM: NVIDIA GPU operations on top of the llvm dialect. Its ops, enums and
// attributes are imported from MLIR's NVVMOps.td (NVVMOps.gen.h, by
// utils/import-ods.py); NVVMDialect.cpp and NVVMOps.cpp hold what MLIR writes
// by hand (the nvvm.mma.* syntax, the verifiers, the dialect attributes).
//
#pragma once

#include "lamina/Dialect/LLVMIR/NVVMOps.gen.h"
#include "lamina/IR/Dialect.h"

#include <initializer_list>

namespace lamina {
namespace NVVM {
/// MLIR's NVVMRequiresSM<version> / NVVMRequiresSMa<versions...> traits:
/// the SM versions an op needs (checked by #nvvm.target's verification of a
/// gpu.module in MLIR, not by the op; markers here).
ods::Trait RequiresSM(std::initializer_list<int> versions);
ods::Trait RequiresSMa(std::initializer_list<int> versions);
} // namespace NVVM

/// `nvvm`: NVIDIA GPU operations.
class NVVMDialect : public Dialect {
public:
  explicit NVVMDialect(MLIRContext *ctx);
  ~NVVMDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "nvvm"; }

  Attribute parseAttribute(DialectAsmParser &parser, Type type) const override;
  void printAttribute(Attribute attr, DialectAsmPrinter &printer) const override;
  /// `nvvm.kernel`, `nvvm.maxntid`, `nvvm.reqntid`, ... on functions.
  LogicalResult verifyOperationAttribute(Operation *op, NamedAttribute attr) override;
  /// `nvvm.grid_constant` on kernel arguments.
  LogicalResult verifyRegionArgAttribute(Operation *op, unsigned regionIndex, unsigned argIndex,
                                         NamedAttribute attr) override;

private:
  /// Registers what is imported from MLIR's records (NVVMOps.gen.cpp).
  void registerGenerated();
  ods::DialectAttrTypes attrTypes;
};

} // namespace lamina
