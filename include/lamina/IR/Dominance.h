//===- Dominance.h - Dominance queries over blocks and operations ---------===//
//
// MLIR's DominanceInfo. Within a multi-block region, block dominance comes
// from a dominator tree computed on demand (Cooper-Harvey-Kennedy iterative
// algorithm, no recursion); across regions, an operation or block dominates
// everything nested inside the ancestor it dominates. Graph regions (see
// RegionKindInterface.h) and single-block regions of unregistered ops have no
// SSA dominance: any two operations in the same block dominate each other.
// Unreachable blocks are dominated by every block and dominate none.
//
#pragma once

#include "lamina/IR/Value.h"

#include <memory>
#include <unordered_map>

namespace lamina {

class Block;
class Operation;
class Region;

/// Answers dominance queries; caches one dominator tree per region asked
/// about. The IR must not change while an instance is in use (or call
/// invalidate()).
class DominanceInfo {
public:
  DominanceInfo();
  explicit DominanceInfo(Operation *) : DominanceInfo() {}
  ~DominanceInfo();
  DominanceInfo(const DominanceInfo &) = delete;

  /// True if `a` dominates `b` (an op dominates itself).
  bool dominates(Operation *a, Operation *b) const { return a == b || properlyDominates(a, b); }
  /// True if `a` dominates `b` and `a != b`. If `enclosingOpOk`, an op
  /// dominates the ops nested in its regions.
  bool properlyDominates(Operation *a, Operation *b, bool enclosingOpOk = true) const;

  /// True if the definition of `a` dominates `b` (the defining op itself
  /// included).
  bool dominates(Value a, Operation *b) const;
  /// True if `a` is available at `b`: a block argument of a block dominating
  /// `b`'s block, or the result of an op properly dominating `b` that does
  /// not enclose it.
  bool properlyDominates(Value a, Operation *b) const;

  /// Block dominance (a block dominates itself).
  bool dominates(Block *a, Block *b) const { return a == b || properlyDominates(a, b); }
  bool properlyDominates(Block *a, Block *b) const;

  /// True if `a` is reachable from the entry block of its region.
  bool isReachableFromEntry(Block *a) const;

  /// True if operations in `region` (or `block`'s region) follow SSA
  /// dominance: multi-block regions always do; single-block regions unless
  /// the parent op is unregistered or declares a graph region.
  bool hasSSADominance(Region *region) const;
  bool hasSSADominance(Block *block) const;

  /// The immediate dominator of `block` in its region (null for the entry
  /// block, unreachable blocks and single-block regions).
  Block *getImmediateDominator(Block *block) const;
  /// The nearest block dominating both `a` and `b` (same region), or null.
  Block *findNearestCommonDominator(Block *a, Block *b) const;

  /// Drops all cached information (or that of one region).
  void invalidate();
  void invalidate(Region *region);

  struct DomTree;

private:
  struct RegionInfo {
    bool hasSSADominance = true;
    std::unique_ptr<DomTree> tree; // multi-block regions only
  };
  RegionInfo &getInfo(Region *region, bool needsTree) const;
  bool properlyDominatesImpl(Operation *a, Operation *b, bool enclosingOpOk) const;

  mutable std::unordered_map<Region *, RegionInfo> infos;
  /// The last region looked up (most queries repeat the same region).
  mutable Region *lastRegion = nullptr;
  mutable RegionInfo *lastInfo = nullptr;
};

} // namespace lamina
