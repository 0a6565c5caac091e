//===- UBDialect.cpp - The ub dialect -------------------------------------===//
#include "lamina/Dialect/UB/UBDialect.h"

using namespace lamina;

UBDialect::UBDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<UBDialect>()) {
  registerGenerated();
}

UBDialect::~UBDialect() = default;

Attribute UBDialect::parseAttribute(DialectAsmParser &parser, Type type) const {
  return attrTypes.parseAttribute(parser, type, *this);
}

void UBDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  (void)attrTypes.printAttribute(attr, printer);
}
