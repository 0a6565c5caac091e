//===- InterfaceTraits.h - Verifying op interfaces for imported dialects --===//
//
// The op interfaces whose ODS declaration carries verification (a `verify`
// snippet), as traits the importer (utils/import-ods.py) emits: the
// verification runs at the interface's place in the trait list, as MLIR's
// generated verifyTraits does. The behaviour-only interfaces are not here.
//
#pragma once

#include "lamina/ODS/OpDef.h"

namespace lamina {
namespace ods {

/// An interface trait whose ODS declaration sets `verifyWithRegions`: its
/// verification runs with the region verifiers (after the op's own verifier
/// and its nested ops), not with the other traits.
Trait verifiedWithRegions(Trait t);

/// CastOpInterface's areCastCompatible(inputs, outputs).
using CastCompatibleFn = bool (*)(TypeRange inputs, TypeRange outputs);

/// CastOpInterface: MLIR's impl::verifyCastInterfaceOp ("expected at least
/// one result for cast operation", "operand type(s) ... and result type(s)
/// ... are cast incompatible").
Trait CastOpInterface(CastCompatibleFn areCastCompatible);

/// The operands an op writes into (DestinationStyleOpInterface's
/// getDpsInitsMutable, consecutive operands).
using DpsInitsFn = OperandRange (*)(Operation *op);

/// DestinationStyleOpInterface: MLIR's verifyDestinationStyleOpInterface
/// (inits are tensors or memrefs; one tensor result per tensor init, of the
/// same type).
Trait DestinationStyleOpInterface(DpsInitsFn getDpsInits);

/// ShapedDimOpInterface: MLIR's verifyShapedDimOpInterface (a single index
/// result).
Trait ShapedDimOpInterface();

/// FunctionOpInterface's isDeclaration (as SymbolOpInterface's): a function
/// without a body.
bool isExternalFunction(Operation *op);

} // namespace ods
} // namespace lamina
