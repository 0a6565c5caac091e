//===- ReshapeOpsUtils.cpp - Patterns shared by memref and tensor reshapes -===//
//
// The reassociative reshape patterns of MLIR's Dialect/Utils/ReshapeOpsUtils.h
// (ComposeReassociativeReshapeOps, ComposeCollapseOfExpandOp,
// ComposeExpandOfCollapseOp), written once for the expand_shape and
// collapse_shape ops of memref and tensor: the ops they create are those of
// the dialect of the op they rewrite.
//
#include "MemRefFoldUtils.h"

#include "lamina/IR/PatternMatch.h"

using namespace lamina;
using namespace lamina::memref;
using namespace lamina::memref::utils;

/// The expand_shape (`expand`) or collapse_shape op of `like`'s dialect
/// defining `v`, or null.
static Operation *defOfReshape(Value v, Operation *like, bool expand) {
  Operation *def = v ? v.getDefiningOp() : nullptr;
  if (!def || def->getName().getDialectNamespace() != like->getName().getDialectNamespace())
    return nullptr;
  std::string_view name = def->getName().getStringRef();
  std::string_view suffix = expand ? ".expand_shape" : ".collapse_shape";
  return name.size() > suffix.size() && name.substr(name.size() - suffix.size()) == suffix ? def : nullptr;
}

static void replace(PatternRewriter &rewriter, Operation *op, Value v) {
  Value values[] = {v};
  rewriter.replaceOp(op, ValueRange(ArrayRef<Value>(values, 1)));
}

/// ComposeReassociativeReshapeOps: collapse(collapse(x)) or
/// expand(expand(x)) in one op (identity layouts only).
template <bool Expand> LogicalResult utils::composeReassociativeReshapeOps(Operation *op, PatternRewriter &rewriter) {
  Operation *srcReshape = defOfReshape(op->getOperand(0), op, Expand);
  if (!srcReshape)
    return failure();
  Type resultType = op->getResult(0).getType();
  if (hasNonIdentityLayout(srcReshape->getOperand(0).getType()) || hasNonIdentityLayout(op->getOperand(0).getType()) ||
      hasNonIdentityLayout(resultType))
    return failure();
  std::optional<Reassociation> reassociation =
      composeReassociationIndices(getReassociationIndices(srcReshape), getReassociationIndices(op));
  if (!reassociation)
    return failure();
  Value newOp;
  if (Expand) {
    std::vector<OpFoldResult> outputShape = getMixedValues(impl::staticList(op, "static_output_shape"),
                                                           ods::getODSOperands(op, 1), op->getContext());
    newOp = buildExpandShape(rewriter, op->getLoc(), resultType, srcReshape->getOperand(0), *reassociation,
                             outputShape);
  } else {
    newOp = buildCollapseShape(rewriter, op->getLoc(), resultType, srcReshape->getOperand(0), *reassociation);
  }
  replace(rewriter, op, newOp);
  return success();
}

/// ComposeCollapseOfExpandOp: collapse(expand(x)) as one collapse, one
/// expand, or a cast when the ranks are equal.
LogicalResult utils::composeCollapseOfExpand(Operation *collapseOp, PatternRewriter &rewriter) {
  Operation *expandOp = defOfReshape(collapseOp->getOperand(0), collapseOp, /*expand=*/true);
  if (!expandOp)
    return failure();
  Value src = expandOp->getOperand(0);
  auto srcType = cast<ShapedType>(src.getType());
  auto resultType = cast<ShapedType>(collapseOp->getResult(0).getType());
  if (hasNonIdentityLayout(collapseOp->getOperand(0).getType()) || hasNonIdentityLayout(srcType) ||
      hasNonIdentityLayout(expandOp->getResult(0).getType()))
    return failure();
  int64_t srcRank = srcType.getRank(), resultRank = resultType.getRank();
  if (srcType == resultType)
    return failure();

  Reassociation collapseReassociation = getReassociationIndices(collapseOp);
  Reassociation expandReassociation = getReassociationIndices(expandOp);
  const Reassociation &higher = srcRank > resultRank ? expandReassociation : collapseReassociation;
  const Reassociation &lower = srcRank > resultRank ? collapseReassociation : expandReassociation;
  size_t higherID = 0;
  Reassociation composed;
  for (const std::vector<int64_t> &lowerIndices : lower) {
    if (lowerIndices.empty())
      return failure();
    std::vector<int64_t> indices;
    while (higherID < higher.size()) {
      if (higher[higherID].empty())
        return failure();
      int64_t rightmost = higher[higherID].back();
      if (rightmost > lowerIndices.back())
        return failure();
      indices.push_back(int64_t(higherID++));
      if (rightmost == lowerIndices.back())
        break;
    }
    composed.push_back(std::move(indices));
  }

  Location loc = collapseOp->getLoc();
  if (srcRank > resultRank) {
    replace(rewriter, collapseOp, buildCollapseShape(rewriter, loc, resultType, src, composed));
    return success();
  }
  if (srcRank < resultRank) {
    // The output shape of the new expand: each collapsed group's product.
    std::vector<OpFoldResult> origOutputShape = getMixedValues(impl::staticList(expandOp, "static_output_shape"),
                                                               ods::getODSOperands(expandOp, 1), rewriter.getContext());
    std::vector<OpFoldResult> newOutputShape;
    for (const std::vector<int64_t> &indices : collapseReassociation) {
      int64_t numStaticElems = 1;
      std::vector<Value> dynamicSizes;
      for (int64_t idx : indices) {
        if (idx < 0 || size_t(idx) >= origOutputShape.size())
          return failure();
        OpFoldResult size = origOutputShape[idx];
        if (std::optional<int64_t> cst = getConstantIntValue(size)) {
          numStaticElems = int64_t(uint64_t(numStaticElems) * uint64_t(*cst));
          continue;
        }
        dynamicSizes.push_back(size.getValue());
      }
      if (dynamicSizes.empty()) {
        newOutputShape.push_back(rewriter.getIndexAttr(numStaticElems));
        continue;
      }
      auto mul = [&](Value a, Value b) {
        OperationState state(loc, "arith.muli");
        state.addOperand(a);
        state.addOperand(b);
        state.addType(a.getType());
        return rewriter.create(state)->getResult(0);
      };
      Value result = dynamicSizes[0];
      for (size_t i = 1; i < dynamicSizes.size(); ++i)
        result = mul(result, dynamicSizes[i]);
      if (numStaticElems != 1)
        result = mul(result, buildConstantIndex(rewriter, loc, numStaticElems));
      newOutputShape.push_back(result);
    }
    replace(rewriter, collapseOp, buildExpandShape(rewriter, loc, resultType, src, composed, newOutputShape));
    return success();
  }
  // Equal ranks: the reshapes only cast.
  replace(rewriter, collapseOp, buildCast(rewriter, collapseOp->getLoc(), resultType, src));
  return success();
}

/// ComposeExpandOfCollapseOp::findCollapsingReassociation: how `srcShape`
/// collapses to `resultShape` group by group.
static std::optional<Reassociation> findCollapsingReassociation(const Reassociation &srcReassociation,
                                                         const Reassociation &resultReassociation,
                                                         ArrayRef<int64_t> srcShape, ArrayRef<int64_t> resultShape) {
  if (srcReassociation.empty())
    return getReassociationIndicesForCollapse(srcShape, resultShape);
  Reassociation composed;
  auto countDynamic = [](ArrayRef<int64_t> shape) {
    int64_t n = 0;
    for (int64_t d : shape)
      n += ShapedType::isDynamic(d);
    return n;
  };
  for (size_t g = 0; g < srcReassociation.size() && g < resultReassociation.size(); ++g) {
    const std::vector<int64_t> &srcIndices = srcReassociation[g];
    const std::vector<int64_t> &resultIndices = resultReassociation[g];
    if (srcIndices.empty() || resultIndices.empty() || srcIndices.front() < 0 || resultIndices.front() < 0 ||
        size_t(srcIndices.front()) + srcIndices.size() > srcShape.size() ||
        size_t(resultIndices.front()) + resultIndices.size() > resultShape.size())
      return std::nullopt;
    ArrayRef<int64_t> srcSubShape = srcShape.slice(srcIndices.front(), srcIndices.size());
    ArrayRef<int64_t> resultSubShape = resultShape.slice(resultIndices.front(), resultIndices.size());
    if (countDynamic(srcSubShape) >= 2 && countDynamic(resultSubShape) >= 2)
      return std::nullopt;
    if (srcSubShape.size() == resultSubShape.size()) {
      if (!srcSubShape.equals(resultSubShape))
        return std::nullopt;
      for (size_t i = 0; i < srcSubShape.size(); ++i)
        composed.push_back({srcIndices.front() + int64_t(i)});
      continue;
    }
    std::optional<Reassociation> sub = getReassociationIndicesForCollapse(srcSubShape, resultSubShape);
    if (!sub)
      return std::nullopt;
    for (const std::vector<int64_t> &subIndices : *sub) {
      std::vector<int64_t> shapeIndices;
      for (int64_t index : subIndices)
        shapeIndices.push_back(srcIndices.front() + index);
      composed.push_back(std::move(shapeIndices));
    }
  }
  return composed;
}

/// ComposeExpandOfCollapseOp: expand(collapse(x)) as one collapse or one
/// expand (identity layouts only).
LogicalResult utils::composeExpandOfCollapse(Operation *expandOp, PatternRewriter &rewriter) {
  Operation *collapseOp = defOfReshape(expandOp->getOperand(0), expandOp, /*expand=*/false);
  if (!collapseOp)
    return failure();
  Value src = collapseOp->getOperand(0);
  auto srcType = cast<ShapedType>(src.getType());
  auto resultType = cast<ShapedType>(expandOp->getResult(0).getType());
  if (hasNonIdentityLayout(expandOp->getOperand(0).getType()) || hasNonIdentityLayout(srcType) ||
      hasNonIdentityLayout(collapseOp->getResult(0).getType()))
    return failure();
  int64_t srcRank = srcType.getRank(), resultRank = resultType.getRank();
  if (srcRank == resultRank)
    return failure();
  Reassociation srcReassociation = getReassociationIndices(collapseOp);
  Reassociation resultReassociation = getReassociationIndices(expandOp);
  if (srcRank > resultRank) {
    std::optional<Reassociation> composed = findCollapsingReassociation(srcReassociation, resultReassociation,
                                                                        srcType.getShape(), resultType.getShape());
    if (!composed)
      return failure();
    replace(rewriter, expandOp, buildCollapseShape(rewriter, expandOp->getLoc(), resultType, src, *composed));
    return success();
  }
  std::optional<Reassociation> composed = findCollapsingReassociation(resultReassociation, srcReassociation,
                                                                      resultType.getShape(), srcType.getShape());
  if (!composed)
    return failure();
  std::vector<OpFoldResult> outputShape = getMixedValues(impl::staticList(expandOp, "static_output_shape"),
                                                         ods::getODSOperands(expandOp, 1), rewriter.getContext());
  replace(rewriter, expandOp,
          buildExpandShape(rewriter, expandOp->getLoc(), resultType, src, *composed, outputShape));
  return success();
}

template LogicalResult utils::composeReassociativeReshapeOps<true>(Operation *, PatternRewriter &);
template LogicalResult utils::composeReassociativeReshapeOps<false>(Operation *, PatternRewriter &);
