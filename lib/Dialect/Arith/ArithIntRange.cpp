//===- ArithIntRange.cpp - Integer range inference of arith ops ----------===//
//
// InferIntRangeInterface for the arith ops (MLIR's
// Arith/IR/InferIntRangeInterfaceImpls.cpp), attached to the registered ops.
//
#include "lamina/Dialect/Arith/ArithDialect.h"

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/Interfaces/Utils/InferIntRangeCommon.h"
#include "lamina/ODS/OpDef.h"

#include <vector>

using namespace lamina;
using namespace lamina::arith;
using namespace lamina::intrange;

/// The nsw/nuw flags of an op with `overflowFlags`.
static OverflowFlags overflowFlags(Operation *op) {
  auto attr = dyn_cast_or_null<IntegerOverflowFlagsAttr>(op->getAttr("overflowFlags"));
  OverflowFlags flags = OverflowFlags::None;
  if (!attr)
    return flags;
  uint32_t value = uint32_t(attr.getValue());
  if (value & uint32_t(IntegerOverflowFlags::nsw))
    flags = flags | OverflowFlags::Nsw;
  if (value & uint32_t(IntegerOverflowFlags::nuw))
    flags = flags | OverflowFlags::Nuw;
  return flags;
}

static void inferConstant(Operation *op, ArrayRef<ConstantIntRanges>, SetIntRangeFn setResultRange) {
  Attribute value = op->getAttr("value");
  if (auto scalar = dyn_cast_or_null<IntegerAttr>(value)) {
    setResultRange(op->getResult(0), ConstantIntRanges::constant(scalar.getValue()));
    return;
  }
  auto dense = dyn_cast_or_null<DenseIntOrFPElementsAttr>(value);
  if (!dense || !(isa<IntegerType>(dense.getElementType()) || dense.getElementType().isIndex()))
    return;
  DenseElementsAttr elements = dense;
  if (elements.isSplat()) {
    setResultRange(op->getResult(0), ConstantIntRanges::constant(elements.getIntValue(0)));
    return;
  }
  std::optional<ConstantIntRanges> result;
  for (const APInt &v : elements.getIntValues()) {
    ConstantIntRanges range = ConstantIntRanges::constant(v);
    result = result ? result->rangeUnion(range) : range;
  }
  if (result)
    setResultRange(op->getResult(0), *result);
}

template <ConstantIntRanges (*fn)(ArrayRef<ConstantIntRanges>, OverflowFlags)>
static void inferWithOverflow(Operation *op, ArrayRef<ConstantIntRanges> argRanges, SetIntRangeFn setResultRange) {
  setResultRange(op->getResult(0), fn(argRanges, overflowFlags(op)));
}

template <ConstantIntRanges (*fn)(ArrayRef<ConstantIntRanges>)>
static void inferBinary(Operation *op, ArrayRef<ConstantIntRanges> argRanges, SetIntRangeFn setResultRange) {
  setResultRange(op->getResult(0), fn(argRanges));
}

/// MulSIExtendedOp / MulUIExtendedOp: the low half (a plain multiply).
static void inferMulExtended(Operation *op, ArrayRef<ConstantIntRanges> argRanges, SetIntRangeFn setResultRange) {
  setResultRange(op->getResult(0), inferMul(argRanges));
}

template <bool isSigned>
static void inferExt(Operation *op, ArrayRef<ConstantIntRanges> argRanges, SetIntRangeFn setResultRange) {
  unsigned destWidth = ConstantIntRanges::getStorageBitwidth(op->getResult(0).getType());
  setResultRange(op->getResult(0), isSigned ? extSIRange(argRanges[0], destWidth) : extUIRange(argRanges[0], destWidth));
}

static void inferTrunc(Operation *op, ArrayRef<ConstantIntRanges> argRanges, SetIntRangeFn setResultRange) {
  unsigned destWidth = ConstantIntRanges::getStorageBitwidth(op->getResult(0).getType());
  setResultRange(op->getResult(0), truncRange(argRanges[0], destWidth));
}

template <bool isSigned>
static void inferIndexCast(Operation *op, ArrayRef<ConstantIntRanges> argRanges, SetIntRangeFn setResultRange) {
  unsigned srcWidth = ConstantIntRanges::getStorageBitwidth(op->getOperand(0).getType());
  unsigned destWidth = ConstantIntRanges::getStorageBitwidth(op->getResult(0).getType());
  if (srcWidth < destWidth)
    setResultRange(op->getResult(0),
                   isSigned ? extSIRange(argRanges[0], destWidth) : extUIRange(argRanges[0], destWidth));
  else if (srcWidth > destWidth)
    setResultRange(op->getResult(0), truncRange(argRanges[0], destWidth));
  else
    setResultRange(op->getResult(0), argRanges[0]);
}

static void inferCmpI(Operation *op, ArrayRef<ConstantIntRanges> argRanges, SetIntRangeFn setResultRange) {
  auto pred = CmpPredicate(cast<IntegerAttr>(op->getAttr("predicate")).getValue().getZExtValue());
  APInt min = APInt::getZero(1);
  APInt max = APInt::getAllOnes(1);
  std::optional<bool> truthValue = evaluatePred(pred, argRanges[0], argRanges[1]);
  if (truthValue && *truthValue)
    min = max;
  else if (truthValue && !*truthValue)
    max = min;
  setResultRange(op->getResult(0), ConstantIntRanges::fromUnsigned(min, max));
}

/// SelectOp: the chosen operand's range for a known condition, else both.
static void inferSelect(Operation *op, ArrayRef<IntegerValueRange> argRanges, SetIntLatticeFn setResultRange) {
  std::optional<APInt> condition =
      argRanges[0].isUninitialized() ? std::nullopt : argRanges[0].getValue().getConstantValue();
  const IntegerValueRange &trueCase = argRanges[1];
  const IntegerValueRange &falseCase = argRanges[2];
  if (condition) {
    setResultRange(op->getResult(0), condition->isZero() ? falseCase : trueCase);
    return;
  }
  setResultRange(op->getResult(0), IntegerValueRange::join(trueCase, falseCase));
}

void arith::registerArithIntRangeInference(ArithDialect &dialect) {
  auto attach = [&](std::string_view name, void (*fn)(Operation *, ArrayRef<ConstantIntRanges>, SetIntRangeFn)) {
    ods::attachInterface<InferIntRangeInterface>(dialect, name, {.inferResultRanges = fn});
  };
  attach("arith.constant", inferConstant);
  attach("arith.addi", inferWithOverflow<inferAdd>);
  attach("arith.subi", inferWithOverflow<inferSub>);
  attach("arith.muli", inferWithOverflow<inferMul>);
  attach("arith.mulsi_extended", inferMulExtended);
  attach("arith.mului_extended", inferMulExtended);
  attach("arith.divui", inferBinary<inferDivU>);
  attach("arith.divsi", inferBinary<inferDivS>);
  attach("arith.ceildivui", inferBinary<inferCeilDivU>);
  attach("arith.ceildivsi", inferBinary<inferCeilDivS>);
  attach("arith.floordivsi", inferBinary<inferFloorDivS>);
  attach("arith.remui", inferBinary<inferRemU>);
  attach("arith.remsi", inferBinary<inferRemS>);
  attach("arith.andi", inferBinary<inferAnd>);
  attach("arith.ori", inferBinary<inferOr>);
  attach("arith.xori", inferBinary<inferXor>);
  attach("arith.maxsi", inferBinary<inferMaxS>);
  attach("arith.maxui", inferBinary<inferMaxU>);
  attach("arith.minsi", inferBinary<inferMinS>);
  attach("arith.minui", inferBinary<inferMinU>);
  attach("arith.extui", inferExt<false>);
  attach("arith.extsi", inferExt<true>);
  attach("arith.trunci", inferTrunc);
  attach("arith.index_cast", inferIndexCast<true>);
  attach("arith.index_castui", inferIndexCast<false>);
  attach("arith.cmpi", inferCmpI);
  attach("arith.shli", inferWithOverflow<inferShl>);
  attach("arith.shrui", inferBinary<inferShrU>);
  attach("arith.shrsi", inferBinary<inferShrS>);
  ods::attachInterface<InferIntRangeInterface>(dialect, "arith.select",
                                               {.inferResultRangesFromOptional = inferSelect});
}
