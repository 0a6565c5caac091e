//===- StorageUniquer.h - Uniquing of immutable storage objects -----------===//
//
// Types and attributes are immutable, uniqued objects owned by the context.
// A storage class describes itself with the contract of MLIR's
// "Defining Dialect Attributes and Types":
//
//   struct MyStorage : public TypeStorage {       // or AttributeStorage
//     using KeyTy = ...;                           // identifies an instance
//     bool operator==(const KeyTy &) const;
//     static uint64_t hashKey(const KeyTy &);      // optional if KeyTy is hashable
//     static KeyTy getKey(Args...);                // optional if KeyTy(Args...) works
//     static MyStorage *construct(StorageAllocator &, const KeyTy &);
//     LogicalResult mutate(StorageAllocator &, Args...);  // optional, mutable part
//   };
//
// Lookups are thread-safe: each registered storage kind has its own sharded
// hash table, each shard with its own lock and arena.
//
#pragma once

#include "lamina/Support/Allocator.h"
#include "lamina/Support/ArrayRef.h"
#include "lamina/Support/Hashing.h"
#include "lamina/Support/LogicalResult.h"
#include "lamina/Support/STLExtras.h"
#include "lamina/Support/TypeID.h"

#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

namespace lamina {

class BaseStorage;

/// Storages whose destructor must run when the context goes (see
/// StorageUniquer::get), with the function that runs it.
using StorageDestructorList = std::vector<std::pair<BaseStorage *, void (*)(BaseStorage *)>>;

/// The allocator handed to storage `construct` and `mutate` methods. Memory
/// lives as long as the context.
class StorageAllocator {
public:
  explicit StorageAllocator(BumpPtrAllocator &alloc, StorageDestructorList *destructors = nullptr)
      : alloc(alloc), destructors(destructors) {}
  template <typename T> T *allocate() { return alloc.allocate<T>(); }
  void *allocate(size_t size, size_t align) { return alloc.allocate(size, align); }
  std::string_view copyInto(std::string_view s) { return alloc.copyInto(s); }
  template <typename T> ArrayRef<T> copyInto(ArrayRef<T> a) {
    auto s = alloc.copyInto(std::span<const T>(a.data(), a.size()));
    return ArrayRef<T>(s.data(), s.size());
  }

  /// Makes the context run `storage`'s destructor when it is destroyed.
  template <typename Storage> void registerDestructor(Storage *storage) {
    destructors->emplace_back(storage, [](BaseStorage *p) { static_cast<Storage *>(p)->~Storage(); });
  }

private:
  BumpPtrAllocator &alloc;
  StorageDestructorList *destructors;
};

/// Base of every uniqued storage object.
class BaseStorage {};

namespace detail {
/// Whether a new storage owns memory outside its arena (a wide APInt) that
/// its destructor frees: storages that are not trivially destructible
/// unless they say otherwise with `bool needsDestruction() const`.
template <typename Storage> bool needsDestruction(const Storage &storage) {
  if constexpr (std::is_trivially_destructible_v<Storage>)
    return false;
  else if constexpr (requires { storage.needsDestruction(); })
    return storage.needsDestruction();
  else
    return true;
}
template <typename Storage> void registerDestructorIfNeeded(StorageAllocator &allocator, Storage *storage) {
  if constexpr (!std::is_trivially_destructible_v<Storage>)
    if (needsDestruction(*storage))
      allocator.registerDestructor(storage);
}
template <typename T, typename = void> struct HasGetKey : std::false_type {};
template <typename T, typename... Args> constexpr bool hasGetKey = requires(Args &&...a) {
  T::getKey(std::forward<Args>(a)...);
};
template <typename T> constexpr bool hasHashKey = requires(const typename T::KeyTy &k) { T::hashKey(k); };
} // namespace detail

/// Uniques storage objects by key, per storage kind (identified by TypeID).
class StorageUniquer {
public:
  StorageUniquer();
  ~StorageUniquer();

  /// Registers a parametric storage kind. Idempotent.
  void registerParametricStorageType(TypeID id);
  /// Registers a singleton storage kind with a constructor for its only instance.
  template <typename Storage>
  void registerSingletonStorageType(TypeID id, function_ref<void(Storage *)> initFn) {
    auto ctor = [&](StorageAllocator &allocator) -> BaseStorage * {
      auto *s = new (allocator.allocate<Storage>()) Storage();
      detail::registerDestructorIfNeeded(allocator, s);
      if (initFn)
        initFn(s);
      return s;
    };
    registerSingletonImpl(id, ctor);
  }

  /// Returns the unique storage of kind `id` for the key built from `args`,
  /// constructing (and then calling `initFn` on) it if it does not exist yet.
  template <typename Storage, typename... Args>
  Storage *get(function_ref<void(Storage *)> initFn, TypeID id, Args &&...args) {
    using KeyTy = typename Storage::KeyTy;
    auto makeKey = [&]() -> KeyTy {
      if constexpr (detail::hasGetKey<Storage, Args...>)
        return Storage::getKey(std::forward<Args>(args)...);
      else
        return KeyTy(std::forward<Args>(args)...);
    };
    const KeyTy key = makeKey();
    uint64_t hash;
    if constexpr (detail::hasHashKey<Storage>)
      hash = Storage::hashKey(key);
    else
      hash = hashOne(key);
    auto isEqual = [&](const BaseStorage *existing) {
      return static_cast<const Storage &>(*existing) == key;
    };
    auto ctor = [&](StorageAllocator &allocator) -> BaseStorage * {
      Storage *s = Storage::construct(allocator, key);
      detail::registerDestructorIfNeeded(allocator, s);
      if (initFn)
        initFn(s);
      return s;
    };
    return static_cast<Storage *>(getParametricImpl(id, hash, isEqual, ctor));
  }

  /// Returns the only instance of singleton kind `id`.
  template <typename Storage> Storage *getSingleton(TypeID id) {
    return static_cast<Storage *>(getSingletonImpl(id));
  }

  /// Creates a new, never-shared storage (used by distinct attributes).
  template <typename Storage, typename... Args>
  Storage *createUnshared(function_ref<void(Storage *)> initFn, TypeID id, Args &&...args) {
    auto ctor = [&](StorageAllocator &allocator) -> BaseStorage * {
      Storage *s = Storage::construct(allocator, typename Storage::KeyTy(std::forward<Args>(args)...));
      detail::registerDestructorIfNeeded(allocator, s);
      if (initFn)
        initFn(s);
      return s;
    };
    return static_cast<Storage *>(createUnsharedImpl(id, ctor));
  }

  /// Mutates a storage's mutable part under the kind's lock.
  template <typename Storage, typename... Args>
  LogicalResult mutate(TypeID id, Storage *storage, Args &&...args) {
    auto fn = [&](StorageAllocator &allocator) -> LogicalResult {
      return storage->mutate(allocator, std::forward<Args>(args)...);
    };
    return mutateImpl(id, fn);
  }

  bool isParametricStorageInitialized(TypeID id);
  bool isSingletonStorageInitialized(TypeID id);

  /// Turns locking off (for single-threaded tools) or on.
  void disableMultithreading(bool disable = true);

private:
  struct Impl;
  BaseStorage *getParametricImpl(TypeID id, uint64_t hash,
                                 function_ref<bool(const BaseStorage *)> isEqual,
                                 function_ref<BaseStorage *(StorageAllocator &)> ctor);
  BaseStorage *getSingletonImpl(TypeID id);
  BaseStorage *createUnsharedImpl(TypeID id, function_ref<BaseStorage *(StorageAllocator &)> ctor);
  void registerSingletonImpl(TypeID id, function_ref<BaseStorage *(StorageAllocator &)> ctor);
  LogicalResult mutateImpl(TypeID id, function_ref<LogicalResult(StorageAllocator &)> fn);
  std::unique_ptr<Impl> impl;
};

} // namespace lamina
