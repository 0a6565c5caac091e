//===- Passes.h - The scf passes -------------------------------------------===//
//
// The passes of MLIR's Dialect/SCF/Transforms/Passes.td that Lamina
// implements, declared in Passes.def; registerSCFPasses() makes them
// available to pipelines and as command-line flags.
//
#pragma once

#include "lamina/Dialect/SCF/SCFDialect.h"
#include "lamina/Pass/PassManager.h"
#include "lamina/Pass/PassTable.h"

namespace lamina {

#define LAMINA_PASS_TABLE "lamina/Dialect/SCF/Passes.def"
#include "lamina/Pass/PassTableDecls.inc"

namespace scf {

/// Registers every pass of Passes.def.
void registerSCFPasses();

/// Registers mlir-opt's scf test passes (test-scf-pipelining); they live in
/// the test-only LaminaSCFTestPasses library.
void registerTestSCFPasses();

} // namespace scf
} // namespace lamina
