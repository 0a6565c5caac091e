//===- OpFoldResult.h - What folding an op produces -----------------------===//
//
// OpFoldResult: one folded result, either an attribute (a constant the
// dialect materializes) or an existing value. Op folders (Operation::fold,
// the ODS folder hooks) fill a list of them.
//
#pragma once

#include "lamina/IR/Attributes.h"
#include "lamina/IR/Value.h"

#include <cstddef>
#include <type_traits>

namespace lamina {

/// What folding produces for one result: an attribute (a constant the
/// dialect materializes) or an existing value. Null when empty.
class OpFoldResult {
public:
  OpFoldResult() = default;
  OpFoldResult(std::nullptr_t) {}
  OpFoldResult(Attribute attr) : ptr(attr.getAsOpaquePointer()), isValueTag(false) {}
  OpFoldResult(Value value) : ptr(value.getAsOpaquePointer()), isValueTag(true) {}
  OpFoldResult(OpResult value) : OpFoldResult(Value(value)) {}
  template <typename AttrT, typename = std::enable_if_t<std::is_base_of_v<Attribute, AttrT>>>
  OpFoldResult(AttrT attr) : OpFoldResult(Attribute(attr)) {}

  explicit operator bool() const { return ptr; }
  bool isNull() const { return !ptr; }
  bool isAttribute() const { return ptr && !isValueTag; }
  bool isValue() const { return ptr && isValueTag; }
  /// The attribute, or null if this holds a value (or nothing).
  Attribute getAttribute() const {
    return isAttribute() ? Attribute::getFromOpaquePointer(ptr) : Attribute();
  }
  /// The value, or null if this holds an attribute (or nothing).
  Value getValue() const { return isValue() ? Value::getFromOpaquePointer(ptr) : Value(); }
  bool operator==(const OpFoldResult &o) const { return ptr == o.ptr && isValueTag == o.isValueTag; }
  bool operator!=(const OpFoldResult &o) const { return !(*this == o); }

private:
  const void *ptr = nullptr;
  bool isValueTag = false;
};

} // namespace lamina
