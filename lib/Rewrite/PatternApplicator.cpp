//===- PatternApplicator.cpp - Frozen pattern sets and their application --===//
#include "lamina/Rewrite/PatternApplicator.h"

#include <algorithm>
#include <unordered_set>

using namespace lamina;

//===----------------------------------------------------------------------===//
// FrozenRewritePatternSet
//===----------------------------------------------------------------------===//

FrozenRewritePatternSet::FrozenRewritePatternSet() : impl(std::make_shared<Impl>()) {}

FrozenRewritePatternSet::FrozenRewritePatternSet(RewritePatternSet &&patterns,
                                                 ArrayRef<std::string> disabledPatternLabels,
                                                 ArrayRef<std::string> enabledPatternLabels)
    : impl(std::make_shared<Impl>()) {
  std::unordered_set<std::string_view> disabled(disabledPatternLabels.begin(), disabledPatternLabels.end());
  std::unordered_set<std::string_view> enabled(enabledPatternLabels.begin(), enabledPatternLabels.end());
  std::vector<OperationName> registeredOps;
  bool haveRegisteredOps = false;

  for (std::unique_ptr<RewritePattern> &pattern : patterns.getNativePatterns()) {
    auto matches = [&](const std::unordered_set<std::string_view> &set) {
      if (set.count(pattern->getDebugName()))
        return true;
      for (const std::string &label : pattern->getDebugLabels())
        if (set.count(label))
          return true;
      return false;
    };
    if (!enabled.empty() && !matches(enabled))
      continue;
    if (!disabled.empty() && matches(disabled))
      continue;

    const RewritePattern *p = pattern.get();
    switch (pattern->getRootKind()) {
    case Pattern::RootKind::OperationName:
      impl->opSpecificMap[pattern->getRootName()->getAsOpaquePointer()].push_back(p);
      break;
    case Pattern::RootKind::Trait:
      if (!haveRegisteredOps) {
        registeredOps = pattern->getContext()->getRegisteredOperations();
        haveRegisteredOps = true;
      }
      for (OperationName name : registeredOps)
        if (name.hasTrait(pattern->getRootTraitID()))
          impl->opSpecificMap[name.getAsOpaquePointer()].push_back(p);
      break;
    case Pattern::RootKind::AnyOp:
      impl->anyOpPatterns.push_back(p);
      break;
    }
    impl->owned.push_back(std::move(pattern));
  }
  patterns.clear();

  // The default cost model's order, computed once: by benefit (stable),
  // without the patterns that cannot match.
  auto sortByBenefit = [](std::vector<const RewritePattern *> &list) {
    std::stable_sort(list.begin(), list.end(), [](const RewritePattern *a, const RewritePattern *b) {
      return a->getBenefit() > b->getBenefit();
    });
    while (!list.empty() && list.back()->getBenefit().isImpossibleToMatch())
      list.pop_back();
  };
  std::vector<const RewritePattern *> sorted;
  for (const auto &[name, list] : impl->opSpecificMap) {
    sorted = list;
    sortByBenefit(sorted);
    if (sorted.empty())
      continue;
    impl->sortedOpPatterns.insert(name, Range{uint32_t(impl->sortedStorage.size()), uint32_t(sorted.size())});
    impl->sortedStorage.insert(impl->sortedStorage.end(), sorted.begin(), sorted.end());
  }
  impl->sortedAnyOpPatterns = impl->anyOpPatterns;
  sortByBenefit(impl->sortedAnyOpPatterns);
}

//===----------------------------------------------------------------------===//
// PatternApplicator
//===----------------------------------------------------------------------===//

PatternApplicator::PatternApplicator(const FrozenRewritePatternSet &frozenPatterns)
    : frozenPatterns(frozenPatterns) {}

void PatternApplicator::applyDefaultCostModel() {
  anyOpPatterns = frozenPatterns.getSortedAnyOpPatterns();
  costModelApplied = true;
}

LogicalResult PatternApplicator::matchAndRewrite(Operation *op, ArrayRef<const RewritePattern *> opPatterns,
                                                 PatternRewriter &rewriter,
                                                 function_ref<bool(const Pattern &)> canApply,
                                                 function_ref<void(const Pattern &)> onFailure,
                                                 function_ref<LogicalResult(const Pattern &)> onSuccess) const {
  size_t opIt = 0, opEnd = opPatterns.size();
  size_t anyIt = 0, anyEnd = anyOpPatterns.size();
  LogicalResult result = failure();
  while (true) {
    const RewritePattern *best = nullptr;
    size_t *bestIt = &opIt;
    if (opIt < opEnd)
      best = opPatterns[opIt];
    if (anyIt < anyEnd && (!best || best->getBenefit() < anyOpPatterns[anyIt]->getBenefit())) {
      bestIt = &anyIt;
      best = anyOpPatterns[anyIt];
    }
    if (!best)
      break;
    ++*bestIt;
    if (canApply && !canApply(*best))
      continue;
    rewriter.setInsertionPoint(op);
    result = best->matchAndRewrite(op, rewriter);
    if (succeeded(result) && onSuccess && failed(onSuccess(*best)))
      result = failure();
    if (succeeded(result))
      break;
    if (onFailure)
      onFailure(*best);
  }
  return result;
}
