//===- Passes.h - The memref passes ----------------------------------------===//
//
// The passes of MLIR's Dialect/MemRef/Transforms/Passes.td that Lamina
// implements, declared in Passes.def; registerMemRefPasses() makes them
// available to pipelines and as command-line flags.
//
#pragma once

#include "lamina/Dialect/MemRef/MemRefDialect.h"
#include "lamina/IR/PatternMatch.h"
#include "lamina/Pass/PassManager.h"
#include "lamina/Pass/PassTable.h"

namespace lamina {

#define LAMINA_PASS_TABLE "lamina/Dialect/MemRef/Passes.def"
#include "lamina/Pass/PassTableDecls.inc"

namespace memref {

/// Registers every pass of Passes.def.
void registerMemRefPasses();

/// The patterns of fold-memref-alias-ops: loads and stores through
/// subview, expand_shape and collapse_shape access the view's source, and a
/// subview of a unit-stride subview becomes one subview.
void populateFoldMemRefAliasOpPatterns(RewritePatternSet &patterns);

/// The patterns of expand-strided-metadata: views become reinterpret_casts
/// of their source's base buffer and extract_strided_metadata reads the
/// metadata of the ops that define its operand.
void populateExpandStridedMetadataPatterns(RewritePatternSet &patterns);

} // namespace memref
} // namespace lamina
