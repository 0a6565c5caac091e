//===- TestLinalgElementwiseFusion.cpp - mlir-opt's fusion test pass ------===//
//
// test-linalg-elementwise-fusion-patterns, as mlir-opt's test pass of that
// name (mlir/test/lib/Dialect/Linalg/TestLinalgElementwiseFusion.cpp): each
// option applies one group of the elementwise fusion patterns to the body
// of a func.func.
//
#include "lamina/Dialect/Linalg/Passes.h"

#include "lamina/Dialect/Affine/AffineDialect.h"
#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/Dialect/Linalg/LinalgDialect.h"
#include "lamina/Dialect/MemRef/MemRefDialect.h"
#include "lamina/Dialect/Tensor/TensorDialect.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/Rewrite/GreedyPatternRewriteDriver.h"

#include <algorithm>
#include <vector>

using namespace lamina;
using namespace lamina::linalg;

namespace {

/// The inputs of a linalg op, the operands of any other op, in order and
/// without repeats (a SetVector).
void addOperands(Operation *op, std::vector<Value> &set) {
  auto insert = [&](Value v) {
    if (std::find(set.begin(), set.end(), v) == set.end())
      set.push_back(v);
  };
  if (auto linalgOp = dyn_cast<LinalgOp>(op)) {
    for (unsigned i = 0, e = linalgOp.getNumDpsInputs(); i < e; ++i)
      insert(op->getOperand(i));
    return;
  }
  for (Value v : op->getOperands())
    insert(v);
}

/// setFusedOpOperandLimit<4>: fuse while the fused op reads at most four
/// distinct values.
bool setFusedOpOperandLimit(OpOperand *fusedOperand) {
  Operation *producer = fusedOperand->get().getDefiningOp();
  if (!producer || producer->getNumResults() != 1)
    return false;
  std::vector<Value> operands;
  addOperands(fusedOperand->getOwner(), operands);
  operands.erase(std::remove(operands.begin(), operands.end(), producer->getResult(0)), operands.end());
  addOperands(producer, operands);
  return operands.size() <= 4;
}

/// TestMultiUseProducerFusion: fuses the first fusable producer whatever
/// its other uses.
struct TestMultiUseProducerFusion : RewritePattern {
  explicit TestMultiUseProducerFusion(MLIRContext *ctx) : RewritePattern(GenericOp::getOperationName(), 1, ctx) {}
  LogicalResult matchAndRewrite(Operation *genericOp, PatternRewriter &rewriter) const override {
    OpOperand *fusable = nullptr;
    for (OpOperand &operand : genericOp->getOpOperands())
      if (areElementwiseOpsFusable(&operand)) {
        fusable = &operand;
        break;
      }
    if (!fusable)
      return rewriter.notifyMatchFailure(genericOp, "no fusable operand found");
    FailureOr<ElementwiseOpFusionResult> fusion = fuseElementwiseOps(rewriter, fusable);
    if (failed(fusion))
      return rewriter.notifyMatchFailure(genericOp, "fusion failed");
    for (auto &[orig, replacement] : fusion->replacements)
      rewriter.replaceUsesWithIf(orig, replacement, [&](OpOperand &use) { return use.getOwner() != genericOp; });
    rewriter.eraseOp(genericOp);
    return success();
  }
};

struct TestLinalgElementwiseFusion : Pass {
  TestLinalgElementwiseFusion() : Pass(TypeID::get<TestLinalgElementwiseFusion>(), "func.func") {}
  TestLinalgElementwiseFusion(const TestLinalgElementwiseFusion &other) : Pass(other) {}
  std::unique_ptr<Pass> clonePass() const override { return std::make_unique<TestLinalgElementwiseFusion>(*this); }
  bool canScheduleOn(OperationName name) const override { return name.getStringRef() == "func.func"; }
  std::string_view getName() const override { return "(anonymous namespace)::TestLinalgElementwiseFusion"; }
  std::string_view getArgument() const override { return "test-linalg-elementwise-fusion-patterns"; }
  std::string_view getDescription() const override { return "Test Linalg element wise operation fusion patterns"; }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<AffineDialect, ArithDialect, LinalgDialect, MemRefDialect, TensorDialect>();
  }

  void runOnOperation() override {
    Operation *funcOp = getOperation();
    if (funcOp->getNumRegions() != 1)
      return;
    Region &body = funcOp->getRegion(0);
    MLIRContext *ctx = &getContext();
    auto apply = [&](RewritePatternSet &&patterns) {
      if (failed(applyPatternsGreedily(body, std::move(patterns))))
        signalPassFailure();
    };
    if (fuseGenericOps) {
      RewritePatternSet patterns(ctx);
      populateElementwiseOpsFusionPatterns(patterns, [](OpOperand *) { return true; });
      return apply(std::move(patterns));
    }
    if (fuseGenericOpsControl) {
      RewritePatternSet patterns(ctx);
      populateElementwiseOpsFusionPatterns(patterns, setFusedOpOperandLimit);
      return apply(std::move(patterns));
    }
    if (fuseWithReshapeByExpansion) {
      RewritePatternSet patterns(ctx);
      populateFoldReshapeOpsByExpansionPatterns(patterns, [](OpOperand *) { return true; });
      return apply(std::move(patterns));
    }
    if (controlFuseByExpansion) {
      RewritePatternSet patterns(ctx);
      populateFoldReshapeOpsByExpansionPatterns(patterns, [](OpOperand *fusedOperand) {
        Operation *producer = fusedOperand->get().getDefiningOp();
        if (!producer)
          return false;
        if (producer->getName().getStringRef() == "tensor.collapse_shape") {
          Operation *src = producer->getOperand(0).getDefiningOp();
          if (!src || !isa<LinalgOp>(src))
            return false;
        }
        Operation *consumer = fusedOperand->getOwner();
        if (consumer->getName().getStringRef() == "tensor.expand_shape") {
          if (!consumer->hasOneUse())
            return false;
          OpOperand &use = *consumer->getResult(0).getUses().begin();
          auto linalgOp = dyn_cast<LinalgOp>(use.getOwner());
          return linalgOp && linalgOp.isDpsInit(use.getOperandNumber());
        }
        return true;
      });
      return apply(std::move(patterns));
    }
    if (fuseWithReshapeByCollapsing) {
      RewritePatternSet patterns(ctx);
      populateFoldReshapeOpsByCollapsingPatterns(patterns, [](OpOperand *) { return true; });
      return apply(std::move(patterns));
    }
    if (fuseWithReshapeByCollapsingWithControlFn) {
      RewritePatternSet patterns(ctx);
      // Skips fusing the first operand of an expand_shape producer.
      populateFoldReshapeOpsByCollapsingPatterns(patterns, [](OpOperand *fusedOperand) {
        Operation *producer = fusedOperand->get().getDefiningOp();
        if (producer && producer->getName().getStringRef() == "tensor.expand_shape")
          return fusedOperand->getOperandNumber() != 0;
        return true;
      });
      return apply(std::move(patterns));
    }
    if (fuseMultiUseProducer) {
      RewritePatternSet patterns(ctx);
      patterns.add<TestMultiUseProducerFusion>(ctx);
      return apply(std::move(patterns));
    }
    if (!collapseDimensions.empty()) {
      std::vector<int64_t> dims(collapseDimensions.begin(), collapseDimensions.end());
      RewritePatternSet patterns(ctx);
      populateCollapseDimensions(patterns, [dims](Operation *) { return std::vector<std::vector<int64_t>>{dims}; });
      return apply(std::move(patterns));
    }
  }

  Option<bool> fuseGenericOps{*this, "fuse-generic-ops", "Test fusion of generic operations.", false};
  Option<bool> fuseGenericOpsControl{*this, "fuse-generic-ops-control",
                                     "Test fusion of generic operations with a control function.", false};
  Option<bool> fuseWithReshapeByExpansion{*this, "fuse-with-reshape-by-expansion",
                                          "Test fusion of generic operations with reshape by expansion", false};
  Option<bool> controlFuseByExpansion{*this, "control-fusion-by-expansion",
                                      "Test controlling fusion of reshape with generic op by expansion", false};
  Option<bool> fuseWithReshapeByCollapsing{
      *this, "fuse-with-reshape-by-collapsing",
      "Test linalg expand_shape -> generic fusion patterns that collapse the iteration space of the consumer", false};
  Option<bool> fuseWithReshapeByCollapsingWithControlFn{
      *this, "fuse-with-reshape-by-collapsing-control",
      "Test controlling the linalg expand_shape -> generic fusion patterns that collapse the iteration space of the "
      "consumer",
      false};
  Option<bool> fuseMultiUseProducer{*this, "fuse-multiuse-producer", "Test fusion of producer ops with multiple uses",
                                    false};
  ListOption<int64_t> collapseDimensions{*this, "collapse-dimensions-control",
                                         "Test controlling dimension collapse pattern"};
};

std::unique_ptr<Pass> createTestLinalgElementwiseFusion() { return std::make_unique<TestLinalgElementwiseFusion>(); }

} // namespace

void linalg::registerTestLinalgPasses() {
  registerPass("test-linalg-elementwise-fusion-patterns", "Test Linalg element wise operation fusion patterns",
               &createTestLinalgElementwiseFusion);
}
