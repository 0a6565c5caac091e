//===- TensorFoldUtils.h - Helpers of the tensor folders and patterns -----===//
//
// What the tensor folders (TensorFolders.cpp) and canonicalization patterns
// (TensorCanonicalization.cpp) share: the cast rules of MLIR's TensorOps.cpp
// (preservesStaticInformation, canFoldIntoConsumerOp/ProducerOp,
// foldTensorCast), the mixed offsets/sizes/strides of the slice ops and
// builders of the ops the patterns create. The index-list and reassociation
// helpers are memref's (MemRefFoldUtils.h), shared with tensor.
//
#pragma once

#include "../MemRef/MemRefFoldUtils.h"

#include "lamina/Dialect/Tensor/TensorDialect.h"
#include "lamina/IR/Builders.h"

#include <optional>
#include <vector>

namespace lamina {
namespace tensor {

/// Registration hooks (called by the dialect's constructor).
void registerTensorFolders(TensorDialect &dialect);
void registerTensorCanonicalization(TensorDialect &dialect);

namespace utils {

/// The constant integer `v` holds (an arith.constant or any constant-like op).
std::optional<int64_t> constantIndexOf(Value v);

/// preservesStaticInformation: ranked types of one element type, rank and
/// encoding where `target` is at least as static as `source` everywhere.
bool preservesStaticInformation(Type source, Type target);
/// The tensor.cast only erases static information (its users may read its
/// source instead).
bool canFoldIntoConsumerOp(Operation *castOp);
/// The tensor.cast only adds static information (its producer may produce
/// the more static type).
bool canFoldIntoProducerOp(Operation *castOp);
/// foldTensorCast: every operand defined by a foldable tensor.cast reads
/// the cast's source; succeeds if any did.
LogicalResult foldTensorCast(Operation *op);

/// The mixed values of the DenseI64ArrayAttr `name` and operand group `group`.
std::vector<OpFoldResult> mixedList(Operation *op, std::string_view name, unsigned group);

/// Offsets, sizes and strides of extract_slice / insert_slice /
/// parallel_insert_slice.
struct SliceParts {
  std::vector<OpFoldResult> offsets, sizes, strides;
};
SliceParts getSliceParts(Operation *op);
/// Both slice ops have the same offsets, sizes and strides (isSameAs).
bool sameSliceParts(Operation *a, Operation *b);

/// Builds `name` with `leading` operands (source, dest) then the mixed
/// offsets, sizes and strides; a null `resultType` builds no result.
Value buildSliceOp(OpBuilder &b, Location loc, std::string_view name, Type resultType, ValueRange leading,
                   const SliceParts &parts, ArrayRef<NamedAttribute> extraAttrs = {});
/// tensor.cast %source to `type`.
Value buildTensorCast(OpBuilder &b, Location loc, Type type, Value source);

} // namespace utils
} // namespace tensor
} // namespace lamina
