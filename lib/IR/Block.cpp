//===- Block.cpp - Basic blocks -------------------------------------------===//
#include "lamina/IR/Block.h"

using namespace lamina;

Block::~Block() {
  // Ops must have been removed or are destroyed here.
  while (!operations.empty()) {
    Operation *op = &operations.front();
    operations.remove(op);
    op->destroy();
  }
  // Uses of the arguments and predecessor edges from IR that is not being
  // freed with this block are unlinked (see "Teardown" in Operation.h).
  for (auto *arg : arguments) {
    while (OpOperand *use = arg->firstUse)
      use->drop();
    delete arg;
  }
  while (firstUse)
    firstUse->drop();
}

Operation *Block::getParentOp() const { return parent ? parent->getParentOp() : nullptr; }
bool Block::isEntryBlock() const { return parent && &parent->front() == this; }

void Block::insertBefore(Block *block) {
  assert(!parent && "block already has a parent");
  block->parent->getBlocks().insert(Region::iterator(block), this, block->parent);
}

void Block::insertAfter(Block *block) {
  assert(!parent && "block already has a parent");
  auto it = Region::iterator(block);
  ++it;
  block->parent->getBlocks().insert(it, this, block->parent);
}

void Block::moveBefore(Block *block) {
  if (parent)
    parent->getBlocks().remove(this);
  insertBefore(block);
}

void Block::erase() {
  if (parent)
    parent->getBlocks().remove(this);
  // Drop references from nested ops first (they may use values of ops
  // being deleted in any order).
  for (Operation &op : *this)
    op.dropAllReferences();
  delete this;
}

std::vector<Type> Block::getArgumentTypes() const {
  std::vector<Type> r;
  for (auto *a : arguments)
    r.push_back(a->type);
  return r;
}

BlockArgument Block::addArgument(Type type, PackedLocation loc) {
  auto *impl = new detail::BlockArgumentImpl(type, this, arguments.size(), loc);
  arguments.push_back(impl);
  return BlockArgument(impl);
}

BlockArgument Block::insertArgument(unsigned index, Type type, Location loc) {
  auto *impl = new detail::BlockArgumentImpl(type, this, index, loc);
  arguments.insert(arguments.begin() + index, impl);
  for (unsigned i = index + 1; i < arguments.size(); ++i)
    arguments[i]->index = i;
  return BlockArgument(impl);
}

void Block::addArguments(TypeRange types, ArrayRef<Location> locs) {
  for (size_t i = 0; i < types.size(); ++i)
    addArgument(types[i], locs[i]);
}

void Block::eraseArgument(unsigned index) { eraseArguments(index, 1); }

void Block::eraseArguments(unsigned start, unsigned num) {
  for (unsigned i = start; i < start + num; ++i) {
    assert(!arguments[i]->firstUse && "erasing a block argument that still has uses");
    delete arguments[i];
  }
  arguments.erase(arguments.begin() + start, arguments.begin() + start + num);
  for (unsigned i = start; i < arguments.size(); ++i)
    arguments[i]->index = i;
}

void Block::push_back(Operation *op) {
  operations.push_back(op, this);
  updateOrderOnInsert(op);
}

void Block::push_front(Operation *op) {
  operations.push_front(op, this);
  updateOrderOnInsert(op);
}

void Block::insert(iterator pos, Operation *op) {
  operations.insert(pos, op, this);
  updateOrderOnInsert(op);
}

Operation *Block::getTerminator() const {
  if (empty())
    return nullptr;
  Operation *last = &back();
  return last->mightHaveTrait<OpTrait::IsTerminator>() ? last : nullptr;
}

bool Block::mightHaveTerminator() const { return !empty() && back().mightHaveTrait<OpTrait::IsTerminator>(); }

Operation *Block::findAncestorOpInBlock(Operation &op) const {
  Operation *cur = &op;
  while (cur && cur->getBlock() != this)
    cur = cur->getParentOp();
  return cur;
}

void Block::splice(Block *other, iterator first) {
  operations.splice(end(), other->operations, first, other->end(), this);
  orderValid = false;
}

bool Block::hasNoSuccessors() const { return getNumSuccessors() == 0; }

Block *Block::getSinglePredecessor() const {
  if (!firstUse || firstUse->getNextOperandUsingThisValue())
    return nullptr;
  return firstUse->getOwner()->getBlock();
}

Block *Block::getUniquePredecessor() const {
  Block *pred = nullptr;
  for (BlockOperand *u = firstUse; u; u = u->getNextOperandUsingThisValue()) {
    Block *b = u->getOwner()->getBlock();
    if (pred && pred != b)
      return nullptr;
    pred = b;
  }
  return pred;
}

std::vector<Block *> Block::getPredecessors() const {
  std::vector<Block *> r;
  for (BlockOperand *u = firstUse; u; u = u->getNextOperandUsingThisValue())
    r.push_back(u->getOwner()->getBlock());
  return r;
}

unsigned Block::getNumSuccessors() const {
  if (empty() || !back().mightHaveTrait<OpTrait::IsTerminator>())
    return 0;
  return back().getNumSuccessors();
}

Block *Block::getSuccessor(unsigned i) const { return back().getSuccessor(i); }

std::vector<Block *> Block::getSuccessors() const {
  if (empty())
    return {};
  return back().getSuccessors();
}

bool Block::isReachable(Block *other) const {
  std::vector<const Block *> worklist{this};
  std::vector<const Block *> seen{this};
  while (!worklist.empty()) {
    const Block *b = worklist.back();
    worklist.pop_back();
    for (Block *s : b->getSuccessors()) {
      if (s == other)
        return true;
      if (std::find(seen.begin(), seen.end(), s) == seen.end()) {
        seen.push_back(s);
        worklist.push_back(s);
      }
    }
  }
  return false;
}

void Block::dropAllReferences() {
  for (Operation &op : *this)
    op.dropAllReferences();
}

void Block::dropAllDefinedValueUses() {
  for (Value arg : getArguments())
    arg.dropAllUses();
  for (Operation &op : *this)
    op.dropAllDefinedValueUses();
  // The block itself is defined here too: branches to it (its own, or
  // another dead block's) lose their successor, as in MLIR.
  while (firstUse)
    firstUse->drop();
}

// Op order indices are spaced by kOrderStride (MLIR's scheme): an op
// inserted into a valid order takes the middle of the gap around it, or the
// next stride at the end, so a block being built or edited keeps its order
// without renumbering; a gap too small invalidates the order, recomputed on
// the next query.
static constexpr unsigned kOrderStride = 5;

void Block::recomputeOpOrder() {
  unsigned i = 0;
  for (Operation &op : *this)
    op.orderIndex = (i += kOrderStride);
  orderValid = true;
}

void Block::updateOrderOnInsert(Operation *op) {
  if (!orderValid)
    return;
  Operation *prev = op->getPrevNode(), *next = op->getNextNode();
  unsigned lo = prev ? prev->orderIndex : 0;
  if (!next) {
    if (lo > ~0u - kOrderStride)
      orderValid = false;
    else
      op->orderIndex = lo + kOrderStride;
    return;
  }
  unsigned hi = next->orderIndex;
  if (hi <= lo + 1)
    orderValid = false;
  else
    op->orderIndex = lo + (hi - lo) / 2;
}

