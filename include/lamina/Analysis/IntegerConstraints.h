//===- IntegerConstraints.h - Flat systems of affine integer constraints -===//
//
// A conjunction of affine equalities (== 0) and inequalities (>= 0) over
// integer variables, as MLIR's IntegerRelation / FlatLinearValueConstraints
// (the subset the affine analyses use). Columns are [dims, symbols, locals,
// constant]; dims and symbols may carry the IR value they stand for, locals
// are existentially quantified (e.g. the quotient of a floordiv).
//
// The operations follow MLIR's algorithms step by step, because their
// (conservative) answers decide what passes print: Gaussian elimination with
// equalities, Fourier-Motzkin elimination with GCD tightening and trivial
// redundancy removal, the GCD test, the emptiness check and constant bounds.
// Coefficients are int64_t; an overflow marks the system as unknown, and the
// queries then answer conservatively (not empty, no bound).
//
#pragma once

#include "lamina/IR/Value.h"
#include "lamina/Support/ArrayRef.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace lamina {

/// A kind of variable of an IntegerConstraints.
enum class VarKind { Dim, Symbol, Local };

/// The kind of bound asked of a variable.
enum class BoundType { EQ, LB, UB };

/// A flat system of affine constraints over integer variables.
class IntegerConstraints {
public:
  IntegerConstraints(unsigned numDims = 0, unsigned numSymbols = 0, unsigned numLocals = 0);

  unsigned getNumDimVars() const { return numDims; }
  unsigned getNumSymbolVars() const { return numSymbols; }
  unsigned getNumLocalVars() const { return numLocals; }
  unsigned getNumDimAndSymbolVars() const { return numDims + numSymbols; }
  unsigned getNumVars() const { return numDims + numSymbols + numLocals; }
  unsigned getNumCols() const { return getNumVars() + 1; }
  unsigned getNumEqualities() const { return unsigned(eqs.size()); }
  unsigned getNumInequalities() const { return unsigned(ineqs.size()); }
  unsigned getNumConstraints() const { return getNumEqualities() + getNumInequalities(); }
  /// The position of the first variable of `kind`.
  unsigned getVarKindOffset(VarKind kind) const;

  int64_t atEq(unsigned row, unsigned col) const { return eqs[row][col]; }
  int64_t atIneq(unsigned row, unsigned col) const { return ineqs[row][col]; }
  ArrayRef<int64_t> getEquality(unsigned row) const { return eqs[row]; }
  ArrayRef<int64_t> getInequality(unsigned row) const { return ineqs[row]; }

  /// The value a dim or symbol stands for (null if none).
  Value getValue(unsigned pos) const { return values[pos]; }
  void setValue(unsigned pos, Value value) { values[pos] = value; }
  /// Finds the dim or symbol standing for `value`.
  bool findVar(Value value, unsigned *pos) const;

  void addEquality(ArrayRef<int64_t> eq);
  void addInequality(ArrayRef<int64_t> ineq);
  /// pos == value (EQ), pos >= value (LB) or pos <= value (UB).
  void addBound(BoundType type, unsigned pos, int64_t value);
  void removeEquality(unsigned row);
  void removeInequality(unsigned row);

  /// Inserts `num` variables of `kind` at `pos` (relative to the kind) with
  /// zero coefficients everywhere; returns their absolute position.
  unsigned insertVar(VarKind kind, unsigned pos, unsigned num = 1);
  unsigned appendVar(VarKind kind, unsigned num = 1) {
    return insertVar(kind, kind == VarKind::Dim ? numDims : kind == VarKind::Symbol ? numSymbols : numLocals, num);
  }
  /// Removes the variables [start, limit) (absolute positions) and their
  /// columns.
  void removeVarRange(unsigned start, unsigned limit);
  void removeVar(unsigned pos) { removeVarRange(pos, pos + 1); }
  /// Swaps the columns (and values) of two variables.
  void swapVar(unsigned a, unsigned b);
  /// Adds a local q = dividend floordiv divisor (dividend over the current
  /// columns), as c*q <= dividend <= c*q + c - 1; returns q's position.
  unsigned addLocalFloorDiv(ArrayRef<int64_t> dividend, int64_t divisor);

  /// Whether the system has no integer solution as far as MLIR's check can
  /// tell (GCD test, Gaussian then Fourier-Motzkin elimination). `true` is a
  /// proof; `false` may be wrong in rare integer cases.
  bool isEmpty() const;
  /// Whether some equality fails the GCD test.
  bool isEmptyByGCDTest() const;
  /// Whether a constraint without variables is false (1 == 0, -1 >= 0).
  bool hasInvalidConstraint() const;

  /// Eliminates the variables [pos, pos + num) (Gaussian elimination where
  /// equalities allow, Fourier-Motzkin otherwise).
  void projectOut(unsigned pos, unsigned num);
  /// Eliminates the variable at `pos` by Fourier-Motzkin (by substitution
  /// if an equality holds it).
  void fourierMotzkinEliminate(unsigned pos);
  /// Eliminates with equalities the variables of [start, limit) up to the
  /// first one that only inequalities hold; returns how many went.
  unsigned gaussianEliminateVars(unsigned start, unsigned limit);
  /// Drops each inequality whose negation the rest makes empty (MLIR's
  /// Fourier-Motzkin based removeRedundantInequalities).
  void removeRedundantInequalities();
  /// Replaces locals that an equality defines (coefficient +-1).
  void removeRedundantLocalVars();

  /// The constant lower (LB), upper (UB) or exact (EQ) bound of the variable
  /// at `pos` after projecting out all others, if there is one.
  std::optional<int64_t> getConstantBound(BoundType type, unsigned pos) const;

  /// MLIR's getConstantBoundOnDimSize: a constant bound on the extent
  /// (upper - lower + 1) of dim `pos` from a lower and an upper bound that
  /// differ only by a constant (symbols and locals may appear, other dims
  /// not), the smallest such. `lb`/`ub` receive the chosen bounds' symbolic
  /// parts and constant (lb as a floordiv by `lbFloorDivisor`).
  std::optional<int64_t> getConstantBoundOnDimSize(unsigned pos, std::vector<int64_t> *lb = nullptr,
                                                   int64_t *lbFloorDivisor = nullptr,
                                                   std::vector<int64_t> *ub = nullptr, unsigned *minLbPos = nullptr,
                                                   unsigned *minUbPos = nullptr) const;
  /// Makes the last `newSymbolCount` of the dims and symbols the symbols.
  void setDimSymbolSeparation(unsigned newSymbolCount) {
    unsigned n = numDims + numSymbols;
    numSymbols = newSymbolCount;
    numDims = n - newSymbolCount;
  }
  /// Removes the constraints that involve none of the variables [0, num)
  /// (MLIR's removeIndependentConstraints, which looks from position 0).
  void removeIndependentConstraints(unsigned num);
  /// The inequality rows with a nonzero coefficient at `pos`: lower bounds
  /// (positive) and upper bounds (negative).
  void getLowerAndUpperBoundIndices(unsigned pos, std::vector<unsigned> *lbIndices,
                                    std::vector<unsigned> *ubIndices) const;
  /// Sets a coefficient of an inequality.
  void setIneq(unsigned row, unsigned col, int64_t value) { ineqs[row][col] = value; }
  /// Replaces each symbol that an equality sets to a constant by that
  /// constant (MLIR's constantFoldVarRange over [pos, pos + num)).
  void constantFoldVarRange(unsigned pos, unsigned num);

  /// Divides each inequality by the GCD of its coefficients, rounding the
  /// constant down.
  void gcdTightenInequalities();
  /// Divides each constraint by the GCD of all its terms.
  void normalizeConstraintsByGCD();
  /// Drops duplicate and trivially true inequalities, and of inequalities
  /// that differ only in the constant, all but the tightest.
  void removeTrivialRedundancy();

  /// Whether an arithmetic overflow made the system unreliable.
  bool hasOverflowed() const { return overflowed; }

  /// Prints the constraints (for debugging).
  void dump() const;

private:
  std::optional<int64_t> computeConstantLowerOrUpperBound(unsigned pos, bool isLower);
  void eliminateFromConstraint(unsigned row, unsigned pivotRow, unsigned pivotCol, unsigned elimColStart, bool isEq);
  int64_t mul(int64_t a, int64_t b);
  int64_t add(int64_t a, int64_t b);

  unsigned numDims, numSymbols, numLocals;
  std::vector<std::vector<int64_t>> eqs, ineqs;
  std::vector<Value> values;
  bool overflowed = false;
};

} // namespace lamina
