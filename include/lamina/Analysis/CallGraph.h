//===- CallGraph.h - The call graph of an operation ------------*- C++ -*-===//
//
// MLIR's CallGraph: one node per callable region (CallableOpInterface ops
// with a body), edges to the nodes a node calls (CallOpInterface ops
// resolved through the symbol tables), to the callables nested in it
// (child edges) and, from the external caller node, to every top-level
// callable (abstract edges). Calls that cannot be resolved go to the
// unknown callee node. Built without recursion (nesting depth is the
// input's).
//
// getSCCs() lists the strongly connected components bottom-up, in the
// order (and with the node order within each) of LLVM's scc_iterator
// started at the external caller node, which the inliner's output
// depends on.
//
#pragma once

#include "lamina/Interfaces/CallInterfaces.h"
#include "lamina/Support/DenseMap.h"

#include <memory>
#include <vector>

namespace lamina {

class CallGraph;
class SymbolTableCollection;

class CallGraphNode {
public:
  class Edge {
  public:
    enum class Kind { Abstract, Call, Child };
    CallGraphNode *getTarget() const { return target; }
    Kind getKind() const { return kind; }
    bool isAbstract() const { return kind == Kind::Abstract; }
    bool isCall() const { return kind == Kind::Call; }
    bool isChild() const { return kind == Kind::Child; }

  private:
    friend class CallGraphNode;
    Edge(CallGraphNode *target, Kind kind) : target(target), kind(kind) {}
    CallGraphNode *target;
    Kind kind;
  };

  /// The external caller and unknown callee nodes have no region.
  bool isExternal() const { return !callableRegion; }
  Region *getCallableRegion() const { return callableRegion; }

  /// Edges in insertion order, each (target, kind) once.
  const std::vector<Edge> &getEdges() const { return edges; }
  std::vector<Edge>::const_iterator begin() const { return edges.begin(); }
  std::vector<Edge>::const_iterator end() const { return edges.end(); }
  bool hasChildren() const;

  void addAbstractEdge(CallGraphNode *node) { addEdge(node, Edge::Kind::Abstract); }
  void addCallEdge(CallGraphNode *node) { addEdge(node, Edge::Kind::Call); }
  void addChildEdge(CallGraphNode *child) { addEdge(child, Edge::Kind::Child); }

private:
  friend class CallGraph;
  explicit CallGraphNode(Region *callableRegion) : callableRegion(callableRegion) {}
  void addEdge(CallGraphNode *node, Edge::Kind kind);
  /// addEdge for a node just created, which no edge targets yet: no search
  /// for a duplicate (the external caller node gets one edge per top-level
  /// callable, which made building the graph quadratic).
  void addEdgeToNewNode(CallGraphNode *node, Edge::Kind kind) { edges.push_back(Edge(node, kind)); }

  Region *callableRegion;
  std::vector<Edge> edges;
};

class CallGraph {
public:
  explicit CallGraph(Operation *op);
  CallGraph(const CallGraph &) = delete;
  CallGraph &operator=(const CallGraph &) = delete;

  /// The node of `region`, created (with a child edge from `parentNode`,
  /// or an abstract edge from the external node) if absent.
  CallGraphNode *getOrAddNode(Region *region, CallGraphNode *parentNode);
  /// The node of `region`, or null.
  CallGraphNode *lookupNode(Region *region) const;
  /// The node `call` calls, or the unknown callee node.
  CallGraphNode *resolveCallable(CallOpInterface call, SymbolTableCollection &symbolTable) const;

  CallGraphNode *getExternalCallerNode() const { return const_cast<CallGraphNode *>(&externalCallerNode); }
  CallGraphNode *getUnknownCalleeNode() const { return const_cast<CallGraphNode *>(&unknownCalleeNode); }

  /// The region nodes in creation order.
  const std::vector<CallGraphNode *> &getNodes() const { return nodeOrder; }
  size_t size() const { return nodeOrder.size(); }

  /// The SCCs reachable from the external caller node, bottom-up.
  std::vector<std::vector<CallGraphNode *>> getSCCs() const;

private:
  CallGraphNode externalCallerNode{nullptr};
  CallGraphNode unknownCalleeNode{nullptr};
  PointerMap<Region *, std::unique_ptr<CallGraphNode>> nodes;
  std::vector<CallGraphNode *> nodeOrder;
};

} // namespace lamina
