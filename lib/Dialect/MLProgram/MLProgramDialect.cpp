//===- MLProgramDialect.cpp - The ml_program dialect ----------------------===//
#include "lamina/Dialect/MLProgram/MLProgramDialect.h"

#include "lamina/Transforms/InliningUtils.h"

using namespace lamina;

namespace {
/// MLIR's MLProgramInlinerInterface: every ml_program op can be inlined.
struct MLProgramInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final { return true; }
};
} // namespace

MLProgramDialect::MLProgramDialect(MLIRContext *ctx)
    : Dialect(getDialectNamespace(), ctx, TypeID::get<MLProgramDialect>()) {
  registerGenerated();
  addInlinerInterface<MLProgramInlinerInterface>(this);
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
