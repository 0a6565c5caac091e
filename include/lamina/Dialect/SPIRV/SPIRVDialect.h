//===- SPIRVDialect.h - The spirv dialect ----------------------------------===//
//
// The ops, enums and enum attributes are imported from MLIR's ODS records
// (SPIRVOps.gen.h, by utils/import-ods.py); the types and the vce, target
// environment and interface ABI attributes are hand-written as in MLIR
// (SPIRVBaseClasses.h, SPIRVDialect.cpp), as are the custom op syntaxes and
// verifiers (SPIRVOps.cpp, SPIRVStructureOps.cpp).
//
#pragma once

#include "lamina/Dialect/SPIRV/SPIRVOps.gen.h"
#include "lamina/IR/Dialect.h"

namespace lamina {

/// `spirv`: the SPIR-V binary format's instructions as ops.
class SPIRVDialect : public Dialect {
public:
  explicit SPIRVDialect(MLIRContext *ctx);
  ~SPIRVDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "spirv"; }

  Type parseType(DialectAsmParser &parser) const override;
  void printType(Type type, DialectAsmPrinter &printer) const override;
  Attribute parseAttribute(DialectAsmParser &parser, Type type) const override;
  void printAttribute(Attribute attr, DialectAsmPrinter &printer) const override;
  LogicalResult verifyOperationAttribute(Operation *op, NamedAttribute attribute) override;
  LogicalResult verifyRegionArgAttribute(Operation *op, unsigned regionIndex, unsigned argIndex,
                                         NamedAttribute attribute) override;
  LogicalResult verifyRegionResultAttribute(Operation *op, unsigned regionIndex, unsigned resultIndex,
                                            NamedAttribute attribute) override;

private:
  /// Registers what is imported from MLIR's records (generated, in the
  /// dialect's .gen.cpp).
  void registerGenerated();
  /// The syntax of the dialect's generated attributes.
  ods::DialectAttrTypes attrTypes;
};

} // namespace lamina
