//===- TosaVerifiers.cpp - Verifiers of the tosa ops ----------------------===//
//
// As MLIR 22's TosaOps.cpp, with mlir-opt's messages: the zero points,
// argmax, the pooling ops, clamp, const/const_shape, the convolutions'
// parameter and output size checks, cond_if/while_loop, reverse, select, the
// variables, rescale, concat, pad, slice, tile, reshape, transpose, gather,
// table, mul, matmul and fft2d. The verifiers of the other ops are not
// written yet: they accept what their ODS constraints accept.
//
#include "lamina/Dialect/Tosa/TosaDialect.h"

#include "lamina/IR/BuiltinOps.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/ODS/Predicates.h"

using namespace lamina;
using namespace lamina::tosa;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// MLIR's verifyCompatibleShape on two shapes.
static bool compatibleShapes(ArrayRef<int64_t> a, ArrayRef<int64_t> b) {
  if (a.size() != b.size())
    return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!ShapedType::isDynamic(a[i]) && !ShapedType::isDynamic(b[i]) && a[i] != b[i])
      return false;
  return true;
}

/// MLIR's verifyCompatibleShape on two types: unranked is compatible with
/// anything shaped.
static bool compatibleShapes(Type a, Type b) {
  auto sa = dyn_cast<ShapedType>(a), sb = dyn_cast<ShapedType>(b);
  if (!sa || !sb)
    return !sa && !sb;
  if (!sa.hasRank() || !sb.hasRank())
    return true;
  return compatibleShapes(sa.getShape(), sb.getShape());
}

static std::optional<int64_t> idivCheck(int64_t lhs, int64_t rhs) {
  if (rhs == 0 || lhs % rhs != 0)
    return std::nullopt;
  return lhs / rhs;
}

static bool anyOf(ArrayRef<int64_t> values, bool (*pred)(int64_t)) {
  for (int64_t v : values)
    if (pred(v))
      return true;
  return false;
}

/// `require same element type/shapes for <name1> (...) and <name2> (...)`.
static LogicalResult errorIfTypeOrShapeMismatch(Operation *op, Type type1, std::string_view name1, Type type2,
                                                std::string_view name2) {
  auto shaped1 = dyn_cast<ShapedType>(type1), shaped2 = dyn_cast<ShapedType>(type2);
  if (!shaped1 || !shaped2)
    return failure();
  if (shaped1.getElementType() != shaped2.getElementType())
    return op->emitOpError() << "require same element type for " << name1 << " (" << shaped1.getElementType()
                             << ") and " << name2 << " (" << shaped2.getElementType() << ")";
  if (!compatibleShapes(type1, type2))
    return op->emitOpError() << "require same shapes for " << name1 << " (" << type1 << ") and " << name2 << " ("
                             << type2 << ")";
  return success();
}

static LogicalResult errorIfTypeOrShapeMismatch(Operation *op, const std::vector<Type> &list1,
                                                std::string_view name1, const std::vector<Type> &list2,
                                                std::string_view name2) {
  if (list1.size() != list2.size())
    return op->emitOpError() << "require same number of values in " << name1 << " (" << int64_t(list1.size())
                             << ") and " << name2 << " (" << int64_t(list2.size()) << ")";
  for (size_t i = 0; i < list1.size(); ++i)
    if (failed(errorIfTypeOrShapeMismatch(op, list1[i], name1, list2[i], name2)))
      return failure();
  return success();
}

template <typename Range> static std::vector<Type> typesOf(Range values) {
  std::vector<Type> types;
  for (Value v : values)
    types.push_back(v.getType());
  return types;
}

/// Whether `type` has a static shape of one element (or no static shape).
static bool shapeIsSizeOneOrUnknown(Type type) {
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped || !shaped.hasRank() || !shaped.hasStaticShape())
    return true;
  return shaped.getNumElements() == 1;
}

/// `expect input and output to have same element type, got ...`.
static LogicalResult verifySameElementTypes(Operation *op, Type inType, Type outType) {
  auto inputType = dyn_cast<TensorType>(inType);
  auto outputType = dyn_cast<TensorType>(outType);
  if (!inputType)
    return op->emitOpError("expect shaped tensor for input, got ") << inType;
  if (!outputType)
    return op->emitOpError("expect shaped tensor for output, got ") << outType;
  Type in = inputType.getElementType(), out = outputType.getElementType();
  bool inKnown = in.isIntOrIndexOrFloat() || isa<quant::UniformQuantizedType>(in);
  bool outKnown = out.isIntOrIndexOrFloat() || isa<quant::UniformQuantizedType>(out);
  if (inKnown && outKnown && in != out)
    return op->emitOpError("expect input and output to have same element type, got ") << in << " and " << out;
  return success();
}

//===----------------------------------------------------------------------===//
// Zero points
//===----------------------------------------------------------------------===//

/// The first value of a constant zero point (MLIR's getZeroPoint): null if
/// `zp` is not a constant, -1 for a non-zero float (or another element type)
/// to trigger the check.
static std::optional<int64_t> getZeroPoint(Value zp, bool signExtend) {
  Operation *def = zp.getDefiningOp();
  if (!def || !def->hasTrait<OpTrait::ConstantLike>())
    return std::nullopt;
  auto values = dyn_cast_or_null<DenseElementsAttr>(ods::getInherentAttr(def, "values"));
  if (!values || values.getNumElements() < 1)
    return std::nullopt;
  Type elementType = values.getElementType();
  if (isa<FloatType>(elementType))
    return values.getFloatValue(0).isZero() ? 0 : -1;
  if (isa<IntegerType>(elementType)) {
    APInt v = values.getIntValue(0);
    return signExtend ? v.getSExtValue() : int64_t(v.getZExtValue());
  }
  return -1;
}

/// `<operand> zero point must be zero for non-int8 integer types`.
static LogicalResult verifyZeroPoint(Operation *op, Value zpValue, std::string_view operand) {
  std::optional<int64_t> zp = getZeroPoint(zpValue, /*signExtend=*/true);
  if (!zp)
    return success();
  Type zpElemType = getElementTypeOrSelf(zpValue.getType());
  if (!zpElemType.isInteger(8) && *zp != 0)
    return op->emitOpError() << operand << " zero point must be zero for non-int8 integer types";
  return success();
}

/// tosa.rescale's zero points (unsigned int16 may use 32768).
static LogicalResult verifyRescaleZeroPoint(Operation *op, Value zpValue, bool isInput, bool tensorUnsigned) {
  std::optional<int64_t> zp = getZeroPoint(zpValue, !tensorUnsigned);
  if (!zp || *zp == 0)
    return success();
  std::string_view name = isInput ? "input" : "output";
  Type zpElemType = getElementTypeOrSelf(zpValue.getType());
  if (!zpElemType.isInteger(8) && !(zpElemType.isInteger(16) && tensorUnsigned))
    return op->emitOpError() << "expect " << name << "_zp of 0, got " << *zp;
  if (zpElemType.isInteger(16) && tensorUnsigned && *zp != 32768)
    return op->emitOpError() << "expect " << name << "_zp of 0 or 32768 for unsigned int16 " << name << ", got "
                             << *zp;
  return success();
}

/// The values of the tosa.const_shape defining `shape` (getConstShapeValues).
static std::optional<std::vector<int64_t>> getConstShapeValues(Value shape) {
  Operation *def = shape.getDefiningOp();
  if (!def || !isa<ConstShapeOp>(def))
    return std::nullopt;
  DenseIntElementsAttr values = ConstShapeOp(def).getValuesAttr();
  if (!values)
    return std::nullopt;
  std::vector<int64_t> result;
  for (const APInt &v : values.getIntValues())
    result.push_back(v.getSExtValue());
  return result;
}

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
    inputETy = quantized.getStorageType();
  Type outputETy = cast<ShapedType>(getOutput().getType()).getElementType();
  if (auto quantized = dyn_cast<quant::UniformQuantizedType>(outputETy))
    outputETy = quantized.getStorageType();
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

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

LogicalResult ConcatOp::verify() {
  Type outType = getOutput().getType();
  OperandRange inputs = getInput1();
  if (inputs.empty())
    return emitOpError("expect at least one input");
  for (Value input : inputs)
    if (failed(verifySameElementTypes(getOperation(), input.getType(), outType)))
      return failure();
  int64_t axis = int32_t(getAxisAttr().getInt());
  ShapedType firstRanked;
  for (Value input : inputs) {
    auto shaped = cast<ShapedType>(input.getType());
    if (shaped.hasRank()) {
      firstRanked = shaped;
      if (axis < 0 || axis >= shaped.getRank())
        return emitOpError("expect axis to be within range 0 < axis < rank(input1[firstRankedTensorIdx]), got ")
               << axis;
      break;
    }
  }
  bool allRanked = true;
  for (Value input : inputs)
    allRanked &= cast<ShapedType>(input.getType()).hasRank();
  if (!allRanked)
    return success();
  int64_t firstRank = firstRanked.getRank();
  for (size_t operandNum = 1; operandNum < inputs.size(); ++operandNum) {
    auto shaped = cast<ShapedType>(inputs[operandNum].getType());
    int64_t rank = shaped.getRank();
    if (rank != firstRank)
      return emitOpError("expect all operands to have the same rank, but got ")
             << firstRank << " vs " << rank << " on operands 0 and " << int64_t(operandNum);
    for (int64_t i = 0; i < rank; ++i) {
      if (i == axis || firstRanked.isDynamicDim(unsigned(i)) || shaped.isDynamicDim(unsigned(i)))
        continue;
      int64_t dim = shaped.getDimSize(unsigned(i)), firstDim = firstRanked.getDimSize(unsigned(i));
      if (dim != firstDim)
        return emitOpError("expect all operand shapes to have the same sizes on non-axis dimensions, but got ")
               << dim << " vs " << firstDim << " at index " << i << " on operands 0 and " << int64_t(operandNum);
    }
  }
  int64_t axisSum = 0;
  for (Value input : inputs) {
    auto shaped = cast<ShapedType>(input.getType());
    if (shaped.isDynamicDim(unsigned(axis))) {
      axisSum = -1;
      break;
    }
    axisSum += shaped.getDimSize(unsigned(axis));
  }
  auto outShaped = cast<ShapedType>(outType);
  if (axisSum >= 0 && outShaped.hasRank() && axis < outShaped.getRank() && !outShaped.isDynamicDim(unsigned(axis)) &&
      axisSum != outShaped.getDimSize(unsigned(axis)))
    return emitOpError("requires sum of axis dimensions of input1 equal to output axis dimension, got ")
           << axisSum << " and " << outShaped.getDimSize(unsigned(axis));
  return success();
}

LogicalResult PadOp::verify() {
  Operation *op = getOperation();
  if (failed(verifySameElementTypes(op, getInput1().getType(), getOutput().getType())))
    return failure();
  if (Value padConst = getPadConst())
    if (failed(verifySameElementTypes(op, padConst.getType(), getOutput().getType())))
      return failure();
  auto inputType = dyn_cast<RankedTensorType>(getInput1().getType());
  auto outputType = dyn_cast<RankedTensorType>(getOutput().getType());
  if (!inputType || !outputType)
    return success();
  int64_t inputRank = inputType.getRank(), outputRank = outputType.getRank();
  if (inputRank != outputRank)
    return emitOpError() << "expect same input and output tensor rank, but got inputRank: " << inputRank
                         << ", outputRank: " << outputRank;
  std::optional<std::vector<int64_t>> padding = getConstShapeValues(getPadding());
  if (!padding)
    return failure();
  if (padding->size() != size_t(inputRank * 2))
    return emitOpError() << "padding tensor must have " << inputRank << " * 2 = " << inputRank * 2
                         << " elements, but got " << int64_t(padding->size());
  for (int64_t i = 0; i < inputRank; ++i) {
    int64_t padStart = (*padding)[2 * i], padEnd = (*padding)[2 * i + 1];
    if ((padStart < 0 && padStart != -1) || (padEnd < 0 && padEnd != -1))
      return emitOpError() << "invalid padding values at dimension " << i
                           << ": values must be non-negative or -1 for dynamic padding, got [" << padStart << ", "
                           << padEnd << "]";
    int64_t in = inputType.getDimSize(unsigned(i)), out = outputType.getDimSize(unsigned(i));
    if (ShapedType::isDynamic(in) || ShapedType::isDynamic(out))
      continue;
    if (out != in + padStart + padEnd)
      return emitOpError() << "mismatch in output shape at dimension " << i << ": expected " << in << " + "
                           << padStart << " + " << padEnd << " = " << (in + padStart + padEnd) << ", but got "
                           << out;
  }
  return success();
}

LogicalResult SliceOp::verify() {
  if (failed(verifySameElementTypes(getOperation(), getInput1().getType(), getOutput().getType())))
    return failure();
  auto inputType = cast<ShapedType>(getInput1().getType());
  if (!inputType.hasRank())
    return success();
  int64_t inputRank = inputType.getRank();
  auto outputType = cast<ShapedType>(getOutput().getType());
  if (outputType.hasRank() && inputRank != outputType.getRank())
    return emitOpError("expect input1 and output to have the same ranks, got ")
           << inputRank << " and " << outputType.getRank();
  if (inputRank != cast<shapeType>(getStart().getType()).getRank())
    return emitOpError("length of start is not equal to rank of input shape");
  if (inputRank != cast<shapeType>(getSize().getType()).getRank())
    return emitOpError("length of size is not equal to rank of input shape");
  return success();
}

LogicalResult TileOp::verify() {
  if (failed(verifySameElementTypes(getOperation(), getInput1().getType(), getOutput().getType())))
    return failure();
  auto inputType = cast<ShapedType>(getInput1().getType());
  auto outputType = cast<ShapedType>(getOutput().getType());
  int64_t multiplesRank = cast<shapeType>(getMultiples().getType()).getRank();
  if (inputType.hasRank()) {
    if (inputType.getRank() != multiplesRank)
      return emitOpError("expect 'multiples' to have rank ")
             << inputType.getRank() << " but got " << multiplesRank << ".";
    if (outputType.hasRank() && inputType.getRank() != outputType.getRank())
      return emitOpError("expect same input and output tensor rank.");
  } else if (outputType.hasRank() && outputType.getRank() != multiplesRank) {
    return emitOpError("expect 'multiples' array to have length ")
           << outputType.getRank() << " but got " << multiplesRank << ".";
  }
  if (std::optional<std::vector<int64_t>> multiples = getConstShapeValues(getMultiples()))
    for (int64_t v : *multiples)
      if (v <= 0 && v != -1)
        return emitOpError("expect element of 'multiples' to be positive integer or -1.");
  return success();
}

LogicalResult ReshapeOp::verify() {
  if (failed(verifySameElementTypes(getOperation(), getInput1().getType(), getOutput().getType())))
    return failure();
  auto inputType = cast<ShapedType>(getInput1().getType());
  std::optional<std::vector<int64_t>> shapeValues = getConstShapeValues(getShape());
  if (!shapeValues)
    return success();
  int64_t missingDims = 0;
  for (int64_t v : *shapeValues)
    missingDims += v == -1;
  if (missingDims > 1)
    return emitOpError() << "expected at most one target dimension to be -1";
  auto outputType = dyn_cast<RankedTensorType>(getOutput().getType());
  if (!outputType)
    return success();
  if (int64_t(shapeValues->size()) != outputType.getRank())
    return emitOpError() << "new shape does not match result rank";
  for (size_t i = 0; i < shapeValues->size(); ++i) {
    int64_t newDim = (*shapeValues)[i], outDim = outputType.getDimSize(unsigned(i));
    if (newDim != -1 && !ShapedType::isDynamic(newDim) && !ShapedType::isDynamic(outDim) && newDim != outDim)
      return emitOpError() << "new shape is inconsistent with result shape";
    if (!ShapedType::isDynamic(newDim) && newDim < -1)
      return emitOpError() << "new shape has invalid tensor dimension size " << newDim;
  }
  if (inputType.hasRank() && inputType.hasStaticShape()) {
    int64_t inputElements = inputType.getNumElements();
    if (outputType.hasStaticShape() && inputElements != outputType.getNumElements())
      return emitOpError() << "cannot reshape " << inputElements << " elements into " << outputType.getNumElements();
    int64_t newShapeElements = 1;
    bool isStaticNewShape = true;
    for (int64_t v : *shapeValues) {
      if (v > 0)
        newShapeElements *= v;
      else
        isStaticNewShape = false;
    }
    if ((isStaticNewShape && inputElements != newShapeElements) ||
        (!isStaticNewShape && newShapeElements > inputElements))
      return emitOpError() << "cannot reshape " << inputElements << " elements into " << newShapeElements;
  }
  return success();
}

LogicalResult TransposeOp::verify() {
  if (failed(verifySameElementTypes(getOperation(), getInput1().getType(), getOutput().getType())))
    return failure();
  auto inputShape = cast<ShapedType>(getInput1().getType());
  auto outputShape = cast<ShapedType>(getOutput().getType());
  ArrayRef<int32_t> perms = getPerms();
  if (inputShape.hasRank() && perms.size() != size_t(inputShape.getRank()))
    return emitOpError() << "expected perms attribute to have size " << inputShape.getRank()
                         << " (input rank) but got size " << int64_t(perms.size());
  if (inputShape.hasRank() && outputShape.hasRank() && inputShape.getRank() != outputShape.getRank())
    return emitOpError() << "expected input tensor rank to equal result tensor rank";
  if (outputShape.hasRank() && perms.size() != size_t(outputShape.getRank()))
    return emitOpError() << "expected perms attribute to have size " << outputShape.getRank()
                         << " (output rank) but got size " << int64_t(perms.size());
  std::vector<bool> seen(perms.size(), false);
  for (int32_t p : perms) {
    if (p < 0 || size_t(p) >= perms.size() || seen[size_t(p)])
      return emitOpError() << "expected valid permutation indices";
    seen[size_t(p)] = true;
  }
  if (inputShape.hasRank() && outputShape.hasRank() && inputShape.hasStaticShape() && outputShape.hasStaticShape() &&
      inputShape.getNumElements() != outputShape.getNumElements())
    return emitOpError() << "expected input1 and output to have same numbers of elements, got "
                         << inputShape.getNumElements() << " and " << outputShape.getNumElements();
  if (inputShape.hasRank() && outputShape.hasRank())
    for (int64_t i = 0; i < outputShape.getRank(); ++i) {
      unsigned p = unsigned(perms[size_t(i)]);
      if (inputShape.isDynamicDim(p) || outputShape.isDynamicDim(unsigned(i)))
        continue;
      if (inputShape.getDimSize(p) != outputShape.getDimSize(unsigned(i)))
        return emitOpError() << "expected output tensor dim " << i << " to match input dim " << int64_t(p)
                             << " with value of " << inputShape.getDimSize(p);
    }
  return success();
}

LogicalResult GatherOp::verify() {
  if (failed(verifySameElementTypes(getOperation(), getValues().getType(), getOutput().getType())))
    return failure();
  auto valuesShape = cast<ShapedType>(getValues().getType());
  auto indicesShape = cast<ShapedType>(getIndices().getType());
  auto outputShape = cast<ShapedType>(getOutput().getType());
  int64_t n = ShapedType::kDynamic, w = ShapedType::kDynamic, c = ShapedType::kDynamic;
  if (valuesShape.hasRank() && valuesShape.getRank() >= 3) {
    n = valuesShape.getDimSize(0);
    c = valuesShape.getDimSize(2);
  }
  if (indicesShape.hasRank() && indicesShape.getRank() >= 2) {
    int64_t indicesN = indicesShape.getDimSize(0);
    w = indicesShape.getDimSize(1);
    if (ShapedType::isDynamic(n))
      n = indicesN;
    else if (!ShapedType::isDynamic(indicesN) && n != indicesN)
      return emitOpError() << "requires indices dimension 0 to have size " << n << ", got " << indicesN;
  }
  if (outputShape.hasRank() && outputShape.getRank() >= 3) {
    int64_t outN = outputShape.getDimSize(0), outW = outputShape.getDimSize(1), outC = outputShape.getDimSize(2);
    if (!ShapedType::isDynamic(n) && !ShapedType::isDynamic(outN) && n != outN)
      return emitOpError() << "requires output dimension 0 to have size " << n << ", got " << outN;
    if (!ShapedType::isDynamic(w) && !ShapedType::isDynamic(outW) && w != outW)
      return emitOpError() << "requires output dimension 1 to have size " << w << ", got " << outW;
    if (!ShapedType::isDynamic(c) && !ShapedType::isDynamic(outC) && c != outC)
      return emitOpError() << "requires output dimension 2 to have size " << c << ", got " << outC;
  }
  return success();
}

LogicalResult TableOp::verify() {
  auto inputType = cast<ShapedType>(getInput1().getType());
  auto outputType = cast<ShapedType>(getOutput().getType());
  if (!inputType.hasRank() || !outputType.hasRank())
    return success();
  if (inputType.getRank() != outputType.getRank())
    return emitOpError() << "expected input tensor rank to equal result tensor rank";
  for (int64_t dim = 0; dim < inputType.getRank(); ++dim) {
    int64_t in = inputType.getDimSize(unsigned(dim)), out = outputType.getDimSize(unsigned(dim));
    if (!ShapedType::isDynamic(out) && out != in)
      return emitOpError() << "dim(result, " << dim << ") = " << out << " doesn't match dim(input, " << dim
                           << ") = " << in;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

LogicalResult MulOp::verify() {
  Type resElemType = getElementTypeOrSelf(getOutput().getType());
  if (auto resInt = dyn_cast<IntegerType>(resElemType)) {
    auto lhs = dyn_cast<IntegerType>(getElementTypeOrSelf(getInput1().getType()));
    auto rhs = dyn_cast<IntegerType>(getElementTypeOrSelf(getInput2().getType()));
    if (!lhs || !rhs || lhs != rhs)
      return emitOpError("requires the same element type for all operands");
    if (lhs.getWidth() > resInt.getWidth())
      return emitOpError("invalid data type size for operands or result");
  } else {
    for (unsigned i = 0; i < 2; ++i)
      if (getElementTypeOrSelf(getOperation()->getOperand(i).getType()) != resElemType)
        return emitOpError("requires the same element type for all operands and results");
    if (std::optional<int64_t> shift = getZeroPoint(getShift(), /*signExtend=*/true))
      if (*shift != 0)
        return emitOpError() << "require shift to be 0 for float type";
  }
  auto aType = cast<ShapedType>(getInput1().getType());
  auto bType = cast<ShapedType>(getInput2().getType());
  if (aType.hasRank() && bType.hasRank()) {
    if (aType.getRank() != bType.getRank())
      return emitOpError("a and b operands don't have matching ranks, got ") << aType.getRank() << " and "
                                                                              << bType.getRank();
    for (int64_t i = 0; i < aType.getRank(); ++i) {
      int64_t x = aType.getDimSize(unsigned(i)), y = bType.getDimSize(unsigned(i));
      if (!ShapedType::isDynamic(x) && !ShapedType::isDynamic(y) && x != y && x != 1 && y != 1)
        return emitOpError("a and b operands don't have broadcast-compatible shapes, got ") << Type(aType) << " and "
                                                                                             << Type(bType);
    }
  }
  auto resultType = cast<ShapedType>(getOutput().getType());
  if (!resultType.hasRank())
    return success();
  int64_t resultRank = resultType.getRank();
  if (aType.hasRank() && resultRank != aType.getRank())
    return emitOpError("result type has different rank than a, got ") << resultRank << " vs " << aType.getRank();
  if (bType.hasRank() && resultRank != bType.getRank())
    return emitOpError("result type has different rank than b, got ") << resultRank << " vs " << bType.getRank();
  return success();
}

LogicalResult MatMulOp::verify() {
  auto aType = dyn_cast<ShapedType>(getA().getType());
  auto bType = dyn_cast<ShapedType>(getB().getType());
  if (!aType)
    return emitOpError("expect a shaped tensor for input a, got ") << getA().getType();
  if (!bType)
    return emitOpError("expect a shaped tensor for input b, got ") << getB().getType();
  Type aElementType = aType.getElementType(), bElementType = bType.getElementType();
  auto aQuant = dyn_cast<quant::UniformQuantizedType>(aElementType);
  auto bQuant = dyn_cast<quant::UniformQuantizedType>(bElementType);
  if (aQuant || bQuant) {
    if (!aQuant || !bQuant)
      return emitOpError("expect operands to be both quantized or both not quantized, got ")
             << aElementType << " and " << bElementType;
    unsigned aWidth = aQuant.getStorageTypeIntegralWidth(), bWidth = bQuant.getStorageTypeIntegralWidth();
    if (aWidth != bWidth)
      return emitOpError("expect quantized operands to have same widths, got ")
             << int64_t(aWidth) << " and " << int64_t(bWidth);
  } else if (aElementType != bElementType) {
    return emitOpError("expect same element type for inputs a and b, got ") << aElementType << " and "
                                                                            << bElementType;
  }
  Type aEType = getStorageElementTypeOrSelf(aType), aZpEType = getStorageElementTypeOrSelf(getAZp().getType());
  if (aEType != aZpEType)
    return emitOpError("expect input a and a_zp have the same element type, got ") << aEType << " and " << aZpEType;
  Type bEType = getStorageElementTypeOrSelf(bType), bZpEType = getStorageElementTypeOrSelf(getBZp().getType());
  if (bEType != bZpEType)
    return emitOpError("expect input b and b_zp have the same element type, got ") << bEType << " and " << bZpEType;
  if (failed(verifyZeroPoint(getOperation(), getAZp(), "a")) || failed(verifyZeroPoint(getOperation(), getBZp(), "b")))
    return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// FFT
//===----------------------------------------------------------------------===//

static LogicalResult verifyDimIsPowerOfTwo(Operation *op, int64_t dimSize, std::string_view dimName) {
  bool isPowerOfTwo = dimSize > 0 && (dimSize & (dimSize - 1)) == 0;
  if (!isPowerOfTwo)
    return op->emitOpError("expected ") << dimName << " to be a power of two, got " << dimSize;
  return success();
}

LogicalResult FFT2dOp::verify() {
  auto real = dyn_cast<RankedTensorType>(getInputReal().getType());
  auto imag = dyn_cast<RankedTensorType>(getInputImag().getType());
  if (!real || !imag || real.getRank() < 3 || imag.getRank() < 3)
    return success();
  auto pick = [](int64_t a, int64_t b) { return ShapedType::isDynamic(a) ? a : b; };
  int64_t height = pick(real.getDimSize(1), imag.getDimSize(1));
  if (!ShapedType::isDynamic(height) && failed(verifyDimIsPowerOfTwo(getOperation(), height, "height")))
    return failure();
  int64_t width = pick(real.getDimSize(2), imag.getDimSize(2));
  if (!ShapedType::isDynamic(width) && failed(verifyDimIsPowerOfTwo(getOperation(), width, "width")))
    return failure();
  return success();
}

LogicalResult RFFT2dOp::verify() {
  std::vector<Type> outputTypes;
  for (Type t : getOperation()->getResultTypes())
    outputTypes.push_back(t);
  for (size_t i = 1; i < outputTypes.size(); ++i)
    if (!compatibleShapes(outputTypes[0], outputTypes[i])) {
      auto diag = emitOpError("expected output shapes to match, got ");
      diag.appendRange(outputTypes);
      return diag;
    }
  auto inputType = dyn_cast<RankedTensorType>(getInputReal().getType());
  if (!inputType || inputType.getRank() < 3)
    return success();
  int64_t height = inputType.getDimSize(1);
  if (!ShapedType::isDynamic(height) && failed(verifyDimIsPowerOfTwo(getOperation(), height, "height")))
    return failure();
  int64_t width = inputType.getDimSize(2);
  if (!ShapedType::isDynamic(width) && failed(verifyDimIsPowerOfTwo(getOperation(), width, "width")))
    return failure();
  auto outputType = outputTypes.empty() ? RankedTensorType() : dyn_cast<RankedTensorType>(outputTypes[0]);
  if (!outputType || outputType.getRank() != inputType.getRank())
    return success();
  ArrayRef<int64_t> in = inputType.getShape(), out = outputType.getShape();
  if (!compatibleShapes(in.drop_back(), out.drop_back()))
    return emitOpError("expected batch and height dimensions of input/output to match, got input=")
           << Type(inputType) << " output=" << Type(outputType);
  int64_t outputWidth = outputType.getDimSize(2);
  if (!ShapedType::isDynamic(width) && !ShapedType::isDynamic(outputWidth) && outputWidth != width / 2 + 1)
    return emitOpError("expected output width to be equal to input_width / 2 + 1, got ") << outputWidth;
  return success();
}

//===----------------------------------------------------------------------===//
// Reductions, resize, scatter, negate
//===----------------------------------------------------------------------===//

static LogicalResult verifyReduceOp(Operation *op, Value input, Value output, int64_t axis) {
  auto inputType = cast<ShapedType>(input.getType());
  auto outputType = cast<ShapedType>(output.getType());
  if (axis < 0)
    return op->emitOpError("reduce axis must not be negative");
  if (inputType.hasRank()) {
    int64_t rank = inputType.getRank();
    if (axis >= rank && !(axis == 0 && rank == 0))
      return op->emitOpError("expect input tensor rank (") << rank << ") to be larger than reduce axis (" << axis
                                                            << ")";
  }
  if (outputType.hasRank()) {
    int64_t rank = outputType.getRank();
    if (inputType.hasRank() && rank != inputType.getRank())
      return op->emitOpError("expect output tensor rank to be equal to input tensor rank");
    if (axis >= rank && !(axis == 0 && rank == 0))
      return op->emitOpError("expect output tensor rank (") << rank << ") to be larger than reduce axis (" << axis
                                                             << ")";
    if (rank != 0 && !outputType.isDynamicDim(unsigned(axis)) && outputType.getDimSize(unsigned(axis)) != 1)
      return op->emitOpError("expect reduced dimension size to be 1, got ") << outputType.getDimSize(unsigned(axis));
  }
  return success();
}

#define TOSA_REDUCE_VERIFIER(OP)                                                                                       \
  LogicalResult OP::verify() {                                                                                        \
    return verifyReduceOp(getOperation(), getInput(), getOutput(), int32_t(getAxisAttr().getInt()));                 \
  }

TOSA_REDUCE_VERIFIER(ReduceAllOp)
TOSA_REDUCE_VERIFIER(ReduceAnyOp)
TOSA_REDUCE_VERIFIER(ReduceMaxOp)
TOSA_REDUCE_VERIFIER(ReduceMinOp)
TOSA_REDUCE_VERIFIER(ReduceProductOp)
TOSA_REDUCE_VERIFIER(ReduceSumOp)

#undef TOSA_REDUCE_VERIFIER

LogicalResult ResizeOp::verify() {
  auto inputType = dyn_cast<RankedTensorType>(getInput().getType());
  auto outputType = dyn_cast<RankedTensorType>(getOutput().getType());
  std::optional<std::vector<int64_t>> scale = getConstShapeValues(getScale());
  std::optional<std::vector<int64_t>> offset = getConstShapeValues(getOffset());
  std::optional<std::vector<int64_t>> border = getConstShapeValues(getBorder());
  if (!scale || !offset || !border || scale->size() < 4 || offset->size() < 2 || border->size() < 2)
    return success();
  for (int64_t s : *scale)
    if (s <= 0) {
      auto diag = emitOpError("expect all scale values to be > 0, got ");
      diag.appendRange(*scale);
      return diag;
    }
  int64_t scaleYN = (*scale)[0], scaleYD = (*scale)[1], scaleXN = (*scale)[2], scaleXD = (*scale)[3];
  int64_t offsetY = (*offset)[0], offsetX = (*offset)[1], borderY = (*border)[0], borderX = (*border)[1];
  if (!inputType || !outputType || inputType.getRank() < 3 || outputType.getRank() < 3)
    return success();
  int64_t oh = outputType.getDimSize(1), ow = outputType.getDimSize(2);
  int64_t ih = inputType.getDimSize(1), iw = inputType.getDimSize(2);
  if (!ShapedType::isDynamic(ih) && ih != 1) {
    std::optional<int64_t> minusOne = idivCheck((ih - 1) * scaleYN - offsetY + borderY, scaleYD);
    if (!minusOne)
      return emitOpError("expected (input_height - 1) * scale_y_n - offset_y + border_y ")
             << "to be wholly divisible by scale_y_d, got ((" << ih << " - 1) * " << scaleYN << " - " << offsetY
             << " + " << borderY << ") / " << scaleYD;
    int64_t calculated = *minusOne + 1;
    if (!ShapedType::isDynamic(oh) && calculated != oh)
      return emitOpError("calculated output height did not match expected: ")
             << "calculated=" << calculated << ", expected=" << oh;
  }
  if (!ShapedType::isDynamic(iw) && iw != 1) {
    std::optional<int64_t> minusOne = idivCheck((iw - 1) * scaleXN - offsetX + borderX, scaleXD);
    if (!minusOne)
      return emitOpError("expected (input_width - 1) * scale_x_n - offset_x + border_x ")
             << "to be wholly divisible by scale_x_d, got ((" << iw << " - 1) * " << scaleXN << " - " << offsetX
             << " + " << borderX << ") / " << scaleXD;
    int64_t calculated = *minusOne + 1;
    if (!ShapedType::isDynamic(ow) && calculated != ow)
      return emitOpError("calculated output width did not match expected: ")
             << "calculated=" << calculated << ", expected=" << ow;
  }
  return success();
}

LogicalResult ScatterOp::verify() {
  Operation *op = getOperation();
  if (failed(verifySameElementTypes(op, getValuesIn().getType(), getValuesOut().getType())) ||
      failed(verifySameElementTypes(op, getInput().getType(), getValuesOut().getType())))
    return failure();
  auto valuesIn = cast<ShapedType>(getValuesIn().getType());
  auto indices = cast<ShapedType>(getIndices().getType());
  auto input = cast<ShapedType>(getInput().getType());
  auto output = cast<ShapedType>(getValuesOut().getType());
  int64_t n = ShapedType::kDynamic, k = ShapedType::kDynamic, w = ShapedType::kDynamic, c = ShapedType::kDynamic;
  auto dyn = [](int64_t v) { return ShapedType::isDynamic(v); };
  if (valuesIn.hasRank() && valuesIn.getRank() >= 3) {
    n = valuesIn.getDimSize(0);
    k = valuesIn.getDimSize(1);
    c = valuesIn.getDimSize(2);
  }
  if (indices.hasRank() && indices.getRank() >= 2) {
    int64_t indicesN = indices.getDimSize(0);
    w = indices.getDimSize(1);
    if (dyn(n))
      n = indicesN;
    else if (!dyn(indicesN) && n != indicesN)
      return emitOpError() << "requires indices dimension 0 to have size " << n << ", got " << indicesN;
  }
  if (input.hasRank() && input.getRank() >= 3) {
    int64_t inN = input.getDimSize(0), inW = input.getDimSize(1), inC = input.getDimSize(2);
    if (dyn(n))
      n = inN;
    else if (!dyn(inN) && n != inN)
      return emitOpError() << "requires input dimension 0 to have size " << n << ", got " << inN;
    if (dyn(w))
      w = inW;
    else if (!dyn(inW) && w != inW)
      return emitOpError() << "requires input dimension 1 to have size " << w << ", got " << inW;
    if (dyn(c))
      c = inC;
    else if (!dyn(inC) && c != inC)
      return emitOpError() << "requires input dimension 2 to have size " << c << ", got " << inC;
  }
  if (output.hasRank() && output.getRank() >= 3) {
    int64_t outN = output.getDimSize(0), outK = output.getDimSize(1), outC = output.getDimSize(2);
    if (!dyn(n) && !dyn(outN) && n != outN)
      return emitOpError() << "requires values_out dimension 0 to have size " << n << ", got " << outN;
    if (dyn(k))
      k = outK;
    else if (!dyn(outK) && k != outK)
      return emitOpError() << "requires values_out dimension 1 to have size " << k << ", got " << outK;
    if (!dyn(c) && !dyn(outC) && c != outC)
      return emitOpError() << "requires values_out dimension 2 to have size " << c << ", got " << outC;
  }
  if (!dyn(k) && !dyn(w) && !(k >= w))
    return emitOpError() << "requires dimensions K >= W, got K=" << k << " and W=" << w;
  return success();
}

LogicalResult NegateOp::verify() {
  Operation *op = getOperation();
  Type input1Type = getInput1().getType(), outputType = getOutput().getType();
  if (failed(verifySameElementTypes(op, input1Type, outputType)))
    return failure();
  if (!compatibleShapes(input1Type, outputType))
    return emitOpError() << "requires the same shape for input1 and output";
  Type input1EType = getStorageElementTypeOrSelf(input1Type);
  Type input1ZpEType = getStorageElementTypeOrSelf(getInput1Zp().getType());
  if (input1EType != input1ZpEType)
    return emitOpError("expect both input1 and its zero point are the same element type, got ")
           << input1EType << " and " << input1ZpEType;
  Type outputEType = getStorageElementTypeOrSelf(outputType);
  Type outputZpEType = getStorageElementTypeOrSelf(getOutputZp().getType());
  if (outputEType != outputZpEType)
    return emitOpError("expect both output and its zero point are the same element type, got ")
           << outputEType << " and " << outputZpEType;
  if (failed(verifyZeroPoint(op, getInput1Zp(), "input1")) || failed(verifyZeroPoint(op, getOutputZp(), "output")))
    return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// Not written yet
//===----------------------------------------------------------------------===//

#define TOSA_VERIFIER_NOT_WRITTEN(OP)                                                                                  \
  LogicalResult OP::verify() { return success(); }

TOSA_VERIFIER_NOT_WRITTEN(CastFromBlockScaledOp)
TOSA_VERIFIER_NOT_WRITTEN(CastToBlockScaledOp)
TOSA_VERIFIER_NOT_WRITTEN(ConcatShapeOp)
TOSA_VERIFIER_NOT_WRITTEN(DimOp)
TOSA_VERIFIER_NOT_WRITTEN(MatmulTBlockScaledOp)
TOSA_VERIFIER_NOT_WRITTEN(SliceShapeOp)

#undef TOSA_VERIFIER_NOT_WRITTEN
