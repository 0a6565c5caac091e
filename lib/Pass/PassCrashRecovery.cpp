//===- PassCrashRecovery.cpp - Reproducers for failing pipelines ----------===//
//
// `--mlir-pass-pipeline-crash-reproducer=FILE`: when a pipeline fails, write
// the IR it started from (or, with a local reproducer, the IR the failing
// pass started from) and the pipeline to replay it:
//
//   module { ... }
//
//   {-#
//     external_resources: {
//       mlir_reproducer: {
//         pipeline: "builtin.module(cse, func.func(symbol-dce))",
//         disable_threading: false,
//         verify_each: true
//       }
//     }
//   #-}
//
// `--run-reproducer` reads that resource back (see OptMain). A crash (fatal
// signal) in a pass on the thread that runs the pass manager is recovered
// into a failure, as mlir-opt's CrashRecoveryContext does; a crash on a
// worker thread writes the reproducers of the running pipelines and then
// lets the process die.
//
#include "PassDetail.h"

#include "lamina/IR/AsmState.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/MLIRContext.h"
#include "lamina/IR/SymbolTable.h"

#include <algorithm>
#include <cerrno>
#include <csetjmp>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <mutex>
#include <unistd.h>

using namespace lamina;
using namespace lamina::detail;

namespace {

/// The IR and pipeline of one reproducer in preparation.
struct RecoveryReproducerContext {
  RecoveryReproducerContext(std::string pipeline, Operation *op, const std::string &outputFile, bool verifyPasses);
  ~RecoveryReproducerContext();
  RecoveryReproducerContext(const RecoveryReproducerContext &) = delete;

  /// Writes the reproducer; `description` receives "reproducer generated at
  /// `FILE`" or the reason it could not be written.
  void generate(std::string &description);
  void enable();
  void disable();

  std::string pipeline;
  Operation *preCrashOperation;
  const std::string &outputFile;
  bool disableThreads;
  bool verifyPasses;
};

std::recursive_mutex &reproducerMutex() {
  static std::recursive_mutex mutex;
  return mutex;
}
std::vector<RecoveryReproducerContext *> &reproducerSet() {
  static std::vector<RecoveryReproducerContext *> set;
  return set;
}

//===----------------------------------------------------------------------===//
// Crash handling
//===----------------------------------------------------------------------===//

constexpr int kFatalSignals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT};

/// The thread that may recover from a crash (the one running the pass
/// manager under runWithCrashRecovery) and where to jump back to.
thread_local sigjmp_buf *recoveryPoint = nullptr;

void crashHandler(int sig) {
  if (recoveryPoint) {
    sigjmp_buf *point = recoveryPoint;
    recoveryPoint = nullptr;
    siglongjmp(*point, sig);
  }
  // Not recoverable here: write what we can, then die with the signal.
  {
    std::lock_guard<std::recursive_mutex> lock(reproducerMutex());
    for (RecoveryReproducerContext *context : reproducerSet()) {
      std::string description;
      context->generate(description);
      emitError(context->preCrashOperation->getLoc())
          << "A failure has been detected while processing the MLIR module:" << description;
    }
  }
  errs().flush();
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

} // namespace

CrashRecoverySuspender::CrashRecoverySuspender() : saved(recoveryPoint) { recoveryPoint = nullptr; }
CrashRecoverySuspender::~CrashRecoverySuspender() { recoveryPoint = static_cast<sigjmp_buf *>(saved); }

namespace {

void installCrashHandlers() {
  static bool installed = [] {
    for (int sig : kFatalSignals) {
      struct sigaction action;
      std::memset(&action, 0, sizeof(action));
      action.sa_handler = crashHandler;
      sigemptyset(&action.sa_mask);
      action.sa_flags = SA_NODEFER;
      sigaction(sig, &action, nullptr);
    }
    return true;
  }();
  (void)installed;
}

//===----------------------------------------------------------------------===//
// RecoveryReproducerContext
//===----------------------------------------------------------------------===//

RecoveryReproducerContext::RecoveryReproducerContext(std::string pipeline, Operation *op,
                                                     const std::string &outputFile, bool verifyPasses)
    : pipeline(std::move(pipeline)), preCrashOperation(op->clone()), outputFile(outputFile),
      disableThreads(!op->getContext()->isMultithreadingEnabled()), verifyPasses(verifyPasses) {
  enable();
}

RecoveryReproducerContext::~RecoveryReproducerContext() {
  preCrashOperation->destroy();
  disable();
}

void RecoveryReproducerContext::enable() {
  std::lock_guard<std::recursive_mutex> lock(reproducerMutex());
  installCrashHandlers();
  auto &set = reproducerSet();
  if (std::find(set.begin(), set.end(), this) == set.end())
    set.push_back(this);
}

void RecoveryReproducerContext::disable() {
  std::lock_guard<std::recursive_mutex> lock(reproducerMutex());
  auto &set = reproducerSet();
  set.erase(std::remove(set.begin(), set.end(), this), set.end());
}

void RecoveryReproducerContext::generate(std::string &description) {
  int fd = ::open(outputFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) {
    description += "failed to create output stream: ";
    description += "cannot open output file '" + outputFile + "': " + std::strerror(errno);
    return;
  }
  description += "reproducer generated at `" + outputFile + "`";

  // The configuration travels as an `external_resources` entry: print the
  // op with only that group in the context's unclaimed resources.
  MLIRContext *ctx = preCrashOperation->getContext();
  std::vector<ExternalResourceGroup> &groups = getExternalResources(ctx);
  std::vector<ExternalResourceGroup> saved;
  saved.swap(groups);
  ExternalResourceGroup group{"mlir_reproducer", {}};
  ExternalResourceEntry entry;
  entry.key = "pipeline";
  entry.kind = ExternalResourceEntry::Kind::String;
  entry.stringValue = pipeline;
  group.entries.push_back(entry);
  entry = ExternalResourceEntry();
  entry.key = "disable_threading";
  entry.kind = ExternalResourceEntry::Kind::Bool;
  entry.boolValue = disableThreads;
  group.entries.push_back(entry);
  entry = ExternalResourceEntry();
  entry.key = "verify_each";
  entry.kind = ExternalResourceEntry::Kind::Bool;
  entry.boolValue = verifyPasses;
  group.entries.push_back(std::move(entry));
  groups.push_back(std::move(group));
  {
    raw_fd_ostream os(fd, /*shouldClose=*/true);
    preCrashOperation->print(os);
    os.flush();
  }
  groups.swap(saved);
}

} // namespace

//===----------------------------------------------------------------------===//
// PassCrashReproducerGenerator
//===----------------------------------------------------------------------===//

struct PassCrashReproducerGenerator::Impl {
  Impl(std::string outputFile, bool localReproducer)
      : outputFile(std::move(outputFile)), localReproducer(localReproducer) {}
  std::string outputFile;
  bool localReproducer;
  std::vector<std::unique_ptr<RecoveryReproducerContext>> activeContexts;
  /// The passes running now (an ordered set).
  std::vector<std::pair<Pass *, Operation *>> runningPasses;
  bool pmFlagVerifyPasses = false;
  std::mutex mutex;
};

PassCrashReproducerGenerator::PassCrashReproducerGenerator(std::string outputFile, bool localReproducer)
    : impl(std::make_unique<Impl>(std::move(outputFile), localReproducer)) {}
PassCrashReproducerGenerator::~PassCrashReproducerGenerator() = default;

bool PassCrashReproducerGenerator::isLocal() const { return impl->localReproducer; }

void PassCrashReproducerGenerator::initialize(const std::vector<std::unique_ptr<Pass>> &passes,
                                              std::string_view anchorName, Operation *op, bool verifyPasses) {
  impl->pmFlagVerifyPasses = verifyPasses;
  impl->activeContexts.clear();
  impl->runningPasses.clear();
  if (impl->localReproducer)
    return;
  std::string pipeline;
  raw_string_ostream os(pipeline);
  os << anchorName << '(';
  for (size_t i = 0; i < passes.size(); ++i) {
    if (i)
      os << ", ";
    passes[i]->printAsTextualPipeline(os);
  }
  os << ')';
  os.flush();
  impl->activeContexts.push_back(
      std::make_unique<RecoveryReproducerContext>(pipeline, op, impl->outputFile, impl->pmFlagVerifyPasses));
}

/// "`Pass` on 'op' operation: @sym".
static void formatPassOpReproducerMessage(Diagnostic &diag, std::pair<Pass *, Operation *> passOp) {
  diag << "`" << passOp.first->getName() << "` on '" << passOp.second->getName() << "' operation";
  if (StringAttr symbolName = passOp.second->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
    diag << ": @" << symbolName.getValue();
}

void PassCrashReproducerGenerator::finalize(Operation *rootOp, LogicalResult executionResult) {
  std::lock_guard<std::mutex> lock(impl->mutex);
  if (impl->activeContexts.empty())
    return;
  if (succeeded(executionResult)) {
    impl->activeContexts.clear();
    return;
  }
  InFlightDiagnostic diag = emitError(rootOp->getLoc())
                            << "Failures have been detected while processing an MLIR pass pipeline";
  if (!impl->localReproducer) {
    std::string description;
    impl->activeContexts.front()->generate(description);
    Diagnostic &note = diag.attachNote() << "Pipeline failed while executing [";
    for (size_t i = 0; i < impl->runningPasses.size(); ++i) {
      if (i)
        note << ", ";
      formatPassOpReproducerMessage(note, impl->runningPasses[i]);
    }
    note << "]: " << description;
    impl->activeContexts.clear();
    return;
  }
  std::string description;
  impl->activeContexts.back()->generate(description);
  Diagnostic &note = diag.attachNote() << "Pipeline failed while executing ";
  if (!impl->runningPasses.empty())
    formatPassOpReproducerMessage(note, impl->runningPasses.back());
  note << ": " << description;
  impl->activeContexts.clear();
}

void PassCrashReproducerGenerator::prepareReproducerFor(Pass *pass, Operation *op) {
  std::lock_guard<std::mutex> lock(impl->mutex);
  auto key = std::make_pair(pass, op);
  if (std::find(impl->runningPasses.begin(), impl->runningPasses.end(), key) == impl->runningPasses.end())
    impl->runningPasses.push_back(key);
  if (!impl->localReproducer)
    return;
  if (!impl->activeContexts.empty())
    impl->activeContexts.back()->disable();
  // The pipeline of this pass alone, nested in the ops around `op`.
  std::vector<OperationName> scopes;
  Operation *top = op;
  while (Operation *parent = top->getParentOp()) {
    scopes.push_back(top->getName());
    top = parent;
  }
  std::string pipeline;
  raw_string_ostream os(pipeline);
  os << top->getName() << '(';
  for (auto it = scopes.rbegin(); it != scopes.rend(); ++it)
    os << *it << '(';
  pass->printAsTextualPipeline(os);
  for (size_t i = 0; i < scopes.size(); ++i)
    os << ')';
  os << ')';
  os.flush();
  impl->activeContexts.push_back(
      std::make_unique<RecoveryReproducerContext>(pipeline, top, impl->outputFile, impl->pmFlagVerifyPasses));
}

void PassCrashReproducerGenerator::removeLastReproducerFor(Pass *pass, Operation *op) {
  std::lock_guard<std::mutex> lock(impl->mutex);
  auto key = std::make_pair(pass, op);
  impl->runningPasses.erase(std::remove(impl->runningPasses.begin(), impl->runningPasses.end(), key),
                            impl->runningPasses.end());
  if (impl->localReproducer && !impl->activeContexts.empty()) {
    impl->activeContexts.pop_back();
    if (!impl->activeContexts.empty())
      impl->activeContexts.back()->enable();
  }
}

namespace {
struct CrashReproducerInstrumentation : public PassInstrumentation {
  explicit CrashReproducerInstrumentation(PassCrashReproducerGenerator &generator) : generator(generator) {}
  void runBeforePass(Pass *pass, Operation *op) override {
    if (!asAdaptor(pass))
      generator.prepareReproducerFor(pass, op);
  }
  void runAfterPass(Pass *pass, Operation *op) override {
    if (!asAdaptor(pass))
      generator.removeLastReproducerFor(pass, op);
  }
  void runAfterPassFailed(Pass *pass, Operation *op) override { generator.finalize(op, failure()); }
  PassCrashReproducerGenerator &generator;
};
} // namespace

std::unique_ptr<PassInstrumentation> PassCrashReproducerGenerator::createInstrumentation() {
  return std::make_unique<CrashReproducerInstrumentation>(*this);
}

//===----------------------------------------------------------------------===//
// PassManager
//===----------------------------------------------------------------------===//

void PassManager::enableCrashReproducerGeneration(std::string outputFile, bool genLocalReproducer) {
  crashReproGenerator = std::make_unique<PassCrashReproducerGenerator>(std::move(outputFile), genLocalReproducer);
  addInstrumentation(crashReproGenerator->createInstrumentation());
}

LogicalResult PassManager::runWithCrashRecovery(Operation *op, AnalysisManager am) {
  crashReproGenerator->initialize(getPasses(), getOpAnchorName(), op, verifyPasses);
  installCrashHandlers();
  LogicalResult result = failure();
  sigjmp_buf point;
  sigjmp_buf *previous = recoveryPoint;
  if (sigsetjmp(point, /*savesigs=*/1) == 0) {
    recoveryPoint = &point;
    result = runPasses(op, am);
  } else {
    // A pass crashed on this thread: the IR may be broken, report failure.
    result = failure();
  }
  recoveryPoint = previous;
  crashReproGenerator->finalize(op, result);
  return result;
}
