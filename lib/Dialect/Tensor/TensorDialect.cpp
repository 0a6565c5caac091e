//===- TensorDialect.cpp - The tensor dialect -----------------------------===//
#include "lamina/Dialect/Tensor/TensorDialect.h"

using namespace lamina;

TensorDialect::TensorDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<TensorDialect>()) {
  registerGenerated();
}

TensorDialect::~TensorDialect() = default;
