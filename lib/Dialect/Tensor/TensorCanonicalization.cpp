//===- TensorCanonicalization.cpp - Canonicalization patterns of tensor ---===//
//
// The `hasCanonicalizer` patterns of the tensor ops as MLIR 22 registers
// them (mlir/lib/Dialect/Tensor/IR/TensorOps.cpp and the reshape patterns
// of Dialect/Utils/ReshapeOpsUtils.h), in MLIR's order per op, all of
// benefit 1. Each pattern is a plain function registered under its MLIR
// class name (what `disable-patterns` matches).
//
#include "TensorFoldUtils.h"

#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/IR/IRMapping.h"
#include "lamina/IR/Matchers.h"
#include "lamina/IR/PatternMatch.h"
#include "lamina/Interfaces/DestinationStyleOpInterface.h"
#include "lamina/Interfaces/LoopLikeInterface.h"
#include "lamina/Interfaces/SideEffectInterfaces.h"
#include "lamina/ODS/OpDef.h"

using namespace lamina;
using namespace lamina::tensor;
using namespace lamina::tensor::utils;
using memref::utils::getConstantIntValue;
using memref::utils::Reassociation;

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// The op defining `v` if it is an OpTy.
template <typename OpTy> Operation *defOf(Value v) {
  Operation *def = v ? v.getDefiningOp() : nullptr;
  return def && isa<OpTy>(def) ? def : nullptr;
}

void replace(PatternRewriter &rewriter, Operation *op, Value v) {
  Value values[] = {v};
  rewriter.replaceOp(op, ValueRange(ArrayRef<Value>(values, 1)));
}

Type resultType(Operation *op) { return op->getResult(0).getType(); }

/// matchPattern(v, matchConstantIndex()): an index-typed constant.
bool isConstantIndex(Value v) {
  Attribute attr;
  return v.getType().isIndex() && matchConstant(v, &attr) && isa<IntegerAttr>(attr);
}

Value buildOp(PatternRewriter &rewriter, Location loc, std::string_view name, ValueRange operands, Type type) {
  OperationState state(loc, name);
  state.addOperands(operands);
  state.addType(type);
  return rewriter.create(state)->getResult(0);
}

//===----------------------------------------------------------------------===//
// bitcast / cast
//===----------------------------------------------------------------------===//

/// ChainedTensorBitcast: bitcast(bitcast(x)) -> bitcast(x).
LogicalResult chainedTensorBitcast(Operation *op, PatternRewriter &rewriter) {
  Operation *operand = defOf<BitcastOp>(op->getOperand(0));
  if (!operand)
    return failure();
  replace(rewriter, op, buildOp(rewriter, op->getLoc(), BitcastOp::getOperationName(), operand->getOperand(0),
                                resultType(op)));
  return success();
}

/// joinShapes: the shape knowledge of both types, or null if they conflict.
TensorType joinShapes(TensorType one, TensorType two) {
  if (!one.hasRank())
    return two;
  if (!two.hasRank())
    return one;
  int64_t rank = one.getRank();
  if (rank != two.getRank())
    return {};
  std::vector<int64_t> join;
  join.reserve(rank);
  for (int64_t i = 0; i < rank; ++i) {
    if (one.isDynamicDim(i)) {
      join.push_back(two.getDimSize(i));
      continue;
    }
    if (two.isDynamicDim(i)) {
      join.push_back(one.getDimSize(i));
      continue;
    }
    if (one.getDimSize(i) != two.getDimSize(i))
      return {};
    join.push_back(one.getDimSize(i));
  }
  return RankedTensorType::get(join, one.getElementType());
}

/// ChainedTensorCast: cast(cast(x)) -> cast(x) when no runtime check is lost.
LogicalResult chainedTensorCast(Operation *op, PatternRewriter &rewriter) {
  Operation *operand = defOf<CastOp>(op->getOperand(0));
  if (!operand)
    return failure();
  auto sourceType = cast<TensorType>(operand->getOperand(0).getType());
  auto intermediateType = cast<TensorType>(operand->getResult(0).getType());
  auto type = cast<TensorType>(resultType(op));
  TensorType firstJoin = joinShapes(sourceType, intermediateType);
  if (!firstJoin)
    return failure();
  firstJoin = joinShapes(firstJoin, type);
  if (!firstJoin)
    return failure();
  TensorType newJoin = joinShapes(sourceType, type);
  if (firstJoin != newJoin)
    return failure();
  replace(rewriter, op, buildTensorCast(rewriter, op->getLoc(), type, operand->getOperand(0)));
  return success();
}

/// computeRankReductionMask: the dimensions of `original` dropped to obtain
/// `reduced` (unit dimensions, matched greedily; with `matchDynamic` a
/// dynamic size matches anything but a static 1), or nullopt.
std::optional<std::vector<bool>> rankReductionMask(ArrayRef<int64_t> original, ArrayRef<int64_t> reduced,
                                                   bool matchDynamic = false) {
  std::vector<bool> dropped(original.size(), false);
  size_t r = 0;
  for (size_t o = 0; o < original.size(); ++o) {
    if (matchDynamic && r < reduced.size() && original[o] != 1 &&
        (ShapedType::isDynamic(reduced[r]) || ShapedType::isDynamic(original[o]))) {
      ++r;
      continue;
    }
    if (r < reduced.size() && original[o] == reduced[r]) {
      ++r;
      continue;
    }
    if (original[o] != 1)
      return std::nullopt;
    dropped[o] = true;
  }
  if (r != reduced.size())
    return std::nullopt;
  return dropped;
}

/// TensorCastExtractSlice: cast(extract_slice(x)) to a more static type ->
/// extract_slice(x) with those static sizes.
LogicalResult tensorCastExtractSlice(Operation *op, PatternRewriter &rewriter) {
  Operation *slice = defOf<ExtractSliceOp>(op->getOperand(0));
  auto castType = dyn_cast<RankedTensorType>(resultType(op));
  if (!slice || !canFoldIntoProducerOp(op) || !castType ||
      castType.getShape() == cast<RankedTensorType>(op->getOperand(0).getType()).getShape())
    return failure();
  SliceParts parts = getSliceParts(slice);
  std::optional<std::vector<bool>> mask =
      rankReductionMask(memref::impl::staticList(slice, "static_sizes"),
                        cast<RankedTensorType>(resultType(slice)).getShape());
  size_t dimIndex = 0;
  for (size_t i = 0; i < parts.sizes.size(); ++i) {
    if (mask && (*mask)[i])
      continue;
    if (dimIndex >= castType.getShape().size())
      return failure();
    int64_t dim = castType.getShape()[dimIndex++];
    if (ShapedType::isDynamic(dim))
      continue;
    parts.sizes[i] = rewriter.getIndexAttr(dim);
  }
  replace(rewriter, op,
          buildSliceOp(rewriter, op->getLoc(), ExtractSliceOp::getOperationName(), castType, slice->getOperand(0),
                       parts));
  return success();
}

//===----------------------------------------------------------------------===//
// concat
//===----------------------------------------------------------------------===//

/// SingleInputConcatOp: concat of one input -> cast.
LogicalResult singleInputConcat(Operation *op, PatternRewriter &rewriter) {
  if (op->getNumOperands() != 1)
    return failure();
  replace(rewriter, op, buildTensorCast(rewriter, op->getLoc(), resultType(op), op->getOperand(0)));
  return success();
}

//===----------------------------------------------------------------------===//
// dim
//===----------------------------------------------------------------------===//

/// DimOfCastOp: dim(cast(x)) -> dim(x).
LogicalResult dimOfCast(Operation *op, PatternRewriter &rewriter) {
  Operation *castOp = defOf<CastOp>(op->getOperand(0));
  if (!castOp)
    return failure();
  Value operands[] = {castOp->getOperand(0), op->getOperand(1)};
  replace(rewriter, op,
          buildOp(rewriter, op->getLoc(), DimOp::getOperationName(), ValueRange(ArrayRef<Value>(operands, 2)),
                  resultType(op)));
  return success();
}

/// DimOfDestStyleOp: dim of a destination-style result -> dim of its init.
LogicalResult dimOfDestStyle(Operation *op, PatternRewriter &rewriter) {
  Value source = op->getOperand(0);
  auto result = dyn_cast<OpResult>(source);
  if (!result)
    return failure();
  auto dps = dyn_cast<DestinationStyleOpInterface>(result.getOwner());
  if (!dps)
    return failure();
  OperandRange inits = dps.getDpsInits();
  unsigned number = result.getResultNumber();
  if (number >= inits.size())
    return failure();
  Value init = inits[number];
  rewriter.modifyOpInPlace(op, [&] { op->setOperand(0, init); });
  return success();
}

/// DimOfReshapeOp: dim(reshape(x, shape), i) -> extract(shape, i), cast to
/// index if needed.
LogicalResult dimOfReshape(Operation *op, PatternRewriter &rewriter) {
  Operation *reshape = defOf<ReshapeOp>(op->getOperand(0));
  if (!reshape)
    return failure();
  rewriter.setInsertionPointAfter(op);
  Location loc = op->getLoc();
  Value shape = reshape->getOperand(1);
  Type elementType = cast<ShapedType>(shape.getType()).getElementType();
  Value operands[] = {shape, op->getOperand(1)};
  Value extract =
      buildOp(rewriter, loc, ExtractOp::getOperationName(), ValueRange(ArrayRef<Value>(operands, 2)), elementType);
  if (extract.getType() != resultType(op))
    extract = buildOp(rewriter, loc, "arith.index_cast", extract, resultType(op));
  replace(rewriter, op, extract);
  return success();
}

//===----------------------------------------------------------------------===//
// empty
//===----------------------------------------------------------------------===//

Value buildEmpty(PatternRewriter &rewriter, Location loc, RankedTensorType type, ValueRange dynamicSizes) {
  return buildOp(rewriter, loc, EmptyOp::getOperationName(), dynamicSizes, type);
}

/// FoldEmptyTensorWithCastOp: cast(empty) to a more static type -> empty.
LogicalResult foldEmptyTensorWithCast(Operation *op, PatternRewriter &rewriter) {
  if (!canFoldIntoProducerOp(op))
    return failure();
  Operation *producer = defOf<EmptyOp>(op->getOperand(0));
  if (!producer)
    return failure();
  auto type = cast<RankedTensorType>(resultType(op));
  auto producerType = cast<RankedTensorType>(resultType(producer));
  std::vector<int64_t> shape;
  std::vector<Value> dynamicSizes;
  unsigned nextDynamic = 0;
  for (size_t i = 0; i < type.getShape().size(); ++i) {
    int64_t newDim = type.getShape()[i];
    if (!producerType.isDynamicDim(i)) {
      if (ShapedType::isDynamic(newDim) || newDim != producerType.getShape()[i])
        return failure();
      shape.push_back(newDim);
      continue;
    }
    Value size = producer->getOperand(nextDynamic++);
    if (ShapedType::isStatic(newDim)) {
      shape.push_back(newDim);
      continue;
    }
    shape.push_back(ShapedType::kDynamic);
    dynamicSizes.push_back(size);
  }
  replace(rewriter, op,
          buildEmpty(rewriter, op->getLoc(), RankedTensorType::get(shape, type.getElementType()), dynamicSizes));
  return success();
}

/// FoldEmptyTensorWithDimOp: dim(empty(%s...), i) of a dynamic size -> %s.
LogicalResult foldEmptyTensorWithDim(Operation *op, PatternRewriter &rewriter) {
  std::optional<int64_t> index = constantIndexOf(op->getOperand(1));
  Operation *empty = defOf<EmptyOp>(op->getOperand(0));
  if (!empty || !index)
    return failure();
  auto type = cast<RankedTensorType>(resultType(empty));
  if (*index < 0 || *index >= type.getRank() || !type.isDynamicDim(*index))
    return failure();
  unsigned dynIndex = 0;
  for (int64_t i = 0; i < *index; ++i)
    dynIndex += type.isDynamicDim(i);
  replace(rewriter, op, empty->getOperand(dynIndex));
  return success();
}

/// ReplaceEmptyTensorStaticShapeDims: constant non-negative sizes become
/// static; a cast restores the old type.
LogicalResult replaceEmptyTensorStaticShapeDims(Operation *op, PatternRewriter &rewriter) {
  auto type = cast<RankedTensorType>(resultType(op));
  std::vector<int64_t> shape;
  std::vector<Value> dynamicSizes;
  unsigned next = 0;
  bool changed = false;
  for (int64_t dim : type.getShape()) {
    if (ShapedType::isStatic(dim)) {
      shape.push_back(dim);
      continue;
    }
    Value size = op->getOperand(next++);
    APInt cst;
    if (matchConstantInt(size, &cst) && cst.getSExtValue() >= 0) {
      shape.push_back(cst.getSExtValue());
      changed = true;
      continue;
    }
    shape.push_back(ShapedType::kDynamic);
    dynamicSizes.push_back(size);
  }
  if (!changed)
    return failure();
  auto newType = RankedTensorType::get(shape, type.getElementType(), type.getEncoding());
  Value empty = buildEmpty(rewriter, op->getLoc(), newType, dynamicSizes);
  replace(rewriter, op, buildTensorCast(rewriter, op->getLoc(), type, empty));
  return success();
}

//===----------------------------------------------------------------------===//
// extract / from_elements
//===----------------------------------------------------------------------===//

/// ExtractFromTensorCast: extract(cast(x)) -> extract(x) for a ranked x.
LogicalResult extractFromTensorCast(Operation *op, PatternRewriter &rewriter) {
  Operation *castOp = defOf<CastOp>(op->getOperand(0));
  if (!castOp || !isa<RankedTensorType>(castOp->getOperand(0).getType()))
    return failure();
  std::vector<Value> operands{castOp->getOperand(0)};
  for (Value index : ods::getODSOperands(op, 1))
    operands.push_back(index);
  replace(rewriter, op, buildOp(rewriter, op->getLoc(), ExtractOp::getOperationName(), operands, resultType(op)));
  return success();
}

/// ExtractElementFromIndexCast: extract(index_cast(x)) -> index_cast(extract(x)).
LogicalResult extractElementFromIndexCast(Operation *op, PatternRewriter &rewriter) {
  Operation *indexCast = op->getOperand(0).getDefiningOp();
  if (!indexCast || indexCast->getName().getStringRef() != "arith.index_cast")
    return failure();
  Value in = indexCast->getOperand(0);
  Type elementType = cast<ShapedType>(in.getType()).getElementType();
  std::vector<Value> operands{in};
  for (Value index : ods::getODSOperands(op, 1))
    operands.push_back(index);
  Location loc = op->getLoc();
  Value extract = buildOp(rewriter, loc, ExtractOp::getOperationName(), operands, elementType);
  replace(rewriter, op, buildOp(rewriter, loc, "arith.index_cast", extract, resultType(op)));
  return success();
}

//===----------------------------------------------------------------------===//
// generate
//===----------------------------------------------------------------------===//

/// ExtractFromTensorGenerate: extract(generate) -> the body evaluated at the
/// indices, if the generate would be trivially dead.
LogicalResult extractFromTensorGenerate(Operation *op, PatternRewriter &rewriter) {
  Operation *generate = defOf<GenerateOp>(op->getOperand(0));
  if (!generate || !wouldOpBeTriviallyDead(generate))
    return failure();
  Block *body = &generate->getRegion(0).front();
  OperandRange indices = ods::getODSOperands(op, 1);
  if (body->getNumArguments() != indices.size())
    return failure();
  IRMapping mapping;
  for (unsigned i = 0; i < indices.size(); ++i)
    mapping.map(body->getArgument(i), indices[i]);
  Operation *terminator = body->getTerminator();
  for (Operation &nested : *body)
    if (&nested != terminator)
      rewriter.clone(nested, mapping);
  replace(rewriter, op, mapping.lookupOrDefault(terminator->getOperand(0)));
  return success();
}

/// StaticTensorGenerate: constant non-negative extents become static; a
/// cast restores the old type.
LogicalResult staticTensorGenerate(Operation *op, PatternRewriter &rewriter) {
  auto type = cast<RankedTensorType>(resultType(op));
  std::vector<int64_t> shape;
  std::vector<Value> dynamicSizes;
  unsigned next = 0;
  bool changed = false;
  for (int64_t dim : type.getShape()) {
    if (ShapedType::isStatic(dim)) {
      shape.push_back(dim);
      continue;
    }
    Value size = op->getOperand(next++);
    APInt cst;
    if (matchConstantInt(size, &cst) && cst.getSExtValue() >= 0) {
      shape.push_back(cst.getSExtValue());
      changed = true;
      continue;
    }
    shape.push_back(ShapedType::kDynamic);
    dynamicSizes.push_back(size);
  }
  if (!changed)
    return failure();
  auto newType = RankedTensorType::get(shape, type.getElementType(), type.getEncoding());
  OperationState state(op->getLoc(), GenerateOp::getOperationName());
  state.addOperands(ValueRange(dynamicSizes));
  state.addType(newType);
  state.addRegion();
  Operation *newOp = rewriter.create(state);
  rewriter.inlineRegionBefore(op->getRegion(0), newOp->getRegion(0), newOp->getRegion(0).begin());
  replace(rewriter, op, buildTensorCast(rewriter, op->getLoc(), type, newOp->getResult(0)));
  return success();
}

//===----------------------------------------------------------------------===//
// pad
//===----------------------------------------------------------------------===//

struct PadParts {
  std::vector<int64_t> staticLow, staticHigh;
  std::vector<Value> low, high;
};

PadParts getPadParts(Operation *op) {
  PadParts parts;
  ArrayRef<int64_t> low = memref::impl::staticList(op, "static_low");
  ArrayRef<int64_t> high = memref::impl::staticList(op, "static_high");
  parts.staticLow.assign(low.begin(), low.end());
  parts.staticHigh.assign(high.begin(), high.end());
  for (Value v : ods::getODSOperands(op, 1))
    parts.low.push_back(v);
  for (Value v : ods::getODSOperands(op, 2))
    parts.high.push_back(v);
  return parts;
}

/// A tensor.pad of `source` with `parts`, `op`'s nofold flag and its body
/// cloned (or taken, with `takeBody`).
Operation *buildPad(PatternRewriter &rewriter, Operation *op, Type type, Value source, const PadParts &parts,
                    bool takeBody) {
  OperationState state(op->getLoc(), PadOp::getOperationName());
  state.addOperand(source);
  state.addOperands(ValueRange(parts.low));
  state.addOperands(ValueRange(parts.high));
  if (Attribute nofold = ods::getInherentAttr(op, "nofold"))
    state.addAttribute("nofold", nofold);
  state.addAttribute("static_high", rewriter.getDenseI64ArrayAttr(parts.staticHigh));
  state.addAttribute("static_low", rewriter.getDenseI64ArrayAttr(parts.staticLow));
  int32_t segments[] = {1, int32_t(parts.low.size()), int32_t(parts.high.size())};
  state.addAttribute("operandSegmentSizes", rewriter.getDenseI32ArrayAttr(segments));
  state.addType(type);
  state.addRegion();
  Operation *newOp = rewriter.create(state);
  if (takeBody) {
    newOp->getRegion(0).takeBody(op->getRegion(0));
  } else {
    IRMapping mapper;
    op->getRegion(0).cloneInto(&newOp->getRegion(0), newOp->getRegion(0).begin(), mapper);
  }
  return newOp;
}

bool isNofold(Operation *op) { return bool(ods::getInherentAttr(op, "nofold")); }

/// All of low (or high) padding is a constant zero.
bool hasZeroPad(ArrayRef<int64_t> statics, ArrayRef<Value> dynamics) {
  size_t next = 0;
  for (int64_t v : statics) {
    if (ShapedType::isStatic(v)) {
      if (v != 0)
        return false;
      continue;
    }
    if (next >= dynamics.size() || constantIndexOf(dynamics[next++]) != 0)
      return false;
  }
  return true;
}

/// FoldStaticZeroPadding: a pad of zeros everywhere -> cast.
LogicalResult foldStaticZeroPadding(Operation *op, PatternRewriter &rewriter) {
  PadParts parts = getPadParts(op);
  if (!hasZeroPad(parts.staticLow, parts.low) || !hasZeroPad(parts.staticHigh, parts.high) || isNofold(op))
    return failure();
  replace(rewriter, op, buildTensorCast(rewriter, op->getLoc(), resultType(op), op->getOperand(0)));
  return success();
}

/// PadOp::inferResultType.
RankedTensorType inferPadResultType(RankedTensorType sourceType, ArrayRef<int64_t> low, ArrayRef<int64_t> high,
                                    ArrayRef<int64_t> resultShape) {
  std::vector<int64_t> shape;
  for (int64_t i = 0; i < sourceType.getRank(); ++i) {
    if (sourceType.isDynamicDim(i) || size_t(i) >= low.size() || size_t(i) >= high.size() ||
        ShapedType::isDynamic(low[i]) || ShapedType::isDynamic(high[i])) {
      shape.push_back(resultShape.empty() ? ShapedType::kDynamic : resultShape[i]);
      continue;
    }
    shape.push_back(sourceType.getShape()[i] + low[i] + high[i]);
  }
  return RankedTensorType::get(shape, sourceType.getElementType());
}

/// FoldSourceTensorCast: pad(cast(x)) -> pad(x) when the cast only erases
/// static information.
LogicalResult foldSourceTensorCast(Operation *op, PatternRewriter &rewriter) {
  Operation *castOp = defOf<CastOp>(op->getOperand(0));
  if (!castOp || !canFoldIntoConsumerOp(castOp))
    return failure();
  PadParts parts = getPadParts(op);
  auto type = cast<RankedTensorType>(resultType(op));
  RankedTensorType newType = inferPadResultType(cast<RankedTensorType>(castOp->getOperand(0).getType()),
                                                parts.staticLow, parts.staticHigh, type.getShape());
  if (newType == type) {
    rewriter.modifyOpInPlace(op, [&] { op->setOperand(0, castOp->getOperand(0)); });
    return success();
  }
  // As MLIR, the new pad still reads the cast; the next round folds it.
  Operation *newOp = buildPad(rewriter, op, newType, op->getOperand(0), parts, /*takeBody=*/false);
  replace(rewriter, op, buildTensorCast(rewriter, op->getLoc(), type, newOp->getResult(0)));
  return success();
}

/// FoldTargetTensorCast: cast(pad) as the pad's only use, to a more static
/// type -> pad of that type.
LogicalResult foldTargetTensorCast(Operation *op, PatternRewriter &rewriter) {
  Value result = op->getResult(0);
  if (!result.hasOneUse())
    return failure();
  Operation *castOp = result.getUses().begin()->getOwner();
  if (!isa<CastOp>(castOp) || !preservesStaticInformation(result.getType(), castOp->getResult(0).getType()))
    return failure();
  Operation *newOp =
      buildPad(rewriter, op, castOp->getResult(0).getType(), op->getOperand(0), getPadParts(op), /*takeBody=*/true);
  replace(rewriter, op, newOp->getResult(0));
  replace(rewriter, castOp, newOp->getResult(0));
  return success();
}

/// FoldStaticPadding: constant low/high paddings make the result type more
/// static; a cast restores the old type.
LogicalResult foldStaticPadding(Operation *op, PatternRewriter &rewriter) {
  Value input = op->getOperand(0);
  auto inputType = dyn_cast<RankedTensorType>(input.getType());
  auto oldType = dyn_cast<RankedTensorType>(resultType(op));
  if (!inputType || !oldType)
    return failure();
  ArrayRef<int64_t> inputDims = inputType.getShape(), outputDims = oldType.getShape();
  PadParts parts = getPadParts(op);
  PadParts newParts;
  std::vector<int64_t> constLow, constHigh;
  auto collect = [](const std::vector<Value> &values, std::vector<int64_t> &consts, std::vector<Value> &remaining) {
    for (Value v : values) {
      APInt cst;
      if (!matchConstantInt(v, &cst)) {
        consts.push_back(ShapedType::kDynamic);
        remaining.push_back(v);
        continue;
      }
      consts.push_back(cst.getSExtValue());
    }
  };
  collect(parts.low, constLow, newParts.low);
  collect(parts.high, constHigh, newParts.high);
  size_t rank = inputDims.size();
  if (outputDims.size() != rank || parts.staticLow.size() != rank || parts.staticHigh.size() != rank)
    return failure();
  newParts.staticLow = parts.staticLow;
  newParts.staticHigh = parts.staticHigh;
  size_t lowCount = 0, highCount = 0;
  for (size_t i = 0; i < rank; ++i) {
    if (ShapedType::isDynamic(newParts.staticLow[i]) && lowCount < constLow.size())
      newParts.staticLow[i] = constLow[lowCount++];
    if (ShapedType::isDynamic(newParts.staticHigh[i]) && highCount < constHigh.size())
      newParts.staticHigh[i] = constHigh[highCount++];
  }
  std::vector<int64_t> newOutDims;
  bool allDynamic = true;
  for (size_t i = 0; i < rank; ++i) {
    int64_t dim = outputDims[i];
    if (ShapedType::isDynamic(dim) && ShapedType::isStatic(newParts.staticLow[i]) &&
        ShapedType::isStatic(newParts.staticHigh[i]) && ShapedType::isStatic(inputDims[i]))
      dim = inputDims[i] + newParts.staticLow[i] + newParts.staticHigh[i];
    newOutDims.push_back(dim);
    allDynamic &= ShapedType::isDynamic(dim);
  }
  if (ArrayRef<int64_t>(newOutDims) == outputDims || allDynamic)
    return failure();
  auto newType = RankedTensorType::get(newOutDims, oldType.getElementType());
  Operation *newOp = buildPad(rewriter, op, newType, input, newParts, /*takeBody=*/false);
  replace(rewriter, op, buildTensorCast(rewriter, op->getLoc(), oldType, newOp->getResult(0)));
  return success();
}

//===----------------------------------------------------------------------===//
// Slices
//===----------------------------------------------------------------------===//

std::vector<int64_t> staticValues(ArrayRef<OpFoldResult> values) {
  std::vector<Value> unused;
  std::vector<int64_t> statics;
  memref::utils::dispatchIndexOpFoldResults(values, unused, statics);
  return statics;
}

/// foldDynamicIndexList on offsets, then sizes, then strides, stopping at
/// the first list that changed (as MLIR's `failed(a) && failed(b) && ...`).
bool foldConstantSliceParts(SliceParts &parts) {
  using memref::utils::foldDynamicIndexList;
  return succeeded(foldDynamicIndexList(parts.offsets, /*onlyNonNegative=*/true)) ||
         succeeded(foldDynamicIndexList(parts.sizes, /*onlyNonNegative=*/true)) ||
         succeeded(foldDynamicIndexList(parts.strides));
}

/// ExtractSliceOp::inferCanonicalRankReducedResultType.
RankedTensorType inferCanonicalRankReducedType(unsigned desiredRank, RankedTensorType sourceType,
                                               ArrayRef<int64_t> sizes) {
  auto inferred = RankedTensorType::get(sizes, sourceType.getElementType(), sourceType.getEncoding());
  int64_t rankDiff = inferred.getRank() - int64_t(desiredRank);
  if (rankDiff <= 0)
    return inferred;
  std::vector<int64_t> projected;
  for (int64_t dim : sizes) {
    if (rankDiff > 0 && dim == 1) {
      --rankDiff;
      continue;
    }
    projected.push_back(dim);
  }
  return RankedTensorType::get(projected, sourceType.getElementType());
}

/// OpWithOffsetSizesAndStridesConstantArgumentFolder<ExtractSliceOp>:
/// constant offsets, sizes and strides become static; a cast restores the
/// old type.
LogicalResult extractSliceConstantArgumentFolder(Operation *op, PatternRewriter &rewriter) {
  SliceParts parts = getSliceParts(op);
  if (!foldConstantSliceParts(parts))
    return failure();
  auto sourceType = cast<RankedTensorType>(op->getOperand(0).getType());
  std::vector<int64_t> sizes = staticValues(parts.sizes);
  if (!memref::utils::isInBoundsSlice(sourceType.getShape(), staticValues(parts.offsets), sizes,
                                      staticValues(parts.strides)))
    return failure();
  auto type = cast<RankedTensorType>(resultType(op));
  RankedTensorType newType = inferCanonicalRankReducedType(unsigned(type.getRank()), sourceType, sizes);
  Value slice = buildSliceOp(rewriter, op->getLoc(), ExtractSliceOp::getOperationName(), newType, op->getOperand(0),
                             parts);
  if (slice.getType() != type)
    slice = buildTensorCast(rewriter, op->getLoc(), type, slice);
  replace(rewriter, op, slice);
  return success();
}

bool anyConstantIndexOperand(Operation *op) {
  for (Value operand : op->getOperands())
    if (isConstantIndex(operand))
      return true;
  return false;
}

/// ExtractSliceOpCastFolder: extract_slice(cast(x)) -> extract_slice(x)
/// when the cast only erases static information.
LogicalResult extractSliceOpCastFolder(Operation *op, PatternRewriter &rewriter) {
  if (anyConstantIndexOperand(op))
    return failure();
  Operation *castOp = defOf<CastOp>(op->getOperand(0));
  if (!castOp || !canFoldIntoConsumerOp(castOp))
    return failure();
  SliceParts parts = getSliceParts(op);
  auto castSourceType = cast<RankedTensorType>(castOp->getOperand(0).getType());
  if (!memref::utils::isInBoundsSlice(castSourceType.getShape(), staticValues(parts.offsets),
                                      staticValues(parts.sizes), staticValues(parts.strides)))
    return failure();
  replace(rewriter, op,
          buildSliceOp(rewriter, op->getLoc(), ExtractSliceOp::getOperationName(), resultType(op),
                       castOp->getOperand(0), parts));
  return success();
}

/// The source type of an insert into `parts` of `destType`
/// (InsertSliceOpConstantArgumentFolder): the canonical rank-reduced slice
/// type of the new sizes.
template <bool Parallel> LogicalResult insertSliceConstantArgumentFolder(Operation *op, PatternRewriter &rewriter) {
  SliceParts parts = getSliceParts(op);
  if (!foldConstantSliceParts(parts))
    return failure();
  auto destType = cast<RankedTensorType>(op->getOperand(1).getType());
  std::vector<int64_t> sizes = staticValues(parts.sizes);
  if (!memref::utils::isInBoundsSlice(destType.getShape(), staticValues(parts.offsets), sizes,
                                      staticValues(parts.strides)))
    return failure();
  auto sourceType = cast<RankedTensorType>(op->getOperand(0).getType());
  RankedTensorType newSourceType = inferCanonicalRankReducedType(unsigned(sourceType.getRank()), destType, sizes);
  Value toInsert = op->getOperand(0);
  if (newSourceType != sourceType) {
    if (newSourceType.getRank() != sourceType.getRank())
      return failure();
    if (Parallel) {
      // The cast goes before the parallel combining op holding the insert.
      Operation *parent = op->getParentOp();
      if (!parent)
        return failure();
      rewriter.setInsertionPoint(parent);
    }
    toInsert = buildTensorCast(rewriter, op->getLoc(), newSourceType, toInsert);
    rewriter.setInsertionPoint(op);
  }
  Value leading[] = {toInsert, op->getOperand(1)};
  if (Parallel) {
    buildSliceOp(rewriter, op->getLoc(), ParallelInsertSliceOp::getOperationName(), Type(), ValueRange(ArrayRef<Value>(leading, 2)), parts);
    rewriter.eraseOp(op);
    return success();
  }
  replace(rewriter, op,
          buildSliceOp(rewriter, op->getLoc(), InsertSliceOp::getOperationName(), destType, ValueRange(ArrayRef<Value>(leading, 2)), parts));
  return success();
}

/// InsertSliceOpCastFolder: insert_slice(cast(x), cast(y)) -> insert_slice
/// of the cast sources when the casts only erase static information (and
/// the static offsets stay in bounds); a cast restores the old type.
template <bool Parallel> LogicalResult insertSliceOpCastFolder(Operation *op, PatternRewriter &rewriter) {
  if (anyConstantIndexOperand(op))
    return failure();
  auto getSourceOfCastOp = [](Value v) -> std::optional<Value> {
    Operation *castOp = defOf<CastOp>(v);
    if (!castOp || !canFoldIntoConsumerOp(castOp))
      return std::nullopt;
    return castOp->getOperand(0);
  };
  std::optional<Value> sourceCastSource = getSourceOfCastOp(op->getOperand(0));
  std::optional<Value> destCastSource = getSourceOfCastOp(op->getOperand(1));
  if (!sourceCastSource && !destCastSource)
    return failure();
  Value src = sourceCastSource ? *sourceCastSource : op->getOperand(0);
  Value dst = destCastSource ? *destCastSource : op->getOperand(1);
  auto srcType = cast<RankedTensorType>(src.getType());
  auto dstType = cast<RankedTensorType>(dst.getType());
  SliceParts parts = getSliceParts(op);
  // Dynamic sizes take the static sizes of the cast's source (the cast may
  // know more than the insert); dynamic sizes match anything in the mask.
  std::vector<int64_t> staticSizes = staticValues(parts.sizes);
  std::optional<std::vector<bool>> mask = rankReductionMask(staticSizes, srcType.getShape(), /*matchDynamic=*/true);
  if (!mask)
    return failure();
  int64_t reducedIdx = 0;
  for (size_t i = 0; i < staticSizes.size(); ++i) {
    if ((*mask)[i])
      continue;
    if (!srcType.isDynamicDim(reducedIdx))
      parts.sizes[i] = rewriter.getIndexAttr(srcType.getShape()[reducedIdx]);
    ++reducedIdx;
  }
  // The new op must verify: the source is the (rank-reduced) slice type.
  std::vector<int64_t> newSizes = staticValues(parts.sizes);
  if (!rankReductionMask(newSizes, srcType.getShape()))
    return failure();
  if (!memref::utils::isInBoundsSlice(dstType.getShape(), staticValues(parts.offsets), newSizes,
                                      staticValues(parts.strides)))
    return failure();
  Value leading[] = {src, dst};
  if (Parallel) {
    buildSliceOp(rewriter, op->getLoc(), ParallelInsertSliceOp::getOperationName(), Type(), ValueRange(ArrayRef<Value>(leading, 2)), parts);
    rewriter.eraseOp(op);
    return success();
  }
  Value insert = buildSliceOp(rewriter, op->getLoc(), InsertSliceOp::getOperationName(), dstType, ValueRange(ArrayRef<Value>(leading, 2)), parts);
  if (insert.getType() != resultType(op))
    insert = buildTensorCast(rewriter, op->getLoc(), resultType(op), insert);
  replace(rewriter, op, insert);
  return success();
}

/// InsertSliceOpSourceCastInserter: a source less static than the static
/// sizes is cast to them first.
template <bool Parallel> LogicalResult insertSliceOpSourceCastInserter(Operation *op, PatternRewriter &rewriter) {
  auto srcType = cast<RankedTensorType>(op->getOperand(0).getType());
  if (srcType.getRank() != cast<RankedTensorType>(op->getOperand(1).getType()).getRank())
    return failure();
  SliceParts parts = getSliceParts(op);
  std::vector<int64_t> newShape(srcType.getShape().begin(), srcType.getShape().end());
  for (int64_t i = 0; i < srcType.getRank(); ++i) {
    if (std::optional<int64_t> size = getConstantIntValue(parts.sizes[i]))
      if (*size >= 0)
        newShape[i] = *size;
  }
  auto newSrcType = RankedTensorType::get(newShape, srcType.getElementType(), srcType.getEncoding());
  if (srcType == newSrcType || !preservesStaticInformation(srcType, newSrcType))
    return failure();
  // The cast goes before the parallel combining op holding a parallel insert.
  if (Parallel) {
    Operation *parent = op->getParentOp();
    if (!parent)
      return failure();
    rewriter.setInsertionPoint(parent);
  }
  Value newSrc = buildTensorCast(rewriter, op->getLoc(), newSrcType, op->getOperand(0));
  rewriter.setInsertionPoint(op);
  Value leading[] = {newSrc, op->getOperand(1)};
  if (Parallel) {
    buildSliceOp(rewriter, op->getLoc(), ParallelInsertSliceOp::getOperationName(), Type(), ValueRange(ArrayRef<Value>(leading, 2)), parts);
    rewriter.eraseOp(op);
    return success();
  }
  replace(rewriter, op,
          buildSliceOp(rewriter, op->getLoc(), InsertSliceOp::getOperationName(), resultType(op), ValueRange(ArrayRef<Value>(leading, 2)), parts));
  return success();
}

//===----------------------------------------------------------------------===//
// Reshapes
//===----------------------------------------------------------------------===//

/// FoldReshapeWithSplat: reshape(splat(x)) -> splat(x) of the static type.
LogicalResult foldReshapeWithSplat(Operation *op, PatternRewriter &rewriter) {
  Operation *splat = defOf<SplatOp>(op->getOperand(0));
  auto type = cast<RankedTensorType>(resultType(op));
  if (!splat || !type.hasStaticShape())
    return failure();
  replace(rewriter, op, buildOp(rewriter, op->getLoc(), SplatOp::getOperationName(), splat->getOperand(0), type));
  return success();
}

/// FoldReshapeWithFromElements: reshape(from_elements(...)) -> from_elements
/// of the static type.
LogicalResult foldReshapeWithFromElements(Operation *op, PatternRewriter &rewriter) {
  Operation *fromElements = defOf<FromElementsOp>(op->getOperand(0));
  auto type = cast<RankedTensorType>(resultType(op));
  if (!fromElements || !type.hasStaticShape())
    return failure();
  std::vector<Value> elements(fromElements->getOperands().begin(), fromElements->getOperands().end());
  replace(rewriter, op,
          buildOp(rewriter, op->getLoc(), FromElementsOp::getOperationName(), ValueRange(elements), type));
  return success();
}

/// CollapseShapeOp::inferCollapsedType of `type` by `groups`.
RankedTensorType inferCollapsedType(RankedTensorType type, const Reassociation &groups) {
  std::vector<int64_t> shape;
  for (const std::vector<int64_t> &group : groups) {
    int64_t size = 1;
    for (int64_t d : group) {
      if (d < 0 || d >= type.getRank())
        return {};
      if (type.isDynamicDim(d)) {
        size = ShapedType::kDynamic;
        break;
      }
      size *= type.getShape()[d];
    }
    shape.push_back(size);
  }
  return RankedTensorType::get(shape, type.getElementType());
}

/// FoldCollapseOfCastOp: collapse(cast(x)) -> collapse(x), then a cast to
/// the old type if it changed.
LogicalResult foldCollapseOfCast(Operation *op, PatternRewriter &rewriter) {
  Operation *castOp = defOf<CastOp>(op->getOperand(0));
  if (!castOp || !canFoldIntoConsumerOp(castOp))
    return failure();
  Value source = castOp->getOperand(0);
  Reassociation groups = memref::utils::getReassociationIndices(op);
  RankedTensorType newType = inferCollapsedType(cast<RankedTensorType>(source.getType()), groups);
  if (!newType)
    return failure();
  if (newType == resultType(op)) {
    rewriter.modifyOpInPlace(op, [&] { op->setOperand(0, source); });
    return success();
  }
  Value collapse = memref::utils::buildCollapseShape(rewriter, op->getLoc(), newType, source, groups);
  replace(rewriter, op, buildTensorCast(rewriter, op->getLoc(), resultType(op), collapse));
  return success();
}

//===----------------------------------------------------------------------===//
// Dialect-wide patterns
//===----------------------------------------------------------------------===//

/// FoldTensorCastProducerOp: a destination-style op (not insert_slice, not a
/// loop, not a relayout op) reading foldable tensor.cast results reads their
/// sources instead; inits change its result types, and casts restore them.
struct FoldTensorCastProducerOp : public RewritePattern {
  explicit FoldTensorCastProducerOp(MLIRContext *context) : RewritePattern(MatchAnyOpTypeTag(), 1, context) {
    setDebugName("FoldTensorCastProducerOp");
  }

  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override {
    auto dps = dyn_cast<DestinationStyleOpInterface>(op);
    if (!dps || isa<InsertSliceOp>(op) || isa<LoopLikeOpInterface>(op))
      return failure();
    std::string_view name = op->getName().getStringRef();
    if (name == "linalg.pack" || name == "linalg.unpack")
      return failure();
    bool anyFoldable = false;
    for (Value operand : op->getOperands())
      anyFoldable |= !isa<BlockArgument>(operand) && canFoldIntoConsumerOp(defOf<CastOp>(operand));
    if (!anyFoldable)
      return failure();
    std::vector<Type> newResultTypes = op->getResultTypes();
    std::vector<Value> newOperands;
    unsigned dpsInitIdx = 0;
    for (OpOperand &operand : op->getOpOperands()) {
      Operation *castOp = defOf<CastOp>(operand.get());
      bool fold = canFoldIntoConsumerOp(castOp);
      newOperands.push_back(fold ? castOp->getOperand(0) : operand.get());
      if (dps.isDpsInit(&operand) && !isa<MemRefType>(newOperands.back().getType()) &&
          dpsInitIdx < newResultTypes.size())
        newResultTypes[dpsInitIdx++] = newOperands.back().getType();
    }
    // The op cloned with the new operands and result types.
    Operation *newOp = rewriter.clone(*op);
    rewriter.modifyOpInPlace(newOp, [&] {
      for (unsigned i = 0; i < newOperands.size(); ++i)
        newOp->setOperand(i, newOperands[i]);
      for (unsigned i = 0; i < newOp->getNumResults(); ++i)
        newOp->getResult(i).setType(newResultTypes[i]);
    });
    std::vector<Value> replacements;
    for (unsigned i = 0; i < op->getNumResults(); ++i) {
      Value result = newOp->getResult(i);
      if (result.getType() != op->getResult(i).getType())
        result = buildTensorCast(rewriter, op->getLoc(), op->getResult(i).getType(), result);
      replacements.push_back(result);
    }
    rewriter.replaceOp(op, ValueRange(replacements));
    return success();
  }
};

} // namespace

void TensorDialect::getCanonicalizationPatterns(RewritePatternSet &results) const {
  results.insert(RewritePattern::create<FoldTensorCastProducerOp>(getContext()));
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

void tensor::registerTensorCanonicalization(TensorDialect &dialect) {
  using ods::attachCanonicalizer;
  using namespace memref::utils;
  attachCanonicalizer(dialect, BitcastOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(BitcastOp::getOperationName(), chainedTensorBitcast, "ChainedTensorBitcast");
  });
  attachCanonicalizer(dialect, CastOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(CastOp::getOperationName(), chainedTensorCast, "ChainedTensorCast");
    p.addFunction(CastOp::getOperationName(), tensorCastExtractSlice, "TensorCastExtractSlice");
  });
  attachCanonicalizer(dialect, ConcatOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(ConcatOp::getOperationName(), singleInputConcat, "SingleInputConcatOp");
  });
  attachCanonicalizer(dialect, DimOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(DimOp::getOperationName(), dimOfCast, "DimOfCastOp");
    p.addFunction(DimOp::getOperationName(), dimOfDestStyle, "DimOfDestStyleOp");
    p.addFunction(DimOp::getOperationName(), dimOfReshape, "DimOfReshapeOp");
  });
  attachCanonicalizer(dialect, EmptyOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(CastOp::getOperationName(), foldEmptyTensorWithCast, "FoldEmptyTensorWithCastOp");
    p.addFunction(DimOp::getOperationName(), foldEmptyTensorWithDim, "FoldEmptyTensorWithDimOp");
    p.addFunction(EmptyOp::getOperationName(), replaceEmptyTensorStaticShapeDims,
                  "ReplaceEmptyTensorStaticShapeDims");
  });
  attachCanonicalizer(dialect, ExtractOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(ExtractOp::getOperationName(), extractFromTensorCast, "ExtractFromTensorCast");
  });
  attachCanonicalizer(dialect, FromElementsOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(ExtractOp::getOperationName(), extractElementFromIndexCast, "ExtractElementFromIndexCast");
  });
  attachCanonicalizer(dialect, GenerateOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(ExtractOp::getOperationName(), extractFromTensorGenerate, "ExtractFromTensorGenerate");
    p.addFunction(GenerateOp::getOperationName(), staticTensorGenerate, "StaticTensorGenerate");
  });
  attachCanonicalizer(dialect, PadOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(PadOp::getOperationName(), foldStaticZeroPadding, "FoldStaticZeroPadding");
    p.addFunction(PadOp::getOperationName(), foldSourceTensorCast, "FoldSourceTensorCast");
    p.addFunction(PadOp::getOperationName(), foldTargetTensorCast, "FoldTargetTensorCast");
    p.addFunction(PadOp::getOperationName(), foldStaticPadding, "FoldStaticPadding");
  });
  attachCanonicalizer(dialect, ExtractSliceOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(ExtractSliceOp::getOperationName(), extractSliceConstantArgumentFolder,
                  "OpWithOffsetSizesAndStridesConstantArgumentFolder<ExtractSliceOp>");
    p.addFunction(ExtractSliceOp::getOperationName(), extractSliceOpCastFolder, "ExtractSliceOpCastFolder");
  });
  attachCanonicalizer(dialect, InsertSliceOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(InsertSliceOp::getOperationName(), insertSliceConstantArgumentFolder<false>,
                  "InsertSliceOpConstantArgumentFolder<InsertSliceOp>");
    p.addFunction(InsertSliceOp::getOperationName(), insertSliceOpCastFolder<false>,
                  "InsertSliceOpCastFolder<InsertSliceOp>");
    p.addFunction(InsertSliceOp::getOperationName(), insertSliceOpSourceCastInserter<false>,
                  "InsertSliceOpSourceCastInserter<InsertSliceOp>");
  });
  attachCanonicalizer(dialect, ParallelInsertSliceOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(ParallelInsertSliceOp::getOperationName(), insertSliceConstantArgumentFolder<true>,
                  "InsertSliceOpConstantArgumentFolder<ParallelInsertSliceOp>");
    p.addFunction(ParallelInsertSliceOp::getOperationName(), insertSliceOpCastFolder<true>,
                  "InsertSliceOpCastFolder<ParallelInsertSliceOp>");
    p.addFunction(ParallelInsertSliceOp::getOperationName(), insertSliceOpSourceCastInserter<true>,
                  "InsertSliceOpSourceCastInserter<ParallelInsertSliceOp>");
  });
  attachCanonicalizer(dialect, ExpandShapeOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(ExpandShapeOp::getOperationName(), composeReassociativeReshapeOps<true>,
                  "ComposeReassociativeReshapeOps<ExpandShapeOp>");
    p.addFunction(ExpandShapeOp::getOperationName(), composeExpandOfCollapse, "ComposeExpandOfCollapseOp");
    p.addFunction(ExpandShapeOp::getOperationName(), foldReshapeWithSplat, "FoldReshapeWithSplat<ExpandShapeOp>");
    p.addFunction(ExpandShapeOp::getOperationName(), foldReshapeWithFromElements,
                  "FoldReshapeWithFromElements<ExpandShapeOp>");
  });
  attachCanonicalizer(dialect, CollapseShapeOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(CollapseShapeOp::getOperationName(), composeReassociativeReshapeOps<false>,
                  "ComposeReassociativeReshapeOps<CollapseShapeOp>");
    p.addFunction(CollapseShapeOp::getOperationName(), composeCollapseOfExpand, "ComposeCollapseOfExpandOp");
    p.addFunction(CollapseShapeOp::getOperationName(), foldReshapeWithSplat,
                  "FoldReshapeWithSplat<CollapseShapeOp>");
    p.addFunction(CollapseShapeOp::getOperationName(), foldReshapeWithFromElements,
                  "FoldReshapeWithFromElements<CollapseShapeOp>");
    p.addFunction(CollapseShapeOp::getOperationName(), foldCollapseOfCast, "FoldCollapseOfCastOp");
  });
}
