//===- BufferizeOps.h - The bufferize methods of the op models ------------===//
//
// Internal to the bufferization transforms: the rewrite of each op kind,
// set on the OpModels of OpModels.cpp.
//
#pragma once

#include "lamina/Dialect/Bufferization/Transforms/Bufferize.h"

namespace lamina::bufferization::ops {

LogicalResult bufferizeCast(Operation *op, BufferizeRewriter &rw);
Type castBufferType(Value v, BufferizeRewriter &rw);
LogicalResult bufferizeDim(Operation *op, BufferizeRewriter &rw);
LogicalResult bufferizeRank(Operation *op, BufferizeRewriter &rw);
LogicalResult bufferizeEmpty(Operation *op, BufferizeRewriter &rw);
LogicalResult bufferizeExtract(Operation *op, BufferizeRewriter &rw);
LogicalResult bufferizeExtractSlice(Operation *op, BufferizeRewriter &rw);
Type extractSliceBufferType(Value v, BufferizeRewriter &rw);
LogicalResult bufferizeInsert(Operation *op, BufferizeRewriter &rw);
LogicalResult bufferizeInsertSlice(Operation *op, BufferizeRewriter &rw);
LogicalResult bufferizeFromElements(Operation *op, BufferizeRewriter &rw);
LogicalResult bufferizeAllocTensor(Operation *op, BufferizeRewriter &rw);
Type allocTensorBufferType(Value v, BufferizeRewriter &rw);
LogicalResult bufferizeToBuffer(Operation *op, BufferizeRewriter &rw);
LogicalResult bufferizeMaterialize(Operation *op, BufferizeRewriter &rw);
LogicalResult bufferizeDeallocTensor(Operation *op, BufferizeRewriter &rw);
LogicalResult bufferizeDestinationStyle(Operation *op, BufferizeRewriter &rw);
LogicalResult bufferizeTransferRead(Operation *op, BufferizeRewriter &rw);
LogicalResult bufferizeTransferWrite(Operation *op, BufferizeRewriter &rw);
LogicalResult bufferizeIndexCast(Operation *op, BufferizeRewriter &rw);
LogicalResult bufferizeSelect(Operation *op, BufferizeRewriter &rw);
Type selectBufferType(Value v, BufferizeRewriter &rw);
LogicalResult bufferizeConstant(Operation *op, BufferizeRewriter &rw);
Type constantBufferType(Value v, BufferizeRewriter &rw);

LogicalResult bufferizeScfFor(Operation *op, BufferizeRewriter &rw);
Type scfForBufferType(Value v, BufferizeRewriter &rw);
LogicalResult resolveScfForConflicts(Operation *op, BufferizeRewriter &rw);
LogicalResult bufferizeScfYield(Operation *op, BufferizeRewriter &rw);
Type scfIfBufferType(Value v, BufferizeRewriter &rw);
LogicalResult bufferizeScfRegionOp(Operation *op, BufferizeRewriter &rw);

Type scfWhileBufferType(Value v, BufferizeRewriter &rw);
LogicalResult resolveScfWhileConflicts(Operation *op, BufferizeRewriter &rw);
LogicalResult bufferizeScfWhile(Operation *op, BufferizeRewriter &rw);
LogicalResult bufferizeScfCondition(Operation *op, BufferizeRewriter &rw);
Type scfForallBufferType(Value v, BufferizeRewriter &rw);
LogicalResult bufferizeScfForall(Operation *op, BufferizeRewriter &rw);
LogicalResult resolveNoConflicts(Operation *op, BufferizeRewriter &rw);
LogicalResult bufferizeParallelInsertSlice(Operation *op, BufferizeRewriter &rw);
LogicalResult bufferizeGenerate(Operation *op, BufferizeRewriter &rw);

Type collapseShapeBufferType(Value v, BufferizeRewriter &rw);
LogicalResult bufferizeCollapseShape(Operation *op, BufferizeRewriter &rw);
Type expandShapeBufferType(Value v, BufferizeRewriter &rw);
LogicalResult bufferizeExpandShape(Operation *op, BufferizeRewriter &rw);

LogicalResult bufferizeSplat(Operation *op, BufferizeRewriter &rw);
Type reshapeBufferType(Value v, BufferizeRewriter &rw);
LogicalResult bufferizeReshape(Operation *op, BufferizeRewriter &rw);

LogicalResult bufferizeMLProgramGlobal(Operation *op, BufferizeRewriter &rw);
LogicalResult bufferizeMLProgramGlobalLoad(Operation *op, BufferizeRewriter &rw);
LogicalResult bufferizeMLProgramGlobalStore(Operation *op, BufferizeRewriter &rw);

LogicalResult resolveMaskConflicts(Operation *op, BufferizeRewriter &rw);
LogicalResult bufferizeMask(Operation *op, BufferizeRewriter &rw);
LogicalResult bufferizeVectorYield(Operation *op, BufferizeRewriter &rw);

} // namespace lamina::bufferization::ops
