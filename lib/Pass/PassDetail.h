//===- PassDetail.h - Pass manager internals ------------------------------===//
#pragma once

#include "lamina/Pass/PassManager.h"

#include <atomic>
#include <optional>
#include <string>
#include <vector>

namespace lamina::detail {

/// The state of an OpPassManager.
struct OpPassManagerImpl {
  OpPassManagerImpl(std::string_view name, OpPassManager::Nesting nesting)
      : name(name == OpPassManager::getAnyOpAnchorName() ? "" : std::string(name)), nesting(nesting) {}
  OpPassManagerImpl(const OpPassManagerImpl &rhs);

  /// Moves the passes of this pass manager to the end of `rhs`.
  void mergeInto(OpPassManagerImpl &rhs);
  OpPassManager &nest(OpPassManager &&nested);
  void addPass(std::unique_ptr<Pass> pass);
  /// Merges adjacent adaptors and checks that every pass can run on the
  /// anchor op.
  LogicalResult finalizePassList(MLIRContext *ctx);
  /// Whether this pass manager can run on ops named `opName`.
  bool canScheduleOn(OperationName opName) const;

  std::optional<std::string_view> getOpName() const {
    return name.empty() ? std::nullopt : std::optional<std::string_view>(name);
  }
  std::string_view getOpAnchorName() const { return name.empty() ? OpPassManager::getAnyOpAnchorName() : name; }

  /// The anchor op name (empty: op-agnostic).
  std::string name;
  std::vector<std::unique_ptr<Pass>> passes;
  unsigned initializationGeneration = 0;
  OpPassManager::Nesting nesting;
};

/// The pass that runs nested pass managers on the ops directly nested in
/// the regions of the op it runs on.
class OpToOpPassAdaptor : public Pass {
public:
  explicit OpToOpPassAdaptor(OpPassManager &&mgr);
  OpToOpPassAdaptor(const OpToOpPassAdaptor &rhs);

  std::string_view getName() const override { return "OpToOpPassAdaptor"; }
  bool canScheduleOn(OperationName) const override { return true; }
  void runOnOperation() override;
  /// Runs the nested pipelines (in parallel if multithreading is enabled).
  void runOnOperation(bool verifyPasses);
  std::unique_ptr<Pass> clonePass() const override { return std::make_unique<OpToOpPassAdaptor>(*this); }
  void getDependentDialects(DialectRegistry &dialects) const override;

  /// "Pipeline Collection : ['func.func', ...]", the timer name.
  std::string getAdaptorName() const;
  std::vector<OpPassManager> &getPassManagers() { return mgrs; }
  /// Merges this adaptor's pass managers into `rhs` (fails if an
  /// op-agnostic one could conflict).
  LogicalResult tryMergeInto(MLIRContext *ctx, OpToOpPassAdaptor &rhs);

  /// Runs `pass` on `op`: instrumentation, the pass, analysis invalidation,
  /// verification.
  static LogicalResult run(Pass *pass, Operation *op, AnalysisManager am, bool verifyPasses,
                           unsigned parentInitGeneration);
  /// Runs each pass of `pm` on `op`, stopping at the first failure.
  static LogicalResult runPipeline(OpPassManager &pm, Operation *op, AnalysisManager am, bool verifyPasses,
                                   unsigned parentInitGeneration, PassInstrumentor *instrumentor,
                                   const PassInstrumentation::PipelineParentInfo *parentInfo);

  /// The per-thread copies of `mgrs` used by parallel runs.
  std::vector<std::vector<OpPassManager>> &getAsyncExecutors() { return asyncExecutors; }

private:
  void runOnOperationImpl(bool verifyPasses);
  void runOnOperationAsyncImpl(bool verifyPasses);

  std::vector<OpPassManager> mgrs;
  std::vector<std::vector<OpPassManager>> asyncExecutors;
};

/// The adaptor `pass` is, or null.
inline OpToOpPassAdaptor *asAdaptor(Pass *pass) {
  return pass->getTypeID() == TypeID::get<OpToOpPassAdaptor>() ? static_cast<OpToOpPassAdaptor *>(pass) : nullptr;
}

/// A small identifier of the calling thread.
uint64_t getThreadID();

/// Disarms crash recovery on this thread while work runs in parallel (a
/// crash there cannot unwind to the pass manager safely); restores it when
/// destroyed.
class CrashRecoverySuspender {
public:
  CrashRecoverySuspender();
  ~CrashRecoverySuspender();

private:
  void *saved;
};

/// Generates crash reproducers for a PassManager (PassCrashRecovery.cpp).
class PassCrashReproducerGenerator {
public:
  PassCrashReproducerGenerator(std::string outputFile, bool localReproducer);
  ~PassCrashReproducerGenerator();

  /// Prepares for a run of `passes` on `op` (snapshots the IR unless local).
  void initialize(const std::vector<std::unique_ptr<Pass>> &passes, std::string_view anchorName, Operation *op,
                  bool verifyPasses);
  /// After the run: on failure, writes the reproducer and reports it.
  void finalize(Operation *rootOp, LogicalResult executionResult);
  /// Tracks a pass starting/finishing on an op.
  void prepareReproducerFor(Pass *pass, Operation *op);
  void removeLastReproducerFor(Pass *pass, Operation *op);
  bool isLocal() const;
  /// Creates the instrumentation that feeds this generator.
  std::unique_ptr<PassInstrumentation> createInstrumentation();

  struct Impl;

private:
  std::unique_ptr<Impl> impl;
};

} // namespace lamina::detail
