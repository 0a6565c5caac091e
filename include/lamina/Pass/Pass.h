//===- Pass.h - The base class of passes ----------------------------------===//
//
// MLIR's Pass: a transformation or analysis run by a pass manager on one
// operation at a time (`getOperation()`), possibly on many operations in
// parallel (each thread running its own clone of the pass). A pass declares
// the ops it can run on (OperationPass<OpT>, or OperationPass<> for any op),
// its options (parsed from `name{opt=value}` pipeline text) and statistics.
// It reports failure with signalPassFailure() after emitting diagnostics, and
// says which cached analyses stay valid (markAllAnalysesPreserved(): the
// pass did not change the IR, so the verifier need not run after it).
//
// Generic passes are declared in a table (see PassTable.h) that gives each
// one its name, argument, summary, options and statistics.
//
#pragma once

#include "lamina/IR/Operation.h"
#include "lamina/Pass/AnalysisManager.h"
#include "lamina/Support/CommandLine.h"

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lamina {

class DialectRegistry;
class OpPassManager;

namespace detail {
class OpToOpPassAdaptor;
struct OpPassManagerImpl;

/// What a pass sees while it runs on one operation.
struct PassExecutionState {
  PassExecutionState(Operation *ir, AnalysisManager analysisManager,
                     std::function<LogicalResult(OpPassManager &, Operation *)> pipelineExecutor)
      : ir(ir), analysisManager(analysisManager), pipelineExecutor(std::move(pipelineExecutor)) {}
  Operation *ir;
  bool passFailed = false;
  AnalysisManager analysisManager;
  PreservedAnalyses preservedAnalyses;
  std::function<LogicalResult(OpPassManager &, Operation *)> pipelineExecutor;
};
} // namespace detail

/// The base class of all passes.
class Pass {
public:
  virtual ~Pass();
  Pass &operator=(const Pass &) = delete;

  /// Identifies the pass class.
  TypeID getTypeID() const { return passID; }
  /// The pass name used in diagnostics and reports ("CSE").
  virtual std::string_view getName() const = 0;
  /// The command-line argument and pipeline name ("cse"); empty if none.
  virtual std::string_view getArgument() const { return {}; }
  /// The one-line summary shown by `--help`.
  virtual std::string_view getDescription() const { return {}; }
  /// The op this pass runs on, if it is restricted to one.
  std::optional<std::string_view> getOpName() const { return opName; }

  /// Whether the pass can run on ops named `name`.
  virtual bool canScheduleOn(OperationName name) const = 0;
  /// Whether the pass can run on `op` (by default: on its name).
  virtual bool canScheduleOn(Operation *op) const { return canScheduleOn(op->getName()); }
  /// Adds the dialects whose entities the pass may create.
  virtual void getDependentDialects(DialectRegistry &registry) const {}
  /// Called once before the pass runs on any operation.
  virtual LogicalResult initialize(MLIRContext *context) { return success(); }

  /// Parses `options` (`a=1 b=x,y`) into this pass's options; errors go to
  /// `errorHandler`.
  virtual LogicalResult initializeOptions(std::string_view options,
                                          function_ref<LogicalResult(const std::string &)> errorHandler);
  /// Prints the pass as it appears in a textual pipeline (`cse`,
  /// `symbol-privatize{exclude={a,b}}`, nested `op(...)` for adaptors).
  void printAsTextualPipeline(raw_ostream &os, bool pretty = false, unsigned indent = 0);
  /// A new instance of this pass with the same option values.
  std::unique_ptr<Pass> clone() const;
  /// Copies the option values of `other`, an instance of the same pass.
  void copyOptionValuesFrom(const Pass *other);

  const cl::OptionSet &getPassOptions() const { return passOptions; }

  //===--------------------------------------------------------------------===//
  // Options and statistics (declared as members of the pass)
  //===--------------------------------------------------------------------===//

  /// A pass option: `Option<bool> json{*this, "json", "print as JSON", false};`
  template <typename T> class Option : public cl::opt<T> {
  public:
    Option(Pass &parent, std::string_view arg, std::string_view description, T init = T())
        : cl::opt<T>(arg, description, init, &parent.passOptions) {}
    using cl::opt<T>::operator=;
  };
  /// A comma-separated list option.
  template <typename T> class ListOption : public cl::list<T> {
  public:
    ListOption(Pass &parent, std::string_view arg, std::string_view description)
        : cl::list<T>(arg, description, &parent.passOptions) {}
    using cl::list<T>::operator=;
  };
  /// An option taking one of a set of named values.
  template <typename EnumT> class EnumOption : public cl::enum_opt<EnumT> {
  public:
    EnumOption(Pass &parent, std::string_view arg, std::string_view description, EnumT init,
               std::initializer_list<typename cl::enum_opt<EnumT>::Entry> entries)
        : cl::enum_opt<EnumT>(arg, description, init, entries, &parent.passOptions) {}
    using cl::enum_opt<EnumT>::operator=;
  };

  /// A counter reported by `--mlir-pass-statistics`.
  class Statistic {
  public:
    Statistic(Pass *owner, const char *name, const char *description);
    Statistic(const Statistic &) = delete;
    const char *getName() const { return name; }
    const char *getDesc() const { return description; }
    uint64_t getValue() const { return value.load(std::memory_order_relaxed); }
    operator uint64_t() const { return getValue(); }
    Statistic &operator++() {
      value.fetch_add(1, std::memory_order_relaxed);
      return *this;
    }
    Statistic &operator+=(uint64_t n) {
      value.fetch_add(n, std::memory_order_relaxed);
      return *this;
    }
    Statistic &operator=(uint64_t n) {
      value.store(n, std::memory_order_relaxed);
      return *this;
    }
    /// Raises the value to `n` if it is lower (LLVM's Statistic::updateMax).
    void updateMax(uint64_t n) {
      uint64_t current = value.load(std::memory_order_relaxed);
      while (n > current && !value.compare_exchange_weak(current, n, std::memory_order_relaxed)) {
      }
    }

  private:
    const char *name;
    const char *description;
    std::atomic<uint64_t> value{0};
  };
  const std::vector<Statistic *> &getStatistics() const { return statistics; }

  /// The pass this one was cloned from for a parallel run, if any.
  Pass *getThreadingSibling() const { return threadingSibling; }
  Pass *getThreadingSiblingOrThis() { return threadingSibling ? threadingSibling : this; }

protected:
  explicit Pass(TypeID passID, std::optional<std::string_view> opName = std::nullopt)
      : passID(passID), opName(opName) {}
  /// Copies the identity of `other` only: options and statistics of the
  /// copy are its own members (see PassBase::clonePass).
  Pass(const Pass &other) : passID(other.passID), opName(other.opName) {}

  /// Runs the pass on getOperation().
  virtual void runOnOperation() = 0;
  /// A copy of the derived pass (option values are copied by clone()).
  virtual std::unique_ptr<Pass> clonePass() const = 0;

  /// The operation the pass is running on.
  Operation *getOperation() const { return passState->ir; }
  MLIRContext &getContext() const { return *getOperation()->getContext(); }
  /// Marks the run as failed (after emitting the diagnostics explaining why).
  void signalPassFailure() { passState->passFailed = true; }

  AnalysisManager getAnalysisManager() { return passState->analysisManager; }
  template <typename AnalysisT> AnalysisT &getAnalysis() { return getAnalysisManager().getAnalysis<AnalysisT>(); }
  template <typename AnalysisT> std::optional<std::reference_wrapper<AnalysisT>> getCachedAnalysis() {
    return getAnalysisManager().getCachedAnalysis<AnalysisT>();
  }
  template <typename AnalysisT> std::optional<std::reference_wrapper<AnalysisT>> getCachedParentAnalysis() {
    return getAnalysisManager().getCachedParentAnalysis<AnalysisT>();
  }
  template <typename AnalysisT> AnalysisT &getChildAnalysis(Operation *child) {
    return getAnalysisManager().getChildAnalysis<AnalysisT>(child);
  }

  /// Declares that the pass did not change the IR: every analysis stays
  /// valid and the verifier is not rerun.
  void markAllAnalysesPreserved() { passState->preservedAnalyses.preserveAll(); }
  template <typename... AnalysesT> void markAnalysesPreserved() {
    passState->preservedAnalyses.preserve<AnalysesT...>();
  }

  /// Runs `pipeline` on `op` (getOperation() or an op nested in it) from
  /// inside this pass.
  LogicalResult runPipeline(OpPassManager &pipeline, Operation *op);

private:
  friend class OpPassManager;
  friend class PassManager;
  friend class detail::OpToOpPassAdaptor;
  friend struct detail::OpPassManagerImpl;

  TypeID passID;
  std::optional<std::string_view> opName;
  std::optional<detail::PassExecutionState> passState;
  cl::OptionSet passOptions;
  std::vector<Statistic *> statistics;
  Pass *threadingSibling = nullptr;
};

/// A pass that runs on ops of type OpT (`OperationPass<ModuleOp>`), or on
/// any op (`OperationPass<>`).
template <typename OpT = void> class OperationPass : public Pass {
public:
  bool canScheduleOn(OperationName name) const override { return name.getStringRef() == OpT::getOperationName(); }

protected:
  explicit OperationPass(TypeID passID) : Pass(passID, OpT::getOperationName()) {}
  OperationPass(const OperationPass &other) : Pass(other) {}
  OpT getOperation() const { return OpT(Pass::getOperation()); }
};

template <> class OperationPass<void> : public Pass {
public:
  bool canScheduleOn(OperationName) const override { return true; }

protected:
  explicit OperationPass(TypeID passID) : Pass(passID) {}
  OperationPass(const OperationPass &other) : Pass(other) {}
};

/// Gives a pass class DerivedT its TypeID and clonePass: a copy made with
/// DerivedT's copy constructor, as MLIR's passes are cloned. State a pass
/// computes in initialize() is thus shared with the copies that run in
/// parallel; options and statistics are members of the copy, re-created by
/// the generated base's copy constructor (see PassTable.h) and given the
/// original's values by Pass::clone.
template <typename DerivedT, typename BaseT> class PassBase : public BaseT {
protected:
  PassBase() : BaseT(TypeID::get<DerivedT>()) {}
  PassBase(const PassBase &other) : BaseT(other) {}
  std::unique_ptr<Pass> clonePass() const override {
    return std::make_unique<DerivedT>(*static_cast<const DerivedT *>(this));
  }
};

/// A pass built from a function, for tests and tools: runs `fn` on each op
/// it is scheduled on.
std::unique_ptr<Pass> createFunctionPass(std::string_view name, std::string_view argument,
                                         std::function<LogicalResult(Operation *)> fn,
                                         std::optional<std::string_view> opName = std::nullopt);

} // namespace lamina
