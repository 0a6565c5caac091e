//===- VectorOps.cpp - What the vector dialect writes by hand -------------===//
//
// As mlir/lib/Dialect/Vector/IR/VectorOps.cpp: the custom syntax of
// vector.contract, vector.outerproduct, vector.transfer_read/write and
// vector.mask, the verifiers (with MLIR's messages), result type inference
// and the interface methods the imported definitions call. Folders and
// canonicalization patterns are not here.
//
#include "VectorOpsImpl.h"

#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/Dialect/MemRef/StridedLayout.h"
#include "lamina/Dialect/UB/UBDialect.h"
#include "lamina/IR/AffineExpr.h"
#include "lamina/IR/Builders.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/ODS/Predicates.h"

#include <algorithm>
#include <set>
#include <vector>

using namespace lamina;
using namespace lamina::vector;
using namespace lamina::vector::detail;

//===----------------------------------------------------------------------===//
// VectorDialect
//===----------------------------------------------------------------------===//

VectorDialect::VectorDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<VectorDialect>()) {
  registerGenerated();
  vector::registerVectorCanonicalization(*this);
  registerVectorInlinerInterface(*this);
}

VectorDialect::~VectorDialect() = default;

Attribute VectorDialect::parseAttribute(DialectAsmParser &parser, Type type) const {
  return attrTypes.parseAttribute(parser, type, *this);
}

void VectorDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  (void)attrTypes.printAttribute(attr, printer);
}

Operation *VectorDialect::materializeConstant(OpBuilder &builder, Attribute value, Type type, Location loc) {
  if (isa<ub::PoisonAttr>(value))
    if (Dialect *ub = getContext()->getLoadedDialect("ub"))
      return ub->materializeConstant(builder, value, type, loc);
  if (Dialect *arith = getContext()->getOrLoadDialect<ArithDialect>())
    return arith->materializeConstant(builder, value, type, loc);
  return nullptr;
}

//===----------------------------------------------------------------------===//
// VectorScaleOp, BitCastOp, BroadcastOp, ShapeCastOp, TransposeOp
//===----------------------------------------------------------------------===//

void VectorScaleOp::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {
  setNameFn(getOperation()->getResult(0), "vscale");
}

LogicalResult BitCastOp::verify() {
  auto sourceType = cast<VectorType>(getSource().getType());
  auto resultType = cast<VectorType>(getOperation()->getResult(0).getType());
  for (int64_t i = 0, e = sourceType.getRank() - 1; i < e; i++)
    if (sourceType.getDimSize(i) != resultType.getDimSize(i))
      return emitOpError("dimension size mismatch at: ") << i;
  unsigned sourceElementBits = typeSizeInBits(sourceType.getElementType());
  unsigned resultElementBits = typeSizeInBits(resultType.getElementType());
  if (sourceType.getRank() == 0) {
    if (sourceElementBits != resultElementBits)
      return emitOpError("source/result bitwidth of the 0-D vector element types must be equal");
  } else if (int64_t(sourceElementBits) * sourceType.getShape().back() !=
             int64_t(resultElementBits) * (resultType.getRank() ? resultType.getShape().back() : 1)) {
    return emitOpError("source/result bitwidth of the minor 1-D vectors must be equal");
  }
  return success();
}

LogicalResult BroadcastOp::verify() {
  Type srcType = getSource().getType();
  auto dstVectorType = cast<VectorType>(getVector().getType());
  // A scalar of the result's element type.
  if ((srcType.isIntOrIndexOrFloat()) && srcType == dstVectorType.getElementType())
    return success();
  auto srcVectorType = dyn_cast<VectorType>(srcType);
  if (!srcVectorType)
    return emitOpError("source type is not a vector");
  int64_t srcRank = srcVectorType.getRank(), dstRank = dstVectorType.getRank();
  if (srcRank > dstRank)
    return emitOpError("source rank higher than destination rank");
  int64_t lead = dstRank - srcRank;
  for (int64_t dimIdx = 0; dimIdx < srcRank; ++dimIdx) {
    int64_t srcDim = srcVectorType.getDimSize(dimIdx);
    int64_t dstDim = dstVectorType.getDimSize(lead + dimIdx);
    bool srcScalable = isScalableDim(srcVectorType, unsigned(dimIdx));
    bool dstScalable = isScalableDim(dstVectorType, unsigned(lead + dimIdx));
    bool mismatch = srcDim != 1 && srcDim != dstDim;
    if ((srcDim == 1 && srcScalable && dstDim != 1) || (srcScalable != dstScalable && (srcDim != 1 || srcScalable)))
      mismatch = true;
    if (mismatch) {
      InFlightDiagnostic diag = emitOpError("dimension mismatch (");
      if (srcScalable)
        diag << "[" << srcDim << "]";
      else
        diag << srcDim;
      diag << " vs. ";
      if (dstScalable)
        diag << "[" << dstDim << "]";
      else
        diag << dstDim;
      diag << ")";
      return diag;
    }
  }
  return success();
}

LogicalResult ShapeCastOp::verify() {
  auto sourceType = cast<VectorType>(getSource().getType());
  auto resultType = cast<VectorType>(getOperation()->getResult(0).getType());
  if (sourceType.getElementType() != resultType.getElementType())
    return emitOpError("has different source and result element types");
  int64_t sourceNElms = numElements(sourceType), resultNElms = numElements(resultType);
  if (sourceNElms != resultNElms)
    return emitOpError() << "has different number of elements at source (" << sourceNElms << ") and result ("
                         << resultNElms << ")";
  unsigned sourceNScalable = numScalableDims(sourceType), resultNScalable = numScalableDims(resultType);
  if (sourceNScalable != resultNScalable)
    return emitOpError() << "has different number of scalable dims at source (" << sourceNScalable
                         << ") and result (" << resultNScalable << ")";
  return success();
}

LogicalResult TransposeOp::verify() {
  auto vectorType = cast<VectorType>(getVector().getType());
  auto resultType = cast<VectorType>(getOperation()->getResult(0).getType());
  int64_t rank = resultType.getRank();
  if (vectorType.getRank() != rank)
    return emitOpError("vector result rank mismatch: ") << rank;
  ArrayRef<int64_t> perm = getPermutation();
  int64_t size = int64_t(perm.size());
  if (rank != size)
    return emitOpError("transposition length mismatch: ") << size;
  std::vector<bool> seen(size_t(rank), false);
  for (int64_t i = 0; i < size; ++i) {
    int64_t v = perm[i];
    if (v < 0 || v >= rank)
      return emitOpError("transposition index out of range: ") << v;
    if (seen[v])
      return emitOpError("duplicate position index: ") << v;
    seen[v] = true;
    if (resultType.getDimSize(i) != vectorType.getDimSize(v))
      return emitOpError("dimension size mismatch at: ") << v;
  }
  return success();
}

LogicalResult TypeCastOp::verify() {
  auto memrefType = cast<MemRefType>(getMemref().getType());
  auto resultType = cast<MemRefType>(getOperation()->getResult(0).getType());
  auto isIdentityLayout = [](MemRefType t) {
    Attribute layout = t.getLayout();
    if (!layout)
      return true;
    if (auto map = dyn_cast<AffineMapAttr>(layout))
      return map.getValue().isIdentity();
    return false;
  };
  if (!isIdentityLayout(memref::canonicalizeStridedLayout(memrefType)))
    return emitOpError("expects operand to be a memref with identity layout");
  if (!isIdentityLayout(resultType))
    return emitOpError("expects result to be a memref with identity layout");
  if (resultType.getMemorySpace() != memrefType.getMemorySpace())
    return emitOpError("expects result in same memory space");
  auto scalarOf = [](Type t) {
    t = getElementTypeOrSelf(t);
    return getElementTypeOrSelf(t);
  };
  if (scalarOf(memrefType) != scalarOf(resultType))
    return emitOpError("expects result and operand with same underlying scalar type: ") << Type(resultType);
  auto extractShape = [](MemRefType t) {
    SmallVector<int64_t, 8> shape(t.getShape().begin(), t.getShape().end());
    if (auto v = dyn_cast<VectorType>(t.getElementType()))
      shape.append(v.getShape().begin(), v.getShape().end());
    return shape;
  };
  if (extractShape(memrefType) != extractShape(resultType))
    return emitOpError("expects concatenated result and operand shapes to be equal: ") << Type(resultType);
  return success();
}

//===----------------------------------------------------------------------===//
// ShuffleOp, ExtractOp, InsertOp, ToElementsOp
//===----------------------------------------------------------------------===//

LogicalResult ShuffleOp::verify() {
  auto resultType = cast<VectorType>(getVector().getType());
  auto v1Type = cast<VectorType>(getV1().getType());
  auto v2Type = cast<VectorType>(getV2().getType());
  int64_t resRank = resultType.getRank(), v1Rank = v1Type.getRank(), v2Rank = v2Type.getRank();
  bool wellFormed0DCase = v1Rank == 0 && v2Rank == 0 && resRank == 1;
  bool wellFormedNDCase = v1Rank == resRank && v2Rank == resRank;
  if (!wellFormed0DCase && !wellFormedNDCase)
    return emitOpError("rank mismatch");
  for (int64_t r = 1; r < v1Rank; ++r) {
    int64_t resDim = resultType.getDimSize(r), v1Dim = v1Type.getDimSize(r), v2Dim = v2Type.getDimSize(r);
    if (resDim != v1Dim || v1Dim != v2Dim)
      return emitOpError("dimension mismatch");
  }
  ArrayRef<int64_t> mask = getMask();
  int64_t maskLength = int64_t(mask.size());
  if (maskLength <= 0)
    return emitOpError("invalid mask length");
  if (maskLength != resultType.getDimSize(0))
    return emitOpError("mask length mismatch");
  int64_t indexSize = (v1Type.getRank() == 0 ? 1 : v1Type.getDimSize(0)) + (v2Type.getRank() == 0 ? 1 : v2Type.getDimSize(0));
  for (size_t idx = 0; idx < mask.size(); ++idx)
    if (!isValidPositiveIndexOrPoison(mask[idx], kPoisonIndex, indexSize))
      return emitOpError("mask index #") << (int64_t)(idx + 1) << " out of range";
  return success();
}

LogicalResult ShuffleOp::inferReturnTypes(const ods::InferContext &context, SmallVectorImpl<Type> &inferred) {
  if (context.operands.empty())
    return failure();
  auto v1Type = dyn_cast<VectorType>(context.operands[0].getType());
  auto mask = dyn_cast_or_null<DenseI64ArrayAttr>(context.getAttr("mask"));
  if (!v1Type || !mask)
    return failure();
  SmallVector<int64_t, 4> shape;
  shape.push_back(std::max<int64_t>(1, int64_t(mask.asArrayRef().size())));
  if (v1Type.getRank() > 0)
    shape.append(v1Type.getShape().begin() + 1, v1Type.getShape().end());
  inferred.push_back(VectorType::get(shape, v1Type.getElementType()));
  return success();
}

LogicalResult ExtractOp::inferReturnTypes(const ods::InferContext &context, SmallVectorImpl<Type> &inferred) {
  if (context.operands.empty())
    return failure();
  auto vectorType = dyn_cast<VectorType>(context.operands[0].getType());
  auto position = dyn_cast_or_null<DenseI64ArrayAttr>(context.getAttr("static_position"));
  if (!vectorType || !position)
    return failure();
  size_t numPos = position.asArrayRef().size();
  if (int64_t(numPos) == vectorType.getRank()) {
    inferred.push_back(vectorType.getElementType());
    return success();
  }
  size_t n = std::min<size_t>(numPos, size_t(vectorType.getRank()));
  SmallVector<int64_t, 4> shape(vectorType.getShape().begin() + n, vectorType.getShape().end());
  SmallVector<bool, 4> scalable;
  for (unsigned i = unsigned(n); i < unsigned(vectorType.getRank()); ++i)
    scalable.push_back(isScalableDim(vectorType, i));
  inferred.push_back(VectorType::get(shape, vectorType.getElementType(), scalable));
  return success();
}

bool ExtractOp::isCompatibleReturnTypes(TypeRange l, TypeRange r) {
  auto isCompatible = [](TypeRange l, TypeRange r) {
    auto vectorType = dyn_cast<VectorType>(l[0]);
    return vectorType && vectorType.getShape().size() == 1 && vectorType.getShape()[0] == 1 &&
           vectorType.getElementType() == r[0];
  };
  if (l.size() == 1 && r.size() == 1 && (isCompatible(l, r) || isCompatible(r, l)))
    return true;
  if (l.size() != r.size())
    return false;
  for (size_t i = 0; i < l.size(); ++i)
    if (l[i] != r[i])
      return false;
  return true;
}

/// The dynamic markers of a static position must have dynamic values.
static bool dynamicMarkersMatch(ArrayRef<int64_t> staticPos, OperandRange dynamicPos) {
  size_t markers = 0;
  for (int64_t p : staticPos)
    markers += ShapedType::isDynamic(p);
  return markers == dynamicPos.size();
}

LogicalResult ExtractOp::verify() {
  if (auto resTy = dyn_cast<VectorType>(getOperation()->getResult(0).getType()))
    if (resTy.getRank() == 0)
      return emitError("expected a scalar instead of a 0-d vector as the result type");
  if (!dynamicMarkersMatch(getStaticPosition(), getDynamicPosition()))
    return emitOpError("mismatch between dynamic and static positions (kDynamic marker but no corresponding "
                       "dynamic position) -- this can only happen due to an incorrect fold/rewrite");
  auto sourceType = cast<VectorType>(getSource().getType());
  SmallVector<std::optional<int64_t>, 4> position = mixedPositions(getStaticPosition(), getDynamicPosition());
  if (int64_t(position.size()) > sourceType.getRank())
    return emitOpError("expected position attribute of rank no greater than vector rank");
  for (size_t idx = 0; idx < position.size(); ++idx)
    if (position[idx] && !isValidPositiveIndexOrPoison(*position[idx], kPoisonIndex, sourceType.getDimSize(idx)))
      return emitOpError("expected position attribute #")
             << (int64_t)(idx + 1)
             << " to be a non-negative integer smaller than the corresponding vector dimension or poison (-1)";
  return success();
}

LogicalResult InsertOp::verify() {
  if (auto srcTy = dyn_cast<VectorType>(getValueToStore().getType()))
    if (srcTy.getRank() == 0)
      return emitError("expected a scalar instead of a 0-d vector as the source operand");
  if (!dynamicMarkersMatch(getStaticPosition(), getDynamicPosition()))
    return emitOpError("mismatch between dynamic and static positions (kDynamic marker but no corresponding "
                       "dynamic position) -- this can only happen due to an incorrect fold/rewrite");
  SmallVector<std::optional<int64_t>, 4> position = mixedPositions(getStaticPosition(), getDynamicPosition());
  auto destVectorType = cast<VectorType>(getDest().getType());
  if (int64_t(position.size()) > destVectorType.getRank())
    return emitOpError("expected position attribute of rank no greater than dest vector rank");
  auto srcVectorType = dyn_cast<VectorType>(getValueToStore().getType());
  if (srcVectorType && srcVectorType.getRank() + int64_t(position.size()) != destVectorType.getRank())
    return emitOpError("expected position attribute rank + source rank to match dest vector rank");
  if (!srcVectorType && int64_t(position.size()) != destVectorType.getRank())
    return emitOpError("expected position attribute rank to match the dest vector rank");
  for (size_t idx = 0; idx < position.size(); ++idx)
    if (position[idx] &&
        !isValidPositiveIndexOrPoison(*position[idx], kPoisonIndex, destVectorType.getDimSize(idx)))
      return emitOpError("expected position attribute #")
             << (int64_t)(idx + 1)
             << " to be a non-negative integer smaller than the corresponding dest vector dimension";
  return success();
}

LogicalResult ToElementsOp::inferReturnTypes(const ods::InferContext &context, SmallVectorImpl<Type> &inferred) {
  if (context.operands.empty())
    return failure();
  auto vectorType = dyn_cast<VectorType>(context.operands[0].getType());
  if (!vectorType)
    return failure();
  for (int64_t i = 0, e = numElements(vectorType); i < e; ++i)
    inferred.push_back(vectorType.getElementType());
  return success();
}

//===----------------------------------------------------------------------===//
// Strided slices
//===----------------------------------------------------------------------===//

namespace {

LogicalResult isIntegerArrayAttrSmallerThanShape(Operation *op, ArrayAttr arrayAttr, ArrayRef<int64_t> shape,
                                                 std::string_view attrName) {
  if (arrayAttr.size() > shape.size())
    return op->emitOpError("expected ") << attrName << " attribute of rank no greater than vector rank";
  return success();
}

LogicalResult isIntegerArrayAttrConfinedToRange(Operation *op, ArrayAttr arrayAttr, int64_t min, int64_t max,
                                                std::string_view attrName, bool halfOpen = true) {
  for (int64_t val : intsOf(arrayAttr)) {
    int64_t upper = halfOpen ? max : max + 1;
    if (val < min || val >= upper)
      return op->emitOpError("expected ") << attrName << " to be confined to [" << min << ", " << upper << ")";
  }
  return success();
}

LogicalResult isIntegerArrayAttrConfinedToShape(Operation *op, ArrayAttr arrayAttr, ArrayRef<int64_t> shape,
                                                std::string_view attrName, bool halfOpen = true, int64_t min = 0) {
  SmallVector<int64_t, 4> values = intsOf(arrayAttr);
  for (size_t index = 0; index < values.size() && index < shape.size(); ++index) {
    int64_t max = halfOpen ? shape[index] : shape[index] + 1;
    if (values[index] < min || values[index] >= max)
      return op->emitOpError("expected ") << attrName << " dimension " << (int64_t)index << " to be confined to ["
                                          << min << ", " << max << ")";
  }
  return success();
}

LogicalResult isSumOfIntegerArrayAttrConfinedToShape(Operation *op, ArrayRef<int64_t> values1,
                                                     ArrayRef<int64_t> values2, ArrayRef<int64_t> shape,
                                                     std::string_view attrName1, std::string_view attrName2,
                                                     bool halfOpen = true, int64_t min = 1) {
  for (size_t index = 0; index < values1.size() && index < values2.size() && index < shape.size(); ++index) {
    int64_t max = halfOpen ? shape[index] : shape[index] + 1;
    int64_t sum = values1[index] + values2[index];
    if (sum < 0 || sum >= max)
      return op->emitOpError("expected sum(")
             << attrName1 << ", " << attrName2 << ") dimension " << (int64_t)index << " to be confined to [" << min
             << ", " << max << ")";
  }
  return success();
}

} // namespace

LogicalResult ExtractStridedSliceOp::verify() {
  auto type = cast<VectorType>(getSource().getType());
  ArrayAttr offsets = getOffsetsAttr(), sizes = getSizesAttr(), strides = getStridesAttr();
  Operation *op = getOperation();
  if (offsets.size() != sizes.size() || offsets.size() != strides.size())
    return emitOpError("expected offsets, sizes and strides attributes of same size");
  ArrayRef<int64_t> shape = type.getShape();
  SmallVector<int64_t, 4> offsetValues = intsOf(offsets), sizeValues = intsOf(sizes);
  if (failed(isIntegerArrayAttrSmallerThanShape(op, offsets, shape, "offsets")) ||
      failed(isIntegerArrayAttrSmallerThanShape(op, sizes, shape, "sizes")) ||
      failed(isIntegerArrayAttrSmallerThanShape(op, strides, shape, "strides")) ||
      failed(isIntegerArrayAttrConfinedToShape(op, offsets, shape, "offsets")) ||
      failed(isIntegerArrayAttrConfinedToShape(op, sizes, shape, "sizes", /*halfOpen=*/false, /*min=*/1)) ||
      failed(isIntegerArrayAttrConfinedToRange(op, strides, 1, 1, "strides", /*halfOpen=*/false)) ||
      failed(isSumOfIntegerArrayAttrConfinedToShape(op, offsetValues, sizeValues, shape, "offsets", "sizes",
                                                    /*halfOpen=*/false)))
    return failure();
  // inferStridedSliceOpResultType: the sizes replace the leading dimensions.
  SmallVector<int64_t, 4> resultShape;
  for (size_t i = 0; i < sizeValues.size(); ++i)
    resultShape.push_back(sizeValues[i]);
  for (size_t i = sizeValues.size(); i < shape.size(); ++i)
    resultShape.push_back(shape[i]);
  VectorType resultType = VectorType::get(resultShape, type.getElementType(), scalableFlags(type));
  if (getOperation()->getResult(0).getType() != Type(resultType))
    return emitOpError("expected result type to be ") << Type(resultType);
  for (size_t idx = 0; idx < sizeValues.size(); ++idx) {
    if (isScalableDim(type, unsigned(idx)) && shape[idx] != sizeValues[idx])
      return emitOpError("expected size at idx=")
             << (int64_t)idx << " to match the corresponding base size from the input vector (" << sizeValues[idx]
             << " vs " << shape[idx] << ")";
  }
  return success();
}

LogicalResult InsertStridedSliceOp::verify() {
  auto sourceType = cast<VectorType>(getValueToStore().getType());
  auto destType = cast<VectorType>(getDest().getType());
  ArrayAttr offsets = getOffsetsAttr(), strides = getStridesAttr();
  Operation *op = getOperation();
  if (int64_t(offsets.size()) != destType.getRank())
    return emitOpError("expected offsets of same size as destination vector rank");
  if (int64_t(strides.size()) != sourceType.getRank())
    return emitOpError("expected strides of same size as source vector rank");
  if (sourceType.getRank() > destType.getRank())
    return emitOpError("expected source rank to be no greater than destination rank");
  ArrayRef<int64_t> sourceShape = sourceType.getShape(), destShape = destType.getShape();
  SmallVector<int64_t, 4> sourceShapeAsDestShape(destShape.size() - sourceShape.size(), 0);
  sourceShapeAsDestShape.append(sourceShape.begin(), sourceShape.end());
  if (failed(isIntegerArrayAttrConfinedToShape(op, offsets, destShape, "offsets")) ||
      failed(isIntegerArrayAttrConfinedToRange(op, strides, 1, 1, "strides", /*halfOpen=*/false)) ||
      failed(isSumOfIntegerArrayAttrConfinedToShape(op, intsOf(offsets), sourceShapeAsDestShape, destShape, "offsets",
                                                    "source vector shape", /*halfOpen=*/false, /*min=*/1)))
    return failure();
  size_t rankDiff = destShape.size() - sourceShape.size();
  for (size_t idx = 0; idx < sourceShape.size(); ++idx) {
    bool srcScalable = isScalableDim(sourceType, unsigned(idx));
    if (srcScalable != isScalableDim(destType, unsigned(idx + rankDiff)))
      return emitOpError("mismatching scalable flags (at source vector idx=") << (int64_t)idx << ")";
    if (srcScalable && sourceShape[idx] != destShape[idx + rankDiff])
      return emitOpError("expected size at idx=")
             << (int64_t)idx << " to match the corresponding base size from the input vector (" << sourceShape[idx]
             << " vs " << destShape[idx + rankDiff] << ")";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

LogicalResult ReductionOp::verify() {
  auto sourceType = cast<VectorType>(getVector().getType());
  int64_t rank = sourceType.getRank();
  if (rank > 1)
    return emitOpError("unsupported reduction rank: ") << rank;
  Type eltType = getDest().getType();
  CombiningKind kind = getKindAttr().getValue();
  if (!isSupportedCombiningKind(kind, eltType))
    return emitOpError("unsupported reduction type '") << eltType << "' for kind '" << stringifyKind(kind) << "'";
  return success();
}

LogicalResult MultiDimReductionOp::inferReturnTypes(const ods::InferContext &context,
                                                    SmallVectorImpl<Type> &inferred) {
  if (context.operands.size() < 2)
    return failure();
  inferred.push_back(context.operands[1].getType());
  return success();
}

LogicalResult MultiDimReductionOp::verify() {
  auto sourceType = cast<VectorType>(getSource().getType());
  ArrayRef<int64_t> dims = getReductionDims();
  SmallVector<int64_t, 4> targetShape;
  SmallVector<bool, 4> scalable;
  for (int64_t i = 0, e = sourceType.getRank(); i < e; ++i) {
    if (std::find(dims.begin(), dims.end(), i) != dims.end())
      continue;
    targetShape.push_back(sourceType.getDimSize(i));
    scalable.push_back(isScalableDim(sourceType, unsigned(i)));
  }
  Type inferredReturnType = targetShape.empty()
                                ? sourceType.getElementType()
                                : Type(VectorType::get(targetShape, sourceType.getElementType(), scalable));
  Type destType = getDest().getType();
  if (destType != inferredReturnType)
    return emitOpError() << "destination type " << destType << " is incompatible with source type "
                         << Type(sourceType);
  return success();
}

LogicalResult ScanOp::verify() {
  auto srcType = cast<VectorType>(getSource().getType());
  auto initialType = cast<VectorType>(getInitialValue().getType());
  int64_t srcRank = srcType.getRank();
  int64_t reductionDim = getReductionDimAttr().getInt();
  if (reductionDim >= srcRank)
    return emitOpError("reduction dimension ") << reductionDim << " has to be less than " << srcRank;
  int64_t initialValueRank = initialType.getRank();
  if (initialValueRank != srcRank - 1)
    return emitOpError("initial value rank ") << initialValueRank << " has to be equal to " << (srcRank - 1);
  SmallVector<int64_t, 4> expectedShape;
  for (int64_t i = 0; i < srcRank; i++)
    if (i != reductionDim)
      expectedShape.push_back(srcType.getDimSize(i));
  if (initialType.getShape() != ArrayRef<int64_t>(expectedShape))
    return emitOpError("incompatible input/initial value shapes");
  Type eltType = cast<VectorType>(getDest().getType()).getElementType();
  CombiningKind kind = getKindAttr().getValue();
  if (!isSupportedCombiningKind(kind, eltType))
    return emitOpError("unsupported reduction type ") << eltType << " for kind '" << stringifyKind(kind) << "'";
  return success();
}

//===----------------------------------------------------------------------===//
// ContractionOp, OuterProductOp
//===----------------------------------------------------------------------===//

namespace {

/// The (lhs, rhs) result positions of the loops of `targetType`.
std::vector<std::pair<int64_t, int64_t>> getDimMap(ArrayRef<AffineMap> maps, ArrayAttr iteratorTypes,
                                                   IteratorType targetType, MLIRContext *ctx) {
  std::vector<std::pair<int64_t, int64_t>> dimMap;
  unsigned index = 0;
  for (Attribute a : iteratorTypes) {
    auto t = dyn_cast<IteratorTypeAttr>(a);
    unsigned i = index++;
    if (!t || t.getValue() != targetType)
      continue;
    AffineExpr targetExpr = getAffineDimExpr(i, ctx);
    auto resultIndex = [&](AffineMap map) -> int64_t {
      for (unsigned r = 0; r < map.getNumResults(); ++r)
        if (map.getResult(r) == targetExpr)
          return r;
      return -1;
    };
    int64_t lhsDim = resultIndex(maps[0]), rhsDim = resultIndex(maps[1]);
    if (lhsDim >= 0 && rhsDim >= 0)
      dimMap.emplace_back(lhsDim, rhsDim);
  }
  return dimMap;
}

bool verifyDimMap(VectorType lhsType, VectorType rhsType, const std::vector<std::pair<int64_t, int64_t>> &map) {
  for (const auto &dimPair : map)
    if (dimPair.first < 0 || dimPair.first >= lhsType.getRank() || dimPair.second < 0 ||
        dimPair.second >= rhsType.getRank() || lhsType.getDimSize(dimPair.first) != rhsType.getDimSize(dimPair.second))
      return false;
  return true;
}

} // namespace

ParseResult ContractionOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand lhsInfo, rhsInfo, accInfo;
  SmallVector<OpAsmParser::UnresolvedOperand, 2> masksInfo;
  SmallVector<Type, 2> types;
  Type resultType;
  SMLoc loc = parser.getCurrentLocation();
  DictionaryAttr dictAttr;
  if (parser.parseAttribute(dictAttr) || parser.parseOperand(lhsInfo) || parser.parseComma() ||
      parser.parseOperand(rhsInfo) || parser.parseComma() || parser.parseOperand(accInfo) ||
      parser.parseTrailingOperandList(masksInfo) || parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonTypeList(types) || parser.parseKeyword("into") || parser.parseType(resultType))
    return failure();
  if (types.size() < 2)
    return parser.emitError(loc, "expected two types");
  if (parser.resolveOperand(lhsInfo, types[0], result.operands) ||
      parser.resolveOperand(rhsInfo, types[1], result.operands) ||
      parser.resolveOperand(accInfo, resultType, result.operands))
    return failure();
  result.addType(resultType);
  for (const NamedAttribute &a : dictAttr.getValue())
    result.attributes.append(a);
  auto iteratorTypes = dyn_cast_or_null<ArrayAttr>(result.attributes.get("iterator_types"));
  if (!iteratorTypes)
    return parser.emitError(loc) << "expected " << Attribute(StringAttr::get(parser.getContext(), "iterator_types"))
                                 << " array attribute";
  SmallVector<Attribute, 4> iteratorTypeAttrs;
  for (Attribute a : iteratorTypes) {
    auto s = dyn_cast<StringAttr>(a);
    std::optional<uint64_t> value = s ? getIteratorTypeInfo().symbolize(s.getValue()) : std::nullopt;
    if (!value)
      return parser.emitError(loc) << "unexpected iterator_type (" << (s ? s.getValue() : std::string_view()) << ")";
    iteratorTypeAttrs.push_back(IteratorTypeAttr::get(parser.getContext(), IteratorType(*value)));
  }
  result.attributes.set("iterator_types", ArrayAttr::get(parser.getContext(), iteratorTypeAttrs));
  if (!result.attributes.get("kind"))
    result.addAttribute("kind", CombiningKindAttr::get(parser.getContext(), CombiningKind::ADD));
  if (masksInfo.empty())
    return success();
  if (masksInfo.size() != 2)
    return parser.emitError(parser.getNameLoc(), "expected zero or exactly 2 vector mask operands");
  auto lhsType = dyn_cast<VectorType>(types[0]);
  auto rhsType = dyn_cast<VectorType>(types[1]);
  if (!lhsType || !rhsType)
    return failure();
  Type i1 = IntegerType::get(parser.getContext(), 1);
  Type maskTypes[2] = {VectorType::Builder(lhsType).setElementType(i1),
                       VectorType::Builder(rhsType).setElementType(i1)};
  return parser.resolveOperands(masksInfo, TypeRange(ArrayRef<Type>(maskTypes, 2)), loc, result.operands);
}

void ContractionOp::print(OpAsmPrinter &p) {
  MLIRContext *ctx = getContext();
  NamedAttrList attrs;
  for (const NamedAttribute &attr : getOperation()->getAttrs()) {
    std::string_view name = attr.getName().getValue();
    if (name == "iterator_types") {
      SmallVector<Attribute, 4> names;
      if (auto array = dyn_cast<ArrayAttr>(attr.getValue()))
        for (Attribute a : array)
          if (auto t = dyn_cast<IteratorTypeAttr>(a))
            names.push_back(StringAttr::get(ctx, getIteratorTypeInfo().stringify(uint64_t(t.getValue()))));
      attrs.append(attr.getName(), ArrayAttr::get(ctx, names));
    } else if (name == "indexing_maps" || name == "kind") {
      attrs.append(attr);
    }
  }
  p << " ";
  p.printAttribute(attrs.getDictionary(ctx));
  p << " ";
  p << getLhs();
  p << ", ";
  p << getRhs();
  p << ", ";
  p << getAcc();
  Operation *op = getOperation();
  for (unsigned i = 3; i < op->getNumOperands(); ++i) {
    p << ", ";
    p << op->getOperand(i);
  }
  p.printOptionalAttrDict(op->getAttrs(), {"indexing_maps", "iterator_types", "kind"});
  p << " : " << getLhs().getType() << ", " << getRhs().getType() << " into " << op->getResult(0).getType();
}

LogicalResult ContractionOp::verify() {
  auto lhsType = cast<VectorType>(getLhs().getType());
  auto rhsType = cast<VectorType>(getRhs().getType());
  Type accType = getAcc().getType();
  Type resType = getOperation()->getResult(0).getType();
  if (isa<IntegerType>(lhsType.getElementType()) && !lhsType.getElementType().isSignlessInteger())
    return emitOpError("only supports signless integer types");
  SmallVector<AffineMap, 4> maps = mapsOf(getIndexingMapsAttr());
  if (maps.size() != 3)
    return emitOpError("expected an indexing map for each vector operand");
  unsigned numIterators = unsigned(getIteratorTypesAttr().size());
  for (unsigned index = 0; index < 3; ++index) {
    AffineMap map = maps[index];
    if (map.getNumSymbols() != 0)
      return emitOpError("expected indexing map ") << index << " to have no symbols";
    auto vectorType = dyn_cast<VectorType>(getOperation()->getOperand(index).getType());
    unsigned rank = vectorType ? unsigned(vectorType.getShape().size()) : 0;
    if (map.getNumDims() != numIterators)
      return emitOpError("expected indexing map ") << index << " to have " << numIterators << " number of inputs";
    if (map.getNumResults() != rank)
      return emitOpError("expected indexing map ") << index << " to have " << rank << " number of outputs";
    if (!map.isProjectedPermutation())
      return emitOpError("expected indexing map ") << index << " to be a projected permutation of its inputs";
  }
  MLIRContext *ctx = getContext();
  auto contractingDimMap = getDimMap(maps, getIteratorTypesAttr(), IteratorType::reduction, ctx);
  auto batchDimMap = getDimMap(maps, getIteratorTypesAttr(), IteratorType::parallel, ctx);
  if (contractingDimMap.empty())
    return emitOpError("expected at least one contracting dimension pair");
  if (!verifyDimMap(lhsType, rhsType, contractingDimMap))
    return emitOpError("invalid contracting dimension map");
  if (!verifyDimMap(lhsType, rhsType, batchDimMap))
    return emitOpError("invalid batch dimension map");

  // verifyOutputShape.
  std::set<int64_t> lhsContractingDimSet, rhsContractingDimSet, rhsBatchDimSet;
  for (const auto &dimPair : contractingDimMap) {
    lhsContractingDimSet.insert(dimPair.first);
    rhsContractingDimSet.insert(dimPair.second);
  }
  for (const auto &dimPair : batchDimMap)
    rhsBatchDimSet.insert(dimPair.second);
  SmallVector<int64_t, 4> expectedResultDims;
  for (int64_t i = 0, e = lhsType.getRank(); i < e; ++i)
    if (!lhsContractingDimSet.count(i))
      expectedResultDims.push_back(lhsType.getDimSize(i));
  for (int64_t i = 0, e = rhsType.getRank(); i < e; ++i)
    if (!rhsContractingDimSet.count(i) && !rhsBatchDimSet.count(i))
      expectedResultDims.push_back(rhsType.getDimSize(i));
  if (expectedResultDims.empty()) {
    if (isa<VectorType>(resType) || isa<VectorType>(accType))
      return emitOpError("invalid accumulator/result vector shape");
  } else {
    auto resVectorType = dyn_cast<VectorType>(resType);
    auto accVectorType = dyn_cast<VectorType>(accType);
    if (!resVectorType || !accVectorType)
      return emitOpError("invalid accumulator/result vector shape");
    AffineMap lhsMap = maps[0], rhsMap = maps[1];
    std::vector<bool> used(lhsMap.getNumDims(), false);
    for (AffineMap m : {lhsMap, rhsMap})
      for (AffineExpr e : m.getResults())
        if (auto d = dyn_cast<AffineDimExpr>(e))
          used[d.getPosition()] = true;
    if (std::find(used.begin(), used.end(), false) != used.end())
      return emitOpError("expected all dimensions to be either a LHS or a RHS dimension");
    SmallVector<AffineExpr, 4> extents(lhsMap.getNumInputs(), AffineExpr());
    for (auto [v, map] : {std::make_pair(lhsType, lhsMap), std::make_pair(rhsType, rhsMap)}) {
      for (unsigned idx = 0, e = unsigned(v.getRank()); idx < e; ++idx) {
        unsigned pos = map.getDimPosition(idx);
        if (!extents[pos])
          extents[pos] = getAffineConstantExpr(v.getShape()[idx], ctx);
      }
    }
    for (AffineExpr e : extents)
      if (!e)
        return emitOpError("expected all dimensions to get an extent as either a LHS or a RHS dimension");
    AffineMap resMap = maps[2];
    AffineMap extentsMap = AffineMap::get(unsigned(extents.size()), 0, extents, ctx);
    AffineMap expectedMap = simplifyAffineMap(resMap.compose(extentsMap));
    SmallVector<int64_t, 4> expectedShape;
    for (AffineExpr e : expectedMap.getResults()) {
      auto c = dyn_cast<AffineConstantExpr>(e);
      if (!c)
        return failure();
      expectedShape.push_back(c.getValue());
    }
    VectorType expected = VectorType::get(expectedShape, resVectorType.getElementType(), resVectorType.getScalableDims());
    if (resVectorType != expected || accVectorType != expected)
      return emitOpError("invalid accumulator/result vector shape, expected: ") << Type(expected);
  }
  auto vectorType = dyn_cast<VectorType>(resType);
  Type elementType = vectorType ? vectorType.getElementType() : resType;
  if (!isSupportedCombiningKind(getKindAttr().getValue(), elementType))
    return emitOpError("unsupported contraction type");
  return success();
}

ParseResult OuterProductOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand, 3> operandsInfo;
  Type tLHS, tRHS;
  if (parser.parseOperandList(operandsInfo) || parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(tLHS) || parser.parseComma() || parser.parseType(tRHS))
    return failure();
  if (operandsInfo.size() < 2)
    return parser.emitError(parser.getNameLoc(), "expected at least 2 operands");
  auto vLHS = dyn_cast<VectorType>(tLHS);
  auto vRHS = dyn_cast<VectorType>(tRHS);
  if (!vLHS)
    return parser.emitError(parser.getNameLoc(), "expected vector type for operand #1");
  VectorType resType;
  if (vRHS) {
    SmallVector<bool, 2> scalable{isScalableDim(vLHS, 0), isScalableDim(vRHS, 0)};
    resType = VectorType::get({vLHS.getDimSize(0), vRHS.getDimSize(0)}, vLHS.getElementType(), scalable);
  } else {
    SmallVector<bool, 1> scalable{isScalableDim(vLHS, 0)};
    resType = VectorType::get({vLHS.getDimSize(0)}, vLHS.getElementType(), scalable);
  }
  if (!result.attributes.get("kind"))
    result.attributes.append("kind", CombiningKindAttr::get(parser.getContext(), CombiningKind::ADD));
  if (parser.resolveOperand(operandsInfo[0], tLHS, result.operands) ||
      parser.resolveOperand(operandsInfo[1], tRHS, result.operands) ||
      (operandsInfo.size() > 2 && parser.resolveOperand(operandsInfo[2], resType, result.operands)))
    return failure();
  result.addType(resType);
  return success();
}

void OuterProductOp::print(OpAsmPrinter &p) {
  p << " ";
  p << getLhs();
  p << ", ";
  p << getRhs();
  // As MLIR: the attributes (kind included) are printed only with an
  // accumulator.
  if (getAcc()) {
    p << ", ";
    p << getAcc();
    p.printOptionalAttrDict(getOperation()->getAttrs());
  }
  p << " : " << getLhs().getType() << ", " << getRhs().getType();
}

LogicalResult OuterProductOp::verify() {
  Type tRHS = getRhs().getType();
  auto vLHS = cast<VectorType>(getLhs().getType());
  auto vRHS = dyn_cast<VectorType>(tRHS);
  VectorType vACC = getAcc() ? cast<VectorType>(getAcc().getType()) : VectorType();
  auto vRES = cast<VectorType>(getOperation()->getResult(0).getType());
  if (vLHS.getRank() != 1)
    return emitOpError("expected 1-d vector for operand #1");
  if (vRHS) {
    if (vRHS.getRank() != 1)
      return emitOpError("expected 1-d vector for operand #2");
    if (vRES.getRank() != 2)
      return emitOpError("expected 2-d vector result");
    if (vLHS.getDimSize(0) != vRES.getDimSize(0))
      return emitOpError("expected #1 operand dim to match result dim #1");
    if (vRHS.getDimSize(0) != vRES.getDimSize(1))
      return emitOpError("expected #2 operand dim to match result dim #2");
    if (vLHS.isScalable() && !vRHS.isScalable())
      return emitOpError("expected either both or only #2 operand dim to be scalable");
  } else {
    if (vRES.getRank() != 1)
      return emitOpError("expected 1-d vector result");
    if (vLHS.getDimSize(0) != vRES.getDimSize(0))
      return emitOpError("expected #1 operand dim to match result dim #1");
  }
  if (vACC && vACC != vRES)
    return emitOpError("expected operand #3 of same type as result type");
  if (!isSupportedCombiningKind(getKindAttr().getValue(), vRES.getElementType()))
    return emitOpError("unsupported outerproduct type");
  return success();
}

