//===- Passes.h - The linalg passes ----------------------------------------===//
//
// The passes of MLIR's Dialect/Linalg/Passes.td that Lamina implements,
// declared in Passes.def; registerLinalgPasses() makes them available to
// pipelines and as command-line flags.
//
#pragma once

#include "lamina/Dialect/Linalg/LinalgInterfaces.h"
#include "lamina/IR/PatternMatch.h"
#include "lamina/Pass/PassManager.h"
#include "lamina/Pass/PassTable.h"

namespace lamina {

#define LAMINA_PASS_TABLE "lamina/Dialect/Linalg/Passes.def"
#include "lamina/Pass/PassTableDecls.inc"

namespace linalg {

/// Registers every pass of Passes.def.
void registerLinalgPasses();

/// Replaces a named structured op by the linalg.generic it stands for (its
/// indexing maps, iterator types and operands, its body moved over), as
/// MLIR's generalizeNamedOp. Fails on linalg.generic and on ops without
/// exactly one region.
FailureOr<Operation *> generalizeNamedOp(RewriterBase &rewriter, LinalgOp linalgOp);

/// Adds the pattern that generalizes every named structured op.
void populateLinalgNamedOpsGeneralizationPatterns(RewritePatternSet &patterns);

} // namespace linalg
} // namespace lamina
