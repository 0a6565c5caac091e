//===- Passes.h - The linalg passes ----------------------------------------===//
//
// The passes of MLIR's Dialect/Linalg/Passes.td that Lamina implements,
// declared in Passes.def; registerLinalgPasses() makes them available to
// pipelines and as command-line flags.
//
#pragma once

#include "lamina/Dialect/Linalg/LinalgInterfaces.h"
#include "lamina/IR/AffineMap.h"
#include "lamina/IR/PatternMatch.h"
#include "lamina/Pass/PassManager.h"
#include "lamina/Pass/PassTable.h"

#include <functional>
#include <set>
#include <utility>
#include <vector>

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

/// Decides whether the producer of an operand is fused into its user.
using ControlFusionFn = std::function<bool(OpOperand *fusedOperand)>;

/// What fuseElementwiseOps made: the fused linalg.generic, and the value
/// that replaces each producer result kept and each consumer result.
struct ElementwiseOpFusionResult {
  Operation *fusedOp = nullptr;
  std::vector<std::pair<Value, Value>> replacements;
};

/// Whether the linalg.generic defining `fusedOperand` (all loops parallel,
/// an invertible result map, tensors) can be fused into the linalg.generic
/// reading it as an input.
bool areElementwiseOpsFusable(OpOperand *fusedOperand);
/// The producer results that the fused op must still compute (used
/// elsewhere, read by the body or needed for the loop bounds).
std::set<unsigned> getPreservedProducerResults(Operation *producer, Operation *consumer, OpOperand *fusedOperand);
/// Fuses the producer of `fusedOperand` into its consumer, as MLIR's
/// fuseElementwiseOps (areElementwiseOpsFusable must hold). Neither op is
/// erased or replaced.
FailureOr<ElementwiseOpFusionResult> fuseElementwiseOps(RewriterBase &rewriter, OpOperand *fusedOperand);
/// FuseElementwiseOps, FoldFillWithGenericOp, FoldScalarOrSplatConstant,
/// RemoveOutsDependency and the patterns erasing unused operands/results.
void populateElementwiseOpsFusionPatterns(RewritePatternSet &patterns, const ControlFusionFn &controlFn);
/// DeduplicateAndRemoveDeadOperandsAndResults and
/// RemoveUnusedCycleInGenericOp.
void populateEraseUnusedOperandsAndResultsPatterns(RewritePatternSet &patterns);
/// Decides which loops of a structured op to collapse (groups of
/// contiguous loops).
using GetCollapsableDimensionsFn = std::function<std::vector<std::vector<int64_t>>(Operation *op)>;
/// Whether each group of `sequences` appears contiguously and in order (or
/// not at all) in every map, all projected permutations.
bool areDimSequencesPreserved(ArrayRef<AffineMap> maps, const std::vector<std::vector<int64_t>> &sequences);
/// Collapses each group of loops of the linalg.generic `op` into one (MLIR's
/// collapseOpIterationDims): the values replacing its results (expanded
/// back), or failure. `op` is left in place.
FailureOr<std::vector<Value>> collapseOpIterationDims(Operation *op, const std::vector<std::vector<int64_t>> &folded,
                                                      RewriterBase &rewriter);
/// FoldWithProducerReshapeOpByCollapsing and
/// FoldReshapeWithGenericOpByCollapsing (expand_shape producers and
/// collapse_shape consumers of a linalg.generic, by collapsing its loops).
void populateFoldReshapeOpsByCollapsingPatterns(RewritePatternSet &patterns, const ControlFusionFn &controlFn);
/// FoldReshapeWithGenericOpByExpansion and
/// FoldWithProducerReshapeOpByExpansion (expand_shape consumers and
/// collapse_shape producers of a structured op, by expanding its loops).
void populateFoldReshapeOpsByExpansionPatterns(RewritePatternSet &patterns, const ControlFusionFn &controlFn);
/// CollapseLinalgDimensions: collapses the loops `controlFn` names.
void populateCollapseDimensions(RewritePatternSet &patterns, const GetCollapsableDimensionsFn &controlFn);
/// FoldConstantTranspose: a transpose (named or generic) of a constant is
/// the transposed constant.
void populateConstantFoldLinalgOperations(RewritePatternSet &patterns, const ControlFusionFn &controlFn);
/// Adds the canonicalization patterns of the registered op `opName`
/// (MLIR's OpTy::getCanonicalizationPatterns).
void addOpCanonicalizationPatterns(RewritePatternSet &patterns, std::string_view opName);

/// Registers mlir-opt's linalg test passes
/// (test-linalg-elementwise-fusion-patterns).
void registerTestLinalgPasses();

} // namespace linalg
} // namespace lamina
