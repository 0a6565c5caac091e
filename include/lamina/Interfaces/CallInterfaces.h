//===- CallInterfaces.h - Calls and callables -----------------------------===//
//
// MLIR's call interfaces: CallOpInterface (an op calling a callee, named by
// a symbol or given as a value, with argument operands) and
// CallableOpInterface (an op that can be called: its region and its
// argument and result types), both with ArgAndResultAttrsOpInterface (the
// per-argument and per-result attribute dictionaries, `arg_attrs` and
// `res_attrs` by default).
//
#pragma once

#include "lamina/IR/OpInterface.h"
#include "lamina/IR/SymbolTable.h"

#include <vector>

namespace lamina {

/// What a call calls: a symbol (SymbolRefAttr) or a value (a function value).
class CallInterfaceCallable {
public:
  CallInterfaceCallable() = default;
  CallInterfaceCallable(SymbolRefAttr symbol) : symbol(symbol) {}
  CallInterfaceCallable(Value value) : value(value) {}
  /// The symbol, or null.
  SymbolRefAttr getSymbol() const { return symbol; }
  /// The value, or null.
  Value getValue() const { return value; }
  bool isSymbol() const { return bool(symbol); }
  explicit operator bool() const { return symbol || value; }

private:
  SymbolRefAttr symbol;
  Value value;
};

//===----------------------------------------------------------------------===//
// ArgAndResultAttrsOpInterface
//===----------------------------------------------------------------------===//

namespace detail {
ArrayAttr argAttrsFromInherentAttr(Operation *op);
ArrayAttr resAttrsFromInherentAttr(Operation *op);
void setArgAttrsInherentAttr(Operation *op, ArrayAttr attrs);
void setResAttrsInherentAttr(Operation *op, ArrayAttr attrs);
Attribute removeArgAttrsInherentAttr(Operation *op);
Attribute removeResAttrsInherentAttr(Operation *op);
} // namespace detail

/// The methods default to the `arg_attrs` / `res_attrs` attributes (the
/// accessors ODS generates for ops declaring them).
struct ArgAndResultAttrsOpInterfaceConcept {
  ArrayAttr (*getArgAttrsAttr)(Operation *op) = detail::argAttrsFromInherentAttr;
  ArrayAttr (*getResAttrsAttr)(Operation *op) = detail::resAttrsFromInherentAttr;
  void (*setArgAttrsAttr)(Operation *op, ArrayAttr attrs) = detail::setArgAttrsInherentAttr;
  void (*setResAttrsAttr)(Operation *op, ArrayAttr attrs) = detail::setResAttrsInherentAttr;
  Attribute (*removeArgAttrsAttr)(Operation *op) = detail::removeArgAttrsInherentAttr;
  Attribute (*removeResAttrsAttr)(Operation *op) = detail::removeResAttrsInherentAttr;
};

/// Per-argument and per-result attribute dictionaries.
class ArgAndResultAttrsOpInterface
    : public OpInterface<ArgAndResultAttrsOpInterface, ArgAndResultAttrsOpInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "ArgAndResultAttrsOpInterface"; }
  ArrayAttr getArgAttrsAttr() const { return getImpl()->getArgAttrsAttr(getOperation()); }
  ArrayAttr getResAttrsAttr() const { return getImpl()->getResAttrsAttr(getOperation()); }
  void setArgAttrsAttr(ArrayAttr attrs) const { getImpl()->setArgAttrsAttr(getOperation(), attrs); }
  void setResAttrsAttr(ArrayAttr attrs) const { getImpl()->setResAttrsAttr(getOperation(), attrs); }
  Attribute removeArgAttrsAttr() const { return getImpl()->removeArgAttrsAttr(getOperation()); }
  Attribute removeResAttrsAttr() const { return getImpl()->removeResAttrsAttr(getOperation()); }
};

//===----------------------------------------------------------------------===//
// CallOpInterface
//===----------------------------------------------------------------------===//

namespace detail {
/// call_interface_impl::resolveCallable: the callable op the callee names
/// (a symbol looked up from the call, through `symbolTable` if given, or the
/// op defining the callee value), or null.
Operation *resolveCallable(Operation *call, SymbolTableCollection *symbolTable);
Operation *resolveCallableDefault(Operation *call);
} // namespace detail

struct CallOpInterfaceConcept {
  CallInterfaceCallable (*getCallableForCallee)(Operation *op) = nullptr;
  /// Sets the callee (of the kind getCallableForCallee returns).
  void (*setCalleeFromCallable)(Operation *op, CallInterfaceCallable callee) = nullptr;
  /// The operands passed as arguments.
  OperandRange (*getArgOperands)(Operation *op) = nullptr;
  MutableOperandRange (*getArgOperandsMutable)(Operation *op) = nullptr;
  Operation *(*resolveCallableInTable)(Operation *op, SymbolTableCollection *symbolTable) = detail::resolveCallable;
  Operation *(*resolveCallable)(Operation *op) = detail::resolveCallableDefault;
};

/// An op that calls a callee.
class CallOpInterface : public OpInterface<CallOpInterface, CallOpInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "CallOpInterface"; }
  static std::string_view getMissingMethod(const Concept &c) {
    if (!c.getCallableForCallee)
      return "getCallableForCallee";
    if (!c.setCalleeFromCallable)
      return "setCalleeFromCallable";
    if (!c.getArgOperands)
      return "getArgOperands";
    return c.getArgOperandsMutable ? "" : "getArgOperandsMutable";
  }
  static std::vector<OpInterfaceModel> getBaseInterfaceModels() {
    return {ArgAndResultAttrsOpInterface::getModel({})};
  }

  CallInterfaceCallable getCallableForCallee() const { return getImpl()->getCallableForCallee(getOperation()); }
  void setCalleeFromCallable(CallInterfaceCallable callee) const {
    getImpl()->setCalleeFromCallable(getOperation(), callee);
  }
  OperandRange getArgOperands() const { return getImpl()->getArgOperands(getOperation()); }
  MutableOperandRange getArgOperandsMutable() const { return getImpl()->getArgOperandsMutable(getOperation()); }
  /// The callable op called, or null if it cannot be resolved.
  Operation *resolveCallableInTable(SymbolTableCollection *symbolTable) const {
    return getImpl()->resolveCallableInTable(getOperation(), symbolTable);
  }
  Operation *resolveCallable() const { return getImpl()->resolveCallable(getOperation()); }
};

//===----------------------------------------------------------------------===//
// CallableOpInterface
//===----------------------------------------------------------------------===//

struct CallableOpInterfaceConcept {
  /// The region called, or null (an external function).
  Region *(*getCallableRegion)(Operation *op) = nullptr;
  /// The argument and result types of the callable's type.
  ArrayRef<Type> (*getArgumentTypes)(Operation *op) = nullptr;
  ArrayRef<Type> (*getResultTypes)(Operation *op) = nullptr;
};

/// An op that can be called.
class CallableOpInterface : public OpInterface<CallableOpInterface, CallableOpInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "CallableOpInterface"; }
  static std::string_view getMissingMethod(const Concept &c) {
    if (!c.getCallableRegion)
      return "getCallableRegion";
    if (!c.getArgumentTypes)
      return "getArgumentTypes";
    return c.getResultTypes ? "" : "getResultTypes";
  }
  static std::vector<OpInterfaceModel> getBaseInterfaceModels() {
    return {ArgAndResultAttrsOpInterface::getModel({})};
  }

  Region *getCallableRegion() const { return getImpl()->getCallableRegion(getOperation()); }
  ArrayRef<Type> getArgumentTypes() const { return getImpl()->getArgumentTypes(getOperation()); }
  ArrayRef<Type> getResultTypes() const { return getImpl()->getResultTypes(getOperation()); }
  /// ArgAndResultAttrsOpInterface (every callable implements it).
  ArrayAttr getArgAttrsAttr() const { return ArgAndResultAttrsOpInterface(getOperation()).getArgAttrsAttr(); }
  ArrayAttr getResAttrsAttr() const { return ArgAndResultAttrsOpInterface(getOperation()).getResAttrsAttr(); }
};

} // namespace lamina
