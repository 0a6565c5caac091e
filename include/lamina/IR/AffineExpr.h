//===- AffineExpr.h - Affine expressions over dims, symbols and constants --===//
#pragma once

#include "lamina/Support/ArrayRef.h"
#include "lamina/Support/Hashing.h"
#include "lamina/Support/STLExtras.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace lamina {

class AffineMap;
class MLIRContext;
class raw_ostream;

namespace detail {
struct AffineExprStorage;
struct AffineBinaryOpExprStorage;
struct AffineDimExprStorage;
struct AffineConstantExprStorage;
} // namespace detail

enum class AffineExprKind {
  Add,
  /// RHS of mul is always a constant or a symbolic expression.
  Mul,
  /// RHS of mod is always a constant or a symbolic expression with a positive value.
  Mod,
  /// RHS of floordiv is always a constant or a symbolic expression.
  FloorDiv,
  /// RHS of ceildiv is always a constant or a symbolic expression.
  CeilDiv,
  LAST_AFFINE_BINARY_OP = CeilDiv,
  Constant,
  DimId,
  SymbolId,
};

/// A uniqued, immutable affine expression. Building expressions with the
/// operators simplifies them the way MLIR does (constant folding, canonical
/// operand order, trivial identities).
class AffineExpr {
public:
  using ImplType = detail::AffineExprStorage;

  constexpr AffineExpr() = default;
  /* implicit */ AffineExpr(const ImplType *expr) : expr(const_cast<ImplType *>(expr)) {}

  bool operator==(AffineExpr other) const { return expr == other.expr; }
  bool operator!=(AffineExpr other) const { return expr != other.expr; }
  bool operator==(int64_t v) const;
  bool operator!=(int64_t v) const { return !(*this == v); }
  explicit operator bool() const { return expr; }
  bool operator!() const { return !expr; }


  MLIRContext *getContext() const;
  AffineExprKind getKind() const;

  /// True if the expression has no dimension identifiers.
  bool isSymbolicOrConstant() const;
  /// True if the expression is a pure affine function (mul/div/mod by constants only).
  bool isPureAffine() const;
  /// The greatest known integer that divides this expression.
  int64_t getLargestKnownDivisor() const;
  /// True if the expression is known to be a multiple of `factor`.
  bool isMultipleOf(int64_t factor) const;
  /// True if `d<position>` (or `s<position>`) occurs in the expression.
  bool isFunctionOfDim(unsigned position) const;
  bool isFunctionOfSymbol(unsigned position) const;

  /// Visits every sub-expression in post-order (no recursion on input depth).
  void walk(function_ref<void(AffineExpr)> callback) const;

  /// Substitutes dims and symbols with the given expressions.
  AffineExpr replaceDimsAndSymbols(ArrayRef<AffineExpr> dimReplacements,
                                   ArrayRef<AffineExpr> symReplacements) const;
  AffineExpr replaceDims(ArrayRef<AffineExpr> dimReplacements) const;
  AffineExpr replaceSymbols(ArrayRef<AffineExpr> symReplacements) const;
  /// Replaces every occurrence of the sub-expression `expr`.
  AffineExpr replace(AffineExpr expr, AffineExpr replacement) const;
  /// Renumbers dims [offset, numDims) to [offset + shift, numDims + shift).
  AffineExpr shiftDims(unsigned numDims, unsigned shift, unsigned offset = 0) const;
  /// Renumbers symbols [offset, numSymbols) to [offset + shift, numSymbols + shift).
  AffineExpr shiftSymbols(unsigned numSymbols, unsigned shift, unsigned offset = 0) const;
  /// Substitutes dim `i` with `map`'s result `i`.
  AffineExpr compose(AffineMap map) const;

  /// Arithmetic; each builds a simplified expression (`a - b` is
  /// `a + b * -1`, `-a` is `a * -1`).
  AffineExpr operator+(int64_t v) const;
  AffineExpr operator+(AffineExpr other) const;
  AffineExpr operator-() const;
  AffineExpr operator-(int64_t v) const;
  AffineExpr operator-(AffineExpr other) const;
  AffineExpr operator*(int64_t v) const;
  AffineExpr operator*(AffineExpr other) const;
  AffineExpr floorDiv(uint64_t v) const;
  AffineExpr floorDiv(AffineExpr other) const;
  AffineExpr ceilDiv(uint64_t v) const;
  AffineExpr ceilDiv(AffineExpr other) const;
  AffineExpr operator%(uint64_t v) const;
  AffineExpr operator%(AffineExpr other) const;

  /// Prints as MLIR does, e.g. `d0 * 4 + s0 - 1`.
  void print(raw_ostream &os) const;
  void dump() const;

  ImplType *getImpl() const { return expr; }
  const void *getAsOpaquePointer() const { return expr; }

protected:
  ImplType *expr = nullptr;
};

/// Binary operation: add, mul, mod, floordiv, ceildiv.
class AffineBinaryOpExpr : public AffineExpr {
public:
  using ImplType = detail::AffineBinaryOpExprStorage;
  using AffineExpr::AffineExpr;
  AffineBinaryOpExpr(const AffineExpr::ImplType *ptr = nullptr);
  AffineExpr getLHS() const;
  AffineExpr getRHS() const;
  static bool classof(AffineExpr e) { return e.getKind() <= AffineExprKind::LAST_AFFINE_BINARY_OP; }
};

/// `dN`.
class AffineDimExpr : public AffineExpr {
public:
  using ImplType = detail::AffineDimExprStorage;
  using AffineExpr::AffineExpr;
  AffineDimExpr(const AffineExpr::ImplType *ptr = nullptr);
  unsigned getPosition() const;
  static bool classof(AffineExpr e) { return e.getKind() == AffineExprKind::DimId; }
};

/// `sN`.
class AffineSymbolExpr : public AffineExpr {
public:
  using ImplType = detail::AffineDimExprStorage;
  using AffineExpr::AffineExpr;
  AffineSymbolExpr(const AffineExpr::ImplType *ptr = nullptr);
  unsigned getPosition() const;
  static bool classof(AffineExpr e) { return e.getKind() == AffineExprKind::SymbolId; }
};

/// An integer constant.
class AffineConstantExpr : public AffineExpr {
public:
  using ImplType = detail::AffineConstantExprStorage;
  using AffineExpr::AffineExpr;
  AffineConstantExpr(const AffineExpr::ImplType *ptr = nullptr);
  int64_t getValue() const;
  static bool classof(AffineExpr e) { return e.getKind() == AffineExprKind::Constant; }
};

inline AffineExpr operator+(int64_t v, AffineExpr e) { return e + v; }
inline AffineExpr operator*(int64_t v, AffineExpr e) { return e * v; }
inline AffineExpr operator-(int64_t v, AffineExpr e) { return -e + v; }

AffineExpr getAffineDimExpr(unsigned position, MLIRContext *ctx);
AffineExpr getAffineSymbolExpr(unsigned position, MLIRContext *ctx);
AffineExpr getAffineConstantExpr(int64_t constant, MLIRContext *ctx);
/// Builds `lhs <kind> rhs`, simplifying as MLIR does.
AffineExpr getAffineBinaryOpExpr(AffineExprKind kind, AffineExpr lhs, AffineExpr rhs);

/// Simplifies an affine expression by flattening and re-building it.
AffineExpr simplifyAffineExpr(AffineExpr expr, unsigned numDims, unsigned numSymbols);

/// Flattens `expr` into the coefficients [dims, symbols, locals, constant]
/// of a sum of products (MLIR's SimpleAffineExprFlattener), local `i`
/// standing for `(*localExprs)[i]` (a floordiv, mod or semi-affine term).
/// Returns false on a division or mod by a non-positive constant.
bool flattenAffineExpr(AffineExpr expr, unsigned numDims, unsigned numSymbols, std::vector<int64_t> &flattened,
                       std::vector<AffineExpr> *localExprs = nullptr);

/// MLIR's getBoundForAffineExpr: a constant (inclusive) upper bound
/// (`isUpper`) or lower bound of `expr`, given constant bounds of its dims
/// and symbols (in order), if one can be derived.
std::optional<int64_t> getBoundForAffineExpr(AffineExpr expr, unsigned numDims, unsigned numSymbols,
                                             ArrayRef<std::optional<int64_t>> constLowerBounds,
                                             ArrayRef<std::optional<int64_t>> constUpperBounds, bool isUpper);

/// Builds the sum of products `flatExprs` = [dims, symbols, locals, constant]
/// (coefficients), where local `i` stands for `localExprs[i]`.
AffineExpr getAffineExprFromFlatForm(ArrayRef<int64_t> flatExprs, unsigned numDims, unsigned numSymbols,
                                     ArrayRef<AffineExpr> localExprs, MLIRContext *context);

/// Prints `expr` as MLIR's AsmPrinter does. If `printValueName` is given, it
/// prints each dim/symbol operand (position, isSymbol) instead of `dN`/`sN`.
void printAffineExpr(raw_ostream &os, AffineExpr expr,
                     function_ref<void(unsigned, bool)> printValueName = nullptr);

inline uint64_t hashValue(AffineExpr e) { return hashValue(e.getAsOpaquePointer()); }
raw_ostream &operator<<(raw_ostream &os, AffineExpr expr);

} // namespace lamina
