//===- ShapedOpInterfaces.h - Ops querying a dimension of a shaped value --===//
//
// MLIR's ShapedDimOpInterface (memref.dim, tensor.dim): the shaped value and
// the dimension the op's single index result is the size of.
//
#pragma once

#include "lamina/IR/OpInterface.h"

namespace lamina {

namespace detail {
/// "expected single op result", "expect index result".
LogicalResult verifyShapedDimOpInterface(Operation *op);
} // namespace detail

struct ShapedDimOpInterfaceConcept {
  /// The shaped value the dimension is taken from.
  Value (*getShapedValue)(Operation *op) = nullptr;
  /// The dimension: a constant or a value.
  OpFoldResult (*getDimension)(Operation *op) = nullptr;
};

/// An op whose result is one dimension of a shaped value.
class ShapedDimOpInterface : public OpInterface<ShapedDimOpInterface, ShapedDimOpInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "ShapedDimOpInterface"; }
  static std::string_view getMissingMethod(const Concept &c) {
    if (!c.getShapedValue)
      return "getShapedValue";
    return c.getDimension ? "" : "getDimension";
  }
  static LogicalResult verifyTrait(Operation *op) { return detail::verifyShapedDimOpInterface(op); }

  Value getShapedValue() const { return getImpl()->getShapedValue(getOperation()); }
  OpFoldResult getDimension() const { return getImpl()->getDimension(getOperation()); }
};

} // namespace lamina
