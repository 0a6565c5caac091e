//===- ArithFolders.cpp - Folders of the arith ops and constant materialization ===//
//
// The `fold` hooks of mlir/Dialect/Arith/IR/ArithOps.cpp (LLVM 22), attached
// to the op definitions after registration: identities first, then
// constant folding with exact APInt/APFloat semantics on scalars, splats
// and dense elements (CommonFolders' rules: operands of one type; no fold
// on division by zero, signed overflow where MLIR refuses, out-of-range
// shifts, lossy float conversions).
//
#include "ArithFoldUtils.h"

#include "lamina/IR/Matchers.h"
#include "lamina/ODS/OpDef.h"

using namespace lamina;
using namespace lamina::arith;
using namespace lamina::arith::detail;

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

Type arith::detail::elementTypeOrSelf(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.getElementType();
  return type;
}

bool arith::detail::getIntOrSplat(Attribute attr, APInt &value) {
  if (!attr)
    return false;
  if (auto i = dyn_cast<IntegerAttr>(attr)) {
    value = i.getValue();
    return true;
  }
  if (auto dense = dyn_cast<DenseIntElementsAttr>(attr); dense && dense.isSplat()) {
    value = DenseElementsAttr(dense).getIntValue(0);
    return true;
  }
  return false;
}

bool arith::detail::getFloatOrSplat(Attribute attr, APFloat &value) {
  if (!attr)
    return false;
  if (auto f = dyn_cast<FloatAttr>(attr)) {
    value = f.getValue();
    return true;
  }
  if (auto dense = dyn_cast<DenseFPElementsAttr>(attr); dense && dense.isSplat()) {
    value = DenseElementsAttr(dense).getFloatValue(0);
    return true;
  }
  return false;
}

static bool isZeroAttr(Attribute attr) {
  APInt v;
  return getIntOrSplat(attr, v) && v.isZero();
}
static bool isOneAttr(Attribute attr) {
  APInt v;
  return getIntOrSplat(attr, v) && v.isOne();
}

Attribute arith::detail::getBoolAttribute(Type type, bool value) {
  MLIRContext *ctx = type.getContext();
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped)
    return BoolAttr::get(ctx, value);
  bool values[] = {value};
  return DenseElementsAttr::get(shaped, ArrayRef<bool>(values, 1));
}

Type arith::detail::getI1SameShape(Type type) {
  Type i1 = IntegerType::get(type.getContext(), 1);
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.clone(i1);
  return i1;
}

static TypedAttr getZeroAttr(Type type) { return Builder(type.getContext()).getZeroAttr(type); }

Attribute arith::detail::makeIntResult(Type resultType, ArrayRef<APInt> values, bool splat) {
  if (!splat)
    return DenseElementsAttr::get(cast<ShapedType>(resultType), values);
  if (auto shaped = dyn_cast<ShapedType>(resultType))
    return DenseElementsAttr::get(shaped, values.slice(0, 1));
  return IntegerAttr::get(resultType, values[0]);
}

Attribute arith::detail::makeFloatResult(Type resultType, ArrayRef<APFloat> values, bool splat) {
  if (!splat)
    return DenseElementsAttr::get(cast<ShapedType>(resultType), values);
  if (auto shaped = dyn_cast<ShapedType>(resultType))
    return DenseElementsAttr::get(shaped, values.slice(0, 1));
  return FloatAttr::get(resultType, values[0]);
}

/// The values of an elements attribute of ints, if it is dense.
bool arith::detail::getIntElements(Attribute attr, std::vector<APInt> &values) {
  auto dense = dyn_cast<DenseIntElementsAttr>(attr);
  if (!dense)
    return false;
  values = DenseElementsAttr(dense).getIntValues();
  return true;
}

bool arith::detail::getFloatElements(Attribute attr, std::vector<APFloat> &values) {
  auto dense = dyn_cast<DenseFPElementsAttr>(attr);
  if (!dense)
    return false;
  values = DenseElementsAttr(dense).getFloatValues();
  return true;
}

Type arith::detail::commonAttrType(ArrayRef<Attribute> operands) {
  auto lhs = dyn_cast_or_null<TypedAttr>(operands[0]);
  auto rhs = dyn_cast_or_null<TypedAttr>(operands[1]);
  if (!lhs || !rhs || lhs.getType() != rhs.getType())
    return Type();
  return lhs.getType();
}

//===----------------------------------------------------------------------===//
// Float helpers (llvm::maximum & co)
//===----------------------------------------------------------------------===//

static APFloat floatAdd(const APFloat &a, const APFloat &b) {
  APFloat r(a);
  (void)r.add(b, lamina::RoundingMode::NearestTiesToEven);
  return r;
}
static APFloat floatSub(const APFloat &a, const APFloat &b) {
  APFloat r(a);
  (void)r.subtract(b, lamina::RoundingMode::NearestTiesToEven);
  return r;
}
static APFloat floatMul(const APFloat &a, const APFloat &b) {
  APFloat r(a);
  (void)r.multiply(b, lamina::RoundingMode::NearestTiesToEven);
  return r;
}
static APFloat floatDiv(const APFloat &a, const APFloat &b) {
  APFloat r(a);
  (void)r.divide(b, lamina::RoundingMode::NearestTiesToEven);
  return r;
}
static bool floatLess(const APFloat &a, const APFloat &b) { return a.compare(b) == CmpResult::LessThan; }

static APFloat floatMaximum(const APFloat &a, const APFloat &b) {
  if (a.isNaN())
    return a;
  if (b.isNaN())
    return b;
  if (a.isZero() && b.isZero() && a.isNegative() != b.isNegative())
    return a.isNegative() ? b : a;
  return floatLess(a, b) ? b : a;
}
static APFloat floatMinimum(const APFloat &a, const APFloat &b) {
  if (a.isNaN())
    return a;
  if (b.isNaN())
    return b;
  if (a.isZero() && b.isZero() && a.isNegative() != b.isNegative())
    return a.isNegative() ? a : b;
  return floatLess(b, a) ? b : a;
}
static APFloat floatMaxnum(const APFloat &a, const APFloat &b) {
  if (a.isNaN())
    return b;
  if (b.isNaN())
    return a;
  if (a.isZero() && b.isZero() && a.isNegative() != b.isNegative())
    return a.isNegative() ? b : a;
  return floatLess(a, b) ? b : a;
}
static APFloat floatMinnum(const APFloat &a, const APFloat &b) {
  if (a.isNaN())
    return b;
  if (b.isNaN())
    return a;
  if (a.isZero() && b.isZero() && a.isNegative() != b.isNegative())
    return a.isNegative() ? a : b;
  return floatLess(b, a) ? b : a;
}

/// APFloat::convertToInteger with round-toward-zero: false when the value
/// is NaN, infinite or out of range (opInvalidOp).
bool arith::detail::floatToInteger(const APFloat &value, unsigned width, bool isSigned, APInt &result) {
  if (value.isNaN() || value.isInfinity())
    return false;
  APFloat x(value);
  (void)x.roundToIntegral(lamina::RoundingMode::TowardZero);
  result = APInt::getZero(width);
  if (x.isZero())
    return true;
  bool negative = x.isNegative();
  if (negative && !isSigned)
    return false;
  if (negative)
    x.changeSign();
  int exp = APFloat::ilogb(x);
  if (exp < 0)
    return true;
  // Magnitude bits available: width for unsigned, width - 1 for signed (the
  // magnitude 2^(width-1) is allowed when negative).
  unsigned limit = isSigned ? width - 1 : width;
  if (unsigned(exp) > limit || (unsigned(exp) == limit && !(isSigned && negative)))
    return false;
  APInt magnitude = APInt::getZero(width + 1);
  const FltSemantics &sem = x.getSemantics();
  APFloat one = APFloat::getZero(sem);
  (void)one.convertFromAPInt(APInt(2, 1), false, lamina::RoundingMode::NearestTiesToEven);
  for (int bit = exp; bit >= 0; --bit) {
    APFloat power = APFloat::scalbn(one, bit, lamina::RoundingMode::NearestTiesToEven);
    if (x.compare(power) != CmpResult::LessThan) {
      (void)x.subtract(power, lamina::RoundingMode::NearestTiesToEven);
      magnitude.setBit(unsigned(bit));
    }
  }
  if (isSigned && negative) {
    // -(2^(width-1)) is the only magnitude of `width` bits allowed.
    if (unsigned(exp) == limit && !(magnitude.countTrailingZeros() == unsigned(exp)))
      return false;
    magnitude = -magnitude;
  }
  result = magnitude.trunc(width);
  return true;
}

//===----------------------------------------------------------------------===//
// Integer arithmetic
//===----------------------------------------------------------------------===//

static Value lhsOf(Operation *op) { return op->getOperand(0); }
static Value rhsOf(Operation *op) { return op->getOperand(1); }
static bool isOp(Value v, std::string_view name) {
  Operation *def = v.getDefiningOp();
  return def && def->getName().getStringRef() == name;
}

static OpFoldResult foldConstant(Operation *op, ArrayRef<Attribute>) { return op->getAttr("value"); }

static OpFoldResult foldAddI(Operation *op, ArrayRef<Attribute> operands) {
  if (isZeroAttr(operands[1]))
    return lhsOf(op);
  // addi(subi(a, b), b) -> a
  if (isOp(lhsOf(op), "arith.subi") && rhsOf(op) == lhsOf(op).getDefiningOp()->getOperand(1))
    return lhsOf(op).getDefiningOp()->getOperand(0);
  // addi(b, subi(a, b)) -> a
  if (isOp(rhsOf(op), "arith.subi") && lhsOf(op) == rhsOf(op).getDefiningOp()->getOperand(1))
    return rhsOf(op).getDefiningOp()->getOperand(0);
  return constFoldBinaryInt(operands, [](const APInt &a, const APInt &b) -> std::optional<APInt> { return a + b; });
}

static LogicalResult foldAddUIExtended(Operation *op, ArrayRef<Attribute> operands,
                                       SmallVectorImpl<OpFoldResult> &results) {
  Type overflowTy = op->getResult(1).getType();
  if (matchZero(rhsOf(op))) {
    results.push_back(lhsOf(op));
    results.push_back(getZeroAttr(overflowTy));
    return success();
  }
  Attribute sum =
      constFoldBinaryInt(operands, [](const APInt &a, const APInt &b) -> std::optional<APInt> { return a + b; });
  if (!sum)
    return failure();
  Attribute pair[] = {sum, operands[0]};
  Attribute overflow = constFoldBinaryInt(ArrayRef<Attribute>(pair, 2), getI1SameShape(cast<TypedAttr>(sum).getType()),
                                          [](const APInt &s, const APInt &a) -> std::optional<APInt> {
                                            return s.ult(a) ? APInt::getAllOnes(1) : APInt::getZero(1);
                                          });
  if (!overflow)
    return failure();
  results.push_back(sum);
  results.push_back(overflow);
  return success();
}

static OpFoldResult foldSubI(Operation *op, ArrayRef<Attribute> operands) {
  Type type = op->getResult(0).getType();
  if (lhsOf(op) == rhsOf(op)) {
    auto shaped = dyn_cast<ShapedType>(type);
    if (!shaped || shaped.hasStaticShape())
      return getZeroAttr(type);
  }
  if (isZeroAttr(operands[1]))
    return lhsOf(op);
  if (isOp(lhsOf(op), "arith.addi")) {
    Operation *add = lhsOf(op).getDefiningOp();
    if (rhsOf(op) == add->getOperand(1))
      return add->getOperand(0);
    if (rhsOf(op) == add->getOperand(0))
      return add->getOperand(1);
  }
  return constFoldBinaryInt(operands, [](const APInt &a, const APInt &b) -> std::optional<APInt> { return a - b; });
}

static OpFoldResult foldMulI(Operation *op, ArrayRef<Attribute> operands) {
  if (isZeroAttr(operands[1]))
    return rhsOf(op);
  if (isOneAttr(operands[1]))
    return lhsOf(op);
  return constFoldBinaryInt(operands, [](const APInt &a, const APInt &b) -> std::optional<APInt> { return a * b; });
}

/// The high half of the 2w-bit product.
static APInt mulHigh(const APInt &a, const APInt &b, bool isSigned) {
  unsigned w = a.getBitWidth();
  APInt wa = isSigned ? a.sext(2 * w) : a.zext(2 * w);
  APInt wb = isSigned ? b.sext(2 * w) : b.zext(2 * w);
  return (wa * wb).lshr(w).trunc(w);
}

static LogicalResult foldMulExtended(Operation *op, ArrayRef<Attribute> operands,
                                     SmallVectorImpl<OpFoldResult> &results, bool isSigned) {
  if (isZeroAttr(operands[1])) {
    results.push_back(operands[1]);
    results.push_back(operands[1]);
    return success();
  }
  if (!isSigned && isOneAttr(operands[1])) {
    results.push_back(lhsOf(op));
    results.push_back(getZeroAttr(lhsOf(op).getType()));
    return success();
  }
  Attribute low =
      constFoldBinaryInt(operands, [](const APInt &a, const APInt &b) -> std::optional<APInt> { return a * b; });
  if (!low)
    return failure();
  Attribute high = constFoldBinaryInt(operands, [isSigned](const APInt &a, const APInt &b) -> std::optional<APInt> {
    return mulHigh(a, b, isSigned);
  });
  results.push_back(low);
  results.push_back(high);
  return success();
}

static LogicalResult foldMulSIExtended(Operation *op, ArrayRef<Attribute> operands,
                                       SmallVectorImpl<OpFoldResult> &results) {
  return foldMulExtended(op, operands, results, true);
}
static LogicalResult foldMulUIExtended(Operation *op, ArrayRef<Attribute> operands,
                                       SmallVectorImpl<OpFoldResult> &results) {
  return foldMulExtended(op, operands, results, false);
}

/// (a * b) / b -> a when the multiplication has the overflow flag `flag`.
static Value foldDivMul(Value lhs, Value rhs, IntegerOverflowFlags flag) {
  Operation *mul = lhs.getDefiningOp();
  if (!mul || mul->getName().getStringRef() != "arith.muli")
    return Value();
  auto flags = dyn_cast_or_null<IntegerOverflowFlagsAttr>(mul->getAttr("overflowFlags"));
  uint32_t have = flags ? uint32_t(flags.getValue()) : 0;
  if ((have & uint32_t(flag)) != uint32_t(flag))
    return Value();
  if (mul->getOperand(0) == rhs)
    return mul->getOperand(1);
  if (mul->getOperand(1) == rhs)
    return mul->getOperand(0);
  return Value();
}

static OpFoldResult foldDivUI(Operation *op, ArrayRef<Attribute> operands) {
  if (isOneAttr(operands[1]))
    return lhsOf(op);
  if (Value v = foldDivMul(lhsOf(op), rhsOf(op), IntegerOverflowFlags::nuw))
    return v;
  return constFoldBinaryInt(operands, [](const APInt &a, const APInt &b) -> std::optional<APInt> {
    if (b.isZero())
      return std::nullopt;
    return a.udiv(b);
  });
}

static OpFoldResult foldDivSI(Operation *op, ArrayRef<Attribute> operands) {
  if (isOneAttr(operands[1]))
    return lhsOf(op);
  if (Value v = foldDivMul(lhsOf(op), rhsOf(op), IntegerOverflowFlags::nsw))
    return v;
  return constFoldBinaryInt(operands, [](const APInt &a, const APInt &b) -> std::optional<APInt> {
    if (b.isZero())
      return std::nullopt;
    bool overflow = false;
    APInt r = a.sdivOv(b, overflow);
    if (overflow)
      return std::nullopt;
    return r;
  });
}

static APInt signedCeilNonnegInputs(const APInt &a, const APInt &b, bool &overflow) {
  APInt one(a.getBitWidth(), 1, true);
  APInt val = a.ssubOv(one, overflow).sdivOv(b, overflow);
  return val.saddOv(one, overflow);
}

static OpFoldResult foldCeilDivUI(Operation *op, ArrayRef<Attribute> operands) {
  if (isOneAttr(operands[1]))
    return lhsOf(op);
  return constFoldBinaryInt(operands, [](const APInt &a, const APInt &b) -> std::optional<APInt> {
    if (b.isZero())
      return std::nullopt;
    APInt quotient = a.udiv(b);
    if (a.urem(b).isZero())
      return quotient;
    bool overflow = false;
    APInt r = quotient.uaddOv(APInt(a.getBitWidth(), 1, true), overflow);
    if (overflow)
      return std::nullopt;
    return r;
  });
}

static OpFoldResult foldCeilDivSI(Operation *op, ArrayRef<Attribute> operands) {
  if (isOneAttr(operands[1]))
    return lhsOf(op);
  return constFoldBinaryInt(operands, [](const APInt &a, const APInt &b) -> std::optional<APInt> {
    if (b.isZero())
      return std::nullopt;
    if (a.isZero())
      return a;
    unsigned bits = a.getBitWidth();
    APInt zero = APInt::getZero(bits);
    bool aGtZero = a.sgt(zero), bGtZero = b.sgt(zero);
    bool overflow = false;
    APInt res;
    if (aGtZero && bGtZero) {
      res = signedCeilNonnegInputs(a, b, overflow);
    } else if (!aGtZero && !bGtZero) {
      bool o1 = false, o2 = false, o3 = false;
      APInt posA = zero.ssubOv(a, o1);
      APInt posB = zero.ssubOv(b, o2);
      res = signedCeilNonnegInputs(posA, posB, o3);
      overflow = o1 || o2 || o3;
    } else if (!aGtZero && bGtZero) {
      bool o1 = false, o2 = false, o3 = false;
      APInt posA = zero.ssubOv(a, o1);
      APInt div = posA.sdivOv(b, o2);
      res = zero.ssubOv(div, o3);
      overflow = o1 || o2 || o3;
    } else {
      bool o1 = false, o2 = false, o3 = false;
      APInt posB = zero.ssubOv(b, o1);
      APInt div = a.sdivOv(posB, o2);
      res = zero.ssubOv(div, o3);
      overflow = o1 || o2 || o3;
    }
    if (overflow)
      return std::nullopt;
    return res;
  });
}

static OpFoldResult foldFloorDivSI(Operation *op, ArrayRef<Attribute> operands) {
  if (isOneAttr(operands[1]))
    return lhsOf(op);
  return constFoldBinaryInt(operands, [](const APInt &a, const APInt &b) -> std::optional<APInt> {
    if (b.isZero())
      return std::nullopt;
    // APInt::sfloordiv_ov: the quotient rounded toward negative infinity.
    bool overflow = false;
    APInt quotient = a.sdivOv(b, overflow);
    if (overflow)
      return std::nullopt;
    if (!a.srem(b).isZero() && (a.isNegative() != b.isNegative()))
      return quotient - APInt(a.getBitWidth(), 1);
    return quotient;
  });
}

static OpFoldResult foldRemUI(Operation *op, ArrayRef<Attribute> operands) {
  if (isOneAttr(operands[1]))
    return getZeroAttr(op->getResult(0).getType());
  return constFoldBinaryInt(operands, [](const APInt &a, const APInt &b) -> std::optional<APInt> {
    if (b.isZero())
      return std::nullopt;
    return a.urem(b);
  });
}

static OpFoldResult foldRemSI(Operation *op, ArrayRef<Attribute> operands) {
  if (isOneAttr(operands[1]))
    return getZeroAttr(op->getResult(0).getType());
  return constFoldBinaryInt(operands, [](const APInt &a, const APInt &b) -> std::optional<APInt> {
    if (b.isZero())
      return std::nullopt;
    return a.srem(b);
  });
}

/// Whether `v` is `xori(x, allOnes)` for the given `x`.
static bool isNotOf(Value v, Value x) {
  Operation *def = v.getDefiningOp();
  if (!def || def->getName().getStringRef() != "arith.xori" || def->getOperand(0) != x)
    return false;
  APInt c;
  return matchConstantInt(def->getOperand(1), &c) && c.isAllOnes();
}

static OpFoldResult foldAndI(Operation *op, ArrayRef<Attribute> operands) {
  if (isZeroAttr(operands[1]))
    return rhsOf(op);
  APInt c;
  if (getIntOrSplat(operands[1], c) && c.isAllOnes())
    return lhsOf(op);
  if (isNotOf(rhsOf(op), lhsOf(op)) || isNotOf(lhsOf(op), rhsOf(op)))
    return getZeroAttr(op->getResult(0).getType());
  // and(a, and(a, b)) -> and(a, b)
  for (bool reversePrev : {false, true}) {
    Value prevValue = reversePrev ? rhsOf(op) : lhsOf(op);
    if (!isOp(prevValue, "arith.andi"))
      continue;
    Operation *prev = prevValue.getDefiningOp();
    Value other = reversePrev ? lhsOf(op) : rhsOf(op);
    if (other != prev->getOperand(0) && other != prev->getOperand(1))
      continue;
    return prevValue;
  }
  return constFoldBinaryInt(operands, [](const APInt &a, const APInt &b) -> std::optional<APInt> { return a & b; });
}

static OpFoldResult foldOrI(Operation *op, ArrayRef<Attribute> operands) {
  APInt c;
  if (getIntOrSplat(operands[1], c)) {
    if (c.isZero())
      return lhsOf(op);
    if (c.isAllOnes())
      return operands[1];
  }
  if (isNotOf(rhsOf(op), lhsOf(op)))
    return rhsOf(op).getDefiningOp()->getOperand(1);
  if (isNotOf(lhsOf(op), rhsOf(op)))
    return lhsOf(op).getDefiningOp()->getOperand(1);
  return constFoldBinaryInt(operands, [](const APInt &a, const APInt &b) -> std::optional<APInt> { return a | b; });
}

static OpFoldResult foldXOrI(Operation *op, ArrayRef<Attribute> operands) {
  if (isZeroAttr(operands[1]))
    return lhsOf(op);
  if (lhsOf(op) == rhsOf(op))
    return getZeroAttr(op->getResult(0).getType());
  if (isOp(lhsOf(op), "arith.xori")) {
    Operation *prev = lhsOf(op).getDefiningOp();
    if (prev->getOperand(1) == rhsOf(op))
      return prev->getOperand(0);
    if (prev->getOperand(0) == rhsOf(op))
      return prev->getOperand(1);
  }
  if (isOp(rhsOf(op), "arith.xori")) {
    Operation *prev = rhsOf(op).getDefiningOp();
    if (prev->getOperand(1) == lhsOf(op))
      return prev->getOperand(0);
    if (prev->getOperand(0) == lhsOf(op))
      return prev->getOperand(1);
  }
  return constFoldBinaryInt(operands, [](const APInt &a, const APInt &b) -> std::optional<APInt> { return a ^ b; });
}

/// shli/shrui/shrsi: no fold when the shift amount is not below the width.
template <int Kind> static OpFoldResult foldShift(Operation *op, ArrayRef<Attribute> operands) {
  if (isZeroAttr(operands[1]))
    return lhsOf(op);
  return constFoldBinaryInt(operands, [](const APInt &a, const APInt &b) -> std::optional<APInt> {
    if (!b.ult(uint64_t(b.getBitWidth())))
      return std::nullopt;
    unsigned amount = unsigned(b.getZExtValue());
    if (Kind == 0)
      return a.shl(amount);
    if (Kind == 1)
      return a.lshr(amount);
    return a.ashr(amount);
  });
}

template <bool Signed, bool Max> static OpFoldResult foldMinMaxI(Operation *op, ArrayRef<Attribute> operands) {
  if (lhsOf(op) == rhsOf(op))
    return rhsOf(op);
  APInt c;
  if (getIntOrSplat(operands[1], c)) {
    bool isMax = Signed ? c.isSignedMaxValue() : c.isMaxValue();
    bool isMin = Signed ? c.isSignedMinValue() : c.isMinValue();
    if (Max ? isMax : isMin)
      return rhsOf(op);
    if (Max ? isMin : isMax)
      return lhsOf(op);
  }
  return constFoldBinaryInt(operands, [](const APInt &a, const APInt &b) -> std::optional<APInt> {
    if (Signed)
      return Max ? APInt::smax(a, b) : APInt::smin(a, b);
    return Max ? APInt::umax(a, b) : APInt::umin(a, b);
  });
}

//===----------------------------------------------------------------------===//
// Float arithmetic
//===----------------------------------------------------------------------===//

static bool floatAttrIs(Attribute attr, bool (*pred)(const APFloat &)) {
  APFloat f(0.0);
  return getFloatOrSplat(attr, f) && pred(f);
}

static OpFoldResult foldNegF(Operation *op, ArrayRef<Attribute> operands) {
  if (isOp(op->getOperand(0), "arith.negf"))
    return op->getOperand(0).getDefiningOp()->getOperand(0);
  return constFoldUnaryFloat(operands, [](const APFloat &a) -> std::optional<APFloat> { return -a; });
}

static OpFoldResult foldAddF(Operation *op, ArrayRef<Attribute> operands) {
  if (floatAttrIs(operands[1], [](const APFloat &f) { return f.isNegZero(); }))
    return lhsOf(op);
  return constFoldBinaryFloat(operands,
                              [](const APFloat &a, const APFloat &b) -> std::optional<APFloat> { return floatAdd(a, b); });
}

static OpFoldResult foldSubF(Operation *op, ArrayRef<Attribute> operands) {
  if (floatAttrIs(operands[1], [](const APFloat &f) { return f.isPosZero(); }))
    return lhsOf(op);
  return constFoldBinaryFloat(operands,
                              [](const APFloat &a, const APFloat &b) -> std::optional<APFloat> { return floatSub(a, b); });
}

static bool isFloatOne(const APFloat &f) {
  APFloat one = APFloat::getZero(f.getSemantics());
  (void)one.convertFromAPInt(APInt(2, 1), false, lamina::RoundingMode::NearestTiesToEven);
  return f.compare(one) == CmpResult::Equal;
}

static OpFoldResult foldMulF(Operation *op, ArrayRef<Attribute> operands) {
  if (floatAttrIs(operands[1], isFloatOne))
    return lhsOf(op);
  return constFoldBinaryFloat(operands,
                              [](const APFloat &a, const APFloat &b) -> std::optional<APFloat> { return floatMul(a, b); });
}

static OpFoldResult foldDivF(Operation *op, ArrayRef<Attribute> operands) {
  if (floatAttrIs(operands[1], isFloatOne))
    return lhsOf(op);
  return constFoldBinaryFloat(operands,
                              [](const APFloat &a, const APFloat &b) -> std::optional<APFloat> { return floatDiv(a, b); });
}

static OpFoldResult foldRemF(Operation *, ArrayRef<Attribute> operands) {
  return constFoldBinaryFloat(operands, [](const APFloat &a, const APFloat &b) -> std::optional<APFloat> {
    APFloat r(a);
    (void)r.mod(b);
    return r;
  });
}

static OpFoldResult foldMaximumF(Operation *op, ArrayRef<Attribute> operands) {
  if (lhsOf(op) == rhsOf(op))
    return rhsOf(op);
  if (floatAttrIs(operands[1], [](const APFloat &f) { return f.isInfinity() && f.isNegative(); }))
    return lhsOf(op);
  return constFoldBinaryFloat(
      operands, [](const APFloat &a, const APFloat &b) -> std::optional<APFloat> { return floatMaximum(a, b); });
}

static OpFoldResult foldMinimumF(Operation *op, ArrayRef<Attribute> operands) {
  if (lhsOf(op) == rhsOf(op))
    return rhsOf(op);
  if (floatAttrIs(operands[1], [](const APFloat &f) { return f.isInfinity() && !f.isNegative(); }))
    return lhsOf(op);
  return constFoldBinaryFloat(
      operands, [](const APFloat &a, const APFloat &b) -> std::optional<APFloat> { return floatMinimum(a, b); });
}

static OpFoldResult foldMaxNumF(Operation *op, ArrayRef<Attribute> operands) {
  if (lhsOf(op) == rhsOf(op))
    return rhsOf(op);
  if (floatAttrIs(operands[1], [](const APFloat &f) { return f.isNaN(); }))
    return lhsOf(op);
  return constFoldBinaryFloat(
      operands, [](const APFloat &a, const APFloat &b) -> std::optional<APFloat> { return floatMaxnum(a, b); });
}

static OpFoldResult foldMinNumF(Operation *op, ArrayRef<Attribute> operands) {
  if (lhsOf(op) == rhsOf(op))
    return rhsOf(op);
  if (floatAttrIs(operands[1], [](const APFloat &f) { return f.isNaN(); }))
    return lhsOf(op);
  return constFoldBinaryFloat(
      operands, [](const APFloat &a, const APFloat &b) -> std::optional<APFloat> { return floatMinnum(a, b); });
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

static unsigned resultIntWidth(Operation *op) {
  Type t = elementTypeOrSelf(op->getResult(0).getType());
  if (auto i = dyn_cast<IntegerType>(t))
    return i.getWidth();
  return 64; // index
}

static OpFoldResult foldExtUI(Operation *op, ArrayRef<Attribute> operands) {
  if (isOp(op->getOperand(0), "arith.extui")) {
    op->setOperand(0, op->getOperand(0).getDefiningOp()->getOperand(0));
    return op->getResult(0);
  }
  unsigned width = resultIntWidth(op);
  return constFoldCastIntToInt(operands[0], op->getResult(0).getType(),
                               [width](const APInt &a) -> std::optional<APInt> { return a.zext(width); });
}

static OpFoldResult foldExtSI(Operation *op, ArrayRef<Attribute> operands) {
  if (isOp(op->getOperand(0), "arith.extsi")) {
    op->setOperand(0, op->getOperand(0).getDefiningOp()->getOperand(0));
    return op->getResult(0);
  }
  unsigned width = resultIntWidth(op);
  return constFoldCastIntToInt(operands[0], op->getResult(0).getType(),
                               [width](const APInt &a) -> std::optional<APInt> { return a.sext(width); });
}

static bool hasContractFlag(Operation *op) {
  auto fmf = dyn_cast_or_null<FastMathFlagsAttr>(op->getAttr("fastmath"));
  return fmf && (uint32_t(fmf.getValue()) & uint32_t(FastMathFlags::contract));
}

/// Converts without information loss, or fails.
static std::optional<APFloat> convertFloatValue(const APFloat &value, const FltSemantics &sem,
                                                lamina::RoundingMode rm = lamina::RoundingMode::NearestTiesToEven) {
  APFloat r(value);
  bool losesInfo = false;
  OpStatus status = r.convert(sem, rm, &losesInfo);
  if (losesInfo || status != opOK)
    return std::nullopt;
  return r;
}

static OpFoldResult foldExtF(Operation *op, ArrayRef<Attribute> operands) {
  if (isOp(op->getOperand(0), "arith.truncf")) {
    Operation *trunc = op->getOperand(0).getDefiningOp();
    if (trunc->getOperand(0).getType() == op->getResult(0).getType() && hasContractFlag(trunc) &&
        hasContractFlag(op))
      return trunc->getOperand(0);
  }
  const FltSemantics &sem = cast<FloatType>(elementTypeOrSelf(op->getResult(0).getType())).getFloatSemantics();
  return constFoldCastFloatToFloat(operands[0], op->getResult(0).getType(),
                                   [&sem](const APFloat &a) { return convertFloatValue(a, sem); });
}

static OpFoldResult foldTruncI(Operation *op, ArrayRef<Attribute> operands) {
  Value in = op->getOperand(0);
  Type dstType = elementTypeOrSelf(op->getResult(0).getType());
  if (isOp(in, "arith.extui") || isOp(in, "arith.extsi")) {
    Value src = in.getDefiningOp()->getOperand(0);
    Type srcType = elementTypeOrSelf(src.getType());
    if (cast<IntegerType>(srcType).getWidth() > cast<IntegerType>(dstType).getWidth()) {
      op->setOperand(0, src);
      return op->getResult(0);
    }
    if (srcType == dstType)
      return src;
  }
  if (isOp(in, "arith.trunci")) {
    op->setOperand(0, in.getDefiningOp()->getOperand(0));
    return op->getResult(0);
  }
  unsigned width = resultIntWidth(op);
  return constFoldCastIntToInt(operands[0], op->getResult(0).getType(),
                               [width](const APInt &a) -> std::optional<APInt> { return a.trunc(width); });
}

static lamina::RoundingMode toRoundingMode(Operation *op) {
  auto attr = dyn_cast_or_null<IntegerAttr>(op->getAttr("roundingmode"));
  switch (attr ? arith::RoundingMode(attr.getInt()) : arith::RoundingMode::to_nearest_even) {
  case arith::RoundingMode::downward:
    return lamina::RoundingMode::TowardNegative;
  case arith::RoundingMode::to_nearest_away:
    return lamina::RoundingMode::NearestTiesToAway;
  case arith::RoundingMode::toward_zero:
    return lamina::RoundingMode::TowardZero;
  case arith::RoundingMode::upward:
    return lamina::RoundingMode::TowardPositive;
  case arith::RoundingMode::to_nearest_even:
    break;
  }
  return lamina::RoundingMode::NearestTiesToEven;
}

static OpFoldResult foldTruncF(Operation *op, ArrayRef<Attribute> operands) {
  auto resElemType = cast<FloatType>(elementTypeOrSelf(op->getResult(0).getType()));
  if (isOp(op->getOperand(0), "arith.extf")) {
    Operation *ext = op->getOperand(0).getDefiningOp();
    Value src = ext->getOperand(0);
    auto srcType = cast<FloatType>(elementTypeOrSelf(src.getType()));
    auto midType = cast<FloatType>(elementTypeOrSelf(ext->getResult(0).getType()));
    if (APFloat::isRepresentableBy(srcType.getFloatSemantics(), midType.getFloatSemantics())) {
      if (srcType.getWidth() > resElemType.getWidth()) {
        op->setOperand(0, src);
        return op->getResult(0);
      }
      if (srcType == Type(resElemType))
        return src;
    }
  }
  const FltSemantics &sem = resElemType.getFloatSemantics();
  lamina::RoundingMode rm = toRoundingMode(op);
  return constFoldCastFloatToFloat(operands[0], op->getResult(0).getType(),
                                   [&sem, rm](const APFloat &a) { return convertFloatValue(a, sem, rm); });
}

template <bool Signed> static OpFoldResult foldIntToFP(Operation *op, ArrayRef<Attribute> operands) {
  const FltSemantics &sem = cast<FloatType>(elementTypeOrSelf(op->getResult(0).getType())).getFloatSemantics();
  return constFoldCastIntToFloat(operands[0], op->getResult(0).getType(), [&sem](const APInt &a) {
    APFloat f = APFloat::getZero(sem);
    (void)f.convertFromAPInt(a, Signed, lamina::RoundingMode::NearestTiesToEven);
    return std::optional<APFloat>(f);
  });
}

template <bool Signed> static OpFoldResult foldFPToInt(Operation *op, ArrayRef<Attribute> operands) {
  unsigned width = resultIntWidth(op);
  return constFoldCastFloatToInt(operands[0], op->getResult(0).getType(),
                                 [width](const APFloat &a) -> std::optional<APInt> {
                                   APInt r;
                                   if (!floatToInteger(a, width, Signed, r))
                                     return std::nullopt;
                                   return r;
                                 });
}

template <bool Signed> static OpFoldResult foldIndexCast(Operation *op, ArrayRef<Attribute> operands) {
  unsigned width = resultIntWidth(op);
  return constFoldCastIntToInt(operands[0], op->getResult(0).getType(), [width](const APInt &a) -> std::optional<APInt> {
    return Signed ? a.sextOrTrunc(width) : a.zextOrTrunc(width);
  });
}

static OpFoldResult foldBitcast(Operation *op, ArrayRef<Attribute> operands) {
  Attribute operand = operands[0];
  if (!operand)
    return {};
  Type resType = op->getResult(0).getType();
  if (auto dense = dyn_cast<DenseIntOrFPElementsAttr>(operand)) {
    // Same bits, new element type.
    auto shaped = cast<ShapedType>(resType);
    return DenseElementsAttr::getFromRawBuffer(shaped, dense.getRawData());
  }
  if (isa<ShapedType>(resType))
    return {};
  APInt bits;
  if (auto f = dyn_cast<FloatAttr>(operand))
    bits = f.getValue().bitcastToAPInt();
  else if (auto i = dyn_cast<IntegerAttr>(operand))
    bits = i.getValue();
  else
    return {};
  if (auto floatType = dyn_cast<FloatType>(resType))
    return FloatAttr::get(resType, APFloat::fromBits(floatType.getFloatSemantics(), bits));
  return IntegerAttr::get(resType, bits);
}

//===----------------------------------------------------------------------===//
// Comparisons and select
//===----------------------------------------------------------------------===//

bool arith::detail::applyCmpPredicate(CmpIPredicate predicate, const APInt &lhs, const APInt &rhs) {
  switch (predicate) {
  case CmpIPredicate::eq:
    return lhs.eq(rhs);
  case CmpIPredicate::ne:
    return lhs.ne(rhs);
  case CmpIPredicate::slt:
    return lhs.slt(rhs);
  case CmpIPredicate::sle:
    return lhs.sle(rhs);
  case CmpIPredicate::sgt:
    return lhs.sgt(rhs);
  case CmpIPredicate::sge:
    return lhs.sge(rhs);
  case CmpIPredicate::ult:
    return lhs.ult(rhs);
  case CmpIPredicate::ule:
    return lhs.ule(rhs);
  case CmpIPredicate::ugt:
    return lhs.ugt(rhs);
  case CmpIPredicate::uge:
    return lhs.uge(rhs);
  }
  return false;
}

static bool cmpTrueForEqualOperands(CmpIPredicate p) {
  return p == CmpIPredicate::eq || p == CmpIPredicate::sle || p == CmpIPredicate::sge || p == CmpIPredicate::ule ||
         p == CmpIPredicate::uge;
}

static CmpIPredicate getCmpIPredicate(Operation *op) {
  return CmpIPredicate(cast<IntegerAttr>(op->getAttr("predicate")).getInt());
}

static bool isI1Like(Type t) { return elementTypeOrSelf(t).isInteger(1); }

static std::optional<unsigned> integerWidthOf(Type t) {
  if (auto i = dyn_cast<IntegerType>(t))
    return i.getWidth();
  if (auto v = dyn_cast<VectorType>(t))
    if (auto i = dyn_cast<IntegerType>(v.getElementType()))
      return i.getWidth();
  return std::nullopt;
}

static OpFoldResult foldCmpI(Operation *op, ArrayRef<Attribute> operands) {
  CmpIPredicate pred = getCmpIPredicate(op);
  Type type = op->getResult(0).getType();
  if (lhsOf(op) == rhsOf(op))
    return getBoolAttribute(type, cmpTrueForEqualOperands(pred));
  if (isZeroAttr(operands[1])) {
    for (std::string_view ext : {"arith.extsi", "arith.extui"}) {
      if (!isOp(lhsOf(op), ext))
        continue;
      Value in = lhsOf(op).getDefiningOp()->getOperand(0);
      std::optional<unsigned> width = integerWidthOf(in.getType());
      if (width && *width == 1 && pred == CmpIPredicate::ne)
        return in;
    }
    if (isI1Like(lhsOf(op).getType()) && pred == CmpIPredicate::ne)
      return lhsOf(op);
  }
  if (isOneAttr(operands[1]) && isI1Like(lhsOf(op).getType()) && pred == CmpIPredicate::eq)
    return lhsOf(op);
  // Constant to the right side.
  if (operands[0] && !operands[1]) {
    CmpIPredicate swapped = pred;
    switch (pred) {
    case CmpIPredicate::slt: swapped = CmpIPredicate::sgt; break;
    case CmpIPredicate::sgt: swapped = CmpIPredicate::slt; break;
    case CmpIPredicate::sle: swapped = CmpIPredicate::sge; break;
    case CmpIPredicate::sge: swapped = CmpIPredicate::sle; break;
    case CmpIPredicate::ult: swapped = CmpIPredicate::ugt; break;
    case CmpIPredicate::ugt: swapped = CmpIPredicate::ult; break;
    case CmpIPredicate::ule: swapped = CmpIPredicate::uge; break;
    case CmpIPredicate::uge: swapped = CmpIPredicate::ule; break;
    case CmpIPredicate::eq:
    case CmpIPredicate::ne: break;
    }
    Attribute predAttr = op->getAttr("predicate");
    op->setAttr("predicate", IntegerAttr::get(cast<TypedAttr>(predAttr).getType(), int64_t(swapped)));
    Value lhs = lhsOf(op), rhs = rhsOf(op);
    op->setOperand(0, rhs);
    op->setOperand(1, lhs);
    return op->getResult(0);
  }
  if (auto lhs = dyn_cast_or_null<TypedAttr>(operands[0])) {
    return constFoldBinaryInt(operands, getI1SameShape(lhs.getType()),
                              [pred](const APInt &a, const APInt &b) -> std::optional<APInt> {
                                return APInt(1, applyCmpPredicate(pred, a, b) ? 1 : 0);
                              });
  }
  return {};
}

bool arith::detail::applyCmpPredicate(CmpFPredicate predicate, const APFloat &lhs, const APFloat &rhs) {
  CmpResult r = lhs.compare(rhs);
  bool unordered = r == CmpResult::Unordered, eq = r == CmpResult::Equal, gt = r == CmpResult::GreaterThan,
       lt = r == CmpResult::LessThan;
  switch (predicate) {
  case CmpFPredicate::AlwaysFalse: return false;
  case CmpFPredicate::OEQ: return eq;
  case CmpFPredicate::OGT: return gt;
  case CmpFPredicate::OGE: return gt || eq;
  case CmpFPredicate::OLT: return lt;
  case CmpFPredicate::OLE: return lt || eq;
  case CmpFPredicate::ONE: return !unordered && !eq;
  case CmpFPredicate::ORD: return !unordered;
  case CmpFPredicate::UEQ: return unordered || eq;
  case CmpFPredicate::UGT: return unordered || gt;
  case CmpFPredicate::UGE: return unordered || gt || eq;
  case CmpFPredicate::ULT: return unordered || lt;
  case CmpFPredicate::ULE: return unordered || lt || eq;
  case CmpFPredicate::UNE: return !eq;
  case CmpFPredicate::UNO: return unordered;
  case CmpFPredicate::AlwaysTrue: return true;
  }
  return false;
}

static OpFoldResult foldCmpF(Operation *op, ArrayRef<Attribute> operands) {
  auto lhs = dyn_cast_or_null<FloatAttr>(operands[0]);
  auto rhs = dyn_cast_or_null<FloatAttr>(operands[1]);
  if (lhs && lhs.getValue().isNaN())
    rhs = lhs;
  if (rhs && rhs.getValue().isNaN())
    lhs = rhs;
  if (!lhs || !rhs)
    return {};
  auto pred = CmpFPredicate(cast<IntegerAttr>(op->getAttr("predicate")).getInt());
  return BoolAttr::get(op->getContext(), applyCmpPredicate(pred, lhs.getValue(), rhs.getValue()));
}

static OpFoldResult foldSelect(Operation *op, ArrayRef<Attribute> operands) {
  Value condition = op->getOperand(0), trueVal = op->getOperand(1), falseVal = op->getOperand(2);
  if (trueVal == falseVal)
    return trueVal;
  if (isOneAttr(operands[0]))
    return trueVal;
  if (isZeroAttr(operands[0]))
    return falseVal;
  // A fully poisoned operand: the other one.
  if (isa_and_nonnull<ub::PoisonAttr>(operands[1]))
    return falseVal;
  if (isa_and_nonnull<ub::PoisonAttr>(operands[2]))
    return trueVal;
  if (op->getResult(0).getType().isSignlessInteger(1) && isOneAttr(operands[1]) && isZeroAttr(operands[2]))
    return condition;
  if (isOp(condition, "arith.cmpi")) {
    Operation *cmp = condition.getDefiningOp();
    CmpIPredicate pred = getCmpIPredicate(cmp);
    if (pred == CmpIPredicate::eq || pred == CmpIPredicate::ne) {
      Value cmpLhs = cmp->getOperand(0), cmpRhs = cmp->getOperand(1);
      if ((cmpLhs == trueVal && cmpRhs == falseVal) || (cmpRhs == trueVal && cmpLhs == falseVal))
        return pred == CmpIPredicate::ne ? trueVal : falseVal;
    }
  }
  // Element-wise select of constants over a constant mask.
  auto cond = dyn_cast_or_null<DenseElementsAttr>(operands[0]);
  auto lhs = dyn_cast_or_null<DenseElementsAttr>(operands[1]);
  auto rhs = dyn_cast_or_null<DenseElementsAttr>(operands[2]);
  if (cond && lhs && rhs) {
    std::vector<Attribute> results;
    int64_t n = cond.getNumElements();
    for (int64_t i = 0; i < n; ++i) {
      bool c = !cond.getIntValue(cond.isSplat() ? 0 : i).isZero();
      DenseElementsAttr src = c ? lhs : rhs;
      results.push_back(src.getValue(src.isSplat() ? 0 : i));
    }
    return DenseElementsAttr::get(lhs.getType(), ArrayRef<Attribute>(results));
  }
  return {};
}

//===----------------------------------------------------------------------===//
// Registration and materialization
//===----------------------------------------------------------------------===//

void arith::registerArithFolders(ArithDialect &dialect) {
  using ods::attachFolder;
  attachFolder(dialect, "arith.constant", foldConstant);
  attachFolder(dialect, "arith.addi", foldAddI);
  attachFolder(dialect, "arith.addui_extended", foldAddUIExtended);
  attachFolder(dialect, "arith.subi", foldSubI);
  attachFolder(dialect, "arith.muli", foldMulI);
  attachFolder(dialect, "arith.mulsi_extended", foldMulSIExtended);
  attachFolder(dialect, "arith.mului_extended", foldMulUIExtended);
  attachFolder(dialect, "arith.divui", foldDivUI);
  attachFolder(dialect, "arith.divsi", foldDivSI);
  attachFolder(dialect, "arith.ceildivui", foldCeilDivUI);
  attachFolder(dialect, "arith.ceildivsi", foldCeilDivSI);
  attachFolder(dialect, "arith.floordivsi", foldFloorDivSI);
  attachFolder(dialect, "arith.remui", foldRemUI);
  attachFolder(dialect, "arith.remsi", foldRemSI);
  attachFolder(dialect, "arith.andi", foldAndI);
  attachFolder(dialect, "arith.ori", foldOrI);
  attachFolder(dialect, "arith.xori", foldXOrI);
  attachFolder(dialect, "arith.shli", foldShift<0>);
  attachFolder(dialect, "arith.shrui", foldShift<1>);
  attachFolder(dialect, "arith.shrsi", foldShift<2>);
  attachFolder(dialect, "arith.maxsi", foldMinMaxI<true, true>);
  attachFolder(dialect, "arith.maxui", foldMinMaxI<false, true>);
  attachFolder(dialect, "arith.minsi", foldMinMaxI<true, false>);
  attachFolder(dialect, "arith.minui", foldMinMaxI<false, false>);
  attachFolder(dialect, "arith.negf", foldNegF);
  attachFolder(dialect, "arith.addf", foldAddF);
  attachFolder(dialect, "arith.subf", foldSubF);
  attachFolder(dialect, "arith.mulf", foldMulF);
  attachFolder(dialect, "arith.divf", foldDivF);
  attachFolder(dialect, "arith.remf", foldRemF);
  attachFolder(dialect, "arith.maximumf", foldMaximumF);
  attachFolder(dialect, "arith.minimumf", foldMinimumF);
  attachFolder(dialect, "arith.maxnumf", foldMaxNumF);
  attachFolder(dialect, "arith.minnumf", foldMinNumF);
  attachFolder(dialect, "arith.extui", foldExtUI);
  attachFolder(dialect, "arith.extsi", foldExtSI);
  attachFolder(dialect, "arith.extf", foldExtF);
  attachFolder(dialect, "arith.trunci", foldTruncI);
  attachFolder(dialect, "arith.truncf", foldTruncF);
  attachFolder(dialect, "arith.uitofp", foldIntToFP<false>);
  attachFolder(dialect, "arith.sitofp", foldIntToFP<true>);
  attachFolder(dialect, "arith.fptoui", foldFPToInt<false>);
  attachFolder(dialect, "arith.fptosi", foldFPToInt<true>);
  attachFolder(dialect, "arith.index_cast", foldIndexCast<true>);
  attachFolder(dialect, "arith.index_castui", foldIndexCast<false>);
  attachFolder(dialect, "arith.bitcast", foldBitcast);
  attachFolder(dialect, "arith.cmpi", foldCmpI);
  attachFolder(dialect, "arith.cmpf", foldCmpF);
  attachFolder(dialect, "arith.select", foldSelect);
}

Operation *ArithDialect::materializeConstant(OpBuilder &builder, Attribute value, Type type, Location loc) {
  if (isa<ub::PoisonAttr>(value))
    if (Dialect *ub = getContext()->getLoadedDialect("ub"))
      return ub->materializeConstant(builder, value, type, loc);
  // ConstantOp::isBuildableWith.
  auto typed = dyn_cast<TypedAttr>(value);
  if (!typed || typed.getType() != type)
    return nullptr;
  if (auto intType = dyn_cast<IntegerType>(type); intType && !intType.isSignless())
    return nullptr;
  if (!isa<IntegerAttr>(value) && !isa<FloatAttr>(value) && !isa<ElementsAttr>(value))
    return nullptr;
  return createConstant(builder, loc, typed);
}

Operation *arith::createConstant(OpBuilder &builder, Location loc, TypedAttr value) {
  OperationState state(loc, "arith.constant");
  state.addType(value.getType());
  int slot = state.name.isRegistered() ? state.name.getAttributeIndex("value") : -1;
  if (slot < 0) {
    state.addAttribute("value", value);
    return builder.create(state);
  }
  // The value goes straight into its property slot, where Operation::create
  // would move it: no "value" name to unique for each constant a fold
  // materializes.
  Operation *op = Operation::create(state);
  op->getPropertySlots()[slot] = value;
  return builder.insert(op);
}
