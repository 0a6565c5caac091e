//===- PassManager.h - Pipelines of passes over nested operations ---------===//
//
// MLIR's pass managers. An OpPassManager holds a pipeline anchored on an op
// name (`func.func`) or on any op (`any`); nesting one inside another adds
// an adaptor pass that runs the inner pipeline on every op, directly in the
// regions of the current one, that it can be scheduled on (isolated from
// above, and of the anchor's name). The adaptor runs those ops in parallel
// on the context's thread pool (each thread with its own clone of the
// pipeline), or one after the other without multithreading; diagnostics come
// out in op order either way.
//
// A PassManager is the top-level OpPassManager: it runs on one op, verifies
// the IR after each pass that may have changed it (unless disabled), and
// owns the instrumentations (timing, IR printing, statistics, crash
// reproducers).
//
#pragma once

#include "lamina/IR/OperationSupport.h"
#include "lamina/Pass/Pass.h"
#include "lamina/Pass/PassInstrumentation.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace lamina {

class MLIRContext;
class TimingScope;

namespace detail {
struct OpPassManagerImpl;
class PassCrashReproducerGenerator;
} // namespace detail

/// A pipeline of passes anchored on an op name or on any op.
class OpPassManager {
public:
  /// Whether adding a pass restricted to another op nests a pass manager
  /// for it (Implicit) or is an error (Explicit).
  enum class Nesting { Implicit, Explicit };

  /// An op-agnostic pass manager (anchored on `any`).
  explicit OpPassManager(Nesting nesting = Nesting::Explicit);
  /// A pass manager anchored on `name` (`any` means op-agnostic).
  explicit OpPassManager(std::string_view name, Nesting nesting = Nesting::Explicit);
  OpPassManager(OpPassManager &&rhs);
  OpPassManager(const OpPassManager &rhs);
  OpPassManager &operator=(const OpPassManager &rhs);
  OpPassManager &operator=(OpPassManager &&rhs);
  ~OpPassManager();

  /// The passes of this pipeline, in order.
  const std::vector<std::unique_ptr<Pass>> &getPasses() const;
  size_t size() const;
  bool empty() const { return size() == 0; }

  /// Adds a pass manager anchored on `nestedName` and returns it.
  OpPassManager &nest(std::string_view nestedName);
  template <typename OpT> OpPassManager &nest() { return nest(OpT::getOperationName()); }
  /// Adds an op-agnostic nested pass manager.
  OpPassManager &nestAny();
  /// Adds `pass` (nesting it first if it is restricted to another op and
  /// nesting is implicit).
  void addPass(std::unique_ptr<Pass> pass);
  template <typename OpT> void addNestedPass(std::unique_ptr<Pass> pass) { nest<OpT>().addPass(std::move(pass)); }
  void clear();

  /// The anchor op name, or none for op-agnostic pass managers.
  std::optional<std::string_view> getOpName() const;
  /// The anchor op name, or `any`.
  std::string_view getOpAnchorName() const;
  static constexpr std::string_view getAnyOpAnchorName() { return "any"; }

  /// Prints `anchor(pass,pass,...)` (`pretty`: one pass per line, indented
  /// by two spaces per level, as `--dump-pass-pipeline`).
  void printAsTextualPipeline(raw_ostream &os, bool pretty = false, unsigned indent = 0) const;
  /// Prints "Pass Manager with N passes:" and the pretty pipeline to stderr.
  void dump();

  void getDependentDialects(DialectRegistry &dialects) const;
  void setNesting(Nesting nesting);
  Nesting getNesting() const;

  /// Calls Pass::initialize on every pass of this pipeline (and nested ones)
  /// once per `generation`.
  LogicalResult initialize(MLIRContext *context, unsigned generation);

  detail::OpPassManagerImpl &getImpl() { return *impl; }

private:
  std::unique_ptr<detail::OpPassManagerImpl> impl;
};

/// How `--mlir-pass-statistics` displays statistics.
enum class PassDisplayMode { List, Pipeline };

/// Options of the IR printing instrumentation (`--mlir-print-ir-*`).
struct IRPrinterConfig {
  /// Whether to print before/after `pass` runs on `op`.
  std::function<bool(Pass *, Operation *)> shouldPrintBeforePass;
  std::function<bool(Pass *, Operation *)> shouldPrintAfterPass;
  /// Print the whole top-level op, not just the one the pass ran on.
  bool printModuleScope = false;
  /// Print after a pass only if it changed the IR.
  bool printAfterOnlyOnChange = false;
  /// Print after a pass only if it failed.
  bool printAfterOnlyOnFailure = false;
  OpPrintingFlags printingFlags;
  /// Write one file per dump under this directory instead of stderr.
  std::string treeDir;
};

/// The top-level pass manager: runs on one op of its anchor's name.
class PassManager : public OpPassManager {
public:
  PassManager(MLIRContext *context, std::string_view operationName = "builtin.module",
              Nesting nesting = Nesting::Explicit);
  ~PassManager();

  /// Runs the pipeline on `op`. Returns failure if a pass failed, the
  /// verifier rejected its result, or the pipeline cannot run on `op`.
  LogicalResult run(Operation *op);

  MLIRContext *getContext() const { return context; }
  /// Verify the IR after each pass (on by default).
  void enableVerifier(bool enabled = true) { verifyPasses = enabled; }
  bool isVerifierEnabled() const { return verifyPasses; }

  void addInstrumentation(std::unique_ptr<PassInstrumentation> pi);
  /// Times passes and analyses under `timingScope` (no-op if it is empty).
  void enableTiming(TimingScope &timingScope);
  /// Prints pass statistics after each run.
  void enableStatistics(PassDisplayMode displayMode = PassDisplayMode::Pipeline);
  /// Prints the IR around passes as `config` says (module scope needs
  /// multithreading disabled).
  LogicalResult enableIRPrinting(IRPrinterConfig config);
  /// Writes a reproducer (the IR before the pipeline, or before the failing
  /// pass with `genLocalReproducer`, and the pipeline) to `outputFile` when
  /// the pipeline fails.
  void enableCrashReproducerGeneration(std::string outputFile, bool genLocalReproducer = false);

  /// Whether the last run left the IR verified (passes that may change it
  /// ran with the verifier, or none ran).
  bool irVerifiedAfterRun() const { return lastRunVerified; }

private:
  LogicalResult runPasses(Operation *op, AnalysisManager am);
  LogicalResult runWithCrashRecovery(Operation *op, AnalysisManager am);
  void dumpStatistics();

  MLIRContext *context;
  bool verifyPasses = true;
  bool lastRunVerified = true;
  std::optional<PassDisplayMode> statisticsMode;
  std::unique_ptr<PassInstrumentor> instrumentor;
  std::unique_ptr<detail::PassCrashReproducerGenerator> crashReproGenerator;
  unsigned initializationGeneration = 0;
};

namespace cl {
/// Pass pipelines as option values (`op-pipelines=func.func(cse)`): parsed
/// with parsePassPipeline, whose errors go to errs(), and printed as
/// textual pipelines, as MLIR's parser<OpPassManager> does.
template <> struct ValueParser<OpPassManager> {
  static LogicalResult parse(const Option &opt, std::string_view argName, std::string_view value,
                             OpPassManager &result);
  static std::string_view valueName() { return "pass-manager"; }
  static void print(raw_ostream &os, const OpPassManager &pm);
};
} // namespace cl

} // namespace lamina
