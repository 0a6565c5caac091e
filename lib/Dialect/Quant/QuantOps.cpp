//===- QuantOps.cpp - Verifiers and folders of the quant casts ------------===//
//
// As MLIR 22's QuantOps.cpp: the casts check that their quantized type
// matches the float or integer side, and that per-axis and sub-channel
// parameters fit the tensor they are used in; a cast of a cast that undoes
// it folds to the original value.
//
#include "lamina/Dialect/Quant/QuantDialect.h"

#include "lamina/IR/Diagnostics.h"
#include "lamina/ODS/OpDef.h"
#include "lamina/ODS/Predicates.h"

using namespace lamina;
using namespace lamina::quant;

//===----------------------------------------------------------------------===//
// Verification
//===----------------------------------------------------------------------===//

/// Per-axis parameters must be used in a tensor whose quantized dimension
/// exists and, if static, has one element per scale.
static LogicalResult verifyPerAxisQuantization(Operation *op, UniformQuantizedPerAxisType type, Type containerType) {
  auto tensorType = dyn_cast<TensorType>(containerType);
  if (!tensorType)
    return op->emitError("scalar types may not use per-axis quantization");
  if (!tensorType.hasRank())
    return success();
  int32_t dim = type.getQuantizedDimension();
  if (int64_t(dim) >= tensorType.getRank())
    return op->emitError("quantized dimension must be less than tensor rank");
  int64_t size = tensorType.getDimSize(dim);
  if (size != ShapedType::kDynamic && size != int64_t(type.getScales().size()))
    return op->emitError("quantized dimension size does not match number of scales");
  return success();
}

/// Sub-channel parameters must be used in a ranked tensor whose dimensions
/// the block sizes divide, the scales having one entry per block.
static LogicalResult verifySubChannelQuantization(Operation *op, UniformQuantizedSubChannelType type,
                                                  Type containerType) {
  auto tensorType = dyn_cast<TensorType>(containerType);
  if (!tensorType)
    return op->emitError("scalar types may not use sub-channel quantization");
  if (!tensorType.hasRank())
    return op->emitError("tensor containing the sub-channel quantized type must be ranked");
  ArrayRef<int64_t> shape = tensorType.getShape();
  int64_t rank = tensorType.getRank();
  std::vector<int64_t> expectedScaleShape(shape.size(), 1);
  ArrayRef<int32_t> dims = type.getQuantizedDimensions();
  ArrayRef<int64_t> blockSizes = type.getBlockSizes();
  for (size_t i = 0; i < dims.size(); ++i) {
    int32_t dim = dims[i];
    int64_t blockSize = blockSizes[i];
    if (dim >= rank)
      return op->emitError() << "quantized dimension " << int64_t(dim) << " must be less than tensor rank " << rank;
    bool dynamic = tensorType.isDynamicDim(dim);
    if (!dynamic && tensorType.getDimSize(dim) % blockSize != 0)
      return op->emitError() << "tensor dimension size " << tensorType.getDimSize(dim) << " at axis " << int64_t(dim)
                             << " must be divisible by the corresponding block size " << blockSize;
    expectedScaleShape[dim] = dynamic ? ShapedType::kDynamic : tensorType.getDimSize(dim) / blockSize;
  }
  for (int64_t size : shape)
    if (size == 0)
      return op->emitError() << "tensor dimension size of zero is not allowed with sub-channel quantization";
  ArrayRef<int64_t> scaleShape = type.getScales().getType().getShape();
  if (scaleShape.size() != shape.size())
    return op->emitError() << "Rank of scales " << int64_t(scaleShape.size()) << " must match "
                           << "the rank of the tensor " << int64_t(shape.size());
  for (size_t index = 0; index < expectedScaleShape.size(); ++index) {
    int64_t expected = expectedScaleShape[index];
    if (expected != ShapedType::kDynamic && expected != scaleShape[index])
      return op->emitError() << "dimension size " << expected << " of scales tensor at axis " << int64_t(index)
                             << " should match (tensor dimension at axis / block sizes at axis) = " << expected;
  }
  return success();
}

/// The per-axis or sub-channel checks of `quantizedType` used in `containerType`.
static LogicalResult verifyQuantizationParameters(Operation *op, QuantizedType quantizedType, Type containerType) {
  if (auto perAxis = dyn_cast<UniformQuantizedPerAxisType>(quantizedType))
    return verifyPerAxisQuantization(op, perAxis, containerType);
  if (auto subChannel = dyn_cast<UniformQuantizedSubChannelType>(quantizedType))
    return verifySubChannelQuantization(op, subChannel, containerType);
  return success();
}

/// quant.dcast and quant.qcast.
static LogicalResult verifyQuantizationOp(Operation *op, QuantizedType quantizedType, Type floatType,
                                          Type containerType) {
  if (quantizedType.getExpressedType() != floatType)
    return op->emitError("expressed type in quantized type expected to match float type");
  return verifyQuantizationParameters(op, quantizedType, containerType);
}

LogicalResult DequantizeCastOp::verify() {
  Type inputType = getInput().getType();
  return verifyQuantizationOp(getOperation(), cast<QuantizedType>(getElementTypeOrSelf(inputType)),
                              getElementTypeOrSelf(getOperation()->getResult(0).getType()), inputType);
}

LogicalResult QuantizeCastOp::verify() {
  Type inputType = getInput().getType();
  return verifyQuantizationOp(getOperation(),
                              cast<QuantizedType>(getElementTypeOrSelf(getOperation()->getResult(0).getType())),
                              getElementTypeOrSelf(inputType), inputType);
}

LogicalResult StorageCastOp::verify() {
  Type inputType = getInput().getType();
  Type inputElement = getElementTypeOrSelf(inputType);
  Type resultElement = getElementTypeOrSelf(getOperation()->getResult(0).getType());
  auto quantizedType = dyn_cast<QuantizedType>(inputElement);
  if (!quantizedType)
    quantizedType = cast<QuantizedType>(resultElement);
  Type integerType = isa<IntegerType>(inputElement) ? inputElement : resultElement;
  if (quantizedType.getStorageType() != integerType)
    return emitError("storage type in quantized type expected to match integer type");
  return verifyQuantizationParameters(getOperation(), quantizedType, inputType);
}

//===----------------------------------------------------------------------===//
// Folders
//===----------------------------------------------------------------------===//

/// quant.dcast(quant.qcast(x)) -> x.
static OpFoldResult foldDequantizeCast(Operation *op, ArrayRef<Attribute>) {
  Operation *source = op->getOperand(0).getDefiningOp();
  if (!source || !isa<QuantizeCastOp>(source))
    return {};
  return source->getOperand(0);
}

/// quant.qcast(quant.dcast(x)) -> x when x has the result's type.
static OpFoldResult foldQuantizeCast(Operation *op, ArrayRef<Attribute>) {
  Operation *source = op->getOperand(0).getDefiningOp();
  if (!source || !isa<DequantizeCastOp>(source) || source->getOperand(0).getType() != op->getResult(0).getType())
    return {};
  return source->getOperand(0);
}

/// quant.scast(quant.scast(x)) -> x when x has the result's type.
static OpFoldResult foldStorageCast(Operation *op, ArrayRef<Attribute>) {
  Operation *source = op->getOperand(0).getDefiningOp();
  if (!source || !isa<StorageCastOp>(source) || source->getOperand(0).getType() != op->getResult(0).getType())
    return {};
  return source->getOperand(0);
}

void quant::registerQuantFolders(QuantDialect &dialect) {
  ods::attachFolder(dialect, "quant.dcast", foldDequantizeCast);
  ods::attachFolder(dialect, "quant.qcast", foldQuantizeCast);
  ods::attachFolder(dialect, "quant.scast", foldStorageCast);
}
