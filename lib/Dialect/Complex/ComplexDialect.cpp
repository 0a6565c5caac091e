//===- ComplexDialect.cpp - The complex dialect ---------------------------===//
#include "lamina/Dialect/Complex/ComplexDialect.h"

using namespace lamina;

ComplexDialect::ComplexDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<ComplexDialect>()) {
  registerGenerated();
}

ComplexDialect::~ComplexDialect() = default;

Attribute ComplexDialect::parseAttribute(DialectAsmParser &parser, Type type) const {
  return attrTypes.parseAttribute(parser, type, *this);
}

void ComplexDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  (void)attrTypes.printAttribute(attr, printer);
}
