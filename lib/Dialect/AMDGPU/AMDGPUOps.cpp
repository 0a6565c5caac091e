//===- AMDGPUOps.cpp - What the amdgpu dialect writes by hand -------------===//
//
// As mlir/lib/Dialect/AMDGPU/IR/AMDGPUDialect.cpp: the verifiers of the ops
// (with mlir-opt 22's messages), TDMGatherBaseType's verifier, the
// `custom<MNKDimensionList>` directive (`16x16x16`) and the result type of
// fat_raw_buffer_cast (the source memref in the fat raw buffer address space,
// its offset reset on request).
//
#include "lamina/Dialect/AMDGPU/AMDGPUDialect.h"

#include "lamina/Dialect/GPU/GPUDialect.h"
#include "lamina/Dialect/MemRef/StridedLayout.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/ODS/Predicates.h"

#include <algorithm>
#include <initializer_list>

using namespace lamina;
using namespace lamina::amdgpu;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static bool contains(std::initializer_list<int64_t> list, int64_t value) {
  return std::find(list.begin(), list.end(), value) != list.end();
}

/// Whether `memorySpace` is global memory (none, 0, 1 or #gpu.address_space<global>).
static bool hasGlobalMemorySpace(Attribute memorySpace) {
  if (!memorySpace)
    return true;
  if (auto intSpace = dyn_cast<IntegerAttr>(memorySpace))
    return intSpace.getInt() == 0 || intSpace.getInt() == 1;
  if (auto gpuSpace = dyn_cast<gpu::AddressSpaceAttr>(memorySpace))
    return gpuSpace.getValue() == gpu::AddressSpace::Global;
  return false;
}

/// Whether `memorySpace` is LDS (3 or #gpu.address_space<workgroup>).
static bool hasWorkgroupMemorySpace(Attribute memorySpace) {
  if (!memorySpace)
    return false;
  if (auto intSpace = dyn_cast<IntegerAttr>(memorySpace))
    return intSpace.getInt() == 3;
  if (auto gpuSpace = dyn_cast<gpu::AddressSpaceAttr>(memorySpace))
    return gpuSpace.getValue() == gpu::AddressSpace::Workgroup;
  return false;
}

/// Whether `memorySpace` is a fat raw buffer (7 or #amdgpu.address_space<fat_raw_buffer>).
static bool hasFatRawBufferMemorySpace(Attribute memorySpace) {
  if (!memorySpace)
    return false;
  if (auto intSpace = dyn_cast<IntegerAttr>(memorySpace))
    return intSpace.getInt() == 7;
  if (auto space = dyn_cast<AddressSpaceAttr>(memorySpace))
    return space.getValue() == AddressSpace::FatRawBuffer;
  return false;
}

/// The number of elements of a vector, 1 for a scalar; its element type in `elem`.
static int64_t lengthAndElement(Type type, Type &elem) {
  if (auto vector = dyn_cast<VectorType>(type)) {
    elem = vector.getElementType();
    return vector.getNumElements();
  }
  elem = type;
  return 1;
}

static unsigned bitWidthOf(Type type) { return type.isIntOrFloat() ? type.getIntOrFloatBitWidth() : 0; }

static bool isFloatOfWidth(Type type, unsigned width) { return isa<FloatType>(type) && bitWidthOf(type) == width; }

static int64_t intAttrValue(IntegerAttr attr, int64_t fallback = 0) { return attr ? attr.getInt() : fallback; }

//===----------------------------------------------------------------------===//
// custom<MNKDimensionList>
//===----------------------------------------------------------------------===//

static ParseResult parseMNKDimensionList(OpAsmParser &parser, OperationState &, ArrayRef<ods::CustomParseArg *> args) {
  std::vector<int64_t> dimensions;
  if (parser.parseDimensionList(dimensions, /*allowDynamic=*/false, /*withTrailingX=*/false))
    return failure();
  if (dimensions.size() != 3)
    return parser.emitError(parser.getCurrentLocation()) << "expected 3 dimensions in MNK dimension list";
  Builder b = parser.getBuilder();
  for (size_t i = 0; i < 3; ++i)
    *args[i]->attr = b.getI32IntegerAttr(int32_t(dimensions[i]));
  return success();
}

static void printMNKDimensionList(OpAsmPrinter &printer, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  int64_t dims[3];
  for (size_t i = 0; i < 3; ++i)
    dims[i] = intAttrValue(dyn_cast_or_null<IntegerAttr>(args[i].attr));
  printer.printDimensionList(ArrayRef<int64_t>(dims, 3));
}

ods::CustomDirective amdgpu::getMNKDimensionListDirective() {
  return {"MNKDimensionList", parseMNKDimensionList, printMNKDimensionList, nullptr};
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

LogicalResult TDMGatherBaseType::verify(function_ref<InFlightDiagnostic()> emitError, Type elementType,
                                        Type indexType) {
  unsigned width = bitWidthOf(elementType);
  if (!contains({8, 16, 32, 64}, width))
    return emitError() << "element type must be 1, 2, 4, or 8 bytes wide but type " << elementType << " is "
                       << width / 8 << " bytes wide.";
  if (!indexType.isInteger(16) && !indexType.isInteger(32))
    return emitError() << "index type must be i16 or i32 but index type is " << indexType << ".";
  return success();
}

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

LogicalResult PackedTrunc2xFp8Op::verify() {
  if (getExisting() && getExisting().getType() != getRes().getType())
    return emitOpError("existing values must have same type as result");
  return success();
}

LogicalResult PackedStochRoundFp8Op::verify() {
  if (getExisting() && getExisting().getType() != getRes().getType())
    return emitOpError("existing values must have same type as result");
  return success();
}

LogicalResult PackedScaledTruncOp::verify() {
  if (getExisting() && getExisting().getType() != getRes().getType())
    return emitOpError("existing values must have same type as result");
  return success();
}

LogicalResult ScaledExtPackedMatrixOp::verify() {
  int64_t blockSize = intAttrValue(getBlockSizeAttr());
  int64_t firstScaleByte = intAttrValue(getFirstScaleByteAttr());
  int64_t firstScaleLane = intAttrValue(getFirstScaleLaneAttr());
  Type elementType = cast<VectorType>(getSource().getType()).getElementType();
  bool isFp8 = bitWidthOf(elementType) == 8;
  if (!isFp8) {
    if (blockSize == 16 && !contains({0, 1}, firstScaleByte))
      return emitOpError("blockSize of 16 can only have firstScaleByte be 0 or 1 for f4 and f6.");
    if (blockSize != 16 && !contains({0, 2}, firstScaleByte))
      return emitOpError("blockSize of 32 can only have firstScaleByte be 0 or 2 for f4 and f6.");
  } else if (blockSize == 16) {
    bool valid = (firstScaleLane == 0 && firstScaleByte == 0) || (firstScaleLane == 16 && firstScaleByte == 2);
    if (!valid)
      return emitOpError("blockSize of 16 can only have (firstScaleLane, firstScaleByte) be (0, 0) or (16, 2) for f8.");
  }
  return success();
}

//===----------------------------------------------------------------------===//
// fat_raw_buffer_cast
//===----------------------------------------------------------------------===//

/// The memref `source` in the fat raw buffer address space, with its offset
/// reset to 0 when `resetOffset` (failure when its layout is neither the
/// identity nor strided).
static FailureOr<MemRefType> getFatRawBufferTypeLike(MemRefType source, bool resetOffset) {
  MLIRContext *ctx = source.getContext();
  Attribute space = AddressSpaceAttr::get(ctx, AddressSpace::FatRawBuffer);
  Attribute layout = source.getLayout();
  auto mapLayout = dyn_cast_or_null<AffineMapAttr>(layout);
  bool identity = !layout || (mapLayout && mapLayout.getValue().isIdentity());
  if (resetOffset && !identity) {
    auto strided = dyn_cast<StridedLayoutAttr>(layout);
    if (!strided)
      return failure();
    layout = StridedLayoutAttr::get(ctx, 0, strided.getStrides());
    std::vector<int64_t> identityStrides;
    bool haveIdentity = false;
    if (source.hasStaticShape()) {
      ArrayRef<int64_t> shape = source.getShape();
      identityStrides.assign(shape.size(), 1);
      for (size_t i = shape.size(); i-- > 1;)
        identityStrides[i - 1] = identityStrides[i] * shape[i];
      haveIdentity = true;
    } else if (source.getRank() <= 1) {
      identityStrides.assign(size_t(source.getRank()), 1);
      haveIdentity = true;
    }
    if (haveIdentity && ArrayRef<int64_t>(identityStrides) == strided.getStrides())
      layout = Attribute();
  }
  return MemRefType::get(source.getShape(), source.getElementType(), layout, space);
}

LogicalResult FatRawBufferCastOp::inferReturnTypes(const ods::InferContext &context,
                                                   SmallVectorImpl<Type> &inferred) {
  if (context.operands.empty())
    return failure();
  auto sourceType = dyn_cast_or_null<MemRefType>(context.operands[0].getType());
  if (!sourceType)
    return failure();
  bool resetOffset = bool(context.getAttr("resetOffset"));
  FailureOr<MemRefType> result = getFatRawBufferTypeLike(sourceType, resetOffset);
  if (failed(result))
    return failure();
  inferred.push_back(*result);
  return success();
}

LogicalResult FatRawBufferCastOp::verify() {
  auto sourceType = cast<MemRefType>(getSource().getType());
  FailureOr<MemRefType> expected = getFatRawBufferTypeLike(sourceType, getResetOffset());
  if (failed(expected))
    return emitOpError("source type ") << Type(sourceType) << " can't have its offset reset";
  Type resultType = getOperation()->getResult(0).getType();
  if (resultType != Type(*expected))
    return emitOpError("expected result type to be ") << Type(*expected) << " but got " << resultType;
  return success();
}

//===----------------------------------------------------------------------===//
// Raw buffer ops
//===----------------------------------------------------------------------===//

static LogicalResult verifyRawBufferOp(Operation *op, Value memref, OperandRange indices) {
  auto bufferType = cast<MemRefType>(memref.getType());
  if (!hasGlobalMemorySpace(bufferType.getMemorySpace()))
    return op->emitOpError("Buffer ops must operate on a memref in global memory");
  if (int64_t(indices.size()) != bufferType.getRank())
    return op->emitOpError("Expected ") << bufferType.getRank() << " indices to memref";
  return success();
}

LogicalResult RawBufferLoadOp::verify() { return verifyRawBufferOp(getOperation(), getMemref(), getIndices()); }
LogicalResult RawBufferStoreOp::verify() { return verifyRawBufferOp(getOperation(), getMemref(), getIndices()); }
LogicalResult RawBufferAtomicFaddOp::verify() { return verifyRawBufferOp(getOperation(), getMemref(), getIndices()); }
LogicalResult RawBufferAtomicFmaxOp::verify() { return verifyRawBufferOp(getOperation(), getMemref(), getIndices()); }
LogicalResult RawBufferAtomicSmaxOp::verify() { return verifyRawBufferOp(getOperation(), getMemref(), getIndices()); }
LogicalResult RawBufferAtomicUminOp::verify() { return verifyRawBufferOp(getOperation(), getMemref(), getIndices()); }
LogicalResult RawBufferAtomicCmpswapOp::verify() {
  return verifyRawBufferOp(getOperation(), getMemref(), getIndices());
}

//===----------------------------------------------------------------------===//
// Matrix ops
//===----------------------------------------------------------------------===//

LogicalResult WMMAOp::verify() {
  auto sourceAType = cast<VectorType>(getSourceA().getType());
  auto sourceBType = cast<VectorType>(getSourceB().getType());
  auto destType = cast<VectorType>(getDestC().getType());
  Type sourceAElem = sourceAType.getElementType();
  Type sourceBElem = sourceBType.getElementType();
  if (sourceAType.getNumElements() != sourceBType.getNumElements())
    return emitOpError("source vectors have different lengths: ") << Type(sourceAType) << " vs. "
                                                                   << Type(sourceBType);
  bool isDestFloat = isa<FloatType>(destType.getElementType());
  bool isSrcFloat = isa<FloatType>(sourceAElem);
  if (isDestFloat && !isSrcFloat)
    return emitOpError("expected float sources with float destination");
  if (!isDestFloat && isSrcFloat)
    return emitOpError("expected int sources with int destination");
  if (!isFloatOfWidth(sourceAElem, 8) && sourceAElem != sourceBElem)
    return emitOpError("source element types must match (except for fp8/bf8) but have ")
           << Type(sourceAType) << " and " << Type(sourceBType);
  if (isSrcFloat) {
    if (getClamp())
      return emitOpError("clamp flag is not supported for float types");
    if (getUnsignedA() || getUnsignedB())
      return emitOpError("unsigned flags are not supported for float types");
  }
  return success();
}

LogicalResult ScaledWMMAOp::verify() {
  auto isF8 = [](Type t) { return isa<Float8E4M3FNType>(t) || isa<Float8E5M2Type>(t); };
  auto isF6 = [](Type t) { return isa<Float6E2M3FNType>(t) || isa<Float6E3M2FNType>(t); };
  auto isF4 = [](Type t) { return isa<Float4E2M1FNType>(t); };
  auto isE8M0 = [](Type t) { return isa<Float8E8M0FNUType>(t); };
  auto isE4M3 = [](Type t) { return isa<Float8E4M3FNType>(t); };
  auto isScaleF8 = [&](Type t) { return isE8M0(t) || isE4M3(t); };

  auto sourceAType = cast<VectorType>(getSourceA().getType());
  auto sourceBType = cast<VectorType>(getSourceB().getType());
  auto destType = cast<VectorType>(getDestC().getType());
  Type aElem = sourceAType.getElementType();
  Type bElem = sourceBType.getElementType();
  int64_t m = intAttrValue(getMAttr());
  int64_t aLen = sourceAType.getNumElements();
  int64_t bLen = sourceBType.getNumElements();
  int64_t expectedOutLen = m == 16 ? 8 : 16;
  if (destType.getNumElements() != expectedOutLen)
    return emitOpError("expected output vector of length ") << expectedOutLen << " but got "
                                                           << destType.getNumElements();
  if (m == 16) {
    if (aLen != 64)
      return emitOpError("for 16x16x128, sourceA must have 64 elements but got ") << aLen;
    if (bLen != 64)
      return emitOpError("for 16x16x128, sourceB must have 64 elements but got ") << bLen;
  } else {
    if (!isF4(aElem) && !isF4(bElem))
      return emitOpError("32x16x128 only supports fp4 element types");
    if (aLen != 128)
      return emitOpError("for 32x16x128, sourceA must have 128 elements but got ") << aLen;
    if (bLen != 64)
      return emitOpError("for 32x16x128, sourceB must have 64 elements but got ") << bLen;
    if (intAttrValue(getAFirstScaleLaneAttr()) != 0)
      return emitOpError("for 32x16x128, a_first_scale_lane must be 0");
  }
  Type scaleAElem = cast<VectorType>(getScaleA().getType()).getElementType();
  Type scaleBElem = cast<VectorType>(getScaleB().getType()).getElementType();
  if (!isScaleF8(scaleAElem) || !isScaleF8(scaleBElem))
    return emitOpError("scale operands must have f8 element types (E8M0FNU or E4M3FN)");
  if (isE8M0(scaleAElem) && isE8M0(scaleBElem))
    return success();
  if ((isF8(aElem) || isF6(aElem)) && isE8M0(scaleAElem) && isF4(bElem) && isE4M3(scaleBElem))
    return success();
  if (isF4(aElem) && isE4M3(scaleAElem) && (isF8(bElem) || isF6(bElem)) && isE8M0(scaleBElem))
    return success();
  if (isF4(aElem) && isF4(bElem) && isE4M3(scaleAElem) && isE4M3(scaleBElem))
    return success();
  return emitOpError("invalid combination of matrix and scale types: ")
         << "sourceA=" << aElem << ", scaleA=" << scaleAElem << ", sourceB=" << bElem << ", scaleB=" << scaleBElem;
}

LogicalResult MFMAOp::verify() {
  constexpr int64_t waveSize = 64;
  Type sourceElem, destElem, sourceBElem;
  int64_t sourceLen = lengthAndElement(getSourceA().getType(), sourceElem);
  int64_t destLen = lengthAndElement(getDestC().getType(), destElem);
  Type sourceBType = getSourceB().getType();
  int64_t sourceBLen = lengthAndElement(sourceBType, sourceBElem);
  auto isSmallFloat = [](Type t) { return isFloatOfWidth(t, 8) || isFloatOfWidth(t, 6) || isFloatOfWidth(t, 4); };
  if (isSmallFloat(sourceElem)) {
    if (!isSmallFloat(sourceBElem))
      return emitOpError("expected both source operands to have small-float elements if one does");
    if (sourceLen != sourceBLen)
      return emitOpError("expected both small-float source vectors to have the same length");
  } else if (getSourceA().getType() != sourceBType) {
    return emitOpError("expected both non-small-float source operand types to match exactly");
  }
  if (sourceElem.isInteger(32))
    sourceLen *= 4;
  if (sourceElem.isInteger(64))
    sourceLen *= 8;
  int64_t m = intAttrValue(getMAttr()), n = intAttrValue(getNAttr()), k = intAttrValue(getKAttr());
  int64_t blocks = intAttrValue(getBlocksAttr(), 1);
  int64_t numSourceElems = (m * k * blocks) / waveSize;
  if (sourceLen != numSourceElems)
    return emitOpError("expected ") << numSourceElems << " source values for this operation but got " << sourceLen;
  int64_t numDestElems = (m * n * blocks) / waveSize;
  if (destLen != numDestElems)
    return emitOpError("expected ") << numDestElems << " result values for this operation but got " << destLen;
  MFMAPermBAttr blgp = getBlgpAttr();
  int64_t cbsz = intAttrValue(getCbszAttr());
  if (destElem.isF64() && blgp && blgp.getValue() != MFMAPermB::none)
    return emitOpError("double-precision ops do not support permuting lanes of B");
  if (destElem.isF64() && cbsz != 0)
    return emitOpError("double-precision ops do not support permuting lanes of A");
  if (uint64_t(intAttrValue(getAbidAttr())) >= (uint64_t(1) << (cbsz & 63)))
    return emitOpError("block ID for permuting A (abid) must be below 2 ** cbsz");
  if ((getNegateA() || getNegateB() || getNegateC()) && !destElem.isF64())
    return emitOpError("negation flags only available for double-precision operations");
  return success();
}

LogicalResult SparseMFMAOp::verify() {
  constexpr int64_t waveSize = 64;
  auto sparseType = cast<VectorType>(getSourceA().getType());
  auto denseType = cast<VectorType>(getSourceB().getType());
  auto destType = cast<VectorType>(getDestC().getType());
  Type sparseElem = sparseType.getElementType();
  Type denseElem = denseType.getElementType();
  int64_t sparseLen = sparseType.getNumElements();
  int64_t denseLen = denseType.getNumElements();
  int64_t destLen = destType.getNumElements();
  if (denseLen != 2 * sparseLen)
    return emitOpError("expected dense source operand to have exactly double the number of elements of the sparse "
                       "source operand");
  bool bothFloat8 = isFloatOfWidth(sparseElem, 8) && isFloatOfWidth(denseElem, 8);
  if (!bothFloat8 && sparseElem != denseElem)
    return emitOpError("expected source operands to have the same element type");
  bool is8Bit = isFloatOfWidth(sparseElem, 8) || sparseElem.isInteger(8);
  int64_t abid = intAttrValue(getAbidAttr());
  Type idxType = getSparseIdx().getType();
  auto idxVector = dyn_cast<VectorType>(idxType);
  if (is8Bit) {
    if (abid > 1)
      return emitOpError("ABID must be 0 or 1 for 8-bit source data");
    if (!idxVector || idxVector.getNumElements() != 2 || !idxVector.getElementType().isInteger(16))
      return emitOpError("expected vector<2xi16> sparse indices for 8-bit source data, but got ") << idxType;
  } else {
    if (abid > 3)
      return emitOpError("ABID must be between 0 and 3 for 16-bit source data");
    if (!idxVector || idxVector.getNumElements() != 4 || !idxVector.getElementType().isInteger(8))
      return emitOpError("expected vector<4xi8> sparse indices for 16-bit source data, but got ") << idxType;
  }
  int64_t m = intAttrValue(getMAttr()), n = intAttrValue(getNAttr()), k = intAttrValue(getKAttr());
  int64_t expectedSourceElems = (m * k) / waveSize;
  if (denseLen != expectedSourceElems)
    return emitOpError("expected ") << expectedSourceElems << " source values for this operation but got "
                                    << denseLen;
  int64_t expectedDestElems = (m * n) / waveSize;
  if (destLen != expectedDestElems)
    return emitOpError("expected ") << expectedDestElems << " result values for this operation but got " << destLen;
  return success();
}

//===----------------------------------------------------------------------===//
// Lane permutations
//===----------------------------------------------------------------------===//

LogicalResult DPPOp::verify() {
  Type srcType = getElementTypeOrSelf(getSrc().getType());
  if (bitWidthOf(srcType) > 64)
    return emitOpError("integer and floating point types larger than 64 bits are not supported");
  DPPPermAttr kindAttr = getKindAttr();
  if (!kindAttr)
    return success();
  DPPPerm kind = kindAttr.getValue();
  Attribute permArgument = getPermArgumentAttr();
  switch (kind) {
  case DPPPerm::quad_perm: {
    auto quadPerm = dyn_cast_or_null<ArrayAttr>(permArgument);
    if (!quadPerm || quadPerm.size() != 4)
      return emitOpError("quad_perm attribute must have exactly 4 elements");
    for (Attribute elem : quadPerm) {
      auto value = dyn_cast<IntegerAttr>(elem);
      uint32_t num = value ? uint32_t(value.getInt()) : 0;
      if (num > 3)
        return emitOpError("Each element of quad_perm must be in the range [0, 3]");
    }
    break;
  }
  case DPPPerm::row_shl:
  case DPPPerm::row_shr:
  case DPPPerm::row_ror: {
    if (!permArgument)
      return emitOpError("Attribute '") << getDPPPermInfo().stringify(uint64_t(kind)) << "' value not specified";
    if (auto intAttr = dyn_cast<IntegerAttr>(permArgument)) {
      uint32_t value = uint32_t(intAttr.getInt());
      if (value < 1 || value > 15)
        return emitOpError("Attribute value must be between 1 and 15");
    }
    break;
  }
  default:
    if (permArgument && !isa<lamina::UnitAttr>(permArgument))
      return emitOpError("Expected unit attribute for permArgument, but found non-trivial argument");
    break;
  }
  return success();
}

LogicalResult PermlaneSwapOp::verify() {
  int64_t rowLength = intAttrValue(getRowLengthAttr());
  if (rowLength != 16 && rowLength != 32)
    return emitOpError("row_length attribute must either be 16 or 32.");
  return success();
}

//===----------------------------------------------------------------------===//
// LDS transfers
//===----------------------------------------------------------------------===//

/// MemRefType::areTrailingDimsContiguous(1): the innermost stride is 1.
static bool isInnermostContiguous(MemRefType type) {
  std::vector<int64_t> strides;
  int64_t offset = 0;
  if (failed(memref::getStridesAndOffset(type, strides, offset)))
    return false;
  return strides.empty() || strides.back() == 1;
}

LogicalResult GatherToLDSOp::verify() {
  auto srcType = cast<MemRefType>(getSrc().getType());
  auto dstType = cast<MemRefType>(getDst().getType());
  if (dstType.getRank() > 0 && !isInnermostContiguous(dstType))
    return emitOpError("destination type inner most dim must be contiguous");
  if (srcType.getElementType() != dstType.getElementType())
    return emitOpError("source and destination element types must match");
  TypeAttr transferAttr = getTransferTypeAttr();
  Type transferType = transferAttr ? transferAttr.getValue() : Type();
  int64_t transferSize = 0;
  if (auto vector = dyn_cast_or_null<VectorType>(transferType))
    transferSize = vector.getNumElements() * bitWidthOf(vector.getElementType());
  else if (transferType)
    transferSize = bitWidthOf(transferType);
  if (!contains({8, 16, 32, 96, 128}, transferSize))
    return emitOpError("Transfering type size must be 8, 16, 32, 96 or 128 bits");
  if (!hasGlobalMemorySpace(srcType.getMemorySpace()) && !hasFatRawBufferMemorySpace(srcType.getMemorySpace()))
    return emitOpError("source memory address space must be global or fat raw buffer");
  if (!hasWorkgroupMemorySpace(dstType.getMemorySpace()))
    return emitOpError("destination memory address space must be Workgroup");
  return success();
}

LogicalResult TransposeLoadOp::verify() {
  auto srcType = cast<MemRefType>(getSrc().getType());
  if (int64_t(getSrcIndices().size()) != srcType.getRank())
    return emitOpError("Expected ") << srcType.getRank() << " indices to memref";
  if (!hasWorkgroupMemorySpace(srcType.getMemorySpace()))
    return emitOpError("source memory address space must be Workgroup");
  auto transferType = cast<VectorType>(getOperation()->getResult(0).getType());
  int64_t numElements = transferType.getNumElements();
  unsigned elementTypeSize = bitWidthOf(transferType.getElementType());
  int64_t validNumElems;
  switch (elementTypeSize) {
  case 4:
  case 6:
    validNumElems = 16;
    break;
  case 8:
    validNumElems = 8;
    break;
  case 16:
    validNumElems = 4;
    break;
  default:
    return emitOpError("Unsupported element type size for transpose load: ") << elementTypeSize << " bits";
  }
  if (numElements != validNumElems)
    return emitOpError("Transferring type size mismatch: expected num of elements: ") << validNumElems;
  return success();
}

//===----------------------------------------------------------------------===//
// DMA
//===----------------------------------------------------------------------===//

static LogicalResult verifyBase(Operation *op, Value global, OperandRange globalIndices, Value lds,
                                OperandRange ldsIndices) {
  auto ldsType = cast<MemRefType>(lds.getType());
  auto globalType = cast<MemRefType>(global.getType());
  (void)globalIndices;
  (void)ldsIndices;
  if (!hasWorkgroupMemorySpace(ldsType.getMemorySpace()))
    return op->emitOpError("lds memref must have workgroup address space attribute.");
  if (!hasGlobalMemorySpace(globalType.getMemorySpace()))
    return op->emitOpError("global memref must have global address space attribute.");
  unsigned width = bitWidthOf(ldsType.getElementType());
  if (!contains({8, 16, 32, 64}, width))
    return op->emitOpError("element type must be 1, 2, 4, or 8 bytes long but type was ") << width << " bits long.";
  return success();
}

LogicalResult MakeDmaBaseOp::verify() {
  return verifyBase(getOperation(), getGlobal(), getGlobalIndices(), getLds(), getLdsIndices());
}

LogicalResult MakeGatherDmaBaseOp::verify() {
  return verifyBase(getOperation(), getGlobal(), getGlobalIndices(), getLds(), getLdsIndices());
}

/// The checks shared by make_dma_descriptor and make_gather_dma_descriptor.
static LogicalResult verifyDescriptorOp(Operation *op, ArrayRef<int64_t> globalStaticSizes,
                                        ArrayRef<int64_t> globalStaticStrides, ArrayRef<int64_t> sharedStaticSizes,
                                        unsigned elementTypeWidth, Value workgroupMask, Value earlyTimeout,
                                        Value atomicBarrierAddress) {
  if (globalStaticStrides.empty())
    return op->emitOpError("strides must not be empty.");
  if (globalStaticStrides.back() != 1)
    return op->emitOpError("strides for the innermost dimension must be 1.");
  size_t rank = globalStaticSizes.size();
  if (rank > 5)
    return op->emitOpError("tensor and tile must be at most of rank 5.");
  if (rank != globalStaticStrides.size())
    return op->emitOpError("strides and sizes must have same rank.");
  if (rank != sharedStaticSizes.size())
    return op->emitOpError("tensor must have same rank as tile.");
  if (!contains({8, 16, 32, 64}, elementTypeWidth))
    return op->emitOpError("element type width must be 1, 2, 4 or 8 bytes, but was ") << elementTypeWidth
                                                                                       << " bits long";
  if (atomicBarrierAddress) {
    auto barrierType = cast<MemRefType>(atomicBarrierAddress.getType());
    if (!hasWorkgroupMemorySpace(barrierType.getMemorySpace()))
      return op->emitOpError("atomic barrier address must be in LDS.");
  }
  if (earlyTimeout && !workgroupMask)
    return op->emitOpError("early timeout does not apply when workgroup_mask is not set.");
  return success();
}

/// The element width of a tdm_base or tdm_gather_base value.
static unsigned baseElementWidth(Value base) {
  Type type = base.getType();
  if (auto plain = dyn_cast<TDMBaseType>(type))
    return bitWidthOf(plain.getElementType());
  if (auto gather = dyn_cast<TDMGatherBaseType>(type))
    return bitWidthOf(gather.getElementType());
  return 0;
}

LogicalResult MakeDmaDescriptorOp::verify() {
  return verifyDescriptorOp(getOperation(), getGlobalStaticSizes(), getGlobalStaticStrides(), getSharedStaticSizes(),
                            baseElementWidth(getBase()), getWorkgroupMask(), getEarlyTimeout(),
                            getAtomicBarrierAddress());
}

LogicalResult MakeGatherDmaDescriptorOp::verify() {
  if (getGlobalStaticSizes().size() > 2)
    return emitOpError("tensor and tile must be at most of rank two in gather mode.");
  Type indexElem = cast<VectorType>(getIndices().getType()).getElementType();
  auto base = dyn_cast<TDMGatherBaseType>(getBase().getType());
  if (base && indexElem != base.getIndexType())
    return emitOpError("indices' element type must match base's element type.");
  return verifyDescriptorOp(getOperation(), getGlobalStaticSizes(), getGlobalStaticStrides(), getSharedStaticSizes(),
                            baseElementWidth(getBase()), getWorkgroupMask(), getEarlyTimeout(),
                            getAtomicBarrierAddress());
}
