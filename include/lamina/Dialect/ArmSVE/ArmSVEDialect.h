//===- ArmSVEDialect.h - The arm_sve dialect ------------------------------===//
//
// The ops are imported whole from MLIR's ODS records (ArmSVEOps.gen.h, by utils/import-ods.py).
//
#pragma once

#include "lamina/Dialect/ArmSVE/ArmSVEOps.gen.h"
#include "lamina/IR/Dialect.h"

namespace lamina {

/// `arm_sve`: Arm SVE operations on scalable vectors.
class ArmSVEDialect : public Dialect {
public:
  explicit ArmSVEDialect(MLIRContext *ctx);
  ~ArmSVEDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "arm_sve"; }

private:
  /// Registers what is imported from MLIR's records (generated, in the
  /// dialect's .gen.cpp).
  void registerGenerated();
  /// The syntax of the dialect's attributes and types.
  ods::DialectAttrTypes attrTypes;
};

} // namespace lamina
