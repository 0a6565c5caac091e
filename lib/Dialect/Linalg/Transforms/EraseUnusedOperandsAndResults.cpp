//===- EraseUnusedOperandsAndResults.cpp - Dead generic operands ----------===//
//
// As MLIR 22's Linalg/Transforms/EraseUnusedOperandsAndResults.cpp:
// DeduplicateAndRemoveDeadOperandsAndResults rebuilds a linalg.generic
// without the inputs its body does not read, without inputs repeated with
// the same map, and (on tensors) without results nobody uses whose init the
// body does not need, as long as the loop bounds stay computable;
// RemoveUnusedCycleInGenericOp cuts `out -> op -> yield` cycles of unused
// results so that the first pattern can drop them.
//
#include "lamina/Dialect/Linalg/Passes.h"

#include "TransformUtils.h"

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinTypes.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <vector>

using namespace lamina;
using namespace lamina::linalg;

namespace {

/// Whether result `r` of `op` is dead: unused, and its init either unread
/// or only yielded back in place.
bool isResultValueDead(LinalgOp op, unsigned r) {
  Operation *generic = op.getOperation();
  if (!generic->getResult(r).use_empty())
    return false;
  unsigned init = getInitOperandNumber(op, r);
  if (!op.payloadUsesValueFromOperand(init))
    return true;
  BlockArgument outputArg = op.getBlock()->getArgument(init);
  if (!outputArg.hasOneUse())
    return false;
  Operation *user = *outputArg.getUsers().begin();
  if (!user->use_empty() || !isa<YieldOp>(user))
    return false;
  return user->getOperand(r) == outputArg;
}

bool hasPureTensorOperands(Operation *op) {
  for (Value v : op->getOperands())
    if (isa<BaseMemRefType>(v.getType()))
      return false;
  return true;
}

LogicalResult deduplicateAndRemoveDeadOperandsAndResults(Operation *genericOp, PatternRewriter &rewriter) {
  LinalgOp op(genericOp);
  Block *origBlock = op.getBlock();
  if (!origBlock)
    return failure();
  unsigned numInputs = op.getNumDpsInputs(), numInits = op.getNumDpsInits();
  std::vector<unsigned> dropped;
  std::vector<Value> newInputs, newOutputs;
  std::vector<AffineMap> newMaps;

  // Inputs: unread ones are dropped if the bounds allow, repeated ones
  // (same value and map) map to the first.
  std::map<unsigned, unsigned> insToNew;
  std::vector<std::pair<Value, AffineMap>> dedupedInputs;
  for (unsigned i = 0; i < numInputs; ++i) {
    if (!op.payloadUsesValueFromOperand(i)) {
      dropped.push_back(i);
      if (canOpOperandsBeDropped(op, dropped))
        continue;
      dropped.pop_back();
    }
    AffineMap map = op.getMatchingIndexingMap(i);
    auto key = std::make_pair(genericOp->getOperand(i), map);
    auto it = std::find(dedupedInputs.begin(), dedupedInputs.end(), key);
    if (it != dedupedInputs.end()) {
      insToNew[i] = unsigned(it - dedupedInputs.begin());
      dropped.push_back(i);
      continue;
    }
    insToNew[i] = unsigned(newInputs.size());
    dedupedInputs.push_back(key);
    newInputs.push_back(genericOp->getOperand(i));
    newMaps.push_back(map);
  }

  // Outputs.
  std::map<unsigned, unsigned> outsToNew;
  if (!hasPureTensorOperands(genericOp)) {
    for (unsigned r = 0; r < numInits; ++r) {
      outsToNew[r] = unsigned(newOutputs.size());
      newOutputs.push_back(genericOp->getOperand(numInputs + r));
      newMaps.push_back(op.getMatchingIndexingMap(numInputs + r));
    }
  } else {
    Operation *yield = origBlock->getTerminator();
    std::vector<std::tuple<Value, AffineMap, Value>> dedupedOutputs;
    for (unsigned r = 0; r < numInits; ++r) {
      unsigned init = numInputs + r;
      AffineMap map = op.getMatchingIndexingMap(init);
      auto key = std::make_tuple(genericOp->getOperand(init), map, yield->getOperand(r));
      if (isResultValueDead(op, r)) {
        dropped.push_back(init);
        if (canOpOperandsBeDropped(op, dropped))
          continue;
        dropped.pop_back();
      }
      if (!op.payloadUsesValueFromOperand(init)) {
        auto it = std::find(dedupedOutputs.begin(), dedupedOutputs.end(), key);
        if (it != dedupedOutputs.end()) {
          outsToNew[r] = unsigned(it - dedupedOutputs.begin());
          dropped.push_back(init);
          continue;
        }
      }
      outsToNew[r] = unsigned(newOutputs.size());
      dedupedOutputs.push_back(key);
      newOutputs.push_back(genericOp->getOperand(init));
      newMaps.push_back(map);
    }
  }
  if (newInputs.size() + newOutputs.size() == genericOp->getNumOperands())
    return failure();

  GenericOpParts parts;
  for (Value v : newOutputs)
    if (isa<TensorType>(v.getType()))
      parts.resultTypes.push_back(v.getType());
  parts.inputs = newInputs;
  parts.outputs = newOutputs;
  parts.indexingMaps = newMaps;
  GenericOp generic(genericOp);
  parts.iteratorTypes = generic.getIteratorTypesAttr();
  parts.doc = generic.getDocAttr();
  parts.libraryCall = generic.getLibraryCallAttr();
  Operation *newOp = createGenericOpWithBlock(rewriter, genericOp->getLoc(), parts);
  // Discardable attributes carry over.
  for (NamedAttribute attr : genericOp->getDiscardableAttrs())
    newOp->setDiscardableAttr(attr.getName(), attr.getValue());

  // The body: the old block's arguments become the kept operands'.
  Block *newBlock = &newOp->getRegion(0).front();
  std::vector<Value> replacements(origBlock->getNumArguments(), Value());
  unsigned newNumInputs = unsigned(newInputs.size());
  for (auto [orig, pos] : insToNew)
    replacements[orig] = newBlock->getArgument(pos);
  for (auto [orig, pos] : outsToNew)
    replacements[numInputs + orig] = newBlock->getArgument(newNumInputs + pos);
  if (newOutputs.size() != numInits) {
    OpBuilder::InsertionGuard guard(rewriter);
    Operation *origYield = origBlock->getTerminator();
    rewriter.setInsertionPoint(origYield);
    std::vector<Value> newYieldValues(newOutputs.size(), Value());
    for (unsigned r = 0; r < origYield->getNumOperands(); ++r) {
      auto it = outsToNew.find(r);
      if (it != outsToNew.end())
        newYieldValues[it->second] = origYield->getOperand(r);
    }
    Operation *newYield =
        rewriter.create(origYield->getLoc(), YieldOp::getOperationName(), ValueRange(newYieldValues));
    rewriter.replaceOp(origYield, newYield->getResults());
  }
  rewriter.mergeBlocks(origBlock, newBlock, ValueRange(replacements));

  std::vector<Value> resultReplacements(genericOp->getNumResults(), Value());
  for (unsigned r = 0; r < genericOp->getNumResults(); ++r) {
    auto it = outsToNew.find(r);
    if (it != outsToNew.end())
      resultReplacements[r] = newOp->getResult(it->second);
  }
  rewriter.replaceOp(genericOp, ValueRange(resultReplacements));
  return success();
}

LogicalResult removeUnusedCycleInGenericOp(Operation *genericOp, PatternRewriter &rewriter) {
  LinalgOp op(genericOp);
  if (!hasPureTensorOperands(genericOp) || !op.getBlock())
    return failure();
  bool removed = false;
  for (unsigned r = 0, e = op.getNumDpsInits(); r < e; ++r) {
    if (!genericOp->getResult(r).use_empty())
      continue;
    BlockArgument outputArg = op.getBlock()->getArgument(getInitOperandNumber(op, r));
    if (!outputArg.hasOneUse())
      continue;
    Operation *cycleOp = *outputArg.getUsers().begin();
    if (cycleOp->getNumResults() != 1 || !cycleOp->hasOneUse())
      continue;
    Operation *cycleUser = *cycleOp->getResult(0).getUsers().begin();
    if (!isa<YieldOp>(cycleUser) || cycleUser->getOperand(r) != cycleOp->getResult(0))
      continue;
    Value arg = outputArg;
    rewriter.replaceOp(cycleOp, ValueRange(ArrayRef<Value>(&arg, 1)));
    rewriter.modifyOpInPlace(genericOp, [] {});
    removed = true;
  }
  return success(removed);
}

} // namespace

void linalg::populateEraseUnusedOperandsAndResultsPatterns(RewritePatternSet &patterns) {
  patterns.addFunction(GenericOp::getOperationName(), deduplicateAndRemoveDeadOperandsAndResults,
                       "DeduplicateAndRemoveDeadOperandsAndResults");
  patterns.addFunction(GenericOp::getOperationName(), removeUnusedCycleInGenericOp, "RemoveUnusedCycleInGenericOp");
}
