//===- TosaInference.cpp - Result types the tosa ops infer ----------------===//
//
// As MLIR 22's TosaOps.cpp: the ops with InferTensorType infer their result
// tensor type from their operands (inferReturnTypeComponents), and accept
// results of the same element type and a compatible shape
// (COMPATIBLE_RETURN_TYPES; equal compares shapes only, reshape element
// types only). The verifier compares the two.
//
#include "lamina/Dialect/Tosa/TosaDialect.h"

#include "lamina/IR/Diagnostics.h"

using namespace lamina;
using namespace lamina::tosa;

/// A ranked tensor type of `shape`, or unranked when `shape` is null.
static Type tensorOf(const std::optional<std::vector<int64_t>> &shape, Type elementType) {
  if (!shape)
    return UnrankedTensorType::get(elementType);
  return RankedTensorType::get(*shape, elementType);
}

static Type elementTypeOf(Type type) {
  auto shaped = dyn_cast<ShapedType>(type);
  return shaped ? shaped.getElementType() : type;
}

/// MLIR's verifyCompatibleShape on types.
static bool compatibleShapes(Type a, Type b) {
  auto sa = dyn_cast<ShapedType>(a), sb = dyn_cast<ShapedType>(b);
  if (!sa || !sb)
    return !sa && !sb;
  if (!sa.hasRank() || !sb.hasRank())
    return true;
  if (sa.getRank() != sb.getRank())
    return false;
  for (int64_t i = 0; i < sa.getRank(); ++i) {
    int64_t x = sa.getDimSize(unsigned(i)), y = sb.getDimSize(unsigned(i));
    if (!ShapedType::isDynamic(x) && !ShapedType::isDynamic(y) && x != y)
      return false;
  }
  return true;
}

/// COMPATIBLE_RETURN_TYPES: one result of the same element type and a
/// compatible shape.
static bool compatibleReturnTypes(TypeRange l, TypeRange r) {
  if (l.size() != r.size() || l.size() != 1)
    return false;
  if (elementTypeOf(l[0]) != elementTypeOf(r[0]))
    return false;
  return compatibleShapes(l[0], r[0]);
}

//===----------------------------------------------------------------------===//
// tosa.concat
//===----------------------------------------------------------------------===//

LogicalResult ConcatOp::inferReturnTypes(const ods::InferContext &context, SmallVectorImpl<Type> &inferred) {
  auto axisAttr = dyn_cast_or_null<IntegerAttr>(context.getAttr("axis"));
  if (!axisAttr || context.operands.empty())
    return failure();
  int64_t axis = int32_t(axisAttr.getInt());
  std::vector<int64_t> outputShape;
  bool hasRankedInput = false;
  for (Value operand : context.operands) {
    auto shaped = dyn_cast<ShapedType>(operand.getType());
    if (!shaped || !shaped.hasRank())
      continue;
    if (!hasRankedInput)
      outputShape.assign(size_t(shaped.getRank()), ShapedType::kDynamic);
    for (int64_t i = 0, s = shaped.getRank(); i < s; ++i) {
      if (i == axis || shaped.isDynamicDim(unsigned(i)) || size_t(i) >= outputShape.size())
        continue;
      if (ShapedType::isDynamic(outputShape[i]))
        outputShape[i] = shaped.getDimSize(unsigned(i));
      if (outputShape[i] != shaped.getDimSize(unsigned(i))) {
        if (context.location)
          (void)(lamina::emitError(Location(*context.location))
                 << "Cannot concat tensors with different sizes on the non-axis dimension " << i);
        return failure();
      }
    }
    hasRankedInput = true;
  }
  auto firstType = dyn_cast<TensorType>(context.operands[0].getType());
  if (!firstType)
    return failure();
  Type elementType = firstType.getElementType();
  if (!hasRankedInput) {
    inferred.push_back(UnrankedTensorType::get(elementType));
    return success();
  }
  if (axis < 0 || size_t(axis) >= outputShape.size())
    return failure();
  int64_t concatDimSize = 0;
  for (Value operand : context.operands) {
    auto shaped = dyn_cast<ShapedType>(operand.getType());
    if (!shaped || !shaped.hasRank() || axis >= shaped.getRank() || shaped.isDynamicDim(unsigned(axis))) {
      concatDimSize = ShapedType::kDynamic;
      break;
    }
    concatDimSize += shaped.getDimSize(unsigned(axis));
  }
  outputShape[size_t(axis)] = concatDimSize;
  inferred.push_back(RankedTensorType::get(outputShape, elementType));
  return success();
}

bool ConcatOp::isCompatibleReturnTypes(TypeRange l, TypeRange r) { return compatibleReturnTypes(l, r); }

//===----------------------------------------------------------------------===//
// tosa.equal
//===----------------------------------------------------------------------===//

/// MLIR's resolveBroadcastShape: null if an operand is unranked or the
/// shapes do not broadcast.
static std::optional<std::vector<int64_t>> resolveBroadcastShape(ValueRange operands) {
  size_t outRank = 0;
  for (Value operand : operands) {
    auto shaped = dyn_cast<ShapedType>(operand.getType());
    if (!shaped || !shaped.hasRank())
      return std::nullopt;
    outRank = std::max(outRank, size_t(shaped.getRank()));
  }
  std::vector<int64_t> outShape(outRank, 1);
  for (Value operand : operands) {
    auto shaped = cast<ShapedType>(operand.getType());
    size_t rankDiff = outRank - size_t(shaped.getRank());
    for (size_t i = 0, e = size_t(shaped.getRank()); i < e; ++i) {
      int64_t dim1 = outShape[i + rankDiff], dim2 = shaped.getDimSize(unsigned(i));
      int64_t resolved = dim1;
      if (dim1 == 1)
        resolved = dim2;
      else if (dim2 == 1)
        resolved = dim1;
      else if (dim1 != dim2)
        return std::nullopt;
      outShape[i + rankDiff] = resolved;
    }
  }
  return outShape;
}

LogicalResult EqualOp::inferReturnTypes(const ods::InferContext &context, SmallVectorImpl<Type> &inferred) {
  inferred.push_back(tensorOf(resolveBroadcastShape(context.operands), IntegerType::get(context.context, 1)));
  return success();
}

bool EqualOp::isCompatibleReturnTypes(TypeRange l, TypeRange r) {
  return l.size() == r.size() && l.size() == 1 && compatibleShapes(l[0], r[0]);
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

/// The input's shape with the reduced axis of size 1.
static LogicalResult inferReduction(const ods::InferContext &context, SmallVectorImpl<Type> &inferred) {
  if (context.operands.empty())
    return failure();
  auto inputType = dyn_cast<TensorType>(context.operands[0].getType());
  auto axisAttr = dyn_cast_or_null<IntegerAttr>(context.getAttr("axis"));
  if (!inputType || !axisAttr)
    return failure();
  int64_t axis = int32_t(axisAttr.getInt());
  if (!inputType.hasRank() || inputType.getRank() <= axis || axis < 0) {
    inferred.push_back(UnrankedTensorType::get(inputType.getElementType()));
    return success();
  }
  std::vector<int64_t> shape(inputType.getShape().begin(), inputType.getShape().end());
  shape[size_t(axis)] = 1;
  inferred.push_back(RankedTensorType::get(shape, inputType.getElementType()));
  return success();
}

#define TOSA_REDUCE_INFERENCE(OP)                                                                                      \
  LogicalResult OP::inferReturnTypes(const ods::InferContext &context, SmallVectorImpl<Type> &inferred) {           \
    return inferReduction(context, inferred);                                                                         \
  }                                                                                                                   \
  bool OP::isCompatibleReturnTypes(TypeRange l, TypeRange r) { return compatibleReturnTypes(l, r); }

TOSA_REDUCE_INFERENCE(ReduceAllOp)
TOSA_REDUCE_INFERENCE(ReduceAnyOp)
TOSA_REDUCE_INFERENCE(ReduceMaxOp)
TOSA_REDUCE_INFERENCE(ReduceMinOp)
TOSA_REDUCE_INFERENCE(ReduceProductOp)
TOSA_REDUCE_INFERENCE(ReduceSumOp)

#undef TOSA_REDUCE_INFERENCE

//===----------------------------------------------------------------------===//
// tosa.reshape
//===----------------------------------------------------------------------===//

LogicalResult ReshapeOp::inferReturnTypes(const ods::InferContext &context, SmallVectorImpl<Type> &inferred) {
  if (context.operands.size() < 2)
    return failure();
  Type inputType = context.operands[0].getType();
  Type elementType = elementTypeOf(inputType);
  Value shapeValue = context.operands[1];
  auto shapeTy = dyn_cast<shapeType>(shapeValue.getType());
  if (!shapeTy)
    return failure();
  std::vector<int64_t> newShape;
  Operation *def = shapeValue.getDefiningOp();
  DenseIntElementsAttr values = def && isa<ConstShapeOp>(def) ? ConstShapeOp(def).getValuesAttr() : nullptr;
  if (!values) {
    inferred.push_back(RankedTensorType::get(std::vector<int64_t>(size_t(shapeTy.getRank()), ShapedType::kDynamic),
                                             elementType));
    return success();
  }
  for (const APInt &v : values.getIntValues()) {
    int64_t size = v.getSExtValue();
    newShape.push_back(size == -1 ? ShapedType::kDynamic : size);
  }
  auto shaped = dyn_cast<ShapedType>(inputType);
  if (!shaped || !shaped.hasRank() || !shaped.hasStaticShape()) {
    inferred.push_back(RankedTensorType::get(newShape, elementType));
    return success();
  }
  int64_t numElements = shaped.getNumElements();
  int64_t staticMul = 1;
  for (int64_t size : newShape)
    if (!ShapedType::isDynamic(size))
      staticMul *= size;
  for (int64_t &size : newShape)
    if (ShapedType::isDynamic(size))
      size = staticMul ? numElements / staticMul : ShapedType::kDynamic;
  inferred.push_back(RankedTensorType::get(newShape, elementType));
  return success();
}

bool ReshapeOp::isCompatibleReturnTypes(TypeRange l, TypeRange r) {
  return l.size() == r.size() && l.size() == 1 && elementTypeOf(l[0]) == elementTypeOf(r[0]);
}
