//===- AffineOpsImpl.h - Hooks shared by the affine dialect's sources -----===//
//
// The hand-written parsers, printers and verifiers of the affine ops
// (MLIR's `hasCustomAssemblyFormat` / `hasVerifier`), registered with the
// ops' definitions (AffineOps.cpp). Private to lib/Dialect/Affine.
//
#pragma once

#include "lamina/Dialect/Affine/AffineDialect.h"
#include "lamina/IR/OpImplementation.h"
#include "lamina/ODS/OpDef.h"

namespace lamina {
class RewritePatternSet;
namespace affine {
namespace impl {

//===----------------------------------------------------------------------===//
// Definitions (AffineOps.cpp)
//===----------------------------------------------------------------------===//

/// Registers the affine ops in `dialect`.
void registerAffineOps(AffineDialect &dialect);

//===----------------------------------------------------------------------===//
// Shared helpers (AffineOps.cpp)
//===----------------------------------------------------------------------===//

/// `(%d0, %d1)[%s0]`: the dim list, then the symbol list if not empty.
void printDimAndSymbolList(OpAsmPrinter &p, OperandRange operands, unsigned numDims);
/// Parses `(dims)` and an optional `[symbols]`, resolved as index values.
ParseResult parseDimAndSymbolList(OpAsmParser &parser, SmallVectorImpl<Value> &operands, unsigned &numDims);
/// MLIR's verifyDimAndSymbolIdentifiers: the first `numDims` operands must
/// be valid dims, the rest valid symbols, in `op`'s affine scope.
LogicalResult verifyDimAndSymbolIdentifiers(Operation *op, OperandRange operands, unsigned numDims);
/// isValidDim || isValidSymbol in `op`'s affine scope.
bool isValidAffineIndexOperand(Value value, Region *region);
/// The AffineMapAttr inherent attribute `name` of `op` (null if missing).
AffineMapAttr getMapAttr(Operation *op, std::string_view name);

//===----------------------------------------------------------------------===//
// Control flow and index ops (AffineOps.cpp)
//===----------------------------------------------------------------------===//

ParseResult parseApplyOp(OpAsmParser &parser, OperationState &result);
void printApplyOp(Operation *op, OpAsmPrinter &p);
LogicalResult verifyApplyOp(Operation *op);

ParseResult parseForOp(OpAsmParser &parser, OperationState &result);
void printForOp(Operation *op, OpAsmPrinter &p);
LogicalResult verifyForOpRegions(Operation *op);

ParseResult parseIfOp(OpAsmParser &parser, OperationState &result);
void printIfOp(Operation *op, OpAsmPrinter &p);
LogicalResult verifyIfOp(Operation *op);

ParseResult parseMinMaxOp(OpAsmParser &parser, OperationState &result);
void printMinMaxOp(Operation *op, OpAsmPrinter &p);
LogicalResult verifyMinMaxOp(Operation *op);

ParseResult parseParallelOp(OpAsmParser &parser, OperationState &result);
void printParallelOp(Operation *op, OpAsmPrinter &p);
LogicalResult verifyParallelOp(Operation *op);

LogicalResult verifyYieldOp(Operation *op);

//===----------------------------------------------------------------------===//
// Index ops (AffineIndexOps.cpp)
//===----------------------------------------------------------------------===//

LogicalResult verifyDelinearizeIndexOp(Operation *op);
ParseResult parseLinearizeIndexOp(OpAsmParser &parser, OperationState &result);
void printLinearizeIndexOp(Operation *op, OpAsmPrinter &p);
LogicalResult verifyLinearizeIndexOp(Operation *op);
/// Replaces the engine's bytecode hooks of the registered
/// affine.linearize_index with MLIR's encoding of its properties.
void installLinearizeIndexBytecodeHooks(MLIRContext *ctx);
/// custom<DynamicIndexList>($values, $integers, ...).
ParseResult parseDynamicIndexListDirective(OpAsmParser &parser, OperationState &state,
                                           ArrayRef<ods::CustomParseArg *> args);
void printDynamicIndexListDirective(OpAsmPrinter &p, Operation *op, ArrayRef<ods::CustomPrintArg> args);

/// arith::AtomicRMWKind: the string of a value, or null.
const char *stringifyAtomicRMWKind(int64_t value);
std::optional<int64_t> symbolizeAtomicRMWKind(std::string_view str);

//===----------------------------------------------------------------------===//
// Memory ops (AffineMemoryOps.cpp)
//===----------------------------------------------------------------------===//

ParseResult parseLoadOp(OpAsmParser &parser, OperationState &result);
void printLoadOp(Operation *op, OpAsmPrinter &p);
LogicalResult verifyLoadOp(Operation *op);

ParseResult parseStoreOp(OpAsmParser &parser, OperationState &result);
void printStoreOp(Operation *op, OpAsmPrinter &p);
LogicalResult verifyStoreOp(Operation *op);

ParseResult parseVectorLoadOp(OpAsmParser &parser, OperationState &result);
void printVectorLoadOp(Operation *op, OpAsmPrinter &p);
LogicalResult verifyVectorLoadOp(Operation *op);

ParseResult parseVectorStoreOp(OpAsmParser &parser, OperationState &result);
void printVectorStoreOp(Operation *op, OpAsmPrinter &p);
LogicalResult verifyVectorStoreOp(Operation *op);

ParseResult parsePrefetchOp(OpAsmParser &parser, OperationState &result);
void printPrefetchOp(Operation *op, OpAsmPrinter &p);
LogicalResult verifyPrefetchOp(Operation *op);

ParseResult parseDmaStartOp(OpAsmParser &parser, OperationState &result);
void printDmaStartOp(Operation *op, OpAsmPrinter &p);
LogicalResult verifyDmaStartOp(Operation *op);

ParseResult parseDmaWaitOp(OpAsmParser &parser, OperationState &result);
void printDmaWaitOp(Operation *op, OpAsmPrinter &p);
LogicalResult verifyDmaWaitOp(Operation *op);

//===----------------------------------------------------------------------===//
// Folding and canonicalization (AffineFolders.cpp, AffineCanonicalization.cpp)
//===----------------------------------------------------------------------===//

/// Attaches the ops' folders and canonicalization patterns.
void registerAffineFolders(AffineDialect &dialect);
void registerAffineCanonicalization(AffineDialect &dialect);
/// Adds the patterns of delinearize_index (`delinearize`) or of
/// linearize_index (AffineIndexOpPatterns.cpp).
void addIndexOpPatterns(RewritePatternSet &patterns, bool delinearize);

/// Replaces operand segment `index` of an AttrSizedOperandSegments op with
/// `operands`, updating `operandSegmentSizes` (MutableOperandRange::assign).
void setOperandSegment(Operation *op, unsigned index, ArrayRef<Value> operands);
/// The operands of segment `index`.
OperandRange getOperandSegment(Operation *op, unsigned index);

/// MLIR's memref::foldMemRefCast: replaces operands produced by a
/// memref.cast of a ranked memref by the cast's source, except `inner`.
LogicalResult foldMemRefCast(Operation *op, Value inner = Value());

/// The mixed static/dynamic basis of delinearize_index / linearize_index:
/// an index IntegerAttr per static entry, the operand per dynamic one.
SmallVector<OpFoldResult, 4> getMixedBasis(Operation *op);
/// getConstantIntValue(OpFoldResult).
std::optional<int64_t> getConstantIntValue(OpFoldResult ofr);

/// getTrivialConstantTripCount: the trip count of an affine.for with
/// constant bounds and a positive step.
std::optional<uint64_t> getTrivialConstantTripCount(Operation *forOp);
/// The trip count of constant bounds `lb` to `ub` with a positive `step`,
/// as mlir-opt computes it (see the definition for overflowing cases).
std::optional<uint64_t> ceilTripCount(int64_t lb, int64_t ub, int64_t step);

} // namespace impl
} // namespace affine
} // namespace lamina
