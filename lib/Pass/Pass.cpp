//===- Pass.cpp - Passes, pass managers and the op-to-op adaptor ----------===//
//
// Execution follows MLIR's Pass.cpp: a pipeline runs its passes in order on
// one op; after each pass that did not preserve all analyses the op is
// verified (only the op itself after an adaptor, whose nested pipelines
// verified what they changed). An adaptor runs its pass managers on the ops
// directly in the regions of its op; in parallel, each thread takes a free
// copy of the pass managers, and a failure on one op does not stop the
// others (as in MLIR, every op gets its diagnostics).
//
#include "PassDetail.h"

#include "lamina/IR/BuiltinLocations.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/Dialect.h"
#include "lamina/IR/MLIRContext.h"
#include "lamina/IR/Threading.h"
#include "lamina/IR/Verifier.h"
#include "lamina/Support/ThreadPool.h"
#include "lamina/Support/Timing.h"

#include <algorithm>
#include <thread>
#include <unordered_map>

using namespace lamina;
using namespace lamina::detail;

uint64_t detail::getThreadID() {
  static std::atomic<uint64_t> next{1};
  thread_local uint64_t id = next.fetch_add(1);
  return id;
}

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

Pass::~Pass() = default;

Pass::Statistic::Statistic(Pass *owner, const char *name, const char *description)
    : name(name), description(description) {
  owner->statistics.push_back(this);
}

/// Splits the next `key[=value]` off a pass option string, as MLIR's
/// parseNextArg: values may hold quoted text and balanced `{...}`.
static std::tuple<std::string_view, std::optional<std::string_view>, std::string_view>
parseNextArg(std::string_view options) {
  auto trim = [](std::string_view s) {
    size_t b = s.find_first_not_of(" \t\n\v\f\r");
    if (b == std::string_view::npos)
      return std::string_view();
    size_t e = s.find_last_not_of(" \t\n\v\f\r");
    return s.substr(b, e - b + 1);
  };
  auto extract = [&](std::string_view &opts, size_t size) {
    std::string_view str = trim(opts.substr(0, size));
    opts = opts.substr(std::min(size, opts.size()));
    size_t b = opts.find_first_not_of(" \t\n\v\f\r");
    opts = b == std::string_view::npos ? std::string_view() : opts.substr(b);
    if (str.size() <= 1)
      return str;
    for (char q : {'\'', '"'})
      if (str.front() == q && str.back() == q)
        return trim(str.substr(1, str.size() - 2));
    if (str.front() == '{') {
      // Strip the braces only if they enclose the whole value.
      size_t depth = 0, i = 0;
      for (; i < str.size(); ++i) {
        if (str[i] == '{')
          ++depth;
        else if (str[i] == '}' && --depth == 0)
          break;
      }
      if (i == str.size() - 1)
        str = trim(str.substr(1, str.size() - 2));
    }
    return str;
  };
  auto tryProcessPunct = [&](size_t &pos, char punct) {
    if (options[pos] != punct)
      return false;
    size_t next = options.find(punct, pos + 1);
    if (next != std::string_view::npos)
      pos = next;
    return true;
  };

  std::string_view argName;
  for (size_t end = 0, e = options.size();; ++end) {
    if (end == e || options[end] == ' ') {
      argName = extract(options, end);
      return {argName, std::nullopt, options};
    }
    if (options[end] == '=') {
      argName = extract(options, end);
      options = options.substr(1);
      break;
    }
  }
  for (size_t end = 0, e = options.size();; ++end) {
    if (end == e || options[end] == ' ') {
      std::string_view value = extract(options, end);
      return {argName, value, options};
    }
    if (tryProcessPunct(end, '\'') || tryProcessPunct(end, '"'))
      continue;
    if (options[end] == '{') {
      size_t braceCount = 1;
      for (++end; end != e; ++end) {
        if (tryProcessPunct(end, '\'') || tryProcessPunct(end, '"'))
          continue;
        if (options[end] == '{')
          ++braceCount;
        else if (options[end] == '}' && --braceCount == 0)
          break;
      }
      // Account for the increment at the top of the loop.
      --end;
    }
  }
}

LogicalResult Pass::initializeOptions(std::string_view options,
                                      function_ref<LogicalResult(const std::string &)> errorHandler) {
  while (!options.empty()) {
    auto [key, value, rest] = parseNextArg(options);
    options = rest;
    if (key.empty())
      continue;
    cl::Option *opt = passOptions.lookup(key);
    if (!opt)
      return errorHandler("<Pass-Options-Parser>: no such option " + std::string(key) + "\n");
    // Value errors are printed by the option itself (as LLVM's cl does).
    if (failed(opt->addOccurrence(opt->getArgStr(), value)))
      return errorHandler("");
  }
  return success();
}

void Pass::copyOptionValuesFrom(const Pass *other) {
  const auto &mine = passOptions.getOptions();
  const auto &theirs = other->passOptions.getOptions();
  for (size_t i = 0, e = std::min(mine.size(), theirs.size()); i < e; ++i)
    mine[i]->copyValueFrom(*theirs[i]);
}

std::unique_ptr<Pass> Pass::clone() const {
  std::unique_ptr<Pass> newPass = clonePass();
  newPass->copyOptionValuesFrom(this);
  return newPass;
}

void Pass::printAsTextualPipeline(raw_ostream &os, bool pretty, unsigned indent) {
  if (OpToOpPassAdaptor *adaptor = asAdaptor(this)) {
    bool first = true;
    for (OpPassManager &pm : adaptor->getPassManagers()) {
      if (!first) {
        os << ',';
        if (pretty)
          os << '\n';
      }
      if (!first && pretty)
        os.indent(indent);
      first = false;
      pm.printAsTextualPipeline(os, pretty, indent);
    }
    return;
  }
  std::string_view argument = getArgument();
  if (!argument.empty())
    os << argument;
  else
    os << "unknown<" << getName() << ">";
  const std::vector<cl::Option *> &options = passOptions.getOptions();
  if (options.empty())
    return;
  std::vector<cl::Option *> sorted(options);
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](cl::Option *a, cl::Option *b) { return a->getArgStr() < b->getArgStr(); });
  os << '{';
  for (size_t i = 0; i < sorted.size(); ++i) {
    if (i)
      os << ' ';
    sorted[i]->printValue(os);
  }
  os << '}';
}

LogicalResult Pass::runPipeline(OpPassManager &pipeline, Operation *op) { return passState->pipelineExecutor(pipeline, op); }

namespace {
/// A pass running a function (createFunctionPass).
class FunctionPass : public Pass {
public:
  FunctionPass(std::string_view name, std::string_view argument, std::function<LogicalResult(Operation *)> fn,
               std::optional<std::string_view> opName)
      : Pass(TypeID::get<FunctionPass>(), opName), name(name), argument(argument), fn(std::move(fn)) {}
  std::string_view getName() const override { return name; }
  std::string_view getArgument() const override { return argument; }
  bool canScheduleOn(OperationName opName) const override {
    return !getOpName() || opName.getStringRef() == *getOpName();
  }
  void runOnOperation() override {
    if (failed(fn(getOperation())))
      signalPassFailure();
  }
  std::unique_ptr<Pass> clonePass() const override {
    return std::make_unique<FunctionPass>(name, argument, fn, getOpName());
  }

private:
  std::string name, argument;
  std::function<LogicalResult(Operation *)> fn;
};
} // namespace

std::unique_ptr<Pass> lamina::createFunctionPass(std::string_view name, std::string_view argument,
                                                 std::function<LogicalResult(Operation *)> fn,
                                                 std::optional<std::string_view> opName) {
  return std::make_unique<FunctionPass>(name, argument, std::move(fn), opName);
}

//===----------------------------------------------------------------------===//
// OpPassManagerImpl
//===----------------------------------------------------------------------===//

OpPassManagerImpl::OpPassManagerImpl(const OpPassManagerImpl &rhs)
    : name(rhs.name), initializationGeneration(rhs.initializationGeneration), nesting(rhs.nesting) {
  for (const std::unique_ptr<Pass> &pass : rhs.passes) {
    std::unique_ptr<Pass> newPass = pass->clone();
    newPass->threadingSibling = pass.get();
    passes.push_back(std::move(newPass));
  }
}

void OpPassManagerImpl::mergeInto(OpPassManagerImpl &rhs) {
  for (auto &pass : passes)
    rhs.passes.push_back(std::move(pass));
  passes.clear();
}

OpPassManager &OpPassManagerImpl::nest(OpPassManager &&nested) {
  auto *adaptor = new OpToOpPassAdaptor(std::move(nested));
  addPass(std::unique_ptr<Pass>(adaptor));
  return adaptor->getPassManagers().front();
}

void OpPassManagerImpl::addPass(std::unique_ptr<Pass> pass) {
  std::optional<std::string_view> pmOpName = getOpName();
  std::optional<std::string_view> passOpName = pass->getOpName();
  if (pmOpName && passOpName && *pmOpName != *passOpName) {
    // Explicit nesting rejects this before adding (see PassRegistry.cpp).
    assert(nesting == OpPassManager::Nesting::Implicit && "adding a pass restricted to another op");
    nest(OpPassManager(*passOpName, nesting)).addPass(std::move(pass));
    return;
  }
  passes.push_back(std::move(pass));
}

bool OpPassManagerImpl::canScheduleOn(OperationName opName) const {
  if (!name.empty())
    return opName.getStringRef() == name;
  if (!opName.isRegistered() || !opName.hasTrait<OpTrait::IsIsolatedFromAbove>())
    return false;
  for (const std::unique_ptr<Pass> &pass : passes)
    if (!pass->canScheduleOn(opName))
      return false;
  return true;
}

LogicalResult OpPassManagerImpl::finalizePassList(MLIRContext *ctx) {
  auto finalizeAdaptor = [ctx](OpToOpPassAdaptor *adaptor) {
    for (OpPassManager &pm : adaptor->getPassManagers())
      if (failed(pm.getImpl().finalizePassList(ctx)))
        return failure();
    return success();
  };

  // Merge adjacent adaptors.
  OpToOpPassAdaptor *lastAdaptor = nullptr;
  for (std::unique_ptr<Pass> &pass : passes) {
    if (OpToOpPassAdaptor *current = asAdaptor(pass.get())) {
      if (!lastAdaptor) {
        lastAdaptor = current;
        continue;
      }
      if (succeeded(current->tryMergeInto(ctx, *lastAdaptor)))
        pass.reset();
      else
        lastAdaptor = current;
    } else if (lastAdaptor) {
      if (failed(finalizeAdaptor(lastAdaptor)))
        return failure();
      lastAdaptor = nullptr;
    }
  }
  if (lastAdaptor && failed(finalizeAdaptor(lastAdaptor)))
    return failure();
  passes.erase(std::remove(passes.begin(), passes.end(), nullptr), passes.end());

  if (name.empty())
    return success();
  std::optional<OperationName> opName = OperationName::lookupRegistered(name, ctx);
  if (!opName)
    return success();
  for (std::unique_ptr<Pass> &pass : passes) {
    if (!pass->canScheduleOn(*opName))
      return emitError(UnknownLoc::get(ctx)) << "unable to schedule pass '" << pass->getName()
                                             << "' on a PassManager intended to run on '" << getOpAnchorName()
                                             << "'!";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// OpPassManager
//===----------------------------------------------------------------------===//

OpPassManager::OpPassManager(Nesting nesting) : impl(new OpPassManagerImpl("", nesting)) {}
OpPassManager::OpPassManager(std::string_view name, Nesting nesting) : impl(new OpPassManagerImpl(name, nesting)) {}
OpPassManager::OpPassManager(OpPassManager &&rhs) : impl(std::move(rhs.impl)) {}
OpPassManager::OpPassManager(const OpPassManager &rhs) : impl(new OpPassManagerImpl(*rhs.impl)) {}
OpPassManager &OpPassManager::operator=(const OpPassManager &rhs) {
  impl = std::make_unique<OpPassManagerImpl>(*rhs.impl);
  return *this;
}
OpPassManager &OpPassManager::operator=(OpPassManager &&rhs) {
  impl = std::move(rhs.impl);
  return *this;
}
OpPassManager::~OpPassManager() = default;

const std::vector<std::unique_ptr<Pass>> &OpPassManager::getPasses() const { return impl->passes; }
size_t OpPassManager::size() const { return impl->passes.size(); }

OpPassManager &OpPassManager::nest(std::string_view nestedName) {
  return impl->nest(OpPassManager(nestedName, impl->nesting));
}
OpPassManager &OpPassManager::nestAny() { return impl->nest(OpPassManager(impl->nesting)); }
void OpPassManager::addPass(std::unique_ptr<Pass> pass) { impl->addPass(std::move(pass)); }
void OpPassManager::clear() { impl->passes.clear(); }
std::optional<std::string_view> OpPassManager::getOpName() const { return impl->getOpName(); }
std::string_view OpPassManager::getOpAnchorName() const { return impl->getOpAnchorName(); }
void OpPassManager::setNesting(Nesting nesting) { impl->nesting = nesting; }
OpPassManager::Nesting OpPassManager::getNesting() const { return impl->nesting; }

void OpPassManager::printAsTextualPipeline(raw_ostream &os, bool pretty, unsigned indent) const {
  os << getOpAnchorName() << '(';
  unsigned inner = indent + 2;
  if (pretty)
    os << '\n';
  bool first = true;
  for (const std::unique_ptr<Pass> &pass : impl->passes) {
    if (!first) {
      os << ',';
      if (pretty)
        os << '\n';
    }
    first = false;
    if (pretty)
      os.indent(inner);
    pass->printAsTextualPipeline(os, pretty, inner);
  }
  if (pretty) {
    os << '\n';
    os.indent(indent);
  }
  os << ')';
}

void OpPassManager::dump() {
  raw_ostream &os = errs();
  os << "Pass Manager with " << impl->passes.size() << " passes:\n";
  printAsTextualPipeline(os, /*pretty=*/true);
  os << '\n';
  os.flush();
}

void OpPassManager::getDependentDialects(DialectRegistry &dialects) const {
  for (const std::unique_ptr<Pass> &pass : impl->passes)
    pass->getDependentDialects(dialects);
}

LogicalResult OpPassManager::initialize(MLIRContext *context, unsigned generation) {
  if (impl->initializationGeneration == generation)
    return success();
  impl->initializationGeneration = generation;
  for (std::unique_ptr<Pass> &pass : impl->passes) {
    if (OpToOpPassAdaptor *adaptor = asAdaptor(pass.get())) {
      for (OpPassManager &pm : adaptor->getPassManagers())
        if (failed(pm.initialize(context, generation)))
          return failure();
      continue;
    }
    if (failed(pass->initialize(context)))
      return failure();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// OpToOpPassAdaptor
//===----------------------------------------------------------------------===//

OpToOpPassAdaptor::OpToOpPassAdaptor(OpPassManager &&mgr) : Pass(TypeID::get<OpToOpPassAdaptor>()) {
  mgrs.push_back(std::move(mgr));
}

OpToOpPassAdaptor::OpToOpPassAdaptor(const OpToOpPassAdaptor &rhs)
    : Pass(TypeID::get<OpToOpPassAdaptor>()), mgrs(rhs.mgrs) {}

void OpToOpPassAdaptor::getDependentDialects(DialectRegistry &dialects) const {
  for (const OpPassManager &pm : mgrs)
    pm.getDependentDialects(dialects);
}

std::string OpToOpPassAdaptor::getAdaptorName() const {
  std::string name = "Pipeline Collection : [";
  for (size_t i = 0; i < mgrs.size(); ++i) {
    if (i)
      name += ", ";
    name += '\'';
    name += mgrs[i].getOpAnchorName();
    name += '\'';
  }
  name += ']';
  return name;
}

LogicalResult OpToOpPassAdaptor::tryMergeInto(MLIRContext *ctx, OpToOpPassAdaptor &rhs) {
  auto isGeneric = [](OpPassManager &pm) { return !pm.getOpName(); };
  // An op-agnostic pass manager conflicts with any op-specific one it could
  // also run on (and, conservatively, with any other op-agnostic one).
  auto hasConflict = [&](OpPassManager &genericPM, std::vector<OpPassManager> &others) {
    for (OpPassManager &pm : others) {
      std::optional<std::string_view> name = pm.getOpName();
      if (!name || genericPM.getImpl().canScheduleOn(OperationName(*name, ctx)))
        return true;
    }
    return false;
  };
  auto lhsGeneric = std::find_if(mgrs.begin(), mgrs.end(), isGeneric);
  if (lhsGeneric != mgrs.end() && hasConflict(*lhsGeneric, rhs.mgrs))
    return failure();
  auto rhsGeneric = std::find_if(rhs.mgrs.begin(), rhs.mgrs.end(), isGeneric);
  if (rhsGeneric != rhs.mgrs.end() && hasConflict(*rhsGeneric, mgrs))
    return failure();

  for (OpPassManager &pm : mgrs) {
    auto existing = std::find_if(rhs.mgrs.begin(), rhs.mgrs.end(), [&](OpPassManager &other) {
      return other.getOpAnchorName() == pm.getOpAnchorName();
    });
    if (existing != rhs.mgrs.end())
      pm.getImpl().mergeInto(existing->getImpl());
    else
      rhs.mgrs.push_back(std::move(pm));
  }
  mgrs.clear();
  // Op-specific pass managers first, sorted by name; op-agnostic last.
  std::stable_sort(rhs.mgrs.begin(), rhs.mgrs.end(), [](const OpPassManager &a, const OpPassManager &b) {
    std::optional<std::string_view> an = a.getOpName(), bn = b.getOpName();
    if (an && bn)
      return *an < *bn;
    return an.has_value() && !bn.has_value();
  });
  return success();
}

void OpToOpPassAdaptor::runOnOperation() { assert(false && "the adaptor runs through runOnOperation(bool)"); }

void OpToOpPassAdaptor::runOnOperation(bool verifyPasses) {
  if (getContext().isMultithreadingEnabled())
    runOnOperationAsyncImpl(verifyPasses);
  else
    runOnOperationImpl(verifyPasses);
}

/// The first pass manager of `mgrs` that can run on `name`, or null.
static OpPassManager *findPassManagerFor(std::vector<OpPassManager> &mgrs, OperationName name) {
  for (OpPassManager &mgr : mgrs)
    if (mgr.getImpl().canScheduleOn(name))
      return &mgr;
  return nullptr;
}

void OpToOpPassAdaptor::runOnOperationImpl(bool verifyPasses) {
  AnalysisManager am = getAnalysisManager();
  PassInstrumentation::PipelineParentInfo parentInfo = {getThreadID(), this};
  PassInstrumentor *instrumentor = am.getPassInstrumentor();
  for (Region &region : Pass::getOperation()->getRegions()) {
    for (Block &block : region) {
      for (Operation &op : block) {
        OpPassManager *mgr = findPassManagerFor(mgrs, op.getName());
        if (!mgr)
          continue;
        if (failed(runPipeline(*mgr, &op, am.nest(&op), verifyPasses, mgr->getImpl().initializationGeneration,
                               instrumentor, &parentInfo)))
          signalPassFailure();
      }
    }
  }
}

void OpToOpPassAdaptor::runOnOperationAsyncImpl(bool verifyPasses) {
  AnalysisManager am = getAnalysisManager();
  MLIRContext *context = &getContext();

  // Collect the ops to run on, creating their analysis maps up front so the
  // threads only touch their own.
  struct OpPMInfo {
    unsigned passManagerIdx;
    Operation *op;
    AnalysisManager am;
  };
  std::vector<OpPMInfo> opInfos;
  std::unordered_map<const void *, int> knownOpPMIdx;
  for (Region &region : Pass::getOperation()->getRegions()) {
    for (Block &block : region) {
      for (Operation &op : block) {
        auto [it, inserted] = knownOpPMIdx.try_emplace(op.getName().getAsOpaquePointer(), -1);
        if (inserted)
          if (OpPassManager *mgr = findPassManagerFor(mgrs, op.getName()))
            it->second = int(mgr - mgrs.data());
        if (it->second >= 0)
          opInfos.push_back({unsigned(it->second), &op, am.nest(&op)});
      }
    }
  }
  if (opInfos.empty())
    return;

  // One copy of the pass managers per thread that can run at once (the
  // pool's workers and the calling thread).
  size_t numExecutors = opInfos.size() == 1 ? 1 : context->getThreadPool().getThreadCount() + 1;
  auto sizeMismatch = [&](std::vector<OpPassManager> &copy) {
    if (copy.size() != mgrs.size())
      return true;
    for (size_t i = 0; i < copy.size(); ++i)
      if (copy[i].size() != mgrs[i].size())
        return true;
    return false;
  };
  if (asyncExecutors.empty() || sizeMismatch(asyncExecutors.front()) || asyncExecutors.size() < numExecutors) {
    asyncExecutors.clear();
    // The first executor is the original pass managers' copy too, so that
    // single-op runs use clones consistently.
    for (size_t i = 0; i < numExecutors; ++i)
      asyncExecutors.push_back(mgrs);
  }

  PassInstrumentation::PipelineParentInfo parentInfo = {getThreadID(), this};
  PassInstrumentor *instrumentor = am.getPassInstrumentor();
  std::vector<std::atomic<bool>> activePMs(asyncExecutors.size());
  for (auto &flag : activePMs)
    flag.store(false);
  std::atomic<bool> hasFailure(false);
  CrashRecoverySuspender noRecovery;
  // Each thread takes a group of consecutive ops and brings their op lists
  // into the cache together before running on them (see prefetchOpLists).
  auto prefetchGroup = [&](size_t begin, size_t end) {
    prefetchOpListsOf(begin, end, [&](size_t i) { return opInfos[i].op; });
  };
  parallelForEachIndexInGroups(context, opInfos.size(), prefetchGroup, [&](size_t i) {
    OpPMInfo &info = opInfos[i];
    size_t pmIndex = 0;
    for (;; pmIndex = (pmIndex + 1) % activePMs.size()) {
      bool expected = false;
      if (activePMs[pmIndex].compare_exchange_strong(expected, true))
        break;
    }
    OpPassManager &pm = asyncExecutors[pmIndex][info.passManagerIdx];
    if (failed(runPipeline(pm, info.op, info.am, verifyPasses, pm.getImpl().initializationGeneration, instrumentor,
                           &parentInfo)))
      hasFailure.store(true);
    activePMs[pmIndex].store(false);
  });
  if (hasFailure.load())
    signalPassFailure();
}

LogicalResult OpToOpPassAdaptor::run(Pass *pass, Operation *op, AnalysisManager am, bool verifyPasses,
                                     unsigned parentInitGeneration) {
  OperationName name = op->getName();
  if (!name.isRegistered())
    return op->emitOpError() << "trying to schedule a pass on an unregistered operation";
  if (!name.hasTrait<OpTrait::IsIsolatedFromAbove>())
    return op->emitOpError() << "trying to schedule a pass on an operation not marked as 'IsolatedFromAbove'";
  if (!pass->canScheduleOn(op))
    return op->emitOpError() << "trying to schedule pass '" << pass->getName() << "' on an unsupported operation";

  PassInstrumentor *pi = am.getPassInstrumentor();
  PassInstrumentation::PipelineParentInfo parentInfo = {getThreadID(), pass};
  auto dynamicPipelineCallback = [op, am, verifyPasses, parentInitGeneration, pi,
                                  parentInfo](OpPassManager &pipeline, Operation *root) mutable -> LogicalResult {
    if (!op->isAncestor(root))
      return root->emitOpError() << "Trying to schedule a dynamic pipeline on an operation that isn't nested under "
                                    "the current operation the pass is processing";
    if (failed(pipeline.getImpl().finalizePassList(root->getContext())))
      return failure();
    if (failed(pipeline.initialize(root->getContext(), parentInitGeneration)))
      return failure();
    AnalysisManager nestedAm = root == op ? am : am.nest(root);
    return runPipeline(pipeline, root, nestedAm, verifyPasses, parentInitGeneration, pi, &parentInfo);
  };
  pass->passState.emplace(op, am, dynamicPipelineCallback);

  if (pi)
    pi->runBeforePass(pass, op);

  bool passFailed = pass->passState->passFailed;
  if (!passFailed) {
    if (OpToOpPassAdaptor *adaptor = asAdaptor(pass))
      adaptor->runOnOperation(verifyPasses);
    else
      pass->runOnOperation();
    passFailed = pass->passState->passFailed;
  }

  am.invalidate(pass->passState->preservedAnalyses);

  if (!passFailed && verifyPasses && !pass->passState->preservedAnalyses.isAll()) {
    // After an adaptor only the op itself: the nested pipelines verified
    // what they changed.
    bool recursive = !asAdaptor(pass);
    passFailed = failed(verify(op, recursive));
  }

  if (pi) {
    if (passFailed)
      pi->runAfterPassFailed(pass, op);
    else
      pi->runAfterPass(pass, op);
  }
  return failure(passFailed);
}

LogicalResult OpToOpPassAdaptor::runPipeline(OpPassManager &pm, Operation *op, AnalysisManager am, bool verifyPasses,
                                             unsigned parentInitGeneration, PassInstrumentor *instrumentor,
                                             const PassInstrumentation::PipelineParentInfo *parentInfo) {
  struct ClearOnExit {
    AnalysisManager &am;
    ~ClearOnExit() { am.clear(); }
  } clearOnExit{am};

  std::optional<OperationName> anchor;
  if (std::optional<std::string_view> name = pm.getOpName())
    anchor = OperationName(*name, op->getContext());
  if (instrumentor)
    instrumentor->runBeforePipeline(anchor, *parentInfo);
  for (const std::unique_ptr<Pass> &pass : pm.getPasses())
    if (failed(run(pass.get(), op, am, verifyPasses, parentInitGeneration)))
      return failure();
  if (instrumentor)
    instrumentor->runAfterPipeline(anchor, *parentInfo);
  return success();
}

//===----------------------------------------------------------------------===//
// PassManager
//===----------------------------------------------------------------------===//

PassManager::PassManager(MLIRContext *context, std::string_view operationName, Nesting nesting)
    : OpPassManager(operationName, nesting), context(context) {}

PassManager::~PassManager() = default;

void PassManager::addInstrumentation(std::unique_ptr<PassInstrumentation> pi) {
  if (!instrumentor)
    instrumentor = std::make_unique<PassInstrumentor>();
  instrumentor->addInstrumentation(std::move(pi));
}

LogicalResult PassManager::run(Operation *op) {
  lastRunVerified = true;
  std::optional<std::string_view> anchor = getOpName();
  if (anchor && *anchor != op->getName().getStringRef())
    return emitError(op->getLoc()) << "can't run '" << getOpAnchorName() << "' pass manager on '" << op->getName()
                                   << "' op";

  DialectRegistry dependentDialects;
  getDependentDialects(dependentDialects);
  context->appendDialectRegistry(dependentDialects);
  for (const std::string &name : dependentDialects.getDialectNames())
    context->getOrLoadDialect(name);

  if (failed(getImpl().finalizePassList(context)))
    return failure();
  if (failed(initialize(context, ++initializationGeneration)))
    return failure();

  ModuleAnalysisManager am(op, instrumentor.get());
  LogicalResult result = crashReproGenerator ? runWithCrashRecovery(op, am) : runPasses(op, am);
  if (!verifyPasses && !empty())
    lastRunVerified = false;
  if (statisticsMode)
    dumpStatistics();
  return result;
}

LogicalResult PassManager::runPasses(Operation *op, AnalysisManager am) {
  return OpToOpPassAdaptor::runPipeline(*this, op, am, verifyPasses, getImpl().initializationGeneration,
                                        /*instrumentor=*/nullptr, /*parentInfo=*/nullptr);
}

//===----------------------------------------------------------------------===//
// AnalysisManager
//===----------------------------------------------------------------------===//

void PreservedAnalyses::unpreserve(TypeID id) {
  preserved.erase(std::remove(preserved.begin(), preserved.end(), id), preserved.end());
}

void detail::AnalysisMap::invalidate(const PreservedAnalyses &pa) {
  PreservedAnalyses copy = pa;
  analyses.erase(std::remove_if(analyses.begin(), analyses.end(),
                                [&](auto &entry) { return entry.second->isInvalidated(copy); }),
                 analyses.end());
}

void detail::NestedAnalysisMap::invalidate(const PreservedAnalyses &pa) {
  if (pa.isAll())
    return;
  analyses.invalidate(pa);
  if (pa.isNone()) {
    childAnalyses.clear();
    return;
  }
  std::vector<NestedAnalysisMap *> worklist{this};
  while (!worklist.empty()) {
    NestedAnalysisMap *map = worklist.back();
    worklist.pop_back();
    for (auto &child : map->childAnalyses) {
      child.second->analyses.invalidate(pa);
      if (!child.second->childAnalyses.empty())
        worklist.push_back(child.second.get());
    }
  }
}

AnalysisManager AnalysisManager::nest(Operation *op) {
  Operation *current = impl->getOperation();
  if (current == op->getParentOp())
    return nestImmediate(op);
  std::vector<Operation *> ancestors;
  do {
    ancestors.push_back(op);
    op = op->getParentOp();
  } while (op != current);
  AnalysisManager result = *this;
  for (auto it = ancestors.rbegin(); it != ancestors.rend(); ++it)
    result = result.nestImmediate(*it);
  return result;
}

AnalysisManager AnalysisManager::nestImmediate(Operation *op) {
  std::unique_ptr<detail::NestedAnalysisMap> &child = impl->childAnalyses[op];
  if (!child)
    child = std::make_unique<detail::NestedAnalysisMap>(op, impl);
  return AnalysisManager(child.get());
}

//===----------------------------------------------------------------------===//
// PassInstrumentation
//===----------------------------------------------------------------------===//

PassInstrumentation::~PassInstrumentation() = default;

void PassInstrumentor::runBeforePipeline(std::optional<OperationName> name,
                                         const PassInstrumentation::PipelineParentInfo &info) {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  for (auto &pi : instrumentations)
    pi->runBeforePipeline(name, info);
}
void PassInstrumentor::runAfterPipeline(std::optional<OperationName> name,
                                        const PassInstrumentation::PipelineParentInfo &info) {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  for (auto it = instrumentations.rbegin(); it != instrumentations.rend(); ++it)
    (*it)->runAfterPipeline(name, info);
}
void PassInstrumentor::runBeforePass(Pass *pass, Operation *op) {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  for (auto &pi : instrumentations)
    pi->runBeforePass(pass, op);
}
void PassInstrumentor::runAfterPass(Pass *pass, Operation *op) {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  for (auto it = instrumentations.rbegin(); it != instrumentations.rend(); ++it)
    (*it)->runAfterPass(pass, op);
}
void PassInstrumentor::runAfterPassFailed(Pass *pass, Operation *op) {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  for (auto it = instrumentations.rbegin(); it != instrumentations.rend(); ++it)
    (*it)->runAfterPassFailed(pass, op);
}
void PassInstrumentor::runBeforeAnalysis(std::string_view name, TypeID id, Operation *op) {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  for (auto &pi : instrumentations)
    pi->runBeforeAnalysis(name, id, op);
}
void PassInstrumentor::runAfterAnalysis(std::string_view name, TypeID id, Operation *op) {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  for (auto it = instrumentations.rbegin(); it != instrumentations.rend(); ++it)
    (*it)->runAfterAnalysis(name, id, op);
}
void PassInstrumentor::addInstrumentation(std::unique_ptr<PassInstrumentation> pi) {
  std::lock_guard<std::recursive_mutex> lock(mutex);
  instrumentations.push_back(std::move(pi));
}
