//===- DenseMap.h - Open-addressing hash map for pointer-like keys --------===//
#pragma once

#include "lamina/Support/Hashing.h"

#include <cstdint>
#include <cstdlib>
#include <new>
#include <string_view>
#include <utility>
#include <vector>

namespace lamina {

/// A hash map from non-null pointers to values with linear probing; much
/// faster than std::unordered_map for the printer's and parser's per-value
/// tables. Keys are never erased individually (clear() resets everything).
template <typename KeyPtr, typename ValueT> class PointerMap {
public:
  PointerMap() = default;

  /// Returns the value for `key`, inserting a default one if absent.
  ValueT &operator[](KeyPtr key) { return insert(key, ValueT()).first->second; }

  /// Inserts (key, value) if key is absent. Returns the slot and whether it
  /// was inserted.
  std::pair<std::pair<KeyPtr, ValueT> *, bool> insert(KeyPtr key, ValueT value) {
    if ((count + 1) * 4 >= slots.size() * 3)
      grow();
    size_t mask = slots.size() - 1;
    for (size_t i = hashPtr(key) & mask;; i = (i + 1) & mask) {
      auto &s = slots[i];
      if (!s.first) {
        s.first = key;
        s.second = std::move(value);
        ++count;
        return {&s, true};
      }
      if (s.first == key)
        return {&s, false};
    }
  }

  /// The value for `key`, or null.
  ValueT *lookup(KeyPtr key) {
    if (slots.empty())
      return nullptr;
    size_t mask = slots.size() - 1;
    for (size_t i = hashPtr(key) & mask;; i = (i + 1) & mask) {
      auto &s = slots[i];
      if (!s.first)
        return nullptr;
      if (s.first == key)
        return &s.second;
    }
  }
  const ValueT *lookup(KeyPtr key) const { return const_cast<PointerMap *>(this)->lookup(key); }
  bool contains(KeyPtr key) const { return lookup(key) != nullptr; }
  size_t size() const { return count; }
  bool empty() const { return count == 0; }
  void clear() {
    slots.clear();
    count = 0;
  }
  void reserve(size_t n) {
    while (slots.size() * 3 <= n * 4)
      grow();
  }
  template <typename Fn> void forEach(Fn fn) {
    for (auto &s : slots)
      if (s.first)
        fn(s.first, s.second);
  }

private:
  static size_t hashPtr(KeyPtr p) {
    uint64_t x = reinterpret_cast<uintptr_t>(p);
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return size_t(x);
  }
  void grow() {
    std::vector<std::pair<KeyPtr, ValueT>> old = std::move(slots);
    slots.clear();
    slots.resize(old.empty() ? 64 : old.size() * 2);
    count = 0;
    for (auto &s : old)
      if (s.first)
        insert(s.first, std::move(s.second));
  }
  std::vector<std::pair<KeyPtr, ValueT>> slots;
  size_t count = 0;
};

/// A compact pointer-to-uint32 map for very large tables (one entry per SSA
/// value when printing): 12-byte slots, power-of-two capacity kept at most
/// 7/8 full. Keys are never erased.
template <typename KeyPtr> class CompactPointerMap {
public:
  CompactPointerMap() = default;
  /// Pre-sizes for `n` keys so no rehash happens while filling.
  void reserve(size_t n) {
    size_t cap = 64;
    while (cap * 7 < n * 8 + 8)
      cap *= 2;
    if (cap > capacity)
      rehash(cap);
  }
  /// Inserts if absent; returns the stored value and whether it was inserted.
  std::pair<uint32_t *, bool> insert(KeyPtr key, uint32_t value) {
    if ((count + 1) * 8 > capacity * 7)
      rehash(capacity ? capacity * 2 : 64);
    size_t mask = capacity - 1;
    for (size_t i = hashPtr(key) & mask;; i = (i + 1) & mask) {
      Slot &s = slots[i];
      KeyPtr k = s.getKey();
      if (!k) {
        s.setKey(key);
        s.value = value;
        ++count;
        return {&s.value, true};
      }
      if (k == key)
        return {&s.value, false};
    }
  }
  uint32_t &operator[](KeyPtr key) { return *insert(key, 0).first; }
  const uint32_t *lookup(KeyPtr key) const {
    if (!capacity)
      return nullptr;
    size_t mask = capacity - 1;
    for (size_t i = hashPtr(key) & mask;; i = (i + 1) & mask) {
      const Slot &s = slots[i];
      KeyPtr k = s.getKey();
      if (!k)
        return nullptr;
      if (k == key)
        return &s.value;
    }
  }
  bool contains(KeyPtr key) const { return lookup(key) != nullptr; }
  size_t size() const { return count; }

private:
#pragma pack(push, 4)
  struct Slot {
    uint32_t keyLo = 0, keyHi = 0;
    uint32_t value = 0;
    KeyPtr getKey() const {
      return reinterpret_cast<KeyPtr>((uintptr_t(keyHi) << 32) | uintptr_t(keyLo));
    }
    void setKey(KeyPtr k) {
      uintptr_t v = reinterpret_cast<uintptr_t>(k);
      keyLo = uint32_t(v);
      keyHi = uint32_t(uint64_t(v) >> 32);
    }
  };
#pragma pack(pop)
  static_assert(sizeof(Slot) == 12, "slots are packed to 12 bytes");
  static size_t hashPtr(KeyPtr p) {
    uint64_t x = reinterpret_cast<uintptr_t>(p);
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return size_t(x);
  }
  void rehash(size_t newCapacity) {
    std::vector<Slot> old = std::move(slots);
    slots.assign(newCapacity, Slot());
    capacity = newCapacity;
    count = 0;
    for (Slot &s : old)
      if (s.getKey())
        insert(s.getKey(), s.value);
  }
  std::vector<Slot> slots;
  size_t capacity = 0;
  size_t count = 0;
};

/// A hash map keyed by string views whose bytes outlive the map (names in
/// the parsed buffer): open addressing with linear probing, the hash kept in
/// the slot, and erase by backward shifting (no tombstones). No allocation
/// per entry, unlike std::unordered_map.
template <typename ValueT> class StringViewMap {
public:
  StringViewMap() = default;

  /// Returns the value for `key`, inserting a default one if absent.
  ValueT &operator[](std::string_view key) {
    if ((count + 1) * 4 > slots.size() * 3)
      grow();
    uint64_t h = hashOf(key);
    size_t mask = slots.size() - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
      Slot &s = slots[i];
      if (!s.used) {
        s.used = true;
        s.hash = h;
        s.key = key;
        s.value = ValueT();
        ++count;
        return s.value;
      }
      if (s.hash == h && s.key == key)
        return s.value;
    }
  }
  /// The value for `key`, or null.
  ValueT *find(std::string_view key) {
    if (slots.empty())
      return nullptr;
    uint64_t h = hashOf(key);
    size_t mask = slots.size() - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
      Slot &s = slots[i];
      if (!s.used)
        return nullptr;
      if (s.hash == h && s.key == key)
        return &s.value;
    }
  }
  /// Removes `key` if present; returns whether it was.
  bool erase(std::string_view key) {
    if (slots.empty())
      return false;
    uint64_t h = hashOf(key);
    size_t mask = slots.size() - 1;
    size_t i = h & mask;
    for (;; i = (i + 1) & mask) {
      Slot &s = slots[i];
      if (!s.used)
        return false;
      if (s.hash == h && s.key == key)
        break;
    }
    // Backward-shift the entries after the hole that may move closer to
    // their home slot.
    for (size_t j = (i + 1) & mask;; j = (j + 1) & mask) {
      Slot &s = slots[j];
      if (!s.used)
        break;
      size_t home = s.hash & mask;
      // Move s into the hole if its home is not in (i, j] cyclically.
      bool between = i <= j ? (home > i && home <= j) : (home > i || home <= j);
      if (!between) {
        slots[i] = std::move(s);
        i = j;
      }
    }
    slots[i].used = false;
    slots[i].value = ValueT();
    --count;
    return true;
  }
  size_t size() const { return count; }
  bool empty() const { return count == 0; }
  void clear() {
    slots.clear();
    count = 0;
  }
  /// Calls fn(key, value) on every entry, in no particular order.
  template <typename Fn> void forEach(Fn &&fn) {
    for (Slot &s : slots)
      if (s.used)
        fn(s.key, s.value);
  }

private:
  struct Slot {
    uint64_t hash = 0;
    std::string_view key;
    bool used = false;
    ValueT value = ValueT();
  };
  static uint64_t hashOf(std::string_view key) { return hashValue(key); }
  void grow() {
    std::vector<Slot> old = std::move(slots);
    slots.clear();
    slots.resize(old.empty() ? 16 : old.size() * 2);
    size_t mask = slots.size() - 1;
    for (Slot &o : old) {
      if (!o.used)
        continue;
      size_t i = o.hash & mask;
      while (slots[i].used)
        i = (i + 1) & mask;
      slots[i] = std::move(o);
    }
  }
  std::vector<Slot> slots;
  size_t count = 0;
};

} // namespace lamina
