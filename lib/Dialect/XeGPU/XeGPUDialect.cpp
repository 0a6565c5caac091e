//===- XeGPUDialect.cpp - The xegpu dialect -------------------------------===//
#include "lamina/Dialect/XeGPU/XeGPUDialect.h"

using namespace lamina;

XeGPUDialect::XeGPUDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<XeGPUDialect>()) {
  registerGenerated();
}

XeGPUDialect::~XeGPUDialect() = default;

Type XeGPUDialect::parseType(DialectAsmParser &parser) const { return attrTypes.parseType(parser, *this); }

void XeGPUDialect::printType(Type type, DialectAsmPrinter &printer) const { (void)attrTypes.printType(type, printer); }

Attribute XeGPUDialect::parseAttribute(DialectAsmParser &parser, Type type) const {
  return attrTypes.parseAttribute(parser, type, *this);
}

void XeGPUDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  (void)attrTypes.printAttribute(attr, printer);
}
