//===- Generalization.cpp - Named structured ops to linalg.generic --------===//
//
// linalg-generalize-named-ops: every named structured op (linalg.matmul,
// linalg.add, linalg.conv_*, ...) becomes the linalg.generic with its
// indexing maps, iterator types and operands; its body, which the named op
// carries already (built from its OpDSL definition), moves over unchanged.
// The pattern runs in the greedy driver, which also folds as it goes.
//
#include "lamina/Dialect/Linalg/Passes.h"

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/Rewrite/GreedyPatternRewriteDriver.h"

using namespace lamina;
using namespace lamina::linalg;

namespace {
/// MLIR 22's precondition: linalg.generic is generic already; an op needs
/// its one region. (Discardable attributes are not carried over.)
LogicalResult generalizeNamedOpPrecondition(LinalgOp linalgOp) {
  Operation *op = linalgOp.getOperation();
  if (isa<GenericOp>(op))
    return failure();
  return success(op->getNumRegions() == 1);
}

struct LinalgGeneralizationPattern : RewritePattern {
  explicit LinalgGeneralizationPattern(MLIRContext *ctx) : RewritePattern(MatchAnyOpTypeTag(), 1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override {
    auto linalgOp = dyn_cast<LinalgOp>(op);
    if (!linalgOp)
      return failure();
    return success(succeeded(generalizeNamedOp(rewriter, linalgOp)));
  }
};

struct LinalgGeneralizeNamedOpsPass : impl::LinalgGeneralizeNamedOpsPassBase<LinalgGeneralizeNamedOpsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateLinalgNamedOpsGeneralizationPatterns(patterns);
    (void)applyPatternsGreedily(getOperation(), std::move(patterns));
  }
};
} // namespace

FailureOr<Operation *> linalg::generalizeNamedOp(RewriterBase &rewriter, LinalgOp linalgOp) {
  if (failed(generalizeNamedOpPrecondition(linalgOp)))
    return failure();
  Operation *op = linalgOp.getOperation();
  MLIRContext *ctx = op->getContext();
  OperandRange outputs = linalgOp.getDpsInits();
  unsigned numInputs = linalgOp.getNumDpsInputs();

  std::vector<Attribute> maps;
  for (AffineMap map : linalgOp.getIndexingMapsArray())
    maps.push_back(AffineMapAttr::get(map));
  std::vector<Attribute> iterators;
  for (IteratorType type : linalgOp.getIteratorTypesArray())
    iterators.push_back(IteratorTypeAttr::get(ctx, type));

  OperationState state(op->getLoc(), GenericOp::getOperationName());
  state.addOperands(op->getOperands());
  if (linalgOp.hasPureTensorSemantics())
    for (Value output : outputs)
      state.addType(output.getType());
  state.addAttribute("indexing_maps", ArrayAttr::get(ctx, maps));
  state.addAttribute("iterator_types", ArrayAttr::get(ctx, iterators));
  state.addAttribute("operandSegmentSizes",
                     DenseI32ArrayAttr::get(ctx, std::vector<int32_t>{int32_t(numInputs), int32_t(outputs.size())}));
  state.addRegion();
  rewriter.setInsertionPoint(op);
  Operation *generic = rewriter.create(state);
  Region &body = generic->getRegion(0);
  rewriter.inlineRegionBefore(op->getRegion(0), body, body.end());
  rewriter.replaceOp(op, generic->getResults());
  return generic;
}

void linalg::populateLinalgNamedOpsGeneralizationPatterns(RewritePatternSet &patterns) {
  patterns.add<LinalgGeneralizationPattern>(patterns.getContext());
}

std::unique_ptr<Pass> lamina::createLinalgGeneralizeNamedOpsPassPass() {
  return std::make_unique<LinalgGeneralizeNamedOpsPass>();
}

namespace lamina::linalg {
#define LAMINA_PASS_TABLE "lamina/Dialect/Linalg/Passes.def"
#define LAMINA_PASS_REGISTRATION_FN registerLinalgPasses
#include "lamina/Pass/PassTableRegistration.inc"
} // namespace lamina::linalg
