//===- Visitors.h - Walking nested IR -------------------------------------===//
//
// WalkOrder and WalkResult, the callback protocol of Operation::walk,
// Region::walk and Block::walk, and the iterative walkers behind them (no
// recursion: nesting depth is bounded only by memory).
//
#pragma once

#include "lamina/Support/STLExtras.h"
#include "lamina/Support/LogicalResult.h"

#include <type_traits>

namespace lamina {

class Block;
class Operation;
class Region;

/// Controls walk traversal.
enum class WalkOrder { PreOrder, PostOrder };

/// Result of a walk callback: continue, skip the current op's regions
/// (pre-order only) or stop the whole walk.
class WalkResult {
public:
  enum ResultEnum { Interrupt, Advance, Skip };
  WalkResult(ResultEnum r = Advance) : result(r) {}
  WalkResult(LogicalResult r) : result(failed(r) ? Interrupt : Advance) {}
  static WalkResult interrupt() { return Interrupt; }
  static WalkResult advance() { return Advance; }
  static WalkResult skip() { return Skip; }
  bool wasInterrupted() const { return result == Interrupt; }
  bool wasSkipped() const { return result == Skip; }
  bool operator==(const WalkResult &o) const { return result == o.result; }

private:
  ResultEnum result;
};

namespace detail {
/// Iteratively visits `root` and everything nested. `visitOp` returns a
/// WalkResult; pre-order results may skip regions. Implemented without
/// recursion.
WalkResult walkOperations(Operation *root, WalkOrder order, function_ref<WalkResult(Operation *)> visitOp);
WalkResult walkRegions(Operation *root, WalkOrder order, function_ref<WalkResult(Region *)> visitRegion);
WalkResult walkBlocks(Operation *root, WalkOrder order, function_ref<WalkResult(Block *)> visitBlock);

template <typename FnT, typename ArgT> WalkResult callWalkFn(FnT &fn, ArgT arg) {
  using RetT = decltype(fn(arg));
  if constexpr (std::is_same_v<RetT, void>) {
    fn(arg);
    return WalkResult::advance();
  } else {
    return fn(arg);
  }
}
} // namespace detail

namespace detail {
/// The type of the first parameter of a callable.
template <typename T> struct FirstArg : FirstArg<decltype(&T::operator())> {};
template <typename R, typename C, typename A, typename... Rest> struct FirstArg<R (C::*)(A, Rest...) const> {
  using type = A;
};
template <typename R, typename C, typename A, typename... Rest> struct FirstArg<R (C::*)(A, Rest...)> {
  using type = A;
};
template <typename R, typename A, typename... Rest> struct FirstArg<R (*)(A, Rest...)> { using type = A; };
template <typename T> using first_argument_t = typename FirstArg<std::remove_cvref_t<T>>::type;
} // namespace detail

} // namespace lamina
