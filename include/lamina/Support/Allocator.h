//===- Allocator.h - Bump-pointer arena allocation ------------------------===//
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <span>
#include <string_view>
#include <vector>

namespace lamina {

/// A bump-pointer arena: allocations are never freed individually; all memory
/// is released when the allocator is destroyed. Not thread-safe.
class BumpPtrAllocator {
public:
  BumpPtrAllocator() = default;
  BumpPtrAllocator(const BumpPtrAllocator &) = delete;
  BumpPtrAllocator &operator=(const BumpPtrAllocator &) = delete;
  BumpPtrAllocator(BumpPtrAllocator &&other) noexcept { *this = std::move(other); }
  BumpPtrAllocator &operator=(BumpPtrAllocator &&other) noexcept {
    reset();
    cur = other.cur;
    end = other.end;
    slabs = std::move(other.slabs);
    bytesAllocated = other.bytesAllocated;
    other.cur = other.end = nullptr;
    other.slabs.clear();
    other.bytesAllocated = 0;
    return *this;
  }
  ~BumpPtrAllocator() { reset(); }

  /// Allocates `size` bytes aligned to `align` (a power of two).
  void *allocate(size_t size, size_t align = alignof(std::max_align_t)) {
    uintptr_t p = (reinterpret_cast<uintptr_t>(cur) + align - 1) & ~(uintptr_t(align) - 1);
    if (cur && p + size <= reinterpret_cast<uintptr_t>(end)) {
      cur = reinterpret_cast<char *>(p + size);
      bytesAllocated += size;
      return reinterpret_cast<void *>(p);
    }
    return allocateSlow(size, align);
  }

  /// Allocates uninitialized storage for `n` objects of type T.
  template <typename T> T *allocate(size_t n = 1) {
    return static_cast<T *>(allocate(sizeof(T) * n, alignof(T)));
  }

  /// Copies a string into the arena; the result lives as long as the arena.
  std::string_view copyInto(std::string_view s) {
    if (s.empty())
      return std::string_view();
    char *mem = static_cast<char *>(allocate(s.size(), 1));
    std::memcpy(mem, s.data(), s.size());
    return std::string_view(mem, s.size());
  }
  /// Copies a trivially copyable array into the arena.
  template <typename T> std::span<const T> copyInto(std::span<const T> a) {
    if (a.empty())
      return {};
    T *mem = allocate<T>(a.size());
    for (size_t i = 0; i < a.size(); ++i)
      new (mem + i) T(a[i]);
    return std::span<const T>(mem, a.size());
  }

  /// Frees every slab.
  void reset() {
    for (void *s : slabs)
      std::free(s);
    slabs.clear();
    cur = end = nullptr;
    bytesAllocated = 0;
  }

  size_t getBytesAllocated() const { return bytesAllocated; }

private:
  void *allocateSlow(size_t size, size_t align) {
    size_t slabSize = kSlabSize << std::min<size_t>(slabs.size() / 128, 10);
    if (size + align > slabSize / 2) {
      // Large allocations get their own slab so the current one is not wasted.
      void *mem = std::malloc(size + align);
      if (!mem)
        std::abort();
      slabs.push_back(mem);
      uintptr_t p = (reinterpret_cast<uintptr_t>(mem) + align - 1) & ~(uintptr_t(align) - 1);
      bytesAllocated += size;
      return reinterpret_cast<void *>(p);
    }
    char *mem = static_cast<char *>(std::malloc(slabSize));
    if (!mem)
      std::abort();
    slabs.push_back(mem);
    cur = mem;
    end = mem + slabSize;
    return allocate(size, align);
  }

  static constexpr size_t kSlabSize = 4096;
  char *cur = nullptr;
  char *end = nullptr;
  std::vector<void *> slabs;
  size_t bytesAllocated = 0;
};

} // namespace lamina
