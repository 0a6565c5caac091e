//===- Op.h - Op classes: typed handles around an Operation* --------------===//
//
// OpState, the base of every typed handle around an Operation* (op classes
// and op interfaces), and `Op<ConcreteType>`, the CRTP base of op classes
// (`func::CallOp`, `arith::AddIOp`, ...): `isa<CallOp>(op)`,
// `dyn_cast<CallOp>(op)` and `cast<CallOp>(op)` work through `classof`
// (Support/Casting.h). An op class holds no state of its own; the op's
// definition (operands, attributes, traits, interfaces) is registered by its
// dialect (lamina/ODS/OpDef.h). Op interfaces: lamina/IR/OpInterface.h.
//
#pragma once

#include "lamina/IR/Builders.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/OpFoldResult.h"
#include "lamina/IR/Operation.h"

namespace lamina {

class OpAsmParser;
class OpAsmPrinter;

/// Base of op wrapper classes: a thin handle around an Operation*.
class OpState {
public:
  explicit operator bool() const { return state; }
  operator Operation *() const { return state; }
  Operation *operator->() const { return state; }
  Operation *getOperation() const { return state; }
  MLIRContext *getContext() const { return state->getContext(); }
  Location getLoc() const { return state->getLoc(); }
  bool use_empty() const { return state->use_empty(); }
  void erase() { state->erase(); }
  void print(raw_ostream &os, const OpPrintingFlags &flags = OpPrintingFlags()) { state->print(os, flags); }
  InFlightDiagnostic emitError(std::string_view message = {}) { return state->emitError(message); }
  InFlightDiagnostic emitOpError(std::string_view message = {}) { return state->emitOpError(message); }
  InFlightDiagnostic emitWarning(std::string_view message = {}) { return state->emitWarning(message); }
  InFlightDiagnostic emitRemark(std::string_view message = {}) { return state->emitRemark(message); }
  bool operator==(OpState o) const { return state == o.state; }
  bool operator!=(OpState o) const { return state != o.state; }

protected:
  explicit OpState(Operation *state) : state(state) {}
  Operation *state;
};

/// CRTP base of op classes. ConcreteType provides
/// `static constexpr std::string_view getOperationName()`.
template <typename ConcreteType> class Op : public OpState {
public:
  Op() : OpState(nullptr) {}
  explicit Op(Operation *state) : OpState(state) {}
  Op(std::nullptr_t) : OpState(nullptr) {}

  /// True if `op` is an instance of ConcreteType.
  static bool classof(Operation *op) {
    OperationName name = op->getName();
    if (name.isRegistered())
      return name.getTypeID() == TypeID::get<ConcreteType>();
    return name.getStringRef() == ConcreteType::getOperationName();
  }
  static TypeID getTypeID() { return TypeID::get<ConcreteType>(); }
  OpResult getResult(unsigned i = 0) { return state->getResult(i); }
  operator Value() { return state->getResult(0); }
};

/// The closest ancestor op that is an `OpTy` (an op class or interface), or
/// null (Operation::getParentOfType).
template <typename OpTy> OpTy Operation::getParentOfType() const {
  for (Operation *op = getParentOp(); op; op = op->getParentOp())
    if (auto parent = dyn_cast<OpTy>(op))
      return parent;
  return OpTy();
}

/// The op that defines this value if it is an `OpTy` (an op class or
/// interface), else null (a block argument, or another op).
template <typename OpTy> OpTy Value::getDefiningOp() const {
  if (Operation *op = getDefiningOp())
    if (auto def = dyn_cast<OpTy>(op))
      return def;
  return OpTy();
}

} // namespace lamina
