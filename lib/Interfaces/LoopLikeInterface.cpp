//===- LoopLikeInterface.cpp - Loops --------------------------------------===//
#include "lamina/Interfaces/LoopLikeInterface.h"

#include "lamina/IR/Diagnostics.h"
#include "lamina/Interfaces/FunctionInterfaces.h"

#include <string>
#include <unordered_set>
#include <vector>

using namespace lamina;

bool detail::isDefinedOutsideOfLoopDefault(Operation *op, Value value) {
  return !op->isAncestor(value.getParentRegion()->getParentOp());
}
void detail::moveOutOfLoopDefault(Operation *op, Operation *toMove) { toMove->moveBefore(op); }
std::optional<SmallVector<Value, 2>> detail::noLoopInductionVars(Operation *) { return std::nullopt; }
MutableArrayRef<OpOperand> detail::noInits(Operation *) { return {}; }
ValueRange detail::noRegionIterArgs(Operation *) { return ValueRange(); }
std::optional<MutableArrayRef<OpOperand>> detail::noYieldedValues(Operation *) { return std::nullopt; }
std::optional<ResultRange> detail::noLoopResults(Operation *) { return std::nullopt; }
std::optional<APInt> detail::noStaticTripCount(Operation *) { return std::nullopt; }
std::optional<SmallVector<OpFoldResult, 2>> detail::noLoopBounds(Operation *) { return std::nullopt; }

std::optional<Value> LoopLikeOpInterface::getSingleInductionVar() const {
  std::optional<SmallVector<Value, 2>> ivs = getLoopInductionVars();
  if (ivs && ivs->size() == 1)
    return (*ivs)[0];
  return std::nullopt;
}

OperandRange LoopLikeOpInterface::getInits() const {
  MutableArrayRef<OpOperand> inits = getInitsMutable();
  Operation *op = getOperation();
  if (inits.empty())
    return op->getOperands().slice(op->getNumOperands(), 0);
  return op->getOperands().slice(inits[0].getOperandNumber(), inits.size());
}

ValueRange LoopLikeOpInterface::getYieldedValues() const {
  std::optional<MutableArrayRef<OpOperand>> yielded = getYieldedValuesMutable();
  if (!yielded || yielded->empty())
    return ValueRange();
  Operation *yieldOp = (*yielded)[0].getOwner();
  return yieldOp->getOperands().slice((*yielded)[0].getOperandNumber(), yielded->size());
}

BlockArgument LoopLikeOpInterface::getTiedLoopRegionIterArg(OpOperand *init) const {
  MutableArrayRef<OpOperand> inits = getInitsMutable();
  for (size_t i = 0; i < inits.size(); ++i)
    if (&inits[i] == init)
      return BlockArgument(getRegionIterArgs()[i]);
  return BlockArgument(Value());
}

OpOperand *LoopLikeOpInterface::getTiedLoopInit(BlockArgument bbArg) const {
  ValueRange iterArgs = getRegionIterArgs();
  for (size_t i = 0; i < iterArgs.size(); ++i)
    if (iterArgs[i] == bbArg)
      return &getInitsMutable()[i];
  return nullptr;
}

OpResult LoopLikeOpInterface::getTiedLoopResult(BlockArgument bbArg) const {
  std::optional<ResultRange> results = getLoopResults();
  if (!results)
    return OpResult(Value());
  ValueRange iterArgs = getRegionIterArgs();
  for (size_t i = 0; i < iterArgs.size(); ++i)
    if (iterArgs[i] == bbArg)
      return OpResult((*results)[i]);
  return OpResult(Value());
}

OpOperand *LoopLikeOpInterface::getTiedLoopYieldedValue(BlockArgument bbArg) const {
  ValueRange iterArgs = getRegionIterArgs();
  for (size_t i = 0; i < iterArgs.size(); ++i)
    if (iterArgs[i] == bbArg) {
      std::optional<MutableArrayRef<OpOperand>> yielded = getYieldedValuesMutable();
      return yielded ? &(*yielded)[i] : nullptr;
    }
  return nullptr;
}

/// Whether `block` can reach itself through successor edges.
static bool isInCFGCycle(Block *block) {
  std::unordered_set<Block *> visited;
  std::vector<Block *> stack{block};
  while (!stack.empty()) {
    Block *current = stack.back();
    stack.pop_back();
    if (!visited.insert(current).second) {
      if (current == block)
        return true;
      continue;
    }
    for (Block *succ : current->getSuccessors())
      stack.push_back(succ);
  }
  return false;
}

bool LoopLikeOpInterface::blockIsInLoop(Block *block) {
  Operation *parent = block->getParentOp();
  if (parent && (isa<LoopLikeOpInterface>(parent) || parent->getParentOfType<LoopLikeOpInterface>()))
    return true;
  // In a CFG cycle, or in a block (up to the enclosing function) that is.
  for (Block *current = block; current;) {
    if (isInCFGCycle(current))
      return true;
    Operation *owner = current->getParentOp();
    if (!owner || isa<FunctionOpInterface>(owner))
      break;
    current = owner->getBlock();
  }
  return false;
}

LogicalResult detail::verifyLoopLikeOpInterface(Operation *op) {
  auto loop = cast<LoopLikeOpInterface>(op);
  OperandRange inits = loop.getInits();
  ValueRange iterArgs = loop.getRegionIterArgs();
  ValueRange yielded = loop.getYieldedValues();
  std::optional<ResultRange> results = loop.getLoopResults();
  if (inits.size() != iterArgs.size())
    return op->emitOpError("different number of inits and region iter_args: ")
           << unsigned(inits.size()) << " != " << unsigned(iterArgs.size());
  if (!yielded.empty() && iterArgs.size() != yielded.size())
    return op->emitOpError("different number of region iter_args and yielded values: ")
           << unsigned(iterArgs.size()) << " != " << unsigned(yielded.size());
  if (results && results->size() != iterArgs.size())
    return op->emitOpError("different number of loop results and region iter_args: ")
           << unsigned(results->size()) << " != " << unsigned(iterArgs.size());
  for (size_t i = 0, e = inits.size(); i != e; ++i) {
    if (inits[i].getType() != iterArgs[i].getType())
      return op->emitOpError(std::to_string(i))
             << "-th init and " << unsigned(i) << "-th region iter_arg have different type: " << inits[i].getType()
             << " != " << iterArgs[i].getType();
    if (!yielded.empty() && iterArgs[i].getType() != yielded[i].getType())
      return op->emitOpError(std::to_string(i))
             << "-th region iter_arg and " << unsigned(i) << "-th yielded value have different type: "
             << iterArgs[i].getType() << " != " << yielded[i].getType();
  }
  if (results)
    for (size_t i = 0, e = iterArgs.size(); i != e; ++i)
      if (iterArgs[i].getType() != (*results)[i].getType())
        return op->emitOpError(std::to_string(i))
               << "-th region iter_arg and " << unsigned(i) << "-th loop result have different type: "
               << iterArgs[i].getType() << " != " << (*results)[i].getType();
  return success();
}
