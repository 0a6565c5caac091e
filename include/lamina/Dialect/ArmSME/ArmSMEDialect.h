//===- ArmSMEDialect.h - The arm_sme dialect ------------------------------===//
//
// The ops, enums and attributes are imported from MLIR's ODS records
// (ArmSMEOps.gen.h, by utils/import-ods.py); the verification of
// ArmSMETileOpInterface is hand-written (ArmSMEDialect.cpp).
//
#pragma once

#include "lamina/Dialect/ArmSME/ArmSMEOps.gen.h"
#include "lamina/IR/Dialect.h"

namespace lamina {
namespace arm_sme {
/// MLIR's ArmSMETileOpInterface verification: the op's `tile_id`, when set,
/// is a 32-bit signless integer.
ods::Trait ArmSMETileOpInterfaceTrait();
} // namespace arm_sme

/// `arm_sme`: Arm SME operations on scalable matrix tiles (vectors such as
/// `vector<[4]x[4]xf32>`) and their LLVM intrinsics.
class ArmSMEDialect : public Dialect {
public:
  explicit ArmSMEDialect(MLIRContext *ctx);
  ~ArmSMEDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "arm_sme"; }
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
