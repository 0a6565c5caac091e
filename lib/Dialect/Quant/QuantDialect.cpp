//===- QuantDialect.cpp - The quant dialect -------------------------------===//
#include "lamina/Dialect/Quant/QuantDialect.h"

#include "lamina/Transforms/InliningUtils.h"

using namespace lamina;

namespace {
/// MLIR's QuantInlinerInterface: every quant op can be inlined.
struct QuantInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final { return true; }
};
} // namespace

QuantDialect::QuantDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<QuantDialect>()) {
  addTypes<quant::AnyQuantizedType, quant::CalibratedQuantizedType, quant::UniformQuantizedType,
           quant::UniformQuantizedPerAxisType, quant::UniformQuantizedSubChannelType>();
  registerGenerated();
  quant::registerQuantFolders(*this);
  quant::addBytecodeInterface(*this);
  addInlinerInterface<QuantInlinerInterface>(this);
}

QuantDialect::~QuantDialect() = default;

Type QuantDialect::parseType(DialectAsmParser &parser) const { return quant::parseQuantType(parser); }

void QuantDialect::printType(Type type, DialectAsmPrinter &printer) const { quant::printQuantType(type, printer); }
