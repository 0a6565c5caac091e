//===- XeGPUOps.cpp - What the xegpu dialect writes by hand for its ops ---===//
//
// As mlir/lib/Dialect/XeGPU/IR/XeGPUOps.cpp, with mlir-opt 22's messages:
// the block ops (create_nd_tdesc, load_nd, store_nd, prefetch_nd,
// update_nd_offset) take non-scattered descriptors, the gather/scatter ops
// scattered ones, dpas's accumulator has its result type.
//
// Partial: the shape checks of load_nd/store_nd (transpose, packed, array
// length, SIMT distribution), of the gather/scatter ops (masks, offsets,
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

LogicalResult PrefetchNdOp::verify() { return verifyBlockDesc(getOperation(), getTensorDesc().getType()); }

LogicalResult LoadNdOp::verify() { return verifyBlockDesc(getOperation(), getTensorDesc().getType()); }

LogicalResult StoreNdOp::verify() { return verifyBlockDesc(getOperation(), getTensorDesc().getType()); }

LogicalResult UpdateNdOffsetOp::verify() { return verifyBlockDesc(getOperation(), getTensorDesc().getType()); }

LogicalResult CreateDescOp::verify() { return verifyScatteredDesc(getOperation(), getTensorDesc().getType()); }

LogicalResult PrefetchOp::verify() { return verifyScatteredDesc(getOperation(), getSource().getType()); }

LogicalResult LoadGatherOp::verify() { return verifyScatteredDesc(getOperation(), getSource().getType()); }

LogicalResult StoreScatterOp::verify() { return verifyScatteredDesc(getOperation(), getDest().getType()); }

LogicalResult UpdateOffsetOp::verify() { return verifyScatteredDesc(getOperation(), getTensorDesc().getType()); }

LogicalResult DpasOp::verify() {
  Value acc = getAcc();
  if (acc && acc.getType() != getOperation()->getResult(0).getType())
    return emitOpError("Expecting the acc type to be the same as result.");
  return success();
}

LogicalResult ConvertLayoutOp::verify() { return success(); }

LogicalResult LoadMatrixOp::verify() { return success(); }

LogicalResult StoreMatrixOp::verify() { return success(); }
