//===- TransformUtils.cpp - Helpers of the memref passes ------------------===//
#include "TransformUtils.h"

#include "../MemRefFoldUtils.h"

#include "lamina/Dialect/Affine/AffineDialect.h"
#include "lamina/IR/Builders.h"
#include "lamina/IR/Matchers.h"

using namespace lamina;

/// MLIR's makeComposedFoldedAffineApply of the single-result `map`: attribute
/// operands folded into the map, the affine.apply ops producing operands
/// composed in; the affine.apply is kept (and the rewriter told) unless it
/// folds.
OpFoldResult memref::composedFoldedApply(PatternRewriter &rewriter, Location loc, AffineMap map,
                                 ArrayRef<OpFoldResult> operands) {
  MLIRContext *ctx = rewriter.getContext();
  std::vector<AffineExpr> dimReplacements, symReplacements;
  SmallVector<Value, 4> values;
  unsigned numDims = 0, numSymbols = 0;
  for (unsigned i = 0; i < map.getNumDims(); ++i) {
    if (Attribute attr = operands[i].getAttribute()) {
      dimReplacements.push_back(getAffineConstantExpr(cast<IntegerAttr>(attr).getInt(), ctx));
    } else {
      dimReplacements.push_back(getAffineDimExpr(numDims++, ctx));
      values.push_back(operands[i].getValue());
    }
  }
  SmallVector<Value, 4> symbolValues;
  for (unsigned i = 0; i < map.getNumSymbols(); ++i) {
    OpFoldResult ofr = operands[map.getNumDims() + i];
    if (Attribute attr = ofr.getAttribute()) {
      symReplacements.push_back(getAffineConstantExpr(cast<IntegerAttr>(attr).getInt(), ctx));
    } else {
      symReplacements.push_back(getAffineSymbolExpr(numSymbols++, ctx));
      symbolValues.push_back(ofr.getValue());
    }
  }
  for (Value v : symbolValues)
    values.push_back(v);
  AffineMap folded = map.replaceDimsAndSymbols(dimReplacements, symReplacements, numDims, numSymbols);
  affine::composeAffineMapAndOperands(&folded, &values);

  // Built without the rewriter's listener: the op is only announced if kept.
  OpBuilder builder(ctx);
  builder.setInsertionPoint(rewriter.getInsertionBlock(), rewriter.getInsertionPoint());
  OperationState state(loc, "affine.apply");
  for (Value v : values)
    state.addOperand(v);
  state.addAttribute("map", AffineMapAttr::get(folded));
  state.addType(builder.getIndexType());
  Operation *apply = builder.create(state);
  std::vector<Attribute> constants(apply->getNumOperands());
  for (unsigned i = 0; i < apply->getNumOperands(); ++i)
    (void)matchConstant(apply->getOperand(i), &constants[i]);
  SmallVector<OpFoldResult, 1> results;
  if (failed(apply->fold(constants, results)) || results.empty()) {
    if (OpBuilder::Listener *listener = rewriter.getListener())
      listener->notifyOperationInserted(apply, {});
    return apply->getResult(0);
  }
  OpFoldResult result = results[0];
  apply->erase();
  return result;
}

/// getValueOrCreateConstantIndexOp.
Value memref::valueOrConstant(PatternRewriter &rewriter, Location loc, OpFoldResult ofr) {
  if (Value v = ofr.getValue())
    return v;
  return utils::buildConstantIndex(rewriter, loc, cast<IntegerAttr>(ofr.getAttribute()).getInt());
}

