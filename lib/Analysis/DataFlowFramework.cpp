//===- DataFlowFramework.cpp - A solver for data-flow analyses ------------===//
#include "lamina/Analysis/DataFlowFramework.h"

using namespace lamina;

//===----------------------------------------------------------------------===//
// AnalysisState
//===----------------------------------------------------------------------===//

AnalysisState::~AnalysisState() = default;

static uint64_t hashDependent(ProgramPoint point, DataFlowAnalysis *analysis) {
  uint64_t x = reinterpret_cast<uintptr_t>(point.getOpaqueValue()) * 0x9e3779b97f4a7c15ULL;
  x ^= reinterpret_cast<uintptr_t>(analysis) + (x >> 29);
  return x;
}

void AnalysisState::addDependency(ProgramPoint dependent, DataFlowAnalysis *analysis) {
  constexpr size_t kLinearLimit = 16;
  if (!dependentIndex) {
    for (const auto &d : dependents)
      if (d.first == dependent && d.second == analysis)
        return;
    dependents.emplace_back(dependent, analysis);
    if (dependents.size() > kLinearLimit) {
      dependentIndex = std::make_unique<std::unordered_map<uint64_t, std::vector<uint32_t>>>();
      for (uint32_t i = 0; i < dependents.size(); ++i)
        (*dependentIndex)[hashDependent(dependents[i].first, dependents[i].second)].push_back(i);
    }
    return;
  }
  std::vector<uint32_t> &bucket = (*dependentIndex)[hashDependent(dependent, analysis)];
  for (uint32_t i : bucket)
    if (dependents[i].first == dependent && dependents[i].second == analysis)
      return;
  bucket.push_back(dependents.size());
  dependents.emplace_back(dependent, analysis);
}

void AnalysisState::onUpdate(DataFlowSolver *solver) const {
  for (const auto &[point, analysis] : dependents)
    solver->enqueue(point, analysis);
}

//===----------------------------------------------------------------------===//
// DataFlowSolver
//===----------------------------------------------------------------------===//

DataFlowSolver::~DataFlowSolver() {
  for (AnalysisState *state : allStates)
    state->~AnalysisState();
  for (auto &[key, list] : edges)
    for (CFGEdge *edge : list)
      delete edge;
}

DataFlowSolver::StateMap *DataFlowSolver::findStateMap(TypeID kind) const {
  for (const std::unique_ptr<StateMap> &map : stateMaps)
    if (map->kind == kind)
      return map.get();
  return nullptr;
}

DataFlowSolver::StateMap &DataFlowSolver::getStateMap(TypeID kind) {
  if (StateMap *map = findStateMap(kind))
    return *map;
  stateMaps.push_back(std::make_unique<StateMap>());
  stateMaps.back()->kind = kind;
  return *stateMaps.back();
}

void DataFlowSolver::eraseState(LatticeAnchor anchor) {
  // The state stays allocated (it is freed with the solver); the anchor no
  // longer finds it.
  for (std::unique_ptr<StateMap> &map : stateMaps)
    if (AnalysisState **state = map->states.lookup(anchor.key()))
      *state = nullptr;
}

CFGEdge *DataFlowSolver::getCFGEdge(Block *from, Block *to) {
  uint64_t key = reinterpret_cast<uintptr_t>(from) * 0x9e3779b97f4a7c15ULL ^ reinterpret_cast<uintptr_t>(to);
  std::vector<CFGEdge *> &bucket = edges[key];
  for (CFGEdge *edge : bucket)
    if (edge->getFrom() == from && edge->getTo() == to)
      return edge;
  bucket.push_back(new CFGEdge(from, to));
  return bucket.back();
}

void DataFlowSolver::enqueue(ProgramPoint point, DataFlowAnalysis *analysis) {
  assert(isRunning && "the solver is not running");
  worklist.emplace_back(point, analysis);
}

void DataFlowSolver::propagateIfChanged(AnalysisState *state, ChangeResult changed) {
  assert(isRunning && "the solver is not running");
  if (changed == ChangeResult::Change)
    state->onUpdate(this);
}

LogicalResult DataFlowSolver::initializeAndRun(Operation *top) {
  isRunning = true;
  for (std::unique_ptr<DataFlowAnalysis> &analysis : childAnalyses)
    if (failed(analysis->initialize(top))) {
      isRunning = false;
      return failure();
    }
  while (head < worklist.size()) {
    auto [point, analysis] = worklist[head++];
    // Reclaim the consumed prefix now and then.
    if (head > 4096 && head * 2 > worklist.size()) {
      worklist.erase(worklist.begin(), worklist.begin() + head);
      head = 0;
    }
    if (failed(analysis->visit(point))) {
      isRunning = false;
      return failure();
    }
  }
  worklist.clear();
  head = 0;
  isRunning = false;
  return success();
}

//===----------------------------------------------------------------------===//
// DataFlowAnalysis
//===----------------------------------------------------------------------===//

DataFlowAnalysis::~DataFlowAnalysis() = default;
