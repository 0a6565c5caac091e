//===- TensorOps.cpp - What the tensor dialect writes by hand -------------===//
//
// As mlir/lib/Dialect/Tensor/IR/TensorOps.cpp: the verifiers (with MLIR's
// messages), cast compatibility, result names and the interface methods the
// imported definitions call (TensorOps.gen.cpp). Folders and canonicalization
// patterns are not here.
//
#include "lamina/Dialect/Tensor/TensorDialect.h"

#include "lamina/Interfaces/ViewLikeInterface.h"
#include "lamina/IR/Diagnostics.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

using namespace lamina;
using namespace lamina::tensor;

//===----------------------------------------------------------------------===//
// Shared helpers (MLIR's BuiltinTypes, ViewLikeInterface, ReshapeOpsUtils)
//===----------------------------------------------------------------------===//

/// The single result of `op`.
static Value resultOf(Operation *op) { return op->getResult(0); }

/// MLIR's verifyCompatibleShape: equal ranks (when both ranked) and equal
/// static dimensions.
static bool compatibleShapes(ShapedType a, ShapedType b) {
  if (!a.hasRank() || !b.hasRank())
    return true;
  if (a.getRank() != b.getRank())
    return false;
  for (int64_t i = 0, e = a.getRank(); i < e; ++i) {
    int64_t x = a.getDimSize(i), y = b.getDimSize(i);
    if (!ShapedType::isDynamic(x) && !ShapedType::isDynamic(y) && x != y)
      return false;
  }
  return true;
}

/// verifyDynamicDimensionCount: one dynamic size per `?` of the type.
static LogicalResult verifyDynamicDimensionCount(Operation *op, ShapedType type, OperandRange dynamicSizes) {
  int64_t expected = type.getNumDynamicDims();
  int64_t actual = int64_t(dynamicSizes.size());
  if (expected != actual)
    return op->emitOpError("incorrect number of dynamic sizes, has ") << (long long)actual << ", expected "
                                                                       << (long long)expected;
  return success();
}

/// computeRankReductionMask: the dimensions of `original` dropped to obtain
/// `reduced` (greedy matching; only unit dimensions may be dropped).
static std::optional<std::vector<unsigned>> computeRankReductionMask(ArrayRef<int64_t> original,
                                                                     ArrayRef<int64_t> reduced) {
  std::vector<unsigned> unused;
  size_t reducedIdx = 0;
  for (unsigned i = 0; i < original.size(); ++i) {
    if (reducedIdx < reduced.size() && original[i] == reduced[reducedIdx]) {
      ++reducedIdx;
      continue;
    }
    unused.push_back(i);
    if (original[i] != 1)
      return std::nullopt;
  }
  if (reducedIdx != reduced.size())
    return std::nullopt;
  return unused;
}

enum class SliceVerificationResult { Success, RankTooLarge, SizeMismatch, ElemTypeMismatch };

/// isRankReducedType: whether `candidate` is `original` with unit
/// dimensions dropped.
static SliceVerificationResult isRankReducedType(ShapedType original, ShapedType candidate) {
  if (original == candidate)
    return SliceVerificationResult::Success;
  if (candidate.getRank() > original.getRank())
    return SliceVerificationResult::RankTooLarge;
  if (!computeRankReductionMask(original.getShape(), candidate.getShape()))
    return SliceVerificationResult::SizeMismatch;
  if (original.getElementType() != candidate.getElementType())
    return SliceVerificationResult::ElemTypeMismatch;
  return SliceVerificationResult::Success;
}

static LogicalResult produceSliceErrorMsg(SliceVerificationResult result, Operation *op,
                                          RankedTensorType expectedType) {
  switch (result) {
  case SliceVerificationResult::Success:
    return success();
  case SliceVerificationResult::RankTooLarge:
    return op->emitError("expected rank to be smaller or equal to ") << "the other rank. ";
  case SliceVerificationResult::SizeMismatch:
    return op->emitError("expected type to be ") << expectedType << " or a rank-reduced version. (size mismatch) ";
  case SliceVerificationResult::ElemTypeMismatch:
    return op->emitError("expected element type to be ") << expectedType.getElementType();
  }
  return failure();
}

/// verifyInBoundsSlice: static offsets and slices within the static
/// dimensions of `shape`.
static LogicalResult verifyInBoundsSlice(Operation *op, ArrayRef<int64_t> shape, ArrayRef<int64_t> offsets,
                                         ArrayRef<int64_t> sizes, ArrayRef<int64_t> strides) {
  for (size_t i = 0; i < shape.size() && i < offsets.size() && i < sizes.size() && i < strides.size(); ++i) {
    if (ShapedType::isDynamic(shape[i]) || ShapedType::isDynamic(offsets[i]))
      continue;
    if (offsets[i] >= shape[i])
      return op->emitError("offset " + std::to_string(i) + " is out-of-bounds: " + std::to_string(offsets[i]) +
                           " >= " + std::to_string(shape[i]));
    if (ShapedType::isDynamic(sizes[i]) || ShapedType::isDynamic(strides[i]))
      continue;
    int64_t lastPos = offsets[i] + (sizes[i] - 1) * strides[i];
    if (lastPos >= shape[i])
      return op->emitError("slice along dimension " + std::to_string(i) + " runs out-of-bounds: " +
                           std::to_string(lastPos) + " >= " + std::to_string(shape[i]));
  }
  return success();
}

/// ExtractSliceOp::inferResultType: the sizes, the source's element type and
/// encoding.
static RankedTensorType inferSliceType(RankedTensorType source, ArrayRef<int64_t> staticSizes) {
  return RankedTensorType::get(staticSizes, source.getElementType(), source.getEncoding());
}

/// The reassociation groups of expand_shape/collapse_shape (an array of
/// I64ArrayAttr), or nullopt if malformed.
static std::vector<std::vector<int64_t>> getReassociationIndices(ArrayAttr attr) {
  std::vector<std::vector<int64_t>> groups;
  if (!attr)
    return groups;
  for (Attribute g : attr.getValue()) {
    std::vector<int64_t> group;
    if (auto arr = dyn_cast<ArrayAttr>(g))
      for (Attribute e : arr.getValue())
        if (auto i = dyn_cast<IntegerAttr>(e))
          group.push_back(i.getInt());
    groups.push_back(std::move(group));
  }
  return groups;
}

/// reshapeLikeShapesAreCompatible (ReshapeOpsUtils): each static collapsed
/// dimension is the product of its (static) group; a group with a dynamic
/// dimension collapses to a dynamic one.
static LogicalResult reshapeLikeShapesAreCompatible(Operation *op, ArrayRef<int64_t> collapsedShape,
                                                    ArrayRef<int64_t> expandedShape,
                                                    const std::vector<std::vector<int64_t>> &reassociation) {
  size_t expandedDimStart = 0;
  for (size_t index = 0; index < reassociation.size(); ++index) {
    bool foundDynamicShape = false;
    int64_t linearizedStaticShape = 1;
    size_t groupSize = reassociation[index].size();
    for (size_t d = expandedDimStart; d < expandedDimStart + groupSize && d < expandedShape.size(); ++d) {
      if (ShapedType::isDynamic(expandedShape[d]))
        foundDynamicShape = true;
      else
        linearizedStaticShape *= expandedShape[d];
    }
    if (foundDynamicShape) {
      if (!ShapedType::isDynamic(collapsedShape[index]))
        return op->emitOpError("expected dimension ")
               << (unsigned long long)index
               << " of collapsed type to be dynamic since one or more of the corresponding dimensions in the "
                  "expanded type is dynamic";
    } else if (collapsedShape[index] != linearizedStaticShape) {
      return op->emitOpError("expected dimension ")
             << (unsigned long long)index << " of collapsed type to be static value of "
             << (long long)linearizedStaticShape;
    }
    expandedDimStart += groupSize;
  }
  return success();
}

/// verifyReshapeLikeTypes (ReshapeOpsUtils.h): ranks, one reassociation map
/// per collapsed dimension, maps over the expanded dimensions in order, then
/// the shapes.
static LogicalResult verifyReshapeLikeTypes(Operation *op, RankedTensorType expandedType,
                                            RankedTensorType collapsedType,
                                            const std::vector<std::vector<int64_t>> &reassociation) {
  int64_t expandedRank = expandedType.getRank(), collapsedRank = collapsedType.getRank();
  if (expandedRank < collapsedRank)
    return op->emitOpError("expected the expanded type, ")
           << expandedType << " to have a higher (or same) rank "
           << "than the collapsed type, " << collapsedType << '.';
  if (collapsedRank != int64_t(reassociation.size()))
    return op->emitOpError("expected collapsed rank (")
           << (long long)collapsedRank << ") to equal the number of reassociation maps ("
           << (unsigned long long)reassociation.size() << ").";
  // getSymbolLessAffineMaps: every map has as many dims as the largest
  // position plus one. Positions are affine dim positions (unsigned 32-bit),
  // so MLIR truncates larger indices and the count wraps around.
  uint32_t maxDim = 0;
  for (const std::vector<int64_t> &group : reassociation)
    for (int64_t d : group)
      maxDim = std::max(maxDim, uint32_t(d));
  uint32_t numDims = maxDim + 1;
  if (!reassociation.empty() && int64_t(numDims) != expandedRank)
    return op->emitOpError("expected reassociation map #0 to have size equal to the expanded rank (")
           << (long long)expandedRank << "), but it is  " << (unsigned long long)numDims << '.';
  // isReassociationValid: consecutive dimensions covering all of them.
  if (!reassociation.empty()) {
    uint32_t nextExpectedDim = 0;
    for (size_t i = 0; i < reassociation.size(); ++i)
      for (int64_t d : reassociation[i])
        if (uint32_t(d) != nextExpectedDim++)
          return op->emitOpError("expected reassociation map #") << (unsigned long long)i
                                                                 << " to be valid and contiguous.";
    if (nextExpectedDim != numDims)
      return op->emitOpError("expected reassociation map #")
             << (unsigned long long)(reassociation.size() - 1) << " to be valid and contiguous.";
  }
  return reshapeLikeShapesAreCompatible(op, collapsedType.getShape(), expandedType.getShape(), reassociation);
}

/// CollapseShapeOp::inferCollapsedType.
static RankedTensorType inferCollapsedType(RankedTensorType type,
                                           const std::vector<std::vector<int64_t>> &reassociation) {
  ArrayRef<int64_t> shape = type.getShape();
  std::vector<int64_t> newShape;
  size_t currentDim = 0;
  for (const std::vector<int64_t> &group : reassociation) {
    size_t dim = group.size();
    int64_t size = 1;
    for (size_t d = 0; d < dim && currentDim + d < shape.size(); ++d) {
      if (ShapedType::isDynamic(shape[currentDim + d])) {
        size = ShapedType::kDynamic;
        break;
      }
      size *= shape[currentDim + d];
    }
    newShape.push_back(size);
    currentDim += dim;
  }
  return RankedTensorType::get(newShape, type.getElementType());
}

/// isSameTypeWithoutEncoding.
static bool isSameTypeWithoutEncoding(Type a, Type b) {
  auto ra = dyn_cast<RankedTensorType>(a), rb = dyn_cast<RankedTensorType>(b);
  if (ra && rb)
    return ra.getShape() == rb.getShape() && ra.getElementType() == rb.getElementType();
  if (ra || rb)
    return false;
  return a == b;
}

static LogicalResult verifyTensorReshapeOp(Operation *op, RankedTensorType expandedType,
                                           RankedTensorType collapsedType,
                                           const std::vector<std::vector<int64_t>> &reassociation) {
  if (failed(verifyReshapeLikeTypes(op, expandedType, collapsedType, reassociation)))
    return failure();
  RankedTensorType expectedType = inferCollapsedType(expandedType, reassociation);
  if (!isSameTypeWithoutEncoding(collapsedType, expectedType))
    return op->emitOpError("expected collapsed type to be ") << expectedType << ", but got " << collapsedType;
  return success();
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

bool BitcastOp::areCastCompatible(TypeRange inputs, TypeRange outputs) {
  if (inputs.size() != 1 || outputs.size() != 1)
    return false;
  auto a = dyn_cast<TensorType>(inputs.front()), b = dyn_cast<TensorType>(outputs.front());
  if (!a || !b)
    return false;
  if (a.getElementTypeBitWidth() != b.getElementTypeBitWidth())
    return false;
  return compatibleShapes(a, b);
}

bool CastOp::areCastCompatible(TypeRange inputs, TypeRange outputs) {
  if (inputs.size() != 1 || outputs.size() != 1)
    return false;
  auto a = dyn_cast<TensorType>(inputs.front()), b = dyn_cast<TensorType>(outputs.front());
  if (!a || !b)
    return false;
  if (a.getElementType() != b.getElementType())
    return false;
  return compatibleShapes(a, b);
}

//===----------------------------------------------------------------------===//
// Result names
//===----------------------------------------------------------------------===//

#define LAMINA_TENSOR_RESULT_NAME(Op, Name)                                                        \
  void Op::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {             \
    setNameFn(resultOf(state), Name);                                                              \
  }
LAMINA_TENSOR_RESULT_NAME(CastOp, "cast")
LAMINA_TENSOR_RESULT_NAME(ConcatOp, "concat")
LAMINA_TENSOR_RESULT_NAME(DimOp, "dim")
LAMINA_TENSOR_RESULT_NAME(ExtractOp, "extracted")
LAMINA_TENSOR_RESULT_NAME(FromElementsOp, "from_elements")
LAMINA_TENSOR_RESULT_NAME(GatherOp, "gather")
LAMINA_TENSOR_RESULT_NAME(InsertOp, "inserted")
LAMINA_TENSOR_RESULT_NAME(GenerateOp, "generated")
LAMINA_TENSOR_RESULT_NAME(RankOp, "rank")
LAMINA_TENSOR_RESULT_NAME(ReshapeOp, "reshape")
LAMINA_TENSOR_RESULT_NAME(CollapseShapeOp, "collapsed")
LAMINA_TENSOR_RESULT_NAME(ExpandShapeOp, "expanded")
LAMINA_TENSOR_RESULT_NAME(ExtractSliceOp, "extracted_slice")
LAMINA_TENSOR_RESULT_NAME(InsertSliceOp, "inserted_slice")
LAMINA_TENSOR_RESULT_NAME(PadOp, "padded")
LAMINA_TENSOR_RESULT_NAME(ScatterOp, "scatter")
LAMINA_TENSOR_RESULT_NAME(SplatOp, "splat")
#undef LAMINA_TENSOR_RESULT_NAME

//===----------------------------------------------------------------------===//
// Verifiers
//===----------------------------------------------------------------------===//

LogicalResult ConcatOp::verify() {
  OperandRange inputs = getInputs();
  if (inputs.size() < 1)
    return emitOpError("requires at least one input");
  std::vector<RankedTensorType> inputTypes;
  for (Value input : inputs)
    inputTypes.push_back(cast<RankedTensorType>(input.getType()));
  auto resultType = cast<RankedTensorType>(resultOf(state).getType());
  int64_t resultRank = resultType.getRank();
  for (RankedTensorType t : inputTypes)
    if (t.getRank() != resultRank)
      return emitOpError("rank of concatenated inputs must match result rank");
  Type resultElementType = resultType.getElementType();
  for (RankedTensorType t : inputTypes)
    if (t.getElementType() != resultElementType)
      return emitOpError("inputs and result element type must match");
  IntegerAttr dimAttr = getDimAttr();
  int64_t dim = dimAttr ? int64_t(dimAttr.getValue().getZExtValue()) : 0;
  if (dim >= resultRank)
    return emitOpError("concatenation dim must be less than the tensor rank");

  // SaturatedInteger arithmetic: dynamic is "saturated".
  std::vector<int64_t> sizes(resultRank);
  for (int64_t i = 0; i < resultRank; ++i) {
    if (i == dim)
      continue;
    int64_t size = ShapedType::kDynamic;
    for (RankedTensorType t : inputTypes) {
      int64_t other = t.getDimSize(i);
      if (ShapedType::isDynamic(other))
        continue;
      if (!ShapedType::isDynamic(size) && size != other)
        return emitOpError("static concatenation size mismatch along ")
               << "non-concatenated dimension " << (long long)i;
      size = other;
    }
    sizes[i] = size;
  }
  // A negative dim: MLIR checks every dimension as above, then reads and
  // writes out of bounds (it may crash); Lamina reports it as out of range.
  if (dim < 0)
    return emitOpError("concatenation dim must be less than the tensor rank");
  int64_t concatSize = 0;
  for (RankedTensorType t : inputTypes) {
    int64_t d = t.getDimSize(dim);
    if (ShapedType::isDynamic(d) || ShapedType::isDynamic(concatSize))
      concatSize = ShapedType::kDynamic;
    else
      concatSize += d;
  }
  sizes[dim] = concatSize;
  RankedTensorType inferred = RankedTensorType::get(sizes, inputTypes[0].getElementType());
  for (int64_t i = 0; i < resultRank; ++i) {
    int64_t inferredSize = inferred.getDimSize(i), actualSize = resultType.getDimSize(i);
    if (!ShapedType::isDynamic(inferredSize) && !ShapedType::isDynamic(actualSize) && inferredSize != actualSize)
      return emitOpError("result type ") << resultType << "does not match inferred shape " << inferred
                                         << " static sizes";
  }
  return success();
}

LogicalResult EmptyOp::verify() {
  return verifyDynamicDimensionCount(state, cast<ShapedType>(resultOf(state).getType()), getDynamicSizes());
}

LogicalResult ExtractOp::verify() {
  auto tensorType = cast<RankedTensorType>(getTensor().getType());
  if (tensorType.getRank() != int64_t(getIndices().size()))
    return emitOpError("incorrect number of indices for extract_element");
  return success();
}

/// GatherOp::inferResultType.
static RankedTensorType inferGatherType(RankedTensorType sourceType, RankedTensorType indicesType,
                                        ArrayRef<int64_t> gatherDims, bool rankReduced) {
  ArrayRef<int64_t> indicesShape = indicesType.getShape();
  std::vector<int64_t> resultShape(indicesShape.begin(), indicesShape.end() - (indicesShape.empty() ? 0 : 1));
  for (int64_t idx = 0; idx < sourceType.getRank(); ++idx) {
    if (std::binary_search(gatherDims.begin(), gatherDims.end(), idx)) {
      if (!rankReduced)
        resultShape.push_back(1);
      continue;
    }
    resultShape.push_back(sourceType.getDimSize(idx));
  }
  return RankedTensorType::get(resultShape, sourceType.getElementType(), sourceType.getEncoding());
}

static LogicalResult verifyGatherOrScatterDims(Operation *op, ArrayRef<int64_t> dims, ArrayRef<int64_t> indices,
                                               int64_t rank, std::string_view gatherOrScatter,
                                               std::string_view sourceOrDest) {
  if (dims.empty())
    return op->emitOpError(gatherOrScatter) << "_dims must be non-empty";
  int64_t numGatherDims = int64_t(dims.size());
  if (numGatherDims > rank)
    return op->emitOpError(gatherOrScatter) << "_dims overflow " << sourceOrDest << " rank";
  if (indices.empty() || indices.back() != numGatherDims)
    return op->emitOpError(gatherOrScatter) << "_dims length must match the size of last dimension of indices";
  for (int64_t val : dims) {
    if (val < 0)
      return op->emitOpError(gatherOrScatter) << "_dims value must be non-negative";
    if (val >= rank)
      return op->emitOpError(gatherOrScatter) << "_dims value must be smaller than " << sourceOrDest << " rank";
  }
  for (int64_t i = 1; i < numGatherDims; ++i)
    if (dims[i - 1] >= dims[i])
      return op->emitOpError(gatherOrScatter) << "_dims values must be strictly increasing";
  return success();
}

LogicalResult GatherOp::verify() {
  auto sourceType = cast<RankedTensorType>(getSource().getType());
  auto indicesType = cast<RankedTensorType>(getIndices().getType());
  auto resultType = cast<RankedTensorType>(resultOf(state).getType());
  ArrayRef<int64_t> gatherDims = getGatherDims();
  if (failed(verifyGatherOrScatterDims(state, gatherDims, indicesType.getShape(), sourceType.getRank(), "gather",
                                       "source")))
    return failure();
  RankedTensorType expected = inferGatherType(sourceType, indicesType, gatherDims, false);
  RankedTensorType expectedReduced = inferGatherType(sourceType, indicesType, gatherDims, true);
  if (resultType != expected && resultType != expectedReduced)
    return emitOpError("result type mismatch: expected ")
           << expected << " or its rank-reduced variant " << expectedReduced << " (got: " << resultType << ")";
  return success();
}

LogicalResult InsertOp::verify() {
  auto destType = cast<RankedTensorType>(getDest().getType());
  if (destType.getRank() != int64_t(getIndices().size()))
    return emitOpError("incorrect number of indices");
  return success();
}

LogicalResult GenerateOp::verify() {
  return verifyDynamicDimensionCount(state, cast<RankedTensorType>(resultOf(state).getType()),
                                     getDynamicExtents());
}

LogicalResult GenerateOp::verifyRegions() {
  auto resultType = cast<RankedTensorType>(resultOf(state).getType());
  Block &body = getBody().front();
  for (BlockArgument arg : body.getArguments())
    if (!arg.getType().isIndex())
      return emitError("all body arguments must be index");
  if (int64_t(body.getNumArguments()) != resultType.getRank())
    return emitError("must have one body argument per input dimension");
  Operation *yield = body.getTerminator();
  if (!yield || yield->getNumOperands() != 1 || yield->getOperand(0).getType() != resultType.getElementType())
    return emitOpError("body must be terminated with a `yield` operation of the tensor element type");
  return success();
}

LogicalResult ReshapeOp::verify() {
  auto operandType = cast<TensorType>(getSource().getType());
  auto resultType = cast<TensorType>(resultOf(state).getType());
  if (operandType.getElementType() != resultType.getElementType())
    return emitOpError("element types of source and destination tensor types should be the same");
  int64_t shapeSize = cast<RankedTensorType>(getShape().getType()).getDimSize(0);
  auto resultRanked = dyn_cast<RankedTensorType>(resultType);
  auto operandRanked = dyn_cast<RankedTensorType>(operandType);
  if (resultRanked) {
    if (operandRanked && resultRanked.hasStaticShape() && operandRanked.hasStaticShape()) {
      int64_t a = 1, b = 1;
      for (int64_t d : operandRanked.getShape())
        a *= d;
      for (int64_t d : resultRanked.getShape())
        b *= d;
      if (a != b)
        return emitOpError("source and destination tensor should have the same number of elements");
    }
    if (ShapedType::isDynamic(shapeSize))
      return emitOpError("cannot use shape operand with dynamic length to reshape to statically-ranked tensor type");
    if (shapeSize != resultRanked.getRank())
      return emitOpError("length of shape operand differs from the result's tensor rank");
  }
  return success();
}

LogicalResult ExpandShapeOp::verify() {
  auto srcType = cast<RankedTensorType>(getSrc().getType());
  auto resultType = cast<RankedTensorType>(resultOf(state).getType());
  ArrayRef<int64_t> staticOutputShape = getStaticOutputShape();
  if (int64_t(staticOutputShape.size()) != resultType.getRank())
    return emitOpError("expected number of static shape dims to be equal to the output rank (")
           << (long long)resultType.getRank() << ") but found " << (unsigned long long)staticOutputShape.size()
           << " inputs instead";
  int64_t numDynamic = std::count_if(staticOutputShape.begin(), staticOutputShape.end(), ShapedType::isDynamic);
  if (int64_t(getOutputShape().size()) != numDynamic)
    return emitOpError("mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has ")
           << (long long)numDynamic << " dynamic dims while output_shape has "
           << (unsigned long long)getOutputShape().size() << " values";
  return verifyTensorReshapeOp(state, resultType, srcType, getReassociationIndices(getReassociationAttr()));
}

LogicalResult CollapseShapeOp::verify() {
  std::vector<std::vector<int64_t>> reassociation = getReassociationIndices(getReassociationAttr());
  for (const std::vector<int64_t> &group : reassociation)
    if (group.empty())
      return emitOpError("reassociation indices must not be empty");
  auto srcType = cast<RankedTensorType>(getSrc().getType());
  auto resultType = cast<RankedTensorType>(resultOf(state).getType());
  return verifyTensorReshapeOp(state, srcType, resultType, reassociation);
}

LogicalResult ExtractSliceOp::verify() {
  auto sourceType = cast<RankedTensorType>(getSource().getType());
  auto resultType = cast<RankedTensorType>(resultOf(state).getType());
  RankedTensorType expectedType = inferSliceType(sourceType, getStaticSizes());
  SliceVerificationResult result = isRankReducedType(expectedType, resultType);
  if (result != SliceVerificationResult::Success)
    return produceSliceErrorMsg(result, state, expectedType);
  return verifyInBoundsSlice(state, sourceType.getShape(), getStaticOffsets(), getStaticSizes(), getStaticStrides());
}

/// verifyInsertSliceOp: the source is the slice of the destination, maybe
/// rank-reduced.
static LogicalResult verifyInsertSlice(Operation *op, RankedTensorType srcType, RankedTensorType dstType,
                                       ArrayRef<int64_t> offsets, ArrayRef<int64_t> sizes,
                                       ArrayRef<int64_t> strides) {
  RankedTensorType expected = inferSliceType(dstType, sizes);
  SliceVerificationResult result = isRankReducedType(expected, srcType);
  if (result != SliceVerificationResult::Success)
    return produceSliceErrorMsg(result, op, expected);
  return verifyInBoundsSlice(op, dstType.getShape(), offsets, sizes, strides);
}

LogicalResult InsertSliceOp::verify() {
  return verifyInsertSlice(state, cast<RankedTensorType>(getSource().getType()),
                           cast<RankedTensorType>(resultOf(state).getType()), getStaticOffsets(), getStaticSizes(),
                           getStaticStrides());
}

LogicalResult ParallelInsertSliceOp::verify() {
  Operation *parent = state->getParentOp();
  if (!parent || parent->getName().getStringRef() != "scf.forall.in_parallel")
    return emitError("expected InParallelOpInterface parent, got:") << *parent;
  return verifyInsertSlice(state, cast<RankedTensorType>(getSource().getType()),
                           cast<RankedTensorType>(getDest().getType()), getStaticOffsets(), getStaticSizes(),
                           getStaticStrides());
}

/// PadOp::inferResultType.
static RankedTensorType inferPadType(RankedTensorType sourceType, ArrayRef<int64_t> low, ArrayRef<int64_t> high) {
  size_t rank = size_t(sourceType.getRank());
  if (low.size() != rank || high.size() != rank)
    return RankedTensorType();
  std::vector<int64_t> shape;
  for (size_t i = 0; i < rank; ++i) {
    if (sourceType.isDynamicDim(unsigned(i)) || ShapedType::isDynamic(low[i]) || ShapedType::isDynamic(high[i]))
      shape.push_back(ShapedType::kDynamic);
    else
      shape.push_back(sourceType.getDimSize(unsigned(i)) + low[i] + high[i]);
  }
  return RankedTensorType::get(shape, sourceType.getElementType());
}

LogicalResult PadOp::verify() {
  auto sourceType = cast<RankedTensorType>(getSource().getType());
  auto resultType = cast<RankedTensorType>(resultOf(state).getType());
  RankedTensorType expectedType = inferPadType(sourceType, getStaticLow(), getStaticHigh());
  if (!expectedType)
    return emitError("failed to infer expectedType from sourceType ")
           << sourceType << ", specified resultType is " << resultType;
  if (resultType.getRank() != expectedType.getRank())
    return emitError("specified type ") << resultType << " does not match the inferred type " << expectedType;
  for (int64_t i = 0, e = sourceType.getRank(); i < e; ++i) {
    if (resultType.getDimSize(i) == expectedType.getDimSize(i) || expectedType.isDynamicDim(i))
      continue;
    return emitError("specified type ") << resultType << " does not match the inferred type " << expectedType;
  }
  return success();
}

LogicalResult PadOp::verifyRegions() {
  unsigned rank = unsigned(cast<RankedTensorType>(resultOf(state).getType()).getRank());
  Block &block = getRegion().front();
  if (block.getNumArguments() != rank)
    return emitError("expected the block to have ") << rank << " arguments";
  for (unsigned i = 0; i < block.getNumArguments(); ++i)
    if (!block.getArgument(i).getType().isIndex())
      return emitOpError("expected block argument ") << (i + 1) << " to be an index";
  Operation *yield = block.getTerminator();
  if (!yield || yield->getNumOperands() != 1 ||
      yield->getOperand(0).getType() != cast<ShapedType>(resultOf(state).getType()).getElementType())
    return emitOpError("expected yield type to match shape element type");
  return success();
}

LogicalResult ScatterOp::verify() {
  auto destType = cast<RankedTensorType>(getDest().getType());
  auto indicesType = cast<RankedTensorType>(getIndices().getType());
  auto sourceType = cast<RankedTensorType>(getSource().getType());
  ArrayRef<int64_t> scatterDims = getScatterDims();
  if (failed(verifyGatherOrScatterDims(state, scatterDims, indicesType.getShape(), destType.getRank(), "scatter",
                                       "dest")))
    return failure();
  if (!getUnique())
    return emitOpError("requires 'unique' attribute to be set");
  RankedTensorType expected = inferGatherType(destType, indicesType, scatterDims, false);
  RankedTensorType expectedReduced = inferGatherType(destType, indicesType, scatterDims, true);
  if (sourceType != expected && sourceType != expectedReduced)
    return emitOpError("source type mismatch: expected ")
           << expected << " or its rank-reduced variant " << expectedReduced << " (got: " << sourceType << ")";
  return success();
}

LogicalResult SplatOp::verify() {
  return verifyDynamicDimensionCount(state, cast<ShapedType>(resultOf(state).getType()), getDynamicSizes());
}

//===----------------------------------------------------------------------===//
// Interface methods
//===----------------------------------------------------------------------===//

std::array<unsigned, 3> ExtractSliceOp::getArrayAttrMaxRanks() {
  unsigned rank = unsigned(cast<RankedTensorType>(getSource().getType()).getRank());
  return {rank, rank, rank};
}

std::array<unsigned, 3> InsertSliceOp::getArrayAttrMaxRanks() {
  unsigned rank = unsigned(cast<RankedTensorType>(getDest().getType()).getRank());
  return {rank, rank, rank};
}

std::array<unsigned, 3> ParallelInsertSliceOp::getArrayAttrMaxRanks() {
  unsigned rank = unsigned(cast<RankedTensorType>(getDest().getType()).getRank());
  return {rank, rank, rank};
}

OperandRange InsertOp::getDpsInits() { return state->getOperands().slice(1, 1); }
OperandRange InsertSliceOp::getDpsInits() { return state->getOperands().slice(1, 1); }

//===----------------------------------------------------------------------===//
// tensor.dim (ConditionallySpeculatable)
//===----------------------------------------------------------------------===//

/// A constant index within the rank of a ranked source.
Speculation::Speculatability tensor::DimOp::getSpeculatability() {
  Operation *def = getIndex().getDefiningOp();
  auto index = def && def->hasTrait<OpTrait::ConstantLike>() ? dyn_cast_or_null<IntegerAttr>(def->getAttr("value"))
                                                             : IntegerAttr();
  if (!index)
    return Speculation::NotSpeculatable;
  auto ranked = dyn_cast<RankedTensorType>(getSource().getType());
  if (!ranked || ranked.getRank() <= index.getInt())
    return Speculation::NotSpeculatable;
  return Speculation::Speculatable;
}
