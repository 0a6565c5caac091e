//===- BufferUtils.h - Analyses shared by the buffer placement passes -----===//
//
// What MLIR's buffer hoisting and deallocation passes ask of the IR: the
// buffers a value may alias (BufferViewFlowAnalysis), the values live into and
// out of each block (MLIR's Liveness, with nested regions counted as uses in
// the block that holds them), and the nearest common dominator of blocks in
// different regions.
//
#pragma once

#include "lamina/IR/Block.h"
#include "lamina/IR/Dominance.h"
#include "lamina/IR/Operation.h"
#include "lamina/IR/Value.h"

#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace lamina {
namespace bufferization {

using ValueSet = std::unordered_set<Value>;

/// True if `v` is a memref (ranked or unranked).
bool isMemref(Value v);

/// The flow of buffers through views, branches and region control flow:
/// `resolve(v)` is `v` and every value that may be (a view of) the same
/// buffer downstream of it.
class BufferViewFlowAnalysis {
public:
  explicit BufferViewFlowAnalysis(Operation *op);

  /// `value` and every value it flows into, transitively.
  ValueSet resolve(Value value) const;
  /// `value` and every value flowing into it, transitively.
  ValueSet resolveReverse(Value value) const;
  /// True if `value` may be a buffer the analysis cannot trace further back:
  /// a result or region argument of an op it does not know (an allocation,
  /// a function argument, a call result).
  bool mayBeTerminalBuffer(Value value) const { return terminals.count(value) != 0; }

private:
  void registerDependency(Value from, Value to);

  std::unordered_map<Value, std::vector<Value>> dependencies, reverseDependencies;
  ValueSet terminals;
};

/// MLIR's BufferOriginAnalysis: whether two buffers certainly come from the
/// same allocation (true), certainly not (false), or unknown (nullopt).
class BufferOriginAnalysis {
public:
  explicit BufferOriginAnalysis(Operation *op) : analysis(op) {}
  std::optional<bool> isSameAllocation(Value v1, Value v2) const;

private:
  BufferViewFlowAnalysis analysis;
};

/// `value` with the view-like ops defining it skipped.
Value getViewBase(Value value);

/// MLIR's Liveness: live-in and live-out values of every block under an
/// operation. A use inside a nested region counts as a use in the block
/// holding the region's op.
class Liveness {
public:
  explicit Liveness(Operation *op);

  const ValueSet &getLiveIn(Block *block) const;
  const ValueSet &getLiveOut(Block *block) const;
  bool isLiveIn(Value value, Block *block) const { return getLiveIn(block).count(value) != 0; }
  /// Replaces `from` by `to` in every set (when a transformation replaces an
  /// op after the analysis ran).
  void replaceValue(Value from, Value to);

private:
  struct BlockInfo {
    ValueSet in, out, def, use;
  };
  std::unordered_map<Block *, BlockInfo> blocks;
  ValueSet empty;
};

/// The nearest block dominating both `a` and `b`, which may be in different
/// regions (their ancestors in a common region are compared), or null.
Block *findNearestCommonDominator(const DominanceInfo &dom, Block *a, Block *b);

/// True if `op` is a loop: a LoopLikeOpInterface, or a RegionBranchOpInterface
/// whose regions form a cycle.
bool isLoop(Operation *op);

/// MLIR's ValueComparator: block arguments first (by number), then results
/// in program order; values of different regions by their regions' nesting.
bool valueComesBefore(Value lhs, Value rhs);

} // namespace bufferization
} // namespace lamina
