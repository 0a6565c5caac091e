//===- CallGraph.cpp - The call graph of an operation ---------------------===//
#include "lamina/Analysis/CallGraph.h"

#include "lamina/IR/MLIRContext.h"
#include "lamina/IR/Operation.h"
#include "lamina/IR/SymbolTable.h"
#include "lamina/IR/Threading.h"

#include <algorithm>

using namespace lamina;

//===----------------------------------------------------------------------===//
// CallGraphNode
//===----------------------------------------------------------------------===//

bool CallGraphNode::hasChildren() const {
  return std::any_of(edges.begin(), edges.end(), [](const Edge &e) { return e.isChild(); });
}

void CallGraphNode::addEdge(CallGraphNode *node, Edge::Kind kind) {
  // A SetVector in MLIR: each (target, kind) once, in insertion order.
  for (const Edge &e : edges)
    if (e.target == node && e.kind == kind)
      return;
  edges.push_back(Edge(node, kind));
}

//===----------------------------------------------------------------------===//
// CallGraph
//===----------------------------------------------------------------------===//

namespace {
/// What computeCallGraph's walk meets under one op, in pre-order: the
/// callables with a body (with the index of the enclosing one, -1 for
/// none) and the calls inside callables (with the index of their
/// callable).
struct WalkEvents {
  std::vector<std::pair<Region *, int>> callables;
  std::vector<std::pair<CallOpInterface, int>> calls;
};
} // namespace

/// The pre-order walk of computeCallGraph under `start`, which no callable
/// encloses (-1: outside every callable).
static void walkForCallGraph(Operation *start, WalkEvents &events) {
  std::vector<std::pair<Operation *, int>> stack{{start, -1}};
  std::vector<Operation *> nested;
  while (!stack.empty()) {
    auto [op, parent] = stack.back();
    stack.pop_back();
    if (auto call = dyn_cast<CallOpInterface>(op)) {
      if (parent >= 0)
        events.calls.push_back({call, parent});
      continue;
    }
    if (op->getNumRegions() == 0)
      continue;
    if (auto callable = dyn_cast<CallableOpInterface>(op)) {
      Region *callableRegion = callable.getCallableRegion();
      if (!callableRegion)
        continue;
      events.callables.push_back({callableRegion, parent});
      parent = int(events.callables.size() - 1);
    }
    nested.clear();
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Operation &child : block)
          nested.push_back(&child);
    for (auto it = nested.rbegin(); it != nested.rend(); ++it)
      stack.push_back({*it, parent});
  }
}

/// MLIR's recursive computeCallGraph (run twice: callables, then calls) as
/// one pre-order walk with an explicit stack: callables with a body become
/// the enclosing node of what they contain, callables without one are not
/// entered, and the calls met are resolved after the walk (a call may name
/// a callable nested later), in the order the second walk would add them.
/// With threads, the subtrees of the root's ops are walked in parallel and
/// their callables and calls added in order afterwards: the same nodes,
/// edges and orders.
static void computeCallGraph(Operation *root, CallGraph &cg) {
  MLIRContext *ctx = root->getContext();
  std::vector<Operation *> tops;
  bool parallel = ctx->isMultithreadingEnabled() && !isa<CallOpInterface>(root) &&
                  !isa<CallableOpInterface>(root) && root->getNumRegions() == 1 &&
                  root->getRegion(0).hasOneBlock();
  if (parallel) {
    for (Operation &op : root->getRegion(0).front())
      tops.push_back(&op);
    parallel = tops.size() >= 64;
  }
  std::vector<WalkEvents> events(parallel ? tops.size() : 1);
  if (parallel) {
    // The first walk after parsing meets ops that are not cached: groups of
    // top-level ops have their op lists brought in together first.
    parallelForRanges(ctx, tops.size(), 8, [&](size_t begin, size_t end) {
      forEachIndexPrefetched(
          begin, end, [&](size_t i) { return tops[i]; }, [&](size_t i) { walkForCallGraph(tops[i], events[i]); });
    });
  } else {
    walkForCallGraph(root, events[0]);
  }

  std::vector<std::pair<CallOpInterface, CallGraphNode *>> calls;
  std::vector<CallGraphNode *> nodes;
  for (WalkEvents &walk : events) {
    nodes.clear();
    for (auto &[region, parent] : walk.callables)
      nodes.push_back(cg.getOrAddNode(region, parent < 0 ? nullptr : nodes[size_t(parent)]));
    for (auto &[call, node] : walk.calls)
      calls.push_back({call, nodes[size_t(node)]});
  }
  events.clear();

  // Resolving a call looks its callee up; with threads, in parallel (a
  // symbol table collection per task), then the edges in order.
  std::vector<CallGraphNode *> targets(calls.size());
  auto resolveRange = [&](size_t begin, size_t end) {
    SymbolTableCollection symbolTable;
    for (size_t i = begin; i < end; ++i)
      targets[i] = cg.resolveCallable(calls[i].first, symbolTable);
  };
  if (parallel && calls.size() >= 256)
    parallelForRanges(ctx, calls.size(), 1, resolveRange);
  else
    resolveRange(0, calls.size());
  for (size_t i = 0; i < calls.size(); ++i)
    calls[i].second->addCallEdge(targets[i]);
}

CallGraph::CallGraph(Operation *op) { computeCallGraph(op, *this); }

CallGraphNode *CallGraph::getOrAddNode(Region *region, CallGraphNode *parentNode) {
  std::unique_ptr<CallGraphNode> &node = nodes[region];
  if (!node) {
    node.reset(new CallGraphNode(region));
    nodeOrder.push_back(node.get());
    if (parentNode)
      parentNode->addEdgeToNewNode(node.get(), CallGraphNode::Edge::Kind::Child);
    else
      externalCallerNode.addEdgeToNewNode(node.get(), CallGraphNode::Edge::Kind::Abstract);
  }
  return node.get();
}

CallGraphNode *CallGraph::lookupNode(Region *region) const {
  const std::unique_ptr<CallGraphNode> *node = nodes.lookup(region);
  return node ? node->get() : nullptr;
}

CallGraphNode *CallGraph::resolveCallable(CallOpInterface call, SymbolTableCollection &symbolTable) const {
  Operation *callable = call.resolveCallableInTable(&symbolTable);
  if (auto callableOp = dyn_cast_or_null<CallableOpInterface>(callable))
    if (CallGraphNode *node = lookupNode(callableOp.getCallableRegion()))
      return node;
  return getUnknownCalleeNode();
}

std::vector<std::vector<CallGraphNode *>> CallGraph::getSCCs() const {
  // LLVM's scc_iterator (Tarjan's algorithm, iteratively): nodes are
  // numbered as the walk reaches them; a node whose subtree reaches no
  // lower number closes an SCC made of the nodes above it on the SCC
  // stack, listed from the most recently reached.
  std::vector<std::vector<CallGraphNode *>> sccs;
  PointerMap<CallGraphNode *, unsigned> visitNumbers;
  const unsigned done = ~0u;
  unsigned visitNum = 0;
  struct StackElement {
    CallGraphNode *node;
    size_t nextChild;
    unsigned minVisited;
  };
  std::vector<StackElement> visitStack;
  std::vector<CallGraphNode *> sccNodeStack;
  auto visitOne = [&](CallGraphNode *node) {
    ++visitNum;
    visitNumbers[node] = visitNum;
    sccNodeStack.push_back(node);
    visitStack.push_back({node, 0, visitNum});
  };
  visitOne(getExternalCallerNode());
  while (!visitStack.empty()) {
    // Visit the children of the top of the stack.
    while (true) {
      StackElement &top = visitStack.back();
      if (top.nextChild == top.node->edges.size())
        break;
      CallGraphNode *child = top.node->edges[top.nextChild++].getTarget();
      if (unsigned *num = visitNumbers.lookup(child)) {
        if (top.minVisited > *num)
          top.minVisited = *num;
        continue;
      }
      visitOne(child);
    }
    StackElement finished = visitStack.back();
    visitStack.pop_back();
    if (!visitStack.empty() && visitStack.back().minVisited > finished.minVisited)
      visitStack.back().minVisited = finished.minVisited;
    if (finished.minVisited != *visitNumbers.lookup(finished.node))
      continue;
    std::vector<CallGraphNode *> scc;
    do {
      scc.push_back(sccNodeStack.back());
      sccNodeStack.pop_back();
      visitNumbers[scc.back()] = done;
    } while (scc.back() != finished.node);
    sccs.push_back(std::move(scc));
  }
  return sccs;
}
