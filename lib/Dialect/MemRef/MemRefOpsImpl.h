//===- MemRefOpsImpl.h - Hooks of the memref op definitions (private) -----===//
//
// The hand-written parts of the memref ops (MemRefOps.cpp, MemRefViewOps.cpp)
// that their definitions (MemRefOps.cpp) refer to.
//
#pragma once

#include "lamina/Dialect/MemRef/MemRefDialect.h"
#include "lamina/ODS/Directives.h"
#include "lamina/ODS/EnumDef.h"
#include "lamina/ODS/OpDef.h"

#include <array>

namespace lamina {

class SymbolTableCollection;

namespace memref {
namespace impl {

/// The layout is the identity (MLIR's `getLayout().isIdentity()`, true for
/// strided layouts whose map is the identity, e.g. `strided<[1]>`).
bool hasIdentityLayout(MemRefType type);
/// The elements of a DenseI64ArrayAttr (empty for anything else).
ArrayRef<int64_t> denseI64(Attribute attr);
/// The DenseI64ArrayAttr inherent attribute `name` of `op`.
ArrayRef<int64_t> staticList(Operation *op, std::string_view name);
/// mlir::verifyDynamicDimensionCount: "incorrect number of dynamic sizes".
LogicalResult verifyDynamicDimensionCount(Operation *op, ShapedType type, ValueRange dynamicSizes);
/// parseType<MemRefType> / parseColonType<MemRefType> with MLIR's "invalid
/// kind of type specified: expected builtin.memref, but found ..." (at the
/// type, resp. at the colon).
ParseResult parseMemRefType(OpAsmParser &parser, MemRefType &result);
ParseResult parseColonMemRefType(OpAsmParser &parser, MemRefType &result);

// Result names (MemRefOps.cpp).
using NameFn = function_ref<void(Value, std::string_view)>;
void allocNames(Operation *op, NameFn setName);
void allocaNames(Operation *op, NameFn setName);
void assumeAlignmentNames(Operation *op, NameFn setName);
void castNames(Operation *op, NameFn setName);
void dimNames(Operation *op, NameFn setName);
void extractAlignedPointerNames(Operation *op, NameFn setName);
void extractStridedMetadataNames(Operation *op, NameFn setName);
void memorySpaceCastNames(Operation *op, NameFn setName);
void reinterpretCastNames(Operation *op, NameFn setName);
void collapseShapeNames(Operation *op, NameFn setName);
void expandShapeNames(Operation *op, NameFn setName);
void reshapeNames(Operation *op, NameFn setName);
void subviewNames(Operation *op, NameFn setName);
void transposeNames(Operation *op, NameFn setName);
void viewNames(Operation *op, NameFn setName);

// Verifiers.
LogicalResult verifyAlloc(Operation *op);
LogicalResult verifyAlloca(Operation *op);
LogicalResult verifyRealloc(Operation *op);
LogicalResult verifyAssumeAlignment(Operation *op);
LogicalResult verifyDistinctObjects(Operation *op);
LogicalResult verifyDmaStart(Operation *op);
LogicalResult verifyDmaWait(Operation *op);
LogicalResult verifyGenericAtomicRMW(Operation *op);
LogicalResult verifyAtomicYield(Operation *op);
LogicalResult verifyAtomicRMW(Operation *op, const ods::EnumInfo &kinds);
LogicalResult verifyGlobal(Operation *op);
LogicalResult verifyGetGlobalSymbolUses(Operation *op, SymbolTableCollection &symbolTable);
LogicalResult verifyLoad(Operation *op);
LogicalResult verifyStore(Operation *op);
LogicalResult verifyPrefetch(Operation *op);
LogicalResult verifyReinterpretCast(Operation *op);
LogicalResult verifyReshape(Operation *op);
LogicalResult verifyView(Operation *op);
LogicalResult verifyExpandShape(Operation *op);
LogicalResult verifyCollapseShape(Operation *op);
LogicalResult verifySubView(Operation *op);
LogicalResult verifyTranspose(Operation *op);

// Interfaces.
/// CastOpInterface::areCastCompatible of memref.cast / memory_space_cast.
bool castOpCompatible(TypeRange inputs, TypeRange outputs);
bool memorySpaceCastOpCompatible(TypeRange inputs, TypeRange outputs);
/// OffsetSizeAndStrideOpInterface::getArrayAttrMaxRanks.
std::array<unsigned, 3> reinterpretCastMaxRanks(Operation *op);
std::array<unsigned, 3> subViewMaxRanks(Operation *op);

// Result type inference.
LogicalResult inferDistinctObjects(const ods::InferContext &ctx, SmallVectorImpl<Type> &inferred);
LogicalResult inferExtractStridedMetadata(const ods::InferContext &ctx, SmallVectorImpl<Type> &inferred);

// Custom syntax.
ParseResult parseAllocaScope(OpAsmParser &parser, OperationState &result);
void printAllocaScope(Operation *op, OpAsmPrinter &p);
ParseResult parseDmaStart(OpAsmParser &parser, OperationState &result);
void printDmaStart(Operation *op, OpAsmPrinter &p);
ParseResult parseGenericAtomicRMW(OpAsmParser &parser, OperationState &result);
void printGenericAtomicRMW(Operation *op, OpAsmPrinter &p);
ParseResult parsePrefetch(OpAsmParser &parser, OperationState &result);
void printPrefetch(Operation *op, OpAsmPrinter &p);
ParseResult parseTranspose(OpAsmParser &parser, OperationState &result);
void printTranspose(Operation *op, OpAsmPrinter &p);
/// custom<GlobalMemrefOpTypeAndInitialValue>($type, $initial_value).
ods::CustomDirective globalTypeAndInitialValueDirective();

/// Registers the memref ops (their definitions, MemRefOps.cpp) in `dialect`.
void registerMemRefOps(MemRefDialect &dialect);

} // namespace impl
} // namespace memref
} // namespace lamina
