//===- IndexDialect.cpp - The index dialect -------------------------------===//
#include "lamina/Dialect/Index/IndexDialect.h"

#include "lamina/Transforms/InliningUtils.h"

using namespace lamina;

namespace {
/// MLIR's IndexInlinerInterface: every index op can be inlined.
struct IndexInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final { return true; }
};
} // namespace

IndexDialect::IndexDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<IndexDialect>()) {
  registerGenerated();
  index::registerIndexConstantFolders(*this);
  index::registerIndexArithFolders(*this);
  index::registerIndexCmpFolder(*this);
  index::registerIndexIntRangeInference(*this);
  addInlinerInterface<IndexInlinerInterface>(this);
}

IndexDialect::~IndexDialect() = default;

Attribute IndexDialect::parseAttribute(DialectAsmParser &parser, Type type) const {
  return attrTypes.parseAttribute(parser, type, *this);
}

void IndexDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  (void)attrTypes.printAttribute(attr, printer);
}
