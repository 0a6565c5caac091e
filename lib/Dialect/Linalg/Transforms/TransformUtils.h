//===- TransformUtils.h - Helpers shared by the linalg transforms ---------===//
//
// What the linalg patterns share: building a linalg.generic from its parts
// (MLIR's GenericOp::build), small queries of the LinalgOp interface that
// MLIR has as interface methods (hasIndexSemantics, canOpOperandsBeDropped),
// and the ops of other dialects the patterns create (affine.apply,
// tensor.dim, tensor.empty, index constants).
//
#pragma once

#include "lamina/Dialect/Linalg/LinalgDialect.h"
#include "lamina/IR/AffineMap.h"
#include "lamina/IR/OpFoldResult.h"
#include "lamina/IR/PatternMatch.h"

#include <string_view>
#include <vector>

namespace lamina {
namespace linalg {

/// The parts of a linalg.generic to build.
struct GenericOpParts {
  std::vector<Type> resultTypes;
  std::vector<Value> inputs;
  std::vector<Value> outputs;
  std::vector<AffineMap> indexingMaps;
  ArrayAttr iteratorTypes;
  StringAttr doc;
  StringAttr libraryCall;
};

/// Creates a linalg.generic at the insertion point with an empty region
/// (no block), as GenericOp::build without a body builder.
Operation *createGenericOp(OpBuilder &builder, Location loc, const GenericOpParts &parts);

/// As createGenericOp, with an entry block whose arguments have the element
/// type of each operand (the block MLIR's builder makes for a body builder).
Operation *createGenericOpWithBlock(OpBuilder &builder, Location loc, const GenericOpParts &parts);

/// Whether the body of `op` contains a linalg.index.
bool hasIndexSemantics(LinalgOp op);

/// MLIR's concatAffineMaps: the results of every map over the largest
/// domain among them.
AffineMap concatAffineMaps(ArrayRef<AffineMap> maps, MLIRContext *ctx);

/// LinalgOp::canOpOperandsBeDropped: whether the loop bounds remain
/// computable from the operands not in `dropped` (operand numbers).
bool canOpOperandsBeDropped(LinalgOp op, ArrayRef<unsigned> dropped);

/// The init operand tied to result `resultNumber`.
inline unsigned getInitOperandNumber(LinalgOp op, unsigned resultNumber) {
  return op.getNumDpsInputs() + resultNumber;
}

/// An `arith.constant` of index type.
Value createIndexConstant(OpBuilder &builder, Location loc, int64_t value);
/// tensor::getMixedSizes (tensor.dim, folded where it folds, for the dynamic
/// sizes, attributes for the static ones).
std::vector<OpFoldResult> getMixedSizes(OpBuilder &builder, Location loc, Value tensor);
/// A tensor.empty of the given sizes and element type.
Value createEmptyTensor(OpBuilder &builder, Location loc, ArrayRef<OpFoldResult> sizes, Type elementType);
/// The size of each loop of `op` (createLoopRanges on projected
/// permutations): the first operand dimension indexed by the loop alone,
/// static or a new tensor.dim/memref.dim.
std::vector<OpFoldResult> getLoopSizes(OpBuilder &b, Location loc, LinalgOp op);
/// Reassociation groups of tensor/memref expand_shape and collapse_shape.
using Reassociation = std::vector<std::vector<int64_t>>;
/// The reassociation groups of an expand_shape / collapse_shape (empty if
/// it has none).
Reassociation getReassociation(Operation *reshape);
/// The `reassociation` attribute of `reassociation` (arrays of i64).
ArrayAttr getReassociationAttr(OpBuilder &b, const Reassociation &reassociation);
/// Whether `op` is non-null and named `name`.
inline bool isNamed(Operation *op, std::string_view name) { return op && op->getName().getStringRef() == name; }

/// An affine.apply of `map` to `operands`.
Value createAffineApply(OpBuilder &builder, Location loc, AffineMap map, ArrayRef<Value> operands);

} // namespace linalg
} // namespace lamina
