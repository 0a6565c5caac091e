//===- ViewOpGraph.cpp - A Graphviz picture of an operation ---------------===//
//
// `view-op-graph` writes, to stderr, the op it runs on as a Graphviz graph
// in mlir-opt 22's layout: ops with regions as clusters (one per region
// block), other ops and block arguments as record nodes whose ports are
// their operands (`<arg_...>`) and results (`<res_...>`), colored by op
// name, data flow edges from result ports to operand ports and, on request,
// dashed control flow edges between consecutive ops. Values are named as
// the printer names them.
//
#include "lamina/Transforms/Passes.h"

#include "lamina/IR/AsmState.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinTypes.h"

#include <cstdio>
#include <map>
#include <optional>
#include <unordered_map>

using namespace lamina;

namespace {

/// A node of the DOT graph; a cluster is represented by its invisible
/// anchor node.
struct Node {
  int id = 0;
  std::optional<int> clusterId;
};

struct DataFlowEdge {
  Value value;
  Node node;
  std::string port;
};

using AttributeMap = std::map<std::string, std::string>;

std::string quoteString(const std::string &str) { return "\"" + str + "\""; }

/// Graphviz record labels need braces, bars, angle brackets, newlines and
/// quotes escaped.
std::string escapeLabelString(const std::string &str) {
  std::string result;
  for (char c : str) {
    if (c == '{' || c == '|' || c == '<' || c == '}' || c == '>' || c == '\n' || c == '"')
      result += '\\';
    result += c;
  }
  return result;
}

/// An output stream that indents every line by the current level.
class IndentedStream {
public:
  explicit IndentedStream(raw_ostream &os) : os(os) {}
  IndentedStream &operator<<(std::string_view s) {
    for (char c : s) {
      if (atLineStart && c != '\n')
        os.indent(level * 2);
      atLineStart = c == '\n';
      os << c;
    }
    return *this;
  }
  IndentedStream &operator<<(int v) { return *this << std::string_view(std::to_string(v)); }
  void indent() { ++level; }
  void unindent() { --level; }

private:
  raw_ostream &os;
  unsigned level = 0;
  bool atLineStart = true;
};

struct ViewOpGraphPass : impl::ViewOpGraphBase<ViewOpGraphPass> {
  void runOnOperation() override {
    Operation *root = getOperation();
    Operation *top = root;
    while (Operation *parent = top->getParentOp())
      top = parent;
    AsmState state(top);
    GraphWriter writer(*this, state, errs());
    writer.initColorMapping(root);
    writer.emitGraph([&] {
      writer.processOperation(root);
      writer.emitAllEdgeStmts();
    });
    errs().flush();
    markAllAnalysesPreserved();
  }

  /// The DOT output of one run.
  class GraphWriter {
  public:
    GraphWriter(ViewOpGraphPass &pass, AsmState &state, raw_ostream &out) : pass(pass), state(state), os(out) {}

    /// Colors ops by name: hues spread evenly over the names in the order
    /// a (post-order) walk first meets them.
    void initColorMapping(Operation *root) {
      std::vector<OperationName> names;
      root->walk([&](Operation *op) {
        auto [it, inserted] = backgroundColors.try_emplace(op->getName().getAsOpaquePointer(), std::string());
        if (inserted)
          names.push_back(op->getName());
      });
      for (size_t i = 0; i < names.size(); ++i) {
        double hue = double(i) / double(names.size());
        backgroundColors[names[i].getAsOpaquePointer()] = std::to_string(hue) + " 0.3 0.95";
      }
    }

    void emitGraph(function_ref<void()> builder) {
      os << "digraph G {\n";
      os.indent();
      os << attrStmt("compound", "true") << ";\n";
      builder();
      os.unindent();
      os << "}\n";
    }

    Node processOperation(Operation *op) {
      Node node;
      if (op->getNumRegions() > 0) {
        node = emitClusterStmt(
            [&] {
              for (Region &region : op->getRegions())
                for (Block &block : region)
                  processBlock(block);
            },
            getClusterLabel(op));
      } else {
        node = emitNodeStmt(getRecordLabel(op), "Mrecord", backgroundColors[op->getName().getAsOpaquePointer()]);
      }
      if (pass.printDataFlowEdges)
        for (unsigned i = 0, e = op->getNumOperands(); i != e; ++i)
          dataFlowEdges.push_back({op->getOperand(i), node, getValuePortName(op->getOperand(i))});
      for (unsigned i = 0, e = op->getNumResults(); i != e; ++i)
        valueToNode[op->getResult(i).getAsOpaquePointer()] = node;
      return node;
    }

    void emitAllEdgeStmts() {
      if (pass.printDataFlowEdges)
        for (const DataFlowEdge &e : dataFlowEdges)
          emitEdgeStmt(valueToNode[e.value.getAsOpaquePointer()], e.node, e.port, "solid");
      for (const std::string &edge : edges)
        os << edge << ";\n";
      edges.clear();
    }

  private:
    void processBlock(Block &block) {
      emitClusterStmt([&] {
        for (Value arg : block.getArguments())
          valueToNode[arg.getAsOpaquePointer()] = emitNodeStmt(getLabel(arg));
        std::optional<Node> prevNode;
        for (Operation &op : block) {
          Node nextNode = processOperation(&op);
          if (pass.printControlFlowEdges && prevNode)
            emitEdgeStmt(*prevNode, nextNode, "", "dashed");
          prevNode = nextNode;
        }
      });
    }

    Node emitClusterStmt(function_ref<void()> builder, const std::string &label = "") {
      int clusterId = ++counter;
      os << "subgraph cluster_" << clusterId << " {\n";
      os.indent();
      Node anchor = emitNodeStmt(" ", "plain");
      os << attrStmt("label", quoteString(label)) << ";\n";
      builder();
      os.unindent();
      os << "}\n";
      return Node{anchor.id, clusterId};
    }

    static std::string attrStmt(const std::string &key, const std::string &value) { return key + " = " + value; }

    static void emitAttrList(std::string &out, const AttributeMap &map) {
      out += '[';
      bool first = true;
      for (const auto &entry : map) {
        if (!first)
          out += ", ";
        first = false;
        out += attrStmt(entry.first, entry.second);
      }
      out += ']';
    }

    Node emitNodeStmt(const std::string &label, const std::string &shape = "Mrecord",
                      const std::string &background = "") {
      int nodeId = ++counter;
      AttributeMap attrs;
      attrs["label"] = quoteString(label);
      attrs["shape"] = shape;
      if (!background.empty()) {
        attrs["style"] = "filled";
        attrs["fillcolor"] = quoteString(background);
      }
      std::string line = "v" + std::to_string(nodeId) + " ";
      emitAttrList(line, attrs);
      os << line << ";\n";
      return Node{nodeId, std::nullopt};
    }

    void emitEdgeStmt(Node n1, Node n2, const std::string &port, const char *style) {
      AttributeMap attrs;
      attrs["style"] = style;
      if (n1.clusterId)
        attrs["ltail"] = "cluster_" + std::to_string(*n1.clusterId);
      if (n2.clusterId)
        attrs["lhead"] = "cluster_" + std::to_string(*n2.clusterId);
      std::string edge = "v" + std::to_string(n1.id);
      if (!port.empty() && !n1.clusterId)
        edge += ":res" + port + ":s";
      edge += " -> v" + std::to_string(n2.id);
      if (!port.empty() && !n2.clusterId)
        edge += ":arg" + port + ":n";
      emitAttrList(edge, attrs);
      edges.push_back(std::move(edge));
    }

    std::string printAsOperand(Value v) {
      std::string s;
      raw_string_ostream ss(s);
      v.printAsOperand(ss, state);
      ss.flush();
      return s;
    }

    /// The value's name with `%` and `#` replaced by `_`.
    std::string getValuePortName(Value v) {
      std::string s = printAsOperand(v);
      for (char &c : s)
        if (c == '%' || c == '#')
          c = '_';
      return s;
    }

    std::string truncateString(std::string str) {
      if (str.size() <= pass.maxLabelLen)
        return str;
      return str.substr(0, pass.maxLabelLen) + "...";
    }

    template <typename T> static std::string printToString(T entity) {
      std::string s;
      raw_string_ostream ss(s);
      entity.print(ss);
      ss.flush();
      return s;
    }

    /// An attribute value: splats in full, big elements and arrays elided,
    /// others truncated.
    std::string emitMlirAttr(Attribute attr) {
      std::optional<int64_t> limit = OpPrintingFlags::getCommandLineDefaults().getLargeElementsAttrLimit();
      int64_t kLargeAttrLimit = limit ? *limit : 16;
      if (auto dense = dyn_cast<DenseElementsAttr>(attr); dense && dense.isSplat())
        return escapeLabelString(printToString(attr));
      if (auto elements = dyn_cast<ElementsAttr>(attr); elements && elements.getNumElements() > kLargeAttrLimit) {
        size_t rank = size_t(elements.getShapedType().getRank());
        return std::string(rank, '[') + "..." + std::string(rank, ']') + " : " + emitMlirType(elements.getType());
      }
      if (auto array = dyn_cast<ArrayAttr>(attr); array && int64_t(array.size()) > kLargeAttrLimit)
        return "[...]";
      return escapeLabelString(truncateString(printToString(attr)));
    }

    std::string emitMlirType(Type type) { return escapeLabelString(truncateString(printToString(type))); }

    std::string getClusterLabel(Operation *op) {
      std::string label(op->getName().getStringRef());
      if (pass.printResultTypes) {
        std::string types;
        for (unsigned i = 0, e = op->getNumResults(); i != e; ++i) {
          if (i)
            types += ", ";
          types += printToString(op->getResult(i).getType());
        }
        label += " : (" + truncateString(types) + ")";
      }
      if (pass.printAttrs) {
        label += "\\l";
        for (const NamedAttribute &attr : op->getAttrs())
          label += std::string(attr.getName().getValue()) + ": " + emitMlirAttr(attr.getValue()) + "\\l";
      }
      return label;
    }

    std::string getRecordLabel(Operation *op) {
      std::string label = "{";
      if (op->getNumOperands() > 0) {
        label += '{';
        for (unsigned i = 0, e = op->getNumOperands(); i != e; ++i) {
          if (i)
            label += '|';
          Value operand = op->getOperand(i);
          label += "<arg" + getValuePortName(operand) + "> " + printAsOperand(operand);
        }
        label += "}|";
      }
      label += std::string(op->getName().getStringRef()) + "\\l";
      if (pass.printAttrs && !op->getAttrs().empty()) {
        label += "\\l";
        for (const NamedAttribute &attr : op->getAttrs())
          label += std::string(attr.getName().getValue()) + ": " + emitMlirAttr(attr.getValue()) + "\\l";
      }
      if (op->getNumResults() > 0) {
        label += "|{";
        for (unsigned i = 0, e = op->getNumResults(); i != e; ++i) {
          if (i)
            label += '|';
          Value result = op->getResult(i);
          label += "<res" + getValuePortName(result) + "> " + printAsOperand(result);
          if (pass.printResultTypes)
            label += " " + emitMlirType(result.getType());
        }
        label += '}';
      }
      label += '}';
      return label;
    }

    /// A block argument's node: its result port, name and type.
    std::string getLabel(Value arg) {
      std::string label = "<res" + getValuePortName(arg) + "> " + printAsOperand(arg);
      if (pass.printResultTypes)
        label += " " + emitMlirType(arg.getType());
      return label;
    }

    ViewOpGraphPass &pass;
    AsmState &state;
    IndentedStream os;
    std::vector<std::string> edges;
    std::vector<DataFlowEdge> dataFlowEdges;
    std::unordered_map<const void *, Node> valueToNode;
    std::unordered_map<const void *, std::string> backgroundColors;
    int counter = 0;
  };
};
} // namespace

std::unique_ptr<Pass> lamina::createViewOpGraphPass() { return std::make_unique<ViewOpGraphPass>(); }
