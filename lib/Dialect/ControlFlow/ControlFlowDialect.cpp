//===- ControlFlowDialect.cpp - The cf dialect ----------------------------===//
//
// The ops are defined in ControlFlowOps.cpp, their canonicalization patterns
// in ControlFlowCanonicalization.cpp.
//
#include "lamina/Dialect/ControlFlow/ControlFlowDialect.h"

#include "ControlFlowDetail.h"

#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/IR/MLIRContext.h"
#include "lamina/Transforms/InliningUtils.h"
#include "lamina/ODS/OpDef.h"

using namespace lamina;
using namespace lamina::cf;

namespace {
/// MLIR's ControlFlowInlinerInterface: every cf op can be inlined; its
/// terminators need no handling.
struct ControlFlowInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Operation *, bool) const final { return true; }
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final { return true; }
  void handleTerminator(Operation *, Block *) const final {}
};
} // namespace

ControlFlowDialect::ControlFlowDialect(MLIRContext *ctx)
    : Dialect(getDialectNamespace(), ctx, TypeID::get<ControlFlowDialect>()) {
  // Dependent dialects: the canonicalization patterns create arith ops.
  ctx->getOrLoadDialect<ArithDialect>();
  ods::registerOpsOnce(*this, registerControlFlowOps);

  registerControlFlowCanonicalization(*this);
  addInlinerInterface<ControlFlowInlinerInterface>(this);
}

ControlFlowDialect::~ControlFlowDialect() = default;
