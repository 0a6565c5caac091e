//===- Verifier.cpp - Checks the structural invariants of IR --------------===//
//
// The verifier mirrors MLIR's OperationVerifier: same checks, same order,
// same messages. It walks the IR with an explicit worklist of (operation |
// block, entered?) items, so nesting depth never touches the C++ stack.
//
// Structure first. For every operation, on entrance:
//   1. no operand is null ("null operand found");
//   2. each discardable attribute whose name is `dialect.xxx` of a loaded
//      dialect passes `Dialect::verifyOperationAttribute`;
//   3. a registered op passes its `OperationInfo::verifyInvariants` hook
//      (traits and the op's own verifier, run by the op definition);
//   4. a registered op's graph regions have 0 or 1 blocks ("expects graph
//      region #N to have 0 or 1 blocks");
//   5. the entry block of every region has no predecessors ("entry block of
//      region may not have predecessors").
// For every block, on entrance:
//   6. its arguments are owned by it ("block argument not owned by block");
//   7. an empty block is only valid where a terminator is optional (a
//      single-block region of a NoTerminator or unregistered op, or a
//      region without parent op): "empty block: expect at least a
//      terminator";
//   8. only the last operation has successors ("operation with block
//      successors must terminate its parent block").
// Then the nested regions' blocks and operations (isolated-from-above ops
// are skipped here), and on exit, for every block:
//   9. successors are in the same region ("branching to block of a
//      different region");
//  10. where a terminator is required, the last operation might be one
//      ("block with no terminator, has <op>").
// And on exit, for every operation:
//  11. the isolated-from-above ops nested directly in its regions are
//      verified completely (structure, then dominance), in parallel on the
//      context's thread pool when multithreading is enabled; their
//      diagnostics are replayed in IR order;
//  12. a registered op passes its `OperationInfo::verifyRegionInvariants`
//      hook (e.g. the isolated-from-above check "using value defined
//      outside the region", symbol tables, implicit terminators);
//  13. an unregistered op's dialect must be loaded or unregistered dialects
//      allowed ("created with unregistered dialect..."), and a loaded
//      dialect must allow unknown operations ("unregistered operation 'x'
//      found in dialect ('d') that does not allow unknown operations").
// The first failure stops the verification of the enclosing isolated op
// (other isolated ops are still verified, as in MLIR 22).
//
// Dominance second, once the structure of an isolated op is sound:
//  14. in every block reachable from its region's entry, each operand
//      properly dominates its user ("operand #N does not dominate this use"
//      with a note saying where the operand is defined). Graph regions and
//      single-block regions of unregistered ops impose no order; unreachable
//      blocks are not checked, but regions nested in them are.
//
// How it stays cheap (same checks, same order, same messages):
//  - what the walk asks about an op name (registered, might be a
//    terminator, isolated, region kinds, symbol user...) is looked up once
//    per name and task in a small cache, not in trait/interface lists per op;
//  - the walk keeps one frame per open block/op instead of one item per op;
//  - dominance is first checked by a pure fast pass (same block: op order
//    indices; enclosing blocks: ancestor walk); only if it finds a possible
//    violation does the exact MLIR-ordered pass run to report it;
//  - each isolated op's task lists the symbol users nested in it, and the
//    SymbolTable verifier of its parent checks those lists instead of
//    walking the isolated ops again (see detail::SymbolUseVerificationHint).
//
// Deliberately not checked here (as in MLIR):
//  - that every successor operand count/type matches the successor's
//    arguments (BranchOpInterface verifiers of the ops do that);
//  - that values and types come from the same MLIRContext (lamina has no
//    way to mix contexts through the parser);
//  - attribute, type and location well-formedness: those are immutable and
//    checked when created (`getChecked` / the parser);
//  - trait verifiers of unregistered ops: they "might" have any trait, so
//    empty blocks in their single-block regions and any last operation are
//    accepted.
//
#include "lamina/IR/Verifier.h"

#include "lamina/IR/BuiltinLocations.h"
#include "lamina/IR/Dialect.h"
#include "lamina/IR/Dominance.h"
#include "lamina/IR/Operation.h"
#include "lamina/IR/RegionKindInterface.h"
#include "lamina/IR/SymbolTable.h"
#include "lamina/IR/Threading.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>

using namespace lamina;

namespace {

/// How long isolated ops are verified on the calling thread before the rest
/// go to the thread pool.
constexpr std::chrono::microseconds kSequentialVerificationBudget(2000);

//===----------------------------------------------------------------------===//
// Per-name facts
//===----------------------------------------------------------------------===//

/// What the verifier asks about an operation name.
struct OpFacts {
  enum class RegionKinds : uint8_t { SSACFG, AskInterface };
  bool registered = false;
  /// mightHaveTrait<IsTerminator> / mightHaveTrait<NoTerminator>.
  bool mightBeTerminator = false;
  bool mightHaveNoTerminator = false;
  bool isolated = false;
  bool symbolTable = false;
  /// Implements SymbolUserOpInterface.
  bool symbolUser = false;
  /// The kinds of its regions (RegionKindInterface).
  RegionKinds regionKinds = RegionKinds::SSACFG;
};

/// A direct-mapped cache of OpFacts by name. One per verification task (and
/// thread): names are per context, so nothing outlives the verification.
class OpFactsCache {
public:
  /// (By value: a later lookup may reuse the entry.)
  OpFacts get(OperationName name) {
    const void *key = name.getAsOpaquePointer();
    uintptr_t bits = uintptr_t(key);
    Entry &e = entries[((bits >> 4) ^ (bits >> 11)) & (kSize - 1)];
    if (e.key != key) {
      e.key = key;
      e.facts = compute(name);
    }
    return e.facts;
  }

private:
  static OpFacts compute(OperationName name) {
    OpFacts f;
    f.registered = name.isRegistered();
    f.mightBeTerminator = name.mightHaveTrait<OpTrait::IsTerminator>();
    f.mightHaveNoTerminator = name.mightHaveTrait<OpTrait::NoTerminator>();
    f.isolated = name.hasTrait<OpTrait::IsIsolatedFromAbove>();
    f.symbolTable = name.hasTrait<OpTrait::SymbolTable>();
    f.symbolUser = SymbolUserOpInterface::getInterfaceFor(name) != nullptr;
    if (f.registered && RegionKindInterface::getInterfaceFor(name))
      f.regionKinds = OpFacts::RegionKinds::AskInterface;
    return f;
  }

  static constexpr size_t kSize = 64;
  struct Entry {
    const void *key = nullptr;
    OpFacts facts;
  };
  Entry entries[kSize];
};

/// The kind of region `index` of `op` (SSACFG when the op says nothing).
static RegionKind getRegionKind(Operation &op, OpFacts facts, unsigned index) {
  switch (facts.regionKinds) {
  case OpFacts::RegionKinds::SSACFG:
    return RegionKind::SSACFG;
  case OpFacts::RegionKinds::AskInterface:
    break;
  }
  return cast<RegionKindInterface>(&op).getRegionKind(index);
}

/// Starts loading the cache line at `p` (GCC drops __builtin_prefetch in
/// some loops, hence the asm).
static inline void prefetch(const void *p) {
#if defined(__x86_64__) && defined(__GNUC__)
  asm volatile("prefetcht0 %0" : : "m"(*static_cast<const char *>(p)));
#else
  __builtin_prefetch(p);
#endif
}

/// Starts loading the lines of `op` beyond its header that its checks read,
/// and the memory after it: ops of a block are mostly allocated in order, a
/// few hundred bytes apart, so this also fetches the next ops' headers
/// before the list walk reaches them.
static inline void prefetchOperation(Operation *op) {
  if (unsigned n = op->getNumResults())
    prefetch(op->getOpResultImpl(n - 1));
  if (op->getNumOperands())
    prefetch(&op->getOpOperand(0));
  if (op->getNumPropertySlots())
    prefetch(op->getPropertySlots().data());
}

static bool hasOneBlock(Region &region) { return !region.empty() && &region.front() == &region.back(); }

//===----------------------------------------------------------------------===//
// OperationVerifier
//===----------------------------------------------------------------------===//

/// The state of verifying one op tree: an isolated op (or the root) and
/// everything nested in it except nested isolated ops, which are tasks of
/// their own.
struct Task {
  explicit Task(OpFactsCache &facts) : facts(facts) {}
  /// The thread's cache (valid for the run).
  OpFactsCache &facts;
  /// The ops nested in the root that implement SymbolUserOpInterface (those
  /// in nested isolated ops too, except in nested symbol tables).
  std::vector<Operation *> symbolUsers;
  /// Region -> has SSA dominance, for the last region asked about.
  Region *ssaRegion = nullptr;
  bool ssaRegionHasDominance = true;
};

/// Numbers verification runs: a thread's caches are only valid for the run
/// that filled them (names, types and attributes outlive a run, not their
/// context).
std::atomic<uint64_t> verificationEpoch(0);

/// What a thread remembers during one verification run.
struct ThreadCaches {
  uint64_t epoch = 0;
  OpFactsCache facts;
  detail::VerificationCache constraints;
};
thread_local ThreadCaches threadCaches;
thread_local detail::VerificationCache *activeVerificationCache = nullptr;

/// Makes the thread's caches valid for run `epoch` and active during a
/// task.
class VerificationCacheScope {
public:
  explicit VerificationCacheScope(uint64_t epoch) : previous(activeVerificationCache) {
    if (threadCaches.epoch != epoch) {
      threadCaches.facts = OpFactsCache();
      threadCaches.constraints = detail::VerificationCache();
      threadCaches.epoch = epoch;
    }
    activeVerificationCache = &threadCaches.constraints;
  }
  ~VerificationCacheScope() { activeVerificationCache = previous; }

private:
  detail::VerificationCache *previous;
};

/// One verification run.
class OperationVerifier {
public:
  explicit OperationVerifier(bool verifyRecursively)
      : verifyRecursively(verifyRecursively), epoch(verificationEpoch.fetch_add(1) + 1) {}

  /// Verifies `op` (structure, then dominance of its regions). Sets
  /// `nestedSymbolUsers` to the SymbolUserOpInterface ops nested in it (see
  /// Task::symbolUsers).
  LogicalResult verifyOpAndDominance(Operation &op, std::vector<Operation *> &nestedSymbolUsers);

private:
  LogicalResult verifyOnEntrance(Block &block, bool mayBeValidWithoutTerminator);
  LogicalResult verifyOnEntrance(Operation &op, OpFacts facts);
  LogicalResult verifyOnExit(Block &block, bool mayBeValidWithoutTerminator, Task &task);
  LogicalResult verifyOnExit(Operation &op, OpFacts facts, Task &task, ArrayRef<Operation *> isolatedOps);

  /// Verifies the isolated-from-above ops nested directly in an op (all of
  /// them, in parallel where possible); `users[i]` receives the symbol users
  /// nested in `ops[i]`.
  LogicalResult verifyIsolatedOps(MLIRContext *context, ArrayRef<Operation *> ops, Task &task,
                                  std::vector<std::vector<Operation *>> &users);

  /// Verifies the structure of `op` and everything nested, except the
  /// isolated-from-above ops (verified on exit of their parent).
  LogicalResult verifyOperation(Operation &op, Task &task);

  /// Checks operand dominance in the regions of `op`.
  LogicalResult verifyDominance(Operation &op, Task &task);
  /// The fast pass: true if every operand certainly dominates its user.
  bool allOperandsDominate(Operation &root, DominanceInfo &domInfo, Task &task);
  /// The exact pass, in MLIR's order: reports the first violation.
  LogicalResult verifyDominanceOfContainedRegions(Operation &op, DominanceInfo &domInfo);
  bool hasSSADominance(Region *region, Task &task);

  bool verifyRecursively;
  /// This run's number (see VerificationCacheScope).
  uint64_t epoch;
};

} // namespace

detail::VerificationCache *detail::getActiveVerificationCache() { return activeVerificationCache; }

LogicalResult OperationVerifier::verifyOpAndDominance(Operation &op, std::vector<Operation *> &nestedSymbolUsers) {
  VerificationCacheScope cacheScope(epoch);
  Task task(threadCaches.facts);
  if (failed(verifyOperation(op, task)))
    return failure();
  // Dominance runs only on structurally sound IR: malformed CFGs could
  // otherwise confuse the dominator tree construction.
  if (op.getNumRegions() != 0 && failed(verifyDominance(op, task)))
    return failure();
  nestedSymbolUsers = std::move(task.symbolUsers);
  return success();
}

LogicalResult OperationVerifier::verifyOnEntrance(Block &block, bool mayBeValidWithoutTerminator) {
  for (Value arg : block.getArguments())
    if (BlockArgument(arg).getOwner() != &block)
      return emitError(BlockArgument(arg).getLoc(), "block argument not owned by block");

  if (block.empty()) {
    if (mayBeValidWithoutTerminator)
      return success();
    return emitError(block.getParent()->getLoc(), "empty block: expect at least a terminator");
  }

  // Only the last operation may branch. This is the walk's first touch of
  // each op: also start loading what the op checks will read (results,
  // operands, properties) so those misses overlap.
  Operation *last = &block.back();
  for (Operation *op = &block.front();; op = op->getNextNode()) {
    prefetchOperation(op);
    if (op == last)
      break;
    if (op->getNumSuccessors() != 0)
      return op->emitError("operation with block successors must terminate its parent block");
  }
  return success();
}

LogicalResult OperationVerifier::verifyOnExit(Block &block, bool mayBeValidWithoutTerminator, Task &task) {
  if (!block.empty()) {
    Operation &back = block.back();
    for (unsigned i = 0, e = back.getNumSuccessors(); i < e; ++i)
      if (back.getSuccessor(i)->getParent() != block.getParent())
        return back.emitOpError("branching to block of a different region");
  }

  if (mayBeValidWithoutTerminator)
    return success();

  Operation &terminator = block.back();
  if (!task.facts.get(terminator.getName()).mightBeTerminator)
    return terminator.emitError("block with no terminator, has ") << terminator;
  return success();
}

LogicalResult OperationVerifier::verifyOnEntrance(Operation &op, OpFacts facts) {
  for (unsigned i = 0, e = op.getNumOperands(); i < e; ++i)
    if (!op.getOperand(i))
      return op.emitError("null operand found");

  for (const NamedAttribute &attr : op.getDiscardableAttrs())
    if (Dialect *dialect = attr.getName().getReferencedDialect())
      if (failed(dialect->verifyOperationAttribute(&op, attr)))
        return failure();

  if (facts.registered) {
    const OperationInfo &info = op.getName().getInfo();
    if (info.verifyInvariants && failed(info.verifyInvariants(&op)))
      return failure();
  }

  for (unsigned i = 0, e = op.getNumRegions(); i < e; ++i) {
    Region &region = op.getRegion(i);
    if (region.empty())
      continue;
    // Graph regions have at most one block.
    if (facts.registered && facts.regionKinds != OpFacts::RegionKinds::SSACFG && !hasOneBlock(region) &&
        getRegionKind(op, facts, i) == RegionKind::Graph)
      return op.emitOpError("expects graph region #") << i << " to have 0 or 1 blocks";
    if (!region.front().hasNoPredecessors())
      return emitError(op.getLoc(), "entry block of region may not have predecessors");
  }
  return success();
}

LogicalResult OperationVerifier::verifyIsolatedOps(MLIRContext *context, ArrayRef<Operation *> ops, Task &task,
                                                   std::vector<std::vector<Operation *>> &users) {
  // Every isolated op is verified, even after one fails; diagnostics come
  // out in IR order. Small inputs are not worth starting the thread pool:
  // verify on this thread until that has taken a while, then hand the rest
  // to the pool (its diagnostics are replayed in order after these).
  size_t numOps = ops.size(), next = 0;
  users.assign(numOps, {});
  std::atomic<bool> opFailedVerify(false);
  auto verifyOne = [&](size_t i) {
    if (failed(verifyOpAndDominance(*ops[i], users[i])))
      opFailedVerify.store(true, std::memory_order_relaxed);
  };
  if (numOps > 1 && context->isMultithreadingEnabled()) {
    auto start = std::chrono::steady_clock::now();
    while (next < numOps && std::chrono::steady_clock::now() - start < kSequentialVerificationBudget)
      verifyOne(next++);
  }
  // Groups of consecutive ops have their op lists brought into the cache
  // together before they are verified (see prefetchOpLists).
  auto prefetchGroup = [&](size_t begin, size_t end) { prefetchOpLists(ops.slice(next + begin, end - begin)); };
  parallelForEachIndexInGroups(context, numOps - next, prefetchGroup, [&](size_t i) { verifyOne(next + i); });
  if (opFailedVerify.load(std::memory_order_relaxed))
    return failure();

  // The symbol users of an enclosing symbol table's walk: the isolated ops
  // themselves, and what is nested in them unless they are symbol tables.
  for (size_t i = 0; i < numOps; ++i) {
    OpFacts facts = task.facts.get(ops[i]->getName());
    if (facts.symbolUser)
      task.symbolUsers.push_back(ops[i]);
    if (!facts.symbolTable)
      task.symbolUsers.insert(task.symbolUsers.end(), users[i].begin(), users[i].end());
  }
  return success();
}

LogicalResult OperationVerifier::verifyOnExit(Operation &op, OpFacts facts, Task &task,
                                              ArrayRef<Operation *> isolatedOps) {
  std::vector<std::vector<Operation *>> users;
  if (!isolatedOps.empty() && failed(verifyIsolatedOps(op.getContext(), isolatedOps, task, users)))
    return failure();

  if (facts.registered) {
    const OperationInfo &info = op.getName().getInfo();
    if (!info.verifyRegionInvariants)
      return success();
    if (!facts.symbolTable || isolatedOps.empty())
      return info.verifyRegionInvariants(&op);
    // Let the SymbolTable verifier check the users listed for the isolated
    // ops instead of walking them.
    std::vector<detail::SymbolUseVerificationHint::NestedUsers> nestedUsers;
    nestedUsers.reserve(isolatedOps.size());
    for (size_t i = 0; i < isolatedOps.size(); ++i)
      nestedUsers.push_back({isolatedOps[i], users[i]});
    std::sort(nestedUsers.begin(), nestedUsers.end());
    detail::SymbolUseVerificationHint hint{&op, nestedUsers};
    const detail::SymbolUseVerificationHint *previous = detail::setSymbolUseVerificationHint(&hint);
    LogicalResult result = info.verifyRegionInvariants(&op);
    detail::setSymbolUseVerificationHint(previous);
    return result;
  }

  // An unregistered op needs its dialect to allow it.
  Dialect *dialect = op.getName().getDialect();
  if (!dialect) {
    if (!op.getContext()->allowsUnregisteredDialects())
      return op.emitOpError() << "created with unregistered dialect. If this is intended, please call "
                                 "allowUnregisteredDialects() on the MLIRContext, or use "
                                 "-allow-unregistered-dialect with the MLIR opt tool used";
    return success();
  }
  if (!dialect->allowsUnknownOperations())
    return op.emitError("unregistered operation '")
           << op.getName() << "' found in dialect ('" << dialect->getNamespace()
           << "') that does not allow unknown operations";
  return success();
}

LogicalResult OperationVerifier::verifyOperation(Operation &root, Task &task) {
  OpFacts rootFacts = task.facts.get(root.getName());
  if (failed(verifyOnEntrance(root, rootFacts)))
    return failure();
  if (!verifyRecursively || root.getNumRegions() == 0)
    return verifyOnExit(root, rootFacts, task, {});

  // A depth-first walk with one frame per open op (walking the blocks of
  // its regions) or block (walking its ops): pre-order entrance checks,
  // post-order exit checks, as MLIR's worklist does.
  struct Frame {
    /// Op frame: the op, the current region and the next block.
    Operation *op;
    unsigned region;
    Block *nextBlock;
    /// Where the op's isolated children start in `isolated`.
    size_t isolatedBegin;
    /// Block frame: the block and the next op.
    Block *block;
    Operation *nextOp;
    bool mayBeValidWithoutTerminator;
  };
  std::vector<Frame> stack;
  std::vector<Operation *> isolated;
  auto pushOp = [&](Operation &op) {
    Region &first = op.getRegion(0);
    stack.push_back(Frame{&op, 0, first.empty() ? nullptr : &first.front(), isolated.size(), nullptr, nullptr, false});
  };
  pushOp(root);
  while (!stack.empty()) {
    Frame &frame = stack.back();
    if (frame.op) {
      // The next block of the op's regions.
      Operation *op = frame.op;
      while (!frame.nextBlock && ++frame.region < op->getNumRegions()) {
        Region &region = op->getRegion(frame.region);
        frame.nextBlock = region.empty() ? nullptr : &region.front();
      }
      Block *block = frame.nextBlock;
      if (!block) {
        size_t begin = frame.isolatedBegin;
        stack.pop_back();
        if (failed(verifyOnExit(*op, task.facts.get(op->getName()), task, ArrayRef<Operation *>(isolated).slice(begin))))
          return failure();
        isolated.resize(begin);
        continue;
      }
      frame.nextBlock = block->getNextNode();
      // A block may lack a terminator only as the single block of a region
      // of a NoTerminator (or unregistered) op.
      Region &region = op->getRegion(frame.region);
      bool noTerminatorOk = hasOneBlock(region) && task.facts.get(op->getName()).mightHaveNoTerminator;
      if (failed(verifyOnEntrance(*block, noTerminatorOk)))
        return failure();
      stack.push_back(Frame{nullptr, 0, nullptr, 0, block, block->empty() ? nullptr : &block->front(), noTerminatorOk});
      continue;
    }

    // The next op of the block; isolated ops wait for their parent's exit.
    Operation *op = frame.nextOp;
    if (!op) {
      Block *block = frame.block;
      bool noTerminatorOk = frame.mayBeValidWithoutTerminator;
      stack.pop_back();
      if (failed(verifyOnExit(*block, noTerminatorOk, task)))
        return failure();
      continue;
    }
    frame.nextOp = op->getNextNode();
    OpFacts facts = task.facts.get(op->getName());
    if (op->getNumRegions() != 0 && facts.isolated) {
      isolated.push_back(op);
      continue;
    }
    if (facts.symbolUser)
      task.symbolUsers.push_back(op);
    if (failed(verifyOnEntrance(*op, facts)))
      return failure();
    if (op->getNumRegions() == 0) {
      if (failed(verifyOnExit(*op, facts, task, {})))
        return failure();
      continue;
    }
    pushOp(*op);
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Dominance checking
//===----------------------------------------------------------------------===//

/// Reports that operand `operandNo` of `op` does not dominate it, with a
/// note locating the definition.
static void diagnoseInvalidOperandDominance(Operation &op, unsigned operandNo) {
  InFlightDiagnostic diag = op.emitError("operand #") << operandNo << " does not dominate this use";
  Value operand = op.getOperand(operandNo);
  if (Operation *defOp = operand.getDefiningOp()) {
    Diagnostic &note = diag.attachNote(defOp->getLoc());
    note << "operand defined here";
    Block *block1 = op.getBlock(), *block2 = defOp->getBlock();
    Region *region1 = block1->getParent(), *region2 = block2->getParent();
    if (block1 == block2)
      note << " (op in the same block)";
    else if (region1 == region2)
      note << " (op in the same region)";
    else if (region2->isProperAncestor(region1))
      note << " (op in a parent region)";
    else if (region1->isProperAncestor(region2))
      note << " (op in a child region)";
    else
      note << " (op is neither in a parent nor in a child region)";
    return;
  }
  Block *block1 = op.getBlock();
  Block *block2 = BlockArgument(operand).getOwner();
  Region *region1 = block1->getParent(), *region2 = block2->getParent();
  Location loc = UnknownLoc::get(op.getContext());
  if (Operation *parent = block2->getParentOp())
    loc = parent->getLoc();
  Diagnostic &note = diag.attachNote(loc);
  if (!region2) {
    note << " (block without parent)";
    return;
  }
  unsigned index = 0;
  for (Block &b : *region2) {
    if (&b == block2)
      break;
    ++index;
  }
  note << "operand defined as a block argument (block #" << index;
  if (region1 == region2)
    note << " in the same region)";
  else if (region2->isProperAncestor(region1))
    note << " in a parent region)";
  else if (region1->isProperAncestor(region2))
    note << " in a child region)";
  else
    note << " neither in a parent nor in a child region)";
}

LogicalResult OperationVerifier::verifyDominance(Operation &op, Task &task) {
  DominanceInfo domInfo;
  if (allOperandsDominate(op, domInfo, task))
    return success();
  return verifyDominanceOfContainedRegions(op, domInfo);
}

/// DominanceInfo's rule: multi-block regions have SSA dominance; a single
/// block region unless its op is unregistered or declares a graph region.
bool OperationVerifier::hasSSADominance(Region *region, Task &task) {
  if (region == task.ssaRegion)
    return task.ssaRegionHasDominance;
  bool result = true;
  if (hasOneBlock(*region))
    if (Operation *parentOp = region->getParentOp()) {
      OpFacts facts = task.facts.get(parentOp->getName());
      if (!facts.registered)
        result = false;
      else if (facts.regionKinds != OpFacts::RegionKinds::SSACFG)
        result = getRegionKind(*parentOp, facts, region->getRegionNumber()) == RegionKind::SSACFG;
    }
  task.ssaRegion = region;
  task.ssaRegionHasDominance = result;
  return result;
}

bool OperationVerifier::allOperandsDominate(Operation &root, DominanceInfo &domInfo, Task &task) {
  std::vector<Operation *> worklist{&root};
  while (!worklist.empty()) {
    Operation *parent = worklist.back();
    worklist.pop_back();
    for (Region &region : parent->getRegions()) {
      bool regionHasSSA = hasSSADominance(&region, task);
      for (Block &block : region) {
        // Dominance only means something in reachable blocks.
        bool isReachable = &block == &region.front() || domInfo.isReachableFromEntry(&block);
        if (isReachable && !block.isOpOrderValid())
          block.recomputeOpOrder();
        for (Operation &op : block) {
          for (unsigned i = 0, e = isReachable ? op.getNumOperands() : 0; i < e; ++i) {
            Value operand = op.getOperand(i);
            detail::ValueImpl *impl = operand.getImpl();
            bool isArg = impl->kind == detail::ValueImpl::Kind::BlockArgument;
            Operation *defOp = isArg ? nullptr : static_cast<detail::OpResultImpl *>(impl)->getOwner();
            Block *defBlock = isArg ? static_cast<detail::BlockArgumentImpl *>(impl)->owner : defOp->getBlock();
            // The common case: defined earlier in the same block.
            if (defBlock == &block) {
              if (isArg || !regionHasSSA || defOp->orderIndex < op.orderIndex)
                continue;
              return false;
            }
            // Defined in an enclosing block: find the ancestor of `op` there.
            Operation *ancestor = &op;
            Block *ancestorBlock = &block;
            while (ancestorBlock && ancestorBlock != defBlock) {
              Region *r = ancestorBlock->getParent();
              ancestor = r ? r->getParentOp() : nullptr;
              ancestorBlock = ancestor ? ancestor->getBlock() : nullptr;
            }
            if (ancestorBlock) {
              if (isArg)
                continue;
              if (!defBlock->isOpOrderValid())
                defBlock->recomputeOpOrder();
              if (!hasSSADominance(defBlock->getParent(), task) || defOp->orderIndex < ancestor->orderIndex)
                continue;
              return false;
            }
            // Anything else (other blocks of a CFG region) asks the tree.
            if (!domInfo.properlyDominates(operand, &op))
              return false;
          }
          // Nested regions are checked even in unreachable blocks and graph
          // regions; isolated ops are checked by their own verification.
          if (verifyRecursively && op.getNumRegions() != 0 && !task.facts.get(op.getName()).isolated)
            worklist.push_back(&op);
        }
      }
    }
  }
  return true;
}

LogicalResult OperationVerifier::verifyDominanceOfContainedRegions(Operation &root, DominanceInfo &domInfo) {
  std::vector<Operation *> worklist{&root};
  while (!worklist.empty()) {
    Operation *parent = worklist.back();
    worklist.pop_back();
    for (Region &region : parent->getRegions()) {
      for (Block &block : region) {
        // Dominance only means something in reachable blocks.
        bool isReachable = domInfo.isReachableFromEntry(&block);
        for (Operation &op : block) {
          if (isReachable) {
            for (unsigned i = 0, e = op.getNumOperands(); i < e; ++i) {
              if (domInfo.properlyDominates(op.getOperand(i), &op))
                continue;
              diagnoseInvalidOperandDominance(op, i);
              return failure();
            }
          }
          // Nested regions are checked even in unreachable blocks and graph
          // regions; isolated ops are checked by their own verification.
          if (verifyRecursively && op.getNumRegions() != 0 && !op.hasTrait<OpTrait::IsIsolatedFromAbove>())
            worklist.push_back(&op);
        }
      }
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

LogicalResult lamina::verifyInvariants(Operation *op) {
  if (!op->isRegistered())
    return success();
  const OperationInfo &info = op->getName().getInfo();
  return info.verifyInvariants ? info.verifyInvariants(op) : success();
}

LogicalResult lamina::verify(Operation *op, bool verifyRecursively) {
  OperationVerifier verifier(verifyRecursively);
  std::vector<Operation *> nestedSymbolUsers;
  return verifier.verifyOpAndDominance(*op, nestedSymbolUsers);
}
