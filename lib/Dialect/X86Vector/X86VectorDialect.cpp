//===- X86VectorDialect.cpp - The x86vector dialect -----------------------===//
#include "lamina/Dialect/X86Vector/X86VectorDialect.h"

using namespace lamina;

X86VectorDialect::X86VectorDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<X86VectorDialect>()) {
  registerGenerated();
}

X86VectorDialect::~X86VectorDialect() = default;
