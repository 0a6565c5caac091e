//===- ForLoopCanonicalization.cpp - Canonicalizations around scf.for ------===//
//
// scf-for-loop-canonicalization (MLIR 22's SCFForLoopCanonicalization), in
// the greedy driver: tensor.dim/memref.dim of an scf.for iter_arg or result
// whose yielded value keeps the shape (the iter_arg itself, through
// tensor.insert_slice destinations and nested shape-preserving loops)
// reads the loop's init instead; an affine.min/affine.max whose operands
// include scf.for/scf.parallel induction variables becomes an affine.apply
// of a single bound when the loops' ranges prove it equal to that bound
// (MLIR's AffineOpSCFCanonicalizationPattern).
//
#include "lamina/Dialect/SCF/Passes.h"

#include "lamina/Dialect/Affine/AffineAnalysis.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinTypes.h"

#include "lamina/Rewrite/GreedyPatternRewriteDriver.h"

#include <algorithm>
#include <vector>

using namespace lamina;
using namespace lamina::scf;

namespace {

bool isFor(Operation *op) { return op && op->getName().getStringRef() == "scf.for"; }

/// isShapePreserving: whether iter_arg `arg` of `forOp` yields a value of
/// the iter_arg's shape (the iter_arg itself, through insert_slice
/// destinations and nested loops that preserve it). Nested loops are
/// checked with an explicit stack.
bool isShapePreserving(Operation *root, unsigned rootArg) {
  struct Frame {
    Operation *forOp;
    unsigned arg;
    Value value;
  };
  auto start = [](Operation *forOp, unsigned arg) -> Frame {
    Operation *yield = forOp->getRegion(0).front().getTerminator();
    Value v = yield && arg < yield->getNumOperands() ? yield->getOperand(arg) : Value();
    return Frame{forOp, arg, v};
  };
  std::vector<Frame> stack = {start(root, rootArg)};
  bool result = false;
  bool resuming = false;
  while (!stack.empty()) {
    Frame &f = stack.back();
    if (resuming) {
      // A nested loop was examined: continue with its init, or fail.
      resuming = false;
      if (!result) {
        stack.pop_back();
        resuming = true;
        continue;
      }
      Operation *nested = f.value.getDefiningOp();
      unsigned n = cast<OpResult>(f.value).getResultNumber();
      f.value = nested->getOperand(3 + n);
    }
    bool descended = false;
    result = false;
    while (f.value) {
      Block &body = f.forOp->getRegion(0).front();
      if (f.value == Value(body.getArgument(f.arg + 1))) {
        result = true;
        break;
      }
      auto opResult = dyn_cast<OpResult>(f.value);
      if (!opResult) {
        f.value = Value();
        break;
      }
      Operation *owner = opResult.getOwner();
      if (owner->getName().getStringRef() == "tensor.insert_slice") {
        f.value = owner->getOperand(1);
        continue;
      }
      if (isFor(owner)) {
        stack.push_back(start(owner, opResult.getResultNumber()));
        descended = true;
        break;
      }
      f.value = Value();
    }
    if (descended)
      continue;
    stack.pop_back();
    resuming = true;
  }
  return result;
}

/// DimOfIterArgFolder and DimOfLoopResultFolder (tensor.dim, memref.dim).
struct DimOfLoopValue : RewritePattern {
  DimOfLoopValue(MLIRContext *ctx, std::string_view dimName) : RewritePattern(dimName, 1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override {
    Value source = op->getOperand(0);
    Value init;
    if (auto arg = dyn_cast<BlockArgument>(source)) {
      Operation *forOp = arg.getOwner()->getParentOp();
      if (!isFor(forOp) || arg.getArgNumber() == 0)
        return failure();
      unsigned n = arg.getArgNumber() - 1;
      if (!isShapePreserving(forOp, n))
        return failure();
      init = forOp->getOperand(3 + n);
    } else {
      Operation *forOp = source.getDefiningOp();
      if (!isFor(forOp))
        return failure();
      unsigned n = cast<OpResult>(source).getResultNumber();
      if (!isShapePreserving(forOp, n))
        return failure();
      init = forOp->getOperand(3 + n);
    }
    rewriter.modifyOpInPlace(op, [&] { op->setOperand(0, init); });
    return success();
  }
};

/// The bounds and step of the scf.for/scf.parallel/scf.forall loop `iv`
/// belongs to (static scf.forall bounds as index attributes).
bool matchLoop(Value iv, OpFoldResult &lb, OpFoldResult &ub, OpFoldResult &step) {
  auto arg = dyn_cast<BlockArgument>(iv);
  if (!arg)
    return false;
  Operation *loop = arg.getOwner()->getParentOp();
  if (!loop || arg.getOwner() != &loop->getRegion(0).front())
    return false;
  if (isFor(loop)) {
    if (arg.getArgNumber() != 0)
      return false;
    lb = loop->getOperand(0);
    ub = loop->getOperand(1);
    step = loop->getOperand(2);
    return true;
  }
  if (loop->getName().getStringRef() == "scf.forall") {
    auto getStatic = [&](std::string_view name) -> ArrayRef<int64_t> {
      if (auto attr = dyn_cast_or_null<DenseI64ArrayAttr>(loop->getAttr(name)))
        return attr.asArrayRef();
      return {};
    };
    ArrayRef<int64_t> lbs = getStatic("staticLowerBound"), ubs = getStatic("staticUpperBound"),
                      steps = getStatic("staticStep");
    unsigned i = arg.getArgNumber();
    if (i >= lbs.size() || lbs.size() != ubs.size() || lbs.size() != steps.size())
      return false;
    auto sizesAttr = dyn_cast_or_null<DenseI32ArrayAttr>(loop->getAttr("operandSegmentSizes"));
    if (!sizesAttr || sizesAttr.asArrayRef().size() < 3)
      return false;
    ArrayRef<int32_t> sizes = sizesAttr.asArrayRef();
    Type indexType = IndexType::get(loop->getContext());
    // The i-th entry of a static list, or its dynamic operand.
    auto mixed = [&](ArrayRef<int64_t> statics, unsigned segment) -> OpFoldResult {
      if (statics[i] != INT64_MIN)
        return IntegerAttr::get(indexType, statics[i]);
      unsigned start = 0;
      for (unsigned s = 0; s < segment; ++s)
        start += unsigned(sizes[s]);
      unsigned dynamicIndex = 0;
      for (unsigned j = 0; j < i; ++j)
        dynamicIndex += statics[j] == INT64_MIN;
      return loop->getOperand(start + dynamicIndex);
    };
    lb = mixed(lbs, 0);
    ub = mixed(ubs, 1);
    step = mixed(steps, 2);
    return true;
  }
  if (loop->getName().getStringRef() != "scf.parallel")
    return false;
  unsigned n = arg.getOwner()->getNumArguments(), i = arg.getArgNumber();
  if (loop->getNumOperands() < 3 * n)
    return false;
  lb = loop->getOperand(i);
  ub = loop->getOperand(n + i);
  step = loop->getOperand(2 * n + i);
  return true;
}

/// AffineOpSCFCanonicalizationPattern (affine.min, affine.max).
struct AffineMinMaxInLoop : RewritePattern {
  AffineMinMaxInLoop(MLIRContext *ctx, std::string_view name) : RewritePattern(name, 1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override {
    IntegerConstraints constraints;
    std::vector<Value> ivs;
    for (Value operand : op->getOperands()) {
      if (std::find(ivs.begin(), ivs.end(), operand) != ivs.end())
        continue;
      OpFoldResult lb, ub, step;
      if (!matchLoop(operand, lb, ub, step))
        continue;
      ivs.push_back(operand);
      if (failed(affine::addLoopRangeConstraints(constraints, operand, lb, ub, step)))
        return failure();
    }
    FailureOr<std::pair<AffineMap, std::vector<Value>>> simplified =
        affine::simplifyConstrainedMinMaxOp(op, std::move(constraints));
    if (failed(simplified))
      return failure();
    OperationState state(op->getLoc(), "affine.apply");
    for (Value v : simplified->second)
      state.addOperand(v);
    state.addAttribute("map", AffineMapAttr::get(simplified->first));
    state.addType(op->getResult(0).getType());
    rewriter.setInsertionPoint(op);
    Operation *apply = rewriter.create(state);
    rewriter.replaceOp(op, apply);
    return success();
  }
};

struct SCFForLoopCanonicalization : lamina::impl::SCFForLoopCanonicalizationBase<SCFForLoopCanonicalization> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<AffineMinMaxInLoop>(&getContext(), "affine.min");
    patterns.add<AffineMinMaxInLoop>(&getContext(), "affine.max");
    patterns.add<DimOfLoopValue>(&getContext(), "tensor.dim");
    patterns.add<DimOfLoopValue>(&getContext(), "memref.dim");
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

std::unique_ptr<Pass> lamina::createSCFForLoopCanonicalizationPass() {
  return std::make_unique<SCFForLoopCanonicalization>();
}
