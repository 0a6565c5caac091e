//===- MemRefFoldUtils.h - Helpers of the memref folders and patterns -----===//
//
// What the memref folders (MemRefFolders.cpp) and canonicalization patterns
// (MemRefCanonicalization.cpp) share, after MLIR's StaticValueUtils,
// ReshapeOpsUtils and the static helpers of MemRefOps.cpp: mixed
// static/dynamic index lists (OpFoldResult), the pieces of the view ops
// (offsets, sizes, strides, reassociations), result type inference of
// subview / collapse_shape / expand_shape, and builders of the ops the
// patterns create.
//
#pragma once

#include "MemRefOpsImpl.h"

#include "lamina/Dialect/MemRef/StridedLayout.h"
#include "lamina/IR/Builders.h"

#include <optional>
#include <vector>

namespace lamina {

class PatternRewriter;

namespace memref {
namespace utils {

using Reassociation = std::vector<std::vector<int64_t>>;

//===----------------------------------------------------------------------===//
// Mixed static/dynamic values (StaticValueUtils)
//===----------------------------------------------------------------------===//

/// The integer of a constant value or of an IntegerAttr (getConstantIntValue).
std::optional<int64_t> getConstantIntValue(OpFoldResult ofr);
inline bool isConstantIntValue(OpFoldResult ofr, int64_t value) { return getConstantIntValue(ofr) == value; }
/// The constant attribute of `v`, or `v` itself (getAsOpFoldResult).
OpFoldResult getAsOpFoldResult(Value v);
/// One entry per element of `statics`: an i64 IntegerAttr for a static
/// entry, the next of `dynamics` for kDynamic (getMixedValues).
std::vector<OpFoldResult> getMixedValues(ArrayRef<int64_t> statics, OperandRange dynamics, MLIRContext *ctx);
/// Splits mixed values into their SSA values and static list (kDynamic
/// where a value stands).
void dispatchIndexOpFoldResults(ArrayRef<OpFoldResult> ofrs, std::vector<Value> &dynamics,
                                std::vector<int64_t> &statics);
/// Replaces the constant values of `ofrs` by their attributes, except
/// negative ones (`onlyNonNegative`) or zeros (`onlyNonZero`); succeeds if
/// any was replaced (foldDynamicIndexList).
LogicalResult foldDynamicIndexList(std::vector<OpFoldResult> &ofrs, bool onlyNonNegative = false,
                                   bool onlyNonZero = false);
/// Static entries of `values` become index attributes; dynamic ones become
/// their constant (as an index attribute) when they have one
/// (constifyIndexValues).
void constifyIndexValues(std::vector<OpFoldResult> &values, ArrayRef<int64_t> constValues, MLIRContext *ctx);
/// Whether two lists are equal entry by entry (same attribute or value).
bool equalOpFoldResults(ArrayRef<OpFoldResult> a, ArrayRef<OpFoldResult> b);
/// The static parts of an offsets/sizes/strides access stay inside `shape`
/// (verifyInBoundsSlice without the message).
bool isInBoundsSlice(ArrayRef<int64_t> shape, ArrayRef<int64_t> offsets, ArrayRef<int64_t> sizes,
                     ArrayRef<int64_t> strides);

//===----------------------------------------------------------------------===//
// Op pieces
//===----------------------------------------------------------------------===//

/// The mixed offsets, sizes and strides of subview / reinterpret_cast
/// (operand groups 1-3 and their static lists).
std::vector<OpFoldResult> getMixedOffsets(Operation *op);
std::vector<OpFoldResult> getMixedSizes(Operation *op);
std::vector<OpFoldResult> getMixedStrides(Operation *op);
/// The reassociation groups of expand_shape / collapse_shape.
Reassociation getReassociationIndices(Operation *op);

/// CastOp::canFoldIntoConsumerOp: the cast only makes static information
/// dynamic (ranked strided memrefs of one element type and rank).
bool canFoldCastIntoConsumerOp(Operation *castOp);
/// CastOp::areCastCompatible.
bool areCastCompatible(Type a, Type b);
/// MLIR's memref::foldMemRefCast: replaces every operand (but `inner`)
/// defined by a memref.cast of a ranked memref with the cast's source.
LogicalResult foldMemRefCast(Operation *op, Value inner = Value());

/// SubViewOp::inferResultType (static form).
MemRefType inferSubViewResultType(MemRefType sourceType, ArrayRef<int64_t> staticOffsets,
                                  ArrayRef<int64_t> staticSizes, ArrayRef<int64_t> staticStrides);
/// computeMemRefRankReductionMask: the dimensions of `originalType` dropped
/// in `reducedType` (`staticSizes` tells which sizes are a static 1).
FailureOr<std::vector<bool>> computeMemRefRankReductionMask(MemRefType originalType, MemRefType reducedType,
                                                            ArrayRef<int64_t> staticSizes);
/// SubViewOp::getDroppedDims.
std::vector<bool> getSubViewDroppedDims(Operation *subview);
/// CollapseShapeOp::computeCollapsedType.
MemRefType computeCollapsedType(MemRefType srcType, const Reassociation &reassociation);
/// TransposeOp's result type inference (sizes and strides permuted).
MemRefType inferTransposeResultType(MemRefType memRefType, AffineMap permutationMap);

//===----------------------------------------------------------------------===//
// Reassociations (ReshapeOpsUtils)
//===----------------------------------------------------------------------===//

/// composeReassociationIndices: the reassociation of two collapses (or two
/// expansions) in a row, or nullopt.
std::optional<Reassociation> composeReassociationIndices(const Reassociation &producer,
                                                         const Reassociation &consumer);
/// getReassociationIndicesForCollapse: how `sourceShape` collapses to
/// `targetShape`, or nullopt (ambiguous or impossible).
std::optional<Reassociation> getReassociationIndicesForCollapse(ArrayRef<int64_t> sourceShape,
                                                                ArrayRef<int64_t> targetShape);
/// hasNonIdentityLayout.
bool hasNonIdentityLayout(Type type);

//===----------------------------------------------------------------------===//
// Reshape patterns shared with tensor (ReshapeOpsUtils.cpp)
//===----------------------------------------------------------------------===//

/// ComposeReassociativeReshapeOps: collapse(collapse(x)) or
/// expand(expand(x)) in one op (identity layouts only).
template <bool Expand> LogicalResult composeReassociativeReshapeOps(Operation *op, PatternRewriter &rewriter);
/// ComposeCollapseOfExpandOp: collapse(expand(x)) as one collapse, one
/// expand, or a cast when the ranks are equal.
LogicalResult composeCollapseOfExpand(Operation *collapseOp, PatternRewriter &rewriter);
/// ComposeExpandOfCollapseOp: expand(collapse(x)) as one collapse or one
/// expand (identity layouts only).
LogicalResult composeExpandOfCollapse(Operation *expandOp, PatternRewriter &rewriter);

//===----------------------------------------------------------------------===//
// Builders
//===----------------------------------------------------------------------===//

/// arith.constant of index type.
Value buildConstantIndex(OpBuilder &b, Location loc, int64_t value);
/// memref.cast %source to `type` (tensor.cast for a tensor type).
Value buildCast(OpBuilder &b, Location loc, Type type, Value source);
/// memref.subview with mixed offsets, sizes and strides.
Value buildSubView(OpBuilder &b, Location loc, MemRefType resultType, Value source, ArrayRef<OpFoldResult> offsets,
                   ArrayRef<OpFoldResult> sizes, ArrayRef<OpFoldResult> strides);
/// memref.reinterpret_cast with mixed offset, sizes and strides; a null
/// `resultType` is inferred (strided layout from the static values).
Value buildReinterpretCast(OpBuilder &b, Location loc, MemRefType resultType, Value source, OpFoldResult offset,
                           ArrayRef<OpFoldResult> sizes, ArrayRef<OpFoldResult> strides);
/// memref.collapse_shape / memref.expand_shape (the tensor ops for a
/// tensor result type).
Value buildCollapseShape(OpBuilder &b, Location loc, Type resultType, Value src, const Reassociation &reassociation);
Value buildExpandShape(OpBuilder &b, Location loc, Type resultType, Value src, const Reassociation &reassociation,
                       ArrayRef<OpFoldResult> outputShape);

} // namespace utils
} // namespace memref
} // namespace lamina
