//===- STLExtras.h - Small generic helpers ---------------------------------===//
#pragma once

#include <cstdint>
#include <type_traits>
#include <utility>

namespace lamina {

/// A non-owning reference to a callable (like llvm::function_ref): cheap to
/// pass, never allocates. The callable must outlive the reference.
template <typename Fn> class function_ref;

template <typename Ret, typename... Params> class function_ref<Ret(Params...)> {
  Ret (*callback)(intptr_t callable, Params... params) = nullptr;
  intptr_t callable = 0;

  template <typename Callable> static Ret callbackFn(intptr_t callable, Params... params) {
    return (*reinterpret_cast<Callable *>(callable))(std::forward<Params>(params)...);
  }

public:
  function_ref() = default;
  function_ref(std::nullptr_t) {}
  template <typename Callable,
            std::enable_if_t<!std::is_same_v<std::remove_cvref_t<Callable>, function_ref>, int> = 0>
  function_ref(Callable &&c)
      : callback(callbackFn<std::remove_reference_t<Callable>>),
        callable(reinterpret_cast<intptr_t>(&c)) {}
  Ret operator()(Params... params) const { return callback(callable, std::forward<Params>(params)...); }
  explicit operator bool() const { return callback; }
};

/// Calls `each` on every element and `between` between consecutive elements.
template <typename Range, typename EachFn, typename BetweenFn>
inline void interleave(const Range &range, EachFn each, BetweenFn between) {
  bool first = true;
  for (const auto &e : range) {
    if (!first)
      between();
    first = false;
    each(e);
  }
}

/// Prints a comma-separated list through `each`.
template <typename Range, typename Stream, typename EachFn>
inline void interleaveComma(const Range &range, Stream &os, EachFn each) {
  interleave(range, each, [&] { os << ", "; });
}
template <typename Range, typename Stream> inline void interleaveComma(const Range &range, Stream &os) {
  interleave(range, [&](const auto &e) { os << e; }, [&] { os << ", "; });
}

} // namespace lamina
