//===- AffineSimplify.cpp - Flattening-based simplification of affine exprs ===//
//
// simplifyAffineExpr as MLIR implements it: semi-affine sub-expressions
// (division or mod by a symbol) are first simplified structurally, then the
// expression is flattened into a sum of products — coefficients over dims,
// symbols, "local" variables standing for floordiv/mod/semi-affine terms, and
// a constant — and rebuilt from that form. Used by passes, not by the parser.
//
// Every walk below uses an explicit stack. The one remaining re-entry is
// isModOfModSubtraction calling simplifyAffineExpr on a strictly smaller
// expression, nested only as deep as mods are nested inside mod operands.
//
//===----------------------------------------------------------------------===//
#include "AffineDetail.h"
#include "lamina/IR/AffineExpr.h"
#include "lamina/IR/AffineFlattening.h"
#include "lamina/Support/Casting.h"
#include "lamina/Support/LogicalResult.h"
#include "WrappingArithmetic.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <map>
#include <numeric>
#include <vector>

using namespace lamina;
using namespace lamina::detail;

using lamina::detail::wrapAdd;
using lamina::detail::wrapMul;
static uint64_t absU(int64_t a) { return a < 0 ? 0 - uint64_t(a) : uint64_t(a); }

//===----------------------------------------------------------------------===//
// Building from the flat form
//===----------------------------------------------------------------------===//

AffineExpr lamina::getAffineExprFromFlatForm(ArrayRef<int64_t> flatExprs, unsigned numDims, unsigned numSymbols,
                                             ArrayRef<AffineExpr> localExprs, MLIRContext *context) {
  assert(flatExprs.size() - numDims - numSymbols - 1 == localExprs.size() &&
         "unexpected number of local expressions");
  AffineExpr expr = getAffineConstantExpr(0, context);
  for (unsigned j = 0; j < numDims + numSymbols; ++j) {
    if (flatExprs[j] == 0)
      continue;
    AffineExpr id = j < numDims ? getAffineDimExpr(j, context) : getAffineSymbolExpr(j - numDims, context);
    expr = expr + id * flatExprs[j];
  }
  for (unsigned j = numDims + numSymbols, e = flatExprs.size() - 1; j < e; ++j) {
    if (flatExprs[j] == 0)
      continue;
    expr = expr + localExprs[j - numDims - numSymbols] * flatExprs[j];
  }
  if (int64_t constTerm = flatExprs.back())
    expr = expr + constTerm;
  return expr;
}

/// Builds a semi-affine expression from its flat form, ordering the terms by
/// the dim/symbol positions they involve, as MLIR does: for each position,
/// the dim, then products/divisions of that dim by constants and symbols,
/// then the symbol, e.g. `d0 + d0 * s0 + s0 + d1 * s1 + s1`. Terms that do
/// not fit the scheme come after, followed by the constant.
static AffineExpr getSemiAffineExprFromFlatForm(ArrayRef<int64_t> flatExprs, unsigned numDims, unsigned numSymbols,
                                                ArrayRef<AffineExpr> localExprs, MLIRContext *context) {
  assert(!flatExprs.empty() && "flatExprs cannot be empty");
  assert(flatExprs.size() - numDims - numSymbols - 1 == localExprs.size() &&
         "unexpected number of local expressions");
  using Index = std::pair<unsigned, int>;
  // Like MLIR's DenseMap::insert, a repeated index keeps its first entry (the
  // index list still holds the duplicate).
  std::map<Index, AffineExpr> indexToExpr;
  std::map<Index, int64_t> coefficients;
  std::vector<Index> indices;
  auto addEntry = [&](Index index, int64_t coefficient, AffineExpr e) {
    indices.push_back(index);
    coefficients.emplace(index, coefficient);
    indexToExpr.emplace(index, e);
  };

  unsigned offsetSym = 0;
  int offsetDim = -1;
  int symbolKey = int(std::max(numDims, numSymbols));
  for (unsigned j = numDims; j < numDims + numSymbols; ++j) {
    if (flatExprs[j] == 0)
      continue;
    addEntry(Index(j - numDims, symbolKey + int(offsetSym++)), flatExprs[j],
             getAffineSymbolExpr(j - numDims, context));
  }

  std::vector<bool> addedToMap(localExprs.size(), false);
  for (unsigned i = 0; i < localExprs.size(); ++i) {
    int64_t coefficient = flatExprs[numDims + numSymbols + i];
    if (coefficient == 0)
      continue;
    auto bin = dyn_cast<AffineBinaryOpExpr>(localExprs[i]);
    if (!bin)
      continue;
    AffineExpr lhs = bin.getLHS(), rhs = bin.getRHS();
    bool lhsIsId = isa<AffineDimExpr>(lhs) || isa<AffineSymbolExpr>(lhs);
    bool rhsIsIdOrConst = isa<AffineDimExpr>(rhs) || isa<AffineSymbolExpr>(rhs) || isa<AffineConstantExpr>(rhs);
    if (!lhsIsId || !rhsIsIdOrConst)
      continue;
    auto position = [](AffineExpr e) { return static_cast<AffineDimExprStorage *>(e.getImpl())->position; };
    if (isa<AffineConstantExpr>(rhs)) {
      // Division/mod/product by a constant comes early: right after the dim
      // (or with the symbols, for a symbol).
      if (isa<AffineDimExpr>(lhs))
        addEntry(Index(position(lhs), offsetDim--), coefficient, localExprs[i]);
      else
        addEntry(Index(position(lhs), symbolKey + int(offsetSym++)), coefficient, localExprs[i]);
    } else if (isa<AffineDimExpr>(lhs)) {
      // dim <op> symbol is keyed (dim position, symbol position).
      addEntry(Index(position(lhs), int(position(rhs))), coefficient, localExprs[i]);
    } else {
      // symbol <op> id goes with the symbols of its LHS position.
      addEntry(Index(position(lhs), symbolKey + int(offsetSym++)), coefficient, localExprs[i]);
    }
    addedToMap[i] = true;
  }

  for (unsigned j = 0; j < numDims; ++j) {
    if (flatExprs[j] == 0)
      continue;
    addEntry(Index(j, offsetDim--), flatExprs[j], getAffineDimExpr(j, context));
  }

  std::sort(indices.begin(), indices.end());
  AffineExpr expr = getAffineConstantExpr(0, context);
  for (Index index : indices)
    expr = expr + indexToExpr[index] * coefficients[index];

  for (unsigned j = numDims + numSymbols, e = flatExprs.size() - 1; j < e; ++j) {
    if (flatExprs[j] == 0 || addedToMap[j - numDims - numSymbols])
      continue;
    expr = expr + localExprs[j - numDims - numSymbols] * flatExprs[j];
  }
  if (int64_t constTerm = flatExprs.back())
    expr = expr + constTerm;
  return expr;
}

//===----------------------------------------------------------------------===//
// Flattening
//===----------------------------------------------------------------------===//

namespace {
/// Flattens an expression into [dims, symbols, locals, constant] coefficients
/// (MLIR's SimpleAffineExprFlattener). Each mod/floordiv/ceildiv by a
/// constant, and each semi-affine term, becomes a local variable whose
/// expression is recorded in `localExprs`.
class Flattener {
public:
  Flattener(unsigned numDims, unsigned numSymbols) : numDims(numDims), numSymbols(numSymbols) {}

  /// Flattens `root` in post-order; fails on division or mod by a
  /// non-positive constant.
  LogicalResult flatten(AffineExpr root);

  std::vector<std::vector<int64_t>> operandExprStack;
  std::vector<AffineExpr> localExprs;
  /// For each local: the dividend of its floordiv (over the current columns)
  /// and the divisor; 0 for a semi-affine local.
  std::vector<std::vector<int64_t>> localDividends;
  std::vector<int64_t> localDivisors;

private:
  unsigned getNumCols() const { return numDims + numSymbols + numLocals + 1; }
  unsigned getConstantIndex() const { return getNumCols() - 1; }
  unsigned getLocalVarStartIndex() const { return numDims + numSymbols; }

  LogicalResult visit(AffineExpr expr);
  LogicalResult visitMul(AffineBinaryOpExpr expr);
  void visitAdd();
  LogicalResult visitMod(AffineBinaryOpExpr expr);
  LogicalResult visitDiv(AffineBinaryOpExpr expr, bool isCeil);
  void pushLeaf(unsigned col, int64_t value);
  void addLocalId(AffineExpr localExpr);
  /// Adds a local for `localExpr` = `dividend` floordiv `divisor`.
  void addLocalDiv(AffineExpr localExpr, std::vector<int64_t> dividend, int64_t divisor);
  /// Makes `result` the local variable for `expr`, adding one if needed.
  void addLocalVariableSemiAffine(AffineExpr expr, std::vector<int64_t> &result);
  /// Makes `result` the flat form of a semi-affine term: directly if it
  /// simplified to a constant, dim or symbol, else as a local variable.
  void addExprToFlattenedList(AffineExpr expr, std::vector<int64_t> &result);
  int findLocalId(AffineExpr localExpr) const;
  AffineExpr fromFlat(ArrayRef<int64_t> flat, MLIRContext *ctx) const {
    return getAffineExprFromFlatForm(flat, numDims, numSymbols, localExprs, ctx);
  }

  unsigned numDims, numSymbols, numLocals = 0;
};
} // namespace

LogicalResult Flattener::flatten(AffineExpr root) {
  struct Frame {
    AffineExpr expr;
    bool expanded;
  };
  std::vector<Frame> stack{{root, false}};
  while (!stack.empty()) {
    Frame f = stack.back();
    stack.pop_back();
    auto bin = dyn_cast<AffineBinaryOpExpr>(f.expr);
    if (bin && !f.expanded) {
      stack.push_back({f.expr, true});
      stack.push_back({bin.getRHS(), false});
      stack.push_back({bin.getLHS(), false});
      continue;
    }
    if (failed(visit(f.expr)))
      return failure();
  }
  return success();
}

LogicalResult Flattener::visit(AffineExpr expr) {
  switch (expr.getKind()) {
  case AffineExprKind::Add:
    visitAdd();
    return success();
  case AffineExprKind::Mul:
    return visitMul(cast<AffineBinaryOpExpr>(expr));
  case AffineExprKind::Mod:
    return visitMod(cast<AffineBinaryOpExpr>(expr));
  case AffineExprKind::FloorDiv:
    return visitDiv(cast<AffineBinaryOpExpr>(expr), /*isCeil=*/false);
  case AffineExprKind::CeilDiv:
    return visitDiv(cast<AffineBinaryOpExpr>(expr), /*isCeil=*/true);
  case AffineExprKind::Constant:
    pushLeaf(getConstantIndex(), cast<AffineConstantExpr>(expr).getValue());
    return success();
  case AffineExprKind::DimId:
    assert(cast<AffineDimExpr>(expr).getPosition() < numDims && "inconsistent number of dims");
    pushLeaf(cast<AffineDimExpr>(expr).getPosition(), 1);
    return success();
  case AffineExprKind::SymbolId:
    assert(cast<AffineSymbolExpr>(expr).getPosition() < numSymbols && "inconsistent number of symbols");
    pushLeaf(numDims + cast<AffineSymbolExpr>(expr).getPosition(), 1);
    return success();
  }
  return failure();
}

void Flattener::pushLeaf(unsigned col, int64_t value) {
  operandExprStack.emplace_back(getNumCols(), 0);
  operandExprStack.back()[col] = value;
}

void Flattener::visitAdd() {
  assert(operandExprStack.size() >= 2);
  std::vector<int64_t> rhs = std::move(operandExprStack.back());
  operandExprStack.pop_back();
  std::vector<int64_t> &lhs = operandExprStack.back();
  assert(lhs.size() == rhs.size());
  for (unsigned i = 0, e = rhs.size(); i < e; ++i)
    lhs[i] = wrapAdd(lhs[i], rhs[i]);
}

// t = expr * c multiplies every coefficient; t = expr * symbolic becomes a
// local variable.
LogicalResult Flattener::visitMul(AffineBinaryOpExpr expr) {
  assert(operandExprStack.size() >= 2);
  std::vector<int64_t> rhs = std::move(operandExprStack.back());
  operandExprStack.pop_back();
  std::vector<int64_t> &lhs = operandExprStack.back();
  if (!isa<AffineConstantExpr>(expr.getRHS())) {
    MLIRContext *ctx = expr.getContext();
    AffineExpr a = fromFlat(lhs, ctx);
    AffineExpr b = fromFlat(rhs, ctx);
    addExprToFlattenedList(a * b, lhs);
    return success();
  }
  int64_t rhsConst = rhs[getConstantIndex()];
  for (int64_t &v : lhs)
    v = wrapMul(v, rhsConst);
  return success();
}

// t = expr mod c  <=>  t = expr - c * q with q = expr floordiv c, a new local
// (after cancelling the gcd of expr and c). A symbolic modulus makes the
// whole mod a local.
LogicalResult Flattener::visitMod(AffineBinaryOpExpr expr) {
  assert(operandExprStack.size() >= 2);
  std::vector<int64_t> rhs = std::move(operandExprStack.back());
  operandExprStack.pop_back();
  std::vector<int64_t> &lhs = operandExprStack.back();
  MLIRContext *ctx = expr.getContext();
  if (!isa<AffineConstantExpr>(expr.getRHS())) {
    AffineExpr dividend = fromFlat(lhs, ctx);
    AffineExpr divisor = fromFlat(rhs, ctx);
    addExprToFlattenedList(dividend % divisor, lhs);
    return success();
  }
  int64_t rhsConst = rhs[getConstantIndex()];
  if (rhsConst <= 0)
    return failure();
  // A multiple of the modulus is 0.
  bool allMultiples = true;
  for (int64_t v : lhs)
    allMultiples &= v % rhsConst == 0;
  if (allMultiples) {
    std::fill(lhs.begin(), lhs.end(), 0);
    return success();
  }
  std::vector<int64_t> floorDividend(lhs);
  uint64_t gcd = uint64_t(rhsConst);
  for (int64_t v : lhs)
    gcd = std::gcd(gcd, absU(v));
  if (gcd != 1) {
    for (int64_t &v : floorDividend)
      v = v / static_cast<int64_t>(gcd);
  }
  int64_t floorDivisor = rhsConst / static_cast<int64_t>(gcd);
  AffineExpr floorDivExpr = fromFlat(floorDividend, ctx).floorDiv(getAffineConstantExpr(floorDivisor, ctx));
  int loc = findLocalId(floorDivExpr);
  if (loc == -1) {
    addLocalDiv(floorDivExpr, floorDividend, floorDivisor);
    lhs[getLocalVarStartIndex() + numLocals - 1] = -rhsConst;
  } else {
    lhs[getLocalVarStartIndex() + loc] = wrapAdd(lhs[getLocalVarStartIndex() + loc], -rhsConst);
  }
  return success();
}

// t = expr floordiv c becomes a local q (after cancelling the gcd of expr and
// c; if that leaves c = 1, t is just the reduced expr). ceildiv likewise.
LogicalResult Flattener::visitDiv(AffineBinaryOpExpr expr, bool isCeil) {
  assert(operandExprStack.size() >= 2);
  MLIRContext *ctx = expr.getContext();
  std::vector<int64_t> rhs = std::move(operandExprStack.back());
  operandExprStack.pop_back();
  std::vector<int64_t> &lhs = operandExprStack.back();
  if (!isa<AffineConstantExpr>(expr.getRHS())) {
    AffineExpr a = fromFlat(lhs, ctx);
    AffineExpr b = fromFlat(rhs, ctx);
    addExprToFlattenedList(isCeil ? a.ceilDiv(b) : a.floorDiv(b), lhs);
    return success();
  }
  int64_t rhsConst = rhs[getConstantIndex()];
  if (rhsConst <= 0)
    return failure();
  uint64_t gcd = uint64_t(rhsConst);
  for (int64_t v : lhs)
    gcd = std::gcd(gcd, absU(v));
  if (gcd != 1) {
    for (int64_t &v : lhs)
      v = v / static_cast<int64_t>(gcd);
  }
  int64_t divisor = rhsConst / static_cast<int64_t>(gcd);
  if (divisor == 1)
    return success();
  AffineExpr a = fromFlat(lhs, ctx);
  AffineExpr b = getAffineConstantExpr(divisor, ctx);
  AffineExpr divExpr = isCeil ? a.ceilDiv(b) : a.floorDiv(b);
  int loc = findLocalId(divExpr);
  if (loc == -1) {
    // lhs ceildiv c == (lhs + c - 1) floordiv c.
    std::vector<int64_t> dividend(lhs);
    if (isCeil)
      dividend.back() = wrapAdd(dividend.back(), divisor - 1);
    addLocalDiv(divExpr, std::move(dividend), divisor);
  }
  std::fill(lhs.begin(), lhs.end(), 0);
  lhs[getLocalVarStartIndex() + (loc == -1 ? numLocals - 1 : unsigned(loc))] = 1;
  return success();
}

void Flattener::addLocalId(AffineExpr localExpr) {
  for (std::vector<int64_t> &subExpr : operandExprStack)
    subExpr.insert(subExpr.begin() + getLocalVarStartIndex() + numLocals, 0);
  for (std::vector<int64_t> &dividend : localDividends)
    dividend.insert(dividend.begin() + getLocalVarStartIndex() + numLocals, 0);
  localExprs.push_back(localExpr);
  localDividends.emplace_back(getNumCols() + 1, 0);
  localDivisors.push_back(0);
  ++numLocals;
}

void Flattener::addLocalDiv(AffineExpr localExpr, std::vector<int64_t> dividend, int64_t divisor) {
  addLocalId(localExpr);
  dividend.insert(dividend.begin() + getLocalVarStartIndex() + numLocals - 1, 0);
  localDividends.back() = std::move(dividend);
  localDivisors.back() = divisor;
}

void Flattener::addExprToFlattenedList(AffineExpr expr, std::vector<int64_t> &result) {
  if (auto c = dyn_cast<AffineConstantExpr>(expr)) {
    std::fill(result.begin(), result.end(), 0);
    result[getConstantIndex()] = c.getValue();
    return;
  }
  if (auto d = dyn_cast<AffineDimExpr>(expr)) {
    std::fill(result.begin(), result.end(), 0);
    result[d.getPosition()] = 1;
    return;
  }
  if (auto sym = dyn_cast<AffineSymbolExpr>(expr)) {
    std::fill(result.begin(), result.end(), 0);
    result[numDims + sym.getPosition()] = 1;
    return;
  }
  addLocalVariableSemiAffine(expr, result);
}

void Flattener::addLocalVariableSemiAffine(AffineExpr expr, std::vector<int64_t> &result) {
  int loc = findLocalId(expr);
  if (loc == -1)
    addLocalId(expr);
  std::fill(result.begin(), result.end(), 0);
  result[getLocalVarStartIndex() + (loc == -1 ? numLocals - 1 : unsigned(loc))] = 1;
}

int Flattener::findLocalId(AffineExpr localExpr) const {
  auto it = std::find(localExprs.begin(), localExprs.end(), localExpr);
  return it == localExprs.end() ? -1 : int(it - localExprs.begin());
}

//===----------------------------------------------------------------------===//
// Semi-affine simplification
//===----------------------------------------------------------------------===//

/// Whether `root` is divisible by symbol `symbolPos` for the purpose of a
/// `opKind` (mod, floordiv or ceildiv) by it. Nested floordivs (ceildivs)
/// commute, so `(e floordiv x) floordiv s` is divisible if `e` is; mixed
/// kinds are not. Operands of a mod are checked for a mod.
static bool isDivisibleBySymbol(AffineExpr root, unsigned symbolPos, AffineExprKind rootOpKind) {
  struct Frame {
    AffineExpr expr;
    AffineExprKind opKind;
    bool expanded;
    /// The expression is an operand of a product.
    bool fromMul;
  };
  std::vector<Frame> stack{{root, rootOpKind, false, false}};
  std::vector<bool> values;
  while (!stack.empty()) {
    Frame f = stack.back();
    stack.pop_back();
    AffineExprKind kind = f.expr.getKind();
    if (f.expanded) {
      // Single-operand divisions left their operand's answer as their own.
      if (kind == AffineExprKind::FloorDiv || kind == AffineExprKind::CeilDiv)
        continue;
      bool r = values.back();
      values.pop_back();
      bool l = values.back();
      values.pop_back();
      values.push_back(kind == AffineExprKind::Mul ? (l || r) : (l && r));
      continue;
    }
    switch (kind) {
    case AffineExprKind::Constant:
      values.push_back(cast<AffineConstantExpr>(f.expr).getValue() == 0);
      break;
    case AffineExprKind::DimId:
      values.push_back(false);
      break;
    case AffineExprKind::SymbolId:
      values.push_back(cast<AffineSymbolExpr>(f.expr).getPosition() == symbolPos);
      break;
    case AffineExprKind::Add:
    case AffineExprKind::Mul:
    case AffineExprKind::Mod: {
      auto bin = cast<AffineBinaryOpExpr>(f.expr);
      AffineExprKind childKind = kind == AffineExprKind::Mod ? AffineExprKind::Mod : f.opKind;
      bool childFromMul = kind == AffineExprKind::Mul;
      stack.push_back({f.expr, f.opKind, true, f.fromMul});
      stack.push_back({bin.getRHS(), childKind, false, childFromMul});
      stack.push_back({bin.getLHS(), childKind, false, childFromMul});
      break;
    }
    case AffineExprKind::FloorDiv:
    case AffineExprKind::CeilDiv: {
      // Divisions commute only with divisions of the same kind, and not
      // through a product: (e ceildiv a) * b ceildiv s is not simplified.
      if (f.opKind != kind || f.fromMul) {
        values.push_back(false);
        break;
      }
      stack.push_back({f.expr, f.opKind, true, f.fromMul});
      stack.push_back({cast<AffineBinaryOpExpr>(f.expr).getLHS(), kind, false, false});
      break;
    }
    }
  }
  return values.back();
}

/// Divides `root`, known divisible by symbol `symbolPos` (see
/// isDivisibleBySymbol), by that symbol. Null if the division fails.
static AffineExpr symbolicDivide(AffineExpr root, unsigned symbolPos, AffineExprKind rootOpKind) {
  struct Frame {
    AffineExpr expr;
    AffineExprKind opKind;
    bool expanded;
    /// For a product: whether the LHS (rather than the RHS) is divided.
    bool divideLHS;
  };
  std::vector<Frame> stack{{root, rootOpKind, false, false}};
  std::vector<AffineExpr> values;
  MLIRContext *ctx = root.getContext();
  while (!stack.empty()) {
    Frame f = stack.back();
    stack.pop_back();
    AffineExprKind kind = f.expr.getKind();
    if (!f.expanded) {
      switch (kind) {
      case AffineExprKind::Constant:
        values.push_back(cast<AffineConstantExpr>(f.expr).getValue() != 0 ? AffineExpr()
                                                                         : getAffineConstantExpr(0, ctx));
        break;
      case AffineExprKind::DimId:
        values.push_back(AffineExpr());
        break;
      case AffineExprKind::SymbolId:
        values.push_back(getAffineConstantExpr(1, ctx));
        break;
      case AffineExprKind::Add:
      case AffineExprKind::Mod: {
        auto bin = cast<AffineBinaryOpExpr>(f.expr);
        AffineExprKind childKind = kind == AffineExprKind::Mod ? AffineExprKind::Mod : f.opKind;
        stack.push_back({f.expr, f.opKind, true, false});
        stack.push_back({bin.getRHS(), childKind, false, false});
        stack.push_back({bin.getLHS(), childKind, false, false});
        break;
      }
      case AffineExprKind::Mul: {
        auto bin = cast<AffineBinaryOpExpr>(f.expr);
        bool divideLHS = isDivisibleBySymbol(bin.getLHS(), symbolPos, f.opKind);
        stack.push_back({f.expr, f.opKind, true, divideLHS});
        stack.push_back({divideLHS ? bin.getLHS() : bin.getRHS(), f.opKind, false, false});
        break;
      }
      case AffineExprKind::FloorDiv:
      case AffineExprKind::CeilDiv:
        stack.push_back({f.expr, f.opKind, true, false});
        stack.push_back({cast<AffineBinaryOpExpr>(f.expr).getLHS(), kind, false, false});
        break;
      }
      continue;
    }
    auto bin = cast<AffineBinaryOpExpr>(f.expr);
    if (kind == AffineExprKind::Add || kind == AffineExprKind::Mod) {
      AffineExpr r = values.back();
      values.pop_back();
      AffineExpr l = values.back();
      values.pop_back();
      values.push_back(l && r ? getAffineBinaryOpExpr(kind, l, r) : AffineExpr());
      continue;
    }
    AffineExpr divided = values.back();
    values.pop_back();
    if (!divided) {
      values.push_back(AffineExpr());
    } else if (kind == AffineExprKind::Mul) {
      values.push_back(f.divideLHS ? divided * bin.getRHS() : bin.getLHS() * divided);
    } else {
      values.push_back(getAffineBinaryOpExpr(kind, divided, bin.getRHS()));
    }
  }
  return values.back();
}

/// The summands of a (nested) addition, left to right.
static std::vector<AffineExpr> getSummandExprs(AffineExpr root) {
  std::vector<AffineExpr> result, stack{root};
  while (!stack.empty()) {
    AffineExpr e = stack.back();
    stack.pop_back();
    if (e.getKind() != AffineExprKind::Add) {
      result.push_back(e);
      continue;
    }
    auto bin = cast<AffineBinaryOpExpr>(e);
    stack.push_back(bin.getRHS());
    stack.push_back(bin.getLHS());
  }
  return result;
}

/// If `candidate` is `-1 * e` or `e * -1`, returns e.
static AffineExpr getNegatedOperand(AffineExpr candidate) {
  if (candidate.getKind() != AffineExprKind::Mul)
    return AffineExpr();
  auto mul = cast<AffineBinaryOpExpr>(candidate);
  if (mul.getLHS() == -1)
    return mul.getRHS();
  if (mul.getRHS() == -1)
    return mul.getLHS();
  return AffineExpr();
}

/// True if `lhs mod rhs` is known to be 0 because lhs is `x - x mod rhs`
/// (a pattern left by loop peeling).
static bool isModOfModSubtraction(AffineExpr lhs, AffineExpr rhs, unsigned numDims, unsigned numSymbols) {
  std::vector<AffineExpr> summands = getSummandExprs(lhs);
  for (size_t i = 0, e = summands.size(); i < e; ++i) {
    AffineExpr beforeNegation = getNegatedOperand(summands[i]);
    if (!beforeNegation || beforeNegation.getKind() != AffineExprKind::Mod)
      continue;
    auto innerMod = cast<AffineBinaryOpExpr>(beforeNegation);
    if (innerMod.getRHS() != rhs)
      continue;
    // The other summands minus x must simplify to 0.
    AffineExpr diff = getAffineConstantExpr(0, lhs.getContext());
    for (size_t j = 0; j < e; ++j)
      if (i != j)
        diff = diff + summands[j];
    diff = diff - innerMod.getLHS();
    diff = simplifyAffineExpr(diff, numDims, numSymbols);
    if (diff == 0)
      return true;
  }
  return false;
}

/// Simplifies mod/floordiv/ceildiv by a symbol whose dividend is divisible by
/// that symbol, bottom-up (MLIR's simplifySemiAffine).
static AffineExpr simplifySemiAffine(AffineExpr root, unsigned numDims, unsigned numSymbols) {
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
    AffineExpr sRHS = values.back();
    values.pop_back();
    AffineExpr sLHS = values.back();
    values.pop_back();
    AffineExprKind kind = bin.getKind();
    if (kind == AffineExprKind::Add || kind == AffineExprKind::Mul) {
      values.push_back(getAffineBinaryOpExpr(kind, sLHS, sRHS));
      continue;
    }
    // Mod, floordiv, ceildiv. (MLIR applies the mod-of-mod test to all three.)
    if (isModOfModSubtraction(sLHS, sRHS, numDims, numSymbols)) {
      values.push_back(getAffineConstantExpr(0, root.getContext()));
      continue;
    }
    auto symbol = dyn_cast<AffineSymbolExpr>(sRHS);
    // Divisibility is checked on the original dividend, as in MLIR.
    if (!symbol || !isDivisibleBySymbol(bin.getLHS(), symbol.getPosition(), kind)) {
      values.push_back(getAffineBinaryOpExpr(kind, sLHS, sRHS));
      continue;
    }
    if (kind == AffineExprKind::Mod) {
      values.push_back(getAffineConstantExpr(0, root.getContext()));
      continue;
    }
    AffineExpr divided = symbolicDivide(sLHS, symbol.getPosition(), kind);
    values.push_back(divided ? divided : getAffineBinaryOpExpr(kind, sLHS, sRHS));
  }
  return values.back();
}

//===----------------------------------------------------------------------===//
// Entry point
//===----------------------------------------------------------------------===//

AffineExpr lamina::simplifyAffineExpr(AffineExpr expr, unsigned numDims, unsigned numSymbols) {
  if (!expr.isPureAffine())
    expr = simplifySemiAffine(expr, numDims, numSymbols);

  Flattener flattener(numDims, numSymbols);
  // Division or mod by a non-positive constant: leave the expression alone.
  if (failed(flattener.flatten(expr)))
    return expr;
  ArrayRef<int64_t> flat = flattener.operandExprStack.back();
  MLIRContext *ctx = expr.getContext();
  if (expr.isPureAffine())
    return getAffineExprFromFlatForm(flat, numDims, numSymbols, flattener.localExprs, ctx);
  if (expr == getAffineExprFromFlatForm(flat, numDims, numSymbols, flattener.localExprs, ctx))
    return expr;
  return getSemiAffineExprFromFlatForm(flat, numDims, numSymbols, flattener.localExprs, ctx);
}

//===----------------------------------------------------------------------===//
// Flat form and constant bounds
//===----------------------------------------------------------------------===//

bool lamina::flattenAffineExpr(AffineExpr expr, unsigned numDims, unsigned numSymbols,
                               std::vector<int64_t> &flattened, std::vector<AffineExpr> *localExprs) {
  Flattener flattener(numDims, numSymbols);
  if (failed(flattener.flatten(expr)))
    return false;
  flattened = std::move(flattener.operandExprStack.back());
  if (localExprs)
    *localExprs = std::move(flattener.localExprs);
  return true;
}

bool lamina::flattenAffineExprs(ArrayRef<AffineExpr> exprs, unsigned numDims, unsigned numSymbols,
                                std::vector<std::vector<int64_t>> &flattened, std::vector<FlatLocalDivision> &locals) {
  Flattener flattener(numDims, numSymbols);
  for (AffineExpr expr : exprs) {
    if (!expr.isPureAffine() || failed(flattener.flatten(expr)))
      return false;
  }
  flattened = std::move(flattener.operandExprStack);
  locals.clear();
  for (unsigned i = 0, e = unsigned(flattener.localExprs.size()); i < e; ++i)
    locals.push_back({std::move(flattener.localDividends[i]), flattener.localDivisors[i]});
  return true;
}

static int64_t floorDivide(int64_t lhs, int64_t rhs) {
  int64_t q = lhs / rhs, r = lhs % rhs;
  return (r != 0 && ((r < 0) != (rhs < 0))) ? q - 1 : q;
}
static int64_t ceilDivide(int64_t lhs, int64_t rhs) {
  int64_t q = lhs / rhs, r = lhs % rhs;
  return (r != 0 && ((r < 0) == (rhs < 0))) ? q + 1 : q;
}
static int64_t modPositive(int64_t lhs, int64_t rhs) {
  int64_t r = lhs % rhs;
  return r < 0 ? r + rhs : r;
}

std::optional<int64_t> lamina::getBoundForAffineExpr(AffineExpr expr, unsigned numDims, unsigned numSymbols,
                                                     ArrayRef<std::optional<int64_t>> constLowerBounds,
                                                     ArrayRef<std::optional<int64_t>> constUpperBounds,
                                                     bool isUpper) {
  // MLIR recurses into the LHS of floordiv/ceildiv/mod by a positive
  // constant (a mod asks for both bounds of its LHS). Here the chain of such
  // nodes is collected first, then both bounds are computed from the
  // innermost expression outwards.
  std::vector<AffineBinaryOpExpr> chain;
  AffineExpr base = expr;
  bool baseUnknown = false;
  while (auto bin = dyn_cast<AffineBinaryOpExpr>(base)) {
    AffineExprKind kind = bin.getKind();
    auto rhsConst = dyn_cast<AffineConstantExpr>(bin.getRHS());
    bool positiveRhs = rhsConst && rhsConst.getValue() >= 1;
    if (kind == AffineExprKind::FloorDiv || kind == AffineExprKind::CeilDiv) {
      if (!positiveRhs) {
        baseUnknown = true;
        break;
      }
    } else if (kind != AffineExprKind::Mod || !positiveRhs) {
      break;
    }
    chain.push_back(bin);
    base = bin.getLHS();
  }

  // Bounds of the innermost expression, from its flat form.
  std::optional<int64_t> lower, upper;
  std::vector<int64_t> flat;
  std::vector<AffineExpr> locals;
  if (!baseUnknown && flattenAffineExpr(base, numDims, numSymbols, flat, &locals) && locals.empty()) {
    auto bound = [&](bool upperBound) -> std::optional<int64_t> {
      uint64_t sum = 0;
      for (unsigned i = 0, e = numDims + numSymbols; i < e; ++i) {
        if (flat[i] == 0)
          continue;
        const std::optional<int64_t> &b = (flat[i] > 0) == upperBound ? constUpperBounds[i] : constLowerBounds[i];
        if (!b)
          return std::nullopt;
        sum += uint64_t(*b) * uint64_t(flat[i]);
      }
      return int64_t(sum + uint64_t(flat.back()));
    };
    lower = bound(false);
    upper = bound(true);
  }

  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    int64_t c = cast<AffineConstantExpr>(it->getRHS()).getValue();
    switch (it->getKind()) {
    case AffineExprKind::FloorDiv:
      lower = lower ? std::optional<int64_t>(floorDivide(*lower, c)) : std::nullopt;
      upper = upper ? std::optional<int64_t>(floorDivide(*upper, c)) : std::nullopt;
      break;
    case AffineExprKind::CeilDiv:
      lower = lower ? std::optional<int64_t>(ceilDivide(*lower, c)) : std::nullopt;
      upper = upper ? std::optional<int64_t>(ceilDivide(*upper, c)) : std::nullopt;
      break;
    default: {
      // lhs mod c is in [0, c - 1], and in [lb mod c, ub mod c] when the
      // bounds of lhs fall in one interval of c. (For the lower bound MLIR
      // compares the lower bound with itself.)
      std::optional<int64_t> newLower = lower ? std::optional<int64_t>(modPositive(*lower, c)) : 0;
      std::optional<int64_t> newUpper = c - 1;
      if (lower && upper && floorDivide(*lower, c) == floorDivide(*upper, c))
        newUpper = modPositive(*upper, c);
      lower = newLower;
      upper = newUpper;
      break;
    }
    }
  }
  return isUpper ? upper : lower;
}
