//===- ExpandOps.cpp - arith ops lowered to simpler arith ops --------------===//
//
// arith-expand (MLIR 22's ArithExpandOpsPass), a partial conversion: the
// ops it marks illegal are replaced, where they stand, by the ops MLIR's
// patterns create, in their order (no folding, no constant uniquing):
//  * ceildivsi, ceildivui, floordivsi: divisions and a sign fix-up;
//  * maximumf, minimumf, maxnumf, minnumf: cmpf + select with NaN handling;
//  * maxsi, maxui, minsi, minui: cmpi + select;
//  * include-bf16: extf bf16 -> f32 and truncf f32 -> bf16 (round to
//    nearest even, NaN kept) on the bits;
//  * include-f8e8m0: extf from and truncf to f8E8M0FNU (through f32);
//  * include-f4e2m1: extf from and truncf to f4E2M1FN (through f32);
//  * scaling_extf / scaling_truncf: extf, mulf / extf, divf, truncf with
//    the scale as f8E8M0FNU.
// An illegal op that no pattern rewrites fails the pass with MLIR's
// "failed to legalize operation" error.
//
#include "lamina/Dialect/Arith/Passes.h"

#include "lamina/IR/Builders.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/MLIRContext.h"

#include <optional>
#include <vector>

using namespace lamina;
using namespace lamina::arith;

namespace {

/// `elementType` in the shape of `like` (a vector or tensor), or itself.
Type cloneToShape(Type like, Type elementType) {
  if (auto shaped = dyn_cast<ShapedType>(like))
    return shaped.clone(elementType);
  return elementType;
}

Type elementTypeOf(Type t) {
  if (auto shaped = dyn_cast<ShapedType>(t))
    return shaped.getElementType();
  return t;
}

/// Creates the ops of an expansion at the builder's insertion point.
struct Emitter {
  OpBuilder &b;
  Location loc;

  Value op1(std::string_view name, Type type, std::initializer_list<Value> operands,
            ArrayRef<NamedAttribute> attrs = {}) {
    OperationState state(loc, name);
    for (Value v : operands)
      state.addOperand(v);
    for (const NamedAttribute &a : attrs)
      state.addAttribute(a.getName().getValue(), a.getValue());
    state.addType(type);
    return b.create(state)->getResult(0);
  }
  /// arith.constant `value` of integer (or index) `type`, splat for shapes.
  Value intConst(Type type, int64_t value) {
    Type elt = elementTypeOf(type);
    unsigned width = isa<IndexType>(elt) ? 64 : cast<IntegerType>(elt).getWidth();
    APInt v(width, uint64_t(value), /*isSigned=*/true);
    TypedAttr attr;
    if (auto shaped = dyn_cast<ShapedType>(type))
      attr = cast<TypedAttr>(Attribute(DenseElementsAttr::get(shaped, ArrayRef<APInt>(v))));
    else
      attr = IntegerAttr::get(type, v);
    return arith::createConstant(b, loc, attr)->getResult(0);
  }
  Value floatConst(Type type, double value) {
    Type elt = elementTypeOf(type);
    TypedAttr attr;
    if (auto shaped = dyn_cast<ShapedType>(type)) {
      FloatAttr f = FloatAttr::get(elt, value);
      attr = cast<TypedAttr>(Attribute(DenseElementsAttr::get(shaped, ArrayRef<Attribute>(Attribute(f)))));
    } else {
      attr = FloatAttr::get(type, value);
    }
    return arith::createConstant(b, loc, attr)->getResult(0);
  }
  Value binary(std::string_view name, Value lhs, Value rhs) { return op1(name, lhs.getType(), {lhs, rhs}); }
  Value cmpi(CmpIPredicate pred, Value lhs, Value rhs) {
    MLIRContext *ctx = b.getContext();
    NamedAttribute attr = b.getNamedAttr("predicate", IntegerAttr::get(IntegerType::get(ctx, 64), int64_t(pred)));
    return op1("arith.cmpi", cloneToShape(lhs.getType(), b.getI1Type()), {lhs, rhs}, {attr});
  }
  Value cmpf(CmpFPredicate pred, Value lhs, Value rhs) {
    MLIRContext *ctx = b.getContext();
    NamedAttribute attr = b.getNamedAttr("predicate", IntegerAttr::get(IntegerType::get(ctx, 64), int64_t(pred)));
    return op1("arith.cmpf", cloneToShape(lhs.getType(), b.getI1Type()), {lhs, rhs}, {attr});
  }
  Value select(Value cond, Value t, Value f) { return op1("arith.select", t.getType(), {cond, t, f}); }
  Value conv(std::string_view name, Value v, Type type) { return op1(name, type, {v}); }
};

//===----------------------------------------------------------------------===//
// The expansions
//===----------------------------------------------------------------------===//

/// n == 0 ? 0 : ((n - 1) / m) + 1
Value expandCeilDivUI(Emitter &e, Operation *op) {
  Value a = op->getOperand(0), b = op->getOperand(1);
  Value zero = e.intConst(a.getType(), 0);
  Value compare = e.cmpi(CmpIPredicate::eq, a, zero);
  Value one = e.intConst(a.getType(), 1);
  Value minusOne = e.binary("arith.subi", a, one);
  Value quotient = e.binary("arith.divui", minusOne, b);
  Value plusOne = e.binary("arith.addi", quotient, one);
  return e.select(compare, zero, plusOne);
}

/// q = a / b; (a != q * b && sign(a) == sign(b)) ? q + 1 : q
Value expandCeilDivSI(Emitter &e, Operation *op) {
  Value a = op->getOperand(0), b = op->getOperand(1);
  Type type = a.getType();
  Value zero = e.intConst(type, 0);
  Value one = e.intConst(type, 1);
  Value quotient = e.binary("arith.divsi", a, b);
  Value product = e.binary("arith.muli", quotient, b);
  Value notEqualDivisor = e.cmpi(CmpIPredicate::ne, a, product);
  Value aNeg = e.cmpi(CmpIPredicate::slt, a, zero);
  Value bNeg = e.cmpi(CmpIPredicate::slt, b, zero);
  Value signEqual = e.cmpi(CmpIPredicate::eq, aNeg, bNeg);
  Value cond = e.binary("arith.andi", notEqualDivisor, signEqual);
  Value quotientPlusOne = e.binary("arith.addi", quotient, one);
  return e.select(cond, quotientPlusOne, quotient);
}

/// q = a / b; (a != q * b && sign(a) != sign(b)) ? q - 1 : q
Value expandFloorDivSI(Emitter &e, Operation *op) {
  Value a = op->getOperand(0), b = op->getOperand(1);
  Type type = a.getType();
  Value quotient = e.binary("arith.divsi", a, b);
  Value product = e.binary("arith.muli", quotient, b);
  Value notEqualDivisor = e.cmpi(CmpIPredicate::ne, a, product);
  Value zero = e.intConst(type, 0);
  Value aNeg = e.cmpi(CmpIPredicate::slt, a, zero);
  Value bNeg = e.cmpi(CmpIPredicate::slt, b, zero);
  Value signOpposite = e.cmpi(CmpIPredicate::ne, aNeg, bNeg);
  Value cond = e.binary("arith.andi", notEqualDivisor, signOpposite);
  Value minusOne = e.intConst(type, -1);
  Value quotientMinusOne = e.binary("arith.addi", quotient, minusOne);
  return e.select(cond, quotientMinusOne, quotient);
}

/// cmp ? lhs : rhs, then NaN of `nanOperand` (rhs for maximumf/minimumf,
/// lhs for maxnumf/minnumf) gives rhs.
Value expandMaxMinF(Emitter &e, Operation *op, CmpFPredicate pred, bool nanOfLhs) {
  Value lhs = op->getOperand(0), rhs = op->getOperand(1);
  Value cmp = e.cmpf(pred, lhs, rhs);
  Value select = e.select(cmp, lhs, rhs);
  Value probe = nanOfLhs ? lhs : rhs;
  Value isNaN = e.cmpf(CmpFPredicate::UNO, probe, probe);
  return e.select(isNaN, rhs, select);
}

Value expandMaxMinI(Emitter &e, Operation *op, CmpIPredicate pred) {
  Value lhs = op->getOperand(0), rhs = op->getOperand(1);
  Value cmp = e.cmpi(pred, lhs, rhs);
  return e.select(cmp, lhs, rhs);
}

Value expandBF16ExtF(Emitter &e, Operation *op) {
  Value operand = op->getOperand(0);
  Type i16 = cloneToShape(operand.getType(), e.b.getIntegerType(16));
  Type i32 = cloneToShape(operand.getType(), e.b.getIntegerType(32));
  Value bitcast = e.conv("arith.bitcast", operand, i16);
  Value exti = e.conv("arith.extui", bitcast, i32);
  Value c16 = e.intConst(i32, 16);
  Value shl = e.binary("arith.shli", exti, c16);
  return e.conv("arith.bitcast", shl, op->getResult(0).getType());
}

/// Round to nearest even on the bits; a NaN becomes 0x7fc0.
Value expandBF16TruncF(Emitter &e, Operation *op) {
  Value operand = op->getOperand(0);
  Type i16 = cloneToShape(operand.getType(), e.b.getIntegerType(16));
  Type i32 = cloneToShape(operand.getType(), e.b.getIntegerType(32));
  Value isNan = e.cmpf(CmpFPredicate::UNE, operand, operand);
  Value c7FFF = e.intConst(i32, 0x7fff);
  Value c7FC0 = e.intConst(i16, 0x7fc0);
  Value c16 = e.intConst(i32, 16);
  Value c1 = e.intConst(i32, 1);
  Value bitcast = e.conv("arith.bitcast", operand, i32);
  Value shr = e.binary("arith.shrui", bitcast, c16);
  Value bit16 = e.binary("arith.andi", shr, c1);
  Value rounding = e.binary("arith.addi", bit16, c7FFF);
  Value rounded = e.binary("arith.addi", bitcast, rounding);
  Value shifted = e.binary("arith.shrui", rounded, c16);
  Value trunc = e.conv("arith.trunci", shifted, i16);
  Value result = e.select(isNan, c7FC0, trunc);
  return e.conv("arith.bitcast", result, op->getResult(0).getType());
}

/// A float of `value`'s shape converted to f32 (extf or truncf), or itself.
Value toF32(Emitter &e, Value value) {
  Type elt = elementTypeOf(value.getType());
  Type f32 = cloneToShape(value.getType(), e.b.getF32Type());
  unsigned width = cast<FloatType>(elt).getWidth();
  if (width < 32)
    return e.conv("arith.extf", value, f32);
  if (width > 32)
    return e.conv("arith.truncf", value, f32);
  return value;
}

/// An f32 value converted to `type` (extf or truncf), or itself.
Value fromF32(Emitter &e, Value value, Type type) {
  unsigned width = cast<FloatType>(elementTypeOf(type)).getWidth();
  if (width > 32)
    return e.conv("arith.extf", value, type);
  if (width < 32)
    return e.conv("arith.truncf", value, type);
  return value;
}

/// The exponent bits become an f32 exponent; 0xff is NaN.
Value expandF8E8M0ExtF(Emitter &e, Operation *op) {
  Value operand = op->getOperand(0);
  Type i8 = cloneToShape(operand.getType(), e.b.getIntegerType(8));
  Type i32 = cloneToShape(operand.getType(), e.b.getIntegerType(32));
  Type f32 = cloneToShape(operand.getType(), e.b.getF32Type());
  Value bitcast = e.conv("arith.bitcast", operand, i8);
  Value cF = e.intConst(i8, 0xff);
  Value cNaN = e.intConst(i32, 0xffffffff);
  Value c23 = e.intConst(i32, 23);
  Value exti = e.conv("arith.extui", bitcast, i32);
  Value shl = e.binary("arith.shli", exti, c23);
  Value isNan = e.cmpi(CmpIPredicate::eq, bitcast, cF);
  Value select = e.select(isNan, cNaN, shl);
  Value result = e.conv("arith.bitcast", select, f32);
  return fromF32(e, result, op->getResult(0).getType());
}

/// The f32 exponent bits, truncated.
Value expandF8E8M0TruncF(Emitter &e, Operation *op) {
  Value operand = toF32(e, op->getOperand(0));
  Type i8 = cloneToShape(operand.getType(), e.b.getIntegerType(8));
  Type i32 = cloneToShape(operand.getType(), e.b.getIntegerType(32));
  Value bitcast = e.conv("arith.bitcast", operand, i32);
  Value c23 = e.intConst(i32, 23);
  Value shr = e.binary("arith.shrui", bitcast, c23);
  Value trunc = e.conv("arith.trunci", shr, i8);
  return e.conv("arith.bitcast", trunc, op->getResult(0).getType());
}

/// f4E2M1FN to f32: mantissa, exponent and sign assembled as f32 bits.
Value expandF4E2M1ExtF(Emitter &e, Operation *op) {
  Value operand = op->getOperand(0);
  Type i4 = cloneToShape(operand.getType(), e.b.getIntegerType(4));
  Type i32 = cloneToShape(operand.getType(), e.b.getIntegerType(32));
  Type f32 = cloneToShape(operand.getType(), e.b.getF32Type());
  Value i4Bits = e.conv("arith.bitcast", operand, i4);
  Value c0x0 = e.intConst(i4, 0);
  Value c0x1 = e.intConst(i4, 1);
  Value c0x2 = e.intConst(i4, 2);
  Value c0x4 = e.intConst(i4, 4);
  Value c0x7 = e.intConst(i4, 7);
  Value bitsNoSign = e.binary("arith.andi", i4Bits, c0x7);
  // The mantissa: 0.5 (denormal) shifted away, other values' low bits.
  Value c20 = e.intConst(i32, 20);
  Value shifted = e.binary("arith.shli", bitsNoSign, c0x2);
  Value isHalf = e.cmpi(CmpIPredicate::eq, bitsNoSign, c0x1);
  Value mantissa = e.select(isHalf, c0x0, shifted);
  Value mantissaExt = e.conv("arith.extui", mantissa, i32);
  Value mantissaBits = e.binary("arith.shli", mantissaExt, c20);
  // The exponent.
  Value zeroExp = e.intConst(i32, 0);
  Value exp2 = e.intConst(i32, 0x40000000);
  Value exp1 = e.intConst(i32, 0x3f000000);
  Value useLargerExp = e.cmpi(CmpIPredicate::uge, bitsNoSign, c0x4);
  Value exp = e.select(useLargerExp, exp2, exp1);
  Value isZero = e.cmpi(CmpIPredicate::eq, bitsNoSign, c0x0);
  Value expBits = e.select(isZero, zeroExp, exp);
  // The sign.
  Value signBit = e.intConst(i32, int64_t(int32_t(0x80000000u)));
  Value c0x8 = e.intConst(i4, -8);
  Value isNeg = e.cmpi(CmpIPredicate::uge, i4Bits, c0x8);
  Value sign = e.select(isNeg, signBit, zeroExp);
  Value sum = e.binary("arith.addi", mantissaBits, expBits);
  Value bits = e.binary("arith.addi", sum, sign);
  Value result = e.conv("arith.bitcast", bits, f32);
  // MLIR 22 truncates to any other result type (an f64 result then fails
  // the verifier, as with mlir-opt).
  Type resultType = op->getResult(0).getType();
  if (!elementTypeOf(resultType).isF32())
    result = e.conv("arith.truncf", result, resultType);
  return result;
}

/// f32 to f4E2M1FN: clamped to [-6, 6], then rounded to nearest even on
/// the bits (minnumf/maxnumf created here are expanded in turn).
Value expandF4E2M1TruncF(Emitter &e, Operation *op) {
  // MLIR 22 extends any other operand type to f32 (an f64 operand then
  // fails the verifier, as with mlir-opt).
  Value operand = op->getOperand(0);
  Type f32 = cloneToShape(operand.getType(), e.b.getF32Type());
  if (!elementTypeOf(operand.getType()).isF32())
    operand = e.conv("arith.extf", operand, f32);
  Type i4 = cloneToShape(f32, e.b.getIntegerType(4));
  Type i8 = cloneToShape(f32, e.b.getIntegerType(8));
  Type i32 = cloneToShape(f32, e.b.getIntegerType(32));
  Value c0x1 = e.intConst(i4, 1);
  Value c0x3 = e.intConst(i4, 3);
  Value c22 = e.intConst(i32, 22);
  Value c0x00 = e.intConst(i8, 0);
  Value c0xff = e.intConst(i8, 0xff);
  Value zeroExpBits = e.intConst(i32, 0);
  Value cHigherBound = e.floatConst(f32, 6.0);
  Value cLowerBound = e.floatConst(f32, -6.0);
  Value clampHigh = e.binary("arith.minnumf", operand, cHigherBound);
  Value clamped = e.binary("arith.maxnumf", clampHigh, cLowerBound);
  Value f32Bits = e.conv("arith.bitcast", clamped, i32);
  // The sign.
  Value c31 = e.intConst(i32, 31);
  Value f32Sign = e.binary("arith.shrui", f32Bits, c31);
  Value f4Sign = e.conv("arith.trunci", f32Sign, i4);
  Value f4Bits = e.binary("arith.shli", f4Sign, c0x3);
  // The exponent, rebiased.
  Value bias = e.intConst(i32, 126);
  Value c23 = e.intConst(i32, 23);
  Value f32Exp = e.binary("arith.shrui", f32Bits, c23);
  Value biasAdjustedExp = e.binary("arith.subi", f32Exp, bias);
  Value f4Exp = e.conv("arith.trunci", biasAdjustedExp, i4);
  Value f4ExpShifted = e.binary("arith.shli", f4Exp, c0x1);
  f4Bits = e.binary("arith.addi", f4Bits, f4ExpShifted);
  // The first mantissa bit.
  Value cF32MantissaMsb = e.intConst(i32, 0x400000);
  Value f32MantissaMsb = e.binary("arith.andi", f32Bits, cF32MantissaMsb);
  Value mantissaShifted = e.binary("arith.shrui", f32MantissaMsb, c22);
  Value f4Mantissa = e.conv("arith.trunci", mantissaShifted, i4);
  f4Bits = e.binary("arith.addi", f4Bits, f4Mantissa);
  // Denormals: 0.25 < |x| < 0.5 rounds to 0.5, |x| <= 0.25 to 0.
  Value cMantissaMask = e.intConst(i32, 0x7fffff);
  Value biasAdjustedI8 = e.conv("arith.trunci", biasAdjustedExp, i8);
  Value isSubnormal = e.cmpi(CmpIPredicate::sle, biasAdjustedI8, c0x00);
  Value isNegOneExp = e.cmpi(CmpIPredicate::eq, biasAdjustedI8, c0xff);
  Value man = e.binary("arith.andi", f32Bits, cMantissaMask);
  Value isNonZeroMan = e.cmpi(CmpIPredicate::ugt, man, zeroExpBits);
  Value roundToHalf = e.binary("arith.andi", isNegOneExp, isNonZeroMan);
  Value isZeroExp = e.cmpi(CmpIPredicate::eq, biasAdjustedI8, c0x00);
  Value subnormalF4Bits = e.intConst(i4, 0xf);
  Value halfF4Bits = e.intConst(i4, 0);
  Value subResult = e.select(isSubnormal, subnormalF4Bits, f4Bits);
  subResult = e.select(roundToHalf, halfF4Bits, subResult);
  f4Bits = e.select(isZeroExp, f4Bits, subResult);
  // Round to nearest even.
  Value cRound = e.intConst(i32, 0x3fffff);
  Value cHalf = e.intConst(i32, 0x200000);
  Value lowBits = e.binary("arith.andi", f32Bits, cRound);
  Value shouldRound = e.cmpi(CmpIPredicate::uge, lowBits, cHalf);
  shouldRound = e.binary("arith.ori", shouldRound, isSubnormal);
  Value rounded = e.binary("arith.addi", f4Bits, c0x1);
  f4Bits = e.select(shouldRound, rounded, f4Bits);
  return e.conv("arith.bitcast", f4Bits, op->getResult(0).getType());
}

/// The fastmath attribute of `op`, to pass on (none when absent).
std::vector<NamedAttribute> fastmathOf(Operation *op) {
  std::vector<NamedAttribute> attrs;
  if (Attribute fm = op->getAttr("fastmath"))
    attrs.push_back(NamedAttribute(StringAttr::get(op->getContext(), "fastmath"), fm));
  return attrs;
}

/// The scale operand as f8E8M0FNU (16- and 32-bit float scales are
/// truncated to their exponent), or null for other scale types.
Value scaleAsF8E8M0(Emitter &e, Operation *op) {
  Value scale = op->getOperand(1);
  Type elt = elementTypeOf(scale.getType());
  if (elt.getIntOrFloatBitWidth() >= 16) {
    Type f8 = cloneToShape(scale.getType(), Float8E8M0FNUType::get(e.b.getContext()));
    std::vector<NamedAttribute> attrs = fastmathOf(op);
    return e.op1("arith.truncf", f8, {scale}, attrs);
  }
  if (!isa<Float8E8M0FNUType>(elt))
    return {};
  return scale;
}

/// in * 2^scale.
Value expandScalingExtF(Emitter &e, Operation *op) {
  Value scale = scaleAsF8E8M0(e, op);
  if (!scale)
    return {};
  std::vector<NamedAttribute> fm = fastmathOf(op);
  Type resultType = op->getResult(0).getType();
  Value scaleExt = e.op1("arith.extf", resultType, {scale}, fm);
  Value inputExt = e.op1("arith.extf", resultType, {op->getOperand(0)}, fm);
  return e.op1("arith.mulf", resultType, {inputExt, scaleExt}, fm);
}

/// in / 2^scale, truncated with the op's rounding mode.
Value expandScalingTruncF(Emitter &e, Operation *op) {
  Value scale = scaleAsF8E8M0(e, op);
  if (!scale)
    return {};
  std::vector<NamedAttribute> fm = fastmathOf(op);
  Value input = op->getOperand(0);
  Value scaleExt = e.op1("arith.extf", input.getType(), {scale}, fm);
  Value result = e.op1("arith.divf", input.getType(), {input, scaleExt}, fm);
  std::vector<NamedAttribute> truncAttrs;
  if (Attribute rm = op->getAttr("roundingmode"))
    truncAttrs.push_back(NamedAttribute(StringAttr::get(op->getContext(), "roundingmode"), rm));
  for (const NamedAttribute &a : fm)
    truncAttrs.push_back(a);
  return e.op1("arith.truncf", op->getResult(0).getType(), {result}, truncAttrs);
}

//===----------------------------------------------------------------------===//
// The conversion
//===----------------------------------------------------------------------===//

struct Options {
  bool bf16, f8e8m0, f4e2m1;
};

bool isFloatOf(Type t, std::string_view kind) {
  Type elt = elementTypeOf(t);
  if (kind == "bf16")
    return elt.isBF16();
  if (kind == "f32")
    return elt.isF32();
  if (kind == "f8e8m0")
    return isa<Float8E8M0FNUType>(elt);
  if (kind == "f4e2m1")
    return isa<Float4E2M1FNType>(elt);
  return false;
}

/// Whether the conversion target marks `op` illegal.
bool isIllegal(Operation *op, const Options &opts) {
  std::string_view name = op->getName().getStringRef();
  if (name == "arith.ceildivsi" || name == "arith.ceildivui" || name == "arith.floordivsi" ||
      name == "arith.maximumf" || name == "arith.minimumf" || name == "arith.maxnumf" || name == "arith.minnumf" ||
      name == "arith.maxsi" || name == "arith.maxui" || name == "arith.minsi" || name == "arith.minui" ||
      name == "arith.scaling_extf" || name == "arith.scaling_truncf")
    return true;
  if (name == "arith.extf" && op->getNumOperands() == 1 && op->getNumResults() == 1) {
    Type in = op->getOperand(0).getType(), out = op->getResult(0).getType();
    if (opts.bf16 && isFloatOf(in, "bf16") && isFloatOf(out, "f32"))
      return true;
    if (opts.f8e8m0 && isFloatOf(in, "f8e8m0"))
      return true;
    if (opts.f4e2m1 && isFloatOf(in, "f4e2m1"))
      return true;
  }
  if (name == "arith.truncf" && op->getNumOperands() == 1 && op->getNumResults() == 1) {
    Type in = op->getOperand(0).getType(), out = op->getResult(0).getType();
    if (opts.bf16 && isFloatOf(in, "f32") && isFloatOf(out, "bf16"))
      return true;
    if (opts.f8e8m0 && isFloatOf(out, "f8e8m0"))
      return true;
    if (opts.f4e2m1 && isFloatOf(out, "f4e2m1"))
      return true;
  }
  return false;
}

/// The replacement of illegal `op`, or null if no pattern applies.
Value expand(Emitter &e, Operation *op) {
  std::string_view name = op->getName().getStringRef();
  if (op->getNumResults() != 1)
    return {};
  if (name == "arith.ceildivui")
    return expandCeilDivUI(e, op);
  if (name == "arith.ceildivsi")
    return expandCeilDivSI(e, op);
  if (name == "arith.floordivsi")
    return expandFloorDivSI(e, op);
  if (name == "arith.maximumf")
    return expandMaxMinF(e, op, CmpFPredicate::UGT, /*nanOfLhs=*/false);
  if (name == "arith.minimumf")
    return expandMaxMinF(e, op, CmpFPredicate::ULT, /*nanOfLhs=*/false);
  if (name == "arith.maxnumf")
    return expandMaxMinF(e, op, CmpFPredicate::UGT, /*nanOfLhs=*/true);
  if (name == "arith.minnumf")
    return expandMaxMinF(e, op, CmpFPredicate::ULT, /*nanOfLhs=*/true);
  if (name == "arith.maxsi")
    return expandMaxMinI(e, op, CmpIPredicate::sgt);
  if (name == "arith.maxui")
    return expandMaxMinI(e, op, CmpIPredicate::ugt);
  if (name == "arith.minsi")
    return expandMaxMinI(e, op, CmpIPredicate::slt);
  if (name == "arith.minui")
    return expandMaxMinI(e, op, CmpIPredicate::ult);
  if (name == "arith.scaling_extf" && op->getNumOperands() == 2)
    return expandScalingExtF(e, op);
  if (name == "arith.scaling_truncf" && op->getNumOperands() == 2)
    return expandScalingTruncF(e, op);
  Type in = op->getOperand(0).getType(), out = op->getResult(0).getType();
  if (name == "arith.extf") {
    if (isFloatOf(in, "bf16") && isFloatOf(out, "f32"))
      return expandBF16ExtF(e, op);
    if (isFloatOf(in, "f8e8m0"))
      return expandF8E8M0ExtF(e, op);
    if (isFloatOf(in, "f4e2m1"))
      return expandF4E2M1ExtF(e, op);
    return {};
  }
  if (name == "arith.truncf") {
    // The bf16 and f8E8M0FNU expansions are of the default rounding mode
    // only (the f4E2M1FN one ignores it, as MLIR 22's).
    bool defaultRounding = !op->getAttr("roundingmode");
    if (isFloatOf(in, "f32") && isFloatOf(out, "bf16"))
      return defaultRounding ? expandBF16TruncF(e, op) : Value();
    if (isFloatOf(out, "f8e8m0"))
      return defaultRounding ? expandF8E8M0TruncF(e, op) : Value();
    if (isFloatOf(out, "f4e2m1"))
      return expandF4E2M1TruncF(e, op);
  }
  return {};
}

/// Legalizes `root`'s illegal ops where they stand; the ops an expansion
/// creates are legalized in turn, in order, before the walk goes on.
LogicalResult convert(Operation *root, const Options &opts) {
  std::vector<Operation *> illegal;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op != root && isIllegal(op, opts))
      illegal.push_back(op);
  });
  OpBuilder builder(root->getContext());
  // A stack of ops to legalize: the walk's, in order, with each
  // expansion's own illegal ops pushed in front of the rest.
  std::vector<Operation *> stack(illegal.rbegin(), illegal.rend());
  while (!stack.empty()) {
    Operation *op = stack.back();
    stack.pop_back();
    builder.setInsertionPoint(op);
    Operation *first = op->getPrevNode();
    Emitter e{builder, op->getLoc()};
    Value replacement = expand(e, op);
    if (!replacement) {
      // Operation::emitError adds the "see current operation" note.
      op->emitError() << "failed to legalize operation '" << op->getName().getStringRef()
                      << "' that was explicitly marked illegal";
      return failure();
    }
    op->getResult(0).replaceAllUsesWith(replacement);
    // The created ops that are illegal themselves come next, in order.
    std::vector<Operation *> created;
    for (Operation *it = first ? first->getNextNode() : &op->getBlock()->front(); it && it != op;
         it = it->getNextNode())
      if (isIllegal(it, opts))
        created.push_back(it);
    op->erase();
    for (auto it = created.rbegin(); it != created.rend(); ++it)
      stack.push_back(*it);
  }
  return success();
}

struct ArithExpandOps : lamina::impl::ArithExpandOpsPassBase<ArithExpandOps> {
  void runOnOperation() override {
    Options opts{includeBf16, includeF8E8M0, includeF4E2M1};
    if (failed(convert(getOperation(), opts)))
      signalPassFailure();
  }
};

} // namespace

std::unique_ptr<Pass> lamina::createArithExpandOpsPassPass() { return std::make_unique<ArithExpandOps>(); }

namespace lamina::arith {
#define LAMINA_PASS_TABLE "lamina/Dialect/Arith/Passes.def"
#define LAMINA_PASS_REGISTRATION_FN registerArithPasses
#include "lamina/Pass/PassTableRegistration.inc"
} // namespace lamina::arith
