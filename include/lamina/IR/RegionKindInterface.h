//===- RegionKindInterface.h - SSA-CFG regions and graph regions ----------===//
//
// MLIR's RegionKindInterface. A region is either an SSACFG region (values
// must dominate their uses; blocks form a control-flow graph) or a graph
// region (no dominance requirement; at most one block).
//
// An op declares its region kinds in one of two ways:
//   * the trait `OpTrait::HasOnlyGraphRegion` makes every region a graph
//     region (MLIR's GraphRegionNoTerminator / HasOnlyGraphRegion);
//   * registering a `RegionKindInterface::Concept` in its OperationName's
//     interface map under `TypeID::get<RegionKindInterface>()` chooses the
//     kind per region.
// Ops with neither have SSACFG regions.
//
#pragma once

#include "lamina/IR/Operation.h"

namespace lamina {

/// The kind of a region.
enum class RegionKind {
  /// Values must dominate their uses; blocks form a CFG.
  SSACFG,
  /// No dominance between operations; at most one block.
  Graph,
};

/// Access to an operation's region kinds.
class RegionKindInterface {
public:
  /// The table an op registers to choose its region kinds.
  struct Concept {
    RegionKind (*getRegionKind)(Operation *op, unsigned index);
  };

  /// The interface of `op`, or a null handle if `op` does not implement it
  /// (neither the trait nor the concept).
  static RegionKindInterface get(Operation *op);

  explicit operator bool() const { return op != nullptr; }
  /// The kind of region `index` of the op.
  RegionKind getRegionKind(unsigned index) const;
  /// True if region `index` requires SSA dominance.
  bool hasSSADominance(unsigned index) const { return getRegionKind(index) == RegionKind::SSACFG; }

private:
  RegionKindInterface(Operation *op, const Concept *concept_) : op(op), concept_(concept_) {}
  Operation *op = nullptr;
  /// Null for ops with the HasOnlyGraphRegion trait.
  const Concept *concept_ = nullptr;
};

/// True if `region` may require SSA dominance: its parent op does not
/// implement RegionKindInterface or says the region is SSACFG (MLIR's
/// mayHaveSSADominance).
bool mayHaveSSADominance(Region &region);

/// True if `region` may be a graph region: the parent op is unregistered or
/// says it is a graph region (MLIR's mayBeGraphRegion).
bool mayBeGraphRegion(Region &region);

} // namespace lamina
