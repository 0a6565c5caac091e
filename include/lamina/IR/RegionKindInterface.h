//===- RegionKindInterface.h - SSA-CFG regions and graph regions ----------===//
//
// MLIR's RegionKindInterface. A region is either an SSACFG region (values
// must dominate their uses; blocks form a control-flow graph) or a graph
// region (no dominance requirement; at most one block). An op chooses the
// kind of each of its regions by implementing the interface; the regions of
// ops that do not are SSACFG regions (those of unregistered ops may be
// either). `ods::RegionKindInterface(graph)` implements it with one kind for
// every region (MLIR's HasOnlyGraphRegion / GraphRegionNoTerminator).
//
#pragma once

#include "lamina/IR/OpInterface.h"

namespace lamina {

/// The kind of a region.
enum class RegionKind {
  /// Values must dominate their uses; blocks form a CFG.
  SSACFG,
  /// No dominance between operations; at most one block.
  Graph,
};

struct RegionKindInterfaceConcept {
  /// The kind of region `index` (a static method in MLIR: it depends on the
  /// op's kind only).
  RegionKind (*getRegionKind)(unsigned index) = nullptr;
};

/// Access to an operation's region kinds.
class RegionKindInterface : public OpInterface<RegionKindInterface, RegionKindInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "RegionKindInterface"; }
  static std::string_view getMissingMethod(const Concept &c) { return c.getRegionKind ? "" : "getRegionKind"; }

  /// The kind of region `index` of the op.
  RegionKind getRegionKind(unsigned index) const { return getImpl()->getRegionKind(index); }
  /// True if region `index` requires SSA dominance.
  bool hasSSADominance(unsigned index) const { return getRegionKind(index) == RegionKind::SSACFG; }
};

/// True if `region` may require SSA dominance: its parent op does not
/// implement RegionKindInterface or says the region is SSACFG (MLIR's
/// mayHaveSSADominance).
bool mayHaveSSADominance(Region &region);

/// True if `region` may be a graph region: the parent op is unregistered or
/// says it is a graph region (MLIR's mayBeGraphRegion).
bool mayBeGraphRegion(Region &region);

} // namespace lamina
