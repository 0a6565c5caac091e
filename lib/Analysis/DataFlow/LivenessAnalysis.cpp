//===- LivenessAnalysis.cpp - Which values are needed ---------------------===//
#include "lamina/Analysis/DataFlow/LivenessAnalysis.h"

#include "lamina/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "lamina/Interfaces/SideEffectInterfaces.h"
#include "lamina/Support/RawOstream.h"

using namespace lamina;
using namespace lamina::dataflow;

void Liveness::print(raw_ostream &os) const { os << (isLive ? "live" : "not live"); }

LogicalResult LivenessAnalysis::visitOperation(Operation *op, ArrayRef<Liveness *> operands,
                                               ArrayRef<const Liveness *> results) {
  // The operands of an op with effects (or a return-like op with unknown
  // semantics) are live.
  if (!wouldOpBeTriviallyDead(op))
    for (Liveness *operand : operands)
      propagateIfChanged(operand, operand->markLive());

  // Every operand computes every result: one live result makes them live.
  bool foundLiveResult = false;
  for (const Liveness *result : results) {
    if (result->isLive && !foundLiveResult) {
      for (Liveness *operand : operands)
        meet(operand, *result);
      foundLiveResult = true;
    }
    addDependency(const_cast<Liveness *>(result), getProgramPointAfter(op));
  }
  return success();
}

void LivenessAnalysis::visitBranchOperand(OpOperand &operand) {
  // A branch operand not forwarded to a successor: visit the op (for a region
  // branch terminator, its parent) as if it were its only operand.
  Operation *op = operand.getOwner();
  Operation *visitOp = isa<RegionBranchTerminatorOpInterface>(op) ? op->getParentOp() : op;
  Liveness *operandLiveness[] = {getLatticeElement(operand.get())};
  SmallVector<const Liveness *, 4> resultsLiveness;
  for (Value result : visitOp->getResults())
    resultsLiveness.push_back(getLatticeElement(result));
  (void)visitOperation(visitOp, ArrayRef<Liveness *>(operandLiveness, 1),
                       ArrayRef<const Liveness *>(resultsLiveness.data(), resultsLiveness.size()));
}

void LivenessAnalysis::visitCallOperand(OpOperand &operand) {
  // An operand not forwarded to the callee is live.
  Liveness *operandLiveness = getLatticeElement(operand.get());
  propagateIfChanged(operandLiveness, operandLiveness->markLive());
}

void LivenessAnalysis::visitNonControlFlowArguments(RegionSuccessor &successor, ArrayRef<BlockArgument> arguments) {
  Operation *parentOp = successor.getSuccessor()->getParentOp();
  SmallVector<Liveness *, 4> argumentLattices;
  for (BlockArgument argument : arguments)
    argumentLattices.push_back(getLatticeElement(argument));
  SmallVector<Liveness *, 4> parentResultLattices;
  for (Value result : parentOp->getResults())
    parentResultLattices.push_back(getLatticeElement(result));

  for (Liveness *resultLattice : parentResultLattices)
    if (resultLattice->isLive) {
      for (Liveness *argumentLattice : argumentLattices)
        propagateIfChanged(argumentLattice, argumentLattice->markLive());
      return;
    }
  SmallVector<const Liveness *, 4> results(parentResultLattices.begin(), parentResultLattices.end());
  (void)visitOperation(parentOp, ArrayRef<Liveness *>(argumentLattices.data(), argumentLattices.size()),
                       ArrayRef<const Liveness *>(results.data(), results.size()));
}

void LivenessAnalysis::setToExitState(Liveness *lattice) {
  if (lattice->isLive)
    return;
  (void)lattice->markLive();
  propagateIfChanged(lattice, ChangeResult::Change);
}

RunLivenessAnalysis::RunLivenessAnalysis(Operation *op) {
  SymbolTableCollection symbolTable;
  solver.load<DeadCodeAnalysis>();
  solver.load<SparseConstantPropagation>();
  solver.load<LivenessAnalysis>(symbolTable);
  (void)solver.initializeAndRun(op);
  // Values the analysis never reached (in dead blocks) are not live.
  op->walk([&](Operation *nested) {
    for (Value result : nested->getResults())
      solver.getOrCreateState<Liveness>(result);
    for (Region &region : nested->getRegions())
      for (Block &block : region)
        for (Value argument : block.getArguments())
          solver.getOrCreateState<Liveness>(argument);
  });
}
