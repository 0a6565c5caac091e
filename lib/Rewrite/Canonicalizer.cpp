//===- Canonicalizer.cpp - The canonicalize transformation ----------------===//
#include "lamina/Rewrite/Canonicalizer.h"

#include "lamina/IR/Dialect.h"

using namespace lamina;

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

LogicalResult Canonicalizer::run(Operation *op) const {
  LogicalResult converged = applyPatternsGreedily(op, *patterns, config);
  if (options.testConvergence && failed(converged))
    return op->emitError("Canonicalizer failed to converge");
  return success();
}
