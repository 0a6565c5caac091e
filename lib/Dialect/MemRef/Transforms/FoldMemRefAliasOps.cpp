//===- FoldMemRefAliasOps.cpp - Accesses through views on their source -----===//
//
// fold-memref-alias-ops (MLIR 22's FoldMemRefAliasOpsPass): a load or store
// through a memref.subview, memref.expand_shape or memref.collapse_shape
// accesses the view's source instead, at indices computed from the view
// (affine.apply of offset + index * stride for a subview,
// affine.linearize_index for an expand_shape, affine.delinearize_index for a
// collapse_shape); a subview of a unit-stride subview becomes one subview.
// The accesses: memref.load/store, vector.load/store/maskedload/maskedstore,
// vector.transfer_read/write (subviews of unit stride, in-bounds transfers),
// gpu.subgroup_mma_load/store_matrix and nvgpu.ldmatrix (subviews).
// The patterns run in the greedy driver, which folds as it goes.
//
#include "lamina/Dialect/MemRef/Passes.h"

#include "../MemRefFoldUtils.h"
#include "TransformUtils.h"

#include "lamina/Dialect/Affine/AffineDialect.h"
#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/Dialect/Vector/VectorDialect.h"
#include "lamina/IR/MLIRContext.h"
#include "lamina/IR/Matchers.h"
#include "lamina/Rewrite/GreedyPatternRewriteDriver.h"

#include <optional>
#include <string_view>
#include <vector>

using namespace lamina;
using namespace lamina::memref;

namespace {

/// Where an access op keeps its memref and indices.
struct AccessLayout {
  unsigned memrefIndex;
  unsigned firstIndex;
  unsigned numIndices;
  /// The operandSegmentSizes entry of the indices, or -1.
  int segment;
};

enum class AccessKind { MemRefLoad, MemRefStore, VectorLoad, VectorStore, MaskedLoad, MaskedStore, TransferRead,
                        TransferWrite, MmaLoad, MmaStore, LdMatrix };

std::optional<AccessKind> getAccessKind(Operation *op) {
  std::string_view name = op->getName().getStringRef();
  if (name == "memref.load")
    return AccessKind::MemRefLoad;
  if (name == "memref.store")
    return AccessKind::MemRefStore;
  if (name == "vector.load")
    return AccessKind::VectorLoad;
  if (name == "vector.store")
    return AccessKind::VectorStore;
  if (name == "vector.maskedload")
    return AccessKind::MaskedLoad;
  if (name == "vector.maskedstore")
    return AccessKind::MaskedStore;
  if (name == "vector.transfer_read")
    return AccessKind::TransferRead;
  if (name == "vector.transfer_write")
    return AccessKind::TransferWrite;
  if (name == "gpu.subgroup_mma_load_matrix")
    return AccessKind::MmaLoad;
  if (name == "gpu.subgroup_mma_store_matrix")
    return AccessKind::MmaStore;
  if (name == "nvgpu.ldmatrix")
    return AccessKind::LdMatrix;
  return std::nullopt;
}

std::optional<AccessLayout> getAccessLayout(Operation *op, AccessKind kind) {
  unsigned n = op->getNumOperands();
  auto segmentOf = [&](unsigned segment, unsigned &first, unsigned &count) -> bool {
    auto sizes = dyn_cast_or_null<DenseI32ArrayAttr>(op->getAttr("operandSegmentSizes"));
    if (!sizes || sizes.size() <= segment)
      return false;
    ArrayRef<int32_t> s = sizes.asArrayRef();
    first = 0;
    for (unsigned i = 0; i < segment; ++i)
      first += unsigned(s[i]);
    count = unsigned(s[segment]);
    return true;
  };
  switch (kind) {
  case AccessKind::MemRefLoad:
  case AccessKind::VectorLoad:
  case AccessKind::MmaLoad:
  case AccessKind::LdMatrix:
    if (n < 1)
      return std::nullopt;
    return AccessLayout{0, 1, n - 1, -1};
  case AccessKind::MemRefStore:
  case AccessKind::VectorStore:
  case AccessKind::MmaStore:
    if (n < 2)
      return std::nullopt;
    return AccessLayout{1, 2, n - 2, -1};
  case AccessKind::MaskedLoad:
  case AccessKind::MaskedStore:
    if (n < 3)
      return std::nullopt;
    return AccessLayout{0, 1, n - 3, -1};
  case AccessKind::TransferRead: {
    unsigned first, count;
    if (!segmentOf(1, first, count))
      return std::nullopt;
    return AccessLayout{0, first, count, 1};
  }
  case AccessKind::TransferWrite: {
    unsigned first, count;
    if (!segmentOf(2, first, count))
      return std::nullopt;
    return AccessLayout{1, first, count, 2};
  }
  }
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Index computations
//===----------------------------------------------------------------------===//

/// MLIR's resolveIndicesIntoOpWithOffsetsAndStrides: offset + index * stride
/// per source dimension (a dropped dimension takes index 0).
void resolveIndicesIntoSubView(PatternRewriter &rewriter, Location loc, ArrayRef<OpFoldResult> offsets,
                               ArrayRef<OpFoldResult> strides, const std::vector<bool> &dropped,
                               ArrayRef<OpFoldResult> consumerIndices, std::vector<Value> &resolved) {
  MLIRContext *ctx = rewriter.getContext();
  AffineExpr off = getAffineSymbolExpr(0, ctx), idx = getAffineSymbolExpr(1, ctx), str = getAffineSymbolExpr(2, ctx);
  AffineMap map = AffineMap::get(0, 3, {off + idx * str}, ctx);
  size_t next = 0;
  for (size_t dim = 0; dim < offsets.size(); ++dim) {
    OpFoldResult index =
        (dim < dropped.size() && dropped[dim]) ? OpFoldResult(rewriter.getIndexAttr(0)) : consumerIndices[next++];
    OpFoldResult ofr = composedFoldedApply(rewriter, loc, map, {offsets[dim], index, strides[dim]});
    resolved.push_back(valueOrConstant(rewriter, loc, ofr));
  }
}

/// A basis as affine.linearize_index/delinearize_index keep it: static
/// values and the dynamic ones as operands.
void dispatchBasis(ArrayRef<OpFoldResult> basis, std::vector<Value> &dynamic, std::vector<int64_t> &staticBasis) {
  for (OpFoldResult ofr : basis) {
    if (std::optional<int64_t> c = utils::getConstantIntValue(ofr)) {
      staticBasis.push_back(*c);
    } else {
      staticBasis.push_back(ShapedType::kDynamic);
      dynamic.push_back(ofr.getValue());
    }
  }
}

/// MLIR's resolveSourceIndicesExpandShape: each group of more than one
/// result dimension is linearized over the group's output shape.
void resolveSourceIndicesExpandShape(PatternRewriter &rewriter, Location loc, Operation *expand, ValueRange indices,
                                     std::vector<Value> &sourceIndices, bool startsInbounds) {
  MLIRContext *ctx = rewriter.getContext();
  auto resultType = cast<MemRefType>(expand->getResult(0).getType());
  // The output shape: static_output_shape with the dynamic values after the
  // source operand.
  std::vector<OpFoldResult> destShape;
  ArrayRef<int64_t> staticShape = memref::impl::staticList(expand, "static_output_shape");
  unsigned nextDynamic = 1;
  for (size_t i = 0; i < size_t(resultType.getRank()); ++i) {
    int64_t s = i < staticShape.size() ? staticShape[i] : resultType.getDimSize(unsigned(i));
    if (ShapedType::isDynamic(s) && nextDynamic < expand->getNumOperands())
      destShape.push_back(expand->getOperand(nextDynamic++));
    else
      destShape.push_back(rewriter.getIndexAttr(s));
  }
  for (const std::vector<int64_t> &group : utils::getReassociationIndices(expand)) {
    if (group.size() == 1) {
      sourceIndices.push_back(indices[size_t(group[0])]);
      continue;
    }
    std::vector<OpFoldResult> basis;
    std::vector<Value> groupIndices;
    for (int64_t d : group) {
      basis.push_back(destShape[size_t(d)]);
      groupIndices.push_back(indices[size_t(d)]);
    }
    // The builder drops a null outer bound only; the full basis is kept.
    std::vector<Value> dynamic;
    std::vector<int64_t> staticBasis;
    dispatchBasis(basis, dynamic, staticBasis);
    OperationState state(loc, "affine.linearize_index");
    state.addOperands(ValueRange(groupIndices));
    state.addOperands(ValueRange(dynamic));
    state.addAttribute("static_basis", DenseI64ArrayAttr::get(ctx, staticBasis));
    if (startsInbounds)
      state.addAttribute("disjoint", UnitAttr::get(ctx));
    state.addAttribute("operandSegmentSizes",
                       DenseI32ArrayAttr::get(ctx, std::vector<int32_t>{int32_t(groupIndices.size()),
                                                                        int32_t(dynamic.size())}));
    state.addType(rewriter.getIndexType());
    sourceIndices.push_back(rewriter.create(state)->getResult(0));
  }
}

/// MLIR's resolveSourceIndicesCollapseShape: each index of a group of more
/// than one source dimension is delinearized over the source sizes (read
/// through memref.extract_strided_metadata).
void resolveSourceIndicesCollapseShape(PatternRewriter &rewriter, Location loc, Operation *collapse,
                                       ValueRange indices, std::vector<Value> &sourceIndices, bool startsInbounds) {
  MLIRContext *ctx = rewriter.getContext();
  Value src = collapse->getOperand(0);
  auto srcType = cast<MemRefType>(src.getType());
  unsigned rank = unsigned(srcType.getRank());
  // memref.extract_strided_metadata: base buffer, offset, sizes, strides.
  OperationState meta(loc, "memref.extract_strided_metadata");
  meta.addOperand(src);
  meta.addType(MemRefType::get(ArrayRef<int64_t>(), srcType.getElementType(), Attribute(), srcType.getMemorySpace()));
  for (unsigned i = 0; i < 1 + 2 * rank; ++i)
    meta.addType(rewriter.getIndexType());
  Operation *metadata = rewriter.create(meta);
  std::vector<OpFoldResult> sourceSizes;
  for (unsigned i = 0; i < rank; ++i) {
    int64_t s = srcType.getDimSize(i);
    if (ShapedType::isDynamic(s))
      sourceSizes.push_back(metadata->getResult(2 + i));
    else
      sourceSizes.push_back(rewriter.getIndexAttr(s));
  }
  utils::Reassociation groups = utils::getReassociationIndices(collapse);
  for (size_t g = 0; g < groups.size() && g < indices.size(); ++g) {
    const std::vector<int64_t> &group = groups[g];
    Value index = indices[g];
    if (group.size() == 1) {
      sourceIndices.push_back(index);
      continue;
    }
    std::vector<OpFoldResult> basis;
    for (size_t i = startsInbounds ? 0 : 1; i < group.size(); ++i)
      basis.push_back(sourceSizes[size_t(group[i])]);
    std::vector<Value> dynamic;
    std::vector<int64_t> staticBasis;
    dispatchBasis(basis, dynamic, staticBasis);
    OperationState state(loc, "affine.delinearize_index");
    state.addOperand(index);
    state.addOperands(ValueRange(dynamic));
    state.addAttribute("static_basis", DenseI64ArrayAttr::get(ctx, staticBasis));
    for (size_t i = 0; i < group.size(); ++i)
      state.addType(rewriter.getIndexType());
    Operation *delinearize = rewriter.create(state);
    for (Value r : delinearize->getResults())
      sourceIndices.push_back(r);
  }
  if (groups.empty()) {
    AffineMap zero = AffineMap::get(0, 0, {getAffineConstantExpr(0, ctx)}, ctx);
    OpFoldResult ofr = composedFoldedApply(rewriter, loc, zero, {});
    for (unsigned i = 0; i < rank; ++i)
      sourceIndices.push_back(valueOrConstant(rewriter, loc, ofr));
  }
}

/// expandDimsToRank: `map` over the non-dropped dimensions of a rank-`rank`
/// space.
AffineMap expandDimsToRank(AffineMap map, unsigned rank, const std::vector<bool> &dropped) {
  MLIRContext *ctx = map.getContext();
  std::vector<AffineExpr> kept;
  for (unsigned i = 0; i < rank; ++i)
    if (!(i < dropped.size() && dropped[i]))
      kept.push_back(getAffineDimExpr(i, ctx));
  AffineMap proj = AffineMap::get(rank, 0, kept, ctx);
  return map.compose(proj);
}

//===----------------------------------------------------------------------===//
// Rebuilding the access
//===----------------------------------------------------------------------===//

/// The access `op` (of `layout`) on `newMemRef` at `newIndices`, keeping the
/// inherent attributes named in `kept` (MLIR's builders drop the others).
Operation *rebuildAccess(PatternRewriter &rewriter, Operation *op, const AccessLayout &layout, Value newMemRef,
                         const std::vector<Value> &newIndices, std::initializer_list<std::string_view> kept,
                         Attribute permutationMap = {}) {
  MLIRContext *ctx = op->getContext();
  OperationState state(op->getLoc(), op->getName().getStringRef());
  for (unsigned i = 0; i < layout.firstIndex; ++i)
    state.addOperand(i == layout.memrefIndex ? newMemRef : op->getOperand(i));
  for (Value v : newIndices)
    state.addOperand(v);
  for (unsigned i = layout.firstIndex + layout.numIndices; i < op->getNumOperands(); ++i)
    state.addOperand(op->getOperand(i));
  for (std::string_view name : kept)
    if (Attribute a = op->getAttr(name))
      state.addAttribute(name, a);
  if (permutationMap)
    state.addAttribute("permutation_map", permutationMap);
  if (layout.segment >= 0) {
    auto sizes = cast<DenseI32ArrayAttr>(op->getAttr("operandSegmentSizes"));
    std::vector<int32_t> s(sizes.asArrayRef().begin(), sizes.asArrayRef().end());
    s[size_t(layout.segment)] = int32_t(newIndices.size());
    state.addAttribute("operandSegmentSizes", DenseI32ArrayAttr::get(ctx, s));
  }
  for (Value r : op->getResults())
    state.addType(r.getType());
  return rewriter.replaceOpWithNewOp(op, state);
}

/// Whether a transfer has a dimension that may be out of bounds (broadcast
/// dimensions are in bounds).
bool hasOutOfBoundsDim(Operation *op) {
  auto inBounds = dyn_cast_or_null<ArrayAttr>(op->getAttr("in_bounds"));
  auto perm = dyn_cast_or_null<AffineMapAttr>(op->getAttr("permutation_map"));
  if (!inBounds)
    return false;
  for (size_t i = 0; i < inBounds.size(); ++i) {
    auto b = dyn_cast<BoolAttr>(inBounds[i]);
    if (b && b.getValue())
      continue;
    if (perm && i < perm.getValue().getNumResults()) {
      AffineExpr e = perm.getValue().getResult(unsigned(i));
      if (auto c = dyn_cast<AffineConstantExpr>(e); c && c.getValue() == 0)
        continue;
    }
    return true;
  }
  return false;
}

bool isConstantOne(OpFoldResult ofr) { return utils::isConstantIntValue(ofr, 1); }

struct AccessOfSubView : RewritePattern {
  explicit AccessOfSubView(MLIRContext *ctx) : RewritePattern(MatchAnyOpTypeTag(), 1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override {
    std::optional<AccessKind> kind = getAccessKind(op);
    if (!kind)
      return failure();
    std::optional<AccessLayout> layout = getAccessLayout(op, *kind);
    if (!layout)
      return failure();
    Operation *subview = op->getOperand(layout->memrefIndex).getDefiningOp();
    if (!subview || subview->getName().getStringRef() != "memref.subview")
      return failure();
    std::vector<OpFoldResult> strides = utils::getMixedStrides(subview);
    bool isTransfer = *kind == AccessKind::TransferRead || *kind == AccessKind::TransferWrite;
    if (isTransfer) {
      if (hasOutOfBoundsDim(op))
        return failure();
      for (const OpFoldResult &s : strides)
        if (!isConstantOne(s))
          return failure();
    }
    std::vector<bool> dropped = utils::getSubViewDroppedDims(subview);
    std::vector<OpFoldResult> indices;
    for (unsigned i = 0; i < layout->numIndices; ++i)
      indices.push_back(op->getOperand(layout->firstIndex + i));
    std::vector<OpFoldResult> offsets = utils::getMixedOffsets(subview);
    if (offsets.size() != strides.size())
      return failure();
    size_t kept = 0;
    for (size_t i = 0; i < offsets.size(); ++i)
      kept += (i < dropped.size() && dropped[i]) ? 0 : 1;
    if (kept != indices.size())
      return failure();
    rewriter.setInsertionPoint(op);
    std::vector<Value> sourceIndices;
    resolveIndicesIntoSubView(rewriter, op->getLoc(), offsets, strides, dropped, indices, sourceIndices);
    Value source = subview->getOperand(0);
    switch (*kind) {
    case AccessKind::MemRefLoad:
    case AccessKind::MemRefStore:
      rebuildAccess(rewriter, op, *layout, source, sourceIndices, {"nontemporal"});
      break;
    case AccessKind::VectorLoad:
    case AccessKind::VectorStore:
    case AccessKind::MaskedLoad:
    case AccessKind::MaskedStore:
      rebuildAccess(rewriter, op, *layout, source, sourceIndices, {});
      break;
    case AccessKind::TransferRead:
    case AccessKind::TransferWrite: {
      auto perm = cast<AffineMapAttr>(op->getAttr("permutation_map")).getValue();
      unsigned rank = unsigned(cast<MemRefType>(source.getType()).getRank());
      rebuildAccess(rewriter, op, *layout, source, sourceIndices, {"in_bounds"},
                    AffineMapAttr::get(expandDimsToRank(perm, rank, dropped)));
      break;
    }
    case AccessKind::MmaLoad:
    case AccessKind::MmaStore:
      rebuildAccess(rewriter, op, *layout, source, sourceIndices, {"leadDimension", "transpose"});
      break;
    case AccessKind::LdMatrix:
      rebuildAccess(rewriter, op, *layout, source, sourceIndices, {"transpose", "numTiles"});
      break;
    }
    return success();
  }
};

struct AccessOfReshape : RewritePattern {
  explicit AccessOfReshape(MLIRContext *ctx) : RewritePattern(MatchAnyOpTypeTag(), 1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override {
    std::optional<AccessKind> kind = getAccessKind(op);
    if (!kind)
      return failure();
    bool isTransferRead = *kind == AccessKind::TransferRead;
    switch (*kind) {
    case AccessKind::MemRefLoad:
    case AccessKind::MemRefStore:
    case AccessKind::VectorLoad:
    case AccessKind::VectorStore:
    case AccessKind::MaskedLoad:
    case AccessKind::MaskedStore:
    case AccessKind::TransferRead:
      break;
    default:
      return failure();
    }
    std::optional<AccessLayout> layout = getAccessLayout(op, *kind);
    if (!layout)
      return failure();
    Operation *view = op->getOperand(layout->memrefIndex).getDefiningOp();
    if (!view)
      return failure();
    std::string_view viewName = view->getName().getStringRef();
    bool isExpand = viewName == "memref.expand_shape";
    if (!isExpand && viewName != "memref.collapse_shape")
      return failure();
    if (!isExpand && isTransferRead)
      return failure();
    ValueRange indices = op->getOperands().slice(layout->firstIndex, layout->numIndices);
    // Expansions of memref.load/store start in bounds (the linearization is
    // disjoint); MLIR 22 delinearizes every collapse with its outer bound.
    bool startsInbounds = !isExpand || *kind == AccessKind::MemRefLoad || *kind == AccessKind::MemRefStore;
    rewriter.setInsertionPoint(op);
    std::vector<Value> sourceIndices;
    if (isExpand)
      resolveSourceIndicesExpandShape(rewriter, op->getLoc(), view, indices, sourceIndices, startsInbounds);
    else
      resolveSourceIndicesCollapseShape(rewriter, op->getLoc(), view, indices, sourceIndices, startsInbounds);
    Value source = view->getOperand(0);
    switch (*kind) {
    case AccessKind::MemRefLoad:
    case AccessKind::MemRefStore:
    case AccessKind::VectorLoad:
    case AccessKind::VectorStore:
      rebuildAccess(rewriter, op, *layout, source, sourceIndices, {"nontemporal"});
      break;
    case AccessKind::MaskedLoad:
    case AccessKind::MaskedStore:
      rebuildAccess(rewriter, op, *layout, source, sourceIndices, {});
      break;
    case AccessKind::TransferRead: {
      // Minor identity permutation maps only, and a source rank at least
      // the vector's.
      auto perm = cast<AffineMapAttr>(op->getAttr("permutation_map")).getValue();
      if (!perm.isMinorIdentity())
        return failure();
      unsigned sourceRank = unsigned(sourceIndices.size());
      unsigned vectorRank = unsigned(cast<ShapedType>(op->getResult(0).getType()).getRank());
      if (sourceRank < vectorRank)
        return failure();
      rebuildAccess(rewriter, op, *layout, source, sourceIndices, {"in_bounds"},
                    AffineMapAttr::get(AffineMap::getMinorIdentityMap(sourceRank, vectorRank, op->getContext())));
      break;
    }
    default:
      break;
    }
    return success();
  }
};

/// subview(subview(x)), both of unit strides, as one subview of x.
struct SubViewOfSubView : RewritePattern {
  explicit SubViewOfSubView(MLIRContext *ctx) : RewritePattern("memref.subview", 1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override {
    Operation *src = op->getOperand(0).getDefiningOp();
    if (!src || src->getName().getStringRef() != "memref.subview")
      return failure();
    std::vector<OpFoldResult> strides = utils::getMixedStrides(op);
    std::vector<OpFoldResult> srcStrides = utils::getMixedStrides(src);
    for (const OpFoldResult &s : strides)
      if (!isConstantOne(s))
        return failure();
    for (const OpFoldResult &s : srcStrides)
      if (!isConstantOne(s))
        return failure();
    std::vector<bool> srcDropped = utils::getSubViewDroppedDims(src);
    std::vector<OpFoldResult> sizes = utils::getMixedSizes(op), srcSizes = utils::getMixedSizes(src);
    std::vector<OpFoldResult> offsets = utils::getMixedOffsets(op), srcOffsets = utils::getMixedOffsets(src);
    // resolveSizesIntoOpWithSizes.
    std::vector<OpFoldResult> resolvedSizes;
    size_t dim = 0;
    for (size_t i = 0; i < srcSizes.size(); ++i) {
      if (i < srcDropped.size() && srcDropped[i]) {
        resolvedSizes.push_back(srcSizes[i]);
        continue;
      }
      if (dim >= sizes.size())
        return failure();
      resolvedSizes.push_back(sizes[dim++]);
    }
    rewriter.setInsertionPoint(op);
    std::vector<Value> resolvedOffsets;
    resolveIndicesIntoSubView(rewriter, op->getLoc(), srcOffsets, srcStrides, srcDropped, offsets,
                              resolvedOffsets);
    std::vector<OpFoldResult> offsetOfrs;
    for (Value v : resolvedOffsets)
      offsetOfrs.push_back(utils::getAsOpFoldResult(v));
    Value replacement = utils::buildSubView(rewriter, op->getLoc(), cast<MemRefType>(op->getResult(0).getType()),
                                            src->getOperand(0), offsetOfrs, resolvedSizes, srcStrides);
    rewriter.replaceOp(op, ValueRange(replacement));
    return success();
  }
};

/// nvgpu.device_async_copy from or to subviews copies from or to their
/// sources (the source's indices resolved first).
struct AsyncCopyOfSubView : RewritePattern {
  explicit AsyncCopyOfSubView(MLIRContext *ctx) : RewritePattern("nvgpu.device_async_copy", 1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override {
    auto sizes = dyn_cast_or_null<DenseI32ArrayAttr>(op->getAttr("operandSegmentSizes"));
    if (!sizes || sizes.size() != 5)
      return failure();
    ArrayRef<int32_t> seg = sizes.asArrayRef();
    unsigned dstPos = 0, dstIdx = 1, srcPos = 1 + unsigned(seg[1]), srcIdx = srcPos + 1;
    auto subviewOf = [&](unsigned pos) -> Operation * {
      Operation *def = op->getOperand(pos).getDefiningOp();
      return def && def->getName().getStringRef() == "memref.subview" ? def : nullptr;
    };
    Operation *srcSubView = subviewOf(srcPos), *dstSubView = subviewOf(dstPos);
    if (!srcSubView && !dstSubView)
      return failure();
    auto resolve = [&](Operation *subview, unsigned first, unsigned count, std::vector<Value> &out) -> bool {
      if (!subview) {
        for (unsigned i = 0; i < count; ++i)
          out.push_back(op->getOperand(first + i));
        return true;
      }
      std::vector<OpFoldResult> offsets = utils::getMixedOffsets(subview), strides = utils::getMixedStrides(subview);
      std::vector<bool> dropped = utils::getSubViewDroppedDims(subview);
      std::vector<OpFoldResult> indices;
      for (unsigned i = 0; i < count; ++i)
        indices.push_back(op->getOperand(first + i));
      size_t kept = 0;
      for (size_t i = 0; i < offsets.size(); ++i)
        kept += (i < dropped.size() && dropped[i]) ? 0 : 1;
      if (kept != indices.size() || offsets.size() != strides.size())
        return false;
      resolveIndicesIntoSubView(rewriter, op->getLoc(), offsets, strides, dropped, indices, out);
      return true;
    };
    rewriter.setInsertionPoint(op);
    std::vector<Value> srcIndices, dstIndices;
    if (!resolve(srcSubView, srcIdx, unsigned(seg[3]), srcIndices) ||
        !resolve(dstSubView, dstIdx, unsigned(seg[1]), dstIndices))
      return failure();
    OperationState state(op->getLoc(), op->getName().getStringRef());
    state.addOperand(dstSubView ? dstSubView->getOperand(0) : op->getOperand(dstPos));
    state.addOperands(ValueRange(dstIndices));
    state.addOperand(srcSubView ? srcSubView->getOperand(0) : op->getOperand(srcPos));
    state.addOperands(ValueRange(srcIndices));
    for (unsigned i = srcIdx + unsigned(seg[3]); i < op->getNumOperands(); ++i)
      state.addOperand(op->getOperand(i));
    for (std::string_view name : {"dstElements", "bypassL1"})
      if (Attribute a = op->getAttr(name))
        state.addAttribute(name, a);
    state.addAttribute("operandSegmentSizes",
                       DenseI32ArrayAttr::get(op->getContext(),
                                              std::vector<int32_t>{1, int32_t(dstIndices.size()), 1,
                                                                   int32_t(srcIndices.size()), seg[4]}));
    for (Value r : op->getResults())
      state.addType(r.getType());
    rewriter.replaceOpWithNewOp(op, state);
    return success();
  }
};

struct FoldMemRefAliasOps : lamina::impl::FoldMemRefAliasOpsPassBase<FoldMemRefAliasOps> {
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<AffineDialect, ArithDialect, MemRefDialect, VectorDialect>();
  }
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    memref::populateFoldMemRefAliasOpPatterns(patterns);
    (void)applyPatternsGreedily(getOperation(), std::move(patterns));
  }
};

} // namespace

void memref::populateFoldMemRefAliasOpPatterns(RewritePatternSet &patterns) {
  patterns.add<AccessOfSubView, AccessOfReshape, SubViewOfSubView, AsyncCopyOfSubView>(patterns.getContext());
}

std::unique_ptr<Pass> lamina::createFoldMemRefAliasOpsPassPass() { return std::make_unique<FoldMemRefAliasOps>(); }
