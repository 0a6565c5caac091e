//===- LoopPipelining.h - Software pipelining of scf.for ------------------===//
//
// MLIR's scf::pipelineForLoop and its options (Dialect/SCF/Transforms/
// Transforms.h): an scf.for whose body ops are given a stage and an order
// by a schedule becomes a prologue, a kernel loop running the stages of
// consecutive iterations together, and an epilogue (or, without epilogue
// peeling, a kernel that runs to the end with the ops of finished
// iterations predicated). Private to the scf transforms and test passes.
//
#pragma once

#include "lamina/IR/PatternMatch.h"
#include "lamina/Support/LogicalResult.h"

#include <functional>
#include <utility>
#include <vector>

namespace lamina {
namespace scf {

/// How to pipeline a loop (MLIR's PipeliningOption).
struct PipeliningOption {
  /// Which part of the pipelined loop an op was emitted in.
  enum class PipelinerPart { Prologue, Kernel, Epilogue };

  /// Fills the schedule of a loop: its body ops (terminator excluded) in
  /// kernel order, each with its stage; an empty schedule leaves the loop
  /// alone.
  std::function<void(Operation *forOp, std::vector<std::pair<Operation *, unsigned>> &schedule)> getScheduleFn;
  /// Whether loops with non-constant bounds are pipelined (they need
  /// `predicateFn`).
  bool supportDynamicLoops = false;
  /// Whether the last iterations run in a peeled epilogue (otherwise in the
  /// kernel, predicated; needs `predicateFn`).
  bool peelEpilogue = true;
  /// Wraps `op` so that it only runs when `pred` holds; returns the op that
  /// replaces it, or null on failure.
  std::function<Operation *(RewriterBase &rewriter, Operation *op, Value pred)> predicateFn;
  /// Called on each op emitted, with its part and iteration.
  std::function<void(Operation *op, PipelinerPart part, unsigned iteration)> annotateFn;
};

/// Pipelines `forOp` following `options`; returns the kernel loop, or
/// failure (the IR untouched when the schedule is rejected).
FailureOr<Operation *> pipelineForLoop(RewriterBase &rewriter, Operation *forOp, const PipeliningOption &options);

/// Adds the pattern that pipelines each scf.for with `options`.
void populateSCFLoopPipeliningPatterns(RewritePatternSet &patterns, const PipeliningOption &options);

} // namespace scf
} // namespace lamina
