//===- ArmNeonDialect.h - The arm_neon dialect ----------------------------===//
//
// The ops are imported whole from MLIR's ODS records (ArmNeonOps.gen.h, by utils/import-ods.py).
//
#pragma once

#include "lamina/Dialect/ArmNeon/ArmNeonOps.gen.h"
#include "lamina/IR/Dialect.h"

namespace lamina {

/// `arm_neon`: Arm NEON operations (dot products and matrix multiply-accumulate on fixed vectors).
class ArmNeonDialect : public Dialect {
public:
  explicit ArmNeonDialect(MLIRContext *ctx);
  ~ArmNeonDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "arm_neon"; }

private:
  /// Registers what is imported from MLIR's records (generated, in the
  /// dialect's .gen.cpp).
  void registerGenerated();
  /// The syntax of the dialect's attributes and types.
  ods::DialectAttrTypes attrTypes;
};

} // namespace lamina
