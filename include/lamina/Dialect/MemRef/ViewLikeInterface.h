//===- ViewLikeInterface.h - Mixed static/dynamic index lists -------------===//
//
// What MLIR's ViewLikeInterface provides to ops with offsets, sizes and
// strides (memref.subview, memref.reinterpret_cast) and to
// memref.expand_shape's output shape: the `custom<DynamicIndexList>`
// directive (`[%a, 4, %b]`, a DenseI64ArrayAttr with kDynamic for each SSA
// value) and OffsetSizeAndStrideOpInterface's verifier.
//
#pragma once

#include "lamina/ODS/OpDef.h"

#include <array>

namespace lamina {
namespace memref {

/// Parses `[` (ssa-value | integer) (`,` ...)* `]` into `values` and
/// `integers` (kDynamic where a value stands).
ParseResult parseDynamicIndexList(OpAsmParser &parser, SmallVectorImpl<OpAsmParser::UnresolvedOperand> &values,
                                  DenseI64ArrayAttr &integers);
/// Prints the list back, taking the next of `values` for each kDynamic.
void printDynamicIndexList(OpAsmPrinter &printer, OperandRange values, ArrayRef<int64_t> integers);

/// `custom<DynamicIndexList>($values, $static_values)` for OpDef::directive.
ods::CustomDirective dynamicIndexListDirective();

/// The pieces of an OffsetSizeAndStrideOpInterface op.
struct OffsetSizeAndStride {
  OperandRange offsets, sizes, strides;
  ArrayRef<int64_t> staticOffsets, staticSizes, staticStrides;
  /// getArrayAttrMaxRanks().
  std::array<unsigned, 3> maxRanks;
};

/// MLIR's detail::verifyOffsetSizeAndStrideOp.
LogicalResult verifyOffsetSizeAndStrideOp(Operation *op, const OffsetSizeAndStride &pieces);

/// getArrayAttrMaxRanks() of an OffsetSizeAndStrideOpInterface op.
using ArrayAttrMaxRanksFn = std::array<unsigned, 3> (*)(Operation *op);

/// OffsetSizeAndStrideOpInterface as a trait of an op definition whose
/// operand groups are `offsets`, `sizes`, `strides` and whose attributes are
/// `static_offsets`, `static_sizes`, `static_strides` (as ODS declares them):
/// verifyOffsetSizeAndStrideOp at the interface's place in the trait list.
ods::Trait offsetSizeAndStrideOpInterface(ArrayAttrMaxRanksFn maxRanks);

} // namespace memref
} // namespace lamina
