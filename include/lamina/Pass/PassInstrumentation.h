//===- PassInstrumentation.h - Hooks around passes, pipelines, analyses ---===//
//
// MLIR's PassInstrumentation: callbacks the pass manager invokes before and
// after every pass, every nested pipeline and every analysis computation.
// Timing, IR printing and crash reproducers are instrumentations. Hooks may
// be called from several threads at once (the instrumentor serializes them).
//
#pragma once

#include "lamina/IR/OperationSupport.h"
#include "lamina/Support/TypeID.h"

#include <memory>
#include <mutex>
#include <optional>
#include <string_view>
#include <vector>

namespace lamina {

class Operation;
class Pass;

/// Callbacks around pass execution; override the ones of interest.
class PassInstrumentation {
public:
  /// Identifies the pass (and thread) that spawned a nested pipeline, so
  /// that work forked to other threads can be attributed to it.
  struct PipelineParentInfo {
    uint64_t parentThreadID;
    Pass *parentPass;
    bool operator==(const PipelineParentInfo &o) const {
      return parentThreadID == o.parentThreadID && parentPass == o.parentPass;
    }
  };

  virtual ~PassInstrumentation();

  /// Before/after a nested pipeline runs on an op; `name` is the pipeline's
  /// anchor op (none for op-agnostic pipelines).
  virtual void runBeforePipeline(std::optional<OperationName> name, const PipelineParentInfo &parentInfo) {}
  virtual void runAfterPipeline(std::optional<OperationName> name, const PipelineParentInfo &parentInfo) {}
  /// Before/after `pass` runs on `op`; runAfterPassFailed instead of
  /// runAfterPass when the pass (or the verifier after it) failed.
  virtual void runBeforePass(Pass *pass, Operation *op) {}
  virtual void runAfterPass(Pass *pass, Operation *op) {}
  virtual void runAfterPassFailed(Pass *pass, Operation *op) {}
  /// Around the computation of an analysis (named as in timing reports).
  virtual void runBeforeAnalysis(std::string_view name, TypeID id, Operation *op) {}
  virtual void runAfterAnalysis(std::string_view name, TypeID id, Operation *op) {}
};

/// Forwards each hook to the registered instrumentations (after-hooks in
/// reverse order), one call at a time.
class PassInstrumentor {
public:
  void runBeforePipeline(std::optional<OperationName> name, const PassInstrumentation::PipelineParentInfo &info);
  void runAfterPipeline(std::optional<OperationName> name, const PassInstrumentation::PipelineParentInfo &info);
  void runBeforePass(Pass *pass, Operation *op);
  void runAfterPass(Pass *pass, Operation *op);
  void runAfterPassFailed(Pass *pass, Operation *op);
  void runBeforeAnalysis(std::string_view name, TypeID id, Operation *op);
  void runAfterAnalysis(std::string_view name, TypeID id, Operation *op);
  void addInstrumentation(std::unique_ptr<PassInstrumentation> pi);

private:
  std::recursive_mutex mutex;
  std::vector<std::unique_ptr<PassInstrumentation>> instrumentations;
};

} // namespace lamina
