//===- SCCP.cpp - Sparse conditional constant propagation -----------------===//
//
// MLIR's `sccp`: run dead code analysis with sparse constant propagation
// (Wegman and Zadeck's algorithm over the data-flow framework), then replace
// every value found constant by a uniqued constant materialized at the
// start of its insertion region, and erase ops left trivially dead.
//
#include "lamina/Transforms/Passes.h"

#include "lamina/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "lamina/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "lamina/Interfaces/SideEffectInterfaces.h"
#include "lamina/Rewrite/FoldUtils.h"

#include <vector>

using namespace lamina;
using namespace lamina::dataflow;

/// Replaces the uses of `value` by a constant if the analysis found it to be
/// one the dialect can materialize.
static LogicalResult replaceWithConstant(DataFlowSolver &solver, OpBuilder &builder, OperationFolder &folder,
                                         Value value) {
  const auto *lattice = solver.lookupState<Lattice<ConstantValue>>(value);
  if (!lattice || lattice->getValue().isUninitialized())
    return failure();
  const ConstantValue &latticeValue = lattice->getValue();
  if (!latticeValue.getConstantValue())
    return failure();
  Value constant = folder.getOrCreateConstant(builder.getInsertionBlock(), latticeValue.getConstantDialect(),
                                              latticeValue.getConstantValue(), value.getType());
  if (!constant)
    return failure();
  value.replaceAllUsesWith(constant);
  return success();
}

/// Rewrites the blocks of `initialRegions` and of the regions nested in them
/// with the analysis results.
static void rewrite(DataFlowSolver &solver, MLIRContext *context, MutableArrayRef<Region> initialRegions) {
  std::vector<Block *> worklist;
  auto addToWorklist = [&](MutableArrayRef<Region> regions) {
    for (Region &region : regions)
      for (auto it = region.rbegin(), e = region.rend(); it != e; ++it)
        worklist.push_back(&*it);
  };

  OperationFolder folder(context);
  OpBuilder builder(context);

  addToWorklist(initialRegions);
  while (!worklist.empty()) {
    Block *block = worklist.back();
    worklist.pop_back();

    for (Operation *op = block->empty() ? nullptr : &block->front(); op;) {
      Operation *next = op->getNextNode();
      builder.setInsertionPoint(op);

      // Replace the results found constant.
      bool replacedAll = op->getNumResults() != 0;
      for (Value result : op->getResults())
        replacedAll &= succeeded(replaceWithConstant(solver, builder, folder, result));

      // Erase the op if nothing is left of it.
      if (replacedAll && wouldOpBeTriviallyDead(op)) {
        assert(op->use_empty() && "expected all uses to be replaced");
        op->erase();
      } else {
        addToWorklist(op->getRegions());
      }
      op = next;
    }

    // Replace the block arguments found constant.
    builder.setInsertionPointToStart(block);
    for (Value argument : block->getArguments())
      (void)replaceWithConstant(solver, builder, folder, argument);
  }
}

namespace {
struct SCCPPass : impl::SCCPBase<SCCPPass> {
  void runOnOperation() override {
    Operation *op = getOperation();
    DataFlowSolver solver;
    solver.load<DeadCodeAnalysis>();
    solver.load<SparseConstantPropagation>();
    if (failed(solver.initializeAndRun(op)))
      return signalPassFailure();
    rewrite(solver, op->getContext(), op->getRegions());
  }
};
} // namespace

std::unique_ptr<Pass> lamina::createSCCPPass() { return std::make_unique<SCCPPass>(); }
