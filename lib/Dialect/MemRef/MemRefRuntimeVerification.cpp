//===- MemRefRuntimeVerification.cpp - Runtime checks of memref ops -------===//
//
// RuntimeVerifiableOpInterface on the memref ops, as MLIR 22's external
// models (MemRef/Transforms/RuntimeOpVerification.cpp): indices of
// load/store/atomic_rmw/generic_atomic_rmw within the dimensions, the index
// of dim within the rank, copy's dynamic sizes equal, cast's rank, sizes,
// offset and strides, expand_shape's static group sizes dividing the source
// size, assume_alignment's pointer aligned, and subview's offsets and last
// positions within the source (an scf.if per check, the empty slice apart).
// reinterpret_cast has nothing to check. Each check ends in a cf.assert
// whose message the caller builds.
//
#include "MemRefFoldUtils.h"
#include "MemRefOpsImpl.h"

#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/Dialect/ControlFlow/ControlFlowDialect.h"
#include "lamina/Dialect/MemRef/MemRefDialect.h"
#include "lamina/Dialect/MemRef/RuntimeCheckBuilders.h"
#include "lamina/Dialect/MemRef/StridedLayout.h"
#include "lamina/IR/Builders.h"
#include "lamina/Interfaces/RuntimeVerifiableOpInterface.h"
#include "lamina/ODS/OpDef.h"

#include <string>

using namespace lamina;
using namespace lamina::memref;
using arith::CmpIPredicate;

namespace {

//===----------------------------------------------------------------------===//
// Builders of the checks
//===----------------------------------------------------------------------===//

using namespace rtcheck;

Value dimOf(OpBuilder &b, Location loc, Value source, int64_t dim, bool fold) {
  return rtcheck::dimOf(b, loc, DimOp::getOperationName(), source, dim, fold);
}

/// memref.extract_strided_metadata of a ranked memref: base buffer, offset,
/// sizes, strides.
Operation *extractStridedMetadata(OpBuilder &b, Location loc, Value source) {
  auto type = cast<MemRefType>(source.getType());
  OperationState state(loc, ExtractStridedMetadataOp::getOperationName());
  state.addOperand(source);
  state.addType(MemRefType::get({}, type.getElementType(), Attribute(), type.getMemorySpace()));
  Type index = b.getIndexType();
  for (size_t i = 0, e = 1 + 2 * type.getShape().size(); i != e; ++i)
    state.addType(index);
  return b.create(state);
}

//===----------------------------------------------------------------------===//
// The ops
//===----------------------------------------------------------------------===//

void verifyAssumeAlignment(Operation *op, OpBuilder &b, Location loc, RuntimeErrorMessageFn message) {
  int64_t alignment = cast<IntegerAttr>(ods::getInherentAttr(op, "alignment")).getValue().getSExtValue();
  Value pointer = indexQuery(b, loc, ExtractAlignedPointerAsIndexOp::getOperationName(), op->getOperand(0));
  Value rest = binary(b, loc, "arith.remui", pointer, constantIndex(b, loc, alignment), /*fold=*/false);
  Value zero = constantIndex(b, loc, 0);
  Value isAligned = cmpi(b, loc, CmpIPredicate::eq, rest, zero, /*fold=*/false);
  assertThat(b, loc, isAligned, message(op, "memref is not aligned to " + std::to_string(alignment)));
}

void verifyCast(Operation *op, OpBuilder &b, Location loc, RuntimeErrorMessageFn message) {
  Value source = op->getOperand(0);
  Type sourceType = source.getType();
  // Nothing to check when casting to an unranked memref.
  auto resultType = dyn_cast<MemRefType>(op->getResult(0).getType());
  if (!resultType)
    return;
  int64_t rank = int64_t(resultType.getShape().size());

  if (isa<UnrankedMemRefType>(sourceType)) {
    Value sourceRank = indexQuery(b, loc, RankOp::getOperationName(), source);
    Value resultRank = constantIndex(b, loc, rank);
    Value isSameRank = cmpi(b, loc, CmpIPredicate::eq, sourceRank, resultRank, /*fold=*/false);
    assertThat(b, loc, isSameRank, message(op, "rank mismatch"));
  }

  // The source's offset and strides, through a cast to a fully dynamic
  // strided layout (unranked memrefs have no metadata op of their own).
  std::vector<int64_t> dynamicShape(size_t(rank), ShapedType::kDynamic);
  auto layout = StridedLayoutAttr::get(b.getContext(), ShapedType::kDynamic, dynamicShape);
  auto dynamicType =
      MemRefType::get(dynamicShape, resultType.getElementType(), layout, resultType.getMemorySpace());
  Value helperCast = utils::buildCast(b, loc, dynamicType, source);
  Operation *metadata = extractStridedMetadata(b, loc, helperCast);

  ArrayRef<int64_t> resultShape = resultType.getShape();
  auto rankedSource = dyn_cast<MemRefType>(sourceType);
  for (int64_t i = 0; i < rank; ++i) {
    // A static source size is checked by the verifier; a dynamic result size
    // accepts anything.
    if (rankedSource && !ShapedType::isDynamic(rankedSource.getShape()[size_t(i)]))
      continue;
    if (ShapedType::isDynamic(resultShape[size_t(i)]))
      continue;
    Value sourceSize = dimOf(b, loc, source, i, /*fold=*/false);
    Value resultSize = constantIndex(b, loc, resultShape[size_t(i)]);
    Value isSameSize = cmpi(b, loc, CmpIPredicate::eq, sourceSize, resultSize, /*fold=*/false);
    assertThat(b, loc, isSameSize, message(op, "size mismatch of dim " + std::to_string(i)));
  }

  std::vector<int64_t> resultStrides;
  int64_t resultOffset;
  if (failed(getStridesAndOffset(resultType, resultStrides, resultOffset)))
    return;
  if (!ShapedType::isDynamic(resultOffset)) {
    Value expected = constantIndex(b, loc, resultOffset);
    Value isSameOffset = cmpi(b, loc, CmpIPredicate::eq, metadata->getResult(1), expected, /*fold=*/false);
    assertThat(b, loc, isSameOffset, message(op, "offset mismatch"));
  }
  for (size_t i = 0; i < resultStrides.size(); ++i) {
    if (ShapedType::isDynamic(resultStrides[i]))
      continue;
    Value sourceStride = metadata->getResult(unsigned(2 + rank + int64_t(i)));
    Value expected = constantIndex(b, loc, resultStrides[i]);
    Value isSameStride = cmpi(b, loc, CmpIPredicate::eq, sourceStride, expected, /*fold=*/false);
    assertThat(b, loc, isSameStride, message(op, "stride mismatch of dim " + std::to_string(i)));
  }
}

void verifyCopy(Operation *op, OpBuilder &b, Location loc, RuntimeErrorMessageFn message) {
  Value source = op->getOperand(0), target = op->getOperand(1);
  auto sourceType = dyn_cast<MemRefType>(source.getType());
  auto targetType = dyn_cast<MemRefType>(target.getType());
  // Unranked memrefs are not checked.
  if (!sourceType || !targetType)
    return;
  ArrayRef<int64_t> sourceShape = sourceType.getShape(), targetShape = targetType.getShape();
  auto sizeOf = [&](Value memref, ArrayRef<int64_t> shape, size_t i) {
    return ShapedType::isDynamic(shape[i]) ? dimOf(b, loc, memref, int64_t(i), /*fold=*/false)
                                           : constantIndex(b, loc, shape[i]);
  };
  for (size_t i = 0, e = sourceShape.size(); i != e && i < targetShape.size(); ++i) {
    // Two static sizes are checked by the verifier.
    if (!ShapedType::isDynamic(sourceShape[i]) && !ShapedType::isDynamic(targetShape[i]))
      continue;
    Value sourceSize = sizeOf(source, sourceShape, i);
    Value targetSize = sizeOf(target, targetShape, i);
    Value isSameSize = cmpi(b, loc, CmpIPredicate::eq, sourceSize, targetSize, /*fold=*/false);
    assertThat(b, loc, isSameSize,
               message(op, "size of " + std::to_string(i) + "-th source/target dim does not match"));
  }
}

void verifyDim(Operation *op, OpBuilder &b, Location loc, RuntimeErrorMessageFn message) {
  Value rank = indexQuery(b, loc, RankOp::getOperationName(), op->getOperand(0));
  Value zero = constantIndex(b, loc, 0);
  Value valid = inBounds(b, loc, op->getOperand(1), zero, rank);
  assertThat(b, loc, valid, message(op, "index is out of bounds"));
}

/// load, store, atomic_rmw and generic_atomic_rmw: 0 <= index#i < dim#i.
void verifyAccess(Operation *op, OpBuilder &b, Location loc, RuntimeErrorMessageFn message) {
  Value memref = ods::getOperandGroup(op, "memref")[0];
  OperandRange indices = ods::getOperandGroup(op, "indices");
  int64_t rank = int64_t(cast<MemRefType>(memref.getType()).getShape().size());
  if (rank == 0)
    return;
  Value zero = constantIndex(b, loc, 0);
  Value condition;
  for (int64_t i = 0; i < rank; ++i) {
    Value size = dimOf(b, loc, memref, i, /*fold=*/true);
    Value valid = inBounds(b, loc, indices[size_t(i)], zero, size);
    condition = i == 0 ? valid : binary(b, loc, "arith.andi", condition, valid, /*fold=*/true);
  }
  assertThat(b, loc, condition, message(op, "out-of-bounds access"));
}

void verifyExpandShape(Operation *op, OpBuilder &b, Location loc, RuntimeErrorMessageFn message) {
  Value source = op->getOperand(0);
  ArrayRef<int64_t> resultShape = cast<MemRefType>(op->getResult(0).getType()).getShape();
  utils::Reassociation groups = utils::getReassociationIndices(op);
  for (size_t group = 0; group < groups.size(); ++group) {
    Value sourceSize = dimOf(b, loc, source, int64_t(group), /*fold=*/false);
    // The product of the group's static sizes must divide the source size.
    int64_t staticSize = 1;
    for (int64_t dim : groups[group])
      if (!ShapedType::isDynamic(resultShape[size_t(dim)]))
        staticSize *= resultShape[size_t(dim)];
    Value divisor = constantIndex(b, loc, staticSize);
    Value rest = binary(b, loc, "arith.remsi", sourceSize, divisor, /*fold=*/false);
    Value zero = constantIndex(b, loc, 0);
    Value divides = cmpi(b, loc, CmpIPredicate::eq, rest, zero, /*fold=*/false);
    assertThat(b, loc, divides, message(op, "static result dims in reassoc group do not divide src dim evenly"));
  }
}

/// Per dimension: an empty slice's offset in [0, size], another's in
/// [0, size), and the last position offset + (size - 1) * stride in
/// [0, size).
void verifySubView(Operation *op, OpBuilder &b, Location loc, RuntimeErrorMessageFn message) {
  Value source = op->getOperand(0);
  int64_t rank = int64_t(cast<MemRefType>(source.getType()).getShape().size());
  Value zero = constantIndex(b, loc, 0);
  Value one = constantIndex(b, loc, 1);
  Operation *metadata = extractStridedMetadata(b, loc, source);
  std::vector<OpFoldResult> offsets = utils::getMixedOffsets(op);
  std::vector<OpFoldResult> sizes = utils::getMixedSizes(op);
  std::vector<OpFoldResult> strides = utils::getMixedStrides(op);

  for (int64_t i = 0; i < rank; ++i) {
    b.setInsertionPoint(op);
    Value offset = valueOf(b, loc, offsets[size_t(i)]);
    Value size = valueOf(b, loc, sizes[size_t(i)]);
    Value stride = valueOf(b, loc, strides[size_t(i)]);
    Value dimSize = metadata->getResult(unsigned(2 + i));

    checkSliceDimension(b, loc, op, i, offset, size, stride, dimSize, zero, one, "subview", message);
  }
}

} // namespace

void memref::registerMemRefRuntimeVerification(MemRefDialect &dialect) {
  auto attach = [&](std::string_view name,
                    void (*fn)(Operation *, OpBuilder &, Location, RuntimeErrorMessageFn)) {
    ods::attachInterface<RuntimeVerifiableOpInterface>(dialect, name, {.generateRuntimeVerification = fn});
  };
  attach(AssumeAlignmentOp::getOperationName(), verifyAssumeAlignment);
  attach(AtomicRMWOp::getOperationName(), verifyAccess);
  attach(CastOp::getOperationName(), verifyCast);
  attach(CopyOp::getOperationName(), verifyCopy);
  attach(DimOp::getOperationName(), verifyDim);
  attach(ExpandShapeOp::getOperationName(), verifyExpandShape);
  attach(GenericAtomicRMWOp::getOperationName(), verifyAccess);
  attach(LoadOp::getOperationName(), verifyAccess);
  attach(StoreOp::getOperationName(), verifyAccess);
  attach(SubViewOp::getOperationName(), verifySubView);
}
