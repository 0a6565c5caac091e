//===- TransformExtensionOps.cpp - Hand-written parts of small extensions -===//
//
// The members MLIR writes by hand for the transform ops of the affine,
// bufferization, func, gpu, memref and scf extensions and of the loop
// extension: their memory effects and verifiers. Verifiers whose checks
// need the interpreter's machinery accept every op (see the README).
//
#include "lamina/Dialect/Transform/TransformDialect.h"

#include "lamina/Dialect/Transform/AffineTransformOps.gen.h"
#include "lamina/Dialect/Transform/BufferizationTransformOps.gen.h"
#include "lamina/Dialect/Transform/FuncTransformOps.gen.h"
#include "lamina/Dialect/Transform/GPUTransformOps.gen.h"
#include "lamina/Dialect/Transform/LoopExtensionOps.gen.h"
#include "lamina/Dialect/Transform/MemRefTransformOps.gen.h"
#include "lamina/Dialect/Transform/SCFTransformOps.gen.h"

using namespace lamina;
using namespace lamina::transform;

/// The target (first operand) consumed, other operands read, results
/// produced, payload modified.
static void consumesTarget(Operation *op, EffectList &effects) {
  consumesHandle(op, 0, 1, effects);
  onlyReadsHandle(op, 1, op->getNumOperands() ? op->getNumOperands() - 1 : 0, effects);
  producesResults(op, effects);
  modifiesPayload(effects);
}

/// Every operand read, results produced, payload modified.
static void readsTarget(Operation *op, EffectList &effects) {
  onlyReadsOperands(op, effects);
  producesResults(op, effects);
  modifiesPayload(effects);
}

// affine
void SimplifyBoundedAffineOpsOp::getEffects(EffectList &effects) {
  consumesHandle(state, 0, 1, effects);
  onlyReadsHandle(state, 1, state->getNumOperands() - 1, effects);
  modifiesPayload(effects);
}
void SimplifyMinMaxAffineOpsOp::getEffects(EffectList &effects) { consumesTarget(state, effects); }

LogicalResult SimplifyBoundedAffineOpsOp::verify() {
  auto lbs = dyn_cast_or_null<DenseI64ArrayAttr>(state->getAttr("lower_bounds"));
  auto ubs = dyn_cast_or_null<DenseI64ArrayAttr>(state->getAttr("upper_bounds"));
  OperandRange boundedValues = ods::getODSOperands(state, 1);
  size_t numLbs = lbs ? lbs.size() : 0, numUbs = ubs ? ubs.size() : 0;
  if (numLbs != boundedValues.size())
    return emitOpError() << "incorrect number of lower bounds, expected " << boundedValues.size() << " but found "
                         << numLbs;
  if (numUbs != boundedValues.size())
    return emitOpError() << "incorrect number of upper bounds, expected " << boundedValues.size() << " but found "
                         << numUbs;
  return success();
}

// bufferization
void BufferLoopHoistingOp::getEffects(EffectList &effects) { readsTarget(state, effects); }
void EliminateEmptyTensorsOp::getEffects(EffectList &effects) { readsTarget(state, effects); }

LogicalResult OneShotBufferizeOp::verify() {
  if (state->getAttr("function_boundary_type_conversion") && !state->getAttr("bufferize_function_boundaries"))
    return emitOpError() << "function_boundary_type_conversion requires bufferize_function_boundaries";
  return success();
}

// func
void CastAndCallOp::getEffects(EffectList &effects) { readsTarget(state, effects); }
void DeduplicateFuncArgsOp::getEffects(EffectList &effects) { consumesTarget(state, effects); }
void ReplaceFuncSignatureOp::getEffects(EffectList &effects) { consumesTarget(state, effects); }
LogicalResult CastAndCallOp::verify() {
  if (!state->getAttr("function_name") && ods::getODSOperands(state, 3).empty())
    return emitOpError() << "expected a function handle or name to call";
  if (state->getAttr("function_name") && !ods::getODSOperands(state, 3).empty())
    return emitOpError() << "function handle and name are mutually exclusive";
  return success();
}

// gpu
LogicalResult MapForallToBlocks::verify() {
  auto grid = dyn_cast_or_null<DenseI64ArrayAttr>(state->getAttr("grid_dims"));
  if (grid && !grid.empty() && grid.size() != 3)
    return emitOpError() << "transform requires empty or size-3 grid_dims";
  return success();
}

// loop extension
void HoistLoopInvariantSubsetsOp::getEffects(EffectList &effects) {
  onlyReadsOperands(state, effects);
  modifiesPayload(effects);
}

// memref
void MemRefAllocaToGlobalOp::getEffects(EffectList &effects) { consumesTarget(state, effects); }
void MemRefEraseDeadAllocAndStoresOp::getEffects(EffectList &effects) {
  onlyReadsOperands(state, effects);
  modifiesPayload(effects);
}

// scf
void LoopPromoteIfOneIterationOp::getEffects(EffectList &effects) {
  consumesHandle(state, 0, 1, effects);
  modifiesPayload(effects);
}
void TakeAssumedBranchOp::getEffects(EffectList &effects) {
  onlyReadsOperands(state, effects);
  modifiesPayload(effects);
}
