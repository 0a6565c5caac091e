//===- ViewLikeInterface.h - Views and offset/size/stride lists -----------===//
//
// MLIR's ViewLikeInterface.h: ViewLikeOpInterface (an op whose result is a
// view of a source buffer), OffsetSizeAndStrideOpInterface (an op with
// mixed static/dynamic offsets, sizes and strides, and the verifier MLIR
// runs on them), and the `[%a, 4, %b]` dynamic index list syntax those ops
// print (a DenseI64ArrayAttr with ShapedType::kDynamic where an SSA value
// stands).
//
#pragma once

#include "lamina/IR/OpInterface.h"
#include "lamina/IR/OpImplementation.h"

#include <array>

namespace lamina {

//===----------------------------------------------------------------------===//
// ViewLikeOpInterface
//===----------------------------------------------------------------------===//

namespace detail {
Value firstResultAsViewDest(Operation *op);
} // namespace detail

struct ViewLikeOpInterfaceConcept {
  /// The buffer the view is created from.
  Value (*getViewSource)(Operation *op) = nullptr;
  /// The view created (default: the first result).
  Value (*getViewDest)(Operation *op) = detail::firstResultAsViewDest;
};

/// An op creating a view of a buffer.
class ViewLikeOpInterface : public OpInterface<ViewLikeOpInterface, ViewLikeOpInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "ViewLikeOpInterface"; }
  static std::string_view getMissingMethod(const Concept &c) { return c.getViewSource ? "" : "getViewSource"; }
  Value getViewSource() const { return getImpl()->getViewSource(getOperation()); }
  Value getViewDest() const { return getImpl()->getViewDest(getOperation()); }
};

//===----------------------------------------------------------------------===//
// OffsetSizeAndStrideOpInterface
//===----------------------------------------------------------------------===//

namespace detail {
/// MLIR's verifyOffsetSizeAndStrideOp: the dynamic entries against the
/// operands, the ranks of the lists, non-negative static offsets and sizes.
LogicalResult verifyOffsetSizeAndStrideOp(Operation *op);
} // namespace detail

/// Every method is required (MLIR's defaults call accessors ODS generates
/// for `offsets`, `static_offsets`, ...).
struct OffsetSizeAndStrideOpInterfaceConcept {
  /// The number of operands before the offsets (a static method in MLIR;
  /// given the op here, so one implementation serves every ODS op).
  unsigned (*getOffsetSizeAndStrideStartOperandIndex)(Operation *op) = nullptr;
  /// The expected ranks of the static offsets, sizes and strides.
  std::array<unsigned, 3> (*getArrayAttrMaxRanks)(Operation *op) = nullptr;
  OperandRange (*getOffsets)(Operation *op) = nullptr;
  OperandRange (*getSizes)(Operation *op) = nullptr;
  OperandRange (*getStrides)(Operation *op) = nullptr;
  ArrayRef<int64_t> (*getStaticOffsets)(Operation *op) = nullptr;
  ArrayRef<int64_t> (*getStaticSizes)(Operation *op) = nullptr;
  ArrayRef<int64_t> (*getStaticStrides)(Operation *op) = nullptr;
};

/// An op with offsets, sizes and strides, each static or dynamic.
class OffsetSizeAndStrideOpInterface
    : public OpInterface<OffsetSizeAndStrideOpInterface, OffsetSizeAndStrideOpInterfaceConcept> {
public:
  using OpInterface::OpInterface;
  static constexpr std::string_view getInterfaceName() { return "OffsetSizeAndStrideOpInterface"; }
  static std::string_view getMissingMethod(const Concept &c);
  static LogicalResult verifyTrait(Operation *op) { return detail::verifyOffsetSizeAndStrideOp(op); }

  unsigned getOffsetSizeAndStrideStartOperandIndex() const {
    return getImpl()->getOffsetSizeAndStrideStartOperandIndex(getOperation());
  }
  std::array<unsigned, 3> getArrayAttrMaxRanks() const { return getImpl()->getArrayAttrMaxRanks(getOperation()); }
  OperandRange getOffsets() const { return getImpl()->getOffsets(getOperation()); }
  OperandRange getSizes() const { return getImpl()->getSizes(getOperation()); }
  OperandRange getStrides() const { return getImpl()->getStrides(getOperation()); }
  ArrayRef<int64_t> getStaticOffsets() const { return getImpl()->getStaticOffsets(getOperation()); }
  ArrayRef<int64_t> getStaticSizes() const { return getImpl()->getStaticSizes(getOperation()); }
  ArrayRef<int64_t> getStaticStrides() const { return getImpl()->getStaticStrides(getOperation()); }
  /// Whether offset/size/stride `idx` is dynamic.
  bool isDynamicOffset(unsigned idx) const;
  bool isDynamicSize(unsigned idx) const;
  bool isDynamicStride(unsigned idx) const;
};

//===----------------------------------------------------------------------===//
// Dynamic index lists
//===----------------------------------------------------------------------===//

/// Parses `[` (ssa-value | integer) (`,` ...)* `]` into `values` and
/// `integers` (kDynamic where a value stands).
ParseResult parseDynamicIndexList(OpAsmParser &parser, SmallVectorImpl<OpAsmParser::UnresolvedOperand> &values,
                                  DenseI64ArrayAttr &integers);
/// Prints the list back, taking the next of `values` for each kDynamic.
void printDynamicIndexList(OpAsmPrinter &printer, OperandRange values, ArrayRef<int64_t> integers);

} // namespace lamina
