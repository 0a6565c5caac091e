//===- SROA.cpp - Scalar replacement of aggregates ------------------------===//
//
// mlir-opt 22's sroa. For each aggregate slot an allocator offers:
//
//   - every use of the slot pointer is either an accessor able to use the
//     element slots instead (recording the element indices it reaches, and
//     maybe further slots that must only be accessed within bounds) or a
//     blocking use some PromotableOpInterface op must drop (asked in
//     forward-slice order, as in mem2reg); otherwise nothing happens;
//   - the allocator creates one slot per used index, the accessors and the
//     ops with blocking uses are rewired in reverse topological order, those
//     asking for it erased, and the allocator finishes (memref.alloca erases
//     itself). The new allocators are tried in the next round.
//
// The element indices keep their first-use order (MLIR's small pointer set
// of up to 8 indices iterates in insertion order; past 8 its order depends
// on attribute addresses, which Lamina does not reproduce).
//
//===----------------------------------------------------------------------===//

#include "lamina/Transforms/SROA.h"

#include "lamina/Analysis/SliceAnalysis.h"
#include "lamina/Analysis/TopologicalSortUtils.h"
#include "lamina/Support/FlatHashMap.h"
#include "lamina/Transforms/Passes.h"

#include <algorithm>

using namespace lamina;

namespace {

/// What the analysis of a slot found.
struct DestructuringInfo {
  SubelementIndexSet usedIndices;
  /// Blocking uses of each op, ops in insertion order.
  std::vector<std::pair<Operation *, SmallVector<OpOperand *, 4>>> userToBlockingUses;
  FlatHashMap<Operation *, unsigned> userIndex;
  std::vector<Operation *> accessors;

  void addBlockingUse(OpOperand *use) {
    auto [index, inserted] = userIndex.insert(use->getOwner(), unsigned(userToBlockingUses.size()));
    if (inserted)
      userToBlockingUses.emplace_back(use->getOwner(), SmallVector<OpOperand *, 4>());
    auto &uses = userToBlockingUses[*index].second;
    if (std::find(uses.begin(), uses.end(), use) == uses.end())
      uses.push_back(use);
  }
};

/// Whether `slot` can be destructured, and how (no mutation).
bool computeDestructuringInfo(const DestructurableMemorySlot &slot, DestructuringInfo &info) {
  if (slot.ptr.use_empty())
    return false;

  SmallVector<MemorySlot, 4> usedSafelyWorklist;
  for (OpOperand &use : slot.ptr.getUses()) {
    if (auto accessor = dyn_cast<DestructurableAccessorOpInterface>(use.getOwner())) {
      if (accessor.canRewire(slot, info.usedIndices, usedSafelyWorklist)) {
        info.accessors.push_back(use.getOwner());
        continue;
      }
    }
    // Maybe the user can be promoted out of using the slot.
    info.addBlockingUse(&use);
  }

  FlatHashSet<OpOperand *> visited;
  while (!usedSafelyWorklist.empty()) {
    MemorySlot mustBeUsedSafely = usedSafelyWorklist.back();
    usedSafelyWorklist.pop_back();
    for (OpOperand &use : mustBeUsedSafely.ptr.getUses()) {
      if (!visited.insert(&use))
        continue;
      if (auto memOp = dyn_cast<SafeMemorySlotAccessOpInterface>(use.getOwner()))
        if (succeeded(memOp.ensureOnlySafeAccesses(mustBeUsedSafely, usedSafelyWorklist)))
          continue;
      info.addBlockingUse(&use);
    }
  }

  if (info.userToBlockingUses.empty())
    return true;
  // Every op with blocking uses is reached in any order: one that cannot be
  // promoted stops destructuring.
  for (auto &entry : info.userToBlockingUses)
    if (!isa<PromotableOpInterface>(entry.first))
      return false;
  // While every op drops its uses without asking for more, the order of the
  // questions does not matter.
  SmallVector<OpOperand *, 4> newUses;
  bool needSlice = false;
  for (auto &entry : info.userToBlockingUses) {
    newUses.clear();
    if (!cast<PromotableOpInterface>(entry.first).canUsesBeRemoved(entry.second, newUses) || !newUses.empty()) {
      needSlice = true;
      break;
    }
  }
  if (!needSlice)
    return true;

  std::vector<Operation *> slice;
  getForwardSlice(slot.ptr, slice);
  for (Operation *user : slice) {
    const unsigned *index = info.userIndex.find(user);
    if (!index)
      continue;
    auto promotable = dyn_cast<PromotableOpInterface>(user);
    if (!promotable)
      return false;
    newUses.clear();
    if (!promotable.canUsesBeRemoved(info.userToBlockingUses[*index].second, newUses))
      return false;
    for (OpOperand *use : newUses)
      info.addBlockingUse(use);
  }
  return true;
}

void destructureSlot(const DestructurableMemorySlot &slot, DestructurableAllocationOpInterface allocator,
                     OpBuilder &builder, DestructuringInfo &info, SmallVectorImpl<Operation *> &newAllocators,
                     const SROAStatistics &statistics) {
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(slot.ptr.getParentBlock());
  SubslotMap subslots = allocator.destructure(slot, info.usedIndices, builder, newAllocators);

  if (statistics.slotsWithMemoryBenefit && slot.subelementTypes.size() != info.usedIndices.size())
    ++*statistics.slotsWithMemoryBenefit;
  if (statistics.maxSubelementAmount)
    statistics.maxSubelementAmount->updateMax(slot.subelementTypes.size());

  std::vector<Operation *> usersToRewire;
  FlatHashSet<Operation *> listed;
  for (auto &entry : info.userToBlockingUses)
    if (listed.insert(entry.first))
      usersToRewire.push_back(entry.first);
  for (Operation *accessor : info.accessors)
    if (listed.insert(accessor))
      usersToRewire.push_back(accessor);
  topologicalSort(usersToRewire);

  std::vector<Operation *> toErase;
  for (auto it = usersToRewire.rbegin(); it != usersToRewire.rend(); ++it) {
    Operation *op = *it;
    builder.setInsertionPointAfter(op);
    if (auto accessor = dyn_cast<DestructurableAccessorOpInterface>(op)) {
      if (accessor.rewire(slot, subslots, builder) == DeletionKind::Delete)
        toErase.push_back(op);
      continue;
    }
    const unsigned *index = info.userIndex.find(op);
    ArrayRef<OpOperand *> uses;
    if (index)
      uses = info.userToBlockingUses[*index].second;
    if (cast<PromotableOpInterface>(op).removeBlockingUses(uses, builder) == DeletionKind::Delete)
      toErase.push_back(op);
  }
  for (Operation *op : toErase)
    op->erase();
  assert(slot.ptr.use_empty() && "after destructuring, the original slot pointer is unused");

  if (statistics.destructuredAmount)
    ++*statistics.destructuredAmount;
  if (Operation *newAllocator = allocator.handleDestructuringComplete(slot, builder))
    newAllocators.push_back(newAllocator);
}

} // namespace

LogicalResult lamina::tryToDestructureMemorySlots(ArrayRef<DestructurableAllocationOpInterface> allocators,
                                                  OpBuilder &builder, SROAStatistics statistics) {
  bool destructuredAny = false;
  std::vector<Operation *> workList;
  workList.reserve(allocators.size());
  for (DestructurableAllocationOpInterface allocator : allocators)
    workList.push_back(allocator.getOperation());
  SmallVector<Operation *, 8> newWorkList;
  std::vector<DestructurableMemorySlot> slots;
  while (true) {
    bool changesInThisRound = false;
    for (Operation *op : workList) {
      auto allocator = cast<DestructurableAllocationOpInterface>(op);
      bool destructuredAnySlot = false;
      slots.clear();
      allocator.getDestructurableSlots(slots);
      for (const DestructurableMemorySlot &slot : slots) {
        DestructuringInfo info;
        if (!computeDestructuringInfo(slot, info))
          continue;
        destructureSlot(slot, allocator, builder, info, newWorkList, statistics);
        destructuredAnySlot = true;
        // Destructuring a slot may invalidate the allocator's other slots.
        break;
      }
      if (!destructuredAnySlot)
        newWorkList.push_back(op);
      changesInThisRound |= destructuredAnySlot;
    }
    if (!changesInThisRound)
      break;
    destructuredAny = true;
    workList.assign(newWorkList.begin(), newWorkList.end());
    newWorkList.clear();
  }
  return success(destructuredAny);
}

namespace {
struct SROAPass : impl::SROABase<SROAPass> {
  void runOnOperation() override {
    Operation *scopeOp = getOperation();
    SROAStatistics statistics{&destructuredAmount, &slotsWithMemoryBenefit, &maxSubelementAmount};
    bool changed = false;
    std::vector<DestructurableAllocationOpInterface> allocators;
    for (Region &region : scopeOp->getRegions()) {
      if (region.empty())
        continue;
      OpBuilder builder(&region.front(), region.front().begin());
      allocators.clear();
      region.walk([&](Operation *op) {
        if (auto allocator = dyn_cast<DestructurableAllocationOpInterface>(op))
          allocators.push_back(allocator);
      });
      if (succeeded(tryToDestructureMemorySlots(allocators, builder, statistics)))
        changed = true;
    }
    if (!changed)
      markAllAnalysesPreserved();
  }
};
} // namespace

std::unique_ptr<Pass> lamina::createSROAPass() { return std::make_unique<SROAPass>(); }
