//===- AffineAnalysis.h - Iteration domains and memref dependences --------===//
//
// MLIR's affine analyses on top of IntegerConstraints: the iteration domain
// of an op (the constraints of its enclosing affine.for / affine.if /
// affine.parallel ops), memref accesses and the dependence check between two
// of them (MLIR's checkMemrefAccessDependence, with direction vectors).
//
#pragma once

#include "lamina/Analysis/IntegerConstraints.h"
#include "lamina/Dialect/Affine/AffineDialect.h"
#include "lamina/IR/AffineMap.h"
#include "lamina/IR/IntegerSet.h"
#include "lamina/IR/OpFoldResult.h"
#include "lamina/Support/LogicalResult.h"
#include "lamina/Support/SmallVector.h"

#include <optional>
#include <vector>

namespace lamina {
namespace affine {

/// Adds the bounds of `forOp` on its induction variable (a dim of `cst`):
/// constant or map bounds, and a stride equality for a step over 1 with a
/// constant lower bound. Fails on bounds it cannot flatten.
LogicalResult addAffineForOpDomain(IntegerConstraints &cst, AffineForOp forOp);
/// Adds the bounds of the induction variables of an affine.parallel.
LogicalResult addAffineParallelOpDomain(IntegerConstraints &cst, Operation *parallelOp);
/// Adds the constraints of an affine.if's integer set (the then branch).
LogicalResult addAffineIfOpDomain(IntegerConstraints &cst, AffineIfOp ifOp);

/// Flattens `exprs` (over `numDims` dims and `numSymbols` symbols bound to
/// the columns `operandCols` of `cst`) into rows over the columns of `cst`,
/// adding their divisions to `cst` as locals. Fails on semi-affine exprs.
LogicalResult flattenIntoSystem(IntegerConstraints &cst, ArrayRef<AffineExpr> exprs, unsigned numDims,
                                unsigned numSymbols, ArrayRef<unsigned> operandCols,
                                std::vector<std::vector<int64_t>> &rows);

/// Adds `pos` >= each result of `map` (LB), `pos` <= each result - 1 (UB,
/// exclusive unless `closed`) or `pos` == each result (EQ); the operands become dims or
/// symbols of `cst` (new symbols if not yet there), divisions become locals.
LogicalResult addBoundFromMap(IntegerConstraints &cst, BoundType type, unsigned pos, AffineMap map,
                              ArrayRef<Value> operands, bool closed = false);

/// MLIR's simplifyIntegerSet: the canonical empty set if the constraint
/// system proves `set` empty, else the set without trivially redundant
/// constraints (unchanged if it has divisions or mods that stay).
IntegerSet simplifyIntegerSet(IntegerSet set);

/// The affine.for / affine.if (then branch) / affine.parallel ops around
/// `op` up to its affine analysis scope, outermost first.
void getEnclosingAffineOps(Operation &op, SmallVectorImpl<Operation *> *ops);
/// The iteration domain of `ops` (getEnclosingAffineOps' list): one dim per
/// induction variable, in order, then their constraints.
LogicalResult getIndexSet(ArrayRef<Operation *> ops, IntegerConstraints *domain);
/// The iteration domain of `op`.
LogicalResult getOpIndexSet(Operation *op, IntegerConstraints *domain);

/// The affine.for ops around `op`, outermost first.
void getAffineForIVs(Operation &op, SmallVectorImpl<Operation *> *loops);
/// How many affine.for ops surround both `a` and `b`.
unsigned getNumCommonSurroundingLoops(Operation &a, Operation &b);

/// The innermost region that holds `op` and whose parent op is not an
/// affine.for / affine.if / affine.parallel (MLIR's getAffineAnalysisScope).
Region *getAffineAnalysisScope(Operation *op);

/// A load or store through an affine map.
struct MemRefAccess {
  Value memref;
  Operation *opInst;
  SmallVector<Value, 4> indices;

  explicit MemRefAccess(Operation *op);
  bool isStore() const;
  /// The access map, composed with the affine.apply ops feeding it,
  /// simplified and canonicalized, and its operands.
  void getAccessMap(AffineMap *map, SmallVectorImpl<Value> *operands) const;
};

/// The region of a memref a load or store touches (MLIR's MemRefRegion at
/// loop depth 0): constraints over [memref dims, symbols], every loop IV and
/// local projected out.
struct MemRefRegion {
  Value memref;
  IntegerConstraints cst;
};

/// MLIR's MemRefRegion::compute(op, /*loopDepth=*/0): the access function
/// over the iteration domain, the IVs and locals eliminated, constant
/// symbols folded; with `addMemRefDimBounds`, each index is also bounded by
/// the memref's static shape.
LogicalResult computeMemRefRegion(Operation *op, MemRefRegion &region, bool addMemRefDimBounds = true);

/// Adds the bound of `map` (whose dims and symbols are those of `cst`) on
/// `pos`: pos >= results (LB), pos < results (UB), pos == result (EQ).
LogicalResult addAlignedBound(IntegerConstraints &cst, BoundType type, unsigned pos, AffineMap map);

/// MLIR's addLoopRangeConstraints: `iv` as a new dim, `lb` and `ub` as new
/// symbols (set to their values when constant; a static bound is an
/// IntegerAttr), lb <= iv and iv below the last iteration's value + 1. Fails
/// on a non-constant `step`.
LogicalResult addLoopRangeConstraints(IntegerConstraints &cst, Value iv, OpFoldResult lb, OpFoldResult ub,
                                      OpFoldResult step);

/// MLIR's simplifyConstrainedMinMaxOp: if `constraints` (over the values
/// they carry) prove the affine.min/max `op` equal to a single bound, that
/// bound as a map and its operands.
FailureOr<std::pair<AffineMap, std::vector<Value>>> simplifyConstrainedMinMaxOp(Operation *op,
                                                                                IntegerConstraints constraints);

/// A component of a dependence direction vector: the loop and the bounds of
/// the distance (dst iteration - src iteration) along it.
struct DependenceComponent {
  Operation *op = nullptr;
  std::optional<int64_t> lb, ub;
};

enum class DependenceResult { HasDependence, NoDependence, Failure };

/// Whether `dstAccess` may access what `srcAccess` accessed earlier, with
/// the accesses ordered at `loopDepth` (1-based; up to the number of common
/// loops + 1). Fills the direction vector if asked and there is one.
DependenceResult checkMemrefAccessDependence(const MemRefAccess &srcAccess, const MemRefAccess &dstAccess,
                                             unsigned loopDepth,
                                             std::vector<DependenceComponent> *dependenceComponents = nullptr,
                                             bool allowRAR = false);

} // namespace affine
} // namespace lamina
