//===- FrozenRewritePatternSet.h - Patterns ready for application ---------===//
//
// An immutable, shareable set of patterns indexed by root op name. Patterns
// rooted at a trait are listed under every registered op that has it (in op
// name order); patterns rooted at any op are kept apart. Disabled/enabled
// labels filter patterns by debug name or label, as `disable-patterns` and
// `enable-patterns` do. Freezing also orders each list as the default cost
// model does (by benefit, stable; impossible matches dropped), once, so
// that the many drivers sharing the set (one per isolated region when the
// canonicalizer runs in parallel) need not.
//
#pragma once

#include "lamina/IR/PatternMatch.h"
#include "lamina/Support/FlatHashMap.h"

#include <memory>
#include <string>
#include <unordered_map>
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

  /// The patterns rooted at `name` in the default cost model's order
  /// (highest benefit first, ties in insertion order, impossible matches
  /// dropped).
  ArrayRef<const RewritePattern *> getSortedPatterns(OperationName name) const {
    const Range *r = impl->sortedOpPatterns.find(name.getAsOpaquePointer());
    return r ? ArrayRef<const RewritePattern *>(impl->sortedStorage.data() + r->begin, r->size)
             : ArrayRef<const RewritePattern *>();
  }
  /// The patterns rooted at any op, in the same order.
  ArrayRef<const RewritePattern *> getSortedAnyOpPatterns() const { return impl->sortedAnyOpPatterns; }

private:
  struct Range {
    uint32_t begin = 0, size = 0;
  };
  struct Impl {
    std::vector<std::unique_ptr<RewritePattern>> owned;
    OpPatternMap opSpecificMap;
    std::vector<const RewritePattern *> anyOpPatterns;
    FlatHashMap<const void *, Range> sortedOpPatterns;
    std::vector<const RewritePattern *> sortedStorage;
    std::vector<const RewritePattern *> sortedAnyOpPatterns;
  };
  std::shared_ptr<Impl> impl;
};

} // namespace lamina
