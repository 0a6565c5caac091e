//===- IntegerRangeAnalysis.h - Bounds of integer values ------------------===//
//
// MLIR's integer range analysis (mlir/Analysis/DataFlow/IntegerRangeAnalysis.h):
// a sparse forward analysis computing the signed and unsigned bounds of
// integer values through InferIntRangeInterface, and of loop induction
// variables from constant loop bounds. A value whose range is a single value
// also gets that constant in the Lattice<ConstantValue> dead code analysis
// reads. Loop-carried results whose range keeps changing are widened to
// every value.
//
#pragma once

#include "lamina/Analysis/DataFlow/SparseAnalysis.h"
#include "lamina/Interfaces/InferIntRangeInterface.h"

namespace lamina {
namespace dataflow {

/// The ranges of a value, which also sets its constant value.
class IntegerValueRangeLattice : public Lattice<IntegerValueRange> {
public:
  using Lattice::Lattice;

protected:
  void onUpdate(DataFlowSolver *solver) const override;
};

/// Infers integer ranges.
class IntegerRangeAnalysis : public SparseForwardDataFlowAnalysis<IntegerValueRangeLattice> {
public:
  using SparseForwardDataFlowAnalysis::SparseForwardDataFlowAnalysis;

  /// Every value of the lattice's type.
  void setToEntryState(IntegerValueRangeLattice *lattice) override;
  LogicalResult visitOperation(Operation *op, ArrayRef<const IntegerValueRangeLattice *> operands,
                               ArrayRef<IntegerValueRangeLattice *> results) override;
  /// Loop induction variables get their loop's bounds.
  void visitNonControlFlowArguments(Operation *op, const RegionSuccessor &successor,
                                    ArrayRef<IntegerValueRangeLattice *> argLattices, unsigned firstIndex) override;
};

} // namespace dataflow
} // namespace lamina
