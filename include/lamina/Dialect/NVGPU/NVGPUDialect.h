//===- NVGPUDialect.h - The nvgpu dialect ---------------------------------===//
//
// The ops, types, enums and attributes are imported from MLIR's ODS records
// (NVGPUOps.gen.h, by utils/import-ods.py); NVGPUOps.cpp holds what MLIR
// writes by hand (the verifiers).
//
#pragma once

#include "lamina/Dialect/NVGPU/NVGPUOps.gen.h"
#include "lamina/IR/Dialect.h"

namespace lamina {

/// `nvgpu`: NVIDIA GPU operations between the gpu/vector dialects and NVVM
/// (async copies, ldmatrix, mma.sync, mbarriers, TMA, warpgroup MMA).
class NVGPUDialect : public Dialect {
public:
  explicit NVGPUDialect(MLIRContext *ctx);
  ~NVGPUDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "nvgpu"; }

  Type parseType(DialectAsmParser &parser) const override;
  void printType(Type type, DialectAsmPrinter &printer) const override;
  Attribute parseAttribute(DialectAsmParser &parser, Type type) const override;
  void printAttribute(Attribute attr, DialectAsmPrinter &printer) const override;

  /// Whether `memorySpace` is NVVM's shared memory: the integer 3 or
  /// `#gpu.address_space<workgroup>`.
  static bool isSharedMemoryAddressSpace(Attribute memorySpace);
  /// Whether `type` lives in shared memory.
  static bool hasSharedMemoryAddressSpace(MemRefType type);

  /// The memory space number of global memory in NVVM.
  static constexpr unsigned kGlobaldMemoryAddressSpace = 1;
  /// The memory space number of shared memory in NVVM.
  static constexpr unsigned kSharedMemoryAddressSpace = 3;

private:
  /// Registers what is imported from MLIR's records (generated, in the
  /// dialect's .gen.cpp).
  void registerGenerated();
  /// The syntax of the dialect's attributes and types.
  ods::DialectAttrTypes attrTypes;
};

} // namespace lamina
