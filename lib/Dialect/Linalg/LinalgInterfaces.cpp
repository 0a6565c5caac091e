//===- LinalgInterfaces.cpp - The structured op interfaces of linalg ------===//
//
// As mlir/lib/Dialect/Linalg/IR/LinalgInterfaces.cpp: the LinalgOp methods
// and the verifiers of the structured, contraction, convolution and fill
// interfaces, with MLIR's messages.
//
#include "lamina/Dialect/Linalg/LinalgInterfaces.h"

#include "lamina/IR/AffineExpr.h"
#include "lamina/IR/AffineMap.h"
#include "lamina/Support/RawOstream.h"

#include <algorithm>
#include <set>
#include <string>

using namespace lamina;
using namespace lamina::linalg;

//===----------------------------------------------------------------------===//
// LinalgOp
//===----------------------------------------------------------------------===//

SmallVector<AffineMap, 4> LinalgOp::getIndexingMapsArray() const {
  SmallVector<AffineMap, 4> maps;
  if (ArrayAttr attr = getIndexingMaps())
    for (Attribute a : attr)
      if (auto m = dyn_cast<AffineMapAttr>(a))
        maps.push_back(m.getValue());
  return maps;
}

SmallVector<IteratorType, 4> LinalgOp::getIteratorTypesArray() const {
  SmallVector<IteratorType, 4> types;
  getImpl()->getIteratorTypesArray(getOperation(), types);
  return types;
}

unsigned LinalgOp::getNumLoops() const { return unsigned(getIteratorTypesArray().size()); }

unsigned LinalgOp::getNumParallelLoops() const {
  unsigned n = 0;
  for (IteratorType t : getIteratorTypesArray())
    n += t == IteratorType::parallel;
  return n;
}

unsigned LinalgOp::getNumReductionLoops() const {
  unsigned n = 0;
  for (IteratorType t : getIteratorTypesArray())
    n += t == IteratorType::reduction;
  return n;
}

void LinalgOp::getReductionDims(SmallVectorImpl<unsigned> &dims) const {
  SmallVector<IteratorType, 4> types = getIteratorTypesArray();
  for (unsigned i = 0; i < types.size(); ++i)
    if (types[i] == IteratorType::reduction)
      dims.push_back(i);
}

AffineMap LinalgOp::getMatchingIndexingMap(unsigned operandNumber) const {
  ArrayAttr maps = getIndexingMaps();
  if (!maps || operandNumber >= maps.size())
    return AffineMap();
  auto m = dyn_cast<AffineMapAttr>(maps[operandNumber]);
  return m ? m.getValue() : AffineMap();
}

int64_t LinalgOp::getRank(unsigned operandNumber) const {
  Type t = getOperation()->getOperand(operandNumber).getType();
  // A vector is an element, not a container.
  if (isa<VectorType>(t))
    return 0;
  if (auto shaped = dyn_cast<ShapedType>(t))
    return shaped.hasRank() ? shaped.getRank() : 0;
  return 0;
}

ArrayRef<int64_t> LinalgOp::getShape(unsigned operandNumber) const {
  Type t = getOperation()->getOperand(operandNumber).getType();
  if (isa<VectorType>(t))
    return {};
  if (auto shaped = dyn_cast<ShapedType>(t))
    if (shaped.hasRank())
      return shaped.getShape();
  return {};
}

bool LinalgOp::isScalar(unsigned operandNumber) const {
  Type t = getOperation()->getOperand(operandNumber).getType();
  return !isa<BaseMemRefType, TensorType>(t);
}

/// concatAffineMaps: one map with every result of `maps` (over the largest
/// domain among them).
static AffineMap concatMaps(ArrayRef<AffineMap> maps, MLIRContext *ctx) {
  unsigned numDims = 0, numSymbols = 0;
  SmallVector<AffineExpr, 8> results;
  for (AffineMap m : maps) {
    numDims = std::max(numDims, m.getNumDims());
    numSymbols = std::max(numSymbols, m.getNumSymbols());
    for (AffineExpr e : m.getResults())
      results.push_back(e);
  }
  return AffineMap::get(numDims, numSymbols, results, ctx);
}

AffineMap LinalgOp::getLoopsToShapesMap() const {
  return concatMaps(getIndexingMapsArray(), getOperation()->getContext());
}

AffineMap LinalgOp::getShapesToLoopsMap() const { return inversePermutation(getLoopsToShapesMap()); }

SmallVector<int64_t, 4> LinalgOp::getStaticLoopRanges() const {
  SmallVector<int64_t, 8> viewSizes;
  for (unsigned i = 0, e = getOperation()->getNumOperands(); i < e; ++i)
    for (int64_t s : getShape(i))
      viewSizes.push_back(s);
  AffineMap inverted = getShapesToLoopsMap();
  SmallVector<int64_t, 4> result;
  if (!inverted)
    return result;
  for (int64_t v : inverted.compose(viewSizes))
    result.push_back(v);
  return result;
}

Block *LinalgOp::getBlock() const {
  Operation *op = getOperation();
  if (op->getNumRegions() == 0 || op->getRegion(0).empty())
    return nullptr;
  return &op->getRegion(0).front();
}

bool LinalgOp::hasPureTensorSemantics() const {
  bool anyTensor = false;
  for (Value v : getOperation()->getOperands()) {
    if (isa<BaseMemRefType>(v.getType()))
      return false;
    anyTensor |= isa<TensorType>(v.getType());
  }
  return anyTensor;
}

bool LinalgOp::hasPureBufferSemantics() const {
  bool anyMemRef = false;
  for (Value v : getOperation()->getOperands()) {
    if (isa<TensorType>(v.getType()))
      return false;
    anyMemRef |= isa<BaseMemRefType>(v.getType());
  }
  return anyMemRef;
}

bool LinalgOp::payloadUsesValueFromOperand(unsigned operandNumber) const {
  Block *block = getBlock();
  if (!block || operandNumber >= block->getNumArguments())
    return false;
  return !block->getArgument(operandNumber).use_empty();
}

//===----------------------------------------------------------------------===//
// Structured op verification
//===----------------------------------------------------------------------===//

LogicalResult linalg::detail::verifyStructuredOpInterface(Operation *op) {
  LinalgOp linalgOp(op);
  if (!linalgOp.hasPureTensorSemantics() && !linalgOp.hasPureBufferSemantics())
    return op->emitOpError("expected to have pure tensor or buffer semantics");
  // The attributes the maps are computed from come first.
  if (linalgOp.hasDynamicIndexingMaps())
    if (failed(linalgOp.verifyIndexingMapRequiredAttributes()))
      return failure();

  SmallVector<AffineMap, 4> maps = linalgOp.getIndexingMapsArray();
  if (int64_t(maps.size()) != int64_t(op->getNumOperands()))
    return op->emitOpError("expected the number of indexing_map (")
           << (unsigned)maps.size() << ") to be equal to the number of input/output operands ("
           << op->getNumOperands() << ")";

  // IndexingMapOpInterface::verifyImpl: per operand, no symbols and as many
  // results as the operand's rank; then the maps must be invertible.
  for (unsigned i = 0, e = op->getNumOperands(); i < e; ++i) {
    AffineMap indexingMap = maps[i];
    if (indexingMap.getNumSymbols() != 0)
      return op->emitOpError("unexpected symbols in indexing_map #") << i;
    int64_t rank = linalgOp.getRank(i);
    if (int64_t(indexingMap.getNumResults()) != rank)
      return op->emitOpError("expected operand #")
             << i << " rank (" << rank << ") to match the result rank of indexing_map ("
             << indexingMap.getNumResults() << ")";
  }

  if (!linalgOp.getShapesToLoopsMap()) {
    std::string mapStr;
    {
      raw_string_ostream os(mapStr);
      os << linalgOp.getLoopsToShapesMap();
    }
    return op->emitOpError("invalid indexing maps are non-invertible: ") << "(" << mapStr << ")";
  }

  // The static shapes against the ranges the maps infer (static cases only).
  SmallVector<int64_t, 4> endLoopRangeValues = linalgOp.getStaticLoopRanges();
  SmallVector<int64_t, 4> startLoopRangeValues(endLoopRangeValues.size(), 0);
  bool anyDynamic = std::any_of(endLoopRangeValues.begin(), endLoopRangeValues.end(),
                                [](int64_t v) { return ShapedType::isDynamic(v); });
  if (!anyDynamic) {
    for (int64_t &range : endLoopRangeValues)
      range -= 1;
    for (unsigned i = 0, e = op->getNumOperands(); i < e; ++i) {
      AffineMap indexingMap = maps[i];
      std::vector<int64_t> startIndices = indexingMap.compose(startLoopRangeValues);
      std::vector<int64_t> endIndices = indexingMap.compose(endLoopRangeValues);
      ArrayRef<int64_t> shape = linalgOp.getShape(i);
      for (unsigned dim = 0; dim < shape.size() && dim < startIndices.size(); ++dim) {
        if (ShapedType::isDynamic(shape[dim]) || shape[dim] == 0)
          continue;
        // Indices the maps do not fold to constants (overflow) are not checked.
        if (ShapedType::isDynamic(startIndices[dim]) || ShapedType::isDynamic(endIndices[dim]))
          continue;
        int64_t inferredDimSize = std::max(startIndices[dim], endIndices[dim]) + 1;
        if (std::min(startIndices[dim], endIndices[dim]) < 0) {
          std::string mapStr;
          {
            raw_string_ostream os(mapStr);
            os << indexingMap;
          }
          return op->emitOpError("unexpected result less than 0 at expression #") << dim << " in " << mapStr;
        }
        if (isa<AffineDimExpr>(indexingMap.getResult(dim))) {
          if (inferredDimSize != shape[dim])
            return op->emitOpError("inferred input/output operand #")
                   << i << " has shape's dimension #" << dim << " to be " << inferredDimSize << ", but found "
                   << shape[dim];
        } else if (inferredDimSize > shape[dim]) {
          return op->emitOpError("inferred input/output operand #")
                 << i << " has shape's dimension #" << dim << " to be greater than or equal to " << inferredDimSize
                 << ", but found " << shape[dim];
        }
      }
    }
  }

  // The loops of the maps against the iterator types (LinalgOp's own check,
  // after the interface's).
  unsigned numLoops = linalgOp.getNumLoops();
  for (unsigned i = 0, e = op->getNumOperands(); i < e; ++i)
    if (maps[i].getNumDims() != numLoops)
      return op->emitOpError("expected indexing_map #")
             << i << " to have " << numLoops << " dim(s) to match the number of loops";

  if (op->getNumRegions() != 1 || op->getRegion(0).empty() ||
      std::next(op->getRegion(0).begin()) != op->getRegion(0).end())
    return op->emitOpError("expects to have 1 region with 1 block");

  Block &block = op->getRegion(0).front();
  if (op->getNumOperands() != block.getNumArguments())
    return op->emitOpError("expected as many non-induction variable region arguments as the number of "
                           "input/output operands");
  for (unsigned i = 0, e = op->getNumOperands(); i < e; ++i) {
    Type operandType = op->getOperand(i).getType();
    Type elementType = operandType;
    if (isa<MemRefType, RankedTensorType>(operandType))
      elementType = cast<ShapedType>(operandType).getElementType();
    Type argType = block.getArgument(i).getType();
    if (elementType != argType)
      return op->emitOpError("expected type of bb argument #")
             << i << " (" << argType << ")"
             << " to match element or self type of the corresponding operand (" << elementType << ")";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Contraction
//===----------------------------------------------------------------------===//

/// Follows single-operand ops without memory effects up the use-def chain.
static Value getSourceSkipUnary(Value value) {
  Operation *op = value.getDefiningOp();
  while (op && op->getNumOperands() == 1) {
    if (!isMemoryEffectFree(op))
      break;
    value = op->getOperand(0);
    op = value.getDefiningOp();
  }
  return value;
}

/// Whether `reduction` and `elementwise` are one of the (add, mul) pairs of
/// a contraction body.
static bool isAddMulPair(Operation *reduction, Operation *elementwise) {
  std::string_view add = reduction->getName().getStringRef();
  std::string_view mul = elementwise->getName().getStringRef();
  return (add == "arith.addf" && mul == "arith.mulf") || (add == "arith.addi" && mul == "arith.muli") ||
         (add == "complex.add" && mul == "complex.mul") || (add == "arith.ori" && mul == "arith.andi");
}

/// isContractionBody: `u5(u1(c) + u2(u3(a) * u4(b)))` up to unary ops.
static bool isContractionBody(Block &block) {
  if (block.empty() || !block.back().mightHaveTrait<OpTrait::IsTerminator>())
    return false;
  if (block.getNumArguments() != 3)
    return false;
  Operation *terminator = block.getTerminator();
  if (!terminator || terminator->getNumOperands() != 1)
    return false;
  Value yielded = getSourceSkipUnary(terminator->getOperand(0));
  Operation *reductionOp = yielded.getDefiningOp();
  if (!reductionOp || reductionOp->getNumResults() != 1 || reductionOp->getNumOperands() != 2)
    return false;
  Value reductionLHS = getSourceSkipUnary(reductionOp->getOperand(0));
  Value reductionRHS = getSourceSkipUnary(reductionOp->getOperand(1));
  if (reductionLHS != block.getArgument(2) && reductionRHS != block.getArgument(2))
    return false;
  Value contributed = getSourceSkipUnary(isa<BlockArgument>(reductionLHS) ? reductionRHS : reductionLHS);
  Operation *elementwiseOp = contributed.getDefiningOp();
  if (!elementwiseOp || elementwiseOp->getNumResults() != 1 || elementwiseOp->getNumOperands() != 2)
    return false;
  if (!isAddMulPair(reductionOp, elementwiseOp))
    return false;
  Value lhs = getSourceSkipUnary(elementwiseOp->getOperand(0));
  Value rhs = getSourceSkipUnary(elementwiseOp->getOperand(1));
  return (lhs == block.getArgument(0) && rhs == block.getArgument(1)) ||
         (lhs == block.getArgument(1) && rhs == block.getArgument(0));
}

LogicalResult linalg::detail::verifyContractionInterface(Operation *op) {
  LinalgOp linalgOp = dyn_cast<LinalgOp>(op);
  if (!linalgOp)
    return op->emitError("expected a LinalgOp");
  if (linalgOp.getNumDpsInputs() != 2 || linalgOp.getNumDpsInits() != 1)
    return op->emitError("expected op with 2 inputs and 1 output");
  if (linalgOp.getNumReductionLoops() == 0)
    return op->emitError("expected at least 1 reduction");
  for (AffineMap m : linalgOp.getIndexingMapsArray())
    if (!m.isProjectedPermutation())
      return op->emitError("expected indexing maps to be projected permutations");
  Block *block = linalgOp.getBlock();
  if (!block || !isContractionBody(*block))
    return op->emitError("expected add/mul op in the body");
  return success();
}

//===----------------------------------------------------------------------===//
// Convolution
//===----------------------------------------------------------------------===//

namespace {

/// Walks the input map's results of a convolution: each either a dim or a
/// sum of (dim [* symbol-or-constant]) terms; records convolved and
/// unconvolved dims, each used once.
struct ConvAccessExprWalker {
  std::set<int64_t> convolvedDims;
  std::set<int64_t> unConvolvedDims;

  LogicalResult visit(AffineExpr expr) {
    if (auto dim = dyn_cast<AffineDimExpr>(expr)) {
      unsigned position = dim.getPosition();
      if (unConvolvedDims.count(position) || convolvedDims.count(position))
        return failure();
      unConvolvedDims.insert(position);
      return success();
    }
    auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
    if (!binary || binary.getKind() != AffineExprKind::Add)
      return failure();
    int64_t lhs, rhs;
    if (failed(getDimExprOrMulExprDimPos(binary.getLHS(), lhs)) ||
        failed(getDimExprOrMulExprDimPos(binary.getRHS(), rhs)))
      return failure();
    return success();
  }

  LogicalResult getDimExprOrMulExprDimPos(AffineExpr expr, int64_t &pos) {
    if (auto dim = dyn_cast<AffineDimExpr>(expr)) {
      int64_t d = dim.getPosition();
      if (convolvedDims.count(d) || unConvolvedDims.count(d))
        return failure();
      convolvedDims.insert(d);
      pos = d;
      return success();
    }
    auto mul = dyn_cast<AffineBinaryOpExpr>(expr);
    if (!mul || mul.getKind() != AffineExprKind::Mul)
      return failure();
    AffineExpr lhs = mul.getLHS(), rhs = mul.getRHS();
    bool hasFactor = isa<AffineSymbolExpr>(lhs) || isa<AffineSymbolExpr>(rhs) || isa<AffineConstantExpr>(lhs) ||
                     isa<AffineConstantExpr>(rhs);
    AffineExpr dimExpr = isa<AffineDimExpr>(lhs) ? lhs : (isa<AffineDimExpr>(rhs) ? rhs : AffineExpr());
    if (!hasFactor || !dimExpr)
      return failure();
    int64_t d = cast<AffineDimExpr>(dimExpr).getPosition();
    if (convolvedDims.count(d) || unConvolvedDims.count(d))
      return failure();
    convolvedDims.insert(d);
    pos = d;
    return success();
  }
};

} // namespace

static std::set<int64_t> getPreservedDims(AffineMap map) {
  std::set<int64_t> dims;
  for (AffineExpr e : map.getResults())
    if (auto d = dyn_cast<AffineDimExpr>(e))
      dims.insert(d.getPosition());
  return dims;
}

LogicalResult linalg::detail::verifyConvolutionInterface(Operation *op) {
  LinalgOp linalgOp = dyn_cast<LinalgOp>(op);
  if (!linalgOp)
    return op->emitError("expected a LinalgOp");
  if (linalgOp.getNumDpsInputs() < 2 || linalgOp.getNumDpsInits() != 1)
    return op->emitError("expected op with 2 inputs and 1 output");
  SmallVector<AffineMap, 4> indexingMaps = linalgOp.getIndexingMapsArray();
  if (indexingMaps.size() < 2)
    return op->emitError("expected op with 2 inputs and 1 output");

  ConvAccessExprWalker walker;
  for (AffineExpr expr : indexingMaps[0].getResults())
    if (failed(walker.visit(expr)))
      return op->emitError("unexpected input index map for convolutions");
  if (!indexingMaps[1].isProjectedPermutation() || !indexingMaps.back().isProjectedPermutation())
    return op->emitError("expected output/filter indexing maps to be projected permutations");

  SmallVector<IteratorType, 4> iteratorTypes = linalgOp.getIteratorTypesArray();
  auto isParallel = [&](int64_t d) { return d < int64_t(iteratorTypes.size()) && iteratorTypes[d] == IteratorType::parallel; };
  auto isReduction = [&](int64_t d) { return d < int64_t(iteratorTypes.size()) && iteratorTypes[d] == IteratorType::reduction; };
  std::set<int64_t> outputDims = getPreservedDims(indexingMaps.back());
  std::set<int64_t> filterDims = getPreservedDims(indexingMaps[1]);
  std::set<int64_t> allLoopDims;
  const char *notParallel = "expected all iterators used to access outputs to be parallel";
  const char *notReduction = "expected all iterators not used to access outputs to be reduction";
  const char *nonConvolution = "unexpected loop dimension for convolution op";
  for (AffineExpr outputExpr : indexingMaps.back().getResults()) {
    int64_t outputDim = cast<AffineDimExpr>(outputExpr).getPosition();
    bool unconvolved = walker.unConvolvedDims.count(outputDim);
    bool convolved = walker.convolvedDims.count(outputDim);
    bool inFilter = filterDims.count(outputDim);
    if ((unconvolved && !inFilter) || (convolved && !inFilter) || (!convolved && !unconvolved && inFilter) ||
        (unconvolved && inFilter)) {
      if (!isParallel(outputDim))
        return op->emitError(notParallel);
      allLoopDims.insert(outputDim);
      continue;
    }
    return op->emitError(nonConvolution);
  }
  for (AffineExpr filterExpr : indexingMaps[1].getResults()) {
    int64_t filterDim = cast<AffineDimExpr>(filterExpr).getPosition();
    bool unconvolved = walker.unConvolvedDims.count(filterDim);
    bool convolved = walker.convolvedDims.count(filterDim);
    bool inOutput = outputDims.count(filterDim);
    if (inOutput && !unconvolved && !convolved)
      continue;
    if ((convolved && !inOutput) || (unconvolved && !inOutput)) {
      if (!isReduction(filterDim))
        return op->emitError(notReduction);
      if (allLoopDims.count(filterDim))
        return op->emitError(nonConvolution);
      allLoopDims.insert(filterDim);
      continue;
    }
    if (unconvolved && inOutput)
      continue;
    return op->emitError(nonConvolution);
  }
  if (allLoopDims.size() != linalgOp.getNumLoops())
    return op->emitError(nonConvolution);
  if (walker.convolvedDims.empty())
    return op->emitError("expected convolved dim to be non-empty");
  return success();
}

//===----------------------------------------------------------------------===//
// Fill
//===----------------------------------------------------------------------===//

LogicalResult linalg::detail::verifyFillInterface(Operation *op) {
  LinalgOp linalgOp = dyn_cast<LinalgOp>(op);
  if (!linalgOp)
    return op->emitError("expected a LinalgOp");
  if (linalgOp.getNumDpsInputs() != 1 || linalgOp.getNumDpsInits() != 1)
    return op->emitError("expected op with 1 input and 1 output");
  if (!linalgOp.isScalar(0))
    return op->emitError("expected op with scalar input");
  return success();
}
