//===- TypeID.h - Unique identifiers for C++ classes ----------------------===//
#pragma once

#include <cstdint>
#include <functional>

namespace lamina {

/// A value that uniquely identifies a C++ class within a process, without RTTI.
class TypeID {
public:
  TypeID() = default;
  template <typename T> static TypeID get() {
    static const char anchor = 0;
    return TypeID(&anchor);
  }
  /// A fresh identifier, for classes defined at runtime (dynamic dialects).
  static TypeID allocate();

  bool operator==(const TypeID &o) const { return ptr == o.ptr; }
  bool operator!=(const TypeID &o) const { return ptr != o.ptr; }
  const void *getAsOpaquePointer() const { return ptr; }
  explicit operator bool() const { return ptr != nullptr; }

private:
  explicit TypeID(const void *p) : ptr(p) {}
  const void *ptr = nullptr;
};

} // namespace lamina

template <> struct std::hash<lamina::TypeID> {
  size_t operator()(lamina::TypeID id) const {
    return std::hash<const void *>()(id.getAsOpaquePointer());
  }
};
