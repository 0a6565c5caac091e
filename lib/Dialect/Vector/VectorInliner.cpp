//===- VectorInliner.cpp - Inlining vector ops ----------------------------===//
//
// MLIR's VectorInlinerInterface: every vector op can be inlined.
//
#include "VectorOpsImpl.h"

#include "lamina/Transforms/InliningUtils.h"

using namespace lamina;

namespace {
struct VectorInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final { return true; }
};
} // namespace

void vector::registerVectorInlinerInterface(VectorDialect &dialect) {
  addInlinerInterface<VectorInlinerInterface>(&dialect);
}
