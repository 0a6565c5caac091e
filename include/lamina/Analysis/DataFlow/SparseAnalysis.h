//===- SparseAnalysis.h - Data-flow analyses on SSA values ----------------===//
//
// MLIR's sparse data-flow analyses (mlir/Analysis/DataFlow/SparseAnalysis.h):
// a lattice element per SSA value. Forward analyses compute the results of
// an op from its operands (a transfer function per op), block arguments
// from the values branched to them, region and call boundaries through the
// predecessors DeadCodeAnalysis finds. Backward analyses compute operands
// from results, the other way along the same edges.
//
#pragma once

#include "lamina/Analysis/DataFlow/DeadCodeAnalysis.h"

#include <type_traits>

namespace lamina {
namespace dataflow {

//===----------------------------------------------------------------------===//
// Lattices
//===----------------------------------------------------------------------===//

/// A lattice element attached to a value. Analyses subscribed with
/// useDefSubscribe revisit the value's users when it changes.
class AbstractSparseLattice : public AnalysisState {
public:
  using AnalysisState::AnalysisState;

  /// The value the element belongs to.
  Value getAnchor() const { return anchor.getValue(); }
  /// Joins `rhs` into this element (forward analyses).
  virtual ChangeResult join(const AbstractSparseLattice &rhs) { return ChangeResult::NoChange; }
  /// Meets `rhs` into this element (backward analyses).
  virtual ChangeResult meet(const AbstractSparseLattice &rhs) { return ChangeResult::NoChange; }
  /// Revisit the users of the value with `analysis` when this changes.
  void useDefSubscribe(DataFlowAnalysis *analysis) { useDefSubscribers.insert(analysis); }

protected:
  void onUpdate(DataFlowSolver *solver) const override;

private:
  AnalysisSubscribers useDefSubscribers;
};

/// A lattice element holding a `ValueT`, which provides `static ValueT
/// join(const ValueT &, const ValueT &)` (and `meet` for backward
/// analyses), `operator==` and `print(raw_ostream &)`.
template <typename ValueT> class Lattice : public AbstractSparseLattice {
public:
  explicit Lattice(LatticeAnchor anchor) : AbstractSparseLattice(anchor) {}

  ValueT &getValue() { return value; }
  const ValueT &getValue() const { return value; }

  ChangeResult join(const AbstractSparseLattice &rhs) override {
    return join(static_cast<const Lattice<ValueT> &>(rhs).getValue());
  }
  ChangeResult meet(const AbstractSparseLattice &rhs) override {
    return meet(static_cast<const Lattice<ValueT> &>(rhs).getValue());
  }
  ChangeResult join(const ValueT &rhs) {
    ValueT newValue = ValueT::join(value, rhs);
    if (newValue == value)
      return ChangeResult::NoChange;
    value = newValue;
    return ChangeResult::Change;
  }
  ChangeResult meet(const ValueT &rhs) {
    if constexpr (requires { ValueT::meet(value, rhs); }) {
      ValueT newValue = ValueT::meet(value, rhs);
      if (newValue == value)
        return ChangeResult::NoChange;
      value = newValue;
      return ChangeResult::Change;
    } else {
      return ChangeResult::NoChange;
    }
  }
  void print(raw_ostream &os) const override { value.print(os); }

private:
  ValueT value;
};

//===----------------------------------------------------------------------===//
// Forward analyses
//===----------------------------------------------------------------------===//

/// The part of a sparse forward analysis that does not depend on the lattice.
class AbstractSparseForwardDataFlowAnalysis : public DataFlowAnalysis {
public:
  LogicalResult initialize(Operation *top) override;
  LogicalResult visit(ProgramPoint point) override;

protected:
  explicit AbstractSparseForwardDataFlowAnalysis(DataFlowSolver &solver) : DataFlowAnalysis(solver) {}

  /// The transfer function of a non-call op without region control flow.
  virtual LogicalResult visitOperationImpl(Operation *op, ArrayRef<const AbstractSparseLattice *> operandLattices,
                                           ArrayRef<AbstractSparseLattice *> resultLattices) = 0;
  /// The results of a call to an external callable (default: entry state).
  virtual void visitExternalCallImpl(CallOpInterface call, ArrayRef<const AbstractSparseLattice *> argumentLattices,
                                     ArrayRef<AbstractSparseLattice *> resultLattices) = 0;
  /// The values of `successor` (an op's results or a region's entry block
  /// arguments, `argLattices`) that are not forwarded by control flow: those
  /// before `firstIndex` and after the successor inputs (default: entry
  /// state).
  virtual void visitNonControlFlowArgumentsImpl(Operation *op, const RegionSuccessor &successor,
                                                ArrayRef<AbstractSparseLattice *> argLattices,
                                                unsigned firstIndex) = 0;
  /// The element of `value`, created if needed.
  virtual AbstractSparseLattice *getLatticeElement(Value value) = 0;
  /// The element of `value`, with `point` revisited when it changes.
  const AbstractSparseLattice *getLatticeElementFor(ProgramPoint point, Value value);
  /// Sets an element to the state of values nothing is known about.
  virtual void setToEntryState(AbstractSparseLattice *lattice) = 0;
  void setAllToEntryStates(ArrayRef<AbstractSparseLattice *> lattices);
  /// Joins `rhs` into `lhs` and propagates a change.
  void join(AbstractSparseLattice *lhs, const AbstractSparseLattice &rhs);

private:
  /// Recomputes the results of `op`.
  LogicalResult visitOperation(Operation *op);
  /// Recomputes the arguments of `block`.
  void visitBlock(Block *block);
  LogicalResult visitCallOperation(CallOpInterface call, ArrayRef<const AbstractSparseLattice *> operandLattices,
                                   ArrayRef<AbstractSparseLattice *> resultLattices);
  void visitCallableOperation(CallableOpInterface callable, ArrayRef<AbstractSparseLattice *> argLattices);
  /// Joins the values forwarded to `point` (a region entry or the results of
  /// `branch`) by its predecessors into `lattices`.
  void visitRegionSuccessors(ProgramPoint point, RegionBranchOpInterface branch, RegionSuccessor successor,
                             ArrayRef<AbstractSparseLattice *> lattices);
};

/// A sparse forward analysis whose elements are `StateT` (a Lattice).
template <typename StateT> class SparseForwardDataFlowAnalysis : public AbstractSparseForwardDataFlowAnalysis {
  static_assert(std::is_base_of_v<AbstractSparseLattice, StateT>, "expected a sparse lattice");

public:
  explicit SparseForwardDataFlowAnalysis(DataFlowSolver &solver) : AbstractSparseForwardDataFlowAnalysis(solver) {}

  /// The transfer function of `op`.
  virtual LogicalResult visitOperation(Operation *op, ArrayRef<const StateT *> operands,
                                       ArrayRef<StateT *> results) = 0;
  virtual void visitExternalCall(CallOpInterface call, ArrayRef<const StateT *> argumentLattices,
                                 ArrayRef<StateT *> resultLattices) {
    setAllToEntryStates(resultLattices);
  }
  virtual void visitNonControlFlowArguments(Operation *op, const RegionSuccessor &successor,
                                            ArrayRef<StateT *> argLattices, unsigned firstIndex) {
    setAllToEntryStates(argLattices.take_front(firstIndex));
    setAllToEntryStates(argLattices.drop_front(firstIndex + successor.getSuccessorInputs().size()));
  }
  virtual void setToEntryState(StateT *lattice) = 0;

protected:
  StateT *getLatticeElement(Value value) override { return getOrCreate<StateT>(value); }
  const StateT *getLatticeElementFor(ProgramPoint point, Value value) {
    return static_cast<const StateT *>(AbstractSparseForwardDataFlowAnalysis::getLatticeElementFor(point, value));
  }
  void setAllToEntryStates(ArrayRef<StateT *> lattices) {
    for (StateT *lattice : lattices)
      setToEntryState(lattice);
  }

private:
  LogicalResult visitOperationImpl(Operation *op, ArrayRef<const AbstractSparseLattice *> operandLattices,
                                   ArrayRef<AbstractSparseLattice *> resultLattices) override {
    return visitOperation(op, castArray<const StateT *>(operandLattices), castArray<StateT *>(resultLattices));
  }
  void visitExternalCallImpl(CallOpInterface call, ArrayRef<const AbstractSparseLattice *> argumentLattices,
                             ArrayRef<AbstractSparseLattice *> resultLattices) override {
    visitExternalCall(call, castArray<const StateT *>(argumentLattices), castArray<StateT *>(resultLattices));
  }
  void visitNonControlFlowArgumentsImpl(Operation *op, const RegionSuccessor &successor,
                                        ArrayRef<AbstractSparseLattice *> argLattices, unsigned firstIndex) override {
    visitNonControlFlowArguments(op, successor, castArray<StateT *>(argLattices), firstIndex);
  }
  void setToEntryState(AbstractSparseLattice *lattice) override { setToEntryState(static_cast<StateT *>(lattice)); }

  /// Views an array of base-class pointers as derived-class pointers (the
  /// elements are all StateT, which derives from the base without offset).
  template <typename To, typename From> static ArrayRef<To> castArray(ArrayRef<From> array) {
    return ArrayRef<To>(reinterpret_cast<const To *>(array.data()), array.size());
  }
};

//===----------------------------------------------------------------------===//
// Backward analyses
//===----------------------------------------------------------------------===//

/// The part of a sparse backward analysis that does not depend on the
/// lattice.
class AbstractSparseBackwardDataFlowAnalysis : public DataFlowAnalysis {
public:
  LogicalResult initialize(Operation *top) override;
  LogicalResult visit(ProgramPoint point) override;

protected:
  AbstractSparseBackwardDataFlowAnalysis(DataFlowSolver &solver, SymbolTableCollection &symbolTable)
      : DataFlowAnalysis(solver), symbolTable(symbolTable) {}

  /// The transfer function of an op without control flow.
  virtual LogicalResult visitOperationImpl(Operation *op, ArrayRef<AbstractSparseLattice *> operandLattices,
                                           ArrayRef<const AbstractSparseLattice *> resultLattices) = 0;
  /// The operands of a call to an external callable.
  virtual void visitExternalCallImpl(CallOpInterface call, ArrayRef<AbstractSparseLattice *> operandLattices,
                                     ArrayRef<const AbstractSparseLattice *> resultLattices) = 0;
  /// An operand of a branch (or region branch op or terminator) not
  /// forwarded to a successor.
  virtual void visitBranchOperand(OpOperand &operand) = 0;
  /// An operand of a call not forwarded to the callee's arguments.
  virtual void visitCallOperand(OpOperand &operand) = 0;
  /// Entry block arguments of `successor` that no control flow forwards to.
  virtual void visitNonControlFlowArguments(RegionSuccessor &successor, ArrayRef<BlockArgument> arguments) = 0;
  virtual AbstractSparseLattice *getLatticeElement(Value value) = 0;
  SmallVector<AbstractSparseLattice *, 4> getLatticeElements(ValueRange values);
  SmallVector<const AbstractSparseLattice *, 4> getLatticeElementsFor(ProgramPoint point, ValueRange values);
  const AbstractSparseLattice *getLatticeElementFor(ProgramPoint point, Value value);
  /// Sets an element to the state of values whose uses are unknown.
  virtual void setToExitState(AbstractSparseLattice *lattice) = 0;
  void setAllToExitStates(ArrayRef<AbstractSparseLattice *> lattices);
  /// Meets `rhs` into `lhs` and propagates a change.
  void meet(AbstractSparseLattice *lhs, const AbstractSparseLattice &rhs);

  SymbolTableCollection &symbolTable;

private:
  LogicalResult visitOperation(Operation *op);
  void visitRegionSuccessors(RegionBranchOpInterface branch, ArrayRef<AbstractSparseLattice *> operands);
  void visitRegionSuccessorsFromTerminator(Operation *terminator, RegionBranchOpInterface branch);
  LogicalResult visitCallableOperation(Operation *op, CallableOpInterface callable,
                                       ArrayRef<AbstractSparseLattice *> operandLattices);
};

/// A sparse backward analysis whose elements are `StateT`.
template <typename StateT> class SparseBackwardDataFlowAnalysis : public AbstractSparseBackwardDataFlowAnalysis {
public:
  SparseBackwardDataFlowAnalysis(DataFlowSolver &solver, SymbolTableCollection &symbolTable)
      : AbstractSparseBackwardDataFlowAnalysis(solver, symbolTable) {}

  virtual LogicalResult visitOperation(Operation *op, ArrayRef<StateT *> operands,
                                       ArrayRef<const StateT *> results) = 0;
  /// Default: visitCallOperand on every operand.
  virtual void visitExternalCall(CallOpInterface call, ArrayRef<StateT *> operandLattices,
                                 ArrayRef<const StateT *> resultLattices) {
    for (OpOperand &operand : call.getOperation()->getOpOperands())
      visitCallOperand(operand);
  }
  virtual void setToExitState(StateT *lattice) = 0;

protected:
  StateT *getLatticeElement(Value value) override { return getOrCreate<StateT>(value); }

private:
  LogicalResult visitOperationImpl(Operation *op, ArrayRef<AbstractSparseLattice *> operandLattices,
                                   ArrayRef<const AbstractSparseLattice *> resultLattices) override {
    return visitOperation(op, castArray<StateT *>(operandLattices), castArray<const StateT *>(resultLattices));
  }
  void visitExternalCallImpl(CallOpInterface call, ArrayRef<AbstractSparseLattice *> operandLattices,
                             ArrayRef<const AbstractSparseLattice *> resultLattices) override {
    visitExternalCall(call, castArray<StateT *>(operandLattices), castArray<const StateT *>(resultLattices));
  }
  void setToExitState(AbstractSparseLattice *lattice) override { setToExitState(static_cast<StateT *>(lattice)); }
  template <typename To, typename From> static ArrayRef<To> castArray(ArrayRef<From> array) {
    return ArrayRef<To>(reinterpret_cast<const To *>(array.data()), array.size());
  }
};

} // namespace dataflow
} // namespace lamina
