//===- MathDialect.cpp - The math dialect ---------------------------------===//
#include "lamina/Dialect/Math/MathDialect.h"

using namespace lamina;

MathDialect::MathDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<MathDialect>()) {
  registerGenerated();
}

MathDialect::~MathDialect() = default;
