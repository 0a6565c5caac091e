//===- StorageUniquer.cpp - Uniquing of immutable storage objects ---------===//
#include "lamina/IR/StorageUniquer.h"

#include <atomic>
#include <mutex>
#include <thread>
#include <cassert>
#include <unordered_map>
#include <vector>

using namespace lamina;

namespace {
/// A small lock for the uniquer's shards: held for one hash probe (plus a
/// construction on a miss), and rarely contended with 16 shards per kind,
/// so spinning briefly beats a pthread mutex's call overhead.
class SpinLock {
public:
  void lock() {
    while (true) {
      if (!flag.exchange(true, std::memory_order_acquire))
        return;
      for (unsigned spins = 0; flag.load(std::memory_order_relaxed); ++spins)
        if (spins > 64)
          std::this_thread::yield();
    }
  }
  void unlock() { flag.store(false, std::memory_order_release); }

private:
  std::atomic<bool> flag{false};
};

/// One lock-protected open-addressing hash set of storages plus the arena
/// their memory comes from.
struct Shard {
  SpinLock mutex;
  BumpPtrAllocator arena;
  /// Storages of `arena` with a destructor to run (see StorageUniquer::get).
  StorageDestructorList destructors;
  struct Entry {
    uint64_t hash;
    BaseStorage *storage;
  };
  std::vector<Entry> table; // size is a power of two; storage == nullptr is empty
  size_t count = 0;

  /// Finds the storage equal to the key, or the empty slot where it belongs
  /// (one probe sequence for both). Grows first so the slot stays valid.
  Entry &findOrSlot(uint64_t hash, function_ref<bool(const BaseStorage *)> isEqual) {
    if ((count + 1) * 4 > table.size() * 3)
      grow();
    size_t mask = table.size() - 1;
    for (size_t i = hash & mask;; i = (i + 1) & mask) {
      Entry &e = table[i];
      if (!e.storage || (e.hash == hash && isEqual(e.storage)))
        return e;
    }
  }
  [[gnu::noinline]] void grow() {
    std::vector<Entry> old = std::move(table);
    table.assign(old.empty() ? 64 : old.size() * 2, Entry{0, nullptr});
    size_t mask = table.size() - 1;
    for (Entry &e : old) {
      if (!e.storage)
        continue;
      size_t i = e.hash & mask;
      while (table[i].storage)
        i = (i + 1) & mask;
      table[i] = e;
    }
  }
};

constexpr unsigned kNumShards = 16;

struct KindUniquer {
  Shard shards[kNumShards];
  BaseStorage *singleton = nullptr;
};
} // namespace

struct StorageUniquer::Impl {
  /// Kinds by TypeID. Lookups (one per get) are lock-free: an open-addressing
  /// table whose slots are published with release stores and never change
  /// once set; insertion takes `kindsMutex`. Kinds beyond the table's
  /// capacity go to `overflow` (under the mutex).
  static constexpr size_t kTableSize = 1024;
  struct Slot {
    std::atomic<const void *> key{nullptr};
    KindUniquer *kind = nullptr;
  };
  Slot table[kTableSize];
  std::atomic<size_t> tableCount{0};
  std::shared_mutex kindsMutex;
  std::unordered_map<TypeID, std::unique_ptr<KindUniquer>> owned;
  bool threadingDisabled = false;

  /// New storages come from an arena of the creating thread, not of their
  /// shard: the attributes and types of one operation then lie together,
  /// in the order later walks (aliases, printing, bytecode numbering) visit
  /// them, instead of scattered over one arena per kind and shard.
  static std::atomic<uint64_t> nextGeneration;
  const uint64_t generation = nextGeneration.fetch_add(1, std::memory_order_relaxed);
  /// A thread's arena, and the storages in it whose destructor must run
  /// (only that thread adds to either).
  struct ThreadArena {
    BumpPtrAllocator arena;
    StorageDestructorList destructors;
  };
  std::mutex arenasMutex;
  std::unordered_map<std::thread::id, std::unique_ptr<ThreadArena>> threadArenas;

  ~Impl() {
    // Destructors first, while every arena is alive (a storage may point
    // into another's arena).
    for (auto &entry : threadArenas)
      for (auto &[storage, destroy] : entry.second->destructors)
        destroy(storage);
    for (auto &entry : owned)
      for (Shard &shard : entry.second->shards)
        for (auto &[storage, destroy] : shard.destructors)
          destroy(storage);
  }

  ThreadArena &threadArena() {
    // The thread's arena of the context it used last (contexts are told
    // apart by generation, as addresses are reused).
    struct Cache {
      uint64_t generation = 0;
      ThreadArena *arena = nullptr;
    };
    thread_local Cache cache;
    if (cache.generation == generation)
      return *cache.arena;
    std::lock_guard<std::mutex> lock(arenasMutex);
    std::unique_ptr<ThreadArena> &arena = threadArenas[std::this_thread::get_id()];
    if (!arena)
      arena = std::make_unique<ThreadArena>();
    cache = {generation, arena.get()};
    return *arena;
  }

  static size_t slotOf(const void *key) {
    // TypeIDs are addresses of one-byte anchors, often adjacent: mix all
    // bits so neighbours do not share a probe chain.
    return size_t(hashMix(reinterpret_cast<uintptr_t>(key))) & (kTableSize - 1);
  }

  KindUniquer *find(TypeID id) {
    const void *key = id.getAsOpaquePointer();
    for (size_t i = slotOf(key), n = 0; n < kTableSize; i = (i + 1) & (kTableSize - 1), ++n) {
      const void *k = table[i].key.load(std::memory_order_acquire);
      if (k == key)
        return table[i].kind;
      if (!k)
        break;
    }
    if (tableCount.load(std::memory_order_acquire) * 4 < kTableSize * 3)
      return nullptr;
    std::shared_lock<std::shared_mutex> lock(kindsMutex);
    auto it = owned.find(id);
    return it == owned.end() ? nullptr : it->second.get();
  }

  KindUniquer &getKind(TypeID id) {
    // The table lookup inline; creation (locks, allocation) out of line so
    // the common path has no heavy prologue.
    const void *key = id.getAsOpaquePointer();
    size_t i = slotOf(key);
    const void *k = table[i].key.load(std::memory_order_acquire);
    if (k == key)
      return *table[i].kind;
    return getKindSlow(id);
  }

  [[gnu::noinline]] KindUniquer &getKindSlow(TypeID id) {
    if (KindUniquer *k = find(id))
      return *k;
    std::unique_lock<std::shared_mutex> lock(kindsMutex);
    auto &slot = owned[id];
    if (slot)
      return *slot;
    slot = std::make_unique<KindUniquer>();
    if (tableCount.load(std::memory_order_relaxed) * 4 < kTableSize * 3) {
      const void *key = id.getAsOpaquePointer();
      size_t i = slotOf(key);
      while (table[i].key.load(std::memory_order_relaxed))
        i = (i + 1) & (kTableSize - 1);
      table[i].kind = slot.get();
      table[i].key.store(key, std::memory_order_release);
      tableCount.fetch_add(1, std::memory_order_release);
    }
    return *slot;
  }
};

std::atomic<uint64_t> StorageUniquer::Impl::nextGeneration{1};

StorageUniquer::StorageUniquer() : impl(std::make_unique<Impl>()) {}
StorageUniquer::~StorageUniquer() = default;

void StorageUniquer::registerParametricStorageType(TypeID id) { impl->getKind(id); }

bool StorageUniquer::isParametricStorageInitialized(TypeID id) { return impl->find(id) != nullptr; }

bool StorageUniquer::isSingletonStorageInitialized(TypeID id) {
  KindUniquer *kind = impl->find(id);
  return kind && kind->singleton;
}

void StorageUniquer::disableMultithreading(bool disable) { impl->threadingDisabled = disable; }

BaseStorage *StorageUniquer::getParametricImpl(TypeID id, uint64_t hash,
                                               function_ref<bool(const BaseStorage *)> isEqual,
                                               function_ref<BaseStorage *(StorageAllocator &)> ctor) {
  KindUniquer &kind = impl->getKind(id);
  Shard &shard = kind.shards[(hash >> 59) & (kNumShards - 1)];
  // Locked by hand (no unique_lock): constructors do not throw, and the
  // hit path stays free of unwinding bookkeeping.
  bool locking = !impl->threadingDisabled;
  if (locking)
    shard.mutex.lock();
  Shard::Entry *slot = &shard.findOrSlot(hash, isEqual);
  if (BaseStorage *found = slot->storage) {
    if (locking)
      shard.mutex.unlock();
    return found;
  }
  size_t countBefore = shard.count;
  Impl::ThreadArena &arena = impl->threadArena();
  StorageAllocator allocator(arena.arena, &arena.destructors);
  BaseStorage *storage = ctor(allocator);
  // A constructor that created storages in this very shard (possible only
  // without locking) may have moved the table: find the slot again.
  if (shard.count != countBefore)
    slot = &shard.findOrSlot(hash, [](const BaseStorage *) { return false; });
  *slot = {hash, storage};
  ++shard.count;
  if (locking)
    shard.mutex.unlock();
  return storage;
}

BaseStorage *StorageUniquer::getSingletonImpl(TypeID id) {
  KindUniquer &kind = impl->getKind(id);
  assert(kind.singleton && "singleton storage kind was never registered");
  return kind.singleton;
}

void StorageUniquer::registerSingletonImpl(TypeID id,
                                           function_ref<BaseStorage *(StorageAllocator &)> ctor) {
  KindUniquer &kind = impl->getKind(id);
  std::lock_guard<SpinLock> lock(kind.shards[0].mutex);
  if (kind.singleton)
    return;
  StorageAllocator allocator(kind.shards[0].arena, &kind.shards[0].destructors);
  kind.singleton = ctor(allocator);
}

BaseStorage *StorageUniquer::createUnsharedImpl(TypeID id,
                                                function_ref<BaseStorage *(StorageAllocator &)> ctor) {
  KindUniquer &kind = impl->getKind(id);
  std::lock_guard<SpinLock> lock(kind.shards[0].mutex);
  StorageAllocator allocator(kind.shards[0].arena, &kind.shards[0].destructors);
  return ctor(allocator);
}

LogicalResult StorageUniquer::mutateImpl(TypeID id,
                                         function_ref<LogicalResult(StorageAllocator &)> fn) {
  KindUniquer &kind = impl->getKind(id);
  std::lock_guard<SpinLock> lock(kind.shards[0].mutex);
  StorageAllocator allocator(kind.shards[0].arena, &kind.shards[0].destructors);
  return fn(allocator);
}
