//===- VectorOps.cpp - What the vector dialect writes by hand -------------===//
//
// As mlir/lib/Dialect/Vector/IR/VectorOps.cpp: the custom syntax of
// vector.contract, vector.outerproduct, vector.transfer_read/write and
// vector.mask, the verifiers (with MLIR's messages), result type inference
// and the interface methods the imported definitions call. Folders and
// canonicalization patterns are not here.
//
#include "lamina/Dialect/Vector/VectorDialect.h"

#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/Dialect/MemRef/StridedLayout.h"
#include "lamina/IR/AffineExpr.h"
#include "lamina/IR/Builders.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/ODS/Predicates.h"

#include <algorithm>
#include <set>
#include <vector>

using namespace lamina;
using namespace lamina::vector;

//===----------------------------------------------------------------------===//
// VectorDialect
//===----------------------------------------------------------------------===//

VectorDialect::VectorDialect(MLIRContext *ctx) : Dialect(getDialectNamespace(), ctx, TypeID::get<VectorDialect>()) {
  registerGenerated();
}

VectorDialect::~VectorDialect() = default;

Attribute VectorDialect::parseAttribute(DialectAsmParser &parser, Type type) const {
  return attrTypes.parseAttribute(parser, type, *this);
}

void VectorDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  (void)attrTypes.printAttribute(attr, printer);
}

Operation *VectorDialect::materializeConstant(OpBuilder &builder, Attribute value, Type type, Location loc) {
  if (Dialect *arith = getContext()->getOrLoadDialect<ArithDialect>())
    return arith->materializeConstant(builder, value, type, loc);
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

namespace {

/// The scalable flag of dimension `i` (VectorType keeps no flags when no
/// dimension is scalable).
bool isScalableDim(VectorType t, unsigned i) {
  ArrayRef<bool> flags = t.getScalableDims();
  return i < flags.size() && flags[i];
}

SmallVector<bool, 4> scalableFlags(VectorType t) {
  SmallVector<bool, 4> flags;
  for (unsigned i = 0, e = unsigned(t.getRank()); i < e; ++i)
    flags.push_back(isScalableDim(t, i));
  return flags;
}

unsigned numScalableDims(VectorType t) {
  unsigned n = 0;
  for (bool b : t.getScalableDims())
    n += b;
  return n;
}

int64_t numElements(VectorType t) {
  int64_t n = 1;
  for (int64_t d : t.getShape())
    n *= d;
  return n;
}

/// The size in bits of a type for the default data layout.
unsigned typeSizeInBits(Type t) {
  if (t.isIndex())
    return 64;
  if (auto v = dyn_cast<VectorType>(t))
    return unsigned(numElements(v)) * typeSizeInBits(v.getElementType());
  if (t.isIntOrFloat())
    return t.getIntOrFloatBitWidth();
  if (auto c = dyn_cast<ComplexType>(t))
    return 2 * typeSizeInBits(c.getElementType());
  return 0;
}

/// isSupportedCombiningKind.
bool isSupportedCombiningKind(CombiningKind kind, Type elementType) {
  switch (kind) {
  case CombiningKind::ADD:
  case CombiningKind::MUL:
    return elementType.isIntOrIndexOrFloat();
  case CombiningKind::MINUI:
  case CombiningKind::MINSI:
  case CombiningKind::MAXUI:
  case CombiningKind::MAXSI:
  case CombiningKind::AND:
  case CombiningKind::OR:
  case CombiningKind::XOR:
    return elementType.isIntOrIndex();
  case CombiningKind::MINNUMF:
  case CombiningKind::MAXNUMF:
  case CombiningKind::MINIMUMF:
  case CombiningKind::MAXIMUMF:
    return isa<FloatType>(elementType);
  }
  return false;
}

std::string_view stringifyKind(CombiningKind kind) { return getCombiningKindInfo().stringify(uint64_t(kind)); }

constexpr int64_t kPoisonIndex = -1;

bool isValidPositiveIndexOrPoison(int64_t index, int64_t poisonValue, int64_t maxIndex) {
  return index == poisonValue || (index >= 0 && index < maxIndex);
}

/// The integers of an array attribute of IntegerAttr.
SmallVector<int64_t, 4> intsOf(ArrayAttr attr) {
  SmallVector<int64_t, 4> values;
  if (attr)
    for (Attribute a : attr)
      if (auto i = dyn_cast<IntegerAttr>(a))
        values.push_back(i.getInt());
  return values;
}

/// The maps of an array attribute of AffineMapAttr.
SmallVector<AffineMap, 4> mapsOf(ArrayAttr attr) {
  SmallVector<AffineMap, 4> maps;
  if (attr)
    for (Attribute a : attr)
      if (auto m = dyn_cast<AffineMapAttr>(a))
        maps.push_back(m.getValue());
  return maps;
}

/// The static positions of an extract/insert, with each dynamic marker
/// (kDynamic) resolved to a constant when its value is an arith.constant,
/// else left dynamic.
SmallVector<std::optional<int64_t>, 4> mixedPositions(ArrayRef<int64_t> staticPos, OperandRange dynamicPos) {
  SmallVector<std::optional<int64_t>, 4> result;
  unsigned dyn = 0;
  for (int64_t p : staticPos) {
    if (!ShapedType::isDynamic(p)) {
      result.push_back(p);
      continue;
    }
    std::optional<int64_t> value;
    if (dyn < dynamicPos.size())
      if (Operation *def = dynamicPos[dyn].getDefiningOp())
        if (def->getName().getStringRef() == "arith.constant")
          if (auto i = dyn_cast_or_null<IntegerAttr>(def->getAttr("value")))
            value = i.getInt();
    ++dyn;
    result.push_back(value);
  }
  return result;
}

} // namespace

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
  if (getAcc()) {
    p << ", ";
    p << getAcc();
  }
  p.printOptionalAttrDict(getOperation()->getAttrs());
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

//===----------------------------------------------------------------------===//
// Masks
//===----------------------------------------------------------------------===//

LogicalResult ConstantMaskOp::verify() {
  auto resultType = cast<VectorType>(getOperation()->getResult(0).getType());
  ArrayRef<int64_t> maskDimSizes = getMaskDimSizes();
  if (resultType.getRank() == 0) {
    if (maskDimSizes.size() != 1)
      return emitError("array attr must have length 1 for 0-D vectors");
    int64_t dim = maskDimSizes[0];
    if (dim != 0 && dim != 1)
      return emitError("mask dim size must be either 0 or 1 for 0-D vectors");
    return success();
  }
  if (int64_t(maskDimSizes.size()) != resultType.getRank())
    return emitOpError("must specify array attr of size equal vector result rank");
  ArrayRef<int64_t> resultShape = resultType.getShape();
  for (size_t index = 0; index < maskDimSizes.size(); ++index) {
    int64_t maskDimSize = maskDimSizes[index];
    if (maskDimSize < 0 || maskDimSize > resultShape[index])
      return emitOpError("array attr of size out of bounds of vector result dimension size");
    if (isScalableDim(resultType, unsigned(index)) && maskDimSize != 0 && maskDimSize != resultShape[index])
      return emitOpError("only supports 'none set' or 'all set' scalable dimensions");
  }
  bool anyZeros = std::find(maskDimSizes.begin(), maskDimSizes.end(), 0) != maskDimSizes.end();
  bool allZeros = std::all_of(maskDimSizes.begin(), maskDimSizes.end(), [](int64_t s) { return s == 0; });
  if (anyZeros && !allZeros)
    return emitOpError("expected all mask dim sizes to be zeros, as a result of conjunction with zero mask dim");
  return success();
}

LogicalResult CreateMaskOp::verify() {
  auto vectorType = cast<VectorType>(getOperation()->getResult(0).getType());
  unsigned numOperands = getOperation()->getNumOperands();
  if (vectorType.getRank() == 0) {
    if (numOperands != 1)
      return emitOpError("must specify exactly one operand for 0-D create_mask");
  } else if (int64_t(numOperands) != vectorType.getRank()) {
    return emitOpError("must specify an operand for each result vector dimension");
  }
  return success();
}

/// The mask type a maskable op expects (MaskableOpInterface's
/// getExpectedMaskType), or null if `op` is not maskable.
static Type getExpectedMaskType(Operation *op) {
  MLIRContext *ctx = op->getContext();
  Type i1 = IntegerType::get(ctx, 1);
  if (auto read = dyn_cast<TransferReadOp>(op))
    return inferTransferOpMaskType(cast<VectorType>(read.getVector().getType()),
                                   read.getPermutationMapAttr().getValue());
  if (auto write = dyn_cast<TransferWriteOp>(op))
    return inferTransferOpMaskType(cast<VectorType>(write.getValueToStore().getType()),
                                   write.getPermutationMapAttr().getValue());
  if (auto reduction = dyn_cast<ReductionOp>(op)) {
    auto vecType = cast<VectorType>(reduction.getVector().getType());
    return VectorType::get(vecType.getShape(), i1, vecType.getScalableDims());
  }
  if (auto reduction = dyn_cast<MultiDimReductionOp>(op)) {
    auto vecType = cast<VectorType>(reduction.getSource().getType());
    return VectorType::get(vecType.getShape(), i1, vecType.getScalableDims());
  }
  if (auto outer = dyn_cast<OuterProductOp>(op)) {
    auto vecType = cast<VectorType>(outer->getResult(0).getType());
    return VectorType::get(vecType.getShape(), i1, vecType.getScalableDims());
  }
  if (auto gather = dyn_cast<GatherOp>(op)) {
    auto vecType = cast<VectorType>(gather.getIndices().getType());
    return VectorType::get(vecType.getShape(), i1, vecType.getScalableDims());
  }
  if (auto contract = dyn_cast<ContractionOp>(op)) {
    SmallVector<AffineMap, 4> maps = mapsOf(contract.getIndexingMapsAttr());
    if (maps.size() < 2)
      return Type();
    auto lhsType = cast<VectorType>(contract.getLhs().getType());
    auto rhsType = cast<VectorType>(contract.getRhs().getType());
    unsigned numVecDims = maps[0].getNumDims();
    SmallVector<int64_t, 4> maskShape(numVecDims, ShapedType::kDynamic);
    SmallVector<bool, 4> maskScalable(numVecDims, false);
    for (auto [type, map] : {std::make_pair(lhsType, maps[0]), std::make_pair(rhsType, maps[1])})
      for (unsigned i = 0; i < unsigned(type.getRank()); ++i) {
        unsigned pos = map.getDimPosition(i);
        maskShape[pos] = type.getDimSize(i);
        maskScalable[pos] = isScalableDim(type, i);
      }
    return VectorType::get(maskShape, i1, maskScalable);
  }
  return Type();
}

ParseResult MaskOp::parse(OpAsmParser &parser, OperationState &result) {
  Region &maskRegion = *result.addRegion();
  OpAsmParser::UnresolvedOperand mask, passthru;
  if (parser.parseOperand(mask))
    return failure();
  bool hasPassthru = succeeded(parser.parseOptionalComma());
  if (hasPassthru && parser.parseOperand(passthru))
    return failure();
  if (parser.parseRegion(maskRegion))
    return failure();
  // MaskOp::ensureTerminator: the implicit (empty) yield, replaced by a
  // yield of the masked op's results when the region holds exactly one op
  // before it.
  Location loc = result.location;
  if (maskRegion.empty())
    maskRegion.push_back(new Block());
  Block &block = maskRegion.front();
  OpBuilder b(parser.getContext());
  if (block.empty() || !block.back().hasTrait<OpTrait::IsTerminator>()) {
    b.setInsertionPointToEnd(&block);
    OperationState yield(loc, "vector.yield");
    b.create(yield);
  }
  if (block.getOperations().size() == 2) {
    Operation *maskedOp = &block.front();
    Operation *oldYield = &block.back();
    if (maskedOp != oldYield && oldYield->getName().getStringRef() == "vector.yield") {
      b.setInsertionPoint(oldYield);
      OperationState yield(loc, "vector.yield");
      yield.addOperands(maskedOp->getResults());
      b.create(yield);
      oldYield->dropAllReferences();
      oldYield->erase();
    }
  }
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  Type maskType;
  if (parser.parseColonType(maskType))
    return failure();
  SmallVector<Type, 2> resultTypes;
  if (parser.parseOptionalArrowTypeList(resultTypes))
    return failure();
  result.addTypes(ArrayRef<Type>(resultTypes));
  if (parser.resolveOperand(mask, maskType, result.operands))
    return failure();
  if (hasPassthru) {
    if (resultTypes.empty())
      return parser.emitError(parser.getNameLoc(), "expects a result if passthru operand is provided");
    if (parser.resolveOperand(passthru, resultTypes[0], result.operands))
      return failure();
  }
  return success();
}

void MaskOp::print(OpAsmPrinter &p) {
  p << " ";
  p << getMask();
  if (getPassthru()) {
    p << ", ";
    p << getPassthru();
  }
  p << " { ";
  Region &region = getOperation()->getRegion(0);
  if (!region.empty() && !region.front().empty())
    p.printCustomOrGenericOp(&region.front().front());
  p << " }";
  p.printOptionalAttrDict(getOperation()->getAttrs());
  p << " : " << getMask().getType();
  if (getOperation()->getNumResults() > 0) {
    p << " -> ";
    Operation *op = getOperation();
    if (op->getNumResults() == 1) {
      p << op->getResult(0).getType();
    } else {
      p << "(";
      for (unsigned i = 0, e = op->getNumResults(); i < e; ++i) {
        if (i)
          p << ", ";
        p << op->getResult(i).getType();
      }
      p << ")";
    }
  }
}

LogicalResult MaskOp::verify() {
  Region &region = getOperation()->getRegion(0);
  if (region.empty() || region.front().empty())
    return emitOpError("expects a terminator within the mask region");
  Block &block = region.front();
  size_t numMaskRegionOps = block.getOperations().size();
  if (numMaskRegionOps > 2)
    return emitOpError("expects only one operation to mask");
  Operation *terminator = &block.back();
  if (terminator->getName().getStringRef() != "vector.yield")
    return emitOpError("expects a terminator within the mask region");
  unsigned numResults = getOperation()->getNumResults();
  if (terminator->getNumOperands() != numResults)
    return emitOpError("expects number of results to match mask region yielded values");
  if (numMaskRegionOps == 1)
    return success();
  Operation *maskableOp = &block.front();
  Type expectedMaskType = getExpectedMaskType(maskableOp);
  if (!expectedMaskType)
    return emitOpError("expects a MaskableOpInterface within the mask region");
  if (maskableOp->getNumResults() != numResults)
    return emitOpError("expects number of results to match maskable operation number of results");
  for (unsigned i = 0; i < numResults; ++i)
    if (Value(maskableOp->getResult(i)) != terminator->getOperand(i))
      return emitOpError("expects all the results from the MaskableOpInterface to match all the values returned by "
                         "the terminator");
  for (unsigned i = 0; i < numResults; ++i)
    if (maskableOp->getResult(i).getType() != getOperation()->getResult(i).getType())
      return emitOpError("expects result type to match maskable operation result type");
  unsigned numVectorResults = 0;
  for (unsigned i = 0; i < numResults; ++i)
    numVectorResults += isa<VectorType>(maskableOp->getResult(i).getType());
  if (numVectorResults > 1)
    return emitOpError("multiple vector results not supported");
  if (getMask().getType() != expectedMaskType)
    return emitOpError("expects a ") << expectedMaskType << " mask for the maskable operation";
  if (Value passthru = getPassthru()) {
    bool supportsPassthru = isa<TransferReadOp>(maskableOp);
    if (!supportsPassthru)
      return emitOpError("doesn't expect a passthru argument for this maskable operation");
    if (maskableOp->getNumResults() != 1)
      return emitOpError("expects result when passthru argument is provided");
    if (passthru.getType() != maskableOp->getResult(0).getType())
      return emitOpError("expects passthru type to match result type");
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Loads and stores
//===----------------------------------------------------------------------===//

/// Whether the last dimension of a memref has unit stride.
static bool isLastDimUnitStride(MemRefType type) {
  std::vector<int64_t> strides;
  int64_t offset;
  if (failed(memref::getStridesAndOffset(type, strides, offset)))
    return false;
  return strides.empty() || strides.back() == 1;
}

/// verifyLoadStoreMemRefLayout.
static LogicalResult verifyLoadStoreMemRefLayout(Operation *op, VectorType vecTy, MemRefType memRefTy) {
  if (!vecTy.isScalable() && (vecTy.getRank() == 0 || numElements(vecTy) == 1))
    return success();
  if (!isLastDimUnitStride(memRefTy))
    return op->emitOpError("most minor memref dim must have unit stride");
  return success();
}

LogicalResult LoadOp::verify() {
  auto resVecTy = cast<VectorType>(getOperation()->getResult(0).getType());
  auto memRefTy = cast<MemRefType>(getBase().getType());
  if (failed(verifyLoadStoreMemRefLayout(getOperation(), resVecTy, memRefTy)))
    return failure();
  if (memRefTy.getRank() < resVecTy.getRank())
    return emitOpError("destination memref has lower rank than the result vector");
  Type memElemTy = memRefTy.getElementType();
  if (auto memVecTy = dyn_cast<VectorType>(memElemTy)) {
    if (memVecTy != resVecTy)
      return emitOpError("base memref and result vector types should match");
    memElemTy = memVecTy.getElementType();
  }
  if (resVecTy.getElementType() != memElemTy)
    return emitOpError("base and result element type should match");
  if (int64_t(getIndices().size()) != memRefTy.getRank())
    return emitOpError("requires ") << memRefTy.getRank() << " indices";
  return success();
}

LogicalResult StoreOp::verify() {
  auto valueVecTy = cast<VectorType>(getValueToStore().getType());
  auto memRefTy = cast<MemRefType>(getBase().getType());
  if (failed(verifyLoadStoreMemRefLayout(getOperation(), valueVecTy, memRefTy)))
    return failure();
  if (memRefTy.getRank() < valueVecTy.getRank())
    return emitOpError("source memref has lower rank than the vector to store");
  Type memElemTy = memRefTy.getElementType();
  if (auto memVecTy = dyn_cast<VectorType>(memElemTy)) {
    if (memVecTy != valueVecTy)
      return emitOpError("base memref and valueToStore vector types should match");
    memElemTy = memVecTy.getElementType();
  }
  if (valueVecTy.getElementType() != memElemTy)
    return emitOpError("base and valueToStore element type should match");
  if (int64_t(getIndices().size()) != memRefTy.getRank())
    return emitOpError("requires ") << memRefTy.getRank() << " indices";
  return success();
}

LogicalResult MaskedLoadOp::verify() {
  auto maskVType = cast<VectorType>(getMask().getType());
  auto passVType = cast<VectorType>(getPassThru().getType());
  auto resVType = cast<VectorType>(getOperation()->getResult(0).getType());
  auto memType = cast<MemRefType>(getBase().getType());
  if (resVType.getElementType() != memType.getElementType())
    return emitOpError("base and result element type should match");
  if (int64_t(getIndices().size()) != memType.getRank())
    return emitOpError("requires ") << memType.getRank() << " indices";
  if (resVType.getShape() != maskVType.getShape())
    return emitOpError("expected result shape to match mask shape");
  if (resVType != passVType)
    return emitOpError("expected pass_thru of same type as result type");
  return success();
}

LogicalResult MaskedStoreOp::verify() {
  auto maskVType = cast<VectorType>(getMask().getType());
  auto valueVType = cast<VectorType>(getValueToStore().getType());
  auto memType = cast<MemRefType>(getBase().getType());
  if (valueVType.getElementType() != memType.getElementType())
    return emitOpError("base and valueToStore element type should match");
  if (int64_t(getIndices().size()) != memType.getRank())
    return emitOpError("requires ") << memType.getRank() << " indices";
  if (valueVType.getShape() != maskVType.getShape())
    return emitOpError("expected valueToStore shape to match mask shape");
  return success();
}

LogicalResult GatherOp::verify() {
  auto indVType = cast<VectorType>(getIndices().getType());
  auto maskVType = cast<VectorType>(getMask().getType());
  auto resVType = cast<VectorType>(getOperation()->getResult(0).getType());
  auto baseType = cast<ShapedType>(getBase().getType());
  if (!isa<MemRefType, RankedTensorType>(baseType))
    return emitOpError("requires base to be a memref or ranked tensor type");
  if (resVType.getElementType() != baseType.getElementType())
    return emitOpError("base and result element type should match");
  if (int64_t(getOffsets().size()) != baseType.getRank())
    return emitOpError("requires ") << baseType.getRank() << " indices";
  if (resVType.getShape() != indVType.getShape())
    return emitOpError("expected result dim to match indices dim");
  if (resVType.getShape() != maskVType.getShape())
    return emitOpError("expected result dim to match mask dim");
  if (Type(resVType) != getPassThru().getType())
    return emitOpError("expected pass_thru of same type as result type");
  return success();
}

LogicalResult ScatterOp::verify() {
  auto indVType = cast<VectorType>(getIndices().getType());
  auto maskVType = cast<VectorType>(getMask().getType());
  auto valueVType = cast<VectorType>(getValueToStore().getType());
  auto baseType = cast<ShapedType>(getBase().getType());
  if (!isa<MemRefType, RankedTensorType>(baseType))
    return emitOpError("requires base to be a memref or ranked tensor type");
  if (valueVType.getElementType() != baseType.getElementType())
    return emitOpError("base and valueToStore element type should match");
  if (int64_t(getOffsets().size()) != baseType.getRank())
    return emitOpError("requires ") << baseType.getRank() << " indices";
  if (valueVType.getShape() != indVType.getShape())
    return emitOpError("expected valueToStore dim to match indices dim");
  if (valueVType.getShape() != maskVType.getShape())
    return emitOpError("expected valueToStore dim to match mask dim");
  return success();
}

LogicalResult ExpandLoadOp::verify() {
  auto maskVType = cast<VectorType>(getMask().getType());
  auto passVType = cast<VectorType>(getPassThru().getType());
  auto resVType = cast<VectorType>(getOperation()->getResult(0).getType());
  auto memType = cast<MemRefType>(getBase().getType());
  if (resVType.getElementType() != memType.getElementType())
    return emitOpError("base and result element type should match");
  if (int64_t(getIndices().size()) != memType.getRank())
    return emitOpError("requires ") << memType.getRank() << " indices";
  if (resVType.getDimSize(0) != maskVType.getDimSize(0))
    return emitOpError("expected result dim to match mask dim");
  if (resVType != passVType)
    return emitOpError("expected pass_thru of same type as result type");
  return success();
}

LogicalResult CompressStoreOp::verify() {
  auto maskVType = cast<VectorType>(getMask().getType());
  auto valueVType = cast<VectorType>(getValueToStore().getType());
  auto memType = cast<MemRefType>(getBase().getType());
  if (valueVType.getElementType() != memType.getElementType())
    return emitOpError("base and valueToStore element type should match");
  if (int64_t(getIndices().size()) != memType.getRank())
    return emitOpError("requires ") << memType.getRank() << " indices";
  if (valueVType.getDimSize(0) != maskVType.getDimSize(0))
    return emitOpError("expected valueToStore dim to match mask dim");
  return success();
}

//===----------------------------------------------------------------------===//
// Transfer ops
//===----------------------------------------------------------------------===//

AffineMap vector::getTransferMinorIdentityMap(ShapedType shapedType, VectorType vectorType) {
  int64_t elementVectorRank = 0;
  if (auto elementVectorType = dyn_cast<VectorType>(shapedType.getElementType()))
    elementVectorRank += elementVectorType.getRank();
  MLIRContext *ctx = shapedType.getContext();
  if (shapedType.getRank() == 0 && vectorType.getShape().size() == 1 && vectorType.getShape()[0] == 1)
    return AffineMap::get(0, 0, getAffineConstantExpr(0, ctx));
  return AffineMap::getMinorIdentityMap(unsigned(shapedType.getRank()),
                                        unsigned(vectorType.getRank() - elementVectorRank), ctx);
}

static int64_t getEffectiveVectorRankForXferOp(ShapedType shapedType, VectorType vectorType) {
  int64_t elementVectorRank = 0;
  if (auto elementVectorType = dyn_cast<VectorType>(shapedType.getElementType()))
    elementVectorRank += elementVectorType.getRank();
  return vectorType.getRank() - elementVectorRank;
}

VectorType vector::inferTransferOpMaskType(VectorType vecType, AffineMap permMap) {
  MLIRContext *ctx = permMap.getContext();
  Type i1 = IntegerType::get(ctx, 1);
  AffineMap invPermMap = inversePermutation(compressUnusedDims(permMap));
  SmallVector<int64_t, 4> maskShape;
  SmallVector<bool, 4> scalable;
  if (invPermMap) {
    for (int64_t v : invPermMap.compose(vecType.getShape()))
      maskShape.push_back(v);
    for (AffineExpr e : invPermMap.getResults()) {
      auto d = dyn_cast<AffineDimExpr>(e);
      scalable.push_back(d && isScalableDim(vecType, d.getPosition()));
    }
  }
  if (maskShape.empty()) {
    maskShape.push_back(1);
    scalable.assign(1, false);
  }
  return VectorType::get(maskShape, i1, scalable);
}

namespace {

LogicalResult verifyPermutationMap(Operation *op, AffineMap permutationMap) {
  std::vector<bool> seen(permutationMap.getNumInputs(), false);
  for (AffineExpr expr : permutationMap.getResults()) {
    auto dim = dyn_cast<AffineDimExpr>(expr);
    auto zero = dyn_cast<AffineConstantExpr>(expr);
    if (zero) {
      if (zero.getValue() != 0)
        return op->emitOpError("requires a projected permutation_map (at most one dim or the zero constant can appear "
                               "in each result)");
      continue;
    }
    if (!dim)
      return op->emitOpError("requires a projected permutation_map (at most one dim or the zero constant can appear "
                             "in each result)");
    if (seen[dim.getPosition()])
      return op->emitOpError("requires a permutation_map that is a permutation (found one dim used more than once)");
    seen[dim.getPosition()] = true;
  }
  return success();
}

LogicalResult verifyTransferOp(Operation *op, ShapedType shapedType, VectorType vectorType, VectorType maskType,
                               VectorType inferredMaskType, AffineMap permutationMap, ArrayAttr inBounds) {
  if (op->getAttr("masked"))
    return op->emitOpError("masked attribute has been removed. Use in_bounds instead.");
  if (!isa<MemRefType, RankedTensorType>(shapedType))
    return op->emitOpError("requires source to be a memref or ranked tensor type");
  Type elementType = shapedType.getElementType();
  if (auto vectorElementType = dyn_cast<VectorType>(elementType)) {
    unsigned sourceVecSize = typeSizeInBits(vectorElementType.getElementType()) *
                             unsigned(vectorElementType.getShape().empty() ? 1 : vectorElementType.getShape().back());
    unsigned resultVecSize = typeSizeInBits(vectorType.getElementType()) *
                             unsigned(vectorType.getShape().empty() ? 1 : vectorType.getShape().back());
    if (sourceVecSize == 0 || resultVecSize % sourceVecSize != 0)
      return op->emitOpError("requires the bitwidth of the minor 1-D vector to be an integral multiple of the "
                             "bitwidth of the minor 1-D vector of the source");
    unsigned sourceVecEltRank = unsigned(vectorElementType.getRank());
    unsigned resultVecRank = unsigned(vectorType.getRank());
    if (sourceVecEltRank > resultVecRank)
      return op->emitOpError("requires source vector element and vector result ranks to match.");
    unsigned rankOffset = resultVecRank - sourceVecEltRank;
    if (permutationMap.getNumResults() != rankOffset)
      return op->emitOpError("requires a permutation_map with result dims of the same rank as the vector type");
    if (maskType)
      return op->emitOpError("does not support masks with vector element type");
  } else {
    unsigned minorSize = vectorType.getRank() == 0 ? 1 : unsigned(vectorType.getShape().back());
    unsigned resultVecSize = typeSizeInBits(vectorType.getElementType()) * minorSize;
    unsigned elementSize = typeSizeInBits(elementType);
    if (elementSize == 0 || resultVecSize % elementSize != 0)
      return op->emitOpError("requires the bitwidth of the minor 1-D vector to be an integral multiple of the "
                             "bitwidth of the source element type");
    if (int64_t(permutationMap.getNumResults()) != vectorType.getRank())
      return op->emitOpError("requires a permutation_map with result dims of the same rank as the vector type");
  }
  if (permutationMap.getNumSymbols() != 0)
    return op->emitOpError("requires permutation_map without symbols");
  if (int64_t(permutationMap.getNumInputs()) != shapedType.getRank())
    return op->emitOpError("requires a permutation_map with input dims of the same rank as the source type");
  if (maskType && maskType != inferredMaskType)
    return op->emitOpError("inferred mask type (")
           << Type(inferredMaskType) << ") and mask operand type (" << Type(maskType) << ") don't match";
  if (permutationMap.getNumResults() != inBounds.size())
    return op->emitOpError("expects the in_bounds attr of same rank as permutation_map results: ")
           << Attribute(AffineMapAttr::get(permutationMap)) << " vs inBounds of size: " << (unsigned)inBounds.size();
  return success();
}

void printTransferAttrs(OpAsmPrinter &p, Operation *op, AffineMap permutationMap, ArrayAttr inBounds) {
  SmallVector<std::string_view, 3> elided;
  elided.push_back("operandSegmentSizes");
  if (permutationMap.isMinorIdentity())
    elided.push_back("permutation_map");
  bool anyInBounds = false;
  if (inBounds)
    for (Attribute a : inBounds)
      if (auto b = dyn_cast<BoolAttr>(a))
        anyInBounds |= b.getValue();
  if (!anyInBounds)
    elided.push_back("in_bounds");
  p.printOptionalAttrDict(op->getAttrs(), elided);
}

/// The parts shared by the transfer op parsers: the types, the default
/// permutation map and in_bounds, the mask.
ParseResult parseTransferTail(OpAsmParser &parser, OperationState &result, SMLoc typesLoc, ShapedType shapedType,
                              VectorType vectorType, bool hasMask, const OpAsmParser::UnresolvedOperand &maskInfo,
                              AffineMap &permMap) {
  Builder builder(parser.getContext());
  Attribute permMapAttr = result.attributes.get("permutation_map");
  if (!permMapAttr) {
    if (shapedType.getRank() < getEffectiveVectorRankForXferOp(shapedType, vectorType))
      return parser.emitError(typesLoc, "expected a custom permutation_map when rank(source) != rank(destination)");
    permMap = getTransferMinorIdentityMap(shapedType, vectorType);
    result.attributes.set("permutation_map", AffineMapAttr::get(permMap));
  } else {
    auto mapAttr = dyn_cast<AffineMapAttr>(permMapAttr);
    if (!mapAttr)
      return parser.emitError(typesLoc, "expected an affine map for permutation_map");
    permMap = mapAttr.getValue();
  }
  if (!result.attributes.get("in_bounds")) {
    SmallVector<Attribute, 4> flags(permMap.getNumResults(), builder.getBoolAttr(false));
    result.addAttribute("in_bounds", builder.getArrayAttr(flags));
  }
  (void)hasMask;
  (void)maskInfo;
  return success();
}

ParseResult resolveTransferMask(OpAsmParser &parser, OperationState &result, SMLoc typesLoc, ShapedType shapedType,
                                VectorType vectorType, AffineMap permMap,
                                const OpAsmParser::UnresolvedOperand &maskInfo) {
  if (isa<VectorType>(shapedType.getElementType()))
    return parser.emitError(maskInfo.location, "does not support masks with vector element type");
  if (vectorType.getRank() != int64_t(permMap.getNumResults()))
    return parser.emitError(typesLoc, "expected the same rank for the vector and the results of the permutation map");
  return parser.resolveOperand(maskInfo, inferTransferOpMaskType(vectorType, permMap), result.operands);
}

} // namespace

ParseResult TransferReadOp::parse(OpAsmParser &parser, OperationState &result) {
  Builder builder(parser.getContext());
  OpAsmParser::UnresolvedOperand sourceInfo, paddingInfo, maskInfo;
  SmallVector<OpAsmParser::UnresolvedOperand, 8> indexInfo;
  SmallVector<Type, 2> types;
  if (parser.parseOperand(sourceInfo) || parser.parseOperandList(indexInfo, AsmParser::Delimiter::Square) ||
      parser.parseComma() || parser.parseOperand(paddingInfo))
    return failure();
  bool hasMask = succeeded(parser.parseOptionalComma());
  if (hasMask && parser.parseOperand(maskInfo))
    return failure();
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  SMLoc typesLoc = parser.getCurrentLocation();
  if (parser.parseColonTypeList(types))
    return failure();
  if (types.size() != 2)
    return parser.emitError(typesLoc, "requires two types");
  auto shapedType = dyn_cast<ShapedType>(types[0]);
  if (!shapedType || !isa<MemRefType, RankedTensorType>(shapedType))
    return parser.emitError(typesLoc, "requires memref or ranked tensor type");
  auto vectorType = dyn_cast<VectorType>(types[1]);
  if (!vectorType)
    return parser.emitError(typesLoc, "requires vector type");
  AffineMap permMap;
  if (parseTransferTail(parser, result, typesLoc, shapedType, vectorType, hasMask, maskInfo, permMap))
    return failure();
  if (parser.resolveOperand(sourceInfo, shapedType, result.operands) ||
      parser.resolveOperands(indexInfo, builder.getIndexType(), result.operands) ||
      parser.resolveOperand(paddingInfo, shapedType.getElementType(), result.operands))
    return failure();
  if (hasMask && resolveTransferMask(parser, result, typesLoc, shapedType, vectorType, permMap, maskInfo))
    return failure();
  result.addAttribute("operandSegmentSizes",
                      builder.getDenseI32ArrayAttr({1, int32_t(indexInfo.size()), 1, int32_t(hasMask)}));
  result.addType(vectorType);
  return success();
}

void TransferReadOp::print(OpAsmPrinter &p) {
  p << " ";
  p << getBase();
  p << "[";
  p << getIndices();
  p << "], ";
  p << getPadding();
  if (getMask()) {
    p << ", ";
    p << getMask();
  }
  printTransferAttrs(p, getOperation(), getPermutationMapAttr().getValue(), getInBoundsAttr());
  p << " : " << getBase().getType() << ", " << getVector().getType();
}

LogicalResult TransferReadOp::verify() {
  auto shapedType = cast<ShapedType>(getBase().getType());
  auto vectorType = cast<VectorType>(getVector().getType());
  VectorType maskType = getMask() ? cast<VectorType>(getMask().getType()) : VectorType();
  Type paddingType = getPadding().getType();
  AffineMap permutationMap = getPermutationMapAttr().getValue();
  VectorType inferredMaskType = maskType ? inferTransferOpMaskType(vectorType, permutationMap) : VectorType();
  Type sourceElementType = shapedType.getElementType();
  if (int64_t(getIndices().size()) != shapedType.getRank())
    return emitOpError("requires ") << shapedType.getRank() << " indices";
  if (failed(verifyTransferOp(getOperation(), shapedType, vectorType, maskType, inferredMaskType, permutationMap,
                              getInBoundsAttr())))
    return failure();
  if (auto sourceVectorElementType = dyn_cast<VectorType>(sourceElementType)) {
    if (Type(sourceVectorElementType) != paddingType)
      return emitOpError("requires source element type and padding type to match.");
  } else {
    if (!VectorType::isValidElementType(paddingType))
      return emitOpError("requires valid padding vector elemental type");
    if (paddingType != sourceElementType)
      return emitOpError("requires formal padding and source of the same elemental type");
  }
  return verifyPermutationMap(getOperation(), permutationMap);
}

OperandRange TransferReadOp::getDpsInits() { return getOperation()->getOperands().slice(0, 0); }

void TransferReadOp::getEffects(SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  if (isa<MemRefType>(getBase().getType()))
    effects.emplace_back(MemoryEffects::Read::get(), &getOperation()->getOpOperand(0),
                         SideEffects::DefaultResource::get());
}

/// hasPureTensorSemantics: tensors and no memrefs among the operands.
static bool hasPureTensorSemantics(Operation *op) {
  bool anyTensor = false;
  for (Value v : op->getOperands()) {
    if (isa<BaseMemRefType>(v.getType()))
      return false;
    anyTensor |= isa<TensorType>(v.getType());
  }
  return anyTensor;
}

Speculation::Speculatability TransferReadOp::getSpeculatability() {
  return hasPureTensorSemantics(getOperation()) ? Speculation::Speculatable : Speculation::NotSpeculatable;
}

ParseResult TransferWriteOp::parse(OpAsmParser &parser, OperationState &result) {
  Builder builder(parser.getContext());
  OpAsmParser::UnresolvedOperand vectorInfo, sourceInfo, maskInfo;
  SmallVector<OpAsmParser::UnresolvedOperand, 8> indexInfo;
  SmallVector<Type, 2> types;
  if (parser.parseOperand(vectorInfo) || parser.parseComma() || parser.parseOperand(sourceInfo) ||
      parser.parseOperandList(indexInfo, AsmParser::Delimiter::Square))
    return failure();
  bool hasMask = succeeded(parser.parseOptionalComma());
  if (hasMask && parser.parseOperand(maskInfo))
    return failure();
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  SMLoc typesLoc = parser.getCurrentLocation();
  if (parser.parseColonTypeList(types))
    return failure();
  if (types.size() != 2)
    return parser.emitError(typesLoc, "requires two types");
  auto vectorType = dyn_cast<VectorType>(types[0]);
  if (!vectorType)
    return parser.emitError(typesLoc, "requires vector type");
  auto shapedType = dyn_cast<ShapedType>(types[1]);
  if (!shapedType || !isa<MemRefType, RankedTensorType>(shapedType))
    return parser.emitError(typesLoc, "requires memref or ranked tensor type");
  AffineMap permMap;
  if (parseTransferTail(parser, result, typesLoc, shapedType, vectorType, hasMask, maskInfo, permMap))
    return failure();
  if (parser.resolveOperand(vectorInfo, vectorType, result.operands) ||
      parser.resolveOperand(sourceInfo, shapedType, result.operands) ||
      parser.resolveOperands(indexInfo, builder.getIndexType(), result.operands))
    return failure();
  if (hasMask && resolveTransferMask(parser, result, typesLoc, shapedType, vectorType, permMap, maskInfo))
    return failure();
  result.addAttribute("operandSegmentSizes",
                      builder.getDenseI32ArrayAttr({1, 1, int32_t(indexInfo.size()), int32_t(hasMask)}));
  if (isa<RankedTensorType>(shapedType))
    result.addType(shapedType);
  return success();
}

void TransferWriteOp::print(OpAsmPrinter &p) {
  p << " ";
  p << getValueToStore();
  p << ", ";
  p << getBase();
  p << "[";
  p << getIndices();
  p << "]";
  if (getMask()) {
    p << ", ";
    p << getMask();
  }
  printTransferAttrs(p, getOperation(), getPermutationMapAttr().getValue(), getInBoundsAttr());
  p << " : " << getValueToStore().getType() << ", " << getBase().getType();
}

LogicalResult TransferWriteOp::verify() {
  auto shapedType = cast<ShapedType>(getBase().getType());
  auto vectorType = cast<VectorType>(getValueToStore().getType());
  VectorType maskType = getMask() ? cast<VectorType>(getMask().getType()) : VectorType();
  AffineMap permutationMap = getPermutationMapAttr().getValue();
  VectorType inferredMaskType = maskType ? inferTransferOpMaskType(vectorType, permutationMap) : VectorType();
  if (int64_t(getIndices().size()) != shapedType.getRank())
    return emitOpError("requires ") << shapedType.getRank() << " indices";
  for (AffineExpr e : permutationMap.getResults())
    if (auto c = dyn_cast<AffineConstantExpr>(e))
      if (c.getValue() == 0)
        return emitOpError("should not have broadcast dimensions");
  if (failed(verifyTransferOp(getOperation(), shapedType, vectorType, maskType, inferredMaskType, permutationMap,
                              getInBoundsAttr())))
    return failure();
  return verifyPermutationMap(getOperation(), permutationMap);
}

OperandRange TransferWriteOp::getDpsInits() { return getOperation()->getOperands().slice(1, 1); }

void TransferWriteOp::getEffects(SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  if (isa<MemRefType>(getBase().getType()))
    effects.emplace_back(MemoryEffects::Write::get(), &getOperation()->getOpOperand(1),
                         SideEffects::DefaultResource::get());
}

Speculation::Speculatability TransferWriteOp::getSpeculatability() {
  return hasPureTensorSemantics(getOperation()) ? Speculation::Speculatable : Speculation::NotSpeculatable;
}
