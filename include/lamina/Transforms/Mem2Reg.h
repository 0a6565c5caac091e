//===- Mem2Reg.h - Promoting memory slots into SSA values -----------------===//
//
// MLIR's mem2reg utility: the loads and stores of a memory slot whose
// pointer does not escape become direct uses of the stored values, with
// block arguments where several stores reach a block. Works through the
// interfaces of lamina/Interfaces/MemorySlotInterfaces.h.
//
#pragma once

#include "lamina/Interfaces/MemorySlotInterfaces.h"
#include "lamina/Pass/Pass.h"

namespace lamina {

class DominanceInfo;

/// Where promotion counts what it did (either may be null).
struct Mem2RegStatistics {
  Pass::Statistic *promotedAmount = nullptr;
  Pass::Statistic *newBlockArgumentAmount = nullptr;
};

/// Promotes the slots of `allocators` while any can be promoted (promoting
/// one may allow another). Succeeds if any slot was promoted.
LogicalResult tryToPromoteMemorySlots(ArrayRef<PromotableAllocationOpInterface> allocators, OpBuilder &builder,
                                      DominanceInfo &dominance, Mem2RegStatistics statistics = {});

} // namespace lamina
