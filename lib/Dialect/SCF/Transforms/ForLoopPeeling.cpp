//===- ForLoopPeeling.cpp - Peeling the partial iteration of scf.for -------===//
//
// scf-for-loop-peeling (MLIR 22's SCFForLoopPeeling), in the greedy driver:
// an scf.for whose step is not known to divide its trip range is split at
// `ub - (ub - lb) mod step` into a loop of full iterations and a clone that
// runs the last, partial iteration; the affine.min/affine.max ops of both
// loops (nested ones included) are then simplified under what each loop
// knows (`ub - iv >= step` in the main loop, `0 < ub - iv < step` in the
// partial one). With peel-front, the first iteration is peeled instead (into
// a clone bounded by `lb + step`), without touching affine.min/max. Loops
// nested in a partial iteration are left alone unless skip-partial=false;
// signed loops only. A loop whose step divides its range (constants, or
// the composed affine.apply ops of its bounds) is not peeled. Peeled loops are marked while the driver runs (so that
// they are not peeled again) and unmarked at the end.
//
#include "lamina/Dialect/SCF/Passes.h"

#include "lamina/Dialect/Affine/AffineAnalysis.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/Rewrite/GreedyPatternRewriteDriver.h"
#include "../SCFDetail.h"

#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

using namespace lamina;
using namespace lamina::scf;

namespace {

constexpr std::string_view kPeeledLoopLabel = "__peeled_loop__";
constexpr std::string_view kPartialIterationLabel = "__partial_iteration__";

/// `a - b` in two's complement (MLIR computes it in int64_t).
int64_t peelWrappingSub(int64_t a, int64_t b) { return int64_t(uint64_t(a) - uint64_t(b)); }

/// Creates (or folds to a constant) `affine.apply map()[operands]` before
/// `before`.
Value createApply(RewriterBase &rewriter, Operation *before, AffineMap map, const std::vector<Value> &operands) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(before);
  OperationState state(before->getLoc(), "affine.apply");
  for (Value v : operands)
    state.addOperand(v);
  state.addAttribute("map", AffineMapAttr::get(map));
  state.addType(IndexType::get(rewriter.getContext()));
  return rewriter.createOrFold(state);
}

/// MLIR's rewritePeeledMinMaxOp: simplifies the affine.min/max `op` under
/// the peeling invariant of the loop of `iv` (`ub` the original upper
/// bound): `ub - iv >= step` inside the main loop, `0 < ub - iv < step` in
/// the partial iteration.
void rewritePeeledMinMaxOp(RewriterBase &rewriter, Operation *op, Value iv, Value ub, Value step, bool insideLoop) {
  IntegerConstraints constraints(/*numDims=*/1, /*numSymbols=*/2);
  constraints.setValue(0, iv);
  constraints.setValue(1, ub);
  constraints.setValue(2, step);
  if (std::optional<int64_t> constUb = scf::getConstantIntValue(ub))
    constraints.addBound(BoundType::EQ, 1, *constUb);
  if (std::optional<int64_t> constStep = scf::getConstantIntValue(step))
    constraints.addBound(BoundType::EQ, 2, *constStep);
  if (insideLoop) {
    constraints.addInequality({-1, 1, -1, 0});
  } else {
    constraints.addInequality({1, -1, 1, -1});
    constraints.addInequality({-1, 1, 0, -1});
  }
  FailureOr<std::pair<AffineMap, std::vector<Value>>> simplified =
      affine::simplifyConstrainedMinMaxOp(op, std::move(constraints));
  if (failed(simplified))
    return;
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  OperationState state(op->getLoc(), "affine.apply");
  for (Value v : simplified->second)
    state.addOperand(v);
  state.addAttribute("map", AffineMapAttr::get(simplified->first));
  state.addType(op->getResult(0).getType());
  rewriter.replaceOpWithNewOp(op, state);
}

/// Rewrites the affine.min/max ops nested in `loop` (post-order).
void rewriteMinMaxOpsIn(RewriterBase &rewriter, Operation *loop, Value ub, Value step, bool insideLoop) {
  std::vector<Operation *> minMaxOps;
  loop->walk([&](Operation *op) {
    std::string_view name = op->getName().getStringRef();
    if (name == affine::AffineMinOp::getOperationName() || name == affine::AffineMaxOp::getOperationName())
      minMaxOps.push_back(op);
  });
  Value iv = loop->getRegion(0).front().getArgument(0);
  for (Operation *op : minMaxOps)
    rewritePeeledMinMaxOp(rewriter, op, iv, ub, step, insideLoop);
}

/// MLIR's peelForLoopAndSimplifyBounds: splits `forOp` before its last,
/// partial iteration (cloned after it) and simplifies both loops'
/// affine.min/max ops.
LogicalResult peelLastIteration(RewriterBase &rewriter, Operation *forOp, Operation *&partial) {
  Value lb = forOp->getOperand(0), ub = forOp->getOperand(1), step = forOp->getOperand(2);
  std::optional<int64_t> lbInt = scf::getConstantIntValue(lb), ubInt = scf::getConstantIntValue(ub),
                         stepInt = scf::getConstantIntValue(step);
  // A unit step has no partial iteration; a zero or negative one is invalid.
  if (stepInt && *stepInt <= 1)
    return failure();
  // Every iteration is a full one.
  if (lbInt && ubInt && stepInt && peelWrappingSub(*ubInt, *lbInt) % *stepInt == 0)
    return failure();
  // Or as the affine.apply ops defining the bounds show.
  MLIRContext *ctx = rewriter.getContext();
  AffineExpr s0 = getAffineSymbolExpr(0, ctx), s1 = getAffineSymbolExpr(1, ctx), s2 = getAffineSymbolExpr(2, ctx);
  AffineMap remMap = AffineMap::get(0, 3, (s1 - s0) % s2);
  SmallVector<Value, 4> remOperands;
  remOperands.push_back(lb);
  remOperands.push_back(ub);
  remOperands.push_back(step);
  affine::fullyComposeAffineMapAndOperands(&remMap, &remOperands);
  if (auto rem = dyn_cast<AffineConstantExpr>(remMap.getResult(0)))
    if (rem.getValue() == 0)
      return failure();

  AffineMap splitMap = AffineMap::get(0, 3, s1 - (s1 - s0) % s2);
  Value splitBound = createApply(rewriter, forOp, splitMap, std::vector<Value>{lb, ub, step});

  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointAfter(forOp);
  partial = rewriter.clone(*forOp);
  partial->setOperand(0, splitBound);
  std::vector<Value> results(forOp->getResults().begin(), forOp->getResults().end());
  rewriter.replaceAllUsesWith(forOp->getResults(), partial->getResults());
  for (unsigned i = 0; i < results.size(); ++i)
    partial->setOperand(3 + i, results[i]);
  rewriter.modifyOpInPlace(forOp, [&] { forOp->setOperand(1, splitBound); });

  rewriteMinMaxOpsIn(rewriter, forOp, ub, step, /*insideLoop=*/true);
  rewriteMinMaxOpsIn(rewriter, partial, ub, step, /*insideLoop=*/false);
  return success();
}

/// MLIR's peelForLoopFirstIteration: the first iteration of `forOp` becomes
/// a clone bounded by `lb + step` before it.
LogicalResult peelFirstIteration(RewriterBase &rewriter, Operation *forOp, Operation *&first) {
  Value lb = forOp->getOperand(0), ub = forOp->getOperand(1), step = forOp->getOperand(2);
  std::optional<int64_t> lbInt = scf::getConstantIntValue(lb), ubInt = scf::getConstantIntValue(ub),
                         stepInt = scf::getConstantIntValue(step);
  // Nothing to peel with at most one iteration (the trip count rounded up,
  // computed in float as MLIR does; a zero step gives an infinite count).
  if (lbInt && ubInt && stepInt) {
    float trips = float(peelWrappingSub(*ubInt, *lbInt)) / float(*stepInt);
    if (std::ceil(trips) <= 1)
      return failure();
  }
  MLIRContext *ctx = rewriter.getContext();
  AffineMap splitMap = AffineMap::get(0, 2, getAffineSymbolExpr(0, ctx) + getAffineSymbolExpr(1, ctx));
  Value splitBound = createApply(rewriter, forOp, splitMap, std::vector<Value>{lb, step});

  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(forOp);
  first = rewriter.clone(*forOp);
  first->setOperand(1, splitBound);
  rewriter.modifyOpInPlace(forOp, [&] {
    for (unsigned i = 0; i < first->getNumResults(); ++i)
      forOp->setOperand(3 + i, first->getResult(i));
    forOp->setOperand(0, splitBound);
  });
  return success();
}

struct ForLoopPeelingPattern : RewritePattern {
  ForLoopPeelingPattern(MLIRContext *ctx, bool peelFront, bool skipPartial)
      : RewritePattern(ForOp::getOperationName(), 1, ctx), peelFront(peelFront), skipPartial(skipPartial) {}

  LogicalResult matchAndRewrite(Operation *forOp, PatternRewriter &rewriter) const override {
    // Unsigned loops are not supported.
    if (forOp->getAttr("unsignedCmp"))
      return failure();
    // A loop is peeled once.
    if (forOp->getAttr(kPeeledLoopLabel))
      return failure();
    Operation *partial = nullptr;
    if (peelFront) {
      if (failed(peelFirstIteration(rewriter, forOp, partial)))
        return failure();
    } else {
      if (skipPartial)
        for (Operation *parent = forOp->getParentOp(); parent; parent = parent->getParentOp())
          if (parent->getName().getStringRef() == ForOp::getOperationName() && parent->getAttr(kPartialIterationLabel))
            return failure();
      if (failed(peelLastIteration(rewriter, forOp, partial)))
        return failure();
    }
    rewriter.modifyOpInPlace(partial, [&] {
      partial->setAttr(kPeeledLoopLabel, rewriter.getUnitAttr());
      partial->setAttr(kPartialIterationLabel, rewriter.getUnitAttr());
    });
    rewriter.modifyOpInPlace(forOp, [&] { forOp->setAttr(kPeeledLoopLabel, rewriter.getUnitAttr()); });
    return success();
  }

  bool peelFront, skipPartial;
};

struct SCFForLoopPeeling : lamina::impl::SCFForLoopPeelingBase<SCFForLoopPeeling> {
  void getDependentDialects(DialectRegistry &registry) const override { registry.insert<AffineDialect>(); }
  void runOnOperation() override {
    Operation *root = getOperation();
    RewritePatternSet patterns(&getContext());
    patterns.add<ForLoopPeelingPattern>(&getContext(), peelFront, skipPartial);
    (void)applyPatternsGreedily(root, std::move(patterns));
    root->walk([](Operation *op) {
      op->removeAttr(kPeeledLoopLabel);
      op->removeAttr(kPartialIterationLabel);
    });
  }
};

} // namespace

std::unique_ptr<Pass> lamina::createSCFForLoopPeelingPass() { return std::make_unique<SCFForLoopPeeling>(); }
