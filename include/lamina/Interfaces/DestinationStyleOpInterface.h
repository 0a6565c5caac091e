//===- DestinationStyleOpInterface.h - Ops writing into their inits -------===//
//
// MLIR's DestinationStyleOpInterface: an op whose "init" operands (tensors
// or memrefs) are the destinations it writes; each tensor init is tied to
// the result at its position. Its verifier checks those ties.
//
#pragma once

#include "lamina/IR/OpInterface.h"

namespace lamina {

namespace detail {
/// "expected that operand #N is a tensor or a memref", "expected the number
/// of tensor results (N) to be equal to the number of output tensors (M)",
/// "expected type of operand #N (T) to match type of corresponding result
/// (U)".
LogicalResult verifyDestinationStyleOpInterface(Operation *op);
} // namespace detail

struct DestinationStyleOpInterfaceConcept {
  /// The init operands (consecutive operands of the op).
  OperandRange (*getDpsInits)(Operation *op) = nullptr;
};

/// An op in destination-passing style.
class DestinationStyleOpInterface
    : public OpInterface<DestinationStyleOpInterface, DestinationStyleOpInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "DestinationStyleOpInterface"; }
  static std::string_view getMissingMethod(const Concept &c) { return c.getDpsInits ? "" : "getDpsInitsMutable"; }
  static LogicalResult verifyRegionTrait(Operation *op) { return detail::verifyDestinationStyleOpInterface(op); }

  OperandRange getDpsInits() const { return getImpl()->getDpsInits(getOperation()); }
  MutableOperandRange getDpsInitsMutable() const;
  unsigned getNumDpsInits() const { return unsigned(getDpsInits().size()); }
  /// Whether `operand` is one of the inits.
  bool isDpsInit(OpOperand *operand) const;
  /// The result tied to init `operand` (null for a memref init).
  OpResult getTiedOpResult(OpOperand *operand) const;
};

} // namespace lamina
