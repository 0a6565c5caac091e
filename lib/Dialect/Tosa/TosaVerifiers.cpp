//===- TosaVerifiers.cpp - Verifiers of the tosa ops ----------------------===//
//
// As MLIR 22's TosaOps.cpp, with mlir-opt's messages: argmax, the pooling
// ops, clamp, const/const_shape, the convolutions (element types, zero
// points, accumulator types, parameters and output sizes), cond_if and
// while_loop, reverse, select, the variables and rescale. The data and
// shape ops are in TosaShapeVerifiers.cpp.
//
#include "TosaVerifierUtils.h"

using namespace lamina;
using namespace lamina::tosa;
using namespace lamina::tosa::detail;

//===----------------------------------------------------------------------===//
// argmax, pooling, clamp
//===----------------------------------------------------------------------===//

LogicalResult ArgMaxOp::verify() {
  auto resultType = cast<ShapedType>(getOutput().getType());
  if (!resultType.getElementType().isIntOrIndex())
    return emitOpError("result tensor is not of integer type");
  auto inputType = cast<ShapedType>(getInput().getType());
  if (!inputType.hasRank())
    return success();
  int64_t axis = getAxisAttr().getInt();
  if (axis < 0 || axis >= inputType.getRank())
    return emitOpError("specified axis is outside the rank of the tensor");
  if (!resultType.hasRank())
    return success();
  std::vector<int64_t> expected(inputType.getShape().begin(), inputType.getShape().end());
  expected.erase(expected.begin() + axis);
  ArrayRef<int64_t> outputShape = resultType.getShape();
  if (!compatibleShapes(expected, outputShape)) {
    auto diag = emitOpError("expected output shape '");
    diag.appendRange(expected);
    diag << "', got '";
    diag.appendRange(outputShape);
    return diag << "'";
  }
  return success();
}

/// The kernel, stride and padding checks of the pooling ops, and the output
/// sizes they imply.
static LogicalResult verifyPoolingOp(Operation *op, ArrayRef<int64_t> kernel, ArrayRef<int64_t> strides,
                                     ArrayRef<int64_t> padding, Value input, Value output) {
  if (anyOf(kernel, [](int64_t s) { return s < 1; })) {
    auto diag = op->emitOpError("expect all kernel values to be >= 1, got ");
    diag.appendRange(kernel);
    return diag;
  }
  if (anyOf(strides, [](int64_t s) { return s < 1; })) {
    auto diag = op->emitOpError("expect all stride values to be >= 1, got ");
    diag.appendRange(strides);
    return diag;
  }
  if (anyOf(padding, [](int64_t p) { return p < 0; })) {
    auto diag = op->emitOpError("expect all padding values to be >= 0, got ");
    diag.appendRange(padding);
    return diag;
  }
  if (kernel.size() < 2 || strides.size() < 2 || padding.size() < 4)
    return success();
  int64_t kernelX = kernel[1], padLeft = padding[2], padRight = padding[3];
  if (padRight >= kernelX || padLeft >= kernelX)
    return op->emitOpError("expected left/right padding to be less than the width of the kernel, got pad_left=")
           << padLeft << ", pad_right=" << padRight << ", kernel_x=" << kernelX;
  int64_t kernelY = kernel[0], padTop = padding[0], padBottom = padding[1];
  if (padTop >= kernelY || padBottom >= kernelY)
    return op->emitOpError("expected top/bottom padding to be less than the height of the kernel, got pad_top=")
           << padTop << ", pad_bottom=" << padBottom << ", kernel_y=" << kernelY;
  auto inputType = dyn_cast<RankedTensorType>(input.getType());
  auto outputType = dyn_cast<RankedTensorType>(output.getType());
  if (!inputType || !outputType)
    return success();
  auto verifyOutputSize = [&](int64_t inputSize, int64_t outputSize, int64_t kernelSize, int64_t strideSize,
                              int64_t padBefore, int64_t padAfter, std::string_view dimName,
                              std::string_view dimAxis, std::string_view padBeforeName,
                              std::string_view padAfterName) -> LogicalResult {
    if (ShapedType::isDynamic(inputSize))
      return success();
    std::optional<int64_t> minusOne = idivCheck(inputSize + padBefore + padAfter - kernelSize, strideSize);
    if (!minusOne)
      return op->emitOpError("expected input_")
             << dimName << " + pad_" << padBeforeName << " + pad_" << padAfterName << " - kernel_" << dimAxis
             << " to be wholly divisible by stride_" << dimAxis << ", got (" << inputSize << " + " << padBefore
             << " + " << padAfter << " - " << kernelSize << ") / " << strideSize;
    int64_t calculated = *minusOne + 1;
    if (!ShapedType::isDynamic(outputSize) && calculated != outputSize)
      return op->emitOpError("calculated output ")
             << dimName << " did not match expected: calculated=" << calculated << ", expected=" << outputSize;
    return success();
  };
  if (inputType.getRank() < 3 || outputType.getRank() < 3)
    return success();
  if (failed(verifyOutputSize(inputType.getDimSize(1), outputType.getDimSize(1), kernel[0], strides[0], padding[0],
                              padding[1], "height", "y", "top", "bottom")))
    return failure();
  return verifyOutputSize(inputType.getDimSize(2), outputType.getDimSize(2), kernel[1], strides[1], padding[2],
                          padding[3], "width", "x", "left", "right");
}

/// The accumulator type each input element type requires.
static LogicalResult verifyAccType(Operation *op, Type inputETy, Type accType, bool pooling) {
  if (pooling && isa<IntegerType>(inputETy) && !accType.isInteger(32))
    return op->emitOpError("accumulator type for integer tensor is not i32");
  if (!pooling && inputETy.isInteger(8) && !accType.isInteger(32))
    return op->emitOpError("accumulator type for i8 tensor is not i32");
  if (!pooling && inputETy.isInteger(16) && !accType.isInteger(48))
    return op->emitOpError("accumulator type for i16 tensor is not i48");
  if (!pooling && (isa<Float8E5M2Type>(inputETy) || isa<Float8E4M3Type>(inputETy)) && !accType.isF16())
    return op->emitOpError("accumulator type for f8 tensor is not f16");
  if (inputETy.isF16() && !(accType.isF16() || accType.isF32()))
    return op->emitOpError("accumulator type for f16 tensor is not f16/f32");
  if (inputETy.isBF16() && !accType.isF32())
    return op->emitOpError("accumulator type for bf16 tensor is not f32");
  if (inputETy.isF32() && !accType.isF32())
    return op->emitOpError("accumulator type for f32 tensor is not f32");
  return success();
}

LogicalResult AvgPool2dOp::verify() {
  if (failed(verifyPoolingOp(getOperation(), getKernel(), getStride(), getPad(), getInput(), getOutput())))
    return failure();
  Type inputETy = getStorageElementTypeOrSelf(getInput().getType());
  Type resultETy = getStorageElementTypeOrSelf(getOutput().getType());
  Type inputZpETy = getStorageElementTypeOrSelf(getInputZp().getType());
  Type outputZpETy = getStorageElementTypeOrSelf(getOutputZp().getType());
  if (failed(verifyAccType(getOperation(), inputETy, getAccTypeAttr().getValue(), /*pooling=*/true)))
    return failure();
  if (inputETy != inputZpETy)
    return emitOpError("expect both input and its zero point are the same element type, got ")
           << inputETy << " and " << inputZpETy;
  if (resultETy != outputZpETy)
    return emitOpError("expect both output and its zero point are the same element type, got ")
           << resultETy << " and " << outputZpETy;
  if (failed(verifyZeroPoint(getOperation(), getInputZp(), "input")) ||
      failed(verifyZeroPoint(getOperation(), getOutputZp(), "output")))
    return failure();
  return success();
}

LogicalResult MaxPool2dOp::verify() {
  if (failed(verifySameElementTypes(getOperation(), getInput().getType(), getOutput().getType())))
    return failure();
  return verifyPoolingOp(getOperation(), getKernel(), getStride(), getPad(), getInput(), getOutput());
}

LogicalResult ClampOp::verify() {
  Type inputETy = cast<ShapedType>(getInput().getType()).getElementType();
  if (auto quantized = dyn_cast<quant::UniformQuantizedType>(inputETy))
    inputETy = getStorageElementTypeFromQuantized(quantized);
  Type outputETy = cast<ShapedType>(getOutput().getType()).getElementType();
  if (auto quantized = dyn_cast<quant::UniformQuantizedType>(outputETy))
    outputETy = getStorageElementTypeFromQuantized(quantized);
  if (inputETy != outputETy)
    return emitOpError("input/output element types are incompatible.");
  Attribute maxValAttr = getMaxValAttr(), minValAttr = getMinValAttr();
  if (isa<IntegerType>(inputETy)) {
    auto intMax = dyn_cast<IntegerAttr>(maxValAttr), intMin = dyn_cast<IntegerAttr>(minValAttr);
    if (!intMax || !intMin || intMax.getType() != intMin.getType() || intMax.getType() != inputETy)
      return emitOpError("min/max attributes types are incompatible with input/output element types.");
    bool isUnsigned = inputETy.isUnsignedInteger() || inputETy.isInteger(1);
    APInt minVal = intMin.getValue(), maxVal = intMax.getValue();
    if (isUnsigned ? maxVal.ult(minVal) : maxVal.slt(minVal))
      return emitOpError("expected min_val <= max_val, got min_val=") << minValAttr << ", max_val=" << maxValAttr;
  } else {
    auto floatMax = dyn_cast<FloatAttr>(maxValAttr), floatMin = dyn_cast<FloatAttr>(minValAttr);
    if (!floatMax || !floatMin || floatMax.getType() != floatMin.getType() || floatMax.getType() != inputETy)
      return emitOpError("min/max attributes types are incompatible with input/output element types.");
    APFloat minVal = floatMin.getValue(), maxVal = floatMax.getValue();
    if (minVal.isNaN() || maxVal.isNaN())
      return emitOpError("min/max attributes should not be 'NaN', got min_val=")
             << minValAttr << ", max_val=" << maxValAttr;
    if (maxVal.compare(minVal) == CmpResult::LessThan)
      return emitOpError("expected min_val <= max_val, got min_val=") << minValAttr << ", max_val=" << maxValAttr;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

LogicalResult ConstOp::verify() {
  auto attrType = dyn_cast<TensorType>(getValuesAttr().getType());
  auto outputType = dyn_cast<TensorType>(getOutput().getType());
  if (!attrType || !outputType)
    return emitOpError("expected tensors for attr/result type");
  if (auto quantized = dyn_cast<quant::QuantizedType>(outputType.getElementType()))
    if (quantized.getStorageType() == attrType.getElementType())
      return success();
  if (attrType.getElementType() != outputType.getElementType())
    return emitOpError("expected same attr/result element types");
  return success();
}

LogicalResult ConstShapeOp::verify() {
  DenseIntElementsAttr values = getValuesAttr();
  if (values.getType().getRank() != 1)
    return emitOpError("expect elements in attribute values with rank 1");
  int64_t count = values.getNumElements();
  int64_t rank = cast<shapeType>(getOutput().getType()).getRank();
  if (!(count == rank || (count == 1 && rank == 0)))
    return emitOpError("expect number of elements in attribute values (")
           << count << ") to be equal to the rank (" << rank << ") for the result shape type";
  return success();
}

//===----------------------------------------------------------------------===//
// Convolutions
//===----------------------------------------------------------------------===//

/// The padding, stride and dilation checks and the output sizes they imply
/// (verifyConvOpErrorIf); `spatial` lists, per spatial dimension, the
/// input, weight and output dimension indices and its names.
namespace {
struct SpatialDim {
  unsigned input, weight, output;
  const char *name, *axis, *padBefore, *padAfter;
};
} // namespace

static LogicalResult verifyConvOpErrorIf(Operation *op, ArrayRef<int64_t> padding, ArrayRef<int64_t> strides,
                                         ArrayRef<int64_t> dilations, Value input, Value weight, Value bias,
                                         Value output, ArrayRef<SpatialDim> spatial) {
  if (anyOf(padding, [](int64_t p) { return p < 0; })) {
    auto diag = op->emitOpError("expect all padding values to be >= 0, got ");
    diag.appendRange(padding);
    return diag;
  }
  if (anyOf(strides, [](int64_t s) { return s < 1; })) {
    auto diag = op->emitOpError("expect all stride values to be >= 1, got ");
    diag.appendRange(strides);
    return diag;
  }
  if (anyOf(dilations, [](int64_t d) { return d < 1; })) {
    auto diag = op->emitOpError("expect all dilation values to be >= 1, got ");
    diag.appendRange(dilations);
    return diag;
  }
  auto outputType = dyn_cast<RankedTensorType>(output.getType());
  if (!outputType)
    return success();
  auto inputType = dyn_cast<RankedTensorType>(input.getType());
  auto weightType = dyn_cast<RankedTensorType>(weight.getType());
  if (inputType && weightType) {
    for (size_t i = 0; i < spatial.size(); ++i) {
      const SpatialDim &d = spatial[i];
      if (2 * i + 1 >= padding.size() || i >= strides.size() || i >= dilations.size() ||
          d.input >= inputType.getRank() || d.weight >= weightType.getRank() || d.output >= outputType.getRank())
        break;
      int64_t inputSize = inputType.getDimSize(d.input), kernelSize = weightType.getDimSize(d.weight);
      int64_t outputSize = outputType.getDimSize(d.output);
      int64_t padBefore = padding[2 * i], padAfter = padding[2 * i + 1];
      int64_t stride = strides[i], dilation = dilations[i];
      if (ShapedType::isDynamic(inputSize) || ShapedType::isDynamic(kernelSize))
        continue;
      std::optional<int64_t> minusOne =
          idivCheck(inputSize - 1 + padBefore + padAfter - (kernelSize - 1) * dilation, stride);
      if (!minusOne)
        return op->emitOpError("expected input_")
               << d.name << " - 1 + pad_" << d.padBefore << " + pad_" << d.padAfter << " - (kernel_" << d.name
               << " - 1) * dilation_" << d.axis << " to be wholly divisible by stride_" << d.axis << ", got ("
               << inputSize << " - 1 + " << padBefore << " + " << padAfter << " - (" << kernelSize << " - 1) * "
               << dilation << ") / " << stride;
      int64_t calculated = *minusOne + 1;
      if (!ShapedType::isDynamic(outputSize) && calculated != outputSize)
        return op->emitOpError("calculated output ")
               << d.name << " did not match expected: calculated=" << calculated << ", expected=" << outputSize;
    }
  }
  auto biasType = dyn_cast<RankedTensorType>(bias.getType());
  if (!biasType || biasType.getRank() < 1 || outputType.getRank() < 1)
    return success();
  int64_t biasChannels = biasType.getDimSize(0);
  int64_t outputChannels = outputType.getDimSize(outputType.getRank() - 1);
  if (ShapedType::isDynamic(biasChannels) || ShapedType::isDynamic(outputChannels))
    return success();
  if (biasChannels != outputChannels && biasChannels != 1)
    return op->emitOpError("bias channels expected to be equal to output channels (")
           << outputChannels << ") or 1, got " << biasChannels;
  return success();
}

/// The element type checks of the convolutions (verifyConvOp).
static LogicalResult verifyConvOp(Operation *op, Value input, Value weight, Value bias, Value inputZp, Value weightZp,
                                  Value output) {
  Type inputEType = cast<ShapedType>(input.getType()).getElementType();
  Type weightEType = cast<ShapedType>(weight.getType()).getElementType();
  Type biasEType = cast<ShapedType>(bias.getType()).getElementType();
  Type resultEType = cast<ShapedType>(output.getType()).getElementType();
  bool biasIsFloat = isa<FloatType>(biasEType), resultIsFloat = isa<FloatType>(resultEType);
  auto storage = [](Type t) {
    auto quantized = dyn_cast<quant::QuantizedType>(t);
    return quantized ? quantized.getStorageType() : t;
  };
  inputEType = storage(inputEType);
  weightEType = storage(weightEType);
  biasEType = storage(biasEType);
  resultEType = storage(resultEType);
  if (biasIsFloat && resultIsFloat && biasEType != resultEType)
    return op->emitOpError("expect both bias and result to have same element type, got ")
           << biasEType << " and " << resultEType;
  auto isF8 = [](Type t) { return isa<Float8E5M2Type>(t) || isa<Float8E4M3FNType>(t); };
  if ((isF8(inputEType) || isF8(weightEType)) && inputEType != weightEType)
    return op->emitOpError("expect both input and weight to have same element type, got ")
           << inputEType << " and " << weightEType;
  if (isa<FloatType>(inputEType) != isa<FloatType>(weightEType))
    return op->emitOpError("expect both input and weight to be float or not together, got ")
           << inputEType << " and " << weightEType;
  Type inputZpEType = getStorageElementTypeOrSelf(inputZp.getType());
  if (inputEType != inputZpEType)
    return op->emitOpError("expect both input and its zero point are the same element type, got ")
           << inputEType << " and " << inputZpEType;
  Type weightZpEType = getStorageElementTypeOrSelf(weightZp.getType());
  if (weightEType != weightZpEType)
    return op->emitOpError("expect both weight and its zero point are the same element type, got ")
           << weightEType << " and " << weightZpEType;
  if (failed(verifyZeroPoint(op, inputZp, "input")) || failed(verifyZeroPoint(op, weightZp, "weight")))
    return failure();
  return success();
}

template <typename ConvOp>
static LogicalResult verifyConvolution(ConvOp op, ArrayRef<SpatialDim> spatial) {
  Operation *o = op.getOperation();
  if (failed(verifyConvOp(o, op.getInput(), op.getWeight(), op.getBias(), op.getInputZp(), op.getWeightZp(),
                          op.getOutput())) ||
      failed(verifyAccType(o, getStorageElementTypeOrSelf(op.getInput().getType()), op.getAccTypeAttr().getValue(),
                           /*pooling=*/false)))
    return failure();
  return verifyConvOpErrorIf(o, op.getPad(), op.getStride(), op.getDilation(), op.getInput(), op.getWeight(),
                             op.getBias(), op.getOutput(), spatial);
}

LogicalResult Conv2DOp::verify() {
  static const SpatialDim dims[] = {{1, 1, 1, "height", "y", "top", "bottom"}, {2, 2, 2, "width", "x", "left", "right"}};
  return verifyConvolution(*this, dims);
}

LogicalResult Conv3DOp::verify() {
  static const SpatialDim dims[] = {{1, 1, 1, "depth", "d", "front", "back"},
                                    {2, 2, 2, "height", "y", "top", "bottom"},
                                    {3, 3, 3, "width", "x", "left", "right"}};
  return verifyConvolution(*this, dims);
}

LogicalResult DepthwiseConv2DOp::verify() {
  static const SpatialDim dims[] = {{1, 0, 1, "height", "y", "top", "bottom"}, {2, 1, 2, "width", "x", "left", "right"}};
  return verifyConvolution(*this, dims);
}

/// The stride, out_pad, output size and bias checks of tosa.transpose_conv2d.
LogicalResult TransposeConv2DOp::verify() {
  Operation *o = getOperation();
  if (failed(verifyConvOp(o, getInput(), getWeight(), getBias(), getInputZp(), getWeightZp(), getOutput())) ||
      failed(verifyAccType(o, getStorageElementTypeOrSelf(getInput().getType()), getAccTypeAttr().getValue(),
                           /*pooling=*/false)))
    return failure();
  ArrayRef<int64_t> strides = getStride();
  if (strides.size() >= 2 && (strides[0] < 1 || strides[1] < 1)) {
    auto diag = emitOpError("expect all stride values to be >= 1, got [");
    diag.appendRange(strides);
    return diag << "]";
  }
  ArrayRef<int64_t> padding = getOutPad();
  auto weightType = dyn_cast<RankedTensorType>(getWeight().getType());
  if (padding.size() < 4 || strides.size() < 2)
    return success();
  if (weightType && weightType.getRank() < 3)
    weightType = RankedTensorType();
  int64_t kernelHeight = weightType ? weightType.getDimSize(1) : ShapedType::kDynamic;
  int64_t kernelWidth = weightType ? weightType.getDimSize(2) : ShapedType::kDynamic;
  auto checkPad = [&](int64_t pad, int64_t kernel, std::string_view padName, std::string_view kernelName) {
    if (pad <= -kernel)
      return LogicalResult(emitOpError("expected ") << padName << " > -" << kernelName << ", but got: " << padName
                                                    << "=" << pad << " and " << kernelName << "=" << kernel);
    return success();
  };
  if (!ShapedType::isDynamic(kernelHeight) &&
      (failed(checkPad(padding[0], kernelHeight, "out_pad_top", "KH")) ||
       failed(checkPad(padding[1], kernelHeight, "out_pad_bottom", "KH"))))
    return failure();
  if (!ShapedType::isDynamic(kernelWidth) &&
      (failed(checkPad(padding[2], kernelWidth, "out_pad_left", "KW")) ||
       failed(checkPad(padding[3], kernelWidth, "out_pad_right", "KW"))))
    return failure();
  auto outputType = dyn_cast<RankedTensorType>(getOutput().getType());
  if (!outputType || outputType.getRank() < 4)
    return success();
  auto inputType = dyn_cast<RankedTensorType>(getInput().getType());
  if (inputType && weightType && inputType.getRank() >= 3) {
    int64_t inputHeight = inputType.getDimSize(1), outputHeight = outputType.getDimSize(1);
    if (!ShapedType::isDynamic(inputHeight) && !ShapedType::isDynamic(outputHeight) &&
        outputHeight != (inputHeight - 1) * strides[0] + padding[0] + padding[1] + kernelHeight)
      return emitOpError("dimension mismatch: expected OH == (IH - 1) * stride_y + out_pad_top + out_pad_bottom + KH, "
                         "but got ")
             << outputHeight << " != (" << inputHeight << " - 1) * " << strides[0] << " + " << padding[0] << " + "
             << padding[1] << " + " << kernelHeight;
    int64_t inputWidth = inputType.getDimSize(2), outputWidth = outputType.getDimSize(2);
    if (!ShapedType::isDynamic(inputWidth) && !ShapedType::isDynamic(outputWidth) &&
        outputWidth != (inputWidth - 1) * strides[1] + padding[2] + padding[3] + kernelWidth)
      return emitOpError("dimension mismatch: expected OW == (IW - 1) * stride_x + out_pad_left + out_pad_right + KW, "
                         "but got ")
             << outputWidth << " != (" << inputWidth << " - 1) * " << strides[1] << " + " << padding[2] << " + "
             << padding[3] << " + " << kernelWidth;
  }
  auto biasType = dyn_cast<RankedTensorType>(getBias().getType());
  if (!biasType || biasType.getRank() < 1 || ShapedType::isDynamic(biasType.getDimSize(0)))
    return success();
  int64_t biasChannels = biasType.getDimSize(0), outputChannels = outputType.getDimSize(3);
  if (!ShapedType::isDynamic(outputChannels) && biasChannels != outputChannels && biasChannels != 1)
    return emitOpError("bias channels expected to be equal to output channels (")
           << outputChannels << ") or 1, got " << biasChannels;
  return success();
}

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

static std::vector<Type> entryArgTypes(Region &region) {
  std::vector<Type> types;
  if (!region.empty())
    for (BlockArgument arg : region.front().getArguments())
      types.push_back(arg.getType());
  return types;
}

static std::vector<Type> yieldedTypes(Region &region) {
  std::vector<Type> types;
  if (!region.empty() && !region.front().empty())
    for (Value v : region.front().back().getOperands())
      types.push_back(v.getType());
  return types;
}

LogicalResult IfOp::verify() {
  Operation *op = getOperation();
  std::vector<Type> inputs = typesOf(getInputList());
  std::vector<Type> outputs = typesOf(getOutputList());
  if (failed(errorIfTypeOrShapeMismatch(op, entryArgTypes(getThenGraph()), "'then_graph' arguments", inputs,
                                        "'input_list'")) ||
      failed(errorIfTypeOrShapeMismatch(op, entryArgTypes(getElseGraph()), "'else_graph' arguments", inputs,
                                        "'input_list'")) ||
      failed(errorIfTypeOrShapeMismatch(op, yieldedTypes(getThenGraph()), "'then_graph' results", outputs,
                                        "'output_list'")) ||
      failed(errorIfTypeOrShapeMismatch(op, yieldedTypes(getElseGraph()), "'else_graph' results", outputs,
                                        "'output_list'")))
    return failure();
  Type condType = getCondition().getType();
  if (!shapeIsSizeOneOrUnknown(condType))
    return emitOpError() << "'condition' must be a size 1 tensor, got " << condType;
  return success();
}

LogicalResult WhileOp::verify() {
  Operation *op = getOperation();
  std::vector<Type> inputs = typesOf(getInputList());
  if (failed(errorIfTypeOrShapeMismatch(op, inputs, "'input_list'", typesOf(getOutputList()), "'output_list'")) ||
      failed(errorIfTypeOrShapeMismatch(op, entryArgTypes(getCondGraph()), "'cond_graph' arguments", inputs,
                                        "'input_list'")) ||
      failed(errorIfTypeOrShapeMismatch(op, entryArgTypes(getBodyGraph()), "'body_graph' arguments", inputs,
                                        "'input_list'")) ||
      failed(errorIfTypeOrShapeMismatch(op, yieldedTypes(getBodyGraph()), "'body_graph' results", inputs,
                                        "'input_list'")))
    return failure();
  std::vector<Type> condResults = yieldedTypes(getCondGraph());
  if (condResults.size() != 1)
    return emitOpError() << "require 'cond_graph' only have one result";
  Type condOutType = condResults[0];
  if (!shapeIsSizeOneOrUnknown(condOutType))
    return emitOpError() << "'cond_graph' result must be a size 1 tensor, got " << condOutType;
  Type element = isa<ShapedType>(condOutType) ? cast<ShapedType>(condOutType).getElementType() : condOutType;
  if (!element.isInteger(1))
    return emitOpError() << "'cond_graph' result must be a boolean tensor, got " << condOutType;
  return success();
}

//===----------------------------------------------------------------------===//
// Data movement and selection
//===----------------------------------------------------------------------===//

LogicalResult ReverseOp::verify() {
  Operation *op = getOperation();
  if (failed(verifySameElementTypes(op, getInput1().getType(), getOutput().getType())))
    return failure();
  auto inputType = cast<ShapedType>(getInput1().getType());
  auto outputType = cast<ShapedType>(getOutput().getType());
  int64_t axis = int32_t(getAxisAttr().getInt());
  if (axis < 0)
    return emitOpError("expected non-negative reverse axis");
  if (inputType.hasRank()) {
    int64_t rank = inputType.getRank();
    if (axis >= rank && !(axis == 0 && rank == 0))
      return emitOpError("expect input tensor rank (") << rank << ") to be larger than reverse axis (" << axis << ")";
  }
  if (outputType.hasRank()) {
    int64_t rank = outputType.getRank();
    if (inputType.hasRank() && rank != inputType.getRank())
      return emitOpError("expect output tensor rank to be equal to input tensor rank");
    if (axis >= rank && !(axis == 0 && rank == 0))
      return emitOpError("expect output tensor rank (") << rank << ") to be larger than reverse axis (" << axis << ")";
  }
  return success();
}

LogicalResult SelectOp::verify() {
  Operation *op = getOperation();
  if (failed(verifySameElementTypes(op, getInput2().getType(), getOutput().getType())) ||
      failed(verifySameElementTypes(op, getInput3().getType(), getOutput().getType())))
    return failure();
  auto predicateType = dyn_cast<ShapedType>(getInput1().getType());
  if (!predicateType)
    return emitOpError("expect shaped tensor for input1, got ") << getInput1().getType();
  if (!predicateType.getElementType().isInteger(1))
    return emitOpError("expect element type of bool for input1, got ") << predicateType.getElementType();
  return success();
}

//===----------------------------------------------------------------------===//
// Variables
//===----------------------------------------------------------------------===//

/// The tosa.variable named `name` before `op` in its module (walking in
/// order up to `op`), or null.
static Operation *findVariableDecl(Operation *op, std::string_view name) {
  Operation *module = op->getParentOp();
  while (module && !isa<ModuleOp>(module))
    module = module->getParentOp();
  if (!module)
    return nullptr;
  Operation *found = nullptr;
  bool done = false;
  module->walk([&](Operation *candidate) {
    if (done)
      return;
    if (candidate == op) {
      done = true;
      return;
    }
    if (auto var = dyn_cast<VariableOp>(candidate))
      if (var.getSymNameAttr() && var.getSymNameAttr().getValue() == name) {
        found = candidate;
        done = true;
      }
  });
  return found;
}

/// The tensor type a tosa.variable declares.
static Type getVariableType(VariableOp var) {
  std::vector<int64_t> shape;
  if (auto dense = var.getVarShapeAttr())
    for (const APInt &v : dense.getIntValues()) {
      int64_t size = v.getSExtValue();
      shape.push_back(size == -1 ? ShapedType::kDynamic : size);
    }
  return RankedTensorType::get(shape, var.getTypeAttr().getValue());
}

static LogicalResult verifyVariableOpErrorIf(Operation *op, std::string_view name, Type type,
                                             std::string_view typeName) {
  Operation *var = findVariableDecl(op, name);
  if (!var)
    return op->emitOpError("'") << name << "' has not been declared by 'tosa.variable'";
  return errorIfTypeOrShapeMismatch(op, type, typeName, getVariableType(VariableOp(var)), "the input tensor");
}

LogicalResult VariableReadOp::verify() {
  return verifyVariableOpErrorIf(getOperation(), getNameAttr().getValue(), getOutput1().getType(), "'output1'");
}

LogicalResult VariableWriteOp::verify() {
  return verifyVariableOpErrorIf(getOperation(), getNameAttr().getValue(), getInput1().getType(), "'input1'");
}

//===----------------------------------------------------------------------===//
// Rescale
//===----------------------------------------------------------------------===//

static LogicalResult verifyRescaleValueAndZpTypes(Operation *op, Value val, Value valZp, std::string_view name) {
  Type eType = getStorageElementTypeOrSelf(val.getType());
  Type eZpType = getStorageElementTypeOrSelf(valZp.getType());
  bool bothInts = isa<IntegerType>(eType) && isa<IntegerType>(eZpType);
  if (!bothInts || eType.getIntOrFloatBitWidth() != eZpType.getIntOrFloatBitWidth())
    return op->emitOpError() << "expected " << name << " and " << name
                             << "_zp to both be integer of the same bitwidth, but got " << eType << " vs. "
                             << eZpType;
  return success();
}

LogicalResult RescaleOp::verify() {
  Operation *op = getOperation();
  auto inputType = dyn_cast<ShapedType>(getInput().getType());
  if (!inputType)
    return emitOpError("expect shaped tensor for input, got ") << getInput().getType();
  Type inputElementType = getStorageElementTypeOrSelf(inputType.getElementType());
  if (!isa<IntegerType>(inputElementType))
    return emitOpError("expect input to have integer element type, got ") << inputElementType;
  auto outputType = dyn_cast<ShapedType>(getOutput().getType());
  if (!outputType)
    return emitOpError("expect shaped tensor for output, got ") << getOutput().getType();
  Type outputElementType = getStorageElementTypeOrSelf(outputType.getElementType());
  if (!isa<IntegerType>(outputElementType))
    return emitOpError("expect output to have integer element type, got ") << outputElementType;
  if (failed(verifyRescaleValueAndZpTypes(op, getInput(), getInputZp(), "input")) ||
      failed(verifyRescaleValueAndZpTypes(op, getOutput(), getOutputZp(), "output")))
    return failure();
  bool inputUnsigned = getInputUnsignedAttr() && getInputUnsignedAttr().getValue();
  bool outputUnsigned = getOutputUnsignedAttr() && getOutputUnsignedAttr().getValue();
  if (failed(verifyRescaleZeroPoint(op, getInputZp(), /*isInput=*/true, inputUnsigned)) ||
      failed(verifyRescaleZeroPoint(op, getOutputZp(), /*isInput=*/false, outputUnsigned)))
    return failure();
  auto multiplierType = dyn_cast<ShapedType>(getMultiplier().getType());
  if (!multiplierType)
    return emitOpError("expect shaped tensor for multiplier, got ") << getMultiplier().getType();
  auto shiftType = dyn_cast<ShapedType>(getShift().getType());
  if (!shiftType)
    return emitOpError("expect shaped tensor for shift, got ") << getShift().getType();
  bool scale32 = getScale32Attr() && getScale32Attr().getValue();
  if (scale32 && !multiplierType.getElementType().isInteger(32))
    return emitOpError("expect i32 element type for multiplier for scale32=true, got ")
           << multiplierType.getElementType();
  if (!scale32 && !multiplierType.getElementType().isInteger(16))
    return emitOpError("expect i16 element type for multiplier for scale32=false, got ")
           << multiplierType.getElementType();
  if (!inputType.hasRank())
    return success();
  int64_t numChannels = 1;
  if (getPerChannelAttr() && getPerChannelAttr().getValue()) {
    if (inputType.getRank() < 1)
      return emitOpError("requires input to be at least rank 1 when per_channel is true, but got rank ")
             << inputType.getRank();
    numChannels = inputType.getDimSize(inputType.getRank() - 1);
  }
  if (!multiplierType.hasRank() || multiplierType.getRank() < 1)
    return success();
  int64_t multiplierSize = multiplierType.getDimSize(0);
  if (!ShapedType::isDynamic(multiplierSize) && multiplierSize != numChannels)
    return emitOpError("expect shape of { ")
           << numChannels << " } for multiplier input, got { " << multiplierSize << " }";
  if (!shiftType.hasRank() || shiftType.getRank() < 1)
    return success();
  int64_t shiftSize = shiftType.getDimSize(0);
  if (!ShapedType::isDynamic(shiftSize) && shiftSize != numChannels)
    return emitOpError("expect shape of { ") << numChannels << " } for shift input, got { " << shiftSize << " }";
  return success();
}
