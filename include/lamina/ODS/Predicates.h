//===- Predicates.h - Helpers of the constraints imported from ODS --------===//
//
// The predicates of MLIR's constraint records are C++ snippets; the importer
// (utils/import-ods.py) translates them to Lamina's API, which spells MLIR's
// classes and methods the same way. The few idioms Lamina spells
// differently are rewritten by the importer into calls of the functions
// below.
//
#pragma once

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/Builders.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/Value.h"

#include <iterator>

namespace lamina {
namespace ods {

/// `$_self.hasTrait<ValueSemantics>()`: the builtin types with value
/// semantics (vectors and tensors, ranked or not).
inline bool hasValueSemantics(Type t) { return isa<VectorType>(t) || isa<TensorType>(t); }

/// MLIR's FixedVectorType / ScalableVectorType: vectors without / with
/// scalable dimensions.
class FixedVectorType : public VectorType {
public:
  using VectorType::VectorType;
  static bool classof(Type t) { return isa<VectorType>(t) && !cast<VectorType>(t).isScalable(); }
};
class ScalableVectorType : public VectorType {
public:
  using VectorType::VectorType;
  static bool classof(Type t) { return isa<VectorType>(t) && cast<VectorType>(t).isScalable(); }
};

/// `getI1SameShape($_self)`: i1, or the shaped type of the same shape with
/// i1 elements (an unranked tensor stays unranked).
Type getI1SameShape(Type t);

/// `llvm::all_of(range, pred)` and friends, over any range (ArrayAttr,
/// ArrayRef, ...).
template <typename R, typename P> bool all_of(const R &range, P pred) {
  for (const auto &x : range)
    if (!pred(x))
      return false;
  return true;
}
template <typename R, typename P> bool any_of(const R &range, P pred) {
  for (const auto &x : range)
    if (pred(x))
      return true;
  return false;
}
template <typename R, typename P> bool none_of(const R &range, P pred) { return !any_of(range, pred); }
/// `llvm::is_sorted(range)`: non-decreasing.
template <typename R> bool is_sorted(const R &range) {
  auto it = std::begin(range), end = std::end(range);
  if (it == end)
    return true;
  for (auto prev = it++; it != end; prev = it++)
    if (*it < *prev)
      return false;
  return true;
}

/// `llvm::is_contained(range, value)`, also of a braced list
/// (`is_contained({4, 16, 32}, attr.getInt())`).
template <typename R, typename V> bool is_contained(const R &range, const V &value) {
  for (const auto &x : range)
    if (x == value)
      return true;
  return false;
}
template <typename T, typename V> bool is_contained(std::initializer_list<T> list, const V &value) {
  for (const T &x : list)
    if (x == value)
      return true;
  return false;
}

/// `VectorType::scaleElementBitwidth(scale)`: the vector of the same shape
/// whose integer or float elements are `scale` times wider (signedness kept;
/// f16/bf16 -> f32/f64, f32 -> f64), or null when there is no such type.
VectorType scaleElementBitwidth(Type vectorType, unsigned scale);

/// `VectorType::allDimsScalable()`: a vector whose every dimension is
/// scalable (false for a non-vector type).
inline bool allDimsScalable(Type t) {
  auto vector = dyn_cast<VectorType>(t);
  if (!vector)
    return false;
  for (bool scalable : vector.getScalableDims())
    if (!scalable)
      return false;
  return true;
}

/// `VectorType::cloneWith(std::nullopt, elementType)`: the vector of the
/// same shape (and scalable dimensions) with other elements.
inline VectorType cloneWithElementType(Type vectorType, Type elementType) {
  auto vector = cast<VectorType>(vectorType);
  return VectorType::get(vector.getShape(), elementType, vector.getScalableDims());
}

/// `DenseIntElementsAttr::get(type, values)` (default values of integer
/// elements attributes).
DenseIntElementsAttr getDenseIntElementsAttr(ShapedType type, ArrayRef<int64_t> values);

/// `Builder::getBoolArrayAttr(values)`: an array of BoolAttr (default values
/// of BoolArrayAttr).
lamina::ArrayAttr getBoolArrayAttr(Builder &b, ArrayRef<bool> values);

} // namespace ods

/// MLIR's getElementTypeOrSelf: the element type of a shaped type, else the
/// type itself.
inline Type getElementTypeOrSelf(Type t) {
  if (auto shaped = dyn_cast<ShapedType>(t))
    return shaped.getElementType();
  return t;
}
inline Type getElementTypeOrSelf(Value v) { return getElementTypeOrSelf(v.getType()); }

} // namespace lamina
