//===- Operation.h - Operations ------------------------------------------===//
//
// The IR's containers. An Operation is one allocation holding its results
// (before the object, in reverse), successors, regions, operands and
// property slots (after it). Blocks (Block.h) hold an intrusive list of
// operations; regions (Region.h) an intrusive list of blocks; values and
// their use-lists are in Value.h. Nothing here recurses on nesting depth:
// walks and destruction use explicit worklists.
//
// Teardown. Freeing IR never leaves a use-list or predecessor list pointing
// into freed memory, whatever order its pieces are freed in:
//  1. What is freed together (an op with everything nested, a block, a
//     region, the regions of an OperationState) first unlinks every
//     reference it holds (operands, successors) and only then frees, so the
//     ops inside may use each other's values in any order.
//  2. A value (result, block argument) or a block freed while IR that is
//     not freed with it still uses it unlinks those uses, which become null.
// Rule 2 is what error paths rely on. A parser or reader that fails holds
// half-built IR in several owners at once, freed as the C++ stack unwinds,
// innermost first: pending generic ops and their regions, then the
// OperationState of each enclosing custom op, then the parser's
// forward-reference placeholders and undefined blocks, then the top-level
// module of the parse (or of a parallel chunk). Forward references let an
// outer op use a value defined in an inner region freed earlier, so no
// order is right for every input; rule 2 makes every order safe. IR that
// survives with a null operand is a bug outside error paths: passes replace
// the uses of what they erase.
//
#pragma once

#include "lamina/IR/OperationSupport.h"
#include "lamina/IR/Region.h"

#include <cstddef>
#include <iterator>
#include <vector>

namespace lamina {

class IRMapping;

//===----------------------------------------------------------------------===//
// Operation
//===----------------------------------------------------------------------===//

/// An operation: the unit of IR. Create with `Operation::create`, destroy
/// with `erase()` (unlinks) or `destroy()` (detached).
class alignas(8) Operation : public IntrusiveListNode<Operation> {
public:
  /// Creates a detached operation. Regions in `state` are moved in.
  static Operation *create(OperationState &state);
  static Operation *create(PackedLocation loc, OperationName name, TypeRange resultTypes, ValueRange operands,
                           NamedAttrList &&attributes, Attribute properties, ArrayRef<Block *> successors,
                           unsigned numRegions);
  static Operation *create(Location loc, OperationName name, TypeRange resultTypes, ValueRange operands,
                           NamedAttrList &&attributes, Attribute properties, ArrayRef<Block *> successors,
                           unsigned numRegions) {
    return create(PackedLocation(loc), name, resultTypes, operands, std::move(attributes), properties, successors,
                  numRegions);
  }

  /// Unlinks from the parent block (if any) and deletes, with everything
  /// nested. Non-recursive.
  void erase();
  /// Deletes a detached operation.
  void destroy();
  /// Unlinks from the parent block without deleting.
  void remove();

  OperationName getName() const { return name; }
  MLIRContext *getContext() const { return name.getContext(); }
  Dialect *getDialect() const { return name.getDialect(); }
  bool isRegistered() const { return name.isRegistered(); }
  /// The location (created now if the parser recorded it packed).
  Location getLoc() const { return location.get(getContext()); }
  void setLoc(Location loc) { location = loc; }
  /// Sets the location as another op stores it (packed or not).
  void setLoc(PackedLocation loc) { location = loc; }
  PackedLocation getPackedLoc() const { return location; }

  Block *getBlock() const { return block; }
  Region *getParentRegion() const;
  Operation *getParentOp() const;
  template <typename OpTy> OpTy getParentOfType() const;
  /// True if this op is an ancestor of `other` (or `other` itself).
  bool isAncestor(Operation *other) const;
  bool isProperAncestor(Operation *other) const;
  /// Order within the parent block.
  bool isBeforeInBlock(Operation *other) const;
  void moveBefore(Operation *existingOp);
  void moveAfter(Operation *existingOp);

  // Operands.
  unsigned getNumOperands() const { return numOperands; }
  Value getOperand(unsigned i) const { return operands[i].get(); }
  void setOperand(unsigned i, Value v) { operands[i].set(v); }
  OpOperand &getOpOperand(unsigned i) { return operands[i]; }
  MutableArrayRef<OpOperand> getOpOperands() { return MutableArrayRef<OpOperand>(operands, numOperands); }
  OperandRange getOperands() const { return ValueRange::ofOperands(operands, numOperands); }
  std::vector<Type> getOperandTypes() const;
  /// Replaces all operands (may reallocate operand storage).
  void setOperands(ValueRange newOperands);
  void setOperands(unsigned start, unsigned length, ValueRange newOperands);
  void insertOperands(unsigned index, ValueRange newOperands);
  void eraseOperand(unsigned index) { eraseOperands(index, 1); }
  void eraseOperands(unsigned index, unsigned length);

  // Results.
  unsigned getNumResults() const { return numResults; }
  OpResult getResult(unsigned i) const { return OpResult(getOpResultImpl(i)); }
  ResultRange getResults() const {
    return ValueRange::ofResults(numResults ? getOpResultImpl(0) : nullptr, numResults);
  }
  std::vector<Type> getResultTypes() const;
  Type getResultType(unsigned i) const { return getResult(i).getType(); }
  bool use_empty() const;
  void replaceAllUsesWith(ValueRange values);
  void replaceAllUsesWith(Operation *op) { replaceAllUsesWith(op->getResults()); }
  void dropAllUses();
  bool hasOneUse() const;

  // Successors.
  unsigned getNumSuccessors() const { return numSuccs; }
  Block *getSuccessor(unsigned i) const { return getBlockOperands()[i].get(); }
  void setSuccessor(Block *block, unsigned i) { getBlockOperands()[i].set(block); }
  MutableArrayRef<BlockOperand> getBlockOperands() const {
    return MutableArrayRef<BlockOperand>(const_cast<BlockOperand *>(blockOperandsPtr()), numSuccs);
  }
  std::vector<Block *> getSuccessors() const;

  // Regions.
  unsigned getNumRegions() const { return numRegions; }
  Region &getRegion(unsigned i) const { return regionsPtr()[i]; }
  MutableArrayRef<Region> getRegions() const { return MutableArrayRef<Region>(regionsPtr(), numRegions); }

  // Attributes.
  /// All attributes as MLIR's getAttrDictionary(): the inherent attributes
  /// held in property slots merged with the discardable ones, sorted by
  /// name (for an unregistered op, a dictionary properties value is merged
  /// too). Builds a uniqued dictionary when properties are set.
  DictionaryAttr getAttrDictionary() const;
  /// The merged attributes (see getAttrDictionary).
  ArrayRef<NamedAttribute> getAttrs() const { return getAttrDictionary().getValue(); }
  /// Only the discardable attributes (what the generic form prints in `{}`).
  DictionaryAttr getDiscardableAttrDictionary() const { return attrs; }
  ArrayRef<NamedAttribute> getDiscardableAttrs() const { return attrs.getValue(); }
  void setAttrs(DictionaryAttr newAttrs);
  void setAttrs(ArrayRef<NamedAttribute> newAttrs);
  void setDiscardableAttrs(DictionaryAttr newAttrs) { setAttrs(newAttrs); }
  /// Looks up an inherent attribute first, then a discardable one.
  Attribute getAttr(std::string_view name) const;
  Attribute getAttr(StringAttr name) const { return getAttr(name.getValue()); }
  template <typename AttrT> AttrT getAttrOfType(std::string_view name) const {
    return dyn_cast_or_null<AttrT>(getAttr(name));
  }
  bool hasAttr(std::string_view name) const { return bool(getAttr(name)); }
  template <typename AttrT> bool hasAttrOfType(std::string_view name) const {
    return bool(getAttrOfType<AttrT>(name));
  }
  /// Sets an inherent attribute if the name is one, else a discardable one.
  void setAttr(std::string_view name, Attribute value);
  void setAttr(StringAttr name, Attribute value);
  Attribute removeAttr(std::string_view name);
  Attribute removeAttr(StringAttr name) { return removeAttr(name.getValue()); }
  Attribute getDiscardableAttr(std::string_view name) const { return attrs.get(name); }
  void setDiscardableAttr(StringAttr name, Attribute value);
  Attribute removeDiscardableAttr(StringAttr name);
  /// Inherent attributes (properties) of registered ops.
  Attribute getInherentAttr(std::string_view name) const;
  void setInherentAttr(StringAttr name, Attribute value);

  // Properties: one Attribute slot per inherent attribute of a registered
  // op; a single slot holding any attribute for an unregistered op.
  unsigned getNumPropertySlots() const { return numProps; }
  MutableArrayRef<Attribute> getPropertySlots() const {
    return MutableArrayRef<Attribute>(const_cast<Attribute *>(propsPtr()), numProps);
  }
  /// The properties as an attribute: a DictionaryAttr of the set slots for
  /// registered ops (null if none is set), the stored attribute otherwise.
  Attribute getPropertiesAsAttribute() const;
  /// Sets properties from an attribute; emits through `emitError` on failure.
  LogicalResult setPropertiesFromAttribute(Attribute attr, function_ref<InFlightDiagnostic()> emitError);

  // Folding (lib/IR/OperationFold.cpp).
  /// Folds the op given the constant value of each operand (null where not
  /// constant): the op's folder, then the folding traits (Commutative,
  /// Idempotent, Involution) when it fails or folds in place. Success with
  /// `results` empty means the op was updated in place.
  LogicalResult fold(ArrayRef<Attribute> operands, SmallVectorImpl<OpFoldResult> &results);
  /// The same, with the operands' constant values found by matching their
  /// defining ConstantLike ops.
  LogicalResult fold(SmallVectorImpl<OpFoldResult> &results);
  /// Whether ops named `name` may fold at all (a folder or a folding
  /// trait); fold() always fails on the others.
  static bool mightFold(OperationName name);

  // Traits and interfaces.
  template <typename Trait> bool hasTrait() const { return name.hasTrait<Trait>(); }
  template <typename Trait> bool mightHaveTrait() const { return name.mightHaveTrait<Trait>(); }
  bool isKnownTerminator() const { return hasTrait<OpTrait::IsTerminator>(); }
  bool isKnownNonTerminator() const { return isRegistered() && !isKnownTerminator(); }

  // Walks (iterative; callback may take Operation*, Region*, Block*).
  template <WalkOrder Order = WalkOrder::PostOrder, typename FnT> auto walk(FnT &&callback);

  // Diagnostics.
  InFlightDiagnostic emitError(std::string_view message = {});
  InFlightDiagnostic emitOpError(std::string_view message = {});
  InFlightDiagnostic emitWarning(std::string_view message = {});
  InFlightDiagnostic emitRemark(std::string_view message = {});

  // Printing.
  void print(raw_ostream &os, const OpPrintingFlags &flags = OpPrintingFlags()) const;
  void print(raw_ostream &os, AsmState &state) const;
  void dump() const;

  /// Drops operand and successor references of this op and all nested ops.
  void dropAllReferences();
  void dropAllDefinedValueUses();

  /// Clones this operation (and nested regions).
  Operation *clone() const;
  /// Clones this operation, operands and successors looked up in `mapper`,
  /// which receives the cloned results, blocks and block arguments.
  Operation *clone(IRMapping &mapper) const;
  /// The same without the regions' contents (as many empty regions).
  Operation *cloneWithoutRegions(IRMapping &mapper) const;
  Operation *cloneWithoutRegions() const;

  /// Called by the block's list.
  void setParentFromList(Block *b) {
    block = b;
  }

  detail::OpResultImpl *getOpResultImpl(unsigned i) const {
    return reinterpret_cast<detail::OpResultImpl *>(const_cast<Operation *>(this)) - (i + 1);
  }

private:
  Operation(PackedLocation loc, OperationName name, unsigned numResults, unsigned numSuccs, unsigned numRegions,
            unsigned numOperands, unsigned numProps, DictionaryAttr attrs);
  ~Operation();

  BlockOperand *blockOperandsPtr() const {
    return reinterpret_cast<BlockOperand *>(const_cast<Operation *>(this) + 1);
  }
  Region *regionsPtr() const { return reinterpret_cast<Region *>(blockOperandsPtr() + numSuccs); }
  OpOperand *inlineOperandsPtr() const { return reinterpret_cast<OpOperand *>(regionsPtr() + numRegions); }
  Attribute *propsPtr() const { return reinterpret_cast<Attribute *>(inlineOperandsPtr() + inlineOperandCapacity); }
  /// Frees this op's own memory (results, operands...). Nested regions must
  /// already be empty.
  void deallocate();

  Block *block = nullptr;
  PackedLocation location;
  OperationName name;
  DictionaryAttr attrs;
  OpOperand *operands;

public:
  /// Index used by isBeforeInBlock (also scratch space for the bytecode
  /// reader and writer, which invalidate the block's order). Declared here
  /// so the object packs into 80 bytes.
  unsigned orderIndex = 0;

private:
  unsigned numOperands;
  unsigned inlineOperandCapacity;
  unsigned numResults;
  unsigned numSuccs;
  unsigned numRegions : 24;
  unsigned numProps : 8;

  friend class Block;
  friend class Region;
};

//===----------------------------------------------------------------------===//
// Walks
//===----------------------------------------------------------------------===//

template <WalkOrder Order, typename FnT> auto Operation::walk(FnT &&callback) {
  using ArgT = detail::first_argument_t<FnT>;
  using RetT = decltype(callback(std::declval<ArgT>()));
  WalkResult r;
  if constexpr (std::is_same_v<ArgT, Operation *>) {
    r = detail::walkOperations(this, Order, [&](Operation *op) { return detail::callWalkFn(callback, op); });
  } else if constexpr (std::is_same_v<ArgT, Region *>) {
    r = detail::walkRegions(this, Order, [&](Region *rg) { return detail::callWalkFn(callback, rg); });
  } else if constexpr (std::is_same_v<ArgT, Block *>) {
    r = detail::walkBlocks(this, Order, [&](Block *b) { return detail::callWalkFn(callback, b); });
  } else {
    // A concrete op class: only visit ops of that kind.
    r = detail::walkOperations(this, Order, [&](Operation *op) -> WalkResult {
      if (auto derived = dyn_cast<std::remove_cvref_t<ArgT>>(op))
        return detail::callWalkFn(callback, derived);
      return WalkResult::advance();
    });
  }
  if constexpr (std::is_same_v<RetT, void>)
    return;
  else
    return r;
}

/// Iterates operations of type OpT in a block.
template <typename OpT> auto Block::getOps() const {
  std::vector<OpT> r;
  for (Operation &op : *this)
    if (auto o = dyn_cast<OpT>(&op))
      r.push_back(o);
  return r;
}

template <typename FnT> WalkResult Region::walk(FnT &&callback) {
  for (Block &b : *this)
    for (Operation &op : b)
      if (detail::walkOperations(&op, WalkOrder::PostOrder,
                                 [&](Operation *o) { return detail::callWalkFn(callback, o); })
              .wasInterrupted())
        return WalkResult::interrupt();
  return WalkResult::advance();
}

template <typename FnT> WalkResult Block::walk(FnT &&callback) {
  for (Operation &op : *this)
    if (detail::walkOperations(&op, WalkOrder::PostOrder,
                               [&](Operation *o) { return detail::callWalkFn(callback, o); })
            .wasInterrupted())
      return WalkResult::interrupt();
  return WalkResult::advance();
}

raw_ostream &operator<<(raw_ostream &os, const Operation &op);

} // namespace lamina
