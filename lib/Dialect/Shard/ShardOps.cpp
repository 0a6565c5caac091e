//===- ShardOps.cpp - What the shard dialect writes by hand for its ops ---===//
//
// As mlir/lib/Dialect/Shard/IR/ShardOps.cpp, with mlir-opt 22's messages:
// the grid's rank and dimensions, the sharding's split axes, halo sizes and
// shard offsets, and each op's checks against the grid it names (its axes,
// in-group device indices, and the result shapes of the collectives).
//
#include "lamina/Dialect/Shard/ShardDialect.h"

#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/SymbolTable.h"

#include <algorithm>
#include <string>
#include <vector>

using namespace lamina;
using namespace lamina::shard;

static constexpr int64_t kDynamic = ShapedType::kDynamic;

//===----------------------------------------------------------------------===//
// Grid lookups and checks
//===----------------------------------------------------------------------===//

/// The grid `gridSymbol` names, or an error.
static FailureOr<GridOp> getGridAndVerify(Operation *op, FlatSymbolRefAttr gridSymbol,
                                          SymbolTableCollection &symbolTable) {
  GridOp grid = gridSymbol ? symbolTable.lookupNearestSymbolFrom<GridOp>(op, gridSymbol) : GridOp();
  if (!grid)
    return op->emitError() << "Undefined required grid symbol \"" << (gridSymbol ? gridSymbol.getValue() : "")
                           << "\".";
  return grid;
}

/// Distinct axes within the grid's rank.
static LogicalResult verifyGridAxes(Operation *op, ArrayRef<int16_t> axes, GridOp grid) {
  std::vector<int16_t> sorted(axes.begin(), axes.end());
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
    return op->emitError() << "Grid axes contains duplicate elements.";
  int64_t rank = int64_t(grid.getShape().size());
  for (int16_t axis : axes)
    if (axis >= rank || axis < 0)
      return op->emitError() << "0-based grid axis index " << int64_t(axis)
                             << " is out of bounds. The referenced grid \""
                             << (grid.getSymNameAttr() ? grid.getSymNameAttr().getValue() : "") << "\" is of rank "
                             << rank << ".";
  return success();
}

template <typename OpT> static FailureOr<GridOp> getGridAndVerifyAxes(OpT op, SymbolTableCollection &symbolTable) {
  FailureOr<GridOp> grid = getGridAndVerify(op.getOperation(), op.getGridAttr(), symbolTable);
  if (failed(grid))
    return failure();
  if (failed(verifyGridAxes(op.getOperation(), op.getGridAxes(), *grid)))
    return failure();
  return grid;
}

/// The number of processes along `axes` (dynamic if one of them is).
static int64_t groupSize(ArrayRef<int16_t> axes, ArrayRef<int64_t> gridShape) {
  int64_t size = 1;
  for (int16_t axis : axes) {
    int64_t dim = gridShape[axis];
    if (ShapedType::isDynamic(dim))
      return kDynamic;
    size *= dim;
  }
  return size;
}

static int64_t mulDims(int64_t a, int64_t b) {
  return ShapedType::isDynamic(a) || ShapedType::isDynamic(b) ? kDynamic : a * b;
}
static int64_t divDims(int64_t a, int64_t b) {
  return ShapedType::isDynamic(a) || ShapedType::isDynamic(b) || b == 0 ? kDynamic : a / b;
}

static LogicalResult verifyDimension(Operation *op, int64_t expected, int64_t actual, int64_t axis) {
  if (ShapedType::isStatic(actual) && expected != actual) {
    InFlightDiagnostic diag = op->emitError();
    diag << "Dimension size mismatch for result axis " << axis << ". Expected ";
    if (ShapedType::isDynamic(expected))
      diag << "dynamic";
    else
      diag << expected;
    return diag << ", but got " << actual << ".";
  }
  return success();
}

static ShapedType shapedOf(Value value) { return dyn_cast<ShapedType>(value.getType()); }

static LogicalResult verifyGather(Operation *op, Value operand, Value result, int64_t gatherAxis,
                                  ArrayRef<int16_t> axes, ArrayRef<int64_t> gridShape) {
  ShapedType operandType = shapedOf(operand), resultType = shapedOf(result);
  if (!operandType || !resultType || !operandType.hasRank() || !resultType.hasRank())
    return success();
  int64_t resultRank = resultType.getRank();
  if (gatherAxis < 0 || gatherAxis >= resultRank)
    return op->emitError() << "Gather axis " << gatherAxis << " is out of bounds [0, " << resultRank << ").";
  int64_t group = groupSize(axes, gridShape);
  for (int64_t axis = 0; axis < operandType.getRank() && axis < resultRank; ++axis) {
    int64_t operandDim = operandType.getDimSize(axis);
    int64_t expected = axis == gatherAxis ? mulDims(group, operandDim) : operandDim;
    if (failed(verifyDimension(op, expected, resultType.getDimSize(axis), axis)))
      return failure();
  }
  return success();
}

static LogicalResult verifyScatterOrSlice(Operation *op, Value operand, Value result, int64_t tensorAxis,
                                          ArrayRef<int16_t> axes, ArrayRef<int64_t> gridShape) {
  ShapedType operandType = shapedOf(operand), resultType = shapedOf(result);
  if (!operandType || !resultType || !operandType.hasRank() || !resultType.hasRank())
    return success();
  int64_t rank = std::min(operandType.getRank(), resultType.getRank());
  for (int64_t axis = 0; axis < rank; ++axis)
    if (axis != tensorAxis &&
        failed(verifyDimension(op, operandType.getDimSize(axis), resultType.getDimSize(axis), axis)))
      return failure();
  if (tensorAxis < 0 || tensorAxis >= rank)
    return success();
  int64_t group = groupSize(axes, gridShape);
  int64_t operandDim = operandType.getDimSize(tensorAxis);
  if (ShapedType::isStatic(operandDim) && ShapedType::isStatic(group) && group != 0 && operandDim % group != 0)
    return op->emitError() << "Operand dimension size " << operandDim
                           << " is not divisible by collective device group size " << group << " for tensor axis "
                           << tensorAxis << ".";
  return verifyDimension(op, divDims(operandDim, group), resultType.getDimSize(tensorAxis), tensorAxis);
}

static LogicalResult verifyAllToAll(Operation *op, Value operand, Value result, int64_t splitAxis,
                                    int64_t concatAxis, ArrayRef<int16_t> axes, ArrayRef<int64_t> gridShape) {
  ShapedType operandType = shapedOf(operand), resultType = shapedOf(result);
  if (!operandType || !resultType || !operandType.hasRank() || !resultType.hasRank())
    return success();
  int64_t rank = std::min(operandType.getRank(), resultType.getRank());
  for (int64_t axis = 0; axis < rank; ++axis)
    if ((axis != splitAxis && axis != concatAxis) || splitAxis == concatAxis)
      if (failed(verifyDimension(op, operandType.getDimSize(axis), resultType.getDimSize(axis), axis)))
        return failure();
  if (splitAxis == concatAxis || splitAxis < 0 || splitAxis >= rank || concatAxis < 0 || concatAxis >= rank)
    return success();
  int64_t group = groupSize(axes, gridShape);
  if (failed(verifyDimension(op, mulDims(operandType.getDimSize(concatAxis), group),
                             resultType.getDimSize(concatAxis), concatAxis)))
    return failure();
  return verifyDimension(op, divDims(operandType.getDimSize(splitAxis), group), resultType.getDimSize(splitAxis),
                         splitAxis);
}

/// A device's multi-index within the group of `axes`.
static LogicalResult verifyInGroupDevice(Operation *op, std::string_view name, ArrayRef<int64_t> device,
                                         ArrayRef<int16_t> axes, ArrayRef<int64_t> gridShape) {
  if (device.size() != axes.size())
    return op->emitError() << "In-group device \"" << name << "\" has unexpected multi-index size "
                           << int64_t(device.size()) << ". Expected " << int64_t(axes.size()) << ".";
  for (size_t i = 0; i < device.size(); ++i) {
    int64_t dim = gridShape[axes[i]];
    if (ShapedType::isStatic(device[i]) && ShapedType::isStatic(dim) && dim <= device[i])
      return op->emitError() << "Out of bounds coordinate " << int64_t(i) << " for in-group device \"" << name
                             << "\". Got " << device[i] << ", but expected value in the range [0, " << dim - 1
                             << "].";
  }
  return success();
}

static int64_t intOf(IntegerAttr attr) { return attr ? attr.getValue().getSExtValue() : 0; }

//===----------------------------------------------------------------------===//
// Grid and sharding
//===----------------------------------------------------------------------===//

LogicalResult GridOp::verify() {
  ArrayRef<int64_t> shape = getShape();
  if (shape.empty())
    return emitOpError("rank of grid is expected to be a positive integer");
  for (int64_t dim : shape)
    if (dim < 0 && ShapedType::isStatic(dim))
      return emitOpError("dimension size of a grid is expected to be non-negative or dynamic");
  return success();
}

LogicalResult ShardingOp::verify() {
  std::vector<int16_t> visited;
  GridAxesArrayAttr splitAxes = getSplitAxesAttr();
  size_t numSplitAxes = 0;
  if (splitAxes) {
    for (DenseI16ArrayAttr subAxes : splitAxes.getAxes()) {
      ArrayRef<int16_t> axes = subAxes ? subAxes.asArrayRef() : ArrayRef<int16_t>();
      if (!axes.empty())
        ++numSplitAxes;
      for (int16_t axis : axes) {
        if (axis < 0)
          return emitError() << "grid axis is expected to be non-negative";
        if (std::find(visited.begin(), visited.end(), axis) != visited.end())
          return emitError() << "grid axis duplicated";
        visited.push_back(axis);
      }
    }
  }
  if (!getStaticHaloSizes().empty() && !getStaticShardedDimsOffsets().empty())
    return emitOpError("halo sizes and shard offsets are mutually exclusive");
  if (!getStaticHaloSizes().empty() && getStaticHaloSizes().size() != numSplitAxes * 2)
    return emitError() << "halo sizes must be specified for all split axes.";
  return success();
}

LogicalResult ShardingOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  ShardingOp sharding(op);
  FailureOr<GridOp> grid = getGridAndVerify(op, sharding.getGridAttr(), symbolTable);
  if (failed(grid))
    return failure();
  ArrayRef<int64_t> gridShape = grid->getShape();
  ArrayRef<int64_t> offsets = sharding.getStaticShardedDimsOffsets();
  if (offsets.empty())
    return success();
  for (int64_t dim : gridShape)
    if (ShapedType::isDynamic(dim))
      return op->emitError() << "sharded dims offsets are not allowed for device grids with dynamic shape.";
  GridAxesArrayAttr splitAxes = sharding.getSplitAxesAttr();
  if (!splitAxes)
    return success();
  uint64_t pos = 0;
  for (DenseI16ArrayAttr subAxes : splitAxes.getAxes()) {
    ArrayRef<int16_t> axes = subAxes ? subAxes.asArrayRef() : ArrayRef<int16_t>();
    if (axes.empty())
      continue;
    int64_t numShards = 0, offset = 0;
    for (int16_t axis : axes)
      if (axis >= 0 && size_t(axis) < gridShape.size())
        numShards += gridShape[axis];
    for (int64_t i = 0; i <= numShards; ++i) {
      if (offsets.size() <= pos + i)
        return op->emitError() << "sharded dims offsets has wrong size.";
      if (ShapedType::isStatic(offsets[pos + i])) {
        if (offsets[pos + i] < offset)
          return op->emitError() << "sharded dims offsets must be non-decreasing.";
        offset = offsets[pos + i];
      }
    }
    pos += numShards + 1;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Process and grid queries
//===----------------------------------------------------------------------===//

/// grid_shape and process_multi_index: one result per axis (every axis of
/// the grid when none is listed).
static LogicalResult verifyPerAxisResults(Operation *op, FlatSymbolRefAttr gridAttr, ArrayRef<int16_t> axes,
                                          SymbolTableCollection &symbolTable) {
  FailureOr<GridOp> grid = getGridAndVerify(op, gridAttr, symbolTable);
  if (failed(grid))
    return failure();
  if (failed(verifyGridAxes(op, axes, *grid)))
    return failure();
  size_t expected = axes.empty() ? grid->getShape().size() : axes.size();
  if (op->getNumResults() != expected)
    return op->emitError() << "Unexpected number of results " << int64_t(op->getNumResults()) << ". Expected "
                           << int64_t(expected) << ".";
  return success();
}

LogicalResult GridShapeOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  return verifyPerAxisResults(op, GridShapeOp(op).getGridAttr(), GridShapeOp(op).getAxes(), symbolTable);
}

LogicalResult ProcessMultiIndexOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  return verifyPerAxisResults(op, ProcessMultiIndexOp(op).getGridAttr(), ProcessMultiIndexOp(op).getAxes(),
                              symbolTable);
}

LogicalResult ProcessLinearIndexOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  return getGridAndVerify(op, ProcessLinearIndexOp(op).getGridAttr(), symbolTable);
}

LogicalResult NeighborsLinearIndicesOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  return getGridAndVerify(op, NeighborsLinearIndicesOp(op).getGridAttr(), symbolTable);
}

LogicalResult UpdateHaloOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  return getGridAndVerify(op, UpdateHaloOp(op).getGridAttr(), symbolTable);
}

OperandRange UpdateHaloOp::getDpsInits() { return getOperation()->getOperands().slice(0, 1); }

//===----------------------------------------------------------------------===//
// Collective communication
//===----------------------------------------------------------------------===//

LogicalResult AllGatherOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  AllGatherOp gather(op);
  FailureOr<GridOp> grid = getGridAndVerifyAxes(gather, symbolTable);
  if (failed(grid))
    return failure();
  return verifyGather(op, gather.getInput(), op->getResult(0), intOf(gather.getGatherAxisAttr()),
                      gather.getGridAxes(), grid->getShape());
}

LogicalResult AllReduceOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  return getGridAndVerifyAxes(AllReduceOp(op), symbolTable);
}

LogicalResult AllSliceOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  AllSliceOp slice(op);
  FailureOr<GridOp> grid = getGridAndVerifyAxes(slice, symbolTable);
  if (failed(grid))
    return failure();
  return verifyScatterOrSlice(op, slice.getInput(), op->getResult(0), intOf(slice.getSliceAxisAttr()),
                              slice.getGridAxes(), grid->getShape());
}

LogicalResult AllToAllOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  AllToAllOp allToAll(op);
  FailureOr<GridOp> grid = getGridAndVerifyAxes(allToAll, symbolTable);
  if (failed(grid))
    return failure();
  return verifyAllToAll(op, allToAll.getInput(), op->getResult(0), intOf(allToAll.getSplitAxisAttr()),
                        intOf(allToAll.getConcatAxisAttr()), allToAll.getGridAxes(), grid->getShape());
}

LogicalResult BroadcastOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  BroadcastOp broadcast(op);
  FailureOr<GridOp> grid = getGridAndVerifyAxes(broadcast, symbolTable);
  if (failed(grid))
    return failure();
  return verifyInGroupDevice(op, "root", broadcast.getRoot(), broadcast.getGridAxes(), grid->getShape());
}

LogicalResult GatherOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  GatherOp gather(op);
  FailureOr<GridOp> grid = getGridAndVerifyAxes(gather, symbolTable);
  if (failed(grid))
    return failure();
  if (failed(verifyInGroupDevice(op, "root", gather.getRoot(), gather.getGridAxes(), grid->getShape())))
    return failure();
  return verifyGather(op, gather.getInput(), op->getResult(0), intOf(gather.getGatherAxisAttr()),
                      gather.getGridAxes(), grid->getShape());
}

LogicalResult RecvOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  RecvOp recv(op);
  FailureOr<GridOp> grid = getGridAndVerifyAxes(recv, symbolTable);
  if (failed(grid))
    return failure();
  if (!recv.getSourceAttr())
    return success();
  return verifyInGroupDevice(op, "source", recv.getSource(), recv.getGridAxes(), grid->getShape());
}

LogicalResult ReduceOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  ReduceOp reduce(op);
  FailureOr<GridOp> grid = getGridAndVerifyAxes(reduce, symbolTable);
  if (failed(grid))
    return failure();
  return verifyInGroupDevice(op, "root", reduce.getRoot(), reduce.getGridAxes(), grid->getShape());
}

LogicalResult ReduceScatterOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  ReduceScatterOp scatter(op);
  FailureOr<GridOp> grid = getGridAndVerifyAxes(scatter, symbolTable);
  if (failed(grid))
    return failure();
  return verifyScatterOrSlice(op, scatter.getInput(), op->getResult(0), intOf(scatter.getScatterAxisAttr()),
                              scatter.getGridAxes(), grid->getShape());
}

LogicalResult ScatterOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  ScatterOp scatter(op);
  FailureOr<GridOp> grid = getGridAndVerifyAxes(scatter, symbolTable);
  if (failed(grid))
    return failure();
  if (failed(verifyInGroupDevice(op, "root", scatter.getRoot(), scatter.getGridAxes(), grid->getShape())))
    return failure();
  return verifyScatterOrSlice(op, scatter.getInput(), op->getResult(0), intOf(scatter.getScatterAxisAttr()),
                              scatter.getGridAxes(), grid->getShape());
}

LogicalResult SendOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  SendOp send(op);
  FailureOr<GridOp> grid = getGridAndVerifyAxes(send, symbolTable);
  if (failed(grid))
    return failure();
  return verifyInGroupDevice(op, "destination", send.getDestination(), send.getGridAxes(), grid->getShape());
}

LogicalResult ShiftOp::verifySymbolUses(Operation *op, SymbolTableCollection &symbolTable) {
  ShiftOp shift(op);
  FailureOr<GridOp> grid = getGridAndVerifyAxes(shift, symbolTable);
  if (failed(grid))
    return failure();
  int64_t shiftAxis = intOf(shift.getShiftAxisAttr());
  ArrayRef<int16_t> axes = shift.getGridAxes();
  if (std::find(axes.begin(), axes.end(), shiftAxis) == axes.end())
    return op->emitError() << "Invalid shift axis " << shiftAxis << ". It must be one of the grouping grid axes.";
  return success();
}

//===----------------------------------------------------------------------===//
// Result names
//===----------------------------------------------------------------------===//

#define SHARD_RESULT_NAME(OP, NAME)                                                                                  \
  void OP::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {                              \
    if (getOperation()->getNumResults() > 0)                                                                        \
      setNameFn(getOperation()->getResult(0), NAME);                                                                \
  }
SHARD_RESULT_NAME(ShardingOp, "sharding")
SHARD_RESULT_NAME(ShardShapeOp, "shard_shape")
SHARD_RESULT_NAME(ShardOp, "sharding_annotated")
SHARD_RESULT_NAME(GridShapeOp, "grid_shape")
SHARD_RESULT_NAME(ProcessMultiIndexOp, "proc_linear_idx")
SHARD_RESULT_NAME(ProcessLinearIndexOp, "proc_linear_idx")
SHARD_RESULT_NAME(AllGatherOp, "all_gather")
SHARD_RESULT_NAME(AllReduceOp, "all_reduce")
SHARD_RESULT_NAME(AllSliceOp, "all_slice")
SHARD_RESULT_NAME(AllToAllOp, "all_to_all")
SHARD_RESULT_NAME(BroadcastOp, "broadcast")
SHARD_RESULT_NAME(GatherOp, "gather")
SHARD_RESULT_NAME(RecvOp, "recv")
SHARD_RESULT_NAME(ReduceOp, "reduce")
SHARD_RESULT_NAME(ReduceScatterOp, "reduce_scatter")
SHARD_RESULT_NAME(ScatterOp, "scatter")
SHARD_RESULT_NAME(SendOp, "send")
SHARD_RESULT_NAME(ShiftOp, "shift")
#undef SHARD_RESULT_NAME

void NeighborsLinearIndicesOp::getAsmResultNames(function_ref<void(Value, std::string_view)> setNameFn) {
  setNameFn(getNeighborDown(), "down_linear_idx");
  setNameFn(getNeighborUp(), "up_linear_idx");
}
