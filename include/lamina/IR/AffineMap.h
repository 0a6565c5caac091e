//===- AffineMap.h - Multi-result affine maps ------------------------------===//
#pragma once

#include "lamina/IR/AffineExpr.h"

#include <optional>
#include <vector>

namespace lamina {

namespace detail {
struct AffineMapStorage;
} // namespace detail

class Attribute;

/// `(d0, d1)[s0] -> (d0 + s0, d1)`: a uniqued, immutable function from dims
/// and symbols to a list of affine expressions.
class AffineMap {
public:
  using ImplType = detail::AffineMapStorage;

  constexpr AffineMap() = default;
  explicit AffineMap(ImplType *map) : map(map) {}

  /// A map with no results: `(d0, ..)[s0, ..] -> ()`.
  static AffineMap get(MLIRContext *ctx);
  static AffineMap get(unsigned dimCount, unsigned symbolCount, MLIRContext *ctx);
  /// A single-result map.
  static AffineMap get(unsigned dimCount, unsigned symbolCount, AffineExpr result);
  static AffineMap get(unsigned dimCount, unsigned symbolCount, ArrayRef<AffineExpr> results,
                       MLIRContext *ctx);
  static AffineMap getConstantMap(int64_t val, MLIRContext *ctx);
  static AffineMap getMultiDimIdentityMap(unsigned numDims, MLIRContext *ctx);
  static AffineMap getMinorIdentityMap(unsigned dims, unsigned results, MLIRContext *ctx);
  static AffineMap getPermutationMap(ArrayRef<unsigned> permutation, MLIRContext *ctx);
  /// `(d0, .., d{numDims-1}) -> (d{targets[0]}, ..)`.
  static AffineMap getMultiDimMapWithTargets(unsigned numDims, ArrayRef<unsigned> targets, MLIRContext *ctx);

  MLIRContext *getContext() const;
  explicit operator bool() const { return map; }
  bool operator==(AffineMap other) const { return map == other.map; }
  bool operator!=(AffineMap other) const { return map != other.map; }

  bool isIdentity() const;
  bool isSymbolIdentity() const;
  bool isMinorIdentity() const;
  bool isEmpty() const;
  bool isSingleConstant() const;
  bool isConstant() const;
  int64_t getSingleConstantResult() const;
  std::vector<int64_t> getConstantResults() const;
  bool isPermutation() const;
  bool isProjectedPermutation(bool allowZeroInResults = false) const;

  unsigned getNumDims() const;
  unsigned getNumSymbols() const;
  unsigned getNumResults() const;
  unsigned getNumInputs() const { return getNumDims() + getNumSymbols(); }
  ArrayRef<AffineExpr> getResults() const;
  AffineExpr getResult(unsigned idx) const { return getResults()[idx]; }
  /// The position of the dim that result `idx` is (it must be a dim).
  unsigned getDimPosition(unsigned idx) const;
  /// The index of the first result equal to the dim `input`, if any.
  std::optional<unsigned> getResultPosition(AffineExpr input) const;
  bool isFunctionOfDim(unsigned position) const;
  bool isFunctionOfSymbol(unsigned position) const;

  void walkExprs(function_ref<void(AffineExpr)> callback) const;
  AffineMap replaceDimsAndSymbols(ArrayRef<AffineExpr> dimReplacements, ArrayRef<AffineExpr> symReplacements,
                                  unsigned numResultDims, unsigned numResultSyms) const;
  AffineMap replace(AffineExpr expr, AffineExpr replacement, unsigned numResultDims,
                    unsigned numResultSyms) const;
  /// `this ∘ map`.
  AffineMap compose(AffineMap map) const;
  std::vector<int64_t> compose(ArrayRef<int64_t> values) const;
  AffineMap getSubMap(ArrayRef<unsigned> resultPos) const;
  /// Results [start, start + length).
  AffineMap getSliceMap(unsigned start, unsigned length) const;
  /// The first (major) or last (minor) `numResults` results; null if 0.
  AffineMap getMajorSubMap(unsigned numResults) const;
  AffineMap getMinorSubMap(unsigned numResults) const;
  AffineMap dropResults(ArrayRef<int64_t> positions) const;
  AffineMap shiftDims(unsigned shift, unsigned offset = 0) const;
  AffineMap shiftSymbols(unsigned shift, unsigned offset = 0) const;
  /// Folds constant inputs (IntegerAttr or null per dim/symbol); returns true
  /// and appends the results if every result folds.
  bool constantFold(ArrayRef<Attribute> operandConstants, std::vector<int64_t> &results,
                    bool *hasPoison = nullptr) const;
  /// The greatest common known divisor of the results (UINT64_MAX if there
  /// are none or all are zero).
  uint64_t getLargestKnownDivisorOfMapExprs() const;
  /// Replaces the results that fold with constants. If all fold, `results`
  /// (when given) receives their values, else it is left empty. On a division
  /// by zero (or mod by a non-positive value), returns null and sets
  /// `*hasPoison` when `hasPoison` is given.
  AffineMap partialConstantFold(ArrayRef<Attribute> operandConstants, std::vector<int64_t> *results = nullptr,
                                bool *hasPoison = nullptr) const;

  void print(raw_ostream &os) const;
  void dump() const;

  const void *getAsOpaquePointer() const { return map; }
  static AffineMap getFromOpaquePointer(const void *p) {
    return AffineMap(static_cast<ImplType *>(const_cast<void *>(p)));
  }

private:
  ImplType *map = nullptr;
};

/// Simplifies each result of `map`.
AffineMap simplifyAffineMap(AffineMap map);
/// Drops results equal to the one before them (MLIR's removeDuplicateExprs,
/// which only removes adjacent duplicates).
AffineMap removeDuplicateExprs(AffineMap map);
/// Removes unused dims and symbols, renumbering the rest.
AffineMap compressUnusedSymbols(AffineMap map);
AffineMap compressUnusedDims(AffineMap map);
/// The inverse of a permutation map (null if not invertible).
AffineMap inversePermutation(AffineMap map);

inline uint64_t hashValue(AffineMap m) { return hashValue(m.getAsOpaquePointer()); }
raw_ostream &operator<<(raw_ostream &os, AffineMap map);

} // namespace lamina
