//===- Passes.h - The affine passes ----------------------------------------===//
//
// The passes of MLIR's Dialect/Affine/Transforms/Passes.td that Lamina
// implements, declared in Passes.def; registerAffinePasses() makes them
// available to pipelines and as command-line flags.
//
#pragma once

#include "lamina/Dialect/Affine/AffineDialect.h"
#include "lamina/Dialect/Func/FuncDialect.h"
#include "lamina/Pass/PassManager.h"
#include "lamina/Pass/PassTable.h"

namespace lamina {

#define LAMINA_PASS_TABLE "lamina/Dialect/Affine/Passes.def"
#include "lamina/Pass/PassTableDecls.inc"

namespace affine {

/// Registers every pass of Passes.def.
void registerAffinePasses();

} // namespace affine
} // namespace lamina
