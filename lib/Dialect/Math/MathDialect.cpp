//===- MathDialect.cpp - The math dialect ---------------------------------===//
#include "lamina/Dialect/Math/MathDialect.h"

#include "lamina/Transforms/InliningUtils.h"

using namespace lamina;

namespace {
/// MLIR's MathInlinerInterface: every math op can be inlined.
struct MathInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final { return true; }
};
} // namespace

MathDialect::MathDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<MathDialect>()) {
  registerGenerated();
  addInlinerInterface<MathInlinerInterface>(this);
}

MathDialect::~MathDialect() = default;
