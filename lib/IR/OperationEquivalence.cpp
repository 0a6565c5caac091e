//===- OperationEquivalence.cpp - Structural op equality and fingerprints -===//
#include "lamina/IR/OperationEquivalence.h"

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/Support/DenseMap.h"
#include "lamina/Support/Hashing.h"

#include <algorithm>
#include <vector>

using namespace lamina;

//===----------------------------------------------------------------------===//
// Hashing
//===----------------------------------------------------------------------===//

/// The part of the hash that does not depend on operands or results.
static uint64_t hashShallow(Operation *op, OperationEquivalence::Flags flags) {
  uint64_t h = hashValue(op->getName().getAsOpaquePointer());
  h = hashCombineRaw(h, hashValue(op->getDiscardableAttrDictionary().getAsOpaquePointer()));
  for (unsigned i = 0, e = op->getNumResults(); i != e; ++i)
    h = hashCombineRaw(h, hashValue(op->getResult(i).getType().getAsOpaquePointer()));
  for (Attribute prop : op->getPropertySlots())
    h = hashCombineRaw(h, hashValue(prop.getAsOpaquePointer()));
  if (!(flags & OperationEquivalence::IgnoreLocations))
    h = hashCombineRaw(h, hashValue(op->getLoc().getAsOpaquePointer()));
  return h;
}

uint64_t OperationEquivalence::directHashValue(Value v) { return hashValue(v.getAsOpaquePointer()); }

uint64_t OperationEquivalence::computeHash(Operation *op, function_ref<uint64_t(Value)> hashOperands,
                                           function_ref<uint64_t(Value)> hashResults, Flags flags) {
  uint64_t h = hashShallow(op, flags);
  unsigned numOperands = op->getNumOperands();
  if (numOperands && op->hasTrait<OpTrait::Commutative>()) {
    uint64_t sum = 0;
    for (unsigned i = 0; i != numOperands; ++i)
      sum += hashOperands(op->getOperand(i));
    h = hashCombineRaw(h, sum);
  } else {
    for (unsigned i = 0; i != numOperands; ++i)
      h = hashCombineRaw(h, hashOperands(op->getOperand(i)));
  }
  for (unsigned i = 0, e = op->getNumResults(); i != e; ++i)
    h = hashCombineRaw(h, hashResults(op->getResult(i)));
  return h;
}

uint64_t OperationEquivalence::computeHash(Operation *op, Flags flags) {
  uint64_t h = hashShallow(op, flags);
  unsigned numOperands = op->getNumOperands();
  if (numOperands && op->hasTrait<OpTrait::Commutative>()) {
    uint64_t sum = 0;
    for (unsigned i = 0; i != numOperands; ++i)
      sum += directHashValue(op->getOperand(i));
    h = hashCombineRaw(h, sum);
  } else {
    for (unsigned i = 0; i != numOperands; ++i)
      h = hashCombineRaw(h, directHashValue(op->getOperand(i)));
  }
  for (unsigned i = 0, e = op->getNumResults(); i != e; ++i)
    h = hashCombineRaw(h, 0);
  return h;
}

//===----------------------------------------------------------------------===//
// Equivalence
//===----------------------------------------------------------------------===//

namespace {
using Flags = OperationEquivalence::Flags;

/// Compares two ops without their regions (MLIR's isEquivalentTo steps 1-3:
/// attributes and properties, counts, operands, result types, marking the
/// results equivalent).
bool isShallowEquivalent(Operation *lhs, Operation *rhs, function_ref<LogicalResult(Value, Value)> checkEquivalent,
                         function_ref<void(Value, Value)> markEquivalent, Flags flags) {
  if (!(flags & OperationEquivalence::IgnoreDiscardableAttrs) &&
      lhs->getDiscardableAttrDictionary() != rhs->getDiscardableAttrDictionary())
    return false;
  if (lhs->getName() != rhs->getName() || lhs->getNumRegions() != rhs->getNumRegions() ||
      lhs->getNumSuccessors() != rhs->getNumSuccessors() || lhs->getNumOperands() != rhs->getNumOperands() ||
      lhs->getNumResults() != rhs->getNumResults())
    return false;
  MutableArrayRef<Attribute> lhsProps = lhs->getPropertySlots(), rhsProps = rhs->getPropertySlots();
  if (lhsProps.size() != rhsProps.size())
    return false;
  for (size_t i = 0; i < lhsProps.size(); ++i)
    if (lhsProps[i] != rhsProps[i])
      return false;
  if (!(flags & OperationEquivalence::IgnoreLocations) && lhs->getLoc() != rhs->getLoc())
    return false;

  unsigned numOperands = lhs->getNumOperands();
  if (lhs->hasTrait<OpTrait::Commutative>()) {
    // Operands in order, or else the remaining ones as a multiset.
    unsigned i = 0;
    for (; i != numOperands; ++i)
      if (failed(checkEquivalent(lhs->getOperand(i), rhs->getOperand(i))))
        break;
    if (i != numOperands) {
      std::vector<const void *> lhsRest, rhsRest;
      for (unsigned j = i; j != numOperands; ++j) {
        lhsRest.push_back(lhs->getOperand(j).getAsOpaquePointer());
        rhsRest.push_back(rhs->getOperand(j).getAsOpaquePointer());
      }
      std::sort(lhsRest.begin(), lhsRest.end());
      std::sort(rhsRest.begin(), rhsRest.end());
      if (lhsRest != rhsRest)
        return false;
    }
  } else {
    for (unsigned i = 0; i != numOperands; ++i) {
      Value l = lhs->getOperand(i), r = rhs->getOperand(i);
      if (l == r)
        continue;
      if (l.getType() != r.getType())
        return false;
      if (failed(checkEquivalent(l, r)))
        return false;
    }
  }

  for (unsigned i = 0, e = lhs->getNumResults(); i != e; ++i) {
    Value l = lhs->getResult(i), r = rhs->getResult(i);
    if (l.getType() != r.getType())
      return false;
    if (markEquivalent)
      markEquivalent(l, r);
  }
  return true;
}

/// Checks (and records) that `lhs` maps to `rhs` in a region's block map.
bool mapBlock(PointerMap<Block *, Block *> &blocksMap, Block *lhs, Block *rhs) {
  auto [slot, inserted] = blocksMap.insert(lhs, rhs);
  return slot->second == rhs;
}
} // namespace

bool OperationEquivalence::isEquivalentTo(Operation *lhs, Operation *rhs,
                                          function_ref<LogicalResult(Value, Value)> checkEquivalent,
                                          function_ref<void(Value, Value)> markEquivalent, Flags flags) {
  if (lhs == rhs)
    return true;
  if (!isShallowEquivalent(lhs, rhs, checkEquivalent, markEquivalent, flags))
    return false;
  if (lhs->getNumRegions() == 0)
    return true;

  // The regions of nested op pairs, compared in MLIR's recursive order with
  // an explicit stack: each frame walks the regions of one op pair.
  struct Frame {
    Operation *lhs, *rhs;
    unsigned region = 0;
    Block *lhsBlock = nullptr, *rhsBlock = nullptr;
    Operation *lhsOp = nullptr, *rhsOp = nullptr;
    PointerMap<Block *, Block *> blocksMap;
  };
  std::vector<std::unique_ptr<Frame>> stack;
  auto push = [&](Operation *l, Operation *r) {
    auto frame = std::make_unique<Frame>();
    frame->lhs = l;
    frame->rhs = r;
    stack.push_back(std::move(frame));
  };
  /// Starts comparing block `l` with `r` (arguments), or fails.
  auto startBlock = [&](Frame &f, Block *l, Block *r) {
    if (l->getNumArguments() != r->getNumArguments())
      return false;
    if (!mapBlock(f.blocksMap, l, r))
      return false;
    for (unsigned i = 0, e = l->getNumArguments(); i != e; ++i) {
      BlockArgument la = l->getArgument(i), ra = r->getArgument(i);
      if (la.getType() != ra.getType())
        return false;
      if (!(flags & IgnoreLocations) && la.getLoc() != ra.getLoc())
        return false;
      if (markEquivalent)
        markEquivalent(la, ra);
    }
    f.lhsBlock = l;
    f.rhsBlock = r;
    f.lhsOp = l->empty() ? nullptr : &l->front();
    f.rhsOp = r->empty() ? nullptr : &r->front();
    return true;
  };
  /// After the ops at the frame's position compared equal (regions
  /// included): checks their successors and moves on.
  auto finishOp = [&](Frame &f) {
    Operation *l = f.lhsOp, *r = f.rhsOp;
    for (unsigned i = 0, e = l->getNumSuccessors(); i != e; ++i)
      if (!mapBlock(f.blocksMap, l->getSuccessor(i), r->getSuccessor(i)))
        return false;
    f.lhsOp = l->getNextNode();
    f.rhsOp = r->getNextNode();
    return true;
  };

  push(lhs, rhs);
  while (!stack.empty()) {
    Frame &f = *stack.back();
    if (!f.lhsBlock) {
      // Start the next region of the op pair, or finish the pair.
      if (f.region == f.lhs->getNumRegions()) {
        stack.pop_back();
        if (!stack.empty() && !finishOp(*stack.back()))
          return false;
        continue;
      }
      Region &l = f.lhs->getRegion(f.region), &r = f.rhs->getRegion(f.region);
      f.blocksMap.clear();
      if (l.empty() || r.empty()) {
        if (l.empty() != r.empty())
          return false;
        ++f.region;
        continue;
      }
      if (!startBlock(f, &l.front(), &r.front()))
        return false;
      continue;
    }
    if (!f.lhsOp || !f.rhsOp) {
      if (f.lhsOp != f.rhsOp)
        return false;
      // The block pair is done: the next one, or the end of the region.
      Block *nextL = f.lhsBlock->getNextNode(), *nextR = f.rhsBlock->getNextNode();
      if (!nextL || !nextR) {
        if (nextL != nextR)
          return false;
        f.lhsBlock = f.rhsBlock = nullptr;
        ++f.region;
        continue;
      }
      if (!startBlock(f, nextL, nextR))
        return false;
      continue;
    }
    Operation *l = f.lhsOp, *r = f.rhsOp;
    if (!isShallowEquivalent(l, r, checkEquivalent, markEquivalent, flags))
      return false;
    if (l->getNumRegions() == 0 || l == r) {
      if (!finishOp(f))
        return false;
      continue;
    }
    push(l, r);
  }
  return true;
}

bool OperationEquivalence::isEquivalentTo(Operation *lhs, Operation *rhs, Flags flags) {
  if (lhs == rhs)
    return true;
  // Values defined in the regions of `lhs`, matched to those of `rhs`.
  PointerMap<const void *, const void *> equivalentValues;
  auto checkEquivalent = [&](Value l, Value r) -> LogicalResult {
    if (l == r)
      return success();
    const void *const *mapped = equivalentValues.lookup(l.getAsOpaquePointer());
    return success(mapped && *mapped == r.getAsOpaquePointer());
  };
  auto markEquivalent = [&](Value l, Value r) { equivalentValues.insert(l.getAsOpaquePointer(), r.getAsOpaquePointer()); };
  if (lhs->getNumRegions() == 0)
    return isEquivalentTo(lhs, rhs, checkEquivalent, nullptr, flags);
  return isEquivalentTo(lhs, rhs, checkEquivalent, markEquivalent, flags);
}

//===----------------------------------------------------------------------===//
// OperationFingerPrint
//===----------------------------------------------------------------------===//

OperationFingerPrint::OperationFingerPrint(Operation *topOp) {
  // Two independent 64-bit hashes make accidental equality negligible.
  uint64_t a = 0x9E3779B97F4A7C15ull, b = 0xC2B2AE3D27D4EB4Full;
  auto add = [&](const void *p) {
    uint64_t v = reinterpret_cast<uintptr_t>(p);
    a = hashCombineRaw(a, hashMix(v));
    b = hashCombineRaw(b, hashMix(v ^ 0x5bd1e9955bd1e995ull));
  };
  topOp->walk([&](Operation *op) {
    add(op);
    if (op != topOp)
      add(op->getParentOp());
    add(op->getDiscardableAttrDictionary().getAsOpaquePointer());
    for (Attribute prop : op->getPropertySlots())
      add(prop.getAsOpaquePointer());
    for (Region &region : op->getRegions()) {
      for (Block &block : region) {
        add(&block);
        for (Value arg : block.getArguments())
          add(arg.getAsOpaquePointer());
      }
    }
    add(op->getPackedLoc().getAsOpaquePointer());
    for (unsigned i = 0, e = op->getNumOperands(); i != e; ++i)
      add(op->getOperand(i).getAsOpaquePointer());
    for (unsigned i = 0, e = op->getNumSuccessors(); i != e; ++i)
      add(op->getSuccessor(i));
    for (unsigned i = 0, e = op->getNumResults(); i != e; ++i)
      add(op->getResult(i).getType().getAsOpaquePointer());
  });
  hash[0] = a;
  hash[1] = b;
}
