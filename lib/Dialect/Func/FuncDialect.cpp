//===- FuncDialect.cpp - The func dialect ---------------------------------===//
//
// The ops are defined in FuncOps.cpp.
//
#include "lamina/Dialect/Func/FuncDialect.h"

#include "FuncDetail.h"

#include "lamina/Dialect/ControlFlow/ControlFlowDialect.h"
#include "lamina/IR/Builders.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/Transforms/InliningUtils.h"
#include "lamina/ODS/OpDef.h"

using namespace lamina;
using namespace lamina::func;

namespace {
/// MLIR's FuncInlinerInterface (Func/Extensions/InlinerExtension.cpp):
/// calls inline unless the call or the function is `no_inline`; a
/// func.return becomes a cf.br when several blocks are inlined.
struct FuncInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;

  bool isLegalToInline(Operation *call, Operation *callable, bool) const final {
    bool callNoInline = isa<CallOp>(call) && call->hasAttr("no_inline");
    bool funcNoInline = isa<FuncOp>(callable) && callable->hasAttr("no_inline");
    return !callNoInline && !funcNoInline;
  }
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final { return true; }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final { return true; }

  void handleTerminator(Operation *op, Block *newDest) const final {
    if (!isa<ReturnOp>(op))
      return;
    OpBuilder builder(op);
    OperationState state(op->getLoc(), cf::BranchOp::getOperationName());
    state.addOperands(op->getOperands());
    state.addSuccessors(newDest);
    builder.create(state);
    op->erase();
  }
  void handleTerminator(Operation *op, ValueRange valuesToRepl) const final {
    assert(op->getNumOperands() == valuesToRepl.size());
    for (unsigned i = 0, e = op->getNumOperands(); i != e; ++i)
      valuesToRepl[i].replaceAllUsesWith(op->getOperand(i));
  }
};
} // namespace

FuncDialect::FuncDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<FuncDialect>()) {
  ods::registerOpsOnce(*this, [](Dialect &d) { registerFuncOps(static_cast<FuncDialect &>(d)); });

  // The inliner interface (MLIR's func inliner extension, which loads cf).
  addInlinerInterface<FuncInlinerInterface>(this);
  ctx->getOrLoadDialect<ControlFlowDialect>();
}

FuncDialect::~FuncDialect() = default;

Operation *FuncDialect::materializeConstant(OpBuilder &builder, Attribute value, Type type, Location loc) {
  // ConstantOp::isBuildableWith.
  if (!isa<FlatSymbolRefAttr>(value) || !isa<FunctionType>(type))
    return nullptr;
  OperationState state(loc, ConstantOp::getOperationName());
  state.addAttribute("value", value);
  state.addType(type);
  return builder.create(state);
}
