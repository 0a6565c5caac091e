//===- TransformMoreExtensionOps.cpp - Hand-written parts of extensions ---===//
//
// The members MLIR writes by hand for the transform ops of the nvgpu, IRDL,
// SMT and DLTI extensions and of the PDL extension (pdl_match,
// with_pdl_patterns): memory effects and with_pdl_patterns' verifier.
// constrain_params' verifier accepts every op (partial).
//
#include "lamina/Dialect/Transform/TransformDialect.h"

#include "lamina/Dialect/Transform/DLTITransformOps.gen.h"
#include "lamina/Dialect/Transform/IRDLExtensionOps.gen.h"
#include "lamina/Dialect/Transform/NVGPUTransformOps.gen.h"
#include "lamina/Dialect/Transform/PDLExtensionOps.gen.h"
#include "lamina/Dialect/Transform/SMTExtensionOps.gen.h"

using namespace lamina;
using namespace lamina::transform;

// nvgpu
void CreateAsyncGroupsOp::getEffects(EffectList &effects) {
  consumesHandle(state, 0, 1, effects);
  producesResults(state, effects);
  modifiesPayload(effects);
}

// irdl
void IRDLCollectMatchingOp::getEffects(EffectList &effects) {
  onlyReadsOperands(state, effects);
  producesResults(state, effects);
  onlyReadsPayload(effects);
}

LogicalResult IRDLCollectMatchingOp::verify() { return success(); }

// pdl
void PDLMatchOp::getEffects(EffectList &effects) {
  onlyReadsOperands(state, effects);
  producesResults(state, effects);
  onlyReadsPayload(effects);
}

void WithPDLPatternsOp::getEffects(EffectList &effects) {
  Region &body = state->getRegion(0);
  if (body.empty()) {
    onlyReadsOperands(state, effects);
    return;
  }
  getPotentialTopLevelEffects(state, state->getNumOperands() ? state->getOperand(0) : Value(), body.front(),
                              effects);
}

LogicalResult WithPDLPatternsOp::verify() {
  Region &region = state->getRegion(0);
  if (region.empty())
    return success();
  Operation *topLevelOp = nullptr;
  for (Operation &op : region.front()) {
    if (op.getName().getStringRef() == "pdl.pattern")
      continue;
    if (op.hasTrait<PossibleTopLevelTransformOpTraitTag>()) {
      if (topLevelOp) {
        InFlightDiagnostic diag = emitOpError() << "expects only one non-pattern op in its body";
        diag.attachNote(topLevelOp->getLoc()) << "first non-pattern op";
        diag.attachNote(op.getLoc()) << "second non-pattern op";
        return diag;
      }
      topLevelOp = &op;
      continue;
    }
    InFlightDiagnostic diag = emitOpError() << "expects only pattern and top-level transform ops in its body";
    diag.attachNote(op.getLoc()) << "offending op";
    return diag;
  }
  for (Operation *parent = state->getParentOp(); parent; parent = parent->getParentOp()) {
    if (!isa<WithPDLPatternsOp>(parent))
      continue;
    InFlightDiagnostic diag = emitOpError() << "cannot be nested";
    diag.attachNote(parent->getLoc()) << "parent operation";
    return diag;
  }
  if (!topLevelOp)
    return emitOpError() << "expects at least one non-pattern op";
  return success();
}

// smt
void ConstrainParamsOp::getEffects(EffectList &effects) {
  onlyReadsOperands(state, effects);
  producesResults(state, effects);
}

LogicalResult ConstrainParamsOp::verify() { return success(); }

// dlti
void QueryOp::getEffects(EffectList &effects) {
  onlyReadsOperands(state, effects);
  producesResults(state, effects);
  onlyReadsPayload(effects);
}
