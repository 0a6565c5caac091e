//===- CallGraph.cpp - The call graph of an operation ---------------------===//
#include "lamina/Analysis/CallGraph.h"

#include "lamina/IR/Operation.h"
#include "lamina/IR/SymbolTable.h"

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

/// MLIR's recursive computeCallGraph (run twice: callables, then calls) as
/// one pre-order walk with an explicit stack: callables with a body become
/// the enclosing node of what they contain, callables without one are not
/// entered, and the calls met are resolved after the walk (a call may name
/// a callable nested later), in the order the second walk would add them.
static void computeCallGraph(Operation *root, CallGraph &cg, SymbolTableCollection &symbolTable) {
  std::vector<std::pair<Operation *, CallGraphNode *>> stack{{root, nullptr}};
  std::vector<std::pair<CallOpInterface, CallGraphNode *>> calls;
  std::vector<Operation *> nested;
  while (!stack.empty()) {
    auto [op, parentNode] = stack.back();
    stack.pop_back();
    if (auto call = dyn_cast<CallOpInterface>(op)) {
      if (parentNode)
        calls.push_back({call, parentNode});
      continue;
    }
    if (auto callable = dyn_cast<CallableOpInterface>(op)) {
      Region *callableRegion = callable.getCallableRegion();
      if (!callableRegion)
        continue;
      parentNode = cg.getOrAddNode(callableRegion, parentNode);
    }
    nested.clear();
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Operation &child : block)
          nested.push_back(&child);
    for (auto it = nested.rbegin(); it != nested.rend(); ++it)
      stack.push_back({*it, parentNode});
  }
  for (auto &[call, node] : calls)
    node->addCallEdge(cg.resolveCallable(call, symbolTable));
}

CallGraph::CallGraph(Operation *op) {
  SymbolTableCollection symbolTable;
  computeCallGraph(op, *this, symbolTable);
}

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
