//===- LivenessAnalysis.h - Which values are needed -----------------------===//
//
// MLIR's liveness analysis (mlir/Analysis/DataFlow/LivenessAnalysis.h), a
// sparse backward analysis: a value is live if it is an operand of an op
// with memory effects (or of a terminator with unknown semantics), is
// returned by a public function, or is used to compute a live value.
// RunLivenessAnalysis runs it with dead code analysis and constant
// propagation and answers per value.
//
#pragma once

#include "lamina/Analysis/DataFlow/SparseAnalysis.h"

namespace lamina {
namespace dataflow {

/// Whether a value is live (false until shown).
struct Liveness : public AbstractSparseLattice {
  using AbstractSparseLattice::AbstractSparseLattice;

  ChangeResult markLive() {
    bool wasLive = isLive;
    isLive = true;
    return wasLive ? ChangeResult::NoChange : ChangeResult::Change;
  }
  ChangeResult meet(const AbstractSparseLattice &other) override {
    return static_cast<const Liveness &>(other).isLive ? markLive() : ChangeResult::NoChange;
  }
  void print(raw_ostream &os) const override;

  bool isLive = false;
};

/// The liveness transfer functions.
class LivenessAnalysis : public SparseBackwardDataFlowAnalysis<Liveness> {
public:
  using SparseBackwardDataFlowAnalysis::SparseBackwardDataFlowAnalysis;

  LogicalResult visitOperation(Operation *op, ArrayRef<Liveness *> operands, ArrayRef<const Liveness *> results) override;
  void visitBranchOperand(OpOperand &operand) override;
  void visitCallOperand(OpOperand &operand) override;
  void visitNonControlFlowArguments(RegionSuccessor &successor, ArrayRef<BlockArgument> arguments) override;
  void setToExitState(Liveness *lattice) override;
};

/// Runs liveness analysis on an op and answers queries about its values.
class RunLivenessAnalysis {
public:
  explicit RunLivenessAnalysis(Operation *op);
  /// The liveness of `value` (every value under the op has one; values in
  /// dead blocks are not live).
  const Liveness *getLiveness(Value value) const { return solver.lookupState<Liveness>(value); }
  DataFlowSolver &getSolver() { return solver; }

private:
  DataFlowSolver solver;
};

} // namespace dataflow
} // namespace lamina
