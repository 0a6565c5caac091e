//===- DropUnitDims.cpp - Folding unit-extent dims of linalg.generic ------===//
//
// As MLIR 22's Linalg/Transforms/DropUnitDims.cpp: the loops of a
// linalg.generic that run once (they index a dimension of size 1) are
// dropped, and so are the operand dimensions of size 1 they (or a constant
// 0) index: each operand is collapsed (tensor/memref.collapse_shape, or a
// rank-reducing extract_slice/subview with use-rank-reducing-slices) and
// each result expanded back (expand_shape, or insert_slice into the
// original init). linalg-fold-unit-extent-dims applies this with
// MoveInitOperandsToInput, the rank-reducing slice patterns and the
// canonicalizations of fill, tensor.empty and the tensor reshapes.
//
#include "lamina/Dialect/Linalg/Passes.h"

#include "TransformUtils.h"

#include "lamina/Dialect/Affine/AffineDialect.h"
#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/Dialect/MemRef/MemRefDialect.h"
#include "lamina/Dialect/MemRef/StridedLayout.h"
#include "lamina/Dialect/Tensor/TensorDialect.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/IRMapping.h"
#include "lamina/IR/Matchers.h"
#include "lamina/Rewrite/GreedyPatternRewriteDriver.h"

#include <algorithm>
#include <map>
#include <set>
#include <vector>

using namespace lamina;
using namespace lamina::linalg;

namespace {

//===----------------------------------------------------------------------===//
// Building reshapes and slices
//===----------------------------------------------------------------------===//


Value createCollapseShape(OpBuilder &b, Location loc, Type resultType, Value src, const Reassociation &reassociation) {
  std::string_view name = isa<MemRefType>(src.getType()) ? "memref.collapse_shape" : "tensor.collapse_shape";
  return b
      .create(loc, name, ValueRange(std::vector<Value>{src}), resultType,
              {NamedAttribute(b.getStringAttr("reassociation"), getReassociationAttr(b, reassociation))})
      ->getResult(0);
}

Value createExpandShape(OpBuilder &b, Location loc, Type resultType, Value src, const Reassociation &reassociation,
                        ArrayRef<OpFoldResult> outputShape) {
  std::vector<Value> operands{src};
  std::vector<int64_t> staticShape;
  for (OpFoldResult s : outputShape) {
    if (auto attr = dyn_cast_or_null<IntegerAttr>(s.getAttribute())) {
      staticShape.push_back(attr.getInt());
    } else {
      staticShape.push_back(ShapedType::kDynamic);
      operands.push_back(s.getValue());
    }
  }
  std::string_view name = isa<MemRefType>(src.getType()) ? "memref.expand_shape" : "tensor.expand_shape";
  return b
      .create(loc, name, ValueRange(operands), resultType,
              {NamedAttribute(b.getStringAttr("reassociation"), getReassociationAttr(b, reassociation)),
               NamedAttribute(b.getStringAttr("static_output_shape"), b.getDenseI64ArrayAttr(staticShape))})
      ->getResult(0);
}

/// Builds an extract_slice / insert_slice / subview with `leading` operands
/// and the mixed offsets, sizes and strides.
Value createSliceOp(OpBuilder &b, Location loc, std::string_view name, Type resultType, ArrayRef<Value> leading,
                    ArrayRef<OpFoldResult> offsets, ArrayRef<OpFoldResult> sizes, ArrayRef<OpFoldResult> strides) {
  OperationState state(loc, name);
  state.addOperands(ValueRange(leading));
  std::vector<int32_t> segments(leading.size(), 1);
  std::vector<std::vector<int64_t>> statics;
  for (ArrayRef<OpFoldResult> list : {offsets, sizes, strides}) {
    std::vector<int64_t> s;
    int32_t numDynamic = 0;
    for (OpFoldResult ofr : list) {
      if (auto attr = dyn_cast_or_null<IntegerAttr>(ofr.getAttribute())) {
        s.push_back(attr.getInt());
      } else {
        s.push_back(ShapedType::kDynamic);
        state.addOperand(ofr.getValue());
        ++numDynamic;
      }
    }
    segments.push_back(numDynamic);
    statics.push_back(std::move(s));
  }
  state.addAttribute("static_offsets", b.getDenseI64ArrayAttr(statics[0]));
  state.addAttribute("static_sizes", b.getDenseI64ArrayAttr(statics[1]));
  state.addAttribute("static_strides", b.getDenseI64ArrayAttr(statics[2]));
  state.addAttribute("operandSegmentSizes", b.getDenseI32ArrayAttr(segments));
  state.addType(resultType);
  return b.create(state)->getResult(0);
}

/// The size `dim` of the tensor `value` as MLIR's dim-resolving patterns
/// leave it: a static size, a size of the tensor.empty it comes from
/// (through ops whose only tensor operands are inits, like linalg.fill), or
/// a new tensor.dim.
OpFoldResult getResolvedTensorDim(OpBuilder &b, Location loc, Value value, int64_t dim) {
  for (;;) {
    auto type = cast<RankedTensorType>(value.getType());
    if (!ShapedType::isDynamic(type.getShape()[size_t(dim)]))
      return b.getIndexAttr(type.getShape()[size_t(dim)]);
    Operation *def = value.getDefiningOp();
    if (!def)
      break;
    if (def->getName().getStringRef() == "tensor.empty") {
      unsigned next = 0;
      for (int64_t d = 0; d < dim; ++d)
        next += ShapedType::isDynamic(type.getShape()[size_t(d)]);
      if (next < def->getNumOperands())
        return def->getOperand(next);
      break;
    }
    auto linalgOp = dyn_cast<LinalgOp>(def);
    if (!linalgOp)
      break;
    bool shapedInput = false;
    for (unsigned i = 0, e = linalgOp.getNumDpsInputs(); i < e; ++i)
      shapedInput |= isa<ShapedType>(def->getOperand(i).getType());
    if (shapedInput)
      break;
    value = def->getOperand(getInitOperandNumber(linalgOp, cast<OpResult>(value).getResultNumber()));
  }
  Value index = createIndexConstant(b, loc, dim);
  OperationState state(loc, "tensor.dim");
  state.addOperands(ValueRange(std::vector<Value>{value, index}));
  state.addType(b.getIndexType());
  return b.create(state)->getResult(0);
}

/// tensor::getMixedSizes with the sizes resolved as above.
std::vector<OpFoldResult> getResolvedMixedSizes(OpBuilder &b, Location loc, Value value) {
  std::vector<OpFoldResult> sizes;
  for (int64_t d = 0, e = cast<RankedTensorType>(value.getType()).getRank(); d < e; ++d)
    sizes.push_back(getResolvedTensorDim(b, loc, value, d));
  return sizes;
}

/// memref::getMixedSizes (memref.dim for the dynamic sizes).
std::vector<OpFoldResult> getMemRefMixedSizes(OpBuilder &b, Location loc, Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  std::vector<OpFoldResult> sizes;
  for (int64_t i = 0, e = int64_t(type.getShape().size()); i < e; ++i) {
    if (!ShapedType::isDynamic(type.getShape()[i])) {
      sizes.push_back(b.getIndexAttr(type.getShape()[i]));
      continue;
    }
    Value index = createIndexConstant(b, loc, i);
    OperationState state(loc, "memref.dim");
    state.addOperands(ValueRange(std::vector<Value>{memref, index}));
    state.addType(b.getIndexType());
    sizes.push_back(b.createOrFold(state));
  }
  return sizes;
}

/// tensor::ExtractSliceOp::rankReduceIfNeeded / memref's: a rank-reducing
/// slice of the whole of `value` with shape `targetShape`.
Value rankReduceIfNeeded(OpBuilder &b, Location loc, Value value, ArrayRef<int64_t> targetShape,
                         std::vector<OpFoldResult> &sizes) {
  auto shaped = cast<ShapedType>(value.getType());
  if (shaped.getShape() == targetShape)
    return value;
  unsigned rank = unsigned(shaped.getShape().size());
  std::vector<OpFoldResult> offsets(rank, b.getIndexAttr(0)), strides(rank, b.getIndexAttr(1));
  if (auto tensorType = dyn_cast<RankedTensorType>(value.getType())) {
    sizes = getResolvedMixedSizes(b, loc, value);
    Type resultType = RankedTensorType::get(targetShape, tensorType.getElementType(), tensorType.getEncoding());
    return createSliceOp(b, loc, "tensor.extract_slice", resultType, {value}, offsets, sizes, strides);
  }
  auto memrefType = cast<MemRefType>(value.getType());
  sizes = getMemRefMixedSizes(b, loc, value);
  // The subview keeps the source's strides and offset of the dimensions
  // that stay (its offsets are 0 and strides 1).
  std::vector<int64_t> srcStrides;
  int64_t srcOffset = 0;
  if (failed(memref::getStridesAndOffset(memrefType, srcStrides, srcOffset)))
    return value;
  std::optional<std::vector<bool>> mask = memref::computeRankReductionMask(memrefType.getShape(), targetShape);
  if (!mask)
    return value;
  std::vector<int64_t> keptStrides;
  for (unsigned i = 0; i < rank; ++i)
    if (!(*mask)[i])
      keptStrides.push_back(srcStrides[i]);
  Attribute layout = StridedLayoutAttr::get(b.getContext(), srcOffset, keptStrides);
  Type resultType = MemRefType::get(targetShape, memrefType.getElementType(), layout, memrefType.getMemorySpace());
  return createSliceOp(b, loc, "memref.subview", resultType, {value}, offsets, sizes, strides);
}

//===----------------------------------------------------------------------===//
// MoveInitOperandsToInput
//===----------------------------------------------------------------------===//

/// When every loop is parallel, an init the body reads becomes an input
/// and the init a tensor.empty of its shape.
LogicalResult moveInitOperandsToInput(Operation *genericOp, PatternRewriter &rewriter) {
  LinalgOp op(genericOp);
  if (!op.hasPureTensorSemantics() || op.getNumParallelLoops() != op.getNumLoops())
    return failure();
  unsigned numInputs = op.getNumDpsInputs(), numOperands = genericOp->getNumOperands();
  std::vector<unsigned> candidates;
  for (unsigned i = numInputs; i < numOperands; ++i)
    if (op.payloadUsesValueFromOperand(i))
      candidates.push_back(i);
  if (candidates.empty())
    return failure();

  GenericOpParts parts;
  SmallVector<AffineMap, 4> maps = op.getIndexingMapsArray();
  for (unsigned i = 0; i < numInputs; ++i) {
    parts.inputs.push_back(genericOp->getOperand(i));
    parts.indexingMaps.push_back(maps[i]);
  }
  for (unsigned c : candidates) {
    parts.inputs.push_back(genericOp->getOperand(c));
    parts.indexingMaps.push_back(maps[c]);
  }
  for (unsigned i = numInputs; i < numOperands; ++i)
    parts.indexingMaps.push_back(maps[i]);
  Location loc = genericOp->getLoc();
  for (unsigned i = numInputs; i < numOperands; ++i)
    parts.outputs.push_back(genericOp->getOperand(i));
  for (unsigned c : candidates) {
    OpBuilder::InsertionGuard guard(rewriter);
    Value init = genericOp->getOperand(c);
    if (Operation *def = init.getDefiningOp())
      rewriter.setInsertionPointAfter(def);
    else
      rewriter.setInsertionPointToStart(BlockArgument(init).getOwner());
    auto type = cast<ShapedType>(init.getType());
    std::vector<OpFoldResult> sizes = getMixedSizes(rewriter, loc, init);
    parts.outputs[c - numInputs] = createEmptyTensor(rewriter, loc, sizes, type.getElementType());
  }
  parts.resultTypes = genericOp->getResultTypes();
  parts.iteratorTypes = GenericOp(genericOp).getIteratorTypesAttr();
  Operation *newOp = createGenericOp(rewriter, loc, parts);
  // linalg::getPrunedAttributeList: the discardable attributes.
  for (NamedAttribute attr : genericOp->getDiscardableAttrs())
    newOp->setDiscardableAttr(attr.getName(), attr.getValue());

  OpBuilder::InsertionGuard guard(rewriter);
  Block *block = rewriter.createBlock(&newOp->getRegion(0));
  Block &oldBlock = genericOp->getRegion(0).front();
  IRMapping mapper;
  for (unsigned i = 0; i < numInputs; ++i)
    mapper.map(oldBlock.getArgument(i), block->addArgument(oldBlock.getArgument(i).getType(), loc));
  for (unsigned c : candidates)
    mapper.map(oldBlock.getArgument(c), block->addArgument(oldBlock.getArgument(c).getType(), loc));
  for (unsigned i = numInputs; i < numOperands; ++i) {
    BlockArgument arg = block->addArgument(oldBlock.getArgument(i).getType(), loc);
    if (std::find(candidates.begin(), candidates.end(), i) == candidates.end())
      mapper.map(oldBlock.getArgument(i), arg);
  }
  for (Operation &nested : oldBlock)
    rewriter.clone(nested, mapper);
  rewriter.replaceOp(genericOp, newOp->getResults());
  return success();
}

//===----------------------------------------------------------------------===//
// DropUnitDims
//===----------------------------------------------------------------------===//

struct DropUnitDimsOptions {
  bool useRankReducingSlices = false;
};

/// The size of dimension `dim` of `value` as the resolved tensor.dim /
/// memref.dim patterns leave it: a static size, the size a slice or
/// collapse of ours was built from, or a new dim op.
OpFoldResult getResolvedDim(OpBuilder &b, Location loc, Value value, int64_t dim,
                            const std::map<const void *, std::pair<Value, Reassociation>> &collapsedFrom,
                            const std::map<const void *, std::vector<OpFoldResult>> &sliceSizes) {
  auto shaped = cast<ShapedType>(value.getType());
  if (!ShapedType::isDynamic(shaped.getShape()[dim]))
    return b.getIndexAttr(shaped.getShape()[dim]);
  auto c = collapsedFrom.find(value.getAsOpaquePointer());
  if (c != collapsedFrom.end()) {
    Value src = c->second.first;
    auto srcShape = cast<ShapedType>(src.getType()).getShape();
    for (int64_t d : c->second.second[dim])
      if (ShapedType::isDynamic(srcShape[d]))
        return getResolvedDim(b, loc, src, d, collapsedFrom, sliceSizes);
  }
  auto s = sliceSizes.find(value.getAsOpaquePointer());
  if (s != sliceSizes.end()) {
    // The rank-reduced slice keeps the non-unit sizes in order.
    int64_t kept = -1;
    for (OpFoldResult size : s->second) {
      auto attr = dyn_cast_or_null<IntegerAttr>(size.getAttribute());
      if (attr && attr.getInt() == 1)
        continue;
      if (++kept == dim)
        return size;
    }
  }
  if (isa<RankedTensorType>(value.getType()))
    return getResolvedTensorDim(b, loc, value, dim);
  Value index = createIndexConstant(b, loc, dim);
  OperationState state(loc, isa<MemRefType>(value.getType()) ? "memref.dim" : "tensor.dim");
  state.addOperands(ValueRange(std::vector<Value>{value, index}));
  state.addType(b.getIndexType());
  return b.create(state)->getResult(0);
}

/// dropUnitDims on a linalg.generic: the replacement values of its results,
/// or failure.
FailureOr<std::vector<Value>> dropUnitDims(PatternRewriter &rewriter, Operation *genericOp,
                                           const DropUnitDimsOptions &options) {
  LinalgOp op(genericOp);
  MLIRContext *ctx = rewriter.getContext();
  SmallVector<AffineMap, 4> indexingMaps = op.getIndexingMapsArray();
  if (indexingMaps.empty())
    return failure();
  AffineMap invertedMap = inversePermutation(concatAffineMaps(std::vector<AffineMap>(indexingMaps.begin(),
                                                                                     indexingMaps.end()),
                                                              ctx));
  if (!invertedMap)
    return failure();
  // The static sizes of the operands, flattened.
  std::vector<int64_t> dims;
  for (unsigned i = 0, e = genericOp->getNumOperands(); i < e; ++i)
    for (int64_t s : op.getShape(i))
      dims.push_back(s);
  unsigned numLoops = op.getNumLoops();
  std::set<unsigned> unitDims;
  for (unsigned i = 0, e = invertedMap.getNumResults(); i < e; ++i)
    if (auto d = dyn_cast<AffineDimExpr>(invertedMap.getResult(i)))
      if (d.getPosition() < dims.size() && dims[d.getPosition()] == 1 && i < numLoops)
        unitDims.insert(i);

  // The iterator types and dims that stay.
  std::vector<Attribute> newIteratorTypes;
  std::map<unsigned, unsigned> oldDimToNewDim;
  std::vector<AffineExpr> dimReplacements;
  ArrayAttr iteratorTypes = GenericOp(genericOp).getIteratorTypesAttr();
  unsigned newDims = 0;
  for (unsigned i = 0; i < numLoops; ++i) {
    if (unitDims.count(i)) {
      dimReplacements.push_back(getAffineConstantExpr(0, ctx));
      continue;
    }
    newIteratorTypes.push_back(iteratorTypes[i]);
    oldDimToNewDim[i] = newDims;
    dimReplacements.push_back(getAffineDimExpr(newDims++, ctx));
  }

  // Per operand: its new map, shape and reassociation.
  unsigned numOperands = genericOp->getNumOperands();
  std::vector<AffineMap> newIndexingMaps;
  std::vector<Reassociation> reassociations;
  std::vector<std::vector<int64_t>> targetShapes;
  std::vector<bool> collapsed;
  for (unsigned idx = 0; idx < numOperands; ++idx) {
    AffineMap map = indexingMaps[idx];
    ArrayRef<int64_t> shape = op.getShape(idx);
    ArrayRef<AffineExpr> exprs = map.getResults();
    auto isUnitDim = [&](size_t dim) {
      if (auto d = dyn_cast<AffineDimExpr>(exprs[dim]))
        return !oldDimToNewDim.count(d.getPosition()) && shape[dim] == 1;
      // A unit dim read through an expression that is 0 once the dropped
      // loops are 0.
      if (shape[dim] == 1)
        if (auto c = dyn_cast<AffineConstantExpr>(exprs[dim].replaceDims(dimReplacements)))
          return c.getValue() == 0;
      return false;
    };
    Reassociation reassociation;
    std::vector<int64_t> group, targetShape;
    std::vector<AffineExpr> newExprs;
    size_t dim = 0;
    while (dim < shape.size() && isUnitDim(dim))
      group.push_back(int64_t(dim++));
    while (dim < shape.size()) {
      group.push_back(int64_t(dim));
      newExprs.push_back(exprs[dim].replaceDims(dimReplacements));
      targetShape.push_back(shape[dim]);
      ++dim;
      while (dim < shape.size() && isUnitDim(dim))
        group.push_back(int64_t(dim++));
      reassociation.push_back(group);
      group.clear();
    }
    AffineMap newMap = AffineMap::get(unsigned(oldDimToNewDim.size()), map.getNumSymbols(), newExprs, ctx);
    collapsed.push_back(newMap.getNumResults() != map.getNumResults());
    newIndexingMaps.push_back(newMap);
    targetShapes.push_back(targetShape);
    reassociations.push_back(reassociation);
  }
  bool unchanged = newIndexingMaps.size() == indexingMaps.size() &&
                   std::equal(newIndexingMaps.begin(), newIndexingMaps.end(), indexingMaps.begin());
  if (unchanged || !inversePermutation(concatAffineMaps(newIndexingMaps, ctx)))
    return failure();

  // Memrefs with a layout and tensors with an encoding are not collapsed
  // (nor expanded): the whole rewrite is abandoned.
  for (unsigned idx = 0; idx < numOperands; ++idx) {
    if (!collapsed[idx])
      continue;
    Type type = genericOp->getOperand(idx).getType();
    if (auto memref = dyn_cast<MemRefType>(type)) {
      if (!memref.getLayoutMap().isIdentity())
        return failure();
    } else if (auto tensor = dyn_cast<RankedTensorType>(type)) {
      if (tensor.getEncoding())
        return failure();
    }
  }

  // Collapse the operands.
  Location loc = genericOp->getLoc();
  std::vector<Value> newOperands;
  std::map<const void *, std::pair<Value, Reassociation>> collapsedFrom;
  std::map<const void *, std::vector<OpFoldResult>> sliceSizes;
  for (unsigned idx = 0; idx < numOperands; ++idx) {
    Value operand = genericOp->getOperand(idx);
    if (!collapsed[idx]) {
      newOperands.push_back(operand);
      continue;
    }
    Value newOperand;
    if (options.useRankReducingSlices) {
      std::vector<OpFoldResult> sizes;
      newOperand = rankReduceIfNeeded(rewriter, loc, operand, targetShapes[idx], sizes);
      if (newOperand != operand)
        sliceSizes[newOperand.getAsOpaquePointer()] = sizes;
    } else {
      Type targetType;
      if (auto memref = dyn_cast<MemRefType>(operand.getType()))
        targetType = MemRefType::get(targetShapes[idx], memref.getElementType(), Attribute(), memref.getMemorySpace());
      else
        targetType = RankedTensorType::get(targetShapes[idx], cast<RankedTensorType>(operand.getType()).getElementType());
      newOperand = createCollapseShape(rewriter, loc, targetType, operand, reassociations[idx]);
      collapsedFrom[newOperand.getAsOpaquePointer()] = {operand, reassociations[idx]};
    }
    newOperands.push_back(newOperand);
  }

  // The new op, with the old body.
  unsigned numInputs = op.getNumDpsInputs();
  GenericOpParts parts;
  parts.inputs.assign(newOperands.begin(), newOperands.begin() + numInputs);
  parts.outputs.assign(newOperands.begin() + numInputs, newOperands.end());
  for (unsigned r = 0; r < genericOp->getNumResults(); ++r)
    parts.resultTypes.push_back(parts.outputs[r].getType());
  parts.indexingMaps = newIndexingMaps;
  parts.iteratorTypes = rewriter.getArrayAttr(newIteratorTypes);
  Operation *newOp = createGenericOp(rewriter, loc, parts);
  Region &newRegion = newOp->getRegion(0);
  rewriter.inlineRegionBefore(genericOp->getRegion(0), newRegion, newRegion.begin());

  // linalg.index of a dropped loop is 0; the others are renumbered.
  std::vector<Operation *> indexOps;
  for (Operation &nested : newRegion.front())
    if (isa<IndexOp>(&nested))
      indexOps.push_back(&nested);
  for (Operation *indexOp : indexOps) {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(indexOp);
    auto dimAttr = dyn_cast_or_null<IntegerAttr>(IndexOp(indexOp).getDimAttr());
    unsigned dim = dimAttr ? unsigned(dimAttr.getInt()) : 0;
    if (unitDims.count(dim)) {
      Value zero = createIndexConstant(rewriter, indexOp->getLoc(), 0);
      rewriter.replaceOp(indexOp, ValueRange(std::vector<Value>{zero}));
      continue;
    }
    unsigned dropped = 0;
    for (unsigned u : unitDims)
      dropped += u < dim;
    if (dropped) {
      Operation *newIndex = rewriter.create(
          indexOp->getLoc(), IndexOp::getOperationName(), ValueRange(), rewriter.getIndexType(),
          {NamedAttribute(rewriter.getStringAttr("dim"), rewriter.getI64IntegerAttr(int64_t(dim - dropped)))});
      rewriter.replaceOp(indexOp, newIndex->getResults());
    }
  }

  // Expand the results back.
  std::vector<Value> replacements;
  for (unsigned r = 0; r < newOp->getNumResults(); ++r) {
    unsigned operandIdx = numInputs + r;
    Value result = newOp->getResult(r);
    Value origDest = genericOp->getOperand(operandIdx);
    if (!collapsed[operandIdx]) {
      replacements.push_back(result);
      continue;
    }
    auto origType = cast<RankedTensorType>(origDest.getType());
    if (options.useRankReducingSlices) {
      unsigned rank = unsigned(origType.getRank());
      std::vector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0)), strides(rank, rewriter.getIndexAttr(1));
      std::vector<OpFoldResult> sizes = getResolvedMixedSizes(rewriter, loc, origDest);
      replacements.push_back(createSliceOp(rewriter, loc, "tensor.insert_slice", origType,
                                           {result, origDest}, offsets, sizes, strides));
      continue;
    }
    // The output shape of the expand_shape, as the dim-resolving patterns
    // leave it: each loop's size from the first operand indexing it.
    std::vector<OpFoldResult> outputShape;
    const Reassociation &reassociation = reassociations[operandIdx];
    AffineMap resultMap = newIndexingMaps[operandIdx];
    if (reassociation.empty())
      for (int64_t size : origType.getShape())
        outputShape.push_back(rewriter.getIndexAttr(size));
    for (size_t g = 0; g < reassociation.size(); ++g) {
      for (int64_t d : reassociation[g]) {
        int64_t size = origType.getShape()[d];
        if (!ShapedType::isDynamic(size)) {
          outputShape.push_back(rewriter.getIndexAttr(size));
          continue;
        }
        Value sizeSource = result;
        int64_t sizeDim = int64_t(g);
        if (auto loopDim = dyn_cast<AffineDimExpr>(resultMap.getResult(unsigned(g)))) {
          for (unsigned o = 0; o < numInputs && sizeSource == result; ++o)
            for (unsigned k = 0; k < newIndexingMaps[o].getNumResults(); ++k)
              if (newIndexingMaps[o].getResult(k) == AffineExpr(loopDim)) {
                sizeSource = newOperands[o];
                sizeDim = k;
                break;
              }
        }
        if (sizeSource == result)
          sizeSource = newOperands[operandIdx];
        outputShape.push_back(getResolvedDim(rewriter, loc, sizeSource, sizeDim, collapsedFrom, sliceSizes));
      }
    }
    replacements.push_back(createExpandShape(rewriter, loc, origType, result, reassociation, outputShape));
  }
  return replacements;
}

struct DropUnitDims : RewritePattern {
  DropUnitDims(MLIRContext *ctx, DropUnitDimsOptions options)
      : RewritePattern(GenericOp::getOperationName(), 1, ctx), options(options) {}
  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override {
    FailureOr<std::vector<Value>> replacements = dropUnitDims(rewriter, op, options);
    if (failed(replacements))
      return failure();
    rewriter.replaceOp(op, ValueRange(*replacements));
    return success();
  }
  DropUnitDimsOptions options;
};

//===----------------------------------------------------------------------===//
// DropPadUnitDims
//===----------------------------------------------------------------------===//

/// The mixed low or high padding of a tensor.pad (`first` the operand index
/// of its dynamic values).
std::vector<OpFoldResult> getMixedPadding(OpBuilder &b, Operation *padOp, std::string_view name, unsigned &next) {
  std::vector<OpFoldResult> result;
  auto attr = dyn_cast_or_null<DenseI64ArrayAttr>(padOp->getInherentAttr(name));
  if (!attr)
    return result;
  for (int64_t v : attr.asArrayRef()) {
    if (!ShapedType::isDynamic(v))
      result.push_back(b.getIndexAttr(v));
    else if (next < padOp->getNumOperands())
      result.push_back(padOp->getOperand(next++));
  }
  return result;
}

/// The constant value of an index size, if known.
std::optional<int64_t> getConstantIndex(OpFoldResult ofr) {
  if (auto attr = dyn_cast_or_null<IntegerAttr>(ofr.getAttribute()))
    return attr.getInt();
  Attribute value;
  if (Value v = ofr.getValue())
    if (matchConstant(v, &value))
      if (auto attr = dyn_cast_or_null<IntegerAttr>(value))
        return attr.getInt();
  return std::nullopt;
}

/// PadOp::getConstantPaddingValue: the yielded value if it is a constant or
/// defined outside the pad's body.
Value getConstantPaddingValue(Operation *padOp) {
  if (padOp->getNumRegions() != 1 || padOp->getRegion(0).empty())
    return Value();
  Block &body = padOp->getRegion(0).front();
  Operation *yield = body.empty() ? nullptr : body.getTerminator();
  if (!yield || yield->getNumOperands() != 1)
    return Value();
  Value padValue = yield->getOperand(0);
  if (matchConstant(padValue))
    return padValue;
  Block *owner = nullptr;
  if (auto arg = dyn_cast<BlockArgument>(padValue))
    owner = arg.getOwner();
  else if (Operation *def = padValue.getDefiningOp())
    owner = def->getBlock();
  return owner == &body ? Value() : padValue;
}

/// DropPadUnitDims: the unit dims a tensor.pad with a constant padding
/// value does not pad are collapsed away (static padding of the other dims,
/// or dynamic sizes that are a dim plus static padding).
struct DropPadUnitDims : RewritePattern {
  DropPadUnitDims(MLIRContext *ctx, DropUnitDimsOptions options)
      : RewritePattern("tensor.pad", 1, ctx), options(options) {}

  LogicalResult matchAndRewrite(Operation *padOp, PatternRewriter &rewriter) const override {
    auto sourceType = dyn_cast<RankedTensorType>(padOp->getOperand(0).getType());
    auto resultType = dyn_cast<RankedTensorType>(padOp->getResult(0).getType());
    if (!sourceType || !resultType || sourceType.getEncoding())
      return failure();
    Value paddingVal = getConstantPaddingValue(padOp);
    if (!paddingVal)
      return failure();
    unsigned next = 1;
    std::vector<OpFoldResult> low = getMixedPadding(rewriter, padOp, "static_low", next);
    std::vector<OpFoldResult> high = getMixedPadding(rewriter, padOp, "static_high", next);
    ArrayRef<int64_t> sourceShape = sourceType.getShape(), resultShape = resultType.getShape();
    size_t padRank = sourceShape.size();
    if (low.size() != padRank || high.size() != padRank)
      return failure();
    std::set<int64_t> unitDims;
    std::vector<int64_t> newShape, newResultShape;
    std::vector<OpFoldResult> newLow, newHigh;
    for (size_t d = 0; d < padRank; ++d) {
      if (sourceShape[d] == 1 && getConstantIndex(low[d]) == 0 && getConstantIndex(high[d]) == 0) {
        unitDims.insert(int64_t(d));
        continue;
      }
      newShape.push_back(sourceShape[d]);
      newResultShape.push_back(resultShape[d]);
      // Constant padding amounts become static.
      auto fold = [&](OpFoldResult ofr) -> OpFoldResult {
        if (std::optional<int64_t> c = getConstantIndex(ofr))
          return rewriter.getIndexAttr(*c);
        return ofr;
      };
      newLow.push_back(fold(low[d]));
      newHigh.push_back(fold(high[d]));
    }
    if (unitDims.empty())
      return failure();
    // The dynamic result sizes must be a source size plus static padding.
    for (size_t d = 0; d < newResultShape.size(); ++d)
      if (ShapedType::isDynamic(newResultShape[d]) &&
          (!getConstantIndex(newLow[d]) || !getConstantIndex(newHigh[d]) || !ShapedType::isDynamic(newShape[d])))
        return failure();

    Reassociation reassociation;
    std::vector<int64_t> group;
    size_t dim = 0;
    while (dim < padRank && unitDims.count(int64_t(dim)))
      group.push_back(int64_t(dim++));
    while (dim < padRank) {
      group.push_back(int64_t(dim++));
      while (dim < padRank && unitDims.count(int64_t(dim)))
        group.push_back(int64_t(dim++));
      reassociation.push_back(group);
      group.clear();
    }

    Location loc = padOp->getLoc();
    Value source = padOp->getOperand(0);
    Value collapsedSource;
    std::vector<OpFoldResult> sliceSizes;
    if (options.useRankReducingSlices)
      collapsedSource = rankReduceIfNeeded(rewriter, loc, source, newShape, sliceSizes);
    else
      collapsedSource = createCollapseShape(
          rewriter, loc, RankedTensorType::get(newShape, sourceType.getElementType()), source, reassociation);

    // The new pad.
    OperationState state(loc, "tensor.pad");
    state.addOperand(collapsedSource);
    std::vector<int64_t> staticLow, staticHigh;
    int32_t numLow = 0, numHigh = 0;
    for (OpFoldResult ofr : newLow) {
      if (auto attr = dyn_cast_or_null<IntegerAttr>(ofr.getAttribute())) {
        staticLow.push_back(attr.getInt());
      } else {
        staticLow.push_back(ShapedType::kDynamic);
        state.addOperand(ofr.getValue());
        ++numLow;
      }
    }
    for (OpFoldResult ofr : newHigh) {
      if (auto attr = dyn_cast_or_null<IntegerAttr>(ofr.getAttribute())) {
        staticHigh.push_back(attr.getInt());
      } else {
        staticHigh.push_back(ShapedType::kDynamic);
        state.addOperand(ofr.getValue());
        ++numHigh;
      }
    }
    if (padOp->getInherentAttr("nofold"))
      state.addAttribute("nofold", rewriter.getUnitAttr());
    state.addAttribute("static_high", rewriter.getDenseI64ArrayAttr(staticHigh));
    state.addAttribute("static_low", rewriter.getDenseI64ArrayAttr(staticLow));
    state.addAttribute("operandSegmentSizes", rewriter.getDenseI32ArrayAttr(std::vector<int32_t>{1, numLow, numHigh}));
    state.addType(RankedTensorType::get(newResultShape, resultType.getElementType()));
    state.addRegion();
    Operation *newPad = rewriter.create(state);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      std::vector<Type> argTypes(newResultShape.size(), rewriter.getIndexType());
      std::vector<Location> locs(newResultShape.size(), loc);
      rewriter.createBlock(&newPad->getRegion(0), newPad->getRegion(0).end(), TypeRange(argTypes), locs);
      rewriter.create(loc, "tensor.yield", ValueRange(std::vector<Value>{paddingVal}));
    }
    Value padded = newPad->getResult(0);

    // The sizes of the result: static, or the source's size plus the
    // padding (affine.apply).
    auto newResultSize = [&](size_t d) -> OpFoldResult {
      if (!ShapedType::isDynamic(newResultShape[d]))
        return rewriter.getIndexAttr(newResultShape[d]);
      // The source dim of the collapsed source that became dim d.
      size_t kept = 0, origDim = 0;
      for (size_t i = 0; i < padRank; ++i) {
        if (unitDims.count(int64_t(i)))
          continue;
        if (kept++ == d) {
          origDim = i;
          break;
        }
      }
      Value srcDim;
      if (options.useRankReducingSlices && !sliceSizes.empty())
        srcDim = sliceSizes[origDim].getValue();
      if (!srcDim) {
        OperationState dimState(loc, "tensor.dim");
        dimState.addOperands(ValueRange(std::vector<Value>{source, createIndexConstant(rewriter, loc, int64_t(origDim))}));
        dimState.addType(rewriter.getIndexType());
        srcDim = rewriter.create(dimState)->getResult(0);
      }
      int64_t padding = *getConstantIndex(newLow[d]) + *getConstantIndex(newHigh[d]);
      if (padding == 0)
        return srcDim;
      AffineMap map = AffineMap::get(0, 1, getAffineSymbolExpr(0, rewriter.getContext()) + padding);
      return createAffineApply(rewriter, loc, map, {srcDim});
    };
    std::vector<OpFoldResult> expandedSizes;
    size_t numUnit = 0;
    for (size_t d = 0; d < padRank; ++d) {
      if (unitDims.count(int64_t(d))) {
        expandedSizes.push_back(rewriter.getIndexAttr(1));
        ++numUnit;
        continue;
      }
      expandedSizes.push_back(newResultSize(d - numUnit));
    }
    Value expanded;
    if (options.useRankReducingSlices) {
      Value dest = createEmptyTensor(rewriter, loc, expandedSizes, resultType.getElementType());
      std::vector<OpFoldResult> offsets(padRank, rewriter.getIndexAttr(0)), strides(padRank, rewriter.getIndexAttr(1));
      expanded = createSliceOp(rewriter, loc, "tensor.insert_slice", resultType, {padded, dest}, offsets,
                               expandedSizes, strides);
    } else {
      expanded = createExpandShape(rewriter, loc, resultType, padded, reassociation, expandedSizes);
    }
    rewriter.replaceOp(padOp, ValueRange(std::vector<Value>{expanded}));
    return success();
  }

  DropUnitDimsOptions options;
};

//===----------------------------------------------------------------------===//
// Rank-reducing slices
//===----------------------------------------------------------------------===//

/// The mixed offsets, sizes and strides of a slice op with `numLeading`
/// leading operands.
bool getMixedSliceParts(Operation *op, unsigned numLeading, std::vector<std::vector<OpFoldResult>> &parts) {
  Builder b(op->getContext());
  unsigned next = numLeading;
  for (std::string_view name : {"static_offsets", "static_sizes", "static_strides"}) {
    auto attr = dyn_cast_or_null<DenseI64ArrayAttr>(op->getInherentAttr(name));
    if (!attr)
      return false;
    std::vector<OpFoldResult> list;
    for (int64_t v : attr.asArrayRef()) {
      if (!ShapedType::isDynamic(v)) {
        list.push_back(b.getIndexAttr(v));
        continue;
      }
      if (next >= op->getNumOperands())
        return false;
      list.push_back(op->getOperand(next++));
    }
    parts.push_back(std::move(list));
  }
  return true;
}

/// getReassociationMapForFoldingUnitDims: each non-unit size with the unit
/// sizes before it; trailing unit sizes join the last group (all unit
/// sizes: no group).
Reassociation getReassociationForFoldingUnitDims(ArrayRef<int64_t> shape) {
  Reassociation reassociation;
  std::vector<int64_t> curr;
  for (size_t d = 0; d < shape.size(); ++d) {
    curr.push_back(int64_t(d));
    if (shape[d] == 1)
      continue;
    reassociation.push_back(curr);
    curr.clear();
  }
  if (!curr.empty() && !reassociation.empty())
    reassociation.back().insert(reassociation.back().end(), curr.begin(), curr.end());
  return reassociation;
}

/// RankReducedExtractSliceOp: an extract_slice whose result has unit dims
/// extracts the rank-reduced slice and expands it.
LogicalResult rankReducedExtractSliceOp(Operation *sliceOp, PatternRewriter &rewriter) {
  auto resultType = dyn_cast<RankedTensorType>(sliceOp->getResult(0).getType());
  auto sourceType = dyn_cast<RankedTensorType>(sliceOp->getOperand(0).getType());
  if (!resultType || !sourceType)
    return failure();
  Reassociation reassociation = getReassociationForFoldingUnitDims(resultType.getShape());
  if (reassociation.size() == size_t(resultType.getRank()))
    return failure();
  std::vector<std::vector<OpFoldResult>> parts;
  if (!getMixedSliceParts(sliceOp, 1, parts))
    return failure();
  // inferCanonicalRankReducedResultType: the sizes, the first unit ones
  // dropped until the rank matches.
  std::vector<int64_t> inferred;
  for (OpFoldResult size : parts[1]) {
    auto attr = dyn_cast_or_null<IntegerAttr>(size.getAttribute());
    inferred.push_back(attr ? attr.getInt() : ShapedType::kDynamic);
  }
  size_t toDrop = inferred.size() - reassociation.size();
  std::vector<int64_t> projected;
  for (int64_t s : inferred) {
    if (toDrop && s == 1) {
      --toDrop;
      continue;
    }
    projected.push_back(s);
  }
  if (toDrop)
    return failure();
  std::optional<std::vector<bool>> dropped = memref::computeRankReductionMask(inferred, resultType.getShape());
  if (!dropped)
    return failure();
  Location loc = sliceOp->getLoc();
  Type reducedType = RankedTensorType::get(projected, sourceType.getElementType());
  Value newSlice = createSliceOp(rewriter, loc, "tensor.extract_slice", reducedType, {sliceOp->getOperand(0)},
                                 parts[0], parts[1], parts[2]);
  // The output shape: the result's static sizes, and the slice's sizes
  // (what tensor.dim of the slice resolves to) for its dynamic ones.
  std::vector<OpFoldResult> outputShape;
  for (size_t i = 0; i < parts[1].size(); ++i) {
    if ((*dropped)[i])
      continue;
    int64_t size = resultType.getShape()[outputShape.size()];
    outputShape.push_back(ShapedType::isDynamic(size) ? parts[1][i] : OpFoldResult(rewriter.getIndexAttr(size)));
  }
  Value expanded = createExpandShape(rewriter, loc, resultType, newSlice, reassociation, outputShape);
  rewriter.replaceOp(sliceOp, ValueRange(std::vector<Value>{expanded}));
  return success();
}

/// RankReducedInsertSliceOp<InsertSliceOp>: a source with unit dims is
/// collapsed first.
template <bool isParallel> LogicalResult rankReducedInsertSliceOp(Operation *insertOp, PatternRewriter &rewriter) {
  auto sourceType = dyn_cast<RankedTensorType>(insertOp->getOperand(0).getType());
  if (!sourceType)
    return failure();
  Reassociation reassociation = getReassociationForFoldingUnitDims(sourceType.getShape());
  if (reassociation.size() == size_t(sourceType.getRank()))
    return failure();
  std::vector<std::vector<OpFoldResult>> parts;
  if (!getMixedSliceParts(insertOp, 2, parts))
    return failure();
  std::vector<int64_t> collapsedShape;
  for (const std::vector<int64_t> &group : reassociation) {
    int64_t size = 1;
    for (int64_t d : group) {
      int64_t s = sourceType.getShape()[d];
      size = ShapedType::isDynamic(s) || ShapedType::isDynamic(size) ? ShapedType::kDynamic : size * s;
    }
    collapsedShape.push_back(size);
  }
  Location loc = insertOp->getLoc();
  Value collapsedSource;
  {
    // parallel_insert_slice: the collapse goes before its in_parallel
    // terminator.
    OpBuilder::InsertionGuard guard(rewriter);
    if (isParallel)
      rewriter.setInsertionPoint(insertOp->getParentOp());
    collapsedSource =
        createCollapseShape(rewriter, loc, RankedTensorType::get(collapsedShape, sourceType.getElementType()),
                            insertOp->getOperand(0), reassociation);
  }
  if (isParallel) {
    Operation *newInsert = rewriter.clone(*insertOp);
    rewriter.modifyOpInPlace(newInsert, [&] { newInsert->setOperand(0, collapsedSource); });
    rewriter.eraseOp(insertOp);
    return success();
  }
  Value newInsert = createSliceOp(rewriter, loc, "tensor.insert_slice", insertOp->getResult(0).getType(),
                                  {collapsedSource, insertOp->getOperand(1)}, parts[0], parts[1], parts[2]);
  rewriter.replaceOp(insertOp, ValueRange(std::vector<Value>{newInsert}));
  return success();
}

//===----------------------------------------------------------------------===//
// tensor::populateFoldTensorEmptyPatterns
//===----------------------------------------------------------------------===//

/// The sizes of a tensor.empty: static ones as attributes, dynamic ones as
/// its operands.
std::vector<OpFoldResult> getEmptyMixedSizes(OpBuilder &b, Operation *empty) {
  auto type = cast<RankedTensorType>(empty->getResult(0).getType());
  std::vector<OpFoldResult> sizes;
  unsigned next = 0;
  for (int64_t s : type.getShape()) {
    if (!ShapedType::isDynamic(s))
      sizes.push_back(b.getIndexAttr(s));
    else if (next < empty->getNumOperands())
      sizes.push_back(empty->getOperand(next++));
    else
      sizes.push_back(OpFoldResult());
  }
  return sizes;
}

/// A tensor.empty of `type` whose dynamic sizes are `sizes`' values; null
/// when `sizes` do not match the type.
Value createEmptyOfType(PatternRewriter &rewriter, Location loc, RankedTensorType type,
                        ArrayRef<OpFoldResult> sizes) {
  std::vector<Value> dynamic;
  for (size_t i = 0; i < sizes.size(); ++i) {
    int64_t s = type.getShape()[i];
    auto attr = dyn_cast_or_null<IntegerAttr>(sizes[i].getAttribute());
    if (ShapedType::isDynamic(s)) {
      if (!sizes[i].getValue())
        return Value();
      dynamic.push_back(sizes[i].getValue());
    } else if (!attr || attr.getInt() != s) {
      return Value();
    }
  }
  return rewriter.create(loc, "tensor.empty", ValueRange(dynamic), type)->getResult(0);
}

/// FoldEmptyTensorWithReshapeOp: a reshape of a tensor.empty is a
/// tensor.empty of the reshaped type, its sizes those of the reshape's
/// result (a collapsed size of several dynamic sizes, which would need an
/// affine.apply, is not done).
LogicalResult foldEmptyTensorWithReshapeOp(Operation *reshape, PatternRewriter &rewriter) {
  Operation *empty = reshape->getOperand(0).getDefiningOp();
  if (!empty || empty->getName().getStringRef() != "tensor.empty")
    return failure();
  auto type = dyn_cast<RankedTensorType>(reshape->getResult(0).getType());
  if (!type || type.getShape().size() != size_t(type.getRank()))
    return failure();
  std::vector<OpFoldResult> sizes;
  if (reshape->getName().getStringRef() == "tensor.collapse_shape") {
    std::vector<OpFoldResult> srcSizes = getEmptyMixedSizes(rewriter, empty);
    for (const std::vector<int64_t> &group : getReassociation(reshape)) {
      int64_t product = 1;
      std::vector<Value> dynamic;
      for (int64_t d : group) {
        if (size_t(d) >= srcSizes.size())
          return failure();
        if (auto attr = dyn_cast_or_null<IntegerAttr>(srcSizes[size_t(d)].getAttribute()))
          product *= attr.getInt();
        else if (Value v = srcSizes[size_t(d)].getValue())
          dynamic.push_back(v);
        else
          return failure();
      }
      if (dynamic.empty())
        sizes.push_back(rewriter.getIndexAttr(product));
      else if (dynamic.size() == 1 && product == 1)
        sizes.push_back(dynamic.front());
      else
        return failure();
    }
  } else {
    // expand_shape: its output shape.
    auto staticShape = dyn_cast_or_null<DenseI64ArrayAttr>(reshape->getInherentAttr("static_output_shape"));
    if (!staticShape)
      return failure();
    unsigned next = 1;
    for (int64_t s : staticShape.asArrayRef()) {
      if (!ShapedType::isDynamic(s))
        sizes.push_back(rewriter.getIndexAttr(s));
      else if (next < reshape->getNumOperands())
        sizes.push_back(reshape->getOperand(next++));
      else
        return failure();
    }
  }
  if (sizes.size() != size_t(type.getRank()))
    return failure();
  Value newEmpty = createEmptyOfType(rewriter, reshape->getLoc(), type, sizes);
  if (!newEmpty)
    return failure();
  rewriter.replaceOp(reshape, ValueRange(std::vector<Value>{newEmpty}));
  return success();
}

/// FoldEmptyTensorWithExtractSliceOp: a slice of a tensor.empty is a
/// tensor.empty of the slice's sizes (without the dims it drops).
LogicalResult foldEmptyTensorWithExtractSliceOp(Operation *sliceOp, PatternRewriter &rewriter) {
  Operation *empty = sliceOp->getOperand(0).getDefiningOp();
  if (!empty || empty->getName().getStringRef() != "tensor.empty")
    return failure();
  auto type = dyn_cast<RankedTensorType>(sliceOp->getResult(0).getType());
  std::vector<std::vector<OpFoldResult>> parts;
  if (!type || !getMixedSliceParts(sliceOp, 1, parts))
    return failure();
  std::vector<int64_t> staticSizes;
  for (OpFoldResult size : parts[1]) {
    auto attr = dyn_cast_or_null<IntegerAttr>(size.getAttribute());
    staticSizes.push_back(attr ? attr.getInt() : ShapedType::kDynamic);
  }
  std::optional<std::vector<bool>> dropped = memref::computeRankReductionMask(staticSizes, type.getShape());
  if (!dropped)
    return failure();
  std::vector<OpFoldResult> sizes;
  for (size_t i = 0; i < parts[1].size(); ++i)
    if (!(*dropped)[i])
      sizes.push_back(parts[1][i]);
  Value newEmpty = createEmptyOfType(rewriter, sliceOp->getLoc(), type, sizes);
  if (!newEmpty)
    return failure();
  rewriter.replaceOp(sliceOp, ValueRange(std::vector<Value>{newEmpty}));
  return success();
}

//===----------------------------------------------------------------------===//
// linalg-fold-unit-extent-dims
//===----------------------------------------------------------------------===//

struct LinalgFoldUnitExtentDimsPass : impl::LinalgFoldUnitExtentDimsPassBase<LinalgFoldUnitExtentDimsPass> {
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<AffineDialect, ArithDialect, LinalgDialect, MemRefDialect, TensorDialect>();
  }
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    DropUnitDimsOptions options;
    options.useRankReducingSlices = useRankReducingSlices;
    patterns.add<DropUnitDims>(ctx, options);
    patterns.add<DropPadUnitDims>(ctx, options);
    if (!useRankReducingSlices) {
      patterns.addFunction("tensor.extract_slice", rankReducedExtractSliceOp, "RankReducedExtractSliceOp");
      patterns.addFunction("tensor.insert_slice", rankReducedInsertSliceOp<false>,
                           "RankReducedInsertSliceOp<tensor::InsertSliceOp>");
      patterns.addFunction("tensor.parallel_insert_slice", rankReducedInsertSliceOp<true>,
                           "RankReducedInsertSliceOp<tensor::ParallelInsertSliceOp>");
    }
    addOpCanonicalizationPatterns(patterns, FillOp::getOperationName());
    if (!useRankReducingSlices)
      addOpCanonicalizationPatterns(patterns, "tensor.collapse_shape");
    addOpCanonicalizationPatterns(patterns, "tensor.empty");
    if (!useRankReducingSlices)
      addOpCanonicalizationPatterns(patterns, "tensor.expand_shape");
    patterns.addFunction("tensor.expand_shape", foldEmptyTensorWithReshapeOp,
                         "FoldEmptyTensorWithReshapeOp<ExpandShapeOp>");
    patterns.addFunction("tensor.collapse_shape", foldEmptyTensorWithReshapeOp,
                         "FoldEmptyTensorWithReshapeOp<CollapseShapeOp>");
    patterns.addFunction("tensor.extract_slice", foldEmptyTensorWithExtractSliceOp,
                         "FoldEmptyTensorWithExtractSliceOp");
    patterns.addFunction(GenericOp::getOperationName(), moveInitOperandsToInput, "MoveInitOperandsToInput");
    (void)applyPatternsGreedily(getOperation(), std::move(patterns));
  }
};

} // namespace

std::unique_ptr<Pass> lamina::createLinalgFoldUnitExtentDimsPassPass() {
  return std::make_unique<LinalgFoldUnitExtentDimsPass>();
}
