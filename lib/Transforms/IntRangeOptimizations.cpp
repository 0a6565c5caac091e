//===- IntRangeOptimizations.cpp - Rewrites from integer ranges -----------===//
//
// MLIR's `int-range-optimizations` (arith): run integer range analysis (with
// dead code analysis and constant propagation), then greedily replace the
// results and block arguments whose range is a single value with constants,
// and drop remainders whose dividend is already below the modulus. The
// solver forgets the states of erased IR as the rewriter erases it.
//
#include "lamina/Transforms/Passes.h"

#include "lamina/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "lamina/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "lamina/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/Matchers.h"
#include "lamina/IR/PatternMatch.h"
#include "lamina/Interfaces/SideEffectInterfaces.h"
#include "lamina/Rewrite/FrozenRewritePatternSet.h"
#include "lamina/Rewrite/GreedyPatternRewriteDriver.h"

using namespace lamina;
using namespace lamina::dataflow;

/// The single value of `value`'s range, if it has one.
static std::optional<APInt> getMaybeConstantValue(DataFlowSolver &solver, Value value) {
  const auto *inferred = solver.lookupState<IntegerValueRangeLattice>(value);
  if (!inferred || inferred->getValue().isUninitialized())
    return std::nullopt;
  return inferred->getValue().getValue().getConstantValue();
}

/// Gives `newVal` the range of `oldVal`.
static void copyIntegerRange(DataFlowSolver &solver, Value oldVal, Value newVal) {
  const auto *oldState = solver.lookupState<IntegerValueRangeLattice>(oldVal);
  if (!oldState)
    return;
  (void)solver.getOrCreateState<IntegerValueRangeLattice>(newVal)->join(*oldState);
}

/// Replaces the uses of `value` by a constant if its range is one value.
static LogicalResult maybeReplaceWithConstant(DataFlowSolver &solver, RewriterBase &rewriter, Value value) {
  if (value.use_empty())
    return failure();
  std::optional<APInt> maybeConstValue = getMaybeConstantValue(solver, value);
  if (!maybeConstValue)
    return failure();

  Type type = value.getType();
  Location loc = value.getLoc();
  Operation *maybeDefiningOp = value.getDefiningOp();
  Dialect *valueDialect =
      maybeDefiningOp ? maybeDefiningOp->getDialect() : value.getParentRegion()->getParentOp()->getDialect();

  Attribute constAttr;
  if (auto shaped = dyn_cast<ShapedType>(type))
    constAttr = DenseElementsAttr::get(shaped, ArrayRef<APInt>(*maybeConstValue));
  else
    constAttr = IntegerAttr::get(type, *maybeConstValue);
  Operation *constOp = valueDialect ? valueDialect->materializeConstant(rewriter, constAttr, type, loc) : nullptr;
  // Fall back to arith.constant when the dialect does not know integers.
  if (!constOp)
    if (Dialect *arith = rewriter.getContext()->getLoadedDialect("arith"))
      constOp = arith->materializeConstant(rewriter, constAttr, type, loc);
  if (!constOp)
    return failure();

  Value res = constOp->getResult(0);
  if (solver.lookupState<IntegerValueRangeLattice>(res))
    solver.eraseState(res);
  copyIntegerRange(solver, value, res);
  rewriter.replaceAllUsesWith(value, res);
  return success();
}

namespace {
/// Forgets the solver's states of erased ops.
class DataFlowListener : public RewriterBase::Listener {
public:
  explicit DataFlowListener(DataFlowSolver &s) : s(s) {}

protected:
  void notifyOperationErased(Operation *op) override {
    s.eraseState(ProgramPoint::after(op));
    for (Value res : op->getResults())
      s.eraseState(res);
  }

  DataFlowSolver &s;
};

/// Replaces the results (and region block arguments) known to be constant;
/// erases the op when all its results went and it is trivially dead.
struct MaterializeKnownConstantValues : public RewritePattern {
  MaterializeKnownConstantValues(MLIRContext *context, DataFlowSolver &s)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context), solver(s) {}

  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override {
    if (matchConstantOp(op))
      return failure();

    auto needsReplacing = [&](Value v) { return getMaybeConstantValue(solver, v).has_value() && !v.use_empty(); };
    bool hasConstantResults = false;
    for (Value result : op->getResults())
      hasConstantResults |= needsReplacing(result);
    if (op->getNumRegions() == 0 && !hasConstantResults)
      return failure();
    bool hasConstantRegionArgs = false;
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Value arg : block.getArguments())
          hasConstantRegionArgs |= needsReplacing(arg);
    if (!hasConstantResults && !hasConstantRegionArgs)
      return failure();

    bool replacedAll = op->getNumResults() != 0;
    for (Value v : op->getResults())
      replacedAll &= (succeeded(maybeReplaceWithConstant(solver, rewriter, v)) || v.use_empty());
    if (replacedAll && isOpTriviallyDead(op)) {
      rewriter.eraseOp(op);
      return success();
    }

    OpBuilder::InsertionGuard guard(rewriter);
    for (Region &region : op->getRegions())
      for (Block &block : region) {
        rewriter.setInsertionPointToStart(&block);
        for (Value arg : block.getArguments())
          (void)maybeReplaceWithConstant(solver, rewriter, arg);
      }
    return success();
  }

private:
  DataFlowSolver &solver;
};

/// Erases a remsi/remui whose dividend range is inside [0, modulus).
struct DeleteTrivialRem : public RewritePattern {
  DeleteTrivialRem(MLIRContext *context, DataFlowSolver &s, std::string_view opName, bool isUnsigned)
      : RewritePattern(opName, /*benefit=*/1, context), solver(s), isUnsigned(isUnsigned) {}

  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override {
    Value lhs = op->getOperand(0);
    Value rhs = op->getOperand(1);
    APInt modulusValue;
    if (!matchConstantInt(rhs, &modulusValue))
      return failure();
    int64_t modulus = modulusValue.getSExtValue();
    if (modulus <= 0)
      return failure();
    const auto *maybeLhsRange = solver.lookupState<IntegerValueRangeLattice>(lhs);
    if (!maybeLhsRange || maybeLhsRange->getValue().isUninitialized())
      return failure();
    const ConstantIntRanges &lhsRange = maybeLhsRange->getValue().getValue();
    const APInt &min = isUnsigned ? lhsRange.umin() : lhsRange.smin();
    const APInt &max = isUnsigned ? lhsRange.umax() : lhsRange.smax();
    // The dividend must be strictly below the modulus.
    if (min.isNegative() || min.uge(uint64_t(modulus)))
      return failure();
    if (max.isNegative() || max.uge(uint64_t(modulus)))
      return failure();
    if (!min.ule(max))
      return failure();
    rewriter.replaceOp(op, ValueRange(ArrayRef<Value>(&lhs, 1)));
    return success();
  }

private:
  DataFlowSolver &solver;
  bool isUnsigned;
};

struct IntRangeOptimizationsPass : impl::ArithIntRangeOptsBase<IntRangeOptimizationsPass> {
  void getDependentDialects(DialectRegistry &registry) const override { registry.insert<ArithDialect>(); }

  void runOnOperation() override {
    Operation *op = getOperation();
    MLIRContext *ctx = op->getContext();
    DataFlowSolver solver;
    solver.load<DeadCodeAnalysis>();
    solver.load<SparseConstantPropagation>();
    solver.load<IntegerRangeAnalysis>();
    if (failed(solver.initializeAndRun(op)))
      return signalPassFailure();

    DataFlowListener listener(solver);
    RewritePatternSet patterns(ctx);
    patterns.add<MaterializeKnownConstantValues>(ctx, solver);
    patterns.add<DeleteTrivialRem>(ctx, solver, std::string_view("arith.remsi"), false);
    patterns.add<DeleteTrivialRem>(ctx, solver, std::string_view("arith.remui"), true);
    FrozenRewritePatternSet frozen(std::move(patterns));
    // MLIR's default GreedyRewriteConfig simplifies regions aggressively
    // (blocks are merged).
    GreedyRewriteConfig config;
    config.setListener(&listener).setRegionSimplificationLevel(GreedySimplifyRegionLevel::Aggressive);
    if (failed(applyPatternsGreedily(op, frozen, config)))
      signalPassFailure();
  }
};
} // namespace

std::unique_ptr<Pass> lamina::createArithIntRangeOptsPass() { return std::make_unique<IntRangeOptimizationsPass>(); }
