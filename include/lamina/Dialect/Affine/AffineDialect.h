//===- AffineDialect.h - The affine dialect: loops, conditionals, accesses -===//
#pragma once

#include "lamina/IR/AffineMap.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/Dialect.h"
#include "lamina/IR/IntegerSet.h"
#include "lamina/IR/Op.h"
#include "lamina/Support/SmallVector.h"

namespace lamina {

/// `affine`: affine.apply, for, if, load, store, min, max, parallel,
/// prefetch, yield, vector_load, vector_store, dma_start, dma_wait,
/// delinearize_index, linearize_index.
class AffineDialect : public Dialect {
public:
  explicit AffineDialect(MLIRContext *ctx);
  ~AffineDialect() override;
  static constexpr std::string_view getDialectNamespace() { return "affine"; }

  /// `ub.poison` for a poison attribute, else an `arith.constant`.
  Operation *materializeConstant(OpBuilder &builder, Attribute value, Type type, Location loc) override;
};

namespace affine {

//===----------------------------------------------------------------------===//
// Op classes
//===----------------------------------------------------------------------===//

/// `%r = affine.apply #map(%d)[%s]`.
class AffineApplyOp : public Op<AffineApplyOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "affine.apply"; }
  AffineMap getMap() const;
};

/// `affine.for %i = lb to ub step s iter_args(...) -> (...) { ... }`.
class AffineForOp : public Op<AffineForOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "affine.for"; }
  AffineMap getLowerBoundMap() const;
  AffineMap getUpperBoundMap() const;
  OperandRange getLowerBoundOperands() const;
  OperandRange getUpperBoundOperands() const;
  OperandRange getInits() const;
  /// The step (1 if the attribute is missing).
  int64_t getStepAsInt() const;
  /// The induction variable (the body's first argument).
  Value getInductionVar() const;
};

/// `affine.if #set(%d)[%s] -> types { ... } else { ... }`.
class AffineIfOp : public Op<AffineIfOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "affine.if"; }
  /// The `condition` integer set (null if missing).
  IntegerSet getIntegerSet() const;
};

/// `%v = affine.load %A[%i + 1, symbol(%n)] : memref<...>`.
class AffineLoadOp : public Op<AffineLoadOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "affine.load"; }
};

/// `affine.store %v, %A[...] : memref<...>`.
class AffineStoreOp : public Op<AffineStoreOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "affine.store"; }
};

/// `%r = affine.min #map(%d)[%s]`.
class AffineMinOp : public Op<AffineMinOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "affine.min"; }
};

/// `%r = affine.max #map(%d)[%s]`.
class AffineMaxOp : public Op<AffineMaxOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "affine.max"; }
};

/// `affine.parallel (%i, %j) = (0, 0) to (%n, 10) step (1, 2) { ... }`.
class AffineParallelOp : public Op<AffineParallelOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "affine.parallel"; }
};

/// `affine.prefetch %A[...], read, locality<3>, data : memref<...>`.
class AffinePrefetchOp : public Op<AffinePrefetchOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "affine.prefetch"; }
};

/// `affine.yield %v : type`.
class AffineYieldOp : public Op<AffineYieldOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "affine.yield"; }
};

/// `%v = affine.vector_load %A[...] : memref<...>, vector<...>`.
class AffineVectorLoadOp : public Op<AffineVectorLoadOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "affine.vector_load"; }
};

/// `affine.vector_store %v, %A[...] : memref<...>, vector<...>`.
class AffineVectorStoreOp : public Op<AffineVectorStoreOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "affine.vector_store"; }
};

/// `affine.dma_start %src[...], %dst[...], %tag[...], %n : types`.
class AffineDmaStartOp : public Op<AffineDmaStartOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "affine.dma_start"; }
};

/// `affine.dma_wait %tag[...], %n : memref<...>`.
class AffineDmaWaitOp : public Op<AffineDmaWaitOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "affine.dma_wait"; }
};

/// `%r:2 = affine.delinearize_index %i into (%a, 4) : index, index`.
class AffineDelinearizeIndexOp : public Op<AffineDelinearizeIndexOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "affine.delinearize_index"; }
};

/// `%r = affine.linearize_index disjoint [%a, %b] by (2, 3) : index`.
class AffineLinearizeIndexOp : public Op<AffineLinearizeIndexOp> {
public:
  using Op::Op;
  static constexpr std::string_view getOperationName() { return "affine.linearize_index"; }
};

//===----------------------------------------------------------------------===//
// Dimension and symbol rules
//===----------------------------------------------------------------------===//

/// Whether `op` starts an affine scope: it has the AffineScope trait, or it
/// is an op Lamina leaves unregistered that mlir-opt registers with that
/// trait (`llvm.func`, `gpu.launch`, `test.affine_scope`, ...).
bool isAffineScopeOp(Operation *op);

/// The region of the closest ancestor of `op` that starts an affine scope
/// (the region that holds `op`'s ancestor), or null.
Region *getAffineScope(Operation *op);

/// Whether `value` is defined at the top level of `region` or is one of its
/// arguments.
bool isTopLevelValue(Value value, Region *region);
/// Whether `value` is defined (or is an argument) directly in a region of an
/// op that starts an affine scope.
bool isTopLevelValue(Value value);

/// MLIR's affine::isValidDim(value, region): `value` may be bound to a
/// dimension of an affine map in `region` (the affine scope).
bool isValidDim(Value value, Region *region);
/// MLIR's affine::isValidSymbol(value, region).
bool isValidSymbol(Value value, Region *region);

/// Whether `value` is the induction variable of an affine.for or one of an
/// affine.parallel.
bool isAffineInductionVar(Value value);
/// The affine.for whose induction variable `value` is, or null.
Operation *getForInductionVarOwner(Value value);

/// MLIR's region-less affine::isValidDim(value) / isValidSymbol(value): the
/// rules applied in the affine scope of the value's definition (a value
/// defined at the top level of an affine scope is always a symbol).
bool isValidDim(Value value);
bool isValidSymbol(Value value);

//===----------------------------------------------------------------------===//
// Map and set composition (AffineComposition.cpp)
//===----------------------------------------------------------------------===//

/// MLIR's canonicalizeMapAndOperands: dims that are valid symbols become
/// symbols, symbols that are only valid dims become dims, unused and
/// duplicate operands are dropped and constant symbols are folded into the
/// map. `operands` holds the map's dim operands, then its symbol operands.
void canonicalizeMapAndOperands(AffineMap *map, SmallVectorImpl<Value> *operands);
/// The same for an integer set.
void canonicalizeSetAndOperands(IntegerSet *set, SmallVectorImpl<Value> *operands);
/// MLIR's composeAffineMapAndOperands: substitutes the maps of the
/// affine.apply ops that produce operands (repeatedly), then canonicalizes
/// and simplifies.
void composeAffineMapAndOperands(AffineMap *map, SmallVectorImpl<Value> *operands);
/// Composes until no operand comes from an affine.apply.
void fullyComposeAffineMapAndOperands(AffineMap *map, SmallVectorImpl<Value> *operands);
/// Composes the affine.apply ops feeding `operands` into the constraints of
/// `set` (a no-op if none does).
void composeSetAndOperands(IntegerSet &set, SmallVectorImpl<Value> &operands);
/// MLIR's simplifyMapWithOperands: simplifies floordiv/ceildiv/mod results
/// using the constant bounds and steps of the affine.for loops whose
/// induction variables are among `operands`.
void simplifyMapWithOperands(AffineMap &map, ArrayRef<Value> operands);
/// MLIR's simplifyMinOrMaxExprWithOperands: drops the results of a min
/// (`isMax` false) or max map that loop bounds prove redundant, and turns
/// results with equal bounds into constants.
void simplifyMinOrMaxExprWithOperands(AffineMap &map, ArrayRef<Value> operands, bool isMax);

} // namespace affine
} // namespace lamina
