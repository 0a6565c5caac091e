//===- SliceAnalysis.h - Transitive users of a value ----------------------===//
//
// MLIR's getForwardSlice(Value): the ops transitively using a value (through
// results, and the ops nested in the regions of those users), in
// topological order: each op comes after the ops it transitively uses the
// results of. Same order as MLIR (the reverse of a post-order depth-first
// walk over users in use-list order, nested ops first), computed without
// recursion.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "lamina/IR/Operation.h"

#include <vector>

namespace lamina {

/// Appends the forward slice of `root` to `slice` (expected empty).
void getForwardSlice(Value root, std::vector<Operation *> &slice);

} // namespace lamina
