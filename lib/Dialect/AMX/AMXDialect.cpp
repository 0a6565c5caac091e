//===- AMXDialect.cpp - The amx dialect -----------------------------------===//
#include "lamina/Dialect/AMX/AMXDialect.h"

using namespace lamina;

AMXDialect::AMXDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<AMXDialect>()) {
  registerGenerated();
}

AMXDialect::~AMXDialect() = default;

Type AMXDialect::parseType(DialectAsmParser &parser) const { return attrTypes.parseType(parser, *this); }

void AMXDialect::printType(Type type, DialectAsmPrinter &printer) const { (void)attrTypes.printType(type, printer); }
