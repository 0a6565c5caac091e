//===- GreedyPatternRewriteDriver.h - Apply patterns until fixpoint -------===//
//
// applyPatternsGreedily, as MLIR 22: each iteration builds a worklist of the
// ops of the region (post-order, or pre-order with top-down traversal),
// uniquing the constants it meets (OperationFolder), erases unreachable
// blocks, then pops ops: trivially dead ones are erased, others folded
// (constant ops excepted) or rewritten by the best pattern; changes put the
// affected ops back on the worklist. Region simplification follows; the
// whole repeats until nothing changes or `maxIterations` is reached.
//
#pragma once

#include "lamina/IR/PatternMatch.h"
#include "lamina/Rewrite/FrozenRewritePatternSet.h"

#include <cstdint>

namespace lamina {

/// Which ops the driver may rewrite (applyOpPatternsGreedily).
enum class GreedyRewriteStrictness {
  /// Any op in scope.
  AnyOp,
  /// The initial ops and the ops created while rewriting.
  ExistingAndNewOps,
  /// Only the initial ops.
  ExistingOps,
};

/// The `region-simplify` levels.
enum class GreedySimplifyRegionLevel { Disabled, Normal, Aggressive };

/// How the greedy driver runs.
class GreedyRewriteConfig {
public:
  static constexpr int64_t kNoLimit = -1;

  bool getUseTopDownTraversal() const { return useTopDownTraversal; }
  GreedyRewriteConfig &setUseTopDownTraversal(bool use = true) {
    useTopDownTraversal = use;
    return *this;
  }
  GreedySimplifyRegionLevel getRegionSimplificationLevel() const { return regionSimplificationLevel; }
  GreedyRewriteConfig &setRegionSimplificationLevel(GreedySimplifyRegionLevel level) {
    regionSimplificationLevel = level;
    return *this;
  }
  int64_t getMaxIterations() const { return maxIterations; }
  GreedyRewriteConfig &setMaxIterations(int64_t n) {
    maxIterations = n;
    return *this;
  }
  int64_t getMaxNumRewrites() const { return maxNumRewrites; }
  GreedyRewriteConfig &setMaxNumRewrites(int64_t n) {
    maxNumRewrites = n;
    return *this;
  }
  Region *getScope() const { return scope; }
  GreedyRewriteConfig &setScope(Region *r) {
    scope = r;
    return *this;
  }
  GreedyRewriteStrictness getStrictness() const { return strictness; }
  GreedyRewriteConfig &setStrictness(GreedyRewriteStrictness s) {
    strictness = s;
    return *this;
  }
  RewriterBase::Listener *getListener() const { return listener; }
  GreedyRewriteConfig &setListener(RewriterBase::Listener *l) {
    listener = l;
    return *this;
  }
  bool isFoldingEnabled() const { return foldingEnabled; }
  GreedyRewriteConfig &enableFolding(bool enable = true) {
    foldingEnabled = enable;
    return *this;
  }
  bool isConstantCSEEnabled() const { return constantCSE; }
  GreedyRewriteConfig &enableConstantCSE(bool enable = true) {
    constantCSE = enable;
    return *this;
  }

private:
  bool useTopDownTraversal = false;
  GreedySimplifyRegionLevel regionSimplificationLevel = GreedySimplifyRegionLevel::Normal;
  int64_t maxIterations = 10;
  int64_t maxNumRewrites = kNoLimit;
  Region *scope = nullptr;
  GreedyRewriteStrictness strictness = GreedyRewriteStrictness::AnyOp;
  RewriterBase::Listener *listener = nullptr;
  bool foldingEnabled = true;
  bool constantCSE = true;
};

/// Rewrites the ops of `region` (whose op must be isolated from above) and
/// simplifies it. Success if it converged; `*changed` says whether the IR
/// changed at all (exactly: also a first walk that only de-duplicated or
/// moved constants, which MLIR's driver does not count).
LogicalResult applyPatternsGreedily(Region &region, const FrozenRewritePatternSet &patterns,
                                    GreedyRewriteConfig config = GreedyRewriteConfig(), bool *changed = nullptr);
/// The same for every region of `op` (not `op` itself).
LogicalResult applyPatternsGreedily(Operation *op, const FrozenRewritePatternSet &patterns,
                                    GreedyRewriteConfig config = GreedyRewriteConfig(), bool *changed = nullptr);
/// Computes what applyPatternsGreedily(op, ...) computes by running the
/// driver on the isolated-from-above ops directly inside `op` separately,
/// in parallel on the context's thread pool when multithreading is enabled
/// (diagnostics are replayed in op order). Only where that provably gives
/// the same IR (see the proof in the implementation): every op directly
/// in `op`'s (single-block) regions is one the driver can never change and
/// either has no regions or is isolated from above; no pattern matches any
/// op; no rewrite budget, listener, scope or strict mode is configured.
/// The caller guarantees what cannot be checked: the patterns and folders
/// of the ops inside read and write nothing outside their closest
/// isolated-from-above ancestor (besides reading the inert top-level ops).
/// `acceptChildren`, if given, sees the isolated ops and may refuse them
/// (e.g. after checking which ops they contain). Returns false, having
/// changed nothing, where the conditions do not hold; otherwise sets
/// `converged` (success if every run converged) and `*changed` (whether
/// the IR changed at all) and returns true.
bool applyPatternsGreedilyToIsolatedChildren(Operation *op, const FrozenRewritePatternSet &patterns,
                                             GreedyRewriteConfig config, LogicalResult &converged,
                                             function_ref<bool(ArrayRef<Operation *>)> acceptChildren = {},
                                             bool *changed = nullptr);
/// Rewrites `ops` and what rewriting them touches (by strictness), without
/// region simplification. Success if the worklist emptied within
/// `maxNumRewrites`; `*allErased` says whether every op of `ops` is gone.
LogicalResult applyOpPatternsGreedily(ArrayRef<Operation *> ops, const FrozenRewritePatternSet &patterns,
                                      GreedyRewriteConfig config = GreedyRewriteConfig(), bool *changed = nullptr,
                                      bool *allErased = nullptr);

} // namespace lamina
