//===- MemRefFolders.cpp - The folders of the memref ops ------------------===//
//
// Every `hasFolder` op of MemRefOps.td as MLIR 22 folds it
// (mlir/lib/Dialect/MemRef/IR/MemRefOps.cpp): casts folded into their users
// (foldMemRefCast), dim of allocations and views, rank, identity views and
// chains of casts, reshapes, reinterpret_casts and transposes, and the
// constant results of extract_strided_metadata. Also the dialect's constant
// materialization (arith.constant).
//
#include "MemRefFoldUtils.h"

#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/IR/Matchers.h"
#include "lamina/ODS/OpDef.h"

using namespace lamina;
using namespace lamina::memref;
using namespace lamina::memref::utils;

namespace {

/// The op defining `v` if it is an OpTy.
template <typename OpTy> Operation *defOf(Value v) {
  Operation *def = v ? v.getDefiningOp() : nullptr;
  return def && isa<OpTy>(def) ? def : nullptr;
}

OpFoldResult inPlace(Operation *op, LogicalResult folded) {
  return succeeded(folded) ? OpFoldResult(op->getResult(0)) : OpFoldResult();
}

//===----------------------------------------------------------------------===//
// Casts folded into users
//===----------------------------------------------------------------------===//

/// dealloc / dma_start / dma_wait / prefetch (cast) -> op.
LogicalResult foldCastOperands(Operation *op, ArrayRef<Attribute>, SmallVectorImpl<OpFoldResult> &) {
  return foldMemRefCast(op);
}

/// store(cast) -> store; the stored value is left alone.
LogicalResult foldStore(Operation *op, ArrayRef<Attribute>, SmallVectorImpl<OpFoldResult> &) {
  return foldMemRefCast(op, op->getOperand(0));
}

/// load(cast) -> load; cast(cast) -> cast.
OpFoldResult foldCastOperandsInPlace(Operation *op, ArrayRef<Attribute>) { return inPlace(op, foldMemRefCast(op)); }

/// atomic_rmw(cast) -> atomic_rmw.
OpFoldResult foldAtomicRMW(Operation *op, ArrayRef<Attribute>) {
  return inPlace(op, foldMemRefCast(op, op->getOperand(0)));
}

/// copy(cast) -> copy, for the first cast that only erases static
/// information (FoldCopyOfCast).
LogicalResult foldCopy(Operation *op, ArrayRef<Attribute>, SmallVectorImpl<OpFoldResult> &) {
  for (unsigned i = 0, e = op->getNumOperands(); i < e; ++i) {
    Operation *castOp = defOf<CastOp>(op->getOperand(i));
    if (castOp && canFoldCastIntoConsumerOp(castOp)) {
      op->setOperand(i, castOp->getOperand(0));
      return success();
    }
  }
  return failure();
}

//===----------------------------------------------------------------------===//
// assume_alignment / memory_space_cast / rank
//===----------------------------------------------------------------------===//

int64_t alignmentOf(Operation *op) {
  auto attr = dyn_cast_or_null<IntegerAttr>(ods::getInherentAttr(op, "alignment"));
  return attr ? attr.getInt() : 0;
}

/// assume_alignment(assume_alignment(x, a), a) -> assume_alignment(x, a).
OpFoldResult foldAssumeAlignment(Operation *op, ArrayRef<Attribute>) {
  Operation *source = defOf<AssumeAlignmentOp>(op->getOperand(0));
  if (!source || alignmentOf(source) != alignmentOf(op))
    return {};
  return op->getOperand(0);
}

/// memory_space_cast(memory_space_cast(v, t1), t2) -> memory_space_cast(v, t2).
OpFoldResult foldMemorySpaceCast(Operation *op, ArrayRef<Attribute>) {
  Operation *parent = defOf<MemorySpaceCastOp>(op->getOperand(0));
  if (!parent)
    return {};
  op->setOperand(0, parent->getOperand(0));
  return op->getResult(0);
}

OpFoldResult foldRank(Operation *op, ArrayRef<Attribute>) {
  auto shaped = dyn_cast<ShapedType>(op->getOperand(0).getType());
  if (shaped && shaped.hasRank())
    return IntegerAttr::get(IndexType::get(op->getContext()), shaped.getRank());
  return {};
}

//===----------------------------------------------------------------------===//
// dim
//===----------------------------------------------------------------------===//

/// The position of dimension `dim` among the dynamic dimensions of `shape`.
unsigned dynamicDimIndex(ArrayRef<int64_t> shape, unsigned dim) {
  unsigned n = 0;
  for (unsigned i = 0; i < dim; ++i)
    if (ShapedType::isDynamic(shape[i]))
      ++n;
  return n;
}

OpFoldResult foldDim(Operation *op, ArrayRef<Attribute> operands) {
  auto index = dyn_cast_or_null<IntegerAttr>(operands[1]);
  if (!index)
    return {};
  auto memrefType = dyn_cast<MemRefType>(op->getOperand(0).getType());
  if (!memrefType)
    return {};
  // Out of bound indices are undefined behavior, but valid IR.
  int64_t indexVal = index.getInt();
  if (indexVal < 0 || indexVal >= memrefType.getRank())
    return {};
  unsigned dim = unsigned(indexVal);
  if (!memrefType.isDynamicDim(dim))
    return IntegerAttr::get(IndexType::get(op->getContext()), memrefType.getDimSize(dim));

  // The size of a dynamic dimension: the size operand of an alloc, alloca,
  // view or subview.
  Operation *def = op->getOperand(0).getDefiningOp();
  unsigned dynamicIndex = dynamicDimIndex(memrefType.getShape(), dim);
  if (def && (isa<AllocOp>(def) || isa<AllocaOp>(def))) {
    OperandRange sizes = ods::getODSOperands(def, 0);
    return dynamicIndex < sizes.size() ? OpFoldResult(Value(sizes[dynamicIndex])) : OpFoldResult();
  }
  if (def && isa<ViewOp>(def)) {
    OperandRange sizes = ods::getODSOperands(def, 2);
    return dynamicIndex < sizes.size() ? OpFoldResult(Value(sizes[dynamicIndex])) : OpFoldResult();
  }
  if (def && isa<SubViewOp>(def)) {
    std::vector<bool> dropped = getSubViewDroppedDims(def);
    unsigned resultIndex = 0, sourceIndex = 0;
    for (unsigned i = 0; i < dropped.size(); ++i) {
      if (dropped[i])
        continue;
      if (resultIndex == dim) {
        sourceIndex = i;
        break;
      }
      ++resultIndex;
    }
    ArrayRef<int64_t> staticSizes = impl::staticList(def, "static_sizes");
    if (sourceIndex >= staticSizes.size() || ShapedType::isStatic(staticSizes[sourceIndex]))
      return {};
    OperandRange sizes = ods::getODSOperands(def, 2);
    unsigned pos = dynamicDimIndex(staticSizes, sourceIndex);
    return pos < sizes.size() ? OpFoldResult(Value(sizes[pos])) : OpFoldResult();
  }
  // dim(cast) -> dim.
  return inPlace(op, foldMemRefCast(op));
}

//===----------------------------------------------------------------------===//
// extract_strided_metadata
//===----------------------------------------------------------------------===//

/// Replaces the uses of each of `values` whose constified counterpart in
/// `maybeConstants` became a constant with a new arith.constant.
bool replaceConstantUsesOf(OpBuilder &builder, Location loc, ArrayRef<Value> values,
                           ArrayRef<OpFoldResult> maybeConstants) {
  bool replaced = false;
  for (size_t i = 0; i < values.size() && i < maybeConstants.size(); ++i) {
    Value result = values[i];
    // No constant for unused results: the driver would loop.
    if (result.use_empty() || maybeConstants[i] == getAsOpFoldResult(result))
      continue;
    auto attr = dyn_cast_or_null<IntegerAttr>(maybeConstants[i].getAttribute());
    if (!attr)
      continue;
    Value constant = buildConstantIndex(builder, loc, attr.getInt());
    std::vector<Operation *> users(result.getUsers().begin(), result.getUsers().end());
    for (Operation *user : users) {
      for (unsigned j = 0, e = user->getNumOperands(); j < e; ++j)
        if (user->getOperand(j) == result)
          user->setOperand(j, constant);
      replaced = true;
    }
  }
  return replaced;
}

LogicalResult foldExtractStridedMetadata(Operation *op, ArrayRef<Attribute>, SmallVectorImpl<OpFoldResult> &) {
  auto sourceType = dyn_cast<MemRefType>(op->getOperand(0).getType());
  if (!sourceType)
    return failure();
  std::vector<int64_t> strides;
  int64_t offset;
  if (failed(getStridesAndOffset(sourceType, strides, offset)))
    return failure();
  MLIRContext *ctx = op->getContext();
  OpBuilder builder(op);
  Value offsetResult = op->getResult(1);
  ResultRange sizeResults = ods::getODSResults(op, 2);
  ResultRange strideResults = ods::getODSResults(op, 3);

  std::vector<OpFoldResult> offsets{getAsOpFoldResult(offsetResult)};
  int64_t offsets0[] = {offset};
  constifyIndexValues(offsets, offsets0, ctx);
  bool replaced = replaceConstantUsesOf(builder, op->getLoc(), offsetResult, offsets);

  std::vector<Value> sizeValues(sizeResults.begin(), sizeResults.end());
  std::vector<OpFoldResult> sizes;
  for (Value v : sizeValues)
    sizes.push_back(getAsOpFoldResult(v));
  constifyIndexValues(sizes, sourceType.getShape(), ctx);
  replaced |= replaceConstantUsesOf(builder, op->getLoc(), sizeValues, sizes);

  std::vector<Value> strideValues(strideResults.begin(), strideResults.end());
  std::vector<OpFoldResult> strideOfrs;
  for (Value v : strideValues)
    strideOfrs.push_back(getAsOpFoldResult(v));
  constifyIndexValues(strideOfrs, strides, ctx);
  replaced |= replaceConstantUsesOf(builder, op->getLoc(), strideValues, strideOfrs);

  // extract_strided_metadata(cast(x)) -> extract_strided_metadata(x).
  if (Operation *prev = defOf<CastOp>(op->getOperand(0)))
    if (isa<MemRefType>(prev->getOperand(0).getType())) {
      op->setOperand(0, prev->getOperand(0));
      replaced = true;
    }
  return success(replaced);
}

//===----------------------------------------------------------------------===//
// reinterpret_cast
//===----------------------------------------------------------------------===//

OpFoldResult foldReinterpretCast(Operation *op, ArrayRef<Attribute>) {
  Value src = op->getOperand(0);
  Value prevSrc;
  if (Operation *prev = src.getDefiningOp()) {
    // reinterpret_cast(reinterpret_cast(x)) / reinterpret_cast(cast(x)) ->
    // reinterpret_cast(x); also through a subview at offset zero.
    if (isa<ReinterpretCastOp>(prev) || isa<CastOp>(prev)) {
      prevSrc = prev->getOperand(0);
    } else if (isa<SubViewOp>(prev)) {
      bool zeroOffsets = true;
      for (OpFoldResult offset : getMixedOffsets(prev))
        zeroOffsets &= isConstantIntValue(offset, 0);
      if (zeroOffsets)
        prevSrc = prev->getOperand(0);
    }
  }
  if (prevSrc) {
    op->setOperand(0, prevSrc);
    return op->getResult(0);
  }
  // A reinterpret_cast that changes nothing.
  auto type = cast<MemRefType>(op->getResult(0).getType());
  ArrayRef<int64_t> staticOffsets = impl::staticList(op, "static_offsets");
  if (type.hasStaticShape() && src.getType() == type && !staticOffsets.empty() && staticOffsets.front() == 0)
    return src;
  return {};
}

//===----------------------------------------------------------------------===//
// expand_shape / collapse_shape (foldReshapeOp)
//===----------------------------------------------------------------------===//

template <typename InverseOp> OpFoldResult foldReshape(Operation *op, ArrayRef<Attribute>) {
  Value src = op->getOperand(0);
  Type resultType = op->getResult(0).getType();
  if (src.getType() == resultType)
    return src;
  Operation *reshapeSrc = defOf<InverseOp>(src);
  if (!reshapeSrc)
    return {};
  auto srcType = cast<MemRefType>(reshapeSrc->getOperand(0).getType());
  if (srcType != resultType)
    return {};
  ArrayRef<int64_t> shape = srcType.getShape();
  int64_t numDynamic = 0;
  for (int64_t d : shape)
    numDynamic += ShapedType::isDynamic(d);
  if (numDynamic < 2)
    return reshapeSrc->getOperand(0);
  // Perfect inverses: same reassociation, and no group with several dynamic
  // sizes (unless expanding then collapsing).
  Reassociation reassociation = getReassociationIndices(op);
  if (reassociation != getReassociationIndices(reshapeSrc))
    return {};
  if (srcType.getRank() < cast<MemRefType>(reshapeSrc->getResult(0).getType()).getRank())
    return reshapeSrc->getOperand(0);
  for (const std::vector<int64_t> &group : reassociation) {
    if (group.empty() || group.front() < 0 || size_t(group.front()) + group.size() > shape.size())
      return {};
    int64_t groupDynamic = 0;
    for (int64_t d : shape.slice(group.front(), group.size()))
      groupDynamic += ShapedType::isDynamic(d);
    if (groupDynamic >= 2)
      return {};
  }
  return reshapeSrc->getOperand(0);
}

//===----------------------------------------------------------------------===//
// subview / view / transpose
//===----------------------------------------------------------------------===//

OpFoldResult foldSubView(Operation *op, ArrayRef<Attribute>) {
  Value source = op->getOperand(0);
  auto sourceType = cast<MemRefType>(source.getType());
  auto resultType = cast<MemRefType>(op->getResult(0).getType());
  auto layout = dyn_cast_or_null<StridedLayoutAttr>(resultType.getLayout());
  auto staticLayout = [&] {
    if (ShapedType::isDynamic(layout.getOffset()))
      return false;
    for (int64_t s : layout.getStrides())
      if (ShapedType::isDynamic(s))
        return false;
    return true;
  };
  if (resultType == sourceType && resultType.hasStaticShape() && (!layout || staticLayout()))
    return source;

  // subview(subview(x)) where the second one takes everything.
  if (Operation *srcSubview = defOf<SubViewOp>(source)) {
    bool allOffsetsZero = true, allStridesOne = true;
    for (OpFoldResult offset : getMixedOffsets(op))
      allOffsetsZero &= isConstantIntValue(offset, 0);
    for (OpFoldResult stride : getMixedStrides(op))
      allStridesOne &= isConstantIntValue(stride, 1);
    bool allSizesSame = equalOpFoldResults(getMixedSizes(op), getMixedSizes(srcSubview));
    if (allOffsetsZero && allStridesOne && allSizesSame && resultType == sourceType)
      return source;
  }
  return {};
}

OpFoldResult foldView(Operation *op, ArrayRef<Attribute>) {
  Value source = op->getOperand(0);
  auto resultType = cast<MemRefType>(op->getResult(0).getType());
  if (resultType == source.getType() && resultType.hasStaticShape())
    return source;
  return {};
}

OpFoldResult foldTranspose(Operation *op, ArrayRef<Attribute>) {
  auto permutation = cast<AffineMapAttr>(ods::getInherentAttr(op, "permutation")).getValue();
  Value in = op->getOperand(0);
  if (permutation.isIdentity() && op->getResult(0).getType() == in.getType())
    return in;
  // Two transposes in a row: one with the composed permutation.
  if (Operation *other = defOf<TransposeOp>(in)) {
    auto otherPermutation = cast<AffineMapAttr>(ods::getInherentAttr(other, "permutation")).getValue();
    AffineMap composed = permutation.compose(otherPermutation);
    op->setOperand(0, other->getOperand(0));
    op->setInherentAttr(StringAttr::get(op->getContext(), "permutation"), AffineMapAttr::get(composed));
    return op->getResult(0);
  }
  return {};
}

} // namespace

//===----------------------------------------------------------------------===//
// Registration and materialization
//===----------------------------------------------------------------------===//

void memref::registerMemRefFolders(MemRefDialect &dialect) {
  using ods::attachFolder;
  // The folders and patterns create arith ops (MLIR's dependent dialect).
  dialect.getContext()->getOrLoadDialect<ArithDialect>();
  attachFolder(dialect, AssumeAlignmentOp::getOperationName(), foldAssumeAlignment);
  attachFolder(dialect, CastOp::getOperationName(), foldCastOperandsInPlace);
  attachFolder(dialect, CopyOp::getOperationName(), foldCopy);
  attachFolder(dialect, DeallocOp::getOperationName(), foldCastOperands);
  attachFolder(dialect, DimOp::getOperationName(), foldDim);
  attachFolder(dialect, DmaStartOp::getOperationName(), foldCastOperands);
  attachFolder(dialect, DmaWaitOp::getOperationName(), foldCastOperands);
  attachFolder(dialect, ExtractStridedMetadataOp::getOperationName(), foldExtractStridedMetadata);
  attachFolder(dialect, LoadOp::getOperationName(), foldCastOperandsInPlace);
  attachFolder(dialect, MemorySpaceCastOp::getOperationName(), foldMemorySpaceCast);
  attachFolder(dialect, PrefetchOp::getOperationName(), foldCastOperands);
  attachFolder(dialect, ReinterpretCastOp::getOperationName(), foldReinterpretCast);
  attachFolder(dialect, RankOp::getOperationName(), foldRank);
  attachFolder(dialect, ExpandShapeOp::getOperationName(), foldReshape<CollapseShapeOp>);
  attachFolder(dialect, CollapseShapeOp::getOperationName(), foldReshape<ExpandShapeOp>);
  attachFolder(dialect, StoreOp::getOperationName(), foldStore);
  attachFolder(dialect, SubViewOp::getOperationName(), foldSubView);
  attachFolder(dialect, TransposeOp::getOperationName(), foldTranspose);
  attachFolder(dialect, ViewOp::getOperationName(), foldView);
  attachFolder(dialect, AtomicRMWOp::getOperationName(), foldAtomicRMW);
}

Operation *MemRefDialect::materializeConstant(OpBuilder &builder, Attribute value, Type type, Location loc) {
  // arith::ConstantOp::materialize: only what arith.constant can hold.
  auto typed = dyn_cast<TypedAttr>(value);
  if (!typed || typed.getType() != type)
    return nullptr;
  if (auto intType = dyn_cast<IntegerType>(type); intType && !intType.isSignless())
    return nullptr;
  if (!isa<IntegerAttr>(value) && !isa<FloatAttr>(value) && !isa<ElementsAttr>(value))
    return nullptr;
  return arith::createConstant(builder, loc, typed);
}
