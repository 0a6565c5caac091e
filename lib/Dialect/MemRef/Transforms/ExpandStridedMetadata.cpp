//===- ExpandStridedMetadata.cpp - Views as explicit metadata --------------===//
//
// expand-strided-metadata (MLIR 22's ExpandStridedMetadataPass), in the
// greedy driver:
//  * subview, expand_shape and collapse_shape become a reinterpret_cast of
//    the base buffer of their source's extract_strided_metadata, the offset,
//    sizes and strides computed with affine.apply;
//  * extract_strided_metadata of a subview, expand_shape, collapse_shape,
//    alloc/alloca (identity layout), get_global, reinterpret_cast, cast,
//    memory_space_cast or extract_strided_metadata takes its values from
//    that op directly;
//  * extract_aligned_pointer_as_index of a view reads the view's source.
//
#include "lamina/Dialect/MemRef/Passes.h"

#include "../MemRefFoldUtils.h"
#include "TransformUtils.h"

#include "lamina/Dialect/Affine/AffineDialect.h"
#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/Interfaces/ViewLikeInterface.h"
#include "lamina/IR/MLIRContext.h"
#include "lamina/Rewrite/GreedyPatternRewriteDriver.h"

#include <optional>
#include <vector>

using namespace lamina;
using namespace lamina::memref;

namespace {

struct StridedMetadata {
  Value basePtr;
  OpFoldResult offset;
  std::vector<OpFoldResult> sizes;
  std::vector<OpFoldResult> strides;
};

bool isOp(Value v, std::string_view name, Operation *&def) {
  def = v.getDefiningOp();
  return def && def->getName().getStringRef() == name;
}

/// memref.extract_strided_metadata %source.
Operation *createExtractStridedMetadata(PatternRewriter &rewriter, Location loc, Value source) {
  auto type = cast<MemRefType>(source.getType());
  OperationState state(loc, "memref.extract_strided_metadata");
  state.addOperand(source);
  state.addType(MemRefType::get(ArrayRef<int64_t>(), type.getElementType(), Attribute(), type.getMemorySpace()));
  for (int64_t i = 0; i < 1 + 2 * type.getRank(); ++i)
    state.addType(rewriter.getIndexType());
  return rewriter.create(state);
}

Value metaOffset(Operation *meta) { return meta->getResult(1); }
Value metaSize(Operation *meta, unsigned i) { return meta->getResult(2 + i); }
Value metaStride(Operation *meta, unsigned rank, unsigned i) { return meta->getResult(2 + rank + i); }

/// Whether `type` is a ranked memref with a strided layout (the operands
/// extract_strided_metadata accepts).
bool stridesAndOffset(MemRefType type, std::vector<int64_t> &strides, int64_t &offset) {
  return succeeded(getStridesAndOffset(type, strides, offset));
}

AffineExpr sym(MLIRContext *ctx, unsigned i) { return getAffineSymbolExpr(i, ctx); }

FailureOr<StridedMetadata> resolveSubview(PatternRewriter &rewriter, Operation *subview) {
  MLIRContext *ctx = rewriter.getContext();
  Location loc = subview->getLoc();
  Value source = subview->getOperand(0);
  auto sourceType = cast<MemRefType>(source.getType());
  unsigned rank = unsigned(sourceType.getRank());
  std::vector<int64_t> sourceStrides;
  int64_t sourceOffset;
  if (!stridesAndOffset(sourceType, sourceStrides, sourceOffset))
    return failure();
  Operation *meta = createExtractStridedMetadata(rewriter, loc, source);
  std::vector<OpFoldResult> strides;
  std::vector<OpFoldResult> subStrides = utils::getMixedStrides(subview);
  std::vector<OpFoldResult> subOffsets = utils::getMixedOffsets(subview);
  std::vector<OpFoldResult> values(2 * rank + 1);
  AffineExpr expr = sym(ctx, 0);
  values[0] = ShapedType::isDynamic(sourceOffset) ? utils::getAsOpFoldResult(metaOffset(meta))
                                                  : OpFoldResult(rewriter.getIndexAttr(sourceOffset));
  AffineMap product = AffineMap::get(0, 2, {sym(ctx, 0) * sym(ctx, 1)}, ctx);
  for (unsigned i = 0; i < rank; ++i) {
    OpFoldResult origStride = ShapedType::isDynamic(sourceStrides[i])
                                  ? OpFoldResult(metaStride(meta, rank, i))
                                  : OpFoldResult(rewriter.getIndexAttr(sourceStrides[i]));
    strides.push_back(composedFoldedApply(rewriter, loc, product, {subStrides[i], origStride}));
    expr = expr + sym(ctx, 1 + 2 * i) * sym(ctx, 2 + 2 * i);
    values[1 + 2 * i] = subOffsets[i];
    values[2 + 2 * i] = origStride;
  }
  OpFoldResult finalOffset =
      composedFoldedApply(rewriter, loc, AffineMap::get(0, 2 * rank + 1, {expr}, ctx), values);
  std::vector<OpFoldResult> subSizes = utils::getMixedSizes(subview);
  std::vector<bool> dropped = utils::getSubViewDroppedDims(subview);
  StridedMetadata result{meta->getResult(0), finalOffset, {}, {}};
  for (unsigned i = 0; i < rank; ++i) {
    if (i < dropped.size() && dropped[i])
      continue;
    result.sizes.push_back(subSizes[i]);
    result.strides.push_back(strides[i]);
  }
  return result;
}

/// getExpandedSizes of group `groupId`.
std::vector<OpFoldResult> expandedSizes(PatternRewriter &rewriter, Operation *expand,
                                        const utils::Reassociation &groups, ArrayRef<OpFoldResult> origSizes,
                                        unsigned groupId) {
  MLIRContext *ctx = rewriter.getContext();
  const std::vector<int64_t> &group = groups[groupId];
  auto type = cast<MemRefType>(expand->getResult(0).getType());
  std::vector<OpFoldResult> sizes(group.size());
  int64_t product = 1;
  std::optional<size_t> dynIdx;
  for (size_t i = 0; i < group.size(); ++i) {
    int64_t d = type.getDimSize(unsigned(group[i]));
    if (ShapedType::isDynamic(d)) {
      dynIdx = i;
      continue;
    }
    product *= d;
    sizes[i] = rewriter.getIndexAttr(d);
  }
  if (dynIdx)
    sizes[*dynIdx] = composedFoldedApply(rewriter, expand->getLoc(),
                                         AffineMap::get(0, 1, {sym(ctx, 0).floorDiv(product)}, ctx),
                                         {origSizes[groupId]});
  return sizes;
}

/// getExpandedStrides of group `groupId`.
std::vector<OpFoldResult> expandedStrides(PatternRewriter &rewriter, Operation *expand,
                                          const utils::Reassociation &groups, ArrayRef<OpFoldResult> origSizes,
                                          ArrayRef<OpFoldResult> origStrides, unsigned groupId) {
  MLIRContext *ctx = rewriter.getContext();
  const std::vector<int64_t> &group = groups[groupId];
  auto type = cast<MemRefType>(expand->getResult(0).getType());
  std::vector<int64_t> base(group.size());
  std::optional<int64_t> dynIdx;
  int64_t current = 1;
  for (int64_t i = int64_t(group.size()) - 1; i >= 0; --i) {
    base[size_t(i)] = current;
    int64_t d = type.getDimSize(unsigned(group[size_t(i)]));
    if (ShapedType::isDynamic(d)) {
      dynIdx = i;
      continue;
    }
    current *= d;
  }
  auto sourceType = cast<MemRefType>(expand->getOperand(0).getType());
  std::vector<int64_t> strides;
  int64_t offset;
  (void)stridesAndOffset(sourceType, strides, offset);
  OpFoldResult origStride = ShapedType::isDynamic(strides[groupId]) ? origStrides[groupId]
                                                                    : OpFoldResult(rewriter.getIndexAttr(strides[groupId]));
  std::vector<OpFoldResult> result(group.size());
  int64_t done = 0;
  if (dynIdx) {
    int64_t productOfStatic = current;
    for (; done < *dynIdx; ++done) {
      AffineExpr e = (sym(ctx, 0) * base[size_t(done)]).floorDiv(productOfStatic) * sym(ctx, 1);
      result[size_t(done)] =
          composedFoldedApply(rewriter, expand->getLoc(), AffineMap::get(0, 2, {e}, ctx), {origSizes[groupId], origStride});
    }
  }
  for (; done < int64_t(group.size()); ++done)
    result[size_t(done)] = composedFoldedApply(
        rewriter, expand->getLoc(), AffineMap::get(0, 1, {sym(ctx, 0) * base[size_t(done)]}, ctx), {origStride});
  return result;
}

/// getCollapsedSize of group `groupId`.
std::vector<OpFoldResult> collapsedSize(PatternRewriter &rewriter, Operation *collapse,
                                        const utils::Reassociation &groups, ArrayRef<OpFoldResult> origSizes,
                                        unsigned groupId) {
  MLIRContext *ctx = rewriter.getContext();
  auto type = cast<MemRefType>(collapse->getResult(0).getType());
  int64_t size = type.getDimSize(groupId);
  if (!ShapedType::isDynamic(size))
    return {rewriter.getIndexAttr(size)};
  auto sourceType = cast<MemRefType>(collapse->getOperand(0).getType());
  AffineExpr product = getAffineConstantExpr(1, ctx);
  std::vector<OpFoldResult> inputs;
  unsigned n = 0;
  for (int64_t d : groups[groupId]) {
    product = product * sym(ctx, n++);
    int64_t s = sourceType.getDimSize(unsigned(d));
    inputs.push_back(ShapedType::isDynamic(s) ? origSizes[size_t(d)] : OpFoldResult(rewriter.getIndexAttr(s)));
  }
  return {composedFoldedApply(rewriter, collapse->getLoc(), AffineMap::get(0, n, {product}, ctx), inputs)};
}

/// getCollapsedStride of group `groupId`: the stride of its innermost
/// non-unit dimension.
std::vector<OpFoldResult> collapsedStride(PatternRewriter &rewriter, Operation *collapse,
                                          const utils::Reassociation &groups, ArrayRef<OpFoldResult>,
                                          ArrayRef<OpFoldResult> origStrides, unsigned groupId) {
  auto sourceType = cast<MemRefType>(collapse->getOperand(0).getType());
  std::vector<int64_t> strides;
  int64_t offset;
  (void)stridesAndOffset(sourceType, strides, offset);
  OpFoldResult lastValid;
  for (int64_t d : groups[groupId]) {
    if (sourceType.getDimSize(unsigned(d)) == 1)
      continue;
    int64_t s = strides[size_t(d)];
    lastValid = ShapedType::isDynamic(s) ? origStrides[size_t(d)] : OpFoldResult(rewriter.getIndexAttr(s));
  }
  if (lastValid)
    return {lastValid};
  auto collapsedType = cast<MemRefType>(collapse->getResult(0).getType());
  std::vector<int64_t> collapsedStrides;
  int64_t collapsedOffset;
  (void)stridesAndOffset(collapsedType, collapsedStrides, collapsedOffset);
  int64_t finalStride = groupId < collapsedStrides.size() ? collapsedStrides[groupId] : 1;
  if (ShapedType::isDynamic(finalStride)) {
    for (int64_t d : groups[groupId])
      if (ShapedType::isDynamic(strides[size_t(d)]))
        return {origStrides[size_t(d)]};
  }
  return {rewriter.getIndexAttr(finalStride)};
}

FailureOr<StridedMetadata> resolveReshape(PatternRewriter &rewriter, Operation *reshape, bool isExpand) {
  Location loc = reshape->getLoc();
  Value source = reshape->getOperand(0);
  auto sourceType = cast<MemRefType>(source.getType());
  unsigned sourceRank = unsigned(sourceType.getRank());
  std::vector<int64_t> strides;
  int64_t offset;
  if (!stridesAndOffset(sourceType, strides, offset))
    return failure();
  Operation *meta = createExtractStridedMetadata(rewriter, loc, source);
  auto reshapeType = cast<MemRefType>(reshape->getResult(0).getType());
  unsigned reshapeRank = unsigned(reshapeType.getRank());
  OpFoldResult offsetOfr = ShapedType::isDynamic(offset) ? utils::getAsOpFoldResult(metaOffset(meta))
                                                         : OpFoldResult(rewriter.getIndexAttr(offset));
  StridedMetadata result{meta->getResult(0), offsetOfr, {}, {}};
  if (sourceRank == 0) {
    result.sizes.assign(reshapeRank, rewriter.getIndexAttr(1));
    result.strides.assign(reshapeRank, rewriter.getIndexAttr(1));
    return result;
  }
  std::vector<OpFoldResult> origSizes, origStrides;
  for (unsigned i = 0; i < sourceRank; ++i) {
    origSizes.push_back(utils::getAsOpFoldResult(metaSize(meta, i)));
    origStrides.push_back(utils::getAsOpFoldResult(metaStride(meta, sourceRank, i)));
  }
  utils::Reassociation groups = utils::getReassociationIndices(reshape);
  for (unsigned g = 0; g < groups.size(); ++g) {
    std::vector<OpFoldResult> sizes = isExpand ? expandedSizes(rewriter, reshape, groups, origSizes, g)
                                               : collapsedSize(rewriter, reshape, groups, origSizes, g);
    std::vector<OpFoldResult> groupStrides =
        isExpand ? expandedStrides(rewriter, reshape, groups, origSizes, origStrides, g)
                 : collapsedStride(rewriter, reshape, groups, origSizes, origStrides, g);
    for (size_t i = 0; i < sizes.size(); ++i) {
      result.sizes.push_back(sizes[i]);
      result.strides.push_back(groupStrides[i]);
    }
  }
  if (result.sizes.size() != reshapeRank)
    return failure();
  return result;
}

/// The view `op` as reinterpret_cast of the resolved metadata.
void replaceWithReinterpretCast(PatternRewriter &rewriter, Operation *op, const StridedMetadata &md) {
  Value view = utils::buildReinterpretCast(rewriter, op->getLoc(), cast<MemRefType>(op->getResult(0).getType()),
                                           md.basePtr, md.offset, md.sizes, md.strides);
  rewriter.replaceOp(op, ValueRange(view));
}

/// The extract_strided_metadata `op` replaced by the resolved metadata
/// (constants created at `loc`).
void replaceMetadata(PatternRewriter &rewriter, Operation *op, Location loc, const StridedMetadata &md) {
  std::vector<Value> results = {md.basePtr, valueOrConstant(rewriter, loc, md.offset)};
  for (const OpFoldResult &s : md.sizes)
    results.push_back(valueOrConstant(rewriter, loc, s));
  for (const OpFoldResult &s : md.strides)
    results.push_back(valueOrConstant(rewriter, loc, s));
  rewriter.replaceOp(op, ValueRange(results));
}

struct SubviewFolder : RewritePattern {
  explicit SubviewFolder(MLIRContext *ctx) : RewritePattern("memref.subview", 1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override {
    rewriter.setInsertionPoint(op);
    FailureOr<StridedMetadata> md = resolveSubview(rewriter, op);
    if (failed(md))
      return failure();
    replaceWithReinterpretCast(rewriter, op, *md);
    return success();
  }
};

struct ReshapeFolder : RewritePattern {
  ReshapeFolder(MLIRContext *ctx, bool isExpand)
      : RewritePattern(isExpand ? "memref.expand_shape" : "memref.collapse_shape", 1, ctx), isExpand(isExpand) {}
  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override {
    rewriter.setInsertionPoint(op);
    FailureOr<StridedMetadata> md = resolveReshape(rewriter, op, isExpand);
    if (failed(md))
      return failure();
    replaceWithReinterpretCast(rewriter, op, *md);
    return success();
  }
  bool isExpand;
};

/// The extract_strided_metadata patterns, one per producer kind.
enum class MetaKind { Alloc, Alloca, CollapseShape, ExpandShape, GetGlobal, ReinterpretCast, Subview, Cast,
                      MemorySpaceCast, ExtractStridedMetadata };

struct ExtractStridedMetadataFolder : RewritePattern {
  ExtractStridedMetadataFolder(MLIRContext *ctx, MetaKind kind)
      : RewritePattern("memref.extract_strided_metadata", 1, ctx), kind(kind) {}

  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override {
    Value source = op->getOperand(0);
    Operation *def = nullptr;
    Location loc = op->getLoc();
    rewriter.setInsertionPoint(op);
    switch (kind) {
    case MetaKind::Subview:
    case MetaKind::CollapseShape:
    case MetaKind::ExpandShape: {
      std::string_view name = kind == MetaKind::Subview         ? "memref.subview"
                              : kind == MetaKind::CollapseShape ? "memref.collapse_shape"
                                                                : "memref.expand_shape";
      if (!isOp(source, name, def))
        return failure();
      FailureOr<StridedMetadata> md = kind == MetaKind::Subview
                                          ? resolveSubview(rewriter, def)
                                          : resolveReshape(rewriter, def, kind == MetaKind::ExpandShape);
      if (failed(md))
        return failure();
      replaceMetadata(rewriter, op, def->getLoc(), *md);
      return success();
    }
    case MetaKind::Alloc:
    case MetaKind::Alloca:
      return foldAlloc(op, rewriter, kind == MetaKind::Alloc ? "memref.alloc" : "memref.alloca");
    case MetaKind::GetGlobal:
      return foldGetGlobal(op, rewriter);
    case MetaKind::ReinterpretCast: {
      if (!isOp(source, "memref.reinterpret_cast", def))
        return failure();
      auto srcType = dyn_cast<MemRefType>(def->getOperand(0).getType());
      std::vector<int64_t> s;
      int64_t o;
      if (!srcType || !stridesAndOffset(srcType, s, o))
        return failure();
      unsigned rank = unsigned(cast<MemRefType>(def->getResult(0).getType()).getRank());
      Operation *meta = createExtractStridedMetadata(rewriter, loc, def->getOperand(0));
      std::vector<Value> results = {meta->getResult(0),
                                    valueOrConstant(rewriter, loc, utils::getMixedOffsets(def)[0])};
      std::vector<OpFoldResult> sizes = utils::getMixedSizes(def), strides = utils::getMixedStrides(def);
      for (unsigned i = 0; i < rank; ++i)
        results.push_back(valueOrConstant(rewriter, loc, sizes[i]));
      for (unsigned i = 0; i < rank; ++i)
        results.push_back(valueOrConstant(rewriter, loc, strides[i]));
      rewriter.replaceOp(op, ValueRange(results));
      return success();
    }
    case MetaKind::Cast: {
      if (!isOp(source, "memref.cast", def))
        return failure();
      auto srcType = dyn_cast<MemRefType>(def->getOperand(0).getType());
      std::vector<int64_t> s;
      int64_t o;
      if (!srcType || !stridesAndOffset(srcType, s, o))
        return failure();
      auto type = cast<MemRefType>(source.getType());
      unsigned rank = unsigned(type.getRank());
      Operation *meta = createExtractStridedMetadata(rewriter, loc, def->getOperand(0));
      std::vector<int64_t> strides;
      int64_t offset;
      (void)stridesAndOffset(type, strides, offset);
      auto pick = [&](int64_t c, Value v) -> OpFoldResult {
        return ShapedType::isDynamic(c) ? OpFoldResult(v) : OpFoldResult(rewriter.getIndexAttr(c));
      };
      std::vector<OpFoldResult> results = {meta->getResult(0), pick(offset, metaOffset(meta))};
      for (unsigned i = 0; i < rank; ++i)
        results.push_back(pick(type.getDimSize(i), metaSize(meta, i)));
      for (unsigned i = 0; i < rank; ++i)
        results.push_back(pick(strides[i], metaStride(meta, rank, i)));
      std::vector<Value> values;
      for (const OpFoldResult &r : results)
        values.push_back(valueOrConstant(rewriter, loc, r));
      rewriter.replaceOp(op, ValueRange(values));
      return success();
    }
    case MetaKind::MemorySpaceCast: {
      if (!isOp(source, "memref.memory_space_cast", def))
        return failure();
      Operation *meta = createExtractStridedMetadata(rewriter, loc, def->getOperand(0));
      std::vector<Value> results(meta->getResults().begin(), meta->getResults().end());
      if (!op->getResult(0).use_empty()) {
        auto baseType = cast<MemRefType>(results[0].getType());
        auto dstType = cast<MemRefType>(source.getType());
        OperationState state(loc, "memref.memory_space_cast");
        state.addOperand(results[0]);
        state.addType(MemRefType::get(baseType.getShape(), baseType.getElementType(), baseType.getLayout(),
                                      dstType.getMemorySpace()));
        results[0] = rewriter.create(state)->getResult(0);
      } else {
        results[0] = Value();
      }
      rewriter.replaceOp(op, ValueRange(results));
      return success();
    }
    case MetaKind::ExtractStridedMetadata: {
      if (!isOp(source, "memref.extract_strided_metadata", def))
        return failure();
      std::vector<Value> results = {def->getResult(0), valueOrConstant(rewriter, loc, rewriter.getIndexAttr(0))};
      rewriter.replaceOp(op, ValueRange(results));
      return success();
    }
    }
    return failure();
  }

  LogicalResult foldAlloc(Operation *op, PatternRewriter &rewriter, std::string_view allocName) const {
    Operation *alloc = nullptr;
    if (!isOp(op->getOperand(0), allocName, alloc))
      return failure();
    auto type = cast<MemRefType>(alloc->getResult(0).getType());
    if (!memref::impl::hasIdentityLayout(type))
      return failure();
    MLIRContext *ctx = rewriter.getContext();
    Location loc = op->getLoc();
    unsigned rank = unsigned(type.getRank());
    std::vector<OpFoldResult> sizes;
    unsigned dynPos = 0;
    for (int64_t s : type.getShape()) {
      if (ShapedType::isDynamic(s))
        sizes.push_back(alloc->getOperand(dynPos++));
      else
        sizes.push_back(rewriter.getIndexAttr(s));
    }
    std::vector<OpFoldResult> strides(rank, rewriter.getIndexAttr(1));
    AffineExpr expr = getAffineConstantExpr(1, ctx);
    unsigned n = 0;
    for (int i = int(rank) - 2; i >= 0; --i) {
      expr = expr * sym(ctx, n++);
      std::vector<OpFoldResult> involved(sizes.begin() + i + 1, sizes.begin() + i + 1 + n);
      strides[size_t(i)] = composedFoldedApply(rewriter, loc, AffineMap::get(0, n, {expr}, ctx), involved);
    }
    std::vector<Value> results;
    auto baseType = cast<MemRefType>(op->getResult(0).getType());
    if (op->getResult(0).use_empty())
      results.push_back(Value());
    else if (alloc->getResult(0).getType() == Type(baseType))
      results.push_back(alloc->getResult(0));
    else
      results.push_back(utils::buildReinterpretCast(rewriter, loc, baseType, alloc->getResult(0),
                                                    rewriter.getIndexAttr(0), {}, {}));
    results.push_back(utils::buildConstantIndex(rewriter, loc, 0));
    for (const OpFoldResult &s : sizes)
      results.push_back(valueOrConstant(rewriter, loc, s));
    for (const OpFoldResult &s : strides)
      results.push_back(valueOrConstant(rewriter, loc, s));
    rewriter.replaceOp(op, ValueRange(results));
    return success();
  }

  LogicalResult foldGetGlobal(Operation *op, PatternRewriter &rewriter) const {
    Operation *global = nullptr;
    if (!isOp(op->getOperand(0), "memref.get_global", global))
      return failure();
    auto type = cast<MemRefType>(global->getResult(0).getType());
    if (!memref::impl::hasIdentityLayout(type) || !type.hasStaticShape())
      return failure();
    Location loc = op->getLoc();
    ArrayRef<int64_t> sizes = type.getShape();
    std::vector<int64_t> strides(sizes.size(), 1);
    for (int64_t i = int64_t(sizes.size()) - 2; i >= 0; --i)
      strides[size_t(i)] = strides[size_t(i) + 1] * sizes[size_t(i) + 1];
    std::vector<Value> results;
    auto baseType = cast<MemRefType>(op->getResult(0).getType());
    if (global->getResult(0).getType() == Type(baseType))
      results.push_back(global->getResult(0));
    else
      results.push_back(utils::buildReinterpretCast(rewriter, loc, baseType, global->getResult(0),
                                                    rewriter.getIndexAttr(0), {}, {}));
    results.push_back(utils::buildConstantIndex(rewriter, loc, 0));
    for (int64_t s : sizes)
      results.push_back(utils::buildConstantIndex(rewriter, loc, s));
    for (int64_t s : strides)
      results.push_back(utils::buildConstantIndex(rewriter, loc, s));
    rewriter.replaceOp(op, ValueRange(results));
    return success();
  }

  MetaKind kind;
};

/// extract_aligned_pointer_as_index of a view reads the view's source.
struct AlignedPointerOfView : RewritePattern {
  explicit AlignedPointerOfView(MLIRContext *ctx) : RewritePattern("memref.extract_aligned_pointer_as_index", 1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override {
    Operation *def = op->getOperand(0).getDefiningOp();
    auto view = def ? dyn_cast<ViewLikeOpInterface>(def) : ViewLikeOpInterface();
    if (!view)
      return failure();
    Value src = view.getViewSource();
    rewriter.modifyOpInPlace(op, [&] { op->setOperand(0, src); });
    return success();
  }
};

struct ExpandStridedMetadata : lamina::impl::ExpandStridedMetadataPassBase<ExpandStridedMetadata> {
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<AffineDialect, ArithDialect, MemRefDialect>();
  }
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    memref::populateExpandStridedMetadataPatterns(patterns);
    (void)applyPatternsGreedily(getOperation(), std::move(patterns));
  }
};

} // namespace

void memref::populateExpandStridedMetadataPatterns(RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<SubviewFolder>(ctx);
  patterns.add<ReshapeFolder>(ctx, true);
  patterns.add<ReshapeFolder>(ctx, false);
  for (MetaKind kind : {MetaKind::Alloc, MetaKind::Alloca, MetaKind::CollapseShape, MetaKind::ExpandShape,
                        MetaKind::GetGlobal})
    patterns.add<ExtractStridedMetadataFolder>(ctx, kind);
  patterns.add<AlignedPointerOfView>(ctx);
  for (MetaKind kind : {MetaKind::ReinterpretCast, MetaKind::Subview, MetaKind::Cast, MetaKind::MemorySpaceCast,
                        MetaKind::ExtractStridedMetadata})
    patterns.add<ExtractStridedMetadataFolder>(ctx, kind);
}

std::unique_ptr<Pass> lamina::createExpandStridedMetadataPassPass() {
  return std::make_unique<ExpandStridedMetadata>();
}
