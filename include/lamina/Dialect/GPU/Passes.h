//===- Passes.h - The gpu passes -------------------------------------------===//
//
// The passes of MLIR's Dialect/GPU/Transforms/Passes.td that Lamina
// implements, declared in Passes.def; registerGPUPasses() makes them
// available to pipelines and as command-line flags.
//
#pragma once

#include "lamina/Dialect/Func/FuncDialect.h"
#include "lamina/Dialect/GPU/GPUDialect.h"
#include "lamina/IR/BuiltinOps.h"
#include "lamina/Pass/PassManager.h"
#include "lamina/Pass/PassTable.h"

namespace lamina {

#define LAMINA_PASS_TABLE "lamina/Dialect/GPU/Passes.def"
#include "lamina/Pass/PassTableDecls.inc"

namespace gpu {

/// Registers every pass of Passes.def.
void registerGPUPasses();

/// Clones into the body of `launchOp` the ops defining values it uses from
/// above for which `isSinkingBeneficiary` holds, when their own operands are
/// available in the body (or can be made so by sinking), as MLIR's
/// sinkOperationsIntoLaunchOp. Uses inside the body take the clones.
LogicalResult sinkOperationsIntoLaunchOp(Operation *launchOp, function_ref<bool(Operation *)> isSinkingBeneficiary);

} // namespace gpu
} // namespace lamina
