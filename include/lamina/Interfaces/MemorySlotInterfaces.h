//===- MemorySlotInterfaces.h - Promotable and destructurable memory ------===//
//
// The interfaces mem2reg and sroa work through (MLIR's MemorySlotInterfaces):
//
//   PromotableAllocationOpInterface   an op allocating slots that may become
//                                     SSA values (memref.alloca)
//   PromotableMemOpInterface          an op loading from / storing to a slot
//                                     (memref.load, memref.store)
//   PromotableOpInterface             an op that can stop using a slot
//                                     pointer without knowing its content
//   DestructurableAllocationOpInterface  an op allocating an aggregate slot
//                                     that may be split into its elements
//   SafeMemorySlotAccessOpInterface   an op using a slot only within bounds
//   DestructurableAccessorOpInterface an op accessing one element of an
//                                     aggregate slot, able to use the
//                                     element's own slot instead
//
// Differences from MLIR: no DataLayout argument (no op of Lamina's dialects
// needs one yet), blocking uses are passed as an insertion-ordered list (the
// order MLIR's small pointer sets iterate in), subelement indices as an
// insertion-ordered set, and subelement maps as small vectors of pairs.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "lamina/IR/Builders.h"
#include "lamina/IR/OpInterface.h"

#include <optional>
#include <utility>
#include <vector>

namespace lamina {

/// A slot of memory: the pointer to it and the type of its content.
struct MemorySlot {
  Value ptr;
  Type elemType;
};

/// A slot whose content is an aggregate: its elements' types by index.
struct DestructurableMemorySlot : MemorySlot {
  std::vector<std::pair<Attribute, Type>> subelementTypes;

  /// The type at `index`, or null.
  Type lookupSubelement(Attribute index) const {
    for (const auto &[attr, type] : subelementTypes)
      if (attr == index)
        return type;
    return Type();
  }
};

/// Subelement indices in insertion order, each once.
class SubelementIndexSet {
public:
  bool insert(Attribute index) {
    if (contains(index))
      return false;
    indices.push_back(index);
    return true;
  }
  bool contains(Attribute index) const {
    for (Attribute a : indices)
      if (a == index)
        return true;
    return false;
  }
  size_t size() const { return indices.size(); }
  auto begin() const { return indices.begin(); }
  auto end() const { return indices.end(); }

private:
  std::vector<Attribute> indices;
};

/// The slots an aggregate slot was split into, by subelement index.
class SubslotMap {
public:
  void insert(Attribute index, MemorySlot slot) { entries.emplace_back(index, slot); }
  /// The slot of `index` (asserts it exists).
  const MemorySlot &at(Attribute index) const {
    for (const auto &entry : entries)
      if (entry.first == index)
        return entry.second;
    assert(false && "no subslot at this index");
    return entries.front().second;
  }
  size_t size() const { return entries.size(); }

private:
  std::vector<std::pair<Attribute, MemorySlot>> entries;
};

/// Whether an op that stopped using a slot should be erased.
enum class DeletionKind { Keep, Delete };

using BlockingUses = ArrayRef<OpOperand *>;

//===----------------------------------------------------------------------===//
// PromotableAllocationOpInterface
//===----------------------------------------------------------------------===//

struct PromotableAllocationOpInterfaceConcept {
  /// The slots promotion may be attempted on (no IR mutation).
  void (*getPromotableSlots)(Operation *op, SmallVectorImpl<MemorySlot> &slots) = nullptr;
  /// The content of `slot` before any store; the builder is at the start of
  /// the slot pointer's block.
  Value (*getDefaultValue)(Operation *op, const MemorySlot &slot, OpBuilder &builder) = nullptr;
  /// Called for each block argument promotion adds (builder at its block's
  /// start).
  void (*handleBlockArgument)(Operation *op, const MemorySlot &slot, BlockArgument argument,
                              OpBuilder &builder) = nullptr;
  /// Called once `slot` is promoted; returns the allocator replacing this
  /// one (an op of several slots shrinking), or null.
  Operation *(*handlePromotionComplete)(Operation *op, const MemorySlot &slot, Value defaultValue,
                                        OpBuilder &builder) = nullptr;
};

class PromotableAllocationOpInterface
    : public OpInterface<PromotableAllocationOpInterface, PromotableAllocationOpInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "PromotableAllocationOpInterface"; }
  static std::string_view getMissingMethod(const Concept &c) {
    if (!c.getPromotableSlots)
      return "getPromotableSlots";
    if (!c.getDefaultValue)
      return "getDefaultValue";
    if (!c.handleBlockArgument)
      return "handleBlockArgument";
    return c.handlePromotionComplete ? "" : "handlePromotionComplete";
  }

  void getPromotableSlots(SmallVectorImpl<MemorySlot> &slots) const {
    getImpl()->getPromotableSlots(getOperation(), slots);
  }
  Value getDefaultValue(const MemorySlot &slot, OpBuilder &builder) const {
    return getImpl()->getDefaultValue(getOperation(), slot, builder);
  }
  void handleBlockArgument(const MemorySlot &slot, BlockArgument argument, OpBuilder &builder) const {
    getImpl()->handleBlockArgument(getOperation(), slot, argument, builder);
  }
  Operation *handlePromotionComplete(const MemorySlot &slot, Value defaultValue, OpBuilder &builder) const {
    return getImpl()->handlePromotionComplete(getOperation(), slot, defaultValue, builder);
  }
};

//===----------------------------------------------------------------------===//
// PromotableMemOpInterface
//===----------------------------------------------------------------------===//

struct PromotableMemOpInterfaceConcept {
  bool (*loadsFrom)(Operation *op, const MemorySlot &slot) = nullptr;
  bool (*storesTo)(Operation *op, const MemorySlot &slot) = nullptr;
  /// The value stored to `slot` (builder right after the op; no erasure).
  Value (*getStored)(Operation *op, const MemorySlot &slot, OpBuilder &builder, Value reachingDef) = nullptr;
  /// Whether the op can stop using `blockingUses`; uses of its results that
  /// must go as well are appended to `newBlockingUses` (no IR mutation).
  bool (*canUsesBeRemoved)(Operation *op, const MemorySlot &slot, BlockingUses blockingUses,
                           SmallVectorImpl<OpOperand *> &newBlockingUses) = nullptr;
  /// Stops using the slot, given the value it holds right before the op
  /// (builder right after the op; erases nothing, but may ask to be erased).
  DeletionKind (*removeBlockingUses)(Operation *op, const MemorySlot &slot, BlockingUses blockingUses,
                                     OpBuilder &builder, Value reachingDefinition) = nullptr;
};

class PromotableMemOpInterface : public OpInterface<PromotableMemOpInterface, PromotableMemOpInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "PromotableMemOpInterface"; }
  static std::string_view getMissingMethod(const Concept &c) {
    if (!c.loadsFrom)
      return "loadsFrom";
    if (!c.storesTo)
      return "storesTo";
    if (!c.getStored)
      return "getStored";
    if (!c.canUsesBeRemoved)
      return "canUsesBeRemoved";
    return c.removeBlockingUses ? "" : "removeBlockingUses";
  }

  bool loadsFrom(const MemorySlot &slot) const { return getImpl()->loadsFrom(getOperation(), slot); }
  bool storesTo(const MemorySlot &slot) const { return getImpl()->storesTo(getOperation(), slot); }
  Value getStored(const MemorySlot &slot, OpBuilder &builder, Value reachingDef) const {
    return getImpl()->getStored(getOperation(), slot, builder, reachingDef);
  }
  bool canUsesBeRemoved(const MemorySlot &slot, BlockingUses blockingUses,
                        SmallVectorImpl<OpOperand *> &newBlockingUses) const {
    return getImpl()->canUsesBeRemoved(getOperation(), slot, blockingUses, newBlockingUses);
  }
  DeletionKind removeBlockingUses(const MemorySlot &slot, BlockingUses blockingUses, OpBuilder &builder,
                                  Value reachingDefinition) const {
    return getImpl()->removeBlockingUses(getOperation(), slot, blockingUses, builder, reachingDefinition);
  }
};

//===----------------------------------------------------------------------===//
// PromotableOpInterface
//===----------------------------------------------------------------------===//

struct PromotableOpInterfaceConcept {
  bool (*canUsesBeRemoved)(Operation *op, BlockingUses blockingUses,
                           SmallVectorImpl<OpOperand *> &newBlockingUses) = nullptr;
  DeletionKind (*removeBlockingUses)(Operation *op, BlockingUses blockingUses, OpBuilder &builder) = nullptr;
  /// Whether visitReplacedValues should run once the slot is promoted
  /// (default: no).
  bool (*requiresReplacedValues)(Operation *op) = nullptr;
  /// Sees the values that replaced the slot's content, each with the memory
  /// op that stored it (builder right after the op; no erasure).
  void (*visitReplacedValues)(Operation *op, ArrayRef<std::pair<Operation *, Value>> mutatedDefs,
                              OpBuilder &builder) = nullptr;
};

class PromotableOpInterface : public OpInterface<PromotableOpInterface, PromotableOpInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "PromotableOpInterface"; }
  static std::string_view getMissingMethod(const Concept &c) {
    if (!c.canUsesBeRemoved)
      return "canUsesBeRemoved";
    return c.removeBlockingUses ? "" : "removeBlockingUses";
  }

  bool canUsesBeRemoved(BlockingUses blockingUses, SmallVectorImpl<OpOperand *> &newBlockingUses) const {
    return getImpl()->canUsesBeRemoved(getOperation(), blockingUses, newBlockingUses);
  }
  DeletionKind removeBlockingUses(BlockingUses blockingUses, OpBuilder &builder) const {
    return getImpl()->removeBlockingUses(getOperation(), blockingUses, builder);
  }
  bool requiresReplacedValues() const {
    return getImpl()->requiresReplacedValues && getImpl()->requiresReplacedValues(getOperation());
  }
  void visitReplacedValues(ArrayRef<std::pair<Operation *, Value>> mutatedDefs, OpBuilder &builder) const {
    if (getImpl()->visitReplacedValues)
      getImpl()->visitReplacedValues(getOperation(), mutatedDefs, builder);
  }
};

//===----------------------------------------------------------------------===//
// DestructurableAllocationOpInterface
//===----------------------------------------------------------------------===//

struct DestructurableAllocationOpInterfaceConcept {
  /// The aggregate slots destructuring may be attempted on (no mutation).
  void (*getDestructurableSlots)(Operation *op, std::vector<DestructurableMemorySlot> &slots) = nullptr;
  /// Allocates a slot per used index (builder at the start of the slot
  /// pointer's block); new allocators are appended to `newAllocators`.
  SubslotMap (*destructure)(Operation *op, const DestructurableMemorySlot &slot,
                            const SubelementIndexSet &usedIndices, OpBuilder &builder,
                            SmallVectorImpl<Operation *> &newAllocators) = nullptr;
  /// Called once the original slot is unused; returns the allocator
  /// replacing this one, or null.
  Operation *(*handleDestructuringComplete)(Operation *op, const DestructurableMemorySlot &slot,
                                            OpBuilder &builder) = nullptr;
};

class DestructurableAllocationOpInterface
    : public OpInterface<DestructurableAllocationOpInterface, DestructurableAllocationOpInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "DestructurableAllocationOpInterface"; }
  static std::string_view getMissingMethod(const Concept &c) {
    if (!c.getDestructurableSlots)
      return "getDestructurableSlots";
    if (!c.destructure)
      return "destructure";
    return c.handleDestructuringComplete ? "" : "handleDestructuringComplete";
  }

  void getDestructurableSlots(std::vector<DestructurableMemorySlot> &slots) const {
    getImpl()->getDestructurableSlots(getOperation(), slots);
  }
  SubslotMap destructure(const DestructurableMemorySlot &slot, const SubelementIndexSet &usedIndices,
                         OpBuilder &builder, SmallVectorImpl<Operation *> &newAllocators) const {
    return getImpl()->destructure(getOperation(), slot, usedIndices, builder, newAllocators);
  }
  Operation *handleDestructuringComplete(const DestructurableMemorySlot &slot, OpBuilder &builder) const {
    return getImpl()->handleDestructuringComplete(getOperation(), slot, builder);
  }
};

//===----------------------------------------------------------------------===//
// SafeMemorySlotAccessOpInterface
//===----------------------------------------------------------------------===//

struct SafeMemorySlotAccessOpInterfaceConcept {
  /// Whether every access of the op to `slot` stays within its type's
  /// bounds, given that the slots it appends to `mustBeSafelyUsed` are
  /// themselves used safely (no mutation).
  LogicalResult (*ensureOnlySafeAccesses)(Operation *op, const MemorySlot &slot,
                                          SmallVectorImpl<MemorySlot> &mustBeSafelyUsed) = nullptr;
};

class SafeMemorySlotAccessOpInterface
    : public OpInterface<SafeMemorySlotAccessOpInterface, SafeMemorySlotAccessOpInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "SafeMemorySlotAccessOpInterface"; }
  static std::string_view getMissingMethod(const Concept &c) {
    return c.ensureOnlySafeAccesses ? "" : "ensureOnlySafeAccesses";
  }

  LogicalResult ensureOnlySafeAccesses(const MemorySlot &slot, SmallVectorImpl<MemorySlot> &mustBeSafelyUsed) const {
    return getImpl()->ensureOnlySafeAccesses(getOperation(), slot, mustBeSafelyUsed);
  }
};

//===----------------------------------------------------------------------===//
// DestructurableAccessorOpInterface
//===----------------------------------------------------------------------===//

struct DestructurableAccessorOpInterfaceConcept {
  /// Whether the op can use the subslots instead of `slot`; records the
  /// indices it accesses and the slots that must be used safely (no
  /// mutation).
  bool (*canRewire)(Operation *op, const DestructurableMemorySlot &slot, SubelementIndexSet &usedIndices,
                    SmallVectorImpl<MemorySlot> &mustBeSafelyUsed) = nullptr;
  /// Uses the subslots instead of `slot` (erases nothing, but may ask to be
  /// erased).
  DeletionKind (*rewire)(Operation *op, const DestructurableMemorySlot &slot, const SubslotMap &subslots,
                         OpBuilder &builder) = nullptr;
};

class DestructurableAccessorOpInterface
    : public OpInterface<DestructurableAccessorOpInterface, DestructurableAccessorOpInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "DestructurableAccessorOpInterface"; }
  static std::string_view getMissingMethod(const Concept &c) {
    if (!c.canRewire)
      return "canRewire";
    return c.rewire ? "" : "rewire";
  }

  bool canRewire(const DestructurableMemorySlot &slot, SubelementIndexSet &usedIndices,
                 SmallVectorImpl<MemorySlot> &mustBeSafelyUsed) const {
    return getImpl()->canRewire(getOperation(), slot, usedIndices, mustBeSafelyUsed);
  }
  DeletionKind rewire(const DestructurableMemorySlot &slot, const SubslotMap &subslots, OpBuilder &builder) const {
    return getImpl()->rewire(getOperation(), slot, subslots, builder);
  }
};

} // namespace lamina
