//===- AMDGPUDialect.h - The amdgpu dialect -------------------------------===//
//
// The ops, types, enums and attributes are imported from MLIR's ODS records
// (AMDGPUOps.gen.h, by utils/import-ods.py); AMDGPUOps.cpp holds what MLIR
// writes by hand (verifiers, the MNK dimension list directive, the result
// type of fat_raw_buffer_cast).
//
#pragma once

#include "lamina/Dialect/AMDGPU/AMDGPUOps.gen.h"
#include "lamina/IR/Dialect.h"

namespace lamina {

/// `amdgpu`: AMD GPU operations between the gpu/vector dialects and ROCDL
/// (buffer loads and stores, MFMA/WMMA matrix ops, DPP, LDS transfers, DMA
/// descriptors).
class AMDGPUDialect : public Dialect {
public:
  explicit AMDGPUDialect(MLIRContext *ctx);
  ~AMDGPUDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "amdgpu"; }
  Type parseType(DialectAsmParser &parser) const override;
  void printType(Type type, DialectAsmPrinter &printer) const override;
  Attribute parseAttribute(DialectAsmParser &parser, Type type) const override;
  void printAttribute(Attribute attr, DialectAsmPrinter &printer) const override;

private:
  /// Registers what is imported from MLIR's records (generated, in the
  /// dialect's .gen.cpp).
  void registerGenerated();
  /// The syntax of the dialect's attributes and types.
  ods::DialectAttrTypes attrTypes;
};

} // namespace lamina
