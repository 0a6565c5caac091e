//===- Passes.h - The generic transforms ----------------------------------===//
//
// The passes of MLIR's Transforms library that need no dialect: declared in
// Passes.def (one table entry each), implemented in lib/Transforms. Each has
// a `create<Name>Pass()` function; registerTransformsPasses() makes them
// available to pipelines and as command-line flags.
//
#pragma once

#include "lamina/Pass/PassManager.h"
#include "lamina/Pass/PassTable.h"
#include "lamina/Rewrite/GreedyPatternRewriteDriver.h"

namespace lamina {

#define LAMINA_PASS_TABLE "lamina/Transforms/Passes.def"
#include "lamina/Pass/PassTableDecls.inc"

/// Registers every pass of Passes.def.
void registerTransformsPasses();

/// Registers the test passes of mlir-opt that exercise the pass manager
/// (`test-pass-failure`, `test-pass-crash`, ...). Test-only: defined in the
/// LaminaTestPasses library, which is not installed.
void registerPassManagerTestPasses();

} // namespace lamina
