//===- TopologicalSort.cpp - Order graph regions by their def-use chains --===//
//
// MLIR's `topological-sort` and sortTopologically: in every region without
// SSA dominance, move each operation after the producers of its operands
// (and of the operands used inside its regions), keeping the original order
// wherever possible; operations caught in a cycle stay in order at the end.
//
#include "lamina/Transforms/Passes.h"

#include "lamina/IR/RegionKindInterface.h"

#include <unordered_set>

using namespace lamina;

namespace {

/// Whether every operand used by `op` or inside it is ready: a block
/// argument, or defined outside the unscheduled ops.
bool isOpReady(Operation *op, const std::unordered_set<Operation *> &unscheduledOps) {
  auto isReady = [&](Value value) {
    Operation *parent = value.getDefiningOp();
    if (!parent)
      return true;
    do {
      if (parent == op)
        return true;
      if (unscheduledOps.count(parent))
        return false;
    } while ((parent = parent->getParentOp()));
    return true;
  };
  WalkResult result = op->walk([&](Operation *nested) {
    for (Value operand : nested->getOperands())
      if (!isReady(operand))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return !result.wasInterrupted();
}

/// Sorts the operations of `block` (but a terminator) topologically.
void sortTopologically(Block *block) {
  if (block->empty())
    return;
  Block::iterator end = block->end();
  if (block->back().isKnownTerminator())
    end = Block::iterator(&block->back());
  Block::iterator nextScheduledOp = block->begin();
  if (nextScheduledOp == end)
    return;
  std::unordered_set<Operation *> unscheduledOps;
  for (Block::iterator it = nextScheduledOp; it != end; ++it)
    unscheduledOps.insert(&*it);
  while (!unscheduledOps.empty()) {
    bool scheduledAtLeastOnce = false;
    for (Block::iterator it = nextScheduledOp; it != end;) {
      Operation &op = *it;
      ++it;
      if (!isOpReady(&op, unscheduledOps))
        continue;
      unscheduledOps.erase(&op);
      scheduledAtLeastOnce = true;
      if (&op == &*nextScheduledOp) {
        ++nextScheduledOp;
        continue;
      }
      op.remove();
      block->insert(nextScheduledOp, &op);
    }
    if (!scheduledAtLeastOnce) {
      unscheduledOps.erase(&*nextScheduledOp);
      ++nextScheduledOp;
    }
  }
}

struct TopologicalSortPass : impl::TopologicalSortBase<TopologicalSortPass> {
  void runOnOperation() override {
    getOperation()->walk([](Operation *op) {
      auto kinds = dyn_cast<RegionKindInterface>(op);
      if (!kinds)
        return;
      for (unsigned i = 0, e = op->getNumRegions(); i != e; ++i) {
        if (kinds.hasSSADominance(i))
          continue;
        for (Block &block : op->getRegion(i))
          sortTopologically(&block);
      }
    });
  }
};
} // namespace

std::unique_ptr<Pass> lamina::createTopologicalSortPass() { return std::make_unique<TopologicalSortPass>(); }
