//===- AMDGPUDialect.cpp - The amdgpu dialect -----------------------------===//
#include "lamina/Dialect/AMDGPU/AMDGPUDialect.h"

using namespace lamina;

AMDGPUDialect::AMDGPUDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<AMDGPUDialect>()) {
  registerGenerated();
}

AMDGPUDialect::~AMDGPUDialect() = default;

Type AMDGPUDialect::parseType(DialectAsmParser &parser) const { return attrTypes.parseType(parser, *this); }

void AMDGPUDialect::printType(Type type, DialectAsmPrinter &printer) const { (void)attrTypes.printType(type, printer); }

Attribute AMDGPUDialect::parseAttribute(DialectAsmParser &parser, Type type) const {
  return attrTypes.parseAttribute(parser, type, *this);
}

void AMDGPUDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  (void)attrTypes.printAttribute(attr, printer);
}
