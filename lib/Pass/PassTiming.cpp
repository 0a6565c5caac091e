//===- PassTiming.cpp - Timing passes, pipelines and analyses -------------===//
//
// MLIR's PassTiming instrumentation: a timer per pass (keyed by the original
// pass, so the clones running in parallel share it), per nested pipeline
// ("'func.func' Pipeline") and per analysis ("(A) DominanceInfo"). Work forked
// to other threads nests under the timer of the pass that forked it.
//
#include "PassDetail.h"

#include "lamina/Support/Timing.h"

#include <unordered_map>

using namespace lamina;
using namespace lamina::detail;

namespace {
struct PassTiming : public PassInstrumentation {
  explicit PassTiming(TimingScope &rootScope) : rootScope(rootScope) {}

  struct ParentKey {
    uint64_t thread;
    Pass *pass;
    bool operator==(const ParentKey &o) const { return thread == o.thread && pass == o.pass; }
  };
  struct ParentKeyHash {
    size_t operator()(const ParentKey &k) const { return std::hash<uint64_t>()(k.thread) ^ std::hash<Pass *>()(k.pass); }
  };

  /// The index, in its thread's stack, of the timer of each pass that may
  /// fork work to other threads.
  std::unordered_map<ParentKey, size_t, ParentKeyHash> parentTimerIndices;
  /// The active timers of each thread.
  std::unordered_map<uint64_t, std::vector<TimingScope>> activeThreadTimers;
  TimingScope &rootScope;

  void runBeforePipeline(std::optional<OperationName> name, const PipelineParentInfo &parentInfo) override {
    std::vector<TimingScope> &active = activeThreadTimers[getThreadID()];
    TimingScope *parentScope = &rootScope;
    auto it = parentTimerIndices.find({parentInfo.parentThreadID, parentInfo.parentPass});
    if (it != parentTimerIndices.end())
      parentScope = &activeThreadTimers[parentInfo.parentThreadID][it->second];
    const void *timerId = name ? name->getAsOpaquePointer() : nullptr;
    active.push_back(parentScope->nest(timerId, [&] {
      std::string timerName = "'";
      timerName += name ? name->getStringRef() : std::string_view("any");
      timerName += "' Pipeline";
      return timerName;
    }));
  }

  void runAfterPipeline(std::optional<OperationName>, const PipelineParentInfo &) override {
    activeThreadTimers[getThreadID()].pop_back();
  }

  void runBeforePass(Pass *pass, Operation *) override {
    uint64_t tid = getThreadID();
    std::vector<TimingScope> &active = activeThreadTimers[tid];
    TimingScope &parentScope = active.empty() ? rootScope : active.back();
    if (OpToOpPassAdaptor *adaptor = asAdaptor(pass)) {
      parentTimerIndices[{tid, pass}] = active.size();
      TimingScope scope =
          parentScope.nest(pass->getThreadingSiblingOrThis(), [&] { return adaptor->getAdaptorName(); });
      if (adaptor->getPassManagers().size() <= 1)
        scope.hide();
      active.push_back(std::move(scope));
      return;
    }
    active.push_back(
        parentScope.nest(pass->getThreadingSiblingOrThis(), [&] { return std::string(pass->getName()); }));
  }

  void runAfterPass(Pass *pass, Operation *) override {
    uint64_t tid = getThreadID();
    if (asAdaptor(pass))
      parentTimerIndices.erase({tid, pass});
    activeThreadTimers[tid].pop_back();
  }

  void runAfterPassFailed(Pass *pass, Operation *op) override { runAfterPass(pass, op); }

  void runBeforeAnalysis(std::string_view name, TypeID id, Operation *) override {
    std::vector<TimingScope> &active = activeThreadTimers[getThreadID()];
    TimingScope &parentScope = active.empty() ? rootScope : active.back();
    active.push_back(parentScope.nest(id.getAsOpaquePointer(), [&] {
      std::string timerName = "(A) ";
      timerName += name;
      return timerName;
    }));
  }

  void runAfterAnalysis(std::string_view, TypeID, Operation *) override {
    activeThreadTimers[getThreadID()].pop_back();
  }
};
} // namespace

void PassManager::enableTiming(TimingScope &timingScope) {
  if (!timingScope)
    return;
  addInstrumentation(std::make_unique<PassTiming>(timingScope));
}
