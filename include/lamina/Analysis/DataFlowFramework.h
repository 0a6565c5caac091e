//===- DataFlowFramework.h - A solver for data-flow analyses --------------===//
//
// MLIR's data-flow framework (mlir/Analysis/DataFlowFramework.h): a solver
// runs several analyses together to a fixed point. Each analysis attaches
// states (lattice elements) to anchors (values, program points, CFG edges),
// reads the states of other analyses, and asks the solver to revisit a
// program point when a state it read changes. The solver processes a FIFO
// worklist of (program point, analysis) pairs, in MLIR's order: analyses see
// updates in the same sequence, which matters for analyses whose result
// depends on the order of joins (integer ranges widen loop-carried values).
//
// Lamina's storage differs from MLIR's: program points are tagged pointers
// (the start of a block, or the point after an operation) instead of
// uniqued objects, and the states of one kind live in a flat pointer map
// keyed by their anchor. Nothing here recurses on the nesting of the IR.
//
#pragma once

#include "lamina/IR/Operation.h"
#include "lamina/Support/Allocator.h"
#include "lamina/Support/DenseMap.h"
#include "lamina/Support/TypeID.h"

#include <cstdint>
#include <memory>
#include <unordered_map>
#include <utility>
#include <vector>

namespace lamina {

class DataFlowAnalysis;
class DataFlowSolver;
class raw_ostream;

//===----------------------------------------------------------------------===//
// ChangeResult
//===----------------------------------------------------------------------===//

/// Whether an update changed a state; `|` is "either changed".
enum class [[nodiscard]] ChangeResult { NoChange, Change };
inline ChangeResult operator|(ChangeResult lhs, ChangeResult rhs) {
  return lhs == ChangeResult::Change ? lhs : rhs;
}
inline ChangeResult &operator|=(ChangeResult &lhs, ChangeResult rhs) {
  lhs = lhs | rhs;
  return lhs;
}
inline ChangeResult operator&(ChangeResult lhs, ChangeResult rhs) {
  return lhs == ChangeResult::NoChange ? lhs : rhs;
}

//===----------------------------------------------------------------------===//
// ProgramPoint
//===----------------------------------------------------------------------===//

/// A point in the execution of the program: a position between the
/// operations of a block, as MLIR's (block, iterator) pair: before an
/// operation, or at the end of a block. The start of a block is the position
/// before its first operation, the point after an operation the position
/// before the next one: like MLIR's, the identity of a block start follows
/// the block's first operation at the time the point is made (an op inserted
/// at the front of a block during an analysis makes a new block start).
class ProgramPoint {
public:
  ProgramPoint() = default;
  /// The start of `block`.
  static ProgramPoint atBlockStart(Block *block) {
    return block->empty() ? atBlockEnd(block) : before(&block->front());
  }
  /// The point after `op` (`op` itself for an op outside any block).
  static ProgramPoint after(Operation *op) {
    if (!op->getBlock())
      return ProgramPoint(reinterpret_cast<uintptr_t>(op) | 2);
    Operation *next = op->getNextNode();
    return next ? before(next) : atBlockEnd(op->getBlock());
  }

  bool isNull() const { return bits == 0; }
  /// Whether the point is at the start of its block (now).
  bool isBlockStart() const {
    switch (bits & 3) {
    case 1:
      return &getOp()->getBlock()->front() == getOp();
    case 3:
      return getRawBlock()->empty();
    default:
      return false;
    }
  }
  /// The block of the point (null for an op outside any block).
  Block *getBlock() const {
    switch (bits & 3) {
    case 1:
      return getOp()->getBlock();
    case 3:
      return getRawBlock();
    default:
      return nullptr;
    }
  }
  /// The operation before the point (not for a block start).
  Operation *getPrevOp() const {
    switch (bits & 3) {
    case 1:
      return getOp()->getPrevNode();
    case 3:
      return &getRawBlock()->back();
    default:
      return getOp();
    }
  }
  /// The point as an opaque key (never null for a set point).
  const void *getOpaqueValue() const { return reinterpret_cast<const void *>(bits); }
  static ProgramPoint getFromOpaqueValue(const void *p) { return ProgramPoint(reinterpret_cast<uintptr_t>(p)); }

  bool operator==(ProgramPoint o) const { return bits == o.bits; }
  bool operator!=(ProgramPoint o) const { return bits != o.bits; }

private:
  // Tags: 1 before an op, 2 an op outside any block, 3 the end of a block.
  explicit ProgramPoint(uintptr_t bits) : bits(bits) {}
  static ProgramPoint before(Operation *op) { return ProgramPoint(reinterpret_cast<uintptr_t>(op) | 1); }
  static ProgramPoint atBlockEnd(Block *block) { return ProgramPoint(reinterpret_cast<uintptr_t>(block) | 3); }
  Operation *getOp() const { return reinterpret_cast<Operation *>(bits & ~uintptr_t(3)); }
  Block *getRawBlock() const { return reinterpret_cast<Block *>(bits & ~uintptr_t(3)); }
  uintptr_t bits = 0;
};

/// An edge of the control-flow graph between two blocks of a region.
class alignas(8) CFGEdge {
public:
  CFGEdge(Block *from, Block *to) : from(from), to(to) {}
  Block *getFrom() const { return from; }
  Block *getTo() const { return to; }

private:
  Block *from;
  Block *to;
};

//===----------------------------------------------------------------------===//
// LatticeAnchor
//===----------------------------------------------------------------------===//

/// What a state is attached to: a value, a program point or a CFG edge.
/// (Values and edges are pointers aligned to 8 bytes; program points use
/// the low two bits, so an anchor adds a third bit for edges.)
class LatticeAnchor {
public:
  LatticeAnchor() = default;
  LatticeAnchor(Value value) : bits(reinterpret_cast<uintptr_t>(value.getAsOpaquePointer())) {}
  LatticeAnchor(ProgramPoint point) : bits(reinterpret_cast<uintptr_t>(point.getOpaqueValue())) {}
  LatticeAnchor(CFGEdge *edge) : bits(reinterpret_cast<uintptr_t>(edge) | 4) {}

  bool isValue() const { return bits && (bits & 7) == 0; }
  bool isProgramPoint() const { return (bits & 3) != 0; }
  bool isCFGEdge() const { return (bits & 7) == 4; }
  Value getValue() const { return isValue() ? Value::getFromOpaquePointer(key()) : Value(); }
  ProgramPoint getProgramPoint() const {
    return isProgramPoint() ? ProgramPoint::getFromOpaqueValue(key()) : ProgramPoint();
  }
  CFGEdge *getCFGEdge() const { return isCFGEdge() ? reinterpret_cast<CFGEdge *>(bits & ~uintptr_t(7)) : nullptr; }
  /// The anchor as a map key.
  const void *key() const { return reinterpret_cast<const void *>(bits); }

  bool operator==(LatticeAnchor o) const { return bits == o.bits; }

private:
  uintptr_t bits = 0;
};

//===----------------------------------------------------------------------===//
// AnalysisState
//===----------------------------------------------------------------------===//

/// A piece of information attached to an anchor. When it changes, the
/// solver revisits the program points that depend on it (addDependency),
/// in the order they were added.
class AnalysisState {
public:
  virtual ~AnalysisState();

  LatticeAnchor getAnchor() const { return anchor; }
  /// Revisit `dependent` with `analysis` when this state changes.
  void addDependency(ProgramPoint dependent, DataFlowAnalysis *analysis);
  /// Prints the state (for debugging).
  virtual void print(raw_ostream &os) const = 0;

protected:
  explicit AnalysisState(LatticeAnchor anchor) : anchor(anchor) {}
  /// Called by the solver when the state changed: enqueues the dependents.
  virtual void onUpdate(DataFlowSolver *solver) const;

  LatticeAnchor anchor;

private:
  friend class DataFlowSolver;
  /// The dependents in insertion order, without duplicates.
  std::vector<std::pair<ProgramPoint, DataFlowAnalysis *>> dependents;
  /// Membership of `dependents` once it grows past a linear scan.
  std::unique_ptr<std::unordered_map<uint64_t, std::vector<uint32_t>>> dependentIndex;
};

/// An ordered set of analyses (MLIR's SetVector<DataFlowAnalysis *>): the
/// subscribers of a state.
class AnalysisSubscribers {
public:
  /// Adds `analysis`; false if it was already there.
  bool insert(DataFlowAnalysis *analysis) {
    for (DataFlowAnalysis *a : list)
      if (a == analysis)
        return false;
    list.push_back(analysis);
    return true;
  }
  auto begin() const { return list.begin(); }
  auto end() const { return list.end(); }
  bool empty() const { return list.empty(); }

private:
  std::vector<DataFlowAnalysis *> list;
};

//===----------------------------------------------------------------------===//
// DataFlowConfig
//===----------------------------------------------------------------------===//

/// Solver options.
class DataFlowConfig {
public:
  /// Whether analyses enter callees whose body they can see.
  DataFlowConfig &setInterprocedural(bool enable) {
    interprocedural = enable;
    return *this;
  }
  bool isInterprocedural() const { return interprocedural; }

private:
  bool interprocedural = true;
};

//===----------------------------------------------------------------------===//
// DataFlowSolver
//===----------------------------------------------------------------------===//

/// Runs loaded analyses to a fixed point and owns their states.
///
///   DataFlowSolver solver;
///   solver.load<DeadCodeAnalysis>();
///   solver.load<SparseConstantPropagation>();
///   if (failed(solver.initializeAndRun(op))) ...
///   solver.lookupState<Lattice<ConstantValue>>(value);
class DataFlowSolver {
public:
  explicit DataFlowSolver(const DataFlowConfig &config = DataFlowConfig()) : config(config) {}
  ~DataFlowSolver();
  DataFlowSolver(const DataFlowSolver &) = delete;
  DataFlowSolver &operator=(const DataFlowSolver &) = delete;

  /// Loads an analysis (constructed with the solver and `args`).
  template <typename AnalysisT, typename... Args> AnalysisT *load(Args &&...args) {
    auto analysis = std::make_unique<AnalysisT>(*this, std::forward<Args>(args)...);
    AnalysisT *raw = analysis.get();
    childAnalyses.push_back(std::move(analysis));
    return raw;
  }

  /// Initializes every analysis on `top` (in load order), then processes the
  /// worklist until it is empty. Fails if an analysis fails.
  LogicalResult initializeAndRun(Operation *top);

  /// The state of kind StateT at `anchor`, or null.
  template <typename StateT> const StateT *lookupState(LatticeAnchor anchor) const {
    const StateMap *map = findStateMap(TypeID::get<StateT>());
    if (!map)
      return nullptr;
    AnalysisState *const *state = map->states.lookup(anchor.key());
    return state ? static_cast<const StateT *>(*state) : nullptr;
  }

  /// Forgets every state at `anchor` (its IR is being erased).
  void eraseState(LatticeAnchor anchor);

  /// The state of kind StateT at `anchor`, created if absent.
  template <typename StateT> StateT *getOrCreateState(LatticeAnchor anchor) {
    StateMap &map = getStateMap(TypeID::get<StateT>());
    auto [slot, inserted] = map.states.insert(anchor.key(), nullptr);
    if (slot->second)
      return static_cast<StateT *>(slot->second);
    StateT *state = new (allocator.allocate<StateT>()) StateT(anchor);
    slot->second = state;
    allStates.push_back(state);
    return state;
  }

  /// The uniqued CFG edge from `from` to `to`.
  CFGEdge *getCFGEdge(Block *from, Block *to);

  /// Queues a visit of `point` by `analysis`.
  void enqueue(ProgramPoint point, DataFlowAnalysis *analysis);
  /// If `changed`, notifies the dependents of `state`.
  void propagateIfChanged(AnalysisState *state, ChangeResult changed);

  const DataFlowConfig &getConfig() const { return config; }

private:
  struct StateMap {
    TypeID kind;
    PointerMap<const void *, AnalysisState *> states;
  };
  StateMap *findStateMap(TypeID kind) const;
  StateMap &getStateMap(TypeID kind);

  DataFlowConfig config;
  std::vector<std::unique_ptr<DataFlowAnalysis>> childAnalyses;
  /// One map per state kind (a handful).
  std::vector<std::unique_ptr<StateMap>> stateMaps;
  /// Every state, for destruction.
  std::vector<AnalysisState *> allStates;
  BumpPtrAllocator allocator;
  /// CFG edges by (from, to).
  std::unordered_map<uint64_t, std::vector<CFGEdge *>> edges;
  /// The FIFO worklist: a vector consumed from `head`.
  std::vector<std::pair<ProgramPoint, DataFlowAnalysis *>> worklist;
  size_t head = 0;
  bool isRunning = false;
};

//===----------------------------------------------------------------------===//
// DataFlowAnalysis
//===----------------------------------------------------------------------===//

/// An analysis run by the solver: initialize() seeds it on the top-level
/// op, visit() recomputes what depends on a program point.
class DataFlowAnalysis {
public:
  explicit DataFlowAnalysis(DataFlowSolver &solver) : solver(solver) {}
  virtual ~DataFlowAnalysis();

  virtual LogicalResult initialize(Operation *top) = 0;
  virtual LogicalResult visit(ProgramPoint point) = 0;

protected:
  /// Revisit `point` with this analysis when `state` changes.
  void addDependency(AnalysisState *state, ProgramPoint point) { state->addDependency(point, this); }
  void propagateIfChanged(AnalysisState *state, ChangeResult changed) { solver.propagateIfChanged(state, changed); }

  template <typename StateT> StateT *getOrCreate(LatticeAnchor anchor) {
    return solver.getOrCreateState<StateT>(anchor);
  }
  /// The state at `anchor`, with `dependent` revisited when it changes.
  template <typename StateT> const StateT *getOrCreateFor(ProgramPoint dependent, LatticeAnchor anchor) {
    StateT *state = getOrCreate<StateT>(anchor);
    addDependency(state, dependent);
    return state;
  }

  static ProgramPoint getProgramPointBefore(Block *block) { return ProgramPoint::atBlockStart(block); }
  static ProgramPoint getProgramPointAfter(Operation *op) { return ProgramPoint::after(op); }
  CFGEdge *getCFGEdge(Block *from, Block *to) { return solver.getCFGEdge(from, to); }
  const DataFlowConfig &getSolverConfig() const { return solver.getConfig(); }
  DataFlowSolver &getSolver() { return solver; }

private:
  DataFlowSolver &solver;
};

} // namespace lamina
