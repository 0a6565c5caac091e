//===- LinalgRuntimeVerification.cpp - Runtime checks of linalg ops --------===//
//
// RuntimeVerifiableOpInterface on every linalg structured op, as MLIR 22's
// external model (Linalg/Transforms/RuntimeOpVerification.cpp): the loop
// ranges come from the operands' sizes (MLIR's createLoopRanges); when every
// loop runs at least once (an scf.if on 0 < size of each loop), each
// operand dimension's indexing expression, at the first and the last
// iteration, must be non-negative, and one past its largest value must equal
// the operand's size (be at most the size for expressions other than a
// loop). The index dialect's ops compute the bounds, folded where constant;
// the expressions are affine.apply ops composed and folded as
// makeComposedFoldedAffineApply does.
//
#include "LinalgOpsImpl.h"

#include "lamina/Dialect/Affine/AffineDialect.h"
#include "lamina/Dialect/ControlFlow/ControlFlowDialect.h"
#include "lamina/Dialect/Index/IndexDialect.h"
#include "lamina/Dialect/Linalg/LinalgInterfaces.h"
#include "lamina/Dialect/MemRef/RuntimeCheckBuilders.h"
#include "lamina/Dialect/SCF/SCFDialect.h"
#include "lamina/Dialect/Tensor/TensorDialect.h"
#include "lamina/IR/AffineExpr.h"
#include "lamina/IR/Matchers.h"
#include "lamina/Interfaces/RuntimeVerifiableOpInterface.h"
#include "lamina/ODS/OpDef.h"

#include <string>
#include <vector>

using namespace lamina;
using namespace lamina::rtcheck;
using index::IndexCmpPredicate;

namespace {

/// `name %lhs, %rhs` of the index dialect, created or folded.
Value indexBinary(OpBuilder &b, Location loc, std::string_view name, Value lhs, Value rhs, bool fold) {
  OperationState state(loc, name);
  state.addOperand(lhs);
  state.addOperand(rhs);
  state.addType(b.getIndexType());
  return fold ? b.createOrFold(state) : b.create(state)->getResult(0);
}

Value indexCmp(OpBuilder &b, Location loc, IndexCmpPredicate pred, Value lhs, Value rhs, bool fold) {
  OperationState state(loc, "index.cmp");
  state.addOperand(lhs);
  state.addOperand(rhs);
  state.addAttribute("pred", index::IndexCmpPredicateAttr::get(b.getContext(), pred));
  state.addType(b.getI1Type());
  return fold ? b.createOrFold(state) : b.create(state)->getResult(0);
}

/// memref.dim or tensor.dim of dimension `dim`, created or folded
/// (createOrFoldDimOp).
Value dimOfShaped(OpBuilder &b, Location loc, Value source, int64_t dim) {
  std::string_view name = isa<MemRefType, UnrankedMemRefType>(source.getType()) ? "memref.dim" : "tensor.dim";
  return dimOf(b, loc, name, source, dim, /*fold=*/true);
}

/// MLIR's makeComposedFoldedAffineApply of the single-result `map`: attribute
/// operands folded into the map, the affine.apply ops producing operands
/// composed in, then the affine.apply folded (it is erased when it folds).
OpFoldResult composedFoldedApply(OpBuilder &b, Location loc, AffineMap map, ArrayRef<OpFoldResult> operands) {
  MLIRContext *ctx = b.getContext();
  std::vector<AffineExpr> dimReplacements, symReplacements;
  SmallVector<Value, 4> values;
  unsigned numDims = 0, numSymbols = 0;
  for (unsigned i = 0; i < map.getNumDims(); ++i) {
    if (Attribute attr = operands[i].getAttribute()) {
      dimReplacements.push_back(getAffineConstantExpr(cast<IntegerAttr>(attr).getInt(), ctx));
    } else {
      dimReplacements.push_back(getAffineDimExpr(numDims++, ctx));
      values.push_back(operands[i].getValue());
    }
  }
  SmallVector<Value, 4> symbolValues;
  for (unsigned i = 0; i < map.getNumSymbols(); ++i) {
    OpFoldResult ofr = operands[map.getNumDims() + i];
    if (Attribute attr = ofr.getAttribute()) {
      symReplacements.push_back(getAffineConstantExpr(cast<IntegerAttr>(attr).getInt(), ctx));
    } else {
      symReplacements.push_back(getAffineSymbolExpr(numSymbols++, ctx));
      symbolValues.push_back(ofr.getValue());
    }
  }
  for (Value v : symbolValues)
    values.push_back(v);
  AffineMap folded = map.replaceDimsAndSymbols(dimReplacements, symReplacements, numDims, numSymbols);
  affine::composeAffineMapAndOperands(&folded, &values);

  OperationState state(loc, "affine.apply");
  for (Value v : values)
    state.addOperand(v);
  state.addAttribute("map", AffineMapAttr::get(folded));
  state.addType(b.getIndexType());
  Operation *apply = b.create(state);
  std::vector<Attribute> constants(apply->getNumOperands());
  for (unsigned i = 0; i < apply->getNumOperands(); ++i)
    (void)matchConstant(apply->getOperand(i), &constants[i]);
  SmallVector<OpFoldResult, 1> results;
  if (failed(apply->fold(constants, results)) || results.empty())
    return apply->getResult(0);
  OpFoldResult result = results[0];
  apply->erase();
  return result;
}

/// The value of an OpFoldResult whose value may be a constant op: its
/// attribute then (getAsOpFoldResult as the composition sees it) is not
/// needed here; the composition matches constants itself.
Value valueOrConstant(OpBuilder &b, Location loc, OpFoldResult ofr) { return valueOf(b, loc, ofr); }

void verifyStructuredOp(Operation *op, OpBuilder &b, Location loc, RuntimeErrorMessageFn message) {
  linalg::LinalgOp linalgOp(op);
  MLIRContext *ctx = b.getContext();
  SmallVector<AffineMap, 4> maps = linalgOp.getIndexingMapsArray();
  unsigned numOperands = op->getNumOperands();
  if (maps.size() != numOperands)
    return;

  // The loop ranges (createLoopRanges): the operands' sizes, in operand
  // order (dynamic ones as dim ops), each loop's size the first operand
  // dimension that is that loop alone.
  std::vector<OpFoldResult> viewSizes;
  std::vector<AffineExpr> shapeExprs;
  for (unsigned i = 0; i < numOperands; ++i) {
    Value operand = op->getOperand(i);
    int64_t rank = linalgOp.getRank(i);
    auto shaped = dyn_cast<ShapedType>(operand.getType());
    for (int64_t d = 0; d < rank; ++d) {
      if (!shaped.hasRank() || ShapedType::isDynamic(shaped.getShape()[size_t(d)]))
        viewSizes.push_back(dimOfShaped(b, loc, operand, d));
      else
        viewSizes.push_back(b.getIndexAttr(shaped.getShape()[size_t(d)]));
    }
    if (unsigned(maps[i].getNumResults()) != unsigned(rank))
      return;
    for (AffineExpr e : maps[i].getResults())
      shapeExprs.push_back(e);
  }
  unsigned numLoops = linalgOp.getNumLoops();
  std::vector<OpFoldResult> ends(numLoops);
  for (size_t idx = 0; idx < shapeExprs.size(); ++idx)
    if (auto d = dyn_cast<AffineDimExpr>(shapeExprs[idx]))
      if (d.getPosition() < numLoops && !ends[d.getPosition()])
        ends[d.getPosition()] = viewSizes[idx];
  Value zero = constantIndex(b, loc, 0);
  Value one = constantIndex(b, loc, 1);
  if (numLoops == 0)
    return;
  for (const OpFoldResult &end : ends)
    if (!end)
      return;
  OpFoldResult startAttr = b.getIndexAttr(0);

  // Checked only when every loop runs: 0 < size for each loop.
  Value runs;
  for (unsigned l = 0; l < numLoops; ++l) {
    Value start = valueOf(b, loc, startAttr);
    Value size = valueOf(b, loc, ends[l]);
    Value cmp = indexCmp(b, loc, IndexCmpPredicate::SLT, start, size, /*fold=*/false);
    runs = l == 0 ? cmp : binary(b, loc, "arith.andi", runs, cmp, /*fold=*/false);
  }
  OperationState ifState(loc, "scf.if");
  ifState.addOperand(runs);
  ifState.addRegion();
  ifState.addRegion();
  Operation *ifOp = b.create(ifState);
  OpBuilder::InsertionGuard guard(b);
  b.createBlock(&ifOp->getRegion(0));
  OperationState yield(loc, "scf.yield");
  Operation *terminator = b.create(yield);
  b.setInsertionPoint(terminator);

  // The last iteration of each loop: size - 1.
  std::vector<OpFoldResult> lasts;
  for (unsigned l = 0; l < numLoops; ++l) {
    Value end = valueOf(b, loc, ends[l]);
    lasts.push_back(indexBinary(b, loc, "index.sub", end, one, /*fold=*/true));
  }
  std::vector<OpFoldResult> starts(numLoops, startAttr);

  for (unsigned i = 0; i < numOperands; ++i) {
    AffineMap map = maps[i];
    std::vector<OpFoldResult> startIndices, endIndices;
    for (unsigned r = 0; r < map.getNumResults(); ++r)
      startIndices.push_back(composedFoldedApply(b, loc, map.getSubMap({r}), starts));
    for (unsigned r = 0; r < map.getNumResults(); ++r)
      endIndices.push_back(composedFoldedApply(b, loc, map.getSubMap({r}), lasts));
    int64_t rank = linalgOp.getRank(i);
    for (int64_t d = 0; d < rank; ++d) {
      Value startIndex = valueOrConstant(b, loc, startIndices[size_t(d)]);
      Value endIndex = valueOrConstant(b, loc, endIndices[size_t(d)]);
      std::string where = std::to_string(d) + " of input/output operand #" + std::to_string(i);

      // min(start, end) >= 0 (the min handles reversed expressions).
      Value min = indexBinary(b, loc, "index.mins", startIndex, endIndex, /*fold=*/true);
      Value nonNegative = indexCmp(b, loc, IndexCmpPredicate::SGE, min, zero, /*fold=*/true);
      assertThat(b, loc, nonNegative, message(op, "unexpected negative result on dimension #" + where));

      // max(start, end) + 1 against the operand's size.
      Value max = indexBinary(b, loc, "index.maxs", startIndex, endIndex, /*fold=*/true);
      Value inferred = indexBinary(b, loc, "index.add", max, one, /*fold=*/true);
      Value actual = dimOfShaped(b, loc, op->getOperand(i), d);
      IndexCmpPredicate pred =
          isa<AffineDimExpr>(map.getResult(unsigned(d))) ? IndexCmpPredicate::EQ : IndexCmpPredicate::SLE;
      Value compatible = indexCmp(b, loc, pred, inferred, actual, /*fold=*/true);
      assertThat(b, loc, compatible,
                 message(op, "dimension #" + where + " is incompatible with inferred dimension size"));
    }
  }
  (void)ctx;
}

} // namespace

void linalg::registerLinalgRuntimeVerification(LinalgDialect &dialect) {
  MLIRContext *ctx = dialect.getContext();
  for (OperationName name : ctx->getRegisteredOperations())
    if (name.getDialect() == &dialect && name.hasInterface<LinalgOp>())
      ods::attachInterface<RuntimeVerifiableOpInterface>(dialect, name.getStringRef(),
                                                         {.generateRuntimeVerification = verifyStructuredOp});
  // The dialects of the checks' ops.
  ctx->getOrLoadDialect<AffineDialect>();
  ctx->getOrLoadDialect<ArithDialect>();
  ctx->getOrLoadDialect<ControlFlowDialect>();
  ctx->getOrLoadDialect<IndexDialect>();
  ctx->getOrLoadDialect<SCFDialect>();
  ctx->getOrLoadDialect<TensorDialect>();
}
