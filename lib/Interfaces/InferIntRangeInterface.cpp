//===- InferIntRangeInterface.cpp - Integer range inference ---------------===//
#include "lamina/Interfaces/InferIntRangeInterface.h"

#include "lamina/IR/BuiltinTypes.h"
#include "lamina/Support/RawOstream.h"

#include <vector>

using namespace lamina;

bool ConstantIntRanges::operator==(const ConstantIntRanges &other) const {
  return uminVal.getBitWidth() == other.uminVal.getBitWidth() && uminVal == other.uminVal &&
         umaxVal == other.umaxVal && sminVal == other.sminVal && smaxVal == other.smaxVal;
}

unsigned ConstantIntRanges::getStorageBitwidth(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    type = shaped.getElementType();
  if (type.isIndex())
    return IndexType::kInternalStorageBitWidth;
  if (auto integerType = dyn_cast<IntegerType>(type))
    return integerType.getWidth();
  // Non-integer types have no ranges.
  return 0;
}

ConstantIntRanges ConstantIntRanges::maxRange(unsigned bitwidth) {
  return fromUnsigned(APInt::getZero(bitwidth), APInt::getMaxValue(bitwidth));
}

ConstantIntRanges ConstantIntRanges::constant(const APInt &value) { return {value, value, value, value}; }

ConstantIntRanges ConstantIntRanges::range(const APInt &min, const APInt &max, bool isSigned) {
  return isSigned ? fromSigned(min, max) : fromUnsigned(min, max);
}

ConstantIntRanges ConstantIntRanges::fromSigned(const APInt &smin, const APInt &smax) {
  unsigned width = smin.getBitWidth();
  APInt umin, umax;
  if (smin.isNonNegative() == smax.isNonNegative()) {
    umin = smin.ult(smax) ? smin : smax;
    umax = smin.ugt(smax) ? smin : smax;
  } else {
    umin = APInt::getMinValue(width);
    umax = APInt::getMaxValue(width);
  }
  return {umin, umax, smin, smax};
}

ConstantIntRanges ConstantIntRanges::fromUnsigned(const APInt &umin, const APInt &umax) {
  unsigned width = umin.getBitWidth();
  APInt smin, smax;
  if (umin.isNonNegative() == umax.isNonNegative()) {
    smin = umin.slt(umax) ? umin : umax;
    smax = umin.sgt(umax) ? umin : umax;
  } else {
    smin = APInt::getSignedMinValue(width);
    smax = APInt::getSignedMaxValue(width);
  }
  return {umin, umax, smin, smax};
}

ConstantIntRanges ConstantIntRanges::rangeUnion(const ConstantIntRanges &other) const {
  // A width-0 ("not an integer") range poisons everything.
  if (umin().getBitWidth() == 0)
    return *this;
  if (other.umin().getBitWidth() == 0)
    return other;
  const APInt &uminUnion = umin().ult(other.umin()) ? umin() : other.umin();
  const APInt &umaxUnion = umax().ugt(other.umax()) ? umax() : other.umax();
  const APInt &sminUnion = smin().slt(other.smin()) ? smin() : other.smin();
  const APInt &smaxUnion = smax().sgt(other.smax()) ? smax() : other.smax();
  return {uminUnion, umaxUnion, sminUnion, smaxUnion};
}

ConstantIntRanges ConstantIntRanges::intersection(const ConstantIntRanges &other) const {
  if (umin().getBitWidth() == 0)
    return *this;
  if (other.umin().getBitWidth() == 0)
    return other;
  const APInt &uminIntersect = umin().ugt(other.umin()) ? umin() : other.umin();
  const APInt &umaxIntersect = umax().ult(other.umax()) ? umax() : other.umax();
  const APInt &sminIntersect = smin().sgt(other.smin()) ? smin() : other.smin();
  const APInt &smaxIntersect = smax().slt(other.smax()) ? smax() : other.smax();
  return {uminIntersect, umaxIntersect, sminIntersect, smaxIntersect};
}

std::optional<APInt> ConstantIntRanges::getConstantValue() const {
  if (umin().getBitWidth() != 0 && umin() == umax())
    return umin();
  if (smin().getBitWidth() != 0 && smin() == smax())
    return smin();
  return std::nullopt;
}

void ConstantIntRanges::print(raw_ostream &os) const {
  os << "unsigned : [" << umin().toString(10, false) << ", " << umax().toString(10, false) << "] signed : ["
     << smin().toString(10, true) << ", " << smax().toString(10, true) << "]";
}

raw_ostream &lamina::operator<<(raw_ostream &os, const ConstantIntRanges &range) {
  range.print(os);
  return os;
}

IntegerValueRange IntegerValueRange::getMaxRange(Value value) {
  unsigned width = ConstantIntRanges::getStorageBitwidth(value.getType());
  if (width == 0)
    return {};
  return IntegerValueRange(ConstantIntRanges(APInt::getMinValue(width), APInt::getMaxValue(width),
                                             APInt::getSignedMinValue(width), APInt::getSignedMaxValue(width)));
}

void IntegerValueRange::print(raw_ostream &os) const {
  if (isUninitialized())
    os << "<uninitialized>";
  else
    getValue().print(os);
}

void intrange::detail::defaultInferResultRangesFromOptional(Operation *op, ArrayRef<IntegerValueRange> argRanges,
                                                            SetIntLatticeFn setResultRanges) {
  std::vector<ConstantIntRanges> unpacked;
  for (const IntegerValueRange &range : argRanges) {
    if (range.isUninitialized())
      return;
    unpacked.push_back(range.getValue());
  }
  auto impl = InferIntRangeInterface(op);
  if (!impl.getImpl()->inferResultRanges)
    return;
  impl.inferResultRanges(unpacked,
                         [&](Value value, const ConstantIntRanges &range) {
                           setResultRanges(value, IntegerValueRange(range));
                         });
}
