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
// (see preOptimizeCallables); the walk then only replays it. The walk itself
// runs SCCs that share no state on several threads, in an order that gives
// each SCC the state the sequential walk would (see walkInParallel).
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
#include <condition_variable>
#include <functional>
#include <memory>
#include <map>
#include <mutex>
#include <optional>
#include <queue>
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
/// exactly as in MLIR, whose maps insert on decrement). The state of each
/// node lives in a slot of its own, allocated up front, so that the
/// parallel walk (see walkInParallel) can update the slots of disjoint sets
/// of nodes at the same time; symbol lookups go through the caller's
/// SymbolTableCollection (one per thread).
class CGUseList {
public:
  CGUseList(Operation *op, CallGraph &cg, SymbolTableCollection &symbolTable);

  void dropCallUses(CallGraphNode *userNode, Operation *callOp, CallGraph &cg, SymbolTableCollection &symbolTable);
  void eraseNode(CallGraphNode *node);
  bool isDead(CallGraphNode *node) const;
  bool hasOneUseAndDiscardable(CallGraphNode *node) const;
  void recomputeUses(CallGraphNode *node, CallGraph &cg, SymbolTableCollection &symbolTable);
  void mergeUsesAfterInlining(CallGraphNode *lhs, CallGraphNode *rhs);
  /// Whether, when the list was built, every reference to a callable inside
  /// a callable was the callee of a call op (see preOptimizeCallables).
  bool allCallableReferencesAreCalls() const { return onlyCallReferences; }
  /// The dense index of a node of the call graph (its slot).
  unsigned getIndex(CallGraphNode *node) const { return *nodeIndex.lookup(node); }
  unsigned getNumNodes() const { return unsigned(states.size()); }

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

  /// A symbol use in a callable naming a callable node: by the callable op
  /// itself (`topLevel`) or a nested op, and whether the user is a call
  /// resolving to that node.
  struct Reference {
    CallGraphNode *node;
    bool topLevel;
    bool byCall;
  };
  /// The references `node`'s callable makes, in use order (reads the IR
  /// only); `byCall` is computed only if `checkCalls`.
  static void findReferences(CallGraphNode *node, CallGraph &cg, SymbolTableCollection &symbolTable, bool checkCalls,
                             std::vector<Reference> &references);
  /// recomputeUses with the references found; `checkCalls` (the
  /// constructor): also clear onlyCallReferences on one not by a call.
  void countReferences(CallGraphNode *node, const std::vector<Reference> &references, bool checkCalls);

  /// A node's entries of MLIR's two maps: the discardable use count
  /// (`hasCount`: the key is present) and the references the node makes.
  struct NodeState {
    bool hasCount = false;
    bool hasUser = false;
    int count = 0;
    CGUser user;
  };
  NodeState &state(CallGraphNode *node) { return states[getIndex(node)]; }
  const NodeState &state(CallGraphNode *node) const { return states[getIndex(node)]; }
  /// `discardableSymNodeUses[node]` (inserts a zero count).
  int &countOf(CallGraphNode *node) {
    NodeState &s = state(node);
    if (!s.hasCount) {
      s.hasCount = true;
      s.count = 0;
    }
    return s.count;
  }
  /// `nodeUses[node]` (inserts an empty record).
  CGUser &userOf(CallGraphNode *node) {
    NodeState &s = state(node);
    if (!s.hasUser) {
      s.hasUser = true;
      s.user = CGUser();
    }
    return s.user;
  }

  PointerMap<CallGraphNode *, unsigned> nodeIndex;
  std::vector<NodeState> states;
  /// See allCallableReferencesAreCalls (set by the constructor).
  bool onlyCallReferences = true;
};

CGUseList::CGUseList(Operation *op, CallGraph &cg, SymbolTableCollection &symbolTable) {
  for (CallGraphNode *node : cg.getNodes())
    nodeIndex.insert(node, unsigned(nodeIndex.size()));
  states.resize(nodeIndex.size());
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
              (void)countOf(node);
            continue;
          }
        }
        walkReferencedSymbolNodes(&nested, cg, symbolTable, alwaysLiveNodes, [](CallGraphNode *, Operation *) {});
      }
    }
  };
  auto walkTables = [&] { SymbolTable::walkSymbolTables(op, /*allSymUsesVisible=*/!op->getBlock(), walkFn); };
  // Each node's references are found (a walk of its body), in parallel
  // with threads and enough nodes, then counted in node order as
  // recomputeUses counts them.
  const std::vector<CallGraphNode *> &nodes = cg.getNodes();
  std::vector<std::vector<Reference>> references(nodes.size());
  MLIRContext *context = op->getContext();
  if (nodes.size() >= 64 && context->isMultithreadingEnabled()) {
    // The walk of the symbol tables (it only marks discardable and
    // always-live nodes) is a task of its own, started first; one more task
    // per thread claims ranges of nodes until none is left, each with a
    // symbol table collection of its own: building the tables it looks
    // symbols up in (the module's: every symbol) costs more than a range.
    ThreadPool &pool = context->getThreadPool();
    size_t numTasks = size_t(pool.getThreadCount()) + 1;
    size_t numRanges = std::min(nodes.size(), 8 * numTasks);
    std::atomic<size_t> nextRange{0};
    pool.parallelFor(0, numTasks + 1, [&](size_t task) {
      if (task == 0)
        return walkTables();
      SymbolTableCollection taskSymbolTable;
      for (size_t r; (r = nextRange.fetch_add(1)) < numRanges;) {
        size_t begin = nodes.size() * r / numRanges, end = nodes.size() * (r + 1) / numRanges;
        // Groups of callables have their bodies brought into the cache
        // together before they are walked (see prefetchOpLists).
        forEachIndexPrefetched(
            begin, end,
            [&](size_t i) -> Operation * {
              return nodes[i]->isExternal() ? nullptr : nodes[i]->getCallableRegion()->getParentOp();
            },
            [&](size_t i) { findReferences(nodes[i], cg, taskSymbolTable, /*checkCalls=*/true, references[i]); });
      }
    });
  } else {
    walkTables();
    for (size_t i = 0; i < nodes.size(); ++i)
      findReferences(nodes[i], cg, symbolTable, /*checkCalls=*/true, references[i]);
  }
  alwaysLiveNodes.forEach([&](const void *, CallGraphNode *node) {
    if (node)
      state(node).hasCount = false;
  });
  for (size_t i = 0; i < nodes.size(); ++i)
    countReferences(nodes[i], references[i], /*checkCalls=*/true);
}

void CGUseList::findReferences(CallGraphNode *node, CallGraph &cg, SymbolTableCollection &symbolTable,
                               bool checkCalls, std::vector<Reference> &references) {
  Operation *parentOp = node->getCallableRegion()->getParentOp();
  ResolvedRefs resolvedRefs;
  walkReferencedSymbolNodes(parentOp, cg, symbolTable, resolvedRefs, [&](CallGraphNode *refNode, Operation *user) {
    bool byCall = true;
    if (checkCalls) {
      auto call = dyn_cast<CallOpInterface>(user);
      byCall = call && cg.resolveCallable(call, symbolTable) == refNode;
    }
    references.push_back({refNode, user == parentOp, byCall});
  });
}

void CGUseList::countReferences(CallGraphNode *node, const std::vector<Reference> &references, bool checkCalls) {
  CGUser &uses = userOf(node);
  decrementDiscardableUses(uses);
  uses = CGUser();
  for (const Reference &ref : references) {
    if (checkCalls && !ref.byCall)
      onlyCallReferences = false;
    NodeState &refState = state(ref.node);
    if (!refState.hasCount)
      continue;
    if (!ref.topLevel) {
      ++uses.inner(ref.node);
    } else {
      if (std::find(uses.topLevelUses.begin(), uses.topLevelUses.end(), ref.node) != uses.topLevelUses.end())
        continue;
      uses.topLevelUses.push_back(ref.node);
    }
    ++refState.count;
  }
}

void CGUseList::dropCallUses(CallGraphNode *userNode, Operation *callOp, CallGraph &cg,
                             SymbolTableCollection &symbolTable) {
  CGUser &userRefs = userOf(userNode);
  ResolvedRefs resolvedRefs;
  walkReferencedSymbolNodes(callOp, cg, symbolTable, resolvedRefs, [&](CallGraphNode *node, Operation *) {
    int *count = userRefs.findInner(node);
    if (!count)
      return;
    --*count;
    --countOf(node);
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
    NodeState &s = state(node);
    if (s.hasUser) {
      decrementDiscardableUses(s.user);
      s.hasUser = false;
      s.user = CGUser();
    }
    s.hasCount = false;
  }
}

bool CGUseList::isDead(CallGraphNode *node) const {
  Operation *nodeOp = node->getCallableRegion()->getParentOp();
  if (!isa<SymbolOpInterface>(nodeOp))
    return isMemoryEffectFree(nodeOp) && nodeOp->use_empty();
  const NodeState &s = state(node);
  return s.hasCount && s.count == 0;
}

bool CGUseList::hasOneUseAndDiscardable(CallGraphNode *node) const {
  Operation *nodeOp = node->getCallableRegion()->getParentOp();
  if (!isa<SymbolOpInterface>(nodeOp))
    return isMemoryEffectFree(nodeOp) && nodeOp->hasOneUse();
  const NodeState &s = state(node);
  return s.hasCount && s.count == 1;
}

void CGUseList::recomputeUses(CallGraphNode *node, CallGraph &cg, SymbolTableCollection &symbolTable) {
  std::vector<Reference> references;
  findReferences(node, cg, symbolTable, /*checkCalls=*/false, references);
  countReferences(node, references, /*checkCalls=*/false);
}

void CGUseList::mergeUsesAfterInlining(CallGraphNode *lhs, CallGraphNode *rhs) {
  CGUser &lhsUses = userOf(lhs);
  CGUser &rhsUses = userOf(rhs);
  // `rhsUses` may grow while `lhsUses` is read: copy first.
  std::vector<std::pair<CallGraphNode *, int>> inner = lhsUses.innerUses;
  for (auto &[node, count] : inner) {
    rhsUses.inner(node) += count;
    countOf(node) += count;
  }
}

void CGUseList::decrementDiscardableUses(CGUser &uses) {
  for (CallGraphNode *node : uses.topLevelUses)
    --countOf(node);
  for (auto &[node, count] : uses.innerUses)
    countOf(node) -= count;
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
  /// The pipelines of one thread, by op name.
  using PipelineMap = std::map<std::string, OpPassManager>;
  /// `pipelines`: run the SCC's simplifications on this thread with these
  /// (the parallel walk); null: in parallel over the SCC's nodes.
  LogicalResult inlineSCC(InlinerInterfaceImpl &inlinerIface, CGUseList &useList, std::vector<CallGraphNode *> &scc,
                          PipelineMap *pipelines = nullptr);
  LogicalResult optimizeSCC(CallGraph &cg, CGUseList &useList, std::vector<CallGraphNode *> &scc,
                            SymbolTableCollection &symbolTable, PipelineMap *pipelines);
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
  /// What the pre-optimization and the parallel walk both need to give the
  /// sequential walk's result (see preOptimizeCallables): threads, no
  /// instrumentation watching the nested pipelines, and every reference to
  /// a callable inside a callable the callee of a call.
  bool mayReorderWalk(const CGUseList &useList);
  void preOptimizeCallables(const CGUseList &useList, const std::vector<std::vector<CallGraphNode *>> &sccs);
  /// The bottom-up walk with independent SCCs on several threads, when it
  /// provably gives the sequential walk's result (see the definition).
  /// Returns nullopt if it did not apply (nothing was done), else whether
  /// an SCC failed.
  std::optional<bool> walkInParallel(CallGraph &cg, CGUseList &useList, std::vector<std::vector<CallGraphNode *>> &sccs,
                                     InlinerInterfaceImpl &mainIface);

  /// The first simplification of a callable, done ahead by
  /// preOptimizeCallables: its result and its diagnostics, held until the
  /// walk reaches the callable (emitted when the handler is destroyed).
  struct PreOptimized {
    bool failed = false;
    /// Reached by the walk (its diagnostics said).
    bool consumed = false;
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
  if (std::optional<bool> parallelFailed = walkInParallel(cg, useList, sccs, inlinerIface)) {
    failedSCC = *parallelFailed;
  } else {
    for (std::vector<CallGraphNode *> &scc : sccs)
      if ((failedSCC = failed(inlineSCC(inlinerIface, useList, scc))))
        break;
  }
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
bool InlinerPass::mayReorderWalk(const CGUseList &useList) {
  return getContext().isMultithreadingEnabled() && !getAnalysisManager().getPassInstrumentor() &&
         useList.allCallableReferencesAreCalls();
}

void InlinerPass::preOptimizeCallables(const CGUseList &useList,
                                       const std::vector<std::vector<CallGraphNode *>> &sccs) {
  if (!mayReorderWalk(useList) || (!hasDefaultPipeline && opPipelines.empty()))
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

// The sequential walk visits the SCCs in order; visiting one reads and
// writes the bodies of its own callables, the bodies of the callables it
// may inline (its callees and, through inlined bodies, theirs: the nodes it
// reaches by calls) and the use-list slots of both (counts, references),
// and nothing else: a count decides whether a callee is moved or cloned
// and whether a callable is dead, the counts of other nodes do not matter,
// simplification edits only the callable it runs on, and symbol tables do
// not change before the walk ends (dead callables are erased after it).
// Two SCCs whose reached sets (own nodes included) are disjoint therefore
// commute, and an SCC sees the state the sequential walk gives it once
// every earlier SCC that reaches one of its nodes is done. SCCs run as
// soon as those are done, on as many threads as the pool has plus this
// one, each thread with its own pipelines and symbol tables; diagnostics
// are held per SCC and said in SCC order, up to the first SCC that fails
// (the sequential walk stops there). This needs what the pre-optimization
// needs (every reference to a callable inside a callable a call, so the
// reached sets follow the call edges; threads on, no instrumentation),
// callables that are top-level symbols of the inliner's op without
// nested callables, and reached sets of bounded total size.
std::optional<bool> InlinerPass::walkInParallel(CallGraph &cg, CGUseList &useList,
                                                std::vector<std::vector<CallGraphNode *>> &sccs,
                                                InlinerInterfaceImpl &mainIface) {
  MLIRContext *context = &getContext();
  if (!mayReorderWalk(useList) || sccs.size() < 2)
    return std::nullopt;
  Operation *root = getOperation();
  PointerMap<CallGraphNode *, unsigned> sccOf;
  size_t numEdges = 0;
  for (size_t i = 0; i < sccs.size(); ++i) {
    for (CallGraphNode *node : sccs[i]) {
      sccOf.insert(node, unsigned(i));
      if (node->isExternal())
        continue;
      Operation *callable = node->getCallableRegion()->getParentOp();
      if (node->hasChildren() || callable->getParentOp() != root || !isa<SymbolOpInterface>(callable))
        return std::nullopt;
      numEdges += node->getEdges().size();
    }
  }

  // The nodes each SCC reaches, own nodes included (by dense index,
  // sorted), computed callees first: the SCCs come bottom-up.
  size_t budget = 16 * (size_t(useList.getNumNodes()) + numEdges) + 4096, total = 0;
  std::vector<std::vector<unsigned>> reached(sccs.size());
  for (size_t i = 0; i < sccs.size(); ++i) {
    std::vector<unsigned> &set = reached[i];
    for (CallGraphNode *node : sccs[i]) {
      if (node->isExternal())
        continue;
      set.push_back(useList.getIndex(node));
      for (const CallGraphNode::Edge &edge : node->getEdges()) {
        CallGraphNode *target = edge.getTarget();
        if (target->isExternal())
          continue;
        const unsigned *targetSCC = sccOf.lookup(target);
        if (!targetSCC)
          return std::nullopt;
        if (*targetSCC == i)
          continue;
        assert(*targetSCC < i && "callees come first");
        const std::vector<unsigned> &sub = reached[*targetSCC];
        set.insert(set.end(), sub.begin(), sub.end());
      }
    }
    std::sort(set.begin(), set.end());
    set.erase(std::unique(set.begin(), set.end()), set.end());
    if ((total += set.size()) > budget)
      return std::nullopt;
  }

  // Each SCC waits for the last earlier SCC reaching each node it reaches.
  size_t n = sccs.size();
  std::vector<std::vector<unsigned>> dependents(n);
  std::vector<unsigned> pending(n, 0);
  {
    std::vector<int> lastReacher(useList.getNumNodes(), -1);
    std::vector<unsigned> deps;
    for (size_t i = 0; i < n; ++i) {
      deps.clear();
      for (unsigned node : reached[i]) {
        if (lastReacher[node] >= 0)
          deps.push_back(unsigned(lastReacher[node]));
        lastReacher[node] = int(i);
      }
      std::sort(deps.begin(), deps.end());
      deps.erase(std::unique(deps.begin(), deps.end()), deps.end());
      for (unsigned dep : deps)
        dependents[dep].push_back(unsigned(i));
      pending[i] = unsigned(deps.size());
    }
  }
  reached.clear();

  // Analysis managers and pipelines are made here, outside the threads.
  size_t numWorkers = context->getThreadPool().getThreadCount() + 1;
  if (executorPipelines.size() < numWorkers)
    executorPipelines.resize(numWorkers, opPipelines);
  AnalysisManager am = getAnalysisManager();
  for (const std::vector<CallGraphNode *> &scc : sccs)
    for (CallGraphNode *node : scc)
      if (!node->isExternal())
        (void)am.nest(node->getCallableRegion()->getParentOp());

  std::mutex mutex;
  std::condition_variable ready;
  std::priority_queue<unsigned, std::vector<unsigned>, std::greater<unsigned>> readySCCs;
  for (size_t i = 0; i < n; ++i)
    if (!pending[i])
      readySCCs.push(unsigned(i));
  size_t numDone = 0;
  std::atomic<size_t> firstFailed{n};
  std::vector<std::unique_ptr<ParallelDiagnosticHandler>> diagnostics(n);
  std::vector<std::vector<CallGraphNode *>> deadNodes(numWorkers);
  context->getThreadPool().parallelFor(0, numWorkers, [&](size_t worker) {
    SymbolTableCollection symbolTable;
    InlinerInterfaceImpl iface(context, cg, symbolTable);
    for (;;) {
      unsigned i;
      {
        std::unique_lock<std::mutex> lock(mutex);
        ready.wait(lock, [&] { return !readySCCs.empty() || numDone == n; });
        if (readySCCs.empty())
          break;
        i = readySCCs.top();
        readySCCs.pop();
      }
      // After a failure the sequential walk visits no later SCC.
      if (i < firstFailed.load()) {
        diagnostics[i] = std::make_unique<ParallelDiagnosticHandler>(context);
        diagnostics[i]->setOrderIDForThread(0);
        bool sccFailed = failed(inlineSCC(iface, useList, sccs[i], &executorPipelines[worker]));
        diagnostics[i]->eraseOrderIDForThread();
        if (sccFailed) {
          size_t expected = firstFailed.load();
          while (i < expected && !firstFailed.compare_exchange_weak(expected, i)) {
          }
        }
      }
      std::lock_guard<std::mutex> lock(mutex);
      ++numDone;
      for (unsigned dependent : dependents[i])
        if (!--pending[dependent])
          readySCCs.push(dependent);
      ready.notify_all();
    }
    deadNodes[worker] = std::move(iface.deadNodes);
  });

  size_t failedAt = firstFailed.load();
  for (size_t i = 0; i < n && i <= failedAt; ++i)
    diagnostics[i].reset();
  {
    ScopedDiagnosticSuppression suppress;
    diagnostics.clear();
  }
  if (failedAt < n)
    return true;
  for (const std::vector<CallGraphNode *> &nodes : deadNodes)
    for (CallGraphNode *node : nodes)
      mainIface.markForDeletion(node);
  return false;
}

LogicalResult InlinerPass::inlineSCC(InlinerInterfaceImpl &inlinerIface, CGUseList &useList,
                                     std::vector<CallGraphNode *> &scc, PipelineMap *pipelines) {
  // Simplify and inline until nothing is inlined, at most max-iterations
  // times.
  unsigned iterationCount = 0;
  do {
    if (failed(optimizeSCC(inlinerIface.cg, useList, scc, inlinerIface.symbolTable, pipelines)))
      return failure();
    if (!inlineCallsInSCC(inlinerIface, useList, scc))
      break;
  } while (++iterationCount < maxInliningIterations);
  return success();
}

LogicalResult InlinerPass::optimizeSCC(CallGraph &cg, CGUseList &useList, std::vector<CallGraphNode *> &scc,
                                       SymbolTableCollection &symbolTable, PipelineMap *pipelines) {
  // Callables without nested callables, on which passes can be scheduled.
  std::vector<CallGraphNode *> nodesToVisit;
  for (CallGraphNode *node : scc)
    if (isOptimizable(node))
      nodesToVisit.push_back(node);
  if (nodesToVisit.empty())
    return success();

  // Simplified ahead (every node of the SCC, on its first visit): what
  // remains is to say what their pipelines said, in node order. (The map
  // is only read here: the parallel walk visits SCCs on several threads.)
  std::vector<CallGraphNode *> toRun;
  for (CallGraphNode *node : nodesToVisit) {
    auto it = preOptimizedPtr->find(node);
    if (it == preOptimizedPtr->end() || it->second.consumed) {
      toRun.push_back(node);
      continue;
    }
    it->second.consumed = true;
    it->second.diagnostics.reset();
    if (it->second.failed)
      return failure();
  }
  if (pipelines) {
    for (CallGraphNode *node : toRun)
      if (failed(optimizeCallable(node, *pipelines)))
        return failure();
  } else if (!toRun.empty() && failed(optimizeInParallel(toRun, /*ahead=*/false))) {
    return failure();
  }
  for (CallGraphNode *node : nodesToVisit)
    useList.recomputeUses(node, cg, symbolTable);
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
  auto runOn = [&](CallGraphNode *node) -> LogicalResult {
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
  };
  // As failableParallelForEach (no new calls once one failed), in groups of
  // consecutive nodes whose bodies are brought into the cache together
  // before they run (see prefetchOpLists).
  auto prefetchGroup = [&](size_t begin, size_t end) {
    prefetchOpListsOf(begin, end, [&](size_t i) { return nodesToVisit[i]->getCallableRegion()->getParentOp(); });
  };
  std::atomic<bool> anyFailed(false);
  parallelForEachIndexInGroups(context, nodesToVisit.size(), prefetchGroup, [&](size_t i) {
    if (!anyFailed.load(std::memory_order_relaxed) && failed(runOn(nodesToVisit[i])))
      anyFailed.store(true, std::memory_order_relaxed);
  });
  return failure(anyFailed.load());
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

    useList.dropCallUses(it.sourceNode, call.getOperation(), cg, inlinerIface.symbolTable);
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
