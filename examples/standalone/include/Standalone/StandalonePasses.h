//===- StandalonePasses.h - The passes of the standalone dialect ----------===//
#pragma once

#include "lamina/IR/BuiltinOps.h"
#include "lamina/Pass/PassTable.h"

#include <memory>

namespace standalone {

// Declares impl::AnnotateCostBase<Derived> (options, statistics, names) and
// createAnnotateCostPass() from Passes.def.
#define LAMINA_PASS_TABLE "Standalone/Passes.def"
#include "lamina/Pass/PassTableDecls.inc"

/// Registers the passes of Passes.def (for --standalone-annotate-cost and
/// pipelines).
void registerStandalonePasses();

} // namespace standalone
