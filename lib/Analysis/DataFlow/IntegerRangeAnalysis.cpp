//===- IntegerRangeAnalysis.cpp - Bounds of integer values ----------------===//
#include "lamina/Analysis/DataFlow/IntegerRangeAnalysis.h"

#include "lamina/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/Interfaces/LoopLikeInterface.h"

#include <vector>

using namespace lamina;
using namespace lamina::dataflow;

void IntegerValueRangeLattice::onUpdate(DataFlowSolver *solver) const {
  Lattice::onUpdate(solver);

  // A range of a single value is also a constant value.
  std::optional<APInt> constant = getValue().getValue().getConstantValue();
  Value value = anchor.getValue();
  auto *cv = solver->getOrCreateState<Lattice<ConstantValue>>(value);
  if (!constant)
    return solver->propagateIfChanged(cv, cv->join(ConstantValue::getUnknownConstant()));

  Dialect *dialect;
  if (Operation *parent = value.getDefiningOp())
    dialect = parent->getDialect();
  else
    dialect = value.getParentBlock()->getParentOp()->getDialect();

  Attribute cstAttr;
  Type type = value.getType();
  if (isa<IntegerType>(type) || type.isIndex())
    cstAttr = IntegerAttr::get(type, *constant);
  else if (auto shapedTy = dyn_cast<ShapedType>(type))
    cstAttr = DenseElementsAttr::get(shapedTy, ArrayRef<APInt>(*constant));
  else
    return;
  solver->propagateIfChanged(cv, cv->join(ConstantValue(cstAttr, dialect)));
}

void IntegerRangeAnalysis::setToEntryState(IntegerValueRangeLattice *lattice) {
  propagateIfChanged(lattice, lattice->join(IntegerValueRange::getMaxRange(lattice->getAnchor())));
}

/// Whether `value` is used by a terminator (a loop-carried or returned
/// value).
static bool isYieldedValue(Value value) {
  for (Operation *user : value.getUsers())
    if (user->hasTrait<OpTrait::IsTerminator>())
      return true;
  return false;
}

LogicalResult IntegerRangeAnalysis::visitOperation(Operation *op, ArrayRef<const IntegerValueRangeLattice *> operands,
                                                   ArrayRef<IntegerValueRangeLattice *> results) {
  auto inferrable = dyn_cast<InferIntRangeInterface>(op);
  if (!inferrable) {
    setAllToEntryStates(results);
    return success();
  }

  std::vector<IntegerValueRange> argRanges;
  for (const IntegerValueRangeLattice *lattice : operands)
    argRanges.push_back(lattice->getValue());

  auto joinCallback = [&](Value v, const IntegerValueRange &attrs) {
    auto result = dyn_cast<OpResult>(v);
    if (!result || result.getOwner() != op)
      return;
    IntegerValueRangeLattice *lattice = results[result.getResultNumber()];
    IntegerValueRange oldRange = lattice->getValue();
    ChangeResult changed = lattice->join(attrs);
    // A loop-carried result whose range keeps changing goes to every value:
    // the analysis does not work out trip counts.
    if (isYieldedValue(v) && !oldRange.isUninitialized() && !(lattice->getValue() == oldRange))
      changed |= lattice->join(IntegerValueRange::getMaxRange(v));
    propagateIfChanged(lattice, changed);
  };
  inferrable.inferResultRangesFromOptional(argRanges, joinCallback);
  return success();
}

void IntegerRangeAnalysis::visitNonControlFlowArguments(Operation *op, const RegionSuccessor &successor,
                                                        ArrayRef<IntegerValueRangeLattice *> argLattices,
                                                        unsigned firstIndex) {
  if (auto inferrable = dyn_cast<InferIntRangeInterface>(op)) {
    std::vector<IntegerValueRange> argRanges;
    for (Value operand : op->getOperands())
      argRanges.push_back(getLatticeElementFor(getProgramPointAfter(op), operand)->getValue());

    auto joinCallback = [&](Value v, const IntegerValueRange &attrs) {
      auto arg = dyn_cast<BlockArgument>(v);
      Region *region = successor.getSuccessor();
      if (!arg || !region || region->empty() || arg.getOwner() != &region->front())
        return;
      IntegerValueRangeLattice *lattice = argLattices[arg.getArgNumber()];
      IntegerValueRange oldRange = lattice->getValue();
      ChangeResult changed = lattice->join(attrs);
      if (isYieldedValue(v) && !oldRange.isUninitialized() && !(lattice->getValue() == oldRange))
        changed |= lattice->join(IntegerValueRange::getMaxRange(v));
      propagateIfChanged(lattice, changed);
    };
    inferrable.inferResultRangesFromOptional(argRanges, joinCallback);
    return;
  }

  // A loop bound: a constant, or the signed bounds of a value's range, or
  // the widest signed bound.
  auto getLoopBoundFromFold = [&](std::optional<OpFoldResult> loopBound, Type boundType, Block *block,
                                  bool getUpper) -> APInt {
    unsigned width = ConstantIntRanges::getStorageBitwidth(boundType);
    if (loopBound) {
      if (Attribute attr = loopBound->getAttribute()) {
        if (auto bound = dyn_cast<IntegerAttr>(attr))
          return bound.getValue();
      } else if (Value value = loopBound->getValue()) {
        const IntegerValueRangeLattice *lattice = getLatticeElementFor(getProgramPointBefore(block), value);
        if (lattice && !lattice->getValue().isUninitialized())
          return getUpper ? lattice->getValue().getValue().smax() : lattice->getValue().getValue().smin();
      }
    }
    return getUpper ? APInt::getSignedMaxValue(width) : APInt::getSignedMinValue(width);
  };

  // The induction variable of a loop with a single one.
  if (auto loop = dyn_cast<LoopLikeOpInterface>(op)) {
    std::optional<Value> iv = loop.getSingleInductionVar();
    if (!iv)
      return SparseForwardDataFlowAnalysis::visitNonControlFlowArguments(op, successor, argLattices, firstIndex);
    Block *block = iv->getParentBlock();
    std::optional<OpFoldResult> lowerBound = loop.getSingleLowerBound();
    std::optional<OpFoldResult> upperBound = loop.getSingleUpperBound();
    std::optional<OpFoldResult> step = loop.getSingleStep();
    APInt min = getLoopBoundFromFold(lowerBound, iv->getType(), block, /*getUpper=*/false);
    APInt max = getLoopBoundFromFold(upperBound, iv->getType(), block, /*getUpper=*/true);
    // An unknown step is taken to be positive.
    APInt stepVal = getLoopBoundFromFold(step, iv->getType(), block, /*getUpper=*/true);
    if (stepVal.isNegative()) {
      std::swap(min, max);
    } else {
      // The upper bound is exclusive.
      max -= 1;
    }
    // A lower bound above the upper bound means nothing.
    if (max.sge(min)) {
      IntegerValueRangeLattice *ivEntry = getLatticeElement(*iv);
      ConstantIntRanges ivRange = ConstantIntRanges::fromSigned(min, max);
      propagateIfChanged(ivEntry, ivEntry->join(IntegerValueRange(ivRange)));
    }
    return;
  }

  return SparseForwardDataFlowAnalysis::visitNonControlFlowArguments(op, successor, argLattices, firstIndex);
}
