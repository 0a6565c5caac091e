//===- RegionUtils.h - CFG simplification of regions ----------------------===//
//
// What the greedy driver runs after each round of patterns
// (`region-simplify`): unreachable block erasure, region dead code
// elimination (ops and block arguments, including dead cycles) and, in the
// aggressive mode, identical block merging. All of it iterative.
//
#pragma once

#include "lamina/IR/PatternMatch.h"
#include "lamina/Interfaces/SideEffectInterfaces.h"

namespace lamina {

/// Erases the blocks of `regions` (and, with `recurse`, of nested regions)
/// that their entry block does not reach. Success if any was erased.
LogicalResult eraseUnreachableBlocks(RewriterBase &rewriter, MutableArrayRef<Region> regions, bool recurse = true);
/// Deletes ops and non-entry block arguments of `regions` that are not
/// proved live (optimistic: dead cycles go too). Success if anything went.
LogicalResult runRegionDCE(RewriterBase &rewriter, MutableArrayRef<Region> regions);
/// Merges blocks with equivalent bodies (up to operands defined outside
/// them, which become new block arguments). Success if any merged.
LogicalResult mergeIdenticalBlocks(RewriterBase &rewriter, MutableArrayRef<Region> regions);
/// Replaces the block arguments that every predecessor feeds the same value
/// with that value. Success if any was dropped.
LogicalResult dropRedundantArguments(RewriterBase &rewriter, MutableArrayRef<Region> regions);
/// Runs the simplifications above (merging and redundant argument removal
/// only when `mergeBlocks`).
LogicalResult simplifyRegions(RewriterBase &rewriter, MutableArrayRef<Region> regions, bool mergeBlocks = false);

} // namespace lamina
