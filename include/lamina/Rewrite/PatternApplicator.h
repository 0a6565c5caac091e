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

  /// Sorts each pattern list by benefit (stable) and drops patterns that
  /// cannot match.
  void applyDefaultCostModel();

  /// Tries the patterns for `op`. `canApply` may veto a pattern; `onFailure`
  /// and `onSuccess` are told the outcome (onSuccess may turn it into a
  /// failure). Null callbacks are skipped.
  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter,
                                function_ref<bool(const Pattern &)> canApply = {},
                                function_ref<void(const Pattern &)> onFailure = {},
                                function_ref<LogicalResult(const Pattern &)> onSuccess = {});

  /// Whether any pattern is rooted at `name` or at any op.
  bool hasPatternsFor(OperationName name) const {
    return !anyOpPatterns.empty() || patterns.find(name.getAsOpaquePointer()) != patterns.end();
  }

private:
  const FrozenRewritePatternSet &frozenPatterns;
  std::unordered_map<const void *, std::vector<const RewritePattern *>> patterns;
  std::vector<const RewritePattern *> anyOpPatterns;
};

} // namespace lamina
