//===- TosaBaseClasses.h - Hand-written pieces the tosa classes use -------===//
//
// What MLIR writes by hand in TosaOps.h and the generated classes
// (TosaOps.gen.h) build on: the test of `!tosa.shape` types and the native
// op traits of the tosa records (TosaResolvableShapeOperands, the shape
// operator traits, and MLIR's SameOperandsAndResultRank and
// ResultsAreFloatLike), each an ods::Trait whose verification is MLIR's.
//
#pragma once

#include "lamina/ODS/OpDef.h"

#include <initializer_list>
#include <string_view>

namespace lamina {
namespace tosa {

/// Whether `type` is a `!tosa.shape<N>`.
bool isa_tosa_shape_type(Type type);

/// Shape operands (`!tosa.shape`) must be produced by tosa shape operators:
/// "shape operand is not compile time resolvable".
ods::Trait TosaResolvableShapeOperandsTrait(std::initializer_list<std::string_view>);
/// Marks element-wise ops that broadcast (no verification of its own).
ods::Trait TosaElementwiseOperatorTrait(std::initializer_list<std::string_view>);
/// Ops producing `!tosa.shape` values (no verification of its own).
ods::Trait TosaShapeOperatorTrait(std::initializer_list<std::string_view>);
/// Shape operators whose operands and results have one rank.
ods::Trait TosaShapeOperatorWithSameRanksTrait(std::initializer_list<std::string_view>);
/// MLIR's SameOperandsAndResultRank.
ods::Trait SameOperandsAndResultRankTrait(std::initializer_list<std::string_view>);
/// MLIR's ResultsAreFloatLike.
ods::Trait ResultsAreFloatLikeTrait(std::initializer_list<std::string_view>);
/// Traits without verification (result type inference for builders).
ods::Trait FirstAttrDerivedResultTypeTrait(std::initializer_list<std::string_view>);
ods::Trait InferShapedTypeOpAdaptorTrait(std::initializer_list<std::string_view>);
ods::Trait InferTensorTypeTrait(std::initializer_list<std::string_view>);

} // namespace tosa
} // namespace lamina
