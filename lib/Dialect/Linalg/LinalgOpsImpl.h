//===- LinalgOpsImpl.h - Shared pieces of the linalg dialect --------------===//
#pragma once

#include "lamina/Dialect/Linalg/LinalgDialect.h"
#include "lamina/Dialect/Linalg/LinalgOpDSL.h"
#include "lamina/IR/Builders.h"

namespace lamina {
namespace linalg {

/// Adds MLIR's LinalgInlinerInterface to the dialect (LinalgInliner.cpp).
void registerLinalgInlinerInterface(LinalgDialect &dialect);
/// Attaches RuntimeVerifiableOpInterface to the structured ops
/// (LinalgRuntimeVerification.cpp).
void registerLinalgRuntimeVerification(LinalgDialect &dialect);

using RegionBuilderFn =
    function_ref<void(OpBuilder &, Block &, ArrayRef<NamedAttribute>, function_ref<InFlightDiagnostic()>)>;

/// MLIR's fillStructuredOpRegion: the body block (element types of the
/// shaped operands as arguments) filled by `regionBuilder`.
void fillStructuredOpRegion(OpBuilder &opBuilder, Region &region, TypeRange inputTypes, TypeRange outputTypes,
                            ArrayRef<NamedAttribute> attrs, function_ref<InFlightDiagnostic()> emitError,
                            RegionBuilderFn regionBuilder);

/// The region builder of a named op, from its OpDSL definition.
void buildNamedOpRegion(const opdsl::NamedOpSpec &spec, OpBuilder &b, Block &block, ArrayRef<NamedAttribute> attrs,
                        function_ref<InFlightDiagnostic()> emitError);
/// The region builder of matmul, batch_matmul, batch_reduce_matmul and
/// contract (out + lhs * rhs after casts to the output type).
void buildMulAddRegion(OpBuilder &b, Block &block, ArrayRef<NamedAttribute> attrs,
                       function_ref<InFlightDiagnostic()> emitError, bool castFromAttr);
void buildElementwiseRegion(OpBuilder &b, Block &block, ArrayRef<NamedAttribute> attrs,
                            function_ref<InFlightDiagnostic()> emitError);

/// The arity (number of inputs) and the UnaryFn/BinaryFn/TernaryFn case of
/// an ElementwiseKind.
struct ElementwiseArity {
  unsigned numInputs;
  unsigned fn;
};
ElementwiseArity getElementwiseArity(ElementwiseKind kind);

//===----------------------------------------------------------------------===//
// Shared syntax of the structured ops (LinalgOps.cpp)
//===----------------------------------------------------------------------===//

/// parseCommonStructuredOpParts: `<{props}>`? attr-dict? `ins(...)`?
/// `outs(...)`? and the operand segment sizes.
ParseResult parseCommonStructuredOpParts(OpAsmParser &parser, OperationState &result,
                                         SmallVectorImpl<Type> &inputTypes, SmallVectorImpl<Type> &outputTypes,
                                         bool addOperandSegmentSizes = true);
/// The ` ins(...)` and ` outs(...)` clauses.
void printCommonStructuredOpParts(OpAsmPrinter &p, ValueRange inputs, ValueRange outputs);
/// parseNamedStructuredOp: the common parts, an optional attribute
/// dictionary, `-> results`, and the body built by `regionBuilder`.
ParseResult parseNamedStructuredOp(OpAsmParser &parser, OperationState &result, unsigned numRegionArgs,
                                   RegionBuilderFn regionBuilder);
/// The attribute dictionary (without `elidedAttrs`), the common parts and
/// the result types of a named op.
void printNamedStructuredOp(OpAsmPrinter &p, Operation *op, ValueRange inputs, ValueRange outputs,
                            ArrayRef<std::string_view> elidedAttrs);
/// The indexing maps of `attrs` as a list.
SmallVector<AffineMap, 4> mapsOf(ArrayAttr attrs);
/// `maps` as an array attribute of AffineMapAttr.
ArrayAttr mapArrayAttr(MLIRContext *ctx, ArrayRef<AffineMap> maps);
/// The `[map, map]` of an `indexing_maps = [...]` clause.
void printIndexingMaps(OpAsmPrinter &p, ArrayAttr maps);
/// parseIndexingMapsAttr: an optional `indexing_maps = [...]` (null if
/// absent).
FailureOr<ArrayAttr> parseIndexingMapsAttr(OpAsmParser &parser);
/// The `indexing_maps = [` map, ... `]` of batch_matmul & co (each element
/// checked as parsed).
ParseResult parseIndexingMapList(OpAsmParser &parser, SmallVectorImpl<Attribute> &maps);
/// `rank` parallel iterators.
SmallVector<IteratorType, 4> parallelIterators(int64_t rank);
/// The rank of a shaped value (0 for scalars and unranked values).
int64_t rankOf(Value v);

} // namespace linalg
} // namespace lamina
