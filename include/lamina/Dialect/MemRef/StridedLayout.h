//===- StridedLayout.h - Strides, offsets and rank reduction of memrefs ---===//
//
// The layout arithmetic the memref verifiers share, as MLIR defines it in
// BuiltinTypes.cpp (getStridesAndOffset, canonicalizeStridedLayout,
// makeCanonicalStridedLayoutExpr, computeRankReductionMask,
// isRankReducedType) and Utils (SaturatedInteger).
//
#pragma once

#include "lamina/IR/AffineExpr.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/Support/LogicalResult.h"

#include <optional>
#include <vector>

namespace lamina {
namespace memref {

/// An int64 where ShapedType::kDynamic is "unknown" and absorbs every
/// operation except multiplication by a static 0 (MLIR's SaturatedInteger).
struct SaturatedInteger {
  bool saturated = false;
  int64_t v = 0;

  static SaturatedInteger wrap(int64_t value) {
    return ShapedType::isDynamic(value) ? SaturatedInteger{true, 0} : SaturatedInteger{false, value};
  }
  int64_t asInteger() const { return saturated ? ShapedType::kDynamic : v; }
  SaturatedInteger operator+(SaturatedInteger other) const {
    if (saturated || other.saturated)
      return {true, 0};
    return {false, int64_t(uint64_t(v) + uint64_t(other.v))};
  }
  SaturatedInteger operator*(SaturatedInteger other) const {
    if (!other.saturated && other.v == 0)
      return {false, 0};
    if (!saturated && v == 0)
      return {false, 0};
    if (saturated || other.saturated)
      return {true, 0};
    return {false, int64_t(uint64_t(v) * uint64_t(other.v))};
  }
  bool operator==(SaturatedInteger other) const {
    return saturated == other.saturated && (saturated || v == other.v);
  }
  bool operator!=(SaturatedInteger other) const { return !(*this == other); }
};

/// The canonical (row-major) strided expression for `sizes`:
/// `d0 * (s1*...) + ... + dn`, with a fresh symbol for every stride after a
/// dynamic or zero size.
AffineExpr makeCanonicalStridedLayoutExpr(ArrayRef<int64_t> sizes, MLIRContext *ctx);

/// The strides and offset of `type` (kDynamic where unknown); fails when the
/// layout is not strided.
LogicalResult getStridesAndOffset(MemRefType type, std::vector<int64_t> &strides, int64_t &offset);

/// Whether `type` has a strided layout.
bool isStrided(MemRefType type);

/// `type` with its layout simplified, or without layout if it is the
/// canonical row-major one (MemRefType::canonicalizeStridedLayout).
MemRefType canonicalizeStridedLayout(MemRefType type);

/// `type` with another shape (and the same element type, layout and memory
/// space).
MemRefType withShape(MemRefType type, ArrayRef<int64_t> shape);
/// `type` with another layout (null: identity).
MemRefType withLayout(MemRefType type, Attribute layout);

/// The dimensions of `originalShape` dropped to obtain `reducedShape` (which
/// must only drop 1s), or nullopt. `matchDynamic` lets dynamic sizes match.
std::optional<std::vector<bool>> computeRankReductionMask(ArrayRef<int64_t> originalShape,
                                                          ArrayRef<int64_t> reducedShape,
                                                          bool matchDynamic = false);

/// The result of checking a candidate rank-reduced type (MLIR's
/// SliceVerificationResult).
enum class SliceVerificationResult {
  Success,
  RankTooLarge,
  SizeMismatch,
  ElemTypeMismatch,
  MemSpaceMismatch,
  LayoutMismatch
};

/// Whether `candidateReducedType` is `originalType` with some unit
/// dimensions dropped (rank, sizes and element type only).
SliceVerificationResult isRankReducedType(ShapedType originalType, ShapedType candidateReducedType);

} // namespace memref
} // namespace lamina
