//===- TosaCanonicalization.cpp - Canonicalization patterns of tosa -------===//
//
// As MLIR 22's TosaCanonicalizations.cpp, so far: ClampIsNoOp,
// ConcatOptimization, SelectOp's select(not(c), a, b) swap,
// ConsolidateTransposeOptimization and MaxPool2dIsNoOp. Missing:
// ClampClampOptimization, TransposeIsReshape, the pad/slice patterns
// (FoldPadToTensorOp, ConcatSliceOptimization, PadSliceOptimization, ...).
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

void tosa::registerTosaCanonicalization(TosaDialect &dialect) {
  using ods::attachCanonicalizer;
  attachCanonicalizer(dialect, "tosa.clamp", [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction("tosa.clamp", clampIsNoOp, "ClampIsNoOp");
  });
  attachCanonicalizer(dialect, "tosa.concat", [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction("tosa.concat", concatOptimization, "ConcatOptimization");
  });
  attachCanonicalizer(dialect, "tosa.select", [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction("tosa.select", selectOfNot, "SelectOp");
  });
  attachCanonicalizer(dialect, "tosa.transpose", [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction("tosa.transpose", consolidateTranspose, "ConsolidateTransposeOptimization");
  });
  attachCanonicalizer(dialect, "tosa.max_pool2d", [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction("tosa.max_pool2d", maxPool2dIsNoOp, "MaxPool2dIsNoOp");
  });
}
