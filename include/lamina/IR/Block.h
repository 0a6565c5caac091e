//===- Block.h - Basic blocks: arguments and a list of operations ---------===//
//
// A Block holds its arguments and an intrusive list of operations; it sits
// in a region, and branches name it as a successor (its use-list holds the
// predecessors). Ownership and teardown: see Operation.h.
//
#pragma once

#include "lamina/IR/OperationSupport.h"
#include "lamina/IR/Visitors.h"
#include "lamina/Support/IntrusiveList.h"

#include <vector>

namespace lamina {

class AsmState;
class Operation;
class Region;
class raw_ostream;

/// A list of operations with arguments; the unit of control flow.
class Block : public IntrusiveListNode<Block> {
public:
  using OpListType = IntrusiveList<Operation, Block>;
  using iterator = OpListType::iterator;
  using reverse_iterator = OpListType::reverse_iterator;

  Block() = default;
  Block(const Block &) = delete;
  ~Block();

  /// The region this block is in (null if detached).
  Region *getParent() const { return parent; }
  Operation *getParentOp() const;
  bool isEntryBlock() const;
  void insertBefore(Block *block);
  void insertAfter(Block *block);
  void moveBefore(Block *block);
  /// Unlinks the block from its region and deletes it.
  void erase();

  // Arguments.
  ValueRange getArguments() const {
    return ValueRange::ofBlockArgs(arguments.data(), arguments.size());
  }
  BlockArgument getArgument(unsigned i) const { return BlockArgument(arguments[i]); }
  unsigned getNumArguments() const { return arguments.size(); }
  bool args_empty() const { return arguments.empty(); }
  std::vector<Type> getArgumentTypes() const;
  BlockArgument addArgument(Type type, Location loc) { return addArgument(type, PackedLocation(loc)); }
  BlockArgument addArgument(Type type, PackedLocation loc);
  BlockArgument insertArgument(unsigned index, Type type, Location loc);
  void addArguments(TypeRange types, ArrayRef<Location> locs);
  void eraseArgument(unsigned index);
  void eraseArguments(unsigned start, unsigned num);

  // Operations.
  OpListType &getOperations() { return operations; }
  const OpListType &getOperations() const { return operations; }
  iterator begin() const { return operations.begin(); }
  iterator end() const { return operations.end(); }
  reverse_iterator rbegin() const { return operations.rbegin(); }
  reverse_iterator rend() const { return operations.rend(); }
  bool empty() const { return operations.empty(); }
  Operation &front() const { return operations.front(); }
  Operation &back() const { return operations.back(); }
  void push_back(Operation *op);
  void push_front(Operation *op);
  /// Inserts before `pos`.
  void insert(iterator pos, Operation *op);
  /// The last operation if it is (or may be) a terminator, else null.
  Operation *getTerminator() const;
  bool mightHaveTerminator() const;
  /// Operations without the terminator.
  template <typename OpT> auto getOps() const;
  /// Finds the ancestor of `op` directly in this block.
  Operation *findAncestorOpInBlock(Operation &op) const;
  /// Moves ops [first, end) of `other` to the end of this block.
  void splice(Block *other, iterator first);

  // Predecessors and successors.
  bool hasNoPredecessors() const { return !firstUse; }
  bool hasNoSuccessors() const;
  Block *getSinglePredecessor() const;
  Block *getUniquePredecessor() const;
  BlockOperand *getFirstUse() const { return firstUse; }
  std::vector<Block *> getPredecessors() const;
  unsigned getNumSuccessors() const;
  Block *getSuccessor(unsigned i) const;
  std::vector<Block *> getSuccessors() const;
  bool isReachable(Block *other) const;

  /// Drops all operand references of nested ops (prepares for deletion).
  void dropAllReferences();
  void dropAllDefinedValueUses();
  /// Whether op order indices are valid; used by isBeforeInBlock.
  bool isOpOrderValid() const { return orderValid; }
  void invalidateOpOrder() { orderValid = false; }
  void recomputeOpOrder();
  /// Gives `op`, just inserted, an order index if the order is valid.
  void updateOrderOnInsert(Operation *op);

  void print(raw_ostream &os) const;
  void printAsOperand(raw_ostream &os, AsmState &state) const;
  void dump() const;

  template <typename FnT> WalkResult walk(FnT &&callback);

  /// Called by the region's list.
  void setParentFromList(Region *region) { parent = region; }

private:
  friend class BlockOperand;
  friend class Operation;
  Region *parent = nullptr;
  OpListType operations;
  std::vector<detail::BlockArgumentImpl *> arguments;
  BlockOperand *firstUse = nullptr;
  bool orderValid = false;
};

} // namespace lamina

// See the end of Region.h.
#include "lamina/IR/Operation.h"
