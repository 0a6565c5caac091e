//===- SmallVector.h - A vector with inline storage for a few elements ----===//
//
// The parser and printer build many short lists (attribute dictionaries,
// shapes, operand lists) that die right away; keeping the first N elements
// inside the object avoids a heap allocation for each. Elements must be
// trivially copyable (handles, integers, pointers), which keeps growth a
// memcpy.
//
#pragma once

#include "lamina/Support/ArrayRef.h"

#include <cassert>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <iterator>
#include <type_traits>

namespace lamina {

/// The size-independent part of SmallVector<T, N>: functions that fill a
/// list take a `SmallVectorImpl<T> &` so callers choose the inline size.
/// Elements must be trivially copyable.
template <typename T> class SmallVectorImpl {
  static_assert(std::is_trivially_copyable_v<T>, "SmallVector holds trivially copyable elements only");

public:
  using value_type = T;
  using iterator = T *;
  using const_iterator = const T *;
  using reverse_iterator = std::reverse_iterator<iterator>;
  using const_reverse_iterator = std::reverse_iterator<const_iterator>;
  using size_type = size_t;
  using reference = T &;
  using const_reference = const T &;

  SmallVectorImpl(const SmallVectorImpl &) = delete;
  SmallVectorImpl &operator=(const SmallVectorImpl &other) {
    if (this != &other)
      assign(other.begin(), other.end());
    return *this;
  }
  SmallVectorImpl &operator=(SmallVectorImpl &&other) noexcept {
    if (this != &other) {
      releaseHeap();
      takeFrom(other);
    }
    return *this;
  }

  iterator begin() { return ptr; }
  iterator end() { return ptr + len; }
  const_iterator begin() const { return ptr; }
  const_iterator end() const { return ptr + len; }
  reverse_iterator rbegin() { return reverse_iterator(end()); }
  reverse_iterator rend() { return reverse_iterator(begin()); }
  const_reverse_iterator rbegin() const { return const_reverse_iterator(end()); }
  const_reverse_iterator rend() const { return const_reverse_iterator(begin()); }

  T *data() { return ptr; }
  const T *data() const { return ptr; }
  size_t size() const { return len; }
  bool empty() const { return len == 0; }
  size_t capacity() const { return cap; }

  T &operator[](size_t i) { assert(i < len); return ptr[i]; }
  const T &operator[](size_t i) const { assert(i < len); return ptr[i]; }
  T &front() { assert(len); return ptr[0]; }
  const T &front() const { assert(len); return ptr[0]; }
  T &back() { assert(len); return ptr[len - 1]; }
  const T &back() const { assert(len); return ptr[len - 1]; }

  operator ArrayRef<T>() const { return ArrayRef<T>(ptr, len); }
  ArrayRef<T> getArrayRef() const { return ArrayRef<T>(ptr, len); }
  std::vector<T> vec() const { return std::vector<T>(begin(), end()); }

  void push_back(const T &value) {
    if (len == cap) {
      T copy = value; // `value` may live in this vector
      grow(len + 1);
      ptr[len++] = copy;
      return;
    }
    ptr[len++] = value;
  }
  template <typename... Args> T &emplace_back(Args &&...args) {
    T value(std::forward<Args>(args)...);
    push_back(value);
    return back();
  }
  void pop_back() { assert(len); --len; }
  void clear() { len = 0; }
  void reserve(size_t n) {
    if (n > cap)
      grow(n);
  }
  void resize(size_t n, const T &value = T()) {
    reserve(n);
    for (size_t i = len; i < n; ++i)
      ptr[i] = value;
    len = n;
  }
  void assign(size_t n, const T &value) {
    clear();
    resize(n, value);
  }
  template <typename It> void assign(It first, It last) {
    clear();
    append(first, last);
  }
  void assign(ArrayRef<T> a) { assign(a.begin(), a.end()); }
  template <typename It> void append(It first, It last) {
    if constexpr (std::is_base_of_v<std::forward_iterator_tag,
                                    typename std::iterator_traits<It>::iterator_category>) {
      size_t n = size_t(std::distance(first, last));
      reserve(len + n);
      for (; first != last; ++first)
        ptr[len++] = *first;
    } else {
      for (; first != last; ++first)
        push_back(*first);
    }
  }
  void append(ArrayRef<T> a) { append(a.begin(), a.end()); }
  void append(std::initializer_list<T> il) { append(il.begin(), il.end()); }
  void append(size_t n, const T &value) { resize(len + n, value); }

  iterator insert(iterator pos, const T &value) {
    size_t index = size_t(pos - ptr);
    T copy = value;
    reserve(len + 1);
    std::memmove(static_cast<void *>(ptr + index + 1), ptr + index, (len - index) * sizeof(T));
    ptr[index] = copy;
    ++len;
    return ptr + index;
  }
  template <typename It> iterator insert(iterator pos, It first, It last) {
    size_t index = size_t(pos - ptr);
    size_t n = size_t(std::distance(first, last));
    reserve(len + n);
    std::memmove(static_cast<void *>(ptr + index + n), ptr + index, (len - index) * sizeof(T));
    for (size_t i = 0; first != last; ++first, ++i)
      ptr[index + i] = *first;
    len += n;
    return ptr + index;
  }
  iterator erase(const_iterator pos) { return erase(pos, pos + 1); }
  iterator erase(const_iterator first, const_iterator last) {
    size_t index = size_t(first - ptr), n = size_t(last - first);
    std::memmove(static_cast<void *>(ptr + index), ptr + index + n, (len - index - n) * sizeof(T));
    len -= n;
    return ptr + index;
  }

  friend bool operator==(const SmallVectorImpl &a, const SmallVectorImpl &b) {
    return ArrayRef<T>(a) == ArrayRef<T>(b);
  }
  friend bool operator!=(const SmallVectorImpl &a, const SmallVectorImpl &b) { return !(a == b); }

protected:
  SmallVectorImpl(T *inlineBuffer, size_t inlineCapacity)
      : ptr(inlineBuffer), inlineBuf(inlineBuffer), len(0), cap(inlineCapacity), inlineCap(inlineCapacity) {}
  ~SmallVectorImpl() { releaseHeap(); }

  /// Takes `other`'s heap buffer, or copies its inline elements; leaves it
  /// empty. Requires this vector to own no heap buffer.
  void takeFrom(SmallVectorImpl &other) {
    ptr = inlineBuf;
    cap = inlineCap;
    len = 0;
    if (other.isInline()) {
      append(other.begin(), other.end());
      other.len = 0;
      return;
    }
    ptr = other.ptr;
    cap = other.cap;
    len = other.len;
    other.ptr = other.inlineBuf;
    other.cap = other.inlineCap;
    other.len = 0;
  }

private:
  bool isInline() const { return ptr == inlineBuf; }
  void releaseHeap() {
    if (!isInline())
      std::free(ptr);
    ptr = inlineBuf;
    cap = inlineCap;
    len = 0;
  }
  [[noreturn]] static void outOfMemory() {
    std::fputs("lamina: out of memory\n", stderr);
    std::abort();
  }
  void grow(size_t minCapacity) {
    size_t newCap = cap * 2 > minCapacity ? cap * 2 : minCapacity;
    T *fresh;
    if (isInline()) {
      fresh = static_cast<T *>(std::malloc(newCap * sizeof(T)));
      if (!fresh)
        outOfMemory();
      if (len)
        std::memcpy(static_cast<void *>(fresh), ptr, len * sizeof(T));
    } else {
      fresh = static_cast<T *>(std::realloc(static_cast<void *>(ptr), newCap * sizeof(T)));
      if (!fresh)
        outOfMemory();
    }
    ptr = fresh;
    cap = newCap;
  }

  T *ptr;
  T *inlineBuf;
  size_t len;
  size_t cap;
  size_t inlineCap;
};

/// A vector of trivially copyable `T` whose first `N` elements live inline.
template <typename T, unsigned N = 8> class SmallVector : public SmallVectorImpl<T> {
  using Base = SmallVectorImpl<T>;

public:
  SmallVector() : Base(inlineData(), N) {}
  explicit SmallVector(size_t count, const T &value = T()) : Base(inlineData(), N) { this->assign(count, value); }
  SmallVector(std::initializer_list<T> il) : Base(inlineData(), N) { this->append(il.begin(), il.end()); }
  template <typename It, typename = decltype(*std::declval<It>()), typename = decltype(++std::declval<It &>())>
  SmallVector(It first, It last) : Base(inlineData(), N) {
    this->append(first, last);
  }
  SmallVector(ArrayRef<T> a) : Base(inlineData(), N) { this->append(a.begin(), a.end()); }
  SmallVector(const SmallVector &other) : Base(inlineData(), N) { this->append(other.begin(), other.end()); }
  SmallVector(const SmallVectorImpl<T> &other) : Base(inlineData(), N) { this->append(other.begin(), other.end()); }
  SmallVector(SmallVector &&other) noexcept : Base(inlineData(), N) { this->takeFrom(other); }
  SmallVector(SmallVectorImpl<T> &&other) noexcept : Base(inlineData(), N) { this->takeFrom(other); }
  SmallVector &operator=(const SmallVector &other) {
    Base::operator=(other);
    return *this;
  }
  SmallVector &operator=(SmallVector &&other) noexcept {
    Base::operator=(std::move(other));
    return *this;
  }
  SmallVector &operator=(const SmallVectorImpl<T> &other) {
    Base::operator=(other);
    return *this;
  }
  SmallVector &operator=(SmallVectorImpl<T> &&other) noexcept {
    Base::operator=(std::move(other));
    return *this;
  }
  SmallVector &operator=(ArrayRef<T> a) {
    this->assign(a);
    return *this;
  }

private:
  T *inlineData() { return reinterpret_cast<T *>(inlineStorage); }
  alignas(T) unsigned char inlineStorage[N * sizeof(T)];
};

} // namespace lamina
