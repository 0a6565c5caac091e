//===- RuntimeCheckBuilders.cpp - Pieces of runtime verification IR -------===//
#include "lamina/Dialect/MemRef/RuntimeCheckBuilders.h"

#include "lamina/Dialect/ControlFlow/ControlFlowDialect.h"

using namespace lamina;
using arith::CmpIPredicate;

Value rtcheck::constantIndex(OpBuilder &b, Location loc, int64_t value) {
  return arith::createConstant(b, loc, b.getIndexAttr(value))->getResult(0);
}

Value rtcheck::binary(OpBuilder &b, Location loc, std::string_view name, Value lhs, Value rhs, bool fold) {
  OperationState state(loc, name);
  state.addOperand(lhs);
  state.addOperand(rhs);
  state.addType(lhs.getType());
  return fold ? b.createOrFold(state) : b.create(state)->getResult(0);
}

Value rtcheck::cmpi(OpBuilder &b, Location loc, CmpIPredicate pred, Value lhs, Value rhs, bool fold) {
  OperationState state(loc, arith::CmpIOp::getOperationName());
  state.addOperand(lhs);
  state.addOperand(rhs);
  state.addAttribute("predicate", b.getI64IntegerAttr(int64_t(pred)));
  state.addType(b.getI1Type());
  return fold ? b.createOrFold(state) : b.create(state)->getResult(0);
}

Value rtcheck::dimOf(OpBuilder &b, Location loc, std::string_view dimOpName, Value source, int64_t dim, bool fold) {
  Value index = constantIndex(b, loc, dim);
  OperationState state(loc, dimOpName);
  state.addOperand(source);
  state.addOperand(index);
  state.addType(b.getIndexType());
  return fold ? b.createOrFold(state) : b.create(state)->getResult(0);
}

Value rtcheck::indexQuery(OpBuilder &b, Location loc, std::string_view name, Value operand) {
  OperationState state(loc, name);
  state.addOperand(operand);
  state.addType(b.getIndexType());
  return b.create(state)->getResult(0);
}

void rtcheck::assertThat(OpBuilder &b, Location loc, Value condition, const std::string &message) {
  OperationState state(loc, cf::AssertOp::getOperationName());
  state.addOperand(condition);
  state.addAttribute("msg", b.getStringAttr(message));
  b.create(state);
}

Value rtcheck::inBounds(OpBuilder &b, Location loc, Value value, Value lb, Value ub) {
  Value lower = cmpi(b, loc, CmpIPredicate::sge, value, lb, /*fold=*/true);
  Value upper = cmpi(b, loc, CmpIPredicate::slt, value, ub, /*fold=*/true);
  return binary(b, loc, "arith.andi", lower, upper, /*fold=*/true);
}

Value rtcheck::valueOf(OpBuilder &b, Location loc, OpFoldResult ofr) {
  if (Value v = ofr.getValue())
    return v;
  return constantIndex(b, loc, cast<IntegerAttr>(ofr.getAttribute()).getValue().getSExtValue());
}

Value rtcheck::ifYieldingI1(OpBuilder &b, Location loc, Value cond, function_ref<Value(OpBuilder &)> thenBody,
                            function_ref<Value(OpBuilder &)> elseBody) {
  OperationState state(loc, "scf.if");
  state.addOperand(cond);
  state.addType(b.getI1Type());
  state.addRegion();
  state.addRegion();
  Operation *ifOp = b.create(state);
  OpBuilder::InsertionGuard guard(b);
  auto fill = [&](Region &region, function_ref<Value(OpBuilder &)> body) {
    b.createBlock(&region);
    Value yielded = body(b);
    OperationState yield(loc, "scf.yield");
    yield.addOperand(yielded);
    b.create(yield);
  };
  fill(ifOp->getRegion(0), thenBody);
  fill(ifOp->getRegion(1), elseBody);
  return ifOp->getResult(0);
}

void rtcheck::checkSliceDimension(OpBuilder &b, Location loc, Operation *op, int64_t dim, Value offset, Value size,
                                  Value stride, Value dimSize, Value zero, Value one, std::string_view what,
                                  function_ref<std::string(Operation *, std::string_view)> message) {
  Value sizeIsZero = cmpi(b, loc, CmpIPredicate::eq, size, zero, /*fold=*/false);
  Value offsetValid = ifYieldingI1(
      b, loc, sizeIsZero,
      [&](OpBuilder &body) {
        Value lower = cmpi(body, loc, CmpIPredicate::sge, offset, zero, /*fold=*/false);
        Value upper = cmpi(body, loc, CmpIPredicate::sle, offset, dimSize, /*fold=*/false);
        return binary(body, loc, "arith.andi", lower, upper, /*fold=*/false);
      },
      [&](OpBuilder &body) { return inBounds(body, loc, offset, zero, dimSize); });
  assertThat(b, loc, offsetValid, message(op, "offset " + std::to_string(dim) + " is out-of-bounds"));

  Value sizeIsNonZero = cmpi(b, loc, CmpIPredicate::sgt, size, zero, /*fold=*/false);
  Value lastValid = ifYieldingI1(
      b, loc, sizeIsNonZero,
      [&](OpBuilder &body) {
        Value sizeMinusOne = binary(body, loc, "arith.subi", size, one, /*fold=*/false);
        Value span = binary(body, loc, "arith.muli", sizeMinusOne, stride, /*fold=*/false);
        Value last = binary(body, loc, "arith.addi", offset, span, /*fold=*/false);
        return inBounds(body, loc, last, zero, dimSize);
      },
      [&](OpBuilder &body) { return arith::createConstant(body, loc, body.getBoolAttr(true))->getResult(0); });
  assertThat(b, loc, lastValid,
             message(op, std::string(what) + " runs out-of-bounds along dimension " + std::to_string(dim)));
}
