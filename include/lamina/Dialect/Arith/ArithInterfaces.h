//===- ArithInterfaces.h - The arith dialect's op interfaces --------------===//
//
// ArithOpsInterfaces.td: ops carrying fast-math flags, integer overflow
// flags or a rounding mode, each in an attribute the interface names.
//
#pragma once

#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/IR/OpInterface.h"

namespace lamina {
namespace arith {

namespace detail {
FastMathFlagsAttr fastMathFlagsFromAttr(Operation *op);
std::string_view fastMathAttrName();
IntegerOverflowFlagsAttr overflowFlagsFromAttr(Operation *op);
bool overflowFlagsHaveNuw(Operation *op);
bool overflowFlagsHaveNsw(Operation *op);
std::string_view integerOverflowAttrName();
IntegerAttr roundingModeFromAttr(Operation *op);
std::string_view roundingModeAttrName();
} // namespace detail

struct ArithFastMathInterfaceConcept {
  /// The fast-math flags (default: the `fastmath` attribute).
  FastMathFlagsAttr (*getFastMathFlagsAttr)(Operation *op) = detail::fastMathFlagsFromAttr;
  /// The name of that attribute (a static method).
  std::string_view (*getFastMathAttrName)() = detail::fastMathAttrName;
};

/// An op with fast-math flags.
class ArithFastMathInterface : public OpInterface<ArithFastMathInterface, ArithFastMathInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "ArithFastMathInterface"; }
  FastMathFlagsAttr getFastMathFlagsAttr() const { return getImpl()->getFastMathFlagsAttr(getOperation()); }
  std::string_view getFastMathAttrName() const { return getImpl()->getFastMathAttrName(); }
};

struct ArithIntegerOverflowFlagsInterfaceConcept {
  /// The overflow flags (default: the `overflowFlags` attribute).
  IntegerOverflowFlagsAttr (*getOverflowAttr)(Operation *op) = detail::overflowFlagsFromAttr;
  bool (*hasNoUnsignedWrap)(Operation *op) = detail::overflowFlagsHaveNuw;
  bool (*hasNoSignedWrap)(Operation *op) = detail::overflowFlagsHaveNsw;
  std::string_view (*getIntegerOverflowAttrName)() = detail::integerOverflowAttrName;
};

/// An op with integer overflow flags (`nsw`, `nuw`).
class ArithIntegerOverflowFlagsInterface
    : public OpInterface<ArithIntegerOverflowFlagsInterface, ArithIntegerOverflowFlagsInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "ArithIntegerOverflowFlagsInterface"; }
  IntegerOverflowFlagsAttr getOverflowAttr() const { return getImpl()->getOverflowAttr(getOperation()); }
  bool hasNoUnsignedWrap() const { return getImpl()->hasNoUnsignedWrap(getOperation()); }
  bool hasNoSignedWrap() const { return getImpl()->hasNoSignedWrap(getOperation()); }
  std::string_view getIntegerOverflowAttrName() const { return getImpl()->getIntegerOverflowAttrName(); }
};

struct ArithRoundingModeInterfaceConcept {
  /// The rounding mode (default: the `roundingmode` attribute; null when
  /// absent).
  IntegerAttr (*getRoundingModeAttr)(Operation *op) = detail::roundingModeFromAttr;
  std::string_view (*getRoundingModeAttrName)() = detail::roundingModeAttrName;
};

/// An op with a rounding mode.
class ArithRoundingModeInterface : public OpInterface<ArithRoundingModeInterface, ArithRoundingModeInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "ArithRoundingModeInterface"; }
  IntegerAttr getRoundingModeAttr() const { return getImpl()->getRoundingModeAttr(getOperation()); }
  std::string_view getRoundingModeAttrName() const { return getImpl()->getRoundingModeAttrName(); }
};

} // namespace arith
} // namespace lamina
