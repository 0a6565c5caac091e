//===- ArmNeonDialect.cpp - The arm_neon dialect --------------------------===//
#include "lamina/Dialect/ArmNeon/ArmNeonDialect.h"

using namespace lamina;

ArmNeonDialect::ArmNeonDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<ArmNeonDialect>()) {
  registerGenerated();
}

ArmNeonDialect::~ArmNeonDialect() = default;
