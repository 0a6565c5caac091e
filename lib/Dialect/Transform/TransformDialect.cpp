//===- TransformDialect.cpp - The transform dialect -----------------------===//
//
// Registration (the core and every extension), the type and attribute
// syntax, the discardable attributes' verification and `!transform.param`'s
// type verifier.
//
#include "lamina/Dialect/Transform/TransformDialect.h"

#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/SymbolTable.h"

#include <algorithm>
#include <atomic>
#include <unordered_map>

using namespace lamina;
using namespace lamina::transform;

/// Whether registerTestTransformDialectExtension was called.
static std::atomic<bool> &testExtensionFlag() {
  static std::atomic<bool> flag{false};
  return flag;
}
static bool testExtensionRegistered() { return testExtensionFlag().load(std::memory_order_relaxed); }

void transform::registerTestTransformDialectExtension() { testExtensionFlag().store(true); }

TransformDialect::TransformDialect(MLIRContext *ctx)
    : Dialect(getDialectNamespace(), ctx, TypeID::get<TransformDialect>()) {
  registerGenerated();
  registerDebugExtensionOps();
  registerLoopExtensionOps();
  registerLinalgTransformOps();
  registerLinalgMatchOps();
  registerSCFTransformOps();
  registerVectorTransformOps();
  registerTensorTransformOps();
  registerMemRefTransformOps();
  registerAffineTransformOps();
  registerGPUTransformOps();
  registerBufferizationTransformOps();
  registerFuncTransformOps();
  registerNVGPUTransformOps();
  registerX86VectorTransformOps();
  registerArmNeonTransformOps();
  registerArmSVETransformOps();
  registerSparseTensorTransformOps();
  registerPDLExtensionOps();
  registerIRDLExtensionOps();
  registerSMTExtensionOps();
  registerDLTITransformOps();
  if (testExtensionRegistered())
    registerTestExtensionOps();
}

TransformDialect::~TransformDialect() = default;

Type TransformDialect::parseType(DialectAsmParser &parser) const {
  // MLIR's transform dialect dispatches on the mnemonic itself (its
  // extensions may add types) and reports "unknown type mnemonic: x";
  // the known mnemonics go to the imported syntax.
  static constexpr std::string_view known[] = {"affine_map", "any_op",  "any_param", "any_value",
                                               "op",         "param",   "type"};
  SMLoc loc = parser.getCurrentLocation();
  std::string_view mnemonic;
  if (succeeded(parser.parseOptionalKeyword(&mnemonic))) {
    bool isKnown = false;
    for (std::string_view k : known)
      isKnown |= k == mnemonic;
    if (!isKnown) {
      (void)(parser.emitError(loc) << "unknown type mnemonic: " << mnemonic);
      return Type();
    }
    MLIRContext *ctx = getContext();
    if (mnemonic == "any_op")
      return AnyOpType::get(ctx);
    if (mnemonic == "any_param")
      return AnyParamType::get(ctx);
    if (mnemonic == "any_value")
      return AnyValueType::get(ctx);
    if (mnemonic == "type")
      return TypeParamType::get(ctx);
    if (mnemonic == "affine_map")
      return AffineMapParamType::get(ctx);
    if (mnemonic == "op") {
      std::string name;
      if (parser.parseLess() || parser.parseString(&name) || parser.parseGreater())
        return Type();
      return OperationType::get(ctx, StringAttr::get(ctx, name).getValue());
    }
    // param<type>
    Type type;
    SMLoc typeLoc = parser.getCurrentLocation();
    if (parser.parseLess() || parser.parseType(type) || parser.parseGreater())
      return Type();
    if (failed(ParamType::verify([&] { return parser.emitError(typeLoc); }, type)))
      return Type();
    return ParamType::get(ctx, type);
  }
  return attrTypes.parseType(parser, *this);
}

void TransformDialect::printType(Type type, DialectAsmPrinter &printer) const {
  (void)attrTypes.printType(type, printer);
}

Attribute TransformDialect::parseAttribute(DialectAsmParser &parser, Type type) const {
  return attrTypes.parseAttribute(parser, type, *this);
}

void TransformDialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  (void)attrTypes.printAttribute(attr, printer);
}

LogicalResult ParamType::verify(function_ref<InFlightDiagnostic()> emitError, Type type) {
  auto intType = dyn_cast<IntegerType>(type);
  if (!intType || intType.getWidth() > 64)
    return emitError() << "only supports integer types with width <=64";
  return success();
}

//===----------------------------------------------------------------------===//
// Discardable attributes
//===----------------------------------------------------------------------===//

/// The named sequences under `root` calling each other through
/// transform.include, in op order: a cycle is "recursion not allowed in
/// named sequences", reported on the strongly connected component's node
/// that a depth-first search in op order reaches last (as MLIR's call graph
/// SCC iteration does), with notes on the others.
static LogicalResult verifyNoRecursion(Operation *root) {
  SmallVector<Operation *, 8> nodes;
  std::unordered_map<Operation *, unsigned> index;
  root->walk([&](Operation *op) {
    if (isa<NamedSequenceOp>(op)) {
      index.emplace(op, unsigned(nodes.size()));
      nodes.push_back(op);
    }
  });
  if (nodes.empty())
    return success();
  // Edges: the named sequences each one includes, in op order.
  std::vector<SmallVector<unsigned, 2>> edges(nodes.size());
  for (unsigned i = 0; i < nodes.size(); ++i) {
    nodes[i]->walk([&](Operation *op) {
      if (!isa<IncludeOp>(op))
        return;
      auto target = dyn_cast_or_null<SymbolRefAttr>(op->getAttr("target"));
      if (!target)
        return;
      Operation *callee = SymbolTable::lookupNearestSymbolFrom(op, target);
      auto it = callee ? index.find(callee) : index.end();
      if (it != index.end())
        edges[i].push_back(it->second);
    });
  }
  // Tarjan's algorithm with an explicit stack.
  const unsigned kUnvisited = ~0u;
  std::vector<unsigned> order(nodes.size(), kUnvisited), low(nodes.size(), 0);
  std::vector<bool> onStack(nodes.size(), false);
  SmallVector<unsigned, 8> stack;
  unsigned counter = 0;
  for (unsigned start = 0; start < nodes.size(); ++start) {
    if (order[start] != kUnvisited)
      continue;
    std::vector<std::pair<unsigned, unsigned>> dfs; // (node, next edge)
    dfs.push_back({start, 0});
    order[start] = low[start] = counter++;
    stack.push_back(start);
    onStack[start] = true;
    while (!dfs.empty()) {
      auto &[node, next] = dfs.back();
      if (next < edges[node].size()) {
        unsigned succ = edges[node][next++];
        if (order[succ] == kUnvisited) {
          order[succ] = low[succ] = counter++;
          stack.push_back(succ);
          onStack[succ] = true;
          dfs.push_back({succ, 0});
        } else if (onStack[succ]) {
          low[node] = std::min(low[node], order[succ]);
        }
        continue;
      }
      unsigned finished = node;
      dfs.pop_back();
      if (!dfs.empty())
        low[dfs.back().first] = std::min(low[dfs.back().first], low[finished]);
      if (low[finished] != order[finished])
        continue;
      SmallVector<unsigned, 4> scc;
      while (true) {
        unsigned n = stack.back();
        stack.pop_back();
        onStack[n] = false;
        scc.push_back(n);
        if (n == finished)
          break;
      }
      bool cycle = scc.size() > 1 ||
                   std::find(edges[finished].begin(), edges[finished].end(), finished) != edges[finished].end();
      if (!cycle)
        continue;
      InFlightDiagnostic diag = emitError(nodes[scc[0]]->getLoc()) << "recursion not allowed in named sequences";
      for (size_t k = 1; k < scc.size(); ++k)
        diag.attachNote(nodes[scc[k]]->getLoc()) << "operation on recursion stack";
      return diag;
    }
  }
  return success();
}

LogicalResult TransformDialect::verifyOperationAttribute(Operation *op, NamedAttribute attribute) {
  std::string_view name = attribute.getName().getValue();
  if (name == kWithNamedSequenceAttrName) {
    if (!op->hasTrait<OpTrait::SymbolTable>())
      return emitError(op->getLoc()) << attribute.getName()
                                     << " attribute can only be attached to operations with symbol tables";
    return verifyNoRecursion(op);
  }
  if (name == kTargetTagAttrName) {
    if (!isa<StringAttr>(attribute.getValue()))
      return op->emitError() << attribute.getName() << " attribute must be a string";
    return success();
  }
  if (name == kArgConsumedAttrName || name == kArgReadOnlyAttrName || name == kSilenceTrackingFailuresAttrName) {
    if (!isa<lamina::UnitAttr>(attribute.getValue()))
      return op->emitError() << attribute.getName() << " must be a unit attribute";
    return success();
  }
  return emitError(op->getLoc()) << "unknown attribute: " << attribute.getName();
}
