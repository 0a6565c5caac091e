//===- Region.h - Ordered lists of blocks ---------------------------------===//
//
// A Region belongs to an operation and holds its blocks (an intrusive list).
// Ownership and teardown: see Operation.h.
//
#pragma once

#include "lamina/IR/OperationSupport.h"
#include "lamina/IR/Visitors.h"
#include "lamina/Support/IntrusiveList.h"

namespace lamina {

class Block;
class IRMapping;
class Operation;

/// An ordered list of blocks attached to an operation.
class Region {
public:
  using BlockListType = IntrusiveList<Block, Region>;
  using iterator = BlockListType::iterator;
  using reverse_iterator = BlockListType::reverse_iterator;

  Region() = default;
  explicit Region(Operation *container) : container(container) {}
  Region(const Region &) = delete;
  Region &operator=(const Region &) = delete;
  ~Region();

  MLIRContext *getContext() const;
  Location getLoc() const;
  BlockListType &getBlocks() { return blocks; }
  const BlockListType &getBlocks() const { return blocks; }
  iterator begin() const { return blocks.begin(); }
  iterator end() const { return blocks.end(); }
  reverse_iterator rbegin() const { return blocks.rbegin(); }
  reverse_iterator rend() const { return blocks.rend(); }
  bool empty() const { return blocks.empty(); }
  Block &front() const { return blocks.front(); }
  Block &back() const { return blocks.back(); }
  bool hasOneBlock() const;
  size_t getNumBlocks() const { return blocks.size(); }

  void push_back(Block *block) { blocks.push_back(block, this); }
  void push_front(Block *block) { blocks.push_front(block, this); }
  /// Creates an empty block at the end.
  Block *emplaceBlock();

  /// The operation this region belongs to.
  Operation *getParentOp() const { return container; }
  /// The region containing the parent operation (null at the top).
  Region *getParentRegion() const;
  unsigned getRegionNumber() const;
  /// True if `other` is this region or nested inside it.
  bool isAncestor(Region *other) const;
  bool isProperAncestor(Region *other) const { return this != other && isAncestor(other); }
  /// The ancestor of `block` that is directly in this region, or null.
  Block *findAncestorBlockInRegion(Block &block) const;
  Operation *findAncestorOpInRegion(Operation &op) const;

  /// Moves all blocks of `other` into this region (at the end or before `pos`).
  void takeBody(Region &other);
  /// Clones the blocks of this region before `destPos` in `dest`, values
  /// and blocks looked up in (and recorded into) `mapper`.
  void cloneInto(Region *dest, iterator destPos, IRMapping &mapper) const;
  /// Destroys every block (and the operations in them).
  void dropAllReferences();
  void clear();

  /// Arguments of the entry block.
  ValueRange getArguments() const;
  Type getArgumentType(unsigned i) const;

  template <typename FnT> WalkResult walk(FnT &&callback);

private:
  friend class Operation;
  void setContainer(Operation *op) { container = op; }
  BlockListType blocks;
  Operation *container = nullptr;
};

} // namespace lamina

// Region, Block and Operation refer to each other: each of their headers
// includes the next at its end, so whichever is included first, all three
// are complete (with the walk templates of Operation.h) when it returns.
#include "lamina/IR/Block.h"
