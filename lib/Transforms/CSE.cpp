//===- CSE.cpp - Common sub-expression elimination ------------------------===//
//
// MLIR's CSE: walk each region in dominance order with a scoped table of
// the ops seen so far (keyed by OperationEquivalence); an op equivalent to a
// known one that dominates it is replaced by it. Ops that only read memory
// are reused within a block if nothing between the two may write. Unused
// ops without effects are deleted on the way. Ops isolated from above start
// a fresh table; erasures happen at the end.
//
// The isolated ops directly in the root's single-block regions (the
// functions of a module) do not depend on each other and are simplified in
// parallel on the context's thread pool, each with its own table and
// dominance information; the result is exactly the sequential one.
//
// The table is one vector of entries chained per hash bucket, with scopes
// as marks into it: no allocation per op.
//
#include "lamina/Transforms/Passes.h"

#include "lamina/IR/BuiltinLocations.h"
#include "lamina/IR/Dominance.h"
#include "lamina/IR/OperationEquivalence.h"
#include "lamina/IR/RegionKindInterface.h"
#include "lamina/IR/Threading.h"
#include "lamina/Interfaces/SideEffectInterfaces.h"
#include "lamina/Support/DenseMap.h"

#include <atomic>

using namespace lamina;

namespace {

/// A hash table of ops with nested scopes (llvm::ScopedHashTable): lookups
/// find the most recent equivalent op still in scope; closing a scope
/// removes what was inserted since it opened.
class ScopedOpTable {
public:
  ScopedOpTable() : buckets(kInitialBuckets, -1) {}

  Operation *lookup(Operation *op, uint64_t hash) const {
    for (int32_t i = buckets[hash & (buckets.size() - 1)]; i >= 0; i = entries[i].next) {
      const Entry &e = entries[i];
      if (e.hash == hash &&
          (e.op == op || OperationEquivalence::isEquivalentTo(e.op, op, OperationEquivalence::IgnoreLocations)))
        return e.op;
    }
    return nullptr;
  }

  void insert(Operation *op, uint64_t hash) {
    if ((entries.size() + 1) * 2 > buckets.size())
      grow();
    int32_t &head = buckets[hash & (buckets.size() - 1)];
    entries.push_back({op, hash, head});
    head = int32_t(entries.size() - 1);
  }

  /// The mark a scope restores when it closes.
  size_t openScope() const { return entries.size(); }
  void closeScope(size_t mark) {
    while (entries.size() > mark) {
      const Entry &e = entries.back();
      buckets[e.hash & (buckets.size() - 1)] = e.next;
      entries.pop_back();
    }
  }

private:
  static constexpr size_t kInitialBuckets = 64;
  struct Entry {
    Operation *op;
    uint64_t hash;
    int32_t next;
  };

  void grow() {
    buckets.assign(buckets.size() * 2, -1);
    for (size_t i = 0; i < entries.size(); ++i) {
      int32_t &head = buckets[entries[i].hash & (buckets.size() - 1)];
      entries[i].next = head;
      head = int32_t(i);
    }
  }

  std::vector<Entry> entries;
  std::vector<int32_t> buckets;
};

/// Opens a scope of `table` for the lifetime of the object.
struct TableScope {
  ScopedOpTable &table;
  size_t mark;
  explicit TableScope(ScopedOpTable &table) : table(table), mark(table.openScope()) {}
  ~TableScope() { table.closeScope(mark); }
};

/// The simplification of one op's regions (MLIR's CSEDriver).
class CSEDriver {
public:
  explicit CSEDriver(DominanceInfo &domInfo) : domInfo(domInfo) {}

  /// Simplifies the regions of `op`, skipping the regions of the ops in
  /// `done` (simplified by other drivers).
  void simplify(Operation *op, const PointerMap<Operation *, bool> *done = nullptr) {
    skip = done;
    ScopedOpTable knownValues;
    for (Region &region : op->getRegions())
      simplifyRegion(knownValues, region);
  }

  std::vector<Operation *> opsToErase;
  uint64_t numCSE = 0, numDCE = 0;

private:
  void simplifyRegion(ScopedOpTable &knownValues, Region &region);
  void simplifyBlock(ScopedOpTable &knownValues, Block *block, bool hasSSADominance);
  LogicalResult simplifyOperation(ScopedOpTable &knownValues, Operation *op, bool hasSSADominance);
  void replaceUsesAndDelete(ScopedOpTable &knownValues, Operation *op, uint64_t hash, Operation *existing,
                            bool hasSSADominance);
  bool hasOtherSideEffectingOpInBetween(Operation *fromOp, Operation *toOp);

  DominanceInfo &domInfo;
  const PointerMap<Operation *, bool> *skip = nullptr;
  /// The read ops that started a scan for writes in the current block.
  PointerMap<Operation *, bool> scannedFrom;
};

void CSEDriver::replaceUsesAndDelete(ScopedOpTable &knownValues, Operation *op, uint64_t hash, Operation *existing,
                                     bool hasSSADominance) {
  (void)hash;
  if (hasSSADominance) {
    // No use of `op` has been visited yet.
    op->replaceAllUsesWith(existing);
    opsToErase.push_back(op);
  } else {
    // Only the uses not visited yet may change.
    auto wasVisited = [&](OpOperand &operand) {
      Operation *owner = operand.getOwner();
      return !knownValues.lookup(owner, OperationEquivalence::computeHash(owner, OperationEquivalence::IgnoreLocations));
    };
    for (unsigned i = 0, e = op->getNumResults(); i != e; ++i)
      op->getResult(i).replaceUsesWithIf(existing->getResult(i), wasVisited);
    if (op->use_empty())
      opsToErase.push_back(op);
  }
  // Keep a known location on the op that stays. (A packed location is a
  // file:line:col: known, and not worth unpacking to ask.)
  auto isUnknown = [](Operation *o) {
    return !o->getPackedLoc().isPacked() && isa<UnknownLoc>(LocationAttr(o->getLoc()));
  };
  if (isUnknown(existing) && !isUnknown(op))
    existing->setLoc(op->getLoc());
  ++numCSE;
}

bool CSEDriver::hasOtherSideEffectingOpInBetween(Operation *fromOp, Operation *toOp) {
  // As mlir-opt 22: the first query from `fromOp` in a block starts the
  // scan at `fromOp` itself, later ones after it (its cache of scanned
  // ranges is consulted the other way round, so it never shortens a scan).
  Operation *nextOp = fromOp;
  if (scannedFrom.contains(fromOp))
    nextOp = fromOp->getNextNode();
  else
    scannedFrom.insert(fromOp, true);
  for (; nextOp && nextOp != toOp; nextOp = nextOp->getNextNode()) {
    std::optional<SmallVector<MemoryEffects::EffectInstance, 4>> effects = getEffectsRecursively(nextOp);
    // Unknown effects may write.
    if (!effects)
      return true;
    for (const MemoryEffects::EffectInstance &effect : *effects)
      if (isa<MemoryEffects::Write>(effect.getEffect()))
        return true;
  }
  return false;
}

LogicalResult CSEDriver::simplifyOperation(ScopedOpTable &knownValues, Operation *op, bool hasSSADominance) {
  if (op->hasTrait<OpTrait::IsTerminator>())
    return failure();
  if (isOpTriviallyDead(op)) {
    opsToErase.push_back(op);
    ++numDCE;
    return success();
  }
  // Ops with multi-block regions are left alone.
  for (Region &region : op->getRegions())
    if (!region.empty() && !region.hasOneBlock())
      return failure();

  uint64_t hash = OperationEquivalence::computeHash(op, OperationEquivalence::IgnoreLocations);
  if (!isMemoryEffectFree(op)) {
    // Ops that only read memory: reuse an equivalent read in the same block
    // with no possible write in between.
    if (!hasSingleEffect<MemoryEffects::Read>(op))
      return failure();
    if (Operation *existing = knownValues.lookup(op, hash)) {
      if (existing->getBlock() == op->getBlock() && !hasOtherSideEffectingOpInBetween(existing, op)) {
        replaceUsesAndDelete(knownValues, op, hash, existing, hasSSADominance);
        return success();
      }
    }
    knownValues.insert(op, hash);
    return failure();
  }

  if (Operation *existing = knownValues.lookup(op, hash)) {
    replaceUsesAndDelete(knownValues, op, hash, existing, hasSSADominance);
    // MLIR counts these twice.
    ++numCSE;
    return success();
  }
  knownValues.insert(op, hash);
  return failure();
}

void CSEDriver::simplifyBlock(ScopedOpTable &knownValues, Block *block, bool hasSSADominance) {
  for (Operation *op = block->empty() ? nullptr : &block->front(); op;) {
    Operation *next = op->getNextNode();
    if (op->getNumRegions() != 0 && !(skip && skip->contains(op))) {
      if (op->mightHaveTrait<OpTrait::IsIsolatedFromAbove>()) {
        // A fresh table: values from outside cannot be used inside.
        ScopedOpTable nestedKnownValues;
        for (Region &region : op->getRegions())
          simplifyRegion(nestedKnownValues, region);
      } else {
        for (Region &region : op->getRegions())
          simplifyRegion(knownValues, region);
      }
    }
    (void)simplifyOperation(knownValues, op, hasSSADominance);
    op = next;
  }
  // Like MLIR's memory-effect cache, forgotten after every block (nested
  // ones included).
  scannedFrom.clear();
}

void CSEDriver::simplifyRegion(ScopedOpTable &knownValues, Region &region) {
  if (region.empty())
    return;
  if (region.hasOneBlock()) {
    // DominanceInfo's rule, without its per-region entry: a single block
    // has SSA dominance unless its op is unregistered or declares a graph
    // region.
    bool hasSSADominance = true;
    if (Operation *parentOp = region.getParentOp()) {
      if (!parentOp->isRegistered())
        hasSSADominance = false;
      else if (auto iface = dyn_cast<RegionKindInterface>(parentOp))
        hasSSADominance = iface.hasSSADominance(region.getRegionNumber());
    }
    TableScope scope(knownValues);
    simplifyBlock(knownValues, &region.front(), hasSSADominance);
    return;
  }
  // Regions without dominance have no traversal order to rely on.
  bool hasSSADominance = domInfo.hasSSADominance(&region);
  if (!hasSSADominance)
    return;

  // The dominator tree of the region, each block's children in the order
  // of a depth-first walk of the CFG from the entry taking successors in
  // order (LLVM's dominator tree builder orders them so), walked depth
  // first with one scope per node.
  PointerMap<Block *, uint32_t> index; // preorder number
  std::vector<Block *> preorder;
  {
    std::vector<Block *> worklist{&region.front()};
    while (!worklist.empty()) {
      Block *block = worklist.back();
      worklist.pop_back();
      if (!index.insert(block, uint32_t(preorder.size())).second)
        continue;
      preorder.push_back(block);
      if (Operation *term = block->empty() ? nullptr : &block->back())
        for (unsigned i = term->getNumSuccessors(); i-- > 0;)
          if (!index.contains(term->getSuccessor(i)))
            worklist.push_back(term->getSuccessor(i));
    }
  }
  // firstChild/nextSibling lists by preorder number, kept in preorder.
  std::vector<int32_t> firstChild(preorder.size(), -1), lastChild(preorder.size(), -1),
      nextSibling(preorder.size(), -1);
  for (uint32_t i = 1; i < preorder.size(); ++i) {
    Block *idom = domInfo.getImmediateDominator(preorder[i]);
    if (!idom)
      continue;
    uint32_t parent = *index.lookup(idom);
    if (lastChild[parent] < 0)
      firstChild[parent] = int32_t(i);
    else
      nextSibling[lastChild[parent]] = int32_t(i);
    lastChild[parent] = int32_t(i);
  }
  struct StackNode {
    uint32_t node;
    size_t mark;
    int32_t nextChild;
  };
  std::vector<StackNode> stack;
  stack.push_back({0, knownValues.openScope(), firstChild[0]});
  simplifyBlock(knownValues, preorder[0], hasSSADominance);
  while (!stack.empty()) {
    StackNode &node = stack.back();
    if (node.nextChild >= 0) {
      uint32_t child = uint32_t(node.nextChild);
      node.nextChild = nextSibling[child];
      stack.push_back({child, knownValues.openScope(), firstChild[child]});
      simplifyBlock(knownValues, preorder[child], hasSSADominance);
      continue;
    }
    knownValues.closeScope(node.mark);
    stack.pop_back();
  }
}

struct CSEPass : impl::CSEBase<CSEPass> {
  void runOnOperation() override {
    Operation *root = getOperation();
    DominanceInfo &domInfo = getAnalysis<DominanceInfo>();

    // The isolated ops directly in the root's single-block regions are
    // independent: simplify them first, in parallel.
    std::vector<Operation *> units;
    for (Region &region : root->getRegions())
      if (region.hasOneBlock())
        for (Operation &op : region.front())
          if (op.getNumRegions() != 0 && op.mightHaveTrait<OpTrait::IsIsolatedFromAbove>())
            units.push_back(&op);
    PointerMap<Operation *, bool> done;
    std::vector<std::vector<Operation *>> unitErasures(units.size());
    std::atomic<uint64_t> unitCSE{0}, unitDCE{0};
    if (units.size() > 1 && getContext().isMultithreadingEnabled()) {
      parallelForEachIndex(&getContext(), units.size(), [&](size_t i) {
        DominanceInfo unitDomInfo;
        CSEDriver driver(unitDomInfo);
        driver.simplify(units[i]);
        unitErasures[i] = std::move(driver.opsToErase);
        unitCSE += driver.numCSE;
        unitDCE += driver.numDCE;
      });
      for (Operation *unit : units)
        done.insert(unit, true);
    }

    CSEDriver driver(domInfo);
    driver.simplify(root, done.empty() ? nullptr : &done);
    numCSE = driver.numCSE + unitCSE.load();
    numDCE = driver.numDCE + unitDCE.load();

    bool changed = !driver.opsToErase.empty();
    for (std::vector<Operation *> &erasures : unitErasures) {
      changed |= !erasures.empty();
      for (Operation *op : erasures)
        op->erase();
    }
    for (Operation *op : driver.opsToErase)
      op->erase();
    if (!changed)
      markAllAnalysesPreserved();
  }
};
} // namespace

std::unique_ptr<Pass> lamina::createCSEPass() { return std::make_unique<CSEPass>(); }
