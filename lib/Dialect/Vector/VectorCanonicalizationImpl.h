//===- VectorCanonicalizationImpl.h - Vector patterns kept apart -----------===//
//
// Canonicalization patterns of the vector ops that live in
// VectorMaskSlicePatterns.cpp (masks through shape_cast and transpose,
// strided slices); VectorCanonicalization.cpp registers them in MLIR's
// order.
//
#pragma once

#include "lamina/IR/OpFoldResult.h"
#include "lamina/IR/PatternMatch.h"

namespace lamina {
namespace vector {
namespace canon {

/// FoldTransposeCreateMask: transpose(create_mask / constant_mask) -> the
/// mask of permuted sizes.
LogicalResult foldTransposeCreateMask(Operation *op, PatternRewriter &rewriter);
/// ShapeCastCreateMaskFolderTrailingOneDim: shape_cast dropping trailing unit
/// dimensions of a mask whose sizes there are 1 -> the smaller mask.
LogicalResult shapeCastCreateMaskFolderTrailingOneDim(Operation *op, PatternRewriter &rewriter);
/// ContiguousExtractStridedSliceToExtract: a slice of unit outer sizes and
/// full inner ones -> extract + shape_cast.
LogicalResult contiguousExtractStridedSliceToExtract(Operation *op, PatternRewriter &rewriter);
/// InsertStridedSliceConstantFolder: a constant slice inserted into a
/// constant -> arith.constant.
LogicalResult insertStridedSliceConstantFolder(Operation *op, PatternRewriter &rewriter);

/// ShuffleOp::fold: a shuffle selecting one operand whole, of poison
/// operands, or of 1-D constants.
OpFoldResult foldShuffle(Operation *op, ArrayRef<Attribute> operands);
/// ShuffleInterleave: an interleaving shuffle -> vector.interleave.
LogicalResult shuffleInterleave(Operation *op, PatternRewriter &rewriter);
/// Canonicalize0DShuffleOp: a shuffle of 0-D vectors -> broadcast.
LogicalResult canonicalize0DShuffle(Operation *op, PatternRewriter &rewriter);

/// foldRAW: a transfer_read of a tensor just written at the same place (no
/// mask, in bounds) is the written vector; null otherwise.
Value foldReadAfterWrite(Operation *read);
/// foldReadInitWrite and foldWAR: a transfer_write of a transfer_read of the
/// same place (or of a whole tensor) is that tensor; null otherwise.
Value foldWriteOfRead(Operation *write);
/// FoldWaw: a transfer_write overwriting an earlier one at the same place
/// writes into that one's destination.
LogicalResult foldWaw(Operation *op, PatternRewriter &rewriter);

} // namespace canon
} // namespace vector
} // namespace lamina
