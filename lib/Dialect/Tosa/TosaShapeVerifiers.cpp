//===- TosaShapeVerifiers.cpp - Verifiers of the tosa data ops ------------===//
//
// As MLIR 22's TosaOps.cpp, with mlir-opt's messages: concat, pad, slice,
// tile, reshape, transpose, gather, table, mul, matmul, the FFTs, the
// reductions, resize, scatter, negate, the block-scaled ops and the shape
// ops (dim, concat_shape, slice_shape).
//
#include "TosaVerifierUtils.h"

using namespace lamina;
using namespace lamina::tosa;
using namespace lamina::tosa::detail;

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
// Block-scaled ops and shape ops (messages from mlir-opt 22; the order of
// the checks where one input breaks several is not known)
//===----------------------------------------------------------------------===//

/// `'tensor<4x32xf32>'` compatibility of all dimensions but the last.
static bool compatibleExceptLast(ShapedType a, ShapedType b) {
  if (!a.hasRank() || !b.hasRank())
    return true;
  if (a.getRank() != b.getRank())
    return false;
  return a.getRank() == 0 || compatibleShapes(a.getShape().drop_back(), b.getShape().drop_back());
}

/// The checks shared by the block-scaled casts: `data` (input or output
/// data, named `dataName`) against the other data value and the scale.
static LogicalResult verifyBlockScaledCast(Operation *op, Value input, std::string_view inputName, Value output,
                                           std::string_view outputName, Value data, std::string_view dataName,
                                           Value scale, std::string_view scaleName, Value divisible,
                                           std::string_view divisibleName, uint64_t blockSize) {
  if (!compatibleShapes(input.getType(), output.getType()))
    return op->emitOpError() << "require compatible shapes for " << inputName << " (" << input.getType() << ") and "
                             << outputName << " (" << output.getType() << ")";
  auto dataType = cast<ShapedType>(data.getType()), scaleType = cast<ShapedType>(scale.getType());
  if (!compatibleExceptLast(dataType, scaleType))
    return op->emitOpError() << "require compatible shapes for " << dataName << " (" << data.getType() << ") and "
                             << scaleName << " (" << scale.getType() << ") except for the last dimension";
  auto divisibleType = cast<ShapedType>(divisible.getType());
  if (divisibleType.hasRank() && divisibleType.getRank() > 0) {
    int64_t last = divisibleType.getDimSize(unsigned(divisibleType.getRank() - 1));
    if (!ShapedType::isDynamic(last) && blockSize && last % int64_t(blockSize) != 0)
      return op->emitOpError() << "expect last dimension of " << divisibleName << " (" << last
                               << ") to be divisible by block_size (" << int64_t(blockSize) << ")";
  }
  if (dataType.hasRank() && scaleType.hasRank() && dataType.getRank() > 0 && scaleType.getRank() > 0 && blockSize) {
    int64_t dataLast = dataType.getDimSize(unsigned(dataType.getRank() - 1));
    int64_t scaleLast = scaleType.getDimSize(unsigned(scaleType.getRank() - 1));
    if (!ShapedType::isDynamic(dataLast) && !ShapedType::isDynamic(scaleLast) &&
        scaleLast != dataLast / int64_t(blockSize))
      return op->emitOpError() << "expect last dimension of " << scaleName << " (" << scaleLast
                               << ") to be equal to last dimension of " << dataName << " / block_size ("
                               << dataLast / int64_t(blockSize) << ")";
  }
  return success();
}

LogicalResult CastToBlockScaledOp::verify() {
  uint64_t blockSize = getBlockSizeAttr() ? uint64_t(getBlockSizeAttr().getValue()) : 0;
  return verifyBlockScaledCast(getOperation(), getInputData(), "input_data", getOutputData(), "output_data",
                               getOutputData(), "output_data", getOutputScale(), "output_scale", getInputData(),
                               "input_data", blockSize);
}

LogicalResult CastFromBlockScaledOp::verify() {
  uint64_t blockSize = getBlockSizeAttr() ? uint64_t(getBlockSizeAttr().getValue()) : 0;
  return verifyBlockScaledCast(getOperation(), getInputData(), "input_data", getOutputData(), "output_data",
                               getInputData(), "input_data", getInputScale(), "input_scale", getInputData(),
                               "input_data", blockSize);
}

LogicalResult MatmulTBlockScaledOp::verify() {
  Type aEType = getElementTypeOrSelf(getAData().getType()), bEType = getElementTypeOrSelf(getBData().getType());
  if (aEType != bEType)
    return emitOpError() << "expect A_data and B_data to have same element type, got " << aEType << " and " << bEType;
  int64_t n = ShapedType::kDynamic, h = ShapedType::kDynamic, c = ShapedType::kDynamic;
  int64_t cDivBlock = ShapedType::kDynamic, d = ShapedType::kDynamic, w = ShapedType::kDynamic;
  // Takes dimension `index` of `value` into `dim`, or checks it matches.
  auto match = [&](Value value, unsigned index, int64_t &dim, std::string_view dimName,
                   std::string_view valueName) -> LogicalResult {
    auto shaped = cast<ShapedType>(value.getType());
    if (!shaped.hasRank() || shaped.getRank() <= int64_t(index))
      return success();
    int64_t size = shaped.getDimSize(index);
    if (ShapedType::isDynamic(size))
      return success();
    if (ShapedType::isDynamic(dim)) {
      dim = size;
      return success();
    }
    if (dim != size)
      return emitOpError() << "expected " << dimName << " of " << valueName << " to match size " << dim << ", got "
                           << size;
    return success();
  };
  if (failed(match(getAData(), 0, n, "batch", "a_data")) || failed(match(getAData(), 1, h, "height", "a_data")) ||
      failed(match(getAData(), 2, c, "channels", "a_data")) ||
      failed(match(getAScale(), 0, n, "batch", "a_scale")) || failed(match(getAScale(), 1, h, "height", "a_scale")) ||
      failed(match(getAScale(), 2, cDivBlock, "C/block_size", "a_scale")) ||
      failed(match(getBData(), 0, d, "batch", "b_data")) || failed(match(getBData(), 1, w, "width", "b_data")) ||
      failed(match(getBData(), 2, c, "channels", "b_data")) ||
      failed(match(getBScale(), 0, d, "batch", "b_scale")) || failed(match(getBScale(), 1, w, "width", "b_scale")) ||
      failed(match(getBScale(), 2, cDivBlock, "C/block_size", "b_scale")))
    return failure();
  int64_t blockSize = getBlockSizeAttr() ? int64_t(getBlockSizeAttr().getValue()) : 0;
  if (!ShapedType::isDynamic(c) && blockSize && c % blockSize != 0)
    return emitOpError() << "expect C to be a multiple of block size, got C=" << c << ", block_size=" << blockSize;
  if (!ShapedType::isDynamic(c) && blockSize && !ShapedType::isDynamic(cDivBlock) && cDivBlock != c / blockSize)
    return emitOpError() << "expect scale operands dimension 2 to equal C/block_size (" << c / blockSize << ")"
                         << ", got " << cDivBlock;
  auto outputType = dyn_cast<RankedTensorType>(getOutputData().getType());
  if (outputType && outputType.getRank() == 3) {
    std::vector<int64_t> expected = {ShapedType::isDynamic(n) ? d : n, h, w};
    if (!compatibleShapes(outputType.getShape(), expected)) {
      auto diag = emitOpError("expected output shape ");
      diag.appendRange(outputType.getShape());
      diag << " to be compatible with expected output shape ";
      diag.appendRange(expected);
      return diag;
    }
  }
  return success();
}

LogicalResult DimOp::verify() {
  auto inputType = cast<ShapedType>(getInput1().getType());
  if (!inputType.hasRank())
    return success();
  int64_t axis = int32_t(getAxisAttr().getInt());
  if (axis < 0 || axis >= inputType.getRank())
    return emitOpError() << "expect axis to be in the range [0, " << inputType.getRank() << "), got " << axis;
  return success();
}

LogicalResult ConcatShapeOp::verify() {
  int64_t sum = 0;
  for (Value input : getInput())
    sum += cast<shapeType>(input.getType()).getRank();
  int64_t outputRank = cast<shapeType>(getOutput().getType()).getRank();
  if (outputRank != sum)
    return emitOpError() << "requires output shape rank to be equal to the sum of the input shape ranks (" << sum
                         << "), got " << outputRank;
  return success();
}

LogicalResult SliceShapeOp::verify() {
  std::optional<int64_t> start = getZeroPoint(getStart(), /*signExtend=*/true);
  std::optional<int64_t> size = getZeroPoint(getSize(), /*signExtend=*/true);
  if (start && *start < 0)
    return emitOpError() << "expected non-negative start index, got " << *start;
  if (size && *size <= 0)
    return emitOpError() << "expected positive size, got " << *size;
  int64_t inputRank = cast<shapeType>(getInput().getType()).getRank();
  if (start && size && *start + *size > inputRank)
    return emitOpError() << "expected start + size to be less than or equal to input shape rank (" << inputRank
                         << "), got " << *start + *size;
  int64_t outputRank = cast<shapeType>(getOutput().getType()).getRank();
  if (size && outputRank != *size)
    return emitOpError() << "expected output type size to be equal to size attribute, got " << outputRank << " vs "
                         << *size;
  return success();
}
