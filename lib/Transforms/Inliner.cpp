//===- Inliner.cpp - The SCC-based inliner pass ---------------------------===//
//
// MLIR's `inline` (InlinerPass.cpp and Utils/Inliner.cpp of LLVM 22): the
// strongly connected components of the call graph are visited bottom-up;
// in each, the callables are first simplified with the optimization
// pipeline (canonicalize by default, or the op's own from op-pipelines),
// in parallel, then the calls they make are inlined where the dialects
// allow it, repeatedly up to max-iterations. A callee whose last use is
// inlined is moved rather than cloned and erased; so are callables found
// dead. The order in which calls are collected and inlined, the use
// counting of discardable symbols and the inline history that stops
// infinite inlining are MLIR's, since the output depends on them.
//
// Beyond MLIR: the first simplification of every callable runs in parallel
// before the bottom-up walk, when that provably gives the walk's result
// (see preOptimizeCallables); the walk then only replays it.
//
#include "lamina/Transforms/Passes.h"

#include "lamina/Analysis/CallGraph.h"
#include "lamina/IR/SymbolTable.h"
#include "lamina/IR/Threading.h"
#include "lamina/Interfaces/SideEffectInterfaces.h"
#include "lamina/Pass/PassManager.h"
#include "lamina/Support/ThreadPool.h"
#include "lamina/Transforms/InliningUtils.h"

#include <algorithm>
#include <atomic>
#include <memory>
#include <map>
#include <optional>
#include <unordered_map>
#include <unordered_set>

using namespace lamina;

namespace {

struct ResolvedCall {
  CallOpInterface call;
  CallGraphNode *sourceNode;
  CallGraphNode *targetNode;
};

/// The callgraph node each symbol reference resolves to (null if none),
/// cached per reference as MLIR does.
using ResolvedRefs = PointerMap<const void *, CallGraphNode *>;

/// Calls `callback(node, user)` for every symbol use in `op` (and nested
/// ops outside nested symbol tables) that names a callable with a node.
template <typename FnT>
void walkReferencedSymbolNodes(Operation *op, CallGraph &cg, SymbolTableCollection &symbolTable,
                               ResolvedRefs &resolvedRefs, FnT &&callback) {
  std::optional<std::vector<SymbolTable::SymbolUse>> symbolUses = SymbolTable::getSymbolUses(op);
  if (!symbolUses)
    return;
  Operation *symbolTableOp = op->getParentOp();
  for (const SymbolTable::SymbolUse &use : *symbolUses) {
    auto [slot, inserted] = resolvedRefs.insert(use.getSymbolRef().getAsOpaquePointer(), nullptr);
    CallGraphNode *&node = slot->second;
    if (inserted) {
      Operation *symbolOp = symbolTable.lookupNearestSymbolFrom(symbolTableOp, use.getSymbolRef());
      auto callableOp = dyn_cast_or_null<CallableOpInterface>(symbolOp);
      if (!callableOp)
        continue;
      node = cg.lookupNode(callableOp.getCallableRegion());
    }
    if (node)
      callback(node, use.getUser());
  }
}

//===----------------------------------------------------------------------===//
// CGUseList
//===----------------------------------------------------------------------===//

/// The uses of the discardable callables (symbols nothing outside the IR
/// can see): a count per node and, per callable, the nodes it references
/// (MLIR's CGUseList; counts may go negative or reappear for erased nodes
/// exactly as in MLIR, whose maps insert on decrement).
class CGUseList {
public:
  CGUseList(Operation *op, CallGraph &cg, SymbolTableCollection &symbolTable);

  void dropCallUses(CallGraphNode *userNode, Operation *callOp, CallGraph &cg);
  void eraseNode(CallGraphNode *node);
  bool isDead(CallGraphNode *node) const;
  bool hasOneUseAndDiscardable(CallGraphNode *node) const;
  void recomputeUses(CallGraphNode *node, CallGraph &cg);
  void mergeUsesAfterInlining(CallGraphNode *lhs, CallGraphNode *rhs);
  /// Whether, when the list was built, every reference to a callable inside
  /// a callable was the callee of a call op (see preOptimizeCallables).
  bool allCallableReferencesAreCalls() const { return onlyCallReferences; }

private:
  struct CGUser {
    /// Nodes referenced by the callable op's own attributes (once each).
    std::vector<CallGraphNode *> topLevelUses;
    /// Uses by nested ops, with multiplicity (insertion-ordered).
    std::vector<std::pair<CallGraphNode *, int>> innerUses;
    int &inner(CallGraphNode *node) {
      for (auto &entry : innerUses)
        if (entry.first == node)
          return entry.second;
      innerUses.push_back({node, 0});
      return innerUses.back().second;
    }
    int *findInner(CallGraphNode *node) {
      for (auto &entry : innerUses)
        if (entry.first == node)
          return &entry.second;
      return nullptr;
    }
  };

  void decrementDiscardableUses(CGUser &uses);

  std::unordered_map<CallGraphNode *, int> discardableSymNodeUses;
  std::unordered_map<CallGraphNode *, CGUser> nodeUses;
  SymbolTableCollection &symbolTable;
  /// Set while the constructor counts the uses (see
  /// allCallableReferencesAreCalls).
  bool checkingReferences = false;
  bool onlyCallReferences = true;
};

CGUseList::CGUseList(Operation *op, CallGraph &cg, SymbolTableCollection &symbolTable) : symbolTable(symbolTable) {
  // Referenced from outside a callable: always live.
  ResolvedRefs alwaysLiveNodes;
  std::vector<CallGraphNode *> alwaysLiveOrder;
  auto walkFn = [&](Operation *symbolTableOp, bool allUsesVisible) {
    for (Block &block : symbolTableOp->getRegion(0)) {
      for (Operation &nested : block) {
        if (auto callable = dyn_cast<CallableOpInterface>(&nested)) {
          if (CallGraphNode *node = cg.lookupNode(callable.getCallableRegion())) {
            SymbolOpInterface symbol = dyn_cast<SymbolOpInterface>(&nested);
            if (symbol && (allUsesVisible || symbol.isPrivate()) && symbol.canDiscardOnUseEmpty())
              discardableSymNodeUses.try_emplace(node, 0);
            continue;
          }
        }
        walkReferencedSymbolNodes(&nested, cg, symbolTable, alwaysLiveNodes, [](CallGraphNode *, Operation *) {});
      }
    }
  };
  SymbolTable::walkSymbolTables(op, /*allSymUsesVisible=*/!op->getBlock(), walkFn);
  alwaysLiveNodes.forEach([&](const void *, CallGraphNode *node) {
    if (node)
      discardableSymNodeUses.erase(node);
  });
  checkingReferences = true;
  for (CallGraphNode *node : cg.getNodes())
    recomputeUses(node, cg);
  checkingReferences = false;
}

void CGUseList::dropCallUses(CallGraphNode *userNode, Operation *callOp, CallGraph &cg) {
  CGUser &userRefs = nodeUses[userNode];
  ResolvedRefs resolvedRefs;
  walkReferencedSymbolNodes(callOp, cg, symbolTable, resolvedRefs, [&](CallGraphNode *node, Operation *) {
    int *count = userRefs.findInner(node);
    if (!count)
      return;
    --*count;
    --discardableSymNodeUses[node];
  });
}

void CGUseList::eraseNode(CallGraphNode *root) {
  // Children first (post-order over child edges), each then dropping the
  // uses it held.
  struct Frame {
    CallGraphNode *node;
    size_t nextEdge;
  };
  std::vector<Frame> stack{{root, 0}};
  while (!stack.empty()) {
    Frame &frame = stack.back();
    const std::vector<CallGraphNode::Edge> &edges = frame.node->getEdges();
    if (frame.nextEdge < edges.size()) {
      const CallGraphNode::Edge &edge = edges[frame.nextEdge++];
      if (edge.isChild())
        stack.push_back({edge.getTarget(), 0});
      continue;
    }
    CallGraphNode *node = frame.node;
    stack.pop_back();
    auto useIt = nodeUses.find(node);
    if (useIt != nodeUses.end()) {
      decrementDiscardableUses(useIt->second);
      nodeUses.erase(useIt);
    }
    discardableSymNodeUses.erase(node);
  }
}

bool CGUseList::isDead(CallGraphNode *node) const {
  Operation *nodeOp = node->getCallableRegion()->getParentOp();
  if (!isa<SymbolOpInterface>(nodeOp))
    return isMemoryEffectFree(nodeOp) && nodeOp->use_empty();
  auto it = discardableSymNodeUses.find(node);
  return it != discardableSymNodeUses.end() && it->second == 0;
}

bool CGUseList::hasOneUseAndDiscardable(CallGraphNode *node) const {
  Operation *nodeOp = node->getCallableRegion()->getParentOp();
  if (!isa<SymbolOpInterface>(nodeOp))
    return isMemoryEffectFree(nodeOp) && nodeOp->hasOneUse();
  auto it = discardableSymNodeUses.find(node);
  return it != discardableSymNodeUses.end() && it->second == 1;
}

void CGUseList::recomputeUses(CallGraphNode *node, CallGraph &cg) {
  Operation *parentOp = node->getCallableRegion()->getParentOp();
  CGUser &uses = nodeUses[node];
  decrementDiscardableUses(uses);
  uses = CGUser();
  ResolvedRefs resolvedRefs;
  walkReferencedSymbolNodes(parentOp, cg, symbolTable, resolvedRefs, [&](CallGraphNode *refNode, Operation *user) {
    if (checkingReferences && onlyCallReferences) {
      auto call = dyn_cast<CallOpInterface>(user);
      if (!call || cg.resolveCallable(call, symbolTable) != refNode)
        onlyCallReferences = false;
    }
    auto it = discardableSymNodeUses.find(refNode);
    if (it == discardableSymNodeUses.end())
      return;
    if (user != parentOp) {
      ++uses.inner(refNode);
    } else {
      if (std::find(uses.topLevelUses.begin(), uses.topLevelUses.end(), refNode) != uses.topLevelUses.end())
        return;
      uses.topLevelUses.push_back(refNode);
    }
    ++it->second;
  });
}

void CGUseList::mergeUsesAfterInlining(CallGraphNode *lhs, CallGraphNode *rhs) {
  CGUser &lhsUses = nodeUses[lhs];
  CGUser &rhsUses = nodeUses[rhs];
  // `rhsUses` may grow while `lhsUses` is read: copy first.
  std::vector<std::pair<CallGraphNode *, int>> inner = lhsUses.innerUses;
  for (auto &[node, count] : inner) {
    rhsUses.inner(node) += count;
    discardableSymNodeUses[node] += count;
  }
}

void CGUseList::decrementDiscardableUses(CGUser &uses) {
  for (CallGraphNode *node : uses.topLevelUses)
    --discardableSymNodeUses[node];
  for (auto &[node, count] : uses.innerUses)
    discardableSymNodeUses[node] -= count;
}

//===----------------------------------------------------------------------===//
// Call collection
//===----------------------------------------------------------------------===//

/// Appends the calls in `blocks` that resolve to a callable with a body, in
/// MLIR's order: a LIFO worklist of blocks, ops in order within a block,
/// the blocks of nested regions pushed as they are met (not those of
/// nested callables unless `traverseNestedCGNodes`).
void collectCallOps(Region::iterator first, Region::iterator last, CallGraphNode *sourceNode, CallGraph &cg,
                    SymbolTableCollection &symbolTable, std::vector<ResolvedCall> &calls,
                    bool traverseNestedCGNodes) {
  std::vector<std::pair<Block *, CallGraphNode *>> worklist;
  for (Region::iterator it = first; it != last; ++it)
    worklist.push_back({&*it, sourceNode});
  while (!worklist.empty()) {
    auto [block, node] = worklist.back();
    worklist.pop_back();
    for (Operation &op : *block) {
      if (auto call = dyn_cast<CallOpInterface>(&op)) {
        // Nested symbol references are not inlined.
        CallInterfaceCallable callable = call.getCallableForCallee();
        if (SymbolRefAttr symRef = callable.getSymbol())
          if (!symRef.getNestedReferences().empty())
            continue;
        CallGraphNode *targetNode = cg.resolveCallable(call, symbolTable);
        if (!targetNode->isExternal())
          calls.push_back({call, node, targetNode});
        continue;
      }
      for (Region &nestedRegion : op.getRegions()) {
        CallGraphNode *nestedNode = cg.lookupNode(&nestedRegion);
        if (traverseNestedCGNodes || !nestedNode)
          for (Block &nestedBlock : nestedRegion)
            worklist.push_back({&nestedBlock, nestedNode ? nestedNode : node});
      }
    }
  }
}

/// The inlining interface of the pass: collects the calls of every block
/// it inlines, for further inlining.
struct InlinerInterfaceImpl : public InlinerInterface {
  InlinerInterfaceImpl(MLIRContext *context, CallGraph &cg, SymbolTableCollection &symbolTable)
      : InlinerInterface(context), cg(cg), symbolTable(symbolTable) {}

  void processInlinedBlocks(RegionBlockRange inlinedBlocks) final {
    // The closest callgraph node of the blocks.
    CallGraphNode *node = nullptr;
    Region *region = inlinedBlocks.begin()->getParent();
    while (!(node = cg.lookupNode(region)))
      region = region->getParentRegion();
    collectCallOps(inlinedBlocks.begin(), inlinedBlocks.end(), node, cg, symbolTable, calls,
                   /*traverseNestedCGNodes=*/true);
  }

  void markForDeletion(CallGraphNode *node) {
    if (deadNodeSet.insert(node).second)
      deadNodes.push_back(node);
  }
  void eraseDeadCallables() {
    for (CallGraphNode *node : deadNodes)
      node->getCallableRegion()->getParentOp()->erase();
  }

  /// In the order they were found dead (a set beside: there may be one per
  /// callable).
  std::vector<CallGraphNode *> deadNodes;
  std::unordered_set<CallGraphNode *> deadNodeSet;
  std::vector<ResolvedCall> calls;
  CallGraph &cg;
  SymbolTableCollection &symbolTable;
};

/// Whether the inline history `historyID` already went through `node`.
bool inlineHistoryIncludes(CallGraphNode *node, std::optional<size_t> historyID,
                           const std::vector<std::pair<CallGraphNode *, std::optional<size_t>>> &history) {
  while (historyID) {
    if (history[*historyID].first == node)
      return true;
    historyID = history[*historyID].second;
  }
  return false;
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

struct InlinerPass : impl::InlinerBase<InlinerPass> {
  LogicalResult initialize(MLIRContext *) override {
    // An explicitly empty default pipeline disables the simplification of
    // callables without an op pipeline.
    hasDefaultPipeline = !defaultPipelineStr.getValue().empty();
    opPipelines.clear();
    for (const OpPassManager &pipeline : opPipelineList)
      if (!pipeline.empty())
        opPipelines.try_emplace(std::string(pipeline.getOpAnchorName()), pipeline);
    return success();
  }

  void runOnOperation() override;

private:
  LogicalResult inlineSCC(InlinerInterfaceImpl &inlinerIface, CGUseList &useList, std::vector<CallGraphNode *> &scc);
  LogicalResult optimizeSCC(CallGraph &cg, CGUseList &useList, std::vector<CallGraphNode *> &scc);
  LogicalResult optimizeCallable(CallGraphNode *node, std::map<std::string, OpPassManager> &pipelines);
  bool inlineCallsInSCC(InlinerInterfaceImpl &inlinerIface, CGUseList &useList, std::vector<CallGraphNode *> &scc);
  bool shouldInline(ResolvedCall &resolvedCall);
  bool isProfitableToInline(const ResolvedCall &resolvedCall) const;
  /// Whether `node` is one optimizeSCC simplifies.
  static bool isOptimizable(CallGraphNode *node);
  /// Runs the pipelines on `nodes` in parallel, a set of pipelines per
  /// thread. `ahead`: record each node's result and diagnostics in
  /// `preOptimized` (entries made beforehand) and go on after a failure.
  LogicalResult optimizeInParallel(const std::vector<CallGraphNode *> &nodes, bool ahead);
  void preOptimizeCallables(const CGUseList &useList, const std::vector<std::vector<CallGraphNode *>> &sccs);

  /// The first simplification of a callable, done ahead by
  /// preOptimizeCallables: its result and its diagnostics, held until the
  /// walk reaches the callable (emitted when the handler is destroyed).
  struct PreOptimized {
    bool failed = false;
    std::unique_ptr<ParallelDiagnosticHandler> diagnostics;
  };
  using PreOptimizedMap = std::unordered_map<CallGraphNode *, PreOptimized>;
  /// During runOnOperation, its map (the pass is copyable).
  PreOptimizedMap *preOptimizedPtr = nullptr;

  bool hasDefaultPipeline = true;
  /// The op pipelines by op name.
  std::map<std::string, OpPassManager> opPipelines;
  /// Per executor (thread), the pipelines by op name (op pipelines and the
  /// default pipeline built for each other callable op name).
  std::vector<std::map<std::string, OpPassManager>> executorPipelines;
};

void InlinerPass::runOnOperation() {
  Operation *op = getOperation();
  if (!op->hasTrait<OpTrait::SymbolTable>()) {
    op->emitOpError() << " was scheduled to run under the inliner, but does not define a symbol table";
    return signalPassFailure();
  }
  CallGraph &cg = getAnalysis<CallGraph>();
  SymbolTableCollection symbolTable;
  InlinerInterfaceImpl inlinerIface(&getContext(), cg, symbolTable);
  CGUseList useList(op, cg, symbolTable);
  std::vector<std::vector<CallGraphNode *>> sccs = cg.getSCCs();
  PreOptimizedMap preOptimized;
  preOptimizedPtr = &preOptimized;
  preOptimizeCallables(useList, sccs);
  bool failedSCC = false;
  for (std::vector<CallGraphNode *> &scc : sccs)
    if ((failedSCC = failed(inlineSCC(inlinerIface, useList, scc))))
      break;
  preOptimizedPtr = nullptr;
  if (failedSCC) {
    // What the walk did not reach stays unsaid, as it would have.
    ScopedDiagnosticSuppression suppress;
    preOptimized.clear();
    return signalPassFailure();
  }
  inlinerIface.eraseDeadCallables();
}

bool InlinerPass::isOptimizable(CallGraphNode *node) {
  return !node->isExternal() && !node->hasChildren() &&
         node->getCallableRegion()->getParentOp()->hasTrait<OpTrait::IsIsolatedFromAbove>();
}

// The walk simplifies a callable first when it reaches the callable's SCC,
// after the SCCs before it were simplified and inlined into. Until then
// nothing changes the callable's body: inlining edits the caller and moves
// or clones callees, which come before their callers, and a pass nested on
// a callable edits only that callable. The exception is a call that exists
// only after simplification (say an indirect call made direct) to a
// callable later in the walk, which the walk would inline unsimplified.
// Simplification only edits a body, so such a call names a symbol the body
// already referred to other than by a call: here every reference to a
// callable inside a callable must be the callee of a call op. Also off when
// instrumentations watch the passes (IR printing would show the nested
// pipelines in another order) and without threads.
void InlinerPass::preOptimizeCallables(const CGUseList &useList,
                                       const std::vector<std::vector<CallGraphNode *>> &sccs) {
  MLIRContext *context = &getContext();
  if (!context->isMultithreadingEnabled() || getAnalysisManager().getPassInstrumentor())
    return;
  if (!hasDefaultPipeline && opPipelines.empty())
    return;
  if (!useList.allCallableReferencesAreCalls())
    return;
  // The nodes the walk will simplify first.
  std::vector<CallGraphNode *> nodes;
  for (const std::vector<CallGraphNode *> &scc : sccs)
    for (CallGraphNode *node : scc)
      if (isOptimizable(node))
        nodes.push_back(node);
  if (nodes.size() < 2)
    return;
  for (CallGraphNode *node : nodes)
    (*preOptimizedPtr)[node];
  (void)optimizeInParallel(nodes, /*ahead=*/true);
}

LogicalResult InlinerPass::inlineSCC(InlinerInterfaceImpl &inlinerIface, CGUseList &useList,
                                     std::vector<CallGraphNode *> &scc) {
  // Simplify and inline until nothing is inlined, at most max-iterations
  // times.
  unsigned iterationCount = 0;
  do {
    if (failed(optimizeSCC(inlinerIface.cg, useList, scc)))
      return failure();
    if (!inlineCallsInSCC(inlinerIface, useList, scc))
      break;
  } while (++iterationCount < maxInliningIterations);
  return success();
}

LogicalResult InlinerPass::optimizeSCC(CallGraph &cg, CGUseList &useList, std::vector<CallGraphNode *> &scc) {
  // Callables without nested callables, on which passes can be scheduled.
  std::vector<CallGraphNode *> nodesToVisit;
  for (CallGraphNode *node : scc)
    if (isOptimizable(node))
      nodesToVisit.push_back(node);
  if (nodesToVisit.empty())
    return success();

  // Simplified ahead (every node of the SCC, on its first visit): what
  // remains is to say what their pipelines said, in node order.
  std::vector<CallGraphNode *> toRun;
  for (CallGraphNode *node : nodesToVisit) {
    auto it = preOptimizedPtr->find(node);
    if (it == preOptimizedPtr->end()) {
      toRun.push_back(node);
      continue;
    }
    bool failedAhead = it->second.failed;
    preOptimizedPtr->erase(it);
    if (failedAhead)
      return failure();
  }
  if (!toRun.empty() && failed(optimizeInParallel(toRun, /*ahead=*/false)))
    return failure();
  for (CallGraphNode *node : nodesToVisit)
    useList.recomputeUses(node, cg);
  return success();
}

LogicalResult InlinerPass::optimizeInParallel(const std::vector<CallGraphNode *> &nodesToVisit, bool ahead) {
  // One set of pipelines per thread that can run at once.
  MLIRContext *context = &getContext();
  size_t numExecutors = context->isMultithreadingEnabled() ? context->getThreadPool().getThreadCount() + 1 : 1;
  if (executorPipelines.size() < numExecutors)
    executorPipelines.resize(numExecutors, opPipelines);
  // Analysis managers are created up front, outside the threads.
  AnalysisManager am = getAnalysisManager();
  for (CallGraphNode *node : nodesToVisit)
    (void)am.nest(node->getCallableRegion()->getParentOp());

  std::vector<std::atomic<bool>> activePMs(executorPipelines.size());
  for (std::atomic<bool> &flag : activePMs)
    flag.store(false);
  if (failed(failableParallelForEach(context, nodesToVisit, [&](CallGraphNode *node) {
        size_t index = 0;
        for (; index < activePMs.size(); ++index) {
          bool expected = false;
          if (activePMs[index].compare_exchange_strong(expected, true))
            break;
        }
        // Ahead: the node's entry exists, so this only reads the map.
        PreOptimized *record = ahead ? &preOptimizedPtr->find(node)->second : nullptr;
        if (record) {
          record->diagnostics = std::make_unique<ParallelDiagnosticHandler>(context);
          record->diagnostics->setOrderIDForThread(0);
        }
        LogicalResult result = optimizeCallable(node, executorPipelines[index]);
        if (record) {
          record->diagnostics->eraseOrderIDForThread();
          record->failed = failed(result);
          result = success();
        }
        activePMs[index].store(false);
        return result;
      })))
    return failure();
  return success();
}

LogicalResult InlinerPass::optimizeCallable(CallGraphNode *node, std::map<std::string, OpPassManager> &pipelines) {
  Operation *callable = node->getCallableRegion()->getParentOp();
  std::string opName(callable->getName().getStringRef());
  auto it = pipelines.find(opName);
  if (it == pipelines.end()) {
    if (!hasDefaultPipeline)
      return success();
    OpPassManager defaultPM(opName);
    std::string errors;
    raw_string_ostream errorStream(errors);
    (void)parsePassPipeline(defaultPipelineStr.getValue(), defaultPM, errorStream);
    it = pipelines.emplace(opName, std::move(defaultPM)).first;
  }
  return runPipeline(it->second, callable);
}

bool InlinerPass::inlineCallsInSCC(InlinerInterfaceImpl &inlinerIface, CGUseList &useList,
                                   std::vector<CallGraphNode *> &scc) {
  CallGraph &cg = inlinerIface.cg;
  std::vector<ResolvedCall> &calls = inlinerIface.calls;

  // Dead nodes, in insertion order.
  std::vector<CallGraphNode *> deadNodes;
  auto isDeadNode = [&](CallGraphNode *node) {
    return std::find(deadNodes.begin(), deadNodes.end(), node) != deadNodes.end();
  };
  auto addDeadNode = [&](CallGraphNode *node) {
    if (!isDeadNode(node))
      deadNodes.push_back(node);
  };

  // The direct calls of the SCC's nodes (nested callables have their own
  // SCCs).
  for (CallGraphNode *node : scc) {
    if (node->isExternal())
      continue;
    if (useList.isDead(node)) {
      addDeadNode(node);
    } else {
      Region *region = node->getCallableRegion();
      collectCallOps(region->begin(), region->end(), node, cg, inlinerIface.symbolTable, calls,
                     /*traverseNestedCGNodes=*/false);
    }
  }

  // Calls that appear through inlining remember the callee they came from,
  // which is never inlined again along that chain.
  using InlineHistoryT = std::optional<size_t>;
  std::vector<std::pair<CallGraphNode *, InlineHistoryT>> inlineHistory;
  std::vector<InlineHistoryT> callHistory(calls.size(), InlineHistoryT{});

  bool inlinedAnyCalls = false;
  for (size_t i = 0; i < calls.size(); ++i) {
    if (isDeadNode(calls[i].sourceNode))
      continue;
    ResolvedCall it = calls[i];
    InlineHistoryT inlineHistoryID = callHistory[i];
    bool inHistory = inlineHistoryIncludes(it.targetNode, inlineHistoryID, inlineHistory);
    if (inHistory || !shouldInline(it))
      continue;

    size_t prevSize = calls.size();
    Region *targetRegion = it.targetNode->getCallableRegion();
    // The last use of a discardable callee: move its body.
    bool inlineInPlace = useList.hasOneUseAndDiscardable(it.targetNode);
    CallOpInterface call = it.call;
    if (failed(inlineCall(inlinerIface, call, cast<CallableOpInterface>(targetRegion->getParentOp()), targetRegion,
                          /*shouldCloneInlinedRegion=*/!inlineInPlace)))
      continue;
    inlinedAnyCalls = true;

    InlineHistoryT newInlineHistoryID{inlineHistory.size()};
    inlineHistory.push_back({it.targetNode, inlineHistoryID});
    for (size_t k = prevSize; k != calls.size(); ++k)
      callHistory.push_back(newInlineHistoryID);

    useList.dropCallUses(it.sourceNode, call.getOperation(), cg);
    useList.mergeUsesAfterInlining(it.targetNode, it.sourceNode);
    call.getOperation()->erase();

    if (inlineInPlace) {
      useList.eraseNode(it.targetNode);
      addDeadNode(it.targetNode);
    }
  }

  for (CallGraphNode *node : deadNodes) {
    auto pos = std::find(scc.begin(), scc.end(), node);
    if (pos != scc.end())
      scc.erase(pos);
    inlinerIface.markForDeletion(node);
  }
  calls.clear();
  return inlinedAnyCalls;
}

bool InlinerPass::shouldInline(ResolvedCall &resolvedCall) {
  Operation *callOp = resolvedCall.call.getOperation();
  if (callOp->hasTrait<OpTrait::IsTerminator>())
    return false;
  // Not a self-recursive callee, nor one calling back its caller.
  for (const CallGraphNode::Edge &edge : *resolvedCall.targetNode)
    if (edge.getTarget() == resolvedCall.targetNode || edge.getTarget() == resolvedCall.sourceNode)
      return false;
  // Not into the callee itself.
  Region *callableRegion = resolvedCall.targetNode->getCallableRegion();
  if (callableRegion->isAncestor(callOp->getParentRegion()))
    return false;
  // A callee with several blocks only where the caller's region may have
  // several.
  bool calleeHasMultipleBlocks = callableRegion->getNumBlocks() >= 2;
  auto callerRegionSupportsMultipleBlocks = [&]() {
    return callableRegion->getParentOp()->getName() == callOp->getParentOp()->getName() ||
           !callOp->getParentOp()->mightHaveTrait<OpTrait::SingleBlock>();
  };
  if (calleeHasMultipleBlocks && !callerRegionSupportsMultipleBlocks())
    return false;
  return isProfitableToInline(resolvedCall);
}

bool InlinerPass::isProfitableToInline(const ResolvedCall &resolvedCall) const {
  unsigned threshold = inliningThreshold;
  if (threshold == 0u)
    return false;
  if (threshold == ~0u)
    return true;
  auto countOps = [](Region *region) {
    unsigned count = 0;
    region->walk([&](Operation *) { ++count; });
    return count;
  };
  unsigned callerOps = countOps(resolvedCall.sourceNode->getCallableRegion());
  if (callerOps == 0)
    return true;
  unsigned ratio = countOps(resolvedCall.targetNode->getCallableRegion()) * 100 / callerOps;
  return ratio <= threshold;
}

} // namespace

std::unique_ptr<Pass> lamina::createInlinerPass() { return std::make_unique<InlinerPass>(); }
