//===- InferIntRangeCommon.h - Range inference of common integer ops -----===//
//
// MLIR's intrange utilities: the ranges of the results of the integer
// operations arith and index share (add, mul, div, rem, min/max, bitwise,
// shifts, extensions, comparisons), as functions of the operand ranges.
//
#pragma once

#include "lamina/Interfaces/InferIntRangeInterface.h"

#include <functional>
#include <optional>

namespace lamina {
namespace intrange {

/// The widths index values may have (32 or 64 bits).
static constexpr unsigned indexMinWidth = 32;
static constexpr unsigned indexMaxWidth = 64;

/// Overflow assumptions (nsw/nuw).
enum class OverflowFlags : uint32_t { None = 0, Nsw = 1, Nuw = 2 };
inline OverflowFlags operator|(OverflowFlags a, OverflowFlags b) { return OverflowFlags(uint32_t(a) | uint32_t(b)); }
inline bool any(OverflowFlags f) { return f != OverflowFlags::None; }
inline OverflowFlags operator&(OverflowFlags a, OverflowFlags b) { return OverflowFlags(uint32_t(a) & uint32_t(b)); }

/// The comparison predicates, in arith.cmpi's order.
enum class CmpPredicate : uint64_t { eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge };
/// Which bounds an index comparison needs to agree at 32 and 64 bits.
enum class CmpMode : uint32_t { Both, Signed, Unsigned };

using InferRangeFn = std::function<ConstantIntRanges(ArrayRef<ConstantIntRanges>)>;

/// Infers an index op at both index widths and merges the results when they
/// disagree.
ConstantIntRanges inferIndexOp(const InferRangeFn &inferFn, ArrayRef<ConstantIntRanges> argRanges, CmpMode mode);

ConstantIntRanges extRange(const ConstantIntRanges &range, unsigned destWidth);
ConstantIntRanges extUIRange(const ConstantIntRanges &range, unsigned destWidth);
ConstantIntRanges extSIRange(const ConstantIntRanges &range, unsigned destWidth);
ConstantIntRanges truncRange(const ConstantIntRanges &range, unsigned destWidth);

ConstantIntRanges inferAdd(ArrayRef<ConstantIntRanges> argRanges, OverflowFlags ovfFlags = OverflowFlags::None);
ConstantIntRanges inferSub(ArrayRef<ConstantIntRanges> argRanges, OverflowFlags ovfFlags = OverflowFlags::None);
ConstantIntRanges inferMul(ArrayRef<ConstantIntRanges> argRanges, OverflowFlags ovfFlags = OverflowFlags::None);
ConstantIntRanges inferDivS(ArrayRef<ConstantIntRanges> argRanges);
ConstantIntRanges inferDivU(ArrayRef<ConstantIntRanges> argRanges);
ConstantIntRanges inferCeilDivS(ArrayRef<ConstantIntRanges> argRanges);
ConstantIntRanges inferCeilDivU(ArrayRef<ConstantIntRanges> argRanges);
ConstantIntRanges inferFloorDivS(ArrayRef<ConstantIntRanges> argRanges);
ConstantIntRanges inferRemS(ArrayRef<ConstantIntRanges> argRanges);
ConstantIntRanges inferRemU(ArrayRef<ConstantIntRanges> argRanges);
ConstantIntRanges inferMaxS(ArrayRef<ConstantIntRanges> argRanges);
ConstantIntRanges inferMaxU(ArrayRef<ConstantIntRanges> argRanges);
ConstantIntRanges inferMinS(ArrayRef<ConstantIntRanges> argRanges);
ConstantIntRanges inferMinU(ArrayRef<ConstantIntRanges> argRanges);
ConstantIntRanges inferAnd(ArrayRef<ConstantIntRanges> argRanges);
ConstantIntRanges inferOr(ArrayRef<ConstantIntRanges> argRanges);
ConstantIntRanges inferXor(ArrayRef<ConstantIntRanges> argRanges);
ConstantIntRanges inferShl(ArrayRef<ConstantIntRanges> argRanges, OverflowFlags ovfFlags = OverflowFlags::None);
ConstantIntRanges inferShrS(ArrayRef<ConstantIntRanges> argRanges);
ConstantIntRanges inferShrU(ArrayRef<ConstantIntRanges> argRanges);

/// Whether `lhs pred rhs` is known true or false for every value in the
/// ranges.
std::optional<bool> evaluatePred(CmpPredicate pred, const ConstantIntRanges &lhs, const ConstantIntRanges &rhs);

} // namespace intrange
} // namespace lamina
