//===- TensorRuntimeVerification.cpp - Runtime checks of tensor ops -------===//
//
// RuntimeVerifiableOpInterface on the tensor ops, as MLIR 22's external
// models (Tensor/Transforms/RuntimeOpVerification.cpp): cast's rank and
// static sizes, dim's index within the rank, the indices of extract and
// insert within the dimensions, and extract_slice's offsets and last
// positions within the source (an scf.if per check, the empty slice apart,
// as memref.subview). Each check ends in a cf.assert whose message the
// caller builds.
//
#include "lamina/Dialect/ControlFlow/ControlFlowDialect.h"
#include "lamina/Dialect/MemRef/RuntimeCheckBuilders.h"
#include "lamina/Dialect/SCF/SCFDialect.h"
#include "lamina/Dialect/Tensor/TensorDialect.h"
#include "lamina/Interfaces/RuntimeVerifiableOpInterface.h"
#include "lamina/ODS/OpDef.h"

#include <string>
#include <vector>

using namespace lamina;
using namespace lamina::rtcheck;
using arith::CmpIPredicate;

namespace {

constexpr std::string_view kDim = "tensor.dim";
constexpr std::string_view kRank = "tensor.rank";

void verifyCast(Operation *op, OpBuilder &b, Location loc, RuntimeErrorMessageFn message) {
  Value source = op->getOperand(0);
  // Nothing to check when casting to an unranked tensor.
  auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!resultType)
    return;
  auto rankedSource = dyn_cast<RankedTensorType>(source.getType());
  ArrayRef<int64_t> resultShape = resultType.getShape();
  if (!rankedSource) {
    Value sourceRank = indexQuery(b, loc, kRank, source);
    Value resultRank = constantIndex(b, loc, int64_t(resultShape.size()));
    Value isSameRank = cmpi(b, loc, CmpIPredicate::eq, sourceRank, resultRank, /*fold=*/false);
    assertThat(b, loc, isSameRank, message(op, "rank mismatch"));
  }
  for (size_t i = 0; i < resultShape.size(); ++i) {
    // A static source size is checked by the verifier; a dynamic result size
    // accepts anything.
    if (rankedSource && !ShapedType::isDynamic(rankedSource.getShape()[i]))
      continue;
    if (ShapedType::isDynamic(resultShape[i]))
      continue;
    Value sourceSize = dimOf(b, loc, kDim, source, int64_t(i), /*fold=*/false);
    Value resultSize = constantIndex(b, loc, resultShape[i]);
    Value isSameSize = cmpi(b, loc, CmpIPredicate::eq, sourceSize, resultSize, /*fold=*/false);
    assertThat(b, loc, isSameSize, message(op, "size mismatch of dim " + std::to_string(i)));
  }
}

void verifyDim(Operation *op, OpBuilder &b, Location loc, RuntimeErrorMessageFn message) {
  Value rank = indexQuery(b, loc, kRank, op->getOperand(0));
  Value zero = constantIndex(b, loc, 0);
  Value valid = inBounds(b, loc, op->getOperand(1), zero, rank);
  assertThat(b, loc, valid, message(op, "index is out of bounds"));
}

/// extract and insert: 0 <= index#i < dim#i.
void verifyAccess(Operation *op, OpBuilder &b, Location loc, RuntimeErrorMessageFn message) {
  bool isInsert = op->getName().getStringRef() == "tensor.insert";
  Value tensor = op->getOperand(isInsert ? 1 : 0);
  OperandRange indices = ods::getOperandGroup(op, "indices");
  auto type = dyn_cast<RankedTensorType>(tensor.getType());
  if (!type)
    return;
  int64_t rank = int64_t(type.getShape().size());
  if (rank == 0)
    return;
  Value zero = constantIndex(b, loc, 0);
  Value condition;
  for (int64_t i = 0; i < rank; ++i) {
    Value size = dimOf(b, loc, kDim, tensor, i, /*fold=*/true);
    Value valid = inBounds(b, loc, indices[size_t(i)], zero, size);
    condition = i == 0 ? valid : binary(b, loc, "arith.andi", condition, valid, /*fold=*/true);
  }
  assertThat(b, loc, condition, message(op, "out-of-bounds access"));
}

/// The mixed offsets, sizes or strides (`group` 1, 2, 3) of extract_slice.
std::vector<OpFoldResult> mixed(Operation *op, std::string_view staticName, unsigned group) {
  std::vector<OpFoldResult> result;
  auto statics = dyn_cast_or_null<DenseI64ArrayAttr>(ods::getInherentAttr(op, staticName));
  if (!statics)
    return result;
  OperandRange dynamics = ods::getODSOperands(op, group);
  Type i64 = IntegerType::get(op->getContext(), 64);
  size_t next = 0;
  for (int64_t value : statics.asArrayRef()) {
    if (ShapedType::isDynamic(value) && next < dynamics.size())
      result.push_back(Value(dynamics[next++]));
    else
      result.push_back(IntegerAttr::get(i64, value));
  }
  return result;
}

/// Per dimension: the offset (of an empty slice: in [0, size]) and the last
/// position offset + (size - 1) * stride within the source dimension.
void verifyExtractSlice(Operation *op, OpBuilder &b, Location loc, RuntimeErrorMessageFn message) {
  Value source = op->getOperand(0);
  auto sourceType = dyn_cast<RankedTensorType>(source.getType());
  if (!sourceType)
    return;
  size_t rank = sourceType.getShape().size();
  std::vector<OpFoldResult> offsets = mixed(op, "static_offsets", 1);
  std::vector<OpFoldResult> sizes = mixed(op, "static_sizes", 2);
  std::vector<OpFoldResult> strides = mixed(op, "static_strides", 3);
  if (offsets.size() < rank || sizes.size() < rank || strides.size() < rank)
    return;
  Value zero = constantIndex(b, loc, 0);
  Value one = constantIndex(b, loc, 1);
  for (size_t i = 0; i < rank; ++i) {
    Value offset = valueOf(b, loc, offsets[i]);
    Value size = valueOf(b, loc, sizes[i]);
    Value stride = valueOf(b, loc, strides[i]);
    Value dimSize = dimOf(b, loc, kDim, source, int64_t(i), /*fold=*/true);
    checkSliceDimension(b, loc, op, int64_t(i), offset, size, stride, dimSize, zero, one, "extract_slice", message);
  }
}

} // namespace

void tensor::registerTensorRuntimeVerification(TensorDialect &dialect) {
  auto attach = [&](std::string_view name,
                    void (*fn)(Operation *, OpBuilder &, Location, RuntimeErrorMessageFn)) {
    ods::attachInterface<RuntimeVerifiableOpInterface>(dialect, name, {.generateRuntimeVerification = fn});
  };
  attach("tensor.cast", verifyCast);
  attach(kDim, verifyDim);
  attach("tensor.extract", verifyAccess);
  attach("tensor.extract_slice", verifyExtractSlice);
  attach("tensor.insert", verifyAccess);
  // The dialects of the checks' ops (scf.if for the slices).
  MLIRContext *ctx = dialect.getContext();
  ctx->getOrLoadDialect<ControlFlowDialect>();
  ctx->getOrLoadDialect<SCFDialect>();
}
