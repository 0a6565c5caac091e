//===- PassManagerOptions.h - Command-line options of the pass manager ----===//
//
// The `--mlir-print-ir-*`, `--mlir-pass-statistics*` and
// `--mlir-pass-pipeline-*-reproducer` flags, declared next to what they
// configure (MLIR's PassManagerOptions.cpp).
//
#pragma once

#include "lamina/IR/OperationSupport.h"
#include "lamina/Support/LogicalResult.h"

namespace lamina {

class PassManager;

/// Registers the pass manager's flags (once).
void registerPassManagerCLOptions();
/// Applies the given flags to `pm` (IR dumps print with `printingFlags`).
/// Fails, with an error, on combinations that need multithreading off.
LogicalResult applyPassManagerCLOptions(PassManager &pm, const OpPrintingFlags &printingFlags);

} // namespace lamina
