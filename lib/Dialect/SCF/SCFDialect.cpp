//===- SCFDialect.cpp - The scf dialect -----------------------------------===//
//
// The ops are defined in SCFOps.cpp (their hand-written syntax in
// SCFSyntax.cpp), their folders and canonicalization patterns in
// SCFCanonicalization.cpp and SCFRegionBranch.cpp.
//
#include "lamina/Dialect/SCF/SCFDialect.h"

#include "SCFDetail.h"

#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/IR/MLIRContext.h"
#include "lamina/Transforms/InliningUtils.h"
#include "lamina/ODS/OpDef.h"

using namespace lamina;
using namespace lamina::scf;

namespace {
/// MLIR's SCFInlinerInterface: anything may be inlined into scf regions and
/// every scf op may be inlined; an inlined scf.yield hands over its
/// operands.
struct SCFInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final { return true; }
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final { return true; }
  void handleTerminator(Operation *op, ValueRange valuesToRepl) const final {
    if (op->getName().getStringRef() != "scf.yield")
      return;
    for (unsigned i = 0, e = std::min<size_t>(valuesToRepl.size(), op->getNumOperands()); i != e; ++i)
      valuesToRepl[i].replaceAllUsesWith(op->getOperand(i));
  }
};
} // namespace

SCFDialect::SCFDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<SCFDialect>()) {
  // Dependent dialects: the canonicalization patterns create arith ops.
  ctx->getOrLoadDialect<ArithDialect>();
  ods::registerOpsOnce(*this, registerSCFOps);

  registerSCFCanonicalization(*this);
  registerForallCanonicalization(*this);
  addInlinerInterface<SCFInlinerInterface>(this);
}

SCFDialect::~SCFDialect() = default;
