//===- Canonicalizer.h - The canonicalize transformation ------------------===//
//
// What the `canonicalize` pass does: collect every loaded dialect's and
// every registered op's canonicalization patterns (dialects in namespace
// order, then ops in name order), filter them by the disable/enable lists,
// and apply them greedily with folding to the regions of an op.
//
#pragma once

#include "lamina/Rewrite/GreedyPatternRewriteDriver.h"

#include <memory>
#include <string>
#include <vector>

namespace lamina {

/// The options of the `canonicalize` pass.
struct CanonicalizerOptions {
  /// `top-down`: seed the worklist in pre-order.
  bool topDown = true;
  /// `region-simplify`.
  GreedySimplifyRegionLevel regionSimplify = GreedySimplifyRegionLevel::Normal;
  /// `max-iterations` (-1: no limit).
  int64_t maxIterations = 10;
  /// `max-num-rewrites` (-1: no limit).
  int64_t maxNumRewrites = -1;
  /// `test-convergence`: fail ("Canonicalizer failed to converge") when the
  /// rewrite does not converge.
  bool testConvergence = false;
  /// `disable-patterns` / `enable-patterns`: debug names or labels.
  std::vector<std::string> disabledPatterns;
  std::vector<std::string> enabledPatterns;
};

/// Adds the canonicalization patterns of every loaded dialect and
/// registered op of `ctx`, in MLIR's order.
void populateCanonicalizationPatterns(MLIRContext *ctx, RewritePatternSet &patterns);

/// The canonicalizer, ready to run on many ops (patterns frozen once).
class Canonicalizer {
public:
  Canonicalizer(MLIRContext *ctx, const CanonicalizerOptions &options);
  /// Canonicalizes the regions of `op`. Fails only with test-convergence
  /// when the rewrite did not converge (after emitting the error on `op`).
  /// `*changed`: whether the IR changed at all.
  LogicalResult run(Operation *op, bool *changed = nullptr) const;

private:
  CanonicalizerOptions options;
  GreedyRewriteConfig config;
  std::shared_ptr<const FrozenRewritePatternSet> patterns;
};

} // namespace lamina
