//===- AffineLoopNormalize.cpp - Loops from 0 by 1 --------------------------===//
//
// affine-loop-normalize (MLIR 22's AffineLoopNormalize, on func.func): every
// affine.parallel without min/max bounds and every affine.for with a
// single-result lower bound, innermost first, runs from 0 by steps of 1 up
// to (ub - lb) ceildiv step; the old induction variable becomes an
// affine.apply of the new one at the start of the body. With
// promote-single-iter, an affine.for of one iteration is replaced by its
// body instead (off unless given: MLIR's pass constructor overrides the
// option's declared default of true).
//
#include "lamina/Dialect/Affine/Passes.h"

#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/Interfaces/FunctionInterfaces.h"
#include "lamina/IR/Builders.h"
#include "lamina/IR/BuiltinAttributes.h"

#include <optional>
#include <vector>

using namespace lamina;
using namespace lamina::affine;

namespace {

/// A map and its operands (MLIR's AffineValueMap).
struct ValueMap {
  AffineMap map;
  SmallVector<Value, 4> operands;
};

/// AffineValueMap::difference: a - b result by result, over the operands of
/// both, composed, canonicalized and simplified.
ValueMap difference(const ValueMap &a, const ValueMap &b) {
  unsigned aDims = a.map.getNumDims(), bDims = b.map.getNumDims();
  SmallVector<Value, 4> all;
  for (unsigned i = 0; i < aDims; ++i)
    all.push_back(a.operands[i]);
  for (unsigned i = 0; i < bDims; ++i)
    all.push_back(b.operands[i]);
  for (unsigned i = aDims; i < a.operands.size(); ++i)
    all.push_back(a.operands[i]);
  for (unsigned i = bDims; i < b.operands.size(); ++i)
    all.push_back(b.operands[i]);
  AffineMap bMap = b.map.shiftDims(aDims).shiftSymbols(a.map.getNumSymbols());
  std::vector<AffineExpr> diff;
  for (unsigned i = 0; i < bMap.getNumResults(); ++i)
    diff.push_back(a.map.getResult(i) - bMap.getResult(i));
  AffineMap diffMap = AffineMap::get(bMap.getNumDims(), bMap.getNumSymbols(), diff, a.map.getContext());
  fullyComposeAffineMapAndOperands(&diffMap, &all);
  canonicalizeMapAndOperands(&diffMap, &all);
  diffMap = simplifyAffineMap(diffMap);
  return {diffMap, all};
}

/// AffineValueMap::canonicalize.
void canonicalize(ValueMap &vm) { composeAffineMapAndOperands(&vm.map, &vm.operands); }

SmallVector<Value, 4> toVector(OperandRange r) {
  SmallVector<Value, 4> v;
  for (Value x : r)
    v.push_back(x);
  return v;
}

std::optional<int64_t> singleConstant(AffineMap map) {
  if (map.getNumResults() != 1)
    return std::nullopt;
  if (auto c = dyn_cast<AffineConstantExpr>(map.getResult(0)))
    return c.getValue();
  return std::nullopt;
}

Value createApply(OpBuilder &b, Location loc, AffineMap map, ArrayRef<Value> operands) {
  OperationState state(loc, "affine.apply");
  for (Value v : operands)
    state.addOperand(v);
  state.addAttribute("map", AffineMapAttr::get(map));
  state.addType(b.getIndexType());
  return b.create(state)->getResult(0);
}

void setForBound(Operation *op, bool lower, ArrayRef<Value> operands, AffineMap map) {
  auto sizesRef = cast<DenseI32ArrayAttr>(op->getAttr("operandSegmentSizes")).asArrayRef();
  std::vector<int32_t> sizes(sizesRef.begin(), sizesRef.end());
  unsigned index = lower ? 0 : 1;
  unsigned start = index == 0 ? 0 : unsigned(sizes[0]);
  op->setOperands(start, unsigned(sizes[index]), ValueRange(operands));
  sizes[index] = int32_t(operands.size());
  op->setAttr("operandSegmentSizes", DenseI32ArrayAttr::get(op->getContext(), sizes));
  op->setAttr(lower ? "lowerBoundMap" : "upperBoundMap", AffineMapAttr::get(map));
}

/// getConstantTripCount: the minimum of the constant trip counts of the
/// upper bound results, if all are constant.
std::optional<uint64_t> getConstantTripCount(AffineForOp forOp) {
  int64_t step = forOp.getStepAsInt();
  AffineMap lbMap = forOp.getLowerBoundMap(), ubMap = forOp.getUpperBoundMap();
  std::optional<int64_t> lb = singleConstant(lbMap), ub = singleConstant(ubMap);
  std::vector<AffineExpr> results;
  if (lb && ub) {
    int64_t span = std::max<int64_t>(*ub - *lb, 0);
    return uint64_t((span + step - 1) / step);
  }
  if (lbMap.getNumResults() != 1)
    return std::nullopt;
  ValueMap ubValue{ubMap, toVector(forOp.getUpperBoundOperands())};
  std::vector<AffineExpr> splat(ubMap.getNumResults(), lbMap.getResult(0));
  ValueMap lbSplat{AffineMap::get(lbMap.getNumDims(), lbMap.getNumSymbols(), splat, lbMap.getContext()),
                   toVector(forOp.getLowerBoundOperands())};
  ValueMap tripCount = difference(ubValue, lbSplat);
  std::optional<uint64_t> result;
  for (AffineExpr e : tripCount.map.getResults()) {
    auto c = dyn_cast<AffineConstantExpr>(e.ceilDiv(step));
    if (!c)
      return std::nullopt;
    uint64_t v = uint64_t(c.getValue());
    result = result ? std::min(*result, v) : v;
  }
  return result;
}

/// promoteIfSingleIteration: a loop of one iteration is replaced by its
/// body, the induction variable by the lower bound.
LogicalResult promoteIfSingleIteration(AffineForOp forOp) {
  std::optional<uint64_t> tripCount = getConstantTripCount(forOp);
  if (!tripCount || *tripCount != 1)
    return failure();
  AffineMap lbMap = forOp.getLowerBoundMap();
  if (lbMap.getNumResults() != 1)
    return failure();
  Operation *op = forOp.getOperation();
  Value iv = forOp.getInductionVar();
  if (!iv.use_empty()) {
    if (std::optional<int64_t> lb = singleConstant(lbMap)) {
      OpBuilder builder(op->getContext());
      Operation *func = op->getParentOp();
      while (func && !isa<FunctionOpInterface>(func))
        func = func->getParentOp();
      if (func)
        builder.setInsertionPointToStart(&func->getRegion(0).front());
      else
        builder.setInsertionPoint(op);
      Value c = arith::createConstant(builder, op->getLoc(), builder.getIndexAttr(*lb))->getResult(0);
      iv.replaceAllUsesWith(c);
    } else {
      OpBuilder builder(op);
      SmallVector<Value, 4> lbOperands = toVector(forOp.getLowerBoundOperands());
      if (lbMap == AffineMap::getMultiDimIdentityMap(1, op->getContext()) && lbMap.getNumSymbols() == 0)
        iv.replaceAllUsesWith(lbOperands[0]);
      else
        iv.replaceAllUsesWith(createApply(builder, op->getLoc(), lbMap, lbOperands));
    }
  }
  Block *body = &op->getRegion(0).front();
  // iter_args take the inits; the results the yielded values.
  OperandRange inits = forOp.getInits();
  for (unsigned i = 0; i < inits.size(); ++i)
    body->getArgument(i + 1).replaceAllUsesWith(inits[i]);
  Operation *yield = body->getTerminator();
  for (unsigned i = 0; i < op->getNumResults(); ++i)
    op->getResult(i).replaceAllUsesWith(yield->getOperand(i));
  yield->erase();
  Block *parent = op->getBlock();
  while (!body->empty())
    body->front().moveBefore(op);
  (void)parent;
  op->erase();
  return success();
}

LogicalResult normalizeAffineFor(AffineForOp forOp, bool promoteSingleIter) {
  if (promoteSingleIter && succeeded(promoteIfSingleIteration(forOp)))
    return success();
  Operation *op = forOp.getOperation();
  MLIRContext *ctx = op->getContext();
  AffineMap oldLbMap = forOp.getLowerBoundMap();
  int64_t step = forOp.getStepAsInt();
  if (singleConstant(oldLbMap) == 0 && step == 1)
    return success();
  if (oldLbMap.getNumResults() != 1)
    return failure();
  Location loc = op->getLoc();
  AffineMap ubMap = forOp.getUpperBoundMap();

  // ub - lb, the lower bound repeated for each upper bound result.
  std::vector<AffineExpr> lbExprs(ubMap.getNumResults(), oldLbMap.getResult(0));
  ValueMap lbValue{oldLbMap, toVector(forOp.getLowerBoundOperands())};
  ValueMap paddedLb{AffineMap::get(oldLbMap.getNumDims(), oldLbMap.getNumSymbols(), lbExprs, ctx),
                    toVector(forOp.getLowerBoundOperands())};
  ValueMap ubValue{ubMap, toVector(forOp.getUpperBoundOperands())};
  ValueMap newUb = difference(ubValue, paddedLb);
  canonicalize(newUb);

  // Scaled down by the step.
  unsigned numResults = newUb.map.getNumResults();
  std::vector<AffineExpr> scaleDown;
  for (unsigned i = 0; i < numResults; ++i)
    scaleDown.push_back(getAffineDimExpr(i, ctx).ceilDiv(step));
  AffineMap scaleDownMap = AffineMap::get(numResults, 0, scaleDown, ctx);
  AffineMap newUbMap = scaleDownMap.compose(newUb.map);

  setForBound(op, /*lower=*/false, ArrayRef<Value>(newUb.operands.data(), newUb.operands.size()), newUbMap);
  setForBound(op, /*lower=*/true, {}, AffineMap::getConstantMap(0, ctx));
  op->setAttr("step", IntegerAttr::get(IndexType::get(ctx), int64_t(1)));

  // The old induction variable: lb + iv * step.
  OpBuilder builder(ctx);
  builder.setInsertionPointToStart(&op->getRegion(0).front());
  AffineMap scaleIvMap = AffineMap::get(1, 0, {-getAffineDimExpr(0, ctx) * step}, ctx);
  Value iv = forOp.getInductionVar();
  ValueMap scaleIv{scaleIvMap, {iv}};
  ValueMap newIvToOldIv = difference(lbValue, scaleIv);
  canonicalize(newIvToOldIv);
  Value newIv = createApply(builder, loc, newIvToOldIv.map,
                            ArrayRef<Value>(newIvToOldIv.operands.data(), newIvToOldIv.operands.size()));
  iv.replaceAllUsesExcept(newIv, newIv.getDefiningOp());
  return success();
}

std::vector<int64_t> groupSizes(Attribute attr) {
  std::vector<int64_t> sizes;
  if (auto dense = dyn_cast_or_null<DenseIntElementsAttr>(attr))
    for (const APInt &v : dense.getIntValues())
      sizes.push_back(int64_t(v.getZExtValue()));
  return sizes;
}

Attribute onesGroups(MLIRContext *ctx, size_t n) {
  std::vector<APInt> ints(n, APInt(32, 1));
  auto type = RankedTensorType::get({int64_t(n)}, IntegerType::get(ctx, 32));
  return DenseElementsAttr::get(type, ArrayRef<APInt>(ints));
}

void normalizeAffineParallel(Operation *op) {
  MLIRContext *ctx = op->getContext();
  for (int64_t s : groupSizes(op->getAttr("lowerBoundsGroups")))
    if (s != 1)
      return;
  for (int64_t s : groupSizes(op->getAttr("upperBoundsGroups")))
    if (s != 1)
      return;
  AffineMap lbMap = cast<AffineMapAttr>(op->getAttr("lowerBoundsMap")).getValue();
  AffineMap ubMap = cast<AffineMapAttr>(op->getAttr("upperBoundsMap")).getValue();
  std::vector<int64_t> steps;
  if (auto stepsAttr = dyn_cast_or_null<ArrayAttr>(op->getAttr("steps")))
    for (Attribute a : stepsAttr)
      steps.push_back(cast<IntegerAttr>(a).getInt());
  if (steps.size() != lbMap.getNumResults() || steps.size() != ubMap.getNumResults())
    return;
  bool normalized = true;
  for (size_t i = 0; i < steps.size(); ++i) {
    auto c = dyn_cast<AffineConstantExpr>(lbMap.getResult(unsigned(i)));
    if (!(c && c.getValue() == 0 && steps[i] == 1))
      normalized = false;
  }
  if (normalized)
    return;
  unsigned numLb = lbMap.getNumInputs();
  SmallVector<Value, 4> lbOperands, ubOperands;
  for (unsigned i = 0; i < op->getNumOperands(); ++i)
    (i < numLb ? lbOperands : ubOperands).push_back(op->getOperand(i));
  ValueMap ranges = difference(ValueMap{ubMap, ubOperands}, ValueMap{lbMap, lbOperands});
  Block *body = &op->getRegion(0).front();
  OpBuilder builder(ctx);
  builder.setInsertionPointToStart(body);
  std::vector<AffineExpr> lbExprs, ubExprs;
  for (size_t i = 0; i < steps.size(); ++i) {
    int64_t step = steps[i];
    lbExprs.push_back(getAffineConstantExpr(0, ctx));
    ubExprs.push_back(ranges.map.getResult(unsigned(i)).ceilDiv(step));
    BlockArgument iv = body->getArgument(unsigned(i));
    unsigned nDims = lbMap.getNumDims();
    AffineExpr expr = lbMap.getResult(unsigned(i)) + getAffineDimExpr(nDims, ctx) * step;
    AffineMap map = AffineMap::get(nDims + 1, lbMap.getNumSymbols(), {expr}, ctx);
    SmallVector<Value, 8> applyOperands;
    for (unsigned d = 0; d < nDims; ++d)
      applyOperands.push_back(lbOperands[d]);
    applyOperands.push_back(iv);
    for (unsigned s = nDims; s < lbOperands.size(); ++s)
      applyOperands.push_back(lbOperands[s]);
    Value apply = createApply(builder, op->getLoc(), map, applyOperands);
    Value(iv).replaceAllUsesExcept(apply, apply.getDefiningOp());
  }
  std::vector<Attribute> newSteps(steps.size(), IntegerAttr::get(IntegerType::get(ctx, 64), int64_t(1)));
  op->setAttr("steps", ArrayAttr::get(ctx, newSteps));
  op->setAttr("lowerBoundsMap", AffineMapAttr::get(AffineMap::get(0, 0, lbExprs, ctx)));
  op->setAttr("lowerBoundsGroups", onesGroups(ctx, lbExprs.size()));
  op->setAttr("upperBoundsMap",
              AffineMapAttr::get(AffineMap::get(ranges.map.getNumDims(), ranges.map.getNumSymbols(), ubExprs, ctx)));
  op->setAttr("upperBoundsGroups", onesGroups(ctx, ubExprs.size()));
  op->setOperands(ValueRange(ArrayRef<Value>(ranges.operands.data(), ranges.operands.size())));
}

struct AffineLoopNormalize : lamina::impl::AffineLoopNormalizeBase<AffineLoopNormalize> {
  void runOnOperation() override {
    // Innermost first (post-order).
    std::vector<Operation *> loops;
    getOperation()->walk([&](Operation *op) {
      std::string_view name = op->getName().getStringRef();
      if (name == "affine.parallel" || name == "affine.for")
        loops.push_back(op);
    });
    for (Operation *op : loops) {
      if (op->getName().getStringRef() == "affine.parallel")
        normalizeAffineParallel(op);
      else
        (void)normalizeAffineFor(AffineForOp(op), promoteSingleIter);
    }
  }
};

} // namespace

std::unique_ptr<Pass> lamina::createAffineLoopNormalizePass() { return std::make_unique<AffineLoopNormalize>(); }
