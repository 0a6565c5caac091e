//===- FunctionInterfaces.h - Function-like operations --------------------===//
//
// MLIR's FunctionOpInterface: a symbol with a function type, per-argument
// and per-result attributes (`arg_attrs`/`res_attrs`) and one body region
// (empty for an external function). An op implementing it also lists Symbol
// and CallableOpInterface before it, as MLIR's base interfaces.
//
#pragma once

#include "lamina/IR/OpInterface.h"

namespace lamina {

struct FunctionOpInterfaceConcept {
  /// The function type (a FunctionType for builtin-typed functions).
  Type (*getFunctionType)(Operation *op) = nullptr;
  ArrayRef<Type> (*getArgumentTypes)(Operation *op) = nullptr;
  ArrayRef<Type> (*getResultTypes)(Operation *op) = nullptr;
  /// Op-specific checks of the function type, run first (MLIR's
  /// verifyType; default: none).
  LogicalResult (*verifyType)(Operation *op) = nullptr;
  /// Checks of the body, run last (MLIR's verifyBody; default: the entry
  /// block's arguments match the function's).
  LogicalResult (*verifyBody)(Operation *op) = nullptr;
};

/// A function-like operation.
class FunctionOpInterface : public OpInterface<FunctionOpInterface, FunctionOpInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "FunctionOpInterface"; }
  static std::string_view getMissingMethod(const Concept &c) {
    if (!c.getFunctionType)
      return "getFunctionType";
    if (!c.getArgumentTypes)
      return "getArgumentTypes";
    return c.getResultTypes ? "" : "getResultTypes";
  }
  /// The argument/result attribute arrays and the entry block against the
  /// function type (function_interface_impl::verifyFunctionOp).
  static LogicalResult verifyTrait(Operation *op);

  Type getFunctionType() const { return getImpl()->getFunctionType(getOperation()); }
  ArrayRef<Type> getArgumentTypes() const { return getImpl()->getArgumentTypes(getOperation()); }
  ArrayRef<Type> getResultTypes() const { return getImpl()->getResultTypes(getOperation()); }
  unsigned getNumArguments() const { return unsigned(getArgumentTypes().size()); }
  unsigned getNumResults() const { return unsigned(getResultTypes().size()); }
  Region &getFunctionBody() const { return getOperation()->getRegion(0); }
  /// An external function has no body.
  bool isExternal() const { return getFunctionBody().empty(); }
  BlockArgument getArgument(unsigned i) const { return getFunctionBody().front().getArgument(i); }
};

} // namespace lamina
