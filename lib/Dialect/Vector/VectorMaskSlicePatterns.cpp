//===- VectorMaskSlicePatterns.cpp - Mask and strided slice patterns ------===//
//
// Canonicalization patterns of mlir/lib/Dialect/Vector/IR/VectorOps.cpp (MLIR
// 22) for masks seen through transpose and shape_cast, and for strided
// slices: FoldTransposeCreateMask, ShapeCastCreateMaskFolderTrailingOneDim,
// ContiguousExtractStridedSliceToExtract, InsertStridedSliceConstantFolder.
//
#include "VectorCanonicalizationImpl.h"

#include "lamina/Dialect/UB/UBDialect.h"
#include "lamina/Dialect/Vector/VectorDialect.h"
#include "lamina/IR/Matchers.h"
#include "lamina/ODS/OpDef.h"

#include <vector>

using namespace lamina;
using namespace lamina::vector;

namespace {

ArrayRef<int64_t> denseI64(Operation *op, std::string_view name) {
  auto attr = dyn_cast_or_null<DenseI64ArrayAttr>(ods::getInherentAttr(op, name));
  return attr ? attr.asArrayRef() : ArrayRef<int64_t>();
}

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

void replace(PatternRewriter &rewriter, Operation *op, Value v) {
  Value values[] = {v};
  rewriter.replaceOp(op, ValueRange(ArrayRef<Value>(values, 1)));
}

Value buildCreateMask(PatternRewriter &rewriter, Location loc, Type type, ArrayRef<Value> sizes) {
  OperationState state(loc, CreateMaskOp::getOperationName());
  state.addOperands(ValueRange(sizes));
  state.addType(type);
  return rewriter.create(state)->getResult(0);
}

Value buildConstantMask(PatternRewriter &rewriter, Location loc, Type type, ArrayRef<int64_t> sizes) {
  OperationState state(loc, ConstantMaskOp::getOperationName());
  state.addAttribute("mask_dim_sizes", rewriter.getDenseI64ArrayAttr(sizes));
  state.addType(type);
  return rewriter.create(state)->getResult(0);
}

bool isScalableDim(VectorType t, unsigned i) {
  ArrayRef<bool> flags = t.getScalableDims();
  return i < flags.size() && flags[i];
}

/// trimTrailingOneDims: the type without its trailing fixed unit
/// dimensions.
VectorType trimTrailingOneDims(VectorType type) {
  size_t n = type.getShape().size();
  while (n > 0 && type.getShape()[n - 1] == 1 && !isScalableDim(type, unsigned(n - 1)))
    --n;
  std::vector<int64_t> shape(type.getShape().begin(), type.getShape().begin() + n);
  ArrayRef<bool> flags = type.getScalableDims();
  return VectorType::get(shape, type.getElementType(), flags.size() >= n ? flags.take_front(n) : ArrayRef<bool>());
}

} // namespace

LogicalResult canon::foldTransposeCreateMask(Operation *op, PatternRewriter &rewriter) {
  Operation *mask = op->getOperand(0).getDefiningOp();
  if (!mask || !isa<CreateMaskOp, ConstantMaskOp>(mask))
    return failure();
  ArrayRef<int64_t> permutation = denseI64(op, "permutation");
  Type type = op->getResult(0).getType();
  if (isa<CreateMaskOp>(mask)) {
    std::vector<Value> operands;
    for (int64_t p : permutation) {
      if (p < 0 || unsigned(p) >= mask->getNumOperands())
        return failure();
      operands.push_back(mask->getOperand(unsigned(p)));
    }
    replace(rewriter, op, buildCreateMask(rewriter, op->getLoc(), type, operands));
    return success();
  }
  ArrayRef<int64_t> sizes = denseI64(mask, "mask_dim_sizes");
  std::vector<int64_t> newSizes;
  for (int64_t p : permutation) {
    if (p < 0 || size_t(p) >= sizes.size())
      return failure();
    newSizes.push_back(sizes[p]);
  }
  replace(rewriter, op, buildConstantMask(rewriter, op->getLoc(), type, newSizes));
  return success();
}

LogicalResult canon::shapeCastCreateMaskFolderTrailingOneDim(Operation *op, PatternRewriter &rewriter) {
  Operation *mask = op->getOperand(0).getDefiningOp();
  if (!mask || !isa<CreateMaskOp, ConstantMaskOp>(mask))
    return failure();
  auto resultType = cast<VectorType>(op->getResult(0).getType());
  auto srcType = cast<VectorType>(op->getOperand(0).getType());
  if (trimTrailingOneDims(srcType) != resultType)
    return failure();
  size_t numDimsToDrop = srcType.getShape().size() - resultType.getShape().size();
  if (!numDimsToDrop)
    return failure();
  if (isa<CreateMaskOp>(mask)) {
    size_t n = mask->getNumOperands();
    if (n < numDimsToDrop)
      return failure();
    for (size_t i = n - numDimsToDrop; i < n; ++i) {
      APInt cst;
      Operation *def = mask->getOperand(unsigned(i)).getDefiningOp();
      if (!def || def->getName().getStringRef() != "arith.constant" ||
          !matchConstantInt(mask->getOperand(unsigned(i)), &cst) || cst.getSExtValue() != 1)
        return failure();
    }
    std::vector<Value> operands(mask->getOperands().begin(), mask->getOperands().begin() + (n - numDimsToDrop));
    replace(rewriter, op, buildCreateMask(rewriter, op->getLoc(), resultType, operands));
    return success();
  }
  ArrayRef<int64_t> sizes = denseI64(mask, "mask_dim_sizes");
  size_t n = sizes.size();
  if (n < numDimsToDrop)
    return failure();
  for (size_t i = n - numDimsToDrop; i < n; ++i)
    if (sizes[i] != 1)
      return failure();
  replace(rewriter, op, buildConstantMask(rewriter, op->getLoc(), resultType, sizes.drop_back(numDimsToDrop)));
  return success();
}

LogicalResult canon::contiguousExtractStridedSliceToExtract(Operation *op, PatternRewriter &rewriter) {
  if (hasNonUnitStrides(op))
    return failure();
  Value source = op->getOperand(0);
  auto sourceType = cast<VectorType>(source.getType());
  if (sourceType.isScalable() || sourceType.getRank() == 0)
    return failure();
  std::vector<int64_t> sizes = i64Array(op, "sizes");
  int numOffsets;
  for (numOffsets = int(sizes.size()); numOffsets > 0; --numOffsets)
    if (sizes[numOffsets - 1] != sourceType.getShape()[numOffsets - 1])
      break;
  if (numOffsets == 0)
    return failure();
  if (numOffsets == sourceType.getRank() && int64_t(sizes.size()) == sourceType.getRank())
    return failure();
  for (int i = 0; i < numOffsets; ++i)
    if (sizes[i] != 1)
      return failure();
  while (numOffsets < int(sizes.size()) - 1 && sizes[numOffsets] == 1)
    ++numOffsets;
  std::vector<int64_t> offsets = i64Array(op, "offsets");
  if (int(offsets.size()) < numOffsets)
    return failure();
  offsets.resize(numOffsets);
  Type extractType = sourceType.getElementType();
  if (numOffsets < sourceType.getRank())
    extractType = VectorType::get(sourceType.getShape().drop_front(numOffsets), sourceType.getElementType());
  Location loc = op->getLoc();
  OperationState extract(loc, ExtractOp::getOperationName());
  extract.addOperand(source);
  extract.addAttribute("static_position", rewriter.getDenseI64ArrayAttr(offsets));
  extract.addType(extractType);
  Value extracted = rewriter.create(extract)->getResult(0);
  OperationState shapeCast(loc, ShapeCastOp::getOperationName());
  shapeCast.addOperand(extracted);
  shapeCast.addType(op->getResult(0).getType());
  replace(rewriter, op, rewriter.create(shapeCast)->getResult(0));
  return success();
}

LogicalResult canon::insertStridedSliceConstantFolder(Operation *op, PatternRewriter &rewriter) {
  Value dest = op->getOperand(1), source = op->getOperand(0);
  Attribute destCst, sourceCst;
  if (!matchConstant(dest, &destCst))
    return failure();
  auto destTy = cast<VectorType>(dest.getType());
  if (destTy.isScalable())
    return failure();
  if (destTy.getNumElements() > 256 && !dest.hasOneUse())
    return failure();
  if (!matchConstant(source, &sourceCst))
    return failure();
  if (isa<ub::PoisonAttr>(destCst) || isa<ub::PoisonAttr>(sourceCst) || hasNonUnitStrides(op))
    return failure();
  auto denseDest = dyn_cast<DenseElementsAttr>(destCst);
  auto denseSlice = dyn_cast<DenseElementsAttr>(sourceCst);
  if (!denseDest || !denseSlice)
    return failure();
  auto sliceTy = cast<VectorType>(source.getType());
  ArrayRef<int64_t> sliceShape = sliceTy.getShape();
  int64_t destRank = destTy.getRank();
  int64_t rankDifference = destRank - sliceTy.getRank();
  std::vector<int64_t> offsets = i64Array(op, "offsets");
  if (int64_t(offsets.size()) != destRank)
    return failure();
  std::vector<int64_t> destStrides(destRank, 1);
  for (int64_t i = destRank - 2; i >= 0; --i)
    destStrides[i] = destStrides[i + 1] * destTy.getShape()[i + 1];
  int64_t n = denseDest.getNumElements();
  std::vector<Attribute> newValues;
  newValues.reserve(n);
  for (int64_t i = 0; i < n; ++i)
    newValues.push_back(denseDest.getValue(denseDest.isSplat() ? 0 : i));
  std::vector<int64_t> pos = offsets;
  int64_t sliceIndex = 0, sliceCount = denseSlice.getNumElements();
  while (true) {
    int64_t linear = 0;
    for (int64_t i = 0; i < destRank; ++i)
      linear += pos[i] * destStrides[i];
    if (linear < 0 || linear >= n || sliceIndex >= sliceCount)
      return failure();
    newValues[linear] = denseSlice.getValue(denseSlice.isSplat() ? 0 : sliceIndex++);
    // incSlicePosition over the slice dimensions (the trailing ones).
    int64_t d = int64_t(sliceShape.size()) - 1;
    for (; d >= 0; --d) {
      int64_t &p = pos[rankDifference + d];
      int64_t offset = offsets[rankDifference + d];
      if (++p < offset + sliceShape[d])
        break;
      p = offset;
    }
    if (d < 0)
      break;
  }
  OperationState state(op->getLoc(), "arith.constant");
  state.addAttribute("value", DenseElementsAttr::get(destTy, newValues));
  state.addType(destTy);
  replace(rewriter, op, rewriter.create(state)->getResult(0));
  return success();
}

//===----------------------------------------------------------------------===//
// shuffle
//===----------------------------------------------------------------------===//

/// isStepIndexArray: `mask` is begin, begin + 1, ... of `width` entries.
static bool isStepIndexArray(ArrayRef<int64_t> mask, int64_t begin, int64_t width) {
  if (int64_t(mask.size()) != width)
    return false;
  for (int64_t v : mask)
    if (v != begin++)
      return false;
  return true;
}

OpFoldResult canon::foldShuffle(Operation *op, ArrayRef<Attribute> operands) {
  auto v1Type = cast<VectorType>(op->getOperand(0).getType());
  auto v2Type = cast<VectorType>(op->getOperand(1).getType());
  if (v1Type.getRank() == 0 || v1Type.isScalable() || v2Type.isScalable())
    return {};
  ArrayRef<int64_t> mask = denseI64(op, "mask");
  if (isStepIndexArray(mask, 0, v1Type.getShape()[0]))
    return op->getOperand(0);
  if (isStepIndexArray(mask, v1Type.getShape()[0], v2Type.getShape()[0]))
    return op->getOperand(1);
  Attribute v1Attr = operands[0], v2Attr = operands[1];
  if (!v1Attr || !v2Attr)
    return {};
  bool isV1Poison = isa<ub::PoisonAttr>(v1Attr), isV2Poison = isa<ub::PoisonAttr>(v2Attr);
  if (isV1Poison && isV2Poison)
    return ub::PoisonAttr::get(op->getContext());
  if (v1Type.getRank() != 1)
    return {};
  auto v1Dense = dyn_cast<DenseElementsAttr>(v1Attr), v2Dense = dyn_cast<DenseElementsAttr>(v2Attr);
  if ((!isV1Poison && !v1Dense) || (!isV2Poison && !v2Dense))
    return {};
  auto elementAt = [](DenseElementsAttr d, int64_t i) { return d.getValue(d.isSplat() ? 0 : i); };
  Attribute poisonElement = !isV1Poison ? elementAt(v1Dense, 0) : elementAt(v2Dense, 0);
  int64_t v1Size = v1Type.getShape()[0], v2Size = v2Type.getShape()[0];
  std::vector<Attribute> results;
  for (int64_t maskIdx : mask) {
    Attribute element;
    if (maskIdx < 0)
      element = poisonElement;
    else if (maskIdx < v1Size)
      element = isV1Poison ? poisonElement : elementAt(v1Dense, maskIdx);
    else if (maskIdx - v1Size < v2Size)
      element = isV2Poison ? poisonElement : elementAt(v2Dense, maskIdx - v1Size);
    else
      return {};
    results.push_back(element);
  }
  return DenseElementsAttr::get(cast<VectorType>(op->getResult(0).getType()), results);
}

LogicalResult canon::shuffleInterleave(Operation *op, PatternRewriter &rewriter) {
  auto resultType = cast<VectorType>(op->getResult(0).getType());
  if (resultType.isScalable() || resultType.getRank() != 1)
    return failure();
  auto sourceType = cast<VectorType>(op->getOperand(0).getType());
  if (sourceType != op->getOperand(1).getType() || sourceType.getNumElements() * 2 != resultType.getNumElements())
    return failure();
  ArrayRef<int64_t> mask = denseI64(op, "mask");
  int64_t size = resultType.getNumElements();
  if (int64_t(mask.size()) != size)
    return failure();
  for (int64_t i = 0; i < size / 2; ++i)
    if (mask[i * 2] != i || mask[i * 2 + 1] != size / 2 + i)
      return failure();
  OperationState state(op->getLoc(), InterleaveOp::getOperationName());
  state.addOperand(op->getOperand(0));
  state.addOperand(op->getOperand(1));
  state.addType(resultType);
  replace(rewriter, op, rewriter.create(state)->getResult(0));
  return success();
}

LogicalResult canon::canonicalize0DShuffle(Operation *op, PatternRewriter &rewriter) {
  auto v1Type = cast<VectorType>(op->getOperand(0).getType());
  ArrayRef<int64_t> mask = denseI64(op, "mask");
  if (v1Type.getRank() > 0 || mask.size() != 1)
    return failure();
  auto resultType = VectorType::get({1}, v1Type.getElementType());
  OperationState state(op->getLoc(), BroadcastOp::getOperationName());
  state.addOperand(mask[0] == 0 ? op->getOperand(0) : op->getOperand(1));
  state.addType(resultType);
  replace(rewriter, op, rewriter.create(state)->getResult(0));
  return success();
}
