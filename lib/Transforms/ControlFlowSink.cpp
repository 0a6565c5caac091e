//===- ControlFlowSink.cpp - Sinking ops into conditional regions ---------===//
//
// MLIR's `control-flow-sink` and the sinking utilities: for every
// RegionBranchOpInterface op, the memory-effect free ops defined outside
// the regions it runs at most once, and used only inside one of them, are
// moved to the start of that region's entry block. Sinking is not done
// along BranchOpInterface edges, which may lead into loops.
//
#include "lamina/Transforms/ControlFlowSinkUtils.h"
#include "lamina/Transforms/Passes.h"

#include "lamina/IR/Dominance.h"
#include "lamina/IR/Matchers.h"
#include "lamina/Interfaces/SideEffectInterfaces.h"

#include <vector>

using namespace lamina;

namespace {
/// Sinks ops into a list of regions.
class Sinker {
public:
  Sinker(function_ref<bool(Operation *, Region *)> shouldMoveIntoRegion,
         function_ref<void(Operation *, Region *)> moveIntoRegion, DominanceInfo &domInfo)
      : shouldMoveIntoRegion(shouldMoveIntoRegion), moveIntoRegion(moveIntoRegion), domInfo(domInfo) {}

  size_t sinkRegions(ArrayRef<Region *> regions) {
    for (Region *region : regions)
      if (!region->empty())
        sinkRegion(region);
    return numSunk;
  }

private:
  /// Whether every user of `op` (defined outside `region`) is in a block
  /// dominated by the entry block of `region`.
  bool allUsersDominatedBy(Operation *op, Region *region) {
    for (Value result : op->getResults())
      for (Operation *user : result.getUsers())
        if (!domInfo.dominates(&region->front(), user->getBlock()))
          return false;
    return true;
  }

  /// Sinks the defining ops of the operands of `user` (an op of `region`)
  /// that can go into `region`, pushing each sunk op on `stack`.
  void tryToSinkPredecessors(Operation *user, Region *region, std::vector<Operation *> &stack) {
    for (Value value : user->getOperands()) {
      Operation *op = value.getDefiningOp();
      // Block arguments and ops already inside the region stay.
      if (!op || op->getParentRegion() == region)
        continue;
      if (allUsersDominatedBy(op, region) && shouldMoveIntoRegion(op, region)) {
        moveIntoRegion(op, region);
        ++numSunk;
        stack.push_back(op);
      }
    }
  }

  /// Sinks into `region`, starting from its top-level ops and following the
  /// sunk ops depth-first.
  void sinkRegion(Region *region) {
    std::vector<Operation *> stack;
    for (Block &block : *region)
      for (Operation &op : block)
        stack.push_back(&op);
    while (!stack.empty()) {
      Operation *op = stack.back();
      stack.pop_back();
      tryToSinkPredecessors(op, region, stack);
    }
  }

  function_ref<bool(Operation *, Region *)> shouldMoveIntoRegion;
  function_ref<void(Operation *, Region *)> moveIntoRegion;
  DominanceInfo &domInfo;
  size_t numSunk = 0;
};
} // namespace

size_t lamina::controlFlowSink(ArrayRef<Region *> regions, DominanceInfo &domInfo,
                               function_ref<bool(Operation *, Region *)> shouldMoveIntoRegion,
                               function_ref<void(Operation *, Region *)> moveIntoRegion) {
  return Sinker(shouldMoveIntoRegion, moveIntoRegion, domInfo).sinkRegions(regions);
}

void lamina::getSinglyExecutedRegionsToSink(RegionBranchOpInterface branch, SmallVectorImpl<Region *> &regions) {
  Operation *op = branch.getOperation();
  SmallVector<Attribute, 4> operands;
  for (Value operand : op->getOperands()) {
    Attribute attr;
    (void)matchConstant(operand, &attr);
    operands.push_back(attr);
  }
  SmallVector<InvocationBounds, 4> bounds;
  branch.getRegionInvocationBounds(ArrayRef<Attribute>(operands.data(), operands.size()), bounds);
  for (unsigned i = 0, e = std::min<size_t>(op->getNumRegions(), bounds.size()); i != e; ++i) {
    std::optional<unsigned> upper = bounds[i].getUpperBound();
    if (upper && *upper <= 1)
      regions.push_back(&op->getRegion(i));
  }
}

namespace {
struct ControlFlowSinkPass : impl::ControlFlowSinkBase<ControlFlowSinkPass> {
  void runOnOperation() override {
    DominanceInfo &domInfo = getAnalysis<DominanceInfo>();
    getOperation()->walk([&](Operation *op) {
      auto branch = dyn_cast<RegionBranchOpInterface>(op);
      if (!branch)
        return;
      SmallVector<Region *, 4> regionsToSink;
      getSinglyExecutedRegionsToSink(branch, regionsToSink);
      numSunk = controlFlowSink(
          ArrayRef<Region *>(regionsToSink.data(), regionsToSink.size()), domInfo,
          [](Operation *op, Region *) { return isMemoryEffectFree(op); },
          [](Operation *op, Region *region) {
            // The start of the entry block dominates every use in the region.
            Block &entry = region->front();
            op->remove();
            entry.insert(entry.begin(), op);
          });
    });
  }
};
} // namespace

std::unique_ptr<Pass> lamina::createControlFlowSinkPass() { return std::make_unique<ControlFlowSinkPass>(); }
