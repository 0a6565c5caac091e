//===- InferIntRangeInterface.h - Integer range inference -----------------===//
//
// MLIR's InferIntRangeInterface: ops that can bound the integer values they
// produce given bounds on their operands. ConstantIntRanges holds the
// unsigned and signed bounds of a value (both always valid, one possibly
// looser); IntegerValueRange adds "not yet known".
//
#pragma once

#include "lamina/IR/Op.h"
#include "lamina/IR/OpInterface.h"
#include "lamina/Support/APInt.h"

#include <optional>

namespace lamina {

class raw_ostream;

/// The unsigned [umin, umax] and signed [smin, smax] bounds of an integer
/// value (index values use 64 bits).
class ConstantIntRanges {
public:
  ConstantIntRanges(const APInt &umin, const APInt &umax, const APInt &smin, const APInt &smax)
      : uminVal(umin), umaxVal(umax), sminVal(smin), smaxVal(smax) {}

  bool operator==(const ConstantIntRanges &other) const;

  const APInt &umin() const { return uminVal; }
  const APInt &umax() const { return umaxVal; }
  const APInt &smin() const { return sminVal; }
  const APInt &smax() const { return smaxVal; }

  /// The bit width of the ranges of values of `type` (integers: their width;
  /// index: 64; shaped types: their elements'; otherwise 0).
  static unsigned getStorageBitwidth(Type type);
  /// Every value of `bitwidth` bits.
  static ConstantIntRanges maxRange(unsigned bitwidth);
  /// Exactly `value`.
  static ConstantIntRanges constant(const APInt &value);
  /// [min, max], signed or unsigned; the other bounds derived.
  static ConstantIntRanges range(const APInt &min, const APInt &max, bool isSigned);
  static ConstantIntRanges fromSigned(const APInt &smin, const APInt &smax);
  static ConstantIntRanges fromUnsigned(const APInt &umin, const APInt &umax);

  /// The smallest ranges containing both.
  ConstantIntRanges rangeUnion(const ConstantIntRanges &other) const;
  /// The ranges of values in both.
  ConstantIntRanges intersection(const ConstantIntRanges &other) const;
  /// The single value of the ranges, if either is a single value.
  std::optional<APInt> getConstantValue() const;

  void print(raw_ostream &os) const;

private:
  APInt uminVal, umaxVal, sminVal, smaxVal;
};

/// The ranges of a value, or uninitialized (nothing known yet).
class IntegerValueRange {
public:
  IntegerValueRange() = default;
  IntegerValueRange(ConstantIntRanges value) : value(std::move(value)) {}

  /// The widest ranges for `value`'s type (uninitialized for a non-integer).
  static IntegerValueRange getMaxRange(Value value);

  bool isUninitialized() const { return !value.has_value(); }
  const ConstantIntRanges &getValue() const { return *value; }

  bool operator==(const IntegerValueRange &rhs) const { return value == rhs.value; }

  /// The union; uninitialized is the identity.
  static IntegerValueRange join(const IntegerValueRange &lhs, const IntegerValueRange &rhs) {
    if (lhs.isUninitialized())
      return rhs;
    if (rhs.isUninitialized())
      return lhs;
    return IntegerValueRange(lhs.getValue().rangeUnion(rhs.getValue()));
  }

  void print(raw_ostream &os) const;

private:
  std::optional<ConstantIntRanges> value;
};

/// Called by an op with the ranges it inferred for one of its results (or
/// block arguments).
using SetIntRangeFn = function_ref<void(Value, const ConstantIntRanges &)>;
using SetIntLatticeFn = function_ref<void(Value, const IntegerValueRange &)>;

namespace intrange::detail {
/// inferResultRangesFromOptional in terms of inferResultRanges: nothing is
/// inferred until every operand range is known.
void defaultInferResultRangesFromOptional(Operation *op, ArrayRef<IntegerValueRange> argRanges,
                                          SetIntLatticeFn setResultRanges);
} // namespace intrange::detail

struct InferIntRangeInterfaceConcept {
  /// Infers result ranges from known operand ranges.
  void (*inferResultRanges)(Operation *op, ArrayRef<ConstantIntRanges> argRanges,
                            SetIntRangeFn setResultRanges) = nullptr;
  /// Infers result ranges from possibly unknown operand ranges (default:
  /// inferResultRanges once every operand is known).
  void (*inferResultRangesFromOptional)(Operation *op, ArrayRef<IntegerValueRange> argRanges,
                                        SetIntLatticeFn setResultRanges) =
      intrange::detail::defaultInferResultRangesFromOptional;
};

/// An op that bounds its integer results (and possibly block arguments of
/// its regions) from bounds on its operands.
class InferIntRangeInterface : public OpInterface<InferIntRangeInterface, InferIntRangeInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "InferIntRangeInterface"; }

  void inferResultRanges(ArrayRef<ConstantIntRanges> argRanges, SetIntRangeFn setResultRanges) const {
    getImpl()->inferResultRanges(getOperation(), argRanges, setResultRanges);
  }
  void inferResultRangesFromOptional(ArrayRef<IntegerValueRange> argRanges, SetIntLatticeFn setResultRanges) const {
    getImpl()->inferResultRangesFromOptional(getOperation(), argRanges, setResultRanges);
  }
};

raw_ostream &operator<<(raw_ostream &os, const ConstantIntRanges &range);

} // namespace lamina
