//===- ControlFlowDetail.h - Shared pieces of the cf dialect --------------===//
#pragma once

#include "lamina/IR/Dialect.h"

namespace lamina {
namespace cf {

/// Registers the cf ops (ControlFlowOps.cpp) in `dialect`.
void registerControlFlowOps(Dialect &dialect);

/// Attaches the canonicalization patterns of the cf ops
/// (ControlFlowCanonicalization.cpp) to their registered definitions.
void registerControlFlowCanonicalization(Dialect &dialect);

} // namespace cf
} // namespace lamina
