//===- GPUDialect.h - The gpu dialect --------------------------------------===//
//
// The gpu dialect: kernels, their launches and the ops of the GPU execution
// model. Its ops, attributes and enums are imported from MLIR's ODS records
// (GPUOps.gen.h, by utils/import-ods.py); GPUBaseClasses.h, GPUDialect.cpp
// and GPUOps.cpp hold what MLIR writes by hand (the types, the custom forms
// of gpu.func, gpu.launch and gpu.warp_execute_on_lane_0, the custom
// directives and the verifiers).
//
#pragma once

#include "lamina/Dialect/GPU/GPUBaseClasses.h"
#include "lamina/Dialect/GPU/GPUOps.gen.h"
#include "lamina/IR/Dialect.h"

namespace lamina {

/// `gpu`: the GPU dialect.
class GPUDialect : public Dialect {
public:
  explicit GPUDialect(MLIRContext *ctx);
  ~GPUDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "gpu"; }

  /// The attribute marking the modules that contain kernel modules.
  static constexpr std::string_view getContainerModuleAttrName() { return "gpu.container_module"; }
  /// The attribute marking kernel functions.
  static constexpr std::string_view getKernelFuncAttrName() { return "gpu.kernel"; }
  /// Whether `op` has the `gpu.kernel` attribute.
  static bool isKernel(Operation *op);
  /// Whether `memorySpace` is `#gpu.address_space<workgroup>`.
  static bool isWorkgroupMemoryAddressSpace(Attribute memorySpace);

  /// `!gpu.async.token`, `!gpu.mma_matrix<...>`, `!gpu.sparse.*_handle`.
  Type parseType(DialectAsmParser &parser) const override;
  void printType(Type type, DialectAsmPrinter &printer) const override;
  Attribute parseAttribute(DialectAsmParser &parser, Type type) const override;
  void printAttribute(Attribute attr, DialectAsmPrinter &printer) const override;

  /// `gpu.known_block_size`/`gpu.known_grid_size` (three i32) and
  /// `gpu.container_module` (on a builtin module: its gpu.launch_func ops
  /// refer to kernels of its gpu.module ops, with matching operands).
  LogicalResult verifyOperationAttribute(Operation *op, NamedAttribute attr) override;

private:
  /// Registers what is imported from MLIR's records (generated, in the
  /// dialect's .gen.cpp).
  void registerGenerated();
  /// The syntax of the dialect's attributes.
  ods::DialectAttrTypes attrTypes;
};

} // namespace lamina
