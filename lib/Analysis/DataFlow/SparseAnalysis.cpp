//===- SparseAnalysis.cpp - Data-flow analyses on SSA values --------------===//
#include "lamina/Analysis/DataFlow/SparseAnalysis.h"

#include <vector>

using namespace lamina;
using namespace lamina::dataflow;

//===----------------------------------------------------------------------===//
// AbstractSparseLattice
//===----------------------------------------------------------------------===//

void AbstractSparseLattice::onUpdate(DataFlowSolver *solver) const {
  AnalysisState::onUpdate(solver);
  if (useDefSubscribers.empty())
    return;
  // Revisit every user of the value.
  for (Operation *user : anchor.getValue().getUsers())
    for (DataFlowAnalysis *analysis : useDefSubscribers)
      solver->enqueue(ProgramPoint::after(user), analysis);
}

//===----------------------------------------------------------------------===//
// AbstractSparseForwardDataFlowAnalysis
//===----------------------------------------------------------------------===//

LogicalResult AbstractSparseForwardDataFlowAnalysis::initialize(Operation *top) {
  // The entry block arguments of the top-level op are unknown.
  for (Region &region : top->getRegions()) {
    if (region.empty())
      continue;
    for (Value argument : region.front().getArguments())
      setToEntryState(getLatticeElement(argument));
  }

  // Visit every op and block, in pre-order: an op, then for each of its
  // blocks, the block and its ops (MLIR's initializeRecursively, with an
  // explicit stack).
  struct Frame {
    Operation *op;
    unsigned region;
    Block *block;
    Operation *next;
  };
  if (failed(visitOperation(top)))
    return failure();
  std::vector<Frame> stack{{top, 0, nullptr, nullptr}};
  while (!stack.empty()) {
    Frame &frame = stack.back();
    if (frame.next) {
      Operation *op = frame.next;
      frame.next = op->getNextNode();
      if (failed(visitOperation(op)))
        return failure();
      if (op->getNumRegions())
        stack.push_back({op, 0, nullptr, nullptr});
      continue;
    }
    // Move to the next block of the current region, or the next region.
    Block *nextBlock = frame.block ? frame.block->getNextNode() : nullptr;
    while (!nextBlock) {
      if (frame.block)
        ++frame.region;
      frame.block = nullptr;
      if (frame.region >= frame.op->getNumRegions())
        break;
      Region &region = frame.op->getRegion(frame.region);
      if (!region.empty()) {
        nextBlock = &region.front();
        break;
      }
      ++frame.region;
    }
    if (!nextBlock) {
      stack.pop_back();
      continue;
    }
    frame.block = nextBlock;
    getOrCreate<Executable>(getProgramPointBefore(nextBlock))->blockContentSubscribe(this);
    visitBlock(nextBlock);
    frame.next = nextBlock->empty() ? nullptr : &nextBlock->front();
  }
  return success();
}

LogicalResult AbstractSparseForwardDataFlowAnalysis::visit(ProgramPoint point) {
  if (!point.isBlockStart())
    return visitOperation(point.getPrevOp());
  visitBlock(point.getBlock());
  return success();
}

LogicalResult AbstractSparseForwardDataFlowAnalysis::visitOperation(Operation *op) {
  if (op->getNumResults() == 0)
    return success();
  // Nothing to do while the op's block is dead.
  if (op->getBlock() && !getOrCreate<Executable>(getProgramPointBefore(op->getBlock()))->isLive())
    return success();

  SmallVector<AbstractSparseLattice *, 4> resultLattices;
  for (Value result : op->getResults())
    resultLattices.push_back(getLatticeElement(result));
  ArrayRef<AbstractSparseLattice *> results(resultLattices.data(), resultLattices.size());

  // The results of a region branch op come from control flow.
  if (auto branch = dyn_cast<RegionBranchOpInterface>(op)) {
    visitRegionSuccessors(getProgramPointAfter(op), branch, RegionSuccessor::parent(op), results);
    return success();
  }

  SmallVector<const AbstractSparseLattice *, 4> operandLattices;
  for (Value operand : op->getOperands()) {
    AbstractSparseLattice *operandLattice = getLatticeElement(operand);
    operandLattice->useDefSubscribe(this);
    operandLattices.push_back(operandLattice);
  }
  ArrayRef<const AbstractSparseLattice *> operands(operandLattices.data(), operandLattices.size());

  if (auto call = dyn_cast<CallOpInterface>(op))
    return visitCallOperation(call, operands, results);
  return visitOperationImpl(op, operands, results);
}

void AbstractSparseForwardDataFlowAnalysis::visitBlock(Block *block) {
  if (block->getNumArguments() == 0)
    return;
  if (!getOrCreate<Executable>(getProgramPointBefore(block))->isLive())
    return;

  SmallVector<AbstractSparseLattice *, 4> argLatticeStorage;
  for (Value argument : block->getArguments())
    argLatticeStorage.push_back(getLatticeElement(argument));
  ArrayRef<AbstractSparseLattice *> argLattices(argLatticeStorage.data(), argLatticeStorage.size());

  // Entry block arguments come from the call graph or region control flow.
  if (block->isEntryBlock()) {
    Operation *parent = block->getParentOp();
    auto callable = dyn_cast<CallableOpInterface>(parent);
    if (callable && callable.getCallableRegion() == block->getParent())
      return visitCallableOperation(callable, argLattices);
    if (auto branch = dyn_cast<RegionBranchOpInterface>(parent))
      return visitRegionSuccessors(getProgramPointBefore(block), branch, RegionSuccessor(block->getParent()),
                                   argLattices);
    // Otherwise nothing is known about the data flow.
    return visitNonControlFlowArgumentsImpl(parent, RegionSuccessor(block->getParent()), argLattices, 0);
  }

  // Join the values the live predecessor edges forward.
  for (BlockOperand *use = block->getFirstUse(); use; use = use->getNextOperandUsingThisValue()) {
    Operation *terminator = use->getOwner();
    Block *predecessor = terminator->getBlock();
    auto *edgeExecutable = getOrCreate<Executable>(getCFGEdge(predecessor, block));
    edgeExecutable->blockContentSubscribe(this);
    if (!edgeExecutable->isLive())
      continue;
    auto branch = dyn_cast<BranchOpInterface>(terminator);
    if (!branch)
      return setAllToEntryStates(argLattices);
    SuccessorOperands operands = branch.getSuccessorOperands(use->getOperandNumber());
    for (size_t i = 0; i < argLattices.size(); ++i) {
      if (Value operand = operands[i])
        join(argLattices[i], *getLatticeElementFor(getProgramPointBefore(block), operand));
      else
        // Arguments the branch produces itself are unknown.
        setToEntryState(argLattices[i]);
    }
  }
}

LogicalResult AbstractSparseForwardDataFlowAnalysis::visitCallOperation(
    CallOpInterface call, ArrayRef<const AbstractSparseLattice *> operandLattices,
    ArrayRef<AbstractSparseLattice *> resultLattices) {
  // A call to an external callable: infer from the arguments.
  auto callable = dyn_cast_or_null<CallableOpInterface>(call.resolveCallable());
  if (!getSolverConfig().isInterprocedural() || (callable && !callable.getCallableRegion())) {
    visitExternalCallImpl(call, operandLattices, resultLattices);
    return success();
  }
  // Otherwise the results are what the return sites return.
  ProgramPoint after = getProgramPointAfter(call.getOperation());
  const auto *predecessors = getOrCreateFor<PredecessorState>(after, after);
  if (!predecessors->allPredecessorsKnown()) {
    setAllToEntryStates(resultLattices);
    return success();
  }
  for (Operation *predecessor : predecessors->getKnownPredecessors()) {
    OperandRange returned = predecessor->getOperands();
    for (size_t i = 0, e = std::min(returned.size(), resultLattices.size()); i < e; ++i)
      join(resultLattices[i], *getLatticeElementFor(after, returned[i]));
  }
  return success();
}

void AbstractSparseForwardDataFlowAnalysis::visitCallableOperation(CallableOpInterface callable,
                                                                   ArrayRef<AbstractSparseLattice *> argLattices) {
  Block *entryBlock = &callable.getCallableRegion()->front();
  const auto *callsites = getOrCreateFor<PredecessorState>(getProgramPointBefore(entryBlock),
                                                           getProgramPointAfter(callable.getOperation()));
  // With unknown call sites nothing is known about the arguments.
  if (!callsites->allPredecessorsKnown() || !getSolverConfig().isInterprocedural())
    return setAllToEntryStates(argLattices);
  for (Operation *callsite : callsites->getKnownPredecessors()) {
    OperandRange arguments = cast<CallOpInterface>(callsite).getArgOperands();
    for (size_t i = 0, e = std::min(arguments.size(), argLattices.size()); i < e; ++i)
      join(argLattices[i], *getLatticeElementFor(getProgramPointBefore(entryBlock), arguments[i]));
  }
}

void AbstractSparseForwardDataFlowAnalysis::visitRegionSuccessors(ProgramPoint point, RegionBranchOpInterface branch,
                                                                  RegionSuccessor successor,
                                                                  ArrayRef<AbstractSparseLattice *> lattices) {
  const auto *predecessors = getOrCreateFor<PredecessorState>(point, point);
  assert(predecessors->allPredecessorsKnown() && "unexpected unresolved region successors");

  for (Operation *op : predecessors->getKnownPredecessors()) {
    // The values the predecessor forwards.
    std::optional<OperandRange> operands;
    if (op == branch.getOperation())
      operands = branch.getEntrySuccessorOperands(successor);
    else if (auto terminator = dyn_cast<RegionBranchTerminatorOpInterface>(op))
      operands = terminator.getSuccessorOperands(successor);
    if (!operands)
      return setAllToEntryStates(lattices);

    ValueRange inputs = predecessors->getSuccessorInputs(op);
    assert(inputs.size() == operands->size() && "expected as many successor inputs as operands");

    unsigned firstIndex = 0;
    if (inputs.size() != lattices.size()) {
      if (!point.isBlockStart()) {
        if (inputs.size())
          firstIndex = OpResult(inputs.front()).getResultNumber();
        visitNonControlFlowArgumentsImpl(
            branch.getOperation(),
            RegionSuccessor(branch.getOperation(), branch.getOperation()->getResults().slice(firstIndex, inputs.size())),
            lattices, firstIndex);
      } else {
        if (inputs.size())
          firstIndex = BlockArgument(inputs.front()).getArgNumber();
        Region *region = point.getBlock()->getParent();
        visitNonControlFlowArgumentsImpl(
            branch.getOperation(), RegionSuccessor(region, region->getArguments().slice(firstIndex, inputs.size())),
            lattices, firstIndex);
      }
    }

    for (size_t i = 0, e = std::min<size_t>(operands->size(), lattices.size() - firstIndex); i < e; ++i)
      join(lattices[firstIndex + i], *getLatticeElementFor(point, (*operands)[i]));
  }
}

const AbstractSparseLattice *AbstractSparseForwardDataFlowAnalysis::getLatticeElementFor(ProgramPoint point,
                                                                                          Value value) {
  AbstractSparseLattice *state = getLatticeElement(value);
  addDependency(state, point);
  return state;
}

void AbstractSparseForwardDataFlowAnalysis::setAllToEntryStates(ArrayRef<AbstractSparseLattice *> lattices) {
  for (AbstractSparseLattice *lattice : lattices)
    setToEntryState(lattice);
}

void AbstractSparseForwardDataFlowAnalysis::join(AbstractSparseLattice *lhs, const AbstractSparseLattice &rhs) {
  propagateIfChanged(lhs, lhs->join(rhs));
}

//===----------------------------------------------------------------------===//
// AbstractSparseBackwardDataFlowAnalysis
//===----------------------------------------------------------------------===//

LogicalResult AbstractSparseBackwardDataFlowAnalysis::initialize(Operation *top) {
  // Visit every op, in pre-order over blocks, the ops of a block in reverse
  // (MLIR's initializeRecursively, with an explicit stack).
  struct Frame {
    Operation *op;
    unsigned region;
    Block *block;
    Operation *next;
  };
  if (failed(visitOperation(top)))
    return failure();
  std::vector<Frame> stack{{top, 0, nullptr, nullptr}};
  while (!stack.empty()) {
    Frame &frame = stack.back();
    if (frame.next) {
      Operation *op = frame.next;
      frame.next = op->getPrevNode();
      if (failed(visitOperation(op)))
        return failure();
      if (op->getNumRegions())
        stack.push_back({op, 0, nullptr, nullptr});
      continue;
    }
    Block *nextBlock = frame.block ? frame.block->getNextNode() : nullptr;
    while (!nextBlock) {
      if (frame.block)
        ++frame.region;
      frame.block = nullptr;
      if (frame.region >= frame.op->getNumRegions())
        break;
      Region &region = frame.op->getRegion(frame.region);
      if (!region.empty()) {
        nextBlock = &region.front();
        break;
      }
      ++frame.region;
    }
    if (!nextBlock) {
      stack.pop_back();
      continue;
    }
    frame.block = nextBlock;
    getOrCreate<Executable>(getProgramPointBefore(nextBlock))->blockContentSubscribe(this);
    frame.next = nextBlock->empty() ? nullptr : &nextBlock->back();
  }
  return success();
}

LogicalResult AbstractSparseBackwardDataFlowAnalysis::visit(ProgramPoint point) {
  // Block starts need no work: edges are handled by branches, entry blocks
  // of callables by calls.
  if (point.isBlockStart())
    return success();
  return visitOperation(point.getPrevOp());
}

SmallVector<AbstractSparseLattice *, 4> AbstractSparseBackwardDataFlowAnalysis::getLatticeElements(ValueRange values) {
  SmallVector<AbstractSparseLattice *, 4> lattices;
  for (Value value : values)
    lattices.push_back(getLatticeElement(value));
  return lattices;
}

SmallVector<const AbstractSparseLattice *, 4>
AbstractSparseBackwardDataFlowAnalysis::getLatticeElementsFor(ProgramPoint point, ValueRange values) {
  SmallVector<const AbstractSparseLattice *, 4> lattices;
  for (Value value : values)
    lattices.push_back(getLatticeElementFor(point, value));
  return lattices;
}

LogicalResult AbstractSparseBackwardDataFlowAnalysis::visitOperation(Operation *op) {
  // Nothing to do while the op's block is dead.
  if (op->getBlock() && !getOrCreate<Executable>(getProgramPointBefore(op->getBlock()))->isLive())
    return success();

  SmallVector<AbstractSparseLattice *, 4> operandStorage = getLatticeElements(op->getOperands());
  SmallVector<const AbstractSparseLattice *, 4> resultStorage =
      getLatticeElementsFor(getProgramPointAfter(op), op->getResults());
  ArrayRef<AbstractSparseLattice *> operandLattices(operandStorage.data(), operandStorage.size());
  ArrayRef<const AbstractSparseLattice *> resultLattices(resultStorage.data(), resultStorage.size());

  // Region arguments flow back into the operands of a region branch op.
  if (auto branch = dyn_cast<RegionBranchOpInterface>(op)) {
    visitRegionSuccessors(branch, operandLattices);
    return success();
  }

  if (auto branch = dyn_cast<BranchOpInterface>(op)) {
    // Successor block arguments flow back into the forwarded operands; the
    // others (a condition, say) are branch operands.
    std::vector<bool> unaccounted(op->getNumOperands(), true);
    for (unsigned index = 0, e = op->getNumSuccessors(); index != e; ++index) {
      Block *block = op->getSuccessor(index);
      SuccessorOperands successorOperands = branch.getSuccessorOperands(index);
      OperandRange forwarded = successorOperands.getForwardedOperands();
      if (forwarded.size() == 0)
        continue;
      unsigned begin = successorOperands.getMutableForwardedOperands().getStart();
      for (unsigned i = 0; i < forwarded.size(); ++i) {
        OpOperand &operand = op->getOpOperand(begin + i);
        unaccounted[operand.getOperandNumber()] = false;
        if (std::optional<BlockArgument> blockArg =
                detail::getBranchSuccessorArgument(successorOperands, operand.getOperandNumber(), block))
          meet(getLatticeElement(operand.get()), *getLatticeElementFor(getProgramPointAfter(op), *blockArg));
      }
    }
    for (unsigned index = 0; index < unaccounted.size(); ++index)
      if (unaccounted[index])
        visitBranchOperand(op->getOpOperand(index));
    return success();
  }

  // Callee entry block arguments flow back into the call's arguments.
  if (auto call = dyn_cast<CallOpInterface>(op)) {
    Operation *callableOp = call.resolveCallableInTable(&symbolTable);
    if (auto callable = dyn_cast_or_null<CallableOpInterface>(callableOp)) {
      Region *region = callable.getCallableRegion();
      if (!region || region->empty() || !getSolverConfig().isInterprocedural()) {
        visitExternalCallImpl(call, operandLattices, resultLattices);
        return success();
      }
      std::vector<bool> unaccounted(op->getNumOperands(), true);
      OperandRange argOperands = call.getArgOperands();
      unsigned begin = argOperands.size() ? call.getArgOperandsMutable().getStart() : 0;
      Block &block = region->front();
      for (unsigned i = 0, e = std::min<size_t>(argOperands.size(), block.getNumArguments()); i < e; ++i) {
        OpOperand &argOperand = op->getOpOperand(begin + i);
        meet(getLatticeElement(argOperand.get()), *getLatticeElementFor(getProgramPointAfter(op), block.getArgument(i)));
        unaccounted[argOperand.getOperandNumber()] = false;
      }
      for (unsigned index = 0; index < unaccounted.size(); ++index)
        if (unaccounted[index])
          visitCallOperand(op->getOpOperand(index));
      return success();
    }
  }

  // The operands a region branch terminator forwards take the liveness of
  // the successor inputs they reach.
  if (isa<RegionBranchTerminatorOpInterface>(op)) {
    if (auto branch = dyn_cast<RegionBranchOpInterface>(op->getParentOp())) {
      visitRegionSuccessorsFromTerminator(op, branch);
      return success();
    }
  }

  // The operands of a callable's return come from its call sites' results.
  if (op->hasTrait<OpTrait::ReturnLike>())
    if (auto callable = dyn_cast_or_null<CallableOpInterface>(op->getParentOp()))
      return visitCallableOperation(op, callable, operandLattices);

  return visitOperationImpl(op, operandLattices, resultLattices);
}

LogicalResult
AbstractSparseBackwardDataFlowAnalysis::visitCallableOperation(Operation *op, CallableOpInterface callable,
                                                               ArrayRef<AbstractSparseLattice *> operandLattices) {
  const auto *callsites =
      getOrCreateFor<PredecessorState>(getProgramPointAfter(op), getProgramPointAfter(callable.getOperation()));
  if (callsites->allPredecessorsKnown()) {
    for (Operation *call : callsites->getKnownPredecessors()) {
      SmallVector<const AbstractSparseLattice *, 4> callResults =
          getLatticeElementsFor(getProgramPointAfter(op), call->getResults());
      for (size_t i = 0, e = std::min(operandLattices.size(), callResults.size()); i < e; ++i)
        meet(operandLattices[i], *callResults[i]);
    }
  } else {
    // Unknown callers: the returned values may be used anywhere.
    setAllToExitStates(operandLattices);
  }
  return success();
}

void AbstractSparseBackwardDataFlowAnalysis::visitRegionSuccessors(RegionBranchOpInterface branch,
                                                                   ArrayRef<AbstractSparseLattice *> operandLattices) {
  Operation *op = branch.getOperation();
  SmallVector<RegionSuccessor, 2> successors;
  SmallVector<Attribute, 4> operands(op->getNumOperands(), Attribute());
  branch.getEntrySuccessorRegions(ArrayRef<Attribute>(operands.data(), operands.size()), successors);

  // The operands forwarded to no successor (the condition of an if, say).
  std::vector<bool> unaccounted(op->getNumOperands(), true);
  for (RegionSuccessor &successor : successors) {
    OperandRange forwarded = branch.getEntrySuccessorOperands(successor);
    ValueRange inputs = successor.getSuccessorInputs();
    unsigned begin = forwarded.size() ? forwarded.getBeginOperandIndex() : 0;
    for (size_t i = 0, e = std::min(forwarded.size(), inputs.size()); i < e; ++i) {
      OpOperand &operand = op->getOpOperand(begin + i);
      meet(getLatticeElement(operand.get()), *getLatticeElementFor(getProgramPointAfter(op), inputs[i]));
      unaccounted[operand.getOperandNumber()] = false;
    }
    if (successor.isParent())
      continue;
    // Entry arguments that are not successor inputs (a loop's induction
    // variable, say).
    SmallVector<BlockArgument, 4> noControlFlowArguments;
    for (Value argument : successor.getSuccessor()->getArguments()) {
      bool isInput = false;
      for (Value input : inputs)
        if (input == argument) {
          isInput = true;
          break;
        }
      if (!isInput)
        noControlFlowArguments.push_back(BlockArgument(argument));
    }
    visitNonControlFlowArguments(successor,
                                 ArrayRef<BlockArgument>(noControlFlowArguments.data(), noControlFlowArguments.size()));
  }
  for (unsigned index = 0; index < unaccounted.size(); ++index)
    if (unaccounted[index])
      visitBranchOperand(op->getOpOperand(index));
}

void AbstractSparseBackwardDataFlowAnalysis::visitRegionSuccessorsFromTerminator(Operation *terminatorOp,
                                                                                 RegionBranchOpInterface branch) {
  auto terminator = cast<RegionBranchTerminatorOpInterface>(terminatorOp);
  SmallVector<Attribute, 4> operandAttributes(terminatorOp->getNumOperands(), Attribute());
  SmallVector<RegionSuccessor, 2> successors;
  terminator.getSuccessorRegions(ArrayRef<Attribute>(operandAttributes.data(), operandAttributes.size()), successors);

  std::vector<bool> unaccounted(terminatorOp->getNumOperands(), true);
  for (const RegionSuccessor &successor : successors) {
    ValueRange inputs = successor.getSuccessorInputs();
    OperandRange forwarded = terminator.getSuccessorOperands(successor);
    unsigned begin = forwarded.size() ? forwarded.getBeginOperandIndex() : 0;
    for (size_t i = 0, e = std::min(forwarded.size(), inputs.size()); i < e; ++i) {
      OpOperand &operand = terminatorOp->getOpOperand(begin + i);
      meet(getLatticeElement(operand.get()), *getLatticeElementFor(getProgramPointAfter(terminatorOp), inputs[i]));
      unaccounted[operand.getOperandNumber()] = false;
    }
  }
  for (unsigned index = 0; index < unaccounted.size(); ++index)
    if (unaccounted[index])
      visitBranchOperand(terminatorOp->getOpOperand(index));
}

const AbstractSparseLattice *AbstractSparseBackwardDataFlowAnalysis::getLatticeElementFor(ProgramPoint point,
                                                                                           Value value) {
  AbstractSparseLattice *state = getLatticeElement(value);
  addDependency(state, point);
  return state;
}

void AbstractSparseBackwardDataFlowAnalysis::setAllToExitStates(ArrayRef<AbstractSparseLattice *> lattices) {
  for (AbstractSparseLattice *lattice : lattices)
    setToExitState(lattice);
}

void AbstractSparseBackwardDataFlowAnalysis::meet(AbstractSparseLattice *lhs, const AbstractSparseLattice &rhs) {
  propagateIfChanged(lhs, lhs->meet(rhs));
}
