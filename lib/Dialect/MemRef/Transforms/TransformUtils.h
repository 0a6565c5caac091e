//===- TransformUtils.h - Helpers of the memref passes ----------*- C++ -*-===//
//
// What fold-memref-alias-ops and expand-strided-metadata share: MLIR's
// makeComposedFoldedAffineApply and getValueOrCreateConstantIndexOp inside
// a pattern.
//
#pragma once

#include "lamina/IR/AffineMap.h"
#include "lamina/IR/OpFoldResult.h"
#include "lamina/IR/PatternMatch.h"

namespace lamina {
namespace memref {

/// MLIR's makeComposedFoldedAffineApply of the single-result `map`:
/// attribute operands folded into the map, the affine.apply ops producing
/// operands composed in; the affine.apply is kept (and the rewriter told)
/// unless it folds.
OpFoldResult composedFoldedApply(PatternRewriter &rewriter, Location loc, AffineMap map,
                                 ArrayRef<OpFoldResult> operands);
/// getValueOrCreateConstantIndexOp.
Value valueOrConstant(PatternRewriter &rewriter, Location loc, OpFoldResult ofr);

} // namespace memref
} // namespace lamina
