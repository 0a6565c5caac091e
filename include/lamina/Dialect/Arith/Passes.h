//===- Passes.h - The arith passes -----------------------------------------===//
//
// The passes of MLIR's Dialect/Arith/Transforms/Passes.td that Lamina
// implements, declared in Passes.def; registerArithPasses() makes them
// available to pipelines and as command-line flags.
//
#pragma once

#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/Pass/PassManager.h"
#include "lamina/Pass/PassTable.h"

namespace lamina {

#define LAMINA_PASS_TABLE "lamina/Dialect/Arith/Passes.def"
#include "lamina/Pass/PassTableDecls.inc"

namespace arith {

/// Registers every pass of Passes.def.
void registerArithPasses();

} // namespace arith
} // namespace lamina
