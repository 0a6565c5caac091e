//===- IndexDialect.cpp - The index dialect -------------------------------===//
#include "lamina/Dialect/Index/IndexDialect.h"

using namespace lamina;

IndexDialect::IndexDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<IndexDialect>()) {
  registerGenerated();
}

IndexDialect::~IndexDialect() = default;

Attribute IndexDialect::parseAttribute(DialectAsmParser &parser, Type type) const {
  return attrTypes.parseAttribute(parser, type, *this);
}

void IndexDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  (void)attrTypes.printAttribute(attr, printer);
}
