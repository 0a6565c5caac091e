//===- InterfaceTraits.h - Interface implementations from ODS conventions -===//
//
// Implementations of op interfaces for op definitions that follow ODS's
// naming (the operand groups and attributes the .td declares), used by the
// importer (utils/import-ods.py) and by hand-written definitions alike:
// each returns `ods::Implements<I>(...)` of the real interface.
//
#pragma once

#include "lamina/ODS/OpDef.h"

#include <array>

namespace lamina {
namespace ods {

/// An interface trait whose ODS declaration sets `verifyWithRegions`: its
/// verification runs with the region verifiers (after the op's own verifier
/// and its nested ops), not with the other traits.
Trait verifiedWithRegions(Trait t);

/// CastOpInterface's areCastCompatible(inputs, outputs).
using CastCompatibleFn = bool (*)(TypeRange inputs, TypeRange outputs);

/// CastOpInterface (lamina/Interfaces/CastInterfaces.h).
Trait CastOpInterface(CastCompatibleFn areCastCompatible);

/// The operands an op writes into (DestinationStyleOpInterface's
/// getDpsInitsMutable, consecutive operands).
using DpsInitsFn = OperandRange (*)(Operation *op);

/// DestinationStyleOpInterface (lamina/Interfaces/DestinationStyleOpInterface.h).
Trait DestinationStyleOpInterface(DpsInitsFn getDpsInits);

/// ShapedDimOpInterface (lamina/Interfaces/ShapedOpInterfaces.h) of a dim op
/// whose operands are the shaped value and the index.
Trait ShapedDimOpInterface();

/// FunctionOpInterface (lamina/Interfaces/FunctionInterfaces.h) of an op
/// whose type is its `function_type` attribute (a FunctionType), with the
/// op's own verifyType/verifyBody if given (gpu.func's).
Trait FunctionOpInterface(LogicalResult (*verifyType)(Operation *) = nullptr,
                          LogicalResult (*verifyBody)(Operation *) = nullptr);

/// FunctionOpInterface's isDeclaration (as SymbolOpInterface's): a function
/// without a body.
bool isExternalFunction(Operation *op);

/// getArrayAttrMaxRanks() of an OffsetSizeAndStrideOpInterface op.
using ArrayAttrMaxRanksFn = std::array<unsigned, 3> (*)(Operation *op);

/// OffsetSizeAndStrideOpInterface (lamina/Interfaces/ViewLikeInterface.h)
/// of an op whose operand groups are `offsets`, `sizes`, `strides` and whose
/// attributes are `static_offsets`, `static_sizes`, `static_strides`.
Trait OffsetSizeAndStrideOpInterface(ArrayAttrMaxRanksFn maxRanks);

} // namespace ods
} // namespace lamina
