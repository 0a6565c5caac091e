//===- TosaVerifierUtils.h - Helpers of the tosa verifiers -----*- C++ -*-===//
//
// Private to lib/Dialect/Tosa: the shape, zero-point and element type
// checks that MLIR's TosaOps.cpp shares between its verifiers.
//
#pragma once

#include "lamina/Dialect/Tosa/TosaDialect.h"

#include "lamina/IR/BuiltinOps.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/ODS/Predicates.h"

#include <optional>
#include <vector>

namespace lamina::tosa::detail {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// MLIR's verifyCompatibleShape on two shapes.
inline bool compatibleShapes(ArrayRef<int64_t> a, ArrayRef<int64_t> b) {
  if (a.size() != b.size())
    return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!ShapedType::isDynamic(a[i]) && !ShapedType::isDynamic(b[i]) && a[i] != b[i])
      return false;
  return true;
}

/// MLIR's verifyCompatibleShape on two types: unranked is compatible with
/// anything shaped.
inline bool compatibleShapes(Type a, Type b) {
  auto sa = dyn_cast<ShapedType>(a), sb = dyn_cast<ShapedType>(b);
  if (!sa || !sb)
    return !sa && !sb;
  if (!sa.hasRank() || !sb.hasRank())
    return true;
  return compatibleShapes(sa.getShape(), sb.getShape());
}

inline std::optional<int64_t> idivCheck(int64_t lhs, int64_t rhs) {
  if (rhs == 0 || lhs % rhs != 0)
    return std::nullopt;
  return lhs / rhs;
}

inline bool anyOf(ArrayRef<int64_t> values, bool (*pred)(int64_t)) {
  for (int64_t v : values)
    if (pred(v))
      return true;
  return false;
}

/// `require same element type/shapes for <name1> (...) and <name2> (...)`.
inline LogicalResult errorIfTypeOrShapeMismatch(Operation *op, Type type1, std::string_view name1, Type type2,
                                                std::string_view name2) {
  auto shaped1 = dyn_cast<ShapedType>(type1), shaped2 = dyn_cast<ShapedType>(type2);
  if (!shaped1 || !shaped2)
    return failure();
  if (shaped1.getElementType() != shaped2.getElementType())
    return op->emitOpError() << "require same element type for " << name1 << " (" << shaped1.getElementType()
                             << ") and " << name2 << " (" << shaped2.getElementType() << ")";
  if (!compatibleShapes(type1, type2))
    return op->emitOpError() << "require same shapes for " << name1 << " (" << type1 << ") and " << name2 << " ("
                             << type2 << ")";
  return success();
}

inline LogicalResult errorIfTypeOrShapeMismatch(Operation *op, const std::vector<Type> &list1,
                                                std::string_view name1, const std::vector<Type> &list2,
                                                std::string_view name2) {
  if (list1.size() != list2.size())
    return op->emitOpError() << "require same number of values in " << name1 << " (" << int64_t(list1.size())
                             << ") and " << name2 << " (" << int64_t(list2.size()) << ")";
  for (size_t i = 0; i < list1.size(); ++i)
    if (failed(errorIfTypeOrShapeMismatch(op, list1[i], name1, list2[i], name2)))
      return failure();
  return success();
}

template <typename Range> std::vector<Type> typesOf(Range values) {
  std::vector<Type> types;
  for (Value v : values)
    types.push_back(v.getType());
  return types;
}

/// Whether `type` has a static shape of one element (or no static shape).
inline bool shapeIsSizeOneOrUnknown(Type type) {
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped || !shaped.hasRank() || !shaped.hasStaticShape())
    return true;
  return shaped.getNumElements() == 1;
}

/// `expect input and output to have same element type, got ...`.
inline LogicalResult verifySameElementTypes(Operation *op, Type inType, Type outType) {
  auto inputType = dyn_cast<TensorType>(inType);
  auto outputType = dyn_cast<TensorType>(outType);
  if (!inputType)
    return op->emitOpError("expect shaped tensor for input, got ") << inType;
  if (!outputType)
    return op->emitOpError("expect shaped tensor for output, got ") << outType;
  Type in = inputType.getElementType(), out = outputType.getElementType();
  bool inKnown = in.isIntOrIndexOrFloat() || isa<quant::UniformQuantizedType>(in);
  bool outKnown = out.isIntOrIndexOrFloat() || isa<quant::UniformQuantizedType>(out);
  if (inKnown && outKnown && in != out)
    return op->emitOpError("expect input and output to have same element type, got ") << in << " and " << out;
  return success();
}

//===----------------------------------------------------------------------===//
// Zero points
//===----------------------------------------------------------------------===//

/// The first value of a constant zero point (MLIR's getZeroPoint): null if
/// `zp` is not a constant, -1 for a non-zero float (or another element type)
/// to trigger the check.
inline std::optional<int64_t> getZeroPoint(Value zp, bool signExtend) {
  Operation *def = zp.getDefiningOp();
  if (!def || !def->hasTrait<OpTrait::ConstantLike>())
    return std::nullopt;
  auto values = dyn_cast_or_null<DenseElementsAttr>(ods::getInherentAttr(def, "values"));
  if (!values || values.getNumElements() < 1)
    return std::nullopt;
  Type elementType = values.getElementType();
  if (isa<FloatType>(elementType))
    return values.getFloatValue(0).isZero() ? 0 : -1;
  if (isa<IntegerType>(elementType)) {
    APInt v = values.getIntValue(0);
    return signExtend ? v.getSExtValue() : int64_t(v.getZExtValue());
  }
  return -1;
}

/// `<operand> zero point must be zero for non-int8 integer types`.
inline LogicalResult verifyZeroPoint(Operation *op, Value zpValue, std::string_view operand) {
  std::optional<int64_t> zp = getZeroPoint(zpValue, /*signExtend=*/true);
  if (!zp)
    return success();
  Type zpElemType = getElementTypeOrSelf(zpValue.getType());
  if (!zpElemType.isInteger(8) && *zp != 0)
    return op->emitOpError() << operand << " zero point must be zero for non-int8 integer types";
  return success();
}

/// tosa.rescale's zero points (unsigned int16 may use 32768).
inline LogicalResult verifyRescaleZeroPoint(Operation *op, Value zpValue, bool isInput, bool tensorUnsigned) {
  std::optional<int64_t> zp = getZeroPoint(zpValue, !tensorUnsigned);
  if (!zp || *zp == 0)
    return success();
  std::string_view name = isInput ? "input" : "output";
  Type zpElemType = getElementTypeOrSelf(zpValue.getType());
  if (!zpElemType.isInteger(8) && !(zpElemType.isInteger(16) && tensorUnsigned))
    return op->emitOpError() << "expect " << name << "_zp of 0, got " << *zp;
  if (zpElemType.isInteger(16) && tensorUnsigned && *zp != 32768)
    return op->emitOpError() << "expect " << name << "_zp of 0 or 32768 for unsigned int16 " << name << ", got "
                             << *zp;
  return success();
}

/// The values of the tosa.const_shape defining `shape` (getConstShapeValues).
inline std::optional<std::vector<int64_t>> getConstShapeValues(Value shape) {
  Operation *def = shape.getDefiningOp();
  if (!def || !isa<ConstShapeOp>(def))
    return std::nullopt;
  DenseIntElementsAttr values = ConstShapeOp(def).getValuesAttr();
  if (!values)
    return std::nullopt;
  std::vector<int64_t> result;
  for (const APInt &v : values.getIntValues())
    result.push_back(v.getSExtValue());
  return result;
}

} // namespace lamina::tosa::detail
