//===- Casting.h - isa/cast/dyn_cast for handles and pointers --------------===//
//
// Value-typed handles (Type, Attribute, Value, Location...) and pointers to
// class hierarchies both work: the target class provides a static
// `classof(From)` that answers whether the conversion is valid.
//
#pragma once

#include <cassert>
#include <type_traits>

namespace lamina {

namespace detail {
template <typename T> struct IsPointer : std::false_type {};
template <typename T> struct IsPointer<T *> : std::true_type {};
} // namespace detail

/// Returns true if `from` is an instance of one of `To...`.
template <typename To, typename... Rest, typename From> inline bool isa(const From &from) {
  bool r;
  if constexpr (std::is_pointer_v<From>) {
    assert(from && "isa<> used on a null pointer");
    if constexpr (std::is_base_of_v<To, std::remove_cv_t<std::remove_pointer_t<From>>>)
      r = true;
    else
      r = To::classof(from);
  } else {
    assert(from && "isa<> used on a null handle");
    if constexpr (std::is_base_of_v<To, From>)
      r = true;
    else
      r = To::classof(from);
  }
  if constexpr (sizeof...(Rest) == 0)
    return r;
  else
    return r || isa<Rest...>(from);
}

template <typename To, typename... Rest, typename From>
inline bool isa_and_nonnull(const From &from) {
  return from ? isa<To, Rest...>(from) : false;
}
template <typename To, typename... Rest, typename From>
inline bool isa_and_present(const From &from) {
  return isa_and_nonnull<To, Rest...>(from);
}

namespace detail {
/// True when casting From to To yields a To value (handles, op wrappers built
/// from Operation*), false when it yields a pointer into a class hierarchy.
template <typename To, typename From> constexpr bool isValueCast() {
  if constexpr (!std::is_pointer_v<From>)
    return true;
  else
    return std::is_constructible_v<To, From> &&
           !std::is_base_of_v<std::remove_cv_t<std::remove_pointer_t<From>>, To>;
}
template <typename To, typename From> inline auto doCast(const From &from) {
  if constexpr (!std::is_pointer_v<From> && !std::is_constructible_v<To, From> &&
                requires { To(from.getImpl()); }) {
    return To(from.getImpl());
  } else if constexpr (isValueCast<To, From>()) {
    return To(from);
  } else {
    using Ptr = std::conditional_t<std::is_const_v<std::remove_pointer_t<From>>, const To *, To *>;
    return static_cast<Ptr>(from);
  }
}
template <typename To, typename From> inline auto nullCast() {
  if constexpr (isValueCast<To, From>())
    return To();
  else {
    using Ptr = std::conditional_t<std::is_const_v<std::remove_pointer_t<From>>, const To *, To *>;
    return static_cast<Ptr>(nullptr);
  }
}
} // namespace detail

/// Casts `from` to `To`, asserting that it is one.
template <typename To, typename From> inline auto cast(const From &from) {
  assert(isa<To>(from) && "cast<Ty>() argument of incompatible type!");
  return detail::doCast<To>(from);
}

/// Casts `from` to `To` if it is one; a null handle (or pointer) otherwise.
/// A class whose check and conversion share work (op interfaces: one lookup)
/// provides `static To dynCastFrom(From)`.
template <typename To, typename From> inline auto dyn_cast(const From &from) {
  if constexpr (requires { To::dynCastFrom(from); }) {
    assert(from && "dyn_cast<> used on a null value");
    return To::dynCastFrom(from);
  } else {
    return isa<To>(from) ? detail::doCast<To>(from) : detail::nullCast<To, From>();
  }
}

template <typename To, typename From> inline auto dyn_cast_or_null(const From &from) {
  if constexpr (requires { To::dynCastFrom(from); })
    return from ? To::dynCastFrom(from) : To();
  else
    return (from && isa<To>(from)) ? detail::doCast<To>(from) : detail::nullCast<To, From>();
}
template <typename To, typename From> inline auto dyn_cast_if_present(const From &from) {
  return dyn_cast_or_null<To>(from);
}
template <typename To, typename From> inline auto cast_or_null(const From &from) {
  return from ? cast<To>(from) : detail::nullCast<To, From>();
}
template <typename To, typename From> inline auto cast_if_present(const From &from) {
  return cast_or_null<To>(from);
}

} // namespace lamina
