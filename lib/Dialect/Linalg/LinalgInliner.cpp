//===- LinalgInliner.cpp - Inlining into and out of linalg ----------------===//
//
// MLIR's LinalgInlinerInterface: every linalg op can be inlined, and anything
// into the regions of linalg ops.
//
#include "LinalgOpsImpl.h"

#include "lamina/Transforms/InliningUtils.h"

using namespace lamina;

namespace {
struct LinalgInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final { return true; }
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final { return true; }
};
} // namespace

void linalg::registerLinalgInlinerInterface(LinalgDialect &dialect) {
  addInlinerInterface<LinalgInlinerInterface>(&dialect);
}
