//===- AffineDetail.h - Storage of affine exprs, maps and sets (private) --===//
//
// Affine expressions, maps and integer sets are uniqued in the context's
// attribute uniquer, one storage kind (TypeID) per class below. Storages are
// arena-owned and never destroyed, so no destructor walks an expression tree.
//
// Expression storages cache a few properties that MLIR recomputes by walking
// the whole subtree (isSymbolicOrConstant, isPureAffine,
// getLargestKnownDivisor). Each is a pure function of the operands' cached
// values, so it is computed once, in O(1), when the node is built — which
// also keeps every query free of recursion on expression depth.
//
#pragma once

#include "lamina/IR/AffineExpr.h"
#include "lamina/IR/AffineMap.h"
#include "lamina/IR/IntegerSet.h"
#include "lamina/IR/StorageUniquer.h"

#include <numeric>
#include <tuple>

namespace lamina {
namespace detail {

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

/// Common part of every affine expression storage.
struct AffineExprStorage : public BaseStorage {
  MLIRContext *context = nullptr;
  AffineExprKind kind = AffineExprKind::Constant;
  /// No dimension identifier occurs in the expression.
  bool symbolicOrConstant = true;
  /// Mul/div/mod only by constants (see AffineExpr::isPureAffine).
  bool pureAffine = true;
  /// AffineExpr::getLargestKnownDivisor, with MLIR's wrapping int64 arithmetic.
  int64_t largestKnownDivisor = 1;
};

/// `lhs <kind> rhs`.
struct AffineBinaryOpExprStorage : public AffineExprStorage {
  using KeyTy = std::tuple<unsigned, AffineExpr, AffineExpr>;
  bool operator==(const KeyTy &key) const {
    return static_cast<unsigned>(kind) == std::get<0>(key) && lhs == std::get<1>(key) &&
           rhs == std::get<2>(key);
  }
  static uint64_t hashKey(const KeyTy &key) {
    return hashCombineRaw(hashCombineRaw(hashValue(std::get<0>(key)), hashValue(std::get<1>(key))),
                          hashValue(std::get<2>(key)));
  }
  static AffineBinaryOpExprStorage *construct(StorageAllocator &alloc, const KeyTy &key);

  AffineExpr lhs;
  AffineExpr rhs;
};

/// `dN` or `sN` (the kind tells which).
struct AffineDimExprStorage : public AffineExprStorage {
  using KeyTy = std::pair<unsigned, unsigned>;
  bool operator==(const KeyTy &key) const {
    return static_cast<unsigned>(kind) == key.first && position == key.second;
  }
  static uint64_t hashKey(const KeyTy &key) {
    return hashCombineRaw(hashValue(key.first), hashValue(key.second));
  }
  static AffineDimExprStorage *construct(StorageAllocator &alloc, const KeyTy &key);

  unsigned position = 0;
};

/// An integer constant.
struct AffineConstantExprStorage : public AffineExprStorage {
  using KeyTy = int64_t;
  bool operator==(const KeyTy &key) const { return constant == key; }
  static uint64_t hashKey(const KeyTy &key) { return hashValue(key); }
  static AffineConstantExprStorage *construct(StorageAllocator &alloc, const KeyTy &key);

  int64_t constant = 0;
};

/// Rebuilds `root` bottom-up without recursion. `replaceFn` is asked about
/// every node before its operands; a non-null answer replaces the subtree.
/// Binary nodes whose operands changed are rebuilt with simplification.
AffineExpr transformAffineExpr(AffineExpr root, function_ref<AffineExpr(AffineExpr)> replaceFn);

//===----------------------------------------------------------------------===//
// Maps and sets
//===----------------------------------------------------------------------===//

inline uint64_t hashExprList(ArrayRef<AffineExpr> exprs) {
  uint64_t h = 0x51ab1e ^ exprs.size();
  for (AffineExpr e : exprs)
    h = hashCombineRaw(h, hashValue(e));
  return h;
}

struct AffineMapStorage : public BaseStorage {
  using KeyTy = std::tuple<unsigned, unsigned, ArrayRef<AffineExpr>>;
  bool operator==(const KeyTy &key) const {
    return numDims == std::get<0>(key) && numSymbols == std::get<1>(key) && results == std::get<2>(key);
  }
  static uint64_t hashKey(const KeyTy &key) {
    return hashCombineRaw(hashCombineRaw(hashValue(std::get<0>(key)), hashValue(std::get<1>(key))),
                          hashExprList(std::get<2>(key)));
  }
  static AffineMapStorage *construct(StorageAllocator &alloc, const KeyTy &key) {
    auto *s = new (alloc.allocate<AffineMapStorage>()) AffineMapStorage();
    s->numDims = std::get<0>(key);
    s->numSymbols = std::get<1>(key);
    s->results = alloc.copyInto(std::get<2>(key));
    return s;
  }

  MLIRContext *context = nullptr;
  unsigned numDims = 0;
  unsigned numSymbols = 0;
  ArrayRef<AffineExpr> results;
};

struct IntegerSetStorage : public BaseStorage {
  using KeyTy = std::tuple<unsigned, unsigned, ArrayRef<AffineExpr>, ArrayRef<bool>>;
  bool operator==(const KeyTy &key) const {
    return numDims == std::get<0>(key) && numSymbols == std::get<1>(key) &&
           constraints == std::get<2>(key) && eqFlags == std::get<3>(key);
  }
  static uint64_t hashKey(const KeyTy &key) {
    uint64_t h = hashCombineRaw(hashValue(std::get<0>(key)), hashValue(std::get<1>(key)));
    h = hashCombineRaw(h, hashExprList(std::get<2>(key)));
    for (bool b : std::get<3>(key))
      h = hashCombineRaw(h, b);
    return h;
  }
  static IntegerSetStorage *construct(StorageAllocator &alloc, const KeyTy &key) {
    auto *s = new (alloc.allocate<IntegerSetStorage>()) IntegerSetStorage();
    s->numDims = std::get<0>(key);
    s->numSymbols = std::get<1>(key);
    s->constraints = alloc.copyInto(std::get<2>(key));
    s->eqFlags = alloc.copyInto(std::get<3>(key));
    return s;
  }

  MLIRContext *context = nullptr;
  unsigned numDims = 0;
  unsigned numSymbols = 0;
  ArrayRef<AffineExpr> constraints;
  ArrayRef<bool> eqFlags;
};

} // namespace detail
} // namespace lamina
