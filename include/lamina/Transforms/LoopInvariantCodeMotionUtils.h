//===- LoopInvariantCodeMotionUtils.h - Hoisting loop invariants ---------===//
//
// MLIR's loop-invariant code motion utilities: move the operations of a
// loop body that depend only on values defined outside the loop (and are
// free of memory effects and speculatable) in front of the loop.
//
#pragma once

#include "lamina/Interfaces/LoopLikeInterface.h"

#include <cstddef>

namespace lamina {

/// Hoists the loop invariants of each region of `regions`: an op (not a
/// terminator) is moved by `moveOutOfRegion` when `shouldMoveOutOfRegion`
/// accepts it and every value it uses, or that an op nested in it uses from
/// above it, satisfies `isDefinedOutsideRegion`. The ops of a region are
/// visited in order, and the users of a moved op inside the region are
/// visited again after it. Returns the number of ops moved.
size_t moveLoopInvariantCode(ArrayRef<Region *> regions,
                             function_ref<bool(Value, Region *)> isDefinedOutsideRegion,
                             function_ref<bool(Operation *, Region *)> shouldMoveOutOfRegion,
                             function_ref<void(Operation *, Region *)> moveOutOfRegion);

/// The same for a loop: its loop regions, values defined outside the loop,
/// ops that are memory-effect free and speculatable, moved by the loop's
/// moveOutOfLoop.
size_t moveLoopInvariantCode(LoopLikeOpInterface loopLike);

} // namespace lamina
