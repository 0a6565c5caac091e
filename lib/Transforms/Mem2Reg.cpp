//===- Mem2Reg.cpp - Promoting memory slots into SSA values ---------------===//
//
// mlir-opt 22's mem2reg. For each slot an allocator offers, in two phases:
//
// Analysis (no mutation):
//   - the blocking uses: every use of the slot pointer must go; an op asked
//     to drop uses may ask the users of its results to drop theirs too
//     (processed in forward-slice order, so an op sees all its blocking uses
//     before it is asked). Any op unable to comply, a slot in a graph region
//     or a memory op outside the pointer's region stops the promotion;
//   - the merge points: the iterated dominance frontier of the blocks
//     storing to the slot, pruned to the blocks where the slot's content is
//     live on entry. Their predecessors must branch through
//     BranchOpInterface to pass the new block argument.
//
// Promotion:
//   - the default value (the content before any store) is created at the
//     start of the pointer's block;
//   - a depth-first walk of the dominator tree carries the reaching
//     definition through the blocks: a merge point gets a new block argument,
//     each memory op records the definition reaching it and each store
//     replaces it; branches to merge points pass the definition at their
//     block's end;
//   - the ops with blocking uses drop them in reverse dominance order (later
//     loads are replaced before the values they load are), those asking for
//     it are erased, and branches from unreachable blocks to merge points
//     pass the default value;
//   - the allocator finishes (memref.alloca erases itself and an unused
//     default value) and may hand back a new allocator for its other slots.
//
// Differences from MLIR in how, not what: memory ops are visited per block
// from the list of ops with blocking uses (sorted by position) instead of by
// scanning every op of every block, and the forward slice is only computed
// when some op asks for further blocking uses or refuses its direct ones.
//
//===----------------------------------------------------------------------===//

#include "lamina/Transforms/Mem2Reg.h"

#include "lamina/Analysis/SliceAnalysis.h"
#include "lamina/Analysis/TopologicalSortUtils.h"
#include "lamina/IR/Dominance.h"
#include "lamina/IR/RegionKindInterface.h"
#include "lamina/Interfaces/ControlFlowInterfaces.h"
#include "lamina/Support/FlatHashMap.h"
#include "lamina/Transforms/Passes.h"

#include <algorithm>
#include <memory>
#include <queue>

using namespace lamina;

namespace {

/// The uses each op must drop, ops in insertion order (MLIR's MapVector).
class BlockingUsesMap {
public:
  using Uses = SmallVector<OpOperand *, 4>;

  Uses &getOrCreate(Operation *op) {
    auto [slot, inserted] = index.insert(op, unsigned(entries.size()));
    if (inserted)
      entries.emplace_back(op, Uses());
    return entries[*slot].second;
  }
  void addUse(OpOperand *use) {
    Uses &uses = getOrCreate(use->getOwner());
    if (std::find(uses.begin(), uses.end(), use) == uses.end())
      uses.push_back(use);
  }
  const Uses *find(Operation *op) const {
    const unsigned *slot = index.find(op);
    return slot ? &entries[*slot].second : nullptr;
  }
  bool contains(Operation *op) const { return index.contains(op); }
  std::vector<std::pair<Operation *, Uses>> &getEntries() { return entries; }

private:
  std::vector<std::pair<Operation *, Uses>> entries;
  FlatHashMap<Operation *, unsigned> index;
};

/// What the analysis of a slot found.
struct PromotionInfo {
  FlatHashSet<Block *> mergePoints;
  std::vector<Block *> mergePointList;
  BlockingUsesMap userToBlockingUses;
  /// The memory ops with blocking uses, per block, in block order.
  FlatHashMap<Block *, unsigned> memOpsIndex;
  std::vector<std::vector<Operation *>> memOpsByBlock;

  const std::vector<Operation *> *memOpsOf(Block *block) const {
    const unsigned *i = memOpsIndex.find(block);
    return i ? &memOpsByBlock[*i] : nullptr;
  }
};

/// A dominator tree of one region, with children lists and levels (MLIR's
/// mem2reg walks LLVM's DomTree; Lamina's DominanceInfo keeps immediate
/// dominators only).
struct RegionDomTree {
  std::vector<Block *> blocks;
  FlatHashMap<Block *, unsigned> number;
  std::vector<std::vector<unsigned>> children;
  std::vector<unsigned> level, dfsIn;

  RegionDomTree(Region &region, DominanceInfo &dominance) {
    Block *entry = &region.front();
    auto add = [&](Block *b) {
      number.insert(b, unsigned(blocks.size()));
      blocks.push_back(b);
    };
    add(entry);
    for (Block &b : region)
      if (&b != entry && dominance.getImmediateDominator(&b))
        add(&b);
    children.resize(blocks.size());
    for (unsigned i = 1; i < blocks.size(); ++i)
      children[*number.find(dominance.getImmediateDominator(blocks[i]))].push_back(i);
    level.assign(blocks.size(), 0);
    dfsIn.assign(blocks.size(), 0);
    std::vector<unsigned> stack{0};
    unsigned counter = 0;
    while (!stack.empty()) {
      unsigned n = stack.back();
      stack.pop_back();
      dfsIn[n] = counter++;
      for (auto it = children[n].rbegin(); it != children[n].rend(); ++it) {
        level[*it] = level[n] + 1;
        stack.push_back(*it);
      }
    }
  }
  const unsigned *getNode(Block *b) const { return number.find(b); }
};

/// The position of the blocks of each region in dominance order, computed
/// once per region (MLIR's BlockIndexCache).
class BlockIndexCache {
public:
  const FlatHashMap<Block *, unsigned> &get(Region *region) {
    auto [index, inserted] = regionIndex.insert(region, unsigned(maps.size()));
    if (inserted) {
      maps.push_back(std::make_unique<FlatHashMap<Block *, unsigned>>());
      std::vector<Block *> sorted;
      getBlocksSortedByDominance(*region, sorted);
      for (unsigned i = 0; i < sorted.size(); ++i)
        maps.back()->insert(sorted[i], i);
    }
    return *maps[*index];
  }

private:
  FlatHashMap<Region *, unsigned> regionIndex;
  std::vector<std::unique_ptr<FlatHashMap<Block *, unsigned>>> maps;
};

//===----------------------------------------------------------------------===//
// Analysis
//===----------------------------------------------------------------------===//

class MemorySlotPromotionAnalyzer {
public:
  MemorySlotPromotionAnalyzer(const MemorySlot &slot, DominanceInfo &dominance) : slot(slot), dominance(dominance) {}

  bool computeInfo(PromotionInfo &info) {
    if (!computeBlockingUses(info.userToBlockingUses))
      return false;
    groupMemOps(info);
    computeMergePoints(info);
    return areMergePointsUsable(info);
  }

private:
  /// Asks `user` whether it can drop `uses`; 1 yes, 0 no, -1 not promotable.
  int askUser(Operation *user, ArrayRef<OpOperand *> uses, SmallVectorImpl<OpOperand *> &newUses) {
    if (auto promotable = dyn_cast<PromotableOpInterface>(user))
      return promotable.canUsesBeRemoved(uses, newUses) ? 1 : 0;
    if (auto promotable = dyn_cast<PromotableMemOpInterface>(user))
      return promotable.canUsesBeRemoved(slot, uses, newUses) ? 1 : 0;
    return -1;
  }

  bool computeBlockingUses(BlockingUsesMap &map) {
    Region *slotRegion = slot.ptr.getParentRegion();
    if (auto kinds = dyn_cast<RegionKindInterface>(slotRegion->getParentOp()))
      if (kinds.getRegionKind(slotRegion->getRegionNumber()) == RegionKind::Graph)
        return false;

    for (OpOperand &use : slot.ptr.getUses())
      map.addUse(&use);

    // While every user drops its direct uses and asks for nothing more, the
    // blocking uses are the direct ones, whatever the order of the questions.
    SmallVector<OpOperand *, 4> newUses;
    bool needSlice = false;
    for (auto &[user, uses] : map.getEntries()) {
      newUses.clear();
      int answer = askUser(user, uses, newUses);
      if (answer < 0)
        return false; // any order reaches this op with blocking uses
      if (answer == 0 || !newUses.empty()) {
        needSlice = true;
        break;
      }
    }

    if (needSlice) {
      std::vector<Operation *> slice;
      getForwardSlice(slot.ptr, slice);
      for (Operation *user : slice) {
        const BlockingUsesMap::Uses *uses = map.find(user);
        if (!uses)
          continue;
        newUses.clear();
        if (askUser(user, *uses, newUses) <= 0)
          return false;
        for (OpOperand *use : newUses)
          map.addUse(use);
      }
    }

    // Reaching definitions are only known in the pointer's region.
    for (auto &entry : map.getEntries())
      if (isa<PromotableMemOpInterface>(entry.first) && entry.first->getParentRegion() != slotRegion)
        return false;
    return true;
  }

  /// Lists the memory ops with blocking uses per block, in block order.
  void groupMemOps(PromotionInfo &info) {
    for (auto &entry : info.userToBlockingUses.getEntries()) {
      Operation *op = entry.first;
      if (!isa<PromotableMemOpInterface>(op))
        continue;
      auto [index, inserted] = info.memOpsIndex.insert(op->getBlock(), unsigned(info.memOpsByBlock.size()));
      if (inserted)
        info.memOpsByBlock.emplace_back();
      info.memOpsByBlock[*index].push_back(op);
    }
    for (std::vector<Operation *> &ops : info.memOpsByBlock)
      if (ops.size() > 1)
        std::sort(ops.begin(), ops.end(), [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  }

  /// The blocks where the slot's content is live on entry: those loading it
  /// before storing to it, and their predecessors up to a storing block.
  void computeSlotLiveIn(const PromotionInfo &info, const FlatHashSet<Block *> &definingBlocks,
                         FlatHashSet<Block *> &liveIn) {
    std::vector<Block *> worklist;
    FlatHashSet<Block *> visited;
    for (Operation *user : slot.ptr.getUsers()) {
      Block *block = user->getBlock();
      if (!visited.insert(block))
        continue;
      const std::vector<Operation *> *memOps = info.memOpsOf(block);
      if (!memOps)
        continue;
      for (Operation *op : *memOps) {
        auto memOp = cast<PromotableMemOpInterface>(op);
        if (memOp.loadsFrom(slot)) {
          worklist.push_back(block);
          break;
        }
        if (memOp.storesTo(slot))
          break;
      }
    }
    while (!worklist.empty()) {
      Block *block = worklist.back();
      worklist.pop_back();
      if (!liveIn.insert(block))
        continue;
      for (BlockOperand *use = block->getFirstUse(); use; use = use->getNextOperandUsingThisValue()) {
        Block *pred = use->getOwner()->getBlock();
        if (!definingBlocks.contains(pred))
          worklist.push_back(pred);
      }
    }
  }

  /// LLVM's IDFCalculator with live-in pruning: dominator tree nodes by
  /// decreasing level, each walking its subtree for edges leaving it to a
  /// node no deeper than itself.
  void computeMergePoints(PromotionInfo &info) {
    Region *region = slot.ptr.getParentRegion();
    if (region->hasOneBlock())
      return;
    FlatHashSet<Block *> definingBlocks;
    for (Operation *user : slot.ptr.getUsers())
      if (auto memOp = dyn_cast<PromotableMemOpInterface>(user))
        if (memOp.storesTo(slot))
          definingBlocks.insert(user->getBlock());
    FlatHashSet<Block *> liveIn;
    computeSlotLiveIn(info, definingBlocks, liveIn);

    RegionDomTree tree(*region, dominance);
    using Key = std::pair<unsigned, unsigned>; // (level, dfs number)
    std::priority_queue<std::pair<Key, unsigned>> queue;
    std::vector<char> visitedQueue(tree.blocks.size(), 0), visitedWorklist(tree.blocks.size(), 0);
    definingBlocks.forEach([&](Block *block) {
      if (const unsigned *node = tree.getNode(block)) {
        queue.push({{tree.level[*node], tree.dfsIn[*node]}, *node});
        visitedWorklist[*node] = 1;
      }
    });
    std::vector<unsigned> worklist;
    while (!queue.empty()) {
      unsigned root = queue.top().second;
      unsigned rootLevel = queue.top().first.first;
      queue.pop();
      worklist.push_back(root);
      while (!worklist.empty()) {
        unsigned node = worklist.back();
        worklist.pop_back();
        Block *block = tree.blocks[node];
        Operation *terminator = block->empty() ? nullptr : &block->back();
        for (unsigned i = 0, e = terminator ? terminator->getNumSuccessors() : 0; i < e; ++i) {
          const unsigned *succNode = tree.getNode(terminator->getSuccessor(i));
          if (!succNode)
            continue;
          unsigned succ = *succNode;
          if (tree.level[succ] > rootLevel || visitedQueue[succ])
            continue;
          visitedQueue[succ] = 1;
          Block *succBlock = tree.blocks[succ];
          if (!liveIn.contains(succBlock))
            continue;
          if (info.mergePoints.insert(succBlock))
            info.mergePointList.push_back(succBlock);
          if (!definingBlocks.contains(succBlock))
            queue.push({{tree.level[succ], tree.dfsIn[succ]}, succ});
        }
        for (unsigned child : tree.children[node])
          if (!visitedWorklist[child]) {
            visitedWorklist[child] = 1;
            worklist.push_back(child);
          }
      }
    }
  }

  /// Every predecessor of a merge point must be able to pass it a value.
  bool areMergePointsUsable(const PromotionInfo &info) {
    for (Block *mergePoint : info.mergePointList)
      for (BlockOperand *use = mergePoint->getFirstUse(); use; use = use->getNextOperandUsingThisValue())
        if (!isa<BranchOpInterface>(use->getOwner()))
          return false;
    return true;
  }

  const MemorySlot &slot;
  DominanceInfo &dominance;
};

//===----------------------------------------------------------------------===//
// Promotion
//===----------------------------------------------------------------------===//

class MemorySlotPromoter {
public:
  MemorySlotPromoter(const MemorySlot &slot, PromotableAllocationOpInterface allocator, OpBuilder &builder,
                     DominanceInfo &dominance, PromotionInfo &info, const Mem2RegStatistics &statistics,
                     BlockIndexCache &blockIndexCache)
      : slot(slot), allocator(allocator), builder(builder), dominance(dominance), info(info),
        statistics(statistics), blockIndexCache(blockIndexCache) {}

  /// Promotes the slot; returns the allocator replacing the old one, if any.
  Operation *promoteSlot() {
    computeReachingDefInRegion(slot.ptr.getParentRegion(), getOrCreateDefaultValue());
    removeBlockingUses();

    // Branches not reached by the walk (from unreachable blocks) pass the
    // default value to the merge points.
    for (Block *mergePoint : info.mergePointList) {
      for (BlockOperand *use = mergePoint->getFirstUse(); use; use = use->getNextOperandUsingThisValue()) {
        auto branch = cast<BranchOpInterface>(use->getOwner());
        SuccessorOperands operands = branch.getSuccessorOperands(use->getOperandNumber());
        if (operands.size() + 1 == mergePoint->getNumArguments())
          operands.append(getOrCreateDefaultValue());
      }
    }

    if (statistics.promotedAmount)
      ++*statistics.promotedAmount;
    return allocator.handlePromotionComplete(slot, defaultValue, builder);
  }

private:
  Value getOrCreateDefaultValue() {
    if (defaultValue)
      return defaultValue;
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(slot.ptr.getParentBlock());
    return defaultValue = allocator.getDefaultValue(slot, builder);
  }

  /// Records the definition reaching each memory op of `block`; returns the
  /// one at its end.
  Value computeReachingDefInBlock(Block *block, Value reachingDef) {
    const std::vector<Operation *> *memOps = info.memOpsOf(block);
    if (!memOps)
      return reachingDef;
    for (Operation *op : *memOps) {
      auto memOp = cast<PromotableMemOpInterface>(op);
      reachingDefs.insert(op, reachingDef);
      if (memOp.storesTo(slot)) {
        builder.setInsertionPointAfter(op);
        Value stored = memOp.getStored(slot, builder, reachingDef);
        assert(stored && "a memory op storing to a slot provides the stored value");
        reachingDef = stored;
        replacedValues[op] = stored;
      }
    }
    return reachingDef;
  }

  void computeReachingDefInRegion(Region *region, Value reachingDef) {
    if (region->hasOneBlock()) {
      computeReachingDefInBlock(&region->front(), reachingDef);
      return;
    }
    RegionDomTree tree(*region, dominance);
    struct Job {
      unsigned node;
      Value reachingDef;
    };
    std::vector<Job> stack{{0, reachingDef}};
    while (!stack.empty()) {
      Job job = stack.back();
      stack.pop_back();
      Block *block = tree.blocks[job.node];
      if (info.mergePoints.contains(block)) {
        BlockArgument argument = block->addArgument(slot.elemType, slot.ptr.getLoc());
        builder.setInsertionPointToStart(block);
        allocator.handleBlockArgument(slot, argument, builder);
        job.reachingDef = argument;
        if (statistics.newBlockArgumentAmount)
          ++*statistics.newBlockArgumentAmount;
      }
      job.reachingDef = computeReachingDefInBlock(block, job.reachingDef);
      Operation *terminator = block->empty() ? nullptr : &block->back();
      if (auto branch = dyn_cast_or_null<BranchOpInterface>(terminator)) {
        for (unsigned i = 0, e = terminator->getNumSuccessors(); i < e; ++i)
          if (info.mergePoints.contains(terminator->getSuccessor(i)))
            branch.getSuccessorOperands(i).append(job.reachingDef);
      }
      for (unsigned child : tree.children[job.node])
        stack.push_back({child, job.reachingDef});
    }
  }

  /// Drops the blocking uses in reverse dominance order.
  void removeBlockingUses() {
    auto &entries = info.userToBlockingUses.getEntries();
    std::vector<unsigned> order(entries.size());
    for (unsigned i = 0; i < order.size(); ++i)
      order[i] = i;
    Region *region = slot.ptr.getParentRegion();
    if (order.size() > 1) {
      // Ops nested deeper than the region (PromotableOpInterface ops) sort
      // by their ancestor in it.
      auto anchor = [&](Operation *op) { return op->getParentRegion() == region ? op : region->findAncestorOpInRegion(*op); };
      if (region->hasOneBlock()) {
        std::sort(order.begin(), order.end(), [&](unsigned a, unsigned b) {
          return anchor(entries[a].first)->isBeforeInBlock(anchor(entries[b].first));
        });
      } else {
        const FlatHashMap<Block *, unsigned> &blockIndices = blockIndexCache.get(region);
        std::sort(order.begin(), order.end(), [&](unsigned a, unsigned b) {
          Operation *lhs = anchor(entries[a].first), *rhs = anchor(entries[b].first);
          unsigned lhsBlock = *blockIndices.find(lhs->getBlock()), rhsBlock = *blockIndices.find(rhs->getBlock());
          if (lhsBlock == rhsBlock)
            return lhs->isBeforeInBlock(rhs);
          return lhsBlock < rhsBlock;
        });
      }
    }

    std::vector<Operation *> toErase;
    std::vector<std::pair<Operation *, Value>> replacedValuesList;
    std::vector<PromotableOpInterface> toVisit;
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
      Operation *op = entries[*it].first;
      ArrayRef<OpOperand *> uses = entries[*it].second;
      builder.setInsertionPointAfter(op);
      if (auto memOp = dyn_cast<PromotableMemOpInterface>(op)) {
        const Value *known = reachingDefs.find(op);
        Value reachingDef = known && *known ? *known : getOrCreateDefaultValue();
        builder.setInsertionPointAfter(op);
        if (memOp.removeBlockingUses(slot, uses, builder, reachingDef) == DeletionKind::Delete)
          toErase.push_back(op);
        if (memOp.storesTo(slot))
          if (const Value *replaced = replacedValues.find(op); replaced && *replaced)
            replacedValuesList.emplace_back(op, *replaced);
        continue;
      }
      auto promotable = cast<PromotableOpInterface>(op);
      if (promotable.removeBlockingUses(uses, builder) == DeletionKind::Delete)
        toErase.push_back(op);
      if (promotable.requiresReplacedValues())
        toVisit.push_back(promotable);
    }
    for (PromotableOpInterface op : toVisit) {
      builder.setInsertionPointAfter(op.getOperation());
      op.visitReplacedValues(replacedValuesList, builder);
    }
    for (Operation *op : toErase)
      op->erase();
    assert(slot.ptr.use_empty() && "after promotion, the slot pointer is unused");
  }

  const MemorySlot &slot;
  PromotableAllocationOpInterface allocator;
  OpBuilder &builder;
  DominanceInfo &dominance;
  PromotionInfo &info;
  const Mem2RegStatistics &statistics;
  BlockIndexCache &blockIndexCache;
  Value defaultValue;
  FlatHashMap<Operation *, Value> reachingDefs;
  FlatHashMap<Operation *, Value> replacedValues;
};

} // namespace

LogicalResult lamina::tryToPromoteMemorySlots(ArrayRef<PromotableAllocationOpInterface> allocators,
                                              OpBuilder &builder, DominanceInfo &dominance,
                                              Mem2RegStatistics statistics) {
  bool promotedAny = false;
  BlockIndexCache blockIndexCache;
  std::vector<PromotableAllocationOpInterface> workList(allocators.begin(), allocators.end());
  std::vector<PromotableAllocationOpInterface> newWorkList;
  newWorkList.reserve(workList.size());
  SmallVector<MemorySlot, 4> slots;
  while (true) {
    bool changesInThisRound = false;
    for (PromotableAllocationOpInterface allocator : workList) {
      bool changedAllocator = false;
      slots.clear();
      allocator.getPromotableSlots(slots);
      for (const MemorySlot &slot : slots) {
        if (slot.ptr.use_empty())
          continue;
        PromotionInfo info;
        if (!MemorySlotPromotionAnalyzer(slot, dominance).computeInfo(info))
          continue;
        Operation *newAllocator =
            MemorySlotPromoter(slot, allocator, builder, dominance, info, statistics, blockIndexCache).promoteSlot();
        changedAllocator = true;
        if (newAllocator)
          newWorkList.push_back(PromotableAllocationOpInterface(newAllocator));
        // Promoting a slot may invalidate the allocator's other slots.
        break;
      }
      if (!changedAllocator)
        newWorkList.push_back(allocator);
      changesInThisRound |= changedAllocator;
    }
    if (!changesInThisRound)
      break;
    promotedAny = true;
    workList.swap(newWorkList);
    newWorkList.clear();
  }
  return success(promotedAny);
}

namespace {
struct Mem2RegPass : impl::Mem2RegBase<Mem2RegPass> {
  void runOnOperation() override {
    Operation *scopeOp = getOperation();
    Mem2RegStatistics statistics{&promotedAmount, &newBlockArgumentAmount};
    DominanceInfo &dominance = getAnalysis<DominanceInfo>();
    bool changed = false;
    std::vector<PromotableAllocationOpInterface> allocators;
    for (Region &region : scopeOp->getRegions()) {
      if (region.empty())
        continue;
      OpBuilder builder(&region.front(), region.front().begin());
      allocators.clear();
      region.walk([&](Operation *op) {
        if (auto allocator = dyn_cast<PromotableAllocationOpInterface>(op))
          allocators.push_back(allocator);
      });
      if (succeeded(tryToPromoteMemorySlots(allocators, builder, dominance, statistics)))
        changed = true;
    }
    if (!changed)
      markAllAnalysesPreserved();
  }
};
} // namespace

std::unique_ptr<Pass> lamina::createMem2RegPass() { return std::make_unique<Mem2RegPass>(); }
