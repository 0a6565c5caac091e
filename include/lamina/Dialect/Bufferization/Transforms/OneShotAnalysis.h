//===- OneShotAnalysis.h - One-Shot Bufferize's in-place analysis ---------===//
//
// MLIR's One-Shot Bufferize analysis: for every tensor operand, decide
// whether its op may write to (or alias) the operand's buffer in place, or
// needs a copy. The analysis asks each op how it bufferizes through an
// OpModel (MLIR's BufferizableOpInterface, reduced to the queries the
// analysis makes): reads, writes, aliasing results, writability, repetitive
// and parallel regions. Ops without a model are "unknown": they read, write
// and alias every tensor they touch, and their results are not writable.
//
// Models are registered by op name (registerOpModel) by the per-dialect
// files of this directory; ops of the linalg structured interface share
// one model.
//
#pragma once

#include "lamina/IR/Dominance.h"
#include "lamina/IR/Operation.h"
#include "lamina/Support/LogicalResult.h"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace lamina::bufferization {

class AnalysisState;
class BufferizeRewriter;

enum class BufferRelation { Unknown, Equivalent };

struct AliasingValue {
  Value value;
  BufferRelation relation = BufferRelation::Equivalent;
  bool isDefinite = true;
};
struct AliasingOpOperand {
  OpOperand *opOperand = nullptr;
  BufferRelation relation = BufferRelation::Equivalent;
  bool isDefinite = true;
};
using AliasingValueList = std::vector<AliasingValue>;
using AliasingOpOperandList = std::vector<AliasingOpOperand>;

/// How an op bufferizes (MLIR's BufferizableOpInterface methods used by the
/// analysis). A null method takes MLIR's default.
struct OpModel {
  bool (*read)(OpOperand &, const AnalysisState &) = nullptr;
  bool (*write)(OpOperand &, const AnalysisState &) = nullptr;
  AliasingValueList (*aliasingValues)(OpOperand &, const AnalysisState &) = nullptr;
  /// Default: the operands whose aliasingValues name the value.
  AliasingOpOperandList (*aliasingOpOperands)(Value, const AnalysisState &) = nullptr;
  /// Default: MLIR's defaultResultBufferizesToMemoryWrite.
  bool (*resultWrites)(OpResult, const AnalysisState &) = nullptr;
  /// Default: true for results, false for block arguments.
  bool (*isWritable)(Value, const AnalysisState &) = nullptr;
  /// Default: unranked tensor operands.
  bool (*mustInPlace)(OpOperand &, const AnalysisState &) = nullptr;
  /// Default: RegionBranchOpInterface's isRepetitiveRegion.
  bool (*isRepetitiveRegion)(Operation *, unsigned) = nullptr;
  /// Default: false.
  bool (*isParallelRegion)(Operation *, unsigned) = nullptr;
  /// Default: false.
  bool (*isNotConflicting)(OpOperand *read, OpOperand *write, const AnalysisState &) = nullptr;
  /// Default: false.
  bool (*elementwiseAccess)(Operation *, const std::vector<OpOperand *> &) = nullptr;
  /// Default: false.
  bool (*isAllocation)(Value) = nullptr;
  /// Default: a tensor result, operand or block argument.
  bool (*hasTensorSemantics)(Operation *) = nullptr;
  /// Default: success.
  LogicalResult (*verifyAnalysis)(Operation *, const AnalysisState &) = nullptr;
  bool supportsUnstructuredControlFlow = false;
  /// SubsetInsertionOpInterface: the source and destination operand numbers
  /// (-1: not a subset insertion) and the equivalent-subset test.
  int subsetSource = -1, subsetDest = -1;
  bool (*isEquivalentSubset)(Operation *, Value candidate, const AnalysisState &) = nullptr;

  // The rewrite (see Bufferize.h).
  /// MLIR's bufferize: replaces the op by its memref form. Null: the op is
  /// left as is (an error unless allow-unknown-ops).
  LogicalResult (*bufferize)(Operation *, BufferizeRewriter &) = nullptr;
  /// The buffer type of a tensor value the op defines. Null: MLIR's
  /// default (an equivalent operand's type, else the unknown-type one).
  Type (*getBufferType)(Value, BufferizeRewriter &) = nullptr;
  /// MLIR's resolveConflicts. Null: copies of out-of-place operands.
  LogicalResult (*resolveConflicts)(Operation *, BufferizeRewriter &) = nullptr;
};

/// Registers the model of the ops named `opName` (process-wide, once).
void registerOpModel(std::string_view opName, const OpModel *model);
/// The models of the upstream dialects (idempotent).
void registerAllOpModels();

enum class AnalysisHeuristic { BottomUp, TopDown, BottomUpFromTerminators, Fuzzer };

struct OneShotOptions {
  bool bufferizeFunctionBoundaries = false;
  bool allowReturnAllocsFromLoops = false;
  bool allowUnknownOps = false;
  bool checkParallelRegions = true;
  bool testAnalysisOnly = false;
  bool printConflicts = false;
  bool dumpAliasSets = false;
  bool copyBeforeWrite = false;
  AnalysisHeuristic heuristic = AnalysisHeuristic::BottomUp;
  unsigned fuzzerSeed = 0;
  /// Dialects whose ops bufferize (empty: all).
  std::vector<std::string> dialectFilter;
  /// Functions (by symbol name) whose ops are excluded from the analysis.
  std::vector<std::string> noAnalysisFuncFilter;
  // The rewrite.
  bool mustInferMemorySpace = false;
  bool unknownTypeIdentityLayout = false;
  /// Function boundaries: identity layout (else fully dynamic), and whether
  /// result layouts are inferred from the returned buffers.
  bool functionBoundaryIdentityLayout = false;
  bool inferFunctionResultLayout = true;
  uint64_t bufferAlignment = 64;
};

/// A union-find over values whose classes iterate their members in LLVM
/// EquivalenceClasses' order (the alias-set dumps print it).
class ValueClasses {
public:
  void insert(Value v);
  void unionSets(Value a, Value b);
  bool isEquivalent(Value a, Value b) const;
  /// Calls fn on every member of v's class (v alone if unknown).
  template <typename Fn> void forEach(Value v, Fn &&fn) const {
    int i = find(v);
    if (i < 0) {
      fn(v);
      return;
    }
    for (int m = leaderOf(i); m >= 0; m = nodes[m].next)
      fn(nodes[m].value);
  }

private:
  struct Node {
    Value value;
    int leader;   // self for a leader
    int next = -1;
    int end;      // leaders only: the last member
  };
  int find(Value v) const;
  int leaderOf(int i) const;
  std::vector<Node> nodes;
  std::unordered_map<const void *, int> index;
};

/// How findValueInReverseUseDefChain follows aliasing operands.
struct TraversalConfig {
  bool alwaysIncludeLeaves = true;
  bool followEquivalentOnly = false;
  bool followInPlaceOnly = false;
  bool followSameTypeOrCastsOnly = false;
  bool followUnknownOps = false;
};

/// One-Shot analysis state: alias and equivalence sets, in-place decisions,
/// and the function-boundary facts of module bufferization.
class AnalysisState {
public:
  AnalysisState(Operation *root, const OneShotOptions &options);
  /// A state without analysis (copy-before-write): operands that write are
  /// out of place, nothing is equivalent.
  AnalysisState(const OneShotOptions &options);
  bool hasAnalysis() const { return analyzed; }
  /// Records the uses of tensors with undefined contents (after analysis).
  void gatherUndefinedTensorUses(Operation *root);
  bool hasUndefinedContents(OpOperand *o) const { return undefinedUses.count(o) != 0; }

  const OneShotOptions &getOptions() const { return options; }
  /// The op's model if the op is bufferizable and allowed by the filters.
  const OpModel *getModel(Operation *op) const;
  const OpModel *getModelOfValue(Value v) const { return getModel(getOwnerOfValue(v)); }
  bool isOpAllowed(Operation *op) const;
  static Operation *getOwnerOfValue(Value v);

  // Op semantics (defaults for unknown ops).
  bool bufferizesToMemoryRead(OpOperand &o) const;
  bool bufferizesToMemoryWrite(OpOperand &o) const;
  bool bufferizesToMemoryWrite(Value v) const;
  bool bufferizesToAliasOnly(OpOperand &o) const;
  AliasingValueList getAliasingValues(OpOperand &o) const;
  AliasingOpOperandList getAliasingOpOperands(Value v) const;
  bool isValueRead(Value v) const;
  bool isValueWritten(Value v) const;
  bool isWritable(Value v) const;
  bool hasTensorSemantics(Operation *op) const;

  // Analysis results.
  bool isInPlace(OpOperand &o) const;
  void bufferizeInPlace(OpOperand &o);
  void bufferizeOutOfPlace(OpOperand &) { ++numOutOfPlace; }
  bool areEquivalentBufferizedValues(Value a, Value b) const { return analyzed && equivalent.isEquivalent(a, b); }
  bool areAliasingBufferizedValues(Value a, Value b) const { return !analyzed || aliases.isEquivalent(a, b); }
  void unionEquivalenceClasses(Value a, Value b) { equivalent.unionSets(a, b); }
  template <typename Fn> void applyOnAliases(Value v, Fn &&fn) const { aliases.forEach(v, fn); }
  template <typename Fn> void applyOnEquivalenceClass(Value v, Fn &&fn) const { equivalent.forEach(v, fn); }

  using TraversalConfig = bufferization::TraversalConfig;
  std::vector<Value> findValueInReverseUseDefChain(Value start, const std::function<bool(Value)> &condition,
                                                   TraversalConfig config = {},
                                                   std::vector<OpOperand *> *visitedOperands = nullptr) const;
  const std::vector<Value> &findDefinitionsCached(Value v);
  Region *getEnclosingRepetitiveRegion(Operation *op);
  Region *getEnclosingRepetitiveRegion(Value v);
  bool isRepetitiveRegion(Region *region) const;
  Region *getNextEnclosingRepetitiveRegion(Region *region) const;
  Region *getParallelRegion(Region *region) const;

  // Module bufferization facts (FuncAnalysisState).
  enum class FuncState { NotAnalyzed, InProgress, Analyzed };
  FuncState getFuncState(Operation *func) const;
  std::map<Operation *, FuncState> analyzedFuncs;
  std::map<Operation *, std::map<int64_t, int64_t>> equivalentFuncArgs;
  std::map<Operation *, std::map<int64_t, std::vector<int64_t>>> aliasingReturnVals;
  std::map<Operation *, std::set<int64_t>> readBbArgs, writtenBbArgs;

  uint64_t numInPlace = 0, numOutOfPlace = 0;

private:
  const OneShotOptions &options;
  bool analyzed = true;
  std::unordered_set<OpOperand *> undefinedUses;
  ValueClasses aliases, equivalent;
  std::unordered_set<OpOperand *> inPlace;
  std::unordered_map<const void *, std::vector<Value>> definitionsCache;
  std::unordered_map<const void *, Region *> repetitiveRegionCache;
  mutable std::unordered_map<const void *, const OpModel *> modelCache;
};

/// The function a func.call calls, or null.
Operation *getCalledFunction(Operation *callOp);

/// MLIR's bufferization::analyzeOp: checks, in-place analysis, equivalence,
/// verification and (test-analysis-only) annotation of `op`.
LogicalResult analyzeOp(Operation *op, AnalysisState &state);
/// MLIR's analyzeModuleOp: functions in call order, then their boundaries.
LogicalResult analyzeModuleOp(Operation *moduleOp, AnalysisState &state);

} // namespace lamina::bufferization
