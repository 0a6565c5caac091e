//===- BufferUtils.cpp - Analyses shared by the buffer placement passes ---===//
//
// Buffer view flow, block liveness and cross-region common dominators, as
// MLIR's BufferViewFlowAnalysis, Liveness and DominanceInfo compute them.
//
#include "BufferUtils.h"

#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/Region.h"
#include "lamina/Interfaces/CallInterfaces.h"
#include "lamina/Interfaces/ControlFlowInterfaces.h"
#include "lamina/Interfaces/FunctionInterfaces.h"
#include "lamina/Interfaces/SideEffectInterfaces.h"
#include "lamina/Interfaces/LoopLikeInterface.h"
#include "lamina/Interfaces/ViewLikeInterface.h"

using namespace lamina;
using namespace lamina::bufferization;

bool bufferization::isMemref(Value v) { return isa<BaseMemRefType>(v.getType()); }

//===----------------------------------------------------------------------===//
// BufferViewFlowAnalysis
//===----------------------------------------------------------------------===//

void BufferViewFlowAnalysis::registerDependency(Value from, Value to) {
  dependencies[from].push_back(to);
  reverseDependencies[to].push_back(from);
}

BufferViewFlowAnalysis::BufferViewFlowAnalysis(Operation *root) {
  // The buffer results and region entry arguments of an op the analysis
  // does not see through.
  auto addTerminals = [&](Operation *op) {
    for (Value v : op->getResults())
      if (isMemref(v))
        terminals.insert(v);
    for (Region &region : op->getRegions())
      if (!region.empty())
        for (Value v : region.front().getArguments())
          if (isMemref(v))
            terminals.insert(v);
  };
  root->walk([&](Operation *op) {
    if (auto select = dyn_cast<SelectLikeOpInterface>(op)) {
      registerDependency(select.getTrueValue(), op->getResult(0));
      registerDependency(select.getFalseValue(), op->getResult(0));
      return;
    }
    if (auto view = dyn_cast<ViewLikeOpInterface>(op)) {
      registerDependency(view.getViewSource(), op->getResult(0));
      return;
    }
    if (auto branch = dyn_cast<BranchOpInterface>(op)) {
      for (unsigned i = 0, e = op->getNumSuccessors(); i < e; ++i) {
        SuccessorOperands operands = branch.getSuccessorOperands(i);
        Block *succ = op->getSuccessor(i);
        OperandRange forwarded = operands.getForwardedOperands();
        unsigned produced = operands.getProducedOperandCount();
        for (unsigned j = 0; j < forwarded.size() && produced + j < succ->getNumArguments(); ++j)
          registerDependency(forwarded[j], succ->getArgument(produced + j));
      }
      return;
    }
    if (auto regionBranch = dyn_cast<RegionBranchOpInterface>(op)) {
      SmallVector<RegionSuccessor, 2> entries;
      regionBranch.getSuccessorRegions(RegionBranchPoint::parent(), entries);
      for (RegionSuccessor &entry : entries) {
        OperandRange operands = regionBranch.getEntrySuccessorOperands(entry);
        ValueRange inputs = entry.getSuccessorInputs();
        for (unsigned j = 0; j < operands.size() && j < inputs.size(); ++j)
          registerDependency(operands[j], inputs[j]);
      }
      for (Region &region : op->getRegions()) {
        SmallVector<RegionSuccessor, 2> successors;
        regionBranch.getSuccessorRegions(region, successors);
        for (RegionSuccessor &successor : successors)
          for (Block &block : region) {
            if (block.empty())
              continue;
            auto terminator = dyn_cast<RegionBranchTerminatorOpInterface>(&block.back());
            if (!terminator)
              continue;
            OperandRange operands = terminator.getSuccessorOperands(successor);
            ValueRange inputs = successor.getSuccessorInputs();
            for (unsigned j = 0; j < operands.size() && j < inputs.size(); ++j)
              registerDependency(operands[j], inputs[j]);
          }
      }
      return;
    }
    if (isa<RegionBranchTerminatorOpInterface>(op))
      return;
    if (isa<CallOpInterface>(op)) {
      addTerminals(op);
      for (Value operand : op->getOperands())
        for (Value result : op->getResults())
          registerDependency(operand, result);
      return;
    }
    addTerminals(op);
  });
}

/// `value` and everything reachable from it in `graph`.
static ValueSet closure(const std::unordered_map<Value, std::vector<Value>> &graph, Value value) {
  ValueSet result;
  std::vector<Value> worklist{value};
  while (!worklist.empty()) {
    Value v = worklist.back();
    worklist.pop_back();
    if (!result.insert(v).second)
      continue;
    auto it = graph.find(v);
    if (it != graph.end())
      worklist.insert(worklist.end(), it->second.begin(), it->second.end());
  }
  return result;
}

ValueSet BufferViewFlowAnalysis::resolve(Value value) const { return closure(dependencies, value); }
ValueSet BufferViewFlowAnalysis::resolveReverse(Value value) const { return closure(reverseDependencies, value); }

//===----------------------------------------------------------------------===//
// BufferOriginAnalysis
//===----------------------------------------------------------------------===//

Value bufferization::getViewBase(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    auto view = dyn_cast<ViewLikeOpInterface>(def);
    if (!view)
      break;
    value = view.getViewSource();
  }
  return value;
}

static bool hasAllocateSideEffect(Value v) {
  Operation *op = v.getDefiningOp();
  return op && hasEffect<MemoryEffects::Allocate>(op, v);
}

static bool isFunctionArgument(Value v) {
  auto arg = dyn_cast<BlockArgument>(v);
  if (!arg)
    return false;
  Operation *parent = arg.getOwner()->getParentOp();
  return parent && isa<FunctionOpInterface>(parent) && arg.getOwner()->isEntryBlock();
}

std::optional<bool> BufferOriginAnalysis::isSameAllocation(Value v1, Value v2) const {
  v1 = getViewBase(v1);
  v2 = getViewBase(v2);
  if (v1 == v2)
    return true;
  struct Terminals {
    ValueSet values;
    bool allAllocs = true, allAllocsOrFuncEntryArgs = true;
  };
  auto gather = [&](Value v) {
    Terminals t;
    for (Value origin : analysis.resolveReverse(v)) {
      if (!isMemref(origin) || !analysis.mayBeTerminalBuffer(origin))
        continue;
      t.values.insert(origin);
      t.allAllocs &= hasAllocateSideEffect(origin);
      t.allAllocsOrFuncEntryArgs &= isFunctionArgument(origin) || hasAllocateSideEffect(origin);
    }
    return t;
  };
  Terminals t1 = gather(v1), t2 = gather(v2);
  if (t1.values.size() == 1 && t2.values.size() == 1 && *t1.values.begin() == *t2.values.begin())
    return true;
  for (Value v : t1.values)
    if (t2.values.count(v))
      return std::nullopt;
  bool isolated1 = t1.allAllocs && (t2.allAllocs || t2.allAllocsOrFuncEntryArgs);
  bool isolated2 = (t1.allAllocs || t1.allAllocsOrFuncEntryArgs) && t2.allAllocs;
  if (isolated1 || isolated2)
    return false;
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Liveness
//===----------------------------------------------------------------------===//

Liveness::Liveness(Operation *op) {
  std::vector<Block *> order;
  op->walk<WalkOrder::PreOrder>([&](Block *block) { order.push_back(block); });
  for (Block *block : order) {
    BlockInfo &info = blocks[block];
    Region *region = block->getParent();
    auto gatherOut = [&](Value value) {
      for (Operation *user : value.getUsers()) {
        Block *owner = region->findAncestorBlockInRegion(*user->getBlock());
        if (owner != block) {
          info.out.insert(value);
          break;
        }
      }
    };
    for (Value arg : block->getArguments()) {
      info.def.insert(arg);
      gatherOut(arg);
    }
    for (Operation &nested : *block)
      for (Value result : nested.getResults()) {
        info.def.insert(result);
        gatherOut(result);
      }
    block->walk([&](Operation *nested) {
      for (Value result : nested->getResults())
        info.def.insert(result);
      for (Value operand : nested->getOperands())
        info.use.insert(operand);
      for (Region &r : nested->getRegions())
        for (Block &child : r)
          for (Value arg : child.getArguments())
            info.def.insert(arg);
    });
    for (Value v : info.def)
      info.use.erase(v);
  }
  auto updateIn = [&](BlockInfo &info) {
    ValueSet in = info.use;
    for (Value v : info.out)
      if (!info.def.count(v))
        in.insert(v);
    if (in.size() == info.in.size())
      return false;
    info.in = std::move(in);
    return true;
  };
  std::vector<Block *> worklist;
  std::unordered_set<Block *> queued;
  auto pushPredecessors = [&](Block *block) {
    for (Block *pred : block->getPredecessors())
      if (queued.insert(pred).second)
        worklist.push_back(pred);
  };
  for (Block *block : order)
    if (updateIn(blocks[block]))
      pushPredecessors(block);
  while (!worklist.empty()) {
    Block *block = worklist.back();
    worklist.pop_back();
    queued.erase(block);
    BlockInfo &info = blocks[block];
    for (Block *succ : block->getSuccessors()) {
      auto it = blocks.find(succ);
      if (it != blocks.end())
        info.out.insert(it->second.in.begin(), it->second.in.end());
    }
    if (updateIn(info))
      pushPredecessors(block);
  }
}

void Liveness::replaceValue(Value from, Value to) {
  for (auto &[block, info] : blocks)
    for (ValueSet *set : {&info.in, &info.out, &info.def, &info.use})
      if (set->erase(from))
        set->insert(to);
}

const ValueSet &Liveness::getLiveIn(Block *block) const {
  auto it = blocks.find(block);
  return it == blocks.end() ? empty : it->second.in;
}

const ValueSet &Liveness::getLiveOut(Block *block) const {
  auto it = blocks.find(block);
  return it == blocks.end() ? empty : it->second.out;
}

//===----------------------------------------------------------------------===//
// Dominance and ordering helpers
//===----------------------------------------------------------------------===//

Block *bufferization::findNearestCommonDominator(const DominanceInfo &dom, Block *a, Block *b) {
  if (!a || !b)
    return nullptr;
  if (a->getParent() != b->getParent()) {
    std::vector<Block *> aChain;
    for (Block *x = a; x; x = x->getParentOp() ? x->getParentOp()->getBlock() : nullptr)
      aChain.push_back(x);
    Block *aMatch = nullptr, *bMatch = nullptr;
    for (Block *y = b; y && !aMatch; y = y->getParentOp() ? y->getParentOp()->getBlock() : nullptr)
      for (Block *x : aChain)
        if (x->getParent() == y->getParent()) {
          aMatch = x;
          bMatch = y;
          break;
        }
    if (!aMatch)
      return nullptr;
    a = aMatch;
    b = bMatch;
  }
  return dom.findNearestCommonDominator(a, b);
}

bool bufferization::isLoop(Operation *op) {
  if (isa<LoopLikeOpInterface>(op))
    return true;
  auto regionBranch = dyn_cast<RegionBranchOpInterface>(op);
  return regionBranch && regionBranch.hasLoop();
}

bool bufferization::valueComesBefore(Value lhs, Value rhs) {
  if (lhs == rhs)
    return false;
  bool lhsIsArg = isa<BlockArgument>(lhs);
  if (lhsIsArg != isa<BlockArgument>(rhs))
    return lhsIsArg;
  Region *lhsRegion, *rhsRegion;
  if (lhsIsArg) {
    auto lhsArg = cast<BlockArgument>(lhs), rhsArg = cast<BlockArgument>(rhs);
    if (lhsArg.getArgNumber() != rhsArg.getArgNumber())
      return lhsArg.getArgNumber() < rhsArg.getArgNumber();
    lhsRegion = lhsArg.getParentRegion();
    rhsRegion = rhsArg.getParentRegion();
    // Arguments of two blocks of one region (MLIR leaves their order to the
    // hash set they come from): the earlier block first.
    if (lhsRegion == rhsRegion) {
      for (Block &block : *lhsRegion) {
        if (&block == lhsArg.getOwner())
          return true;
        if (&block == rhsArg.getOwner())
          return false;
      }
      return false;
    }
  } else if (lhs.getDefiningOp() == rhs.getDefiningOp()) {
    return cast<OpResult>(lhs).getResultNumber() < cast<OpResult>(rhs).getResultNumber();
  } else {
    lhsRegion = lhs.getDefiningOp()->getParentRegion();
    rhsRegion = rhs.getDefiningOp()->getParentRegion();
    if (lhsRegion == rhsRegion)
      return lhs.getDefiningOp()->isBeforeInBlock(rhs.getDefiningOp());
  }
  while (lhsRegion && rhsRegion) {
    if (lhsRegion->getRegionNumber() != rhsRegion->getRegionNumber())
      return lhsRegion->getRegionNumber() < rhsRegion->getRegionNumber();
    if (lhsRegion->getParentRegion() == rhsRegion->getParentRegion())
      return lhsRegion->getParentOp()->isBeforeInBlock(rhsRegion->getParentOp());
    lhsRegion = lhsRegion->getParentRegion();
    rhsRegion = rhsRegion->getParentRegion();
  }
  return rhsRegion != nullptr;
}
