//===- BufferOptimizations.cpp - Moving allocations upwards ---------------===//
//
// MLIR's `buffer-hoisting`: every memref.alloc moves to the highest block
// that still dominates all uses of the buffer and its aliases, below the
// blocks defining its operands, and out of nested regions of known region
// control flow that are not loops.
//
#include "BufferUtils.h"

#include "lamina/Dialect/Bufferization/Transforms/Passes.h"
#include "lamina/IR/Region.h"
#include "lamina/Interfaces/ControlFlowInterfaces.h"
#include "lamina/Interfaces/LoopLikeInterface.h"
#include "lamina/Interfaces/SideEffectInterfaces.h"

using namespace lamina;
using namespace lamina::bufferization;

namespace {

/// The buffers allocated under `root` (MLIR's BufferPlacementAllocs): results
/// of ops with exactly one Allocate effect on a result outside the automatic
/// allocation scope, and at most one op freeing them.
std::vector<Value> collectAllocs(Operation *root) {
  std::vector<Value> allocs;
  root->walk([&](Operation *op) {
    auto memOp = dyn_cast<MemoryEffectOpInterface>(op);
    if (!memOp)
      return;
    SmallVector<MemoryEffects::EffectInstance, 4> effects;
    memOp.getEffects(effects);
    Value alloc;
    unsigned count = 0;
    for (const MemoryEffects::EffectInstance &e : effects) {
      if (!isa<MemoryEffects::Allocate>(e.getEffect()) || !e.getOpResult() ||
          e.getResource() == SideEffects::AutomaticAllocationScopeResource::get())
        continue;
      alloc = e.getValue();
      ++count;
    }
    if (count != 1)
      return;
    unsigned frees = 0;
    for (Operation *user : alloc.getUsers())
      frees += hasEffect<MemoryEffects::Free>(user, alloc) ? 1 : 0;
    if (frees <= 1)
      allocs.push_back(alloc);
  });
  return allocs;
}

bool isKnownControlFlowInterface(Operation *op) { return isa<LoopLikeOpInterface, RegionBranchOpInterface>(op); }

struct BufferHoistingPass : impl::BufferHoistingBase<BufferHoistingPass> {
  void runOnOperation() override {
    Operation *root = getOperation();
    DominanceInfo dom(root);
    BufferViewFlowAnalysis aliases(root);
    Liveness liveness(root);
    for (Value alloc : collectAllocs(root)) {
      Operation *allocOp = alloc.getDefiningOp();
      if (allocOp->getName().getStringRef() != "memref.alloc")
        continue;
      // The common dominator of every use of the buffer and its aliases.
      Block *dominatorBlock = alloc.getParentBlock();
      for (Value alias : aliases.resolve(alloc)) {
        for (Operation *user : alias.getUsers())
          dominatorBlock = findNearestCommonDominator(dom, dominatorBlock, user->getBlock());
        dominatorBlock = findNearestCommonDominator(dom, dominatorBlock, alias.getParentBlock());
      }
      // The lowest block defining an operand.
      Block *dependencyBlock = nullptr;
      for (Value operand : allocOp->getOperands()) {
        Block *depBlock = operand.getParentBlock();
        if (!dependencyBlock || dom.dominates(dependencyBlock, depBlock))
          dependencyBlock = depBlock;
      }
      Block *upperBound = dominatorBlock;
      if (dependencyBlock && dom.properlyDominates(dominatorBlock, dependencyBlock))
        upperBound = dependencyBlock;
      Block *placement = findPlacementBlock(dom, alloc.getParentBlock(), upperBound);
      Operation *start = getStartOperation(liveness, alloc, placement);
      if (start != allocOp)
        allocOp->moveBefore(start);
    }
  }

  /// Walks up from `current` through immediate dominators and out of
  /// non-loop regions of known control flow while `upperBound` properly
  /// dominates the block reached.
  static Block *findPlacementBlock(const DominanceInfo &dom, Block *current, Block *upperBound) {
    Operation *parentOp;
    Block *parentBlock;
    while ((parentOp = current->getParentOp()) && (parentBlock = parentOp->getBlock()) &&
           (!upperBound || dom.properlyDominates(upperBound, current))) {
      Block *idom = current->isEntryBlock() ? nullptr : dom.getImmediateDominator(current);
      if (idom && dom.properlyDominates(parentBlock, idom)) {
        current = idom;
        continue;
      }
      if (!isKnownControlFlowInterface(parentOp) || isLoop(parentOp))
        break;
      current = parentBlock;
    }
    return current;
  }

  /// The op of `placement` before which `alloc` goes: the block's first op
  /// if the buffer is live into it, else its own op or the op holding it, or
  /// the terminator when it comes from another block.
  static Operation *getStartOperation(const Liveness &liveness, Value alloc, Block *placement) {
    Operation *start = liveness.isLiveIn(alloc, placement) ? &placement->front() : alloc.getDefiningOp();
    if (start->getBlock() != placement) {
      Operation *ancestor = placement->findAncestorOpInBlock(*start);
      start = ancestor ? ancestor : placement->getTerminator();
    }
    return start;
  }
};

} // namespace

std::unique_ptr<Pass> lamina::createBufferHoistingPass() { return std::make_unique<BufferHoistingPass>(); }
