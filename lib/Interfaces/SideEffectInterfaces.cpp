//===- SideEffectInterfaces.cpp - Memory effects and speculatability ------===//
//
// The queries over MemoryEffectOpInterface and ConditionallySpeculatable, as
// MLIR answers them, with explicit worklists instead of MLIR's recursion
// over nested regions (the nesting depth is the input's).
//
#include "lamina/Interfaces/SideEffectInterfaces.h"

#include "lamina/IR/SymbolTable.h"

#include <utility>
#include <vector>

using namespace lamina;

bool MemoryEffects::Effect::classof(const SideEffects::Effect *effect) {
  return isa<Allocate, Free, Read, Write>(effect);
}

void MemoryEffectOpInterface::getEffectsOnValue(Value value,
                                                SmallVectorImpl<MemoryEffects::EffectInstance> &effects) const {
  SmallVector<MemoryEffects::EffectInstance, 4> all;
  getEffects(all);
  for (const MemoryEffects::EffectInstance &e : all)
    if (e.getValue() == value)
      effects.push_back(e);
}

void MemoryEffectOpInterface::getEffectsOnSymbol(SymbolRefAttr symbol,
                                                 SmallVectorImpl<MemoryEffects::EffectInstance> &effects) const {
  SmallVector<MemoryEffects::EffectInstance, 4> all;
  getEffects(all);
  for (const MemoryEffects::EffectInstance &e : all)
    if (e.getSymbolRef() == symbol)
      effects.push_back(e);
}

void MemoryEffectOpInterface::getEffectsOnResource(SideEffects::Resource *resource,
                                                   SmallVectorImpl<MemoryEffects::EffectInstance> &effects) const {
  SmallVector<MemoryEffects::EffectInstance, 4> all;
  getEffects(all);
  for (const MemoryEffects::EffectInstance &e : all)
    if (e.getResource()->getResourceID() == resource->getResourceID())
      effects.push_back(e);
}

/// Pushes every op nested in the regions of `op` on `worklist`.
static void pushNestedOps(Operation *op, std::vector<Operation *> &worklist) {
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (Operation &nested : block)
        worklist.push_back(&nested);
}

bool lamina::hasUnknownEffects(Operation *op) {
  return !isa<MemoryEffectOpInterface>(op) && !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>();
}

bool lamina::isOpTriviallyDead(Operation *op) { return op->use_empty() && wouldOpBeTriviallyDead(op); }

/// wouldOpBeTriviallyDead without the terminator and symbol checks on the
/// root: nested terminators without effects do not keep the root alive.
static bool wouldOpBeTriviallyDeadImpl(Operation *rootOp) {
  // An op without recursive effects and without effects: no worklist.
  if (!rootOp->hasTrait<OpTrait::HasRecursiveMemoryEffects>()) {
    auto memInterface = dyn_cast<MemoryEffectOpInterface>(rootOp);
    if (!memInterface)
      return false;
    if (memInterface.hasNoEffect())
      return true;
  }
  // Ranges [first, last) of ops still to look at; a null `last` is the end
  // of the block. (Inline storage: this runs for every unused op the greedy
  // driver visits.)
  struct OpRange {
    Operation *first, *second;
  };
  SmallVector<OpRange, 4> ranges;
  ranges.push_back(OpRange{rootOp, rootOp->getNextNode()});
  while (!ranges.empty()) {
    OpRange &range = ranges.back();
    if (range.first == range.second) {
      ranges.pop_back();
      continue;
    }
    Operation *op = range.first;
    range.first = op->getNextNode();

    bool hasRecursiveEffects = op->hasTrait<OpTrait::HasRecursiveMemoryEffects>();
    if (hasRecursiveEffects)
      for (Region &region : op->getRegions())
        for (Block &block : region)
          if (!block.empty())
            ranges.push_back(OpRange{&block.front(), nullptr});

    if (auto effectInterface = dyn_cast<MemoryEffectOpInterface>(op)) {
      SmallVector<MemoryEffects::EffectInstance, 1> effects;
      effectInterface.getEffects(effects);
      // Allocations of the op's own results may be dropped with it; any other
      // effect must be a read.
      SmallVector<Value, 4> allocResults;
      for (const MemoryEffects::EffectInstance &it : effects)
        if (isa<MemoryEffects::Allocate>(it.getEffect()) && it.getValue() && it.getValue().getDefiningOp() == op)
          allocResults.push_back(it.getValue());
      for (const MemoryEffects::EffectInstance &it : effects) {
        Value value = it.getValue();
        bool isAllocResult = false;
        for (Value v : allocResults)
          isAllocResult |= value && v == value;
        if (!isAllocResult && !isa<MemoryEffects::Read>(it.getEffect()))
          return false;
      }
      continue;
    }
    // Only recursive effects: the op itself has none; its nested ops are
    // looked at next.
    if (hasRecursiveEffects)
      continue;
    // No effect interface: conservatively, unknown effects.
    return false;
  }
  return true;
}

bool lamina::wouldOpBeTriviallyDead(Operation *op) {
  if (op->mightHaveTrait<OpTrait::IsTerminator>())
    return false;
  if (isa<SymbolOpInterface>(op))
    return false;
  return wouldOpBeTriviallyDeadImpl(op);
}

bool lamina::isMemoryEffectFree(Operation *root) {
  // Most ops have no recursive effects: no worklist (cse and the
  // canonicalizer ask for every op).
  if (!root->hasTrait<OpTrait::HasRecursiveMemoryEffects>()) {
    auto memInterface = dyn_cast<MemoryEffectOpInterface>(root);
    return memInterface && memInterface.hasNoEffect();
  }
  std::vector<Operation *> worklist{root};
  while (!worklist.empty()) {
    Operation *op = worklist.back();
    worklist.pop_back();
    bool recursive = op->hasTrait<OpTrait::HasRecursiveMemoryEffects>();
    if (auto memInterface = dyn_cast<MemoryEffectOpInterface>(op)) {
      if (!memInterface.hasNoEffect())
        return false;
      if (!recursive)
        continue;
    } else if (!recursive) {
      // Neither the interface nor recursive effects: nothing is known.
      return false;
    }
    pushNestedOps(op, worklist);
  }
  return true;
}

std::optional<SmallVector<MemoryEffects::EffectInstance, 4>> lamina::getEffectsRecursively(Operation *rootOp) {
  SmallVector<MemoryEffects::EffectInstance, 4> effects;
  std::vector<Operation *> worklist{rootOp};
  while (!worklist.empty()) {
    Operation *op = worklist.back();
    worklist.pop_back();
    bool hasRecursiveEffects = op->hasTrait<OpTrait::HasRecursiveMemoryEffects>();
    if (hasRecursiveEffects)
      pushNestedOps(op, worklist);
    if (auto effectInterface = dyn_cast<MemoryEffectOpInterface>(op))
      effectInterface.getEffects(effects);
    else if (!hasRecursiveEffects)
      return std::nullopt;
  }
  return effects;
}

bool lamina::isSpeculatable(Operation *root) {
  std::vector<Operation *> worklist{root};
  while (!worklist.empty()) {
    Operation *op = worklist.back();
    worklist.pop_back();
    auto conditionallySpeculatable = dyn_cast<ConditionallySpeculatable>(op);
    if (!conditionallySpeculatable)
      return false;
    switch (conditionallySpeculatable.getSpeculatability()) {
    case Speculation::RecursivelySpeculatable:
      pushNestedOps(op, worklist);
      break;
    case Speculation::Speculatable:
      break;
    case Speculation::NotSpeculatable:
      return false;
    }
  }
  return true;
}

bool lamina::isPure(Operation *op) { return isSpeculatable(op) && isMemoryEffectFree(op); }
