//===- FrozenRewritePatternSet.h - Patterns ready for application ---------===//
//
// An immutable, shareable set of patterns indexed by root op name. Patterns
// rooted at a trait are listed under every registered op that has it (in op
// name order); patterns rooted at any op are kept apart. Disabled/enabled
// labels filter patterns by debug name or label, as `disable-patterns` and
// `enable-patterns` do.
//
#pragma once

#include "lamina/IR/PatternMatch.h"
#include <unordered_map>

#include <memory>
#include <string>
#include <vector>

namespace lamina {

class FrozenRewritePatternSet {
public:
  /// Keyed by OperationName::getAsOpaquePointer().
  using OpPatternMap = std::unordered_map<const void *, std::vector<const RewritePattern *>>;

  FrozenRewritePatternSet();
  FrozenRewritePatternSet(RewritePatternSet &&patterns, ArrayRef<std::string> disabledPatternLabels = {},
                          ArrayRef<std::string> enabledPatternLabels = {});

  /// Patterns rooted at a specific op (after filtering), per op.
  const OpPatternMap &getOpSpecificNativePatterns() const { return impl->opSpecificMap; }
  /// Patterns rooted at any op.
  ArrayRef<const RewritePattern *> getMatchAnyOpNativePatterns() const { return impl->anyOpPatterns; }
  /// Whether no pattern survived.
  bool empty() const { return impl->opSpecificMap.empty() && impl->anyOpPatterns.empty(); }

private:
  struct Impl {
    std::vector<std::unique_ptr<RewritePattern>> owned;
    OpPatternMap opSpecificMap;
    std::vector<const RewritePattern *> anyOpPatterns;
  };
  std::shared_ptr<Impl> impl;
};

} // namespace lamina
