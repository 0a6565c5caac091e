//===- InterfaceSupport.h - Interfaces for types, attributes and ops -------===//
//
// An interface is a table of function pointers (its `Concept`) that a concrete
// type, attribute or operation registers under the interface's TypeID. An
// interface handle (e.g. `ShapedType`, `SymbolOpInterface`) is the underlying
// handle plus a pointer to the concept it found, so calls are one indirect
// jump.
//
#pragma once

#include "lamina/Support/TypeID.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace lamina {

/// Maps interface TypeIDs to concept tables (lookups are a short scan). A few
/// interfaces asked per operation on hot paths (the printer's and parser's
/// OpAsmOpInterface) also get a fixed slot, read without a scan.
class InterfaceMap {
public:
  /// The number of fixed slots (see `OpInterface`'s `fastSlot`).
  static constexpr unsigned kNumFastSlots = 2;

  /// Registers (or replaces) the concept of an interface; `fastSlot` (if not
  /// -1) is the interface's fixed slot.
  void insert(TypeID interfaceID, const void *conceptPtr, int fastSlot = -1) {
    if (fastSlot >= 0)
      fast[fastSlot] = conceptPtr;
    for (auto &e : entries)
      if (e.first == interfaceID) {
        e.second = conceptPtr;
        return;
      }
    entries.emplace_back(interfaceID, conceptPtr);
  }
  /// The concept for `interfaceID`, or null.
  const void *lookup(TypeID interfaceID) const {
    for (const auto &e : entries)
      if (e.first == interfaceID)
        return e.second;
    return nullptr;
  }
  /// The concept in fixed slot `slot`, or null.
  const void *lookupFast(unsigned slot) const { return fast[slot]; }
  template <typename Interface> bool contains() const {
    return lookup(TypeID::get<Interface>()) != nullptr;
  }
  bool empty() const { return entries.empty(); }
  /// Every (interface, concept) pair, in registration order.
  const std::vector<std::pair<TypeID, const void *>> &getEntries() const { return entries; }

private:
  std::vector<std::pair<TypeID, const void *>> entries;
  const void *fast[kNumFastSlots] = {};
};

/// A sorted set of trait TypeIDs.
class TraitSet {
public:
  void insert(TypeID id) {
    if (!contains(id))
      ids.push_back(id);
  }
  bool contains(TypeID id) const {
    for (TypeID t : ids)
      if (t == id)
        return true;
    return false;
  }
  const std::vector<TypeID> &getIDs() const { return ids; }

private:
  std::vector<TypeID> ids;
};

} // namespace lamina
