//===- TosaCanonicalization.cpp - Canonicalization patterns of tosa -------===//
//
// As MLIR 22's TosaCanonicalizations.cpp, so far: ClampIsNoOp,
// ClampClampOptimization, ConcatOptimization, SelectOp's select(not(c), a, b)
// swap, ConsolidateTransposeOptimization, TransposeIsReshape and
// MaxPool2dIsNoOp. Missing: the pad/slice patterns (FoldPadToTensorOp,
// ConcatSliceOptimization, PadSliceOptimization, ...).
//
#include "lamina/Dialect/Tosa/TosaDialect.h"

#include "lamina/IR/PatternMatch.h"
#include "lamina/ODS/OpDef.h"

using namespace lamina;
using namespace lamina::tosa;

//===----------------------------------------------------------------------===//
// Canonicalization patterns
//===----------------------------------------------------------------------===//

/// ClampIsNoOp: a clamp over the whole range of its element type.
static LogicalResult clampIsNoOp(Operation *op, PatternRewriter &rewriter) {
  ClampOp clamp(op);
  Value input = clamp.getInput();
  auto inputType = dyn_cast<RankedTensorType>(input.getType());
  if (!inputType)
    return failure();
  Type elementType = inputType.getElementType();
  if (isa<FloatType>(elementType)) {
    auto minAttr = dyn_cast_or_null<FloatAttr>(clamp.getMinValAttr());
    auto maxAttr = dyn_cast_or_null<FloatAttr>(clamp.getMaxValAttr());
    if (!minAttr || !maxAttr)
      return failure();
    APFloat minClamp = minAttr.getValue(), maxClamp = maxAttr.getValue();
    if (minClamp.isInfinity() && minClamp.isNegative() && maxClamp.isInfinity()) {
      rewriter.replaceOp(op, ValueRange(input));
      return success();
    }
    return failure();
  }
  auto minAttr = dyn_cast_or_null<IntegerAttr>(clamp.getMinValAttr());
  auto maxAttr = dyn_cast_or_null<IntegerAttr>(clamp.getMaxValAttr());
  if (!minAttr || !maxAttr || !isa<IntegerType>(elementType))
    return failure();
  unsigned width = elementType.getIntOrFloatBitWidth();
  if (width == 0 || width > 64)
    return failure();
  bool isUnsigned = elementType.isUnsignedInteger() || elementType.isInteger(1);
  if (isUnsigned) {
    int64_t minClamp = int64_t(minAttr.getValue().getZExtValue());
    int64_t maxClamp = int64_t(maxAttr.getValue().getZExtValue());
    int64_t intMax = int64_t(width == 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1);
    if (minClamp <= 0 && maxClamp >= intMax) {
      rewriter.replaceOp(op, ValueRange(input));
      return success();
    }
    return failure();
  }
  int64_t minClamp = minAttr.getValue().getSExtValue(), maxClamp = maxAttr.getValue().getSExtValue();
  int64_t intMin = width == 64 ? INT64_MIN : -(int64_t(1) << (width - 1));
  int64_t intMax = width == 64 ? INT64_MAX : (int64_t(1) << (width - 1)) - 1;
  if (minClamp <= intMin && maxClamp >= intMax) {
    rewriter.replaceOp(op, ValueRange(input));
    return success();
  }
  return failure();
}

/// ConcatOptimization: a concat of one value is that value (through a
/// tensor.cast when the types differ).
static LogicalResult concatOptimization(Operation *op, PatternRewriter &rewriter) {
  if (op->getNumOperands() != 1)
    return failure();
  Value input = op->getOperand(0);
  Type type = op->getResult(0).getType();
  if (input.getType() != type) {
    OperationState state(op->getLoc(), "tensor.cast");
    state.addOperands(ValueRange(input));
    state.addType(type);
    rewriter.replaceOpWithNewOp(op, state);
    return success();
  }
  rewriter.replaceOp(op, ValueRange(input));
  return success();
}

/// SelectOp::canonicalize: select(not(c), a, b) is select(c, b, a).
static LogicalResult selectOfNot(Operation *op, PatternRewriter &rewriter) {
  Operation *notOp = op->getOperand(0).getDefiningOp();
  if (!notOp || !isa<LogicalNotOp>(notOp))
    return failure();
  Value cond = notOp->getOperand(0), onTrue = op->getOperand(1), onFalse = op->getOperand(2);
  Value operands[] = {cond, onFalse, onTrue};
  rewriter.modifyOpInPlace(op, [&] { op->setOperands(ValueRange(ArrayRef<Value>(operands))); });
  return success();
}

/// ConsolidateTransposeOptimization: transpose(transpose(x)) is one
/// transpose of x.
static LogicalResult consolidateTranspose(Operation *op, PatternRewriter &rewriter) {
  Operation *inner = op->getOperand(0).getDefiningOp();
  if (!inner || !isa<TransposeOp>(inner))
    return failure();
  ArrayRef<int32_t> outerPerms = TransposeOp(op).getPerms(), innerPerms = TransposeOp(inner).getPerms();
  if (outerPerms.size() != innerPerms.size() || outerPerms.empty())
    return failure();
  std::vector<int32_t> perms(outerPerms.size());
  for (size_t i = 0; i < outerPerms.size(); ++i) {
    if (outerPerms[i] < 0 || size_t(outerPerms[i]) >= innerPerms.size())
      return failure();
    perms[i] = innerPerms[size_t(outerPerms[i])];
  }
  OperationState state(op->getLoc(), "tosa.transpose");
  state.addOperands(ValueRange(inner->getOperand(0)));
  state.addAttribute("perms", DenseI32ArrayAttr::get(op->getContext(), perms));
  state.addType(op->getResult(0).getType());
  rewriter.replaceOpWithNewOp(op, state);
  return success();
}

/// MaxPool2dIsNoOp: a max pool of 1x1 static input and output images.
static LogicalResult maxPool2dIsNoOp(Operation *op, PatternRewriter &rewriter) {
  Value input = op->getOperand(0);
  auto inputType = cast<ShapedType>(input.getType());
  auto outputType = cast<ShapedType>(op->getResult(0).getType());
  if (!inputType.hasStaticShape() || !outputType.hasStaticShape() || inputType.getRank() < 3 ||
      outputType.getRank() < 3)
    return failure();
  if (outputType.getDimSize(1) != 1 || outputType.getDimSize(2) != 1 || inputType.getDimSize(1) != 1 ||
      inputType.getDimSize(2) != 1)
    return failure();
  rewriter.replaceOp(op, ValueRange(input));
  return success();
}

/// The nan_mode of a clamp (PROPAGATE when absent).
static NanPropagationMode nanModeOf(ClampOp op) {
  NanPropagationModeAttr attr = op.getNanModeAttr();
  return attr ? attr.getValue() : NanPropagationMode::PROPAGATE;
}

/// ClampClampOptimization: clamp(clamp(x, a, b), a', b') is
/// clamp(x, max(a, a'), min(b, b')) when the ranges intersect and the NaN
/// modes allow it.
static LogicalResult clampClamp(Operation *op, PatternRewriter &rewriter) {
  ClampOp outer(op);
  Operation *innerOp = outer.getInput().getDefiningOp();
  if (!innerOp || !isa<ClampOp>(innerOp))
    return failure();
  ClampOp inner(innerOp);
  NanPropagationMode opNanMode = nanModeOf(outer), clampNanMode = nanModeOf(inner);
  if (opNanMode == NanPropagationMode::IGNORE && clampNanMode == NanPropagationMode::PROPAGATE)
    return failure();
  Type inputEType = cast<ShapedType>(outer.getInput().getType()).getElementType();
  if (auto quantized = dyn_cast<quant::UniformQuantizedType>(inputEType))
    inputEType = getStorageElementTypeFromQuantized(quantized);
  Attribute newMin, newMax;
  if (isa<FloatType>(inputEType)) {
    auto opMinAttr = dyn_cast_or_null<FloatAttr>(outer.getMinValAttr());
    auto opMaxAttr = dyn_cast_or_null<FloatAttr>(outer.getMaxValAttr());
    auto inMinAttr = dyn_cast_or_null<FloatAttr>(inner.getMinValAttr());
    auto inMaxAttr = dyn_cast_or_null<FloatAttr>(inner.getMaxValAttr());
    if (!opMinAttr || !opMaxAttr || !inMinAttr || !inMaxAttr)
      return failure();
    APFloat opMin = opMinAttr.getValue(), opMax = opMaxAttr.getValue();
    APFloat inMin = inMinAttr.getValue(), inMax = inMaxAttr.getValue();
    auto lt = [](const APFloat &a, const APFloat &b) { return a.compare(b) == CmpResult::LessThan; };
    if (!(lt(opMin, inMax) && lt(inMin, opMax)))
      return failure();
    newMin = FloatAttr::get(inputEType, lt(opMin, inMin) ? inMin : opMin);
    newMax = FloatAttr::get(inputEType, lt(inMax, opMax) ? inMax : opMax);
  } else if (isa<IntegerType>(inputEType)) {
    auto opMinAttr = dyn_cast_or_null<IntegerAttr>(outer.getMinValAttr());
    auto opMaxAttr = dyn_cast_or_null<IntegerAttr>(outer.getMaxValAttr());
    auto inMinAttr = dyn_cast_or_null<IntegerAttr>(inner.getMinValAttr());
    auto inMaxAttr = dyn_cast_or_null<IntegerAttr>(inner.getMaxValAttr());
    if (!opMinAttr || !opMaxAttr || !inMinAttr || !inMaxAttr)
      return failure();
    if (inputEType.isUnsignedInteger()) {
      uint64_t opMin = opMinAttr.getValue().getZExtValue(), opMax = opMaxAttr.getValue().getZExtValue();
      uint64_t inMin = inMinAttr.getValue().getZExtValue(), inMax = inMaxAttr.getValue().getZExtValue();
      if (!(opMin < inMax && inMin < opMax))
        return failure();
      newMin = IntegerAttr::get(inputEType, int64_t(std::max(opMin, inMin)));
      newMax = IntegerAttr::get(inputEType, int64_t(std::min(opMax, inMax)));
    } else {
      int64_t opMin = opMinAttr.getInt(), opMax = opMaxAttr.getInt();
      int64_t inMin = inMinAttr.getInt(), inMax = inMaxAttr.getInt();
      if (!(opMin < inMax && inMin < opMax))
        return failure();
      newMin = IntegerAttr::get(inputEType, std::max(opMin, inMin));
      newMax = IntegerAttr::get(inputEType, std::min(opMax, inMax));
    }
  } else {
    return failure();
  }
  NanPropagationMode newMode = opNanMode != clampNanMode ? NanPropagationMode::IGNORE : opNanMode;
  OperationState state(op->getLoc(), "tosa.clamp");
  state.addOperands(ValueRange(inner.getInput()));
  state.addAttribute("min_val", newMin);
  state.addAttribute("max_val", newMax);
  state.addAttribute("nan_mode", NanPropagationModeAttr::get(op->getContext(), newMode));
  state.addType(op->getResult(0).getType());
  rewriter.replaceOpWithNewOp(op, state);
  return success();
}

/// TransposeIsReshape: a transpose that keeps the order of the dimensions
/// of size other than 1 is a reshape.
static LogicalResult transposeIsReshape(Operation *op, PatternRewriter &rewriter) {
  Value input = op->getOperand(0);
  if (Operation *def = input.getDefiningOp(); def && isa<TransposeOp>(def))
    return failure();
  for (Operation *user : op->getResult(0).getUsers())
    if (user && isa<TransposeOp>(user))
      return failure();
  auto inputTy = cast<ShapedType>(input.getType());
  if (!inputTy.hasRank())
    return failure();
  int64_t numDynDims = 0;
  for (int64_t i = 0; i < inputTy.getRank(); ++i)
    numDynDims += inputTy.isDynamicDim(unsigned(i));
  if (numDynDims > 1)
    return failure();
  ArrayRef<int32_t> perms = TransposeOp(op).getPerms();
  if (int64_t(perms.size()) != inputTy.getRank())
    return failure();
  std::vector<int64_t> nonUnitPerms;
  for (int32_t idx : perms)
    if (inputTy.getDimSize(unsigned(idx)) != 1)
      nonUnitPerms.push_back(idx);
  for (size_t i = 1; i < nonUnitPerms.size(); ++i)
    if (nonUnitPerms[i - 1] > nonUnitPerms[i])
      return failure();
  std::vector<APInt> newShape;
  for (int64_t i = 0; i < inputTy.getRank(); ++i) {
    // MLIR's getTosaConstShape stores dynamic sizes as -1.
    int64_t size = inputTy.getDimSize(unsigned(perms[size_t(i)]));
    newShape.push_back(APInt(64, uint64_t(ShapedType::isDynamic(size) ? -1 : size)));
  }
  MLIRContext *ctx = op->getContext();
  int64_t rank = inputTy.getRank();
  OperationState shapeState(op->getLoc(), "tosa.const_shape");
  shapeState.addAttribute(
      "values", DenseElementsAttr::get(RankedTensorType::get({rank}, IndexType::get(ctx)), ArrayRef<APInt>(newShape)));
  shapeState.addType(shapeType::get(ctx, int(rank)));
  Operation *shape = rewriter.create(shapeState);
  OperationState state(op->getLoc(), "tosa.reshape");
  Value operands[] = {input, shape->getResult(0)};
  state.addOperands(ValueRange(ArrayRef<Value>(operands)));
  state.addType(op->getResult(0).getType());
  rewriter.replaceOpWithNewOp(op, state);
  return success();
}

void tosa::registerTosaCanonicalization(TosaDialect &dialect) {
  using ods::attachCanonicalizer;
  attachCanonicalizer(dialect, "tosa.clamp", [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction("tosa.clamp", clampIsNoOp, "ClampIsNoOp");
    p.addFunction("tosa.clamp", clampClamp, "ClampClampOptimization");
  });
  attachCanonicalizer(dialect, "tosa.concat", [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction("tosa.concat", concatOptimization, "ConcatOptimization");
  });
  attachCanonicalizer(dialect, "tosa.select", [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction("tosa.select", selectOfNot, "SelectOp");
  });
  attachCanonicalizer(dialect, "tosa.transpose", [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction("tosa.transpose", consolidateTranspose, "ConsolidateTransposeOptimization");
    p.addFunction("tosa.transpose", transposeIsReshape, "TransposeIsReshape");
  });
  attachCanonicalizer(dialect, "tosa.max_pool2d", [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction("tosa.max_pool2d", maxPool2dIsNoOp, "MaxPool2dIsNoOp");
  });
}
