//===- StridedLayout.cpp - Strides, offsets and rank reduction of memrefs -===//
//
// Follows MLIR's BuiltinTypes.cpp: a layout is strided when its affine map
// has one result of the form `sum(d_i * stride_i) + offset` (strides and
// offset symbolic or constant); identity layouts get the canonical
// row-major strides.
//
#include "lamina/Dialect/MemRef/StridedLayout.h"

#include "lamina/IR/AffineMap.h"
#include "lamina/IR/BuiltinAttributes.h"

using namespace lamina;
using namespace lamina::memref;

AffineExpr memref::makeCanonicalStridedLayoutExpr(ArrayRef<int64_t> sizes, MLIRContext *ctx) {
  if (sizes.empty())
    return getAffineConstantExpr(0, ctx);
  unsigned numDims = sizes.size();
  unsigned numSymbols = 0;
  AffineExpr expr;
  bool dynamicPoisonBit = false;
  int64_t runningSize = 1;
  for (size_t i = sizes.size(); i-- > 0;) {
    int64_t size = sizes[i];
    AffineExpr dimExpr = getAffineDimExpr(i, ctx);
    AffineExpr stride =
        dynamicPoisonBit ? getAffineSymbolExpr(numSymbols++, ctx) : getAffineConstantExpr(runningSize, ctx);
    expr = expr ? expr + dimExpr * stride : dimExpr * stride;
    if (size > 0)
      runningSize = int64_t(uint64_t(runningSize) * uint64_t(size));
    else
      dynamicPoisonBit = true;
  }
  return simplifyAffineExpr(expr, numDims, numSymbols);
}

namespace {
/// One pending term of the stride extraction: `expr * factor`.
struct StrideTerm {
  AffineExpr expr;
  AffineExpr factor;
};
} // namespace

/// Splits `root` (a sum of products) into per-dimension strides and an
/// offset, as MLIR's extractStrides. Uses a worklist: the expression depth
/// is controlled by the input.
static LogicalResult extractStrides(AffineExpr root, AffineExpr one, std::vector<AffineExpr> &strides,
                                    AffineExpr &offset) {
  std::vector<StrideTerm> worklist;
  worklist.push_back({root, one});
  bool ok = true;
  while (!worklist.empty()) {
    StrideTerm term = worklist.back();
    worklist.pop_back();
    AffineExpr e = term.expr;
    auto bin = dyn_cast<AffineBinaryOpExpr>(e);
    if (!bin) {
      if (auto dim = dyn_cast<AffineDimExpr>(e))
        strides[dim.getPosition()] = strides[dim.getPosition()] + term.factor;
      else
        offset = offset + e * term.factor;
      continue;
    }
    AffineExprKind kind = e.getKind();
    if (kind == AffineExprKind::CeilDiv || kind == AffineExprKind::FloorDiv || kind == AffineExprKind::Mod) {
      ok = false;
      continue;
    }
    if (kind == AffineExprKind::Mul) {
      if (auto dim = dyn_cast<AffineDimExpr>(bin.getLHS())) {
        strides[dim.getPosition()] = strides[dim.getPosition()] + bin.getRHS() * term.factor;
        continue;
      }
      if (bin.getLHS().isSymbolicOrConstant())
        worklist.push_back({bin.getRHS(), term.factor * bin.getLHS()});
      else
        worklist.push_back({bin.getLHS(), term.factor * bin.getRHS()});
      continue;
    }
    // Add: MLIR visits the LHS first; push the RHS first so it pops second.
    worklist.push_back({bin.getRHS(), term.factor});
    worklist.push_back({bin.getLHS(), term.factor});
  }
  return success(ok);
}

static LogicalResult getStridesAndOffsetExprs(AffineMap m, ArrayRef<int64_t> shape, std::vector<AffineExpr> &strides,
                                              AffineExpr &offset) {
  if (m.getNumResults() != 1 && !m.isIdentity())
    return failure();
  MLIRContext *ctx = m.getContext();
  AffineExpr zero = getAffineConstantExpr(0, ctx);
  AffineExpr one = getAffineConstantExpr(1, ctx);
  offset = zero;
  strides.assign(shape.size(), zero);
  if (m.isIdentity()) {
    if (shape.empty())
      return success();
    AffineExpr stridedExpr = makeCanonicalStridedLayoutExpr(shape, ctx);
    return extractStrides(stridedExpr, one, strides, offset);
  }
  AffineExpr stridedExpr = simplifyAffineExpr(m.getResult(0), m.getNumDims(), m.getNumSymbols());
  if (failed(extractStrides(stridedExpr, one, strides, offset))) {
    offset = AffineExpr();
    strides.clear();
    return failure();
  }
  offset = simplifyAffineExpr(offset, m.getNumDims(), m.getNumSymbols());
  for (AffineExpr &stride : strides)
    stride = simplifyAffineExpr(stride, m.getNumDims(), m.getNumSymbols());
  return success();
}

LogicalResult memref::getStridesAndOffset(MemRefType type, std::vector<int64_t> &strides, int64_t &offset) {
  strides.clear();
  if (auto strided = dyn_cast<StridedLayoutAttr>(type.getLayout())) {
    ArrayRef<int64_t> s = strided.getStrides();
    strides.assign(s.begin(), s.end());
    offset = strided.getOffset();
    return success();
  }
  AffineMap map = type.getLayoutMap();
  if (map.isIdentity()) {
    // The canonical row-major strides, as extracted from
    // makeCanonicalStridedLayoutExpr: every stride after a dynamic or zero
    // size is unknown.
    ArrayRef<int64_t> shape = type.getShape();
    strides.assign(shape.size(), 0);
    bool dynamicPoisonBit = false;
    int64_t runningSize = 1;
    for (size_t i = shape.size(); i-- > 0;) {
      strides[i] = dynamicPoisonBit ? ShapedType::kDynamic : runningSize;
      if (shape[i] > 0)
        runningSize = int64_t(uint64_t(runningSize) * uint64_t(shape[i]));
      else
        dynamicPoisonBit = true;
    }
    offset = 0;
    return success();
  }
  AffineExpr offsetExpr;
  std::vector<AffineExpr> strideExprs;
  if (failed(getStridesAndOffsetExprs(map, type.getShape(), strideExprs, offsetExpr)))
    return failure();
  if (auto cst = dyn_cast<AffineConstantExpr>(offsetExpr))
    offset = cst.getValue();
  else
    offset = ShapedType::kDynamic;
  for (AffineExpr e : strideExprs) {
    if (auto c = dyn_cast<AffineConstantExpr>(e))
      strides.push_back(c.getValue());
    else
      strides.push_back(ShapedType::kDynamic);
  }
  return success();
}

bool memref::isStrided(MemRefType type) {
  std::vector<int64_t> strides;
  int64_t offset;
  return succeeded(getStridesAndOffset(type, strides, offset));
}

MemRefType memref::withShape(MemRefType type, ArrayRef<int64_t> shape) {
  return MemRefType::get(shape, type.getElementType(), type.getLayout(), type.getMemorySpace());
}

MemRefType memref::withLayout(MemRefType type, Attribute layout) {
  return MemRefType::get(type.getShape(), type.getElementType(), layout, type.getMemorySpace());
}

MemRefType memref::canonicalizeStridedLayout(MemRefType type) {
  AffineMap m = type.getLayoutMap();
  if (m.isIdentity())
    return type;
  if (m.getNumResults() > 1)
    return type;
  if (m.getNumDims() == 0 && m.getNumSymbols() == 0) {
    if (auto cst = dyn_cast<AffineConstantExpr>(m.getResult(0)))
      if (cst.getValue() == 0)
        return withLayout(type, Attribute());
    return type;
  }
  if (type.getShape().empty())
    return type;
  AffineExpr expr = makeCanonicalStridedLayoutExpr(type.getShape(), type.getContext());
  AffineExpr simplified = simplifyAffineExpr(m.getResult(0), m.getNumDims(), m.getNumSymbols());
  if (expr != simplified)
    return withLayout(type, AffineMapAttr::get(AffineMap::get(m.getNumDims(), m.getNumSymbols(), simplified)));
  return withLayout(type, Attribute());
}

std::optional<std::vector<bool>> memref::computeRankReductionMask(ArrayRef<int64_t> originalShape,
                                                                  ArrayRef<int64_t> reducedShape, bool matchDynamic) {
  size_t originalRank = originalShape.size(), reducedRank = reducedShape.size();
  std::vector<bool> unusedDims(originalRank, false);
  size_t reducedIdx = 0;
  for (size_t originalIdx = 0; originalIdx < originalRank; ++originalIdx) {
    int64_t origSize = originalShape[originalIdx];
    if (matchDynamic && reducedIdx < reducedRank && origSize != 1 &&
        (ShapedType::isDynamic(reducedShape[reducedIdx]) || ShapedType::isDynamic(origSize))) {
      reducedIdx++;
      continue;
    }
    if (reducedIdx < reducedRank && origSize == reducedShape[reducedIdx]) {
      reducedIdx++;
      continue;
    }
    unusedDims[originalIdx] = true;
    if (origSize != 1)
      return std::nullopt;
  }
  if (reducedIdx != reducedRank)
    return std::nullopt;
  return unusedDims;
}

SliceVerificationResult memref::isRankReducedType(ShapedType originalType, ShapedType candidateReducedType) {
  if (originalType == candidateReducedType)
    return SliceVerificationResult::Success;
  ArrayRef<int64_t> originalShape = originalType.getShape();
  ArrayRef<int64_t> candidateShape = candidateReducedType.getShape();
  if (candidateShape.size() > originalShape.size())
    return SliceVerificationResult::RankTooLarge;
  if (!computeRankReductionMask(originalShape, candidateShape))
    return SliceVerificationResult::SizeMismatch;
  if (originalType.getElementType() != candidateReducedType.getElementType())
    return SliceVerificationResult::ElemTypeMismatch;
  return SliceVerificationResult::Success;
}
