//===- Timing.h - Nested execution timers and mlir-opt's time report ------===//
//
// MLIR's DefaultTimingManager: a tree of timers, each keyed by an identity
// pointer under its parent, started and stopped any number of times. Timers
// nested from another thread than their parent's are kept apart and merged
// when the report is printed (wall time: the maximum of the threads, user
// time: their sum), so a parallel pipeline shows one entry per pass. The
// report (`--mlir-timing`) goes to stderr as a tree or a list, in text or
// JSON, with the layout of mlir-opt.
//
#pragma once

#include "lamina/Support/STLExtras.h"

#include <memory>
#include <string>

namespace lamina {

class raw_ostream;

namespace detail {
class TimerImpl;
struct TimingManagerImpl;
} // namespace detail

/// Collects timers and prints the report when destroyed (if enabled).
class TimingManager {
public:
  enum class DisplayMode { List, Tree };
  enum class OutputFormat { Text, Json };

  TimingManager();
  ~TimingManager();
  TimingManager(const TimingManager &) = delete;

  void setEnabled(bool enabled);
  bool isEnabled() const;
  void setDisplayMode(DisplayMode mode);
  void setOutputFormat(OutputFormat format);
  /// Prints the report to stderr now and clears the timers.
  void print();

  /// The root timer (null when disabled).
  detail::TimerImpl *getRootTimer();

private:
  std::unique_ptr<detail::TimingManagerImpl> impl;
};

/// A handle on a running timer: starts on construction, stops on
/// destruction or stop(). A default-constructed scope does nothing, so code
/// can time unconditionally.
class TimingScope {
public:
  TimingScope() = default;
  explicit TimingScope(detail::TimerImpl *timer);
  TimingScope(TimingScope &&other) : timer(other.timer) { other.timer = nullptr; }
  TimingScope &operator=(TimingScope &&other);
  TimingScope(const TimingScope &) = delete;
  ~TimingScope() { stop(); }

  /// A child timer, unique per `id` under this one (created with the name
  /// from `nameFn` the first time), started.
  TimingScope nest(const void *id, function_ref<std::string()> nameFn);
  /// Same, identified by the name itself.
  TimingScope nest(const char *name);
  /// Shows the children of this timer in its place in tree reports.
  void hide();
  void stop();
  explicit operator bool() const { return timer != nullptr; }

private:
  detail::TimerImpl *timer = nullptr;
};

/// Registers `--mlir-timing`, `--mlir-timing-display` and
/// `--mlir-output-format`.
void registerDefaultTimingManagerCLOptions();
/// Applies the registered flags to `tm`.
void applyDefaultTimingManagerCLOptions(TimingManager &tm);

} // namespace lamina
