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
#include "lamina/IR/Threading.h"

#include <atomic>
#include <chrono>

using namespace lamina;

namespace {

/// How long isolated ops are verified on the calling thread before the rest
/// go to the thread pool.
constexpr std::chrono::microseconds kSequentialVerificationBudget(2000);

/// The state of one verification run.
class OperationVerifier {
public:
  explicit OperationVerifier(bool verifyRecursively) : verifyRecursively(verifyRecursively) {}

  /// Verifies `op` (structure, then dominance of its regions).
  LogicalResult verifyOpAndDominance(Operation &op);

private:
  /// An operation or a block on the worklist, with whether it was entered.
  struct WorkItem {
    Operation *op;
    Block *block;
    bool entered;
  };

  LogicalResult verifyOnEntrance(Block &block);
  LogicalResult verifyOnEntrance(Operation &op);
  LogicalResult verifyOnExit(Block &block);
  LogicalResult verifyOnExit(Operation &op);

  /// Verifies the structure of `op` and everything nested, except the
  /// isolated-from-above ops (verified on exit of their parent).
  LogicalResult verifyOperation(Operation &op);
  /// Checks operand dominance in the regions of `op`.
  LogicalResult verifyDominanceOfContainedRegions(Operation &op, DominanceInfo &domInfo);

  bool verifyRecursively;
};

} // namespace

LogicalResult OperationVerifier::verifyOpAndDominance(Operation &op) {
  if (failed(verifyOperation(op)))
    return failure();
  // Dominance runs only on structurally sound IR: malformed CFGs could
  // otherwise confuse the dominator tree construction.
  if (op.getNumRegions() != 0) {
    DominanceInfo domInfo;
    if (failed(verifyDominanceOfContainedRegions(op, domInfo)))
      return failure();
  }
  return success();
}

/// True if `block` may be valid without a terminator: it has no parent
/// region, or it is the only block of a region whose parent op is absent,
/// unregistered or NoTerminator.
static bool mayBeValidWithoutTerminator(Block *block) {
  Region *region = block->getParent();
  if (!region)
    return true;
  if (!region->hasOneBlock())
    return false;
  Operation *op = block->getParentOp();
  return !op || op->mightHaveTrait<OpTrait::NoTerminator>();
}

LogicalResult OperationVerifier::verifyOnEntrance(Block &block) {
  for (Value arg : block.getArguments())
    if (BlockArgument(arg).getOwner() != &block)
      return emitError(BlockArgument(arg).getLoc(), "block argument not owned by block");

  if (block.empty()) {
    if (mayBeValidWithoutTerminator(&block))
      return success();
    return emitError(block.getParent()->getLoc(), "empty block: expect at least a terminator");
  }

  // Only the last operation may branch.
  Operation *last = &block.back();
  for (Operation &op : block)
    if (op.getNumSuccessors() != 0 && &op != last)
      return op.emitError("operation with block successors must terminate its parent block");
  return success();
}

LogicalResult OperationVerifier::verifyOnExit(Block &block) {
  if (!block.empty()) {
    Operation &back = block.back();
    for (unsigned i = 0, e = back.getNumSuccessors(); i < e; ++i)
      if (back.getSuccessor(i)->getParent() != block.getParent())
        return back.emitOpError("branching to block of a different region");
  }

  if (mayBeValidWithoutTerminator(&block))
    return success();

  Operation &terminator = block.back();
  if (!terminator.mightHaveTrait<OpTrait::IsTerminator>())
    return block.back().emitError("block with no terminator, has ") << terminator;
  return success();
}

LogicalResult OperationVerifier::verifyOnEntrance(Operation &op) {
  for (unsigned i = 0, e = op.getNumOperands(); i < e; ++i)
    if (!op.getOperand(i))
      return op.emitError("null operand found");

  for (const NamedAttribute &attr : op.getDiscardableAttrs())
    if (Dialect *dialect = attr.getName().getReferencedDialect())
      if (failed(dialect->verifyOperationAttribute(&op, attr)))
        return failure();

  const OperationInfo &info = op.getName().getInfo();
  if (op.isRegistered() && info.verifyInvariants && failed(info.verifyInvariants(&op)))
    return failure();

  unsigned numRegions = op.getNumRegions();
  if (!numRegions)
    return success();
  RegionKindInterface kindInterface = RegionKindInterface::get(&op);
  for (unsigned i = 0; i < numRegions; ++i) {
    Region &region = op.getRegion(i);
    RegionKind kind = kindInterface ? kindInterface.getRegionKind(i) : RegionKind::SSACFG;
    // Graph regions have at most one block.
    if (op.isRegistered() && kind == RegionKind::Graph && !region.empty() && !region.hasOneBlock())
      return op.emitOpError("expects graph region #") << i << " to have 0 or 1 blocks";
    if (region.empty())
      continue;
    if (!region.front().hasNoPredecessors())
      return emitError(op.getLoc(), "entry block of region may not have predecessors");
  }
  return success();
}

LogicalResult OperationVerifier::verifyOnExit(Operation &op) {
  std::vector<Operation *> opsWithIsolatedRegions;
  if (verifyRecursively) {
    for (Region &region : op.getRegions())
      for (Block &block : region)
        for (Operation &o : block)
          if (o.getNumRegions() != 0 && o.hasTrait<OpTrait::IsIsolatedFromAbove>())
            opsWithIsolatedRegions.push_back(&o);
  }
  // Every isolated op is verified, even after one fails; diagnostics come
  // out in IR order. Small inputs are not worth starting the thread pool:
  // verify on this thread until that has taken a while, then hand the rest
  // to the pool (its diagnostics are replayed in order after these).
  std::atomic<bool> opFailedVerify(false);
  auto verifyOne = [&](Operation *o) {
    if (failed(verifyOpAndDominance(*o)))
      opFailedVerify.store(true, std::memory_order_relaxed);
  };
  size_t numIsolated = opsWithIsolatedRegions.size(), next = 0;
  if (numIsolated > 1 && op.getContext()->isMultithreadingEnabled()) {
    auto start = std::chrono::steady_clock::now();
    while (next < numIsolated && std::chrono::steady_clock::now() - start < kSequentialVerificationBudget)
      verifyOne(opsWithIsolatedRegions[next++]);
  }
  parallelForEachIndex(op.getContext(), numIsolated - next,
                       [&](size_t i) { verifyOne(opsWithIsolatedRegions[next + i]); });
  if (opFailedVerify.load(std::memory_order_relaxed))
    return failure();

  const OperationInfo &info = op.getName().getInfo();
  if (op.isRegistered()) {
    if (info.verifyRegionInvariants && failed(info.verifyRegionInvariants(&op)))
      return failure();
    return success();
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

LogicalResult OperationVerifier::verifyOperation(Operation &root) {
  std::vector<WorkItem> worklist{{&root, nullptr, false}};
  while (!worklist.empty()) {
    WorkItem &top = worklist.back();
    if (top.entered) {
      WorkItem item = top;
      if (failed(item.op ? verifyOnExit(*item.op) : verifyOnExit(*item.block)))
        return failure();
      worklist.pop_back();
      continue;
    }
    top.entered = true;
    WorkItem item = top;
    if (failed(item.op ? verifyOnEntrance(*item.op) : verifyOnEntrance(*item.block)))
      return failure();

    if (item.block) {
      // Isolated-from-above ops are verified on exit of their parent.
      for (auto it = item.block->rbegin(), e = item.block->rend(); it != e; ++it) {
        Operation &o = *it;
        if (o.getNumRegions() == 0 || !o.hasTrait<OpTrait::IsIsolatedFromAbove>())
          worklist.push_back({&o, nullptr, false});
      }
      continue;
    }
    if (verifyRecursively) {
      Operation &op = *item.op;
      for (unsigned r = op.getNumRegions(); r-- > 0;) {
        Region &region = op.getRegion(r);
        for (auto it = region.rbegin(), e = region.rend(); it != e; ++it)
          worklist.push_back({nullptr, &*it, false});
      }
    }
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
// Entry point
//===----------------------------------------------------------------------===//

LogicalResult lamina::verify(Operation *op, bool verifyRecursively) {
  OperationVerifier verifier(verifyRecursively);
  return verifier.verifyOpAndDominance(*op);
}
