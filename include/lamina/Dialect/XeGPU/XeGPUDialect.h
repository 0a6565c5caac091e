//===- XeGPUDialect.h - The xegpu dialect ---------------------------------===//
//
// The ops, types, enums and attributes are imported from MLIR's ODS records
// (XeGPUOps.gen.h, by utils/import-ods.py); XeGPUAttrs.cpp and XeGPUOps.cpp
// hold what MLIR writes by hand (the syntax and verifiers of the tensor and
// memory descriptors and of the layout attributes, the op verifiers).
//
#pragma once

#include "lamina/Dialect/XeGPU/XeGPUOps.gen.h"
#include "lamina/IR/Dialect.h"

namespace lamina {
namespace xegpu {
/// Whether `type` lives in shared local memory (memory space 3 or
/// `#xegpu.memory_space<slm>`).
bool isSharedMemory(MemRefType type);
/// The rank a layout distributes (LayoutAttr: its layouts' size; SliceAttr:
/// its parent's rank less the sliced dimensions), 0 for another attribute.
int64_t getLayoutRank(Attribute layout);
} // namespace xegpu

/// `xegpu`: Intel Xe GPU operations on tensor descriptors (block and
/// scattered loads/stores, DPAS, named barriers, shared-memory descriptors,
/// layout attributes).
class XeGPUDialect : public Dialect {
public:
  explicit XeGPUDialect(MLIRContext *ctx);
  ~XeGPUDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "xegpu"; }
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
