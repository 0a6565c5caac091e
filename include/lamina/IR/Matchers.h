//===- Matchers.h - Matching constant values and ops -----------------------===//
//
// The small subset of MLIR's m_Constant family that folding and patterns
// need: a value or op is constant when it is produced by a ConstantLike op,
// whose fold yields its attribute.
//
#pragma once

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/Operation.h"

namespace lamina {

/// If `op` is ConstantLike, sets `*value` (when non-null) to the attribute
/// its fold yields and returns true (m_Constant on an op).
bool matchConstantOp(Operation *op, Attribute *value = nullptr);
/// If `v` is defined by a ConstantLike op, sets `*value` (when non-null) to
/// its attribute and returns true (m_Constant on a value).
bool matchConstant(Value v, Attribute *value = nullptr);
/// m_Constant<AttrT>: as matchConstant, and the attribute is an AttrT.
template <typename AttrT> bool matchConstant(Value v, AttrT *value) {
  Attribute attr;
  if (!matchConstant(v, &attr))
    return false;
  auto typed = dyn_cast<AttrT>(attr);
  if (!typed)
    return false;
  if (value)
    *value = typed;
  return true;
}
/// m_ConstantInt: the constant integer (or splat integer) value of `v`.
bool matchConstantInt(Value v, APInt *value);
/// m_Zero / m_One / m_AllOnes on integers (scalar or splat).
bool matchZero(Value v);
bool matchOne(Value v);
bool matchAllOnes(Value v);
/// m_ConstantFloat: the constant float (or splat float) value of `v`.
bool matchConstantFloat(Value v, APFloat *value);

} // namespace lamina
