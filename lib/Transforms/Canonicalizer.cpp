//===- Canonicalizer.cpp - The canonicalize pass --------------------------===//
//
// Collects the canonicalization patterns once per pass instance
// (initialize) and applies them greedily, with folding, to the regions of
// the op it runs on (lamina/Rewrite/Canonicalizer.h). Non-convergence is
// only an error with test-convergence, as in MLIR.
//
#include "lamina/Transforms/Passes.h"

#include "lamina/Rewrite/Canonicalizer.h"

#include <optional>

using namespace lamina;

namespace {
struct CanonicalizerPass : impl::CanonicalizerBase<CanonicalizerPass> {
  LogicalResult initialize(MLIRContext *context) override {
    CanonicalizerOptions options;
    options.topDown = topDownProcessingEnabled;
    options.regionSimplify = regionSimplifyLevel;
    options.maxIterations = maxIterations;
    options.maxNumRewrites = maxNumRewrites;
    options.testConvergence = testConvergence;
    options.disabledPatterns.assign(disabledPatterns.begin(), disabledPatterns.end());
    options.enabledPatterns.assign(enabledPatterns.begin(), enabledPatterns.end());
    canonicalizer.emplace(context, options);
    return success();
  }

  void runOnOperation() override {
    bool changed = true;
    if (failed(canonicalizer->run(getOperation(), &changed)))
      return signalPassFailure();
    // Nothing changed: the analyses hold, and the pass manager skips the
    // verification of the op, as it does after a pass that preserves all
    // (MLIR's canonicalize does not say so; CSE does).
    if (!changed)
      markAllAnalysesPreserved();
  }

  std::optional<Canonicalizer> canonicalizer;
};
} // namespace

std::unique_ptr<Pass> lamina::createCanonicalizerPass() { return std::make_unique<CanonicalizerPass>(); }
