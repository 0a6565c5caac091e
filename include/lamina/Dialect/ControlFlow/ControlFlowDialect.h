//===- ControlFlowDialect.h - The cf dialect: branches and asserts --------===//
#pragma once

#include "lamina/IR/Dialect.h"
#include "lamina/IR/Op.h"

namespace lamina {

/// `cf`: cf.br, cf.cond_br, cf.switch, cf.assert.
class ControlFlowDialect : public Dialect {
public:
  explicit ControlFlowDialect(MLIRContext *ctx);
  ~ControlFlowDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "cf"; }
};

namespace cf {

/// `cf.br ^bb1(%a : i32)`.
class BranchOp : public Op<BranchOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "cf.br"; }
  Block *getDest() const { return state->getSuccessor(0); }
};

/// `cf.cond_br %c, ^bb1(%a : i32), ^bb2`.
class CondBranchOp : public Op<CondBranchOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "cf.cond_br"; }
  Value getCondition() const { return state->getOperand(0); }
  OperandRange getTrueOperands() const;
  OperandRange getFalseOperands() const;
};

/// `cf.switch %flag : i32, [default: ^bb1, 42: ^bb2(%x : i32)]`.
class SwitchOp : public Op<SwitchOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "cf.switch"; }
};

/// `cf.assert %cond, "message"`.
class AssertOp : public Op<AssertOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "cf.assert"; }
};

} // namespace cf
} // namespace lamina
