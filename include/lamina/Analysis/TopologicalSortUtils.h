//===- TopologicalSortUtils.h - Dominance-respecting orders ---------------===//
//
// MLIR's Analysis/TopologicalSortUtils orders used by mem2reg and sroa:
//
//   getBlocksSortedByDominance  the blocks of a region, each block after its
//                               dominators: for every block in region order
//                               not listed yet, the reverse post-order of the
//                               blocks reachable from it (a fresh traversal
//                               each time, as LLVM's ReversePostOrderTraversal)
//   topologicalSort             ops in a pre-order walk of their common
//                               ancestor region whose blocks are visited in
//                               that order (an op before the ops nested in it)
//
// Both are iterative.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "lamina/IR/Operation.h"

#include <vector>

namespace lamina {

/// The blocks of `region` sorted so that each comes after its dominators.
void getBlocksSortedByDominance(Region &region, std::vector<Block *> &blocks);

/// Sorts `ops` (distinct ops with a common ancestor region) in the order of
/// MLIR's topologicalSort over a SetVector: a dominance-respecting pre-order
/// walk. Fewer than two ops are left as they are.
void topologicalSort(std::vector<Operation *> &ops);

} // namespace lamina
