//===- MLIRContextImpl.h - Private state of MLIRContext -------------------===//
#pragma once

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinLocations.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/MLIRContext.h"
#include "lamina/IR/OperationSupport.h"
#include "lamina/Support/DenseMap.h"

#include <atomic>
#include <map>
#include <mutex>
#include <shared_mutex>
#include <unordered_map>

namespace lamina {

class ThreadPool;

/// Transparent string hashing for maps keyed by std::string.
struct StringHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const { return hashValue(s); }
};

/// A map from TypeID to a registered object (abstract type or attribute)
/// that is read on every type/attribute creation, from any thread: reads
/// are lock-free (slots of an open-addressing table are published with
/// release stores and never change once set); registration takes a mutex.
/// Kinds beyond the table's capacity go to a locked overflow map.
template <typename T> class TypeIDTable {
public:
  T *lookup(TypeID id) {
    const void *key = id.getAsOpaquePointer();
    for (size_t i = slotOf(key), n = 0; n < kSize; i = (i + 1) & (kSize - 1), ++n) {
      const void *k = slots[i].key.load(std::memory_order_acquire);
      if (k == key)
        return slots[i].value;
      if (!k)
        return nullptr;
    }
    std::lock_guard<std::mutex> lock(mutex);
    auto it = overflow.find(id);
    return it == overflow.end() ? nullptr : it->second;
  }
  /// Registers `value` for `id` (replacing nothing: the first one stays
  /// visible to readers). Returns the stored object.
  T *insert(TypeID id, std::unique_ptr<T> value) {
    std::lock_guard<std::mutex> lock(mutex);
    const void *key = id.getAsOpaquePointer();
    T *raw = value.get();
    owned.push_back(std::move(value));
    for (size_t i = slotOf(key), n = 0; n < kSize; i = (i + 1) & (kSize - 1), ++n) {
      const void *k = slots[i].key.load(std::memory_order_relaxed);
      if (k == key)
        return slots[i].value;
      if (!k) {
        slots[i].value = raw;
        slots[i].key.store(key, std::memory_order_release);
        return raw;
      }
    }
    return overflow.emplace(id, raw).first->second;
  }

private:
  static constexpr size_t kSize = 2048;
  static size_t slotOf(const void *key) {
    return size_t(hashMix(reinterpret_cast<uintptr_t>(key))) & (kSize - 1);
  }
  struct Slot {
    std::atomic<const void *> key{nullptr};
    T *value = nullptr;
  };
  Slot slots[kSize];
  std::mutex mutex;
  std::vector<std::unique_ptr<T>> owned;
  std::unordered_map<TypeID, T *> overflow;
};

struct MLIRContext::Impl {
  Impl();
  ~Impl();

  /// Fills the caches of common types and attributes.
  void initializeCaches(MLIRContext *ctx);
  /// Points unregistered operation names of `dialect`'s namespace at it.
  void attachDialectToOpNames(Dialect *dialect);

  StorageUniquer typeUniquer;
  StorageUniquer attributeUniquer;
  DiagnosticEngine diagEngine;
  DialectRegistry registry;

  std::shared_mutex dialectsMutex;
  std::recursive_mutex dialectLoadMutex;
  std::map<std::string, std::unique_ptr<Dialect>, std::less<>> dialects;

  TypeIDTable<AbstractType> abstractTypes;
  TypeIDTable<AbstractAttribute> abstractAttributes;
  /// The kinds by name, for lookups by name (rare: IRDL); under
  /// abstractNamesMutex.
  std::mutex abstractNamesMutex;
  std::unordered_map<std::string, TypeID> abstractTypeNames, abstractAttributeNames;

  std::shared_mutex opNamesMutex;
  StringViewMap<OperationName::Impl *> opNames;

  std::mutex allocatorMutex;
  BumpPtrAllocator allocator;

  /// File names of packed locations (PackedLocation), by index. Entries are
  /// published once and never change; adding one takes packedFilesMutex.
  static constexpr unsigned kMaxPackedFiles = 1u << PackedLocation::kFileBits;
  std::atomic<const void *> packedFiles[kMaxPackedFiles] = {};
  std::atomic<unsigned> numPackedFiles{0};
  std::mutex packedFilesMutex;

  std::mutex threadPoolMutex;
  std::unique_ptr<ThreadPool> threadPool;
  /// The pool given by setThreadPool (not owned), or null.
  ThreadPool *externalThreadPool = nullptr;

  bool allowUnregistered = false;
  bool threadingDisabled = false;
  bool printOpOnDiagnostic = true;

  /// dense_resource entries, in creation order.
  std::mutex resourceMutex;
  std::vector<DenseResourceElementsHandle::Entry *> resourceEntries;
  std::unordered_map<std::string, DenseResourceElementsHandle::Entry *> resourceByKey;
  /// Unclaimed `external_resources` groups (see getExternalResources).
  std::vector<ExternalResourceGroup> externalResources;

  // Caches.
  IndexType indexType;
  NoneType noneType;
  IntegerType int1Ty, int8Ty, int16Ty, int32Ty, int64Ty, int128Ty;
  UnitAttr unitAttr;
  BoolAttr trueAttr, falseAttr;
  DictionaryAttr emptyDictionaryAttr;
  StringAttr emptyStringAttr;
  UnknownLoc unknownLoc;
  ArrayAttr emptyArrayAttr;
};

} // namespace lamina
