//===- GreedyPatternRewriteDriver.cpp - Apply patterns until fixpoint -----===//
//
// The order of everything here is MLIR 22's, since it decides the output:
// the worklist is LIFO with set semantics; the initial walk (post-order, or
// pre-order reversed for top-down) registers constants with the folder,
// whose de-duplication notifies the users (which may so enter the worklist
// early); folded constants are materialized right before the folded op and
// hoisted by the next iteration's walk.
//
#include "lamina/Rewrite/GreedyPatternRewriteDriver.h"

#include "lamina/IR/BuiltinLocations.h"
#include "lamina/IR/Dialect.h"
#include "lamina/IR/Matchers.h"
#include "lamina/IR/Threading.h"
#include "lamina/Rewrite/FoldUtils.h"
#include "lamina/Rewrite/PatternApplicator.h"
#include "lamina/Rewrite/RegionUtils.h"
#include "lamina/Support/FlatHashMap.h"

#include <algorithm>
#include <atomic>
#include <limits>
#include <memory>

using namespace lamina;

namespace {

//===----------------------------------------------------------------------===//
// Worklist
//===----------------------------------------------------------------------===//

/// A LIFO worklist with set semantics and removal by nulling the slot. The
/// map holds each op's position encoded so that reversing the list needs
/// no re-indexing: position = negate ? offset - code : offset + code
/// (modulo 2^32).
class Worklist {
public:
  void clear() {
    list.clear();
    map.clear();
    offset = 0;
    negate = false;
  }
  bool empty() const { return map.empty(); }
  size_t size() const { return map.size(); }
  void reserve(size_t n) {
    list.reserve(n);
    map.reserve(n);
  }
  void push(Operation *op) {
    unsigned position = unsigned(list.size());
    if (!map.insert(op, negate ? offset - position : position - offset).second)
      return;
    list.push_back(op);
  }
  Operation *pop() {
    while (!list.back())
      list.pop_back();
    Operation *op = list.back();
    list.pop_back();
    map.erase(op);
    while (!list.empty() && !list.back())
      list.pop_back();
    return op;
  }
  void remove(Operation *op) {
    unsigned *code = map.find(op);
    if (!code)
      return;
    list[negate ? offset - *code : offset + *code] = nullptr;
    map.erase(op);
  }
  /// Reverses the list: position p becomes n - 1 - p.
  void reverse() {
    std::reverse(list.begin(), list.end());
    offset = unsigned(list.size()) - 1 - offset;
    negate = !negate;
  }

private:
  std::vector<Operation *> list;
  FlatHashMap<Operation *, unsigned> map;
  unsigned offset = 0;
  bool negate = false;
};

/// The worklist and walk buffers of a driver. Drivers run one after the
/// other on a thread (a pass over many functions) pass them on, so that
/// their storage is allocated once per thread, not once per region.
struct DriverBuffers {
  Worklist worklist;
  std::vector<Operation *> walkOps;
  std::vector<Operation *> walkStack;

  /// Buffers from the thread's spare set, or new ones.
  static std::unique_ptr<DriverBuffers> acquire() {
    if (std::unique_ptr<DriverBuffers> b = std::move(spare()))
      return b;
    return std::make_unique<DriverBuffers>();
  }
  /// Keeps `b` (emptied) as the thread's spare set.
  static void release(std::unique_ptr<DriverBuffers> b) {
    b->worklist.clear();
    b->walkOps.clear();
    b->walkStack.clear();
    if (!spare())
      spare() = std::move(b);
  }

private:
  static std::unique_ptr<DriverBuffers> &spare() {
    thread_local std::unique_ptr<DriverBuffers> buffers;
    return buffers;
  }
};

//===----------------------------------------------------------------------===//
// GreedyPatternRewriteDriver
//===----------------------------------------------------------------------===//

class GreedyPatternRewriteDriver : public RewriterBase::Listener {
public:
  GreedyPatternRewriteDriver(MLIRContext *ctx, const FrozenRewritePatternSet &patterns,
                             const GreedyRewriteConfig &config)
      : rewriter(ctx), buffers(DriverBuffers::acquire()), worklist(buffers->worklist), config(config),
        matcher(patterns), folder(ctx, this), placeholderLoc(UnknownLoc::get(ctx)), walkOps(buffers->walkOps),
        walkStack(buffers->walkStack) {
    matcher.applyDefaultCostModel();
    rewriter.setListener(this);
  }
  ~GreedyPatternRewriteDriver() override { DriverBuffers::release(std::move(buffers)); }

  void addSingleOpToWorklist(Operation *op) {
    if (config.getStrictness() == GreedyRewriteStrictness::AnyOp || strictModeFilteredOps.contains(op))
      worklist.push(op);
  }

  /// Adds `op` and its ancestors up to the scope (nothing if `op` is not in
  /// the scope).
  void addToWorklist(Operation *op) {
    SmallVector<Operation *, 8> ancestors;
    Region *region = nullptr;
    do {
      ancestors.push_back(op);
      region = op->getParentRegion();
      if (config.getScope() == region) {
        for (Operation *a : ancestors)
          addSingleOpToWorklist(a);
        return;
      }
      if (!region)
        return;
    } while ((op = region->getParentOp()));
  }

  bool processWorklist();

  /// Folds and pattern applications left before simplifyRegion gives up
  /// (see changeBudgetFor); set when it has spent them.
  int64_t changeBudget = 0;
  bool budgetExhausted = false;
  /// Whether the IR changed since simplifyRegion began: a notification came
  /// or the folder moved or relocated a constant (which it does without
  /// one).
  bool irModified = false;

  // Listener hooks.
  void notifyOperationInserted(Operation *op, OpBuilder::InsertPoint previous) override {
    irModified = true;
    if (trackInserts)
      trackedInserts.push_back(op);
    if (RewriterBase::Listener *l = config.getListener())
      l->notifyOperationInserted(op, previous);
    if (config.getStrictness() == GreedyRewriteStrictness::ExistingAndNewOps)
      strictModeFilteredOps.insert(op);
    addToWorklist(op);
  }
  void notifyOperationModified(Operation *op) override {
    irModified = true;
    if (RewriterBase::Listener *l = config.getListener())
      l->notifyOperationModified(op);
    addToWorklist(op);
  }
  void notifyOperationErased(Operation *op) override {
    irModified = true;
    if (RewriterBase::Listener *l = config.getListener())
      l->notifyOperationErased(op);
    addOperandsToWorklist(op);
    worklist.remove(op);
    if (config.getStrictness() != GreedyRewriteStrictness::AnyOp)
      strictModeFilteredOps.erase(op);
  }
  void notifyOperationReplaced(Operation *op, ValueRange replacement) override {
    irModified = true;
    if (RewriterBase::Listener *l = config.getListener())
      l->notifyOperationReplaced(op, replacement);
  }
  void notifyBlockInserted(Block *block, Region *previous, Region::iterator previousIt) override {
    irModified = true;
    if (RewriterBase::Listener *l = config.getListener())
      l->notifyBlockInserted(block, previous, previousIt);
  }
  void notifyBlockErased(Block *block) override {
    irModified = true;
    if (RewriterBase::Listener *l = config.getListener())
      l->notifyBlockErased(block);
  }
  void notifyMatchFailure(Location loc, function_ref<void(Diagnostic &)> reasonCallback) override {
    if (RewriterBase::Listener *l = config.getListener())
      l->notifyMatchFailure(loc, reasonCallback);
  }

  /// The defining ops of `op`'s operands that have at most one other user
  /// (they may become dead or simpler once `op` is gone).
  void addOperandsToWorklist(Operation *op) {
    for (Value operand : op->getOperands()) {
      if (!operand)
        continue;
      Operation *defOp = operand.getDefiningOp();
      if (!defOp)
        continue;
      Operation *otherUser = nullptr;
      bool moreThanTwo = false;
      for (Operation *user : operand.getUsers()) {
        if (user == op || user == otherUser)
          continue;
        if (!otherUser) {
          otherUser = user;
          continue;
        }
        moreThanTwo = true;
        break;
      }
      if (!moreThanTwo)
        addToWorklist(defOp);
    }
  }

  /// What the driver may do with ops of one name, found once per name.
  struct OpFacts {
    ArrayRef<const RewritePattern *> patterns;
    bool foldable = false;
    bool anyPatterns = false;
    /// Whether the op's dialect materializes a folded constant as one op
    /// with exactly the location it is given (so that the driver may give
    /// it the folded op's packed location afterwards, not unpacking it).
    bool passesFoldLocation = false;
  };
  const OpFacts &getFacts(OperationName name) {
    auto [facts, inserted] = factsByName.insert(name.getAsOpaquePointer());
    if (inserted) {
      facts->patterns = matcher.getOpPatterns(name);
      facts->anyPatterns = !facts->patterns.empty() || matcher.hasAnyOpPatterns();
      facts->foldable = config.isFoldingEnabled() && Operation::mightFold(name) &&
                        !name.hasTrait<OpTrait::ConstantLike>();
      std::string_view ns = name.getDialectNamespace();
      facts->passesFoldLocation = ns == "arith" || ns == "memref" || ns == "affine";
    }
    return *facts;
  }

  PatternRewriter rewriter;
  std::unique_ptr<DriverBuffers> buffers;
  Worklist &worklist;
  GreedyRewriteConfig config;
  FlatHashSet<Operation *> strictModeFilteredOps;
  PatternApplicator matcher;
  FlatHashMap<const void *, OpFacts> factsByName;
  /// The constants uniqued by the current iteration's walk.
  OperationFolder folder;
  /// The location folded constants are built with before they get the
  /// folded op's, and the ops inserted meanwhile.
  Location placeholderLoc;
  bool trackInserts = false;
  SmallVector<Operation *, 4> trackedInserts;
  /// Scratch buffers of the walks, kept across iterations.
  std::vector<Operation *> &walkOps;
  std::vector<Operation *> &walkStack;
};

} // namespace

bool GreedyPatternRewriteDriver::processWorklist() {
  bool changed = false;
  int64_t numRewrites = 0;
  auto spendChange = [&] {
    changed = true;
    if (--changeBudget <= 0)
      budgetExhausted = true;
  };
  auto onSuccess = [&](const Pattern &pattern) -> LogicalResult {
    if (RewriterBase::Listener *l = config.getListener())
      l->notifyPatternEnd(pattern, success());
    return success();
  };
  auto onFailure = [&](const Pattern &pattern) {
    if (RewriterBase::Listener *l = config.getListener())
      l->notifyPatternEnd(pattern, failure());
  };
  while (!worklist.empty() && !budgetExhausted &&
         (numRewrites < config.getMaxNumRewrites() || config.getMaxNumRewrites() == GreedyRewriteConfig::kNoLimit)) {
    Operation *op = worklist.pop();

    if (isOpTriviallyDead(op)) {
      rewriter.eraseOp(op);
      changed = true;
      continue;
    }

    OpFacts facts = getFacts(op->getName());
    // Fold (not constants: they would fold to themselves forever).
    if (facts.foldable) {
      SmallVector<OpFoldResult, 4> foldResults;
      if (succeeded(op->fold(foldResults))) {
        if (foldResults.empty()) {
          notifyOperationModified(op);
          spendChange();
          continue;
        }
        OpBuilder::InsertionGuard guard(rewriter);
        rewriter.setInsertionPoint(op);
        SmallVector<Value, 4> replacements;
        bool materialized = true;
        for (unsigned i = 0; i < foldResults.size(); ++i) {
          if (Value v = foldResults[i].getValue()) {
            replacements.push_back(v);
            continue;
          }
          Dialect *dialect = op->getDialect();
          Operation *constOp = nullptr;
          if (dialect && facts.passesFoldLocation && !config.getListener()) {
            // The constant gets the op's location, which is packed while
            // nobody asked for it: build with a placeholder, then copy the
            // packed location (see OpFacts::passesFoldLocation).
            trackInserts = true;
            constOp = dialect->materializeConstant(rewriter, foldResults[i].getAttribute(),
                                                   op->getResult(i).getType(), placeholderLoc);
            trackInserts = false;
            for (Operation *made : trackedInserts)
              if (made->getPackedLoc() == PackedLocation(placeholderLoc))
                made->setLoc(op->getPackedLoc());
            trackedInserts.clear();
          } else if (dialect) {
            constOp = dialect->materializeConstant(rewriter, foldResults[i].getAttribute(),
                                                   op->getResult(i).getType(), op->getLoc());
          }
          if (!constOp) {
            // Erase the constants made for earlier results.
            std::vector<Operation *> made;
            for (Value r : replacements)
              if (Operation *def = r.getDefiningOp(); def && r.use_empty() &&
                                                      std::find(made.begin(), made.end(), def) == made.end())
                made.push_back(def);
            for (Operation *m : made)
              rewriter.eraseOp(m);
            materialized = false;
            break;
          }
          replacements.push_back(constOp->getResult(0));
        }
        if (materialized) {
          rewriter.replaceOp(op, ValueRange(replacements));
          spendChange();
          continue;
        }
      }
    }

    // Patterns.
    if (!facts.anyPatterns)
      continue;
    function_ref<bool(const Pattern &)> canApply;
    function_ref<void(const Pattern &)> failureFn;
    function_ref<LogicalResult(const Pattern &)> successFn;
    auto canApplyCallback = [&](const Pattern &pattern) {
      if (RewriterBase::Listener *l = config.getListener())
        l->notifyPatternBegin(pattern, op);
      return true;
    };
    if (config.getListener()) {
      canApply = canApplyCallback;
      failureFn = onFailure;
      successFn = onSuccess;
    }
    if (succeeded(matcher.matchAndRewrite(op, facts.patterns, rewriter, canApply, failureFn, successFn))) {
      spendChange();
      ++numRewrites;
    }
  }
  return changed;
}

//===----------------------------------------------------------------------===//
// Region driver
//===----------------------------------------------------------------------===//

/// The ops nested in `region`, in post-order (nested ops before their
/// op). `stack` is scratch space.
static void collectPostOrder(Region &region, std::vector<Operation *> &ops, std::vector<Operation *> &stack) {
  ops.clear();
  stack.clear();
  // The stack holds the ops whose nested ops are being collected; each
  // op's nested ops are found by walking from the first op of its first
  // non-empty block, then emitting the op once its regions are done.
  auto firstOpIn = [](Operation *op, unsigned regionIndex) -> Operation * {
    for (unsigned ri = regionIndex, e = op->getNumRegions(); ri < e; ++ri)
      for (Block &block : op->getRegion(ri))
        if (!block.empty())
          return &block.front();
    return nullptr;
  };
  auto firstOpInRegion = [](Region &r) -> Operation * {
    for (Block &block : r)
      if (!block.empty())
        return &block.front();
    return nullptr;
  };
  // The op after `op` in its region (following blocks), or null.
  auto nextInRegion = [](Operation *op) -> Operation * {
    if (Operation *n = op->getNextNode())
      return n;
    for (Block *b = op->getBlock()->getNextNode(); b; b = b->getNextNode())
      if (!b->empty())
        return &b->front();
    return nullptr;
  };
  Operation *cur = firstOpInRegion(region);
  while (true) {
    // Descend to the first op without nested ops.
    while (cur) {
      if (Operation *inner = cur->getNumRegions() ? firstOpIn(cur, 0) : nullptr) {
        stack.push_back(cur);
        cur = inner;
        continue;
      }
      break;
    }
    if (!cur)
      return;
    // Emit `cur`, then the ops whose regions end with it.
    ops.push_back(cur);
    Operation *next = nextInRegion(cur);
    while (!next) {
      if (stack.empty())
        return;
      Operation *parent = stack.back();
      // Continue in the parent's later regions, if any has ops.
      unsigned ri = cur->getParentRegion()->getRegionNumber();
      if (Operation *inner = firstOpIn(parent, ri + 1)) {
        next = inner;
        break;
      }
      stack.pop_back();
      ops.push_back(parent);
      cur = parent;
      next = nextInRegion(cur);
    }
    cur = next;
  }
}

/// The ops nested in `region` in pre-order; `visit(op)` returning false
/// leaves out the op's regions. `stack` is scratch space.
template <typename FnT>
static void walkPreOrder(Region &region, std::vector<Operation *> &stack, FnT &&visit) {
  stack.clear();
  auto pushBlockOps = [&](Region &r) {
    // Push in reverse so the first op is visited first (collected forward,
    // which is kinder to the caches on a first visit, then reversed).
    size_t start = stack.size();
    for (Block &b : r)
      for (Operation &o : b)
        stack.push_back(&o);
    std::reverse(stack.begin() + start, stack.end());
  };
  pushBlockOps(region);
  while (!stack.empty()) {
    Operation *op = stack.back();
    stack.pop_back();
    if (!visit(op))
      continue;
    for (unsigned i = op->getNumRegions(); i-- > 0;)
      pushBlockOps(op->getRegion(i));
  }
}

/// The most folds and pattern applications one simplifyRegion call makes on
/// a region of `numOps` ops. Use-def cycles (possible in graph regions) can
/// make folders and patterns rewrite forever: `x = addi x, c` reassociates
/// with itself, `x = addi x, 0` folds to itself (mlir-opt never returns on
/// either). A budget far above what terminating runs use (a few changes
/// per op; a chain rewritten bottom-up, quadratically many) stops those as
/// not converged, which is an error only with test-convergence.
static int64_t changeBudgetFor(size_t numOps) {
  constexpr int64_t kMinBudget = int64_t(1) << 18;
  constexpr size_t kQuadraticUpTo = size_t(1) << 28; // 16 n^2 < 2^62 below
  if (numOps >= kQuadraticUpTo)
    return std::numeric_limits<int64_t>::max();
  return std::max(kMinBudget, int64_t(16 * numOps * numOps));
}

static LogicalResult simplifyRegion(GreedyPatternRewriteDriver &driver, Region &region, bool *changed) {
  const GreedyRewriteConfig &config = driver.config;
  bool continueRewrites = false;
  int64_t iteration = 0;
  OperationFolder &folder = driver.folder;
  driver.budgetExhausted = false;
  driver.irModified = false;
  do {
    if (++iteration > config.getMaxIterations() && config.getMaxIterations() != GreedyRewriteConfig::kNoLimit)
      break;
    driver.worklist.clear();
    // Each iteration uniques constants afresh.
    folder.clear();
    // True if `op` was a duplicate constant (now erased).
    auto insertKnownConstant = [&](Operation *op) {
      Attribute constValue;
      if (!matchConstantOp(op, &constValue))
        return false;
      // The folder moves and relocates constants without notifying.
      Block *block = op->getBlock();
      Operation *prev = op->getPrevNode();
      PackedLocation loc = op->getPackedLoc();
      if (!folder.insertKnownConstant(op, constValue))
        return true;
      if (op->getBlock() != block || op->getPrevNode() != prev || !(op->getPackedLoc() == loc))
        driver.irModified = true;
      return false;
    };
    if (!config.getUseTopDownTraversal()) {
      collectPostOrder(region, driver.walkOps, driver.walkStack);
      driver.worklist.reserve(driver.walkOps.size());
      for (Operation *op : driver.walkOps)
        if (!config.isConstantCSEEnabled() || !insertKnownConstant(op))
          driver.addToWorklist(op);
    } else {
      walkPreOrder(region, driver.walkStack, [&](Operation *op) {
        if (!config.isConstantCSEEnabled() || !insertKnownConstant(op)) {
          // Its ancestors up to the scope (the region) were visited and
          // listed before it, so addToWorklist would only add `op`.
          if (config.getStrictness() == GreedyRewriteStrictness::AnyOp && config.getScope() == &region)
            driver.worklist.push(op);
          else
            driver.addToWorklist(op);
          return true;
        }
        return false;
      });
      driver.worklist.reverse();
    }

    if (iteration == 1)
      driver.changeBudget = changeBudgetFor(driver.worklist.size());
    continueRewrites = false;
    continueRewrites |= succeeded(eraseUnreachableBlocks(driver.rewriter, MutableArrayRef<Region>(&region, 1)));
    continueRewrites |= driver.processWorklist();
    if (driver.budgetExhausted)
      break;
    if (config.getRegionSimplificationLevel() != GreedySimplifyRegionLevel::Disabled)
      continueRewrites |=
          succeeded(simplifyRegions(driver.rewriter, MutableArrayRef<Region>(&region, 1),
                                    config.getRegionSimplificationLevel() == GreedySimplifyRegionLevel::Aggressive));
  } while (continueRewrites);
  // Exactly whether the IR changed (MLIR's driver says iteration > 1, which
  // misses a first walk that only de-duplicated or moved constants).
  if (changed)
    *changed = iteration > 1 || driver.budgetExhausted || driver.irModified;
  return success(!continueRewrites);
}

LogicalResult lamina::applyPatternsGreedily(Region &region, const FrozenRewritePatternSet &patterns,
                                            GreedyRewriteConfig config, bool *changed) {
  if (!config.getScope())
    config.setScope(&region);
  GreedyPatternRewriteDriver driver(region.getContext(), patterns, config);
  if (config.getStrictness() != GreedyRewriteStrictness::AnyOp) {
    collectPostOrder(region, driver.walkOps, driver.walkStack);
    for (Operation *op : driver.walkOps)
      driver.strictModeFilteredOps.insert(op);
  }
  return simplifyRegion(driver, region, changed);
}

LogicalResult lamina::applyPatternsGreedily(Operation *op, const FrozenRewritePatternSet &patterns,
                                            GreedyRewriteConfig config, bool *changed) {
  bool anyChanged = false;
  bool failedAny = false;
  for (Region &region : op->getRegions()) {
    bool regionChanged = false;
    failedAny |= failed(applyPatternsGreedily(region, patterns, config, &regionChanged));
    anyChanged |= regionChanged;
  }
  if (changed)
    *changed = anyChanged;
  return failure(failedAny);
}

/// The closest region containing every op of `ops` (null if one is
/// top-level).
static Region *findCommonAncestor(ArrayRef<Operation *> ops) {
  Region *region = ops.front()->getParentRegion();
  for (; region; region = region->getParentRegion()) {
    bool all = true;
    for (size_t i = 1; i < ops.size() && all; ++i) {
      Operation *o = ops[i];
      while (o && o->getParentRegion() != region)
        o = o->getParentOp();
      all = o != nullptr;
    }
    if (all)
      return region;
  }
  return nullptr;
}

LogicalResult lamina::applyOpPatternsGreedily(ArrayRef<Operation *> ops, const FrozenRewritePatternSet &patterns,
                                              GreedyRewriteConfig config, bool *changed, bool *allErased) {
  if (ops.empty()) {
    if (changed)
      *changed = false;
    if (allErased)
      *allErased = true;
    return success();
  }
  if (!config.getScope())
    config.setScope(findCommonAncestor(ops));
  struct Driver : GreedyPatternRewriteDriver {
    using GreedyPatternRewriteDriver::GreedyPatternRewriteDriver;
    FlatHashSet<Operation *> *surviving = nullptr;
    void notifyOperationErased(Operation *op) override {
      GreedyPatternRewriteDriver::notifyOperationErased(op);
      if (surviving)
        surviving->erase(op);
    }
  };
  FlatHashSet<Operation *> surviving;
  Driver driver(ops.front()->getContext(), patterns, config);
  if (config.getStrictness() != GreedyRewriteStrictness::AnyOp)
    for (Operation *op : ops)
      driver.strictModeFilteredOps.insert(op);
  if (allErased) {
    for (Operation *op : ops)
      surviving.insert(op);
    driver.surviving = &surviving;
  }
  for (Operation *op : ops)
    driver.addSingleOpToWorklist(op);
  driver.changeBudget = changeBudgetFor(ops.size());
  bool result = driver.processWorklist();
  if (changed)
    *changed = result;
  if (allErased)
    *allErased = surviving.empty();
  return success(driver.worklist.empty());
}

//===----------------------------------------------------------------------===//
// Isolated children, separately and in parallel
//===----------------------------------------------------------------------===//
//
// Running the driver on a region R of `op` visits every op in R, folds and
// rewrites with a LIFO worklist, then simplifies R, and repeats until an
// iteration changes nothing. When each op directly in R is either
//  (a) isolated from above (a function), or
//  (b) without regions,
// and none of them can ever be changed by the driver (no pattern rooted at
// it, no folder, never trivially dead whatever its body becomes, no
// operands or results), then running the driver on each isolated op's
// regions separately yields the same IR, because:
//  - Worklist order: the iteration's walk lists each function's ops as one
//    contiguous run. Processing an op only pushes ops of its own function
//    (users and operands' definitions are inside it: it is isolated;
//    constants are hoisted into its own entry block, the closest isolated
//    region) and the function op itself, which the driver cannot change.
//    With a LIFO, everything one function pushes is popped before the next
//    run starts, so each function sees exactly the pops of its own run.
//  - Folder: constants are uniqued per insertion region, and the insertion
//    region of an op in a function is inside it.
//  - Region simplification (unreachable blocks, region DCE, block merging)
//    decides per region; liveness in a function only depends on uses in
//    it, and the top-level ops are always live (not trivially dead).
//  - Iterations: a whole run iterates while any function changed; a
//    function that converged at iteration k is a fixpoint of an iteration
//    (its constants are uniqued and at the front, and each of its ops was
//    popped on unchanged IR without effect), so the further iterations the
//    other functions need leave it alone. A function that does not
//    converge runs maxIterations iterations both ways, so convergence is
//    the conjunction of the functions' convergence.
// What the caller must guarantee (the pattern set's property, not
// checkable here): patterns and folders of the ops inside the functions
// read and write nothing outside the closest isolated-from-above ancestor,
// except reading ops that the driver never changes (symbols at the top).
// A global rewrite budget (maxNumRewrites), listeners and strict modes
// depend on the interleaving, so they keep the whole run.

/// Whether the driver can never change `op`, whatever happens in its
/// regions.
static bool isInertTopLevelOp(Operation *op, PatternApplicator &matcher) {
  if (!op->isRegistered() || op->getNumOperands() || op->getNumResults() || op->getNumSuccessors())
    return false;
  if (matcher.hasPatternsFor(op->getName()) || Operation::mightFold(op->getName()))
    return false;
  if (op->getNumRegions() && !op->hasTrait<OpTrait::IsIsolatedFromAbove>())
    return false;
  // Never trivially dead, and not because of its body.
  return !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>() && !wouldOpBeTriviallyDead(op);
}

bool lamina::applyPatternsGreedilyToIsolatedChildren(Operation *op, const FrozenRewritePatternSet &patterns,
                                                     GreedyRewriteConfig config, LogicalResult &converged,
                                                     function_ref<bool(ArrayRef<Operation *>)> acceptChildren,
                                                     bool *changed) {
  if (config.getMaxNumRewrites() != GreedyRewriteConfig::kNoLimit || config.getListener() ||
      config.getScope() || config.getStrictness() != GreedyRewriteStrictness::AnyOp)
    return false;
  PatternApplicator matcher(patterns);
  matcher.applyDefaultCostModel();
  if (matcher.hasAnyOpPatterns())
    return false;
  std::vector<Operation *> children;
  for (Region &region : op->getRegions()) {
    if (region.empty())
      continue;
    if (!region.hasOneBlock())
      return false;
    for (Operation &child : region.front()) {
      if (!isInertTopLevelOp(&child, matcher))
        return false;
      if (child.getNumRegions())
        children.push_back(&child);
    }
  }
  if (acceptChildren && !acceptChildren(children))
    return false;
  // Contiguous chunks of children, several per thread for balance, each
  // with one driver whose tables and buffers serve all its children.
  // Diagnostics come out in chunk order, so in op order.
  MLIRContext *ctx = op->getContext();
  size_t numThreads = ctx->isMultithreadingEnabled() ? ctx->getThreadPool().getThreadCount() + 1 : 1;
  size_t numChunks = std::min(children.size(), numThreads * 16);
  std::atomic<bool> allConverged(true), anyChanged(false);
  parallelForEachIndex(ctx, numChunks, [&](size_t chunk) {
    size_t begin = children.size() * chunk / numChunks, end = children.size() * (chunk + 1) / numChunks;
    GreedyPatternRewriteDriver driver(ctx, patterns, config);
    forEachIndexPrefetched(begin, end, [&](size_t i) { return children[i]; }, [&](size_t i) {
      for (Region &region : children[i]->getRegions()) {
        driver.config.setScope(&region);
        bool regionChanged = false;
        if (failed(simplifyRegion(driver, region, &regionChanged)))
          allConverged.store(false, std::memory_order_relaxed);
        if (regionChanged)
          anyChanged.store(true, std::memory_order_relaxed);
      }
    });
  });
  converged = success(allConverged.load());
  if (changed)
    *changed = anyChanged.load();
  return true;
}
