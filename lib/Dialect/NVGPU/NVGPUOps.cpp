//===- NVGPUOps.cpp - What the nvgpu dialect writes by hand ---------------===//
//
// As mlir/lib/Dialect/NVGPU/IR/NVGPUDialect.cpp: the verifiers of the async
// copy, ldmatrix, mma.sync (dense and sparse), the TMA ops, the warpgroup MMA
// ops and rcp, with mlir-opt's messages. MLIR asserts (or reads out of
// bounds) on a few malformed inputs its verifiers do not guard against (an
// mma shape without three integers, non-integer/float elements); Lamina
// treats them as failing or passing checks instead of crashing.
//
#include "lamina/Dialect/NVGPU/NVGPUDialect.h"

#include "lamina/Dialect/MemRef/StridedLayout.h"
#include "lamina/IR/Diagnostics.h"

#include <algorithm>
#include <array>

using namespace lamina;
using namespace lamina::nvgpu;

/// Threads in a warp.
static constexpr int64_t kWarpSize = 32;
/// The largest dimension of a TMA box.
static constexpr int64_t kMaxTMADimension = 256;
/// The most dimensions of a TMA tensor.
static constexpr unsigned kMaxTMATensorDimension = 5;
/// The M size of a wgmma instruction.
static constexpr int64_t kWgmmaSizeM = 64;

/// MLIR's isLastMemrefDimUnitStride.
static bool isLastMemrefDimUnitStride(MemRefType type) {
  std::vector<int64_t> strides;
  int64_t offset = 0;
  return succeeded(memref::getStridesAndOffset(type, strides, offset)) && (strides.empty() || strides.back() == 1);
}

/// The bit width of an integer or float element, 0 for other types.
static unsigned bitWidthOf(Type type) { return type.isIntOrFloat() ? type.getIntOrFloatBitWidth() : 0; }

//===----------------------------------------------------------------------===//
// device_async_copy
//===----------------------------------------------------------------------===//

LogicalResult DeviceAsyncCopyOp::verify() {
  auto srcMemref = cast<MemRefType>(getSrc().getType());
  auto dstMemref = cast<MemRefType>(getDst().getType());
  if (!isLastMemrefDimUnitStride(srcMemref))
    return emitError("source memref most minor dim must have unit stride");
  if (!isLastMemrefDimUnitStride(dstMemref))
    return emitError("destination memref most minor dim must have unit stride");
  if (!NVGPUDialect::hasSharedMemoryAddressSpace(dstMemref))
    return emitError() << "destination memref must have a memory space attribute of IntegerAttr("
                       << NVGPUDialect::kSharedMemoryAddressSpace << ") or gpu::AddressSpaceAttr(Workgroup)";
  if (dstMemref.getElementType() != srcMemref.getElementType())
    return emitError("source and destination must have the same element type");
  if (size_t(srcMemref.getRank()) != getSrcIndices().size())
    return emitOpError() << "expected " << srcMemref.getRank() << " source indices, got " << getSrcIndices().size();
  if (size_t(dstMemref.getRank()) != getDstIndices().size())
    return emitOpError() << "expected " << dstMemref.getRank() << " destination indices, got "
                         << getDstIndices().size();
  int64_t dstElements = int64_t(getDstElementsAttr().getValue().getZExtValue());
  unsigned dstWidth = bitWidthOf(dstMemref.getElementType());
  int64_t sizeInBytes = (int64_t(dstWidth) * dstElements) / 8;
  if (sizeInBytes != 4 && sizeInBytes != 8 && sizeInBytes != 16) {
    InFlightDiagnostic diag = emitError();
    diag << "Requested copy elements is " << dstElements << " with width " << dstWidth
         << ". But copy elements could be one of ";
    if (dstWidth && (32 / dstWidth) > 0)
      diag << (32 / dstWidth) << ", ";
    if (dstWidth && (64 / dstWidth) > 0)
      diag << (64 / dstWidth) << ", ";
    if (dstWidth && (128 / dstWidth) > 0)
      diag << (128 / dstWidth) << ".";
    return diag;
  }
  if (getBypassL1Attr() && sizeInBytes != 16) {
    int64_t req = dstWidth ? 16 * 8 / dstWidth : 0;
    return emitOpError() << "bypassL1 does not satify alignment for " << Type(dstMemref)
                         << " with destination element " << dstElements
                         << ". Unset bypassL1, or set destination element to " << req;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// mma.sync, mma.sp.sync
//===----------------------------------------------------------------------===//

/// The `mmaShape` attribute as three integers (missing ones are 0).
static std::array<int64_t, 3> getMmaShapeAsArray(ArrayAttr mmaShape) {
  std::array<int64_t, 3> shape = {0, 0, 0};
  if (!mmaShape)
    return shape;
  for (size_t i = 0; i < 3 && i < mmaShape.size(); ++i)
    if (auto value = dyn_cast<IntegerAttr>(mmaShape[i]))
      shape[i] = value.getInt();
  return shape;
}

/// The verifier shared by mma.sync and mma.sp.sync (MLIR's verifyMmaSyncOp).
static LogicalResult verifyMmaSyncOp(Operation *op, Value matrixA, Value matrixB, Value matrixC,
                                     const std::array<int64_t, 3> &mmaShape, bool tf32Enabled, bool sparse = false) {
  int64_t shapeM = 8;
  int64_t shapeN = 8;
  int64_t shapeK;
  int64_t numElementA;
  int64_t numElementB;
  int64_t numElementC = 2;

  auto aVector = cast<VectorType>(matrixA.getType());
  auto bVector = cast<VectorType>(matrixB.getType());
  auto cVector = cast<VectorType>(matrixC.getType());
  ArrayRef<int64_t> aShape = aVector.getShape();
  ArrayRef<int64_t> bShape = bVector.getShape();
  ArrayRef<int64_t> cShape = cVector.getShape();
  Type aType = aVector.getElementType();

  if (sparse && aType.isF64())
    return op->emitError() << "f64 is not supported for sparse mode";
  if (aType.isF64()) {
    shapeK = 4;
    numElementA = 1;
    numElementB = 1;
  } else if (aType.isF32() || aType.isBF16() || aType.isF16() || aType.isInteger(8) || aType.isInteger(4)) {
    int64_t operandBitwidth = aType.getIntOrFloatBitWidth();
    shapeK = 128 / operandBitwidth;
    numElementA = 32 / operandBitwidth;
    numElementB = 32 / operandBitwidth;
  } else {
    return op->emitError() << "expected input data type (i4,i8,f16,bf16,tf32,f64) supported by "
                           << op->getName().getStringRef();
  }

  auto [m, n, k] = mmaShape;
  // The operand constraints make the three vectors two-dimensional.
  int64_t sparseFactor = sparse ? 2 : 1;
  if (aShape[0] * aShape[1] * kWarpSize != m * k / sparseFactor)
    return op->emitOpError() << "expected " << m * k << " warp-wide matrix A elements";
  if (bShape[0] * bShape[1] * kWarpSize != k * n)
    return op->emitOpError() << "expected " << k * n << " warp-wide matrix B elements";
  if (cShape[0] * cShape[1] * kWarpSize != m * n)
    return op->emitOpError() << "expected " << m * n << " warp-wide matrix C elements";
  if (tf32Enabled && !aType.isF32())
    return op->emitOpError() << "expected tf32 tensor cores only for F32 operands";

  int64_t mTile = m / shapeM;
  int64_t nTile = n / shapeN;
  int64_t kTile = k / shapeK;
  if (aShape[0] != mTile * kTile / (sparse ? 2 : 1) || aShape[1] != numElementA)
    return op->emitOpError() << "expected matrix A to be shaped (" << mTile * kTile << " x " << numElementA << ")";
  if (bShape[0] != kTile * nTile || bShape[1] != numElementB)
    return op->emitOpError() << "expected matrix B to be shaped (" << kTile * nTile << " x " << numElementB << ")";
  if (cShape[0] != mTile * nTile || cShape[1] != numElementC)
    return op->emitOpError() << "expected matrix C to be shaped (" << mTile * nTile << " x " << numElementC << ")";
  return success();
}

LogicalResult MmaSyncOp::verify() {
  return verifyMmaSyncOp(getOperation(), getMatrixA(), getMatrixB(), getMatrixC(),
                         getMmaShapeAsArray(getMmaShapeAttr()), getTf32Enabled());
}

LogicalResult MmaSparseSyncOp::verify() {
  IntegerAttr selector = getSparsitySelectorAttr();
  if (selector && uint32_t(selector.getInt()) > 1)
    return emitOpError() << "sparsity selector should be 0 or 1";
  return verifyMmaSyncOp(getOperation(), getMatrixA(), getMatrixB(), getMatrixC(),
                         getMmaShapeAsArray(getMmaShapeAttr()), getTf32Enabled(), /*sparse=*/true);
}

//===----------------------------------------------------------------------===//
// ldmatrix
//===----------------------------------------------------------------------===//

LogicalResult LdMatrixOp::verify() {
  auto srcMemref = cast<MemRefType>(getSrcMemref().getType());
  auto resVector = cast<VectorType>(getRes().getType());
  ArrayRef<int64_t> resShape = resVector.getShape();
  int64_t elementBitWidth = bitWidthOf(resVector.getElementType());
  int64_t numElementsPer32b = elementBitWidth ? 32 / elementBitWidth : 0;
  int64_t numTiles = getNumTilesAttr().getInt();
  bool isTranspose = getTransposeAttr() && getTransposeAttr().getValue();

  if (!NVGPUDialect::hasSharedMemoryAddressSpace(srcMemref))
    return emitError() << "expected nvgpu.ldmatrix srcMemref must have a memory space attribute of IntegerAttr("
                       << NVGPUDialect::kSharedMemoryAddressSpace << ") or gpu::AddressSpaceAttr(Workgroup)";
  if (elementBitWidth > 32)
    return emitError() << "nvgpu.ldmatrix works for 32b or lower";
  if (isTranspose && elementBitWidth != 16)
    return emitError() << "nvgpu.ldmatrix transpose works only at 16b granularity";
  if (resShape.size() != 2)
    return emitError() << "results must be 2 dimensional vector";
  if (resShape[1] != numElementsPer32b)
    return emitError() << "expected vector register shape[1] = " << numElementsPer32b;
  if (resShape[0] != numTiles)
    return emitError() << "expected vector register shape[0] and numTiles to match";
  return success();
}

//===----------------------------------------------------------------------===//
// TMA
//===----------------------------------------------------------------------===//

/// Checks a tensor map descriptor type, and the memref `memrefType` the op
/// copies to or from against it when given (MLIR's
/// verifyTmaDescriptorWithMemref).
static LogicalResult verifyTmaDescriptorWithMemref(Operation *op, TensorMapDescriptorType descType,
                                                   MemRefType memrefType = MemRefType()) {
  MemRefType descMemref = descType.getTensor();
  if (descType.getInterleave() != TensorMapInterleaveKind::INTERLEAVE_NONE)
    return op->emitError() << "Interleave options are not supported yet.";
  if (!NVGPUDialect::hasSharedMemoryAddressSpace(descMemref))
    return op->emitError() << "the tensor map descriptor has incorrect address space, it must be shared memory "
                              "address space.";
  if (!descMemref.hasStaticShape())
    return op->emitError() << "the tensor map descriptor must be static shaped";
  for (int64_t dim : descMemref.getShape())
    if (dim <= 0 || dim > kMaxTMADimension)
      return op->emitError() << "the tensor map descriptor must have dimensions between 1 and " << kMaxTMADimension
                             << " but it is " << dim;
  if (descMemref.getRank() > 1 && descType.getSwizzle() != TensorMapSwizzleKind::SWIZZLE_NONE) {
    unsigned lastDimensionByte =
        unsigned(bitWidthOf(descMemref.getElementType()) * descMemref.getShape().back() / 8);
    // 32, 64 or 128 bytes for swizzle_32b, swizzle_64b and swizzle_128b.
    unsigned expectByte = 16u << unsigned(descType.getSwizzle());
    if (lastDimensionByte != expectByte)
      return op->emitError() << "the tensormap descriptor must have last dimension of " << expectByte
                             << " bytes but it is " << lastDimensionByte << " bytes";
  }
  if (!memrefType)
    return success();
  if (descMemref.getElementType() != memrefType.getElementType())
    return op->emitError() << "the element type of tensor map descriptor and memref must be same";
  if (!NVGPUDialect::hasSharedMemoryAddressSpace(memrefType))
    return op->emitError() << "the destination memref has incorrect address space, it must be shared memory "
                              "address space.";
  if (!memrefType.hasStaticShape())
    return op->emitError() << "the destination memref must be static shaped";
  if (memrefType.getRank() != descMemref.getRank())
    return op->emitError() << "the shape of tensor map descriptor and memref must have same rank";
  if (descMemref.getShape() != memrefType.getShape())
    return op->emitError() << "memref and tensor map shapes mismatch " << Type(descMemref)
                           << " != " << Type(memrefType);
  return success();
}

/// The coordinate checks of tma.async.load and tma.async.store.
static LogicalResult verifyTmaCoordinates(Operation *op, OperandRange coordinates, TensorMapDescriptorType desc) {
  if (coordinates.size() > kMaxTMATensorDimension)
    return op->emitError() << "Maximum " << kMaxTMATensorDimension << " coordinates are supported.";
  if (coordinates.size() != size_t(desc.getTensor().getRank()))
    return op->emitError() << "number of coordinates do not match with the rank of tensor descriptor map.";
  return success();
}

LogicalResult TmaAsyncLoadOp::verify() {
  auto desc = cast<TensorMapDescriptorType>(getTensorMapDescriptor().getType());
  if (failed(verifyTmaDescriptorWithMemref(getOperation(), desc, cast<MemRefType>(getDst().getType()))))
    return failure();
  return verifyTmaCoordinates(getOperation(), getCoordinates(), desc);
}

LogicalResult TmaAsyncStoreOp::verify() {
  auto desc = cast<TensorMapDescriptorType>(getTensorMapDescriptor().getType());
  if (failed(verifyTmaDescriptorWithMemref(getOperation(), desc, cast<MemRefType>(getSrc().getType()))))
    return failure();
  return verifyTmaCoordinates(getOperation(), getCoordinates(), desc);
}

LogicalResult TmaCreateDescriptorOp::verify() {
  if (getBoxDimensions().size() > kMaxTMATensorDimension)
    return emitError() << "Maximum " << kMaxTMATensorDimension << " coordinates are supported.";
  return verifyTmaDescriptorWithMemref(getOperation(), cast<TensorMapDescriptorType>(getTensorMap().getType()));
}

//===----------------------------------------------------------------------===//
// Warpgroup MMA
//===----------------------------------------------------------------------===//

LogicalResult WarpgroupGenerateDescriptorOp::verify() {
  auto desc = cast<TensorMapDescriptorType>(getTensorMap().getType());
  if (failed(verifyTmaDescriptorWithMemref(getOperation(), desc)))
    return failure();
  if (desc.getSwizzle() != TensorMapSwizzleKind::SWIZZLE_128B)
    return emitError() << "supports only "
                       << getTensorMapSwizzleKindInfo().stringify(uint64_t(TensorMapSwizzleKind::SWIZZLE_128B))
                       << " is supported for the time being";
  if (desc.getInterleave() != TensorMapInterleaveKind::INTERLEAVE_NONE)
    return emitError() << "supports only "
                       << getTensorMapInterleaveKindInfo().stringify(
                              uint64_t(TensorMapInterleaveKind::INTERLEAVE_NONE))
                       << " is supported for the time being";
  return success();
}

/// The element types wgmma accepts: D += A * B.
static bool isAllowedWGMMADataType(Type typeD, Type typeA, Type typeB) {
  if (typeA.isF16() && typeB.isF16() && (typeD.isF32() || typeD.isF16()))
    return true;
  if (typeA.isTF32() && typeD.isF32() && typeB.isTF32())
    return true;
  if (typeA.isInteger(16) && typeB.isInteger(16) && typeD.isInteger(32))
    return true;
  if (typeA.isInteger(1) && typeB.isInteger(1) && typeD.isInteger(32))
    return true;
  if (typeA.isBF16() && typeB.isBF16() && (typeD.isF32() || typeD.isF16()))
    return true;
  auto isF8 = [](Type t) { return isa<Float8E5M2Type>(t) || isa<Float8E4M3FNType>(t); };
  if (isF8(typeA) && isF8(typeB) && (typeD.isF32() || typeD.isF16()))
    return true;
  return false;
}

static bool isAllowedSizeM(int64_t sizeM) { return sizeM % kWgmmaSizeM == 0; }

static bool isAllowedSizeN(int64_t sizeN, Type typeA) {
  static constexpr int allowedN[] = {8,   16,  24,  32,  40,  48,  56,  64,  72,  80,  88,
                                     96,  104, 112, 120, 128, 136, 144, 152, 160, 168, 176,
                                     184, 192, 200, 208, 216, 224, 232, 240, 248, 256};
  static constexpr int allowedNshort[] = {8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240,
                                          256};
  auto contains = [&](const auto &list) { return std::find(std::begin(list), std::end(list), sizeN) != std::end(list); };
  if (typeA.isBF16() || typeA.isF16() || typeA.isF32() || typeA.isTF32() || isa<Float8E4M3FNType>(typeA) ||
      isa<Float8E5M2Type>(typeA))
    if (contains(allowedN))
      return true;
  if (typeA.isInteger(8) || typeA.isInteger(1))
    if (contains(allowedNshort))
      return true;
  return false;
}

LogicalResult WarpgroupMmaOp::verify() {
  if (getTransposeA() && !getTransposeB())
    return emitOpError() << "supports non-transpose A (Row Major) and transpose B (Column Major) for the time being ";
  MemRefType matrixA = cast<WarpgroupMatrixDescriptorType>(getDescriptorA().getType()).getTensor();
  MemRefType matrixB = cast<WarpgroupMatrixDescriptorType>(getDescriptorB().getType()).getTensor();
  VectorType matrixC = cast<WarpgroupAccumulatorType>(getMatrixC().getType()).getFragmented();
  VectorType matrixD = cast<WarpgroupAccumulatorType>(getMatrixD().getType()).getFragmented();
  if (matrixC != matrixD)
    return emitOpError() << "type of matrix C and matrix D must be the same";
  if (matrixA.getRank() != 2 || matrixB.getRank() != 2 || matrixC.getRank() != 2 || matrixD.getRank() != 2)
    return emitOpError() << "has matrices A, B, C and D, they must be 2 dimensional";
  if (matrixA.getShape()[1] != matrixB.getShape()[0])
    return emitOpError() << "2nd dim matrix-A (" << matrixA.getShape()[1] << ")!= 1st dim matrix-B ("
                         << matrixB.getShape()[0] << " )";
  if (matrixA.getShape()[0] != matrixC.getShape()[0])
    return emitOpError() << "1st dim matrix-A ( " << matrixA.getShape()[0] << " )!= 1st dim matrix-C ( "
                         << matrixC.getShape()[0] << " )";
  if (matrixB.getShape()[1] != matrixC.getShape()[1])
    return emitOpError() << "2nd dim matrix-B ( " << matrixB.getShape()[1] << " ) != 2nd dim matrix-C ( "
                         << matrixC.getShape()[1] << " )";
  if (!isAllowedWGMMADataType(matrixC.getElementType(), matrixA.getElementType(), matrixB.getElementType()))
    return emitOpError() << matrixC.getElementType() << " += " << matrixA.getElementType() << " * "
                         << matrixB.getElementType() << ", it is not supported.";
  if (!isAllowedSizeN(matrixB.getDimSize(1), matrixA.getElementType()))
    return emitOpError() << "has input type " << Type(matrixB) << " n is set to " << matrixB.getDimSize(1)
                         << ", it is not supported";
  if (!matrixC.getElementType().isF32() && !matrixA.getElementType().isF16() && !matrixA.getElementType().isBF16())
    return emitOpError() << "hit a limitation: " << matrixC.getElementType() << " += " << matrixA.getElementType()
                         << " * " << matrixB.getElementType() << ", it is not supported yet";
  return success();
}

LogicalResult WarpgroupMmaStoreOp::verify() {
  auto dstMemrefType = cast<MemRefType>(getDstMemref().getType());
  VectorType vtype = cast<WarpgroupAccumulatorType>(getMatrixD().getType()).getFragmented();
  if (!vtype.getElementType().isF32())
    return emitOpError() << "hit a limitation: only f32 results for the time being";
  if (vtype.getRank() < 2 || dstMemrefType.getRank() < 2 || vtype.getDimSize(0) != dstMemrefType.getDimSize(0) ||
      vtype.getDimSize(1) != dstMemrefType.getDimSize(1))
    return emitOpError() << "results [" << Type(vtype) << "][" << (vtype.getRank() > 1 ? vtype.getDimSize(1) : 0)
                         << "] values. However, destination memref["
                         << (dstMemrefType.getRank() > 0 ? dstMemrefType.getDimSize(0) : 0) << "]["
                         << (dstMemrefType.getRank() > 1 ? dstMemrefType.getDimSize(1) : 0)
                         << "]  does not have same size as results";
  return success();
}

LogicalResult WarpgroupMmaInitAccumulatorOp::verify() {
  VectorType fragmented = cast<WarpgroupAccumulatorType>(getMatrixC().getType()).getFragmented();
  int64_t sizeM = fragmented.getRank() > 0 ? fragmented.getDimSize(0) : 0;
  int64_t sizeN = fragmented.getRank() > 1 ? fragmented.getDimSize(1) : 0;
  if (!isAllowedSizeM(sizeM) || !isAllowedSizeN(sizeN, fragmented.getElementType()))
    return emitOpError() << "has type " << Type(fragmented)
                         << ". It does not fit into warp-group level (wgmma) matrix multiplication instruction (or "
                            "not supported yet)";
  return success();
}

//===----------------------------------------------------------------------===//
// rcp
//===----------------------------------------------------------------------===//

LogicalResult RcpOp::verify() {
  RcpRoundingModeAttr rounding = getRoundingAttr();
  if (rounding.getValue() != RcpRoundingMode::APPROX || !getFtz())
    return emitOpError() << "has a limitation. " << Attribute(rounding) << " or non-ftz is not supported yet.";
  return success();
}
