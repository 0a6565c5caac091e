//===- PatternMatch.cpp - Rewrite patterns and the rewriter ---------------===//
//
// The rewriter's changes are notified in MLIR's order (replacements before
// the users' modifications, nested ops erased before their parent, users
// before definitions), since drivers build their worklists from the
// notifications. Erasing nested IR uses an explicit stack.
//
#include "lamina/IR/PatternMatch.h"

#include "lamina/IR/IRMapping.h"
#include "lamina/Support/FlatHashMap.h"

#include <algorithm>

using namespace lamina;

//===----------------------------------------------------------------------===//
// Pattern
//===----------------------------------------------------------------------===//

Pattern::~Pattern() = default;

static std::vector<OperationName> toNames(ArrayRef<std::string_view> names, MLIRContext *context) {
  std::vector<OperationName> r;
  for (std::string_view n : names)
    r.push_back(OperationName(n, context));
  return r;
}

Pattern::Pattern(std::string_view rootName, PatternBenefit benefit, MLIRContext *context,
                 ArrayRef<std::string_view> generatedNames)
    : rootKind(RootKind::OperationName), rootName(rootName, context), benefit(benefit), context(context),
      generatedOps(toNames(generatedNames, context)) {}

Pattern::Pattern(MatchAnyOpTypeTag, PatternBenefit benefit, MLIRContext *context,
                 ArrayRef<std::string_view> generatedNames)
    : rootKind(RootKind::AnyOp), benefit(benefit), context(context), generatedOps(toNames(generatedNames, context)) {}

Pattern::Pattern(MatchTraitOpTypeTag, TypeID traitID, PatternBenefit benefit, MLIRContext *context,
                 ArrayRef<std::string_view> generatedNames)
    : rootKind(RootKind::Trait), rootTrait(traitID), benefit(benefit), context(context),
      generatedOps(toNames(generatedNames, context)) {}

//===----------------------------------------------------------------------===//
// RewritePatternSet
//===----------------------------------------------------------------------===//

namespace {
/// A pattern calling a function.
class FunctionPattern : public RewritePattern {
public:
  FunctionPattern(std::string_view rootName, LogicalResult (*fn)(Operation *, PatternRewriter &),
                  PatternBenefit benefit, MLIRContext *ctx)
      : RewritePattern(rootName, benefit, ctx), fn(fn) {}
  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override { return fn(op, rewriter); }

private:
  LogicalResult (*fn)(Operation *, PatternRewriter &);
};
} // namespace

RewritePatternSet &RewritePatternSet::addFunction(std::string_view rootName,
                                                  LogicalResult (*fn)(Operation *, PatternRewriter &),
                                                  std::string_view debugName, PatternBenefit benefit) {
  auto pattern = std::make_unique<FunctionPattern>(rootName, fn, benefit, context);
  pattern->setDebugName(debugName);
  patterns.push_back(std::move(pattern));
  return *this;
}

//===----------------------------------------------------------------------===//
// RewriterBase: replacement
//===----------------------------------------------------------------------===//

void RewriterBase::finalizeOpModification(Operation *op) {
  if (Listener *l = getRewriterListener())
    l->notifyOperationModified(op);
}

void RewriterBase::replaceAllUsesWith(Value from, Value to) {
  while (!from.use_empty()) {
    OpOperand &operand = *from.use_begin();
    Operation *user = operand.getOwner();
    modifyOpInPlace(user, [&] { operand.set(to); });
  }
}

void RewriterBase::replaceAllUsesWith(ValueRange from, ValueRange to) {
  assert(from.size() == to.size() && "incorrect number of replacements");
  for (size_t i = 0; i < from.size(); ++i)
    replaceAllUsesWith(from[i], to[i]);
}

void RewriterBase::replaceUsesWithIf(Value from, Value to, function_ref<bool(OpOperand &)> functor) {
  for (OpOperand *use = from.use_begin().operator->(); use;) {
    OpOperand *next = use->getNextOperandUsingThisValue();
    if (functor(*use)) {
      Operation *user = use->getOwner();
      modifyOpInPlace(user, [&] { use->set(to); });
    }
    use = next;
  }
}

void RewriterBase::replaceAllUsesExcept(Value from, Value to, Operation *exceptedUser) {
  replaceUsesWithIf(from, to, [&](OpOperand &use) { return use.getOwner() != exceptedUser; });
}

void RewriterBase::replaceAllOpUsesWith(Operation *from, ValueRange to) {
  if (Listener *l = getRewriterListener())
    l->notifyOperationReplaced(from, to);
  replaceAllUsesWith(ValueRange(from->getResults()), to);
}

void RewriterBase::replaceOp(Operation *op, ValueRange newValues) {
  assert(op->getNumResults() == newValues.size() && "incorrect number of replacement values");
  replaceAllOpUsesWith(op, newValues);
  eraseOp(op);
}

//===----------------------------------------------------------------------===//
// RewriterBase: erasure
//===----------------------------------------------------------------------===//

/// The blocks of `region` in post-order of the CFG from its entry block
/// (successors before predecessors), then the blocks the entry does not
/// reach, each from its own post-order walk, as MLIR repeats the traversal
/// until the region is empty, appended to `order`. Iterative.
static void postOrderBlocks(Region &region, SmallVectorImpl<Block *> &order) {
  if (region.empty())
    return;
  if (region.hasOneBlock()) {
    order.push_back(&region.front());
    return;
  }
  FlatHashSet<Block *> visited;
  auto isVisited = [&](Block *b) { return visited.contains(b); };
  auto walkFrom = [&](Block *start) {
    std::vector<std::pair<Block *, unsigned>> stack;
    visited.insert(start);
    stack.push_back({start, 0});
    while (!stack.empty()) {
      auto &[block, next] = stack.back();
      unsigned numSuccs = block->getNumSuccessors();
      if (next < numSuccs) {
        Block *succ = block->getSuccessor(next++);
        if (succ && succ->getParent() == &region && !isVisited(succ)) {
          visited.insert(succ);
          stack.push_back({succ, 0});
        }
        continue;
      }
      order.push_back(block);
      stack.pop_back();
    }
  };
  for (Block &b : region)
    if (!isVisited(&b)) {
      walkFrom(&b);
      // MLIR restarts from the new front block after erasing what it
      // visited; the remaining blocks keep their order, so starting from
      // the first unvisited block matches.
    }
}

void RewriterBase::eraseOp(Operation *op) {
  assert(op->use_empty() && "expected 'op' to have no uses");
  Listener *l = getRewriterListener();
  if (!l) {
    op->erase();
    return;
  }
  if (op->getNumRegions() == 0) {
    l->notifyOperationErased(op);
    op->dropAllUses();
    op->erase();
    return;
  }
  // An explicit stack of ops whose nested IR is being erased. Each entry
  // erases its regions last to first; each region's blocks in post-order;
  // each block's ops last to first; then the op itself. The blocks of the
  // frames' current regions share one stack (`blocks`).
  struct Frame {
    Operation *op;
    int region;          // current region index (counts down)
    size_t blocksBegin;  // its blocks: blocks[blocksBegin, blocksEnd)
    size_t blocksEnd;
    size_t blockIndex;
    Operation *nextOp;   // next op to erase in blocks[blockIndex] (reverse order)
    bool started;
  };
  SmallVector<Frame, 8> stack;
  SmallVector<Block *, 16> blocks;
  stack.push_back(Frame{op, int(op->getNumRegions()) - 1, 0, 0, 0, nullptr, false});
  while (!stack.empty()) {
    Frame &f = stack.back();
    // Start the current region.
    if (!f.started) {
      f.started = true;
      blocks.resize(f.blocksBegin);
      f.blocksEnd = f.blocksBegin;
      f.blockIndex = f.blocksBegin;
      f.nextOp = nullptr;
      if (f.region >= 0) {
        postOrderBlocks(f.op->getRegion(f.region), blocks);
        f.blocksEnd = blocks.size();
        f.nextOp = f.blocksBegin == f.blocksEnd || blocks[f.blocksBegin]->empty() ? nullptr : &blocks[f.blocksBegin]->back();
      }
    }
    if (f.region < 0) {
      // All regions are empty: erase the op itself.
      Operation *done = f.op;
      blocks.resize(f.blocksBegin);
      stack.pop_back();
      l->notifyOperationErased(done);
      done->dropAllUses();
      done->erase();
      continue;
    }
    if (f.blockIndex < f.blocksEnd) {
      if (f.nextOp) {
        Operation *child = f.nextOp;
        f.nextOp = child->getPrevNode();
        if (child->getNumRegions() == 0) {
          l->notifyOperationErased(child);
          child->dropAllUses();
          child->erase();
        } else {
          size_t begin = blocks.size();
          // `f` is invalidated by the push.
          stack.push_back(Frame{child, int(child->getNumRegions()) - 1, begin, begin, begin, nullptr, false});
        }
        continue;
      }
      // This block's ops are gone; move to the next block.
      ++f.blockIndex;
      f.nextOp = f.blockIndex < f.blocksEnd && !blocks[f.blockIndex]->empty() ? &blocks[f.blockIndex]->back() : nullptr;
      continue;
    }
    // Every block of the region is empty: erase the blocks.
    for (size_t i = f.blocksBegin; i < f.blocksEnd; ++i) {
      Block *b = blocks[i];
      for (Value arg : b->getArguments())
        arg.dropAllUses();
      while (BlockOperand *use = b->getFirstUse())
        use->drop();
      l->notifyBlockErased(b);
      b->erase();
    }
    --f.region;
    f.started = false;
  }
}

void RewriterBase::eraseBlock(Block *block) {
  assert(block->hasNoPredecessors() && "expected 'block' to have no uses");
  while (!block->empty())
    eraseOp(&block->back());
  if (Listener *l = getRewriterListener())
    l->notifyBlockErased(block);
  block->erase();
}

//===----------------------------------------------------------------------===//
// RewriterBase: moving blocks and ops
//===----------------------------------------------------------------------===//

void RewriterBase::moveOpBefore(Operation *op, Block *block, Block::iterator before) {
  Block *prevBlock = op->getBlock();
  Block::iterator prevPoint = prevBlock ? Block::iterator(op->getNextNode(), &prevBlock->getOperations())
                                        : Block::iterator();
  if (prevBlock)
    op->remove();
  block->insert(before, op);
  if (listener)
    listener->notifyOperationInserted(op, InsertPoint(prevBlock, prevPoint));
}

void RewriterBase::moveOpBefore(Operation *op, Operation *existingOp) {
  moveOpBefore(op, existingOp->getBlock(), Block::iterator(existingOp, &existingOp->getBlock()->getOperations()));
}

void RewriterBase::moveOpAfter(Operation *op, Operation *existingOp) {
  Block *b = existingOp->getBlock();
  moveOpBefore(op, b, Block::iterator(existingOp->getNextNode(), &b->getOperations()));
}

void RewriterBase::moveBlockBefore(Block *block, Region *region, Region::iterator before) {
  Region *prevRegion = block->getParent();
  Region::iterator prevIt = prevRegion ? Region::iterator(block->getNextNode(), &prevRegion->getBlocks())
                                       : Region::iterator();
  if (prevRegion)
    prevRegion->getBlocks().remove(block);
  region->getBlocks().insert(before, block, region);
  if (listener)
    listener->notifyBlockInserted(block, prevRegion, prevIt);
}

void RewriterBase::moveBlockBefore(Block *block, Block *anotherBlock) {
  Region *r = anotherBlock->getParent();
  moveBlockBefore(block, r, Region::iterator(anotherBlock, &r->getBlocks()));
}

Operation *RewriterBase::eraseOpResults(Operation *op, const std::vector<bool> &eraseIndices) {
  assert(op->getNumResults() == eraseIndices.size() && "one bit per result");
  std::vector<Type> newTypes;
  for (unsigned i = 0, e = op->getNumResults(); i != e; ++i)
    if (!eraseIndices[i])
      newTypes.push_back(op->getResult(i).getType());
  InsertionGuard guard(*this);
  setInsertionPoint(op);
  OperationState state(op->getLoc(), op->getName());
  state.addOperands(op->getOperands());
  state.addTypes(ArrayRef<Type>(newTypes));
  state.addAttributes(op->getAttrs());
  state.addRegions(op->getNumRegions());
  Operation *newOp = create(state);
  for (unsigned i = 0, e = op->getNumRegions(); i != e; ++i) {
    Region &newRegion = newOp->getRegion(i);
    inlineRegionBefore(op->getRegion(i), newRegion, newRegion.begin());
  }
  std::vector<Value> replacements(op->getNumResults());
  unsigned next = 0;
  for (unsigned i = 0, e = op->getNumResults(); i != e; ++i)
    if (!eraseIndices[i])
      replacements[i] = newOp->getResult(next++);
  replaceOp(op, ValueRange(replacements));
  return newOp;
}

void RewriterBase::cloneRegionBefore(Region &region, Region &parent, Region::iterator before, IRMapping &mapping) {
  if (region.empty())
    return;
  region.cloneInto(&parent, before, mapping);
  Listener *l = getRewriterListener();
  if (!l)
    return;
  for (Block *b = mapping.lookupOrDefault(&region.front()); b && (before == parent.end() || b != &*before);
       b = b->getNextNode()) {
    l->notifyBlockInserted(b, nullptr, Region::iterator());
    std::vector<Operation *> stack;
    for (Operation *o = b->empty() ? nullptr : &b->back(); o; o = o->getPrevNode())
      stack.push_back(o);
    while (!stack.empty()) {
      Operation *o = stack.back();
      stack.pop_back();
      l->notifyOperationInserted(o, InsertPoint());
      for (unsigned r = o->getNumRegions(); r-- > 0;)
        for (Block *nb = o->getRegion(r).empty() ? nullptr : &o->getRegion(r).back(); nb; nb = nb->getPrevNode())
          for (Operation *no = nb->empty() ? nullptr : &nb->back(); no; no = no->getPrevNode())
            stack.push_back(no);
    }
  }
}

void RewriterBase::inlineRegionBefore(Region &region, Region &parent, Region::iterator before) {
  while (!region.empty())
    moveBlockBefore(&region.front(), &parent, before);
}

void RewriterBase::inlineRegionBefore(Region &region, Block *before) {
  Region *parent = before->getParent();
  inlineRegionBefore(region, *parent, Region::iterator(before, &parent->getBlocks()));
}

void RewriterBase::inlineBlockBefore(Block *source, Block *dest, Block::iterator before, ValueRange argValues) {
  assert(argValues.size() == source->getNumArguments() && "incorrect number of argument replacements");
  for (unsigned i = 0; i < argValues.size(); ++i)
    replaceAllUsesWith(source->getArgument(i), argValues[i]);
  while (!source->empty())
    moveOpBefore(&source->front(), dest, before);
  eraseBlock(source);
}

void RewriterBase::inlineBlockBefore(Block *source, Operation *op, ValueRange argValues) {
  inlineBlockBefore(source, op->getBlock(), Block::iterator(op, &op->getBlock()->getOperations()), argValues);
}

void RewriterBase::mergeBlocks(Block *source, Block *dest, ValueRange argValues) {
  inlineBlockBefore(source, dest, dest->end(), argValues);
}

Block *RewriterBase::splitBlock(Block *block, Block::iterator before) {
  InsertionGuard guard(*this);
  Region *region = block->getParent();
  Block *newBlock = createBlock(region, Region::iterator(block->getNextNode(), &region->getBlocks()));
  if (before == block->end())
    return newBlock;
  Operation *first = &*before;
  // Move ops from the back one by one until `first` has moved.
  while (first->getBlock() != newBlock)
    moveOpBefore(&block->back(), newBlock, newBlock->begin());
  return newBlock;
}

LogicalResult RewriterBase::notifyMatchFailure(Location loc, function_ref<void(Diagnostic &)> reasonCallback) {
  if (Listener *l = getRewriterListener())
    l->notifyMatchFailure(loc, reasonCallback);
  return failure();
}
