//===- AffineMap.cpp - Multi-result affine maps -----------------------------===//
#include "lamina/IR/AffineMap.h"

#include "AffineDetail.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/MLIRContext.h"
#include "lamina/Support/Casting.h"
#include "lamina/Support/RawOstream.h"

#include <algorithm>
#include <cassert>
#include <functional>
#include <numeric>
#include <optional>

using namespace lamina;
using namespace lamina::detail;

//===----------------------------------------------------------------------===//
// Construction
//===----------------------------------------------------------------------===//

/// True if every dim/symbol in `results` is within the given counts.
[[maybe_unused]] static bool willBeValidAffineMap(unsigned dimCount, unsigned symbolCount, ArrayRef<AffineExpr> results) {
  for (AffineExpr e : results) {
    bool ok = true;
    e.walk([&](AffineExpr sub) {
      if (auto d = dyn_cast<AffineDimExpr>(sub))
        ok &= d.getPosition() < dimCount;
      else if (auto s = dyn_cast<AffineSymbolExpr>(sub))
        ok &= s.getPosition() < symbolCount;
    });
    if (!ok)
      return false;
  }
  return true;
}

static AffineMap getImpl(unsigned dimCount, unsigned symbolCount, ArrayRef<AffineExpr> results,
                         MLIRContext *ctx) {
  auto init = [ctx](AffineMapStorage *s) { s->context = ctx; };
  return AffineMap(ctx->getAttributeUniquer().get<AffineMapStorage>(init, TypeID::get<AffineMapStorage>(), dimCount,
                                                                    symbolCount, results));
}

AffineMap AffineMap::get(MLIRContext *ctx) { return getImpl(0, 0, {}, ctx); }

AffineMap AffineMap::get(unsigned dimCount, unsigned symbolCount, MLIRContext *ctx) {
  return getImpl(dimCount, symbolCount, {}, ctx);
}

AffineMap AffineMap::get(unsigned dimCount, unsigned symbolCount, AffineExpr result) {
  assert(willBeValidAffineMap(dimCount, symbolCount, {result}));
  return getImpl(dimCount, symbolCount, {result}, result.getContext());
}

AffineMap AffineMap::get(unsigned dimCount, unsigned symbolCount, ArrayRef<AffineExpr> results,
                         MLIRContext *ctx) {
  assert(willBeValidAffineMap(dimCount, symbolCount, results));
  return getImpl(dimCount, symbolCount, results, ctx);
}

AffineMap AffineMap::getConstantMap(int64_t val, MLIRContext *ctx) {
  return get(0, 0, {getAffineConstantExpr(val, ctx)}, ctx);
}

AffineMap AffineMap::getMultiDimIdentityMap(unsigned numDims, MLIRContext *ctx) {
  std::vector<AffineExpr> dims;
  dims.reserve(numDims);
  for (unsigned i = 0; i < numDims; ++i)
    dims.push_back(getAffineDimExpr(i, ctx));
  return get(numDims, 0, dims, ctx);
}

AffineMap AffineMap::getMinorIdentityMap(unsigned dims, unsigned results, MLIRContext *ctx) {
  assert(dims >= results && "dimension mismatch");
  AffineMap id = getMultiDimIdentityMap(dims, ctx);
  return get(dims, 0, id.getResults().take_back(results), ctx);
}

AffineMap AffineMap::getMultiDimMapWithTargets(unsigned numDims, ArrayRef<unsigned> targets, MLIRContext *ctx) {
  std::vector<AffineExpr> exprs;
  exprs.reserve(targets.size());
  for (unsigned t : targets)
    exprs.push_back(getAffineDimExpr(t, ctx));
  return get(numDims, 0, exprs, ctx);
}

AffineMap AffineMap::getPermutationMap(ArrayRef<unsigned> permutation, MLIRContext *ctx) {
  assert(!permutation.empty() && "cannot create a permutation map from an empty permutation");
  unsigned maxPos = *std::max_element(permutation.begin(), permutation.end());
  AffineMap map = getMultiDimMapWithTargets(maxPos + 1, permutation, ctx);
  assert(map.isPermutation() && "invalid permutation vector");
  return map;
}

//===----------------------------------------------------------------------===//
// Accessors and predicates
//===----------------------------------------------------------------------===//

MLIRContext *AffineMap::getContext() const { return map->context; }

unsigned AffineMap::getNumDims() const {
  assert(map && "uninitialized map storage");
  return map->numDims;
}
unsigned AffineMap::getNumSymbols() const {
  assert(map && "uninitialized map storage");
  return map->numSymbols;
}
unsigned AffineMap::getNumResults() const { return getResults().size(); }
ArrayRef<AffineExpr> AffineMap::getResults() const {
  assert(map && "uninitialized map storage");
  return map->results;
}

unsigned AffineMap::getDimPosition(unsigned idx) const { return cast<AffineDimExpr>(getResult(idx)).getPosition(); }

std::optional<unsigned> AffineMap::getResultPosition(AffineExpr input) const {
  if (!isa<AffineDimExpr>(input))
    return std::nullopt;
  for (unsigned i = 0, e = getNumResults(); i < e; ++i)
    if (getResult(i) == input)
      return i;
  return std::nullopt;
}

bool AffineMap::isIdentity() const {
  if (getNumDims() != getNumResults())
    return false;
  ArrayRef<AffineExpr> results = getResults();
  for (unsigned i = 0, e = getNumDims(); i < e; ++i) {
    auto d = dyn_cast<AffineDimExpr>(results[i]);
    if (!d || d.getPosition() != i)
      return false;
  }
  return true;
}

bool AffineMap::isSymbolIdentity() const {
  // As in MLIR, the results are checked for *dims* at the symbol positions.
  if (getNumSymbols() != getNumResults())
    return false;
  ArrayRef<AffineExpr> results = getResults();
  for (unsigned i = 0, e = getNumSymbols(); i < e; ++i) {
    auto d = dyn_cast<AffineDimExpr>(results[i]);
    if (!d || d.getPosition() != i)
      return false;
  }
  return true;
}

bool AffineMap::isMinorIdentity() const {
  return getNumDims() >= getNumResults() && *this == getMinorIdentityMap(getNumDims(), getNumResults(), getContext());
}

bool AffineMap::isEmpty() const { return getNumDims() == 0 && getNumSymbols() == 0 && getNumResults() == 0; }

bool AffineMap::isSingleConstant() const { return getNumResults() == 1 && isa<AffineConstantExpr>(getResult(0)); }

bool AffineMap::isConstant() const {
  for (AffineExpr e : getResults())
    if (!isa<AffineConstantExpr>(e))
      return false;
  return true;
}

int64_t AffineMap::getSingleConstantResult() const {
  assert(isSingleConstant() && "map must have a single constant result");
  return cast<AffineConstantExpr>(getResult(0)).getValue();
}

std::vector<int64_t> AffineMap::getConstantResults() const {
  assert(isConstant() && "map must have only constant results");
  std::vector<int64_t> result;
  result.reserve(getNumResults());
  for (AffineExpr e : getResults())
    result.push_back(cast<AffineConstantExpr>(e).getValue());
  return result;
}

bool AffineMap::isProjectedPermutation(bool allowZeroInResults) const {
  if (getNumSymbols() > 0)
    return false;
  // More results than inputs means duplicated dims or zeros that cannot map
  // to input dims.
  if (getNumResults() > getNumInputs())
    return false;
  std::vector<bool> seen(getNumInputs(), false);
  for (AffineExpr e : getResults()) {
    if (auto d = dyn_cast<AffineDimExpr>(e)) {
      if (seen[d.getPosition()])
        return false;
      seen[d.getPosition()] = true;
    } else {
      auto c = dyn_cast<AffineConstantExpr>(e);
      if (!allowZeroInResults || !c || c.getValue() != 0)
        return false;
    }
  }
  return true;
}

bool AffineMap::isPermutation() const {
  if (getNumDims() != getNumResults())
    return false;
  return isProjectedPermutation();
}

bool AffineMap::isFunctionOfDim(unsigned position) const {
  for (AffineExpr e : getResults())
    if (e.isFunctionOfDim(position))
      return true;
  return false;
}

bool AffineMap::isFunctionOfSymbol(unsigned position) const {
  for (AffineExpr e : getResults())
    if (e.isFunctionOfSymbol(position))
      return true;
  return false;
}

//===----------------------------------------------------------------------===//
// Transformations
//===----------------------------------------------------------------------===//

void AffineMap::walkExprs(function_ref<void(AffineExpr)> callback) const {
  for (AffineExpr e : getResults())
    e.walk(callback);
}

AffineMap AffineMap::replaceDimsAndSymbols(ArrayRef<AffineExpr> dimReplacements,
                                           ArrayRef<AffineExpr> symReplacements, unsigned numResultDims,
                                           unsigned numResultSyms) const {
  std::vector<AffineExpr> results;
  results.reserve(getNumResults());
  for (AffineExpr e : getResults())
    results.push_back(e.replaceDimsAndSymbols(dimReplacements, symReplacements));
  return get(numResultDims, numResultSyms, results, getContext());
}

AffineMap AffineMap::replace(AffineExpr expr, AffineExpr replacement, unsigned numResultDims,
                             unsigned numResultSyms) const {
  std::vector<AffineExpr> results;
  results.reserve(getNumResults());
  for (AffineExpr e : getResults())
    results.push_back(e.replace(expr, replacement));
  return get(numResultDims, numResultSyms, results, getContext());
}

AffineMap AffineMap::compose(AffineMap other) const {
  assert(getNumDims() == other.getNumResults() && "number of results mismatch");
  // `other`'s symbols go after this map's symbols.
  unsigned numDims = other.getNumDims();
  unsigned numSymbolsThisMap = getNumSymbols();
  unsigned numSymbols = numSymbolsThisMap + other.getNumSymbols();
  std::vector<AffineExpr> newDims(numDims);
  for (unsigned idx = 0; idx < numDims; ++idx)
    newDims[idx] = getAffineDimExpr(idx, getContext());
  std::vector<AffineExpr> newSymbols(numSymbols - numSymbolsThisMap);
  for (unsigned idx = numSymbolsThisMap; idx < numSymbols; ++idx)
    newSymbols[idx - numSymbolsThisMap] = getAffineSymbolExpr(idx, getContext());
  AffineMap newMap = other.replaceDimsAndSymbols(newDims, newSymbols, numDims, numSymbols);
  std::vector<AffineExpr> exprs;
  exprs.reserve(getNumResults());
  for (AffineExpr e : getResults())
    exprs.push_back(e.compose(newMap));
  return get(numDims, numSymbols, exprs, other.getContext());
}

std::vector<int64_t> AffineMap::compose(ArrayRef<int64_t> values) const {
  assert(getNumSymbols() == 0 && "expected a symbol-less map");
  std::vector<AffineExpr> exprs;
  exprs.reserve(values.size());
  for (int64_t v : values)
    exprs.push_back(getAffineConstantExpr(v, getContext()));
  std::vector<int64_t> res;
  res.reserve(getNumResults());
  // A result that does not fold to a constant (an overflowing sum or product
  // is left unfolded) is ShapedType::kDynamic, not whatever a blind cast reads.
  for (AffineExpr e : getResults()) {
    auto c = dyn_cast<AffineConstantExpr>(e.replaceDims(exprs));
    res.push_back(c ? c.getValue() : ShapedType::kDynamic);
  }
  return res;
}

AffineMap AffineMap::getSubMap(ArrayRef<unsigned> resultPos) const {
  std::vector<AffineExpr> exprs;
  exprs.reserve(resultPos.size());
  for (unsigned idx : resultPos)
    exprs.push_back(getResult(idx));
  return get(getNumDims(), getNumSymbols(), exprs, getContext());
}

AffineMap AffineMap::getSliceMap(unsigned start, unsigned length) const {
  return get(getNumDims(), getNumSymbols(), getResults().slice(start, length), getContext());
}

AffineMap AffineMap::getMajorSubMap(unsigned numResults) const {
  if (numResults == 0)
    return AffineMap();
  if (numResults > getNumResults())
    return *this;
  return getSliceMap(0, numResults);
}

AffineMap AffineMap::getMinorSubMap(unsigned numResults) const {
  if (numResults == 0)
    return AffineMap();
  if (numResults > getNumResults())
    return *this;
  return getSliceMap(getNumResults() - numResults, numResults);
}

AffineMap AffineMap::dropResults(ArrayRef<int64_t> positions) const {
  std::vector<int64_t> sorted(positions.begin(), positions.end());
  std::sort(sorted.begin(), sorted.end(), std::greater<int64_t>());
  std::vector<AffineExpr> exprs(getResults().begin(), getResults().end());
  for (int64_t pos : sorted)
    exprs.erase(exprs.begin() + pos);
  return get(getNumDims(), getNumSymbols(), exprs, getContext());
}

AffineMap AffineMap::shiftDims(unsigned shift, unsigned offset) const {
  assert(offset <= getNumDims());
  std::vector<AffineExpr> exprs;
  exprs.reserve(getNumResults());
  for (AffineExpr e : getResults())
    exprs.push_back(e.shiftDims(getNumDims(), shift, offset));
  return get(getNumDims() + shift, getNumSymbols(), exprs, getContext());
}

AffineMap AffineMap::shiftSymbols(unsigned shift, unsigned offset) const {
  std::vector<AffineExpr> exprs;
  exprs.reserve(getNumResults());
  for (AffineExpr e : getResults())
    exprs.push_back(e.shiftSymbols(getNumSymbols(), shift, offset));
  return get(getNumDims(), getNumSymbols() + shift, exprs, getContext());
}

//===----------------------------------------------------------------------===//
// Constant folding
//===----------------------------------------------------------------------===//

namespace {
/// Evaluates an expression on constant operands, as MLIR's
/// AffineExprConstantFolder: add/mul wrap, division by zero and mod by a
/// non-positive value are poison.
class ConstantFolder {
public:
  ConstantFolder(unsigned numDims, ArrayRef<Attribute> operands) : numDims(numDims), operands(operands) {}

  std::optional<int64_t> fold(AffineExpr root) {
    // Post-order evaluation on an explicit stack; a failed operand fails the
    // whole expression.
    struct Frame {
      AffineExpr expr;
      bool expanded;
    };
    std::vector<Frame> stack{{root, false}};
    std::vector<std::optional<int64_t>> values;
    while (!stack.empty()) {
      Frame f = stack.back();
      stack.pop_back();
      auto bin = dyn_cast<AffineBinaryOpExpr>(f.expr);
      if (!bin) {
        values.push_back(foldLeaf(f.expr));
        continue;
      }
      if (!f.expanded) {
        stack.push_back({f.expr, true});
        stack.push_back({bin.getRHS(), false});
        stack.push_back({bin.getLHS(), false});
        continue;
      }
      std::optional<int64_t> rhs = values.back();
      values.pop_back();
      std::optional<int64_t> lhs = values.back();
      values.pop_back();
      values.push_back(lhs && rhs ? foldBinary(bin.getKind(), *lhs, *rhs) : std::nullopt);
    }
    return values.back();
  }

  bool hasPoison = false;

private:
  std::optional<int64_t> foldLeaf(AffineExpr e) {
    if (auto c = dyn_cast<AffineConstantExpr>(e))
      return c.getValue();
    unsigned idx = isa<AffineDimExpr>(e) ? cast<AffineDimExpr>(e).getPosition()
                                         : numDims + cast<AffineSymbolExpr>(e).getPosition();
    if (auto attr = dyn_cast_or_null<IntegerAttr>(operands[idx]))
      return attr.getInt();
    return std::nullopt;
  }

  std::optional<int64_t> foldBinary(AffineExprKind kind, int64_t lhs, int64_t rhs) {
    switch (kind) {
    case AffineExprKind::Add:
      return int64_t(uint64_t(lhs) + uint64_t(rhs));
    case AffineExprKind::Mul:
      return int64_t(uint64_t(lhs) * uint64_t(rhs));
    case AffineExprKind::Mod:
      if (rhs < 1) {
        hasPoison = true;
        return std::nullopt;
      }
      return lhs % rhs < 0 ? lhs % rhs + rhs : lhs % rhs;
    case AffineExprKind::FloorDiv:
    case AffineExprKind::CeilDiv: {
      if (rhs == 0) {
        hasPoison = true;
        return std::nullopt;
      }
      if (rhs == -1)
        return int64_t(0 - uint64_t(lhs));
      int64_t q = lhs / rhs, r = lhs % rhs;
      if (r != 0) {
        bool negative = (r < 0) != (rhs < 0);
        if (kind == AffineExprKind::FloorDiv && negative)
          --q;
        if (kind == AffineExprKind::CeilDiv && !negative)
          ++q;
      }
      return q;
    }
    default:
      return std::nullopt;
    }
  }

  unsigned numDims;
  ArrayRef<Attribute> operands;
};
} // namespace

AffineMap AffineMap::partialConstantFold(ArrayRef<Attribute> operandConstants, std::vector<int64_t> *results,
                                         bool *hasPoison) const {
  // An op whose operands do not match its map (the generic form lets one
  // through some verifiers, mlir-opt's too) is left as it is: no constant
  // is read past the operands.
  if (getNumInputs() != operandConstants.size())
    return *this;
  ConstantFolder folder(getNumDims(), operandConstants);
  std::vector<AffineExpr> exprs;
  exprs.reserve(getNumResults());
  for (AffineExpr e : getResults()) {
    std::optional<int64_t> folded = folder.fold(e);
    if (folder.hasPoison && hasPoison) {
      *hasPoison = true;
      return AffineMap();
    }
    if (folded) {
      exprs.push_back(getAffineConstantExpr(*folded, getContext()));
      if (results)
        results->push_back(*folded);
    } else {
      exprs.push_back(e);
      if (results) {
        results->clear();
        results = nullptr;
      }
    }
  }
  return get(getNumDims(), getNumSymbols(), exprs, getContext());
}

bool AffineMap::constantFold(ArrayRef<Attribute> operandConstants, std::vector<int64_t> &results,
                             bool *hasPoison) const {
  std::vector<int64_t> integers;
  partialConstantFold(operandConstants, &integers, hasPoison);
  if (integers.empty())
    return false;
  results.insert(results.end(), integers.begin(), integers.end());
  return true;
}

uint64_t AffineMap::getLargestKnownDivisorOfMapExprs() const {
  uint64_t gcd = 0;
  for (AffineExpr e : getResults()) {
    int64_t d = e.getLargestKnownDivisor();
    gcd = std::gcd(gcd, d < 0 ? 0 - uint64_t(d) : uint64_t(d));
  }
  return gcd == 0 ? UINT64_MAX : gcd;
}

//===----------------------------------------------------------------------===//
// Free functions
//===----------------------------------------------------------------------===//

AffineMap lamina::removeDuplicateExprs(AffineMap map) {
  std::vector<AffineExpr> exprs(map.getResults().begin(), map.getResults().end());
  exprs.erase(std::unique(exprs.begin(), exprs.end()), exprs.end());
  return AffineMap::get(map.getNumDims(), map.getNumSymbols(), exprs, map.getContext());
}

AffineMap lamina::simplifyAffineMap(AffineMap map) {
  std::vector<AffineExpr> exprs;
  exprs.reserve(map.getNumResults());
  for (AffineExpr e : map.getResults())
    exprs.push_back(simplifyAffineExpr(e, map.getNumDims(), map.getNumSymbols()));
  return AffineMap::get(map.getNumDims(), map.getNumSymbols(), exprs, map.getContext());
}

/// Drops the dims (or symbols) not used by any result and renumbers the rest.
static AffineMap compressUnused(AffineMap map, bool dims) {
  unsigned count = dims ? map.getNumDims() : map.getNumSymbols();
  std::vector<bool> used(count, false);
  map.walkExprs([&](AffineExpr e) {
    if (dims) {
      if (auto d = dyn_cast<AffineDimExpr>(e))
        used[d.getPosition()] = true;
    } else if (auto s = dyn_cast<AffineSymbolExpr>(e)) {
      used[s.getPosition()] = true;
    }
  });
  MLIRContext *ctx = map.getContext();
  std::vector<AffineExpr> replacements;
  replacements.reserve(count);
  unsigned newCount = 0;
  for (unsigned i = 0; i < count; ++i) {
    if (!used[i]) {
      replacements.push_back(getAffineConstantExpr(0, ctx));
      continue;
    }
    unsigned pos = newCount++;
    replacements.push_back(dims ? getAffineDimExpr(pos, ctx) : getAffineSymbolExpr(pos, ctx));
  }
  std::vector<AffineExpr> results;
  results.reserve(map.getNumResults());
  for (AffineExpr e : map.getResults())
    results.push_back(dims ? e.replaceDims(replacements) : e.replaceSymbols(replacements));
  return AffineMap::get(dims ? newCount : map.getNumDims(), dims ? map.getNumSymbols() : newCount, results, ctx);
}

AffineMap lamina::compressUnusedDims(AffineMap map) { return compressUnused(map, /*dims=*/true); }
AffineMap lamina::compressUnusedSymbols(AffineMap map) { return compressUnused(map, /*dims=*/false); }

AffineMap lamina::inversePermutation(AffineMap map) {
  if (map.isEmpty())
    return map;
  assert(map.getNumSymbols() == 0 && "expected a map without symbols");
  std::vector<AffineExpr> exprs(map.getNumDims());
  for (unsigned i = 0, e = map.getNumResults(); i < e; ++i) {
    // Non-dim results and repeated dims are skipped.
    if (auto d = dyn_cast<AffineDimExpr>(map.getResult(i))) {
      if (exprs[d.getPosition()])
        continue;
      exprs[d.getPosition()] = getAffineDimExpr(i, d.getContext());
    }
  }
  std::vector<AffineExpr> seenExprs;
  seenExprs.reserve(map.getNumDims());
  for (AffineExpr e : exprs)
    if (e)
      seenExprs.push_back(e);
  if (seenExprs.size() != map.getNumInputs())
    return AffineMap();
  return AffineMap::get(map.getNumResults(), 0, seenExprs, map.getContext());
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

void AffineMap::print(raw_ostream &os) const {
  os << '(';
  for (unsigned i = 0, e = getNumDims(); i < e; ++i)
    os << (i ? ", " : "") << 'd' << i;
  os << ')';
  if (unsigned numSymbols = getNumSymbols()) {
    os << '[';
    for (unsigned i = 0; i < numSymbols; ++i)
      os << (i ? ", " : "") << 's' << i;
    os << ']';
  }
  os << " -> (";
  bool first = true;
  for (AffineExpr e : getResults()) {
    if (!first)
      os << ", ";
    first = false;
    printAffineExpr(os, e);
  }
  os << ')';
}

void AffineMap::dump() const {
  print(errs());
  errs() << '\n';
  errs().flush();
}

raw_ostream &lamina::operator<<(raw_ostream &os, AffineMap map) {
  map.print(os);
  return os;
}
