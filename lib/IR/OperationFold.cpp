//===- OperationFold.cpp - Operation::fold, trait folders and m_Constant --===//
//
// Folding as MLIR's Op<...>::foldHook does it: the op's own folder first;
// when it fails or folds in place, the folding traits in turn (Commutative
// moves constant operands last, Idempotent folds `op(x, x)` and
// `op(op(x))`, Involution folds `op(op(x))` to `x`); the first that
// succeeds wins. Unregistered ops do not fold.
//
#include "lamina/IR/Matchers.h"
#include "lamina/IR/Op.h"

#include <algorithm>

using namespace lamina;

namespace lamina {
class CastOpInterface; // lamina/Interfaces/CastInterfaces.h
} // namespace lamina

//===----------------------------------------------------------------------===//
// Trait folders
//===----------------------------------------------------------------------===//

/// OpTrait::impl::foldCommutative: stable-partitions the operands so that
/// the constant ones come last. Succeeds (in place) if anything moved.
static LogicalResult foldCommutative(Operation *op, ArrayRef<Attribute> operands) {
  unsigned n = op->getNumOperands();
  if (n < 2)
    return failure();
  unsigned firstConstant = 0;
  while (firstConstant < n && !operands[firstConstant])
    ++firstConstant;
  // Is any non-constant operand after the first constant one?
  unsigned i = firstConstant;
  while (i < n && operands[i])
    ++i;
  if (i >= n)
    return failure();
  SmallVector<Value, 4> nonConstants, constants;
  for (unsigned j = firstConstant; j < n; ++j)
    (operands[j] ? constants : nonConstants).push_back(op->getOperand(j));
  unsigned pos = firstConstant;
  for (Value v : nonConstants)
    op->setOperand(pos++, v);
  for (Value v : constants)
    op->setOperand(pos++, v);
  return success();
}

/// OpTrait::impl::foldIdempotent.
static OpFoldResult foldIdempotent(Operation *op) {
  if (op->getNumOperands() == 1) {
    Operation *argumentOp = op->getOperand(0).getDefiningOp();
    if (argumentOp && op->getName() == argumentOp->getName())
      return op->getOperand(0);
  } else if (op->getNumOperands() >= 2 && op->getOperand(0) == op->getOperand(1)) {
    return op->getOperand(0);
  }
  return {};
}

/// OpTrait::impl::foldInvolution.
static OpFoldResult foldInvolution(Operation *op) {
  if (op->getNumOperands() == 0)
    return {};
  Operation *argumentOp = op->getOperand(0).getDefiningOp();
  if (argumentOp && op->getName() == argumentOp->getName() && argumentOp->getNumOperands() != 0)
    return argumentOp->getOperand(0);
  return {};
}

/// CastOpInterface's foldTrait (impl::foldCastInterfaceOp): a cast whose
/// result types equal its operand types folds to its operands.
static LogicalResult foldCastInterface(Operation *op, SmallVectorImpl<OpFoldResult> &results) {
  if (op->getNumOperands() == 0 || op->getNumOperands() != op->getNumResults())
    return failure();
  for (unsigned i = 0, e = op->getNumOperands(); i != e; ++i)
    if (op->getOperand(i).getType() != op->getResult(i).getType())
      return failure();
  for (Value operand : op->getOperands())
    results.push_back(operand);
  return success();
}

/// Runs the trait folders of `op` (the first that succeeds wins). A
/// single-result trait fold to the op's own result counts as in place.
static LogicalResult foldTraits(Operation *op, ArrayRef<Attribute> operands, SmallVectorImpl<OpFoldResult> &results) {
  if (op->hasTrait<OpTrait::Commutative>() && succeeded(foldCommutative(op, operands)))
    return success();
  auto single = [&](OpFoldResult r) -> LogicalResult {
    if (!r)
      return failure();
    if (op->getNumResults() == 1 && r.getValue() == Value(op->getResult(0)))
      return success();
    results.push_back(r);
    return success();
  };
  // CastOpInterface's trait folder (the interface lives above IR; only its
  // identity is needed here).
  if (op->getName().hasInterface<CastOpInterface>() && succeeded(foldCastInterface(op, results)))
    return success();
  if (op->getNumResults() == 1) {
    if (op->hasTrait<OpTrait::IsIdempotent>() && succeeded(single(foldIdempotent(op))))
      return success();
    if (op->hasTrait<OpTrait::IsInvolution>() && succeeded(single(foldInvolution(op))))
      return success();
  }
  return failure();
}

//===----------------------------------------------------------------------===//
// Operation::fold
//===----------------------------------------------------------------------===//

LogicalResult Operation::fold(ArrayRef<Attribute> operands, SmallVectorImpl<OpFoldResult> &results) {
  if (!isRegistered())
    return failure();
  const OperationInfo &info = name.getInfo();
  if (info.fold) {
    LogicalResult r = info.fold(this, operands, results);
    if (failed(r) || results.empty()) {
      if (succeeded(foldTraits(this, operands, results)))
        return success();
    }
    return r;
  }
  if (info.foldSingleResult) {
    OpFoldResult r = info.foldSingleResult(this, operands);
    if (!r || (getNumResults() == 1 && r.getValue() == Value(getResult(0)))) {
      if (succeeded(foldTraits(this, operands, results)))
        return success();
      return success(bool(r));
    }
    results.push_back(r);
    return success();
  }
  return foldTraits(this, operands, results);
}

bool Operation::mightFold(OperationName name) {
  if (!name.isRegistered())
    return false;
  const OperationInfo &info = name.getInfo();
  // The traits foldTraits() looks at.
  return info.fold || info.foldSingleResult || name.hasTrait<OpTrait::Commutative>() ||
         name.hasInterface<CastOpInterface>() || name.hasTrait<OpTrait::IsIdempotent>() ||
         name.hasTrait<OpTrait::IsInvolution>();
}

LogicalResult Operation::fold(SmallVectorImpl<OpFoldResult> &results) {
  SmallVector<Attribute, 4> constants;
  constants.assign(getNumOperands(), Attribute());
  for (unsigned i = 0, e = getNumOperands(); i != e; ++i)
    matchConstant(getOperand(i), &constants[i]);
  return fold(ArrayRef<Attribute>(constants.data(), constants.size()), results);
}

//===----------------------------------------------------------------------===//
// Constant matchers
//===----------------------------------------------------------------------===//

bool lamina::matchConstantOp(Operation *op, Attribute *value) {
  if (!op || !op->hasTrait<OpTrait::ConstantLike>())
    return false;
  SmallVector<OpFoldResult, 1> folded;
  if (failed(op->fold(ArrayRef<Attribute>(), folded)) || folded.empty())
    return false;
  Attribute attr = folded.front().getAttribute();
  if (!attr)
    return false;
  if (value)
    *value = attr;
  return true;
}

bool lamina::matchConstant(Value v, Attribute *value) {
  if (!v)
    return false;
  return matchConstantOp(v.getDefiningOp(), value);
}

bool lamina::matchConstantInt(Value v, APInt *value) {
  Attribute attr;
  if (!matchConstant(v, &attr))
    return false;
  if (auto i = dyn_cast<IntegerAttr>(attr)) {
    *value = i.getValue();
    return true;
  }
  if (auto dense = dyn_cast<DenseIntElementsAttr>(attr); dense && dense.isSplat()) {
    *value = DenseElementsAttr(dense).getIntValue(0);
    return true;
  }
  return false;
}

bool lamina::matchZero(Value v) {
  APInt i;
  return matchConstantInt(v, &i) && i.isZero();
}

bool lamina::matchOne(Value v) {
  APInt i;
  return matchConstantInt(v, &i) && i.isOne();
}

bool lamina::matchAllOnes(Value v) {
  APInt i;
  return matchConstantInt(v, &i) && i.isAllOnes();
}

bool lamina::matchConstantFloat(Value v, APFloat *value) {
  Attribute attr;
  if (!matchConstant(v, &attr))
    return false;
  if (auto f = dyn_cast<FloatAttr>(attr)) {
    *value = f.getValue();
    return true;
  }
  if (auto dense = dyn_cast<DenseFPElementsAttr>(attr); dense && dense.isSplat()) {
    *value = DenseElementsAttr(dense).getFloatValue(0);
    return true;
  }
  return false;
}
