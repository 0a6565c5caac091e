//===- Timing.cpp - Nested execution timers and mlir-opt's time report ----===//
#include "lamina/Support/Timing.h"

#include "lamina/Support/CommandLine.h"
#include "lamina/Support/RawOstream.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <vector>

using namespace lamina;
using namespace lamina::detail;

namespace {

/// Wall and user seconds of a timer.
struct TimeRecord {
  double wall = 0, user = 0;
  TimeRecord &operator+=(const TimeRecord &o) {
    wall += o.wall;
    user += o.user;
    return *this;
  }
  TimeRecord &operator-=(const TimeRecord &o) {
    wall -= o.wall;
    user -= o.user;
    return *this;
  }
};

std::string format(const char *fmt, double a, double b) {
  char buf[64];
  int n = std::snprintf(buf, sizeof(buf), fmt, a, b);
  return std::string(buf, size_t(n));
}

/// Prints report entries in text or JSON (MLIR's OutputStrategy).
struct Output {
  raw_ostream &os;
  bool json;
  void printHeader(const TimeRecord &total) {
    if (json) {
      os << "[\n";
      return;
    }
    static constexpr std::string_view kDescription = "... Execution time report ...";
    os << "===" << std::string(73, '-') << "===\n";
    os.indent(unsigned((80 - kDescription.size()) / 2)) << kDescription << '\n';
    os << "===" << std::string(73, '-') << "===\n";
    char buf[80];
    int n = std::snprintf(buf, sizeof(buf), "  Total Execution Time: %.4f seconds\n\n", total.wall);
    os.write(buf, size_t(n));
    if (total.user != total.wall)
      os << "  ----User Time----";
    os << "  ----Wall Time----  ----Name----\n";
  }
  void printFooter() {
    if (json)
      os << "]\n";
    os.flush();
  }
  void printTime(const TimeRecord &time, const TimeRecord &total) {
    if (json) {
      if (total.user != total.wall)
        os << "\"user\": {\"duration\": " << format("%8.4f", time.user, 0)
           << ", \"percentage\": " << format("%5.1f", 100.0 * time.user / total.user, 0) << "}, ";
      os << "\"wall\": {\"duration\": " << format("%8.4f", time.wall, 0)
         << ", \"percentage\": " << format("%5.1f", 100.0 * time.wall / total.wall, 0) << "}";
      return;
    }
    if (total.user != total.wall)
      os << format("  %8.4f (%5.1f%%)", time.user, 100.0 * time.user / total.user);
    os << format("  %8.4f (%5.1f%%)  ", time.wall, 100.0 * time.wall / total.wall);
  }
  void printListEntry(std::string_view name, const TimeRecord &time, const TimeRecord &total, bool last = false) {
    if (!json) {
      printTime(time, total);
      os << name << '\n';
      return;
    }
    os << '{';
    printTime(time, total);
    os << ", \"name\": \"" << name << "\"}";
    if (!last)
      os << ',';
    os << '\n';
  }
  void printTreeEntry(unsigned indent, std::string_view name, const TimeRecord &time, const TimeRecord &total) {
    if (!json) {
      printTime(time, total);
      os.indent(indent) << name << '\n';
      return;
    }
    os.indent(indent) << '{';
    printTime(time, total);
    os << ", \"name\": \"" << name << "\", \"passes\": [\n";
  }
  void printTreeEntryEnd(unsigned indent) {
    if (!json)
      return;
    os.indent(indent) << "{}]},\n";
  }
};

uint64_t currentThreadID() { return std::hash<std::thread::id>()(std::this_thread::get_id()); }

} // namespace

namespace lamina::detail {

/// One timer: accumulated wall/user time and children by identity.
class TimerImpl {
public:
  using Clock = std::chrono::steady_clock;
  /// Children in creation order, found by identity.
  struct Children {
    std::vector<std::pair<const void *, std::unique_ptr<TimerImpl>>> list;
    std::unordered_map<const void *, size_t> index;
    std::unique_ptr<TimerImpl> &operator[](const void *id) {
      auto [it, inserted] = index.try_emplace(id, list.size());
      if (inserted)
        list.emplace_back(id, nullptr);
      return list[it->second].second;
    }
    bool empty() const { return list.empty(); }
    void clear() {
      list.clear();
      index.clear();
    }
  };

  TimerImpl(std::string name) : threadID(currentThreadID()), name(std::move(name)) {}

  void start() { startTime = Clock::now(); }
  void stop() {
    auto elapsed = Clock::now() - startTime;
    wallTime += elapsed;
    userTime += elapsed;
  }

  TimerImpl *nest(const void *id, function_ref<std::string()> nameFn) {
    uint64_t tid = currentThreadID();
    if (tid == threadID)
      return nestTail(children[id], nameFn);
    std::lock_guard<std::mutex> lock(asyncMutex);
    return nestTail(asyncChildren[tid][id], nameFn);
  }

  void finalize() {
    addAsyncUserTime();
    mergeAsyncChildren();
  }

  TimeRecord getTimeRecord() const {
    return {std::chrono::duration<double>(wallTime).count(), std::chrono::duration<double>(userTime).count()};
  }

  /// Prints the report; the root is hidden so its children are top level.
  void print(Output &out, TimingManager::DisplayMode mode) {
    TimeRecord total = getTimeRecord();
    out.printHeader(total);
    if (mode == TimingManager::DisplayMode::List)
      printAsList(out, total);
    else
      printAsTree(out, total, 0);
    TimeRecord rest = total;
    for (auto &child : children.list)
      rest -= child.second->getTimeRecord();
    out.printListEntry("Rest", rest, total);
    out.printListEntry("Total", total, total, /*last=*/true);
    out.printFooter();
  }

  std::chrono::nanoseconds wallTime{0};
  std::chrono::nanoseconds userTime{0};
  bool hidden = false;

private:
  TimerImpl *nestTail(std::unique_ptr<TimerImpl> &child, function_ref<std::string()> nameFn) {
    if (!child)
      child = std::make_unique<TimerImpl>(nameFn());
    return child.get();
  }

  std::chrono::nanoseconds addAsyncUserTime() {
    std::chrono::nanoseconds added{0};
    for (auto &child : children.list)
      added += child.second->addAsyncUserTime();
    for (auto &thread : asyncChildren) {
      for (auto &child : thread.second.list) {
        child.second->addAsyncUserTime();
        added += child.second->userTime;
      }
    }
    userTime += added;
    return added;
  }

  void mergeAsyncChildren() {
    for (auto &child : children.list)
      child.second->mergeAsyncChildren();
    for (auto &thread : asyncChildren)
      mergeChildren(std::move(thread.second));
    asyncChildren.clear();
  }

  void mergeChildren(Children &&other) {
    if (children.empty()) {
      children = std::move(other);
      for (auto &child : children.list)
        child.second->mergeAsyncChildren();
      return;
    }
    for (auto &child : other.list)
      mergeChild(child.first, std::move(child.second));
    other.clear();
  }

  void mergeChild(const void *id, std::unique_ptr<TimerImpl> &&other) {
    std::unique_ptr<TimerImpl> &into = children[id];
    if (!into) {
      into = std::move(other);
      into->mergeAsyncChildren();
      return;
    }
    into->wallTime = std::max(into->wallTime, other->wallTime);
    into->userTime += other->userTime;
    into->mergeChildren(std::move(other->children));
    for (auto &thread : other->asyncChildren)
      into->mergeChildren(std::move(thread.second));
    other.reset();
  }

  void printAsList(Output &out, const TimeRecord &total) {
    // Merge the timers by name, then sort by wall time (largest first).
    std::map<std::string, TimeRecord> merged;
    std::vector<TimerImpl *> worklist{this};
    while (!worklist.empty()) {
      TimerImpl *timer = worklist.back();
      worklist.pop_back();
      merged[timer->name] += timer->getTimeRecord();
      for (auto it = timer->children.list.rbegin(); it != timer->children.list.rend(); ++it)
        worklist.push_back(it->second.get());
    }
    std::vector<std::pair<std::string, TimeRecord>> entries(merged.begin(), merged.end());
    std::stable_sort(entries.begin(), entries.end(),
                     [](const auto &a, const auto &b) { return a.second.wall > b.second.wall; });
    for (auto &entry : entries)
      out.printListEntry(entry.first, entry.second, total);
  }

  void printAsTree(Output &out, const TimeRecord &total, unsigned indent) {
    unsigned childIndent = indent;
    if (!hidden) {
      out.printTreeEntry(indent, name, getTimeRecord(), total);
      childIndent += 2;
    }
    for (auto &child : children.list)
      child.second->printAsTree(out, total, childIndent);
    if (!hidden)
      out.printTreeEntryEnd(indent);
  }

  uint64_t threadID;
  std::string name;
  Clock::time_point startTime;
  Children children;
  std::unordered_map<uint64_t, Children> asyncChildren;
  std::mutex asyncMutex;
};

struct TimingManagerImpl {
  bool enabled = false;
  TimingManager::DisplayMode displayMode = TimingManager::DisplayMode::Tree;
  TimingManager::OutputFormat format = TimingManager::OutputFormat::Text;
  std::unique_ptr<TimerImpl> root;

  void clear() {
    root = std::make_unique<TimerImpl>("root");
    root->hidden = true;
  }
};

} // namespace lamina::detail

TimingManager::TimingManager() : impl(std::make_unique<TimingManagerImpl>()) { impl->clear(); }

TimingManager::~TimingManager() { print(); }

void TimingManager::setEnabled(bool enabled) { impl->enabled = enabled; }
bool TimingManager::isEnabled() const { return impl->enabled; }
void TimingManager::setDisplayMode(DisplayMode mode) { impl->displayMode = mode; }
void TimingManager::setOutputFormat(OutputFormat format) { impl->format = format; }

void TimingManager::print() {
  if (impl->enabled) {
    impl->root->finalize();
    // The JSON tree entries end with "}," even for the last child, as in
    // MLIR's output strategy; only list entries track the last one.
    errs().flush();
    Output out{errs(), impl->format == OutputFormat::Json};
    impl->root->print(out, impl->displayMode);
    errs().flush();
  }
  impl->clear();
}

TimerImpl *TimingManager::getRootTimer() { return impl->enabled ? impl->root.get() : nullptr; }

//===----------------------------------------------------------------------===//
// TimingScope
//===----------------------------------------------------------------------===//

TimingScope::TimingScope(TimerImpl *timer) : timer(timer) {
  if (timer)
    timer->start();
}

TimingScope &TimingScope::operator=(TimingScope &&other) {
  if (this != &other) {
    stop();
    timer = other.timer;
    other.timer = nullptr;
  }
  return *this;
}

TimingScope TimingScope::nest(const void *id, function_ref<std::string()> nameFn) {
  if (!timer)
    return TimingScope();
  return TimingScope(timer->nest(id, nameFn));
}

TimingScope TimingScope::nest(const char *name) {
  return nest(name, [&] { return std::string(name); });
}

void TimingScope::hide() {
  if (timer)
    timer->hidden = true;
}

void TimingScope::stop() {
  if (timer) {
    timer->stop();
    timer = nullptr;
  }
}

//===----------------------------------------------------------------------===//
// Command-line options
//===----------------------------------------------------------------------===//

namespace {
struct TimingOptions {
  cl::opt<bool> timing{"mlir-timing", "Display execution times"};
  cl::enum_opt<TimingManager::DisplayMode> displayMode{
      "mlir-timing-display",
      "Display method for timing data",
      TimingManager::DisplayMode::Tree,
      {{TimingManager::DisplayMode::List, "list", "display the results in a list sorted by total time"},
       {TimingManager::DisplayMode::Tree, "tree", "display the results ina with a nested tree view"}}};
  cl::enum_opt<TimingManager::OutputFormat> outputFormat{
      "mlir-output-format",
      "Output format for timing data",
      TimingManager::OutputFormat::Text,
      {{TimingManager::OutputFormat::Text, "text", "display the results in text format"},
       {TimingManager::OutputFormat::Json, "json", "display the results in JSON format"}}};
};
TimingOptions *timingOptions = nullptr;
} // namespace

void lamina::registerDefaultTimingManagerCLOptions() {
  static TimingOptions options;
  timingOptions = &options;
}

void lamina::applyDefaultTimingManagerCLOptions(TimingManager &tm) {
  if (!timingOptions)
    return;
  tm.setEnabled(timingOptions->timing);
  tm.setDisplayMode(timingOptions->displayMode);
  tm.setOutputFormat(timingOptions->outputFormat);
}
