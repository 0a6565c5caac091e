//===- IntegerSet.h - Sets defined by affine constraints -------------------===//
#pragma once

#include "lamina/IR/AffineExpr.h"

namespace lamina {

namespace detail {
struct IntegerSetStorage;
} // namespace detail

/// `(d0)[s0] : (d0 - s0 >= 0, d0 == 0)`: a uniqued conjunction of affine
/// constraints, each either `expr >= 0` or `expr == 0`.
class IntegerSet {
public:
  using ImplType = detail::IntegerSetStorage;

  constexpr IntegerSet() = default;
  explicit IntegerSet(ImplType *set) : set(set) {}

  static IntegerSet get(unsigned dimCount, unsigned symbolCount, ArrayRef<AffineExpr> constraints,
                        ArrayRef<bool> eqFlags);
  /// The canonical empty set `(d0..)[s0..] : (1 == 0)`.
  static IntegerSet getEmptySet(unsigned numDims, unsigned numSymbols, MLIRContext *ctx);

  explicit operator bool() const { return set; }
  bool operator==(IntegerSet other) const { return set == other.set; }
  bool operator!=(IntegerSet other) const { return set != other.set; }

  MLIRContext *getContext() const;
  bool isEmptyIntegerSet() const;
  unsigned getNumDims() const;
  unsigned getNumSymbols() const;
  unsigned getNumInputs() const { return getNumDims() + getNumSymbols(); }
  unsigned getNumConstraints() const;
  unsigned getNumEqualities() const;
  unsigned getNumInequalities() const;
  ArrayRef<AffineExpr> getConstraints() const;
  AffineExpr getConstraint(unsigned idx) const { return getConstraints()[idx]; }
  ArrayRef<bool> getEqFlags() const;
  bool isEq(unsigned idx) const { return getEqFlags()[idx]; }
  void walkExprs(function_ref<void(AffineExpr)> callback) const;
  IntegerSet replaceDimsAndSymbols(ArrayRef<AffineExpr> dimReplacements, ArrayRef<AffineExpr> symReplacements,
                                   unsigned numResultDims, unsigned numResultSyms) const;

  void print(raw_ostream &os) const;
  void dump() const;

  const void *getAsOpaquePointer() const { return set; }
  static IntegerSet getFromOpaquePointer(const void *p) {
    return IntegerSet(static_cast<ImplType *>(const_cast<void *>(p)));
  }

private:
  ImplType *set = nullptr;
};

inline uint64_t hashValue(IntegerSet s) { return hashValue(s.getAsOpaquePointer()); }
raw_ostream &operator<<(raw_ostream &os, IntegerSet set);

} // namespace lamina
