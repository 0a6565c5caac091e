//===- AffineFlattening.h - Flat forms of affine expressions with locals --===//
//
// The flattening of several affine expressions at once, with the division
// each local variable stands for: what constraint systems need to add the
// locals' bounds (MLIR's getFlattenedAffineExprs with a local constraint
// system). Implemented with the flattener of AffineSimplify.cpp.
//
#pragma once

#include "lamina/IR/AffineExpr.h"

#include <cstdint>
#include <vector>

namespace lamina {

/// A local variable of a flat form: `dividend floordiv divisor`, the
/// dividend over [dims, symbols, locals, constant].
struct FlatLocalDivision {
  std::vector<int64_t> dividend;
  int64_t divisor;
};

/// Flattens pure affine `exprs` together (sharing their locals, as MLIR's
/// getFlattenedAffineExprs), each into [dims, symbols, locals, constant],
/// and gives the division each local stands for. Returns false on a
/// semi-affine expression or a division by a non-positive constant.
bool flattenAffineExprs(ArrayRef<AffineExpr> exprs, unsigned numDims, unsigned numSymbols,
                        std::vector<std::vector<int64_t>> &flattened, std::vector<FlatLocalDivision> &locals);

} // namespace lamina
