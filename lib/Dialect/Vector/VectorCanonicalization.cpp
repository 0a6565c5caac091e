//===- VectorCanonicalization.cpp - Folders and patterns of vector --------===//
//
// Folders and canonicalization patterns of the vector ops as MLIR 22 has them
// (mlir/lib/Dialect/Vector/IR/VectorOps.cpp), for the ops and cases done so
// far: extract (constant positions, identity, poison, dense constants, chains
// of extracts, broadcasts, from_elements), broadcast (identity, constants,
// chains), transpose (splats, order-preserving, chains, of scalar
// broadcasts), shape_cast (identity, chains, order-preserving transposes,
// broadcasts, splats) and single-element reductions. Patterns are plain
// functions registered under MLIR's class names, in MLIR's order per op.
//
#include "VectorCanonicalizationImpl.h"

#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/Dialect/UB/UBDialect.h"
#include "lamina/Dialect/Vector/VectorDialect.h"
#include "lamina/IR/AffineExpr.h"
#include "lamina/IR/Matchers.h"
#include "lamina/IR/PatternMatch.h"
#include "lamina/ODS/OpDef.h"
#include "lamina/ODS/Predicates.h"

#include <algorithm>
#include <optional>
#include <vector>

using namespace lamina;
using namespace lamina::vector;

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

template <typename OpTy> Operation *defOf(Value v) {
  Operation *def = v ? v.getDefiningOp() : nullptr;
  return def && isa<OpTy>(def) ? def : nullptr;
}

void replace(PatternRewriter &rewriter, Operation *op, Value v) {
  Value values[] = {v};
  rewriter.replaceOp(op, ValueRange(ArrayRef<Value>(values, 1)));
}

Type resultType(Operation *op) { return op->getResult(0).getType(); }

bool isScalableDim(VectorType t, unsigned i) {
  ArrayRef<bool> flags = t.getScalableDims();
  return i < flags.size() && flags[i];
}

ArrayRef<int64_t> denseI64(Operation *op, std::string_view name) {
  auto attr = dyn_cast_or_null<DenseI64ArrayAttr>(ods::getInherentAttr(op, name));
  return attr ? attr.asArrayRef() : ArrayRef<int64_t>();
}

void setDenseI64(Operation *op, std::string_view name, ArrayRef<int64_t> values) {
  op->setInherentAttr(StringAttr::get(op->getContext(), name), DenseI64ArrayAttr::get(op->getContext(), values));
}

int64_t rankOf(Type type) {
  auto vector = dyn_cast<VectorType>(type);
  return vector ? vector.getRank() : 0;
}

/// vector.broadcast %source to `type`.
Value buildBroadcast(OpBuilder &b, Location loc, Type type, Value source) {
  OperationState state(loc, BroadcastOp::getOperationName());
  state.addOperand(source);
  state.addType(type);
  return b.create(state)->getResult(0);
}

/// vector.extract %source[position] (static positions).
Value buildExtract(OpBuilder &b, Location loc, Value source, ArrayRef<int64_t> position, Type type) {
  OperationState state(loc, ExtractOp::getOperationName());
  state.addOperand(source);
  state.addAttribute("static_position", b.getDenseI64ArrayAttr(position));
  state.addType(type);
  return b.create(state)->getResult(0);
}

enum class Broadcastable { Success, Failure };

/// isBroadcastableTo.
Broadcastable isBroadcastableTo(Type srcType, VectorType dstType) {
  if (srcType.isIntOrIndexOrFloat() && srcType == dstType.getElementType())
    return Broadcastable::Success;
  auto srcVectorType = dyn_cast<VectorType>(srcType);
  if (!srcVectorType)
    return Broadcastable::Failure;
  int64_t srcRank = srcVectorType.getRank(), dstRank = dstType.getRank();
  if (srcRank > dstRank)
    return Broadcastable::Failure;
  int64_t lead = dstRank - srcRank;
  for (int64_t i = 0; i < srcRank; ++i) {
    int64_t srcDim = srcVectorType.getShape()[i], dstDim = dstType.getShape()[lead + i];
    bool srcScalable = isScalableDim(srcVectorType, unsigned(i));
    bool dstScalable = isScalableDim(dstType, unsigned(lead + i));
    if (srcDim != 1 && srcDim != dstDim)
      return Broadcastable::Failure;
    if ((srcDim == 1 && srcScalable && dstDim != 1) || (srcScalable != dstScalable && (srcDim != 1 || srcScalable)))
      return Broadcastable::Failure;
  }
  return Broadcastable::Success;
}

/// BroadcastOp::computeBroadcastedUnitDims: the result dimensions (aligned
/// to the trailing ones) where a source unit dimension was stretched.
std::vector<bool> broadcastedUnitDims(Type srcType, VectorType dstType) {
  std::vector<bool> dims(dstType.getRank(), false);
  auto srcVectorType = dyn_cast<VectorType>(srcType);
  if (!srcVectorType)
    return dims;
  int64_t lead = dstType.getRank() - srcVectorType.getRank();
  for (int64_t i = 0; i < srcVectorType.getRank(); ++i) {
    if (srcVectorType.getShape()[i] == 1 &&
        (dstType.getShape()[lead + i] != 1 || isScalableDim(dstType, unsigned(lead + i))))
      dims[lead + i] = true;
  }
  return dims;
}

/// isOrderPreserving(transpose): the permutation restricted to the
/// non-unit (or scalable) dimensions is increasing.
bool isOrderPreserving(Operation *transpose) {
  ArrayRef<int64_t> permutation = denseI64(transpose, "permutation");
  auto sourceType = cast<VectorType>(transpose->getOperand(0).getType());
  int64_t current = 0;
  for (int64_t p : permutation) {
    if (p < 0 || p >= sourceType.getRank())
      return false;
    if (sourceType.getShape()[p] == 1 && !isScalableDim(sourceType, unsigned(p)))
      continue;
    if (p < current)
      return false;
    current = p;
  }
  return true;
}

//===----------------------------------------------------------------------===//
// extract
//===----------------------------------------------------------------------===//

constexpr int64_t kPoisonIndex = -1;

/// extractInsertFoldConstantOp: constant dynamic positions (in bounds, or
/// the poison index) become static. `firstPosition`: the operand index of
/// the first dynamic position.
bool foldConstantPositions(Operation *op, ArrayRef<Attribute> operands, unsigned firstPosition,
                           ArrayRef<int64_t> vectorShape) {
  std::vector<int64_t> staticPosition(denseI64(op, "static_position").begin(),
                                      denseI64(op, "static_position").end());
  if (op->getNumOperands() <= firstPosition)
    return false;
  std::vector<Value> newOperands(op->getOperands().begin(), op->getOperands().begin() + firstPosition);
  unsigned index = firstPosition;
  bool changed = false;
  for (size_t i = 0; i < staticPosition.size(); ++i) {
    if (ShapedType::isStatic(staticPosition[i]))
      continue;
    if (index >= op->getNumOperands())
      return false;
    Attribute positionAttr = index < operands.size() ? operands[index] : Attribute();
    Value position = op->getOperand(index++);
    if (auto attr = dyn_cast_or_null<IntegerAttr>(positionAttr)) {
      int64_t value = attr.getInt();
      if (value >= -1 && i < vectorShape.size() && value < vectorShape[i]) {
        staticPosition[i] = value;
        changed = true;
        continue;
      }
    }
    newOperands.push_back(position);
  }
  if (!changed)
    return false;
  setDenseI64(op, "static_position", staticPosition);
  op->setOperands(ValueRange(newOperands));
  return true;
}

bool hasDynamicPosition(Operation *op) {
  for (int64_t p : denseI64(op, "static_position"))
    if (ShapedType::isDynamic(p))
      return true;
  return false;
}

/// foldDenseElementsAttrSrcExtractOp.
Attribute foldDenseSource(Operation *op, Attribute srcAttr) {
  auto dense = dyn_cast_or_null<DenseElementsAttr>(srcAttr);
  if (!dense)
    return {};
  Type type = resultType(op);
  if (dense.isSplat()) {
    Attribute value = dense.getSplatValueAttr();
    if (auto vectorType = dyn_cast<VectorType>(type))
      return DenseElementsAttr::get(vectorType, ArrayRef<Attribute>(&value, 1));
    return value;
  }
  auto vecTy = cast<VectorType>(op->getOperand(0).getType());
  if (vecTy.isScalable() || hasDynamicPosition(op))
    return {};
  ArrayRef<int64_t> position = denseI64(op, "static_position");
  int64_t start = 0;
  for (int64_t i = 0; i < vecTy.getRank(); ++i) {
    int64_t p = size_t(i) < position.size() ? position[i] : 0;
    if (p < 0)
      return {};
    start = start * vecTy.getShape()[i] + p;
  }
  if (auto resVecTy = dyn_cast<VectorType>(type)) {
    std::vector<Attribute> values;
    int64_t n = resVecTy.getNumElements();
    if (start + n > dense.getNumElements())
      return {};
    values.reserve(n);
    for (int64_t i = 0; i < n; ++i)
      values.push_back(dense.getValue(start + i));
    return DenseElementsAttr::get(resVecTy, values);
  }
  if (start >= dense.getNumElements())
    return {};
  return dense.getValue(start);
}

/// foldExtractOpFromExtractChain: extract(extract(x, p), q) -> extract(x, p ++ q).
bool foldExtractChain(Operation *op) {
  if (!defOf<ExtractOp>(op->getOperand(0)) || hasDynamicPosition(op))
    return false;
  std::vector<int64_t> globalPosition;
  ArrayRef<int64_t> pos = denseI64(op, "static_position");
  globalPosition.insert(globalPosition.end(), pos.rbegin(), pos.rend());
  Operation *current = op;
  while (Operation *next = defOf<ExtractOp>(current->getOperand(0))) {
    current = next;
    if (hasDynamicPosition(current))
      return false;
    ArrayRef<int64_t> p = denseI64(current, "static_position");
    globalPosition.insert(globalPosition.end(), p.rbegin(), p.rend());
  }
  std::reverse(globalPosition.begin(), globalPosition.end());
  op->setOperand(0, current->getOperand(0));
  setDenseI64(op, "static_position", globalPosition);
  return true;
}

/// foldExtractFromBroadcast.
Value foldExtractFromBroadcast(Operation *op) {
  Operation *broadcast = defOf<BroadcastOp>(op->getOperand(0));
  if (!broadcast)
    return {};
  Value source = broadcast->getOperand(0);
  Type type = resultType(op);
  if (type == source.getType())
    return source;
  int64_t broadcastSrcRank = rankOf(source.getType());
  int64_t extractResultRank = rankOf(type);
  if (extractResultRank > broadcastSrcRank)
    return {};
  auto extractVecType = dyn_cast<VectorType>(type);
  auto broadcastVecType = dyn_cast<VectorType>(source.getType());
  if (extractVecType && broadcastVecType &&
      extractVecType.getShape() != broadcastVecType.getShape().take_back(extractResultRank))
    return {};
  auto dstType = cast<VectorType>(resultType(broadcast));
  std::vector<bool> unitDims = broadcastedUnitDims(source.getType(), dstType);
  // Mixed positions: static values, or the dynamic operands in order.
  ArrayRef<int64_t> staticPos = denseI64(op, "static_position");
  std::vector<OpFoldResult> positions;
  unsigned nextDynamic = 1;
  for (int64_t p : staticPos) {
    if (ShapedType::isDynamic(p) && nextDynamic < op->getNumOperands())
      positions.push_back(op->getOperand(nextDynamic++));
    else
      positions.push_back(IntegerAttr::get(IndexType::get(op->getContext()), p));
  }
  int64_t rankDiff = dstType.getRank() - broadcastSrcRank;
  for (int64_t i = rankDiff, e = int64_t(positions.size()); i < e; ++i)
    if (size_t(i) < unitDims.size() && unitDims[i])
      positions[i] = IntegerAttr::get(IndexType::get(op->getContext()), 0);
  int64_t keep = broadcastSrcRank - extractResultRank;
  if (keep < 0 || keep > int64_t(positions.size()))
    return {};
  positions.erase(positions.begin(), positions.end() - keep);
  std::vector<int64_t> newStatic;
  std::vector<Value> operands{source};
  for (const OpFoldResult &p : positions) {
    if (Value v = p.getValue()) {
      newStatic.push_back(ShapedType::kDynamic);
      operands.push_back(v);
    } else {
      newStatic.push_back(cast<IntegerAttr>(p.getAttribute()).getInt());
    }
  }
  op->setOperands(ValueRange(operands));
  setDenseI64(op, "static_position", newStatic);
  return op->getResult(0);
}

/// foldExtractFromShapeCast: extract(shape_cast(x)) -> extract(x) at the
/// delinearized position, when the extracted trailing dimensions are x's.
Value foldExtractFromShapeCast(Operation *op) {
  Operation *shapeCast = defOf<ShapeCastOp>(op->getOperand(0));
  if (!shapeCast || hasDynamicPosition(op))
    return {};
  auto castSourceType = cast<VectorType>(shapeCast->getOperand(0).getType());
  auto extractSourceType = cast<VectorType>(op->getOperand(0).getType());
  auto getDimReverse = [](VectorType type, int64_t n) { return type.getShape()[type.getRank() - 1 - n]; };
  auto destinationType = dyn_cast<VectorType>(resultType(op));
  int64_t destinationRank = destinationType ? destinationType.getRank() : 0;
  if (destinationRank > castSourceType.getRank())
    return {};
  for (int64_t i = 0; i < destinationRank; ++i)
    if (getDimReverse(castSourceType, i) != getDimReverse(destinationType, i))
      return {};
  std::vector<int64_t> extractedPos(denseI64(op, "static_position").begin(), denseI64(op, "static_position").end());
  std::reverse(extractedPos.begin(), extractedPos.end());
  int64_t position = 0, stride = 1;
  for (int64_t i = 0, e = int64_t(extractedPos.size()); i < e; ++i) {
    if (i + destinationRank >= extractSourceType.getRank())
      return {};
    position += extractedPos[i] * stride;
    stride *= getDimReverse(extractSourceType, i + destinationRank);
  }
  int64_t numDimension = castSourceType.getRank() - destinationRank;
  std::vector<int64_t> newStrides;
  stride = 1;
  for (int64_t i = 0; i < numDimension; ++i) {
    newStrides.push_back(stride);
    stride *= getDimReverse(castSourceType, i + destinationRank);
  }
  std::reverse(newStrides.begin(), newStrides.end());
  std::vector<int64_t> newPosition;
  for (int64_t s : newStrides) {
    newPosition.push_back(position / s);
    position %= s;
  }
  setDenseI64(op, "static_position", newPosition);
  op->setOperand(0, shapeCast->getOperand(0));
  return op->getResult(0);
}

/// foldScalarExtractFromFromElements.
Value foldScalarExtractFromFromElements(Operation *op) {
  if (hasDynamicPosition(op))
    return {};
  Operation *fromElements = defOf<FromElementsOp>(op->getOperand(0));
  if (!fromElements)
    return {};
  auto vecType = cast<VectorType>(resultType(fromElements));
  if (vecType.isScalable() || resultType(op) != vecType.getElementType())
    return {};
  ArrayRef<int64_t> indices = denseI64(op, "static_position");
  if (int64_t(indices.size()) != vecType.getRank())
    return {};
  int64_t flatIndex = 0, stride = 1;
  for (int64_t i = vecType.getRank() - 1; i >= 0; --i) {
    flatIndex += indices[i] * stride;
    stride *= vecType.getShape()[i];
  }
  if (flatIndex < 0 || flatIndex >= int64_t(fromElements->getNumOperands()))
    return {};
  return fromElements->getOperand(flatIndex);
}

OpFoldResult foldExtract(Operation *op, ArrayRef<Attribute> operands) {
  Value source = op->getOperand(0);
  ArrayRef<int64_t> position = denseI64(op, "static_position");
  if (position.empty() && source.getType() == resultType(op))
    return source;
  if (isa_and_nonnull<ub::PoisonAttr>(operands[0]))
    return operands[0];
  auto sourceType = cast<VectorType>(source.getType());
  bool inPlace = foldConstantPositions(op, operands, 1, sourceType.getShape());
  for (int64_t p : denseI64(op, "static_position"))
    if (p == kPoisonIndex)
      return ub::PoisonAttr::get(op->getContext());
  if (Attribute attr = foldDenseSource(op, operands[0]))
    return attr;
  if (foldExtractChain(op))
    return op->getResult(0);
  if (Value v = foldExtractFromBroadcast(op))
    return v;
  if (Value v = foldExtractFromShapeCast(op))
    return v;
  if (Value v = foldScalarExtractFromFromElements(op))
    return v;
  return inPlace ? OpFoldResult(op->getResult(0)) : OpFoldResult();
}

/// ExtractOpFromBroadcast: extract(broadcast(x)) of a vector x can be
/// broadcast to -> broadcast(x).
LogicalResult extractOpFromBroadcast(Operation *op, PatternRewriter &rewriter) {
  Operation *broadcast = defOf<BroadcastOp>(op->getOperand(0));
  auto outType = dyn_cast<VectorType>(resultType(op));
  if (!broadcast || !outType)
    return failure();
  Value source = broadcast->getOperand(0);
  if (isBroadcastableTo(source.getType(), outType) != Broadcastable::Success)
    return failure();
  replace(rewriter, op, buildBroadcast(rewriter, op->getLoc(), outType, source));
  return success();
}

/// foldExtractFromShapeCastToShapeCast: an extract of as many elements as
/// the shape_cast's source -> shape_cast of that source.
LogicalResult extractFromShapeCastToShapeCast(Operation *op, PatternRewriter &rewriter) {
  Operation *castOp = defOf<ShapeCastOp>(op->getOperand(0));
  auto targetType = dyn_cast<VectorType>(resultType(op));
  if (!castOp || !targetType)
    return failure();
  auto sourceType = cast<VectorType>(castOp->getOperand(0).getType());
  if (sourceType.getNumElements() != targetType.getNumElements())
    return failure();
  OperationState state(op->getLoc(), ShapeCastOp::getOperationName());
  state.addOperand(castOp->getOperand(0));
  state.addType(targetType);
  replace(rewriter, op, rewriter.create(state)->getResult(0));
  return success();
}

/// foldExtractFromFromElements: a sub-vector extract of a from_elements ->
/// from_elements of that slice of the elements.
LogicalResult extractFromFromElements(Operation *op, PatternRewriter &rewriter) {
  if (hasDynamicPosition(op))
    return failure();
  auto type = dyn_cast<VectorType>(resultType(op));
  Operation *fromElements = defOf<FromElementsOp>(op->getOperand(0));
  if (!type || !fromElements)
    return failure();
  auto inputType = cast<VectorType>(resultType(fromElements));
  if (type.isScalable() || inputType.isScalable())
    return failure();
  std::vector<int64_t> pos(denseI64(op, "static_position").begin(), denseI64(op, "static_position").end());
  pos.resize(pos.size() + size_t(type.getRank()), 0);
  if (int64_t(pos.size()) != inputType.getRank())
    return failure();
  int64_t flatIndex = 0, stride = 1;
  for (int64_t i = inputType.getRank() - 1; i >= 0; --i) {
    flatIndex += pos[i] * stride;
    stride *= inputType.getShape()[i];
  }
  int64_t n = type.getNumElements();
  if (flatIndex < 0 || flatIndex + n > int64_t(fromElements->getNumOperands()))
    return failure();
  OperationState state(op->getLoc(), FromElementsOp::getOperationName());
  for (int64_t i = 0; i < n; ++i)
    state.addOperand(fromElements->getOperand(unsigned(flatIndex + i)));
  state.addType(type);
  replace(rewriter, op, rewriter.create(state)->getResult(0));
  return success();
}

//===----------------------------------------------------------------------===//
// broadcast
//===----------------------------------------------------------------------===//

OpFoldResult foldBroadcast(Operation *op, ArrayRef<Attribute> operands) {
  Value source = op->getOperand(0);
  auto vectorType = cast<VectorType>(resultType(op));
  if (source.getType() == vectorType)
    return source;
  Attribute attr = operands[0];
  if (!attr)
    return {};
  if (isa<IntegerAttr, FloatAttr>(attr)) {
    if (cast<TypedAttr>(attr).getType() != vectorType.getElementType())
      return {};
    return DenseElementsAttr::get(vectorType, ArrayRef<Attribute>(&attr, 1));
  }
  if (auto dense = dyn_cast<DenseElementsAttr>(attr); dense && dense.isSplat()) {
    Attribute value = dense.getSplatValueAttr();
    return DenseElementsAttr::get(vectorType, ArrayRef<Attribute>(&value, 1));
  }
  if (isa<ub::PoisonAttr>(attr))
    return ub::PoisonAttr::get(op->getContext());
  return {};
}

/// BroadcastFolder: broadcast(broadcast(x)) -> broadcast(x).
LogicalResult broadcastFolder(Operation *op, PatternRewriter &rewriter) {
  Operation *srcBroadcast = defOf<BroadcastOp>(op->getOperand(0));
  if (!srcBroadcast)
    return failure();
  replace(rewriter, op, buildBroadcast(rewriter, op->getLoc(), resultType(op), srcBroadcast->getOperand(0)));
  return success();
}

//===----------------------------------------------------------------------===//
// transpose
//===----------------------------------------------------------------------===//

OpFoldResult foldTranspose(Operation *op, ArrayRef<Attribute> operands) {
  auto type = cast<VectorType>(resultType(op));
  if (auto dense = dyn_cast_or_null<DenseElementsAttr>(operands[0]); dense && dense.isSplat())
    return dense.reshape(type);
  if (isa_and_nonnull<ub::PoisonAttr>(operands[0]))
    return ub::PoisonAttr::get(op->getContext());
  if (op->getOperand(0).getType() == type && isOrderPreserving(op))
    return op->getOperand(0);
  return {};
}

Value buildTranspose(OpBuilder &b, Location loc, Type type, Value source, ArrayRef<int64_t> permutation) {
  OperationState state(loc, TransposeOp::getOperationName());
  state.addOperand(source);
  state.addAttribute("permutation", b.getDenseI64ArrayAttr(permutation));
  state.addType(type);
  return b.create(state)->getResult(0);
}

/// TransposeFolder: transpose(transpose(x)) -> transpose(x) with the
/// composed permutation.
LogicalResult transposeFolder(Operation *op, PatternRewriter &rewriter) {
  Operation *parent = defOf<TransposeOp>(op->getOperand(0));
  if (!parent)
    return failure();
  ArrayRef<int64_t> first = denseI64(parent, "permutation"), second = denseI64(op, "permutation");
  std::vector<int64_t> permutation;
  for (int64_t index : second) {
    if (index < 0 || size_t(index) >= first.size())
      return failure();
    permutation.push_back(first[index]);
  }
  replace(rewriter, op, buildTranspose(rewriter, op->getLoc(), resultType(op), parent->getOperand(0), permutation));
  return success();
}

/// FoldTransposeBroadcast, for broadcasts of scalars:
/// transpose(broadcast(s)) -> broadcast(s).
LogicalResult foldTransposeBroadcast(Operation *op, PatternRewriter &rewriter) {
  Operation *broadcast = defOf<BroadcastOp>(op->getOperand(0));
  if (!broadcast || isa<VectorType>(broadcast->getOperand(0).getType()))
    return failure();
  replace(rewriter, op, buildBroadcast(rewriter, op->getLoc(), resultType(op), broadcast->getOperand(0)));
  return success();
}

/// FoldTransposeShapeCast: an order-preserving transpose -> shape_cast.
LogicalResult foldTransposeShapeCast(Operation *op, PatternRewriter &rewriter) {
  if (!isOrderPreserving(op))
    return failure();
  OperationState state(op->getLoc(), ShapeCastOp::getOperationName());
  state.addOperand(op->getOperand(0));
  state.addType(resultType(op));
  replace(rewriter, op, rewriter.create(state)->getResult(0));
  return success();
}

//===----------------------------------------------------------------------===//
// shape_cast
//===----------------------------------------------------------------------===//

OpFoldResult foldShapeCast(Operation *op, ArrayRef<Attribute> operands) {
  auto type = cast<VectorType>(resultType(op));
  Value source = op->getOperand(0);
  if (source.getType() == type)
    return source;
  if (Operation *preceding = defOf<ShapeCastOp>(source)) {
    op->setOperand(0, preceding->getOperand(0));
    return op->getResult(0);
  }
  if (Operation *transpose = defOf<TransposeOp>(source)) {
    if (isOrderPreserving(transpose)) {
      op->setOperand(0, transpose->getOperand(0));
      return op->getResult(0);
    }
    return {};
  }
  if (Operation *broadcast = defOf<BroadcastOp>(source))
    if (broadcast->getOperand(0).getType() == type)
      return broadcast->getOperand(0);
  if (auto dense = dyn_cast_or_null<DenseElementsAttr>(operands[0]); dense && dense.isSplat())
    return dense.reshape(type);
  if (isa_and_nonnull<ub::PoisonAttr>(operands[0]))
    return ub::PoisonAttr::get(op->getContext());
  return {};
}

/// ShapeCastBroadcastFolder: shape_cast(broadcast(x)) -> broadcast(x) if x
/// broadcasts to the result, else shape_cast(x) if x has as many elements.
LogicalResult shapeCastBroadcastFolder(Operation *op, PatternRewriter &rewriter) {
  Operation *broadcast = defOf<BroadcastOp>(op->getOperand(0));
  if (!broadcast)
    return failure();
  Value source = broadcast->getOperand(0);
  auto type = cast<VectorType>(resultType(op));
  auto srcVectorType = dyn_cast<VectorType>(source.getType());
  if (!srcVectorType || isBroadcastableTo(srcVectorType, type) == Broadcastable::Success) {
    replace(rewriter, op, buildBroadcast(rewriter, op->getLoc(), type, source));
    return success();
  }
  if (srcVectorType.getNumElements() == type.getNumElements()) {
    OperationState state(op->getLoc(), ShapeCastOp::getOperationName());
    state.addOperand(source);
    state.addType(type);
    replace(rewriter, op, rewriter.create(state)->getResult(0));
    return success();
  }
  return failure();
}

//===----------------------------------------------------------------------===//
// reduction
//===----------------------------------------------------------------------===//

/// The arith op combining two values for `kind` (makeArithReduction).
std::string_view arithOpFor(CombiningKind kind, bool isFloat) {
  switch (kind) {
  case CombiningKind::ADD:
    return isFloat ? "arith.addf" : "arith.addi";
  case CombiningKind::MUL:
    return isFloat ? "arith.mulf" : "arith.muli";
  case CombiningKind::MINUI:
    return "arith.minui";
  case CombiningKind::MINSI:
    return "arith.minsi";
  case CombiningKind::MINNUMF:
    return "arith.minnumf";
  case CombiningKind::MAXUI:
    return "arith.maxui";
  case CombiningKind::MAXSI:
    return "arith.maxsi";
  case CombiningKind::MAXNUMF:
    return "arith.maxnumf";
  case CombiningKind::AND:
    return "arith.andi";
  case CombiningKind::OR:
    return "arith.ori";
  case CombiningKind::XOR:
    return "arith.xori";
  case CombiningKind::MAXIMUMF:
    return "arith.maximumf";
  case CombiningKind::MINIMUMF:
    return "arith.minimumf";
  }
  return {};
}

/// The op a maskable op is rewritten through: its vector.mask if it has
/// one (the insertion point moves before it), and the mask.
std::pair<Operation *, Value> maskingRoot(Operation *op, PatternRewriter &rewriter) {
  Operation *parent = op->getParentOp();
  if (parent && isa<MaskOp>(parent)) {
    rewriter.setInsertionPoint(parent);
    return {parent, parent->getOperand(0)};
  }
  return {op, Value()};
}

/// makeArithReduction: `kind`(v1, acc) (created or folded), then a select
/// of the accumulator where `mask` is off.
Value makeArithReduction(PatternRewriter &rewriter, Location loc, CombiningKind kind, Value v1, Value acc,
                         Attribute fastmath, Value mask) {
  bool isFloat = isa<FloatType>(getElementTypeOrSelf(v1.getType()));
  OperationState state(loc, arithOpFor(kind, isFloat));
  state.addOperand(v1);
  state.addOperand(acc);
  state.addType(v1.getType());
  if (isFloat && fastmath)
    state.addAttribute("fastmath", fastmath);
  Value result = rewriter.createOrFold(state);
  if (!mask)
    return result;
  OperationState select(loc, "arith.select");
  select.addOperand(mask);
  select.addOperand(result);
  select.addOperand(acc);
  select.addType(result.getType());
  return rewriter.createOrFold(select);
}

/// vector.extract of the single element (position all zeros).
Value extractFirst(PatternRewriter &rewriter, Location loc, Value vector) {
  auto type = cast<VectorType>(vector.getType());
  std::vector<int64_t> zeros(type.getRank(), 0);
  return buildExtract(rewriter, loc, vector, zeros, type.getElementType());
}

/// ElideSingleElementReduction: the reduction of a one-element vector is
/// its element, combined with the accumulator (under the mask).
LogicalResult elideSingleElementReduction(Operation *op, PatternRewriter &rewriter) {
  auto vectorType = cast<VectorType>(op->getOperand(0).getType());
  if (vectorType.getRank() != 0 && vectorType.getShape()[0] != 1)
    return failure();
  auto kind = dyn_cast_or_null<CombiningKindAttr>(ods::getInherentAttr(op, "kind"));
  if (!kind)
    return failure();
  OpBuilder::InsertionGuard guard(rewriter);
  auto [rootOp, mask] = maskingRoot(op, rewriter);
  Location loc = op->getLoc();
  if (mask)
    mask = extractFirst(rewriter, loc, mask);
  Value result = extractFirst(rewriter, loc, op->getOperand(0));
  if (op->getNumOperands() > 1)
    result = makeArithReduction(rewriter, loc, kind.getValue(), result, op->getOperand(1),
                                ods::getInherentAttr(op, "fastmath"), mask);
  replace(rewriter, rootOp, result);
  return success();
}

//===----------------------------------------------------------------------===//
// multi_reduction
//===----------------------------------------------------------------------===//

bool isReducedDim(Operation *op, int64_t dim) {
  for (int64_t d : denseI64(op, "reduction_dims"))
    if (d == dim)
      return true;
  return false;
}

/// A rank-1 multi_reduction reducing nothing is its source.
OpFoldResult foldMultiReduction(Operation *op, ArrayRef<Attribute>) {
  auto type = cast<VectorType>(op->getOperand(0).getType());
  if (type.getRank() == 1 && !isReducedDim(op, 0))
    return op->getOperand(0);
  return {};
}

/// ElideUnitDimsInMultiDimReduction: reducing only unit dimensions is a
/// shape_cast (or an extract of the single element) combined with the
/// accumulator.
LogicalResult elideUnitDimsInMultiDimReduction(Operation *op, PatternRewriter &rewriter) {
  auto sourceType = cast<VectorType>(op->getOperand(0).getType());
  for (int64_t i = 0; i < sourceType.getRank(); ++i)
    if (isReducedDim(op, i) && sourceType.getShape()[i] != 1)
      return failure();
  auto kind = dyn_cast_or_null<CombiningKindAttr>(ods::getInherentAttr(op, "kind"));
  if (!kind)
    return failure();
  OpBuilder::InsertionGuard guard(rewriter);
  auto [rootOp, mask] = maskingRoot(op, rewriter);
  Location loc = op->getLoc();
  Value acc = op->getOperand(1);
  Type destType = resultType(op);
  Value cast;
  auto shapeCast = [&](Value v, Type type) {
    OperationState state(loc, ShapeCastOp::getOperationName());
    state.addOperand(v);
    state.addType(type);
    return rewriter.create(state)->getResult(0);
  };
  if (auto dstVecType = dyn_cast<VectorType>(destType)) {
    if (mask)
      mask = shapeCast(mask, VectorType::get(dstVecType.getShape(), IntegerType::get(op->getContext(), 1),
                                             dstVecType.getScalableDims()));
    cast = shapeCast(op->getOperand(0), destType);
  } else {
    if (mask)
      mask = extractFirst(rewriter, loc, mask);
    cast = extractFirst(rewriter, loc, op->getOperand(0));
  }
  replace(rewriter, rootOp, makeArithReduction(rewriter, loc, kind.getValue(), acc, cast, Attribute(), mask));
  return success();
}

//===----------------------------------------------------------------------===//
// mask
//===----------------------------------------------------------------------===//

enum class MaskFormat { AllTrue, AllFalse, Unknown };

/// getMaskFormat: constant masks known to be all true or all false.
MaskFormat getMaskFormat(Value mask) {
  Attribute attr;
  if (matchConstant(mask, &attr)) {
    if (auto dense = dyn_cast<DenseElementsAttr>(attr)) {
      bool allTrue = true, allFalse = true;
      for (int64_t i = 0, e = dense.isSplat() ? 1 : dense.getNumElements(); i < e; ++i) {
        auto b = dyn_cast<IntegerAttr>(dense.getValue(i));
        if (!b)
          return MaskFormat::Unknown;
        allTrue &= !b.getValue().isZero();
        allFalse &= b.getValue().isZero();
      }
      return allTrue ? MaskFormat::AllTrue : allFalse ? MaskFormat::AllFalse : MaskFormat::Unknown;
    }
    return MaskFormat::Unknown;
  }
  Operation *def = mask.getDefiningOp();
  if (!def)
    return MaskFormat::Unknown;
  auto type = dyn_cast<VectorType>(mask.getType());
  if (isa<ConstantMaskOp>(def) && type) {
    ArrayRef<int64_t> sizes = denseI64(def, "mask_dim_sizes");
    bool allTrue = sizes.size() == size_t(type.getRank()), allFalse = true;
    for (size_t i = 0; i < sizes.size(); ++i) {
      if (i < size_t(type.getRank()) && (sizes[i] < type.getShape()[i] || isScalableDim(type, unsigned(i))))
        allTrue = false;
      if (sizes[i] != 0)
        allFalse = false;
    }
    return allTrue ? MaskFormat::AllTrue : allFalse ? MaskFormat::AllFalse : MaskFormat::Unknown;
  }
  if (isa<CreateMaskOp>(def) && type) {
    bool allTrue = true, allFalse = false;
    for (unsigned i = 0; i < def->getNumOperands(); ++i) {
      APInt cst;
      if (!matchConstantInt(def->getOperand(i), &cst))
        return MaskFormat::Unknown;
      int64_t v = cst.getSExtValue();
      if (i < unsigned(type.getRank()) && (v < type.getShape()[i] || isScalableDim(type, i)))
        allTrue = false;
      if (v <= 0)
        allFalse = true;
    }
    return allFalse ? MaskFormat::AllFalse : allTrue ? MaskFormat::AllTrue : MaskFormat::Unknown;
  }
  return MaskFormat::Unknown;
}

/// The mask region's block holds only its terminator.
bool isEmptyMask(Operation *op) {
  Region &region = op->getRegion(0);
  return !region.empty() && &region.front().front() == region.front().getTerminator();
}

/// MaskOp::fold: an all-true mask releases its maskable op.
LogicalResult foldMask(Operation *op, ArrayRef<Attribute>, SmallVectorImpl<OpFoldResult> &results) {
  if (isEmptyMask(op) || getMaskFormat(op->getOperand(0)) != MaskFormat::AllTrue)
    return failure();
  Operation *maskable = &op->getRegion(0).front().front();
  maskable->dropAllUses();
  maskable->moveBefore(op);
  for (Value result : maskable->getResults())
    results.push_back(result);
  return success();
}

/// CanonializeEmptyMaskOp: an empty vector.mask without passthru is what it
/// yields.
LogicalResult canonicalizeEmptyMask(Operation *op, PatternRewriter &rewriter) {
  if (!isEmptyMask(op) || ods::getODSOperands(op, 1).size() != 0)
    return failure();
  Operation *terminator = op->getRegion(0).front().getTerminator();
  if (terminator->getNumOperands() == 0) {
    rewriter.eraseOp(op);
    return success();
  }
  std::vector<Value> values(terminator->getOperands().begin(), terminator->getOperands().end());
  rewriter.replaceOp(op, ValueRange(values));
  return success();
}

/// ExtractOpFromCreateMask: extract of a create_mask at static positions
/// within the leading constant sizes -> create_mask of the trailing sizes;
/// all false where a position is past its size.
LogicalResult extractOpFromCreateMask(Operation *op, PatternRewriter &rewriter) {
  Operation *createMask = defOf<CreateMaskOp>(op->getOperand(0));
  if (!createMask)
    return failure();
  auto extractedMaskType = dyn_cast<VectorType>(resultType(op));
  if (!extractedMaskType)
    return failure();
  auto maskType = cast<VectorType>(resultType(createMask));
  ArrayRef<int64_t> staticPos = denseI64(op, "static_position");
  bool containsUnknownDims = false;
  bool allFalse = getMaskFormat(createMask->getResult(0)) == MaskFormat::AllFalse;
  for (size_t dimIdx = 0; !allFalse && dimIdx < staticPos.size(); ++dimIdx) {
    APInt bound;
    if (dimIdx >= createMask->getNumOperands() || !matchConstantInt(createMask->getOperand(unsigned(dimIdx)), &bound)) {
      containsUnknownDims = true;
      continue;
    }
    int64_t createMaskBound = bound.getSExtValue();
    if (ShapedType::isStatic(staticPos[dimIdx]))
      allFalse |= staticPos[dimIdx] >= createMaskBound;
    else if (createMaskBound < maskType.getShape()[dimIdx])
      containsUnknownDims = true;
  }
  if (allFalse) {
    Attribute value = BoolAttr::get(op->getContext(), false);
    OperationState state(op->getLoc(), "arith.constant");
    state.addAttribute("value", DenseElementsAttr::get(extractedMaskType, ArrayRef<Attribute>(&value, 1)));
    state.addType(extractedMaskType);
    replace(rewriter, op, rewriter.create(state)->getResult(0));
    return success();
  }
  if (containsUnknownDims)
    return failure();
  std::vector<Value> sizes;
  for (unsigned i = unsigned(staticPos.size()); i < createMask->getNumOperands(); ++i)
    sizes.push_back(createMask->getOperand(i));
  OperationState state(op->getLoc(), CreateMaskOp::getOperationName());
  state.addOperands(ValueRange(sizes));
  state.addType(extractedMaskType);
  replace(rewriter, op, rewriter.create(state)->getResult(0));
  return success();
}

//===----------------------------------------------------------------------===//
// bitcast
//===----------------------------------------------------------------------===//

OpFoldResult foldBitCast(Operation *op, ArrayRef<Attribute> operands) {
  Value source = op->getOperand(0);
  auto type = cast<VectorType>(resultType(op));
  if (source.getType() == type)
    return source;
  if (Operation *other = defOf<BitCastOp>(source)) {
    if (type == other->getOperand(0).getType())
      return other->getOperand(0);
    op->setOperand(0, other->getOperand(0));
    return op->getResult(0);
  }
  auto dense = dyn_cast_or_null<DenseElementsAttr>(operands[0]);
  if (!dense || !dense.isSplat())
    return {};
  Type srcElemType = cast<VectorType>(source.getType()).getElementType();
  Type dstElemType = type.getElementType();
  if (srcElemType.isF16() && dstElemType.isF32()) {
    auto splat = dyn_cast<FloatAttr>(dense.getSplatValueAttr());
    if (!splat)
      return {};
    uint32_t bits = uint32_t(splat.getValue().bitcastToAPInt().getZExtValue());
    bits = (bits << 16) | (bits & 0xffff);
    Attribute value = FloatAttr::get(dstElemType, APFloat::fromBits(APFloat::IEEEsingle(), APInt(32, bits)));
    return DenseElementsAttr::get(type, ArrayRef<Attribute>(&value, 1));
  }
  auto splat = dyn_cast<IntegerAttr>(dense.getSplatValueAttr());
  if (splat && isa<IntegerType>(srcElemType) && isa<IntegerType>(dstElemType)) {
    unsigned srcBitWidth = srcElemType.getIntOrFloatBitWidth(), dstBitWidth = dstElemType.getIntOrFloatBitWidth();
    if (dstBitWidth > srcBitWidth && dstBitWidth % srcBitWidth == 0) {
      APInt intBits = splat.getValue().zext(dstBitWidth);
      for (unsigned i = 0; i < dstBitWidth / srcBitWidth - 1; ++i)
        intBits = (intBits << srcBitWidth) | intBits;
      Attribute value = IntegerAttr::get(dstElemType, intBits);
      return DenseElementsAttr::get(type, ArrayRef<Attribute>(&value, 1));
    }
  }
  return {};
}

//===----------------------------------------------------------------------===//
// Masks
//===----------------------------------------------------------------------===//

Attribute boolSplat(VectorType type, bool value) {
  Attribute attr = BoolAttr::get(type.getContext(), value);
  return DenseElementsAttr::get(type, ArrayRef<Attribute>(&attr, 1));
}

OpFoldResult foldConstantMask(Operation *op, ArrayRef<Attribute>) {
  ArrayRef<int64_t> bounds = denseI64(op, "mask_dim_sizes");
  auto type = cast<VectorType>(resultType(op));
  if (type.getRank() == 0) {
    if (bounds.size() != 1)
      return {};
    return boolSplat(type, bounds[0] == 1);
  }
  if (bounds == type.getShape())
    return boolSplat(type, true);
  for (int64_t b : bounds)
    if (b != 0)
      return {};
  return boolSplat(type, false);
}

Value buildConstantMask(OpBuilder &b, Location loc, Type type, ArrayRef<int64_t> sizes) {
  OperationState state(loc, ConstantMaskOp::getOperationName());
  state.addAttribute("mask_dim_sizes", b.getDenseI64ArrayAttr(sizes));
  state.addType(type);
  return b.create(state)->getResult(0);
}

/// CreateMaskFolder (constant sizes): create_mask -> constant_mask, sizes
/// clamped to the shape, all zero if one is.
LogicalResult createMaskFolder(Operation *op, PatternRewriter &rewriter) {
  auto type = cast<VectorType>(resultType(op));
  std::vector<int64_t> shape(type.getShape().begin(), type.getShape().end());
  if (type.getRank() == 0)
    shape = {1};
  std::vector<int64_t> dims;
  for (Value size : op->getOperands()) {
    APInt cst;
    if (!matchConstantInt(size, &cst))
      return failure();
    dims.push_back(cst.getSExtValue());
  }
  bool anyZero = false;
  for (size_t i = 0; i < dims.size() && i < shape.size(); ++i) {
    dims[i] = std::clamp<int64_t>(dims[i], 0, shape[i]);
    anyZero |= dims[i] == 0;
  }
  if (anyZero)
    dims.assign(dims.size(), 0);
  replace(rewriter, op, buildConstantMask(rewriter, op->getLoc(), type, dims));
  return success();
}

//===----------------------------------------------------------------------===//
// extract_strided_slice / insert_strided_slice
//===----------------------------------------------------------------------===//

std::vector<int64_t> i64Array(Operation *op, std::string_view name) {
  std::vector<int64_t> values;
  if (auto array = dyn_cast_or_null<ArrayAttr>(ods::getInherentAttr(op, name)))
    for (Attribute a : array.getValue())
      if (auto i = dyn_cast<IntegerAttr>(a))
        values.push_back(i.getInt());
  return values;
}

bool hasNonUnitStrides(Operation *op) {
  for (int64_t s : i64Array(op, "strides"))
    if (s != 1)
      return true;
  return false;
}

/// foldExtractStridedSliceNonSplatConstant: the sliced elements of a dense
/// constant.
Attribute foldStridedSliceConstant(Operation *op, Attribute attr) {
  auto dense = dyn_cast_or_null<DenseElementsAttr>(attr);
  if (!dense || hasNonUnitStrides(op))
    return {};
  auto sourceType = cast<VectorType>(op->getOperand(0).getType());
  auto sliceType = cast<VectorType>(resultType(op));
  if (sourceType.isScalable())
    return {};
  ArrayRef<int64_t> sourceShape = sourceType.getShape();
  int64_t rank = sourceType.getRank();
  std::vector<int64_t> offsets(rank, 0), sizes(sourceShape.begin(), sourceShape.end());
  std::vector<int64_t> o = i64Array(op, "offsets"), z = i64Array(op, "sizes");
  for (size_t i = 0; i < o.size() && i < size_t(rank); ++i)
    offsets[i] = o[i];
  for (size_t i = 0; i < z.size() && i < size_t(rank); ++i)
    sizes[i] = z[i];
  std::vector<int64_t> strides(rank, 1);
  for (int64_t i = rank - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * sourceShape[i + 1];
  std::vector<Attribute> values;
  values.reserve(sliceType.getNumElements());
  std::vector<int64_t> pos = offsets;
  while (true) {
    int64_t linear = 0;
    for (int64_t i = 0; i < rank; ++i)
      linear += pos[i] * strides[i];
    if (linear < 0 || linear >= dense.getNumElements())
      return {};
    values.push_back(dense.getValue(dense.isSplat() ? 0 : linear));
    // incSlicePosition: the next position in lexicographic order.
    int64_t d = rank - 1;
    for (; d >= 0; --d) {
      if (++pos[d] < offsets[d] + sizes[d])
        break;
      pos[d] = offsets[d];
    }
    if (d < 0)
      break;
  }
  if (int64_t(values.size()) != sliceType.getNumElements())
    return {};
  return DenseElementsAttr::get(sliceType, values);
}

OpFoldResult foldExtractStridedSlice(Operation *op, ArrayRef<Attribute> operands) {
  auto type = cast<VectorType>(resultType(op));
  if (op->getOperand(0).getType() == type)
    return op->getOperand(0);
  if (auto dense = dyn_cast_or_null<DenseElementsAttr>(operands[0]); dense && dense.isSplat()) {
    Attribute value = dense.getSplatValueAttr();
    return DenseElementsAttr::get(type, ArrayRef<Attribute>(&value, 1));
  }
  return foldStridedSliceConstant(op, operands[0]);
}

OpFoldResult foldInsertStridedSlice(Operation *op, ArrayRef<Attribute>) {
  if (op->getOperand(0).getType() == op->getOperand(1).getType())
    return op->getOperand(0);
  return {};
}

/// StridedSliceConstantMaskFolder: a unit-stride slice of a constant_mask
/// -> constant_mask of the sliced region.
LogicalResult stridedSliceConstantMaskFolder(Operation *op, PatternRewriter &rewriter) {
  Operation *mask = defOf<ConstantMaskOp>(op->getOperand(0));
  if (!mask || hasNonUnitStrides(op))
    return failure();
  ArrayRef<int64_t> maskDimSizes = denseI64(mask, "mask_dim_sizes");
  std::vector<int64_t> offsets = i64Array(op, "offsets"), sizes = i64Array(op, "sizes");
  std::vector<int64_t> sliceMaskDimSizes;
  for (size_t i = 0; i < maskDimSizes.size(); ++i) {
    if (i < offsets.size() && i < sizes.size())
      sliceMaskDimSizes.push_back(
          std::max<int64_t>(0, std::min(offsets[i] + sizes[i], maskDimSizes[i]) - offsets[i]));
    else
      sliceMaskDimSizes.push_back(maskDimSizes[i]);
  }
  for (int64_t s : sliceMaskDimSizes)
    if (s == 0) {
      sliceMaskDimSizes.assign(maskDimSizes.size(), 0);
      break;
    }
  replace(rewriter, op, buildConstantMask(rewriter, op->getLoc(), resultType(op), sliceMaskDimSizes));
  return success();
}

/// StridedSliceBroadcast: a slice of a broadcast -> a broadcast (of a slice
/// of the source if its non-unit dimensions are sliced).
LogicalResult stridedSliceBroadcast(Operation *op, PatternRewriter &rewriter) {
  Operation *broadcast = defOf<BroadcastOp>(op->getOperand(0));
  if (!broadcast)
    return failure();
  Value source = broadcast->getOperand(0);
  auto srcVecType = dyn_cast<VectorType>(source.getType());
  int64_t srcRank = srcVecType ? srcVecType.getRank() : 0;
  auto dstVecType = cast<VectorType>(resultType(op));
  int64_t rankDiff = dstVecType.getRank() - srcRank;
  bool needsSlice = false;
  for (int64_t i = 0; i < srcRank; ++i)
    if (srcVecType.getShape()[i] != 1 && srcVecType.getShape()[i] != dstVecType.getShape()[i + rankDiff]) {
      needsSlice = true;
      break;
    }
  if (needsSlice) {
    auto drop = [&](std::vector<int64_t> v) {
      v.erase(v.begin(), v.begin() + std::min<int64_t>(rankDiff, int64_t(v.size())));
      return v;
    };
    std::vector<int64_t> offsets = drop(i64Array(op, "offsets")), sizes = drop(i64Array(op, "sizes"));
    std::vector<int64_t> strides = drop(i64Array(op, "strides"));
    for (int64_t i = 0; i < srcRank && size_t(i) < offsets.size() && size_t(i) < sizes.size(); ++i)
      if (srcVecType.getShape()[i] == 1) {
        offsets[i] = 0;
        sizes[i] = 1;
      }
    // The sliced type: the sizes, then the remaining source dimensions.
    std::vector<int64_t> shape(srcVecType.getShape().begin(), srcVecType.getShape().end());
    for (size_t i = 0; i < sizes.size() && i < shape.size(); ++i)
      shape[i] = sizes[i];
    auto slicedType = VectorType::get(shape, srcVecType.getElementType(), srcVecType.getScalableDims());
    OperationState state(op->getLoc(), ExtractStridedSliceOp::getOperationName());
    state.addOperand(source);
    state.addAttribute("offsets", rewriter.getI64ArrayAttr(offsets));
    state.addAttribute("sizes", rewriter.getI64ArrayAttr(sizes));
    state.addAttribute("strides", rewriter.getI64ArrayAttr(strides));
    state.addType(slicedType);
    source = rewriter.create(state)->getResult(0);
  }
  replace(rewriter, op, buildBroadcast(rewriter, op->getLoc(), dstVecType, source));
  return success();
}

//===----------------------------------------------------------------------===//
// insert / from_elements
//===----------------------------------------------------------------------===//

/// foldDenseElementsAttrDestInsertOp: an insert of constants into a dense
/// constant (at most 256 elements unless the insert has one use).
Attribute foldDenseDestInsert(Operation *op, Attribute srcAttr, Attribute dstAttr) {
  if (hasDynamicPosition(op) || !srcAttr)
    return {};
  auto denseDst = dyn_cast_or_null<DenseElementsAttr>(dstAttr);
  if (!denseDst)
    return {};
  auto destTy = cast<VectorType>(op->getOperand(1).getType());
  if (destTy.isScalable())
    return {};
  if (destTy.getNumElements() > 256 && !op->getResult(0).hasOneUse())
    return {};
  ArrayRef<int64_t> position = denseI64(op, "static_position");
  int64_t begin = 0;
  for (int64_t i = 0; i < destTy.getRank(); ++i) {
    int64_t p = size_t(i) < position.size() ? position[i] : 0;
    if (p < 0)
      return {};
    begin = begin * destTy.getShape()[i] + p;
  }
  Type destEltType = destTy.getElementType();
  auto convert = [&](Attribute attr) -> Attribute {
    if (auto i = dyn_cast<IntegerAttr>(attr); i && i.getType() != destEltType)
      return IntegerAttr::get(destEltType, i.getInt());
    return attr;
  };
  std::vector<Attribute> inserted;
  if (auto denseSource = dyn_cast<DenseElementsAttr>(srcAttr)) {
    for (int64_t i = 0, e = denseSource.getNumElements(); i < e; ++i)
      inserted.push_back(convert(denseSource.getValue(denseSource.isSplat() ? 0 : i)));
  } else if (isa<IntegerAttr, FloatAttr>(srcAttr)) {
    inserted.push_back(convert(srcAttr));
  } else {
    return {};
  }
  int64_t n = denseDst.getNumElements();
  if (begin + int64_t(inserted.size()) > n)
    return {};
  std::vector<Attribute> all;
  all.reserve(n);
  for (int64_t i = 0; i < n; ++i)
    all.push_back(denseDst.getValue(denseDst.isSplat() ? 0 : i));
  std::copy(inserted.begin(), inserted.end(), all.begin() + begin);
  return DenseElementsAttr::get(destTy, all);
}

OpFoldResult foldInsert(Operation *op, ArrayRef<Attribute> operands) {
  ArrayRef<int64_t> position = denseI64(op, "static_position");
  if (position.empty() && op->getOperand(0).getType() == resultType(op))
    return op->getOperand(0);
  auto destType = cast<VectorType>(op->getOperand(1).getType());
  bool inPlace = foldConstantPositions(op, operands, 2, destType.getShape());
  for (int64_t p : denseI64(op, "static_position"))
    if (p == kPoisonIndex)
      return ub::PoisonAttr::get(op->getContext());
  if (Attribute attr = foldDenseDestInsert(op, operands[0], operands[1]))
    return attr;
  return inPlace ? OpFoldResult(op->getResult(0)) : OpFoldResult();
}

/// InsertToBroadcast: inserting a vector of as many elements as the
/// destination -> broadcast.
LogicalResult insertToBroadcast(Operation *op, PatternRewriter &rewriter) {
  auto srcVecType = dyn_cast<VectorType>(op->getOperand(0).getType());
  auto destType = cast<VectorType>(op->getOperand(1).getType());
  if (!srcVecType || destType.getNumElements() != srcVecType.getNumElements())
    return failure();
  replace(rewriter, op, buildBroadcast(rewriter, op->getLoc(), destType, op->getOperand(0)));
  return success();
}

OpFoldResult foldFromElements(Operation *op, ArrayRef<Attribute> operands) {
  auto type = cast<VectorType>(resultType(op));
  if (operands.empty())
    return {};
  for (Attribute a : operands)
    if (!a || !isa<IntegerAttr, FloatAttr>(a))
      return {};
  Type eltType = type.getElementType();
  std::vector<Attribute> values;
  for (Attribute a : operands) {
    if (auto i = dyn_cast<IntegerAttr>(a); i && i.getType() != eltType) {
      if (!eltType.isIntOrIndex())
        return {};
      values.push_back(IntegerAttr::get(eltType, i.getInt()));
      continue;
    }
    if (cast<TypedAttr>(a).getType() != eltType)
      return {};
    values.push_back(a);
  }
  return DenseElementsAttr::get(type, values);
}

/// rewriteFromElementsAsBroadcast: from_elements of one repeated value ->
/// broadcast.
LogicalResult fromElementsAsBroadcast(Operation *op, PatternRewriter &rewriter) {
  if (op->getNumOperands() == 0)
    return failure();
  Value first = op->getOperand(0);
  for (Value v : op->getOperands())
    if (v != first)
      return failure();
  replace(rewriter, op, buildBroadcast(rewriter, op->getLoc(), resultType(op), first));
  return success();
}

//===----------------------------------------------------------------------===//
// transfer_read / transfer_write
//===----------------------------------------------------------------------===//

/// foldTransferInBoundsAttribute: dimensions statically in bounds (constant
/// index plus vector size within a static dimension) become in_bounds;
/// broadcast dimensions too once every other one is. `base`/`firstIndex`:
/// the operand positions of the source and of its first index.
bool foldTransferInBounds(Operation *op, unsigned base, unsigned firstIndex, VectorType vectorType) {
  auto inBoundsAttr = dyn_cast_or_null<ArrayAttr>(ods::getInherentAttr(op, "in_bounds"));
  auto mapAttr = dyn_cast_or_null<AffineMapAttr>(ods::getInherentAttr(op, "permutation_map"));
  auto shapedType = dyn_cast<ShapedType>(op->getOperand(base).getType());
  if (!inBoundsAttr || !mapAttr || !shapedType || !shapedType.hasRank())
    return false;
  AffineMap map = mapAttr.getValue();
  unsigned rank = map.getNumResults();
  if (inBoundsAttr.size() != rank)
    return false;
  std::vector<bool> newInBounds;
  std::vector<unsigned> nonBcastDims;
  bool changed = false;
  for (unsigned i = 0; i < rank; ++i) {
    auto flag = dyn_cast<BoolAttr>(inBoundsAttr.getValue()[i]);
    if (flag && flag.getValue()) {
      newInBounds.push_back(true);
      continue;
    }
    bool inBounds = false;
    if (auto dimExpr = dyn_cast<AffineDimExpr>(map.getResult(i))) {
      unsigned indicesIdx = dimExpr.getPosition();
      if (indicesIdx < shapedType.getRank() && !shapedType.isDynamicDim(indicesIdx) &&
          firstIndex + indicesIdx < op->getNumOperands()) {
        APInt cst;
        if (matchConstantInt(op->getOperand(firstIndex + indicesIdx), &cst))
          inBounds = cst.getSExtValue() + vectorType.getShape()[i] <= shapedType.getShape()[indicesIdx];
      }
      nonBcastDims.push_back(i);
    }
    newInBounds.push_back(inBounds);
    changed |= inBounds;
  }
  bool allNonBcastInBounds = true;
  for (unsigned idx : nonBcastDims)
    allNonBcastInBounds &= bool(newInBounds[idx]);
  if (allNonBcastInBounds) {
    for (unsigned i = 0; i < rank; ++i) {
      auto constant = dyn_cast<AffineConstantExpr>(map.getResult(i));
      if (constant && constant.getValue() == 0) {
        changed |= !newInBounds[i];
        newInBounds[i] = true;
      }
    }
  }
  if (!changed)
    return false;
  std::vector<Attribute> flags;
  for (bool b : newInBounds)
    flags.push_back(BoolAttr::get(op->getContext(), b));
  op->setInherentAttr(StringAttr::get(op->getContext(), "in_bounds"), ArrayAttr::get(op->getContext(), flags));
  return true;
}

/// memref::foldMemRefCast / tensor::foldTensorCast on the transfer's source.
bool foldSourceCast(Operation *op, unsigned base, bool tensorToo) {
  Value source = op->getOperand(base);
  Operation *def = source.getDefiningOp();
  if (!def)
    return false;
  if (def->getName().getStringRef() == "memref.cast" && isa<MemRefType>(def->getOperand(0).getType())) {
    op->setOperand(base, def->getOperand(0));
    return true;
  }
  if (tensorToo && def->getName().getStringRef() == "tensor.cast") {
    // canFoldIntoConsumerOp: the cast only erases static information.
    auto from = dyn_cast<RankedTensorType>(def->getOperand(0).getType());
    auto to = dyn_cast<RankedTensorType>(source.getType());
    if (!from || !to || from.getElementType() != to.getElementType() || from.getRank() != to.getRank() ||
        from.getEncoding() != to.getEncoding())
      return false;
    for (int64_t i = 0; i < from.getRank(); ++i)
      if (ShapedType::isStatic(to.getShape()[i]) != ShapedType::isStatic(from.getShape()[i]) &&
          ShapedType::isDynamic(from.getShape()[i]))
        return false;
    op->setOperand(base, def->getOperand(0));
    return true;
  }
  return false;
}

OpFoldResult foldTransferRead(Operation *op, ArrayRef<Attribute>) {
  auto vectorType = cast<VectorType>(resultType(op));
  if (foldTransferInBounds(op, 0, 1, vectorType))
    return op->getResult(0);
  if (foldSourceCast(op, 0, /*tensorToo=*/true))
    return op->getResult(0);
  if (Value v = canon::foldReadAfterWrite(op))
    return v;
  return {};
}

LogicalResult foldTransferWrite(Operation *op, ArrayRef<Attribute>, SmallVectorImpl<OpFoldResult> &results) {
  if (Value tensor = canon::foldWriteOfRead(op)) {
    results.push_back(tensor);
    return success();
  }
  auto vectorType = cast<VectorType>(op->getOperand(0).getType());
  if (foldTransferInBounds(op, 1, 2, vectorType))
    return success();
  return success(foldSourceCast(op, 1, /*tensorToo=*/false));
}

} // namespace

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

void vector::registerVectorCanonicalization(VectorDialect &dialect) {
  using ods::attachCanonicalizer;
  using ods::attachFolder;
  attachFolder(dialect, ExtractOp::getOperationName(), foldExtract);
  attachFolder(dialect, BroadcastOp::getOperationName(), foldBroadcast);
  attachFolder(dialect, TransposeOp::getOperationName(), foldTranspose);
  attachFolder(dialect, ShapeCastOp::getOperationName(), foldShapeCast);
  attachFolder(dialect, BitCastOp::getOperationName(), foldBitCast);
  attachFolder(dialect, ConstantMaskOp::getOperationName(), foldConstantMask);
  attachFolder(dialect, ExtractStridedSliceOp::getOperationName(), foldExtractStridedSlice);
  attachFolder(dialect, InsertStridedSliceOp::getOperationName(), foldInsertStridedSlice);
  attachFolder(dialect, InsertOp::getOperationName(), foldInsert);
  attachCanonicalizer(dialect, InsertOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(InsertOp::getOperationName(), insertToBroadcast, "InsertToBroadcast");
  });
  attachFolder(dialect, FromElementsOp::getOperationName(), foldFromElements);
  attachCanonicalizer(dialect, CreateMaskOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(CreateMaskOp::getOperationName(), createMaskFolder, "CreateMaskFolder");
  });
  attachCanonicalizer(dialect, ExtractStridedSliceOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(ExtractStridedSliceOp::getOperationName(), stridedSliceConstantMaskFolder,
                  "StridedSliceConstantMaskFolder");
    p.addFunction(ExtractStridedSliceOp::getOperationName(), stridedSliceBroadcast, "StridedSliceBroadcast");
    p.addFunction(ExtractStridedSliceOp::getOperationName(), canon::contiguousExtractStridedSliceToExtract,
                  "ContiguousExtractStridedSliceToExtract");
  });
  attachCanonicalizer(dialect, InsertStridedSliceOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(InsertStridedSliceOp::getOperationName(), canon::insertStridedSliceConstantFolder,
                  "InsertStridedSliceConstantFolder");
  });
  attachCanonicalizer(dialect, FromElementsOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(FromElementsOp::getOperationName(), fromElementsAsBroadcast, "rewriteFromElementsAsBroadcast");
  });
  attachCanonicalizer(dialect, ExtractOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(ExtractOp::getOperationName(), extractOpFromBroadcast, "ExtractOpFromBroadcast");
    p.addFunction(ExtractOp::getOperationName(), extractOpFromCreateMask, "ExtractOpFromCreateMask");
    p.addFunction(ExtractOp::getOperationName(), extractFromShapeCastToShapeCast,
                  "foldExtractFromShapeCastToShapeCast");
    p.addFunction(ExtractOp::getOperationName(), extractFromFromElements, "foldExtractFromFromElements");
  });
  attachFolder(dialect, MultiDimReductionOp::getOperationName(), foldMultiReduction);
  attachCanonicalizer(dialect, MultiDimReductionOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(MultiDimReductionOp::getOperationName(), elideUnitDimsInMultiDimReduction,
                  "ElideUnitDimsInMultiDimReduction");
  });
  attachFolder(dialect, MaskOp::getOperationName(), foldMask);
  attachFolder(dialect, ShuffleOp::getOperationName(), canon::foldShuffle);
  attachCanonicalizer(dialect, ShuffleOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(ShuffleOp::getOperationName(), canon::shuffleInterleave, "ShuffleInterleave");
    p.addFunction(ShuffleOp::getOperationName(), canon::canonicalize0DShuffle, "Canonicalize0DShuffleOp");
  });
  attachFolder(dialect, TransferReadOp::getOperationName(), foldTransferRead);
  attachFolder(dialect, TransferWriteOp::getOperationName(), foldTransferWrite);
  attachCanonicalizer(dialect, TransferWriteOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(TransferWriteOp::getOperationName(), canon::foldWaw, "FoldWaw");
  });
  attachCanonicalizer(dialect, MaskOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(MaskOp::getOperationName(), canonicalizeEmptyMask, "CanonializeEmptyMaskOp");
  });
  attachCanonicalizer(dialect, BroadcastOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(BroadcastOp::getOperationName(), broadcastFolder, "BroadcastFolder");
  });
  attachCanonicalizer(dialect, TransposeOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(TransposeOp::getOperationName(), canon::foldTransposeCreateMask, "FoldTransposeCreateMask");
    p.addFunction(TransposeOp::getOperationName(), foldTransposeShapeCast, "FoldTransposeShapeCast");
    p.addFunction(TransposeOp::getOperationName(), transposeFolder, "TransposeFolder");
    p.addFunction(TransposeOp::getOperationName(), foldTransposeBroadcast, "FoldTransposeBroadcast");
  });
  attachCanonicalizer(dialect, ShapeCastOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(ShapeCastOp::getOperationName(), canon::shapeCastCreateMaskFolderTrailingOneDim,
                  "ShapeCastCreateMaskFolderTrailingOneDim");
    p.addFunction(ShapeCastOp::getOperationName(), shapeCastBroadcastFolder, "ShapeCastBroadcastFolder");
  });
  attachCanonicalizer(dialect, ReductionOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(ReductionOp::getOperationName(), elideSingleElementReduction, "ElideSingleElementReduction");
  });
}
