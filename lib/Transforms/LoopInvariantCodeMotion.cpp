//===- LoopInvariantCodeMotion.cpp - Hoisting loop invariants -------------===//
//
// MLIR's `loop-invariant-code-motion` and the utilities behind it: every
// LoopLikeOpInterface op, innermost first, has the memory-effect free and
// speculatable ops of its body that use only values defined outside the
// loop moved in front of it. Hoisting from an inner loop puts ops into the
// outer loop's body, where the outer loop then sees them.
//
#include "lamina/Transforms/LoopInvariantCodeMotionUtils.h"
#include "lamina/Transforms/Passes.h"

#include "lamina/Interfaces/SideEffectInterfaces.h"

#include <vector>

using namespace lamina;

/// Whether `op` may leave its region: it is no terminator, and every operand
/// of it and of the ops nested in it, unless defined inside `op`, satisfies
/// `definedOutside`.
static bool canBeHoisted(Operation *op, function_ref<bool(Value)> definedOutside) {
  if (op->hasTrait<OpTrait::IsTerminator>())
    return false;
  WalkResult result = op->walk([&](Operation *child) {
    for (Value operand : child->getOperands()) {
      // Values defined inside `op` move with it.
      if (op->isAncestor(operand.getParentRegion()->getParentOp()))
        continue;
      if (!definedOutside(operand))
        return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return !result.wasInterrupted();
}

size_t lamina::moveLoopInvariantCode(ArrayRef<Region *> regions,
                                     function_ref<bool(Value, Region *)> isDefinedOutsideRegion,
                                     function_ref<bool(Operation *, Region *)> shouldMoveOutOfRegion,
                                     function_ref<void(Operation *, Region *)> moveOutOfRegion) {
  size_t numMoved = 0;
  // A FIFO queue: a vector consumed from `head`.
  std::vector<Operation *> worklist;
  for (Region *region : regions) {
    worklist.clear();
    for (Block &block : *region)
      for (Operation &op : block)
        worklist.push_back(&op);
    auto definedOutside = [&](Value value) { return isDefinedOutsideRegion(value, region); };
    for (size_t head = 0; head < worklist.size(); ++head) {
      Operation *op = worklist[head];
      // Skip ops already moved.
      if (op->getParentRegion() != region)
        continue;
      if (!shouldMoveOutOfRegion(op, region) || !canBeHoisted(op, definedOutside))
        continue;
      moveOutOfRegion(op, region);
      ++numMoved;
      // The users of the moved op at the top level of the region may now be
      // invariant too.
      for (Value result : op->getResults())
        for (Operation *user : result.getUsers())
          if (user->getParentRegion() == region)
            worklist.push_back(user);
    }
  }
  return numMoved;
}

size_t lamina::moveLoopInvariantCode(LoopLikeOpInterface loopLike) {
  SmallVector<Region *, 1> regions = loopLike.getLoopRegions();
  return moveLoopInvariantCode(
      ArrayRef<Region *>(regions.data(), regions.size()),
      [&](Value value, Region *) { return loopLike.isDefinedOutsideOfLoop(value); },
      [&](Operation *op, Region *) { return isMemoryEffectFree(op) && isSpeculatable(op); },
      [&](Operation *op, Region *) { loopLike.moveOutOfLoop(op); });
}

namespace {
struct LoopInvariantCodeMotionPass : impl::LoopInvariantCodeMotionBase<LoopInvariantCodeMotionPass> {
  void runOnOperation() override {
    // Post-order: inner loops first, so that what they hoist lands in the
    // outer loop's body before the outer loop is processed.
    getOperation()->walk([](Operation *op) {
      if (auto loopLike = dyn_cast<LoopLikeOpInterface>(op))
        moveLoopInvariantCode(loopLike);
    });
  }
};
} // namespace

std::unique_ptr<Pass> lamina::createLoopInvariantCodeMotionPass() {
  return std::make_unique<LoopInvariantCodeMotionPass>();
}
