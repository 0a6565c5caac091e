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
#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

namespace lamina {

namespace detail {
/// A vector whose copies share their elements until one of them changes
/// (copy on write). Operation names copy their trait and interface tables
/// from a process-wide record into every context that loads their dialect
/// (ods::registerOpsOnce): sharing makes that copy free of allocation. The
/// elements are read through a pointer kept beside the owner, so a lookup
/// costs what a std::vector's does.
template <typename T> class SharedVector {
public:
  SharedVector() = default;
  SharedVector(const SharedVector &) = default;
  SharedVector &operator=(const SharedVector &) = default;
  /// A moved-from vector is empty (not a view of the elements it gave away).
  SharedVector(SharedVector &&other) noexcept
      : owner(std::move(other.owner)), data(other.data), count(other.count) {
    other.data = nullptr;
    other.count = 0;
  }
  SharedVector &operator=(SharedVector &&other) noexcept {
    if (this != &other) {
      owner = std::move(other.owner);
      data = other.data;
      count = other.count;
      other.data = nullptr;
      other.count = 0;
    }
    return *this;
  }

  const T *begin() const { return data; }
  const T *end() const { return data + count; }
  size_t size() const { return count; }
  bool empty() const { return count == 0; }
  /// The elements as a vector (an empty one if there are none).
  const std::vector<T> &asVector() const {
    static const std::vector<T> none;
    return owner ? *owner : none;
  }
  /// Changes the elements through `fn(std::vector<T> &)`, first copying
  /// them if another SharedVector shares them.
  template <typename Fn> void update(Fn &&fn) {
    if (!owner)
      owner = std::make_shared<std::vector<T>>();
    else if (owner.use_count() != 1)
      owner = std::make_shared<std::vector<T>>(*owner);
    fn(*owner);
    data = owner->data();
    count = owner->size();
  }

private:
  std::shared_ptr<std::vector<T>> owner;
  const T *data = nullptr;
  size_t count = 0;
};
} // namespace detail

/// Maps interface TypeIDs to concept tables (lookups are a short scan). A few
/// interfaces asked per operation on hot paths (the printer's and parser's
/// OpAsmOpInterface) also get a fixed slot, read without a scan. Copies
/// share the table until one changes.
class InterfaceMap {
public:
  /// The number of fixed slots (see `OpInterface`'s `fastSlot`).
  static constexpr unsigned kNumFastSlots = 2;

  /// Registers (or replaces) the concept of an interface; `fastSlot` (if not
  /// -1) is the interface's fixed slot.
  void insert(TypeID interfaceID, const void *conceptPtr, int fastSlot = -1) {
    if (fastSlot >= 0)
      fast[fastSlot] = conceptPtr;
    entries.update([&](std::vector<std::pair<TypeID, const void *>> &list) {
      for (auto &e : list)
        if (e.first == interfaceID) {
          e.second = conceptPtr;
          return;
        }
      list.emplace_back(interfaceID, conceptPtr);
    });
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
  const std::vector<std::pair<TypeID, const void *>> &getEntries() const { return entries.asVector(); }

private:
  detail::SharedVector<std::pair<TypeID, const void *>> entries;
  const void *fast[kNumFastSlots] = {};
};

/// A set of trait TypeIDs, in insertion order. Copies share the set until
/// one changes.
class TraitSet {
public:
  void insert(TypeID id) {
    if (!contains(id))
      ids.update([&](std::vector<TypeID> &list) { list.push_back(id); });
  }
  bool contains(TypeID id) const {
    for (TypeID t : ids)
      if (t == id)
        return true;
    return false;
  }
  const std::vector<TypeID> &getIDs() const { return ids.asVector(); }

private:
  detail::SharedVector<TypeID> ids;
};

} // namespace lamina
