//===- FusionByCollapsing.cpp - Collapsing the loops of linalg ops --------===//
//
// The part of MLIR 22's Linalg/Transforms/ElementwiseOpFusion.cpp that
// collapses iteration dimensions (collapseOpIterationDims): contiguous
// loops that every indexing map keeps together become one loop, each
// operand is collapsed the same way (collapse_shape) and each result
// expanded back (expand_shape), and linalg.index ops of the folded loops
// are recomputed from the collapsed one (divsi/remsi). Patterns built on it:
// CollapseLinalgDimensions (the loops a control function names), and the
// fusion of a tensor.expand_shape producer (FoldWithProducerReshapeOpByCollapsing)
// or a tensor.collapse_shape consumer (FoldReshapeWithGenericOpByCollapsing)
// into a linalg.generic.
//
#include "lamina/Dialect/Linalg/Passes.h"

#include "TransformUtils.h"

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinTypes.h"

#include <algorithm>
#include <map>
#include <set>
#include <vector>

using namespace lamina;
using namespace lamina::linalg;

namespace {


/// isDimSequencePreserved: `sequence` appears contiguously and in order in
/// the projected permutation `map`, or none of it does.
bool isDimSequencePreserved(AffineMap map, const std::vector<int64_t> &sequence) {
  std::set<int64_t> elements(sequence.begin(), sequence.end());
  for (unsigned i = 0, e = map.getNumResults(); i < e; ++i) {
    int64_t dim = int64_t(cast<AffineDimExpr>(map.getResult(i)).getPosition());
    if (dim == sequence[0]) {
      if (i + sequence.size() > e)
        return false;
      for (size_t k = 0; k < sequence.size(); ++k)
        if (int64_t(cast<AffineDimExpr>(map.getResult(unsigned(i + k))).getPosition()) != sequence[k])
          return false;
      return true;
    }
    if (elements.count(dim))
      return false;
  }
  return true;
}

bool dimSequencesPreserved(ArrayRef<AffineMap> maps, const Reassociation &sequences) {
  for (AffineMap map : maps) {
    if (!map.isProjectedPermutation())
      return false;
    for (const std::vector<int64_t> &sequence : sequences)
      if (!sequence.empty() && !isDimSequencePreserved(map, sequence))
        return false;
  }
  return true;
}

/// The loops of the collapsed op and where each original loop went.
struct CollapsingInfo {
  Reassociation collapsedToOrig;
  std::vector<std::pair<int64_t, unsigned>> origToCollapsed;

  LogicalResult initialize(unsigned origNumLoops, const Reassociation &folded) {
    std::set<int64_t> processed;
    for (const std::vector<int64_t> &group : folded) {
      if (group.empty())
        continue;
      for (int64_t dim : group) {
        if (dim < 0 || dim >= int64_t(origNumLoops) || processed.count(dim))
          return failure();
        processed.insert(dim);
      }
      collapsedToOrig.push_back(group);
    }
    for (int64_t dim = 0; dim < int64_t(origNumLoops); ++dim)
      if (!processed.count(dim))
        collapsedToOrig.push_back({dim});
    std::sort(collapsedToOrig.begin(), collapsedToOrig.end(),
              [](const std::vector<int64_t> &l, const std::vector<int64_t> &r) { return l[0] < r[0]; });
    origToCollapsed.resize(origNumLoops);
    for (size_t i = 0; i < collapsedToOrig.size(); ++i)
      for (size_t k = 0; k < collapsedToOrig[i].size(); ++k)
        origToCollapsed[size_t(collapsedToOrig[i][k])] = {int64_t(i), unsigned(k)};
    return success();
  }
  unsigned getCollapsedRank() const { return unsigned(collapsedToOrig.size()); }
};

AffineMap getCollapsedOpIndexingMap(AffineMap map, const CollapsingInfo &info) {
  std::vector<AffineExpr> exprs;
  for (AffineExpr e : map.getResults()) {
    unsigned dim = cast<AffineDimExpr>(e).getPosition();
    if (info.origToCollapsed[dim].second != 0)
      continue;
    exprs.push_back(getAffineDimExpr(unsigned(info.origToCollapsed[dim].first), map.getContext()));
  }
  return AffineMap::get(info.getCollapsedRank(), 0, exprs, map.getContext());
}

Reassociation getOperandReassociation(AffineMap map, const CollapsingInfo &info) {
  Reassociation result;
  unsigned counter = 0;
  while (counter < map.getNumResults()) {
    unsigned dim = cast<AffineDimExpr>(map.getResult(counter)).getPosition();
    unsigned numFolded = unsigned(info.collapsedToOrig[size_t(info.origToCollapsed[dim].first)].size());
    if (info.origToCollapsed[dim].second == 0) {
      std::vector<int64_t> group;
      for (unsigned k = counter; k < counter + numFolded; ++k)
        group.push_back(int64_t(k));
      result.push_back(group);
    }
    counter += numFolded;
  }
  return result;
}

/// The collapsed type of a tensor or (identity layout) memref.
Type getCollapsedType(Type type, const Reassociation &reassociation) {
  auto shaped = cast<ShapedType>(type);
  std::vector<int64_t> shape;
  for (const std::vector<int64_t> &group : reassociation) {
    int64_t size = 1;
    for (int64_t d : group) {
      int64_t s = shaped.getShape()[size_t(d)];
      size = ShapedType::isDynamic(s) || ShapedType::isDynamic(size) ? ShapedType::kDynamic : size * s;
    }
    shape.push_back(size);
  }
  if (auto memref = dyn_cast<MemRefType>(type))
    return MemRefType::get(shape, memref.getElementType(), Attribute(), memref.getMemorySpace());
  return RankedTensorType::get(shape, shaped.getElementType(), cast<RankedTensorType>(type).getEncoding());
}

Value getCollapsedOpOperand(OpBuilder &b, Location loc, LinalgOp op, unsigned operandNumber,
                            const CollapsingInfo &info) {
  AffineMap map = op.getMatchingIndexingMap(operandNumber);
  Reassociation reassociation = getOperandReassociation(map, info);
  Value operand = op->getOperand(operandNumber);
  if (reassociation.size() == map.getNumResults())
    return operand;
  std::string_view name = isa<MemRefType>(operand.getType()) ? "memref.collapse_shape" : "tensor.collapse_shape";
  return b
      .create(loc, name, ValueRange(std::vector<Value>{operand}), getCollapsedType(operand.getType(), reassociation),
              {NamedAttribute(b.getStringAttr("reassociation"), getReassociationAttr(b, reassociation))})
      ->getResult(0);
}

Value valueOrConstant(OpBuilder &b, Location loc, OpFoldResult ofr) {
  if (Value v = ofr.getValue())
    return v;
  return createIndexConstant(b, loc, cast<IntegerAttr>(ofr.getAttribute()).getInt());
}

/// Rewrites the linalg.index ops of `block` (the collapsed op's body) in
/// terms of the collapsed loops.
void generateCollapsedIndexingRegion(Location loc, Block *block, const CollapsingInfo &info,
                                     ArrayRef<OpFoldResult> loopRange, RewriterBase &rewriter) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(block);
  std::vector<Operation *> indexOps;
  for (Operation &op : *block)
    if (isa<IndexOp>(&op))
      indexOps.push_back(&op);
  std::map<unsigned, Value> replacements;
  for (size_t i = 0; i < info.collapsedToOrig.size(); ++i) {
    const std::vector<int64_t> &folded = info.collapsedToOrig[i];
    Value newIndex = rewriter
                         .create(loc, IndexOp::getOperationName(), ValueRange(), rewriter.getIndexType(),
                                 {NamedAttribute(rewriter.getStringAttr("dim"), rewriter.getI64IntegerAttr(int64_t(i)))})
                         ->getResult(0);
    for (size_t k = folded.size(); k-- > 1;) {
      int64_t dim = folded[k];
      Value loopDim = valueOrConstant(rewriter, loc, loopRange[size_t(dim)]);
      auto binary = [&](std::string_view name) {
        OperationState state(loc, name);
        state.addOperands(ValueRange(std::vector<Value>{newIndex, loopDim}));
        state.addType(rewriter.getIndexType());
        return rewriter.createOrFold(state);
      };
      replacements[unsigned(dim)] = binary("arith.remsi");
      newIndex = binary("arith.divsi");
    }
    replacements[unsigned(folded.front())] = newIndex;
  }
  for (Operation *indexOp : indexOps) {
    auto dimAttr = dyn_cast_or_null<IntegerAttr>(IndexOp(indexOp).getDimAttr());
    unsigned dim = dimAttr ? unsigned(dimAttr.getInt()) : 0;
    rewriter.replaceOp(indexOp, ValueRange(std::vector<Value>{replacements[dim]}));
  }
}

} // namespace

bool linalg::areDimSequencesPreserved(ArrayRef<AffineMap> maps, const std::vector<std::vector<int64_t>> &sequences) {
  return dimSequencesPreserved(maps, sequences);
}

FailureOr<std::vector<Value>> linalg::collapseOpIterationDims(Operation *opToCollapse,
                                                              const std::vector<std::vector<int64_t>> &folded,
                                                              RewriterBase &rewriter) {
  LinalgOp op(opToCollapse);
  bool trivial = true;
  for (const std::vector<int64_t> &group : folded)
    trivial &= group.size() <= 1;
  if (op.getNumLoops() <= 1 || folded.empty() || trivial)
    return failure();
  CollapsingInfo info;
  if (failed(info.initialize(op.getNumLoops(), folded)))
    return failure();
  bool pureBuffer = op.hasPureBufferSemantics();
  for (unsigned i = 0, e = opToCollapse->getNumOperands(); i < e; ++i) {
    auto memref = dyn_cast<MemRefType>(opToCollapse->getOperand(i).getType());
    // Only identity layouts are collapsed here (always collapsible).
    if (pureBuffer && memref && !memref.getLayoutMap().isIdentity())
      return failure();
  }
  Location loc = opToCollapse->getLoc();
  std::vector<OpFoldResult> loopBound = getLoopSizes(rewriter, loc, op);

  GenericOpParts parts;
  unsigned numInputs = op.getNumDpsInputs();
  for (unsigned i = 0, e = opToCollapse->getNumOperands(); i < e; ++i) {
    Value v = getCollapsedOpOperand(rewriter, loc, op, i, info);
    if (i < numInputs) {
      parts.inputs.push_back(v);
    } else {
      parts.outputs.push_back(v);
      if (!pureBuffer)
        parts.resultTypes.push_back(v.getType());
    }
  }
  Operation *collapsedOp = nullptr;
  if (isa<GenericOp>(opToCollapse)) {
    for (AffineMap map : op.getIndexingMapsArray())
      parts.indexingMaps.push_back(getCollapsedOpIndexingMap(map, info));
    ArrayAttr iteratorTypes = GenericOp(opToCollapse).getIteratorTypesAttr();
    std::vector<Attribute> newIterators;
    for (const std::vector<int64_t> &group : info.collapsedToOrig)
      newIterators.push_back(iteratorTypes[size_t(group[0])]);
    parts.iteratorTypes = rewriter.getArrayAttr(newIterators);
    collapsedOp = createGenericOpWithBlock(rewriter, loc, parts);
    Block *origBlock = &opToCollapse->getRegion(0).front();
    Block *collapsedBlock = &collapsedOp->getRegion(0).front();
    std::vector<Value> args(collapsedBlock->getArguments().begin(), collapsedBlock->getArguments().end());
    rewriter.mergeBlocks(origBlock, collapsedBlock, ValueRange(args));
  } else {
    // Another structured op (linalg.copy) is cloned with the collapsed
    // operands: its maps follow from the operand types.
    collapsedOp = rewriter.clone(*opToCollapse);
    std::vector<Value> operands(parts.inputs);
    operands.insert(operands.end(), parts.outputs.begin(), parts.outputs.end());
    rewriter.modifyOpInPlace(collapsedOp, [&] {
      collapsedOp->setOperands(ValueRange(operands));
      for (unsigned r = 0; r < collapsedOp->getNumResults(); ++r)
        collapsedOp->getResult(r).setType(parts.resultTypes[r]);
    });
  }

  if (hasIndexSemantics(LinalgOp(collapsedOp))) {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(collapsedOp);
    generateCollapsedIndexingRegion(loc, &collapsedOp->getRegion(0).front(), info, loopBound, rewriter);
  }

  std::vector<Value> results;
  for (unsigned r = 0; r < opToCollapse->getNumResults(); ++r) {
    Value collapsedResult = collapsedOp->getResult(r);
    auto origType = cast<ShapedType>(opToCollapse->getResult(r).getType());
    auto newType = cast<ShapedType>(collapsedResult.getType());
    if (newType.getShape().size() == origType.getShape().size()) {
      results.push_back(collapsedResult);
      continue;
    }
    AffineMap map = op.getMatchingIndexingMap(numInputs + r);
    Reassociation reassociation = getOperandReassociation(map, info);
    std::vector<Value> operands{collapsedResult};
    std::vector<int64_t> staticShape;
    for (AffineExpr e : map.getResults()) {
      OpFoldResult size = loopBound[cast<AffineDimExpr>(e).getPosition()];
      if (auto attr = dyn_cast_or_null<IntegerAttr>(size.getAttribute())) {
        staticShape.push_back(attr.getInt());
      } else {
        staticShape.push_back(ShapedType::kDynamic);
        operands.push_back(size.getValue());
      }
    }
    std::string_view name = isa<MemRefType>(newType) ? "memref.expand_shape" : "tensor.expand_shape";
    results.push_back(rewriter
                          .create(loc, name, ValueRange(operands), origType,
                                  {NamedAttribute(rewriter.getStringAttr("reassociation"),
                                                  getReassociationAttr(rewriter, reassociation)),
                                   NamedAttribute(rewriter.getStringAttr("static_output_shape"),
                                                  rewriter.getDenseI64ArrayAttr(staticShape))})
                          ->getResult(0));
  }
  return results;
}

namespace {

/// getCollapsableIterationSpaceDims: the loop groups that a reshape of
/// `operandNumber` folds and that can be collapsed in `genericOp`.
Reassociation getCollapsableIterationSpaceDims(LinalgOp genericOp, unsigned operandNumber,
                                               const Reassociation &reassociation) {
  if (!genericOp.hasPureTensorSemantics())
    return {};
  SmallVector<AffineMap, 4> maps = genericOp.getIndexingMapsArray();
  for (AffineMap map : maps)
    if (!map.isProjectedPermutation())
      return {};
  SmallVector<unsigned, 4> reductionDims;
  genericOp.getReductionDims(reductionDims);
  std::set<int64_t> processed;
  AffineMap indexingMap = genericOp.getMatchingIndexingMap(operandNumber);
  SmallVector<IteratorType, 4> iteratorTypes = genericOp.getIteratorTypesArray();
  Reassociation result;
  for (const std::vector<int64_t> &rangeDims : reassociation) {
    if (rangeDims.size() == 1)
      continue;
    std::vector<int64_t> domainDims;
    for (int64_t pos : rangeDims)
      domainDims.push_back(int64_t(cast<AffineDimExpr>(indexingMap.getResult(unsigned(pos))).getPosition()));
    bool seen = false;
    for (int64_t d : domainDims)
      seen |= processed.count(d) != 0;
    if (seen)
      continue;
    IteratorType start = iteratorTypes[size_t(domainDims[0])];
    if (start != IteratorType::parallel && start != IteratorType::reduction)
      continue;
    bool same = true;
    for (int64_t d : domainDims)
      same &= iteratorTypes[size_t(d)] == start;
    if (!same)
      continue;
    if (start == IteratorType::reduction) {
      bool contiguous = false;
      for (size_t s = 0; s < reductionDims.size(); ++s) {
        if (int64_t(reductionDims[s]) != domainDims[0])
          continue;
        if (s + domainDims.size() > reductionDims.size())
          break;
        contiguous = true;
        for (size_t k = 0; k < domainDims.size(); ++k)
          if (int64_t(reductionDims[s + k]) != domainDims[k]) {
            contiguous = false;
            break;
          }
        break;
      }
      if (!contiguous)
        continue;
    }
    bool preserved = true;
    for (AffineMap map : maps)
      preserved &= isDimSequencePreserved(map, domainDims);
    if (!preserved)
      continue;
    processed.insert(domainDims.begin(), domainDims.end());
    result.push_back(domainDims);
  }
  return result;
}


struct FoldWithProducerReshapeOpByCollapsing : RewritePattern {
  FoldWithProducerReshapeOpByCollapsing(MLIRContext *ctx, ControlFusionFn controlFn)
      : RewritePattern(GenericOp::getOperationName(), 1, ctx), controlFn(std::move(controlFn)) {}
  LogicalResult matchAndRewrite(Operation *genericOp, PatternRewriter &rewriter) const override {
    for (OpOperand &operand : genericOp->getOpOperands()) {
      Operation *reshape = operand.get().getDefiningOp();
      if (!isNamed(reshape, "tensor.expand_shape"))
        continue;
      Reassociation dims =
          getCollapsableIterationSpaceDims(LinalgOp(genericOp), operand.getOperandNumber(), getReassociation(reshape));
      if (dims.empty() || !controlFn(&operand))
        continue;
      FailureOr<std::vector<Value>> results = collapseOpIterationDims(genericOp, dims, rewriter);
      if (failed(results))
        return rewriter.notifyMatchFailure(genericOp, "failed to do the fusion by collapsing transformation");
      rewriter.replaceOp(genericOp, ValueRange(*results));
      return success();
    }
    return failure();
  }
  ControlFusionFn controlFn;
};

struct FoldReshapeWithGenericOpByCollapsing : RewritePattern {
  FoldReshapeWithGenericOpByCollapsing(MLIRContext *ctx, ControlFusionFn controlFn)
      : RewritePattern("tensor.collapse_shape", 1, ctx), controlFn(std::move(controlFn)) {}
  LogicalResult matchAndRewrite(Operation *reshape, PatternRewriter &rewriter) const override {
    auto producerResult = dyn_cast<OpResult>(reshape->getOperand(0));
    if (!producerResult)
      return failure();
    Operation *producer = producerResult.getOwner();
    if (!isa<GenericOp>(producer))
      return failure();
    LinalgOp linalgProducer(producer);
    Reassociation dims =
        getCollapsableIterationSpaceDims(linalgProducer, getInitOperandNumber(linalgProducer, producerResult.getResultNumber()),
                                         getReassociation(reshape));
    if (dims.empty() || !controlFn(&reshape->getOpOperand(0)))
      return failure();
    rewriter.setInsertionPointAfter(producer);
    FailureOr<std::vector<Value>> results = collapseOpIterationDims(producer, dims, rewriter);
    if (failed(results))
      return failure();
    rewriter.replaceOp(producer, ValueRange(*results));
    return success();
  }
  ControlFusionFn controlFn;
};

struct CollapseLinalgDimensions : RewritePattern {
  CollapseLinalgDimensions(MLIRContext *ctx, std::string_view rootName, GetCollapsableDimensionsFn controlFn)
      : RewritePattern(rootName, 1, ctx), controlFn(std::move(controlFn)) {}
  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override {
    std::vector<std::vector<int64_t>> dims = controlFn(op);
    if (dims.empty())
      return failure();
    SmallVector<AffineMap, 4> maps = LinalgOp(op).getIndexingMapsArray();
    if (!dimSequencesPreserved(std::vector<AffineMap>(maps.begin(), maps.end()), dims))
      return rewriter.notifyMatchFailure(op, "specified dimensions cannot be collapsed");
    FailureOr<std::vector<Value>> results = collapseOpIterationDims(op, dims, rewriter);
    if (failed(results))
      return rewriter.notifyMatchFailure(op, "failed to collapse dimensions");
    rewriter.replaceOp(op, ValueRange(*results));
    return success();
  }
  GetCollapsableDimensionsFn controlFn;
};

} // namespace

void linalg::populateFoldReshapeOpsByCollapsingPatterns(RewritePatternSet &patterns, const ControlFusionFn &controlFn) {
  patterns.add<FoldWithProducerReshapeOpByCollapsing>(patterns.getContext(), controlFn);
  patterns.add<FoldReshapeWithGenericOpByCollapsing>(patterns.getContext(), controlFn);
}

void linalg::populateCollapseDimensions(RewritePatternSet &patterns, const GetCollapsableDimensionsFn &controlFn) {
  patterns.add<CollapseLinalgDimensions>(patterns.getContext(), GenericOp::getOperationName(), controlFn);
  patterns.add<CollapseLinalgDimensions>(patterns.getContext(), CopyOp::getOperationName(), controlFn);
}
