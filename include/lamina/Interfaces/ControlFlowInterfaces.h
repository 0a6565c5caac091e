//===- ControlFlowInterfaces.h - Branches between blocks and regions ------===//
//
// MLIR's control-flow interfaces:
//   * BranchOpInterface: a terminator with successor blocks, and the operands
//     it forwards to each (SuccessorOperands: a number of operands the op
//     produces itself, then the forwarded ones);
//   * RegionBranchOpInterface: an op whose regions branch to each other or
//     back to the op (scf.if, scf.for, ...): from each RegionBranchPoint (the
//     op itself, or a terminator in one of its regions) the RegionSuccessors
//     control may reach, and the values forwarded along each edge;
//   * RegionBranchTerminatorOpInterface: the terminators of those regions
//     (every ReturnLike op is one);
//   * SelectLikeOpInterface: ops choosing one of two values on a condition.
// with the verification MLIR runs for them (successor operand counts and
// types; operand/input counts and types along every region edge).
//
#pragma once

#include "lamina/IR/OpInterface.h"

#include <optional>

namespace lamina {

class RegionBranchTerminatorOpInterface;

//===----------------------------------------------------------------------===//
// BranchOpInterface
//===----------------------------------------------------------------------===//

/// The operands passed to a successor block's arguments: the first
/// `producedOperandCount` arguments get values the operation produces
/// itself, the rest the forwarded operands.
class SuccessorOperands {
public:
  explicit SuccessorOperands(MutableOperandRange forwardedOperands)
      : producedOperandCount(0), forwardedOperands(forwardedOperands) {}
  SuccessorOperands(unsigned producedOperandCount, MutableOperandRange forwardedOperands)
      : producedOperandCount(producedOperandCount), forwardedOperands(forwardedOperands) {}

  /// The number of successor arguments this supplies.
  unsigned size() const { return producedOperandCount + forwardedOperands.size(); }
  bool empty() const { return size() == 0; }
  unsigned getProducedOperandCount() const { return producedOperandCount; }
  bool isOperandProduced(unsigned index) const { return index < producedOperandCount; }
  /// The value passed to argument `index`; null for a produced one.
  Value operator[](unsigned index) const {
    if (isOperandProduced(index))
      return Value();
    return forwardedOperands[index - producedOperandCount].get();
  }
  OperandRange getForwardedOperands() const { return forwardedOperands; }
  MutableOperandRange getMutableForwardedOperands() const { return forwardedOperands; }
  /// Forwarded operands [subStart, subStart+subLen) (indices as arguments).
  MutableOperandRange slice(unsigned subStart, unsigned subLen) const {
    assert(!isOperandProduced(subStart) && "can't slice operands produced by the operation");
    return forwardedOperands.slice(subStart - producedOperandCount, subLen);
  }
  void erase(unsigned subStart, unsigned subLen = 1) {
    assert(!isOperandProduced(subStart) && "can't erase operands produced by the operation");
    forwardedOperands.erase(subStart - producedOperandCount, subLen);
  }
  void append(ValueRange values) { forwardedOperands.append(values); }
  /// The index in the op of the operand passed to argument
  /// `blockArgumentIndex` (a forwarded one).
  unsigned getOperandIndex(unsigned blockArgumentIndex) const {
    assert(!isOperandProduced(blockArgumentIndex) && "can't map operand produced by the operation");
    return forwardedOperands.getStart() + (blockArgumentIndex - producedOperandCount);
  }

private:
  unsigned producedOperandCount;
  MutableOperandRange forwardedOperands;
};

namespace detail {
Block *noSuccessorForOperands(Operation *op, ArrayRef<Attribute> operands);
bool typesAreEqual(Operation *op, Type lhs, Type rhs);
/// The block argument operand `operandIndex` of the op is passed to, if it
/// is one of `operands` (forwarded to `successor`).
std::optional<BlockArgument> getBranchSuccessorArgument(const SuccessorOperands &operands, unsigned operandIndex,
                                                        Block *successor);
/// "branch has N operands for successor #i, but target block has M",
/// "type mismatch for bb argument #j of successor #i".
LogicalResult verifyBranchSuccessorOperands(Operation *op, unsigned succNo, const SuccessorOperands &operands);
} // namespace detail

struct BranchOpInterfaceConcept {
  /// The operands passed to successor `index`.
  SuccessorOperands (*getSuccessorOperands)(Operation *op, unsigned index) = nullptr;
  /// The successor the op would branch to given constant operands (null
  /// for a non-constant one), or null if that cannot be decided.
  Block *(*getSuccessorForOperands)(Operation *op, ArrayRef<Attribute> operands) = detail::noSuccessorForOperands;
  /// Whether an operand of type `lhs` may be passed to an argument of type
  /// `rhs` (default: equal).
  bool (*areTypesCompatible)(Operation *op, Type lhs, Type rhs) = detail::typesAreEqual;
};

/// A terminator branching to successor blocks.
class BranchOpInterface : public OpInterface<BranchOpInterface, BranchOpInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "BranchOpInterface"; }
  static std::string_view getMissingMethod(const Concept &c) {
    return c.getSuccessorOperands ? "" : "getSuccessorOperands";
  }
  static LogicalResult verifyTrait(Operation *op);

  SuccessorOperands getSuccessorOperands(unsigned index) const {
    return getImpl()->getSuccessorOperands(getOperation(), index);
  }
  /// The block argument operand `operandIndex` is passed to, if any.
  std::optional<BlockArgument> getSuccessorBlockArgument(unsigned operandIndex) const;
  Block *getSuccessorForOperands(ArrayRef<Attribute> operands) const {
    return getImpl()->getSuccessorForOperands(getOperation(), operands);
  }
  bool areTypesCompatible(Type lhs, Type rhs) const { return getImpl()->areTypesCompatible(getOperation(), lhs, rhs); }
};

//===----------------------------------------------------------------------===//
// Region successors and branch points
//===----------------------------------------------------------------------===//

/// Where control goes from a region branch point: a region of the op (and
/// the values its entry block receives), or back to the op (and its results
/// that receive the forwarded values).
class RegionSuccessor {
public:
  /// A region of the parent operation; `regionInputs` receive the values.
  RegionSuccessor(Region *region, ValueRange regionInputs = ValueRange()) : region(region), inputs(regionInputs) {
    assert(region && "region must not be null");
  }
  /// The parent operation `successorOp`, whose `results` receive the values.
  RegionSuccessor(Operation *successorOp, ValueRange results) : parentOp(successorOp), inputs(results) {
    assert(successorOp && "successor op must not be null");
  }
  /// A successor to the parent op of `region`'s owner.
  static RegionSuccessor parent(Operation *op) { return RegionSuccessor(op, op->getResults()); }

  /// The region, or null if the successor is the parent operation.
  Region *getSuccessor() const { return region; }
  /// Whether the successor is the parent operation.
  bool isParent() const { return region == nullptr; }
  /// The values that receive the forwarded operands.
  ValueRange getSuccessorInputs() const { return inputs; }

  bool operator==(const RegionSuccessor &o) const {
    return region == o.region && parentOp == o.parentOp && inputs.size() == o.inputs.size() &&
           (inputs.empty() || inputs[0] == o.inputs[0]);
  }
  bool operator!=(const RegionSuccessor &o) const { return !(*this == o); }

private:
  Region *region = nullptr;
  Operation *parentOp = nullptr;
  ValueRange inputs;
};

/// Where control branches from: the parent operation (entering it) or a
/// region branch terminator in one of its regions.
class RegionBranchPoint {
public:
  /// The parent operation.
  static constexpr RegionBranchPoint parent() { return RegionBranchPoint(); }
  /// The terminator `predecessor`.
  RegionBranchPoint(RegionBranchTerminatorOpInterface predecessor);
  RegionBranchPoint(std::nullptr_t) = delete;

  bool isParent() const { return predecessor == nullptr; }
  /// The terminator branched from, or null for the parent.
  Operation *getTerminatorPredecessorOrNull() const { return predecessor; }
  /// The region of the terminator, or null for the parent.
  Region *getRegionOrNull() const;

  bool operator==(RegionBranchPoint o) const { return predecessor == o.predecessor; }
  bool operator!=(RegionBranchPoint o) const { return predecessor != o.predecessor; }

private:
  constexpr RegionBranchPoint() = default;
  Operation *predecessor = nullptr;
};

/// Bounds on how many times a region is invoked: at least `lower`, at most
/// `upper` (unknown when absent).
class InvocationBounds {
public:
  InvocationBounds(unsigned lb, std::optional<unsigned> ub) : lower(lb), upper(ub ? int64_t(*ub) : -1) {
    assert((!ub || *ub >= lb) && "upper bound cannot be less than lower bound");
  }
  unsigned getLowerBound() const { return lower; }
  std::optional<unsigned> getUpperBound() const {
    return upper < 0 ? std::nullopt : std::optional<unsigned>(unsigned(upper));
  }
  static InvocationBounds getUnknown() { return {0, std::nullopt}; }

private:
  unsigned lower;
  int64_t upper;
};

//===----------------------------------------------------------------------===//
// RegionBranchOpInterface
//===----------------------------------------------------------------------===//

namespace detail {
OperandRange noEntrySuccessorOperands(Operation *op, RegionSuccessor successor);
void entrySuccessorRegionsFromParent(Operation *op, ArrayRef<Attribute> operands,
                                     SmallVectorImpl<RegionSuccessor> &regions);
void unknownRegionInvocationBounds(Operation *op, ArrayRef<Attribute> operands,
                                   SmallVectorImpl<InvocationBounds> &invocationBounds);
/// MLIR's verifyRegionBranchOpInterface: along every edge from a branch
/// point to a successor, as many forwarded values as the successor takes,
/// with compatible types.
LogicalResult verifyRegionBranchOpInterface(Operation *op);
} // namespace detail

struct RegionBranchOpInterfaceConcept {
  /// The operands the op forwards to `successor` when entered.
  OperandRange (*getEntrySuccessorOperands)(Operation *op,
                                            RegionSuccessor successor) = detail::noEntrySuccessorOperands;
  /// The successors when entering the op, given its constant operands
  /// (null where not constant). Default: getSuccessorRegions(parent()).
  void (*getEntrySuccessorRegions)(Operation *op, ArrayRef<Attribute> operands,
                                   SmallVectorImpl<RegionSuccessor> &regions) = detail::entrySuccessorRegionsFromParent;
  /// The successors of branch point `point`.
  void (*getSuccessorRegions)(Operation *op, RegionBranchPoint point,
                              SmallVectorImpl<RegionSuccessor> &regions) = nullptr;
  /// How many times each region is invoked, given constant operands.
  void (*getRegionInvocationBounds)(Operation *op, ArrayRef<Attribute> operands,
                                    SmallVectorImpl<InvocationBounds> &invocationBounds) =
      detail::unknownRegionInvocationBounds;
  /// Whether a value of type `lhs` may flow into one of type `rhs`.
  bool (*areTypesCompatible)(Operation *op, Type lhs, Type rhs) = detail::typesAreEqual;
};

/// An op whose regions branch to each other and back to the op.
class RegionBranchOpInterface : public OpInterface<RegionBranchOpInterface, RegionBranchOpInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "RegionBranchOpInterface"; }
  static std::string_view getMissingMethod(const Concept &c) {
    return c.getSuccessorRegions ? "" : "getSuccessorRegions";
  }
  static LogicalResult verifyRegionTrait(Operation *op) { return detail::verifyRegionBranchOpInterface(op); }

  OperandRange getEntrySuccessorOperands(RegionSuccessor successor) const {
    return getImpl()->getEntrySuccessorOperands(getOperation(), successor);
  }
  void getEntrySuccessorRegions(ArrayRef<Attribute> operands, SmallVectorImpl<RegionSuccessor> &regions) const {
    getImpl()->getEntrySuccessorRegions(getOperation(), operands, regions);
  }
  void getSuccessorRegions(RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &regions) const {
    getImpl()->getSuccessorRegions(getOperation(), point, regions);
  }
  /// The successors of every region branch terminator in `region`.
  void getSuccessorRegions(Region &region, SmallVectorImpl<RegionSuccessor> &regions) const;
  void getRegionInvocationBounds(ArrayRef<Attribute> operands,
                                 SmallVectorImpl<InvocationBounds> &invocationBounds) const {
    getImpl()->getRegionInvocationBounds(getOperation(), operands, invocationBounds);
  }
  bool areTypesCompatible(Type lhs, Type rhs) const { return getImpl()->areTypesCompatible(getOperation(), lhs, rhs); }

  /// Whether region `index` may run again after it ran (a loop body).
  bool isRepetitiveRegion(unsigned index) const;
  /// Whether some region is reachable from itself.
  bool hasLoop() const;
  /// The values `src` forwards to `dest`.
  OperandRange getSuccessorOperands(RegionBranchPoint src, RegionSuccessor dest) const;
  /// The parent point, then every region branch terminator of the regions.
  SmallVector<RegionBranchPoint, 4> getAllRegionBranchPoints() const;
};

//===----------------------------------------------------------------------===//
// RegionBranchTerminatorOpInterface
//===----------------------------------------------------------------------===//

namespace detail {
void terminatorSuccessorRegionsFromParent(Operation *op, ArrayRef<Attribute> operands,
                                          SmallVectorImpl<RegionSuccessor> &regions);
MutableOperandRange allOperandsAsSuccessorOperands(Operation *op, RegionSuccessor successor);
} // namespace detail

struct RegionBranchTerminatorOpInterfaceConcept {
  /// The operands forwarded to `successor`.
  MutableOperandRange (*getMutableSuccessorOperands)(Operation *op, RegionSuccessor successor) = nullptr;
  /// The successors given constant operands (default: the parent's
  /// getSuccessorRegions from this terminator).
  void (*getSuccessorRegions)(Operation *op, ArrayRef<Attribute> operands,
                              SmallVectorImpl<RegionSuccessor> &regions) = detail::terminatorSuccessorRegionsFromParent;
};

/// A terminator of a region of a RegionBranchOpInterface op.
class RegionBranchTerminatorOpInterface
    : public OpInterface<RegionBranchTerminatorOpInterface, RegionBranchTerminatorOpInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "RegionBranchTerminatorOpInterface"; }
  static std::string_view getMissingMethod(const Concept &c) {
    return c.getMutableSuccessorOperands ? "" : "getMutableSuccessorOperands";
  }

  MutableOperandRange getMutableSuccessorOperands(RegionSuccessor successor) const {
    return getImpl()->getMutableSuccessorOperands(getOperation(), successor);
  }
  OperandRange getSuccessorOperands(RegionSuccessor successor) const { return getMutableSuccessorOperands(successor); }
  void getSuccessorRegions(ArrayRef<Attribute> operands, SmallVectorImpl<RegionSuccessor> &regions) const {
    getImpl()->getSuccessorRegions(getOperation(), operands, regions);
  }
};

inline RegionBranchPoint::RegionBranchPoint(RegionBranchTerminatorOpInterface predecessor)
    : predecessor(predecessor.getOperation()) {
  assert(this->predecessor && "expected a region branch terminator");
}

/// Whether `a` and `b` are in regions of a common RegionBranchOpInterface
/// ancestor that never both run.
bool insideMutuallyExclusiveRegions(Operation *a, Operation *b);
/// The closest region around `op` (or `value`) that may run repeatedly, or
/// null.
Region *getEnclosingRepetitiveRegion(Operation *op);
Region *getEnclosingRepetitiveRegion(Value value);

//===----------------------------------------------------------------------===//
// SelectLikeOpInterface
//===----------------------------------------------------------------------===//

struct SelectLikeOpInterfaceConcept {
  Value (*getFalseValue)(Operation *op) = nullptr;
  Value (*getTrueValue)(Operation *op) = nullptr;
  Value (*getCondition)(Operation *op) = nullptr;
};

/// An op forwarding its true or false operand depending on a condition.
class SelectLikeOpInterface : public OpInterface<SelectLikeOpInterface, SelectLikeOpInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "SelectLikeOpInterface"; }
  static std::string_view getMissingMethod(const Concept &c) {
    if (!c.getFalseValue)
      return "getFalseValue";
    if (!c.getTrueValue)
      return "getTrueValue";
    return c.getCondition ? "" : "getCondition";
  }
  Value getFalseValue() const { return getImpl()->getFalseValue(getOperation()); }
  Value getTrueValue() const { return getImpl()->getTrueValue(getOperation()); }
  Value getCondition() const { return getImpl()->getCondition(getOperation()); }
};

//===----------------------------------------------------------------------===//
// WeightedBranchOpInterface
//===----------------------------------------------------------------------===//

namespace detail {
ArrayRef<int32_t> branchWeightsFromAttr(Operation *op);
void setBranchWeightsAttr(Operation *op, ArrayRef<int32_t> weights);
/// "expects number of branch weights to match number of successors: N vs
/// M", "branch weights cannot all be zero".
LogicalResult verifyBranchWeights(Operation *op);
} // namespace detail

struct WeightedBranchOpInterfaceConcept {
  /// The weights (default: the `branch_weights` attribute).
  ArrayRef<int32_t> (*getWeights)(Operation *op) = detail::branchWeightsFromAttr;
  void (*setWeights)(Operation *op, ArrayRef<int32_t> weights) = detail::setBranchWeightsAttr;
};

/// A branch with optional weights per successor.
class WeightedBranchOpInterface : public OpInterface<WeightedBranchOpInterface, WeightedBranchOpInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "WeightedBranchOpInterface"; }
  static LogicalResult verifyTrait(Operation *op) { return detail::verifyBranchWeights(op); }
  ArrayRef<int32_t> getWeights() const { return getImpl()->getWeights(getOperation()); }
  void setWeights(ArrayRef<int32_t> weights) const { getImpl()->setWeights(getOperation(), weights); }
};

} // namespace lamina
