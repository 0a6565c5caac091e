//===- Diagnostics.h - Errors, warnings, remarks and notes ----------------===//
//
// A Diagnostic is a severity, a location, a message and attached notes.
// Diagnostics are built through an InFlightDiagnostic and reported to the
// context's DiagnosticEngine, which hands them to the registered handlers
// (most recent first). SourceMgrDiagnosticHandler prints them exactly as
// mlir-opt does: `file:line:col: error: message`, the source line and a caret.
//
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

class MemoryBuffer;
class Operation;
class OperationName;
class OpPrintingFlags;
class SourceMgr;
class Value;

enum class DiagnosticSeverity { Note, Warning, Error, Remark };

/// One diagnostic: severity, location, message and attached notes. Arguments
/// streamed into it are printed immediately, as MLIR prints them: types
/// quoted (`'i32'`), attributes in their full syntax, operations in generic
/// form for errors (custom form otherwise) with local scope, values as their
/// defining operation.
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
  Diagnostic &operator<<(bool v) { message.append(v ? "1" : "0"); return *this; }
  Diagnostic &operator<<(int v) { message.append(std::to_string(v)); return *this; }
  Diagnostic &operator<<(unsigned v) { message.append(std::to_string(v)); return *this; }
  Diagnostic &operator<<(long v) { message.append(std::to_string(v)); return *this; }
  Diagnostic &operator<<(unsigned long v) { message.append(std::to_string(v)); return *this; }
  Diagnostic &operator<<(long long v) { message.append(std::to_string(v)); return *this; }
  Diagnostic &operator<<(unsigned long long v) { message.append(std::to_string(v)); return *this; }
  /// Doubles print as LLVM's raw_ostream does (`%e`).
  Diagnostic &operator<<(double v);
  /// Types print quoted: `'i32'`.
  Diagnostic &operator<<(Type t);
  Diagnostic &operator<<(Attribute a);
  Diagnostic &operator<<(Location loc) { return *this << Attribute(LocationAttr(loc)); }
  /// Prints the operation name (no quotes).
  Diagnostic &operator<<(const OperationName &name);
  /// Prints the whole operation (see appendOp).
  Diagnostic &operator<<(Operation &op);
  Diagnostic &operator<<(Operation *op) { return *this << *op; }
  Diagnostic &operator<<(Value v);
  template <typename T, typename = decltype(std::declval<T>().getOperation())>
  Diagnostic &operator<<(T op) {
    return *this << op.getOperation();
  }
  /// Appends `op` printed with `flags` adjusted for diagnostics (local scope,
  /// elided large elements, generic form for errors). An op printed on
  /// several lines starts on a new line.
  Diagnostic &appendOp(Operation &op, const OpPrintingFlags &flags);
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
  template <typename T> Diagnostic &append(T &&arg) { return *this << std::forward<T>(arg); }

  /// Attaches a note at `loc` (or this diagnostic's location) and returns it.
  Diagnostic &attachNote(std::optional<Location> noteLoc = std::nullopt);
  const std::vector<std::unique_ptr<Diagnostic>> &getNotes() const { return notes; }

  operator LogicalResult() const { return failure(); }

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
    other.owner = nullptr;
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
  /// Keeps the diagnostic from being reported (it can still be built on).
  void abandon() { owner = nullptr; }

  operator LogicalResult() const { return failure(); }
  operator ParseResult() const { return ParseResult(failure()); }
  template <typename T> operator FailureOr<T>() const { return failure(); }

private:
  bool isActive() const { return impl.has_value(); }
  bool isInFlight() const { return owner != nullptr; }
  DiagnosticEngine *owner = nullptr;
  std::optional<Diagnostic> impl;
};

/// Dispatches diagnostics to registered handlers, most recent first. A handler
/// returns success() if it handled the diagnostic. Unhandled errors are
/// printed to stderr as `loc: error: message`. Thread-safe.
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
  std::vector<std::pair<HandlerID, HandlerTy>> handlers;
  HandlerID nextID = 1;
  std::unique_ptr<std::recursive_mutex> mutex = std::make_unique<std::recursive_mutex>();
};

/// Emits an error, warning or remark at `loc`.
InFlightDiagnostic emitError(Location loc);
InFlightDiagnostic emitError(Location loc, std::string_view message);
InFlightDiagnostic emitWarning(Location loc);
InFlightDiagnostic emitWarning(Location loc, std::string_view message);
InFlightDiagnostic emitRemark(Location loc);
InFlightDiagnostic emitRemark(Location loc, std::string_view message);

/// Registers a handler for the lifetime of this object (MLIR's
/// ScopedDiagnosticHandler).
class ScopedDiagnosticHandler {
public:
  ScopedDiagnosticHandler(MLIRContext *ctx, DiagnosticEngine::HandlerTy handler);
  ScopedDiagnosticHandler(const ScopedDiagnosticHandler &) = delete;
  ~ScopedDiagnosticHandler();

protected:
  explicit ScopedDiagnosticHandler(MLIRContext *ctx) : ctx(ctx) {}
  void setHandler(DiagnosticEngine::HandlerTy handler);
  MLIRContext *ctx;
  DiagnosticEngine::HandlerID handlerID = 0;
};

/// Prints diagnostics like mlir-opt's SourceMgrDiagnosticHandler: the first
/// file location found in the diagnostic's location (pre-order through
/// names, call sites, fused and opaque locations) as `file:line:col`, the
/// source line with a caret when the location is in a buffer of `mgr` (or a
/// file on disk with that name), `called from` notes for call-site
/// locations, and `loc(...)` or `<unknown>:0` prefixes for locations without
/// a file.
class SourceMgrDiagnosticHandler : public ScopedDiagnosticHandler {
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
  /// Creates the handler without registering it in a context.
  SourceMgrDiagnosticHandler(SourceMgr &mgr, MLIRContext *ctx, raw_ostream &os, bool registerHandler);

  /// The buffer holding `filename` (from `mgr`, else loaded from disk and
  /// kept), or null.
  const MemoryBuffer *getBufferForFile(std::string_view filename);
  /// Points into the buffer for a file location, or null if it is not there.
  const char *convertLocToPointer(Location fileLoc, const MemoryBuffer **buffer);

  SourceMgr &mgr;
  raw_ostream &os;

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
};

/// Buffers diagnostics emitted on worker threads and re-emits them in a
/// deterministic order when destroyed (MLIR's ParallelDiagnosticHandler). A
/// thread that sets an order id has its diagnostics captured under that id;
/// they are emitted sorted by id (stable), on the destroying thread.
/// While alive, diagnostics emitted on the current thread are dropped. For
/// speculative work whose failure leads to redoing it (where the diagnostics
/// are then reported), e.g. parsing chunks of a file in parallel.
class ScopedDiagnosticSuppression {
public:
  ScopedDiagnosticSuppression();
  ~ScopedDiagnosticSuppression();
  ScopedDiagnosticSuppression(const ScopedDiagnosticSuppression &) = delete;
};

class ParallelDiagnosticHandler {
public:
  explicit ParallelDiagnosticHandler(MLIRContext *ctx);
  ParallelDiagnosticHandler(const ParallelDiagnosticHandler &) = delete;
  ~ParallelDiagnosticHandler();

  /// Diagnostics emitted on this thread from now on belong to `orderID`.
  /// Calls nest: eraseOrderIDForThread restores the previous capture.
  void setOrderIDForThread(size_t orderID);
  void eraseOrderIDForThread();

  struct Impl;

private:
  std::unique_ptr<Impl> impl;
};

namespace detail {
/// One `~` range to underline in printSourceMessage.
struct SourceRange {
  const char *start;
  const char *end;
};
/// Prints `message` like llvm::SourceMgr::PrintMessage: `name:line:col:
/// kind: message`, the line containing `ptr` (tabs expanded) and a caret line
/// with `ranges` underlined. A null `ptr` prints `<unknown>:0: kind: message`.
void printSourceMessage(raw_ostream &os, const MemoryBuffer *buffer, const char *ptr, DiagnosticSeverity kind,
                        std::string_view message, const std::vector<SourceRange> &ranges = {});
/// The lowercase label of a severity ("error", "warning", "note", "remark").
const char *getSeverityLabel(DiagnosticSeverity kind);
/// The first FileLineColLoc (or range start) inside `loc`, found as MLIR's
/// `findInstanceOf<FileLineColLoc>()` does (pre-order walk).
std::optional<Location> findFileLineColLoc(Location loc);
} // namespace detail

} // namespace lamina
