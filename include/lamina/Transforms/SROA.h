//===- SROA.h - Scalar replacement of aggregates --------------------------===//
//
// MLIR's sroa utility: an aggregate slot whose every access reaches one
// element at a known index is replaced by one slot per accessed element.
// Works through the interfaces of lamina/Interfaces/MemorySlotInterfaces.h.
//
#pragma once

#include "lamina/Interfaces/MemorySlotInterfaces.h"
#include "lamina/Pass/Pass.h"

namespace lamina {

/// Where destructuring counts what it did (any may be null).
struct SROAStatistics {
  Pass::Statistic *destructuredAmount = nullptr;
  Pass::Statistic *slotsWithMemoryBenefit = nullptr;
  Pass::Statistic *maxSubelementAmount = nullptr;
};

/// Destructures the slots of `allocators` while any can be destructured
/// (the new, smaller slots are tried too). Succeeds if any was.
LogicalResult tryToDestructureMemorySlots(ArrayRef<DestructurableAllocationOpInterface> allocators,
                                          OpBuilder &builder, SROAStatistics statistics = {});

} // namespace lamina
