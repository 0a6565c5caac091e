//===- Passes.h - The bufferization passes --------------------------------===//
//
// The passes of MLIR's Bufferization/Transforms, declared in Passes.def.
//
#pragma once

#include "lamina/Dialect/Func/FuncDialect.h"
#include "lamina/IR/BuiltinOps.h"
#include "lamina/Pass/PassManager.h"
#include "lamina/Pass/PassTable.h"

namespace lamina {
namespace bufferization {
/// How tensors at function boundaries (and of unknown ops) become memrefs.
enum class LayoutMapOption { InferLayoutMap, IdentityLayoutMap, FullyDynamicLayoutMap };
} // namespace bufferization

using bufferization::LayoutMapOption;

#define LAMINA_PASS_TABLE "lamina/Dialect/Bufferization/Transforms/Passes.def"
#include "lamina/Pass/PassTableDecls.inc"

/// Registers every pass of Passes.def and `buffer-deallocation-pipeline`.
void registerBufferizationPasses();
/// Registers `buffer-deallocation-pipeline` (MLIR's
/// buildBufferDeallocationPipeline).
void registerBufferDeallocationPipeline();

} // namespace lamina
