//===- InferTypeOpInterface.h - Ops that infer their result types ---------===//
//
// MLIR's InferTypeOpInterface: an op whose result types follow from its
// operands, attributes and regions. The assembly format uses it to omit
// result types; the verifier checks the results against it after the op's
// regions ("inferred type(s) ... are incompatible with return type(s) of
// operation ...").
//
#pragma once

#include "lamina/IR/OpInterface.h"

#include <functional>
#include <optional>

namespace lamina {

/// What inferReturnTypes sees of the op being built or verified (MLIR's
/// context, location, operands, attributes and regions arguments).
struct InferTypeContext {
  MLIRContext *context;
  std::optional<StateLocation> location;
  ValueRange operands;
  /// Inherent and discardable attributes by name (null if absent).
  std::function<Attribute(std::string_view)> getAttr;
  ArrayRef<Region *> regions;
};

namespace detail {
bool typeRangesEqual(TypeRange lhs, TypeRange rhs);
/// The interface's verifier: infers the result types of `op` and compares
/// them with its results.
LogicalResult verifyInferredResultTypes(Operation *op);
} // namespace detail

struct InferTypeOpInterfaceConcept {
  /// Appends the result types an op with these operands, attributes and
  /// regions has; fails when they cannot be inferred.
  LogicalResult (*inferReturnTypes)(const InferTypeContext &context, SmallVectorImpl<Type> &inferred) = nullptr;
  /// Whether `lhs` (inferred) and `rhs` (actual) are compatible.
  bool (*isCompatibleReturnTypes)(TypeRange lhs, TypeRange rhs) = detail::typeRangesEqual;
};

/// An op that infers its result types.
class InferTypeOpInterface : public OpInterface<InferTypeOpInterface, InferTypeOpInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "InferTypeOpInterface"; }
  static std::string_view getMissingMethod(const Concept &c) { return c.inferReturnTypes ? "" : "inferReturnTypes"; }
  static LogicalResult verifyRegionTrait(Operation *op) { return detail::verifyInferredResultTypes(op); }

  LogicalResult inferReturnTypes(const InferTypeContext &context, SmallVectorImpl<Type> &inferred) const {
    return getImpl()->inferReturnTypes(context, inferred);
  }
  bool isCompatibleReturnTypes(TypeRange lhs, TypeRange rhs) const { return getImpl()->isCompatibleReturnTypes(lhs, rhs); }
};

} // namespace lamina
