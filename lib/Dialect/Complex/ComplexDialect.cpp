//===- ComplexDialect.cpp - The complex dialect ---------------------------===//
#include "lamina/Dialect/Complex/ComplexDialect.h"

#include "lamina/Transforms/InliningUtils.h"

using namespace lamina;

namespace {
/// MLIR's ComplexInlinerInterface: every complex op can be inlined.
struct ComplexInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final { return true; }
};
} // namespace

ComplexDialect::ComplexDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<ComplexDialect>()) {
  registerGenerated();
  complex::registerComplexFolders(*this);
  addInlinerInterface<ComplexInlinerInterface>(this);
}

ComplexDialect::~ComplexDialect() = default;

Attribute ComplexDialect::parseAttribute(DialectAsmParser &parser, Type type) const {
  return attrTypes.parseAttribute(parser, type, *this);
}

void ComplexDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  (void)attrTypes.printAttribute(attr, printer);
}
