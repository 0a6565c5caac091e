//===- MLProgramDialect.cpp - The ml_program dialect ----------------------===//
#include "lamina/Dialect/MLProgram/MLProgramDialect.h"

using namespace lamina;

MLProgramDialect::MLProgramDialect(MLIRContext *ctx)
    : Dialect(getDialectNamespace(), ctx, TypeID::get<MLProgramDialect>()) {
  registerGenerated();
}

MLProgramDialect::~MLProgramDialect() = default;

Type MLProgramDialect::parseType(DialectAsmParser &parser) const { return attrTypes.parseType(parser, *this); }

void MLProgramDialect::printType(Type type, DialectAsmPrinter &printer) const {
  (void)attrTypes.printType(type, printer);
}

Attribute MLProgramDialect::parseAttribute(DialectAsmParser &parser, Type type) const {
  return attrTypes.parseAttribute(parser, type, *this);
}

void MLProgramDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  (void)attrTypes.printAttribute(attr, printer);
}
