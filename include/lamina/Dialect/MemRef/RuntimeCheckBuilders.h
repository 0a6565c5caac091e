//===- RuntimeCheckBuilders.h - Pieces of runtime verification IR ---------===//
//
// The ops that RuntimeVerifiableOpInterface implementations build in front
// of the op they check (MLIR's RuntimeOpVerification.cpp files of memref and
// tensor): index constants, arith comparisons and logic, dims, bounds
// checks, scf.if yielding an i1, and the cf.assert that ends each check.
// Each builder says whether it folds (createOrFold) or always creates, as
// MLIR's code does at that place: the difference shows in the output.
//
#pragma once

#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/IR/Builders.h"

#include <string>
#include <string_view>

namespace lamina {
namespace rtcheck {

/// arith.constant of index type.
Value constantIndex(OpBuilder &b, Location loc, int64_t value);
/// `name %lhs, %rhs` with the operands' type (arith.andi, arith.subi, ...).
Value binary(OpBuilder &b, Location loc, std::string_view name, Value lhs, Value rhs, bool fold);
/// arith.cmpi `pred` %lhs, %rhs.
Value cmpi(OpBuilder &b, Location loc, arith::CmpIPredicate pred, Value lhs, Value rhs, bool fold);
/// `dimOpName %source, %c` of static dimension `dim` (the index constant is
/// created first, as the dim ops' int64_t builders do).
Value dimOf(OpBuilder &b, Location loc, std::string_view dimOpName, Value source, int64_t dim, bool fold);
/// A single-result op on `operand` with an index result (memref.rank, ...).
Value indexQuery(OpBuilder &b, Location loc, std::string_view name, Value operand);
/// cf.assert %condition, "message".
void assertThat(OpBuilder &b, Location loc, Value condition, const std::string &message);
/// lb <= value < ub, every op created or folded (generateInBoundsCheck).
Value inBounds(OpBuilder &b, Location loc, Value value, Value lb, Value ub);
/// The value of a mixed offset/size/stride (getValueOrCreateConstantIndexOp).
Value valueOf(OpBuilder &b, Location loc, OpFoldResult ofr);
/// `%r = scf.if %cond -> (i1)` whose regions `thenBody` and `elseBody` fill
/// (each returns the value to yield).
Value ifYieldingI1(OpBuilder &b, Location loc, Value cond, function_ref<Value(OpBuilder &)> thenBody,
                   function_ref<Value(OpBuilder &)> elseBody);

/// The checks of a slice (memref.subview, tensor.extract_slice) along one
/// dimension of size `dimSize`: an empty slice's offset in [0, dimSize],
/// another's in [0, dimSize), then the last position offset + (size - 1) *
/// stride in [0, dimSize) unless the slice is empty; `what` names the
/// second check ("subview", "extract_slice").
void checkSliceDimension(OpBuilder &b, Location loc, Operation *op, int64_t dim, Value offset, Value size,
                         Value stride, Value dimSize, Value zero, Value one, std::string_view what,
                         function_ref<std::string(Operation *, std::string_view)> message);

} // namespace rtcheck
} // namespace lamina
