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

#include "lamina/IR/Dialect.h"
#include "lamina/IR/Matchers.h"
#include "lamina/Rewrite/FoldUtils.h"
#include "lamina/Rewrite/PatternApplicator.h"
#include "lamina/Rewrite/RegionUtils.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

using namespace lamina;

namespace {

//===----------------------------------------------------------------------===//
// Worklist
//===----------------------------------------------------------------------===//

/// A LIFO worklist with set semantics and removal by nulling the slot.
class Worklist {
public:
  void clear() {
    list.clear();
    map.clear();
  }
  bool empty() const { return map.empty(); }
  void push(Operation *op) {
    if (!map.emplace(op, unsigned(list.size())).second)
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
    auto it = map.find(op);
    if (it == map.end())
      return;
    list[it->second] = nullptr;
    map.erase(it);
  }
  void reverse() {
    std::reverse(list.begin(), list.end());
    for (unsigned i = 0, e = unsigned(list.size()); i != e; ++i)
      if (list[i])
        map[list[i]] = i;
  }

private:
  std::vector<Operation *> list;
  std::unordered_map<Operation *, unsigned> map;
};

//===----------------------------------------------------------------------===//
// GreedyPatternRewriteDriver
//===----------------------------------------------------------------------===//

class GreedyPatternRewriteDriver : public RewriterBase::Listener {
public:
  GreedyPatternRewriteDriver(MLIRContext *ctx, const FrozenRewritePatternSet &patterns,
                             const GreedyRewriteConfig &config)
      : rewriter(ctx), config(config), matcher(patterns) {
    matcher.applyDefaultCostModel();
    rewriter.setListener(this);
  }

  void addSingleOpToWorklist(Operation *op) {
    if (config.getStrictness() == GreedyRewriteStrictness::AnyOp || strictModeFilteredOps.count(op))
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

  // Listener hooks.
  void notifyOperationInserted(Operation *op, OpBuilder::InsertPoint previous) override {
    if (RewriterBase::Listener *l = config.getListener())
      l->notifyOperationInserted(op, previous);
    if (config.getStrictness() == GreedyRewriteStrictness::ExistingAndNewOps)
      strictModeFilteredOps.insert(op);
    addToWorklist(op);
  }
  void notifyOperationModified(Operation *op) override {
    if (RewriterBase::Listener *l = config.getListener())
      l->notifyOperationModified(op);
    addToWorklist(op);
  }
  void notifyOperationErased(Operation *op) override {
    if (RewriterBase::Listener *l = config.getListener())
      l->notifyOperationErased(op);
    addOperandsToWorklist(op);
    worklist.remove(op);
    if (config.getStrictness() != GreedyRewriteStrictness::AnyOp)
      strictModeFilteredOps.erase(op);
  }
  void notifyOperationReplaced(Operation *op, ValueRange replacement) override {
    if (RewriterBase::Listener *l = config.getListener())
      l->notifyOperationReplaced(op, replacement);
  }
  void notifyBlockInserted(Block *block, Region *previous, Region::iterator previousIt) override {
    if (RewriterBase::Listener *l = config.getListener())
      l->notifyBlockInserted(block, previous, previousIt);
  }
  void notifyBlockErased(Block *block) override {
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

  PatternRewriter rewriter;
  Worklist worklist;
  GreedyRewriteConfig config;
  std::unordered_set<Operation *> strictModeFilteredOps;
  PatternApplicator matcher;
};

} // namespace

bool GreedyPatternRewriteDriver::processWorklist() {
  bool changed = false;
  int64_t numRewrites = 0;
  auto onSuccess = [&](const Pattern &pattern) -> LogicalResult {
    if (RewriterBase::Listener *l = config.getListener())
      l->notifyPatternEnd(pattern, success());
    return success();
  };
  auto onFailure = [&](const Pattern &pattern) {
    if (RewriterBase::Listener *l = config.getListener())
      l->notifyPatternEnd(pattern, failure());
  };
  while (!worklist.empty() &&
         (numRewrites < config.getMaxNumRewrites() || config.getMaxNumRewrites() == GreedyRewriteConfig::kNoLimit)) {
    Operation *op = worklist.pop();

    if (isOpTriviallyDead(op)) {
      rewriter.eraseOp(op);
      changed = true;
      continue;
    }

    // Fold (not constants: they would fold to themselves forever).
    if (config.isFoldingEnabled() && !op->hasTrait<OpTrait::ConstantLike>()) {
      SmallVector<OpFoldResult, 4> foldResults;
      if (succeeded(op->fold(foldResults))) {
        if (foldResults.empty()) {
          notifyOperationModified(op);
          changed = true;
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
          Operation *constOp = dialect ? dialect->materializeConstant(rewriter, foldResults[i].getAttribute(),
                                                                      op->getResult(i).getType(), op->getLoc())
                                       : nullptr;
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
          changed = true;
          continue;
        }
      }
    }

    // Patterns.
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
    if (succeeded(matcher.matchAndRewrite(op, rewriter, canApply, failureFn, successFn))) {
      changed = true;
      ++numRewrites;
    }
  }
  return changed;
}

//===----------------------------------------------------------------------===//
// Region driver
//===----------------------------------------------------------------------===//

/// The ops nested in `region`, in post-order (nested ops before their op).
static void collectPostOrder(Region &region, std::vector<Operation *> &ops) {
  ops.clear();
  struct Frame {
    Operation *op;      // op to emit after its regions (null for the root)
    Region *regions;    // its regions
    unsigned numRegions;
    unsigned regionIndex;
    Block *block;
    Operation *next;
  };
  std::vector<Frame> stack;
  auto firstOpFrom = [](Region *regions, unsigned numRegions, unsigned &ri, Block *&block) -> Operation * {
    for (; ri < numRegions; ++ri) {
      if (!block)
        block = regions[ri].empty() ? nullptr : &regions[ri].front();
      for (; block; block = block->getNextNode())
        if (!block->empty())
          return &block->front();
      block = nullptr;
    }
    return nullptr;
  };
  Frame root{nullptr, &region, 1, 0, nullptr, nullptr};
  root.next = firstOpFrom(root.regions, 1, root.regionIndex, root.block);
  stack.push_back(root);
  while (!stack.empty()) {
    Frame &f = stack.back();
    if (!f.next) {
      Operation *done = f.op;
      stack.pop_back();
      if (done)
        ops.push_back(done);
      continue;
    }
    Operation *op = f.next;
    // Advance the frame past `op`.
    if (Operation *n = op->getNextNode()) {
      f.next = n;
    } else {
      f.block = f.block->getNextNode();
      if (!f.block)
        ++f.regionIndex;
      f.next = firstOpFrom(f.regions, f.numRegions, f.regionIndex, f.block);
    }
    if (op->getNumRegions() == 0) {
      ops.push_back(op);
      continue;
    }
    Frame child{op, op->getRegions().data(), op->getNumRegions(), 0, nullptr, nullptr};
    child.next = firstOpFrom(child.regions, child.numRegions, child.regionIndex, child.block);
    stack.push_back(child);
  }
}

/// The ops nested in `region` in pre-order; `skip(op)` returning true
/// leaves out the op's regions.
template <typename FnT> static void walkPreOrder(Region &region, FnT &&visit) {
  std::vector<Operation *> stack;
  auto pushBlockOps = [&](Region &r) {
    // Push in reverse so the first op is visited first.
    for (Block *b = r.empty() ? nullptr : &r.back(); b; b = b->getPrevNode())
      for (Operation *o = b->empty() ? nullptr : &b->back(); o; o = o->getPrevNode())
        stack.push_back(o);
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

static LogicalResult simplifyRegion(GreedyPatternRewriteDriver &driver, Region &region, bool *changed) {
  const GreedyRewriteConfig &config = driver.config;
  bool continueRewrites = false;
  int64_t iteration = 0;
  MLIRContext *ctx = region.getContext();
  std::vector<Operation *> ops;
  do {
    if (++iteration > config.getMaxIterations() && config.getMaxIterations() != GreedyRewriteConfig::kNoLimit)
      break;
    driver.worklist.clear();
    OperationFolder folder(ctx, &driver);
    // True if `op` was a duplicate constant (now erased).
    auto insertKnownConstant = [&](Operation *op) {
      Attribute constValue;
      if (matchConstantOp(op, &constValue))
        if (!folder.insertKnownConstant(op, constValue))
          return true;
      return false;
    };
    if (!config.getUseTopDownTraversal()) {
      collectPostOrder(region, ops);
      for (Operation *op : ops)
        if (!config.isConstantCSEEnabled() || !insertKnownConstant(op))
          driver.addToWorklist(op);
    } else {
      walkPreOrder(region, [&](Operation *op) {
        if (!config.isConstantCSEEnabled() || !insertKnownConstant(op)) {
          driver.addToWorklist(op);
          return true;
        }
        return false;
      });
      driver.worklist.reverse();
    }

    continueRewrites = false;
    continueRewrites |= succeeded(eraseUnreachableBlocks(driver.rewriter, MutableArrayRef<Region>(&region, 1)));
    continueRewrites |= driver.processWorklist();
    if (config.getRegionSimplificationLevel() != GreedySimplifyRegionLevel::Disabled)
      continueRewrites |=
          succeeded(simplifyRegions(driver.rewriter, MutableArrayRef<Region>(&region, 1),
                                    config.getRegionSimplificationLevel() == GreedySimplifyRegionLevel::Aggressive));
  } while (continueRewrites);
  if (changed)
    *changed = iteration > 1;
  return success(!continueRewrites);
}

LogicalResult lamina::applyPatternsGreedily(Region &region, const FrozenRewritePatternSet &patterns,
                                            GreedyRewriteConfig config, bool *changed) {
  if (!config.getScope())
    config.setScope(&region);
  GreedyPatternRewriteDriver driver(region.getContext(), patterns, config);
  if (config.getStrictness() != GreedyRewriteStrictness::AnyOp) {
    std::vector<Operation *> ops;
    collectPostOrder(region, ops);
    driver.strictModeFilteredOps.insert(ops.begin(), ops.end());
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
    std::unordered_set<Operation *> *surviving = nullptr;
    void notifyOperationErased(Operation *op) override {
      GreedyPatternRewriteDriver::notifyOperationErased(op);
      if (surviving)
        surviving->erase(op);
    }
  };
  std::unordered_set<Operation *> surviving;
  Driver driver(ops.front()->getContext(), patterns, config);
  if (config.getStrictness() != GreedyRewriteStrictness::AnyOp)
    driver.strictModeFilteredOps.insert(ops.begin(), ops.end());
  if (allErased) {
    surviving.insert(ops.begin(), ops.end());
    driver.surviving = &surviving;
  }
  for (Operation *op : ops)
    driver.addSingleOpToWorklist(op);
  bool result = driver.processWorklist();
  if (changed)
    *changed = result;
  if (allErased)
    *allErased = surviving.empty();
  return success(driver.worklist.empty());
}
