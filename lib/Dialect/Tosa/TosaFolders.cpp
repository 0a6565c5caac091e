//===- TosaFolders.cpp - Folders of the tosa ops --------------------------===//
//
// As MLIR 22's TosaCanonicalizations.cpp, so far: the constants fold to
// their value (so canonicalize uniques and hoists them), identity casts and
// splat casts, the reductions over a unit axis, reshape (identity,
// reshape of reshape in place, splat constants), add/sub of a zero splat,
// mul by a zero or one splat, integer division by one, equal of an integer
// value with itself, argmax over a unit axis, pad by zeros, reverse (splat,
// unit axis), slice (whole input, splat), select (same values, splat
// predicate), tile by ones, transpose (identity, splat), concat of concats.
// The element-wise folding of non-splat constants is not written yet.
//
#include "lamina/Dialect/Tosa/TosaDialect.h"

#include "lamina/ODS/OpDef.h"

using namespace lamina;
using namespace lamina::tosa;

/// The attribute folded for `index`, as dense elements.
static DenseElementsAttr denseOperand(ArrayRef<Attribute> operands, size_t index) {
  return index < operands.size() ? dyn_cast_or_null<DenseElementsAttr>(operands[index]) : DenseElementsAttr();
}

static bool isSplatZero(Type elementType, DenseElementsAttr value) {
  if (!value || !value.isSplat())
    return false;
  if (isa<FloatType>(elementType))
    return value.getFloatValue(0).isZero();
  if (isa<IntegerType>(elementType))
    return value.getIntValue(0).isZero();
  return false;
}

static bool isSplatOne(Type elementType, DenseElementsAttr value, int64_t shift) {
  if (!value || !value.isSplat())
    return false;
  if (isa<FloatType>(elementType))
  {
    APFloat v = value.getFloatValue(0);
    return v.bitwiseIsEqual(APFloat(v.getSemantics(), "1"));
  }
  if (isa<IntegerType>(elementType))
    return shift < 63 && value.getIntValue(0).getSExtValue() == (int64_t(1) << shift);
  return false;
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

static OpFoldResult foldConst(Operation *op, ArrayRef<Attribute>) { return ods::getInherentAttr(op, "values"); }

//===----------------------------------------------------------------------===//
// Casts and data layout
//===----------------------------------------------------------------------===//

static OpFoldResult foldCast(Operation *op, ArrayRef<Attribute> operands) {
  Value input = op->getOperand(0);
  Type outType = op->getResult(0).getType();
  if (input.getType() == outType)
    return input;
  DenseElementsAttr operand = denseOperand(operands, 0);
  auto outShaped = dyn_cast<ShapedType>(outType);
  if (!operand || !operand.isSplat() || !outShaped || !outShaped.hasStaticShape())
    return {};
  Type inETy = operand.getElementType(), outETy = outShaped.getElementType();
  if (isa<FloatType>(inETy) && isa<FloatType>(outETy)) {
    APFloat value = operand.getFloatValue(0);
    bool losesInfo;
    value.convert(cast<FloatType>(outETy).getFloatSemantics(), lamina::RoundingMode::NearestTiesToEven, &losesInfo);
    return DenseElementsAttr::get(outShaped, ArrayRef<APFloat>(value));
  }
  if (isa<IntegerType>(inETy) && isa<FloatType>(outETy)) {
    APFloat value(cast<FloatType>(outETy).getFloatSemantics());
    value.convertFromAPInt(operand.getIntValue(0), !inETy.isUnsignedInteger(), lamina::RoundingMode::NearestTiesToEven);
    return DenseElementsAttr::get(outShaped, ArrayRef<APFloat>(value));
  }
  if (isa<FloatType>(inETy) && isa<IntegerType>(outETy)) {
    APInt value(outETy.getIntOrFloatBitWidth(), 0);
    bool exact;
    operand.getFloatValue(0).convertToInteger(value, !outETy.isUnsignedInteger(), lamina::RoundingMode::NearestTiesToEven,
                                              &exact);
    return DenseElementsAttr::get(outShaped, ArrayRef<APInt>(value));
  }
  if (isa<IntegerType>(inETy) && isa<IntegerType>(outETy)) {
    APInt value = operand.getIntValue(0);
    unsigned width = outETy.getIntOrFloatBitWidth();
    if (outETy.isInteger(1))
      value = APInt(width, value.isZero() ? 0 : 1);
    else if (inETy.getIntOrFloatBitWidth() > width)
      value = value.trunc(width);
    else if (inETy.isUnsignedInteger() || inETy.isInteger(1))
      value = value.zext(width);
    else
      value = value.sext(width);
    return DenseElementsAttr::get(outShaped, ArrayRef<APInt>(value));
  }
  return {};
}

/// A reduction over an axis of size 1 (or of a rank-0 tensor) is its input.
static OpFoldResult foldReduce(Operation *op, ArrayRef<Attribute>) {
  Value input = op->getOperand(0);
  auto inputTy = cast<ShapedType>(input.getType());
  if (!inputTy.hasRank() || input.getType() != op->getResult(0).getType())
    return {};
  auto axis = dyn_cast_or_null<IntegerAttr>(ods::getInherentAttr(op, "axis"));
  if (inputTy.getRank() == 0)
    return input;
  int64_t a = axis ? int32_t(axis.getInt()) : -1;
  if (a >= 0 && a < inputTy.getRank() && inputTy.getDimSize(unsigned(a)) == 1)
    return input;
  return {};
}

static OpFoldResult foldReshape(Operation *op, ArrayRef<Attribute> operands) {
  Value input = op->getOperand(0);
  auto inputTy = dyn_cast<RankedTensorType>(input.getType());
  auto outputTy = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!inputTy || !outputTy)
    return {};
  if (inputTy == outputTy && inputTy.getNumDynamicDims() < 2)
    return input;
  // reshape(reshape(x)) -> reshape(x), in place.
  if (Operation *def = input.getDefiningOp(); def && isa<ReshapeOp>(def)) {
    op->setOperand(0, def->getOperand(0));
    return op->getResult(0);
  }
  if (!inputTy.getElementType().isIntOrIndexOrFloat())
    return {};
  DenseElementsAttr operand = denseOperand(operands, 0);
  if (!operand || !outputTy.hasStaticShape())
    return {};
  if (operand.isSplat())
    return DenseElementsAttr::get(outputTy, ArrayRef<Attribute>(operand.getSplatValueAttr()));
  if (!input.hasOneUse())
    return {};
  return operand.reshape(RankedTensorType::get(outputTy.getShape(), operand.getElementType()));
}

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

/// add/sub: `x + 0`, `0 + x`, `x - 0` are x.
static OpFoldResult foldAddSub(Operation *op, ArrayRef<Attribute> operands, bool isAdd) {
  auto lhsTy = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  auto rhsTy = dyn_cast<RankedTensorType>(op->getOperand(1).getType());
  auto resultTy = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!lhsTy || !rhsTy || !resultTy || !lhsTy.getElementType().isIntOrIndexOrFloat() ||
      !rhsTy.getElementType().isIntOrIndexOrFloat())
    return {};
  Type resultETy = resultTy.getElementType();
  if (lhsTy == resultTy && isSplatZero(resultETy, denseOperand(operands, 1)))
    return op->getOperand(0);
  if (isAdd && rhsTy == resultTy && isSplatZero(resultETy, denseOperand(operands, 0)))
    return op->getOperand(1);
  return {};
}

static OpFoldResult foldAdd(Operation *op, ArrayRef<Attribute> operands) { return foldAddSub(op, operands, true); }
static OpFoldResult foldSub(Operation *op, ArrayRef<Attribute> operands) { return foldAddSub(op, operands, false); }

/// mul: by a zero splat (a static result) or a one splat (scaled by the
/// shift of i32 results).
static OpFoldResult foldMul(Operation *op, ArrayRef<Attribute> operands) {
  Value lhs = op->getOperand(0), rhs = op->getOperand(1);
  auto lhsTy = dyn_cast<RankedTensorType>(lhs.getType());
  auto rhsTy = dyn_cast<RankedTensorType>(rhs.getType());
  auto resultTy = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!lhsTy || !rhsTy || !resultTy)
    return {};
  Type resultETy = resultTy.getElementType();
  int64_t shift = 0;
  if (resultETy.isInteger(32)) {
    DenseElementsAttr shiftAttr = denseOperand(operands, 2);
    if (!shiftAttr || shiftAttr.getNumElements() < 1)
      return {};
    shift = shiftAttr.getIntValue(0).getSExtValue();
  }
  DenseElementsAttr lhsAttr = denseOperand(operands, 0), rhsAttr = denseOperand(operands, 1);
  if (rhsTy == resultTy) {
    if (isSplatZero(resultETy, lhsAttr) && resultTy.hasStaticShape())
      return DenseElementsAttr::get(resultTy, ArrayRef<Attribute>(lhsAttr.getSplatValueAttr()));
    if (isSplatOne(resultETy, lhsAttr, shift))
      return rhs;
  }
  if (lhsTy == resultTy) {
    if (isSplatZero(resultETy, rhsAttr) && resultTy.hasStaticShape())
      return DenseElementsAttr::get(resultTy, ArrayRef<Attribute>(rhsAttr.getSplatValueAttr()));
    if (isSplatOne(resultETy, rhsAttr, shift))
      return lhs;
  }
  return {};
}

/// intdiv: 0 / x is 0, x / 1 is x.
static OpFoldResult foldIntDiv(Operation *op, ArrayRef<Attribute> operands) {
  auto lhsTy = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  auto rhsTy = dyn_cast<RankedTensorType>(op->getOperand(1).getType());
  auto resultTy = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!lhsTy || !rhsTy || !resultTy || lhsTy != rhsTy || !isa<IntegerType>(resultTy.getElementType()))
    return {};
  DenseElementsAttr lhsAttr = denseOperand(operands, 0), rhsAttr = denseOperand(operands, 1);
  if (lhsAttr && lhsAttr.isSplat() && lhsAttr.getIntValue(0).isZero())
    return lhsAttr;
  if (rhsAttr && rhsAttr.isSplat() && rhsAttr.getIntValue(0).isOne())
    return op->getOperand(0);
  return {};
}

/// equal: an integer value equals itself.
static OpFoldResult foldEqual(Operation *op, ArrayRef<Attribute>) {
  auto resultTy = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  Value lhs = op->getOperand(0), rhs = op->getOperand(1);
  auto lhsTy = cast<ShapedType>(lhs.getType());
  if (isa<IntegerType>(lhsTy.getElementType()) && resultTy && resultTy.hasStaticShape() && lhs == rhs)
    return DenseElementsAttr::get(resultTy, ArrayRef<bool>(true));
  return {};
}

/// argmax over an axis of size 1 is zero.
static OpFoldResult foldArgMax(Operation *op, ArrayRef<Attribute>) {
  auto inputTy = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  auto outputTy = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  auto axis = dyn_cast_or_null<IntegerAttr>(ods::getInherentAttr(op, "axis"));
  if (!inputTy || !outputTy || !inputTy.hasStaticShape() || !outputTy.hasStaticShape() || !axis)
    return {};
  int64_t a = int32_t(axis.getInt());
  auto outputETy = dyn_cast<IntegerType>(outputTy.getElementType());
  if (a >= 0 && a < inputTy.getRank() && inputTy.getDimSize(unsigned(a)) == 1 && outputETy)
    return DenseElementsAttr::get(outputTy, ArrayRef<APInt>(APInt(outputETy.getWidth(), 0)));
  return {};
}

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

/// pad with an all-zero splat padding of the same type is its input.
static OpFoldResult foldPad(Operation *op, ArrayRef<Attribute> operands) {
  DenseElementsAttr padding = denseOperand(operands, 1);
  if (padding && op->getOperand(0).getType() == op->getResult(0).getType() && padding.isSplat() &&
      padding.getIntValue(0).isZero())
    return op->getOperand(0);
  return {};
}

/// reverse of a splat, or over an axis of size 1, is its input.
static OpFoldResult foldReverse(Operation *op, ArrayRef<Attribute> operands) {
  if (DenseElementsAttr operand = denseOperand(operands, 0); operand && operand.isSplat())
    return operand;
  Value input = op->getOperand(0);
  auto inputTy = cast<ShapedType>(input.getType());
  auto axis = dyn_cast_or_null<IntegerAttr>(ods::getInherentAttr(op, "axis"));
  if (!inputTy.hasRank() || !axis)
    return {};
  int64_t a = int32_t(axis.getInt());
  if (inputTy.getRank() == 0 || (a >= 0 && a < inputTy.getRank() && inputTy.getDimSize(unsigned(a)) == 1))
    return input;
  return {};
}

/// slice of the whole static input, or of a splat.
static OpFoldResult foldSlice(Operation *op, ArrayRef<Attribute> operands) {
  Value input = op->getOperand(0);
  auto inputTy = dyn_cast<RankedTensorType>(input.getType());
  auto outputTy = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!inputTy || !outputTy)
    return {};
  if (inputTy == outputTy && inputTy.hasStaticShape())
    return input;
  DenseElementsAttr operand = denseOperand(operands, 0);
  if (!operand || !inputTy.getElementType().isIntOrIndexOrFloat() ||
      !outputTy.getElementType().isIntOrIndexOrFloat())
    return {};
  if (operand.isSplat() && outputTy.hasStaticShape())
    return DenseElementsAttr::get(outputTy, ArrayRef<Attribute>(operand.getSplatValueAttr()));
  return {};
}

/// select: the same value on both sides, or a splat predicate, when no
/// operand may broadcast.
static OpFoldResult foldSelect(Operation *op, ArrayRef<Attribute> operands) {
  Type first;
  for (Type t : op->getOperandTypes()) {
    auto shaped = dyn_cast<ShapedType>(t);
    if (!shaped || !shaped.hasStaticShape())
      return {};
    if (!first)
      first = t;
    else if (cast<ShapedType>(first).getShape() != shaped.getShape())
      return {};
  }
  Value onTrue = op->getOperand(1), onFalse = op->getOperand(2);
  if (onTrue == onFalse)
    return onTrue;
  DenseElementsAttr predicate = denseOperand(operands, 0);
  if (!predicate || !predicate.isSplat() || !isa<IntegerType>(predicate.getElementType()))
    return {};
  return predicate.getIntValue(0).isZero() ? onFalse : onTrue;
}

/// tile by ones is its input.
static OpFoldResult foldTile(Operation *op, ArrayRef<Attribute> operands) {
  if (op->getOperand(0).getType() != op->getResult(0).getType())
    return {};
  DenseElementsAttr multiples = denseOperand(operands, 1);
  if (!multiples || !isa<IntegerType, IndexType>(multiples.getElementType()))
    return {};
  for (const APInt &v : multiples.getIntValues())
    if (v.getSExtValue() != 1)
      return {};
  return op->getOperand(0);
}

/// transpose of a splat is a reshape; the identity permutation is its input.
static OpFoldResult foldTranspose(Operation *op, ArrayRef<Attribute> operands) {
  auto resultTy = cast<ShapedType>(op->getResult(0).getType());
  if (DenseElementsAttr input = denseOperand(operands, 0))
    if (input.isSplat() && resultTy.hasStaticShape() && input.getElementType() == resultTy.getElementType())
      return input.reshape(resultTy);
  auto perms = dyn_cast_or_null<DenseI32ArrayAttr>(ods::getInherentAttr(op, "perms"));
  if (!perms)
    return {};
  ArrayRef<int32_t> p = perms.asArrayRef();
  for (size_t i = 0; i < p.size(); ++i)
    if (p[i] != int32_t(i))
      return {};
  return op->getOperand(0);
}

/// concat of concats on the same axis becomes one concat, in place.
static OpFoldResult foldConcat(Operation *op, ArrayRef<Attribute>) {
  auto axis = dyn_cast_or_null<IntegerAttr>(ods::getInherentAttr(op, "axis"));
  if (!axis)
    return {};
  std::vector<Value> operands;
  bool found = false;
  for (Value operand : op->getOperands()) {
    Operation *producer = operand.getDefiningOp();
    auto producerAxis =
        producer && isa<ConcatOp>(producer) ? dyn_cast_or_null<IntegerAttr>(ods::getInherentAttr(producer, "axis"))
                                            : IntegerAttr();
    if (!producerAxis || producerAxis.getInt() != axis.getInt()) {
      operands.push_back(operand);
      continue;
    }
    found = true;
    for (Value v : producer->getOperands())
      operands.push_back(v);
  }
  if (!found)
    return {};
  op->setOperands(ValueRange(operands));
  return op->getResult(0);
}

void tosa::registerTosaFolders(TosaDialect &dialect) {
  using ods::attachFolder;
  attachFolder(dialect, "tosa.const", foldConst);
  attachFolder(dialect, "tosa.const_shape", foldConst);
  attachFolder(dialect, "tosa.cast", foldCast);
  for (std::string_view name : {"tosa.reduce_all", "tosa.reduce_any", "tosa.reduce_max", "tosa.reduce_min",
                                "tosa.reduce_product", "tosa.reduce_sum"})
    attachFolder(dialect, name, foldReduce);
  attachFolder(dialect, "tosa.reshape", foldReshape);
  attachFolder(dialect, "tosa.add", foldAdd);
  attachFolder(dialect, "tosa.sub", foldSub);
  attachFolder(dialect, "tosa.mul", foldMul);
  attachFolder(dialect, "tosa.intdiv", foldIntDiv);
  attachFolder(dialect, "tosa.equal", foldEqual);
  attachFolder(dialect, "tosa.argmax", foldArgMax);
  attachFolder(dialect, "tosa.pad", foldPad);
  attachFolder(dialect, "tosa.reverse", foldReverse);
  attachFolder(dialect, "tosa.slice", foldSlice);
  attachFolder(dialect, "tosa.select", foldSelect);
  attachFolder(dialect, "tosa.tile", foldTile);
  attachFolder(dialect, "tosa.transpose", foldTranspose);
  attachFolder(dialect, "tosa.concat", foldConcat);
}
