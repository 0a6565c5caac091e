//===- IRDLDialect.cpp - The irdl dialect ---------------------------------===//
#include "lamina/Dialect/IRDL/IRDLDialect.h"

using namespace lamina;

IRDLDialect::IRDLDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<IRDLDialect>()) {
  registerGenerated();
}

IRDLDialect::~IRDLDialect() = default;

Type IRDLDialect::parseType(DialectAsmParser &parser) const { return attrTypes.parseType(parser, *this); }

void IRDLDialect::printType(Type type, DialectAsmPrinter &printer) const { (void)attrTypes.printType(type, printer); }

Attribute IRDLDialect::parseAttribute(DialectAsmParser &parser, Type type) const {
  return attrTypes.parseAttribute(parser, type, *this);
}

void IRDLDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  (void)attrTypes.printAttribute(attr, printer);
}
