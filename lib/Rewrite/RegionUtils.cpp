//===- RegionUtils.cpp - CFG simplification of regions --------------------===//
//
// Unreachable block erasure and region DCE as MLIR's RegionUtils do them,
// with explicit worklists instead of recursion over nested regions. The
// liveness analysis is a monotone fixpoint (everything dead until proved
// live), so its visiting order only affects how fast it converges; the
// order mirrors MLIR's (post-order over blocks, ops last to first, nested
// regions before their op) to converge as fast.
//
#include "lamina/Rewrite/RegionUtils.h"

#include "lamina/IR/Matchers.h"
#include "lamina/Interfaces/ControlFlowInterfaces.h"
#include "lamina/ODS/OpDef.h"

#include "../ODS/InterpretedOpDef.h"

#include "lamina/Support/FlatHashMap.h"

#include <algorithm>
#include <memory>

using namespace lamina;

namespace {
/// Per-thread buffers of the region utilities, reused from call to call
/// (the greedy driver runs them after each iteration on every region); a
/// nested call while they are in use gets buffers of its own.
template <typename T> class ThreadScratch {
public:
  ThreadScratch() {
    thread_local T buffers;
    thread_local bool busy = false;
    if (!busy) {
      busy = true;
      inUse = &busy;
      ptr = &buffers;
    } else {
      own = std::make_unique<T>();
      ptr = own.get();
    }
  }
  ~ThreadScratch() {
    if (inUse)
      *inUse = false;
  }
  ThreadScratch(const ThreadScratch &) = delete;
  T *operator->() const { return ptr; }
  T &operator*() const { return *ptr; }

private:
  T *ptr = nullptr;
  bool *inUse = nullptr;
  std::unique_ptr<T> own;
};
} // namespace

//===----------------------------------------------------------------------===//
// Unreachable blocks
//===----------------------------------------------------------------------===//

/// The blocks of `region` reachable from its entry, in post-order
/// (successors before predecessors).
static void reachablePostOrder(Region &region, std::vector<Block *> &order, FlatHashSet<Block *> &visited) {
  order.clear();
  visited.clear();
  if (region.empty())
    return;
  Block *entry = &region.front();
  if (!entry->getNextNode()) {
    visited.insert(entry);
    order.push_back(entry);
    return;
  }
  std::vector<std::pair<Block *, unsigned>> stack;
  visited.insert(entry);
  stack.push_back({entry, 0});
  while (!stack.empty()) {
    auto &[block, next] = stack.back();
    Operation *term = block->empty() ? nullptr : &block->back();
    unsigned numSuccs = term ? term->getNumSuccessors() : 0;
    if (next < numSuccs) {
      Block *succ = term->getSuccessor(next++);
      if (succ && visited.insert(succ))
        stack.push_back({succ, 0});
      continue;
    }
    order.push_back(block);
    stack.pop_back();
  }
}

namespace {
struct UnreachableScratch {
  std::vector<Region *> worklist;
  std::vector<Block *> order;
  FlatHashSet<Block *> reachable;
};
} // namespace

LogicalResult lamina::eraseUnreachableBlocks(RewriterBase &rewriter, MutableArrayRef<Region> regions, bool recurse) {
  ThreadScratch<UnreachableScratch> scratch;
  std::vector<Region *> &worklist = scratch->worklist;
  worklist.clear();
  for (Region &region : regions)
    worklist.push_back(&region);
  bool erased = false;
  std::vector<Block *> &order = scratch->order;
  FlatHashSet<Block *> &reachable = scratch->reachable;
  while (!worklist.empty()) {
    Region *region = worklist.back();
    worklist.pop_back();
    if (region->empty())
      continue;
    if (region->hasOneBlock()) {
      if (recurse)
        for (Operation &op : region->front())
          for (Region &nested : op.getRegions())
            worklist.push_back(&nested);
      continue;
    }
    reachablePostOrder(*region, order, reachable);
    for (Block *block = &region->front(); block;) {
      Block *next = block->getNextNode();
      if (!reachable.contains(block)) {
        block->dropAllDefinedValueUses();
        rewriter.eraseBlock(block);
        erased = true;
      } else if (recurse) {
        for (Operation &op : *block)
          for (Region &nested : op.getRegions())
            worklist.push_back(&nested);
      }
      block = next;
    }
  }
  return success(erased);
}

//===----------------------------------------------------------------------===//
// Region DCE
//===----------------------------------------------------------------------===//

namespace {
/// The values and ops proved live so far.
class LiveMap {
public:
  bool wasProvenLive(Value value) const {
    if (auto result = dyn_cast<OpResult>(value))
      return liveOps.contains(result.getOwner());
    return liveValues.contains(value.getAsOpaquePointer());
  }
  bool wasProvenLive(Operation *op) const { return liveOps.contains(op); }
  void setProvedLive(Value value) {
    if (auto result = dyn_cast<OpResult>(value))
      return setProvedLive(result.getOwner());
    changed |= liveValues.insert(value.getAsOpaquePointer());
  }
  void setProvedLive(Operation *op) { changed |= liveOps.insert(op); }
  void resetChanged() { changed = false; }
  void clear() {
    changed = false;
    liveValues.clear();
    liveOps.clear();
  }
  bool hasChanged() const { return changed; }

private:
  bool changed = false;
  FlatHashSet<const void *> liveValues;
  FlatHashSet<Operation *> liveOps;
};

/// One step of the liveness walk: an op to process, or a block whose
/// arguments to process.
struct LivenessItem {
  Operation *op;
  Block *block;
  /// For an op: whether it is a terminator, and whether it would be
  /// trivially dead (found at the first visit that needs it).
  bool isTerminator = false;
  enum : uint8_t { Unknown, Dead, NotDead } triviallyDead = Unknown;
};
} // namespace

static BranchOpInterface getBranchInterface(Operation *op) { return dyn_cast<BranchOpInterface>(op); }

/// The operand index range [start, start + size) forwarded to successor
/// `succ` of a branch, and the number of successor arguments before them
/// that the branch produces itself.
struct ForwardedRange {
  unsigned start, size, produced;
};
static ForwardedRange successorOperandRange(BranchOpInterface branch, unsigned succ) {
  SuccessorOperands operands = branch.getSuccessorOperands(succ);
  MutableOperandRange forwarded = operands.getMutableForwardedOperands();
  return {forwarded.getStart(), forwarded.size(), operands.getProducedOperandCount()};
}

static bool isUseSpeciallyKnownDead(OpOperand &use, const LiveMap &liveMap) {
  Operation *owner = use.getOwner();
  if (!owner->hasTrait<OpTrait::IsTerminator>())
    return false;
  BranchOpInterface branch = getBranchInterface(owner);
  if (!branch)
    return false;
  unsigned index = use.getOperandNumber();
  for (unsigned i = 0, e = owner->getNumSuccessors(); i != e; ++i) {
    auto [start, size, produced] = successorOperandRange(branch, i);
    if (index >= start && index < start + size)
      return !liveMap.wasProvenLive(owner->getSuccessor(i)->getArgument(produced + index - start));
  }
  return false;
}

static void processValue(Value value, LiveMap &liveMap) {
  for (OpOperand &use : value.getUses()) {
    if (isUseSpeciallyKnownDead(use, liveMap))
      continue;
    if (liveMap.wasProvenLive(use.getOwner())) {
      liveMap.setProvedLive(value);
      return;
    }
  }
}

static void propagateTerminatorLiveness(Operation *op, LiveMap &liveMap) {
  liveMap.setProvedLive(op);
  BranchOpInterface branch = getBranchInterface(op);
  if (!branch) {
    for (unsigned i = 0, e = op->getNumSuccessors(); i != e; ++i)
      for (Value arg : op->getSuccessor(i)->getArguments())
        liveMap.setProvedLive(arg);
    return;
  }
  // Operands the branch produces itself (none with this interface) are
  // live; forwarded ones are decided by their uses.
}

/// The liveness walk's order over `regions`: for each region, its
/// reachable blocks in post-order, each block's ops last to first with the
/// ops nested in an op before it, then the block (its arguments).
namespace {
/// A frame of collectLivenessItems: it walks the blocks of one region (a
/// range of `blocks`, which is used as a stack in step with the frames),
/// or emits an op whose regions were walked.
struct LivenessFrame {
  Region *region;     // a region to walk, or
  Operation *emitOp;  // an op to emit after its regions
  size_t blocksBegin; // its blocks: blocks[blocksBegin, blocksEnd)
  size_t blocksEnd;
  size_t blockIndex;
  Operation *next;
  bool started;
};

/// The buffers of runRegionDCE.
struct DCEScratch {
  LiveMap liveMap;
  std::vector<LivenessItem> items;
  std::vector<LivenessFrame> stack;
  std::vector<Block *> blocks, order;
  FlatHashSet<Block *> visited;
  std::vector<Region *> worklist, nested;
};
} // namespace

static void collectLivenessItems(MutableArrayRef<Region> regions, DCEScratch &scratch) {
  using Frame = LivenessFrame;
  std::vector<LivenessItem> &items = scratch.items;
  std::vector<Frame> &stack = scratch.stack;
  std::vector<Block *> &blocks = scratch.blocks, &order = scratch.order;
  FlatHashSet<Block *> &visited = scratch.visited;
  items.clear();
  stack.clear();
  blocks.clear();
  auto pushRegion = [&](Region *region) { stack.push_back(Frame{region, nullptr, 0, 0, 0, nullptr, false}); };
  for (size_t i = regions.size(); i-- > 0;)
    pushRegion(&regions[i]);
  while (!stack.empty()) {
    Frame &f = stack.back();
    if (f.emitOp) {
      LivenessItem item{f.emitOp, nullptr};
      item.isTerminator = f.emitOp->hasTrait<OpTrait::IsTerminator>();
      items.push_back(item);
      stack.pop_back();
      continue;
    }
    if (!f.started) {
      f.started = true;
      reachablePostOrder(*f.region, order, visited);
      f.blocksBegin = blocks.size();
      blocks.insert(blocks.end(), order.begin(), order.end());
      f.blocksEnd = blocks.size();
      f.blockIndex = f.blocksBegin;
      f.next = f.blockIndex == f.blocksEnd || blocks[f.blockIndex]->empty() ? nullptr : &blocks[f.blockIndex]->back();
    }
    if (f.blockIndex >= f.blocksEnd) {
      blocks.resize(f.blocksBegin);
      stack.pop_back();
      continue;
    }
    if (f.next) {
      Operation *op = f.next;
      f.next = op->getPrevNode();
      if (op->getNumRegions() == 0) {
        LivenessItem item{op, nullptr};
        item.isTerminator = op->hasTrait<OpTrait::IsTerminator>();
        items.push_back(item);
        continue;
      }
      // `f` is invalidated by the pushes.
      stack.push_back(Frame{nullptr, op, 0, 0, 0, nullptr, false});
      for (unsigned r = op->getNumRegions(); r-- > 0;)
        pushRegion(&op->getRegion(r));
      continue;
    }
    Block *block = blocks[f.blockIndex];
    if (!block->isEntryBlock())
      items.push_back({nullptr, block});
    ++f.blockIndex;
    f.next = f.blockIndex < f.blocksEnd && !blocks[f.blockIndex]->empty() ? &blocks[f.blockIndex]->back() : nullptr;
  }
}

/// Erases the operands a branch forwards to dead successor arguments,
/// through the branch's SuccessorOperands: their range keeps the op's
/// segment sizes in sync (operandSegmentSizes, and cf.switch's
/// case_operand_segments).
static void eraseTerminatorSuccessorOperands(Operation *terminator, const LiveMap &liveMap) {
  BranchOpInterface branch = getBranchInterface(terminator);
  if (!branch)
    return;
  for (unsigned s = terminator->getNumSuccessors(); s-- > 0;) {
    Block *successor = terminator->getSuccessor(s);
    SuccessorOperands operands = branch.getSuccessorOperands(s);
    for (unsigned a = operands.size(); a-- > operands.getProducedOperandCount();)
      if (!liveMap.wasProvenLive(successor->getArgument(a)))
        operands.erase(a);
  }
}

static LogicalResult deleteDeadness(RewriterBase &rewriter, MutableArrayRef<Region> regions, DCEScratch &scratch) {
  const LiveMap &liveMap = scratch.liveMap;
  bool erasedAnything = false;
  std::vector<Region *> &worklist = scratch.worklist;
  worklist.clear();
  for (size_t i = regions.size(); i-- > 0;)
    worklist.push_back(&regions[i]);
  std::vector<Block *> &order = scratch.order;
  FlatHashSet<Block *> &visited = scratch.visited;
  std::vector<Region *> &nested = scratch.nested;
  while (!worklist.empty()) {
    Region *region = worklist.back();
    worklist.pop_back();
    if (region->empty())
      continue;
    bool hasSingleBlock = region->hasOneBlock();
    reachablePostOrder(*region, order, visited);
    nested.clear();
    for (Block *block : order) {
      if (!hasSingleBlock && !block->empty())
        eraseTerminatorSuccessorOperands(&block->back(), liveMap);
      for (Operation *op = block->empty() ? nullptr : &block->back(); op;) {
        Operation *prev = op->getPrevNode();
        if (!liveMap.wasProvenLive(op)) {
          erasedAnything = true;
          op->dropAllUses();
          rewriter.eraseOp(op);
        } else {
          for (Region &r : op->getRegions())
            nested.push_back(&r);
        }
        op = prev;
      }
    }
    // Non-entry block arguments that are not live.
    for (Block &block : *region) {
      if (block.isEntryBlock())
        continue;
      for (unsigned i = block.getNumArguments(); i-- > 0;) {
        Value arg = block.getArgument(i);
        if (liveMap.wasProvenLive(arg))
          continue;
        arg.dropAllUses();
        block.eraseArgument(i);
        erasedAnything = true;
      }
    }
    for (size_t i = nested.size(); i-- > 0;)
      worklist.push_back(nested[i]);
  }
  return success(erasedAnything);
}

LogicalResult lamina::runRegionDCE(RewriterBase &rewriter, MutableArrayRef<Region> regions) {
  ThreadScratch<DCEScratch> scratch;
  LiveMap &liveMap = scratch->liveMap;
  liveMap.clear();
  std::vector<LivenessItem> &items = scratch->items;
  collectLivenessItems(regions, *scratch);
  do {
    liveMap.resetChanged();
    for (LivenessItem &item : items) {
      if (Block *block = item.block) {
        for (Value arg : block->getArguments())
          if (!liveMap.wasProvenLive(arg))
            processValue(arg, liveMap);
        continue;
      }
      Operation *op = item.op;
      if (item.isTerminator) {
        propagateTerminatorLiveness(op, liveMap);
        continue;
      }
      if (liveMap.wasProvenLive(op))
        continue;
      if (item.triviallyDead == LivenessItem::Unknown)
        item.triviallyDead = wouldOpBeTriviallyDead(op) ? LivenessItem::Dead : LivenessItem::NotDead;
      if (item.triviallyDead == LivenessItem::NotDead) {
        liveMap.setProvedLive(op);
        continue;
      }
      for (Value result : op->getResults())
        processValue(result, liveMap);
    }
  } while (liveMap.hasChanged());
  return deleteDeadness(rewriter, regions, *scratch);
}

//===----------------------------------------------------------------------===//
// Region simplification (block merging is in BlockMerging.cpp)
//===----------------------------------------------------------------------===//

LogicalResult lamina::simplifyRegions(RewriterBase &rewriter, MutableArrayRef<Region> regions, bool mergeBlocks) {
  bool eliminatedBlocks = succeeded(eraseUnreachableBlocks(rewriter, regions));
  bool eliminatedOpsOrArgs = succeeded(runRegionDCE(rewriter, regions));
  bool mergedIdenticalBlocks = false, droppedRedundantArguments = false;
  if (mergeBlocks) {
    mergedIdenticalBlocks = succeeded(mergeIdenticalBlocks(rewriter, regions));
    droppedRedundantArguments = succeeded(dropRedundantArguments(rewriter, regions));
  }
  return success(eliminatedBlocks || eliminatedOpsOrArgs || mergedIdenticalBlocks || droppedRedundantArguments);
}
