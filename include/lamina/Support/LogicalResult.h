//===- LogicalResult.h - Success/failure results without exceptions -------===//
#pragma once

#include <cassert>
#include <optional>
#include <utility>

namespace lamina {

/// The result of an operation that can fail: `success()` or `failure()`.
/// Callers must look at it; errors are reported through diagnostics.
class [[nodiscard]] LogicalResult {
public:
  static LogicalResult success(bool isSuccess = true) { return LogicalResult(isSuccess); }
  static LogicalResult failure(bool isFailure = true) { return LogicalResult(!isFailure); }
  bool succeeded() const { return isSuccess; }
  bool failed() const { return !isSuccess; }

private:
  explicit LogicalResult(bool isSuccess) : isSuccess(isSuccess) {}
  bool isSuccess;
};

inline LogicalResult success(bool isSuccess = true) { return LogicalResult::success(isSuccess); }
inline LogicalResult failure(bool isFailure = true) { return LogicalResult::failure(isFailure); }
inline bool succeeded(LogicalResult r) { return r.succeeded(); }
inline bool failed(LogicalResult r) { return r.failed(); }

/// A value of type T, or a failure.
template <typename T> class [[nodiscard]] FailureOr : public std::optional<T> {
public:
  FailureOr(LogicalResult result) { assert(failed(result)); (void)result; }
  FailureOr(T &&y) : std::optional<T>(std::forward<T>(y)) {}
  FailureOr(const T &y) : std::optional<T>(y) {}
  template <typename U, std::enable_if_t<std::is_constructible<T, U>::value> * = nullptr>
  FailureOr(const FailureOr<U> &other)
      : std::optional<T>(failed(other) ? std::optional<T>() : std::optional<T>(*other)) {}
  operator LogicalResult() const { return success(this->has_value()); }
};

template <typename T> inline bool failed(const FailureOr<T> &r) { return !r.has_value(); }
template <typename T> inline bool succeeded(const FailureOr<T> &r) { return r.has_value(); }

/// A LogicalResult that converts to `true` on failure, so parsers can write
/// `if (parser.parseX()) return failure();` as in MLIR.
class [[nodiscard]] ParseResult : public LogicalResult {
public:
  ParseResult(LogicalResult result = success()) : LogicalResult(result) {}
  explicit operator bool() const { return failed(); }
};

} // namespace lamina
