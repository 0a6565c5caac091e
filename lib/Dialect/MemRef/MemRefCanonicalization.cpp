//===- MemRefCanonicalization.cpp - Canonicalization patterns of memref ---===//
//
// The `hasCanonicalizer` patterns of the memref ops as MLIR 22 registers
// them (mlir/lib/Dialect/MemRef/IR/MemRefOps.cpp and the reshape patterns
// of Dialect/Utils/ReshapeOpsUtils.h), in MLIR's order per op, all of
// benefit 1. Each pattern is a plain function registered under its MLIR
// class name (what `disable-patterns` matches).
//
#include "MemRefFoldUtils.h"

#include "lamina/IR/Matchers.h"
#include "lamina/IR/PatternMatch.h"
#include "lamina/Interfaces/SideEffectInterfaces.h"
#include "lamina/ODS/OpDef.h"

using namespace lamina;
using namespace lamina::memref;
using namespace lamina::memref::utils;

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// The op defining `v` if it is an OpTy.
template <typename OpTy> Operation *defOf(Value v) {
  Operation *def = v ? v.getDefiningOp() : nullptr;
  return def && isa<OpTy>(def) ? def : nullptr;
}

/// matchConstantIndex(): `v` is an arith.constant of index type.
bool isConstantIndexOp(Operation *op) {
  return op && op->getName().getStringRef() == "arith.constant" && op->getNumResults() == 1 &&
         op->getResult(0).getType().isIndex();
}
bool isConstantIndex(Value v) { return isConstantIndexOp(v.getDefiningOp()); }

void replace(PatternRewriter &rewriter, Operation *op, Value v) {
  Value values[] = {v};
  rewriter.replaceOp(op, ValueRange(ArrayRef<Value>(values, 1)));
}

/// Replaces `op` with a memref.cast of `v` to the type of op's result.
void replaceWithCast(PatternRewriter &rewriter, Operation *op, Value v) {
  replace(rewriter, op, buildCast(rewriter, op->getLoc(), op->getResult(0).getType(), v));
}

MemRefType resultMemRefType(Operation *op) { return cast<MemRefType>(op->getResult(0).getType()); }

//===----------------------------------------------------------------------===//
// alloc / alloca / realloc
//===----------------------------------------------------------------------===//

/// SimplifyAllocConst: constant, non-negative dynamic sizes become static;
/// a cast restores the old type.
LogicalResult simplifyAllocConst(Operation *alloc, PatternRewriter &rewriter) {
  OperandRange dynamicSizes = ods::getODSOperands(alloc, 0);
  auto isFoldableSize = [](Value v) {
    APInt size;
    return matchConstantInt(v, &size) && !size.isNegative();
  };
  bool any = false;
  for (Value v : dynamicSizes)
    any |= isFoldableSize(v);
  if (!any)
    return failure();

  MemRefType memrefType = resultMemRefType(alloc);
  std::vector<int64_t> newShape;
  std::vector<Value> newDynamicSizes;
  unsigned dynamicDimPos = 0;
  for (int64_t dimSize : memrefType.getShape()) {
    if (ShapedType::isStatic(dimSize)) {
      newShape.push_back(dimSize);
      continue;
    }
    Value dynamicSize = dynamicSizes[dynamicDimPos++];
    APInt size;
    if (matchConstantInt(dynamicSize, &size) && !size.isNegative()) {
      newShape.push_back(int64_t(size.getZExtValue()));
    } else {
      newShape.push_back(ShapedType::kDynamic);
      newDynamicSizes.push_back(dynamicSize);
    }
  }
  MemRefType newType = withShape(memrefType, newShape);

  OperandRange symbols = ods::getODSOperands(alloc, 1);
  OperationState state(alloc->getLoc(), alloc->getName().getStringRef());
  state.addOperands(ValueRange(newDynamicSizes));
  state.addOperands(symbols);
  int32_t segments[] = {int32_t(newDynamicSizes.size()), int32_t(symbols.size())};
  state.addAttribute("operandSegmentSizes", rewriter.getDenseI32ArrayAttr(segments));
  if (Attribute alignment = ods::getInherentAttr(alloc, "alignment"))
    state.addAttribute("alignment", alignment);
  state.addType(newType);
  Operation *newAlloc = rewriter.create(state);
  replaceWithCast(rewriter, alloc, newAlloc->getResult(0));
  return success();
}

/// SimplifyDeadAlloc: an allocation only stored into and deallocated goes
/// away with its users.
LogicalResult simplifyDeadAlloc(Operation *alloc, PatternRewriter &rewriter) {
  Value result = alloc->getResult(0);
  std::vector<Operation *> users;
  for (Operation *user : result.getUsers()) {
    if (isa<StoreOp>(user)) {
      if (user->getOperand(0) == result)
        return failure();
    } else if (!isa<DeallocOp>(user)) {
      return failure();
    }
    if (std::find(users.begin(), users.end(), user) == users.end())
      users.push_back(user);
  }
  for (Operation *user : users)
    rewriter.eraseOp(user);
  rewriter.eraseOp(alloc);
  return success();
}

//===----------------------------------------------------------------------===//
// copy
//===----------------------------------------------------------------------===//

bool isEmptyMemRef(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref)
    return false;
  for (int64_t d : memref.getShape())
    if (d == 0)
      return true;
  return false;
}

/// FoldEmptyCopy: a copy of or to a memref with no elements.
LogicalResult foldEmptyCopy(Operation *op, PatternRewriter &rewriter) {
  if (!isEmptyMemRef(op->getOperand(0).getType()) && !isEmptyMemRef(op->getOperand(1).getType()))
    return failure();
  rewriter.eraseOp(op);
  return success();
}

/// FoldSelfCopy: memref.copy(%x, %x).
LogicalResult foldSelfCopy(Operation *op, PatternRewriter &rewriter) {
  if (op->getOperand(0) != op->getOperand(1))
    return failure();
  rewriter.eraseOp(op);
  return success();
}

//===----------------------------------------------------------------------===//
// dim
//===----------------------------------------------------------------------===//

/// DimOfMemRefReshape: dim(reshape(x, shape), i) -> load(shape[i]) placed
/// right after the reshape, when `i` is available there (checked cheaply:
/// defined before the reshape in its block, or in an enclosing region).
LogicalResult dimOfMemRefReshape(Operation *dim, PatternRewriter &rewriter) {
  Operation *reshape = defOf<ReshapeOp>(dim->getOperand(0));
  if (!reshape)
    return failure();
  Value index = dim->getOperand(1);
  if (index.getParentBlock() == reshape->getBlock()) {
    if (Operation *def = index.getDefiningOp())
      if (reshape->isBeforeInBlock(def))
        return failure();
  } else if (dim->getBlock() != reshape->getBlock() &&
             !index.getParentRegion()->isProperAncestor(reshape->getParentRegion())) {
    return failure();
  }

  rewriter.setInsertionPointAfter(reshape);
  Location loc = dim->getLoc();
  Value shape = reshape->getOperand(1);
  OperationState loadState(loc, LoadOp::getOperationName());
  loadState.addOperand(shape);
  loadState.addOperand(index);
  loadState.addType(cast<MemRefType>(shape.getType()).getElementType());
  Value load = rewriter.create(loadState)->getResult(0);
  Type dimType = dim->getResult(0).getType();
  if (load.getType() != dimType) {
    OperationState castState(loc, "arith.index_cast");
    castState.addOperand(load);
    castState.addType(dimType);
    load = rewriter.create(castState)->getResult(0);
  }
  replace(rewriter, dim, load);
  return success();
}

//===----------------------------------------------------------------------===//
// reinterpret_cast
//===----------------------------------------------------------------------===//

/// ReinterpretCastOp::getConstifiedMixed{Offset,Sizes,Strides}: the mixed
/// values with what the result type knows statically.
struct ConstifiedView {
  std::vector<OpFoldResult> offset, sizes, strides;
};

ConstifiedView constifiedReinterpretCast(Operation *op) {
  MLIRContext *ctx = op->getContext();
  MemRefType type = resultMemRefType(op);
  std::vector<int64_t> staticStrides;
  int64_t staticOffset = ShapedType::kDynamic;
  (void)getStridesAndOffset(type, staticStrides, staticOffset);
  ConstifiedView view{getMixedOffsets(op), getMixedSizes(op), getMixedStrides(op)};
  int64_t offsets[] = {staticOffset};
  constifyIndexValues(view.offset, offsets, ctx);
  constifyIndexValues(view.sizes, type.getShape(), ctx);
  constifyIndexValues(view.strides, staticStrides, ctx);
  return view;
}

/// ExtractStridedMetadataOp::getConstifiedMixed{Offset,Sizes,Strides}.
ConstifiedView constifiedExtractStridedMetadata(Operation *op) {
  MLIRContext *ctx = op->getContext();
  auto type = cast<MemRefType>(op->getOperand(0).getType());
  std::vector<int64_t> staticStrides;
  int64_t staticOffset = ShapedType::kDynamic;
  (void)getStridesAndOffset(type, staticStrides, staticOffset);
  ConstifiedView view;
  view.offset.push_back(getAsOpFoldResult(op->getResult(1)));
  for (Value v : ods::getODSResults(op, 2))
    view.sizes.push_back(getAsOpFoldResult(v));
  for (Value v : ods::getODSResults(op, 3))
    view.strides.push_back(getAsOpFoldResult(v));
  int64_t offsets[] = {staticOffset};
  constifyIndexValues(view.offset, offsets, ctx);
  constifyIndexValues(view.sizes, type.getShape(), ctx);
  constifyIndexValues(view.strides, staticStrides, ctx);
  return view;
}

/// ReinterpretCastOpExtractStridedMetadataFolder: a reinterpret_cast that
/// rebuilds what extract_strided_metadata took apart is the source (or a
/// cast of it); otherwise it reads the metadata's source directly.
LogicalResult reinterpretCastOfExtractStridedMetadata(Operation *op, PatternRewriter &rewriter) {
  Operation *extract = defOf<ExtractStridedMetadataOp>(op->getOperand(0));
  if (!extract)
    return failure();
  ConstifiedView from = constifiedExtractStridedMetadata(extract);
  ConstifiedView to = constifiedReinterpretCast(op);
  bool noop = equalOpFoldResults(from.strides, to.strides) && equalOpFoldResults(from.sizes, to.sizes) &&
              equalOpFoldResults(from.offset, to.offset);
  Value source = extract->getOperand(0);
  if (!noop) {
    rewriter.modifyOpInPlace(op, [&] { op->setOperand(0, source); });
    return success();
  }
  if (source.getType() == op->getResult(0).getType())
    replace(rewriter, op, source);
  else
    replaceWithCast(rewriter, op, source);
  return success();
}

size_t countAttributes(ArrayRef<OpFoldResult> values) {
  size_t n = 0;
  for (OpFoldResult v : values)
    n += v.isAttribute();
  return n;
}

/// ReinterpretCastOpConstantFolder: constant or statically known offset,
/// sizes and strides become static; a cast restores the old type.
LogicalResult reinterpretCastConstantFolder(Operation *op, PatternRewriter &rewriter) {
  size_t srcStaticCount =
      countAttributes(getMixedOffsets(op)) + countAttributes(getMixedSizes(op)) + countAttributes(getMixedStrides(op));
  ConstifiedView view = constifiedReinterpretCast(op);
  if (view.offset.empty() ||
      srcStaticCount == countAttributes(view.offset) + countAttributes(view.sizes) + countAttributes(view.strides))
    return failure();
  Value newCast = buildReinterpretCast(rewriter, op->getLoc(), MemRefType(), op->getOperand(0), view.offset.front(),
                                       view.sizes, view.strides);
  replaceWithCast(rewriter, op, newCast);
  return success();
}

//===----------------------------------------------------------------------===//
// expand_shape / collapse_shape
//===----------------------------------------------------------------------===//


/// CollapseShapeOpMemRefCastFolder: collapse(cast(x)) -> collapse(x), then
/// a cast to the old type if the result type changed.
LogicalResult collapseShapeOfCast(Operation *op, PatternRewriter &rewriter) {
  Operation *castOp = defOf<CastOp>(op->getOperand(0));
  if (!castOp || !canFoldCastIntoConsumerOp(castOp))
    return failure();
  Value source = castOp->getOperand(0);
  Reassociation reassociation = getReassociationIndices(op);
  MemRefType newResultType = computeCollapsedType(cast<MemRefType>(source.getType()), reassociation);
  if (!newResultType)
    return failure();
  if (newResultType == op->getResult(0).getType()) {
    rewriter.modifyOpInPlace(op, [&] { op->setOperand(0, source); });
    return success();
  }
  Value newOp = buildCollapseShape(rewriter, op->getLoc(), newResultType, source, reassociation);
  replaceWithCast(rewriter, op, newOp);
  return success();
}

//===----------------------------------------------------------------------===//
// subview
//===----------------------------------------------------------------------===//

/// SubViewOp::inferResultType from mixed values: null when a static offset
/// or size is negative or a static stride is zero.
MemRefType inferSubViewResultType(MemRefType sourceType, ArrayRef<OpFoldResult> offsets,
                                  ArrayRef<OpFoldResult> sizes, ArrayRef<OpFoldResult> strides) {
  std::vector<Value> unused;
  std::vector<int64_t> staticOffsets, staticSizes, staticStrides;
  dispatchIndexOpFoldResults(offsets, unused, staticOffsets);
  dispatchIndexOpFoldResults(sizes, unused, staticSizes);
  dispatchIndexOpFoldResults(strides, unused, staticStrides);
  for (int64_t v : staticOffsets)
    if (ShapedType::isStatic(v) && v < 0)
      return MemRefType();
  for (int64_t v : staticSizes)
    if (ShapedType::isStatic(v) && v < 0)
      return MemRefType();
  for (int64_t v : staticStrides)
    if (ShapedType::isStatic(v) && v == 0)
      return MemRefType();
  return utils::inferSubViewResultType(sourceType, staticOffsets, staticSizes, staticStrides);
}

/// The static list of `values` (kDynamic for SSA values).
std::vector<int64_t> staticValues(ArrayRef<OpFoldResult> values) {
  std::vector<Value> unused;
  std::vector<int64_t> statics;
  dispatchIndexOpFoldResults(values, unused, statics);
  return statics;
}

/// `type` without the dimensions `dropped` (shape and strides).
MemRefType dropDims(MemRefType type, const std::vector<bool> &dropped) {
  auto layout = cast<StridedLayoutAttr>(type.getLayout());
  std::vector<int64_t> shape, strides;
  ArrayRef<int64_t> allStrides = layout.getStrides();
  for (int64_t i = 0, e = type.getRank(); i < e; ++i) {
    if (size_t(i) < dropped.size() && dropped[i])
      continue;
    shape.push_back(type.getDimSize(i));
    strides.push_back(size_t(i) < allStrides.size() ? allStrides[i] : 1);
  }
  return MemRefType::get(shape, type.getElementType(),
                         StridedLayoutAttr::get(type.getContext(), layout.getOffset(), strides),
                         type.getMemorySpace());
}

/// OpWithOffsetSizesAndStridesConstantArgumentFolder<SubViewOp,
/// SubViewReturnTypeCanonicalizer, SubViewCanonicalizer>: constant offsets,
/// sizes or strides (in that order, one list per application) become
/// static; a cast restores the old type.
LogicalResult subViewConstantArgumentFolder(Operation *op, PatternRewriter &rewriter) {
  std::vector<OpFoldResult> offsets = getMixedOffsets(op);
  std::vector<OpFoldResult> sizes = getMixedSizes(op);
  std::vector<OpFoldResult> strides = getMixedStrides(op);
  if (failed(foldDynamicIndexList(offsets, /*onlyNonNegative=*/true)) &&
      failed(foldDynamicIndexList(sizes, /*onlyNonNegative=*/true)) && failed(foldDynamicIndexList(strides)))
    return failure();
  auto sourceType = cast<MemRefType>(op->getOperand(0).getType());
  if (!isInBoundsSlice(sourceType.getShape(), staticValues(offsets), staticValues(sizes), staticValues(strides)))
    return failure();

  // SubViewReturnTypeCanonicalizer: the inferred type, rank-reduced as the
  // old result.
  MemRefType resultType = inferSubViewResultType(sourceType, offsets, sizes, strides);
  if (!resultType)
    return failure();
  std::vector<bool> dropped = getSubViewDroppedDims(op);
  bool anyDropped = false;
  for (bool d : dropped)
    anyDropped |= d;
  if (anyDropped)
    resultType = dropDims(resultType, dropped);

  Value newOp = buildSubView(rewriter, op->getLoc(), resultType, op->getOperand(0), offsets, sizes, strides);
  replaceWithCast(rewriter, op, newOp);
  return success();
}

/// SubViewOpMemRefCastFolder: subview(cast(x)) -> cast(subview(x)) when the
/// cast only erases static information.
LogicalResult subViewOfCast(Operation *op, PatternRewriter &rewriter) {
  // Constant operands are left to the constant argument folder.
  for (Value operand : op->getOperands())
    if (isConstantIndex(operand))
      return failure();
  Operation *castOp = defOf<CastOp>(op->getOperand(0));
  if (!castOp || !canFoldCastIntoConsumerOp(castOp))
    return failure();

  // getCanonicalSubViewResultType: inferred from the cast's source, reduced
  // as the current subview.
  Value source = castOp->getOperand(0);
  std::vector<OpFoldResult> offsets = getMixedOffsets(op);
  std::vector<OpFoldResult> sizes = getMixedSizes(op);
  std::vector<OpFoldResult> strides = getMixedStrides(op);
  MemRefType nonReduced = inferSubViewResultType(cast<MemRefType>(source.getType()), offsets, sizes, strides);
  if (!nonReduced)
    return failure();
  FailureOr<std::vector<bool>> unused =
      computeMemRefRankReductionMask(cast<MemRefType>(op->getOperand(0).getType()), resultMemRefType(op),
                                     staticValues(sizes));
  if (failed(unused))
    return failure();
  MemRefType resultType = dropDims(nonReduced, *unused);

  Value newSubView = buildSubView(rewriter, op->getLoc(), resultType, source, offsets, sizes, strides);
  replaceWithCast(rewriter, op, newSubView);
  return success();
}

/// TrivialSubViewOpFolder: zero offsets, unit strides and the source's
/// static sizes: the source itself (or a cast of it).
LogicalResult trivialSubView(Operation *op, PatternRewriter &rewriter) {
  auto sourceType = cast<MemRefType>(op->getOperand(0).getType());
  MemRefType resultType = resultMemRefType(op);
  if (sourceType.getRank() != resultType.getRank())
    return failure();
  for (OpFoldResult offset : getMixedOffsets(op))
    if (!isConstantIntValue(offset, 0))
      return failure();
  for (OpFoldResult stride : getMixedStrides(op))
    if (!isConstantIntValue(stride, 1))
      return failure();
  std::vector<OpFoldResult> sizes = getMixedSizes(op);
  ArrayRef<int64_t> sourceShape = sourceType.getShape();
  for (size_t i = 0; i < sizes.size(); ++i) {
    std::optional<int64_t> size = getConstantIntValue(sizes[i]);
    if (!size || i >= sourceShape.size() || *size != sourceShape[i])
      return failure();
  }
  if (sourceType == resultType)
    replace(rewriter, op, op->getOperand(0));
  else
    replaceWithCast(rewriter, op, op->getOperand(0));
  return success();
}

//===----------------------------------------------------------------------===//
// view
//===----------------------------------------------------------------------===//

/// Builds memref.view %source[%byteShift][sizes] : ... to `type`.
Value buildView(OpBuilder &b, Location loc, Type type, Value source, Value byteShift, ValueRange sizes) {
  OperationState state(loc, ViewOp::getOperationName());
  state.addOperand(source);
  state.addOperand(byteShift);
  state.addOperands(sizes);
  state.addType(type);
  return b.create(state)->getResult(0);
}

/// ViewOpShapeFolder: sizes given by index constants become static; a cast
/// restores the old type.
LogicalResult viewOpShapeFolder(Operation *view, PatternRewriter &rewriter) {
  bool anyConstant = false;
  for (Value operand : view->getOperands())
    anyConstant |= isConstantIndex(operand);
  if (!anyConstant)
    return failure();
  MemRefType memrefType = resultMemRefType(view);
  std::vector<int64_t> strides;
  int64_t offset;
  if (failed(getStridesAndOffset(memrefType, strides, offset)))
    return failure();

  OperandRange sizes = ods::getODSOperands(view, 2);
  std::vector<int64_t> newShape;
  std::vector<Value> newSizes;
  unsigned dynamicDimPos = 0;
  for (int64_t dimSize : memrefType.getShape()) {
    if (ShapedType::isStatic(dimSize)) {
      newShape.push_back(dimSize);
      continue;
    }
    if (dynamicDimPos >= sizes.size())
      return failure();
    Value size = sizes[dynamicDimPos++];
    Operation *def = size.getDefiningOp();
    auto value = isConstantIndexOp(def) ? dyn_cast_or_null<IntegerAttr>(def->getAttr("value")) : IntegerAttr();
    if (value && value.getInt() >= 0) {
      newShape.push_back(value.getInt());
    } else {
      newShape.push_back(dimSize);
      newSizes.push_back(size);
    }
  }
  MemRefType newType = withShape(memrefType, newShape);
  if (newType == memrefType)
    return failure();
  Value newView = buildView(rewriter, view->getLoc(), newType, view->getOperand(0), view->getOperand(1), newSizes);
  replaceWithCast(rewriter, view, newView);
  return success();
}

/// ViewOpMemrefCastFolder: view(cast(alloc)) -> view(alloc).
LogicalResult viewOfCastOfAlloc(Operation *view, PatternRewriter &rewriter) {
  Operation *castOp = defOf<CastOp>(view->getOperand(0));
  if (!castOp)
    return failure();
  Value allocOperand = castOp->getOperand(0);
  if (!defOf<AllocOp>(allocOperand))
    return failure();
  Value newView = buildView(rewriter, view->getLoc(), view->getResult(0).getType(), allocOperand,
                            view->getOperand(1), ods::getODSOperands(view, 2));
  replace(rewriter, view, newView);
  return success();
}

//===----------------------------------------------------------------------===//
// alloca_scope
//===----------------------------------------------------------------------===//

/// Whether `op` allocates on the stack of its automatic allocation scope
/// (one of its results with such an Allocate effect); `unknownIsAlloc`
/// answers for ops without MemoryEffectOpInterface.
bool allocatesInScope(Operation *op, bool unknownIsAlloc) {
  auto iface = dyn_cast<MemoryEffectOpInterface>(op);
  if (!iface)
    return unknownIsAlloc;
  for (Value res : op->getResults())
    if (auto effect = iface.getEffectOnValue<MemoryEffects::Allocate>(res))
      if (isa<SideEffects::AutomaticAllocationScopeResource>(effect->getResource()))
        return true;
  return false;
}

/// isGuaranteedAutomaticAllocation.
bool isGuaranteedAutomaticAllocation(Operation *op) { return allocatesInScope(op, false); }

/// isOpItselfPotentialAutomaticAllocation: ops with recursive effects do not
/// allocate themselves (their nested ops are looked at separately).
bool isOpItselfPotentialAutomaticAllocation(Operation *op) {
  if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
    return false;
  return allocatesInScope(op, true);
}

/// Whether `op` is followed only by its block's terminator, in a
/// single-block region.
bool lastNonTerminatorInRegion(Operation *op) {
  return op->getBlock()->mightHaveTerminator() && op->getNextNode() == op->getBlock()->getTerminator() &&
         op->getParentRegion()->hasOneBlock();
}

/// AllocaScopeInliner: inlines the body when the scope holds no potential
/// stack allocation, or when it is the last op of an allocation scope.
LogicalResult allocaScopeInliner(Operation *op, PatternRewriter &rewriter) {
  bool hasPotentialAlloca = op->walk<WalkOrder::PreOrder>([&](Operation *alloc) {
                                if (alloc == op)
                                  return WalkResult::advance();
                                if (isOpItselfPotentialAutomaticAllocation(alloc))
                                  return WalkResult::interrupt();
                                if (alloc->hasTrait<OpTrait::AutomaticAllocationScope>())
                                  return WalkResult::skip();
                                return WalkResult::advance();
                              }).wasInterrupted();
  if (hasPotentialAlloca) {
    if (!op->getParentOp()->hasTrait<OpTrait::AutomaticAllocationScope>())
      return failure();
    if (!lastNonTerminatorInRegion(op))
      return failure();
  }
  Block *block = &op->getRegion(0).front();
  Operation *terminator = block->getTerminator();
  SmallVector<Value, 4> results(terminator->getOperands().begin(), terminator->getOperands().end());
  rewriter.inlineBlockBefore(block, op);
  rewriter.replaceOp(op, ValueRange(results));
  rewriter.eraseOp(terminator);
  return success();
}

/// AllocaScopeHoister: moves the stack allocations of a scope that ends
/// its parents' regions up to the closest allocation scope, where their
/// operands are available.
LogicalResult allocaScopeHoister(Operation *op, PatternRewriter &rewriter) {
  Operation *scope = op->getParentOp();
  while (scope && !scope->hasTrait<OpTrait::AutomaticAllocationScope>())
    scope = scope->getParentOp();
  if (!scope)
    return failure();
  Operation *lastParentWithoutScope = op->getParentOp();
  if (!lastParentWithoutScope || lastParentWithoutScope->hasTrait<OpTrait::AutomaticAllocationScope>())
    return failure();
  if (!lastNonTerminatorInRegion(op) || !lastNonTerminatorInRegion(lastParentWithoutScope))
    return failure();
  while (!lastParentWithoutScope->getParentOp()->hasTrait<OpTrait::AutomaticAllocationScope>()) {
    lastParentWithoutScope = lastParentWithoutScope->getParentOp();
    if (!lastParentWithoutScope || !lastNonTerminatorInRegion(lastParentWithoutScope))
      return failure();
  }
  Region *containingRegion = nullptr;
  for (Region &r : lastParentWithoutScope->getRegions())
    if (r.isAncestor(op->getParentRegion()))
      containingRegion = &r;
  if (!containingRegion)
    return failure();
  SmallVector<Operation *, 4> toHoist;
  // A post-order walk (MLIR's skips there do not skip anything).
  op->walk([&](Operation *alloc) {
    if (!isGuaranteedAutomaticAllocation(alloc))
      return;
    for (Value v : alloc->getOperands())
      if (containingRegion->isAncestor(v.getParentRegion()))
        return;
    toHoist.push_back(alloc);
  });
  if (toHoist.empty())
    return failure();
  rewriter.setInsertionPoint(lastParentWithoutScope);
  for (Operation *alloc : toHoist) {
    Operation *cloned = rewriter.clone(*alloc);
    rewriter.replaceOp(alloc, cloned->getResults());
  }
  return success();
}

} // namespace

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

void memref::registerMemRefCanonicalization(MemRefDialect &dialect) {
  using ods::attachCanonicalizer;
  attachCanonicalizer(dialect, AllocOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(AllocOp::getOperationName(), simplifyAllocConst, "SimplifyAllocConst<AllocOp>");
    p.addFunction(AllocOp::getOperationName(), simplifyDeadAlloc, "SimplifyDeadAlloc<AllocOp>");
  });
  attachCanonicalizer(dialect, ReallocOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(ReallocOp::getOperationName(), simplifyDeadAlloc, "SimplifyDeadAlloc<ReallocOp>");
  });
  attachCanonicalizer(dialect, AllocaOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(AllocaOp::getOperationName(), simplifyAllocConst, "SimplifyAllocConst<AllocaOp>");
    p.addFunction(AllocaOp::getOperationName(), simplifyDeadAlloc, "SimplifyDeadAlloc<AllocaOp>");
  });
  attachCanonicalizer(dialect, AllocaScopeOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(AllocaScopeOp::getOperationName(), allocaScopeInliner, "AllocaScopeInliner");
    p.addFunction(AllocaScopeOp::getOperationName(), allocaScopeHoister, "AllocaScopeHoister");
  });
  attachCanonicalizer(dialect, CopyOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(CopyOp::getOperationName(), foldEmptyCopy, "FoldEmptyCopy");
    p.addFunction(CopyOp::getOperationName(), foldSelfCopy, "FoldSelfCopy");
  });
  attachCanonicalizer(dialect, DimOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(DimOp::getOperationName(), dimOfMemRefReshape, "DimOfMemRefReshape");
  });
  attachCanonicalizer(dialect, ReinterpretCastOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(ReinterpretCastOp::getOperationName(), reinterpretCastOfExtractStridedMetadata,
                  "ReinterpretCastOpExtractStridedMetadataFolder");
    p.addFunction(ReinterpretCastOp::getOperationName(), reinterpretCastConstantFolder,
                  "ReinterpretCastOpConstantFolder");
  });
  attachCanonicalizer(dialect, ExpandShapeOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(ExpandShapeOp::getOperationName(), composeReassociativeReshapeOps<true>,
                  "ComposeReassociativeReshapeOps<ExpandShapeOp>");
    p.addFunction(ExpandShapeOp::getOperationName(), composeExpandOfCollapse, "ComposeExpandOfCollapseOp");
  });
  attachCanonicalizer(dialect, CollapseShapeOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(CollapseShapeOp::getOperationName(), composeReassociativeReshapeOps<false>,
                  "ComposeReassociativeReshapeOps<CollapseShapeOp>");
    p.addFunction(CollapseShapeOp::getOperationName(), composeCollapseOfExpand, "ComposeCollapseOfExpandOp");
    p.addFunction(CollapseShapeOp::getOperationName(), collapseShapeOfCast, "CollapseShapeOpMemRefCastFolder");
  });
  attachCanonicalizer(dialect, SubViewOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(SubViewOp::getOperationName(), subViewConstantArgumentFolder,
                  "OpWithOffsetSizesAndStridesConstantArgumentFolder<SubViewOp>");
    p.addFunction(SubViewOp::getOperationName(), subViewOfCast, "SubViewOpMemRefCastFolder");
    p.addFunction(SubViewOp::getOperationName(), trivialSubView, "TrivialSubViewOpFolder");
  });
  attachCanonicalizer(dialect, ViewOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(ViewOp::getOperationName(), viewOpShapeFolder, "ViewOpShapeFolder");
    p.addFunction(ViewOp::getOperationName(), viewOfCastOfAlloc, "ViewOpMemrefCastFolder");
  });
}
