//===- ArithFoldUtils.h - Constant folding helpers of the arith folders ---===//
//
// The rules of MLIR's CommonFolders.h: a binary fold needs both operands
// constant and of one type; scalars fold to scalars, two splats to a splat,
// two dense elements attributes element by element; a calculation that
// returns nullopt for any element cancels the fold.
//
#pragma once

#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/Dialect/UB/UBDialect.h"
#include "lamina/IR/Builders.h"

#include <optional>
#include <vector>

namespace lamina {
namespace arith {
namespace detail {

Type elementTypeOrSelf(Type type);
/// CommonFolders' poison propagation: the first poison operand, or null.
inline Attribute poisonOperand(ArrayRef<Attribute> operands) {
  for (Attribute a : operands)
    if (isa_and_nonnull<ub::PoisonAttr>(a))
      return a;
  return {};
}
Type getI1SameShape(Type type);
Attribute getBoolAttribute(Type type, bool value);
/// The integer (or integer splat) / float (or float splat) value.
bool getIntOrSplat(Attribute attr, APInt &value);
bool getFloatOrSplat(Attribute attr, APFloat &value);
bool getIntElements(Attribute attr, std::vector<APInt> &values);
bool getFloatElements(Attribute attr, std::vector<APFloat> &values);
/// The type of both attributes if they are typed and of one type.
Type commonAttrType(ArrayRef<Attribute> operands);
Attribute makeIntResult(Type resultType, ArrayRef<APInt> values, bool splat);
Attribute makeFloatResult(Type resultType, ArrayRef<APFloat> values, bool splat);
bool floatToInteger(const APFloat &value, unsigned width, bool isSigned, APInt &result);
bool applyCmpPredicate(CmpIPredicate predicate, const APInt &lhs, const APInt &rhs);
bool applyCmpPredicate(CmpFPredicate predicate, const APFloat &lhs, const APFloat &rhs);

/// Binary fold of integer constants into `resultType`.
template <typename Fn> Attribute constFoldBinaryInt(ArrayRef<Attribute> operands, Type resultType, Fn fn) {
  if (Attribute poison = poisonOperand(operands.take_front(2)))
    return poison;
  if (!resultType || !operands[0] || !operands[1])
    return {};
  if (auto l = dyn_cast<IntegerAttr>(operands[0])) {
    auto r = dyn_cast<IntegerAttr>(operands[1]);
    if (!r || l.getType() != r.getType())
      return {};
    std::optional<APInt> v = fn(l.getValue(), r.getValue());
    if (!v)
      return {};
    return IntegerAttr::get(resultType, *v);
  }
  auto l = dyn_cast<DenseIntElementsAttr>(operands[0]);
  auto r = dyn_cast<DenseIntElementsAttr>(operands[1]);
  if (!l || !r || DenseElementsAttr(l).getType() != DenseElementsAttr(r).getType())
    return {};
  DenseElementsAttr ld(l), rd(r);
  if (ld.isSplat() && rd.isSplat()) {
    std::optional<APInt> v = fn(ld.getIntValue(0), rd.getIntValue(0));
    if (!v)
      return {};
    APInt values[] = {*v};
    return makeIntResult(resultType, ArrayRef<APInt>(values, 1), true);
  }
  int64_t n = ld.getNumElements();
  std::vector<APInt> results;
  results.reserve(size_t(n));
  for (int64_t i = 0; i < n; ++i) {
    std::optional<APInt> v = fn(ld.getIntValue(ld.isSplat() ? 0 : i), rd.getIntValue(rd.isSplat() ? 0 : i));
    if (!v)
      return {};
    results.push_back(*v);
  }
  return makeIntResult(resultType, results, false);
}
template <typename Fn> Attribute constFoldBinaryInt(ArrayRef<Attribute> operands, Fn fn) {
  if (Attribute poison = poisonOperand(operands.take_front(2)))
    return poison;
  return constFoldBinaryInt(operands, commonAttrType(operands), fn);
}

/// Binary fold of float constants (result of the operands' type).
template <typename Fn> Attribute constFoldBinaryFloat(ArrayRef<Attribute> operands, Fn fn) {
  if (Attribute poison = poisonOperand(operands.take_front(2)))
    return poison;
  Type resultType = commonAttrType(operands);
  if (!resultType)
    return {};
  if (auto l = dyn_cast<FloatAttr>(operands[0])) {
    auto r = dyn_cast<FloatAttr>(operands[1]);
    if (!r)
      return {};
    std::optional<APFloat> v = fn(l.getValue(), r.getValue());
    if (!v)
      return {};
    return FloatAttr::get(resultType, *v);
  }
  auto l = dyn_cast<DenseFPElementsAttr>(operands[0]);
  auto r = dyn_cast<DenseFPElementsAttr>(operands[1]);
  if (!l || !r)
    return {};
  DenseElementsAttr ld(l), rd(r);
  if (ld.isSplat() && rd.isSplat()) {
    std::optional<APFloat> v = fn(ld.getFloatValue(0), rd.getFloatValue(0));
    if (!v)
      return {};
    APFloat values[] = {*v};
    return makeFloatResult(resultType, ArrayRef<APFloat>(values, 1), true);
  }
  int64_t n = ld.getNumElements();
  std::vector<APFloat> results;
  for (int64_t i = 0; i < n; ++i) {
    std::optional<APFloat> v = fn(ld.getFloatValue(ld.isSplat() ? 0 : i), rd.getFloatValue(rd.isSplat() ? 0 : i));
    if (!v)
      return {};
    results.push_back(*v);
  }
  return makeFloatResult(resultType, results, false);
}

/// Unary fold of a float constant (same type).
template <typename Fn> Attribute constFoldUnaryFloat(ArrayRef<Attribute> operands, Fn fn) {
  if (Attribute poison = poisonOperand(operands.take_front(1)))
    return poison;
  if (!operands[0])
    return {};
  if (auto f = dyn_cast<FloatAttr>(operands[0])) {
    std::optional<APFloat> v = fn(f.getValue());
    return v ? Attribute(FloatAttr::get(f.getType(), *v)) : Attribute();
  }
  auto d = dyn_cast<DenseFPElementsAttr>(operands[0]);
  if (!d)
    return {};
  DenseElementsAttr dd(d);
  Type type = dd.getType();
  if (dd.isSplat()) {
    std::optional<APFloat> v = fn(dd.getFloatValue(0));
    if (!v)
      return {};
    APFloat values[] = {*v};
    return makeFloatResult(type, ArrayRef<APFloat>(values, 1), true);
  }
  std::vector<APFloat> results;
  for (int64_t i = 0, n = dd.getNumElements(); i < n; ++i) {
    std::optional<APFloat> v = fn(dd.getFloatValue(i));
    if (!v)
      return {};
    results.push_back(*v);
  }
  return makeFloatResult(type, results, false);
}

/// Cast folds (constFoldCastOp): scalar to scalar, splat to splat (static
/// shapes only), dense to dense.
template <typename InT, typename OutT, typename GetScalar, typename GetDense, typename MakeOut, typename Fn>
Attribute constFoldCast(Attribute operand, Type resType, GetScalar getScalar, GetDense getDense, MakeOut makeOut,
                        Fn fn) {
  if (isa_and_nonnull<ub::PoisonAttr>(operand))
    return operand;
  if (!operand)
    return {};
  std::optional<InT> scalar = getScalar(operand);
  if (scalar) {
    std::optional<OutT> v = fn(*scalar);
    if (!v)
      return {};
    OutT values[] = {*v};
    return makeOut(resType, ArrayRef<OutT>(values, 1), true);
  }
  std::vector<InT> inputs;
  bool splat = false;
  if (!getDense(operand, inputs, splat))
    return {};
  auto shaped = dyn_cast<ShapedType>(resType);
  if (!shaped)
    return {};
  if (splat && !shaped.hasStaticShape())
    return {};
  std::vector<OutT> results;
  for (const InT &in : inputs) {
    std::optional<OutT> v = fn(in);
    if (!v)
      return {};
    results.push_back(*v);
  }
  return makeOut(resType, results, splat);
}

inline std::optional<APInt> scalarInt(Attribute a) {
  if (auto i = dyn_cast<IntegerAttr>(a))
    return i.getValue();
  return std::nullopt;
}
inline std::optional<APFloat> scalarFloat(Attribute a) {
  if (auto f = dyn_cast<FloatAttr>(a))
    return f.getValue();
  return std::nullopt;
}
inline bool denseInts(Attribute a, std::vector<APInt> &values, bool &splat) {
  auto d = dyn_cast<DenseIntElementsAttr>(a);
  if (!d)
    return false;
  DenseElementsAttr dd(d);
  splat = dd.isSplat();
  if (splat)
    values.assign(1, dd.getIntValue(0));
  else
    values = dd.getIntValues();
  return true;
}
inline bool denseFloats(Attribute a, std::vector<APFloat> &values, bool &splat) {
  auto d = dyn_cast<DenseFPElementsAttr>(a);
  if (!d)
    return false;
  DenseElementsAttr dd(d);
  splat = dd.isSplat();
  if (splat)
    values.assign(1, dd.getFloatValue(0));
  else
    values = dd.getFloatValues();
  return true;
}

template <typename Fn> Attribute constFoldCastIntToInt(Attribute operand, Type resType, Fn fn) {
  return constFoldCast<APInt, APInt>(operand, resType, scalarInt, denseInts, makeIntResult, fn);
}
template <typename Fn> Attribute constFoldCastIntToFloat(Attribute operand, Type resType, Fn fn) {
  return constFoldCast<APInt, APFloat>(operand, resType, scalarInt, denseInts, makeFloatResult, fn);
}
template <typename Fn> Attribute constFoldCastFloatToInt(Attribute operand, Type resType, Fn fn) {
  return constFoldCast<APFloat, APInt>(operand, resType, scalarFloat, denseFloats, makeIntResult, fn);
}
template <typename Fn> Attribute constFoldCastFloatToFloat(Attribute operand, Type resType, Fn fn) {
  return constFoldCast<APFloat, APFloat>(operand, resType, scalarFloat, denseFloats, makeFloatResult, fn);
}

} // namespace detail
} // namespace arith
} // namespace lamina
