//===- OpDefinition.h - Typed wrappers around Operation* -------------------===//
#pragma once

#include "lamina/IR/Builders.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/Operation.h"

namespace lamina {

class OpAsmParser;
class OpAsmPrinter;

//===----------------------------------------------------------------------===//
// OpFoldResult
//===----------------------------------------------------------------------===//

/// What folding produces for one result: an attribute (a constant the
/// dialect materializes) or an existing value. Null when empty.
class OpFoldResult {
public:
  OpFoldResult() = default;
  OpFoldResult(std::nullptr_t) {}
  OpFoldResult(Attribute attr) : ptr(attr.getAsOpaquePointer()), isValueTag(false) {}
  OpFoldResult(Value value) : ptr(value.getAsOpaquePointer()), isValueTag(true) {}
  OpFoldResult(OpResult value) : OpFoldResult(Value(value)) {}
  template <typename AttrT, typename = std::enable_if_t<std::is_base_of_v<Attribute, AttrT>>>
  OpFoldResult(AttrT attr) : OpFoldResult(Attribute(attr)) {}

  explicit operator bool() const { return ptr; }
  bool isNull() const { return !ptr; }
  bool isAttribute() const { return ptr && !isValueTag; }
  bool isValue() const { return ptr && isValueTag; }
  /// The attribute, or null if this holds a value (or nothing).
  Attribute getAttribute() const {
    return isAttribute() ? Attribute::getFromOpaquePointer(ptr) : Attribute();
  }
  /// The value, or null if this holds an attribute (or nothing).
  Value getValue() const { return isValue() ? Value::getFromOpaquePointer(ptr) : Value(); }
  bool operator==(const OpFoldResult &o) const { return ptr == o.ptr && isValueTag == o.isValueTag; }
  bool operator!=(const OpFoldResult &o) const { return !(*this == o); }

private:
  const void *ptr = nullptr;
  bool isValueTag = false;
};

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

} // namespace lamina
