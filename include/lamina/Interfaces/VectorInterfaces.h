//===- VectorInterfaces.h - Ops that vector unrolling understands ---------===//
//
// MLIR's VectorUnrollOpInterface: the shape an op is unrolled over (by
// default the shape of its single vector result).
//
#pragma once

#include "lamina/IR/OpInterface.h"

#include <optional>

namespace lamina {

namespace detail {
std::optional<SmallVector<int64_t, 4>> shapeOfVectorResult(Operation *op);
} // namespace detail

struct VectorUnrollOpInterfaceConcept {
  /// The shape to unroll over, or none if the op cannot be unrolled.
  std::optional<SmallVector<int64_t, 4>> (*getShapeForUnroll)(Operation *op) = detail::shapeOfVectorResult;
};

/// An op that vector unrolling can split.
class VectorUnrollOpInterface : public OpInterface<VectorUnrollOpInterface, VectorUnrollOpInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "VectorUnrollOpInterface"; }
  std::optional<SmallVector<int64_t, 4>> getShapeForUnroll() const {
    return getImpl()->getShapeForUnroll(getOperation());
  }
};

} // namespace lamina
