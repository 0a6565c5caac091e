//===- LoopTiling.cpp - Tiling perfect affine loop nests ------------------===//
//
// affine-loop-tile (MLIR 22's LoopTiling on func.func): each maximal
// perfect nest of affine.for ops at the top of the function becomes tile
// space loops (original bounds, step times the tile size) around intra-tile
// loops from the tile loop's IV to IV + tile size (bounded by the original
// upper bound through a min where the trip count's largest known divisor is
// not a multiple of the tile size). Tile sizes: tile-size for all loops,
// else tile-sizes padded with 4, else from the memory footprint of the nest
// and cache-size (4, adjusted to divisors of the trip counts, when the
// footprint is unknown). A nest
// whose tiling would violate a dependence (a negative direction component)
// gets a remark and stays. With `separate`, an affine.if separates full
// tiles (a copy of the intra-tile nest with constant trip counts) from
// partial ones (the nest as tiled).
//
#include "lamina/Dialect/Affine/AffineAnalysis.h"
#include "lamina/Dialect/Affine/AffineMemoryOpInterfaces.h"
#include "lamina/Dialect/Affine/Passes.h"

#include "lamina/IR/Block.h"
#include "lamina/IR/Builders.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/IRMapping.h"
#include "lamina/IR/Matchers.h"
#include "lamina/IR/Region.h"

#include <cmath>
#include <numeric>
#include <optional>
#include <vector>

using namespace lamina;
using namespace lamina::affine;

namespace {

constexpr unsigned kDefaultTileSize = 4;

//===----------------------------------------------------------------------===//
// affine.for helpers
//===----------------------------------------------------------------------===//

SmallVector<Value, 4> toVector(OperandRange r) {
  SmallVector<Value, 4> v;
  for (Value x : r)
    v.push_back(x);
  return v;
}

/// Creates `affine.for %iv = lbMap(lbOperands) to ubMap(ubOperands) step
/// step` with an empty body (an affine.yield).
AffineForOp createFor(OpBuilder &b, Location loc, ArrayRef<Value> lbOperands, AffineMap lbMap,
                      ArrayRef<Value> ubOperands, AffineMap ubMap, int64_t step) {
  MLIRContext *ctx = b.getContext();
  OperationState state(loc, "affine.for");
  for (Value v : lbOperands)
    state.addOperand(v);
  for (Value v : ubOperands)
    state.addOperand(v);
  state.addAttribute("lowerBoundMap", AffineMapAttr::get(lbMap));
  state.addAttribute("upperBoundMap", AffineMapAttr::get(ubMap));
  state.addAttribute("step", IntegerAttr::get(b.getIndexType(), step));
  state.addAttribute("operandSegmentSizes",
                     DenseI32ArrayAttr::get(ctx, std::vector<int32_t>{int32_t(lbOperands.size()),
                                                                     int32_t(ubOperands.size()), 0}));
  Region *body = state.addRegion();
  Block *block = body->emplaceBlock();
  block->addArgument(b.getIndexType(), loc);
  Operation *op = b.create(state);
  OpBuilder inner(ctx);
  inner.setInsertionPointToEnd(&op->getRegion(0).front());
  OperationState yield(loc, "affine.yield");
  inner.create(yield);
  return AffineForOp(op);
}

/// Replaces a bound's operands and map.
void setBound(AffineForOp forOp, bool lower, ArrayRef<Value> operands, AffineMap map) {
  Operation *op = forOp.getOperation();
  auto sizesRef = cast<DenseI32ArrayAttr>(op->getAttr("operandSegmentSizes")).asArrayRef();
  std::vector<int32_t> sizes(sizesRef.begin(), sizesRef.end());
  unsigned index = lower ? 0 : 1;
  unsigned start = lower ? 0 : unsigned(sizes[0]);
  op->setOperands(start, unsigned(sizes[index]), ValueRange(operands));
  sizes[index] = int32_t(operands.size());
  op->setAttr("operandSegmentSizes", DenseI32ArrayAttr::get(op->getContext(), sizes));
  op->setAttr(lower ? "lowerBoundMap" : "upperBoundMap", AffineMapAttr::get(map));
}

/// The loops of the perfect nest rooted at `root`, outermost first.
std::vector<AffineForOp> getPerfectlyNestedLoops(AffineForOp root) {
  std::vector<AffineForOp> loops;
  AffineForOp cur = root;
  while (true) {
    loops.push_back(cur);
    Block &body = cur.getOperation()->getRegion(0).front();
    // Exactly one op besides the terminator, and it is an affine.for.
    auto it = body.begin();
    if (it == body.end())
      break;
    Operation &first = *it;
    ++it;
    if (it == body.end() || &*it != body.getTerminator())
      break;
    auto next = dyn_cast<AffineForOp>(&first);
    if (!next)
      break;
    cur = next;
  }
  return loops;
}

//===----------------------------------------------------------------------===//
// Trip counts
//===----------------------------------------------------------------------===//

/// MLIR's getTripCountMapAndOperands (the map only): a constant map for
/// constant bounds, else (ub_i - lb) ceildiv step for each upper bound
/// result, composed and simplified; null if the lower bound has several
/// results.
AffineMap getTripCountMap(AffineForOp forOp) {
  MLIRContext *ctx = forOp.getOperation()->getContext();
  int64_t step = forOp.getStepAsInt();
  AffineMap lbMap = forOp.getLowerBoundMap(), ubMap = forOp.getUpperBoundMap();
  if (lbMap.isSingleConstant() && ubMap.isSingleConstant()) {
    int64_t span = std::max<int64_t>(ubMap.getSingleConstantResult() - lbMap.getSingleConstantResult(), 0);
    return AffineMap::getConstantMap((span + step - 1) / step, ctx);
  }
  if (lbMap.getNumResults() != 1)
    return AffineMap();
  // difference(ub, splat(lb)) over the operands of both.
  SmallVector<Value, 4> ubOperands = toVector(forOp.getUpperBoundOperands());
  SmallVector<Value, 4> lbOperands = toVector(forOp.getLowerBoundOperands());
  unsigned aDims = ubMap.getNumDims(), bDims = lbMap.getNumDims();
  SmallVector<Value, 4> all;
  for (unsigned i = 0; i < aDims; ++i)
    all.push_back(ubOperands[i]);
  for (unsigned i = 0; i < bDims; ++i)
    all.push_back(lbOperands[i]);
  for (unsigned i = aDims; i < ubOperands.size(); ++i)
    all.push_back(ubOperands[i]);
  for (unsigned i = bDims; i < lbOperands.size(); ++i)
    all.push_back(lbOperands[i]);
  AffineExpr lbShifted = lbMap.shiftDims(aDims).shiftSymbols(ubMap.getNumSymbols()).getResult(0);
  std::vector<AffineExpr> diff;
  for (AffineExpr e : ubMap.getResults())
    diff.push_back(e - lbShifted);
  AffineMap diffMap = AffineMap::get(aDims + bDims, ubMap.getNumSymbols() + lbMap.getNumSymbols(), diff, ctx);
  fullyComposeAffineMapAndOperands(&diffMap, &all);
  canonicalizeMapAndOperands(&diffMap, &all);
  diffMap = simplifyAffineMap(diffMap);
  std::vector<AffineExpr> results;
  for (AffineExpr e : diffMap.getResults())
    results.push_back(e.ceilDiv(step));
  return AffineMap::get(diffMap.getNumDims(), diffMap.getNumSymbols(), results, ctx);
}

std::optional<uint64_t> getConstantTripCount(AffineForOp forOp) {
  AffineMap map = getTripCountMap(forOp);
  if (!map)
    return std::nullopt;
  std::optional<uint64_t> tripCount;
  for (AffineExpr e : map.getResults()) {
    auto c = dyn_cast<AffineConstantExpr>(e);
    if (!c)
      return std::nullopt;
    uint64_t v = uint64_t(c.getValue());
    tripCount = tripCount ? std::min(*tripCount, v) : v;
  }
  return tripCount;
}

uint64_t getLargestDivisorOfTripCount(AffineForOp forOp) {
  AffineMap map = getTripCountMap(forOp);
  if (!map)
    return 1;
  std::optional<uint64_t> gcd;
  for (AffineExpr e : map.getResults()) {
    uint64_t thisGcd;
    if (auto c = dyn_cast<AffineConstantExpr>(e))
      thisGcd = c.getValue() == 0 ? UINT64_MAX : uint64_t(c.getValue());
    else
      thisGcd = uint64_t(e.getLargestKnownDivisor());
    gcd = gcd ? std::gcd(*gcd, thisGcd) : thisGcd;
  }
  return *gcd;
}

//===----------------------------------------------------------------------===//
// Legality and tiling
//===----------------------------------------------------------------------===//

/// Whether hyper-rectangular tiling keeps every dependence (MLIR's
/// checkTilingLegality): no dependence component with lb < ub < 0.
bool isTilingValid(ArrayRef<AffineForOp> band) {
  std::vector<Operation *> accesses;
  band.front().getOperation()->walk([&](Operation *op) {
    if (isa<AffineReadOpInterface>(op) || isa<AffineWriteOpInterface>(op))
      accesses.push_back(op);
  });
  unsigned numLoops = unsigned(band.size());
  for (unsigned d = 1; d <= numLoops + 1; ++d) {
    for (Operation *srcOp : accesses) {
      MemRefAccess src(srcOp);
      for (Operation *dstOp : accesses) {
        MemRefAccess dst(dstOp);
        std::vector<DependenceComponent> comps;
        if (checkMemrefAccessDependence(src, dst, d, &comps) != DependenceResult::HasDependence)
          continue;
        for (const DependenceComponent &c : comps)
          if (c.lb && c.ub && *c.lb < *c.ub && *c.ub < 0)
            return false;
      }
    }
  }
  return true;
}

/// Whether the nest's iteration domain is a hyper-rectangle (MLIR's
/// checkIfHyperRectangular: no constraint involves two of the loops).
bool isHyperRectangular(ArrayRef<AffineForOp> band) {
  if (band.size() <= 1)
    return true;
  std::vector<Operation *> ops;
  for (AffineForOp forOp : band)
    ops.push_back(forOp.getOperation());
  IntegerConstraints cst;
  if (failed(getIndexSet(ops, &cst)))
    return false;
  unsigned n = unsigned(band.size());
  auto tooMany = [&](ArrayRef<int64_t> row) {
    unsigned count = 0;
    for (unsigned c = 0; c < n; ++c)
      count += row[c] != 0;
    return count > 1;
  };
  for (unsigned r = 0; r < cst.getNumInequalities(); ++r)
    if (tooMany(cst.getInequality(r)))
      return false;
  for (unsigned r = 0; r < cst.getNumEqualities(); ++r)
    if (tooMany(cst.getEquality(r)))
      return false;
  return true;
}

/// MLIR's tilePerfectlyNested; `tiledNest` receives the tile space loops,
/// then the intra-tile loops.
LogicalResult tilePerfectlyNested(ArrayRef<AffineForOp> band, ArrayRef<unsigned> tileSizes,
                                  std::vector<AffineForOp> &tiledNest) {
  // Loops yielding values are not tiled.
  for (AffineForOp forOp : band)
    if (forOp.getOperation()->getNumResults() != 0)
      return failure();
  if (!isHyperRectangular(band))
    return failure();
  AffineForOp root = band.front();
  Operation *rootOp = root.getOperation();
  Location loc = rootOp->getLoc();
  MLIRContext *ctx = rootOp->getContext();
  unsigned width = unsigned(band.size());
  OpBuilder b(rootOp);
  AffineMap zero = AffineMap::getConstantMap(0, ctx);
  std::vector<AffineForOp> newLoops;
  for (unsigned i = 0; i < 2 * width; ++i) {
    AffineForOp loop = createFor(b, loc, {}, zero, {}, zero, 1);
    newLoops.push_back(loop);
    Block &body = loop.getOperation()->getRegion(0).front();
    b.setInsertionPoint(body.getTerminator());
  }
  // Tile space loops.
  for (unsigned i = 0; i < width; ++i) {
    AffineForOp orig = band[i];
    setBound(newLoops[i], true, toVector(orig.getLowerBoundOperands()), orig.getLowerBoundMap());
    setBound(newLoops[i], false, toVector(orig.getUpperBoundOperands()), orig.getUpperBoundMap());
    newLoops[i].getOperation()->setAttr(
        "step", IntegerAttr::get(b.getIndexType(), int64_t(tileSizes[i]) * orig.getStepAsInt()));
  }
  // Intra-tile loops.
  for (unsigned i = 0; i < width; ++i) {
    AffineForOp orig = band[i];
    AffineForOp point = newLoops[width + i];
    Value tileIV = newLoops[i].getInductionVar();
    int64_t step = orig.getStepAsInt();
    uint64_t largestDiv = getLargestDivisorOfTripCount(orig);
    std::optional<uint64_t> tripCount = getConstantTripCount(orig);
    AffineExpr d0 = getAffineDimExpr(0, ctx);
    setBound(point, true, {tileIV}, AffineMap::get(1, 0, d0));
    point.getOperation()->setAttr("step", IntegerAttr::get(b.getIndexType(), step));
    if (tripCount && *tripCount < tileSizes[i]) {
      setBound(point, false, {tileIV}, AffineMap::get(1, 0, d0 + int64_t(*tripCount) * step));
    } else if (largestDiv % tileSizes[i] != 0) {
      AffineMap origUb = orig.getUpperBoundMap();
      SmallVector<Value, 4> origOperands = toVector(orig.getUpperBoundOperands());
      std::vector<Value> operands;
      for (unsigned j = 0; j < origUb.getNumDims(); ++j)
        operands.push_back(origOperands[j]);
      operands.push_back(tileIV);
      for (unsigned j = 0; j < origUb.getNumSymbols(); ++j)
        operands.push_back(origOperands[origUb.getNumDims() + j]);
      std::vector<AffineExpr> exprs;
      exprs.push_back(getAffineDimExpr(origUb.getNumDims(), ctx) + int64_t(tileSizes[i]) * step);
      for (AffineExpr e : origUb.getResults())
        exprs.push_back(e);
      setBound(point, false, operands, AffineMap::get(origUb.getNumDims() + 1, origUb.getNumSymbols(), exprs, ctx));
    } else {
      setBound(point, false, {tileIV}, AffineMap::get(1, 0, d0 + int64_t(tileSizes[i]) * step));
    }
  }
  // Move the body of the innermost original loop into the innermost
  // intra-tile loop and use the intra-tile IVs.
  Block &origBody = band.back().getOperation()->getRegion(0).front();
  Block &newBody = newLoops.back().getOperation()->getRegion(0).front();
  Operation *newTerminator = newBody.getTerminator();
  std::vector<Operation *> toMove;
  for (Operation &op : origBody)
    if (&op != origBody.getTerminator())
      toMove.push_back(&op);
  for (Operation *op : toMove)
    op->moveBefore(newTerminator);
  for (unsigned i = 0; i < width; ++i)
    band[i].getInductionVar().replaceAllUsesWith(newLoops[width + i].getInductionVar());
  rootOp->erase();
  tiledNest = std::move(newLoops);
  return success();
}

//===----------------------------------------------------------------------===//
// Full and partial tile separation (MLIR's separateFullTiles)
//===----------------------------------------------------------------------===//

/// The affine map and operands of inequality `ineqPos` of `cst` read as a
/// bound of variable 0 (MLIR's getIneqAsAffineValueMap with every variable a
/// dim): a lower bound if its coefficient is positive, else an exclusive
/// upper bound.
std::pair<AffineMap, std::vector<Value>> getIneqAsMap(const IntegerConstraints &cst, unsigned ineqPos,
                                                      MLIRContext *ctx) {
  ArrayRef<int64_t> ineq = cst.getInequality(ineqPos);
  std::vector<int64_t> bound(ineq.begin() + 1, ineq.end());
  if (ineq[0] > 0)
    for (int64_t &v : bound)
      v = -v;
  else
    bound.back() += 1;
  unsigned numOthers = cst.getNumDimAndSymbolVars() - 1;
  AffineExpr expr = getAffineExprFromFlatForm(bound, numOthers, 0, {}, ctx);
  std::vector<Value> operands;
  for (unsigned i = 1; i < cst.getNumDimAndSymbolVars(); ++i)
    operands.push_back(cst.getValue(i));
  return {AffineMap::get(numOthers, 0, expr), operands};
}

/// MLIR's createCanonicalizedAffineForOp.
AffineForOp createCanonicalizedFor(OpBuilder &b, Location loc, std::vector<Value> lbOperands, AffineMap lbMap,
                                   std::vector<Value> ubOperands, AffineMap ubMap) {
  SmallVector<Value, 4> lower, upper;
  for (Value v : lbOperands)
    lower.push_back(v);
  for (Value v : ubOperands)
    upper.push_back(v);
  fullyComposeAffineMapAndOperands(&lbMap, &lower);
  canonicalizeMapAndOperands(&lbMap, &lower);
  lbMap = removeDuplicateExprs(lbMap);
  fullyComposeAffineMapAndOperands(&ubMap, &upper);
  canonicalizeMapAndOperands(&ubMap, &upper);
  ubMap = removeDuplicateExprs(ubMap);
  return createFor(b, loc, ArrayRef<Value>(lower.data(), lower.size()), lbMap,
                   ArrayRef<Value>(upper.data(), upper.size()), ubMap, 1);
}

/// The full tile nest: each loop from a lower bound to an upper bound at a
/// constant distance, with a copy of the body. Null on failure.
LogicalResult createFullTiles(ArrayRef<AffineForOp> nest, std::vector<AffineForOp> &fullTileLoops, OpBuilder b) {
  MLIRContext *ctx = b.getContext();
  for (AffineForOp loop : nest) {
    if (loop.getStepAsInt() != 1)
      return failure();
    IntegerConstraints cst;
    std::vector<Operation *> ops{loop.getOperation()};
    (void)getIndexSet(ops, &cst);
    cst.setDimSymbolSeparation(cst.getNumDimAndSymbolVars() - 1);
    unsigned lbPos = 0, ubPos = 0;
    if (!cst.getConstantBoundOnDimSize(0, nullptr, nullptr, nullptr, &lbPos, &ubPos) || lbPos == ubPos)
      return failure();
    cst.setDimSymbolSeparation(0);
    auto [lbMap, lbOperands] = getIneqAsMap(cst, lbPos, ctx);
    auto [ubMap, ubOperands] = getIneqAsMap(cst, ubPos, ctx);
    AffineForOp fullTileLoop =
        createCanonicalizedFor(b, loop.getOperation()->getLoc(), lbOperands, lbMap, ubOperands, ubMap);
    b.setInsertionPoint(fullTileLoop.getOperation()->getRegion(0).front().getTerminator());
    fullTileLoops.push_back(fullTileLoop);
  }
  IRMapping mapping;
  for (unsigned i = 0; i < nest.size(); ++i)
    mapping.map(nest[i].getInductionVar(), fullTileLoops[i].getInductionVar());
  Block &body = nest.back().getOperation()->getRegion(0).front();
  for (Operation &op : body)
    if (&op != body.getTerminator())
      b.clone(op, mapping);
  return success();
}

/// The set under which the intra-tile loops `loops` run full tiles: each
/// loop's constant-distance bound pair is the tightest. Null if a loop has no
/// such pair.
IntegerSet createSeparationSet(ArrayRef<AffineForOp> loops, std::vector<Value> &setOperands) {
  MLIRContext *ctx = loops[0].getOperation()->getContext();
  IntegerConstraints cst;
  std::vector<Operation *> ops;
  for (AffineForOp loop : loops)
    ops.push_back(loop.getOperation());
  (void)getIndexSet(ops, &cst);
  cst.removeIndependentConstraints(unsigned(loops.size()));
  for (unsigned l = 0; l < loops.size(); ++l) {
    cst.setDimSymbolSeparation(cst.getNumDimAndSymbolVars() - 1);
    unsigned lbPos = 0, ubPos = 0;
    if (!cst.getConstantBoundOnDimSize(0, nullptr, nullptr, nullptr, &lbPos, &ubPos))
      return IntegerSet();
    std::vector<unsigned> lbIndices, ubIndices;
    cst.getLowerAndUpperBoundIndices(0, &lbIndices, &ubIndices);
    ArrayRef<int64_t> fLb = cst.getInequality(lbPos), fUb = cst.getInequality(ubPos);
    std::vector<int64_t> fullTileLb(fLb.begin(), fLb.end()), fullTileUb(fUb.begin(), fUb.end());
    // The full tile's lower bound is above every other lower bound, its upper
    // bound below every other upper bound.
    for (unsigned lbIndex : lbIndices)
      for (unsigned i = 0; i < cst.getNumCols(); ++i)
        cst.setIneq(lbIndex, i, fullTileLb[i] - cst.atIneq(lbIndex, i));
    for (unsigned ubIndex : ubIndices)
      for (unsigned i = 0; i < cst.getNumCols(); ++i)
        cst.setIneq(ubIndex, i, cst.atIneq(ubIndex, i) - fullTileUb[i]);
    cst.removeVar(0);
  }
  cst.removeTrivialRedundancy();
  cst.setDimSymbolSeparation(0);
  if (cst.getNumLocalVars() != 0)
    return IntegerSet();
  unsigned numDims = cst.getNumDimVars();
  std::vector<AffineExpr> exprs;
  SmallVector<bool, 8> eqFlags;
  for (unsigned r = 0; r < cst.getNumEqualities(); ++r) {
    exprs.push_back(getAffineExprFromFlatForm(cst.getEquality(r), numDims, 0, {}, ctx));
    eqFlags.push_back(true);
  }
  for (unsigned r = 0; r < cst.getNumInequalities(); ++r) {
    exprs.push_back(getAffineExprFromFlatForm(cst.getInequality(r), numDims, 0, {}, ctx));
    eqFlags.push_back(false);
  }
  if (exprs.empty()) {
    exprs.push_back(getAffineConstantExpr(0, ctx));
    eqFlags.push_back(true);
  }
  for (unsigned i = 0; i < numDims; ++i)
    setOperands.push_back(cst.getValue(i));
  return IntegerSet::get(numDims, 0, exprs, ArrayRef<bool>(eqFlags.data(), eqFlags.size()));
}

/// Creates `affine.if set(operands)` with then and else blocks.
Operation *createIf(OpBuilder &b, Location loc, IntegerSet set, ArrayRef<Value> operands) {
  OperationState state(loc, "affine.if");
  for (Value v : operands)
    state.addOperand(v);
  state.addAttribute("condition", IntegerSetAttr::get(set));
  for (unsigned i = 0; i < 2; ++i)
    state.addRegion()->emplaceBlock();
  Operation *op = b.create(state);
  for (unsigned i = 0; i < 2; ++i) {
    OpBuilder inner(b.getContext());
    inner.setInsertionPointToEnd(&op->getRegion(i).front());
    OperationState yield(loc, "affine.yield");
    inner.create(yield);
  }
  return op;
}

/// MLIR's separateFullTiles on the intra-tile loops `nest`: an affine.if
/// choosing between a full tile copy of the nest (then) and the nest itself
/// (else).
LogicalResult separateFullTiles(ArrayRef<AffineForOp> nest) {
  if (nest.empty())
    return success();
  Operation *firstLoop = nest[0].getOperation();
  std::vector<AffineForOp> fullTileLoops;
  OpBuilder b(firstLoop);
  if (failed(createFullTiles(nest, fullTileLoops, b))) {
    if (!fullTileLoops.empty())
      fullTileLoops.front().getOperation()->erase();
    return failure();
  }
  std::vector<Value> setOperands;
  IntegerSet set = createSeparationSet(nest, setOperands);
  if (!set) {
    fullTileLoops.front().getOperation()->erase();
    return failure();
  }
  SmallVector<Value, 4> operands;
  for (Value v : setOperands)
    operands.push_back(v);
  canonicalizeSetAndOperands(&set, &operands);
  OpBuilder ifBuilder(firstLoop);
  Operation *ifOp = createIf(ifBuilder, firstLoop->getLoc(), set, ArrayRef<Value>(operands.data(), operands.size()));
  fullTileLoops.front().getOperation()->moveBefore(ifOp->getRegion(0).front().getTerminator());
  firstLoop->moveBefore(ifOp->getRegion(1).front().getTerminator());
  return success();
}

//===----------------------------------------------------------------------===//
// Memory footprint (MLIR's MemRefRegion, for getMemoryFootprintBytes)
//===----------------------------------------------------------------------===//

/// MLIR's unionBoundingBox for two regions of one memref (symbols aligned by
/// value): per dim, the min of the lower bounds and the max of the upper
/// bounds when they are comparable (else constant bounds), plus the
/// constraints common to both.
LogicalResult unionBoundingBox(MemRefRegion &a, const MemRefRegion &bIn) {
  IntegerConstraints b = bIn.cst;
  // Align b's symbols with a's (appending a's missing ones to both).
  IntegerConstraints &ca = a.cst;
  for (unsigned i = b.getNumDimVars(); i < b.getNumDimAndSymbolVars(); ++i) {
    unsigned pos;
    if (!ca.findVar(b.getValue(i), &pos)) {
      unsigned p = ca.appendVar(VarKind::Symbol);
      ca.setValue(p, b.getValue(i));
    }
  }
  IntegerConstraints aligned(b.getNumDimVars(), ca.getNumSymbolVars(), 0);
  for (unsigned i = 0; i < ca.getNumDimAndSymbolVars(); ++i)
    aligned.setValue(i, ca.getValue(i));
  auto realign = [&](ArrayRef<int64_t> row) {
    std::vector<int64_t> out(aligned.getNumCols(), 0);
    for (unsigned i = 0; i < b.getNumDimVars(); ++i)
      out[i] = row[i];
    for (unsigned i = b.getNumDimVars(); i < b.getNumDimAndSymbolVars(); ++i) {
      unsigned pos = 0;
      ca.findVar(b.getValue(i), &pos);
      out[pos] = row[i];
    }
    out.back() = row.back();
    return out;
  };
  if (b.getNumLocalVars() != 0 || ca.getNumLocalVars() != 0)
    return failure();
  for (unsigned r = 0; r < b.getNumEqualities(); ++r)
    aligned.addEquality(realign(b.getEquality(r)));
  for (unsigned r = 0; r < b.getNumInequalities(); ++r)
    aligned.addInequality(realign(b.getInequality(r)));

  unsigned numDims = ca.getNumDimVars(), numSyms = ca.getNumSymbolVars();
  std::vector<std::vector<int64_t>> boundingLbs, boundingUbs;
  for (unsigned d = 0; d < numDims; ++d) {
    std::vector<int64_t> lb, ub, otherLb, otherUb;
    int64_t lbDiv = 0, otherLbDiv = 0;
    if (!ca.getConstantBoundOnDimSize(d, &lb, &lbDiv, &ub))
      return failure();
    if (!aligned.getConstantBoundOnDimSize(d, &otherLb, &otherLbDiv, &otherUb) || lbDiv != otherLbDiv)
      return failure();
    auto compare = [](const std::vector<int64_t> &x, const std::vector<int64_t> &y) -> int {
      if (!std::equal(x.begin(), x.end() - 1, y.begin()))
        return 2; // unknown
      return x.back() == y.back() ? 0 : (x.back() < y.back() ? -1 : 1);
    };
    std::vector<int64_t> minLb, maxUb;
    int res = compare(lb, otherLb);
    if (res == 0 || res == -1) {
      minLb = lb;
      minLb.back() -= lbDiv - 1;
    } else if (res == 1) {
      minLb = otherLb;
      minLb.back() -= otherLbDiv - 1;
    } else {
      std::optional<int64_t> c1 = ca.getConstantBound(BoundType::LB, d), c2 = aligned.getConstantBound(BoundType::LB, d);
      if (!c1 || !c2)
        return failure();
      minLb.assign(numSyms + 1, 0);
      minLb.back() = std::min(*c1, *c2);
    }
    int ures = compare(ub, otherUb);
    if (ures == 0 || ures == 1) {
      maxUb = ub;
    } else if (ures == -1) {
      maxUb = otherUb;
    } else {
      std::optional<int64_t> c1 = ca.getConstantBound(BoundType::UB, d), c2 = aligned.getConstantBound(BoundType::UB, d);
      if (!c1 || !c2)
        return failure();
      maxUb.assign(numSyms + 1, 0);
      maxUb.back() = std::max(*c1, *c2);
    }
    std::vector<int64_t> newLb(ca.getNumCols(), 0), newUb(ca.getNumCols(), 0);
    newLb[d] = lbDiv;
    newUb[d] = -lbDiv;
    for (unsigned c = 0; c < numSyms + 1; ++c) {
      newLb[numDims + c] = -minLb[c];
      newUb[numDims + c] = maxUb[c];
    }
    boundingLbs.push_back(newLb);
    boundingUbs.push_back(newUb);
  }
  // The constraints common to both.
  IntegerConstraints result(numDims, numSyms, 0);
  for (unsigned i = 0; i < ca.getNumDimAndSymbolVars(); ++i)
    result.setValue(i, ca.getValue(i));
  for (unsigned d = 0; d < numDims; ++d) {
    result.addInequality(boundingLbs[d]);
    result.addInequality(boundingUbs[d]);
  }
  for (unsigned r = 0; r < ca.getNumInequalities(); ++r) {
    ArrayRef<int64_t> row = ca.getInequality(r);
    for (unsigned s = 0; s < aligned.getNumInequalities(); ++s) {
      ArrayRef<int64_t> other = aligned.getInequality(s);
      if (std::equal(row.begin(), row.end(), other.begin())) {
        result.addInequality(row);
        break;
      }
    }
  }
  for (unsigned r = 0; r < ca.getNumEqualities(); ++r) {
    ArrayRef<int64_t> row = ca.getEquality(r);
    for (unsigned s = 0; s < aligned.getNumEqualities(); ++s) {
      ArrayRef<int64_t> other = aligned.getEquality(s);
      if (std::equal(row.begin(), row.end(), other.begin())) {
        result.addEquality(row);
        break;
      }
    }
  }
  result.removeTrivialRedundancy();
  ca = std::move(result);
  return success();
}

/// MLIR's getRegionSize: elements of the bounding box times the element
/// size (0 for a non-identity layout, as MLIR's `return false`).
std::optional<int64_t> getRegionSize(const MemRefRegion &region) {
  auto memRefType = cast<MemRefType>(region.memref.getType());
  if (!memRefType.getLayoutMap().isIdentity())
    return 0;
  IntegerConstraints cst = region.cst;
  unsigned rank = unsigned(memRefType.getRank());
  for (unsigned r = 0; r < rank; ++r) {
    cst.addBound(BoundType::LB, r, 0);
    if (!memRefType.isDynamicDim(r))
      cst.addBound(BoundType::UB, r, memRefType.getDimSize(r) - 1);
  }
  int64_t numElements = 1;
  for (unsigned d = 0; d < rank; ++d) {
    std::vector<int64_t> lb;
    int64_t lbDiv = 0;
    std::optional<int64_t> diff = cst.getConstantBoundOnDimSize(d, &lb, &lbDiv);
    if (!diff) {
      if (memRefType.isDynamicDim(d))
        return std::nullopt;
      diff = memRefType.getDimSize(d);
    }
    numElements *= *diff;
  }
  Type elementType = memRefType.getElementType();
  uint64_t bits;
  if (elementType.isIntOrFloat()) {
    bits = elementType.getIntOrFloatBitWidth();
  } else if (auto vectorType = dyn_cast<VectorType>(elementType)) {
    if (!vectorType.getElementType().isIntOrFloat())
      return std::nullopt;
    bits = uint64_t(vectorType.getElementType().getIntOrFloatBitWidth()) * uint64_t(vectorType.getNumElements());
  } else {
    return std::nullopt;
  }
  return int64_t((bits + 7) / 8) * numElements;
}

/// MLIR's getMemoryFootprintBytes(forOp, 0): the total size of the regions
/// the loads and stores under `forOp` touch (one bounding box per memref).
std::optional<int64_t> getMemoryFootprintBytes(AffineForOp forOp) {
  std::vector<MemRefRegion> regions;
  bool failedRegion = false;
  forOp.getOperation()->walk([&](Operation *op) {
    if (failedRegion || !(isa<AffineReadOpInterface>(op) || isa<AffineWriteOpInterface>(op)))
      return;
    MemRefRegion region;
    if (failed(computeMemRefRegion(op, region))) {
      (void)op->emitError("error obtaining memory region\n");
      failedRegion = true;
      return;
    }
    for (MemRefRegion &existing : regions) {
      if (existing.memref == region.memref) {
        if (failed(unionBoundingBox(existing, region)))
          failedRegion = true;
        return;
      }
    }
    regions.push_back(std::move(region));
  });
  if (failedRegion)
    return std::nullopt;
  int64_t total = 0;
  for (const MemRefRegion &region : regions) {
    std::optional<int64_t> size = getRegionSize(region);
    if (!size)
      return std::nullopt;
    total += *size;
  }
  return total;
}

void adjustToDivisorsOfTripCounts(ArrayRef<AffineForOp> band, std::vector<unsigned> &tileSizes) {
  for (unsigned i = 0; i < band.size(); ++i) {
    unsigned &t = tileSizes[i];
    std::optional<uint64_t> tripCount = getConstantTripCount(band[i]);
    if (!tripCount)
      continue;
    if (*tripCount > 1 && t > *tripCount / 2)
      t = unsigned(*tripCount / 2);
    while (t > 1 && *tripCount % t != 0)
      --t;
  }
}

struct AffineLoopTilingPass : impl::AffineLoopTilingBase<AffineLoopTilingPass> {
  std::vector<unsigned> getTileSizes(ArrayRef<AffineForOp> band) {
    if (tileSize)
      return std::vector<unsigned>(band.size(), tileSize);
    if (!tileSizes.empty()) {
      std::vector<unsigned> sizes(tileSizes.begin(), tileSizes.end());
      sizes.resize(band.size(), kDefaultTileSize);
      return sizes;
    }
    if (cacheSizeInKiB == 0)
      return std::vector<unsigned>(band.size(), 1);
    std::vector<unsigned> sizes(band.size(), kDefaultTileSize);
    std::optional<int64_t> footprint = getMemoryFootprintBytes(band[0]);
    if (!footprint) {
      // Unknown footprint: default sizes adjusted to the trip counts.
      adjustToDivisorsOfTripCounts(band, sizes);
      return sizes;
    }
    // Divide the excess over the cache size equally among the loops (the
    // n-th root), the last loop taking the balance.
    uint64_t cacheSizeBytes = cacheSizeInKiB * 1024;
    uint64_t excessFactor = (uint64_t(*footprint) + cacheSizeBytes - 1) / cacheSizeBytes;
    if (excessFactor <= 1)
      return std::vector<unsigned>(band.size(), 1);
    unsigned tSize = static_cast<unsigned>(floorl(std::pow(excessFactor, 1.0 / band.size())));
    unsigned cumulProduct = 1;
    for (unsigned i = 0, e = unsigned(band.size()); i < e; ++i) {
      if (i < e - 1)
        sizes[i] = tSize;
      else
        sizes[i] = std::max(1U, static_cast<unsigned>(excessFactor / cumulProduct));
      cumulProduct *= sizes[i];
    }
    adjustToDivisorsOfTripCounts(band, sizes);
    return sizes;
  }

  void runOnOperation() override {
    Operation *func = getOperation();
    std::vector<std::vector<AffineForOp>> bands;
    for (Block &block : func->getRegion(0))
      for (Operation &op : block)
        if (auto forOp = dyn_cast<AffineForOp>(&op))
          bands.push_back(getPerfectlyNestedLoops(forOp));
    for (std::vector<AffineForOp> &band : bands) {
      if (!isTilingValid(band)) {
        (void)band.front().getOperation()->emitRemark("tiling nest is invalid due to dependences");
        continue;
      }
      std::vector<unsigned> sizes = getTileSizes(band);
      std::vector<AffineForOp> tiledNest;
      if (failed(tilePerfectlyNested(band, sizes, tiledNest)))
        continue;
      if (separate)
        (void)separateFullTiles(ArrayRef<AffineForOp>(tiledNest).drop_front(band.size()));
    }
  }
};

//===----------------------------------------------------------------------===//
// Parametric tiling (mlir-opt's test-affine-parametric-tile)
//===----------------------------------------------------------------------===//

/// MLIR's tilePerfectlyNestedParametric: tile loops from the original lower
/// bound to lb + (ub - lb) ceildiv t, intra-tile loops from (iv - lb) * t + lb
/// to min((iv - lb) * t + t * step + lb, ub), `t` the SSA tile size.
LogicalResult tilePerfectlyNestedParametric(ArrayRef<AffineForOp> band, ArrayRef<Value> tileSizes) {
  for (AffineForOp forOp : band)
    if (forOp.getOperation()->getNumResults() != 0 || !forOp.getLowerBoundMap().isSingleConstant())
      return failure();
  if (!isHyperRectangular(band))
    return failure();
  Operation *rootOp = band.front().getOperation();
  Location loc = rootOp->getLoc();
  MLIRContext *ctx = rootOp->getContext();
  unsigned width = unsigned(band.size());
  OpBuilder b(rootOp);
  AffineMap zero = AffineMap::getConstantMap(0, ctx);
  std::vector<AffineForOp> newLoops;
  for (unsigned i = 0; i < 2 * width; ++i) {
    AffineForOp loop = createFor(b, loc, {}, zero, {}, zero, 1);
    newLoops.push_back(loop);
    b.setInsertionPoint(loop.getOperation()->getRegion(0).front().getTerminator());
  }
  IndexType indexType = b.getIndexType();
  for (unsigned i = 0; i < width; ++i) {
    AffineForOp orig = band[i], tile = newLoops[i];
    AffineExpr lbExpr = getAffineConstantExpr(orig.getLowerBoundMap().getSingleConstantResult(), ctx);
    setBound(tile, true, toVector(orig.getLowerBoundOperands()), orig.getLowerBoundMap());
    AffineMap ubMap = orig.getUpperBoundMap();
    SmallVector<Value, 4> ubOperands = toVector(orig.getUpperBoundOperands());
    std::vector<Value> operands(ubOperands.begin(), ubOperands.end());
    operands.push_back(tileSizes[i]);
    AffineExpr t = getAffineSymbolExpr(ubMap.getNumSymbols(), ctx);
    std::vector<AffineExpr> exprs;
    for (AffineExpr e : ubMap.getResults())
      exprs.push_back(lbExpr + (e - lbExpr).ceilDiv(t));
    setBound(tile, false, operands, AffineMap::get(ubMap.getNumDims(), ubMap.getNumSymbols() + 1, exprs, ctx));
    tile.getOperation()->setAttr("step", IntegerAttr::get(indexType, orig.getStepAsInt()));
  }
  for (unsigned i = 0; i < width; ++i) {
    AffineForOp orig = band[i], tile = newLoops[i], point = newLoops[width + i];
    AffineExpr lbExpr = getAffineConstantExpr(orig.getLowerBoundMap().getSingleConstantResult(), ctx);
    auto buildOperands = [&](AffineMap map, OperandRange range) {
      SmallVector<Value, 4> orig = toVector(range);
      std::vector<Value> operands;
      for (unsigned j = 0; j < map.getNumDims(); ++j)
        operands.push_back(orig[j]);
      operands.push_back(tile.getInductionVar());
      for (unsigned j = 0; j < map.getNumSymbols(); ++j)
        operands.push_back(orig[map.getNumDims() + j]);
      operands.push_back(tileSizes[i]);
      return operands;
    };
    AffineMap lbMap = orig.getLowerBoundMap(), ubMap = orig.getUpperBoundMap();
    std::vector<Value> lbOperands = buildOperands(lbMap, orig.getLowerBoundOperands());
    std::vector<Value> ubOperands = buildOperands(ubMap, orig.getUpperBoundOperands());
    AffineExpr lbIv = getAffineDimExpr(lbMap.getNumDims(), ctx), ubIv = getAffineDimExpr(ubMap.getNumDims(), ctx);
    AffineExpr lbT = getAffineSymbolExpr(lbMap.getNumSymbols(), ctx), ubT = getAffineSymbolExpr(ubMap.getNumSymbols(), ctx);
    AffineExpr step = getAffineConstantExpr(orig.getStepAsInt(), ctx);
    std::vector<AffineExpr> lbExprs{((lbIv - lbExpr) * lbT) + lbExpr};
    std::vector<AffineExpr> ubExprs{((ubIv - lbExpr) * ubT) + (ubT * step) + lbExpr};
    for (AffineExpr e : ubMap.getResults())
      ubExprs.push_back(e);
    setBound(point, true, lbOperands, AffineMap::get(lbMap.getNumDims() + 1, lbMap.getNumSymbols() + 1, lbExprs, ctx));
    setBound(point, false, ubOperands, AffineMap::get(ubMap.getNumDims() + 1, ubMap.getNumSymbols() + 1, ubExprs, ctx));
    point.getOperation()->setAttr("step", IntegerAttr::get(indexType, orig.getStepAsInt()));
  }
  Block &origBody = band.back().getOperation()->getRegion(0).front();
  Block &newBody = newLoops.back().getOperation()->getRegion(0).front();
  Operation *newTerminator = newBody.getTerminator();
  std::vector<Operation *> toMove;
  for (Operation &op : origBody)
    if (&op != origBody.getTerminator())
      toMove.push_back(&op);
  for (Operation *op : toMove)
    op->moveBefore(newTerminator);
  for (unsigned i = 0; i < width; ++i)
    band[i].getInductionVar().replaceAllUsesWith(newLoops[width + i].getInductionVar());
  rootOp->erase();
  return success();
}

struct TestAffineLoopParametricTilingPass
    : impl::TestAffineLoopParametricTilingBase<TestAffineLoopParametricTilingPass> {
  void runOnOperation() override {
    Operation *func = getOperation();
    std::vector<std::vector<AffineForOp>> bands;
    for (Block &block : func->getRegion(0))
      for (Operation &op : block)
        if (auto forOp = dyn_cast<AffineForOp>(&op))
          bands.push_back(getPerfectlyNestedLoops(forOp));
    for (std::vector<AffineForOp> &band : bands) {
      Operation *topLoop = band[0].getOperation();
      Block &entry = func->getRegion(0).front();
      if (entry.getNumArguments() < band.size()) {
        (void)topLoop->emitError("too few tile sizes provided in the argument list of the function which "
                                 "contains the current band");
        return;
      }
      std::vector<Value> tileSizes;
      for (unsigned i = 0; i < band.size(); ++i) {
        Value arg = entry.getArgument(i);
        if (!arg.getType().isIndex()) {
          (void)topLoop->emitError("expected tiling parameters to be of index type");
          return;
        }
        tileSizes.push_back(arg);
      }
      (void)tilePerfectlyNestedParametric(band, tileSizes);
    }
  }
};

} // namespace

std::unique_ptr<Pass> lamina::createTestAffineLoopParametricTilingPass() {
  return std::make_unique<TestAffineLoopParametricTilingPass>();
}

std::unique_ptr<Pass> lamina::createAffineLoopTilingPass() { return std::make_unique<AffineLoopTilingPass>(); }
