//===- IntegerConstraints.cpp - Flat systems of affine integer constraints ===//
//
// MLIR's IntegerRelation algorithms on int64_t rows (see the header): each
// step mirrors MLIR's so that conservative answers agree with mlir-opt's.
//
#include "lamina/Analysis/IntegerConstraints.h"

#include "lamina/Support/RawOstream.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <map>
#include <numeric>
#include <set>

using namespace lamina;

/// FM gives up (answers "not empty") once a system has this many times more
/// constraints than the original had variables (MLIR's kExplosionFactor).
static constexpr unsigned kExplosionFactor = 32;

static int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b, r = a % b;
  return (r != 0 && ((r < 0) != (b < 0))) ? q - 1 : q;
}
static int64_t ceilDiv(int64_t a, int64_t b) {
  int64_t q = a / b, r = a % b;
  return (r != 0 && ((r < 0) == (b < 0))) ? q + 1 : q;
}
static uint64_t absU(int64_t a) { return a < 0 ? 0 - uint64_t(a) : uint64_t(a); }

/// Divides the first `cols` entries of `row` by their GCD if it exceeds 1;
/// returns the GCD (0 if all are zero).
static uint64_t normalizeRange(std::vector<int64_t> &row, unsigned cols) {
  uint64_t gcd = 0;
  for (unsigned i = 0; i < cols; ++i)
    gcd = std::gcd(gcd, absU(row[i]));
  if (gcd == 0 || gcd == 1 || gcd > uint64_t(INT64_MAX))
    return gcd;
  for (unsigned i = 0; i < cols; ++i)
    row[i] /= int64_t(gcd);
  return gcd;
}

IntegerConstraints::IntegerConstraints(unsigned numDims, unsigned numSymbols, unsigned numLocals)
    : numDims(numDims), numSymbols(numSymbols), numLocals(numLocals), values(numDims + numSymbols + numLocals) {}

int64_t IntegerConstraints::mul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) {
    overflowed = true;
    return 0;
  }
  return r;
}

int64_t IntegerConstraints::add(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r)) {
    overflowed = true;
    return 0;
  }
  return r;
}

unsigned IntegerConstraints::getVarKindOffset(VarKind kind) const {
  switch (kind) {
  case VarKind::Dim:
    return 0;
  case VarKind::Symbol:
    return numDims;
  case VarKind::Local:
    return numDims + numSymbols;
  }
  return 0;
}

bool IntegerConstraints::findVar(Value value, unsigned *pos) const {
  for (unsigned i = 0, e = getNumDimAndSymbolVars(); i < e; ++i) {
    if (values[i] == value) {
      *pos = i;
      return true;
    }
  }
  return false;
}

void IntegerConstraints::addEquality(ArrayRef<int64_t> eq) {
  assert(eq.size() == getNumCols() && "wrong number of columns");
  eqs.emplace_back(eq.begin(), eq.end());
}

void IntegerConstraints::addInequality(ArrayRef<int64_t> ineq) {
  assert(ineq.size() == getNumCols() && "wrong number of columns");
  ineqs.emplace_back(ineq.begin(), ineq.end());
}

void IntegerConstraints::addBound(BoundType type, unsigned pos, int64_t value) {
  std::vector<int64_t> row(getNumCols(), 0);
  if (type == BoundType::EQ) {
    row[pos] = 1;
    row.back() = -value;
    eqs.push_back(std::move(row));
    return;
  }
  row[pos] = type == BoundType::LB ? 1 : -1;
  row.back() = type == BoundType::LB ? -value : value;
  ineqs.push_back(std::move(row));
}

void IntegerConstraints::removeEquality(unsigned row) { eqs.erase(eqs.begin() + row); }
void IntegerConstraints::removeInequality(unsigned row) { ineqs.erase(ineqs.begin() + row); }

unsigned IntegerConstraints::insertVar(VarKind kind, unsigned pos, unsigned num) {
  unsigned at = getVarKindOffset(kind) + pos;
  for (auto *rows : {&eqs, &ineqs})
    for (std::vector<int64_t> &row : *rows)
      row.insert(row.begin() + at, num, 0);
  values.insert(values.begin() + at, num, Value());
  (kind == VarKind::Dim ? numDims : kind == VarKind::Symbol ? numSymbols : numLocals) += num;
  return at;
}

void IntegerConstraints::removeVarRange(unsigned start, unsigned limit) {
  if (start >= limit)
    return;
  assert(limit <= getNumVars() && "invalid range");
  for (auto *rows : {&eqs, &ineqs})
    for (std::vector<int64_t> &row : *rows)
      row.erase(row.begin() + start, row.begin() + limit);
  values.erase(values.begin() + start, values.begin() + limit);
  // Count what goes from each kind.
  auto overlap = [&](unsigned kindStart, unsigned kindEnd) {
    unsigned s = std::max(start, kindStart), e = std::min(limit, kindEnd);
    return e > s ? e - s : 0;
  };
  unsigned dims = overlap(0, numDims);
  unsigned syms = overlap(numDims, numDims + numSymbols);
  unsigned locs = overlap(numDims + numSymbols, getNumVars());
  numDims -= dims;
  numSymbols -= syms;
  numLocals -= locs;
}

void IntegerConstraints::swapVar(unsigned a, unsigned b) {
  if (a == b)
    return;
  for (auto *rows : {&eqs, &ineqs})
    for (std::vector<int64_t> &row : *rows)
      std::swap(row[a], row[b]);
  std::swap(values[a], values[b]);
}

unsigned IntegerConstraints::addLocalFloorDiv(ArrayRef<int64_t> dividend, int64_t divisor) {
  assert(dividend.size() == getNumCols() && divisor > 0);
  unsigned pos = appendVar(VarKind::Local);
  std::vector<int64_t> d(dividend.begin(), dividend.end());
  d.insert(d.end() - 1, 0);
  // dividend - divisor * q >= 0.
  std::vector<int64_t> lower(d);
  lower[pos] = -divisor;
  addInequality(lower);
  // divisor * q + divisor - 1 - dividend >= 0.
  std::vector<int64_t> upper(d.size());
  for (unsigned i = 0; i < d.size(); ++i)
    upper[i] = -d[i];
  upper[pos] = divisor;
  upper.back() = add(upper.back(), divisor - 1);
  addInequality(upper);
  return pos;
}

//===----------------------------------------------------------------------===//
// Normalization
//===----------------------------------------------------------------------===//

void IntegerConstraints::gcdTightenInequalities() {
  unsigned numCols = getNumCols();
  for (std::vector<int64_t> &row : ineqs) {
    uint64_t gcd = normalizeRange(row, numCols - 1);
    if (gcd > 1 && gcd <= uint64_t(INT64_MAX))
      row.back() = floorDiv(row.back(), int64_t(gcd));
  }
}

void IntegerConstraints::normalizeConstraintsByGCD() {
  unsigned numCols = getNumCols();
  for (std::vector<int64_t> &row : eqs)
    normalizeRange(row, numCols);
  for (std::vector<int64_t> &row : ineqs)
    normalizeRange(row, numCols);
}

void IntegerConstraints::removeTrivialRedundancy() {
  gcdTightenInequalities();
  normalizeConstraintsByGCD();
  unsigned numCols = getNumCols();
  std::set<std::vector<int64_t>> seen;
  // Rows without their constant -> (row index, constant).
  std::map<std::vector<int64_t>, std::pair<unsigned, int64_t>> byCoefficients;
  std::vector<bool> redundant(ineqs.size(), false);
  for (unsigned r = 0, e = unsigned(ineqs.size()); r < e; ++r) {
    const std::vector<int64_t> &row = ineqs[r];
    bool trivial = std::all_of(row.begin(), row.end() - 1, [](int64_t v) { return v == 0; }) && row.back() >= 0;
    if (trivial || !seen.insert(row).second) {
      redundant[r] = true;
      continue;
    }
    std::vector<int64_t> coefficients(row.begin(), row.begin() + (numCols - 1));
    auto [it, inserted] = byCoefficients.insert({coefficients, {r, row.back()}});
    if (inserted)
      continue;
    if (it->second.second > row.back()) {
      redundant[it->second.first] = true;
      it->second = {r, row.back()};
    } else {
      redundant[r] = true;
    }
  }
  unsigned pos = 0;
  for (unsigned r = 0, e = unsigned(ineqs.size()); r < e; ++r) {
    if (redundant[r])
      continue;
    if (pos != r)
      ineqs[pos] = std::move(ineqs[r]);
    ++pos;
  }
  ineqs.resize(pos);
}

//===----------------------------------------------------------------------===//
// Checks
//===----------------------------------------------------------------------===//

bool IntegerConstraints::hasInvalidConstraint() const {
  unsigned numCols = getNumCols();
  auto onlyConstant = [&](const std::vector<int64_t> &row) {
    return std::all_of(row.begin(), row.begin() + (numCols - 1), [](int64_t v) { return v == 0; });
  };
  for (const std::vector<int64_t> &row : eqs)
    if (onlyConstant(row) && row.back() != 0)
      return true;
  for (const std::vector<int64_t> &row : ineqs)
    if (onlyConstant(row) && row.back() < 0)
      return true;
  return false;
}

bool IntegerConstraints::isEmptyByGCDTest() const {
  unsigned numCols = getNumCols();
  for (const std::vector<int64_t> &row : eqs) {
    uint64_t gcd = 0;
    for (unsigned j = 0; j + 1 < numCols; ++j)
      gcd = std::gcd(gcd, absU(row[j]));
    if (gcd > 0 && absU(row.back()) % gcd != 0)
      return true;
  }
  return false;
}

//===----------------------------------------------------------------------===//
// Elimination
//===----------------------------------------------------------------------===//

void IntegerConstraints::eliminateFromConstraint(unsigned row, unsigned pivotRow, unsigned pivotCol,
                                                 unsigned elimColStart, bool isEq) {
  if (isEq && row == pivotRow)
    return;
  std::vector<int64_t> &target = isEq ? eqs[row] : ineqs[row];
  int64_t leadCoeff = target[pivotCol];
  if (leadCoeff == 0)
    return;
  const std::vector<int64_t> &pivot = eqs[pivotRow];
  int64_t pivotCoeff = pivot[pivotCol];
  int sign = ((leadCoeff > 0) == (pivotCoeff > 0)) ? -1 : 1;
  uint64_t g = std::gcd(absU(pivotCoeff), absU(leadCoeff));
  int64_t lcm = mul(int64_t(absU(pivotCoeff) / g), int64_t(absU(leadCoeff)));
  if (overflowed)
    return;
  int64_t pivotMultiplier = sign * (lcm / int64_t(absU(pivotCoeff)));
  int64_t rowMultiplier = lcm / int64_t(absU(leadCoeff));
  for (unsigned j = 0, e = getNumCols(); j < e; ++j) {
    if (j >= elimColStart && j < pivotCol)
      continue;
    target[j] = add(mul(pivotMultiplier, pivot[j]), mul(rowMultiplier, target[j]));
  }
}

unsigned IntegerConstraints::gaussianEliminateVars(unsigned posStart, unsigned posLimit) {
  if (posStart >= posLimit)
    return 0;
  gcdTightenInequalities();
  unsigned numCols = getNumCols();
  unsigned pivotCol;
  for (pivotCol = posStart; pivotCol < posLimit; ++pivotCol) {
    std::optional<unsigned> pivotRow;
    for (unsigned r = 0, e = getNumEqualities(); r < e && !pivotRow; ++r)
      if (eqs[r][pivotCol] != 0)
        pivotRow = r;
    if (!pivotRow) {
      bool inIneq = false;
      for (const std::vector<int64_t> &row : ineqs)
        inIneq |= row[pivotCol] != 0;
      if (!inIneq)
        continue;
      break;
    }
    for (unsigned i = 0, e = getNumEqualities(); i < e; ++i) {
      eliminateFromConstraint(i, *pivotRow, pivotCol, posStart, /*isEq=*/true);
      normalizeRange(eqs[i], numCols);
    }
    for (unsigned i = 0, e = getNumInequalities(); i < e; ++i) {
      eliminateFromConstraint(i, *pivotRow, pivotCol, posStart, /*isEq=*/false);
      normalizeRange(ineqs[i], numCols);
    }
    removeEquality(*pivotRow);
    gcdTightenInequalities();
  }
  removeVarRange(posStart, pivotCol);
  return pivotCol - posStart;
}

void IntegerConstraints::removeRedundantLocalVars() {
  unsigned numCols = getNumCols();
  for (std::vector<int64_t> &row : eqs)
    normalizeRange(row, numCols);
  while (true) {
    unsigned i, e, j = 0, f;
    for (i = 0, e = getNumEqualities(); i < e; ++i) {
      for (j = getNumDimAndSymbolVars(), f = getNumVars(); j < f; ++j)
        if (absU(eqs[i][j]) == 1)
          break;
      if (j < f)
        break;
    }
    if (i == e)
      break;
    for (unsigned k = 0, t = getNumEqualities(); k < t; ++k) {
      if (eqs[k][j] != 0) {
        eliminateFromConstraint(k, i, j, j, /*isEq=*/true);
        normalizeRange(eqs[k], getNumCols());
      }
    }
    for (unsigned k = 0, t = getNumInequalities(); k < t; ++k)
      eliminateFromConstraint(k, i, j, j, /*isEq=*/false);
    removeVar(j);
    removeEquality(i);
  }
}

void IntegerConstraints::removeRedundantInequalities() {
  std::vector<bool> redundant(ineqs.size(), false);
  IntegerConstraints tmp(*this);
  unsigned last = getNumCols() - 1;
  for (unsigned r = 0, e = getNumInequalities(); r < e; ++r) {
    // The complement of row >= 0 is -row - 1 >= 0.
    for (int64_t &v : tmp.ineqs[r])
      v = -v;
    tmp.ineqs[r][last] -= 1;
    if (tmp.isEmpty()) {
      redundant[r] = true;
      std::fill(ineqs[r].begin(), ineqs[r].end(), 0);
      std::fill(tmp.ineqs[r].begin(), tmp.ineqs[r].end(), 0);
    } else {
      tmp.ineqs[r][last] += 1;
      for (int64_t &v : tmp.ineqs[r])
        v = -v;
    }
  }
  unsigned pos = 0;
  for (unsigned r = 0, e = getNumInequalities(); r < e; ++r) {
    if (redundant[r])
      continue;
    if (pos != r)
      ineqs[pos] = std::move(ineqs[r]);
    ++pos;
  }
  ineqs.resize(pos);
}

/// The variable of [start, end) with the fewest (lower bounds x upper
/// bounds), the first on ties.
static unsigned getBestVarToEliminate(const IntegerConstraints &cst, unsigned start, unsigned end) {
  auto product = [&](unsigned pos) {
    unsigned numLb = 0, numUb = 0;
    for (unsigned r = 0, e = cst.getNumInequalities(); r < e; ++r) {
      if (cst.atIneq(r, pos) > 0)
        ++numLb;
      else if (cst.atIneq(r, pos) < 0)
        ++numUb;
    }
    return numLb * numUb;
  };
  unsigned minLoc = start, min = product(start);
  for (unsigned c = start + 1; c < end; ++c) {
    unsigned p = product(c);
    if (p < min) {
      min = p;
      minLoc = c;
    }
  }
  return minLoc;
}

void IntegerConstraints::fourierMotzkinEliminate(unsigned pos) {
  assert(pos < getNumVars() && "invalid position");
  for (const std::vector<int64_t> &row : eqs) {
    if (row[pos] != 0) {
      gaussianEliminateVars(pos, pos + 1);
      return;
    }
  }
  gcdTightenInequalities();
  std::vector<unsigned> lbIndices, ubIndices, nbIndices;
  for (unsigned r = 0, e = getNumInequalities(); r < e; ++r) {
    int64_t v = ineqs[r][pos];
    if (v == 0)
      nbIndices.push_back(r);
    else if (v >= 1)
      lbIndices.push_back(r);
    else
      ubIndices.push_back(r);
  }
  if (lbIndices.empty() && ubIndices.empty()) {
    removeVar(pos);
    return;
  }
  unsigned numCols = getNumCols();
  std::vector<std::vector<int64_t>> newIneqs;
  newIneqs.reserve(lbIndices.size() * ubIndices.size() + nbIndices.size());
  for (unsigned ubPos : ubIndices) {
    for (unsigned lbPos : lbIndices) {
      int64_t lbCoeff = ineqs[lbPos][pos];
      int64_t ubCoeff = -ineqs[ubPos][pos];
      uint64_t g = std::gcd(uint64_t(lbCoeff), uint64_t(ubCoeff));
      int64_t lcm = mul(lbCoeff / int64_t(g), ubCoeff);
      if (overflowed)
        return;
      std::vector<int64_t> ineq;
      ineq.reserve(numCols - 1);
      for (unsigned l = 0; l < numCols; ++l) {
        if (l == pos)
          continue;
        ineq.push_back(add(mul(ineqs[ubPos][l], lcm / ubCoeff), mul(ineqs[lbPos][l], lcm / lbCoeff)));
      }
      newIneqs.push_back(std::move(ineq));
    }
  }
  for (unsigned nbPos : nbIndices) {
    std::vector<int64_t> ineq = ineqs[nbPos];
    ineq.erase(ineq.begin() + pos);
    newIneqs.push_back(std::move(ineq));
  }
  ineqs = std::move(newIneqs);
  for (std::vector<int64_t> &row : eqs)
    row.erase(row.begin() + pos);
  // Drop the column from the bookkeeping (the rows are already narrowed).
  values.erase(values.begin() + pos);
  if (pos < numDims)
    --numDims;
  else if (pos < numDims + numSymbols)
    --numSymbols;
  else
    --numLocals;
  gcdTightenInequalities();
  normalizeConstraintsByGCD();
  removeTrivialRedundancy();
}

void IntegerConstraints::projectOut(unsigned pos, unsigned num) {
  if (num == 0)
    return;
  assert(pos + num < getNumCols() && "invalid range");
  // As MLIR: Gaussian elimination from each position in turn, up to the
  // (shrinking) end of the range.
  unsigned numGaussianEliminated = 0;
  for (unsigned currentPos = pos; currentPos < getNumVars(); ++currentPos) {
    unsigned limit = pos + num - numGaussianEliminated;
    if (currentPos < limit)
      numGaussianEliminated += gaussianEliminateVars(currentPos, limit);
    if (overflowed)
      return;
  }
  for (unsigned i = 0; i < num - numGaussianEliminated; ++i) {
    unsigned remaining = num - numGaussianEliminated - i;
    fourierMotzkinEliminate(getBestVarToEliminate(*this, pos, pos + remaining));
    if (overflowed)
      return;
  }
  gcdTightenInequalities();
  normalizeConstraintsByGCD();
}

bool IntegerConstraints::isEmpty() const {
  if (overflowed)
    return false;
  if (isEmptyByGCDTest() || hasInvalidConstraint())
    return true;
  IntegerConstraints tmp(*this);
  tmp.removeRedundantLocalVars();
  if (tmp.overflowed)
    return false;
  if (tmp.isEmptyByGCDTest() || tmp.hasInvalidConstraint())
    return true;
  unsigned currentPos = 0;
  while (currentPos < tmp.getNumVars()) {
    tmp.gaussianEliminateVars(currentPos, tmp.getNumVars());
    ++currentPos;
    if (tmp.overflowed)
      return false;
    if (tmp.hasInvalidConstraint() || tmp.isEmptyByGCDTest())
      return true;
  }
  for (unsigned i = 0, e = tmp.getNumVars(); i < e; ++i) {
    tmp.fourierMotzkinEliminate(getBestVarToEliminate(tmp, 0, tmp.getNumVars()));
    if (tmp.overflowed)
      return false;
    if (tmp.getNumConstraints() >= kExplosionFactor * getNumVars())
      return false;
    if (tmp.hasInvalidConstraint())
      return true;
  }
  return false;
}

//===----------------------------------------------------------------------===//
// Bounds
//===----------------------------------------------------------------------===//

std::optional<int64_t> IntegerConstraints::computeConstantLowerOrUpperBound(unsigned pos, bool isLower) {
  projectOut(0, pos);
  projectOut(1, getNumVars() - 1);
  if (overflowed)
    return std::nullopt;
  unsigned numCols = getNumCols();
  // An equality setting the variable to a constant.
  for (const std::vector<int64_t> &row : eqs) {
    if (row[0] != 1 && row[0] != -1)
      continue;
    bool others = false;
    for (unsigned c = 1; c + 1 < numCols; ++c)
      others |= row[c] != 0;
    if (!others)
      return -row.back() / row[0];
  }
  bool appears = false;
  for (const std::vector<int64_t> &row : ineqs)
    appears |= row[0] != 0;
  if (!appears)
    return std::nullopt;
  std::optional<int64_t> result;
  for (const std::vector<int64_t> &row : ineqs) {
    if (isLower ? row[0] <= 0 : row[0] >= 0)
      continue;
    bool constantBound = true;
    for (unsigned c = 1; c + 1 < numCols; ++c)
      constantBound &= row[c] == 0;
    if (!constantBound)
      continue;
    int64_t bound = isLower ? ceilDiv(-row.back(), row[0]) : floorDiv(row.back(), -row[0]);
    if (!result || (isLower ? bound > *result : bound < *result))
      result = bound;
  }
  return result;
}

std::optional<int64_t> IntegerConstraints::getConstantBound(BoundType type, unsigned pos) const {
  if (type == BoundType::LB)
    return IntegerConstraints(*this).computeConstantLowerOrUpperBound(pos, /*isLower=*/true);
  if (type == BoundType::UB)
    return IntegerConstraints(*this).computeConstantLowerOrUpperBound(pos, /*isLower=*/false);
  std::optional<int64_t> lb = IntegerConstraints(*this).computeConstantLowerOrUpperBound(pos, true);
  std::optional<int64_t> ub = IntegerConstraints(*this).computeConstantLowerOrUpperBound(pos, false);
  return (lb && ub && *lb == *ub) ? ub : std::nullopt;
}

/// An equality setting the variable at `pos` to a constant (or, if
/// `symbolic`, to a function of the symbols): its row, or -1.
static int findEqualityToConstant(const IntegerConstraints &cst, unsigned pos, bool symbolic) {
  for (unsigned r = 0, e = cst.getNumEqualities(); r < e; ++r) {
    int64_t v = cst.atEq(r, pos);
    if (v != 1 && v != -1)
      continue;
    unsigned f = symbolic ? cst.getNumDimVars() : cst.getNumVars();
    unsigned c;
    for (c = 0; c < f; ++c)
      if (c != pos && cst.atEq(r, c) != 0)
        break;
    if (c == f)
      return int(r);
  }
  return -1;
}

std::optional<int64_t> IntegerConstraints::getConstantBoundOnDimSize(unsigned pos, std::vector<int64_t> *lb,
                                                                     int64_t *lbFloorDivisor,
                                                                     std::vector<int64_t> *ub, unsigned *minLbPos,
                                                                     unsigned *minUbPos) const {
  unsigned numCols = getNumCols();
  int eqPos = findEqualityToConstant(*this, pos, /*symbolic=*/true);
  if (eqPos != -1) {
    ArrayRef<int64_t> eq = getEquality(unsigned(eqPos));
    for (unsigned c = getNumDimAndSymbolVars(); c + 1 < numCols; ++c)
      if (eq[c] != 0)
        return std::nullopt;
    if (lb) {
      lb->assign(numSymbols + 1, 0);
      int64_t v = eq[pos];
      for (unsigned c = 0; c < numSymbols + 1; ++c)
        (*lb)[c] = v < 0 ? eq[numDims + c] / -v : -eq[numDims + c] / v;
      if (ub)
        *ub = *lb;
      *lbFloorDivisor = 1;
    }
    if (minLbPos)
      *minLbPos = unsigned(eqPos);
    if (minUbPos)
      *minUbPos = unsigned(eqPos);
    return 1;
  }
  bool appears = false;
  for (const std::vector<int64_t> &row : ineqs)
    appears |= row[pos] != 0;
  if (!appears)
    return std::nullopt;
  // Bounds that involve no other dim.
  std::vector<unsigned> lbIndices, ubIndices;
  for (unsigned r = 0; r < getNumInequalities(); ++r) {
    bool otherDim = false;
    for (unsigned c = 0; c < numDims; ++c)
      otherDim |= c != pos && ineqs[r][c] != 0;
    if (otherDim)
      continue;
    if (ineqs[r][pos] >= 1)
      lbIndices.push_back(r);
    else if (ineqs[r][pos] <= -1)
      ubIndices.push_back(r);
  }
  std::optional<int64_t> minDiff;
  unsigned minLb = 0, minUb = 0;
  for (unsigned ubPos : ubIndices) {
    for (unsigned lbPos : lbIndices) {
      unsigned j;
      for (j = 0; j + 1 < numCols; ++j)
        if (ineqs[ubPos][j] != -ineqs[lbPos][j])
          break;
      if (j + 1 < numCols)
        continue;
      int64_t diff = ceilDiv(ineqs[ubPos].back() + ineqs[lbPos].back() + 1, ineqs[lbPos][pos]);
      diff = std::max<int64_t>(diff, 0);
      if (!minDiff || diff < *minDiff) {
        minDiff = diff;
        minLb = lbPos;
        minUb = ubPos;
      }
    }
  }
  if (lb && minDiff) {
    lb->assign(numSymbols + 1, 0);
    if (ub)
      ub->assign(numSymbols + 1, 0);
    *lbFloorDivisor = ineqs[minLb][pos];
    for (unsigned c = 0; c < numSymbols + 1; ++c)
      (*lb)[c] = -ineqs[minLb][numDims + c];
    if (ub)
      for (unsigned c = 0; c < numSymbols + 1; ++c)
        (*ub)[c] = ineqs[minUb][numDims + c];
    (*lb)[numSymbols] += ineqs[minLb][pos] - 1;
  }
  if (minLbPos)
    *minLbPos = minLb;
  if (minUbPos)
    *minUbPos = minUb;
  return minDiff;
}

void IntegerConstraints::removeIndependentConstraints(unsigned num) {
  auto independent = [&](const std::vector<int64_t> &row) {
    for (unsigned c = 0; c < num; ++c)
      if (row[c] != 0)
        return false;
    return true;
  };
  for (auto *rows : {&eqs, &ineqs})
    rows->erase(std::remove_if(rows->begin(), rows->end(), independent), rows->end());
}

void IntegerConstraints::getLowerAndUpperBoundIndices(unsigned pos, std::vector<unsigned> *lbIndices,
                                                      std::vector<unsigned> *ubIndices) const {
  for (unsigned r = 0; r < getNumInequalities(); ++r) {
    if (ineqs[r][pos] >= 1)
      lbIndices->push_back(r);
    else if (ineqs[r][pos] <= -1)
      ubIndices->push_back(r);
  }
}

void IntegerConstraints::constantFoldVarRange(unsigned pos, unsigned num) {
  for (unsigned s = pos, t = pos, e = pos + num; s < e; ++s) {
    int row = findEqualityToConstant(*this, t, /*symbolic=*/false);
    if (row == -1) {
      ++t;
      continue;
    }
    int64_t value = -eqs[unsigned(row)].back() / eqs[unsigned(row)][t];
    for (auto *rows : {&eqs, &ineqs})
      for (std::vector<int64_t> &r : *rows)
        r.back() = add(r.back(), mul(r[t], value));
    removeVar(t);
  }
}

void IntegerConstraints::dump() const {
  raw_ostream &os = errs();
  os << "dims " << numDims << ", symbols " << numSymbols << ", locals " << numLocals << "\n";
  for (const std::vector<int64_t> &row : eqs) {
    for (int64_t v : row)
      os << v << " ";
    os << "= 0\n";
  }
  for (const std::vector<int64_t> &row : ineqs) {
    for (int64_t v : row)
      os << v << " ";
    os << ">= 0\n";
  }
}
