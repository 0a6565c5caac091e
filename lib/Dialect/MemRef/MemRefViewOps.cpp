//===- MemRefViewOps.cpp - Verifiers and syntax of the memref view ops ----===//
//
// The ops that reinterpret a buffer without touching it: cast and
// memory_space_cast, reinterpret_cast, reshape, view, expand_shape /
// collapse_shape, subview and transpose. Follows
// mlir/lib/Dialect/MemRef/IR/MemRefOps.cpp (LLVM 22): the result types are
// recomputed from strides and offsets (StridedLayout.h) and compared with
// mlir-opt's messages.
//
#include "MemRefOpsImpl.h"

#include "lamina/Dialect/MemRef/StridedLayout.h"
#include "lamina/Interfaces/ViewLikeInterface.h"
#include "lamina/IR/Diagnostics.h"

#include <map>
#include <string>

using namespace lamina;
using namespace lamina::memref;
using namespace lamina::memref::impl;

//===----------------------------------------------------------------------===//
// cast / memory_space_cast (CastOpInterface)
//===----------------------------------------------------------------------===//

static bool castCompatible(Type a, Type b) {
  auto aT = dyn_cast<MemRefType>(a);
  auto bT = dyn_cast<MemRefType>(b);
  auto uaT = dyn_cast<UnrankedMemRefType>(a);
  auto ubT = dyn_cast<UnrankedMemRefType>(b);
  if (aT && bT) {
    if (aT.getElementType() != bT.getElementType())
      return false;
    if (aT.getLayout() != bT.getLayout()) {
      int64_t aOffset, bOffset;
      std::vector<int64_t> aStrides, bStrides;
      if (failed(getStridesAndOffset(aT, aStrides, aOffset)) || failed(getStridesAndOffset(bT, bStrides, bOffset)) ||
          aStrides.size() != bStrides.size())
        return false;
      auto checkCompatible = [](int64_t x, int64_t y) {
        return ShapedType::isDynamic(x) || ShapedType::isDynamic(y) || x == y;
      };
      if (!checkCompatible(aOffset, bOffset))
        return false;
      for (size_t i = 0; i < aStrides.size(); ++i)
        if (!checkCompatible(aStrides[i], bStrides[i]))
          return false;
    }
    if (aT.getMemorySpace() != bT.getMemorySpace())
      return false;
    if (aT.getRank() != bT.getRank())
      return false;
    for (unsigned i = 0, e = aT.getRank(); i != e; ++i) {
      int64_t aDim = aT.getDimSize(i), bDim = bT.getDimSize(i);
      if (ShapedType::isStatic(aDim) && ShapedType::isStatic(bDim) && aDim != bDim)
        return false;
    }
    return true;
  }
  if (!aT && !uaT)
    return false;
  if (!bT && !ubT)
    return false;
  // Unranked to unranked casting is unsupported.
  if (uaT && ubT)
    return false;
  Type aEltType = aT ? aT.getElementType() : uaT.getElementType();
  Type bEltType = bT ? bT.getElementType() : ubT.getElementType();
  if (aEltType != bEltType)
    return false;
  Attribute aMemSpace = aT ? aT.getMemorySpace() : uaT.getMemorySpace();
  Attribute bMemSpace = bT ? bT.getMemorySpace() : ubT.getMemorySpace();
  return aMemSpace == bMemSpace;
}

static bool memorySpaceCastCompatible(Type a, Type b) {
  auto aT = dyn_cast<MemRefType>(a);
  auto bT = dyn_cast<MemRefType>(b);
  auto uaT = dyn_cast<UnrankedMemRefType>(a);
  auto ubT = dyn_cast<UnrankedMemRefType>(b);
  if (aT && bT)
    return aT.getElementType() == bT.getElementType() && aT.getLayout() == bT.getLayout() &&
           aT.getShape() == bT.getShape();
  if (uaT && ubT)
    return uaT.getElementType() == ubT.getElementType();
  return false;
}

bool impl::castOpCompatible(TypeRange inputs, TypeRange outputs) {
  return inputs.size() == 1 && outputs.size() == 1 && castCompatible(inputs[0], outputs[0]);
}
bool impl::memorySpaceCastOpCompatible(TypeRange inputs, TypeRange outputs) {
  return inputs.size() == 1 && outputs.size() == 1 && memorySpaceCastCompatible(inputs[0], outputs[0]);
}

//===----------------------------------------------------------------------===//
// reinterpret_cast / reshape / view
//===----------------------------------------------------------------------===//

static std::string staticValueString(int64_t v) {
  return ShapedType::isDynamic(v) ? std::string("dynamic") : std::to_string(v);
}

LogicalResult impl::verifyReinterpretCast(Operation *op) {
  auto srcType = cast<BaseMemRefType>(op->getOperand(0).getType());
  auto resultType = cast<MemRefType>(op->getResult(0).getType());
  if (srcType.getMemorySpace() != resultType.getMemorySpace())
    return op->emitError("different memory spaces specified for source type ")
           << srcType << " and result memref type " << resultType;
  if (srcType.getElementType() != resultType.getElementType())
    return op->emitError("different element types specified for source type ")
           << srcType << " and result memref type " << resultType;

  ArrayRef<int64_t> staticSizes = staticList(op, "static_sizes");
  ArrayRef<int64_t> resultShape = resultType.getShape();
  for (size_t idx = 0; idx < resultShape.size() && idx < staticSizes.size(); ++idx) {
    int64_t resultSize = resultShape[idx], expectedSize = staticSizes[idx];
    if (ShapedType::isStatic(resultSize) && resultSize != expectedSize)
      return op->emitError("expected result type with size = ")
             << staticValueString(expectedSize) << " instead of " << (long long)resultSize << " in dim = "
             << (unsigned long long)idx;
  }

  int64_t resultOffset;
  std::vector<int64_t> resultStrides;
  if (failed(getStridesAndOffset(resultType, resultStrides, resultOffset)))
    return op->emitError("expected result type to have strided layout but found ") << resultType;

  ArrayRef<int64_t> staticOffsets = staticList(op, "static_offsets");
  int64_t expectedOffset = staticOffsets.empty() ? 0 : staticOffsets.front();
  if (ShapedType::isStatic(resultOffset) && resultOffset != expectedOffset)
    return op->emitError("expected result type with offset = ")
           << staticValueString(expectedOffset) << " instead of " << (long long)resultOffset;

  ArrayRef<int64_t> staticStrides = staticList(op, "static_strides");
  for (size_t idx = 0; idx < resultStrides.size() && idx < staticStrides.size(); ++idx) {
    int64_t resultStride = resultStrides[idx], expectedStride = staticStrides[idx];
    if (ShapedType::isStatic(resultStride) && resultStride != expectedStride)
      return op->emitError("expected result type with stride = ")
             << staticValueString(expectedStride) << " instead of " << (long long)resultStride << " in dim = "
             << (unsigned long long)idx;
  }
  return success();
}

std::array<unsigned, 3> impl::reinterpretCastMaxRanks(Operation *op) {
  unsigned resultRank = 0;
  if (auto t = dyn_cast<MemRefType>(op->getResult(0).getType()))
    resultRank = t.getRank();
  return {1, resultRank, resultRank};
}

LogicalResult impl::verifyReshape(Operation *op) {
  Type operandType = op->getOperand(0).getType();
  Type resultType = op->getResult(0).getType();
  if (cast<ShapedType>(operandType).getElementType() != cast<ShapedType>(resultType).getElementType())
    return op->emitOpError("element types of source and destination memref types should be the same");
  if (auto operandMemRefType = dyn_cast<MemRefType>(operandType))
    if (!hasIdentityLayout(operandMemRefType))
      return op->emitOpError("source memref type should have identity affine map");
  int64_t shapeSize = cast<MemRefType>(op->getOperand(1).getType()).getDimSize(0);
  if (auto resultMemRefType = dyn_cast<MemRefType>(resultType)) {
    if (!hasIdentityLayout(resultMemRefType))
      return op->emitOpError("result memref type should have identity affine map");
    if (ShapedType::isDynamic(shapeSize))
      return op->emitOpError("cannot use shape operand with dynamic length to reshape to statically-ranked memref "
                             "type");
    if (shapeSize != resultMemRefType.getRank())
      return op->emitOpError("length of shape operand differs from the result's memref rank");
  }
  return success();
}

LogicalResult impl::verifyView(Operation *op) {
  auto baseType = cast<MemRefType>(op->getOperand(0).getType());
  auto viewType = cast<MemRefType>(op->getResult(0).getType());
  if (!hasIdentityLayout(baseType))
    return op->emitError("unsupported map for base memref type ") << baseType;
  if (!hasIdentityLayout(viewType))
    return op->emitError("unsupported map for result memref type ") << viewType;
  if (baseType.getMemorySpace() != viewType.getMemorySpace())
    return op->emitError("different memory spaces specified for base memref type ")
           << baseType << " and view memref type " << viewType;
  return verifyDynamicDimensionCount(op, viewType, ods::getODSOperands(op, 2));
}

/// The reassociation groups of expand_shape / collapse_shape.
static std::vector<std::vector<int64_t>> getReassociationIndices(Operation *op) {
  std::vector<std::vector<int64_t>> result;
  auto groups = dyn_cast_or_null<ArrayAttr>(ods::getInherentAttr(op, "reassociation"));
  if (!groups)
    return result;
  for (Attribute group : groups.getValue()) {
    std::vector<int64_t> indices;
    if (auto list = dyn_cast<ArrayAttr>(group))
      for (Attribute index : list.getValue())
        if (auto i = dyn_cast<IntegerAttr>(index))
          indices.push_back(i.getInt());
    result.push_back(std::move(indices));
  }
  return result;
}

//===----------------------------------------------------------------------===//
// expand_shape / collapse_shape
//===----------------------------------------------------------------------===//

using Reassociation = std::vector<std::vector<int64_t>>;

/// The shape checks shared by expand_shape and collapse_shape.
static LogicalResult verifyCollapsedShape(Operation *op, ArrayRef<int64_t> collapsedShape,
                                          ArrayRef<int64_t> expandedShape, const Reassociation &reassociation,
                                          bool allowMultipleDynamicDimsPerGroup) {
  if (collapsedShape.size() != reassociation.size())
    return op->emitOpError("invalid number of reassociation groups: found ")
           << (unsigned long long)reassociation.size() << ", expected "
           << (unsigned long long)collapsedShape.size();
  int64_t nextDim = 0;
  for (size_t collapsedDim = 0; collapsedDim < reassociation.size(); ++collapsedDim) {
    const std::vector<int64_t> &group = reassociation[collapsedDim];
    bool foundDynamic = false;
    for (int64_t expandedDim : group) {
      if (expandedDim != nextDim++)
        return op->emitOpError("reassociation indices must be contiguous");
      if (expandedDim >= int64_t(expandedShape.size()))
        return op->emitOpError("reassociation index ") << (long long)expandedDim << " is out of bounds";
      if (ShapedType::isDynamic(expandedShape[expandedDim])) {
        if (foundDynamic && !allowMultipleDynamicDimsPerGroup)
          return op->emitOpError("at most one dimension in a reassociation group may be dynamic");
        foundDynamic = true;
      }
    }
    if (ShapedType::isDynamic(collapsedShape[collapsedDim]) != foundDynamic)
      return op->emitOpError("collapsed dim (")
             << (unsigned long long)collapsedDim << ") must be dynamic if and only if reassociation group is dynamic";
    if (!foundDynamic) {
      int64_t groupSize = 1;
      for (int64_t expandedDim : group)
        groupSize = int64_t(uint64_t(groupSize) * uint64_t(expandedShape[expandedDim]));
      if (groupSize != collapsedShape[collapsedDim])
        return op->emitOpError("collapsed dim size (")
               << (long long)collapsedShape[collapsedDim] << ") must equal reassociation group size ("
               << (long long)groupSize << ")";
    }
  }
  if (collapsedShape.empty()) {
    for (int64_t d : expandedShape)
      if (d != 1)
        return op->emitOpError("rank 0 memrefs can only be extended/collapsed with/from ones");
  } else if (nextDim != int64_t(expandedShape.size())) {
    return op->emitOpError("expanded rank (")
           << (unsigned long long)expandedShape.size() << ") inconsistent with number of reassociation indices ("
           << (long long)nextDim << ")";
  }
  return success();
}

/// The layout of `srcType` expanded to `resultShape`.
static FailureOr<StridedLayoutAttr> computeExpandedLayoutMap(MemRefType srcType, ArrayRef<int64_t> resultShape,
                                                             const Reassociation &reassociation) {
  int64_t srcOffset;
  std::vector<int64_t> srcStrides;
  if (failed(getStridesAndOffset(srcType, srcStrides, srcOffset)))
    return failure();
  if (srcStrides.size() != reassociation.size())
    return failure();
  std::vector<int64_t> reverseResultStrides;
  reverseResultStrides.reserve(resultShape.size());
  int64_t shapeIndex = int64_t(resultShape.size()) - 1;
  for (size_t g = reassociation.size(); g-- > 0;) {
    int64_t currentStrideToExpand = srcStrides[g];
    for (size_t idx = 0, e = reassociation[g].size(); idx < e; ++idx) {
      reverseResultStrides.push_back(currentStrideToExpand);
      int64_t size = shapeIndex >= 0 ? resultShape[shapeIndex] : 1;
      --shapeIndex;
      currentStrideToExpand =
          (SaturatedInteger::wrap(currentStrideToExpand) * SaturatedInteger::wrap(size)).asInteger();
    }
  }
  std::vector<int64_t> resultStrides(reverseResultStrides.rbegin(), reverseResultStrides.rend());
  resultStrides.resize(resultShape.size(), 1);
  return StridedLayoutAttr::get(srcType.getContext(), srcOffset, resultStrides);
}

static FailureOr<MemRefType> computeExpandedType(MemRefType srcType, ArrayRef<int64_t> resultShape,
                                                 const Reassociation &reassociation) {
  if (hasIdentityLayout(srcType))
    return MemRefType::get(resultShape, srcType.getElementType(), Attribute(), srcType.getMemorySpace());
  FailureOr<StridedLayoutAttr> layout = computeExpandedLayoutMap(srcType, resultShape, reassociation);
  if (failed(layout))
    return failure();
  return MemRefType::get(resultShape, srcType.getElementType(), *layout, srcType.getMemorySpace());
}

LogicalResult impl::verifyExpandShape(Operation *op) {
  auto srcType = cast<MemRefType>(op->getOperand(0).getType());
  auto resultType = cast<MemRefType>(op->getResult(0).getType());
  if (srcType.getRank() > resultType.getRank()) {
    long long r0 = srcType.getRank(), r1 = resultType.getRank();
    return op->emitOpError("has source rank ")
           << r0 << " and result rank " << r1 << ". This is not an expansion (" << r0 << " > " << r1 << ").";
  }
  Reassociation reassociation = getReassociationIndices(op);
  if (failed(verifyCollapsedShape(op, srcType.getShape(), resultType.getShape(), reassociation,
                                  /*allowMultipleDynamicDimsPerGroup=*/true)))
    return failure();
  FailureOr<MemRefType> expectedResultType = computeExpandedType(srcType, resultType.getShape(), reassociation);
  if (failed(expectedResultType))
    return op->emitOpError("invalid source layout map");
  if (*expectedResultType != resultType)
    return op->emitOpError("expected expanded type to be ") << *expectedResultType << " but found " << resultType;

  ArrayRef<int64_t> staticOutputShape = staticList(op, "static_output_shape");
  if (int64_t(staticOutputShape.size()) != resultType.getRank())
    return op->emitOpError("expected number of static shape bounds to be equal to the output rank (")
           << (long long)resultType.getRank() << ") but found " << (unsigned long long)staticOutputShape.size()
           << " inputs instead";
  size_t numDynamic = 0;
  for (int64_t v : staticOutputShape)
    if (ShapedType::isDynamic(v))
      ++numDynamic;
  size_t numOutputShape = ods::getODSOperands(op, 1).size();
  if (numOutputShape != numDynamic)
    return op->emitOpError("mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape "
                           "has ")
           << (unsigned long long)numDynamic << " dynamic dims while output_shape has "
           << (unsigned long long)numOutputShape << " values";
  ArrayRef<int64_t> resShape = resultType.getShape();
  for (size_t pos = 0; pos < resShape.size(); ++pos)
    if (ShapedType::isStatic(resShape[pos]) && resShape[pos] != staticOutputShape[pos])
      return op->emitOpError("invalid output shape provided at pos ") << (unsigned long long)pos;
  return success();
}

/// The layout of `srcType` collapsed along `reassociation`; fails when a
/// group is provably not contiguous.
static FailureOr<StridedLayoutAttr> computeCollapsedLayoutMap(MemRefType srcType,
                                                              const Reassociation &reassociation,
                                                              bool strict = false) {
  int64_t srcOffset;
  std::vector<int64_t> srcStrides;
  ArrayRef<int64_t> srcShape = srcType.getShape();
  if (failed(getStridesAndOffset(srcType, srcStrides, srcOffset)))
    return failure();
  std::vector<int64_t> resultStrides;
  resultStrides.reserve(reassociation.size());
  for (const std::vector<int64_t> &reassoc : reassociation) {
    if (reassoc.empty())
      return failure();
    size_t size = reassoc.size();
    while (srcShape[reassoc[size - 1]] == 1 && size > 1)
      --size;
    int64_t last = reassoc[size - 1];
    if (ShapedType::isStatic(srcShape[last]) || size == 1)
      resultStrides.push_back(srcStrides[last]);
    else
      resultStrides.push_back(ShapedType::kDynamic);
  }
  size_t resultStrideIndex = resultStrides.size();
  for (size_t g = reassociation.size(); g-- > 0;) {
    const std::vector<int64_t> &reassoc = reassociation[g];
    SaturatedInteger stride = SaturatedInteger::wrap(resultStrides[--resultStrideIndex]);
    for (size_t k = reassoc.size(); k-- > 1;) {
      int64_t idx = reassoc[k];
      stride = stride * SaturatedInteger::wrap(srcShape[idx]);
      if (srcShape[idx - 1] == 1)
        continue;
      SaturatedInteger srcStride = SaturatedInteger::wrap(srcStrides[idx - 1]);
      if (strict && (stride.saturated || srcStride.saturated))
        return failure();
      if (!stride.saturated && !srcStride.saturated && stride != srcStride)
        return failure();
    }
  }
  return StridedLayoutAttr::get(srcType.getContext(), srcOffset, resultStrides);
}

LogicalResult impl::verifyCollapseShape(Operation *op) {
  auto srcType = cast<MemRefType>(op->getOperand(0).getType());
  auto resultType = cast<MemRefType>(op->getResult(0).getType());
  if (srcType.getRank() < resultType.getRank()) {
    long long r0 = srcType.getRank(), r1 = resultType.getRank();
    return op->emitOpError("has source rank ")
           << r0 << " and result rank " << r1 << ". This is not a collapse (" << r0 << " < " << r1 << ").";
  }
  Reassociation reassociation = getReassociationIndices(op);
  if (failed(verifyCollapsedShape(op, resultType.getShape(), srcType.getShape(), reassociation,
                                  /*allowMultipleDynamicDimsPerGroup=*/true)))
    return failure();
  MemRefType expectedResultType;
  if (hasIdentityLayout(srcType)) {
    expectedResultType =
        MemRefType::get(resultType.getShape(), srcType.getElementType(), Attribute(), srcType.getMemorySpace());
  } else {
    FailureOr<StridedLayoutAttr> layout = computeCollapsedLayoutMap(srcType, reassociation);
    if (failed(layout))
      return op->emitOpError("invalid source layout map or collapsing non-contiguous dims");
    expectedResultType =
        MemRefType::get(resultType.getShape(), srcType.getElementType(), *layout, srcType.getMemorySpace());
  }
  if (expectedResultType != resultType)
    return op->emitOpError("expected collapsed type to be ") << expectedResultType << " but found " << resultType;
  return success();
}

//===----------------------------------------------------------------------===//
// subview
//===----------------------------------------------------------------------===//

std::array<unsigned, 3> impl::subViewMaxRanks(Operation *op) {
  unsigned rank = 0;
  if (auto t = dyn_cast<MemRefType>(op->getOperand(0).getType()))
    rank = t.getRank();
  return {rank, rank, rank};
}

/// SubViewOp::inferResultType: the subview type without rank reduction.
static MemRefType inferSubViewResultType(MemRefType sourceType, ArrayRef<int64_t> staticOffsets,
                                         ArrayRef<int64_t> staticSizes, ArrayRef<int64_t> staticStrides) {
  std::vector<int64_t> sourceStrides;
  int64_t sourceOffset = 0;
  (void)getStridesAndOffset(sourceType, sourceStrides, sourceOffset);
  int64_t targetOffset = sourceOffset;
  for (size_t i = 0; i < staticOffsets.size() && i < sourceStrides.size(); ++i)
    targetOffset = (SaturatedInteger::wrap(targetOffset) +
                    SaturatedInteger::wrap(staticOffsets[i]) * SaturatedInteger::wrap(sourceStrides[i]))
                       .asInteger();
  std::vector<int64_t> targetStrides;
  for (size_t i = 0; i < sourceStrides.size() && i < staticStrides.size(); ++i)
    targetStrides.push_back(
        (SaturatedInteger::wrap(sourceStrides[i]) * SaturatedInteger::wrap(staticStrides[i])).asInteger());
  return MemRefType::get(staticSizes, sourceType.getElementType(),
                         StridedLayoutAttr::get(sourceType.getContext(), targetOffset, targetStrides),
                         sourceType.getMemorySpace());
}

/// Counts of each stride value (the dynamic stride included).
static std::map<int64_t, unsigned> getNumOccurences(const std::vector<int64_t> &vals) {
  std::map<int64_t, unsigned> numOccurences;
  for (int64_t v : vals)
    numOccurences[v]++;
  return numOccurences;
}

/// The dimensions of `originalType` dropped in `reducedType`, telling unit
/// dimensions apart by their strides.
static FailureOr<std::vector<bool>> computeMemRefRankReductionMask(MemRefType originalType, MemRefType reducedType,
                                                                   ArrayRef<int64_t> staticSizes) {
  std::vector<bool> unusedDims(originalType.getRank(), false);
  if (originalType.getRank() == reducedType.getRank())
    return unusedDims;
  size_t count = 0;
  for (size_t i = 0; i < staticSizes.size() && i < unusedDims.size(); ++i)
    if (ShapedType::isStatic(staticSizes[i]) && staticSizes[i] == 1) {
      unusedDims[i] = true;
      ++count;
    }
  if (int64_t(count) + reducedType.getRank() == originalType.getRank())
    return unusedDims;

  std::vector<int64_t> originalStrides, candidateStrides;
  int64_t originalOffset, candidateOffset;
  if (failed(getStridesAndOffset(originalType, originalStrides, originalOffset)) ||
      failed(getStridesAndOffset(reducedType, candidateStrides, candidateOffset)))
    return failure();
  std::map<int64_t, unsigned> currUnaccountedStrides = getNumOccurences(originalStrides);
  std::map<int64_t, unsigned> candidateStridesNumOccurences = getNumOccurences(candidateStrides);
  for (size_t dim = 0; dim < unusedDims.size(); ++dim) {
    if (!unusedDims[dim])
      continue;
    int64_t originalStride = originalStrides[dim];
    unsigned unaccounted = currUnaccountedStrides[originalStride];
    unsigned candidate = candidateStridesNumOccurences[originalStride];
    if (unaccounted > candidate) {
      currUnaccountedStrides[originalStride]--;
      continue;
    }
    if (unaccounted == candidate) {
      unusedDims[dim] = false;
      --count;
      continue;
    }
    return failure();
  }
  if (int64_t(count) + reducedType.getRank() != originalType.getRank())
    return failure();
  return unusedDims;
}

static bool haveCompatibleOffsets(MemRefType t1, MemRefType t2) {
  int64_t t1Offset, t2Offset;
  std::vector<int64_t> t1Strides, t2Strides;
  return succeeded(getStridesAndOffset(t1, t1Strides, t1Offset)) &&
         succeeded(getStridesAndOffset(t2, t2Strides, t2Offset)) && t1Offset == t2Offset;
}

static bool haveCompatibleStrides(MemRefType t1, MemRefType t2, const std::vector<bool> &droppedDims) {
  int64_t t1Offset, t2Offset;
  std::vector<int64_t> t1Strides, t2Strides;
  if (failed(getStridesAndOffset(t1, t1Strides, t1Offset)) || failed(getStridesAndOffset(t2, t2Strides, t2Offset)))
    return false;
  for (size_t i = 0, j = 0; i < t1Strides.size(); ++i) {
    if (i < droppedDims.size() && droppedDims[i])
      continue;
    if (j >= t2Strides.size() || t1Strides[i] != t2Strides[j])
      return false;
    ++j;
  }
  return true;
}

static LogicalResult produceSubViewErrorMsg(SliceVerificationResult result, Operation *op, MemRefType expectedType) {
  Type type = op->getResult(0).getType();
  switch (result) {
  case SliceVerificationResult::Success:
    return success();
  case SliceVerificationResult::RankTooLarge:
    return op->emitError("expected result rank to be smaller or equal to the source rank, but got ") << type;
  case SliceVerificationResult::SizeMismatch:
    return op->emitError("expected result type to be ")
           << expectedType << " or a rank-reduced version. (mismatch of result sizes), but got " << type;
  case SliceVerificationResult::ElemTypeMismatch:
    return op->emitError("expected result element type to be ")
           << expectedType.getElementType() << ", but got " << type;
  case SliceVerificationResult::MemSpaceMismatch:
    return op->emitError("expected result and source memory spaces to match, but got ") << type;
  case SliceVerificationResult::LayoutMismatch:
    return op->emitError("expected result type to be ")
           << expectedType << " or a rank-reduced version. (mismatch of result layout), but got " << type;
  }
  return failure();
}

/// verifyInBoundsSlice: the static parts of the slice stay inside `shape`.
static LogicalResult verifyInBoundsSlice(Operation *op, ArrayRef<int64_t> shape, ArrayRef<int64_t> staticOffsets,
                                         ArrayRef<int64_t> staticSizes, ArrayRef<int64_t> staticStrides) {
  for (size_t i = 0; i < shape.size(); ++i) {
    if (ShapedType::isDynamic(shape[i]) || i >= staticOffsets.size() || ShapedType::isDynamic(staticOffsets[i]))
      continue;
    if (staticOffsets[i] >= shape[i])
      return op->emitError(std::string("offset ") + std::to_string(i) + " is out-of-bounds: " +
                           std::to_string(staticOffsets[i]) + " >= " + std::to_string(shape[i]));
    if (i >= staticSizes.size() || i >= staticStrides.size() || ShapedType::isDynamic(staticSizes[i]) ||
        ShapedType::isDynamic(staticStrides[i]))
      continue;
    int64_t lastPos = int64_t(uint64_t(staticOffsets[i]) + uint64_t(staticSizes[i] - 1) * uint64_t(staticStrides[i]));
    if (lastPos >= shape[i])
      return op->emitError(std::string("slice along dimension ") + std::to_string(i) +
                           " runs out-of-bounds: " + std::to_string(lastPos) + " >= " + std::to_string(shape[i]));
  }
  return success();
}

LogicalResult impl::verifySubView(Operation *op) {
  auto baseType = cast<MemRefType>(op->getOperand(0).getType());
  auto subViewType = cast<MemRefType>(op->getResult(0).getType());
  ArrayRef<int64_t> staticOffsets = staticList(op, "static_offsets");
  ArrayRef<int64_t> staticSizes = staticList(op, "static_sizes");
  ArrayRef<int64_t> staticStrides = staticList(op, "static_strides");

  if (baseType.getMemorySpace() != subViewType.getMemorySpace())
    return op->emitError("different memory spaces specified for base memref type ")
           << baseType << " and subview memref type " << subViewType;
  if (!isStrided(baseType))
    return op->emitError("base type ") << baseType << " is not strided";

  MemRefType expectedType = inferSubViewResultType(baseType, staticOffsets, staticSizes, staticStrides);
  SliceVerificationResult shapedTypeVerification = isRankReducedType(expectedType, subViewType);
  if (shapedTypeVerification != SliceVerificationResult::Success)
    return produceSubViewErrorMsg(shapedTypeVerification, op, expectedType);
  if (expectedType.getMemorySpace() != subViewType.getMemorySpace())
    return produceSubViewErrorMsg(SliceVerificationResult::MemSpaceMismatch, op, expectedType);
  if (!haveCompatibleOffsets(expectedType, subViewType))
    return produceSubViewErrorMsg(SliceVerificationResult::LayoutMismatch, op, expectedType);
  FailureOr<std::vector<bool>> unusedDims = computeMemRefRankReductionMask(expectedType, subViewType, staticSizes);
  if (failed(unusedDims))
    return produceSubViewErrorMsg(SliceVerificationResult::LayoutMismatch, op, expectedType);
  if (!haveCompatibleStrides(expectedType, subViewType, *unusedDims))
    return produceSubViewErrorMsg(SliceVerificationResult::LayoutMismatch, op, expectedType);
  return verifyInBoundsSlice(op, baseType.getShape(), staticOffsets, staticSizes, staticStrides);
}

//===----------------------------------------------------------------------===//
// transpose
//===----------------------------------------------------------------------===//

ParseResult impl::parseTranspose(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand in;
  AffineMap permutation;
  MemRefType srcType, dstType;
  if (parser.parseOperand(in) || parser.parseAffineMap(permutation) ||
      parser.parseOptionalAttrDict(result.attributes) || parseColonMemRefType(parser, srcType) ||
      parser.resolveOperand(in, srcType, result.operands) || parser.parseKeyword("to") ||
      parseMemRefType(parser, dstType))
    return failure();
  result.addType(dstType);
  result.addAttribute("permutation", AffineMapAttr::get(permutation));
  return success();
}

void impl::printTranspose(Operation *op, OpAsmPrinter &p) {
  p << " ";
  p.printOperand(op->getOperand(0));
  p << " ";
  if (auto perm = dyn_cast_or_null<AffineMapAttr>(ods::getInherentAttr(op, "permutation")))
    p << perm.getValue();
  static const std::string_view elided[] = {"permutation"};
  p.printOptionalAttrDict(op->getAttrs(), elided);
  p << " : ";
  p.printType(op->getOperand(0).getType());
  p << " to ";
  p.printType(op->getResult(0).getType());
}

/// The strided type of `memRefType` with sizes and strides permuted.
static MemRefType inferTransposeResultType(MemRefType memRefType, AffineMap permutationMap) {
  ArrayRef<int64_t> originalSizes = memRefType.getShape();
  std::vector<int64_t> originalStrides;
  int64_t offset = 0;
  (void)getStridesAndOffset(memRefType, originalStrides, offset);
  std::vector<int64_t> sizes, strides;
  for (AffineExpr e : permutationMap.getResults()) {
    unsigned pos = cast<AffineDimExpr>(e).getPosition();
    sizes.push_back(pos < originalSizes.size() ? originalSizes[pos] : 0);
    strides.push_back(pos < originalStrides.size() ? originalStrides[pos] : 0);
  }
  return MemRefType::get(sizes, memRefType.getElementType(),
                         StridedLayoutAttr::get(memRefType.getContext(), offset, strides),
                         memRefType.getMemorySpace());
}

LogicalResult impl::verifyTranspose(Operation *op) {
  auto permAttr = cast<AffineMapAttr>(ods::getInherentAttr(op, "permutation"));
  AffineMap permutation = permAttr.getValue();
  if (!permutation.isPermutation())
    return op->emitOpError("expected a permutation map");
  auto srcType = cast<MemRefType>(op->getOperand(0).getType());
  if (int64_t(permutation.getNumDims()) != srcType.getRank())
    return op->emitOpError("expected a permutation map of same rank as the input");
  auto resultType = cast<MemRefType>(op->getResult(0).getType());
  MemRefType canonicalResultType = canonicalizeStridedLayout(inferTransposeResultType(srcType, permutation));
  if (canonicalizeStridedLayout(resultType) != canonicalResultType)
    return op->emitOpError("result type ") << resultType
                                           << " is not equivalent to the canonical transposed input type "
                                           << canonicalResultType;
  return success();
}
