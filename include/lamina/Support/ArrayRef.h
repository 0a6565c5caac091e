//===- ArrayRef.h - Non-owning views of contiguous arrays ------------------===//
#pragma once

#include <array>
#include <cassert>
#include <cstddef>
#include <initializer_list>
#include <iterator>
#include <optional>
#include <span>
#include <vector>

namespace lamina {

/// A constant, non-owning reference to a contiguous array (like llvm::ArrayRef).
/// Unlike std::span it binds to braced lists and single elements.
template <typename T> class ArrayRef {
public:
  using value_type = T;
  using iterator = const T *;
  using const_iterator = const T *;
  using reverse_iterator = std::reverse_iterator<iterator>;
  using size_type = size_t;

  ArrayRef() = default;
  ArrayRef(std::nullopt_t) {}
  ArrayRef(const T &one) : ptr(&one), len(1) {}
  ArrayRef(const T *data, size_t length) : ptr(data), len(length) {}
  ArrayRef(const T *begin, const T *end) : ptr(begin), len(end - begin) {}
  template <typename A> ArrayRef(const std::vector<T, A> &v) : ptr(v.data()), len(v.size()) {}
  template <size_t N> ArrayRef(const std::array<T, N> &a) : ptr(a.data()), len(N) {}
  template <size_t N> constexpr ArrayRef(const T (&a)[N]) : ptr(a), len(N) {}
#if defined(__GNUC__) && !defined(__clang__)
  // GCC warns that storing il.begin() does not extend the list's lifetime. That
  // is the contract of every ArrayRef (it never owns); as a parameter, a braced
  // list outlives the full-expression of the call, which is how this is used.
  // Like llvm::ArrayRef, silence this one warning locally.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Winit-list-lifetime"
#endif
  ArrayRef(const std::initializer_list<T> &il)
      : ptr(il.begin() == il.end() ? nullptr : il.begin()), len(il.size()) {}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
  ArrayRef(std::span<const T> s) : ptr(s.data()), len(s.size()) {}
  ArrayRef(std::span<T> s) : ptr(s.data()), len(s.size()) {}
  /// Converts from an array of a derived handle type with identical layout.
  template <typename U,
            std::enable_if_t<std::is_convertible_v<const U *const *, const T *const *>, int> = 0>
  ArrayRef(const ArrayRef<U *> &a) : ptr(a.data()), len(a.size()) {}

  iterator begin() const { return ptr; }
  iterator end() const { return ptr + len; }
  reverse_iterator rbegin() const { return reverse_iterator(end()); }
  reverse_iterator rend() const { return reverse_iterator(begin()); }
  const T *data() const { return ptr; }
  size_t size() const { return len; }
  bool empty() const { return len == 0; }
  const T &front() const { assert(len); return ptr[0]; }
  const T &back() const { assert(len); return ptr[len - 1]; }
  const T &operator[](size_t i) const { assert(i < len); return ptr[i]; }

  ArrayRef slice(size_t n, size_t m) const { assert(n + m <= len); return ArrayRef(ptr + n, m); }
  ArrayRef slice(size_t n) const { return slice(n, len - n); }
  ArrayRef drop_front(size_t n = 1) const { return slice(n); }
  ArrayRef drop_back(size_t n = 1) const { return slice(0, len - n); }
  ArrayRef take_front(size_t n = 1) const { return n >= len ? *this : slice(0, n); }
  ArrayRef take_back(size_t n = 1) const { return n >= len ? *this : slice(len - n, n); }

  bool equals(ArrayRef rhs) const {
    if (len != rhs.len)
      return false;
    for (size_t i = 0; i < len; ++i)
      if (!(ptr[i] == rhs.ptr[i]))
        return false;
    return true;
  }
  std::vector<T> vec() const { return std::vector<T>(begin(), end()); }
  operator std::vector<T>() const { return vec(); }
  operator std::span<const T>() const { return std::span<const T>(ptr, len); }

private:
  const T *ptr = nullptr;
  size_t len = 0;
};

template <typename T> inline bool operator==(ArrayRef<T> a, ArrayRef<T> b) { return a.equals(b); }
template <typename T> inline bool operator!=(ArrayRef<T> a, ArrayRef<T> b) { return !a.equals(b); }

/// A mutable non-owning array reference.
template <typename T> class MutableArrayRef : public ArrayRef<T> {
public:
  MutableArrayRef() = default;
  MutableArrayRef(T *data, size_t length) : ArrayRef<T>(data, length) {}
  MutableArrayRef(std::vector<T> &v) : ArrayRef<T>(v.data(), v.size()) {}
  T *data() const { return const_cast<T *>(ArrayRef<T>::data()); }
  T *begin() const { return data(); }
  T *end() const { return data() + this->size(); }
  T &operator[](size_t i) const { return data()[i]; }
  T &front() const { return data()[0]; }
  T &back() const { return data()[this->size() - 1]; }
  MutableArrayRef slice(size_t n, size_t m) const { return MutableArrayRef(data() + n, m); }
  MutableArrayRef drop_front(size_t n = 1) const { return slice(n, this->size() - n); }
};

} // namespace lamina
