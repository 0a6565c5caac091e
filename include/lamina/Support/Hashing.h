//===- Hashing.h - Fast non-cryptographic hashing --------------------------===//
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <optional>
#include <span>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace lamina {

/// Mixes a 64-bit value into a well-distributed hash (splitmix64 finalizer).
inline uint64_t hashMix(uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  x ^= x >> 31;
  return x;
}

/// Hashes a byte range (wyhash-style 8-byte folding).
inline uint64_t hashBytes(const void *data, size_t len, uint64_t seed = 0x9e3779b97f4a7c15ULL) {
  const unsigned char *p = static_cast<const unsigned char *>(data);
  uint64_t h = seed ^ (len * 0x87c37b91114253d5ULL);
  while (len >= 8) {
    uint64_t w;
    std::memcpy(&w, p, 8);
    h = (h ^ hashMix(w)) * 0x9fb21c651e98df25ULL;
    p += 8;
    len -= 8;
  }
  // The last 0-7 bytes: two overlapping 4-byte reads, or first, middle and
  // last byte (no loop over the bytes of short names).
  uint64_t tail = 0;
  if (len >= 4) {
    uint32_t a, b;
    std::memcpy(&a, p, 4);
    std::memcpy(&b, p + len - 4, 4);
    tail = (uint64_t(a) << 32) | b;
  } else if (len) {
    tail = (uint64_t(p[0]) << 16) | (uint64_t(p[len >> 1]) << 8) | uint64_t(p[len - 1]);
  }
  h = (h ^ hashMix(tail + len)) * 0x9fb21c651e98df25ULL;
  return hashMix(h);
}

inline uint64_t hashValue(std::string_view s) { return hashBytes(s.data(), s.size()); }
inline uint64_t hashValue(const void *p) { return hashMix(reinterpret_cast<uintptr_t>(p)); }
template <typename T, std::enable_if_t<std::is_integral_v<T> || std::is_enum_v<T>, int> = 0>
inline uint64_t hashValue(T v) {
  return hashMix(static_cast<uint64_t>(v));
}

/// Combines hashes of several values.
inline uint64_t hashCombineRaw(uint64_t seed, uint64_t h) {
  return hashMix(seed ^ (h + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2)));
}

template <typename T> inline uint64_t hashOne(const T &v);
template <typename A, typename B> inline uint64_t hashValue(const std::pair<A, B> &p);
template <typename... Ts> inline uint64_t hashValue(const std::tuple<Ts...> &t);
template <typename T> inline uint64_t hashValue(std::span<const T> a);
template <typename T> inline uint64_t hashValue(const std::vector<T> &a);
template <typename T> inline uint64_t hashValue(const std::optional<T> &o);
inline uint64_t hashValue(double d) {
  uint64_t bits;
  std::memcpy(&bits, &d, sizeof(bits));
  return hashMix(bits);
}

template <typename T> inline uint64_t hashOne(const T &v) {
  if constexpr (requires { hashValue(v); })
    return hashValue(v);
  else
    return v.hash();
}

inline uint64_t hash_combine() { return 0x1234567; }
template <typename T, typename... Ts> inline uint64_t hash_combine(const T &first, const Ts &...rest) {
  return hashCombineRaw(hashOne(first), hash_combine(rest...));
}

template <typename A, typename B> inline uint64_t hashValue(const std::pair<A, B> &p) {
  return hash_combine(p.first, p.second);
}
template <typename... Ts> inline uint64_t hashValue(const std::tuple<Ts...> &t) {
  return std::apply([](const auto &...xs) { return hash_combine(xs...); }, t);
}
template <typename T> inline uint64_t hashValue(std::span<const T> a) {
  uint64_t h = 0x51ab1e ^ a.size();
  for (const auto &e : a)
    h = hashCombineRaw(h, hashOne(e));
  return h;
}
template <typename T> inline uint64_t hashValue(const std::vector<T> &a) {
  return hashValue(std::span<const T>(a));
}
template <typename T> inline uint64_t hashValue(const std::optional<T> &o) {
  return o ? hashCombineRaw(1, hashOne(*o)) : 0;
}

/// Hashes a range of elements.
template <typename Range> inline uint64_t hash_combine_range(const Range &range) {
  uint64_t h = 0x51ab1e;
  for (const auto &e : range)
    h = hashCombineRaw(h, hashOne(e));
  return h;
}

} // namespace lamina
