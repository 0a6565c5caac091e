//===- Diagnostics.h - Errors, warnings, remarks and notes ----------------===//
#pragma once

#include "lamina/IR/Location.h"
#include "lamina/Support/LogicalResult.h"

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace lamina {

class Operation;
class OperationName;
class SourceMgr;
class Value;

enum class DiagnosticSeverity { Note, Warning, Error, Remark };

/// One diagnostic: severity, location, message and attached notes. Types,
/// attributes and values streamed into it are printed immediately.
class Diagnostic {
public:
  Diagnostic(Location loc, DiagnosticSeverity severity) : loc(loc), severity(severity) {}
  Diagnostic(Diagnostic &&) = default;
  Diagnostic &operator=(Diagnostic &&) = default;

  DiagnosticSeverity getSeverity() const { return severity; }
  Location getLocation() const { return loc; }
  const std::string &str() const { return message; }

  Diagnostic &operator<<(std::string_view s) { message.append(s); return *this; }
  Diagnostic &operator<<(const char *s) { message.append(s); return *this; }
  Diagnostic &operator<<(const std::string &s) { message.append(s); return *this; }
  Diagnostic &operator<<(char c) { message.push_back(c); return *this; }
  Diagnostic &operator<<(int v) { message.append(std::to_string(v)); return *this; }
  Diagnostic &operator<<(unsigned v) { message.append(std::to_string(v)); return *this; }
  Diagnostic &operator<<(long v) { message.append(std::to_string(v)); return *this; }
  Diagnostic &operator<<(unsigned long v) { message.append(std::to_string(v)); return *this; }
  Diagnostic &operator<<(long long v) { message.append(std::to_string(v)); return *this; }
  Diagnostic &operator<<(unsigned long long v) { message.append(std::to_string(v)); return *this; }
  Diagnostic &operator<<(double v);
  Diagnostic &operator<<(Type t);
  Diagnostic &operator<<(Attribute a);
  Diagnostic &operator<<(const OperationName &name);
  /// Prints the operation's name (as MLIR does: `'dialect.op'` is the caller's job).
  Diagnostic &operator<<(Operation &op);
  Diagnostic &operator<<(Operation *op) { return *this << *op; }
  Diagnostic &operator<<(Value v);
  template <typename T, typename = decltype(std::declval<T>().getOperation())>
  Diagnostic &operator<<(T op) {
    return *this << op.getOperation();
  }
  /// Streams a comma-separated list.
  template <typename T> Diagnostic &appendRange(const T &range, const char *sep = ", ") {
    bool first = true;
    for (const auto &e : range) {
      if (!first)
        *this << sep;
      first = false;
      *this << e;
    }
    return *this;
  }

  /// Attaches a note at `loc` (or this diagnostic's location) and returns it.
  Diagnostic &attachNote(std::optional<Location> noteLoc = std::nullopt);
  const std::vector<std::unique_ptr<Diagnostic>> &getNotes() const { return notes; }

private:
  Location loc;
  DiagnosticSeverity severity;
  std::string message;
  std::vector<std::unique_ptr<Diagnostic>> notes;
};

class DiagnosticEngine;

/// A diagnostic being built; reported to the engine when it goes out of scope.
/// Converts to failure() so `return emitError(loc) << "...";` works.
class [[nodiscard]] InFlightDiagnostic {
public:
  InFlightDiagnostic() = default;
  InFlightDiagnostic(DiagnosticEngine *owner, Diagnostic &&d) : owner(owner), impl(std::move(d)) {}
  InFlightDiagnostic(InFlightDiagnostic &&other) : owner(other.owner), impl(std::move(other.impl)) {
    other.impl.reset();
  }
  InFlightDiagnostic &operator=(InFlightDiagnostic &&other);
  ~InFlightDiagnostic() {
    if (isInFlight())
      report();
  }

  template <typename T> InFlightDiagnostic &operator<<(T &&arg) & {
    if (isActive())
      *impl << std::forward<T>(arg);
    return *this;
  }
  template <typename T> InFlightDiagnostic &&operator<<(T &&arg) && {
    if (isActive())
      *impl << std::forward<T>(arg);
    return std::move(*this);
  }
  template <typename T> InFlightDiagnostic &appendRange(const T &range, const char *sep = ", ") {
    if (isActive())
      impl->appendRange(range, sep);
    return *this;
  }

  Diagnostic &attachNote(std::optional<Location> noteLoc = std::nullopt) {
    return impl->attachNote(noteLoc);
  }
  Diagnostic *getUnderlyingDiagnostic() { return impl ? &*impl : nullptr; }

  /// Sends the diagnostic to the engine now.
  void report();
  /// Drops the diagnostic without reporting it.
  void abandon() { impl.reset(); }

  operator LogicalResult() const { return failure(); }
  operator ParseResult() const { return ParseResult(failure()); }
  template <typename T> operator FailureOr<T>() const { return failure(); }

private:
  bool isActive() const { return impl.has_value(); }
  bool isInFlight() const { return impl.has_value(); }
  DiagnosticEngine *owner = nullptr;
  std::optional<Diagnostic> impl;
};

/// Dispatches diagnostics to registered handlers, most recent first. A handler
/// returns success() if it handled the diagnostic. Unhandled errors are
/// printed to stderr.
class DiagnosticEngine {
public:
  using HandlerTy = std::function<LogicalResult(Diagnostic &)>;
  using HandlerID = uint64_t;

  HandlerID registerHandler(HandlerTy handler);
  void eraseHandler(HandlerID id);
  void emit(Diagnostic &&diag);
  InFlightDiagnostic emit(Location loc, DiagnosticSeverity severity) {
    return InFlightDiagnostic(this, Diagnostic(loc, severity));
  }

private:
  std::mutex *mutexPtr();
  std::vector<std::pair<HandlerID, HandlerTy>> handlers;
  HandlerID nextID = 1;
  std::unique_ptr<std::mutex> mutex = std::make_unique<std::mutex>();
};

/// Emits an error, warning or remark at `loc`.
InFlightDiagnostic emitError(Location loc);
InFlightDiagnostic emitError(Location loc, std::string_view message);
InFlightDiagnostic emitWarning(Location loc);
InFlightDiagnostic emitWarning(Location loc, std::string_view message);
InFlightDiagnostic emitRemark(Location loc);
InFlightDiagnostic emitRemark(Location loc, std::string_view message);

/// Prints diagnostics as `file:line:col: error: message` followed by the
/// source line and a caret when the location points into a managed buffer.
class SourceMgrDiagnosticHandler {
public:
  SourceMgrDiagnosticHandler(SourceMgr &mgr, MLIRContext *ctx, raw_ostream &os);
  SourceMgrDiagnosticHandler(SourceMgr &mgr, MLIRContext *ctx);
  ~SourceMgrDiagnosticHandler();

  /// Prints one diagnostic (and its notes).
  void emitDiagnostic(Diagnostic &diag);
  /// Prints a message at a location with a given severity label.
  void emitDiagnostic(Location loc, std::string_view message, DiagnosticSeverity kind,
                      bool displaySourceLine = true);

protected:
  SourceMgr &mgr;
  raw_ostream &os;
  MLIRContext *context;
  DiagnosticEngine::HandlerID handlerID = 0;
  /// Finds the buffer and pointer for a file location, if it is in `mgr`.
  const char *convertLocToPointer(Location loc);
};

/// Writes a location as diagnostics print it ("file:line:col", or nested forms).
void printDiagnosticLocation(raw_ostream &os, Location loc);

} // namespace lamina
