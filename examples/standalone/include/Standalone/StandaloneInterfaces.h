//===- StandaloneInterfaces.h - The op interface of the standalone dialect ===//
//
// LaneCostOpInterface: ops that know what they cost, in lane operations. An
// op interface is a table of functions (its Concept) that each implementing
// op fills in its definition (ods::Implements<LaneCostOpInterface>), plus a
// handle class whose methods call through the table:
//
//   if (auto costed = lamina::dyn_cast<LaneCostOpInterface>(op))
//     total += costed.getCost();
//
#pragma once

#include "lamina/IR/OpInterface.h"

#include <cstdint>
#include <string_view>

namespace standalone {

/// The methods of LaneCostOpInterface, as functions of the operation.
struct LaneCostOpInterfaceConcept {
  /// Required: the cost of the op. Null until an op provides it.
  int64_t (*getCost)(lamina::Operation *op) = nullptr;
  /// Optional (a default is given): whether the op's cost grows with its
  /// number of lanes.
  bool (*isPerLane)(lamina::Operation *op) = [](lamina::Operation *) { return true; };
};

class LaneCostOpInterface : public lamina::OpInterface<LaneCostOpInterface, LaneCostOpInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "LaneCostOpInterface"; }

  /// The first required method an op's table lacks ("" if none): an op
  /// definition that leaves one out fails to register.
  static std::string_view getMissingMethod(const Concept &methods) { return methods.getCost ? "" : "getCost"; }

  int64_t getCost() const { return getImpl()->getCost(getOperation()); }
  bool isPerLane() const { return getImpl()->isPerLane(getOperation()); }
};

} // namespace standalone
