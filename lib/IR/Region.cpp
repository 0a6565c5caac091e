//===- Region.cpp - Regions -----------------------------------------------===//
#include "lamina/IR/Region.h"

using namespace lamina;

Region::~Region() {
  // Destroy blocks non-recursively via Operation::destroy of nested ops.
  for (Block &b : *this)
    b.dropAllReferences();
  while (!empty()) {
    Block *b = &front();
    blocks.remove(b);
    delete b;
  }
}

MLIRContext *Region::getContext() const { return container->getContext(); }
Location Region::getLoc() const { return container->getLoc(); }
bool Region::hasOneBlock() const { return !empty() && front().getNextNode() == nullptr; }

Block *Region::emplaceBlock() {
  Block *b = new Block();
  push_back(b);
  return b;
}

Region *Region::getParentRegion() const { return container ? container->getParentRegion() : nullptr; }

unsigned Region::getRegionNumber() const { return unsigned(this - &container->getRegion(0)); }

bool Region::isAncestor(Region *other) const {
  while (other && other != this)
    other = other->getParentRegion();
  return other == this;
}

Block *Region::findAncestorBlockInRegion(Block &block) const {
  Block *cur = &block;
  while (cur && cur->getParent() != this) {
    Operation *parentOp = cur->getParentOp();
    cur = parentOp ? parentOp->getBlock() : nullptr;
  }
  return cur;
}

Operation *Region::findAncestorOpInRegion(Operation &op) const {
  Operation *cur = &op;
  while (cur && cur->getParentRegion() != this)
    cur = cur->getParentOp();
  return cur;
}

void Region::takeBody(Region &other) {
  dropAllReferences();
  clear();
  while (!other.empty()) {
    Block *b = &other.front();
    other.blocks.remove(b);
    blocks.push_back(b, this);
  }
}

void Region::dropAllReferences() {
  for (Block &b : *this)
    b.dropAllReferences();
}

void Region::clear() {
  while (!empty()) {
    Block *b = &front();
    blocks.remove(b);
    delete b;
  }
}

ValueRange Region::getArguments() const { return empty() ? ValueRange() : front().getArguments(); }
Type Region::getArgumentType(unsigned i) const { return front().getArgument(i).getType(); }

