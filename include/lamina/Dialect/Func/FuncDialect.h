//===- FuncDialect.h - The func dialect: functions, calls, returns --------===//
#pragma once

#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/Dialect.h"
#include "lamina/IR/Op.h"

namespace lamina {

/// `func`: func.func, func.call, func.call_indirect, func.constant,
/// func.return.
class FuncDialect : public Dialect {
public:
  explicit FuncDialect(MLIRContext *ctx);
  ~FuncDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "func"; }
  /// A func.constant for a symbol reference of function type.
  Operation *materializeConstant(OpBuilder &builder, Attribute value, Type type, Location loc) override;
};

namespace func {

/// `func.func @name(%arg0: i32) -> i32 attributes {...} { ... }`.
class FuncOp : public Op<FuncOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "func.func"; }
  std::string_view getName() const;
  FunctionType getFunctionType() const;
  /// External functions have no body.
  bool isExternal() const { return state->getRegion(0).empty(); }
  Region &getBody() const { return state->getRegion(0); }
};

/// `func.call @callee(%args) : (types) -> types`.
class CallOp : public Op<CallOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "func.call"; }
  std::string_view getCallee() const;
};

/// `func.call_indirect %f(%args) : (types) -> types`.
class CallIndirectOp : public Op<CallIndirectOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "func.call_indirect"; }
};

/// `%f = func.constant @fn : (types) -> types`.
class ConstantOp : public Op<ConstantOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "func.constant"; }
};

/// `func.return %values : types` (printed `return` inside func.func).
class ReturnOp : public Op<ReturnOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "func.return"; }
};

} // namespace func
} // namespace lamina
