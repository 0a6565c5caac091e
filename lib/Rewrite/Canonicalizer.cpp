//===- Canonicalizer.cpp - The canonicalize transformation ----------------===//
#include "lamina/Rewrite/Canonicalizer.h"

#include "lamina/IR/Dialect.h"
#include "lamina/Rewrite/PatternApplicator.h"
#include "lamina/Support/FlatHashMap.h"

#include <algorithm>
#include <string_view>

using namespace lamina;

/// The dialects whose canonicalization patterns and folders read and write
/// nothing outside the closest isolated-from-above op around the op they
/// match, except symbol ops at the top that canonicalization never
/// changes (affine.load folding reads a memref.global's initial value).
/// Canonicalizing the functions of a module separately gives the same IR
/// when every op in them is of these dialects, unregistered, or without
/// patterns and folders (GreedyPatternRewriteDriver.h).
static bool isRegionLocalDialect(std::string_view ns) {
  static constexpr std::string_view kLocal[] = {"affine", "arith", "builtin", "cf",  "complex", "func",
                                                "index",  "math",  "memref",  "scf", "ub"};
  return std::find(std::begin(kLocal), std::end(kLocal), ns) != std::end(kLocal);
}

/// Whether every op nested in `ops` is one whose patterns and folders stay
/// inside its closest isolated-from-above ancestor. Only the ops of loaded
/// dialects can be in the IR (or be created by patterns, whose dialects
/// load the dialects of what they create), so the IR is only walked when a
/// loaded dialect has ops with patterns or folders that are not known to be
/// region-local.
static bool onlyRegionLocalOps(MLIRContext *ctx, ArrayRef<Operation *> ops, const FrozenRewritePatternSet &patterns) {
  FlatHashSet<const void *> nonLocal;
  for (OperationName name : ctx->getRegisteredOperations())
    if (!isRegionLocalDialect(name.getDialectNamespace()) &&
        (!patterns.getSortedPatterns(name).empty() || Operation::mightFold(name)))
      nonLocal.insert(name.getAsOpaquePointer());
  if (nonLocal.empty())
    return true;
  for (Operation *root : ops) {
    WalkResult result = root->walk([&](Operation *op) {
      return nonLocal.contains(op->getName().getAsOpaquePointer()) ? WalkResult::interrupt()
                                                                   : WalkResult::advance();
    });
    if (result.wasInterrupted())
      return false;
  }
  return true;
}

void lamina::populateCanonicalizationPatterns(MLIRContext *ctx, RewritePatternSet &patterns) {
  for (Dialect *dialect : ctx->getLoadedDialects())
    dialect->getCanonicalizationPatterns(patterns);
  for (OperationName name : ctx->getRegisteredOperations())
    if (auto fn = name.getInfo().getCanonicalizationPatterns)
      fn(patterns, ctx);
}

Canonicalizer::Canonicalizer(MLIRContext *ctx, const CanonicalizerOptions &options) : options(options) {
  config.setUseTopDownTraversal(options.topDown)
      .setRegionSimplificationLevel(options.regionSimplify)
      .setMaxIterations(options.maxIterations)
      .setMaxNumRewrites(options.maxNumRewrites);
  RewritePatternSet owning(ctx);
  populateCanonicalizationPatterns(ctx, owning);
  patterns = std::make_shared<FrozenRewritePatternSet>(std::move(owning), options.disabledPatterns,
                                                       options.enabledPatterns);
}

LogicalResult Canonicalizer::run(Operation *op, bool *changed) const {
  // The functions of a module are canonicalized separately (in parallel)
  // where that gives the IR of the whole-module run; test-convergence keeps
  // the whole run.
  LogicalResult converged = failure();
  if (options.testConvergence ||
      !applyPatternsGreedilyToIsolatedChildren(
          op, *patterns, config, converged,
          [&](ArrayRef<Operation *> children) { return onlyRegionLocalOps(op->getContext(), children, *patterns); },
          changed))
    converged = applyPatternsGreedily(op, *patterns, config, changed);
  if (options.testConvergence && failed(converged))
    return op->emitError("Canonicalizer failed to converge");
  return success();
}
