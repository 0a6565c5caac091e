//===- Verifier.h - Checks the structural invariants of IR ----------------===//
#pragma once

#include "lamina/Support/LogicalResult.h"

namespace lamina {

class Operation;

/// Verifies `op` and everything nested in it; emits diagnostics for every
/// violation found. `verifyRecursively=false` checks only `op` itself.
LogicalResult verify(Operation *op, bool verifyRecursively = true);

} // namespace lamina
