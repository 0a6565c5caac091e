//===- AffineComposition.cpp - Composing and canonicalizing affine maps ---===//
//
// MLIR's map/set utilities of AffineOps.cpp (LLVM 22) that the folders and
// canonicalization patterns share: composition of the affine.apply ops that
// feed a map's operands, operand canonicalization (symbol promotion, dim
// legalization, dropping unused and duplicate operands, folding constant
// symbols) and the simplifications that use the bounds of the affine.for
// loops whose induction variables are operands.
//
// Expression trees are walked with explicit stacks; composition proceeds
// one affine.apply at a time, as MLIR's does, so its cost follows the
// number of applies folded in, not their nesting.
//
#include "AffineOpsImpl.h"

#include "lamina/IR/Matchers.h"

#include <algorithm>
#include <numeric>
#include <unordered_map>

using namespace lamina;
using namespace lamina::affine;

//===----------------------------------------------------------------------===//
// Operand canonicalization
//===----------------------------------------------------------------------===//

namespace {
/// Value -> expression map for duplicate operands (a short linear list: maps
/// have few operands).
class ValueExprMap {
public:
  AffineExpr lookup(Value v) const {
    for (const auto &entry : entries)
      if (entry.first == v)
        return entry.second;
    return AffineExpr();
  }
  void insert(Value v, AffineExpr e) { entries.emplace_back(v, e); }

private:
  std::vector<std::pair<Value, AffineExpr>> entries;
};
} // namespace

/// Map or set: the operations shared by AffineMap and IntegerSet.
template <typename MapOrSet>
static MapOrSet replaceDimsAndSymbols(MapOrSet m, ArrayRef<AffineExpr> dims, ArrayRef<AffineExpr> syms,
                                      unsigned numDims, unsigned numSyms) {
  return m.replaceDimsAndSymbols(dims, syms, numDims, numSyms);
}

/// canonicalizePromotedSymbols: dims bound to valid symbols become symbols
/// (appended after the existing symbols).
template <typename MapOrSet> static void canonicalizePromotedSymbols(MapOrSet *mapOrSet, SmallVectorImpl<Value> *operands) {
  if (!*mapOrSet || operands->empty())
    return;
  MLIRContext *ctx = mapOrSet->getContext();
  SmallVector<Value, 8> resultOperands, remappedSymbols;
  unsigned nextDim = 0, nextSym = 0;
  unsigned oldNumSyms = mapOrSet->getNumSymbols();
  unsigned numDims = mapOrSet->getNumDims();
  std::vector<AffineExpr> dimRemapping(numDims);
  for (unsigned i = 0, e = mapOrSet->getNumInputs(); i != e; ++i) {
    Value v = (*operands)[i];
    if (i < numDims) {
      if (isValidSymbol(v)) {
        dimRemapping[i] = getAffineSymbolExpr(oldNumSyms + nextSym++, ctx);
        remappedSymbols.push_back(v);
      } else {
        dimRemapping[i] = getAffineDimExpr(nextDim++, ctx);
        resultOperands.push_back(v);
      }
    } else {
      resultOperands.push_back(v);
    }
  }
  for (Value v : remappedSymbols)
    resultOperands.push_back(v);
  operands->assign(resultOperands.begin(), resultOperands.end());
  *mapOrSet = replaceDimsAndSymbols(*mapOrSet, dimRemapping, {}, nextDim, oldNumSyms + nextSym);
}

/// legalizeDemotedDims: symbols bound to values that are valid dims but not
/// valid symbols become dims (appended after the existing dims).
template <typename MapOrSet> static void legalizeDemotedDims(MapOrSet &mapOrSet, SmallVectorImpl<Value> &operands) {
  if (!mapOrSet || operands.empty())
    return;
  MLIRContext *ctx = mapOrSet.getContext();
  unsigned oldNumDims = mapOrSet.getNumDims();
  SmallVector<Value, 8> resultOperands, remappedDims, symOperands;
  unsigned nextSym = 0, nextDim = 0;
  std::vector<AffineExpr> symRemapping(mapOrSet.getNumSymbols());
  for (unsigned i = 0; i < oldNumDims; ++i)
    resultOperands.push_back(operands[i]);
  for (unsigned i = oldNumDims, e = mapOrSet.getNumInputs(); i != e; ++i) {
    Value v = operands[i];
    if (v && isValidDim(v) && !isValidSymbol(v)) {
      symRemapping[i - oldNumDims] = getAffineDimExpr(oldNumDims + nextDim++, ctx);
      remappedDims.push_back(v);
    } else {
      symRemapping[i - oldNumDims] = getAffineSymbolExpr(nextSym++, ctx);
      symOperands.push_back(v);
    }
  }
  for (Value v : remappedDims)
    resultOperands.push_back(v);
  for (Value v : symOperands)
    resultOperands.push_back(v);
  operands.assign(resultOperands.begin(), resultOperands.end());
  mapOrSet = replaceDimsAndSymbols(mapOrSet, {}, symRemapping, oldNumDims + nextDim, nextSym);
}

template <typename MapOrSet>
static void canonicalizeMapOrSetAndOperands(MapOrSet *mapOrSet, SmallVectorImpl<Value> *operands) {
  // (An op whose operands do not match its map or set, which the generic
  // form lets through some verifiers, is left alone.)
  if (!*mapOrSet || operands->empty() || mapOrSet->getNumInputs() != operands->size())
    return;

  canonicalizePromotedSymbols(mapOrSet, operands);
  legalizeDemotedDims(*mapOrSet, *operands);

  unsigned numDims = mapOrSet->getNumDims(), numSyms = mapOrSet->getNumSymbols();
  std::vector<bool> usedDims(numDims), usedSyms(numSyms);
  mapOrSet->walkExprs([&](AffineExpr expr) {
    if (auto d = dyn_cast<AffineDimExpr>(expr))
      usedDims[d.getPosition()] = true;
    else if (auto s = dyn_cast<AffineSymbolExpr>(expr))
      usedSyms[s.getPosition()] = true;
  });

  MLIRContext *ctx = mapOrSet->getContext();
  SmallVector<Value, 8> resultOperands;
  ValueExprMap seenDims;
  std::vector<AffineExpr> dimRemapping(numDims);
  unsigned nextDim = 0;
  for (unsigned i = 0; i != numDims; ++i) {
    if (!usedDims[i])
      continue;
    Value v = (*operands)[i];
    if (AffineExpr seen = seenDims.lookup(v)) {
      dimRemapping[i] = seen;
      continue;
    }
    dimRemapping[i] = getAffineDimExpr(nextDim++, ctx);
    resultOperands.push_back(v);
    seenDims.insert(v, dimRemapping[i]);
  }
  ValueExprMap seenSymbols;
  std::vector<AffineExpr> symRemapping(numSyms);
  unsigned nextSym = 0;
  for (unsigned i = 0; i != numSyms; ++i) {
    if (!usedSyms[i])
      continue;
    Value v = (*operands)[i + numDims];
    // Constant symbols are folded into the map (constant dims were promoted
    // to symbols above).
    IntegerAttr cst;
    if (matchConstant(v, &cst)) {
      symRemapping[i] = getAffineConstantExpr(cst.getValue().getSExtValue(), ctx);
      continue;
    }
    if (AffineExpr seen = seenSymbols.lookup(v)) {
      symRemapping[i] = seen;
      continue;
    }
    symRemapping[i] = getAffineSymbolExpr(nextSym++, ctx);
    resultOperands.push_back(v);
    seenSymbols.insert(v, symRemapping[i]);
  }
  *mapOrSet = replaceDimsAndSymbols(*mapOrSet, dimRemapping, symRemapping, nextDim, nextSym);
  operands->assign(resultOperands.begin(), resultOperands.end());
}

void affine::canonicalizeMapAndOperands(AffineMap *map, SmallVectorImpl<Value> *operands) {
  canonicalizeMapOrSetAndOperands(map, operands);
}

void affine::canonicalizeSetAndOperands(IntegerSet *set, SmallVectorImpl<Value> *operands) {
  canonicalizeMapOrSetAndOperands(set, operands);
}

//===----------------------------------------------------------------------===//
// Composition
//===----------------------------------------------------------------------===//

/// replaceDimOrSym: replaces dim (or symbol) `pos` of `map` by the
/// expression of the affine.apply producing its operand, appending that
/// apply's (canonicalized) operands to `dims`/`syms` and nulling the
/// replaced entry. Fails if the operand is not an affine.apply result.
static bool replaceDimOrSym(AffineMap *map, unsigned dimOrSymbolPosition, SmallVectorImpl<Value> &dims,
                            SmallVectorImpl<Value> &syms) {
  MLIRContext *ctx = map->getContext();
  bool isDim = dimOrSymbolPosition < dims.size();
  unsigned pos = isDim ? dimOrSymbolPosition : dimOrSymbolPosition - unsigned(dims.size());
  Value v = isDim ? dims[pos] : syms[pos];
  if (!v)
    return false;
  Operation *apply = v.getDefiningOp();
  if (!apply || !isa<AffineApplyOp>(apply))
    return false;
  (isDim ? dims[pos] : syms[pos]) = Value();

  AffineMap composeMap = AffineApplyOp(apply).getMap();
  SmallVector<Value, 8> composeOperands;
  for (Value operand : apply->getOperands())
    composeOperands.push_back(operand);
  // Promote dims to symbols where possible so the result stays valid.
  canonicalizeMapAndOperands(&composeMap, &composeOperands);
  AffineExpr replacement = composeMap.shiftDims(unsigned(dims.size())).shiftSymbols(unsigned(syms.size())).getResult(0);
  unsigned numComposeDims = composeMap.getNumDims(), numComposeSyms = composeMap.getNumSymbols();
  AffineExpr toReplace = isDim ? getAffineDimExpr(pos, ctx) : getAffineSymbolExpr(pos, ctx);
  for (unsigned i = 0; i < numComposeDims; ++i)
    dims.push_back(composeOperands[i]);
  for (unsigned i = 0; i < numComposeSyms; ++i)
    syms.push_back(composeOperands[composeOperands.size() - numComposeSyms + i]);
  *map = map->replace(toReplace, replacement, unsigned(dims.size()), unsigned(syms.size()));
  return true;
}

/// Whether the affine.apply ops that (transitively) produce `operands` use
/// their own results, which only graph regions allow: composing them would
/// never end (mlir-opt overflows its stack on such input).
static bool hasApplyCycle(ArrayRef<Value> operands) {
  auto applyOf = [](Value v) -> Operation * {
    Operation *def = v ? v.getDefiningOp() : nullptr;
    return def && isa<AffineApplyOp>(def) ? def : nullptr;
  };
  bool anyApply = false;
  for (Value v : operands)
    anyApply |= applyOf(v) != nullptr;
  if (!anyApply)
    return false;
  std::unordered_map<Operation *, bool> done; // false: on the DFS path
  struct Frame {
    Operation *op;
    unsigned next;
  };
  std::vector<Frame> stack;
  for (Value root : operands) {
    Operation *rootOp = applyOf(root);
    if (!rootOp || done.count(rootOp))
      continue;
    done[rootOp] = false;
    stack.push_back({rootOp, 0});
    while (!stack.empty()) {
      Frame &f = stack.back();
      if (f.next == f.op->getNumOperands()) {
        done[f.op] = true;
        stack.pop_back();
        continue;
      }
      Operation *child = applyOf(f.op->getOperand(f.next++));
      if (!child)
        continue;
      auto it = done.find(child);
      if (it != done.end()) {
        if (!it->second)
          return true;
        continue;
      }
      done[child] = false;
      stack.push_back({child, 0});
    }
  }
  return false;
}

void affine::composeAffineMapAndOperands(AffineMap *map, SmallVectorImpl<Value> *operands) {
  if (map->getNumInputs() != operands->size())
    return;
  if (map->getNumResults() == 0 || hasApplyCycle(*operands)) {
    canonicalizeMapAndOperands(map, operands);
    *map = simplifyAffineMap(*map);
    return;
  }

  MLIRContext *ctx = map->getContext();
  unsigned numDims = map->getNumDims();
  SmallVector<Value, 8> dims, syms;
  for (unsigned i = 0; i < operands->size(); ++i)
    (i < numDims ? dims : syms).push_back((*operands)[i]);

  // Replace dims and symbols produced by affine.apply until none is left;
  // each replacement restarts the scan (symbols may come from dims).
  while (true) {
    bool changed = false;
    for (unsigned pos = 0; pos != dims.size() + syms.size(); ++pos)
      if ((changed = replaceDimOrSym(map, pos, dims, syms)))
        break;
    if (!changed)
      break;
  }

  // Drop the replaced (null) entries.
  operands->clear();
  unsigned nDims = 0, nSyms = 0;
  std::vector<AffineExpr> dimReplacements, symReplacements;
  dimReplacements.reserve(dims.size());
  symReplacements.reserve(syms.size());
  for (Value v : dims) {
    if (!v) {
      dimReplacements.push_back(getAffineConstantExpr(0, ctx));
      continue;
    }
    dimReplacements.push_back(getAffineDimExpr(nDims++, ctx));
    operands->push_back(v);
  }
  for (Value v : syms) {
    if (!v) {
      symReplacements.push_back(getAffineConstantExpr(0, ctx));
      continue;
    }
    symReplacements.push_back(getAffineSymbolExpr(nSyms++, ctx));
    operands->push_back(v);
  }
  *map = map->replaceDimsAndSymbols(dimReplacements, symReplacements, nDims, nSyms);

  canonicalizeMapAndOperands(map, operands);
  *map = simplifyAffineMap(*map);
}

void affine::fullyComposeAffineMapAndOperands(AffineMap *map, SmallVectorImpl<Value> *operands) {
  auto fromApply = [&]() {
    for (Value v : *operands)
      if (Operation *def = v ? v.getDefiningOp() : nullptr; def && isa<AffineApplyOp>(def))
        return true;
    return false;
  };
  while (fromApply() && !hasApplyCycle(*operands))
    composeAffineMapAndOperands(map, operands);
}

void affine::composeSetAndOperands(IntegerSet &set, SmallVectorImpl<Value> &operands) {
  bool anyApply = false;
  for (Value v : operands)
    if (Operation *def = v.getDefiningOp(); def && isa<AffineApplyOp>(def))
      anyApply = true;
  if (!anyApply)
    return;
  // View the constraints as the results of a map, compose, convert back.
  AffineMap map = AffineMap::get(set.getNumDims(), set.getNumSymbols(), set.getConstraints(), set.getContext());
  composeAffineMapAndOperands(&map, &operands);
  set = IntegerSet::get(map.getNumDims(), map.getNumSymbols(), map.getResults(), set.getEqFlags());
}

//===----------------------------------------------------------------------===//
// Simplification with operand bounds
//===----------------------------------------------------------------------===//

/// The affine.for of an induction variable, as an op class.
static AffineForOp forOwner(Value v) {
  Operation *op = getForInductionVarOwner(v);
  return op ? AffineForOp(op) : AffineForOp(nullptr);
}

static bool hasConstantLowerBound(AffineForOp forOp) { return forOp.getLowerBoundMap().isSingleConstant(); }
static bool hasConstantUpperBound(AffineForOp forOp) { return forOp.getUpperBoundMap().isSingleConstant(); }

/// getLargestKnownDivisor(e, operands): the divisor of `e`, or for a dim
/// bound to an affine.for induction variable, the step (gcd'ed with the
/// lower bound's divisor unless it is the constant 0).
static int64_t getLargestKnownDivisor(AffineExpr e, ArrayRef<Value> operands) {
  int64_t div = e.getLargestKnownDivisor();
  auto dimExpr = dyn_cast<AffineDimExpr>(e);
  if (!dimExpr)
    return div;
  int64_t operandDivisor = 1;
  if (AffineForOp forOp = forOwner(operands[dimExpr.getPosition()])) {
    if (hasConstantLowerBound(forOp) && forOp.getLowerBoundMap().getSingleConstantResult() == 0) {
      operandDivisor = forOp.getStepAsInt();
    } else {
      uint64_t lbDivisor = forOp.getLowerBoundMap().getLargestKnownDivisorOfMapExprs();
      operandDivisor = int64_t(std::gcd(lbDivisor, uint64_t(forOp.getStepAsInt())));
    }
  }
  return operandDivisor;
}

/// Whether 0 <= e < k is known (a constant, or a dim bound to an
/// induction variable with constant bounds in [0, k]).
static bool isNonNegativeBoundedBy(AffineExpr e, ArrayRef<Value> operands, int64_t k) {
  if (auto c = dyn_cast<AffineConstantExpr>(e))
    return c.getValue() >= 0 && c.getValue() < k;
  auto dimExpr = dyn_cast<AffineDimExpr>(e);
  if (!dimExpr)
    return false;
  if (AffineForOp forOp = forOwner(operands[dimExpr.getPosition()]))
    return hasConstantLowerBound(forOp) && forOp.getLowerBoundMap().getSingleConstantResult() >= 0 &&
           hasConstantUpperBound(forOp) && forOp.getUpperBoundMap().getSingleConstantResult() <= k;
  return false;
}

/// isQTimesDPlusR: `e` is `q * d + r` with 0 <= r < d.
static bool isQTimesDPlusR(AffineExpr e, ArrayRef<Value> operands, int64_t &div, AffineExpr &quotientTimesDiv,
                           AffineExpr &rem) {
  auto bin = dyn_cast<AffineBinaryOpExpr>(e);
  if (!bin || bin.getKind() != AffineExprKind::Add)
    return false;
  AffineExpr llhs = bin.getLHS(), rlhs = bin.getRHS();
  div = getLargestKnownDivisor(llhs, operands);
  if (isNonNegativeBoundedBy(rlhs, operands, div)) {
    quotientTimesDiv = llhs;
    rem = rlhs;
    return true;
  }
  div = getLargestKnownDivisor(rlhs, operands);
  if (isNonNegativeBoundedBy(llhs, operands, div)) {
    quotientTimesDiv = rlhs;
    rem = llhs;
    return true;
  }
  return false;
}

/// The constant lower and upper bounds of each operand that is an
/// affine.for induction variable.
static void getOperandBounds(ArrayRef<Value> operands, std::vector<std::optional<int64_t>> &lower,
                             std::vector<std::optional<int64_t>> &upper) {
  lower.clear();
  upper.clear();
  for (Value v : operands) {
    AffineForOp forOp = forOwner(v);
    std::optional<int64_t> lb, ub;
    if (forOp && hasConstantLowerBound(forOp))
      lb = forOp.getLowerBoundMap().getSingleConstantResult();
    if (forOp && hasConstantUpperBound(forOp)) {
      int64_t u = forOp.getUpperBoundMap().getSingleConstantResult();
      // With a known lower bound, the last value the step reaches.
      if (lb) {
        int64_t step = forOp.getStepAsInt();
        int64_t span = int64_t(uint64_t(u) - uint64_t(*lb) - 1);
        int64_t rem = step == 0 || (span == INT64_MIN && step == -1) ? 0 : span % step;
        ub = int64_t(uint64_t(u) - 1 - uint64_t(rem));
      } else {
        ub = int64_t(uint64_t(u) - 1);
      }
    }
    lower.push_back(lb);
    upper.push_back(ub);
  }
}

static int64_t floorDivide(int64_t lhs, int64_t rhs) {
  int64_t q = lhs / rhs, r = lhs % rhs;
  return (r != 0 && ((r < 0) != (rhs < 0))) ? q - 1 : q;
}
static int64_t ceilDivide(int64_t lhs, int64_t rhs) {
  int64_t q = lhs / rhs, r = lhs % rhs;
  return (r != 0 && ((r < 0) == (rhs < 0))) ? q + 1 : q;
}

/// The node-level step of simplifyExprAndOperands, applied to a floordiv,
/// ceildiv or mod by a positive constant whose operands are simplified.
static AffineExpr simplifyDivOrMod(AffineBinaryOpExpr binExpr, unsigned numDims, unsigned numSymbols,
                                   ArrayRef<Value> operands, ArrayRef<std::optional<int64_t>> lowerBounds,
                                   ArrayRef<std::optional<int64_t>> upperBounds) {
  AffineExpr expr = binExpr;
  AffineExprKind kind = binExpr.getKind();
  AffineExpr lhs = binExpr.getLHS();
  auto rhsConst = dyn_cast<AffineConstantExpr>(binExpr.getRHS());
  if (!rhsConst)
    return expr;
  int64_t rhsConstVal = rhsConst.getValue();
  // Undefined expressions are left alone.
  if (rhsConstVal <= 0)
    return expr;

  MLIRContext *ctx = expr.getContext();
  std::optional<int64_t> lhsLb, lhsUb;
  if (auto c = dyn_cast<AffineConstantExpr>(lhs)) {
    lhsLb = lhsUb = c.getValue();
  } else {
    lhsLb = getBoundForAffineExpr(lhs, numDims, numSymbols, lowerBounds, upperBounds, /*isUpper=*/false);
    lhsUb = getBoundForAffineExpr(lhs, numDims, numSymbols, lowerBounds, upperBounds, /*isUpper=*/true);
  }
  if (lhsLb && lhsUb) {
    if (kind == AffineExprKind::FloorDiv && floorDivide(*lhsLb, rhsConstVal) == floorDivide(*lhsUb, rhsConstVal))
      return getAffineConstantExpr(floorDivide(*lhsLb, rhsConstVal), ctx);
    if (kind == AffineExprKind::CeilDiv && ceilDivide(*lhsLb, rhsConstVal) == ceilDivide(*lhsUb, rhsConstVal))
      return getAffineConstantExpr(ceilDivide(*lhsLb, rhsConstVal), ctx);
    if (kind == AffineExprKind::Mod && *lhsLb >= 0 && *lhsLb < rhsConstVal && *lhsUb < rhsConstVal)
      return lhs;
  }

  // (e1 + e2) floordiv c -> e1 floordiv c and (e1 + e2) mod c -> e2 mod c,
  // where e1 is a multiple of k, 0 <= e2 < k, and k % c == 0 (mod) or
  // c % k == 0 (floordiv).
  AffineExpr quotientTimesDiv, rem;
  int64_t divisor;
  if (isQTimesDPlusR(lhs, operands, divisor, quotientTimesDiv, rem)) {
    if (divisor != 0 && rhsConstVal % divisor == 0 && kind == AffineExprKind::FloorDiv)
      return quotientTimesDiv.floorDiv(rhsConst);
    if (divisor % rhsConstVal == 0 && kind == AffineExprKind::Mod)
      return rem % rhsConst;
    return expr;
  }

  // lhs floordiv c -> 0 if 0 <= lhs < c; lhs mod c -> 0 if c divides lhs.
  if ((isNonNegativeBoundedBy(lhs, operands, rhsConstVal) && kind == AffineExprKind::FloorDiv) ||
      (getLargestKnownDivisor(lhs, operands) % rhsConstVal == 0 && kind == AffineExprKind::Mod))
    return getAffineConstantExpr(0, ctx);
  return expr;
}

/// simplifyExprAndOperands: rebuilds every binary node from its simplified
/// operands (post-order, explicit stack), then simplifies floordiv,
/// ceildiv and mod nodes with the operands' bounds.
static AffineExpr simplifyExprAndOperands(AffineExpr root, unsigned numDims, unsigned numSymbols,
                                          ArrayRef<Value> operands, ArrayRef<std::optional<int64_t>> lowerBounds,
                                          ArrayRef<std::optional<int64_t>> upperBounds) {
  if (!isa<AffineBinaryOpExpr>(root))
    return root;
  struct Frame {
    AffineExpr expr;
    bool expanded;
  };
  std::vector<Frame> stack{{root, false}};
  std::vector<AffineExpr> values;
  while (!stack.empty()) {
    Frame f = stack.back();
    stack.pop_back();
    auto bin = dyn_cast<AffineBinaryOpExpr>(f.expr);
    if (!bin) {
      values.push_back(f.expr);
      continue;
    }
    if (!f.expanded) {
      stack.push_back({f.expr, true});
      stack.push_back({bin.getRHS(), false});
      stack.push_back({bin.getLHS(), false});
      continue;
    }
    AffineExpr rhs = values.back();
    values.pop_back();
    AffineExpr lhs = values.back();
    values.pop_back();
    AffineExpr expr = getAffineBinaryOpExpr(bin.getKind(), lhs, rhs);
    auto rebuilt = dyn_cast<AffineBinaryOpExpr>(expr);
    if (rebuilt && (rebuilt.getKind() == AffineExprKind::FloorDiv || rebuilt.getKind() == AffineExprKind::CeilDiv ||
                    rebuilt.getKind() == AffineExprKind::Mod))
      expr = simplifyDivOrMod(rebuilt, numDims, numSymbols, operands, lowerBounds, upperBounds);
    values.push_back(expr);
  }
  return values.back();
}

void affine::simplifyMapWithOperands(AffineMap &map, ArrayRef<Value> operands) {
  assert(map.getNumInputs() == operands.size() && "invalid operands for map");
  std::vector<std::optional<int64_t>> lower, upper;
  bool boundsComputed = false;
  std::vector<AffineExpr> newResults;
  newResults.reserve(map.getNumResults());
  for (AffineExpr expr : map.getResults()) {
    if (isa<AffineBinaryOpExpr>(expr) && !boundsComputed) {
      getOperandBounds(operands, lower, upper);
      boundsComputed = true;
    }
    newResults.push_back(simplifyExprAndOperands(expr, map.getNumDims(), map.getNumSymbols(), operands, lower, upper));
  }
  map = AffineMap::get(map.getNumDims(), map.getNumSymbols(), newResults, map.getContext());
}

void affine::simplifyMinOrMaxExprWithOperands(AffineMap &map, ArrayRef<Value> operands, bool isMax) {
  if (operands.empty())
    return;
  std::vector<std::optional<int64_t>> constLower, constUpper;
  getOperandBounds(operands, constLower, constUpper);

  // Bounds of each result.
  unsigned n = map.getNumResults();
  std::vector<std::optional<int64_t>> lowerBounds, upperBounds;
  lowerBounds.reserve(n);
  upperBounds.reserve(n);
  for (AffineExpr e : map.getResults()) {
    if (auto c = dyn_cast<AffineConstantExpr>(e)) {
      lowerBounds.push_back(c.getValue());
      upperBounds.push_back(c.getValue());
      continue;
    }
    lowerBounds.push_back(
        getBoundForAffineExpr(e, map.getNumDims(), map.getNumSymbols(), constLower, constUpper, /*isUpper=*/false));
    upperBounds.push_back(
        getBoundForAffineExpr(e, map.getNumDims(), map.getNumSymbols(), constLower, constUpper, /*isUpper=*/true));
  }

  // A result of a max is redundant if another's lower bound exceeds its
  // upper bound (ties keep the first of two constant-equal results); the
  // converse for a min.
  std::vector<AffineExpr> irredundant;
  for (unsigned i = 0; i < n; ++i) {
    AffineExpr e = map.getResult(i);
    if (lowerBounds[i] && upperBounds[i] && *lowerBounds[i] == *upperBounds[i])
      e = getAffineConstantExpr(*lowerBounds[i], e.getContext());
    const std::vector<std::optional<int64_t>> &mine = isMax ? upperBounds : lowerBounds;
    const std::vector<std::optional<int64_t>> &others = isMax ? lowerBounds : upperBounds;
    if (!mine[i]) {
      irredundant.push_back(e);
      continue;
    }
    bool redundant = false;
    for (unsigned pos = 0; pos < n && !redundant; ++pos) {
      const std::optional<int64_t> &other = others[pos];
      if (pos == i || !other)
        continue;
      if (isMax ? *other > *mine[i] : *other < *mine[i]) {
        redundant = true;
        continue;
      }
      if (isMax ? *other < *mine[i] : *other > *mine[i])
        continue;
      // Equal: of two results that bound each other, keep the first.
      const std::optional<int64_t> &otherOpposite = isMax ? upperBounds[pos] : lowerBounds[pos];
      if (otherOpposite && lowerBounds[i] && lowerBounds[i] == upperBounds[i] && other == otherOpposite && i < pos)
        continue;
      redundant = true;
    }
    if (!redundant)
      irredundant.push_back(e);
  }
  map = AffineMap::get(map.getNumDims(), map.getNumSymbols(), irredundant, map.getContext());
}
