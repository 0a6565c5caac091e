//===- OperationEquivalence.h - Structural op equality and fingerprints ---===//
//
// MLIR's OperationEquivalence (OperationSupport.h): a hash and an equality
// of operations by name, attributes, properties, result types, operands (as
// a multiset for commutative ops) and, recursively, regions; the relation
// CSE uses to find duplicates. And OperationFingerPrint: a hash of
// everything a pass may change under an op, to tell whether it changed.
// Both walk nested regions with explicit stacks.
//
#pragma once

#include "lamina/IR/Operation.h"

#include <cstdint>

namespace lamina {

struct OperationEquivalence {
  enum Flags {
    None = 0,
    /// Locations do not take part in the comparison or the hash.
    IgnoreLocations = 1,
    /// Discardable attributes do not take part in the comparison.
    IgnoreDiscardableAttrs = 2,
  };

  /// A hash of `op` that equivalent ops share: name, discardable
  /// attributes, properties, result types, location unless ignored,
  /// operands through `hashOperands` (summed for commutative ops) and
  /// results through `hashResults`.
  static uint64_t computeHash(Operation *op, function_ref<uint64_t(Value)> hashOperands,
                              function_ref<uint64_t(Value)> hashResults, Flags flags = None);
  /// The hash CSE uses: operands by identity, results ignored.
  static uint64_t computeHash(Operation *op, Flags flags = None);
  static uint64_t directHashValue(Value v);
  static uint64_t ignoreHashValue(Value) { return 0; }

  /// Whether `lhs` and `rhs` are equivalent: same name, attributes,
  /// properties, counts and result types, operands equal or known
  /// equivalent (`checkEquivalent`; commutative ops compare their operands
  /// as a multiset), and equivalent regions (block by block, op by op, with
  /// the values they define marked equivalent through `markEquivalent`).
  static bool isEquivalentTo(Operation *lhs, Operation *rhs, function_ref<LogicalResult(Value, Value)> checkEquivalent,
                             function_ref<void(Value, Value)> markEquivalent = nullptr, Flags flags = None);
  /// The same with the values defined in `lhs`'s regions matched to those
  /// of `rhs` as the comparison goes.
  static bool isEquivalentTo(Operation *lhs, Operation *rhs, Flags flags);
};

/// A fingerprint of an op and everything nested in it: the identities of
/// ops and blocks, attributes, properties, operands, successors, result
/// types and locations. Two fingerprints of the same op differ if (and,
/// barring collisions, only if) something changed in between.
class OperationFingerPrint {
public:
  explicit OperationFingerPrint(Operation *topOp);
  bool operator==(const OperationFingerPrint &o) const { return hash[0] == o.hash[0] && hash[1] == o.hash[1]; }
  bool operator!=(const OperationFingerPrint &o) const { return !(*this == o); }

private:
  uint64_t hash[2];
};

} // namespace lamina
