//===- AnalysisState.cpp - Op semantics queries of One-Shot Bufferize -----===//
//
// The model registry, the alias/equivalence classes, and AnalysisState's
// queries: MLIR's BufferizableOpInterface defaults for ops with a model and
// its conservative answers for unknown ops.
//
#include "lamina/Dialect/Bufferization/Transforms/OneShotAnalysis.h"

#include "lamina/Dialect/Linalg/LinalgInterfaces.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/SymbolTable.h"
#include "lamina/Interfaces/CastInterfaces.h"
#include "lamina/Interfaces/ControlFlowInterfaces.h"

#include <algorithm>
#include <mutex>

using namespace lamina;
using namespace lamina::bufferization;

//===----------------------------------------------------------------------===//
// Model registry
//===----------------------------------------------------------------------===//

namespace {
struct ModelRegistry {
  std::mutex mutex;
  std::unordered_map<std::string, const OpModel *> models;
};
ModelRegistry &getRegistry() {
  static ModelRegistry registry;
  return registry;
}
} // namespace

void bufferization::registerOpModel(std::string_view opName, const OpModel *model) {
  ModelRegistry &r = getRegistry();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.models.emplace(std::string(opName), model);
}

static const OpModel *lookupModel(std::string_view name) {
  ModelRegistry &r = getRegistry();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto it = r.models.find(std::string(name));
  return it == r.models.end() ? nullptr : it->second;
}

//===----------------------------------------------------------------------===//
// ValueClasses
//===----------------------------------------------------------------------===//

int ValueClasses::find(Value v) const {
  auto it = index.find(v.getAsOpaquePointer());
  return it == index.end() ? -1 : it->second;
}

int ValueClasses::leaderOf(int i) const {
  while (nodes[i].leader != i)
    i = nodes[i].leader;
  return i;
}

void ValueClasses::insert(Value v) {
  if (find(v) >= 0)
    return;
  int i = int(nodes.size());
  nodes.push_back(Node{v, i, -1, i});
  index.emplace(v.getAsOpaquePointer(), i);
}

void ValueClasses::unionSets(Value a, Value b) {
  insert(a);
  insert(b);
  int l1 = leaderOf(find(a)), l2 = leaderOf(find(b));
  if (l1 == l2)
    return;
  // LLVM's EquivalenceClasses: the second list is appended to the first.
  nodes[nodes[l1].end].next = l2;
  nodes[l1].end = nodes[l2].end;
  nodes[l2].leader = l1;
}

bool ValueClasses::isEquivalent(Value a, Value b) const {
  if (a == b)
    return true;
  int i = find(a), j = find(b);
  if (i < 0 || j < 0)
    return false;
  return leaderOf(i) == leaderOf(j);
}

//===----------------------------------------------------------------------===//
// AnalysisState: op semantics
//===----------------------------------------------------------------------===//

static bool isTensor(Type t) { return isa<TensorType>(t); }

Operation *AnalysisState::getOwnerOfValue(Value v) {
  if (auto r = dyn_cast<OpResult>(v))
    return r.getOwner();
  return cast<BlockArgument>(v).getOwner()->getParentOp();
}

static Operation *getEnclosingFunc(Operation *op) {
  for (Operation *p = op; p; p = p->getParentOp())
    if (p->getName().getStringRef() == "func.func")
      return p;
  return nullptr;
}

bool AnalysisState::isOpAllowed(Operation *op) const {
  if (!op)
    return false;
  std::string_view ns = op->getName().getDialectNamespace();
  if (!options.bufferizeFunctionBoundaries && ns == "func")
    return false;
  if (!options.noAnalysisFuncFilter.empty()) {
    if (Operation *func = getEnclosingFunc(op)) {
      auto name = func->getAttrOfType<StringAttr>("sym_name");
      if (name && std::find(options.noAnalysisFuncFilter.begin(), options.noAnalysisFuncFilter.end(),
                            std::string(name.getValue())) != options.noAnalysisFuncFilter.end())
        return false;
    }
  }
  if (options.dialectFilter.empty())
    return true;
  return std::find(options.dialectFilter.begin(), options.dialectFilter.end(), std::string(ns)) !=
         options.dialectFilter.end();
}

const OpModel *AnalysisState::getModel(Operation *op) const {
  if (!op || !isOpAllowed(op))
    return nullptr;
  const void *key = op->getName().getAsOpaquePointer();
  auto it = modelCache.find(key);
  if (it != modelCache.end())
    return it->second;
  const OpModel *model = lookupModel(op->getName().getStringRef());
  if (!model && isa<linalg::LinalgOp>(op))
    model = lookupModel("#linalg-structured");
  modelCache.emplace(key, model);
  return model;
}

bool AnalysisState::bufferizesToMemoryRead(OpOperand &o) const {
  if (const OpModel *m = getModel(o.getOwner()))
    return m->read ? m->read(o, *this) : false;
  return true;
}

bool AnalysisState::bufferizesToMemoryWrite(OpOperand &o) const {
  if (const OpModel *m = getModel(o.getOwner()))
    return m->write ? m->write(o, *this) : false;
  return true;
}

/// The aliasing values of an op without a model: every tensor result and
/// every tensor argument of a region's entry block.
static AliasingValueList unknownGetAliasingValues(OpOperand &o) {
  AliasingValueList r;
  Operation *op = o.getOwner();
  for (unsigned i = 0, e = op->getNumResults(); i < e; ++i)
    if (isTensor(op->getResult(i).getType()))
      r.push_back({op->getResult(i), BufferRelation::Unknown, false});
  for (Region &region : op->getRegions())
    if (!region.empty())
      for (Value arg : region.front().getArguments())
        if (isTensor(arg.getType()))
          r.push_back({arg, BufferRelation::Unknown, false});
  return r;
}

static AliasingOpOperandList unknownGetAliasingOpOperands(Value v) {
  if (auto arg = dyn_cast<BlockArgument>(v))
    if (!arg.getOwner()->isEntryBlock())
      return {};
  AliasingOpOperandList r;
  Operation *op = AnalysisState::getOwnerOfValue(v);
  for (OpOperand &o : op->getOpOperands())
    if (isTensor(o.get().getType()))
      r.push_back({&o, BufferRelation::Unknown, false});
  return r;
}

AliasingValueList AnalysisState::getAliasingValues(OpOperand &o) const {
  if (const OpModel *m = getModel(o.getOwner()))
    return m->aliasingValues ? m->aliasingValues(o, *this) : AliasingValueList();
  return unknownGetAliasingValues(o);
}

AliasingOpOperandList AnalysisState::getAliasingOpOperands(Value v) const {
  Operation *op = getOwnerOfValue(v);
  const OpModel *m = getModel(op);
  if (!m)
    return unknownGetAliasingOpOperands(v);
  if (m->aliasingOpOperands)
    return m->aliasingOpOperands(v, *this);
  AliasingOpOperandList result;
  for (OpOperand &o : op->getOpOperands()) {
    if (!isTensor(o.get().getType()))
      continue;
    for (const AliasingValue &a : getAliasingValues(o))
      if (a.value == v)
        result.push_back({&o, a.relation, a.isDefinite});
  }
  return result;
}

bool AnalysisState::bufferizesToAliasOnly(OpOperand &o) const {
  const OpModel *m = getModel(o.getOwner());
  if (!m)
    return false;
  return !bufferizesToMemoryRead(o) && !bufferizesToMemoryWrite(o) && !getAliasingValues(o).empty();
}

/// MLIR's defaultResultBufferizesToMemoryWrite.
static bool defaultResultWrites(OpResult result, const AnalysisState &state) {
  AliasingOpOperandList operands = state.getAliasingOpOperands(result);
  if (operands.empty())
    return true;
  for (const AliasingOpOperand &a : operands)
    if (state.bufferizesToMemoryWrite(*a.opOperand))
      return true;
  Operation *owner = result.getOwner();
  auto isMemoryWriteInsideOp = [&](Value v) {
    Operation *op = AnalysisState::getOwnerOfValue(v);
    if (!owner->isAncestor(op))
      return false;
    return state.bufferizesToMemoryWrite(v);
  };
  AnalysisState::TraversalConfig config;
  config.alwaysIncludeLeaves = false;
  for (const AliasingOpOperand &a : operands)
    if (!state.findValueInReverseUseDefChain(a.opOperand->get(), isMemoryWriteInsideOp, config).empty())
      return true;
  return false;
}

bool AnalysisState::bufferizesToMemoryWrite(Value v) const {
  auto result = dyn_cast<OpResult>(v);
  if (!result)
    return true;
  const OpModel *m = getModel(result.getOwner());
  if (!m)
    return true;
  return m->resultWrites ? m->resultWrites(result, *this) : defaultResultWrites(result, *this);
}

bool AnalysisState::isValueRead(Value value) const {
  std::vector<OpOperand *> work;
  std::unordered_set<OpOperand *> visited;
  for (OpOperand &use : value.getUses())
    work.push_back(&use);
  while (!work.empty()) {
    OpOperand *u = work.back();
    work.pop_back();
    if (!visited.insert(u).second)
      continue;
    if (bufferizesToAliasOnly(*u))
      for (const AliasingValue &a : getAliasingValues(*u))
        for (OpOperand &use : a.value.getUses())
          work.push_back(&use);
    if (bufferizesToMemoryRead(*u))
      return true;
  }
  return false;
}

bool AnalysisState::isValueWritten(Value value) const {
  bool written = false;
  applyOnAliases(value, [&](Value alias) {
    for (OpOperand &use : alias.getUses())
      if (isInPlace(use) && bufferizesToMemoryWrite(use))
        written = true;
  });
  return written;
}

bool AnalysisState::isWritable(Value v) const {
  if (const OpModel *m = getModel(getOwnerOfValue(v)))
    return m->isWritable ? m->isWritable(v, *this) : isa<OpResult>(v);
  return false;
}

bool AnalysisState::hasTensorSemantics(Operation *op) const {
  const OpModel *m = lookupModel(op->getName().getStringRef());
  if (m && m->hasTensorSemantics)
    return m->hasTensorSemantics(op);
  for (Region &r : op->getRegions())
    for (Block &b : r)
      for (Value arg : b.getArguments())
        if (isTensor(arg.getType()))
          return true;
  for (Value v : op->getResults())
    if (isTensor(v.getType()))
      return true;
  for (OpOperand &o : op->getOpOperands())
    if (isTensor(o.get().getType()))
      return true;
  return false;
}

void AnalysisState::bufferizeInPlace(OpOperand &o) {
  if (!inPlace.insert(&o).second)
    return;
  for (const AliasingValue &a : getAliasingValues(o))
    aliases.unionSets(a.value, o.get());
  ++numInPlace;
}

std::vector<Value> AnalysisState::findValueInReverseUseDefChain(Value start,
                                                                const std::function<bool(Value)> &condition,
                                                                TraversalConfig config,
                                                                std::vector<OpOperand *> *visitedOperands) const {
  std::unordered_set<const void *> visited;
  std::vector<Value> result;
  std::unordered_set<const void *> inResult;
  auto addResult = [&](Value v) {
    if (inResult.insert(v.getAsOpaquePointer()).second)
      result.push_back(v);
  };
  // A SetVector: pending values are not duplicated.
  std::vector<Value> work{start};
  std::unordered_set<const void *> pending{start.getAsOpaquePointer()};
  while (!work.empty()) {
    Value value = work.back();
    work.pop_back();
    pending.erase(value.getAsOpaquePointer());
    if (visited.count(value.getAsOpaquePointer())) {
      if (config.alwaysIncludeLeaves)
        addResult(value);
      continue;
    }
    visited.insert(value.getAsOpaquePointer());
    if (condition(value)) {
      addResult(value);
      continue;
    }
    if (!config.followUnknownOps && !getModelOfValue(value)) {
      if (config.alwaysIncludeLeaves)
        addResult(value);
      continue;
    }
    AliasingOpOperandList operands = getAliasingOpOperands(value);
    if (operands.empty()) {
      if (config.alwaysIncludeLeaves)
        addResult(value);
      continue;
    }
    for (const AliasingOpOperand &a : operands) {
      if (config.followEquivalentOnly && a.relation != BufferRelation::Equivalent) {
        if (config.alwaysIncludeLeaves)
          addResult(value);
        continue;
      }
      if (config.followInPlaceOnly && !isInPlace(*a.opOperand)) {
        if (config.alwaysIncludeLeaves)
          addResult(value);
        continue;
      }
      if (config.followSameTypeOrCastsOnly && a.opOperand->get().getType() != value.getType()) {
        Operation *def = value.getDefiningOp();
        if (!def || !isa<CastOpInterface>(def)) {
          if (config.alwaysIncludeLeaves)
            addResult(value);
          continue;
        }
      }
      Value next = a.opOperand->get();
      if (pending.insert(next.getAsOpaquePointer()).second)
        work.push_back(next);
      if (visitedOperands)
        visitedOperands->push_back(a.opOperand);
    }
  }
  return result;
}

const std::vector<Value> &AnalysisState::findDefinitionsCached(Value v) {
  auto it = definitionsCache.find(v.getAsOpaquePointer());
  if (it != definitionsCache.end())
    return it->second;
  TraversalConfig config;
  config.alwaysIncludeLeaves = false;
  std::vector<Value> defs =
      findValueInReverseUseDefChain(v, [&](Value x) { return bufferizesToMemoryWrite(x); }, config);
  return definitionsCache.emplace(v.getAsOpaquePointer(), std::move(defs)).first->second;
}

bool AnalysisState::isRepetitiveRegion(Region *region) const {
  Operation *op = region->getParentOp();
  const OpModel *m = getModel(op);
  if (!m)
    return false;
  unsigned index = region->getRegionNumber();
  if (m->isRepetitiveRegion)
    return m->isRepetitiveRegion(op, index);
  if (auto branch = dyn_cast<RegionBranchOpInterface>(op))
    return branch.isRepetitiveRegion(index);
  return false;
}

Region *AnalysisState::getEnclosingRepetitiveRegion(Operation *op) {
  Block *block = op->getBlock();
  if (!block)
    return nullptr;
  auto it = repetitiveRegionCache.find(op);
  if (it != repetitiveRegionCache.end())
    return it->second;
  Region *region = block->getParent();
  while (region) {
    if (isRepetitiveRegion(region))
      break;
    Operation *parent = region->getParentOp();
    region = parent ? parent->getParentRegion() : nullptr;
  }
  repetitiveRegionCache[op] = region;
  return region;
}

Region *AnalysisState::getEnclosingRepetitiveRegion(Value v) {
  auto it = repetitiveRegionCache.find(v.getAsOpaquePointer());
  if (it != repetitiveRegionCache.end())
    return it->second;
  Region *region = v.getParentRegion();
  while (region) {
    if (isRepetitiveRegion(region))
      break;
    region = region->getParentRegion();
  }
  repetitiveRegionCache[v.getAsOpaquePointer()] = region;
  return region;
}

Region *AnalysisState::getNextEnclosingRepetitiveRegion(Region *region) const {
  while ((region = region->getParentRegion()))
    if (isRepetitiveRegion(region))
      break;
  return region;
}

Region *AnalysisState::getParallelRegion(Region *region) const {
  while (region) {
    Operation *op = region->getParentOp();
    const OpModel *m = getModel(op);
    if (m && m->isParallelRegion && m->isParallelRegion(op, region->getRegionNumber()))
      return region;
    region = region->getParentRegion();
  }
  return nullptr;
}

AnalysisState::FuncState AnalysisState::getFuncState(Operation *func) const {
  auto it = analyzedFuncs.find(func);
  return it == analyzedFuncs.end() ? FuncState::NotAnalyzed : it->second;
}

Operation *bufferization::getCalledFunction(Operation *callOp) {
  auto callee = callOp->getAttrOfType<FlatSymbolRefAttr>("callee");
  if (!callee)
    return nullptr;
  Operation *f = SymbolTable::lookupNearestSymbolFrom(callOp, SymbolRefAttr(callee));
  if (!f || f->getName().getStringRef() != "func.func")
    return nullptr;
  return f;
}

AnalysisState::AnalysisState(Operation *root, const OneShotOptions &options) : options(options) {
  registerAllOpModels();
  // Alias sets: one per tensor value.
  root->walk([&](Operation *op) {
    for (Value v : op->getResults())
      if (isTensor(v.getType())) {
        aliases.insert(v);
        equivalent.insert(v);
      }
    for (Region &r : op->getRegions())
      for (Block &b : r)
        for (Value arg : b.getArguments())
          if (isTensor(arg.getType())) {
            aliases.insert(arg);
            equivalent.insert(arg);
          }
  });
  // Operands that must bufferize in place.
  root->walk([&](Operation *op) {
    const OpModel *m = getModel(op);
    if (!m)
      return;
    for (OpOperand &o : op->getOpOperands())
      if (isTensor(o.get().getType()) &&
          (m->mustInPlace ? m->mustInPlace(o, *this) : isa<UnrankedTensorType>(o.get().getType())))
        bufferizeInPlace(o);
  });
}

AnalysisState::AnalysisState(const OneShotOptions &options) : options(options), analyzed(false) {
  registerAllOpModels();
}

bool AnalysisState::isInPlace(OpOperand &o) const {
  if (analyzed)
    return inPlace.count(&o) != 0;
  if (o.getOwner()->getName().getStringRef() == "bufferization.to_buffer")
    return true;
  return !bufferizesToMemoryWrite(o);
}

void AnalysisState::gatherUndefinedTensorUses(Operation *root) {
  root->walk([&](Operation *op) {
    if (!getModel(op))
      return;
    for (Value r : op->getResults()) {
      if (!isTensor(r.getType()) || r.use_empty())
        continue;
      if (findDefinitionsCached(r).empty())
        for (OpOperand &use : r.getUses())
          undefinedUses.insert(&use);
    }
  });
}
