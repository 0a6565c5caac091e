//===- InferIntRangeCommon.cpp - Range inference of common integer ops ---===//
#include "lamina/Interfaces/Utils/InferIntRangeCommon.h"

#include <utility>
#include <vector>

using namespace lamina;
using namespace lamina::intrange;

//===----------------------------------------------------------------------===//
// Arithmetic with overflow detection or saturation (LLVM's APInt names)
//===----------------------------------------------------------------------===//

namespace {
APInt uaddSat(const APInt &a, const APInt &b) {
  bool overflow = false;
  APInt r = a.uaddOv(b, overflow);
  return overflow ? APInt::getMaxValue(a.getBitWidth()) : r;
}
APInt saddSat(const APInt &a, const APInt &b) {
  bool overflow = false;
  APInt r = a.saddOv(b, overflow);
  if (!overflow)
    return r;
  return b.isNegative() ? APInt::getSignedMinValue(a.getBitWidth()) : APInt::getSignedMaxValue(a.getBitWidth());
}
APInt usubSat(const APInt &a, const APInt &b) {
  bool overflow = false;
  APInt r = a.usubOv(b, overflow);
  return overflow ? APInt::getZero(a.getBitWidth()) : r;
}
APInt ssubSat(const APInt &a, const APInt &b) {
  bool overflow = false;
  APInt r = a.ssubOv(b, overflow);
  if (!overflow)
    return r;
  return b.isNegative() ? APInt::getSignedMaxValue(a.getBitWidth()) : APInt::getSignedMinValue(a.getBitWidth());
}
APInt umulSat(const APInt &a, const APInt &b) {
  bool overflow = false;
  APInt r = a.umulOv(b, overflow);
  return overflow ? APInt::getMaxValue(a.getBitWidth()) : r;
}
APInt smulSat(const APInt &a, const APInt &b) {
  bool overflow = false;
  APInt r = a.smulOv(b, overflow);
  if (!overflow)
    return r;
  bool resultIsNegative = a.isNegative() ^ b.isNegative();
  return resultIsNegative ? APInt::getSignedMinValue(a.getBitWidth()) : APInt::getSignedMaxValue(a.getBitWidth());
}
APInt ushlOv(const APInt &a, const APInt &shAmt, bool &overflow) {
  overflow = shAmt.uge(uint64_t(a.getBitWidth()));
  if (overflow)
    return APInt::getZero(a.getBitWidth());
  unsigned amount = unsigned(shAmt.getZExtValue());
  overflow = amount > a.countLeadingZeros();
  return a.shl(amount);
}
APInt sshlOv(const APInt &a, const APInt &shAmt, bool &overflow) {
  overflow = shAmt.uge(uint64_t(a.getBitWidth()));
  if (overflow)
    return APInt::getZero(a.getBitWidth());
  unsigned amount = unsigned(shAmt.getZExtValue());
  overflow = a.isNonNegative() ? amount >= a.countLeadingZeros() : amount >= a.countLeadingOnes();
  return a.shl(amount);
}
APInt ushlSat(const APInt &a, const APInt &shAmt) {
  bool overflow = false;
  APInt r = ushlOv(a, shAmt, overflow);
  return overflow ? APInt::getMaxValue(a.getBitWidth()) : r;
}
APInt sshlSat(const APInt &a, const APInt &shAmt) {
  bool overflow = false;
  APInt r = sshlOv(a, shAmt, overflow);
  if (!overflow)
    return r;
  return a.isNegative() ? APInt::getSignedMinValue(a.getBitWidth()) : APInt::getSignedMaxValue(a.getBitWidth());
}
} // namespace

//===----------------------------------------------------------------------===//
// General utilities
//===----------------------------------------------------------------------===//

/// An operation on constants; nothing on overflow.
using ConstArithFn = function_ref<std::optional<APInt>(const APInt &, const APInt &)>;

/// [op(minLeft, minRight), op(maxLeft, maxRight)], or every value if either
/// overflows.
static ConstantIntRanges computeBoundsBy(ConstArithFn op, const APInt &minLeft, const APInt &minRight,
                                         const APInt &maxLeft, const APInt &maxRight, bool isSigned) {
  std::optional<APInt> maybeMin = op(minLeft, minRight);
  std::optional<APInt> maybeMax = op(maxLeft, maxRight);
  if (maybeMin && maybeMax)
    return ConstantIntRanges::range(*maybeMin, *maybeMax, isSigned);
  return ConstantIntRanges::maxRange(minLeft.getBitWidth());
}

/// The min and max of op(l, r) over the given bounds, or every value if an
/// evaluation overflows.
static ConstantIntRanges minMaxBy(ConstArithFn op, ArrayRef<APInt> lhs, ArrayRef<APInt> rhs, bool isSigned) {
  unsigned width = lhs[0].getBitWidth();
  APInt min = isSigned ? APInt::getSignedMaxValue(width) : APInt::getMaxValue(width);
  APInt max = isSigned ? APInt::getSignedMinValue(width) : APInt::getZero(width);
  for (const APInt &left : lhs) {
    for (const APInt &right : rhs) {
      std::optional<APInt> maybeThisResult = op(left, right);
      if (!maybeThisResult)
        return ConstantIntRanges::maxRange(width);
      APInt result = std::move(*maybeThisResult);
      min = (isSigned ? result.slt(min) : result.ult(min)) ? result : min;
      max = (isSigned ? result.sgt(max) : result.ugt(max)) ? result : max;
    }
  }
  return ConstantIntRanges::range(min, max, isSigned);
}

//===----------------------------------------------------------------------===//
// Ext, trunc, index op handling
//===----------------------------------------------------------------------===//

ConstantIntRanges intrange::inferIndexOp(const InferRangeFn &inferFn, ArrayRef<ConstantIntRanges> argRanges,
                                         CmpMode mode) {
  ConstantIntRanges sixtyFour = inferFn(argRanges);
  std::vector<ConstantIntRanges> truncated;
  for (const ConstantIntRanges &range : argRanges)
    truncated.push_back(truncRange(range, indexMinWidth));
  ConstantIntRanges thirtyTwo = inferFn(truncated);
  ConstantIntRanges thirtyTwoAsSixtyFour = extRange(thirtyTwo, indexMaxWidth);
  ConstantIntRanges sixtyFourAsThirtyTwo = truncRange(sixtyFour, indexMinWidth);

  bool truncEqual = false;
  switch (mode) {
  case CmpMode::Both:
    truncEqual = (thirtyTwo == sixtyFourAsThirtyTwo);
    break;
  case CmpMode::Signed:
    truncEqual = (thirtyTwo.smin() == sixtyFourAsThirtyTwo.smin() && thirtyTwo.smax() == sixtyFourAsThirtyTwo.smax());
    break;
  case CmpMode::Unsigned:
    truncEqual = (thirtyTwo.umin() == sixtyFourAsThirtyTwo.umin() && thirtyTwo.umax() == sixtyFourAsThirtyTwo.umax());
    break;
  }
  // The 64-bit result keeps more information.
  if (truncEqual)
    return sixtyFour;
  return sixtyFour.rangeUnion(thirtyTwoAsSixtyFour);
}

ConstantIntRanges intrange::extRange(const ConstantIntRanges &range, unsigned destWidth) {
  return {range.umin().zext(destWidth), range.umax().zext(destWidth), range.smin().sext(destWidth),
          range.smax().sext(destWidth)};
}

ConstantIntRanges intrange::extUIRange(const ConstantIntRanges &range, unsigned destWidth) {
  return ConstantIntRanges::fromUnsigned(range.umin().zext(destWidth), range.umax().zext(destWidth));
}

ConstantIntRanges intrange::extSIRange(const ConstantIntRanges &range, unsigned destWidth) {
  return ConstantIntRanges::fromSigned(range.smin().sext(destWidth), range.smax().sext(destWidth));
}

ConstantIntRanges intrange::truncRange(const ConstantIntRanges &range, unsigned destWidth) {
  // The unsigned range wraps when the dropped high parts of its bounds differ.
  bool hasUnsignedRollover = range.umin().lshr(destWidth) != range.umax().lshr(destWidth);
  APInt umin = hasUnsignedRollover ? APInt::getZero(destWidth) : range.umin().trunc(destWidth);
  APInt umax = hasUnsignedRollover ? APInt::getMaxValue(destWidth) : range.umax().trunc(destWidth);

  // The signed range survives when the high parts and sign bits agree, or are
  // all ones / all zeros without making a [positive, negative] range.
  APInt sminHighPart = range.smin().ashr(destWidth - 1);
  APInt smaxHighPart = range.smax().ashr(destWidth - 1);
  bool hasSignedOverflow = (sminHighPart != smaxHighPart) &&
                           !(sminHighPart.isAllOnes() && (smaxHighPart.isAllOnes() || smaxHighPart.isZero())) &&
                           !(sminHighPart.isZero() && smaxHighPart.isZero());
  APInt smin = hasSignedOverflow ? APInt::getSignedMinValue(destWidth) : range.smin().trunc(destWidth);
  APInt smax = hasSignedOverflow ? APInt::getSignedMaxValue(destWidth) : range.smax().trunc(destWidth);
  return {umin, umax, smin, smax};
}

//===----------------------------------------------------------------------===//
// Addition, subtraction, multiplication
//===----------------------------------------------------------------------===//

ConstantIntRanges intrange::inferAdd(ArrayRef<ConstantIntRanges> argRanges, OverflowFlags ovfFlags) {
  const ConstantIntRanges &lhs = argRanges[0], &rhs = argRanges[1];
  auto uadd = [=](const APInt &a, const APInt &b) -> std::optional<APInt> {
    bool overflowed = false;
    APInt result = any(ovfFlags & OverflowFlags::Nuw) ? uaddSat(a, b) : a.uaddOv(b, overflowed);
    return overflowed ? std::optional<APInt>() : result;
  };
  auto sadd = [=](const APInt &a, const APInt &b) -> std::optional<APInt> {
    bool overflowed = false;
    APInt result = any(ovfFlags & OverflowFlags::Nsw) ? saddSat(a, b) : a.saddOv(b, overflowed);
    return overflowed ? std::optional<APInt>() : result;
  };
  ConstantIntRanges urange = computeBoundsBy(uadd, lhs.umin(), rhs.umin(), lhs.umax(), rhs.umax(), false);
  ConstantIntRanges srange = computeBoundsBy(sadd, lhs.smin(), rhs.smin(), lhs.smax(), rhs.smax(), true);
  return urange.intersection(srange);
}

ConstantIntRanges intrange::inferSub(ArrayRef<ConstantIntRanges> argRanges, OverflowFlags ovfFlags) {
  const ConstantIntRanges &lhs = argRanges[0], &rhs = argRanges[1];
  auto usub = [=](const APInt &a, const APInt &b) -> std::optional<APInt> {
    bool overflowed = false;
    APInt result = any(ovfFlags & OverflowFlags::Nuw) ? usubSat(a, b) : a.usubOv(b, overflowed);
    return overflowed ? std::optional<APInt>() : result;
  };
  auto ssub = [=](const APInt &a, const APInt &b) -> std::optional<APInt> {
    bool overflowed = false;
    APInt result = any(ovfFlags & OverflowFlags::Nsw) ? ssubSat(a, b) : a.ssubOv(b, overflowed);
    return overflowed ? std::optional<APInt>() : result;
  };
  ConstantIntRanges urange = computeBoundsBy(usub, lhs.umin(), rhs.umax(), lhs.umax(), rhs.umin(), false);
  ConstantIntRanges srange = computeBoundsBy(ssub, lhs.smin(), rhs.smax(), lhs.smax(), rhs.smin(), true);
  return urange.intersection(srange);
}

ConstantIntRanges intrange::inferMul(ArrayRef<ConstantIntRanges> argRanges, OverflowFlags ovfFlags) {
  const ConstantIntRanges &lhs = argRanges[0], &rhs = argRanges[1];
  auto umul = [=](const APInt &a, const APInt &b) -> std::optional<APInt> {
    bool overflowed = false;
    APInt result = any(ovfFlags & OverflowFlags::Nuw) ? umulSat(a, b) : a.umulOv(b, overflowed);
    return overflowed ? std::optional<APInt>() : result;
  };
  auto smul = [=](const APInt &a, const APInt &b) -> std::optional<APInt> {
    bool overflowed = false;
    APInt result = any(ovfFlags & OverflowFlags::Nsw) ? smulSat(a, b) : a.smulOv(b, overflowed);
    return overflowed ? std::optional<APInt>() : result;
  };
  ConstantIntRanges urange = minMaxBy(umul, {lhs.umin(), lhs.umax()}, {rhs.umin(), rhs.umax()}, false);
  ConstantIntRanges srange = minMaxBy(smul, {lhs.smin(), lhs.smax()}, {rhs.smin(), rhs.smax()}, true);
  return urange.intersection(srange);
}

//===----------------------------------------------------------------------===//
// Division
//===----------------------------------------------------------------------===//

/// Adjusts a quotient (for ceiling and floor division); nothing on overflow.
using DivisionFixupFn = function_ref<std::optional<APInt>(const APInt &lhs, const APInt &rhs, const APInt &result)>;

static ConstantIntRanges inferDivURange(const ConstantIntRanges &lhs, const ConstantIntRanges &rhs,
                                        DivisionFixupFn fixup) {
  const APInt &lhsMin = lhs.umin(), &lhsMax = lhs.umax(), &rhsMin = rhs.umin(), &rhsMax = rhs.umax();
  if (!rhsMin.isZero() && !rhsMax.isZero()) {
    auto udiv = [&fixup](const APInt &a, const APInt &b) -> std::optional<APInt> { return fixup(a, b, a.udiv(b)); };
    return minMaxBy(udiv, {lhsMin, lhsMax}, {rhsMin, rhsMax}, false);
  }
  APInt umin = APInt::getZero(rhsMin.getBitWidth());
  if (lhsMin.uge(rhsMax) && !rhsMax.isZero())
    umin = lhsMin.udiv(rhsMax);
  // X u/ Y u<= X.
  const APInt &umax = lhsMax;
  return ConstantIntRanges::fromUnsigned(umin, umax);
}

ConstantIntRanges intrange::inferDivU(ArrayRef<ConstantIntRanges> argRanges) {
  return inferDivURange(argRanges[0], argRanges[1],
                        [](const APInt &, const APInt &, const APInt &result) -> std::optional<APInt> {
                          return result;
                        });
}

ConstantIntRanges intrange::inferCeilDivU(ArrayRef<ConstantIntRanges> argRanges) {
  auto ceilDivUIFix = [](const APInt &lhs, const APInt &rhs, const APInt &result) -> std::optional<APInt> {
    if (!lhs.urem(rhs).isZero()) {
      bool overflowed = false;
      APInt corrected = result.uaddOv(APInt(result.getBitWidth(), 1), overflowed);
      return overflowed ? std::optional<APInt>() : corrected;
    }
    return result;
  };
  return inferDivURange(argRanges[0], argRanges[1], ceilDivUIFix);
}

static ConstantIntRanges inferDivSRange(const ConstantIntRanges &lhs, const ConstantIntRanges &rhs,
                                        DivisionFixupFn fixup) {
  const APInt &lhsMin = lhs.smin(), &lhsMax = lhs.smax(), &rhsMin = rhs.smin(), &rhsMax = rhs.smax();
  bool canDivide = rhsMin.isStrictlyPositive() || rhsMax.isNegative();
  if (canDivide) {
    auto sdiv = [&fixup](const APInt &a, const APInt &b) -> std::optional<APInt> {
      bool overflowed = false;
      APInt result = a.sdivOv(b, overflowed);
      return overflowed ? std::optional<APInt>() : fixup(a, b, result);
    };
    return minMaxBy(sdiv, {lhsMin, lhsMax}, {rhsMin, rhsMax}, true);
  }
  return ConstantIntRanges::maxRange(rhsMin.getBitWidth());
}

ConstantIntRanges intrange::inferDivS(ArrayRef<ConstantIntRanges> argRanges) {
  return inferDivSRange(argRanges[0], argRanges[1],
                        [](const APInt &, const APInt &, const APInt &result) -> std::optional<APInt> {
                          return result;
                        });
}

ConstantIntRanges intrange::inferCeilDivS(ArrayRef<ConstantIntRanges> argRanges) {
  const ConstantIntRanges &lhs = argRanges[0], &rhs = argRanges[1];
  auto ceilDivSIFix = [](const APInt &lhs, const APInt &rhs, const APInt &result) -> std::optional<APInt> {
    if (!lhs.srem(rhs).isZero() && lhs.isNonNegative() == rhs.isNonNegative()) {
      bool overflowed = false;
      APInt corrected = result.saddOv(APInt(result.getBitWidth(), 1), overflowed);
      return overflowed ? std::optional<APInt>() : corrected;
    }
    // INT_MIN / [positive] would come out positive (-INT_MIN is INT_MIN):
    // keep constant folding consistent.
    if (lhs.isSignedMinValue() && rhs.sgt(int64_t(1)))
      return -result;
    return result;
  };
  ConstantIntRanges result = inferDivSRange(lhs, rhs, ceilDivSIFix);
  if (lhs.smin().isSignedMinValue() && lhs.smax().sgt(lhs.smin())) {
    // With INT_MIN in a non-constant range the result may wrap to positive:
    // add the range of [INT_MIN + 1, smax].
    ConstantIntRanges newLhs = ConstantIntRanges::fromSigned(lhs.smin() + 1, lhs.smax());
    result = result.rangeUnion(inferDivSRange(newLhs, rhs, ceilDivSIFix));
  }
  return result;
}

ConstantIntRanges intrange::inferFloorDivS(ArrayRef<ConstantIntRanges> argRanges) {
  auto floorDivSIFix = [](const APInt &lhs, const APInt &rhs, const APInt &result) -> std::optional<APInt> {
    if (!lhs.srem(rhs).isZero() && lhs.isNonNegative() != rhs.isNonNegative()) {
      bool overflowed = false;
      APInt corrected = result.ssubOv(APInt(result.getBitWidth(), 1), overflowed);
      return overflowed ? std::optional<APInt>() : corrected;
    }
    return result;
  };
  return inferDivSRange(argRanges[0], argRanges[1], floorDivSIFix);
}

//===----------------------------------------------------------------------===//
// Remainder
//===----------------------------------------------------------------------===//

ConstantIntRanges intrange::inferRemS(ArrayRef<ConstantIntRanges> argRanges) {
  const ConstantIntRanges &lhs = argRanges[0], &rhs = argRanges[1];
  const APInt &lhsMin = lhs.smin(), &lhsMax = lhs.smax(), &rhsMin = rhs.smin(), &rhsMax = rhs.smax();
  unsigned width = rhsMax.getBitWidth();
  APInt smin = APInt::getSignedMinValue(width);
  APInt smax = APInt::getSignedMaxValue(width);
  // No bounds if zero may be a divisor.
  bool canBound = (rhsMin.isStrictlyPositive() || rhsMax.isNegative());
  if (canBound) {
    APInt maxDivisor = rhsMin.isStrictlyPositive() ? rhsMax : rhsMin.abs();
    bool canNegativeDividend = lhsMin.isNegative();
    bool canPositiveDividend = lhsMax.isStrictlyPositive();
    APInt zero = APInt::getZero(maxDivisor.getBitWidth());
    APInt maxPositiveResult = maxDivisor - 1;
    APInt minNegativeResult = -maxPositiveResult;
    smin = canNegativeDividend ? minNegativeResult : zero;
    smax = canPositiveDividend ? maxPositiveResult : zero;
    // A contiguous range of dividends over a constant modulus.
    if (rhsMin == rhsMax) {
      if ((lhsMax - lhsMin).ult(maxDivisor)) {
        APInt minRem = lhsMin.srem(maxDivisor);
        APInt maxRem = lhsMax.srem(maxDivisor);
        if (minRem.sle(maxRem)) {
          smin = minRem;
          smax = maxRem;
        }
      }
    }
  }
  return ConstantIntRanges::fromSigned(smin, smax);
}

ConstantIntRanges intrange::inferRemU(ArrayRef<ConstantIntRanges> argRanges) {
  const ConstantIntRanges &lhs = argRanges[0], &rhs = argRanges[1];
  const APInt &rhsMin = rhs.umin(), &rhsMax = rhs.umax();
  unsigned width = rhsMin.getBitWidth();
  APInt umin = APInt::getZero(width);
  // The remainder is below the divisor and at most the dividend.
  APInt rhsMaxMinusOne = rhsMax - 1;
  APInt umax = rhsMaxMinusOne.ult(lhs.umax()) ? rhsMaxMinusOne : lhs.umax();
  if (!rhsMin.isZero()) {
    // A contiguous range of dividends over a constant modulus.
    if (rhsMin == rhsMax) {
      const APInt &lhsMin = lhs.umin(), &lhsMax = lhs.umax();
      if ((lhsMax - lhsMin).ult(rhsMax)) {
        APInt minRem = lhsMin.urem(rhsMax);
        APInt maxRem = lhsMax.urem(rhsMax);
        if (minRem.ule(maxRem)) {
          umin = minRem;
          umax = maxRem;
        }
      }
    }
  }
  return ConstantIntRanges::fromUnsigned(umin, umax);
}

//===----------------------------------------------------------------------===//
// Max and min
//===----------------------------------------------------------------------===//

ConstantIntRanges intrange::inferMaxS(ArrayRef<ConstantIntRanges> argRanges) {
  const ConstantIntRanges &lhs = argRanges[0], &rhs = argRanges[1];
  const APInt &smin = lhs.smin().sgt(rhs.smin()) ? lhs.smin() : rhs.smin();
  const APInt &smax = lhs.smax().sgt(rhs.smax()) ? lhs.smax() : rhs.smax();
  return ConstantIntRanges::fromSigned(smin, smax);
}

ConstantIntRanges intrange::inferMaxU(ArrayRef<ConstantIntRanges> argRanges) {
  const ConstantIntRanges &lhs = argRanges[0], &rhs = argRanges[1];
  const APInt &umin = lhs.umin().ugt(rhs.umin()) ? lhs.umin() : rhs.umin();
  const APInt &umax = lhs.umax().ugt(rhs.umax()) ? lhs.umax() : rhs.umax();
  return ConstantIntRanges::fromUnsigned(umin, umax);
}

ConstantIntRanges intrange::inferMinS(ArrayRef<ConstantIntRanges> argRanges) {
  const ConstantIntRanges &lhs = argRanges[0], &rhs = argRanges[1];
  const APInt &smin = lhs.smin().slt(rhs.smin()) ? lhs.smin() : rhs.smin();
  const APInt &smax = lhs.smax().slt(rhs.smax()) ? lhs.smax() : rhs.smax();
  return ConstantIntRanges::fromSigned(smin, smax);
}

ConstantIntRanges intrange::inferMinU(ArrayRef<ConstantIntRanges> argRanges) {
  const ConstantIntRanges &lhs = argRanges[0], &rhs = argRanges[1];
  const APInt &umin = lhs.umin().ult(rhs.umin()) ? lhs.umin() : rhs.umin();
  const APInt &umax = lhs.umax().ult(rhs.umax()) ? lhs.umax() : rhs.umax();
  return ConstantIntRanges::fromUnsigned(umin, umax);
}

//===----------------------------------------------------------------------===//
// Bitwise operators
//===----------------------------------------------------------------------===//

/// The number of low bits in which the unsigned bounds differ.
static unsigned differingLowBits(const ConstantIntRanges &bound) {
  return bound.umin().getBitWidth() - (bound.umin() ^ bound.umax()).countLeadingZeros();
}

/// Widens 0bvvvvv??? <= a <= 0bvvvvv??? to 0bvvvvv000 <= a <= 0bvvvvv111.
static std::pair<APInt, APInt> widenBitwiseBounds(const ConstantIntRanges &bound) {
  unsigned bits = differingLowBits(bound);
  unsigned width = bound.umin().getBitWidth();
  APInt mask = APInt::getLowBitsSet(width, bits);
  return {bound.umin() & ~mask, bound.umax() | mask};
}

ConstantIntRanges intrange::inferAnd(ArrayRef<ConstantIntRanges> argRanges) {
  auto [lhsZeros, lhsOnes] = widenBitwiseBounds(argRanges[0]);
  auto [rhsZeros, rhsOnes] = widenBitwiseBounds(argRanges[1]);
  auto andi = [](const APInt &a, const APInt &b) -> std::optional<APInt> { return a & b; };
  return minMaxBy(andi, {lhsZeros, lhsOnes}, {rhsZeros, rhsOnes}, false);
}

ConstantIntRanges intrange::inferOr(ArrayRef<ConstantIntRanges> argRanges) {
  auto [lhsZeros, lhsOnes] = widenBitwiseBounds(argRanges[0]);
  auto [rhsZeros, rhsOnes] = widenBitwiseBounds(argRanges[1]);
  auto ori = [](const APInt &a, const APInt &b) -> std::optional<APInt> { return a | b; };
  return minMaxBy(ori, {lhsZeros, lhsOnes}, {rhsZeros, rhsOnes}, false);
}

ConstantIntRanges intrange::inferXor(ArrayRef<ConstantIntRanges> argRanges) {
  // The bits that vary in either range may be anything.
  const ConstantIntRanges &lhs = argRanges[0], &rhs = argRanges[1];
  unsigned width = lhs.umin().getBitWidth();
  APInt mask = APInt::getLowBitsSet(width, differingLowBits(lhs)) | APInt::getLowBitsSet(width, differingLowBits(rhs));
  APInt res = lhs.umin() ^ rhs.umin();
  APInt min = res & ~mask;
  APInt max = res | mask;
  return ConstantIntRanges::fromUnsigned(min, max);
}

//===----------------------------------------------------------------------===//
// Shifts
//===----------------------------------------------------------------------===//

ConstantIntRanges intrange::inferShl(ArrayRef<ConstantIntRanges> argRanges, OverflowFlags ovfFlags) {
  const ConstantIntRanges &lhs = argRanges[0], &rhs = argRanges[1];
  const APInt &rhsUMin = rhs.umin(), &rhsUMax = rhs.umax();
  // Overflows as a multiplication by 2^rhs would.
  auto ushl = [=](const APInt &l, const APInt &r) -> std::optional<APInt> {
    bool overflowed = false;
    APInt result = any(ovfFlags & OverflowFlags::Nuw) ? ushlSat(l, r) : ushlOv(l, r, overflowed);
    return overflowed ? std::optional<APInt>() : result;
  };
  auto sshl = [=](const APInt &l, const APInt &r) -> std::optional<APInt> {
    bool overflowed = false;
    APInt result = any(ovfFlags & OverflowFlags::Nsw) ? sshlSat(l, r) : sshlOv(l, r, overflowed);
    return overflowed ? std::optional<APInt>() : result;
  };
  ConstantIntRanges urange = minMaxBy(ushl, {lhs.umin(), lhs.umax()}, {rhsUMin, rhsUMax}, false);
  ConstantIntRanges srange = minMaxBy(sshl, {lhs.smin(), lhs.smax()}, {rhsUMin, rhsUMax}, true);
  return urange.intersection(srange);
}

ConstantIntRanges intrange::inferShrS(ArrayRef<ConstantIntRanges> argRanges) {
  const ConstantIntRanges &lhs = argRanges[0], &rhs = argRanges[1];
  auto ashr = [](const APInt &l, const APInt &r) -> std::optional<APInt> {
    if (r.uge(uint64_t(r.getBitWidth())))
      return std::nullopt;
    return l.ashr(unsigned(r.getZExtValue()));
  };
  return minMaxBy(ashr, {lhs.smin(), lhs.smax()}, {rhs.umin(), rhs.umax()}, true);
}

ConstantIntRanges intrange::inferShrU(ArrayRef<ConstantIntRanges> argRanges) {
  const ConstantIntRanges &lhs = argRanges[0], &rhs = argRanges[1];
  auto lshr = [](const APInt &l, const APInt &r) -> std::optional<APInt> {
    if (r.uge(uint64_t(r.getBitWidth())))
      return std::nullopt;
    return l.lshr(unsigned(r.getZExtValue()));
  };
  return minMaxBy(lshr, {lhs.umin(), lhs.umax()}, {rhs.umin(), rhs.umax()}, false);
}

//===----------------------------------------------------------------------===//
// Comparisons
//===----------------------------------------------------------------------===//

static CmpPredicate invertPredicate(CmpPredicate pred) {
  switch (pred) {
  case CmpPredicate::eq:
    return CmpPredicate::ne;
  case CmpPredicate::ne:
    return CmpPredicate::eq;
  case CmpPredicate::slt:
    return CmpPredicate::sge;
  case CmpPredicate::sle:
    return CmpPredicate::sgt;
  case CmpPredicate::sgt:
    return CmpPredicate::sle;
  case CmpPredicate::sge:
    return CmpPredicate::slt;
  case CmpPredicate::ult:
    return CmpPredicate::uge;
  case CmpPredicate::ule:
    return CmpPredicate::ugt;
  case CmpPredicate::ugt:
    return CmpPredicate::ule;
  case CmpPredicate::uge:
    return CmpPredicate::ult;
  }
  return pred;
}

static bool isStaticallyTrue(CmpPredicate pred, const ConstantIntRanges &lhs, const ConstantIntRanges &rhs) {
  switch (pred) {
  case CmpPredicate::sle:
    return lhs.smax().sle(rhs.smin());
  case CmpPredicate::slt:
    return lhs.smax().slt(rhs.smin());
  case CmpPredicate::ule:
    return lhs.umax().ule(rhs.umin());
  case CmpPredicate::ult:
    return lhs.umax().ult(rhs.umin());
  case CmpPredicate::sge:
    return lhs.smin().sge(rhs.smax());
  case CmpPredicate::sgt:
    return lhs.smin().sgt(rhs.smax());
  case CmpPredicate::uge:
    return lhs.umin().uge(rhs.umax());
  case CmpPredicate::ugt:
    return lhs.umin().ugt(rhs.umax());
  case CmpPredicate::eq: {
    std::optional<APInt> lhsConst = lhs.getConstantValue();
    std::optional<APInt> rhsConst = rhs.getConstantValue();
    return lhsConst && rhsConst && *lhsConst == *rhsConst;
  }
  case CmpPredicate::ne: {
    // Inequality needs both the signed and unsigned views to be apart.
    bool sne = isStaticallyTrue(CmpPredicate::slt, lhs, rhs) || isStaticallyTrue(CmpPredicate::sgt, lhs, rhs);
    bool une = isStaticallyTrue(CmpPredicate::ult, lhs, rhs) || isStaticallyTrue(CmpPredicate::ugt, lhs, rhs);
    return sne && une;
  }
  }
  return false;
}

std::optional<bool> intrange::evaluatePred(CmpPredicate pred, const ConstantIntRanges &lhs,
                                           const ConstantIntRanges &rhs) {
  if (isStaticallyTrue(pred, lhs, rhs))
    return true;
  if (isStaticallyTrue(invertPredicate(pred), lhs, rhs))
    return false;
  return std::nullopt;
}
