//===- SCFDialect.h - The scf dialect: structured control flow ------------===//
#pragma once

#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/Dialect.h"
#include "lamina/IR/Op.h"

namespace lamina {

/// `scf`: scf.condition, scf.execute_region, scf.for, scf.forall,
/// scf.forall.in_parallel, scf.if, scf.index_switch, scf.parallel,
/// scf.reduce, scf.reduce.return, scf.while, scf.yield.
class SCFDialect : public Dialect {
public:
  explicit SCFDialect(MLIRContext *ctx);
  ~SCFDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "scf"; }
};

namespace scf {

/// `scf.condition(%c) %args : types`: the terminator of a while "before"
/// region.
class ConditionOp : public Op<ConditionOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "scf.condition"; }
  Value getCondition() const { return state->getOperand(0); }
  OperandRange getArgs() const { return state->getOperands().drop_front(1); }
};

/// `%r = scf.execute_region -> i32 [no_inline] { ... }`.
class ExecuteRegionOp : public Op<ExecuteRegionOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "scf.execute_region"; }
  Region &getRegion() const { return state->getRegion(0); }
};

/// `scf.for [unsigned] %iv = %lb to %ub step %s iter_args(...) -> (...)`.
class ForOp : public Op<ForOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "scf.for"; }
  Value getLowerBound() const { return state->getOperand(0); }
  Value getUpperBound() const { return state->getOperand(1); }
  Value getStep() const { return state->getOperand(2); }
  OperandRange getInitArgs() const { return state->getOperands().drop_front(3); }
  Region &getRegion() const { return state->getRegion(0); }
  Block *getBody() const { return &state->getRegion(0).front(); }
};

/// `scf.forall (%i) in (%n) shared_outs(%o = %t) -> (tensor<...>) { ... }`.
class ForallOp : public Op<ForallOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "scf.forall"; }
  Region &getRegion() const { return state->getRegion(0); }
};

/// `scf.forall.in_parallel { ... }`: the terminator of scf.forall.
class InParallelOp : public Op<InParallelOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "scf.forall.in_parallel"; }
  Region &getRegion() const { return state->getRegion(0); }
};

/// `%r = scf.if %c -> (f32) { ... } else { ... }`.
class IfOp : public Op<IfOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "scf.if"; }
  Value getCondition() const { return state->getOperand(0); }
  Region &getThenRegion() const { return state->getRegion(0); }
  Region &getElseRegion() const { return state->getRegion(1); }
};

/// `%r = scf.index_switch %i -> i32 case 2 { ... } default { ... }`.
class IndexSwitchOp : public Op<IndexSwitchOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "scf.index_switch"; }
};

/// `scf.parallel (%i) = (%lb) to (%ub) step (%s) init (%v) -> f32 { ... }`.
class ParallelOp : public Op<ParallelOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "scf.parallel"; }
  Region &getRegion() const { return state->getRegion(0); }
};

/// `scf.reduce(%v : f32) { ^bb0(%l: f32, %r: f32): ... }`: the terminator of
/// scf.parallel.
class ReduceOp : public Op<ReduceOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "scf.reduce"; }
};

/// `scf.reduce.return %v : f32`.
class ReduceReturnOp : public Op<ReduceReturnOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "scf.reduce.return"; }
};

/// `%r = scf.while (%a = %init) : (f32) -> f32 { ... } do { ... }`.
class WhileOp : public Op<WhileOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "scf.while"; }
  Region &getBefore() const { return state->getRegion(0); }
  Region &getAfter() const { return state->getRegion(1); }
};

/// `scf.yield %values : types`.
class YieldOp : public Op<YieldOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "scf.yield"; }
};

} // namespace scf
} // namespace lamina
