//===- LinalgInterfaces.h - The structured op interfaces of linalg --------===//
//
// MLIR's LinalgStructuredInterface (LinalgOp): an op in destination-passing
// style whose iteration space is described by indexing maps (one per
// operand, from the loops to the operand's dimensions) and iterator types,
// and whose single-block region computes one element. Its verifier
// (verifyStructuredOpInterface) checks the maps against the operands, and
// the static shapes against each other. The contraction, convolution and
// fill interfaces only verify (their methods are not needed yet).
//
#pragma once

#include "lamina/Dialect/Linalg/LinalgOps.gen.h"
#include "lamina/Interfaces/DestinationStyleOpInterface.h"

namespace lamina {
namespace linalg {

namespace detail {
LogicalResult verifyStructuredOpInterface(Operation *op);
LogicalResult verifyContractionInterface(Operation *op);
LogicalResult verifyConvolutionInterface(Operation *op);
LogicalResult verifyFillInterface(Operation *op);
} // namespace detail

struct LinalgOpConcept {
  /// The indexing maps (an array of affine maps, one per operand).
  ArrayAttr (*getIndexingMaps)(Operation *op) = nullptr;
  /// The iterator type of each loop.
  void (*getIteratorTypesArray)(Operation *op, SmallVectorImpl<IteratorType> &types) = nullptr;
  /// Whether the maps depend on attributes, to be verified first.
  bool (*hasDynamicIndexingMaps)(Operation *op) = [](Operation *) { return false; };
  LogicalResult (*verifyIndexingMapRequiredAttributes)(Operation *op) = [](Operation *) { return success(); };
};

/// A linalg structured op.
class LinalgOp : public OpInterface<LinalgOp, LinalgOpConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "LinalgStructuredInterface"; }
  static std::string_view getMissingMethod(const Concept &c) {
    if (!c.getIndexingMaps)
      return "getIndexingMaps";
    return c.getIteratorTypesArray ? "" : "getIteratorTypesArray";
  }
  static LogicalResult verifyRegionTrait(Operation *op) { return detail::verifyStructuredOpInterface(op); }

  /// The model of an op class with members getIndexingMaps(),
  /// getIteratorTypesArray() (and optionally hasDynamicIndexingMaps(),
  /// verifyIndexingMapRequiredAttributes()).
  template <typename OpT> static Concept modelOf() {
    Concept c;
    c.getIndexingMaps = [](Operation *op) { return OpT(op).getIndexingMaps(); };
    c.getIteratorTypesArray = [](Operation *op, SmallVectorImpl<IteratorType> &types) {
      OpT(op).getIteratorTypesArray(types);
    };
    if constexpr (requires(OpT o) { o.hasDynamicIndexingMaps(); })
      c.hasDynamicIndexingMaps = [](Operation *op) { return OpT(op).hasDynamicIndexingMaps(); };
    if constexpr (requires(OpT o) { o.verifyIndexingMapRequiredAttributes(); })
      c.verifyIndexingMapRequiredAttributes = [](Operation *op) {
        return OpT(op).verifyIndexingMapRequiredAttributes();
      };
    return c;
  }

  ArrayAttr getIndexingMaps() const { return getImpl()->getIndexingMaps(getOperation()); }
  SmallVector<AffineMap, 4> getIndexingMapsArray() const;
  SmallVector<IteratorType, 4> getIteratorTypesArray() const;
  bool hasDynamicIndexingMaps() const { return getImpl()->hasDynamicIndexingMaps(getOperation()); }
  LogicalResult verifyIndexingMapRequiredAttributes() const {
    return getImpl()->verifyIndexingMapRequiredAttributes(getOperation());
  }

  // Operands (destination-passing style: inputs, then inits).
  OperandRange getDpsInits() const { return DestinationStyleOpInterface(getOperation()).getDpsInits(); }
  unsigned getNumDpsInits() const { return unsigned(getDpsInits().size()); }
  unsigned getNumDpsInputs() const { return getOperation()->getNumOperands() - getNumDpsInits(); }
  bool isDpsInit(unsigned operandNumber) const { return operandNumber >= getNumDpsInputs(); }

  // Loops.
  unsigned getNumLoops() const;
  unsigned getNumParallelLoops() const;
  unsigned getNumReductionLoops() const;
  void getReductionDims(SmallVectorImpl<unsigned> &dims) const;

  /// The indexing map of operand `operandNumber`.
  AffineMap getMatchingIndexingMap(unsigned operandNumber) const;
  /// Rank and shape of an operand (0 / empty for scalars).
  int64_t getRank(unsigned operandNumber) const;
  ArrayRef<int64_t> getShape(unsigned operandNumber) const;
  bool isScalar(unsigned operandNumber) const;

  /// The loops-to-shapes map (the indexing maps concatenated) and its
  /// inverse (null if not invertible).
  AffineMap getLoopsToShapesMap() const;
  AffineMap getShapesToLoopsMap() const;
  /// The static size of each loop (kDynamic where unknown).
  SmallVector<int64_t, 4> getStaticLoopRanges() const;

  Block *getBlock() const;
  bool hasPureTensorSemantics() const;
  bool hasPureBufferSemantics() const;
  /// Whether the body reads the block argument of operand `operandNumber`.
  bool payloadUsesValueFromOperand(unsigned operandNumber) const;
};

/// Verification-only interfaces (MLIR's ContractionOpInterface,
/// ConvolutionOpInterface, FillOpInterface).
struct VerifyOnlyConcept {
  void (*unused)() = nullptr;
};
class ContractionOpInterface : public OpInterface<ContractionOpInterface, VerifyOnlyConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "LinalgContractionOpInterface"; }
  static LogicalResult verifyRegionTrait(Operation *op) { return detail::verifyContractionInterface(op); }
};
class ConvolutionOpInterface : public OpInterface<ConvolutionOpInterface, VerifyOnlyConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "LinalgConvolutionOpInterface"; }
  static LogicalResult verifyTrait(Operation *op) { return detail::verifyConvolutionInterface(op); }
};
class FillOpInterface : public OpInterface<FillOpInterface, VerifyOnlyConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "LinalgFillOpInterface"; }
  static LogicalResult verifyTrait(Operation *op) { return detail::verifyFillInterface(op); }
};

} // namespace linalg
} // namespace lamina
