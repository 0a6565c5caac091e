//===- CastInterfaces.h - Cast operations ---------------------------------===//
//
// MLIR's CastOpInterface: an op converting values of some types to other
// types, with the cast-compatibility check its verifier runs ("operand type
// X and result type Y are cast incompatible").
//
#pragma once

#include "lamina/IR/OpInterface.h"

namespace lamina {

struct CastOpInterfaceConcept {
  /// Whether `inputs` can be cast to `outputs` by this kind of op (a static
  /// method in MLIR).
  bool (*areCastCompatible)(TypeRange inputs, TypeRange outputs) = nullptr;
};

/// A cast.
class CastOpInterface : public OpInterface<CastOpInterface, CastOpInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "CastOpInterface"; }
  static std::string_view getMissingMethod(const Concept &c) { return c.areCastCompatible ? "" : "areCastCompatible"; }
  /// MLIR's impl::verifyCastInterfaceOp.
  static LogicalResult verifyTrait(Operation *op);

  bool areCastCompatible(TypeRange inputs, TypeRange outputs) const {
    return getImpl()->areCastCompatible(inputs, outputs);
  }
};

} // namespace lamina
