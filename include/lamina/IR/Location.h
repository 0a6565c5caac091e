//===- Location.h - Source locations attached to IR -------------------------===//
#pragma once

#include "lamina/IR/Attributes.h"

namespace lamina {

/// Base of all location attributes (unknown, file:line:col, name, callsite,
/// fused, opaque).
class LocationAttr : public Attribute {
public:
  using Attribute::Attribute;
  LocationAttr(Attribute a) : Attribute(a) {}
  static bool classof(Attribute attr);
};

/// A non-null location handle, convertible to and from LocationAttr.
class Location {
public:
  Location(LocationAttr loc) : impl(loc) { assert(loc && "location should never be null"); }
  Location(const LocationAttr::ImplType *impl) : impl(impl) { assert(impl); }

  operator LocationAttr() const { return impl; }
  LocationAttr operator->() const { return impl; }
  MLIRContext *getContext() const { return impl.getContext(); }
  bool operator==(Location o) const { return impl == o.impl; }
  bool operator!=(Location o) const { return impl != o.impl; }
  const void *getAsOpaquePointer() const { return impl.getAsOpaquePointer(); }
  static Location getFromOpaquePointer(const void *p) {
    return Location(static_cast<const Attribute::ImplType *>(p));
  }
  void print(raw_ostream &os) const { impl.print(os); }


private:
  LocationAttr impl;
};

inline uint64_t hashValue(Location l) { return hashValue(l.getAsOpaquePointer()); }
raw_ostream &operator<<(raw_ostream &os, Location loc);

} // namespace lamina
