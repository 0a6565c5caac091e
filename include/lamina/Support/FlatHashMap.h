//===- FlatHashMap.h - Open-addressing hash map and set with erase --------===//
//
// FlatHashMap and FlatHashSet keep their entries in one array (linear
// probing, power-of-two capacity at most 3/4 full) and erase by shifting
// later entries back, so they allocate only when they grow and clear()
// keeps the array for reuse. They suit the per-operation tables of passes
// (worklists, visited sets, constant maps) that std::unordered_map would
// fill with one heap node per entry. Keys are described by a KeyInfo:
// an empty key that is never inserted, a hash and an equality.
//
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace lamina {

/// The default KeyInfo, for pointers (null is the empty key).
template <typename KeyT> struct FlatMapKeyInfo {
  static KeyT getEmptyKey() { return KeyT(); }
  static size_t getHash(const KeyT &key) {
    uint64_t x = uint64_t(reinterpret_cast<uintptr_t>(key));
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return size_t(x);
  }
  static bool isEqual(const KeyT &a, const KeyT &b) { return a == b; }
};

namespace detail {
struct FlatEmptyValue {};
} // namespace detail

/// An open-addressing hash map (see the file comment).
template <typename KeyT, typename ValueT, typename InfoT = FlatMapKeyInfo<KeyT>> class FlatHashMap {
public:
  struct Entry {
    KeyT key;
    [[no_unique_address]] ValueT value;
  };

  FlatHashMap() = default;

  /// The value of `key`, or null.
  ValueT *find(const KeyT &key) {
    if (count == 0)
      return nullptr;
    size_t mask = slots.size() - 1;
    for (size_t i = InfoT::getHash(key) & mask;; i = (i + 1) & mask) {
      Entry &e = slots[i];
      if (InfoT::isEqual(e.key, key))
        return &e.value;
      if (isEmpty(e.key))
        return nullptr;
    }
  }
  const ValueT *find(const KeyT &key) const { return const_cast<FlatHashMap *>(this)->find(key); }
  bool contains(const KeyT &key) const { return find(key) != nullptr; }

  /// Inserts (key, value) unless `key` is present. Returns the stored value
  /// and whether it was inserted.
  std::pair<ValueT *, bool> insert(const KeyT &key, ValueT value = ValueT()) {
    if ((count + 1) * 4 > slots.size() * 3)
      rehash(slots.empty() ? 16 : slots.size() * 2);
    size_t mask = slots.size() - 1;
    for (size_t i = InfoT::getHash(key) & mask;; i = (i + 1) & mask) {
      Entry &e = slots[i];
      if (isEmpty(e.key)) {
        e.key = key;
        e.value = std::move(value);
        ++count;
        return {&e.value, true};
      }
      if (InfoT::isEqual(e.key, key))
        return {&e.value, false};
    }
  }
  /// The value of `key`, inserted default-constructed if absent.
  ValueT &operator[](const KeyT &key) { return *insert(key).first; }

  /// Removes `key`; returns whether it was present.
  bool erase(const KeyT &key) {
    if (count == 0)
      return false;
    size_t mask = slots.size() - 1;
    size_t hole = InfoT::getHash(key) & mask;
    for (;; hole = (hole + 1) & mask) {
      if (InfoT::isEqual(slots[hole].key, key))
        break;
      if (isEmpty(slots[hole].key))
        return false;
    }
    // Shift back the entries after the hole whose home slot is not in
    // (hole, j] (cyclically): their probe sequence runs through the hole.
    for (size_t j = (hole + 1) & mask;; j = (j + 1) & mask) {
      Entry &e = slots[j];
      if (isEmpty(e.key))
        break;
      size_t home = InfoT::getHash(e.key) & mask;
      bool reachable = hole <= j ? (home > hole && home <= j) : (home > hole || home <= j);
      if (!reachable) {
        slots[hole] = std::move(e);
        hole = j;
      }
    }
    slots[hole].key = InfoT::getEmptyKey();
    slots[hole].value = ValueT();
    --count;
    return true;
  }

  size_t size() const { return count; }
  bool empty() const { return count == 0; }

  /// Removes every entry. The array is kept for reuse unless it is much
  /// larger than what it held.
  void clear() {
    if (count == 0 && slots.size() <= 1024)
      return;
    if (slots.size() > 1024 && count * 16 < slots.size()) {
      slots.clear();
      slots.shrink_to_fit();
      count = 0;
      return;
    }
    for (Entry &e : slots)
      e = Entry{InfoT::getEmptyKey(), ValueT()};
    count = 0;
  }
  /// Makes room for `n` entries without rehashing.
  void reserve(size_t n) {
    size_t cap = slots.empty() ? 16 : slots.size();
    while (cap * 3 < n * 4)
      cap *= 2;
    if (cap > slots.size())
      rehash(cap);
  }

  /// Calls `fn(key, value)` for every entry, in no particular order.
  template <typename FnT> void forEach(FnT &&fn) {
    for (Entry &e : slots)
      if (!isEmpty(e.key))
        fn(e.key, e.value);
  }

private:
  static bool isEmpty(const KeyT &key) { return InfoT::isEqual(key, InfoT::getEmptyKey()); }
  void rehash(size_t newCapacity) {
    std::vector<Entry> old = std::move(slots);
    slots.assign(newCapacity, Entry{InfoT::getEmptyKey(), ValueT()});
    size_t mask = newCapacity - 1;
    for (Entry &e : old) {
      if (isEmpty(e.key))
        continue;
      size_t i = InfoT::getHash(e.key) & mask;
      while (!isEmpty(slots[i].key))
        i = (i + 1) & mask;
      slots[i] = std::move(e);
    }
  }

  std::vector<Entry> slots;
  size_t count = 0;
};

/// An open-addressing hash set (see the file comment).
template <typename KeyT, typename InfoT = FlatMapKeyInfo<KeyT>> class FlatHashSet {
public:
  /// Inserts `key`; returns whether it was absent.
  bool insert(const KeyT &key) { return map.insert(key).second; }
  bool contains(const KeyT &key) const { return map.contains(key); }
  size_t count(const KeyT &key) const { return map.contains(key) ? 1 : 0; }
  bool erase(const KeyT &key) { return map.erase(key); }
  size_t size() const { return map.size(); }
  bool empty() const { return map.empty(); }
  void clear() { map.clear(); }
  void reserve(size_t n) { map.reserve(n); }
  template <typename FnT> void forEach(FnT &&fn) {
    map.forEach([&](const KeyT &key, detail::FlatEmptyValue &) { fn(key); });
  }

private:
  FlatHashMap<KeyT, detail::FlatEmptyValue, InfoT> map;
};

} // namespace lamina
