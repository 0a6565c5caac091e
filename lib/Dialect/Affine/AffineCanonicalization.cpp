//===- AffineCanonicalization.cpp - Canonicalization patterns of affine ---===//
//
// The getCanonicalizationPatterns of the affine ops (mlir/lib/Dialect/
// Affine/IR/AffineOps.cpp, LLVM 22), registered per op in MLIR's order, all
// with benefit 1:
//
//  * SimplifyAffineOp (apply, load, store, prefetch, min, max, vector_load,
//    vector_store): composes the affine.apply ops feeding the map,
//    canonicalizes the operands and simplifies with loop bounds;
//  * affine.for: AffineForEmptyLoopFolder;
//  * affine.if: SimplifyDeadElse, AlwaysTrueOrFalseIf;
//  * affine.min/max: CanonicalizeSingleResultAffineMinMaxOp,
//    DeduplicateAffineMinMaxExpressions, MergeAffineMinMaxOp,
//    SimplifyAffineOp, CanonicalizeAffineMinMaxOpExprAndTermOrder;
//  * delinearize_index / linearize_index: AffineIndexOpPatterns.cpp.
//
// Each pattern is a function registered with MLIR's class name as debug
// name (what `disable-patterns` matches).
//
#include "AffineOpsImpl.h"

#include "lamina/IR/Block.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/Matchers.h"
#include "lamina/IR/PatternMatch.h"

#include <algorithm>

using namespace lamina;
using namespace lamina::affine;
using namespace lamina::affine::impl;

namespace {

//===----------------------------------------------------------------------===//
// Building helpers
//===----------------------------------------------------------------------===//

/// Creates `name` and replaces `op` with it.
Operation *replaceWithNew(PatternRewriter &rewriter, Operation *op, OperationState &state) {
  Operation *newOp = rewriter.create(state);
  rewriter.replaceOp(op, newOp->getResults());
  return newOp;
}

/// `name` (affine.apply, min or max) of `map` applied to `operands`.
OperationState mapOpState(Location loc, std::string_view name, AffineMap map, ArrayRef<Value> operands) {
  OperationState state(loc, name);
  state.addOperands(ValueRange(operands));
  state.addAttribute("map", AffineMapAttr::get(map));
  state.addType(IndexType::get(map.getContext()));
  return state;
}

//===----------------------------------------------------------------------===//
// SimplifyAffineOp
//===----------------------------------------------------------------------===//

/// The ops SimplifyAffineOp applies to.
enum class MapOpKind { Apply, Min, Max, Load, Store, Prefetch, VectorLoad, VectorStore };

/// Where the map operands of a kind of op start.
unsigned mapOperandsStart(MapOpKind kind) {
  switch (kind) {
  case MapOpKind::Load:
  case MapOpKind::Prefetch:
  case MapOpKind::VectorLoad:
    return 1;
  case MapOpKind::Store:
  case MapOpKind::VectorStore:
    return 2;
  default:
    return 0;
  }
}

template <MapOpKind kind> LogicalResult simplifyAffineOp(Operation *op, PatternRewriter &rewriter) {
  AffineMapAttr mapAttr = getMapAttr(op, "map");
  if (!mapAttr)
    return failure();
  AffineMap map = mapAttr.getValue(), oldMap = map;
  unsigned start = mapOperandsStart(kind);
  OperandRange oldOperands = op->getOperands().drop_front(start);
  SmallVector<Value, 8> operands;
  for (Value v : oldOperands)
    operands.push_back(v);
  composeAffineMapAndOperands(&map, &operands);
  canonicalizeMapAndOperands(&map, &operands);
  simplifyMapWithOperands(map, operands);
  if (map == oldMap && operands.size() == oldOperands.size() &&
      std::equal(operands.begin(), operands.end(), oldOperands.begin()))
    return failure();

  Location loc = op->getLoc();
  OperationState state(loc, op->getName());
  switch (kind) {
  case MapOpKind::Apply:
  case MapOpKind::Min:
  case MapOpKind::Max: {
    OperationState s = mapOpState(loc, op->getName().getStringRef(), map, operands);
    replaceWithNew(rewriter, op, s);
    return success();
  }
  case MapOpKind::Load:
  case MapOpKind::VectorLoad:
    state.addOperand(op->getOperand(0));
    state.addOperands(ValueRange(ArrayRef<Value>(operands)));
    state.addAttribute("map", AffineMapAttr::get(map));
    state.addType(op->getResult(0).getType());
    break;
  case MapOpKind::Store:
  case MapOpKind::VectorStore:
    state.addOperand(op->getOperand(0));
    state.addOperand(op->getOperand(1));
    state.addOperands(ValueRange(ArrayRef<Value>(operands)));
    state.addAttribute("map", AffineMapAttr::get(map));
    break;
  case MapOpKind::Prefetch:
    state.addOperand(op->getOperand(0));
    state.addOperands(ValueRange(ArrayRef<Value>(operands)));
    state.addAttribute("map", AffineMapAttr::get(map));
    for (const char *name : {"isWrite", "localityHint", "isDataCache"})
      if (Attribute a = op->getAttr(name))
        state.addAttribute(name, a);
    break;
  }
  replaceWithNew(rewriter, op, state);
  return success();
}

//===----------------------------------------------------------------------===//
// affine.for
//===----------------------------------------------------------------------===//

/// AffineForEmptyLoopFolder: a loop whose body only yields is replaced by
/// what it yields when that is known without running it.
LogicalResult forEmptyLoopFolder(Operation *op, PatternRewriter &rewriter) {
  AffineForOp forOp(op);
  Block &body = op->getRegion(0).front();
  if (&body.front() != &body.back())
    return failure();
  // MLIR reports a match without a rewrite here; such a loop is trivially
  // dead and erased before patterns are tried.
  if (op->getNumResults() == 0)
    return success();
  std::optional<uint64_t> tripCount = getTrivialConstantTripCount(op);
  OperandRange inits = forOp.getInits();
  if (tripCount && *tripCount == 0) {
    rewriter.replaceOp(op, inits);
    return success();
  }
  Operation *yield = &body.back();
  ValueRange iterArgs = body.getArguments().drop_front();
  SmallVector<Value, 4> replacements;
  bool hasValDefinedOutsideLoop = false, iterArgsNotInOrder = false;
  for (unsigned i = 0, e = yield->getNumOperands(); i < e; ++i) {
    Value val = yield->getOperand(i);
    if (val == forOp.getInductionVar())
      return failure();
    unsigned pos = 0;
    while (pos < iterArgs.size() && iterArgs[pos] != val)
      ++pos;
    if (pos == iterArgs.size()) {
      hasValDefinedOutsideLoop = true;
      replacements.push_back(val);
    } else {
      if (pos != i)
        iterArgsNotInOrder = true;
      replacements.push_back(inits[pos]);
    }
  }
  if (!tripCount && (hasValDefinedOutsideLoop || iterArgsNotInOrder))
    return failure();
  if (tripCount && *tripCount >= 2 && iterArgsNotInOrder)
    return failure();
  rewriter.replaceOp(op, ValueRange(ArrayRef<Value>(replacements)));
  return success();
}

//===----------------------------------------------------------------------===//
// affine.if
//===----------------------------------------------------------------------===//

/// SimplifyDeadElse: drops an else block that only yields nothing.
LogicalResult simplifyDeadElse(Operation *op, PatternRewriter &rewriter) {
  Region &elseRegion = op->getRegion(1);
  if (elseRegion.empty() || &elseRegion.front().front() != &elseRegion.front().back() || op->getNumResults())
    return failure();
  rewriter.startOpModification(op);
  rewriter.eraseBlock(&elseRegion.front());
  rewriter.finalizeOpModification(op);
  return success();
}

/// AlwaysTrueOrFalseIf: an always false (the canonical empty set) or always
/// true (`0 == 0`) condition inlines the block that runs.
LogicalResult alwaysTrueOrFalseIf(Operation *op, PatternRewriter &rewriter) {
  IntegerSet set = AffineIfOp(op).getIntegerSet();
  Block *blockToMove;
  if (set.isEmptyIntegerSet()) {
    if (op->getNumResults() == 0 && op->getRegion(1).empty()) {
      rewriter.eraseOp(op);
      return success();
    }
    if (op->getRegion(1).empty())
      return failure();
    blockToMove = &op->getRegion(1).front();
  } else if (set.getNumEqualities() == 1 && set.getNumInequalities() == 0 && set.getConstraint(0) == 0) {
    blockToMove = &op->getRegion(0).front();
  } else {
    return failure();
  }
  Operation *terminator = &blockToMove->back();
  rewriter.inlineBlockBefore(blockToMove, op);
  rewriter.replaceOp(op, terminator->getOperands());
  rewriter.eraseOp(terminator);
  return success();
}

//===----------------------------------------------------------------------===//
// affine.min / affine.max
//===----------------------------------------------------------------------===//

/// CanonicalizeSingleResultAffineMinMaxOp: a single-result min/max is an
/// affine.apply.
LogicalResult singleResultMinMax(Operation *op, PatternRewriter &rewriter) {
  AffineMap map = getMapAttr(op, "map").getValue();
  if (map.getNumResults() != 1)
    return failure();
  SmallVector<Value, 4> operands;
  for (Value v : op->getOperands())
    operands.push_back(v);
  OperationState state = mapOpState(op->getLoc(), AffineApplyOp::getOperationName(), map, operands);
  replaceWithNew(rewriter, op, state);
  return success();
}

/// DeduplicateAffineMinMaxExpressions.
LogicalResult deduplicateMinMax(Operation *op, PatternRewriter &rewriter) {
  AffineMap oldMap = getMapAttr(op, "map").getValue();
  std::vector<AffineExpr> newExprs;
  for (AffineExpr e : oldMap.getResults())
    if (std::find(newExprs.begin(), newExprs.end(), e) == newExprs.end())
      newExprs.push_back(e);
  if (newExprs.size() == oldMap.getNumResults())
    return failure();
  AffineMap newMap = AffineMap::get(oldMap.getNumDims(), oldMap.getNumSymbols(), newExprs, op->getContext());
  SmallVector<Value, 4> operands;
  for (Value v : op->getOperands())
    operands.push_back(v);
  OperationState state = mapOpState(op->getLoc(), op->getName().getStringRef(), newMap, operands);
  replaceWithNew(rewriter, op, state);
  return success();
}

/// MergeAffineMinMaxOp: results that are a dim or symbol bound to another
/// min (max) are replaced by that op's results.
LogicalResult mergeMinMax(Operation *op, PatternRewriter &rewriter) {
  AffineMap oldMap = getMapAttr(op, "map").getValue();
  unsigned numDims = oldMap.getNumDims(), numSyms = oldMap.getNumSymbols();
  OperandRange dimOperands = op->getOperands().take_front(numDims);
  OperandRange symOperands = op->getOperands().drop_front(op->getNumOperands() - numSyms);
  SmallVector<Value, 8> newDimOperands, newSymOperands;
  for (Value v : dimOperands)
    newDimOperands.push_back(v);
  for (Value v : symOperands)
    newSymOperands.push_back(v);
  std::vector<AffineExpr> newExprs;
  std::vector<Operation *> producers;
  auto producerOf = [&](Value v) -> Operation * {
    Operation *def = v.getDefiningOp();
    return def && def->getName() == op->getName() ? def : nullptr;
  };
  for (AffineExpr expr : oldMap.getResults()) {
    if (auto s = dyn_cast<AffineSymbolExpr>(expr)) {
      if (Operation *producer = producerOf(symOperands[s.getPosition()])) {
        producers.push_back(producer);
        continue;
      }
    } else if (auto d = dyn_cast<AffineDimExpr>(expr)) {
      if (Operation *producer = producerOf(dimOperands[d.getPosition()])) {
        producers.push_back(producer);
        continue;
      }
    }
    newExprs.push_back(expr);
  }
  if (producers.empty())
    return failure();

  unsigned numUsedDims = numDims, numUsedSyms = numSyms;
  for (Operation *producer : producers) {
    AffineMap producerMap = getMapAttr(producer, "map").getValue();
    unsigned numProducerDims = producerMap.getNumDims(), numProducerSyms = producerMap.getNumSymbols();
    for (Value v : producer->getOperands().take_front(numProducerDims))
      newDimOperands.push_back(v);
    for (Value v : producer->getOperands().drop_front(producer->getNumOperands() - numProducerSyms))
      newSymOperands.push_back(v);
    for (AffineExpr e : producerMap.getResults())
      newExprs.push_back(e.shiftDims(numProducerDims, numUsedDims).shiftSymbols(numProducerSyms, numUsedSyms));
    numUsedDims += numProducerDims;
    numUsedSyms += numProducerSyms;
  }
  AffineMap newMap = AffineMap::get(numUsedDims, numUsedSyms, newExprs, op->getContext());
  SmallVector<Value, 8> newOperands(newDimOperands);
  for (Value v : newSymOperands)
    newOperands.push_back(v);
  OperationState state = mapOpState(op->getLoc(), op->getName().getStringRef(), newMap, newOperands);
  replaceWithNew(rewriter, op, state);
  return success();
}

/// canonicalizeMapExprAndTermOrder: sorts the results of `map` by their
/// flat forms (coefficients of dims, symbols, then the constant); fails if
/// a result is not pure affine, needs local variables, or all are sorted.
bool canonicalizeMapExprAndTermOrder(AffineMap &map) {
  std::vector<std::vector<int64_t>> flattened;
  for (AffineExpr e : map.getResults()) {
    if (!e.isPureAffine())
      return false;
    std::vector<int64_t> flat;
    if (!flattenAffineExpr(e, map.getNumDims(), map.getNumSymbols(), flat))
      return false;
    if (flat.size() != map.getNumDims() + map.getNumSymbols() + 1)
      return false;
    flattened.push_back(std::move(flat));
  }
  if (std::is_sorted(flattened.begin(), flattened.end()))
    return false;
  std::vector<unsigned> permutation(map.getNumResults());
  for (unsigned i = 0; i < permutation.size(); ++i)
    permutation[i] = i;
  std::stable_sort(permutation.begin(), permutation.end(),
                   [&](unsigned lhs, unsigned rhs) { return flattened[lhs] < flattened[rhs]; });
  std::vector<AffineExpr> exprs;
  for (unsigned i : permutation)
    exprs.push_back(map.getResult(i));
  map = AffineMap::get(map.getNumDims(), map.getNumSymbols(), exprs, map.getContext());
  return true;
}

/// CanonicalizeAffineMinMaxOpExprAndTermOrder.
LogicalResult minMaxExprAndTermOrder(Operation *op, PatternRewriter &rewriter) {
  AffineMap map = getMapAttr(op, "map").getValue();
  if (!canonicalizeMapExprAndTermOrder(map))
    return failure();
  SmallVector<Value, 4> operands;
  for (Value v : op->getOperands())
    operands.push_back(v);
  OperationState state = mapOpState(op->getLoc(), op->getName().getStringRef(), map, operands);
  replaceWithNew(rewriter, op, state);
  return success();
}

} // namespace

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

void impl::registerAffineCanonicalization(AffineDialect &dialect) {
  using ods::attachCanonicalizer;
  attachCanonicalizer(dialect, AffineApplyOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(AffineApplyOp::getOperationName(), simplifyAffineOp<MapOpKind::Apply>, "SimplifyAffineOp");
  });
  attachCanonicalizer(dialect, AffineForOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(AffineForOp::getOperationName(), forEmptyLoopFolder, "AffineForEmptyLoopFolder");
  });
  attachCanonicalizer(dialect, AffineIfOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(AffineIfOp::getOperationName(), simplifyDeadElse, "SimplifyDeadElse");
    p.addFunction(AffineIfOp::getOperationName(), alwaysTrueOrFalseIf, "AlwaysTrueOrFalseIf");
  });
  attachCanonicalizer(dialect, AffineLoadOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(AffineLoadOp::getOperationName(), simplifyAffineOp<MapOpKind::Load>, "SimplifyAffineOp");
  });
  attachCanonicalizer(dialect, AffineStoreOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(AffineStoreOp::getOperationName(), simplifyAffineOp<MapOpKind::Store>, "SimplifyAffineOp");
  });
  attachCanonicalizer(dialect, AffineMinOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    std::string_view name = AffineMinOp::getOperationName();
    p.addFunction(name, singleResultMinMax, "CanonicalizeSingleResultAffineMinMaxOp");
    p.addFunction(name, deduplicateMinMax, "DeduplicateAffineMinMaxExpressions");
    p.addFunction(name, mergeMinMax, "MergeAffineMinMaxOp");
    p.addFunction(name, simplifyAffineOp<MapOpKind::Min>, "SimplifyAffineOp");
    p.addFunction(name, minMaxExprAndTermOrder, "CanonicalizeAffineMinMaxOpExprAndTermOrder");
  });
  attachCanonicalizer(dialect, AffineMaxOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    std::string_view name = AffineMaxOp::getOperationName();
    p.addFunction(name, singleResultMinMax, "CanonicalizeSingleResultAffineMinMaxOp");
    p.addFunction(name, deduplicateMinMax, "DeduplicateAffineMinMaxExpressions");
    p.addFunction(name, mergeMinMax, "MergeAffineMinMaxOp");
    p.addFunction(name, simplifyAffineOp<MapOpKind::Max>, "SimplifyAffineOp");
    p.addFunction(name, minMaxExprAndTermOrder, "CanonicalizeAffineMinMaxOpExprAndTermOrder");
  });
  attachCanonicalizer(dialect, AffinePrefetchOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(AffinePrefetchOp::getOperationName(), simplifyAffineOp<MapOpKind::Prefetch>, "SimplifyAffineOp");
  });
  attachCanonicalizer(dialect, AffineVectorLoadOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(AffineVectorLoadOp::getOperationName(), simplifyAffineOp<MapOpKind::VectorLoad>,
                  "SimplifyAffineOp");
  });
  attachCanonicalizer(dialect, AffineVectorStoreOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(AffineVectorStoreOp::getOperationName(), simplifyAffineOp<MapOpKind::VectorStore>,
                  "SimplifyAffineOp");
  });
  attachCanonicalizer(dialect, AffineDelinearizeIndexOp::getOperationName(),
                      [](RewritePatternSet &p, MLIRContext *) { addIndexOpPatterns(p, /*delinearize=*/true); });
  attachCanonicalizer(dialect, AffineLinearizeIndexOp::getOperationName(),
                      [](RewritePatternSet &p, MLIRContext *) { addIndexOpPatterns(p, /*delinearize=*/false); });
}
