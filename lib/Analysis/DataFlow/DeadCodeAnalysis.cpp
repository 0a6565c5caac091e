//===- DeadCodeAnalysis.cpp - Which blocks and edges may execute ----------===//
#include "lamina/Analysis/DataFlow/DeadCodeAnalysis.h"

#include "lamina/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "lamina/Support/RawOstream.h"

using namespace lamina;
using namespace lamina::dataflow;

//===----------------------------------------------------------------------===//
// Executable
//===----------------------------------------------------------------------===//

void Executable::print(raw_ostream &os) const { os << (live ? "live" : "dead"); }

void Executable::onUpdate(DataFlowSolver *solver) const {
  AnalysisState::onUpdate(solver);
  if (anchor.isProgramPoint()) {
    ProgramPoint point = anchor.getProgramPoint();
    if (!point.isBlockStart())
      return;
    Block *block = point.getBlock();
    // Revisit the block itself, then every operation in it.
    for (DataFlowAnalysis *analysis : subscribers)
      solver->enqueue(point, analysis);
    for (DataFlowAnalysis *analysis : subscribers)
      for (Operation &op : *block)
        solver->enqueue(ProgramPoint::after(&op), analysis);
  } else if (CFGEdge *edge = anchor.getCFGEdge()) {
    // Revisit the successor block.
    for (DataFlowAnalysis *analysis : subscribers)
      solver->enqueue(ProgramPoint::atBlockStart(edge->getTo()), analysis);
  }
}

//===----------------------------------------------------------------------===//
// PredecessorState
//===----------------------------------------------------------------------===//

ValueRange PredecessorState::getSuccessorInputs(Operation *predecessor) const {
  for (const auto &[op, inputs] : successorInputs)
    if (op == predecessor)
      return inputs;
  return ValueRange();
}

ChangeResult PredecessorState::join(Operation *predecessor) {
  for (Operation *op : knownPredecessors)
    if (op == predecessor)
      return ChangeResult::NoChange;
  knownPredecessors.push_back(predecessor);
  return ChangeResult::Change;
}

static bool sameValues(ValueRange a, ValueRange b) {
  if (a.size() != b.size())
    return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i] != b[i])
      return false;
  return true;
}

ChangeResult PredecessorState::join(Operation *predecessor, ValueRange inputs) {
  ChangeResult result = join(predecessor);
  if (inputs.size() == 0)
    return result;
  for (auto &[op, current] : successorInputs)
    if (op == predecessor) {
      if (!sameValues(current, inputs)) {
        current = inputs;
        result |= ChangeResult::Change;
      }
      return result;
    }
  successorInputs.emplace_back(predecessor, inputs);
  return ChangeResult::Change;
}

void PredecessorState::print(raw_ostream &os) const {
  if (allPredecessorsKnown())
    os << "(all) ";
  os << "predecessors:\n";
  for (Operation *op : knownPredecessors)
    os << "  " << *op << "\n";
}

//===----------------------------------------------------------------------===//
// DeadCodeAnalysis
//===----------------------------------------------------------------------===//

LogicalResult DeadCodeAnalysis::initialize(Operation *top) {
  // The entry blocks of the top-level op execute.
  for (Region &region : top->getRegions()) {
    if (region.empty())
      continue;
    auto *state = getOrCreate<Executable>(getProgramPointBefore(&region.front()));
    propagateIfChanged(state, state->setToLive());
  }
  initializeSymbolCallables(top);

  // Visit every op with control-flow semantics, in pre-order.
  auto isRegionOrCallableReturn = [](Operation *op) {
    Operation *parent = op->getParentOp();
    return op->getBlock() && !op->getNumSuccessors() && parent &&
           (isa<RegionBranchOpInterface>(parent) || isa<CallableOpInterface>(parent)) &&
           op->getBlock()->getTerminator() == op;
  };
  LogicalResult result = success();
  top->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op->getNumRegions() || op->getNumSuccessors() || isRegionOrCallableReturn(op) ||
        isa<CallOpInterface>(op)) {
      // Revisit the op when its block becomes live.
      if (op->getBlock())
        getOrCreate<Executable>(getProgramPointBefore(op->getBlock()))->blockContentSubscribe(this);
      if (failed(visit(getProgramPointAfter(op)))) {
        result = failure();
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  return result;
}

void DeadCodeAnalysis::initializeSymbolCallables(Operation *top) {
  analysisScope = top;
  auto walkFn = [&](Operation *symTable, bool allUsesVisible) {
    Region &symbolTableRegion = symTable->getRegion(0);
    if (symbolTableRegion.empty())
      return;
    Block *symbolTableBlock = &symbolTableRegion.front();

    bool foundSymbolCallable = false;
    for (Operation &op : *symbolTableBlock) {
      auto callable = dyn_cast<CallableOpInterface>(&op);
      if (!callable || !callable.getCallableRegion())
        continue;
      auto symbol = dyn_cast<SymbolOpInterface>(&op);
      if (!symbol)
        continue;
      // Public callables, and those whose uses cannot all be seen, may be
      // called from anywhere.
      if (symbol.isPublic() || (!allUsesVisible && symbol.isNested())) {
        auto *state = getOrCreate<PredecessorState>(getProgramPointAfter(&op));
        propagateIfChanged(state, state->setHasUnknownPredecessors());
      }
      foundSymbolCallable = true;
    }
    if (!foundSymbolCallable)
      return;

    // A callable used other than by a call may be called from anywhere.
    std::optional<std::vector<SymbolTable::SymbolUse>> uses = SymbolTable::getSymbolUses(symTable);
    if (!uses) {
      top->walk([&](Operation *op) {
        if (!isa<CallableOpInterface>(op))
          return;
        auto *state = getOrCreate<PredecessorState>(getProgramPointAfter(op));
        propagateIfChanged(state, state->setHasUnknownPredecessors());
      });
      return;
    }
    for (const SymbolTable::SymbolUse &use : *uses) {
      if (isa<CallOpInterface>(use.getUser()))
        continue;
      Operation *symbol = symbolTable.lookupSymbolIn(top, use.getSymbolRef());
      if (!symbol)
        continue;
      auto *state = getOrCreate<PredecessorState>(getProgramPointAfter(symbol));
      propagateIfChanged(state, state->setHasUnknownPredecessors());
    }
  };
  SymbolTable::walkSymbolTables(top, /*allSymUsesVisible=*/!top->getBlock(), walkFn);
}

void DeadCodeAnalysis::markEdgeLive(Block *from, Block *to) {
  auto *state = getOrCreate<Executable>(getProgramPointBefore(to));
  propagateIfChanged(state, state->setToLive());
  auto *edgeState = getOrCreate<Executable>(getCFGEdge(from, to));
  propagateIfChanged(edgeState, edgeState->setToLive());
}

void DeadCodeAnalysis::markEntryBlocksLive(Operation *op) {
  for (Region &region : op->getRegions()) {
    if (region.empty())
      continue;
    auto *state = getOrCreate<Executable>(getProgramPointBefore(&region.front()));
    propagateIfChanged(state, state->setToLive());
  }
}

/// Whether `op` is the terminator returning from a region of a region
/// branch op or of a callable.
static bool isRegionOrCallableReturn(Operation *op) {
  Operation *parent = op->getParentOp();
  return op->getBlock() && !op->getNumSuccessors() && parent &&
         (isa<RegionBranchOpInterface>(parent) || isa<CallableOpInterface>(parent)) &&
         op->getBlock()->getTerminator() == op;
}

LogicalResult DeadCodeAnalysis::visit(ProgramPoint point) {
  if (point.isBlockStart())
    return success();
  Operation *op = point.getPrevOp();

  // Nothing to do while the op's block is dead.
  if (op->getBlock() && !getOrCreate<Executable>(getProgramPointBefore(op->getBlock()))->isLive())
    return success();

  // A live call is a predecessor of its callee.
  if (auto call = dyn_cast<CallOpInterface>(op))
    visitCallOperation(call);

  if (op->getNumRegions()) {
    if (auto branch = dyn_cast<RegionBranchOpInterface>(op)) {
      visitRegionBranchOperation(branch);
    } else if (auto callable = dyn_cast<CallableOpInterface>(op)) {
      const auto *callsites = getOrCreateFor<PredecessorState>(getProgramPointAfter(op), getProgramPointAfter(op));
      // A callable with unknown or some known call sites executes.
      if (!callsites->allPredecessorsKnown() || !callsites->getKnownPredecessors().empty())
        markEntryBlocksLive(op);
    } else {
      // Unknown region control flow: every entry block may execute.
      markEntryBlocksLive(op);
    }
  }

  if (isRegionOrCallableReturn(op)) {
    Operation *parent = op->getParentOp();
    if (auto branch = dyn_cast<RegionBranchOpInterface>(parent))
      visitRegionTerminator(op, branch);
    else if (auto callable = dyn_cast<CallableOpInterface>(parent))
      visitCallableTerminator(op, callable);
  }

  if (op->getNumSuccessors()) {
    if (auto branch = dyn_cast<BranchOpInterface>(op)) {
      visitBranchOperation(branch);
    } else {
      for (unsigned i = 0, e = op->getNumSuccessors(); i != e; ++i)
        markEdgeLive(op->getBlock(), op->getSuccessor(i));
    }
  }
  return success();
}

void DeadCodeAnalysis::visitCallOperation(CallOpInterface call) {
  Operation *callableOp = call.resolveCallableInTable(&symbolTable);
  auto isExternalCallable = [&](Operation *op) {
    if (!analysisScope->isAncestor(op))
      return true;
    if (auto callable = dyn_cast<CallableOpInterface>(op))
      return !callable.getCallableRegion();
    return false;
  };
  if (callableOp && isa<SymbolOpInterface>(callableOp) && !isExternalCallable(callableOp)) {
    auto *callsites = getOrCreate<PredecessorState>(getProgramPointAfter(callableOp));
    propagateIfChanged(callsites, callsites->join(call.getOperation()));
  } else {
    // The callee is unknown or external: so are the call's return sites.
    auto *predecessors = getOrCreate<PredecessorState>(getProgramPointAfter(call.getOperation()));
    propagateIfChanged(predecessors, predecessors->setHasUnknownPredecessors());
  }
}

std::optional<SmallVector<Attribute, 4>> DeadCodeAnalysis::getOperandValues(Operation *op) {
  SmallVector<Attribute, 4> operands;
  for (Value operand : op->getOperands()) {
    auto *lattice = getOrCreate<Lattice<ConstantValue>>(operand);
    lattice->useDefSubscribe(this);
    const ConstantValue &value = lattice->getValue();
    if (value.isUninitialized())
      return std::nullopt;
    operands.push_back(value.getConstantValue());
  }
  return operands;
}

void DeadCodeAnalysis::visitBranchOperation(BranchOpInterface branch) {
  std::optional<SmallVector<Attribute, 4>> operands = getOperandValues(branch.getOperation());
  if (!operands)
    return;
  Operation *op = branch.getOperation();
  if (Block *successor = branch.getSuccessorForOperands(ArrayRef<Attribute>(operands->data(), operands->size()))) {
    markEdgeLive(op->getBlock(), successor);
  } else {
    for (unsigned i = 0, e = op->getNumSuccessors(); i != e; ++i)
      markEdgeLive(op->getBlock(), op->getSuccessor(i));
  }
}

void DeadCodeAnalysis::visitRegionBranchOperation(RegionBranchOpInterface branch) {
  std::optional<SmallVector<Attribute, 4>> operands = getOperandValues(branch.getOperation());
  if (!operands)
    return;
  SmallVector<RegionSuccessor, 2> successors;
  branch.getEntrySuccessorRegions(ArrayRef<Attribute>(operands->data(), operands->size()), successors);
  for (const RegionSuccessor &successor : successors) {
    // The successor is an entry block or the op's results.
    ProgramPoint point = successor.getSuccessor() ? getProgramPointBefore(&successor.getSuccessor()->front())
                                                  : getProgramPointAfter(branch.getOperation());
    auto *state = getOrCreate<Executable>(point);
    propagateIfChanged(state, state->setToLive());
    auto *predecessors = getOrCreate<PredecessorState>(point);
    propagateIfChanged(predecessors, predecessors->join(branch.getOperation(), successor.getSuccessorInputs()));
  }
}

void DeadCodeAnalysis::visitRegionTerminator(Operation *op, RegionBranchOpInterface branch) {
  std::optional<SmallVector<Attribute, 4>> operands = getOperandValues(op);
  if (!operands)
    return;
  SmallVector<RegionSuccessor, 2> successors;
  if (auto terminator = dyn_cast<RegionBranchTerminatorOpInterface>(op))
    terminator.getSuccessorRegions(ArrayRef<Attribute>(operands->data(), operands->size()), successors);
  else
    branch.getSuccessorRegions(*op->getParentRegion(), successors);

  for (const RegionSuccessor &successor : successors) {
    PredecessorState *predecessors;
    if (Region *region = successor.getSuccessor()) {
      auto *state = getOrCreate<Executable>(getProgramPointBefore(&region->front()));
      propagateIfChanged(state, state->setToLive());
      predecessors = getOrCreate<PredecessorState>(getProgramPointBefore(&region->front()));
    } else {
      predecessors = getOrCreate<PredecessorState>(getProgramPointAfter(branch.getOperation()));
    }
    propagateIfChanged(predecessors, predecessors->join(op, successor.getSuccessorInputs()));
  }
}

void DeadCodeAnalysis::visitCallableTerminator(Operation *op, CallableOpInterface callable) {
  // The terminator is a return site of every known call site.
  const auto *callsites =
      getOrCreateFor<PredecessorState>(getProgramPointAfter(op), getProgramPointAfter(callable.getOperation()));
  bool canResolve = op->hasTrait<OpTrait::ReturnLike>();
  for (Operation *predecessor : callsites->getKnownPredecessors()) {
    auto *predecessors = getOrCreate<PredecessorState>(getProgramPointAfter(predecessor));
    if (canResolve)
      propagateIfChanged(predecessors, predecessors->join(op));
    else
      propagateIfChanged(predecessors, predecessors->setHasUnknownPredecessors());
  }
}
