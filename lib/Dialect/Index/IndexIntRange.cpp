//===- IndexIntRange.cpp - Integer range inference of index ops ----------===//
//
// InferIntRangeInterface for the index ops (MLIR's
// Index/IR/InferIntRangeInterfaceImpls.cpp), attached to the registered ops:
// `index` is 32 or 64 bits wide, so the arithmetic is inferred on both
// widths and the results joined (intrange::inferIndexOp), comparisons fold
// only when both widths agree, and casts to index join the 32- and 64-bit
// casts. Also the dialect's constant materializer (index.constant,
// index.bool.constant), which int-range-optimizations uses.
//
#include "lamina/Dialect/Index/IndexDialect.h"

#include "lamina/IR/Builders.h"
#include "lamina/Interfaces/InferIntRangeInterface.h"
#include "lamina/Interfaces/Utils/InferIntRangeCommon.h"
#include "lamina/ODS/OpDef.h"

using namespace lamina;
using namespace lamina::intrange;

namespace {

void inferConstant(Operation *op, ArrayRef<ConstantIntRanges>, SetIntRangeFn setResultRange) {
  if (IntegerAttr value = index::ConstantOp(op).getValueAttr())
    setResultRange(op->getResult(0), ConstantIntRanges::constant(value.getValue()));
}

void inferBoolConstant(Operation *op, ArrayRef<ConstantIntRanges>, SetIntRangeFn setResultRange) {
  if (BoolAttr value = index::BoolConstantOp(op).getValueAttr())
    setResultRange(op->getResult(0), ConstantIntRanges::constant(APInt(1, value.getValue() ? 1 : 0)));
}

template <ConstantIntRanges (*fn)(ArrayRef<ConstantIntRanges>, OverflowFlags)>
ConstantIntRanges withoutOverflowFlags(ArrayRef<ConstantIntRanges> argRanges) {
  return fn(argRanges, OverflowFlags::None);
}

/// An arithmetic op inferred at both widths of index.
template <ConstantIntRanges (*fn)(ArrayRef<ConstantIntRanges>), CmpMode mode>
void inferIndexArith(Operation *op, ArrayRef<ConstantIntRanges> argRanges, SetIntRangeFn setResultRange) {
  setResultRange(op->getResult(0), inferIndexOp(fn, argRanges, mode));
}

ConstantIntRanges makeLikeDest(const ConstantIntRanges &range, unsigned srcWidth, unsigned destWidth,
                               bool isSigned) {
  if (srcWidth < destWidth)
    return isSigned ? extSIRange(range, destWidth) : extUIRange(range, destWidth);
  if (srcWidth > destWidth)
    return truncRange(range, destWidth);
  return range;
}

/// A cast to index joins the casts to 64 and to 32 bits (extended back).
template <bool isSigned>
void inferCast(Operation *op, ArrayRef<ConstantIntRanges> argRanges, SetIntRangeFn setResultRange) {
  Type sourceType = op->getOperand(0).getType();
  Type destType = op->getResult(0).getType();
  unsigned srcWidth = ConstantIntRanges::getStorageBitwidth(sourceType);
  unsigned destWidth = ConstantIntRanges::getStorageBitwidth(destType);
  if (sourceType.isIndex()) {
    setResultRange(op->getResult(0), makeLikeDest(argRanges[0], srcWidth, destWidth, isSigned));
    return;
  }
  ConstantIntRanges storageRange = makeLikeDest(argRanges[0], srcWidth, destWidth, isSigned);
  ConstantIntRanges minWidthRange = makeLikeDest(argRanges[0], srcWidth, indexMinWidth, isSigned);
  ConstantIntRanges minWidthExt = extRange(minWidthRange, destWidth);
  setResultRange(op->getResult(0), storageRange.rangeUnion(minWidthExt));
}

/// Known only when the 64- and 32-bit comparisons agree.
void inferCmp(Operation *op, ArrayRef<ConstantIntRanges> argRanges, SetIntRangeFn setResultRange) {
  index::IndexCmpPredicateAttr predAttr = index::CmpOp(op).getPredAttr();
  if (!predAttr)
    return;
  auto pred = CmpPredicate(uint32_t(predAttr.getValue()));
  const ConstantIntRanges &lhs = argRanges[0], &rhs = argRanges[1];
  APInt min = APInt::getZero(1);
  APInt max = APInt::getAllOnes(1);
  std::optional<bool> truthValue64 = evaluatePred(pred, lhs, rhs);
  std::optional<bool> truthValue32 =
      evaluatePred(pred, truncRange(lhs, indexMinWidth), truncRange(rhs, indexMinWidth));
  if (truthValue64 == truthValue32) {
    if (truthValue64 && *truthValue64)
      min = max;
    else if (truthValue64 && !*truthValue64)
      max = min;
  }
  setResultRange(op->getResult(0), ConstantIntRanges::fromUnsigned(min, max));
}

/// Between the two widths index may have.
void inferSizeOf(Operation *op, ArrayRef<ConstantIntRanges>, SetIntRangeFn setResultRange) {
  unsigned storageWidth = ConstantIntRanges::getStorageBitwidth(op->getResult(0).getType());
  setResultRange(op->getResult(0), ConstantIntRanges::fromUnsigned(APInt(storageWidth, indexMinWidth),
                                                                    APInt(storageWidth, indexMaxWidth)));
}

/// index.constant and index.bool.constant fold to their value (what makes
/// them constants to m_Constant and the folder).
OpFoldResult foldConstant(Operation *op, ArrayRef<Attribute>) { return op->getPropertySlots()[0]; }

} // namespace

void index::registerIndexConstantFolders(IndexDialect &dialect) {
  ods::attachFolder(dialect, index::ConstantOp::getOperationName(), foldConstant);
  ods::attachFolder(dialect, index::BoolConstantOp::getOperationName(), foldConstant);
}

void index::registerIndexIntRangeInference(IndexDialect &dialect) {
  auto attach = [&](std::string_view name, void (*fn)(Operation *, ArrayRef<ConstantIntRanges>, SetIntRangeFn)) {
    ods::attachInterface<InferIntRangeInterface>(dialect, name, {.inferResultRanges = fn});
  };
  attach("index.constant", inferConstant);
  attach("index.bool.constant", inferBoolConstant);
  attach("index.add", inferIndexArith<withoutOverflowFlags<inferAdd>, CmpMode::Both>);
  attach("index.sub", inferIndexArith<withoutOverflowFlags<inferSub>, CmpMode::Both>);
  attach("index.mul", inferIndexArith<withoutOverflowFlags<inferMul>, CmpMode::Both>);
  attach("index.divu", inferIndexArith<inferDivU, CmpMode::Unsigned>);
  attach("index.divs", inferIndexArith<inferDivS, CmpMode::Signed>);
  attach("index.ceildivu", inferIndexArith<inferCeilDivU, CmpMode::Unsigned>);
  attach("index.ceildivs", inferIndexArith<inferCeilDivS, CmpMode::Signed>);
  attach("index.floordivs", inferIndexArith<inferFloorDivS, CmpMode::Signed>);
  attach("index.rems", inferIndexArith<inferRemS, CmpMode::Signed>);
  attach("index.remu", inferIndexArith<inferRemU, CmpMode::Unsigned>);
  attach("index.maxs", inferIndexArith<inferMaxS, CmpMode::Signed>);
  attach("index.maxu", inferIndexArith<inferMaxU, CmpMode::Unsigned>);
  attach("index.mins", inferIndexArith<inferMinS, CmpMode::Signed>);
  attach("index.minu", inferIndexArith<inferMinU, CmpMode::Unsigned>);
  attach("index.shl", inferIndexArith<withoutOverflowFlags<inferShl>, CmpMode::Both>);
  attach("index.shrs", inferIndexArith<inferShrS, CmpMode::Signed>);
  attach("index.shru", inferIndexArith<inferShrU, CmpMode::Unsigned>);
  attach("index.and", inferIndexArith<inferAnd, CmpMode::Unsigned>);
  attach("index.or", inferIndexArith<inferOr, CmpMode::Unsigned>);
  attach("index.xor", inferIndexArith<inferXor, CmpMode::Unsigned>);
  attach("index.casts", inferCast<true>);
  attach("index.castu", inferCast<false>);
  attach("index.cmp", inferCmp);
  attach("index.sizeof", inferSizeOf);
}

Operation *IndexDialect::materializeConstant(OpBuilder &builder, Attribute value, Type type, Location loc) {
  // Booleans as i1 index.bool.constant.
  if (auto boolValue = dyn_cast<BoolAttr>(value)) {
    if (!type.isSignlessInteger(1))
      return nullptr;
    OperationState state(loc, index::BoolConstantOp::getOperationName());
    state.addAttribute("value", boolValue);
    state.addType(type);
    return builder.create(state);
  }
  // Integers as index.constant.
  if (auto indexValue = dyn_cast<IntegerAttr>(value)) {
    if (!indexValue.getType().isIndex() || !type.isIndex())
      return nullptr;
    OperationState state(loc, index::ConstantOp::getOperationName());
    state.addAttribute("value", indexValue);
    state.addType(type);
    return builder.create(state);
  }
  return nullptr;
}
