//===- ControlFlowSinkUtils.h - Sinking ops into conditional regions ------===//
//
// MLIR's control-flow sinking utilities: move operations whose every user
// is inside a region that runs at most once into that region, so that
// paths not needing their results do not compute them. Ops are never
// duplicated.
//
#pragma once

#include "lamina/Interfaces/ControlFlowInterfaces.h"

#include <cstddef>

namespace lamina {

class DominanceInfo;

/// Sinks into each of `regions` the ops defined outside it whose users are
/// all dominated by its entry block, when `shouldMoveIntoRegion` accepts
/// them, moving them with `moveIntoRegion`; ops feeding a sunk op are tried
/// next, depth-first. Returns the number of ops sunk.
size_t controlFlowSink(ArrayRef<Region *> regions, DominanceInfo &domInfo,
                       function_ref<bool(Operation *, Region *)> shouldMoveIntoRegion,
                       function_ref<void(Operation *, Region *)> moveIntoRegion);

/// Appends the regions of `branch` that run at most once, judged by its
/// region invocation bounds given its constant operands.
void getSinglyExecutedRegionsToSink(RegionBranchOpInterface branch, SmallVectorImpl<Region *> &regions);

} // namespace lamina
