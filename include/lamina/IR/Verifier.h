//===- Verifier.h - Checks the structural invariants of IR ----------------===//
#pragma once

#include "lamina/Support/LogicalResult.h"

#include <cstddef>
#include <cstdint>

namespace lamina {

class Operation;

/// Verifies `op` and everything nested in it; emits diagnostics for every
/// violation found. `verifyRecursively=false` checks only `op` itself.
LogicalResult verify(Operation *op, bool verifyRecursively = true);

/// MLIR's `op.verifyInvariants()`: only the registered op's own checks
/// (count traits, OpInvariants, trait verifiers, custom verifier) — no
/// region invariants, nothing nested. What the parser needs after wrapping
/// already-verified top-level ops in an implicit module.
LogicalResult verifyInvariants(Operation *op);

namespace detail {

/// Remembers the results of pure checks on uniqued types and attributes (the
/// ODS type and attribute constraints) while a verification runs on this
/// thread: the same constraint is asked about the same few types over and
/// over. Direct-mapped, keyed by (check, value) addresses.
class VerificationCache {
public:
  /// The recorded result of `check` on `value`: 1, 0, or -1 if unknown.
  int lookup(const void *check, const void *value) const {
    const Entry &e = entries[slot(check, value)];
    return e.check == check && e.value == value ? int(e.result) : -1;
  }
  void insert(const void *check, const void *value, bool result) { entries[slot(check, value)] = {check, value, result}; }

private:
  static constexpr size_t kSize = 512;
  static size_t slot(const void *check, const void *value) {
    uintptr_t h = (uintptr_t(check) >> 3) * 0x9E3779B97F4A7C15ull ^ (uintptr_t(value) >> 4);
    return (h ^ (h >> 17)) & (kSize - 1);
  }
  struct Entry {
    const void *check = nullptr;
    const void *value = nullptr;
    bool result = false;
  };
  Entry entries[kSize];
};

/// The cache of the verification running on this thread, or null outside
/// one (types and attributes cannot die while it is installed).
VerificationCache *getActiveVerificationCache();

} // namespace detail
} // namespace lamina
