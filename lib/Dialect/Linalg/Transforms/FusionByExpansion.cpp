//===- FusionByExpansion.cpp - Fusing reshapes by expanding linalg loops --===//
//
// The part of MLIR 22's Linalg/Transforms/ElementwiseOpFusion.cpp that fuses
// a tensor.collapse_shape producer (FoldWithProducerReshapeOpByExpansion) or
// a tensor.expand_shape consumer (FoldReshapeWithGenericOpByExpansion) into
// a structured op whose maps are projected permutations by expanding the
// op's loops: each loop the reshape splits becomes several loops, the other
// operands are expanded (expand_shape) and the results collapsed back, and
// linalg.index ops of split loops are linearized from the new ones. The
// expanded op is a linalg.generic (linalg.fill and linalg.copy keep their
// names). Not done: linalg.transpose and the tensor.pad patterns.
//
#include "lamina/Dialect/Linalg/Passes.h"

#include "TransformUtils.h"

#include "lamina/Dialect/Affine/AffineDialect.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/IRMapping.h"
#include "lamina/IR/Matchers.h"

#include <algorithm>
#include <vector>

using namespace lamina;
using namespace lamina::linalg;

namespace {



/// isFusableWithReshapeByDimExpansion.
bool isFusableWithReshapeByDimExpansion(LinalgOp op, unsigned operandNumber) {
  if (!op.hasPureTensorSemantics())
    return false;
  for (AffineMap map : op.getIndexingMapsArray())
    if (!map.isProjectedPermutation())
      return false;
  return op.getMatchingIndexingMap(operandNumber).getNumResults() > 0;
}

/// How each loop of the original op maps to loops of the expanded op, and
/// their sizes.
struct ExpansionInfo {
  Reassociation reassociation;
  std::vector<std::vector<OpFoldResult>> expandedShapeMap;
  unsigned expandedOpNumDims = 0;

  LogicalResult compute(OpBuilder &b, LinalgOp op, unsigned operandNumber, const Reassociation &reassociationGroups,
                        ArrayRef<OpFoldResult> expandedShape) {
    if (reassociationGroups.empty())
      return failure();
    AffineMap fusedIndexMap = op.getMatchingIndexingMap(operandNumber);
    unsigned numDims = fusedIndexMap.getNumDims();
    std::vector<unsigned> numExpandedDims(numDims, 1);
    expandedShapeMap.assign(numDims, {});
    for (unsigned i = 0, e = fusedIndexMap.getNumResults(); i < e; ++i) {
      unsigned pos = cast<AffineDimExpr>(fusedIndexMap.getResult(i)).getPosition();
      const std::vector<int64_t> &group = reassociationGroups[i];
      numExpandedDims[pos] = unsigned(group.size());
      for (int64_t d : group)
        expandedShapeMap[pos].push_back(expandedShape[size_t(d)]);
    }
    std::vector<OpFoldResult> loopSizes;
    for (unsigned i = 0; i < numDims; ++i) {
      if (!expandedShapeMap[i].empty())
        continue;
      if (loopSizes.empty())
        loopSizes = getLoopSizes(b, op->getLoc(), op);
      expandedShapeMap[i] = {loopSizes[i]};
    }
    reassociation.clear();
    unsigned sum = 0;
    for (unsigned n : numExpandedDims) {
      std::vector<int64_t> group;
      for (unsigned k = sum; k < sum + n; ++k)
        group.push_back(int64_t(k));
      reassociation.push_back(group);
      sum += n;
    }
    expandedOpNumDims = sum;
    return success();
  }
};

AffineMap getIndexingMapInExpandedOp(MLIRContext *ctx, AffineMap map, const ExpansionInfo &info) {
  std::vector<AffineExpr> exprs;
  for (AffineExpr e : map.getResults())
    for (int64_t d : info.reassociation[cast<AffineDimExpr>(e).getPosition()])
      exprs.push_back(getAffineDimExpr(unsigned(d), ctx));
  return AffineMap::get(info.expandedOpNumDims, map.getNumSymbols(), exprs, ctx);
}

/// The shape and type of an operand in the expanded op.
std::pair<std::vector<OpFoldResult>, RankedTensorType> getExpandedShapeAndType(RankedTensorType type, AffineMap map,
                                                                             const ExpansionInfo &info) {
  std::vector<OpFoldResult> shape;
  std::vector<int64_t> staticShape;
  for (AffineExpr e : map.getResults())
    for (OpFoldResult s : info.expandedShapeMap[cast<AffineDimExpr>(e).getPosition()]) {
      shape.push_back(s);
      auto attr = dyn_cast_or_null<IntegerAttr>(s.getAttribute());
      staticShape.push_back(attr ? attr.getInt() : ShapedType::kDynamic);
    }
  return {shape, RankedTensorType::get(staticShape, type.getElementType())};
}

Reassociation getReassociationForExpansion(AffineMap map, const ExpansionInfo &info) {
  Reassociation result;
  int64_t next = 0;
  for (AffineExpr e : map.getResults()) {
    size_t n = info.reassociation[cast<AffineDimExpr>(e).getPosition()].size();
    std::vector<int64_t> group;
    for (size_t k = 0; k < n; ++k)
      group.push_back(next++);
    result.push_back(group);
  }
  return result;
}

/// reshapeLikeShapesAreCompatible for an expanding reshape: each group of
/// static expanded sizes multiplies to the static collapsed size.
bool expandedShapesAreCompatible(ArrayRef<int64_t> collapsed, ArrayRef<int64_t> expanded,
                                 const Reassociation &reassociation) {
  for (size_t g = 0; g < reassociation.size(); ++g) {
    int64_t product = 1;
    bool dynamic = false;
    for (int64_t d : reassociation[g]) {
      if (ShapedType::isDynamic(expanded[size_t(d)]))
        dynamic = true;
      else
        product *= expanded[size_t(d)];
    }
    if (!dynamic && !ShapedType::isDynamic(collapsed[g]) && product != collapsed[g])
      return false;
  }
  return true;
}

Value createReshape(OpBuilder &b, Location loc, std::string_view name, Type type, Value src,
                    const Reassociation &reassociation, ArrayRef<OpFoldResult> outputShape) {
  std::vector<Value> operands{src};
  std::vector<NamedAttribute> attrs{
      NamedAttribute(b.getStringAttr("reassociation"), getReassociationAttr(b, reassociation))};
  if (name == "tensor.expand_shape") {
    std::vector<int64_t> staticShape;
    for (OpFoldResult s : outputShape) {
      if (auto attr = dyn_cast_or_null<IntegerAttr>(s.getAttribute())) {
        staticShape.push_back(attr.getInt());
      } else {
        staticShape.push_back(ShapedType::kDynamic);
        operands.push_back(s.getValue());
      }
    }
    attrs.push_back(NamedAttribute(b.getStringAttr("static_output_shape"), b.getDenseI64ArrayAttr(staticShape)));
  }
  return b.create(loc, name, ValueRange(operands), type, attrs)->getResult(0);
}

/// makeComposedFoldedAffineApply of `map` (one result) to `operands`.
OpFoldResult composedFoldedApply(OpBuilder &b, Location loc, AffineMap map, ArrayRef<OpFoldResult> operands) {
  MLIRContext *ctx = b.getContext();
  std::vector<AffineExpr> dimReplacements, symReplacements;
  SmallVector<Value, 4> values, symbolValues;
  unsigned numDims = 0, numSymbols = 0;
  for (unsigned i = 0; i < map.getNumDims(); ++i) {
    if (auto attr = dyn_cast_or_null<IntegerAttr>(operands[i].getAttribute())) {
      dimReplacements.push_back(getAffineConstantExpr(attr.getInt(), ctx));
    } else {
      dimReplacements.push_back(getAffineDimExpr(numDims++, ctx));
      values.push_back(operands[i].getValue());
    }
  }
  for (unsigned i = 0; i < map.getNumSymbols(); ++i) {
    OpFoldResult ofr = operands[map.getNumDims() + i];
    if (auto attr = dyn_cast_or_null<IntegerAttr>(ofr.getAttribute())) {
      symReplacements.push_back(getAffineConstantExpr(attr.getInt(), ctx));
    } else {
      symReplacements.push_back(getAffineSymbolExpr(numSymbols++, ctx));
      symbolValues.push_back(ofr.getValue());
    }
  }
  for (Value v : symbolValues)
    values.push_back(v);
  AffineMap folded = map.replaceDimsAndSymbols(dimReplacements, symReplacements, numDims, numSymbols);
  affine::composeAffineMapAndOperands(&folded, &values);
  if (folded.getNumResults() == 1) {
    AffineExpr result = folded.getResult(0);
    if (auto c = dyn_cast<AffineConstantExpr>(result))
      return b.getIndexAttr(c.getValue());
    if (auto d = dyn_cast<AffineDimExpr>(result))
      return values[d.getPosition()];
    if (auto s = dyn_cast<AffineSymbolExpr>(result))
      return values[folded.getNumDims() + s.getPosition()];
  }
  return createAffineApply(b, loc, folded, std::vector<Value>(values.begin(), values.end()));
}

/// updateExpandedGenericOpRegion: linalg.index of a split loop becomes the
/// linearization of the new loops' indices.
void updateExpandedGenericOpRegion(PatternRewriter &rewriter, Location loc, Region &region,
                                   const ExpansionInfo &info) {
  std::vector<Operation *> indexOps;
  for (Operation &op : region.front())
    if (isa<IndexOp>(&op))
      indexOps.push_back(&op);
  MLIRContext *ctx = rewriter.getContext();
  for (Operation *indexOp : indexOps) {
    auto dimAttr = dyn_cast_or_null<IntegerAttr>(IndexOp(indexOp).getDimAttr());
    unsigned dim = dimAttr ? unsigned(dimAttr.getInt()) : 0;
    const std::vector<int64_t> &expandedDims = info.reassociation[dim];
    if (expandedDims.size() == 1 && expandedDims.front() == int64_t(dim))
      continue;
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointAfter(indexOp);
    auto createIndex = [&](int64_t d) {
      return rewriter
          .create(loc, IndexOp::getOperationName(), ValueRange(), rewriter.getIndexType(),
                  {NamedAttribute(rewriter.getStringAttr("dim"), rewriter.getI64IntegerAttr(d))})
          ->getResult(0);
    };
    std::vector<Value> expandedIndices;
    for (size_t k = 1; k < expandedDims.size(); ++k)
      expandedIndices.push_back(createIndex(expandedDims[k]));
    OpFoldResult newIndex = createIndex(expandedDims.front());
    const std::vector<OpFoldResult> &shape = info.expandedShapeMap[dim];
    // idx + acc * shape.
    AffineMap map = AffineMap::get(2, 1, getAffineDimExpr(0, ctx) + getAffineDimExpr(1, ctx) * getAffineSymbolExpr(0, ctx));
    for (size_t k = 0; k < expandedIndices.size(); ++k)
      newIndex = composedFoldedApply(rewriter, indexOp->getLoc(), map,
                                     {OpFoldResult(expandedIndices[k]), newIndex, shape[k + 1]});
    Value newValue = newIndex.getValue();
    if (!newValue)
      newValue = createIndexConstant(rewriter, indexOp->getLoc(), cast<IntegerAttr>(newIndex.getAttribute()).getInt());
    rewriter.replaceOp(indexOp, ValueRange(std::vector<Value>{newValue}));
  }
}

/// fuseWithReshapeByExpansion: the values replacing `op`'s results, or
/// failure (nothing created then).
FailureOr<std::vector<Value>> fuseWithReshapeByExpansion(LinalgOp op, Operation *reshape, unsigned operandNumber,
                                                         PatternRewriter &rewriter) {
  Operation *linalgOp = op.getOperation();
  Location loc = linalgOp->getLoc();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(linalgOp);
  std::vector<OpFoldResult> expandedShape;
  Value src = reshape->getOperand(0);
  Reassociation reassociation = getReassociation(reshape);
  if (isNamed(reshape, "tensor.expand_shape")) {
    // The dynamic output sizes must be defined before the op.
    auto staticShape = dyn_cast_or_null<DenseI64ArrayAttr>(reshape->getInherentAttr("static_output_shape"));
    if (!staticShape)
      return failure();
    unsigned next = 1;
    for (int64_t s : staticShape.asArrayRef()) {
      if (!ShapedType::isDynamic(s)) {
        expandedShape.push_back(rewriter.getIndexAttr(s));
        continue;
      }
      Value v = reshape->getOperand(next++);
      if (Operation *def = v.getDefiningOp())
        if (def->getBlock() == linalgOp->getBlock() && !def->isBeforeInBlock(linalgOp))
          return failure();
      expandedShape.push_back(v);
    }
  } else {
    expandedShape = getMixedSizes(rewriter, reshape->getLoc(), src);
  }
  ExpansionInfo info;
  if (failed(info.compute(rewriter, op, operandNumber, reassociation, expandedShape)))
    return failure();
  std::vector<AffineMap> expandedMaps;
  for (AffineMap map : op.getIndexingMapsArray())
    expandedMaps.push_back(getIndexingMapInExpandedOp(rewriter.getContext(), map, info));

  std::vector<Value> inputs;
  unsigned numInputs = op.getNumDpsInputs();
  for (unsigned i = 0; i < numInputs; ++i) {
    Value operand = linalgOp->getOperand(i);
    if (i == operandNumber) {
      inputs.push_back(src);
      continue;
    }
    if (auto type = dyn_cast<RankedTensorType>(operand.getType())) {
      AffineMap map = op.getMatchingIndexingMap(i);
      auto [shape, expandedType] = getExpandedShapeAndType(type, map, info);
      if (expandedType != type) {
        Reassociation r = getReassociationForExpansion(map, info);
        if (!expandedShapesAreCompatible(type.getShape(), expandedType.getShape(), r))
          return failure();
        inputs.push_back(createReshape(rewriter, loc, "tensor.expand_shape", expandedType, operand, r, shape));
        continue;
      }
    }
    inputs.push_back(operand);
  }
  std::vector<Value> outputs;
  for (unsigned i = numInputs, e = linalgOp->getNumOperands(); i < e; ++i) {
    Value operand = linalgOp->getOperand(i);
    auto type = cast<RankedTensorType>(operand.getType());
    AffineMap map = op.getMatchingIndexingMap(i);
    auto [shape, expandedType] = getExpandedShapeAndType(type, map, info);
    if (expandedType != type) {
      Reassociation r = getReassociationForExpansion(map, info);
      if (!expandedShapesAreCompatible(type.getShape(), expandedType.getShape(), r))
        return failure();
      outputs.push_back(createReshape(rewriter, loc, "tensor.expand_shape", expandedType, operand, r, shape));
    } else {
      outputs.push_back(operand);
    }
  }
  std::vector<Type> resultTypes;
  for (Value v : outputs)
    resultTypes.push_back(v.getType());

  Operation *fusedOp = nullptr;
  if (isa<FillOp>(linalgOp) || isa<CopyOp>(linalgOp)) {
    fusedOp = rewriter.clone(*linalgOp);
    std::vector<Value> operands(inputs);
    operands.insert(operands.end(), outputs.begin(), outputs.end());
    rewriter.modifyOpInPlace(fusedOp, [&] {
      fusedOp->setOperands(ValueRange(operands));
      for (unsigned r = 0; r < fusedOp->getNumResults(); ++r)
        fusedOp->getResult(r).setType(resultTypes[r]);
    });
  } else {
    GenericOpParts parts;
    parts.inputs = inputs;
    parts.outputs = outputs;
    parts.resultTypes = resultTypes;
    parts.indexingMaps = expandedMaps;
    std::vector<IteratorType> iterators(info.expandedOpNumDims, IteratorType::parallel);
    SmallVector<IteratorType, 4> origIterators = op.getIteratorTypesArray();
    for (size_t i = 0; i < origIterators.size(); ++i)
      for (int64_t j : info.reassociation[i])
        iterators[size_t(j)] = origIterators[i];
    std::vector<Attribute> iteratorAttrs;
    for (IteratorType t : iterators)
      iteratorAttrs.push_back(IteratorTypeAttr::get(rewriter.getContext(), t));
    parts.iteratorTypes = rewriter.getArrayAttr(iteratorAttrs);
    fusedOp = createGenericOp(rewriter, loc, parts);
    Region &fusedRegion = fusedOp->getRegion(0);
    IRMapping mapping;
    rewriter.cloneRegionBefore(linalgOp->getRegion(0), fusedRegion, fusedRegion.begin(), mapping);
    updateExpandedGenericOpRegion(rewriter, loc, fusedRegion, info);
  }

  std::vector<Value> results;
  for (unsigned r = 0; r < linalgOp->getNumResults(); ++r) {
    Type origType = linalgOp->getResult(r).getType();
    if (resultTypes[r] == origType) {
      results.push_back(fusedOp->getResult(r));
      continue;
    }
    Reassociation rr = getReassociationForExpansion(op.getMatchingIndexingMap(numInputs + r), info);
    results.push_back(createReshape(rewriter, loc, "tensor.collapse_shape", origType, fusedOp->getResult(r), rr, {}));
  }
  return results;
}

/// FoldWithProducerReshapeOpByExpansion: a collapse_shape input.
struct FoldWithProducerReshapeOpByExpansion : RewritePattern {
  FoldWithProducerReshapeOpByExpansion(MLIRContext *ctx, ControlFusionFn controlFn)
      : RewritePattern(MatchAnyOpTypeTag(), 1, ctx), controlFn(std::move(controlFn)) {}
  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override {
    auto linalgOp = dyn_cast<LinalgOp>(op);
    if (!linalgOp)
      return failure();
    for (unsigned i = 0, e = linalgOp.getNumDpsInputs(); i < e; ++i) {
      Operation *reshape = op->getOperand(i).getDefiningOp();
      if (!isNamed(reshape, "tensor.collapse_shape"))
        continue;
      if (!isFusableWithReshapeByDimExpansion(linalgOp, i) || !controlFn(&op->getOpOperand(i)))
        continue;
      FailureOr<std::vector<Value>> replacements = fuseWithReshapeByExpansion(linalgOp, reshape, i, rewriter);
      if (failed(replacements))
        return failure();
      rewriter.replaceOp(op, ValueRange(*replacements));
      return success();
    }
    return failure();
  }
  ControlFusionFn controlFn;
};

/// FoldReshapeWithGenericOpByExpansion: an expand_shape of a result.
struct FoldReshapeWithGenericOpByExpansion : RewritePattern {
  FoldReshapeWithGenericOpByExpansion(MLIRContext *ctx, ControlFusionFn controlFn)
      : RewritePattern("tensor.expand_shape", 1, ctx), controlFn(std::move(controlFn)) {}
  LogicalResult matchAndRewrite(Operation *reshape, PatternRewriter &rewriter) const override {
    auto producerResult = dyn_cast<OpResult>(reshape->getOperand(0));
    if (!producerResult)
      return failure();
    Operation *producer = producerResult.getOwner();
    auto linalgProducer = dyn_cast<LinalgOp>(producer);
    if (!linalgProducer)
      return failure();
    unsigned init = getInitOperandNumber(linalgProducer, producerResult.getResultNumber());
    if (!isFusableWithReshapeByDimExpansion(linalgProducer, init) || !controlFn(&reshape->getOpOperand(0)))
      return failure();
    FailureOr<std::vector<Value>> replacements = fuseWithReshapeByExpansion(linalgProducer, reshape, init, rewriter);
    if (failed(replacements))
      return failure();
    Value replacement = (*replacements)[producerResult.getResultNumber()];
    if (Operation *collapse = replacement.getDefiningOp())
      if (isNamed(collapse, "tensor.collapse_shape"))
        replacement = collapse->getOperand(0);
    rewriter.replaceOp(reshape, ValueRange(std::vector<Value>{replacement}));
    rewriter.replaceOp(producer, ValueRange(*replacements));
    return success();
  }
  ControlFusionFn controlFn;
};

} // namespace

void linalg::populateFoldReshapeOpsByExpansionPatterns(RewritePatternSet &patterns, const ControlFusionFn &controlFn) {
  patterns.add<FoldReshapeWithGenericOpByExpansion>(patterns.getContext(), controlFn);
  patterns.add<FoldWithProducerReshapeOpByExpansion>(patterns.getContext(), controlFn);
}
