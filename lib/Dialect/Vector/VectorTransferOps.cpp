//===- VectorTransferOps.cpp - vector's loads, stores and transfers -------===//
//
// As mlir/lib/Dialect/Vector/IR/VectorOps.cpp for the load/store,
// masked, gather/scatter and expand/compress ops and
// vector.transfer_read/transfer_write: custom syntax, verifiers with MLIR's
// messages, memory effects and speculatability.
//
#include "VectorOpsImpl.h"

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
using namespace lamina::vector::detail;

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
