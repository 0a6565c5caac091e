//===- TensorDialect.cpp - The tensor dialect -----------------------------===//
#include "lamina/Dialect/Tensor/TensorDialect.h"

#include "TensorFoldUtils.h"

#include "lamina/Transforms/InliningUtils.h"

using namespace lamina;

namespace {
/// MLIR's TensorInlinerInterface: every tensor op can be inlined, and anything into its regions.
struct TensorInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final { return true; }
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final { return true; }
};
} // namespace

TensorDialect::TensorDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<TensorDialect>()) {
  registerGenerated();
  tensor::registerTensorFolders(*this);
  tensor::registerTensorCanonicalization(*this);
  addInlinerInterface<TensorInlinerInterface>(this);
  tensor::registerTensorRuntimeVerification(*this);
}

TensorDialect::~TensorDialect() = default;
