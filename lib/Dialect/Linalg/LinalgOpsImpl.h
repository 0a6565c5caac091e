//===- LinalgOpsImpl.h - Shared pieces of the linalg dialect --------------===//
#pragma once

#include "lamina/Dialect/Linalg/LinalgDialect.h"
#include "lamina/Dialect/Linalg/LinalgOpDSL.h"
#include "lamina/IR/Builders.h"

namespace lamina {
namespace linalg {

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

} // namespace linalg
} // namespace lamina
