//===- ArmSVEDialect.cpp - The arm_sve dialect ----------------------------===//
#include "lamina/Dialect/ArmSVE/ArmSVEDialect.h"

using namespace lamina;

ArmSVEDialect::ArmSVEDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<ArmSVEDialect>()) {
  registerGenerated();
}

ArmSVEDialect::~ArmSVEDialect() = default;
