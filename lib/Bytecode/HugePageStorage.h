//===- HugePageStorage.h - Large tables backed by transparent huge pages --===//
//
// Private to the Bytecode library. The writer's numbering fills tables of
// tens of megabytes (one record and one location entry per operation); on
// 4 KB pages, faulting them in is a fifth of the numbering's time. Large
// allocations here are 2 MB-aligned mappings the kernel is asked to back
// with transparent huge pages (it may decline; they work the same).
//
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <sys/mman.h>
#include <vector>

namespace lamina::bytecode {

/// Allocates `bytes` (huge-page-backed when large); release with
/// freeHugePageBacked(p, bytes).
inline void *allocateHugePageBacked(size_t bytes) {
  constexpr size_t kHugePage = size_t(2) << 20;
  if (bytes < kHugePage / 2) {
    void *p = std::malloc(bytes ? bytes : 1);
    if (!p)
      std::abort();
    return p;
  }
  // Map one huge page more than needed, then trim to an aligned range.
  size_t size = (bytes + kHugePage - 1) & ~(kHugePage - 1);
  void *raw = mmap(nullptr, size + kHugePage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED)
    std::abort();
  uintptr_t start = reinterpret_cast<uintptr_t>(raw);
  uintptr_t aligned = (start + kHugePage - 1) & ~uintptr_t(kHugePage - 1);
  if (aligned != start)
    munmap(raw, aligned - start);
  if (uintptr_t end = start + size + kHugePage; end != aligned + size)
    munmap(reinterpret_cast<void *>(aligned + size), end - (aligned + size));
  madvise(reinterpret_cast<void *>(aligned), size, MADV_HUGEPAGE);
  return reinterpret_cast<void *>(aligned);
}

inline void freeHugePageBacked(void *p, size_t bytes) {
  constexpr size_t kHugePage = size_t(2) << 20;
  if (bytes < kHugePage / 2) {
    std::free(p);
    return;
  }
  munmap(p, (bytes + kHugePage - 1) & ~(kHugePage - 1));
}

/// A standard allocator over allocateHugePageBacked (for std::vector).
template <typename T> struct HugePageAllocator {
  using value_type = T;
  HugePageAllocator() = default;
  template <typename U> HugePageAllocator(const HugePageAllocator<U> &) {}
  T *allocate(size_t n) { return static_cast<T *>(allocateHugePageBacked(n * sizeof(T))); }
  void deallocate(T *p, size_t n) { freeHugePageBacked(p, n * sizeof(T)); }
  template <typename U> bool operator==(const HugePageAllocator<U> &) const { return true; }
};

/// A std::vector whose large buffers are huge-page-backed.
template <typename T> using HugePageVector = std::vector<T, HugePageAllocator<T>>;

/// Objects at stable addresses, allocated in huge-page-backed blocks (a
/// std::deque with large blocks), also found by their index (a 32-bit
/// reference where tables hold one per operation). Objects must be
/// trivially destructible.
template <typename T> class HugePageArena {
public:
  HugePageArena() = default;
  HugePageArena(const HugePageArena &) = delete;
  ~HugePageArena() {
    for (T *block : blocks)
      freeHugePageBacked(block, kBlockSize * sizeof(T));
  }
  template <typename... Args> T &emplace_back(Args &&...args) {
    static_assert(std::is_trivially_destructible_v<T>, "objects are never destroyed");
    if (used == kBlockSize || blocks.empty()) {
      blocks.push_back(static_cast<T *>(allocateHugePageBacked(kBlockSize * sizeof(T))));
      used = 0;
    }
    return *new (blocks.back() + used++) T(std::forward<Args>(args)...);
  }
  size_t size() const { return blocks.empty() ? 0 : (blocks.size() - 1) * kBlockSize + used; }
  T &operator[](size_t index) { return blocks[index / kBlockSize][index % kBlockSize]; }
  const T &operator[](size_t index) const { return blocks[index / kBlockSize][index % kBlockSize]; }
  /// The index of an object of the arena (the blocks are few).
  size_t indexOf(const T *object) const {
    for (size_t b = blocks.size(); b-- > 0;)
      if (object >= blocks[b] && object < blocks[b] + kBlockSize)
        return b * kBlockSize + size_t(object - blocks[b]);
    std::abort();
  }

private:
  static constexpr size_t kBlockSize = (size_t(2) << 20) / sizeof(T);
  std::vector<T *> blocks;
  size_t used = 0;
};

} // namespace lamina::bytecode
