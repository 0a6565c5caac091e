//===- DeadCodeAnalysis.h - Which blocks and edges may execute ------------===//
//
// MLIR's dead code analysis (mlir/Analysis/DataFlow/DeadCodeAnalysis.h):
// starting from the entry blocks of the top-level op, it marks blocks and
// CFG edges executable as control reaches them, using the constant values
// of branch conditions (from a loaded SparseConstantPropagation) to pick
// the successors of branches and the regions of region branch ops, and
// following calls to the callables they resolve to. It also records, for
// region entries, the results of region branch ops, callables and call
// sites, which operations control comes from (PredecessorState). Other
// sparse analyses need it loaded.
//
#pragma once

#include "lamina/Analysis/DataFlowFramework.h"
#include "lamina/IR/SymbolTable.h"
#include "lamina/Interfaces/CallInterfaces.h"
#include "lamina/Interfaces/ControlFlowInterfaces.h"

#include <optional>

namespace lamina {
namespace dataflow {

//===----------------------------------------------------------------------===//
// Executable
//===----------------------------------------------------------------------===//

/// Whether a block start or a CFG edge may execute (dead until shown live).
/// Analyses subscribed to a block's state revisit the block and every op in
/// it when the block becomes live; to an edge's, the edge's target block.
class Executable : public AnalysisState {
public:
  using AnalysisState::AnalysisState;

  ChangeResult setToLive() {
    if (live)
      return ChangeResult::NoChange;
    live = true;
    return ChangeResult::Change;
  }
  bool isLive() const { return live; }
  void print(raw_ostream &os) const override;
  /// Revisit the block content (or the edge target) with `analysis` when
  /// this becomes live.
  void blockContentSubscribe(DataFlowAnalysis *analysis) { subscribers.insert(analysis); }

protected:
  void onUpdate(DataFlowSolver *solver) const override;

private:
  bool live = false;
  AnalysisSubscribers subscribers;
};

//===----------------------------------------------------------------------===//
// PredecessorState
//===----------------------------------------------------------------------===//

/// The operations control may come from to a program point: the call sites
/// of a callable, the return sites of a call, the predecessors of a region
/// entry or of a region branch op's results (each with the values it
/// forwards, when they are not the whole input list). "All known" until
/// some predecessor cannot be resolved.
class PredecessorState : public AnalysisState {
public:
  using AnalysisState::AnalysisState;

  bool allPredecessorsKnown() const { return allKnown; }
  /// The known predecessors, in the order they were found.
  ArrayRef<Operation *> getKnownPredecessors() const {
    return ArrayRef<Operation *>(knownPredecessors.data(), knownPredecessors.size());
  }
  /// The successor inputs `predecessor` forwards to (empty if none recorded).
  ValueRange getSuccessorInputs(Operation *predecessor) const;

  ChangeResult setHasUnknownPredecessors() {
    if (!allKnown)
      return ChangeResult::NoChange;
    allKnown = false;
    return ChangeResult::Change;
  }
  /// Adds a known predecessor.
  ChangeResult join(Operation *predecessor);
  /// Adds a known predecessor forwarding to `inputs`.
  ChangeResult join(Operation *predecessor, ValueRange inputs);

  void print(raw_ostream &os) const override;

private:
  bool allKnown = true;
  std::vector<Operation *> knownPredecessors;
  std::vector<std::pair<Operation *, ValueRange>> successorInputs;
};

//===----------------------------------------------------------------------===//
// DeadCodeAnalysis
//===----------------------------------------------------------------------===//

/// Finds the executable blocks, CFG edges and the control-flow predecessors
/// of region entries, region branch results, callables and calls.
class DeadCodeAnalysis : public DataFlowAnalysis {
public:
  explicit DeadCodeAnalysis(DataFlowSolver &solver) : DataFlowAnalysis(solver) {}

  LogicalResult initialize(Operation *top) override;
  LogicalResult visit(ProgramPoint point) override;

private:
  /// Marks the callables of the symbol tables under `top` whose call sites
  /// cannot all be known (public, or used other than by a call).
  void initializeSymbolCallables(Operation *top);
  void markEdgeLive(Block *from, Block *to);
  void markEntryBlocksLive(Operation *op);
  void visitCallOperation(CallOpInterface call);
  void visitBranchOperation(BranchOpInterface branch);
  void visitRegionBranchOperation(RegionBranchOpInterface branch);
  void visitRegionTerminator(Operation *op, RegionBranchOpInterface branch);
  void visitCallableTerminator(Operation *op, CallableOpInterface callable);
  /// The constant values of the operands of `op` (null where not constant),
  /// or nothing if one is not known yet; subscribes to their changes.
  std::optional<SmallVector<Attribute, 4>> getOperandValues(Operation *op);

  /// The op the analysis started from: callables outside it are external.
  Operation *analysisScope = nullptr;
  SymbolTableCollection symbolTable;
};

} // namespace dataflow
} // namespace lamina
