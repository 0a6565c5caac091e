//===- BufferDeallocationSimplification.cpp - Fewer runtime alias checks --===//
//
// MLIR's `buffer-deallocation-simplification`: with an analysis of where
// buffers come from, `bufferization.dealloc` ops drop memrefs that a
// retained value certainly aliases, drop retained values that alias no
// memref, split off memrefs that alias no other, and answer `true` for
// retained values aliasing a memref freed unconditionally; the dealloc
// canonicalization patterns run alongside.
//
#include "BufferUtils.h"

#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/Dialect/Bufferization/BufferizationDialect.h"
#include "lamina/Dialect/Bufferization/Transforms/Passes.h"
#include "lamina/Dialect/MemRef/MemRefDialect.h"
#include "lamina/IR/Builders.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/Matchers.h"
#include "lamina/IR/PatternMatch.h"
#include "lamina/Interfaces/SideEffectInterfaces.h"
#include "lamina/Rewrite/FrozenRewritePatternSet.h"
#include "lamina/Rewrite/GreedyPatternRewriteDriver.h"

#include <unordered_set>

using namespace lamina;
using namespace lamina::bufferization;

namespace {

/// True if one value is (a view of) an allocation nested under the block
/// that the other (a view of) is an argument of: they are distinct buffers.
bool distinctAllocAndBlockArgument(Value v1, Value v2) {
  Value base1 = getViewBase(v1), base2 = getViewBase(v2);
  auto distinct = [](Value a, Value b) {
    Operation *op = a.getDefiningOp();
    if (!op || !hasEffect<MemoryEffects::Allocate>(op, a))
      return false;
    auto arg = dyn_cast<BlockArgument>(b);
    return arg && arg.getOwner()->findAncestorOpInBlock(*op);
  };
  return distinct(base1, base2) || distinct(base2, base1);
}

/// True unless `memref` certainly comes from another allocation than each
/// of `others`.
bool potentiallyAliasesMemref(const BufferOriginAnalysis &analysis, ValueRange others, Value memref) {
  for (Value other : others) {
    if (distinctAllocAndBlockArgument(other, memref))
      continue;
    std::optional<bool> same = analysis.isSameAllocation(other, memref);
    if (!same || *same)
      return true;
  }
  return false;
}

Value createI1(PatternRewriter &rewriter, Location loc, std::string_view name, Value a, Value b) {
  std::vector<Value> operands{a, b};
  return rewriter.create(loc, name, ValueRange(operands), rewriter.getI1Type())->getResult(0);
}

struct AnalysisPattern : public OpRewritePattern<DeallocOp> {
  AnalysisPattern(MLIRContext *context, const BufferOriginAnalysis &analysis)
      : OpRewritePattern<DeallocOp>(context), analysis(analysis) {}
  const BufferOriginAnalysis &analysis;
};

/// Memrefs that a retained value certainly aliases (and no retained value
/// may alias) are never freed: drop them, or-ing their condition into the
/// result of the aliasing retained values.
struct RemoveDeallocMemrefsContainedInRetained : AnalysisPattern {
  using AnalysisPattern::AnalysisPattern;

  LogicalResult handleOneMemref(Operation *dealloc, Value memref, Value cond, PatternRewriter &rewriter) const {
    rewriter.setInsertionPointAfter(dealloc);
    ValueRange retained = getDeallocOperandGroups(dealloc)[2];
    bool atLeastOneMustAlias = false;
    for (Value r : retained) {
      std::optional<bool> same = analysis.isSameAllocation(r, memref);
      if (!same)
        return failure();
      atLeastOneMustAlias |= *same;
    }
    if (!atLeastOneMustAlias)
      return failure();
    for (unsigned i = 0; i < retained.size(); ++i) {
      Value updated = dealloc->getResult(i);
      std::optional<bool> same = analysis.isSameAllocation(retained[i], memref);
      if (same && *same) {
        Value disjunction = createI1(rewriter, dealloc->getLoc(), "arith.ori", updated, cond);
        rewriter.replaceAllUsesExcept(updated, disjunction, disjunction.getDefiningOp());
      }
    }
    return success();
  }

  LogicalResult matchAndRewrite(DeallocOp dealloc, PatternRewriter &rewriter) const override {
    Operation *op = dealloc.getOperation();
    auto [memrefs, conditions, retained] = getDeallocOperandGroups(op);
    std::unordered_set<Value> unique(retained.begin(), retained.end());
    if (unique.size() != retained.size())
      return failure();
    std::vector<Value> newMemrefs, newConditions;
    for (unsigned i = 0; i < memrefs.size(); ++i) {
      Value memref = memrefs[i], cond = conditions[i];
      if (succeeded(handleOneMemref(op, memref, cond, rewriter)))
        continue;
      if (Operation *def = memref.getDefiningOp())
        if (def->getName().getStringRef() == "memref.extract_strided_metadata" &&
            succeeded(handleOneMemref(op, def->getOperand(0), cond, rewriter)))
          continue;
      newMemrefs.push_back(memref);
      newConditions.push_back(cond);
    }
    return updateDeallocIfChanged(op, newMemrefs, newConditions, rewriter);
  }
};

/// Retained values that certainly alias no memref get `false`.
struct RemoveRetainedMemrefsGuaranteedToNotAlias : AnalysisPattern {
  using AnalysisPattern::AnalysisPattern;

  LogicalResult matchAndRewrite(DeallocOp dealloc, PatternRewriter &rewriter) const override {
    Operation *op = dealloc.getOperation();
    auto [memrefs, conditions, retained] = getDeallocOperandGroups(op);
    std::vector<Value> newRetained, replacements;
    for (Value r : retained) {
      if (potentiallyAliasesMemref(analysis, memrefs, r)) {
        newRetained.push_back(r);
        replacements.push_back(Value());
        continue;
      }
      NamedAttribute attr(rewriter.getStringAttr("value"), rewriter.getBoolAttr(false));
      replacements.push_back(rewriter.create(op->getLoc(), "arith.constant", {}, rewriter.getI1Type(), attr)
                                 ->getResult(0));
    }
    if (newRetained.size() == retained.size())
      return failure();
    Operation *newOp = createDeallocOp(rewriter, op->getLoc(), memrefs, conditions, ValueRange(newRetained));
    unsigned i = 0;
    for (Value &v : replacements)
      if (!v)
        v = newOp->getResult(i++);
    rewriter.replaceOp(op, ValueRange(replacements));
    return success();
  }
};

/// A memref that certainly aliases no other memref goes to a dealloc of its
/// own; the results are or-ed.
struct SplitDeallocWhenNotAliasingAnyOther : AnalysisPattern {
  using AnalysisPattern::AnalysisPattern;

  LogicalResult matchAndRewrite(DeallocOp dealloc, PatternRewriter &rewriter) const override {
    Operation *op = dealloc.getOperation();
    auto [memrefs, conditions, retained] = getDeallocOperandGroups(op);
    if (memrefs.size() <= 1)
      return failure();
    Location loc = op->getLoc();
    std::vector<Value> remainingMemrefs, remainingConditions;
    std::vector<std::vector<Value>> updatedConditions;
    for (unsigned i = 0; i < memrefs.size(); ++i) {
      std::vector<Value> others;
      for (unsigned j = 0; j < memrefs.size(); ++j)
        if (j != i)
          others.push_back(memrefs[j]);
      if (potentiallyAliasesMemref(analysis, ValueRange(others), memrefs[i])) {
        remainingMemrefs.push_back(memrefs[i]);
        remainingConditions.push_back(conditions[i]);
        continue;
      }
      Operation *split = createDeallocOp(rewriter, loc, memrefs[i], conditions[i], retained);
      std::vector<Value> results(split->getResults().begin(), split->getResults().end());
      updatedConditions.push_back(std::move(results));
    }
    if (remainingMemrefs.size() == memrefs.size())
      return failure();
    Operation *rest =
        createDeallocOp(rewriter, loc, ValueRange(remainingMemrefs), ValueRange(remainingConditions), retained);
    std::vector<Value> replacements(rest->getResults().begin(), rest->getResults().end());
    for (const std::vector<Value> &additional : updatedConditions)
      for (unsigned i = 0; i < replacements.size(); ++i)
        replacements[i] = createI1(rewriter, loc, "arith.ori", replacements[i], additional[i]);
    rewriter.replaceOp(op, ValueRange(replacements));
    return success();
  }
};

/// A retained value that certainly aliases a memref freed under constant
/// `true` gets `true`; when every retained value does, those memrefs go.
struct RetainedMemrefAliasingAlwaysDeallocatedMemref : AnalysisPattern {
  using AnalysisPattern::AnalysisPattern;

  LogicalResult matchAndRewrite(DeallocOp dealloc, PatternRewriter &rewriter) const override {
    Operation *op = dealloc.getOperation();
    auto [memrefs, conditions, retained] = getDeallocOperandGroups(op);
    std::vector<bool> aliasesConstTrue(retained.size(), false);
    std::vector<Value> newMemrefs, newConditions;
    for (unsigned m = 0; m < memrefs.size(); ++m) {
      Value memref = memrefs[m], cond = conditions[m];
      bool canDrop = false;
      for (unsigned i = 0; i < retained.size(); ++i) {
        if (!matchOne(cond))
          continue;
        Value res = op->getResult(i);
        std::optional<bool> same = analysis.isSameAllocation(retained[i], memref);
        if (same && *same) {
          rewriter.replaceAllUsesWith(res, cond);
          aliasesConstTrue[i] = true;
          canDrop = true;
          continue;
        }
        Operation *def = memref.getDefiningOp();
        if (!def || def->getName().getStringRef() != "memref.extract_strided_metadata")
          continue;
        std::optional<bool> sameExtract = analysis.isSameAllocation(retained[i], def->getOperand(0));
        if (sameExtract && *sameExtract) {
          rewriter.replaceAllUsesWith(res, cond);
          aliasesConstTrue[i] = true;
          canDrop = true;
        }
      }
      if (!canDrop) {
        newMemrefs.push_back(memref);
        newConditions.push_back(cond);
      }
    }
    for (bool b : aliasesConstTrue)
      if (!b)
        return failure();
    return updateDeallocIfChanged(op, newMemrefs, newConditions, rewriter);
  }
};

struct BufferDeallocationSimplificationPass
    : impl::BufferDeallocationSimplificationBase<BufferDeallocationSimplificationPass> {
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<BufferizationDialect, ArithDialect, MemRefDialect>();
  }

  void runOnOperation() override {
    BufferOriginAnalysis analysis(getOperation());
    RewritePatternSet patterns(&getContext());
    patterns.add<RemoveDeallocMemrefsContainedInRetained, RemoveRetainedMemrefsGuaranteedToNotAlias,
                 SplitDeallocWhenNotAliasingAnyOther, RetainedMemrefAliasingAlwaysDeallocatedMemref>(&getContext(),
                                                                                                     analysis);
    populateDeallocOpCanonicalizationPatterns(patterns);
    GreedyRewriteConfig config;
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Normal);
    if (failed(applyPatternsGreedily(getOperation(), FrozenRewritePatternSet(std::move(patterns)), config)))
      signalPassFailure();
  }
};

} // namespace

std::unique_ptr<Pass> lamina::createBufferDeallocationSimplificationPass() {
  return std::make_unique<BufferDeallocationSimplificationPass>();
}
