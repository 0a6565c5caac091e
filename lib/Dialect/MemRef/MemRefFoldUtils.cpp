//===- MemRefFoldUtils.cpp - Helpers of the memref folders and patterns ---===//
//
// Follows MLIR's StaticValueUtils.cpp, ReshapeOpsUtils.cpp and the static
// helpers of MemRefOps.cpp (LLVM 22).
//
#include "MemRefFoldUtils.h"

#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/IR/Matchers.h"
#include "lamina/ODS/OpDef.h"

#include <algorithm>
#include <map>

using namespace lamina;
using namespace lamina::memref;
using namespace lamina::memref::utils;

//===----------------------------------------------------------------------===//
// Mixed static/dynamic values
//===----------------------------------------------------------------------===//

std::optional<int64_t> utils::getConstantIntValue(OpFoldResult ofr) {
  if (Value v = ofr.getValue()) {
    APInt value;
    if (matchConstantInt(v, &value))
      return value.getSExtValue();
    return std::nullopt;
  }
  if (auto attr = dyn_cast_or_null<IntegerAttr>(ofr.getAttribute()))
    return attr.getValue().getSExtValue();
  return std::nullopt;
}

OpFoldResult utils::getAsOpFoldResult(Value v) {
  Attribute attr;
  if (matchConstant(v, &attr))
    return attr;
  return v;
}

std::vector<OpFoldResult> utils::getMixedValues(ArrayRef<int64_t> statics, OperandRange dynamics,
                                                 MLIRContext *ctx) {
  std::vector<OpFoldResult> result;
  result.reserve(statics.size());
  Type i64 = IntegerType::get(ctx, 64);
  unsigned next = 0;
  for (int64_t value : statics) {
    if (ShapedType::isDynamic(value) && next < dynamics.size())
      result.push_back(Value(dynamics[next++]));
    else
      result.push_back(IntegerAttr::get(i64, value));
  }
  return result;
}

void utils::dispatchIndexOpFoldResults(ArrayRef<OpFoldResult> ofrs, std::vector<Value> &dynamics,
                                        std::vector<int64_t> &statics) {
  for (OpFoldResult ofr : ofrs) {
    if (Value v = ofr.getValue()) {
      dynamics.push_back(v);
      statics.push_back(ShapedType::kDynamic);
      continue;
    }
    statics.push_back(cast<IntegerAttr>(ofr.getAttribute()).getValue().getSExtValue());
  }
}

LogicalResult utils::foldDynamicIndexList(std::vector<OpFoldResult> &ofrs, bool onlyNonNegative,
                                           bool onlyNonZero) {
  bool changed = false;
  for (OpFoldResult &ofr : ofrs) {
    Value v = ofr.getValue();
    if (!v)
      continue;
    Attribute attr;
    if (!matchConstant(v, &attr))
      continue;
    std::optional<int64_t> value = getConstantIntValue(attr);
    if (!value)
      continue;
    if (onlyNonNegative && *value < 0)
      continue;
    if (onlyNonZero && *value == 0)
      continue;
    ofr = attr;
    changed = true;
  }
  return success(changed);
}

void utils::constifyIndexValues(std::vector<OpFoldResult> &values, ArrayRef<int64_t> constValues,
                                 MLIRContext *ctx) {
  Type index = IndexType::get(ctx);
  for (size_t i = 0; i < values.size() && i < constValues.size(); ++i) {
    if (ShapedType::isStatic(constValues[i])) {
      values[i] = IntegerAttr::get(index, constValues[i]);
      continue;
    }
    if (std::optional<int64_t> cst = getConstantIntValue(values[i]))
      values[i] = IntegerAttr::get(index, *cst);
  }
}

bool utils::equalOpFoldResults(ArrayRef<OpFoldResult> a, ArrayRef<OpFoldResult> b) {
  if (a.size() != b.size())
    return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i] != b[i])
      return false;
  return true;
}

bool utils::isInBoundsSlice(ArrayRef<int64_t> shape, ArrayRef<int64_t> offsets, ArrayRef<int64_t> sizes,
                             ArrayRef<int64_t> strides) {
  for (size_t i = 0; i < shape.size(); ++i) {
    if (ShapedType::isDynamic(shape[i]) || i >= offsets.size() || ShapedType::isDynamic(offsets[i]))
      continue;
    if (offsets[i] >= shape[i])
      return false;
    if (i >= sizes.size() || i >= strides.size() || ShapedType::isDynamic(sizes[i]) ||
        ShapedType::isDynamic(strides[i]))
      continue;
    int64_t lastPos = int64_t(uint64_t(offsets[i]) + uint64_t(sizes[i] - 1) * uint64_t(strides[i]));
    if (lastPos >= shape[i])
      return false;
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Op pieces
//===----------------------------------------------------------------------===//

std::vector<OpFoldResult> utils::getMixedOffsets(Operation *op) {
  return getMixedValues(impl::staticList(op, "static_offsets"), ods::getODSOperands(op, 1), op->getContext());
}
std::vector<OpFoldResult> utils::getMixedSizes(Operation *op) {
  return getMixedValues(impl::staticList(op, "static_sizes"), ods::getODSOperands(op, 2), op->getContext());
}
std::vector<OpFoldResult> utils::getMixedStrides(Operation *op) {
  return getMixedValues(impl::staticList(op, "static_strides"), ods::getODSOperands(op, 3), op->getContext());
}

Reassociation utils::getReassociationIndices(Operation *op) {
  Reassociation result;
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

bool utils::canFoldCastIntoConsumerOp(Operation *castOp) {
  auto sourceType = dyn_cast<MemRefType>(castOp->getOperand(0).getType());
  auto resultType = dyn_cast<MemRefType>(castOp->getResult(0).getType());
  if (!sourceType || !resultType)
    return false;
  if (sourceType.getElementType() != resultType.getElementType())
    return false;
  if (sourceType.getRank() != resultType.getRank())
    return false;
  int64_t sourceOffset, resultOffset;
  std::vector<int64_t> sourceStrides, resultStrides;
  if (failed(getStridesAndOffset(sourceType, sourceStrides, sourceOffset)) ||
      failed(getStridesAndOffset(resultType, resultStrides, resultOffset)))
    return false;
  // Towards more static sizes, offset or strides: no.
  auto moreStatic = [](int64_t source, int64_t result) {
    return source != result && ShapedType::isDynamic(source) && ShapedType::isStatic(result);
  };
  for (int64_t i = 0, e = sourceType.getRank(); i < e; ++i)
    if (moreStatic(sourceType.getDimSize(i), resultType.getDimSize(i)))
      return false;
  if (moreStatic(sourceOffset, resultOffset))
    return false;
  for (size_t i = 0; i < sourceStrides.size() && i < resultStrides.size(); ++i)
    if (moreStatic(sourceStrides[i], resultStrides[i]))
      return false;
  return true;
}

bool utils::areCastCompatible(Type a, Type b) {
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
      auto compatible = [](int64_t x, int64_t y) {
        return ShapedType::isDynamic(x) || ShapedType::isDynamic(y) || x == y;
      };
      if (!compatible(aOffset, bOffset))
        return false;
      for (size_t i = 0; i < aStrides.size(); ++i)
        if (!compatible(aStrides[i], bStrides[i]))
          return false;
    }
    if (aT.getMemorySpace() != bT.getMemorySpace() || aT.getRank() != bT.getRank())
      return false;
    for (int64_t i = 0, e = aT.getRank(); i != e; ++i) {
      int64_t aDim = aT.getDimSize(i), bDim = bT.getDimSize(i);
      if (ShapedType::isStatic(aDim) && ShapedType::isStatic(bDim) && aDim != bDim)
        return false;
    }
    return true;
  }
  if ((!aT && !uaT) || (!bT && !ubT) || (uaT && ubT))
    return false;
  Type aElt = aT ? aT.getElementType() : uaT.getElementType();
  Type bElt = bT ? bT.getElementType() : ubT.getElementType();
  Attribute aSpace = aT ? aT.getMemorySpace() : uaT.getMemorySpace();
  Attribute bSpace = bT ? bT.getMemorySpace() : ubT.getMemorySpace();
  return aElt == bElt && aSpace == bSpace;
}

LogicalResult utils::foldMemRefCast(Operation *op, Value inner) {
  bool folded = false;
  for (unsigned i = 0, e = op->getNumOperands(); i < e; ++i) {
    Value operand = op->getOperand(i);
    Operation *def = operand.getDefiningOp();
    if (!def || !isa<CastOp>(def) || operand == inner || isa<UnrankedMemRefType>(def->getOperand(0).getType()))
      continue;
    op->setOperand(i, def->getOperand(0));
    folded = true;
  }
  return success(folded);
}

MemRefType utils::inferSubViewResultType(MemRefType sourceType, ArrayRef<int64_t> staticOffsets,
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

FailureOr<std::vector<bool>> utils::computeMemRefRankReductionMask(MemRefType originalType, MemRefType reducedType,
                                                                    ArrayRef<int64_t> staticSizes) {
  std::vector<bool> unusedDims(originalType.getRank(), false);
  if (originalType.getRank() == reducedType.getRank())
    return unusedDims;
  int64_t count = 0;
  for (size_t i = 0; i < staticSizes.size() && i < unusedDims.size(); ++i)
    if (staticSizes[i] == 1) {
      unusedDims[i] = true;
      ++count;
    }
  if (count + reducedType.getRank() == originalType.getRank())
    return unusedDims;

  std::vector<int64_t> originalStrides, candidateStrides;
  int64_t originalOffset, candidateOffset;
  if (failed(getStridesAndOffset(originalType, originalStrides, originalOffset)) ||
      failed(getStridesAndOffset(reducedType, candidateStrides, candidateOffset)))
    return failure();
  // A unit dimension is dropped if its stride is dropped too: count each
  // stride's occurrences in both types.
  std::map<int64_t, unsigned> unaccounted, candidate;
  for (int64_t s : originalStrides)
    unaccounted[s]++;
  for (int64_t s : candidateStrides)
    candidate[s]++;
  for (size_t dim = 0; dim < unusedDims.size(); ++dim) {
    if (!unusedDims[dim])
      continue;
    int64_t stride = originalStrides[dim];
    if (unaccounted[stride] > candidate[stride]) {
      unaccounted[stride]--;
      continue;
    }
    if (unaccounted[stride] == candidate[stride]) {
      unusedDims[dim] = false;
      --count;
      continue;
    }
    return failure();
  }
  if (count + reducedType.getRank() != originalType.getRank())
    return failure();
  return unusedDims;
}

std::vector<bool> utils::getSubViewDroppedDims(Operation *subview) {
  auto sourceType = cast<MemRefType>(subview->getOperand(0).getType());
  auto resultType = cast<MemRefType>(subview->getResult(0).getType());
  FailureOr<std::vector<bool>> mask =
      computeMemRefRankReductionMask(sourceType, resultType, impl::staticList(subview, "static_sizes"));
  if (failed(mask))
    return std::vector<bool>(sourceType.getRank(), false);
  return *mask;
}

/// computeCollapsedLayoutMap (non-strict): the layout of `srcType`
/// collapsed along `reassociation`.
static FailureOr<StridedLayoutAttr> computeCollapsedLayoutMap(MemRefType srcType, const Reassociation &reassociation) {
  int64_t srcOffset;
  std::vector<int64_t> srcStrides;
  ArrayRef<int64_t> srcShape = srcType.getShape();
  if (failed(getStridesAndOffset(srcType, srcStrides, srcOffset)))
    return failure();
  std::vector<int64_t> resultStrides;
  resultStrides.reserve(reassociation.size());
  for (const std::vector<int64_t> &group : reassociation) {
    if (group.empty())
      return failure();
    size_t size = group.size();
    while (srcShape[group[size - 1]] == 1 && size > 1)
      --size;
    int64_t last = group[size - 1];
    if (ShapedType::isStatic(srcShape[last]) || size == 1)
      resultStrides.push_back(srcStrides[last]);
    else
      resultStrides.push_back(ShapedType::kDynamic);
  }
  return StridedLayoutAttr::get(srcType.getContext(), srcOffset, resultStrides);
}

MemRefType utils::computeCollapsedType(MemRefType srcType, const Reassociation &reassociation) {
  std::vector<int64_t> resultShape;
  resultShape.reserve(reassociation.size());
  for (const std::vector<int64_t> &group : reassociation) {
    SaturatedInteger size = SaturatedInteger::wrap(1);
    for (int64_t dim : group)
      size = size * SaturatedInteger::wrap(srcType.getDimSize(dim));
    resultShape.push_back(size.asInteger());
  }
  if (impl::hasIdentityLayout(srcType))
    return MemRefType::get(resultShape, srcType.getElementType(), Attribute(), srcType.getMemorySpace());
  FailureOr<StridedLayoutAttr> layout = computeCollapsedLayoutMap(srcType, reassociation);
  if (failed(layout))
    return MemRefType();
  return MemRefType::get(resultShape, srcType.getElementType(), *layout, srcType.getMemorySpace());
}

MemRefType utils::inferTransposeResultType(MemRefType memRefType, AffineMap permutationMap) {
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

//===----------------------------------------------------------------------===//
// Reassociations
//===----------------------------------------------------------------------===//

std::optional<Reassociation> utils::composeReassociationIndices(const Reassociation &producerIn,
                                                                 const Reassociation &consumerIn) {
  // The producer is the longer list; equal lengths compose to no reshape.
  if (producerIn.size() == consumerIn.size())
    return std::nullopt;
  const Reassociation &producer = producerIn.size() < consumerIn.size() ? consumerIn : producerIn;
  const Reassociation &consumer = producerIn.size() < consumerIn.size() ? producerIn : consumerIn;
  Reassociation composed;
  // A rank-0 result: an empty reassociation.
  if (consumer.empty())
    return composed;
  size_t consumerDims = 0;
  for (const std::vector<int64_t> &indices : consumer)
    consumerDims += indices.size();
  if (producer.size() != consumerDims)
    return std::nullopt;
  for (const std::vector<int64_t> &consumerIndices : consumer) {
    std::vector<int64_t> group;
    for (int64_t index : consumerIndices) {
      if (index < 0 || size_t(index) >= producer.size())
        return std::nullopt;
      group.insert(group.end(), producer[index].begin(), producer[index].end());
    }
    composed.push_back(std::move(group));
  }
  return composed;
}

namespace {

/// An inclusive range of source dimensions [left, right].
struct IndexRange {
  int64_t left = 0, right = 0;
  bool valid() const { return left >= 0 && left <= right; }
  bool isIn(const IndexRange &outer) const { return left >= outer.left && right <= outer.right; }
  int64_t size() const { return right - left + 1; }
};

/// findReassociationRangeForDynamicDim: from `start`, the first range that
/// ends at (lazily) or includes (greedily, everything after) a dynamic size.
FailureOr<IndexRange> rangeForDynamicDim(ArrayRef<int64_t> shape, int64_t start, bool greedy) {
  IndexRange it{start, start};
  IndexRange whole{0, int64_t(shape.size()) - 1};
  if (!it.isIn(whole))
    return failure();
  IndexRange result = it;
  bool foundDynamic = false;
  for (; it.isIn(whole); ++it.right) {
    if (foundDynamic && !greedy)
      break;
    if (ShapedType::isDynamic(shape[it.right]))
      foundDynamic = true;
    result = it;
  }
  if (!foundDynamic)
    return failure();
  return result;
}

/// findReassociationRangeForSize: from `start`, the first range of static
/// sizes whose product is `targetSize` (greedily extended by unit sizes).
FailureOr<IndexRange> rangeForSize(ArrayRef<int64_t> shape, int64_t start, int64_t targetSize, bool greedy) {
  IndexRange it{start, start};
  IndexRange whole{0, int64_t(shape.size()) - 1};
  if (!it.isIn(whole))
    return failure();
  IndexRange result = it;
  int64_t product = 1;
  bool reached = false;
  while (it.isIn(whole)) {
    int64_t size = shape[it.right];
    if (reached && !greedy)
      break;
    if (ShapedType::isDynamic(size)) {
      if (reached)
        break;
      // A static target cannot take a dynamic size: restart after it.
      product = 1;
      result = {it.right + 1, it.right + 1};
      it = result;
      continue;
    }
    product = int64_t(uint64_t(product) * uint64_t(size));
    if (product > targetSize && reached)
      break;
    while (product > targetSize && it.size() != 1) {
      int64_t front = shape[it.left];
      if (front == 0)
        break;
      product /= front;
      ++it.left;
    }
    result = it;
    if (product == targetSize)
      reached = true;
    ++it.right;
  }
  if (!reached)
    return failure();
  return result;
}

/// findReassociationRangesForCollapse, left to right.
FailureOr<std::vector<IndexRange>> rangesForCollapse(ArrayRef<int64_t> source, ArrayRef<int64_t> target) {
  IndexRange whole{0, int64_t(source.size()) - 1};
  std::vector<IndexRange> ranges;
  ranges.reserve(target.size());
  std::optional<int64_t> prevTargetSize;
  int64_t sourceDim = 0;
  for (size_t t = 0; t < target.size(); ++t) {
    int64_t targetSize = target[t];
    bool greedy = t + 1 == target.size();
    FailureOr<IndexRange> range = ShapedType::isDynamic(targetSize)
                                      ? rangeForDynamicDim(source, sourceDim, greedy)
                                      : rangeForSize(source, sourceDim, targetSize, greedy);
    if (failed(range) || !range->valid() || !range->isIn(whole))
      return failure();
    if (range->left > sourceDim) {
      // Skipped source dimensions join the preceding dynamic target one.
      if (!prevTargetSize || *prevTargetSize != ShapedType::kDynamic)
        return failure();
      ranges.back().right = range->left - 1;
    }
    prevTargetSize = targetSize;
    sourceDim = range->right + 1;
    ranges.push_back(*range);
  }
  if (ranges.empty() || ranges.back().right < whole.right)
    return failure();
  return ranges;
}

} // namespace

std::optional<Reassociation> utils::getReassociationIndicesForCollapse(ArrayRef<int64_t> sourceShape,
                                                                        ArrayRef<int64_t> targetShape) {
  size_t numSource = sourceShape.size(), numTarget = targetShape.size();
  if (numSource <= numTarget)
    return std::nullopt;
  if (numTarget == 0) {
    std::vector<int64_t> all;
    for (size_t i = 0; i < numSource; ++i) {
      if (sourceShape[i] != 1 && ShapedType::isStatic(sourceShape[i]))
        return std::nullopt;
      all.push_back(int64_t(i));
    }
    return Reassociation{all};
  }
  FailureOr<std::vector<IndexRange>> forward = rangesForCollapse(sourceShape, targetShape);
  if (failed(forward))
    return std::nullopt;
  // The same right to left; where the two disagree only unit dimensions may
  // differ.
  std::vector<int64_t> reversedSource(sourceShape.rbegin(), sourceShape.rend());
  std::vector<int64_t> reversedTarget(targetShape.rbegin(), targetShape.rend());
  FailureOr<std::vector<IndexRange>> backwardReversed = rangesForCollapse(reversedSource, reversedTarget);
  if (failed(backwardReversed))
    return std::nullopt;
  std::vector<IndexRange> backward;
  for (auto it = backwardReversed->rbegin(); it != backwardReversed->rend(); ++it) {
    if (!it->valid())
      return std::nullopt;
    backward.push_back({int64_t(numSource) - 1 - it->right, int64_t(numSource) - 1 - it->left});
  }
  if (forward->size() != numTarget || backward.size() != numTarget)
    return std::nullopt;
  Reassociation result(numTarget);
  for (size_t t = 0; t < numTarget; ++t) {
    const IndexRange &a = (*forward)[t];
    const IndexRange &b = backward[t];
    std::vector<int64_t> nonMatching;
    for (int64_t i = a.left; i <= a.right; ++i)
      if (i < b.left || i > b.right)
        nonMatching.push_back(i);
    for (int64_t i = b.left; i <= b.right; ++i)
      if (i < a.left || i > a.right)
        nonMatching.push_back(i);
    if (int64_t(nonMatching.size()) == a.size() + b.size())
      return std::nullopt;
    for (int64_t i : nonMatching)
      if (sourceShape[i] != 1)
        return std::nullopt;
    for (int64_t i = a.left; i <= a.right; ++i)
      result[t].push_back(i);
  }
  return result;
}

bool utils::hasNonIdentityLayout(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  return memref && !impl::hasIdentityLayout(memref);
}

//===----------------------------------------------------------------------===//
// Builders
//===----------------------------------------------------------------------===//

Value utils::buildConstantIndex(OpBuilder &b, Location loc, int64_t value) {
  return arith::createConstant(b, loc, b.getIndexAttr(value))->getResult(0);
}

Value utils::buildCast(OpBuilder &b, Location loc, Type type, Value source) {
  OperationState state(loc, isa<TensorType>(type) ? std::string_view("tensor.cast") : CastOp::getOperationName());
  state.addOperand(source);
  state.addType(type);
  return b.create(state)->getResult(0);
}

/// Adds `statics` under `name` and the SSA values to `dynamics`.
static void addMixed(OperationState &state, std::string_view name, ArrayRef<OpFoldResult> mixed,
                     std::vector<Value> &dynamics, Builder &b) {
  std::vector<int64_t> statics;
  dispatchIndexOpFoldResults(mixed, dynamics, statics);
  state.addAttribute(name, b.getDenseI64ArrayAttr(statics));
}

/// The common part of subview and reinterpret_cast: the source, then
/// offsets, sizes and strides in operand segments.
static Operation *buildOffsetSizeAndStrideOp(OpBuilder &b, Location loc, std::string_view name, Type resultType,
                                             Value source, ArrayRef<OpFoldResult> offsets,
                                             ArrayRef<OpFoldResult> sizes, ArrayRef<OpFoldResult> strides) {
  OperationState state(loc, name);
  std::vector<Value> dynOffsets, dynSizes, dynStrides;
  addMixed(state, "static_offsets", offsets, dynOffsets, b);
  addMixed(state, "static_sizes", sizes, dynSizes, b);
  addMixed(state, "static_strides", strides, dynStrides, b);
  state.addOperand(source);
  state.addOperands(ValueRange(dynOffsets));
  state.addOperands(ValueRange(dynSizes));
  state.addOperands(ValueRange(dynStrides));
  int32_t segments[] = {1, int32_t(dynOffsets.size()), int32_t(dynSizes.size()), int32_t(dynStrides.size())};
  state.addAttribute("operandSegmentSizes", b.getDenseI32ArrayAttr(segments));
  state.addType(resultType);
  return b.create(state);
}

Value utils::buildSubView(OpBuilder &b, Location loc, MemRefType resultType, Value source,
                           ArrayRef<OpFoldResult> offsets, ArrayRef<OpFoldResult> sizes,
                           ArrayRef<OpFoldResult> strides) {
  return buildOffsetSizeAndStrideOp(b, loc, SubViewOp::getOperationName(), resultType, source, offsets, sizes,
                                    strides)
      ->getResult(0);
}

Value utils::buildReinterpretCast(OpBuilder &b, Location loc, MemRefType resultType, Value source,
                                   OpFoldResult offset, ArrayRef<OpFoldResult> sizes,
                                   ArrayRef<OpFoldResult> strides) {
  if (!resultType) {
    std::vector<Value> unused;
    std::vector<int64_t> staticOffsets, staticSizes, staticStrides;
    dispatchIndexOpFoldResults(offset, unused, staticOffsets);
    dispatchIndexOpFoldResults(sizes, unused, staticSizes);
    dispatchIndexOpFoldResults(strides, unused, staticStrides);
    auto sourceType = cast<BaseMemRefType>(source.getType());
    Attribute space = isa<MemRefType>(sourceType) ? cast<MemRefType>(sourceType).getMemorySpace()
                                                  : cast<UnrankedMemRefType>(sourceType).getMemorySpace();
    resultType = MemRefType::get(staticSizes, sourceType.getElementType(),
                                 StridedLayoutAttr::get(b.getContext(), staticOffsets.front(), staticStrides), space);
  }
  return buildOffsetSizeAndStrideOp(b, loc, ReinterpretCastOp::getOperationName(), resultType, source, offset, sizes,
                                    strides)
      ->getResult(0);
}

static ArrayAttr reassociationAttr(Builder &b, const Reassociation &reassociation) {
  std::vector<Attribute> groups;
  groups.reserve(reassociation.size());
  for (const std::vector<int64_t> &group : reassociation)
    groups.push_back(b.getI64ArrayAttr(group));
  return b.getArrayAttr(groups);
}

Value utils::buildCollapseShape(OpBuilder &b, Location loc, Type resultType, Value src,
                                 const Reassociation &reassociation) {
  OperationState state(loc, isa<TensorType>(resultType) ? std::string_view("tensor.collapse_shape") : CollapseShapeOp::getOperationName());
  state.addOperand(src);
  state.addAttribute("reassociation", reassociationAttr(b, reassociation));
  state.addType(resultType);
  return b.create(state)->getResult(0);
}

Value utils::buildExpandShape(OpBuilder &b, Location loc, Type resultType, Value src,
                               const Reassociation &reassociation, ArrayRef<OpFoldResult> outputShape) {
  OperationState state(loc, isa<TensorType>(resultType) ? std::string_view("tensor.expand_shape") : ExpandShapeOp::getOperationName());
  std::vector<Value> dynamics;
  std::vector<int64_t> statics;
  dispatchIndexOpFoldResults(outputShape, dynamics, statics);
  state.addOperand(src);
  state.addOperands(ValueRange(dynamics));
  state.addAttribute("reassociation", reassociationAttr(b, reassociation));
  state.addAttribute("static_output_shape", b.getDenseI64ArrayAttr(statics));
  state.addType(resultType);
  return b.create(state)->getResult(0);
}
