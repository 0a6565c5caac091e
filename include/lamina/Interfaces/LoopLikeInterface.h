//===- LoopLikeInterface.h - Loops ----------------------------------------===//
//
// MLIR's LoopLikeOpInterface: an op whose regions form a loop body, with
// optional induction variables, bounds, and loop-carried values (inits,
// region iter_args, yielded values, loop results), and the verification
// MLIR runs on those (their counts and types agree).
//
// Not yet here: promoteIfSingleIteration and replaceWithAdditionalYields
// (they take a rewriter).
//
#pragma once

#include "lamina/IR/OpFoldResult.h"
#include "lamina/IR/OpInterface.h"
#include "lamina/Support/APInt.h"

#include <optional>

namespace lamina {

namespace detail {
bool isDefinedOutsideOfLoopDefault(Operation *op, Value value);
void moveOutOfLoopDefault(Operation *op, Operation *toMove);
std::optional<SmallVector<Value, 2>> noLoopInductionVars(Operation *op);
MutableArrayRef<OpOperand> noInits(Operation *op);
ValueRange noRegionIterArgs(Operation *op);
std::optional<MutableArrayRef<OpOperand>> noYieldedValues(Operation *op);
std::optional<ResultRange> noLoopResults(Operation *op);
std::optional<APInt> noStaticTripCount(Operation *op);
std::optional<SmallVector<OpFoldResult, 2>> noLoopBounds(Operation *op);
/// "different number of inits and region iter_args: N != M", ... (the
/// counts and types of inits, iter_args, yielded values and results).
LogicalResult verifyLoopLikeOpInterface(Operation *op);
} // namespace detail

struct LoopLikeOpInterfaceConcept {
  /// Whether `value` is defined outside the loop (default: not inside it).
  bool (*isDefinedOutsideOfLoop)(Operation *op, Value value) = detail::isDefinedOutsideOfLoopDefault;
  /// The regions of the loop body.
  SmallVector<Region *, 1> (*getLoopRegions)(Operation *op) = nullptr;
  /// Moves loop-invariant `toMove` out of the loop (default: before it).
  void (*moveOutOfLoop)(Operation *op, Operation *toMove) = detail::moveOutOfLoopDefault;
  /// The induction variables, if the loop has that notion.
  std::optional<SmallVector<Value, 2>> (*getLoopInductionVars)(Operation *op) = detail::noLoopInductionVars;
  /// The operands initializing the region iter_args.
  MutableArrayRef<OpOperand> (*getInitsMutable)(Operation *op) = detail::noInits;
  /// The region iter_args (entry block arguments of the body).
  ValueRange (*getRegionIterArgs)(Operation *op) = detail::noRegionIterArgs;
  /// The operands the terminator yields to the next iteration, if any.
  std::optional<MutableArrayRef<OpOperand>> (*getYieldedValuesMutable)(Operation *op) = detail::noYieldedValues;
  /// The results matching the inits, if the loop exposes them.
  std::optional<ResultRange> (*getLoopResults)(Operation *op) = detail::noLoopResults;
  /// The number of iterations, when known statically.
  std::optional<APInt> (*getStaticTripCount)(Operation *op) = detail::noStaticTripCount;
  /// The lower bounds, upper bounds and steps of the induction variables
  /// (values or constant attributes), if the loop has that notion.
  std::optional<SmallVector<OpFoldResult, 2>> (*getLoopLowerBounds)(Operation *op) = detail::noLoopBounds;
  std::optional<SmallVector<OpFoldResult, 2>> (*getLoopUpperBounds)(Operation *op) = detail::noLoopBounds;
  std::optional<SmallVector<OpFoldResult, 2>> (*getLoopSteps)(Operation *op) = detail::noLoopBounds;
};

/// A loop.
class LoopLikeOpInterface : public OpInterface<LoopLikeOpInterface, LoopLikeOpInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "LoopLikeOpInterface"; }
  static std::string_view getMissingMethod(const Concept &c) { return c.getLoopRegions ? "" : "getLoopRegions"; }
  static LogicalResult verifyRegionTrait(Operation *op) { return detail::verifyLoopLikeOpInterface(op); }

  bool isDefinedOutsideOfLoop(Value value) const { return getImpl()->isDefinedOutsideOfLoop(getOperation(), value); }
  SmallVector<Region *, 1> getLoopRegions() const { return getImpl()->getLoopRegions(getOperation()); }
  void moveOutOfLoop(Operation *toMove) const { getImpl()->moveOutOfLoop(getOperation(), toMove); }
  std::optional<SmallVector<Value, 2>> getLoopInductionVars() const {
    return getImpl()->getLoopInductionVars(getOperation());
  }
  MutableArrayRef<OpOperand> getInitsMutable() const { return getImpl()->getInitsMutable(getOperation()); }
  ValueRange getRegionIterArgs() const { return getImpl()->getRegionIterArgs(getOperation()); }
  std::optional<MutableArrayRef<OpOperand>> getYieldedValuesMutable() const {
    return getImpl()->getYieldedValuesMutable(getOperation());
  }
  std::optional<ResultRange> getLoopResults() const { return getImpl()->getLoopResults(getOperation()); }
  std::optional<APInt> getStaticTripCount() const { return getImpl()->getStaticTripCount(getOperation()); }
  std::optional<SmallVector<OpFoldResult, 2>> getLoopLowerBounds() const {
    return getImpl()->getLoopLowerBounds(getOperation());
  }
  std::optional<SmallVector<OpFoldResult, 2>> getLoopUpperBounds() const {
    return getImpl()->getLoopUpperBounds(getOperation());
  }
  std::optional<SmallVector<OpFoldResult, 2>> getLoopSteps() const { return getImpl()->getLoopSteps(getOperation()); }
  /// The bound or step of the only induction variable, if there is one.
  std::optional<OpFoldResult> getSingleLowerBound() const { return single(getLoopLowerBounds()); }
  std::optional<OpFoldResult> getSingleUpperBound() const { return single(getLoopUpperBounds()); }
  std::optional<OpFoldResult> getSingleStep() const { return single(getLoopSteps()); }

  /// The induction variable, if there is exactly one.
  std::optional<Value> getSingleInductionVar() const;
  /// The init operands, as values.
  OperandRange getInits() const;
  /// The yielded values (empty if none).
  ValueRange getYieldedValues() const;
  /// The iter_arg `init` initializes, or null.
  BlockArgument getTiedLoopRegionIterArg(OpOperand *init) const;
  /// The init of iter_arg `bbArg`, or null.
  OpOperand *getTiedLoopInit(BlockArgument bbArg) const;
  /// The result tied to iter_arg `bbArg`, or null.
  OpResult getTiedLoopResult(BlockArgument bbArg) const;
  /// The yielded operand tied to iter_arg `bbArg`, or null.
  OpOperand *getTiedLoopYieldedValue(BlockArgument bbArg) const;

  /// Whether `block` is inside a loop: in a loop-like op's regions, or in a
  /// CFG cycle of its region.
  static bool blockIsInLoop(Block *block);

private:
  static std::optional<OpFoldResult> single(const std::optional<SmallVector<OpFoldResult, 2>> &list) {
    if (!list || list->size() != 1)
      return std::nullopt;
    return (*list)[0];
  }
};

} // namespace lamina
