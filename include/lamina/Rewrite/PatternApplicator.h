//===- PatternApplicator.h - Applies the best matching pattern to an op --===//
//
// For one op, tries the patterns rooted at its name and those rooted at any
// op, interleaved by benefit (highest first; among equals, the op's own
// patterns first, each list in insertion order), until one succeeds.
//
#pragma once

#include "lamina/Rewrite/FrozenRewritePatternSet.h"

namespace lamina {

class PatternApplicator {
public:
  explicit PatternApplicator(const FrozenRewritePatternSet &frozenPatterns);

  /// Orders each pattern list by benefit (stable) and drops patterns that
  /// cannot match (the order the frozen set computed once).
  void applyDefaultCostModel();

  /// Tries the patterns for `op`. `canApply` may veto a pattern; `onFailure`
  /// and `onSuccess` are told the outcome (onSuccess may turn it into a
  /// failure). Null callbacks are skipped.
  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter,
                                function_ref<bool(const Pattern &)> canApply = {},
                                function_ref<void(const Pattern &)> onFailure = {},
                                function_ref<LogicalResult(const Pattern &)> onSuccess = {}) const {
    return matchAndRewrite(op, getOpPatterns(op->getName()), rewriter, canApply, onFailure, onSuccess);
  }
  /// The same with the op's own patterns already looked up
  /// (getOpPatterns).
  LogicalResult matchAndRewrite(Operation *op, ArrayRef<const RewritePattern *> opPatterns,
                                PatternRewriter &rewriter, function_ref<bool(const Pattern &)> canApply = {},
                                function_ref<void(const Pattern &)> onFailure = {},
                                function_ref<LogicalResult(const Pattern &)> onSuccess = {}) const;

  /// The patterns rooted at `name`, in application order (empty before
  /// applyDefaultCostModel).
  ArrayRef<const RewritePattern *> getOpPatterns(OperationName name) const {
    return costModelApplied ? frozenPatterns.getSortedPatterns(name) : ArrayRef<const RewritePattern *>();
  }
  /// Whether any pattern rooted at any op applies.
  bool hasAnyOpPatterns() const { return !anyOpPatterns.empty(); }
  /// Whether any pattern is rooted at `name` or at any op.
  bool hasPatternsFor(OperationName name) const { return hasAnyOpPatterns() || !getOpPatterns(name).empty(); }

private:
  const FrozenRewritePatternSet &frozenPatterns;
  ArrayRef<const RewritePattern *> anyOpPatterns;
  bool costModelApplied = false;
};

} // namespace lamina
