//===- IndexFolders.cpp - Folders of the index arithmetic ops -------------===//
//
// The folders of mlir/lib/Dialect/Index/IR/IndexOps.cpp (MLIR 22) for the
// binary arithmetic ops: an index value may be 32 or 64 bits wide, so ops
// whose low 32 result bits depend only on the low 32 operand bits (add, sub,
// mul, and, or, xor) fold unconditionally (foldBinaryOpUnchecked), and the
// others only where the 64-bit result truncated to 32 bits equals the 32-bit
// result (foldBinaryOpChecked). Identities: add/sub of 0, mul by 1 or 0.
//
#include "lamina/Dialect/Index/IndexDialect.h"
#include "lamina/ODS/OpDef.h"

#include <optional>

using namespace lamina;
using namespace lamina::index;

namespace {

using Calculation = std::optional<APInt> (*)(const APInt &, const APInt &);

Attribute indexAttr(MLIRContext *ctx, const APInt &value) { return IntegerAttr::get(IndexType::get(ctx), value); }

/// foldBinaryOpUnchecked.
OpFoldResult foldUnchecked(Operation *op, ArrayRef<Attribute> operands, Calculation calculate) {
  auto lhs = dyn_cast_or_null<IntegerAttr>(operands[0]);
  auto rhs = dyn_cast_or_null<IntegerAttr>(operands[1]);
  if (!lhs || !rhs)
    return {};
  std::optional<APInt> result = calculate(lhs.getValue(), rhs.getValue());
  if (!result)
    return {};
  return indexAttr(op->getContext(), *result);
}

/// foldBinaryOpChecked.
OpFoldResult foldChecked(Operation *op, ArrayRef<Attribute> operands, Calculation calculate) {
  auto lhs = dyn_cast_or_null<IntegerAttr>(operands[0]);
  auto rhs = dyn_cast_or_null<IntegerAttr>(operands[1]);
  if (!lhs || !rhs)
    return {};
  std::optional<APInt> result64 = calculate(lhs.getValue(), rhs.getValue());
  if (!result64)
    return {};
  std::optional<APInt> result32 = calculate(lhs.getValue().trunc(32), rhs.getValue().trunc(32));
  if (!result32 || result64->trunc(32) != *result32)
    return {};
  return indexAttr(op->getContext(), *result64);
}

bool rhsIs(ArrayRef<Attribute> operands, int64_t value) {
  auto rhs = dyn_cast_or_null<IntegerAttr>(operands[1]);
  return rhs && rhs.getValue().getSExtValue() == value;
}

OpFoldResult foldAdd(Operation *op, ArrayRef<Attribute> operands) {
  if (OpFoldResult r = foldUnchecked(op, operands, [](const APInt &l, const APInt &r) -> std::optional<APInt> {
        return l + r;
      }))
    return r;
  if (rhsIs(operands, 0))
    return op->getOperand(0);
  return {};
}

OpFoldResult foldSub(Operation *op, ArrayRef<Attribute> operands) {
  if (OpFoldResult r = foldUnchecked(op, operands, [](const APInt &l, const APInt &r) -> std::optional<APInt> {
        return l - r;
      }))
    return r;
  if (rhsIs(operands, 0))
    return op->getOperand(0);
  return {};
}

OpFoldResult foldMul(Operation *op, ArrayRef<Attribute> operands) {
  if (OpFoldResult r = foldUnchecked(op, operands, [](const APInt &l, const APInt &r) -> std::optional<APInt> {
        return l * r;
      }))
    return r;
  if (rhsIs(operands, 1))
    return op->getOperand(0);
  if (rhsIs(operands, 0))
    return operands[1];
  return {};
}

OpFoldResult foldAnd(Operation *op, ArrayRef<Attribute> operands) {
  return foldUnchecked(op, operands, [](const APInt &l, const APInt &r) -> std::optional<APInt> { return l & r; });
}
OpFoldResult foldOr(Operation *op, ArrayRef<Attribute> operands) {
  return foldUnchecked(op, operands, [](const APInt &l, const APInt &r) -> std::optional<APInt> { return l | r; });
}
OpFoldResult foldXor(Operation *op, ArrayRef<Attribute> operands) {
  return foldUnchecked(op, operands, [](const APInt &l, const APInt &r) -> std::optional<APInt> { return l ^ r; });
}

OpFoldResult foldDivS(Operation *op, ArrayRef<Attribute> operands) {
  return foldChecked(op, operands, [](const APInt &l, const APInt &r) -> std::optional<APInt> {
    if (r.isZero())
      return std::nullopt;
    return l.sdiv(r);
  });
}
OpFoldResult foldDivU(Operation *op, ArrayRef<Attribute> operands) {
  return foldChecked(op, operands, [](const APInt &l, const APInt &r) -> std::optional<APInt> {
    if (r.isZero())
      return std::nullopt;
    return l.udiv(r);
  });
}
OpFoldResult foldRemS(Operation *op, ArrayRef<Attribute> operands) {
  return foldChecked(op, operands, [](const APInt &l, const APInt &r) -> std::optional<APInt> {
    if (r.isZero())
      return std::nullopt;
    return l.srem(r);
  });
}
OpFoldResult foldRemU(Operation *op, ArrayRef<Attribute> operands) {
  return foldChecked(op, operands, [](const APInt &l, const APInt &r) -> std::optional<APInt> {
    if (r.isZero())
      return std::nullopt;
    return l.urem(r);
  });
}
OpFoldResult foldMaxS(Operation *op, ArrayRef<Attribute> operands) {
  return foldChecked(op, operands,
                     [](const APInt &l, const APInt &r) -> std::optional<APInt> { return l.sgt(r) ? l : r; });
}
OpFoldResult foldMaxU(Operation *op, ArrayRef<Attribute> operands) {
  return foldChecked(op, operands,
                     [](const APInt &l, const APInt &r) -> std::optional<APInt> { return l.ugt(r) ? l : r; });
}
OpFoldResult foldMinS(Operation *op, ArrayRef<Attribute> operands) {
  return foldChecked(op, operands,
                     [](const APInt &l, const APInt &r) -> std::optional<APInt> { return l.slt(r) ? l : r; });
}
OpFoldResult foldMinU(Operation *op, ArrayRef<Attribute> operands) {
  return foldChecked(op, operands,
                     [](const APInt &l, const APInt &r) -> std::optional<APInt> { return l.ult(r) ? l : r; });
}

} // namespace

void index::registerIndexArithFolders(IndexDialect &dialect) {
  using ods::attachFolder;
  attachFolder(dialect, AddOp::getOperationName(), foldAdd);
  attachFolder(dialect, SubOp::getOperationName(), foldSub);
  attachFolder(dialect, MulOp::getOperationName(), foldMul);
  attachFolder(dialect, AndOp::getOperationName(), foldAnd);
  attachFolder(dialect, OrOp::getOperationName(), foldOr);
  attachFolder(dialect, XOrOp::getOperationName(), foldXor);
  attachFolder(dialect, DivSOp::getOperationName(), foldDivS);
  attachFolder(dialect, DivUOp::getOperationName(), foldDivU);
  attachFolder(dialect, RemSOp::getOperationName(), foldRemS);
  attachFolder(dialect, RemUOp::getOperationName(), foldRemU);
  attachFolder(dialect, MaxSOp::getOperationName(), foldMaxS);
  attachFolder(dialect, MaxUOp::getOperationName(), foldMaxU);
  attachFolder(dialect, MinSOp::getOperationName(), foldMinS);
  attachFolder(dialect, MinUOp::getOperationName(), foldMinU);
}
