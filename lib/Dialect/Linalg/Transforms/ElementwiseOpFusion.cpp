//===- ElementwiseOpFusion.cpp - Fusing elementwise linalg.generic ops ----===//
//
// As MLIR 22's Linalg/Transforms/ElementwiseOpFusion.cpp: a linalg.generic
// on tensors whose loops are all parallel is fused into the linalg.generic
// that reads its result (FuseElementwiseOps): the consumer's loops stay, the
// producer's inputs join the consumer's inputs with their maps composed
// through the producer's (invertible) result map, and the producer's body is
// inlined in front of the consumer's. Helpers of the same pattern set fold
// splat and scalar constants and linalg.fill into the body, replace unread
// `outs` by tensor.empty and drop dead or repeated operands and results.
// The pass linalg-fuse-elementwise-ops applies them with the fusion with
// reshapes by expansion (FusionByExpansion.cpp) and the canonicalization
// patterns of affine.apply, linalg.generic and the tensor reshapes (not yet
// tensor's bubble-up-expand-shape patterns).
//
#include "lamina/Dialect/Linalg/Passes.h"

#include "TransformUtils.h"

#include "lamina/Dialect/Affine/AffineDialect.h"
#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/Dialect/MemRef/MemRefDialect.h"
#include "lamina/Dialect/Tensor/TensorDialect.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/IRMapping.h"
#include "lamina/IR/Matchers.h"
#include "lamina/ODS/Predicates.h"
#include "lamina/Rewrite/GreedyPatternRewriteDriver.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <vector>

using namespace lamina;
using namespace lamina::linalg;

//===----------------------------------------------------------------------===//
// Fusing a producer generic into its consumer
//===----------------------------------------------------------------------===//

namespace {

bool isGeneric(Operation *op) { return op && isa<GenericOp>(op); }

/// The indexing map of a producer operand in the loops of the fused op:
/// consumer loops -> producer result index -> producer loops -> operand.
AffineMap getIndexingMapOfProducerOperandsInCoordinatesOfFusedOp(LinalgOp producer, unsigned producerOperand,
                                                                 AffineMap producerResultIndexMap,
                                                                 AffineMap fusedConsumerArgIndexMap) {
  AffineMap invProducerResultIndexMap = inversePermutation(producerResultIndexMap);
  AffineMap argMap = producer.getMatchingIndexingMap(producerOperand);
  return argMap.compose(invProducerResultIndexMap).compose(fusedConsumerArgIndexMap);
}

/// Whether the loop bounds of the fused op remain computable without the
/// operands in `ignored` (pairs of op and operand number).
bool isOpOperandCanBeDroppedAfterFusedLinalgs(LinalgOp producer, LinalgOp consumer,
                                              const std::vector<std::pair<Operation *, unsigned>> &ignored) {
  std::vector<AffineMap> maps;
  for (LinalgOp op : {producer, consumer})
    for (unsigned i = 0, e = op->getNumOperands(); i < e; ++i)
      if (std::find(ignored.begin(), ignored.end(), std::make_pair(op.getOperation(), i)) == ignored.end())
        maps.push_back(op.getMatchingIndexingMap(i));
  if (maps.empty())
    return producer.getNumLoops() == 0 && consumer.getNumLoops() == 0;
  return bool(inversePermutation(concatAffineMaps(maps, producer->getContext())));
}

void addToCoveredDims(AffineMap map, std::vector<bool> &covered) {
  for (AffineExpr e : map.getResults())
    if (auto d = dyn_cast<AffineDimExpr>(e))
      if (d.getPosition() < covered.size())
        covered[d.getPosition()] = true;
}

} // namespace

std::set<unsigned> linalg::getPreservedProducerResults(Operation *producerOp, Operation *consumerOp,
                                                       OpOperand *fusedOperand) {
  LinalgOp producer(producerOp), consumer(consumerOp);
  std::set<unsigned> preserved;
  std::vector<std::pair<Operation *, unsigned>> ignored;
  ignored.emplace_back(consumerOp, fusedOperand->getOperandNumber());
  for (unsigned r = 0, e = producerOp->getNumResults(); r < e; ++r) {
    unsigned init = getInitOperandNumber(producer, r);
    ignored.emplace_back(producerOp, init);
    bool otherUser = false;
    for (Operation *user : producerOp->getResult(r).getUsers())
      otherUser |= user != consumerOp;
    if (producer.payloadUsesValueFromOperand(init) ||
        !isOpOperandCanBeDroppedAfterFusedLinalgs(producer, consumer, ignored) || otherUser) {
      preserved.insert(r);
      ignored.pop_back();
    }
  }
  return preserved;
}

bool linalg::areElementwiseOpsFusable(OpOperand *fusedOperand) {
  if (!fusedOperand)
    return false;
  Operation *producerOp = fusedOperand->get().getDefiningOp();
  Operation *consumerOp = fusedOperand->getOwner();
  if (!isGeneric(producerOp) || !isGeneric(consumerOp))
    return false;
  LinalgOp producer(producerOp), consumer(consumerOp);
  if (!producer.hasPureTensorSemantics() || !isa<RankedTensorType>(fusedOperand->get().getType()))
    return false;
  if (producer.getNumParallelLoops() != producer.getNumLoops())
    return false;
  // Only the producer of an input is fused.
  if (consumer.isDpsInit(fusedOperand->getOperandNumber()))
    return false;
  AffineMap consumerIndexMap = consumer.getMatchingIndexingMap(fusedOperand->getOperandNumber());
  if (!consumerIndexMap || consumerIndexMap.getNumResults() != producer.getNumLoops())
    return false;
  auto producerResult = cast<OpResult>(fusedOperand->get());
  AffineMap producerResultIndexMap =
      producer.getMatchingIndexingMap(getInitOperandNumber(producer, producerResult.getResultNumber()));
  if (!producerResultIndexMap || !producerResultIndexMap.isPermutation())
    return false;
  // With reductions, every loop must still be defined by some operand.
  if (consumer.getNumReductionLoops()) {
    std::vector<bool> covered(consumer.getNumLoops(), false);
    for (unsigned i = 0, e = consumerOp->getNumOperands(); i < e; ++i) {
      if (consumerOp->getOperand(i) == fusedOperand->get())
        continue;
      addToCoveredDims(consumer.getMatchingIndexingMap(i), covered);
    }
    for (unsigned i = 0, e = producer.getNumDpsInputs(); i < e; ++i)
      addToCoveredDims(
          getIndexingMapOfProducerOperandsInCoordinatesOfFusedOp(producer, i, producerResultIndexMap, consumerIndexMap),
          covered);
    if (std::find(covered.begin(), covered.end(), false) != covered.end())
      return false;
  }
  return true;
}

namespace {

/// Builds the body of the fused op (whose region is empty).
void generateFusedElementwiseOpRegion(RewriterBase &rewriter, Operation *fusedOp, AffineMap consumerToProducerLoopsMap,
                                      OpOperand *fusedOperand, const std::set<unsigned> &preserved) {
  Operation *producerOp = fusedOperand->get().getDefiningOp();
  Operation *consumerOp = fusedOperand->getOwner();
  LinalgOp producer(producerOp), consumer(consumerOp);
  Block &producerBlock = producerOp->getRegion(0).front();
  Block &consumerBlock = consumerOp->getRegion(0).front();
  OpBuilder::InsertionGuard guard(rewriter);
  Block *fusedBlock = rewriter.createBlock(&fusedOp->getRegion(0));
  IRMapping mapper;

  // The producer's linalg.index ops become affine.apply of the fused loops.
  if (hasIndexSemantics(producer)) {
    unsigned numFusedOpLoops = LinalgOp(fusedOp).getNumLoops();
    std::vector<Value> fusedIndices;
    for (unsigned dim = 0; dim < numFusedOpLoops; ++dim)
      fusedIndices.push_back(rewriter
                                 .create(producerOp->getLoc(), IndexOp::getOperationName(), ValueRange(),
                                         rewriter.getIndexType(),
                                         {NamedAttribute(rewriter.getStringAttr("dim"),
                                                         rewriter.getI64IntegerAttr(int64_t(dim)))})
                                 ->getResult(0));
    for (Operation &op : producerBlock) {
      if (!isa<IndexOp>(&op))
        continue;
      auto dimAttr = dyn_cast_or_null<IntegerAttr>(IndexOp(&op).getDimAttr());
      unsigned dim = dimAttr ? unsigned(dimAttr.getInt()) : 0;
      Value newIndex = createAffineApply(rewriter, producerOp->getLoc(),
                                         consumerToProducerLoopsMap.getSubMap({dim}), fusedIndices);
      mapper.map(op.getResult(0), newIndex);
    }
  }
  unsigned consumerIdx = fusedOperand->getOperandNumber();
  auto addArg = [&](Value bbArg) {
    mapper.map(bbArg, fusedBlock->addArgument(bbArg.getType(), BlockArgument(bbArg).getLoc()));
  };
  // Consumer inputs before the fused one, the producer's inputs, the
  // remaining consumer inputs, the preserved producer inits, the consumer
  // inits.
  for (unsigned i = 0; i < consumerIdx; ++i)
    addArg(consumerBlock.getArgument(i));
  for (unsigned i = 0, e = producer.getNumDpsInputs(); i < e; ++i)
    addArg(producerBlock.getArgument(i));
  for (unsigned i = consumerIdx + 1, e = consumer.getNumDpsInputs(); i < e; ++i)
    addArg(consumerBlock.getArgument(i));
  for (unsigned r = 0, e = producer.getNumDpsInits(); r < e; ++r)
    if (preserved.count(r))
      addArg(producerBlock.getArgument(getInitOperandNumber(producer, r)));
  for (unsigned r = 0, e = consumer.getNumDpsInits(); r < e; ++r)
    addArg(consumerBlock.getArgument(getInitOperandNumber(consumer, r)));

  // The producer's body but its terminator and index ops.
  Operation *producerYield = producerBlock.getTerminator();
  for (Operation &op : producerBlock) {
    if (&op == producerYield)
      break;
    if (!isa<IndexOp>(&op))
      rewriter.clone(op, mapper);
  }
  // The consumer's argument of the fused operand is the producer's yielded
  // value.
  unsigned producerResultNumber = cast<OpResult>(fusedOperand->get()).getResultNumber();
  mapper.map(consumerBlock.getArgument(consumerIdx),
             mapper.lookupOrDefault(producerYield->getOperand(producerResultNumber)));
  Operation *consumerYield = consumerBlock.getTerminator();
  for (Operation &op : consumerBlock) {
    if (&op == consumerYield)
      break;
    rewriter.clone(op, mapper);
  }
  std::vector<Value> fusedYieldValues;
  for (unsigned i = 0, e = producerYield->getNumOperands(); i < e; ++i)
    if (preserved.count(i))
      fusedYieldValues.push_back(mapper.lookupOrDefault(producerYield->getOperand(i)));
  for (Value v : consumerYield->getOperands())
    fusedYieldValues.push_back(mapper.lookupOrDefault(v));
  rewriter.create(fusedOp->getLoc(), YieldOp::getOperationName(), ValueRange(fusedYieldValues));
}

} // namespace

FailureOr<ElementwiseOpFusionResult> linalg::fuseElementwiseOps(RewriterBase &rewriter, OpOperand *fusedOperand) {
  auto producerResult = cast<OpResult>(fusedOperand->get());
  Operation *producerOp = producerResult.getOwner();
  Operation *consumerOp = fusedOperand->getOwner();
  LinalgOp producer(producerOp), consumer(consumerOp);
  std::set<unsigned> preserved = getPreservedProducerResults(producerOp, consumerOp, fusedOperand);

  GenericOpParts parts;
  unsigned consumerIdx = fusedOperand->getOperandNumber();
  for (unsigned i = 0; i < consumerIdx; ++i) {
    parts.inputs.push_back(consumerOp->getOperand(i));
    parts.indexingMaps.push_back(consumer.getMatchingIndexingMap(i));
  }
  AffineMap producerResultIndexMap =
      producer.getMatchingIndexingMap(getInitOperandNumber(producer, producerResult.getResultNumber()));
  AffineMap consumerArgMap = consumer.getMatchingIndexingMap(consumerIdx);
  for (unsigned i = 0, e = producer.getNumDpsInputs(); i < e; ++i) {
    parts.inputs.push_back(producerOp->getOperand(i));
    parts.indexingMaps.push_back(
        getIndexingMapOfProducerOperandsInCoordinatesOfFusedOp(producer, i, producerResultIndexMap, consumerArgMap));
  }
  for (unsigned i = consumerIdx + 1, e = consumer.getNumDpsInputs(); i < e; ++i) {
    parts.inputs.push_back(consumerOp->getOperand(i));
    parts.indexingMaps.push_back(consumer.getMatchingIndexingMap(i));
  }
  for (unsigned r = 0, e = producer.getNumDpsInits(); r < e; ++r) {
    if (!preserved.count(r))
      continue;
    unsigned init = getInitOperandNumber(producer, r);
    Value v = producerOp->getOperand(init);
    parts.outputs.push_back(v);
    parts.indexingMaps.push_back(
        getIndexingMapOfProducerOperandsInCoordinatesOfFusedOp(producer, init, producerResultIndexMap, consumerArgMap));
    parts.resultTypes.push_back(v.getType());
  }
  for (unsigned r = 0, e = consumer.getNumDpsInits(); r < e; ++r) {
    unsigned init = getInitOperandNumber(consumer, r);
    Value v = consumerOp->getOperand(init);
    parts.outputs.push_back(v);
    parts.indexingMaps.push_back(consumer.getMatchingIndexingMap(init));
    if (!isa<MemRefType>(v.getType()))
      parts.resultTypes.push_back(v.getType());
  }
  parts.iteratorTypes = GenericOp(consumerOp).getIteratorTypesAttr();
  rewriter.setInsertionPoint(consumerOp);
  Operation *fusedOp = createGenericOp(rewriter, consumerOp->getLoc(), parts);
  if (!LinalgOp(fusedOp).getShapesToLoopsMap()) {
    rewriter.eraseOp(fusedOp);
    return rewriter.notifyMatchFailure(consumerOp, "fused op failed loop bound computation check");
  }
  AffineMap consumerToProducerLoopsMap = inversePermutation(producerResultIndexMap).compose(consumerArgMap);
  generateFusedElementwiseOpRegion(rewriter, fusedOp, consumerToProducerLoopsMap, fusedOperand, preserved);

  ElementwiseOpFusionResult result;
  result.fusedOp = fusedOp;
  unsigned resultNum = 0;
  for (unsigned r = 0, e = producerOp->getNumResults(); r < e; ++r)
    if (preserved.count(r))
      result.replacements.emplace_back(producerOp->getResult(r), fusedOp->getResult(resultNum++));
  for (Value v : consumerOp->getResults())
    result.replacements.emplace_back(v, fusedOp->getResult(resultNum++));
  return result;
}

namespace {

/// FuseElementwiseOps: fuses the producer of the first fusable operand.
struct FuseElementwiseOps : RewritePattern {
  FuseElementwiseOps(MLIRContext *ctx, ControlFusionFn controlFn)
      : RewritePattern(GenericOp::getOperationName(), 1, ctx), controlFn(std::move(controlFn)) {}

  LogicalResult matchAndRewrite(Operation *genericOp, PatternRewriter &rewriter) const override {
    for (OpOperand &opOperand : genericOp->getOpOperands()) {
      if (!areElementwiseOpsFusable(&opOperand) || !controlFn(&opOperand))
        continue;
      Operation *producer = opOperand.get().getDefiningOp();
      FailureOr<ElementwiseOpFusionResult> fusion = fuseElementwiseOps(rewriter, &opOperand);
      if (failed(fusion))
        return rewriter.notifyMatchFailure(genericOp, "fusion failed");
      for (auto &[orig, replacement] : fusion->replacements)
        rewriter.replaceUsesWithIf(orig, replacement,
                                   [&](OpOperand &use) { return use.get().getDefiningOp() != producer; });
      rewriter.eraseOp(genericOp);
      return success();
    }
    return failure();
  }

  ControlFusionFn controlFn;
};

/// FoldScalarOrSplatConstant: an input that is a splat or scalar constant
/// becomes a scalar constant used in the body.
LogicalResult foldScalarOrSplatConstant(Operation *genericOp, PatternRewriter &rewriter) {
  LinalgOp linalgOp(genericOp);
  if (!linalgOp.hasPureTensorSemantics())
    return failure();
  for (unsigned idx = 0, e = linalgOp.getNumDpsInputs(); idx < e; ++idx) {
    Value input = genericOp->getOperand(idx);
    Operation *def = input.getDefiningOp();
    if (!def)
      continue;
    Attribute value;
    if (!matchConstantOp(def, &value) || !value)
      continue;
    TypedAttr constantAttr;
    if (auto dense = dyn_cast<DenseElementsAttr>(value)) {
      if (!dense.isSplat() || !dense.getElementType().isIntOrFloat())
        continue;
      constantAttr = dyn_cast_or_null<TypedAttr>(dense.getSplatValueAttr());
    } else if (isa<IntegerAttr, FloatAttr>(value)) {
      constantAttr = cast<TypedAttr>(value);
    }
    if (!constantAttr)
      continue;

    GenericOpParts parts;
    std::vector<Location> fusedLocs{genericOp->getLoc()};
    for (unsigned i = 0; i < e; ++i) {
      if (i == idx)
        continue;
      parts.indexingMaps.push_back(linalgOp.getMatchingIndexingMap(i));
      parts.inputs.push_back(genericOp->getOperand(i));
      fusedLocs.push_back(genericOp->getOperand(i).getLoc());
    }
    for (unsigned i = e, n = genericOp->getNumOperands(); i < n; ++i)
      parts.indexingMaps.push_back(linalgOp.getMatchingIndexingMap(i));
    if (!inversePermutation(concatAffineMaps(parts.indexingMaps, rewriter.getContext())))
      return rewriter.notifyMatchFailure(genericOp, "fused op loop bound computation failed");

    Operation *scalarConstantOp =
        def->getDialect()->materializeConstant(rewriter, constantAttr, constantAttr.getType(), def->getLoc());
    if (!scalarConstantOp)
      return rewriter.notifyMatchFailure(genericOp, "failed to materialize scalar constant");
    Value scalarConstant = scalarConstantOp->getResult(0);

    for (Value v : linalgOp.getDpsInits())
      parts.outputs.push_back(v);
    parts.resultTypes = genericOp->getResultTypes();
    parts.iteratorTypes = GenericOp(genericOp).getIteratorTypesAttr();
    Operation *fusedOp = createGenericOp(rewriter, rewriter.getFusedLoc(fusedLocs), parts);
    Region &region = genericOp->getRegion(0);
    IRMapping mapping;
    mapping.map(region.front().getArgument(idx), scalarConstant);
    Region &fusedRegion = fusedOp->getRegion(0);
    rewriter.cloneRegionBefore(region, fusedRegion, fusedRegion.begin(), mapping);
    rewriter.replaceOp(genericOp, fusedOp->getResults());
    return success();
  }
  return failure();
}

/// RemoveOutsDependency: an init whose value the body does not read becomes
/// a tensor.empty of its shape.
LogicalResult removeOutsDependency(Operation *op, PatternRewriter &rewriter) {
  LinalgOp linalgOp(op);
  rewriter.startOpModification(op);
  bool modified = false;
  Location loc = op->getLoc();
  for (unsigned i = linalgOp.getNumDpsInputs(), e = op->getNumOperands(); i < e; ++i) {
    if (linalgOp.payloadUsesValueFromOperand(i))
      continue;
    Value operand = op->getOperand(i);
    auto type = dyn_cast<RankedTensorType>(operand.getType());
    if (!type)
      continue;
    // A sparse init is left to the sparsifier.
    if (Attribute encoding = type.getEncoding())
      if (encoding.getDialect().getNamespace() == "sparse_tensor")
        continue;
    Operation *def = operand.getDefiningOp();
    if (def && def->getName().getStringRef() == "tensor.empty")
      continue;
    modified = true;
    std::vector<OpFoldResult> sizes = getMixedSizes(rewriter, loc, operand);
    Value empty = createEmptyTensor(rewriter, loc, sizes, type.getElementType());
    op->setOperand(i, empty);
  }
  if (!modified) {
    rewriter.cancelOpModification(op);
    return failure();
  }
  rewriter.finalizeOpModification(op);
  return success();
}

/// MLIR's convertScalarToDtype for the conversions between integer, index
/// and float scalars (signed).
Value convertScalarToDtype(OpBuilder &b, Location loc, Value operand, Type toType) {
  Type fromType = operand.getType();
  if (fromType == toType)
    return operand;
  auto cast = [&](std::string_view name) {
    return b.create(loc, name, ValueRange(std::vector<Value>{operand}), toType)->getResult(0);
  };
  auto fromFloat = dyn_cast<FloatType>(fromType), toFloat = dyn_cast<FloatType>(toType);
  auto fromInt = dyn_cast<IntegerType>(fromType), toInt = dyn_cast<IntegerType>(toType);
  if (fromFloat && toFloat)
    return cast(fromFloat.getWidth() < toFloat.getWidth() ? "arith.extf" : "arith.truncf");
  if (fromInt && toInt)
    return cast(fromInt.getWidth() < toInt.getWidth() ? "arith.extsi" : "arith.trunci");
  if (fromInt && toFloat)
    return cast("arith.sitofp");
  if (fromFloat && toInt)
    return cast("arith.fptosi");
  if (isa<IndexType>(fromType) || isa<IndexType>(toType))
    return cast("arith.index_cast");
  return operand;
}

/// FoldFillWithGenericOp: a read input produced by linalg.fill reads the
/// filled value instead.
LogicalResult foldFillWithGenericOp(Operation *genericOp, PatternRewriter &rewriter) {
  LinalgOp linalgOp(genericOp);
  if (!linalgOp.hasPureTensorSemantics())
    return failure();
  bool fillFound = false;
  Block &payload = genericOp->getRegion(0).front();
  for (unsigned i = 0, e = linalgOp.getNumDpsInputs(); i < e; ++i) {
    if (!linalgOp.payloadUsesValueFromOperand(i))
      continue;
    Operation *fill = genericOp->getOperand(i).getDefiningOp();
    if (!fill || !isa<FillOp>(fill) || fill->getNumOperands() < 1 || fill->getNumResults() != 1)
      continue;
    auto resultType = dyn_cast<RankedTensorType>(fill->getResult(0).getType());
    if (!resultType)
      continue;
    fillFound = true;
    Value converted = convertScalarToDtype(rewriter, fill->getLoc(), fill->getOperand(0), resultType.getElementType());
    rewriter.replaceAllUsesWith(payload.getArgument(i), converted);
  }
  return success(fillFound);
}

} // namespace

void linalg::populateElementwiseOpsFusionPatterns(RewritePatternSet &patterns, const ControlFusionFn &controlFn) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<FuseElementwiseOps>(ctx, controlFn);
  patterns.addFunction(GenericOp::getOperationName(), foldFillWithGenericOp, "FoldFillWithGenericOp");
  patterns.addFunction(GenericOp::getOperationName(), foldScalarOrSplatConstant, "FoldScalarOrSplatConstant");
  patterns.addFunction(GenericOp::getOperationName(), removeOutsDependency, "RemoveOutsDependency");
  populateEraseUnusedOperandsAndResultsPatterns(patterns);
}

void linalg::addOpCanonicalizationPatterns(RewritePatternSet &patterns, std::string_view opName) {
  std::optional<OperationName> name = OperationName::lookupRegistered(opName, patterns.getContext());
  if (name)
    if (auto fn = name->getInfo().getCanonicalizationPatterns)
      fn(patterns, patterns.getContext());
}

//===----------------------------------------------------------------------===//
// linalg-fuse-elementwise-ops
//===----------------------------------------------------------------------===//

namespace {

struct LinalgElementwiseOpFusionPass : impl::LinalgElementwiseOpFusionPassBase<LinalgElementwiseOpFusionPass> {
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<AffineDialect, ArithDialect, LinalgDialect, MemRefDialect, TensorDialect>();
  }
  void runOnOperation() override {
    Operation *op = getOperation();
    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    ControlFusionFn defaultControlFn = [](OpOperand *fusedOperand) {
      Operation *producer = fusedOperand->get().getDefiningOp();
      return producer && producer->hasOneUse();
    };
    populateElementwiseOpsFusionPatterns(patterns, defaultControlFn);
    populateFoldReshapeOpsByExpansionPatterns(patterns, defaultControlFn);
    addOpCanonicalizationPatterns(patterns, "affine.apply");
    addOpCanonicalizationPatterns(patterns, GenericOp::getOperationName());
    addOpCanonicalizationPatterns(patterns, "tensor.expand_shape");
    addOpCanonicalizationPatterns(patterns, "tensor.collapse_shape");
    if (Dialect *linalg = ctx->getLoadedDialect("linalg"))
      linalg->getCanonicalizationPatterns(patterns);
    populateConstantFoldLinalgOperations(patterns, defaultControlFn);
    (void)applyPatternsGreedily(op, std::move(patterns), GreedyRewriteConfig().setUseTopDownTraversal(true));
  }
};

} // namespace

std::unique_ptr<Pass> lamina::createLinalgElementwiseOpFusionPassPass() {
  return std::make_unique<LinalgElementwiseOpFusionPass>();
}
