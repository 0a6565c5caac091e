//===- XeGPUOps.cpp - What the xegpu dialect writes by hand for its ops ---===//
//
// As mlir/lib/Dialect/XeGPU/IR/XeGPUOps.cpp, with mlir-opt 22's messages:
// the block ops (create_nd_tdesc, load_nd, store_nd, prefetch_nd,
// update_nd_offset) take non-scattered descriptors, the gather/scatter ops
// scattered ones, the cache hints suit the access (read or write), store_nd
// takes no array length, dpas's operand shapes (M, N, K) and accumulator.
//
// Partial: the shape checks of load_nd/store_nd (transpose, packed, SIMT
// distribution), of the gather/scatter ops (masks, offsets,
// chunk sizes), create_nd_tdesc's rank checks, convert_layout's layout
// kinds and the matrix ops' subgroup_block_io rules are not written; those
// ops verify only their declarative constraints.
//
#include "lamina/Dialect/XeGPU/XeGPUDialect.h"

#include "lamina/Interfaces/ViewLikeInterface.h"
#include "lamina/IR/Diagnostics.h"

using namespace lamina;
using namespace lamina::xegpu;

//===----------------------------------------------------------------------===//
// custom<OptionalDynamicIndexList>
//===----------------------------------------------------------------------===//

/// `[%a, 4, ...]` or nothing (the static values attribute is then left unset).
static ParseResult parseOptionalDynamicIndexList(OpAsmParser &parser, OperationState &,
                                                 ArrayRef<ods::CustomParseArg *> args) {
  if (failed(parser.parseOptionalLSquare()))
    return success();
  std::vector<int64_t> integers;
  auto parseIntegerOrValue = [&]() -> ParseResult {
    OpAsmParser::UnresolvedOperand operand;
    std::optional<ParseResult> res = parser.parseOptionalOperand(operand);
    if (res.has_value() && succeeded(*res)) {
      args[0]->operands->push_back(operand);
      integers.push_back(ShapedType::kDynamic);
      return success();
    }
    int64_t integer = 0;
    if (failed(parser.parseInteger(integer)))
      return failure();
    integers.push_back(integer);
    return success();
  };
  if (parser.parseCommaSeparatedList(parseIntegerOrValue) || parser.parseRSquare())
    return parser.emitError(parser.getNameLoc()) << "expected a list of SSA values or integers";
  *args[1]->attr = parser.getBuilder().getDenseI64ArrayAttr(integers);
  return success();
}

static void printOptionalDynamicIndexList(OpAsmPrinter &printer, Operation *, ArrayRef<ods::CustomPrintArg> args) {
  auto integers = dyn_cast_or_null<DenseI64ArrayAttr>(args[1].attr);
  if (!integers || integers.asArrayRef().empty())
    return;
  printDynamicIndexList(printer, args[0].operands, integers.asArrayRef());
}

ods::CustomDirective xegpu::getOptionalDynamicIndexListDirective() {
  return {"OptionalDynamicIndexList", parseOptionalDynamicIndexList, printOptionalDynamicIndexList, nullptr};
}

//===----------------------------------------------------------------------===//
// Verifiers
//===----------------------------------------------------------------------===//

/// Whether `type` is a tensor descriptor with a scatter encoding.
static bool isScattered(Type type) {
  auto desc = dyn_cast<TensorDescType>(type);
  return desc && isa_and_nonnull<ScatterTensorDescAttr>(desc.getEncoding());
}

static LogicalResult verifyBlockDesc(Operation *op, Type type) {
  if (isScattered(type))
    return op->emitOpError("Expects a non-scattered TensorDesc.");
  return success();
}

static LogicalResult verifyScatteredDesc(Operation *op, Type type) {
  if (isa<TensorDescType>(type) && !isScattered(type))
    return op->emitOpError("Expects a scattered TensorDesc.");
  return success();
}

LogicalResult CreateNdDescOp::verify() { return verifyBlockDesc(getOperation(), getOperation()->getResult(0).getType()); }

/// A read hint: cached, uncached, streaming or read_invalidate (or none).
static bool isReadHint(CachePolicyAttr hint) {
  if (!hint)
    return true;
  CachePolicy kind = hint.getValue();
  return kind == CachePolicy::CACHED || kind == CachePolicy::UNCACHED || kind == CachePolicy::STREAMING ||
         kind == CachePolicy::READ_INVALIDATE;
}

/// A write hint: cached, uncached, write_back or write_through (or none).
static bool isWriteHint(CachePolicyAttr hint) {
  if (!hint)
    return true;
  CachePolicy kind = hint.getValue();
  return kind == CachePolicy::CACHED || kind == CachePolicy::UNCACHED || kind == CachePolicy::WRITE_BACK ||
         kind == CachePolicy::WRITE_THROUGH;
}

/// The l1/l2/l3 hints of a read (`write` false) or write access.
template <typename OpT> static LogicalResult verifyHints(OpT op, bool write) {
  auto check = [&](CachePolicyAttr hint, const char *name) -> LogicalResult {
    if (write ? isWriteHint(hint) : isReadHint(hint))
      return success();
    return op.emitOpError("invalid ") << name << ": " << Attribute(hint);
  };
  if (failed(check(op.getL1HintAttr(), "l1_hint")) || failed(check(op.getL2HintAttr(), "l2_hint")) ||
      failed(check(op.getL3HintAttr(), "l3_hint")))
    return failure();
  return success();
}

LogicalResult PrefetchNdOp::verify() {
  if (failed(verifyBlockDesc(getOperation(), getTensorDesc().getType())))
    return failure();
  return verifyHints(*this, /*write=*/false);
}

LogicalResult LoadNdOp::verify() {
  if (failed(verifyBlockDesc(getOperation(), getTensorDesc().getType())))
    return failure();
  return verifyHints(*this, /*write=*/false);
}

LogicalResult StoreNdOp::verify() {
  if (failed(verifyBlockDesc(getOperation(), getTensorDesc().getType())) || failed(verifyHints(*this, true)))
    return failure();
  if (auto desc = dyn_cast<TensorDescType>(getTensorDesc().getType()))
    if (auto block = dyn_cast_or_null<BlockTensorDescAttr>(desc.getEncoding()))
      if (IntegerAttr length = block.getArrayLength(); length && length.getValue().getSExtValue() > 1)
        return emitOpError("array length is not supported by store_nd.\n");
  return success();
}

LogicalResult UpdateNdOffsetOp::verify() { return verifyBlockDesc(getOperation(), getTensorDesc().getType()); }

LogicalResult CreateDescOp::verify() { return verifyScatteredDesc(getOperation(), getTensorDesc().getType()); }

LogicalResult PrefetchOp::verify() {
  if (failed(verifyScatteredDesc(getOperation(), getSource().getType())))
    return failure();
  return verifyHints(*this, /*write=*/false);
}

LogicalResult LoadGatherOp::verify() {
  if (failed(verifyScatteredDesc(getOperation(), getSource().getType())))
    return failure();
  return verifyHints(*this, /*write=*/false);
}

LogicalResult StoreScatterOp::verify() {
  if (failed(verifyScatteredDesc(getOperation(), getDest().getType())))
    return failure();
  return verifyHints(*this, /*write=*/true);
}

LogicalResult UpdateOffsetOp::verify() { return verifyScatteredDesc(getOperation(), getTensorDesc().getType()); }

LogicalResult DpasOp::verify() {
  Type resultType = getOperation()->getResult(0).getType();
  Value acc = getAcc();
  if (acc && acc.getType() != resultType)
    return emitOpError("Expecting the acc type to be the same as result.");
  auto lhs = dyn_cast<VectorType>(getLhs().getType());
  auto rhs = dyn_cast<VectorType>(getRhs().getType());
  auto result = dyn_cast<VectorType>(resultType);
  if (!lhs || !rhs || !result)
    return success();
  ArrayRef<int64_t> lhsShape = lhs.getShape(), rhsShape = rhs.getShape(), resShape = result.getShape();
  // SIMT: B is a multiple of 32 bits.
  if (lhsShape.size() == 1 && rhsShape.size() == 1 && resShape.size() == 1) {
    unsigned width = rhs.getElementType().getIntOrFloatBitWidth();
    int64_t factor = width ? 32 / width : 0;
    if (factor != 0 && rhs.getNumElements() % factor != 0)
      return emitOpError("Expecting B operand to be a multiple of 32 bits.");
    return success();
  }
  if (lhsShape.size() != 2 || (rhsShape.size() != 2 && rhsShape.size() != 3) || resShape.size() != 2)
    return emitOpError("expecting lhs and result to be a 2D vector, and rhs to be either 2D or 3D (packed) vector.");
  int64_t bK = rhsShape.size() == 3 ? rhsShape[0] * rhsShape[2] : rhsShape[0];
  if (bK != lhsShape[1])
    return emitOpError("K-dimension mismatch.");
  if (lhsShape[0] != resShape[0])
    return emitOpError("M-dimension mismatch.");
  if (rhsShape[1] != resShape[1])
    return emitOpError("N-dimension mismatch.");
  return success();
}

LogicalResult ConvertLayoutOp::verify() { return success(); }

LogicalResult LoadMatrixOp::verify() { return success(); }

LogicalResult StoreMatrixOp::verify() { return success(); }
