//===- AffineIndexOpPatterns.cpp - delinearize/linearize_index patterns ---===//
//
// The canonicalization patterns of affine.delinearize_index and
// affine.linearize_index (mlir/lib/Dialect/Affine/IR/AffineOps.cpp, LLVM
// 22), in MLIR's registration order, all with benefit 1:
//
//  * delinearize_index: CancelDelinearizeOfLinearizeDisjointExactTail,
//    DropUnitExtentBasis, SplitDelinearizeSpanningLastLinearizeArg;
//  * linearize_index: CancelLinearizeOfDelinearizePortion,
//    DropLinearizeLeadingZero, DropLinearizeUnitComponentsIfDisjointOrZero.
//
// A basis is handled as MLIR's mixed OpFoldResult lists: an index
// IntegerAttr per static entry, the operand per dynamic one, and (the
// "padded" basis) a null entry in front when the op has no outer bound.
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

using MixedBasis = SmallVector<OpFoldResult, 4>;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

ArrayRef<int64_t> staticBasisOf(Operation *op) {
  return cast<DenseI64ArrayAttr>(op->getAttr("static_basis")).asArrayRef();
}

OperandRange multiIndexOf(Operation *linearize) { return ods::getOperandGroup(linearize, "multi_index"); }

/// Whether the op's basis has an entry for its outermost index/result.
bool hasOuterBound(Operation *op) {
  size_t n = isa<AffineDelinearizeIndexOp>(op) ? op->getNumResults() : multiIndexOf(op).size();
  return staticBasisOf(op).size() == n;
}

bool isDisjoint(Operation *linearize) {
  Attribute a = linearize->getAttr("disjoint");
  if (auto b = dyn_cast_or_null<BoolAttr>(a))
    return b.getValue();
  return isa_and_nonnull<lamina::UnitAttr>(a);
}

/// getPaddedBasis.
MixedBasis paddedBasis(Operation *op) {
  MixedBasis basis = getMixedBasis(op);
  if (!hasOuterBound(op))
    basis.insert(basis.begin(), OpFoldResult());
  return basis;
}

/// dispatchIndexOpFoldResults: the dynamic values and the static basis
/// (kDynamic for values) of a mixed list.
void dispatch(ArrayRef<OpFoldResult> basis, SmallVectorImpl<Value> &dynamic, std::vector<int64_t> &staticBasis) {
  for (const OpFoldResult &b : basis) {
    if (Value v = b.getValue()) {
      dynamic.push_back(v);
      staticBasis.push_back(ShapedType::kDynamic);
    } else {
      staticBasis.push_back(cast<IntegerAttr>(b.getAttribute()).getValue().getSExtValue());
    }
  }
}

/// AffineDelinearizeIndexOp::build(linearIndex, dynamicBasis, staticBasis,
/// hasOuterBound).
Operation *buildDelinearize(PatternRewriter &rewriter, Location loc, Value linearIndex, ArrayRef<Value> dynamicBasis,
                            ArrayRef<int64_t> staticBasis, bool outerBound) {
  OperationState state(loc, AffineDelinearizeIndexOp::getOperationName());
  state.addOperand(linearIndex);
  state.addOperands(ValueRange(dynamicBasis));
  state.addAttribute("static_basis", DenseI64ArrayAttr::get(rewriter.getContext(), staticBasis));
  size_t numResults = outerBound ? staticBasis.size() : staticBasis.size() + 1;
  for (size_t i = 0; i < numResults; ++i)
    state.addType(linearIndex.getType());
  return rewriter.create(state);
}

/// The OpFoldResult builder: a leading null entry means no outer bound.
Operation *buildDelinearize(PatternRewriter &rewriter, Location loc, Value linearIndex, ArrayRef<OpFoldResult> basis,
                            bool outerBound = true) {
  if (outerBound && !basis.empty() && !basis.front()) {
    outerBound = false;
    basis = basis.drop_front();
  }
  SmallVector<Value, 4> dynamic;
  std::vector<int64_t> staticBasis;
  dispatch(basis, dynamic, staticBasis);
  return buildDelinearize(rewriter, loc, linearIndex, dynamic, staticBasis, outerBound);
}

/// AffineLinearizeIndexOp::build(multiIndex, dynamicBasis, staticBasis,
/// disjoint).
Operation *buildLinearize(PatternRewriter &rewriter, Location loc, ArrayRef<Value> multiIndex,
                          ArrayRef<Value> dynamicBasis, ArrayRef<int64_t> staticBasis, bool disjoint) {
  MLIRContext *ctx = rewriter.getContext();
  OperationState state(loc, AffineLinearizeIndexOp::getOperationName());
  state.addOperands(ValueRange(multiIndex));
  state.addOperands(ValueRange(dynamicBasis));
  state.addAttribute("static_basis", DenseI64ArrayAttr::get(ctx, staticBasis));
  state.addAttribute("disjoint", disjoint ? Attribute(lamina::UnitAttr::get(ctx)) : Attribute(BoolAttr::get(ctx, false)));
  state.addAttribute("operandSegmentSizes",
                     DenseI32ArrayAttr::get(ctx, std::vector<int32_t>{int32_t(multiIndex.size()),
                                                                      int32_t(dynamicBasis.size())}));
  state.addType(rewriter.getIndexType());
  return rewriter.create(state);
}

Operation *buildLinearize(PatternRewriter &rewriter, Location loc, ArrayRef<Value> multiIndex,
                          ArrayRef<OpFoldResult> basis, bool disjoint) {
  if (!basis.empty() && !basis.front())
    basis = basis.drop_front();
  SmallVector<Value, 4> dynamic;
  std::vector<int64_t> staticBasis;
  dispatch(basis, dynamic, staticBasis);
  return buildLinearize(rewriter, loc, multiIndex, dynamic, staticBasis, disjoint);
}

Value buildIndexConstant(PatternRewriter &rewriter, Location loc, int64_t value) {
  OperationState state(loc, "arith.constant");
  Type indexType = rewriter.getIndexType();
  state.addAttribute("value", IntegerAttr::get(indexType, value));
  state.addType(indexType);
  return rewriter.create(state)->getResult(0);
}

SmallVector<Value, 4> toValues(ValueRange range) {
  SmallVector<Value, 4> values;
  for (Value v : range)
    values.push_back(v);
  return values;
}

//===----------------------------------------------------------------------===//
// delinearize_index
//===----------------------------------------------------------------------===//

/// DropUnitExtentBasis: results of unit basis elements are 0; the rest come
/// from a delinearize_index without those elements.
LogicalResult dropUnitExtentBasis(Operation *op, PatternRewriter &rewriter) {
  unsigned numResults = op->getNumResults();
  SmallVector<Value, 4> replacements(numResults, Value());
  Value zero;
  Location loc = op->getLoc();
  MixedBasis newBasis;
  MixedBasis padded = paddedBasis(op);
  for (unsigned index = 0; index < padded.size(); ++index) {
    std::optional<int64_t> basisVal = padded[index] ? getConstantIntValue(padded[index]) : std::nullopt;
    if (basisVal && *basisVal == 1) {
      if (!zero)
        zero = buildIndexConstant(rewriter, loc, 0);
      replacements[index] = zero;
    } else {
      newBasis.push_back(padded[index]);
    }
  }
  if (newBasis.size() == numResults)
    return failure();
  if (!newBasis.empty()) {
    Operation *newOp = buildDelinearize(rewriter, loc, op->getOperand(0), newBasis);
    unsigned newIndex = 0;
    for (Value &replacement : replacements)
      if (!replacement)
        replacement = newOp->getResult(newIndex++);
  }
  rewriter.replaceOp(op, ValueRange(ArrayRef<Value>(replacements)));
  return success();
}

/// CancelDelinearizeOfLinearizeDisjointExactTail: a delinearize_index of a
/// disjoint linearize_index cancels the common tail of their bases.
LogicalResult cancelDelinearizeOfLinearizeDisjointExactTail(Operation *op, PatternRewriter &rewriter) {
  Operation *linearize = op->getOperand(0).getDefiningOp();
  if (!linearize || !isa<AffineLinearizeIndexOp>(linearize))
    return failure();
  if (!isDisjoint(linearize))
    return failure();
  SmallVector<Value, 4> linearizeIns = toValues(multiIndexOf(linearize));
  MixedBasis linearizeBasis = getMixedBasis(linearize);
  MixedBasis delinearizeBasis = getMixedBasis(op);
  size_t numMatches = 0;
  while (numMatches < linearizeBasis.size() && numMatches < delinearizeBasis.size() &&
         linearizeBasis[linearizeBasis.size() - 1 - numMatches] ==
             delinearizeBasis[delinearizeBasis.size() - 1 - numMatches])
    ++numMatches;
  if (numMatches == 0)
    return failure();

  if (numMatches == linearizeBasis.size() && numMatches == delinearizeBasis.size() &&
      linearizeIns.size() == op->getNumResults()) {
    rewriter.replaceOp(op, ValueRange(ArrayRef<Value>(linearizeIns)));
    return success();
  }

  Operation *newLinearize =
      buildLinearize(rewriter, linearize->getLoc(), ArrayRef<Value>(linearizeIns).drop_back(numMatches),
                     ArrayRef<OpFoldResult>(linearizeBasis).drop_back(numMatches), isDisjoint(linearize));
  Operation *newDelinearize =
      buildDelinearize(rewriter, op->getLoc(), newLinearize->getResult(0),
                       ArrayRef<OpFoldResult>(delinearizeBasis).drop_back(numMatches), hasOuterBound(op));
  SmallVector<Value, 4> merged = toValues(newDelinearize->getResults());
  for (Value v : ArrayRef<Value>(linearizeIns).take_back(numMatches))
    merged.push_back(v);
  rewriter.replaceOp(op, ValueRange(ArrayRef<Value>(merged)));
  return success();
}

/// SplitDelinearizeSpanningLastLinearizeArg: when the last k > 1 basis
/// elements of a delinearize_index of a disjoint linearize_index multiply
/// to the linearization's last basis element, the last input is
/// delinearized on its own.
LogicalResult splitDelinearizeSpanningLastLinearizeArg(Operation *op, PatternRewriter &rewriter) {
  Operation *linearize = op->getOperand(0).getDefiningOp();
  if (!linearize || !isa<AffineLinearizeIndexOp>(linearize))
    return failure();
  if (!isDisjoint(linearize))
    return failure();
  ArrayRef<int64_t> linearizeStatic = staticBasisOf(linearize);
  if (linearizeStatic.empty())
    return failure();
  int64_t target = linearizeStatic.back();
  if (ShapedType::isDynamic(target))
    return failure();

  int64_t sizeToSplit = 1;
  size_t elemsToSplit = 0;
  ArrayRef<int64_t> basis = staticBasisOf(op);
  for (auto it = basis.rbegin(); it != basis.rend(); ++it) {
    if (ShapedType::isDynamic(*it))
      return failure();
    sizeToSplit = int64_t(uint64_t(sizeToSplit) * uint64_t(*it));
    elemsToSplit += 1;
    if (sizeToSplit > target)
      return failure();
    if (sizeToSplit == target)
      break;
  }
  if (sizeToSplit < target)
    return failure();
  if (elemsToSplit < 2)
    return failure();

  SmallVector<Value, 4> linearizeIns = toValues(multiIndexOf(linearize));
  SmallVector<Value, 4> linearizeDynamic = toValues(ods::getOperandGroup(linearize, "dynamic_basis"));
  Operation *linearizeWithoutBack =
      buildLinearize(rewriter, linearize->getLoc(), ArrayRef<Value>(linearizeIns).drop_back(), linearizeDynamic,
                     linearizeStatic.drop_back(), isDisjoint(linearize));
  SmallVector<Value, 4> delinearizeDynamic = toValues(op->getOperands().drop_front());
  Operation *withoutSplitPart =
      buildDelinearize(rewriter, op->getLoc(), linearizeWithoutBack->getResult(0), delinearizeDynamic,
                       basis.drop_back(elemsToSplit), hasOuterBound(op));
  Operation *back = buildDelinearize(rewriter, op->getLoc(), linearizeIns.back(), {}, basis.take_back(elemsToSplit),
                                     /*outerBound=*/true);
  SmallVector<Value, 8> results = toValues(withoutSplitPart->getResults());
  for (Value v : back->getResults())
    results.push_back(v);
  rewriter.replaceOp(op, ValueRange(ArrayRef<Value>(results)));
  return success();
}

//===----------------------------------------------------------------------===//
// linearize_index
//===----------------------------------------------------------------------===//

/// DropLinearizeUnitComponentsIfDisjointOrZero: drops index/basis pairs of
/// unit basis elements when the op is disjoint or the index is 0.
LogicalResult dropLinearizeUnitComponentsIfDisjointOrZero(Operation *op, PatternRewriter &rewriter) {
  SmallVector<Value, 4> multiIndex = toValues(multiIndexOf(op));
  size_t numIndices = multiIndex.size();
  SmallVector<Value, 4> newIndices;
  MixedBasis newBasis;
  ArrayRef<Value> rest = multiIndex;
  if (!hasOuterBound(op)) {
    newIndices.push_back(rest.front());
    rest = rest.drop_front();
  }
  MixedBasis basis = getMixedBasis(op);
  bool disjoint = isDisjoint(op);
  for (size_t i = 0; i < rest.size() && i < basis.size(); ++i) {
    std::optional<int64_t> basisEntry = getConstantIntValue(basis[i]);
    if (!basisEntry || *basisEntry != 1) {
      newIndices.push_back(rest[i]);
      newBasis.push_back(basis[i]);
      continue;
    }
    std::optional<int64_t> indexValue = getConstantIntValue(rest[i]);
    if (!disjoint && (!indexValue || *indexValue != 0)) {
      newIndices.push_back(rest[i]);
      newBasis.push_back(basis[i]);
    }
  }
  if (newIndices.size() == numIndices)
    return failure();
  if (newIndices.empty()) {
    Value zero = buildIndexConstant(rewriter, op->getLoc(), 0);
    rewriter.replaceOp(op, zero);
    return success();
  }
  Operation *newOp = buildLinearize(rewriter, op->getLoc(), newIndices, newBasis, disjoint);
  rewriter.replaceOp(op, newOp->getResults());
  return success();
}

/// DropLinearizeLeadingZero: `linearize_index [%c0, ...] by (%x, ...)` drops
/// its first index (and outer bound).
LogicalResult dropLinearizeLeadingZero(Operation *op, PatternRewriter &rewriter) {
  SmallVector<Value, 4> multiIndex = toValues(multiIndexOf(op));
  if (multiIndex.empty() || !matchZero(multiIndex.front()))
    return failure();
  if (multiIndex.size() == 1) {
    rewriter.replaceOp(op, multiIndex.front());
    return success();
  }
  MixedBasis mixed = getMixedBasis(op);
  ArrayRef<OpFoldResult> newMixed = mixed;
  if (hasOuterBound(op))
    newMixed = newMixed.drop_front();
  Operation *newOp =
      buildLinearize(rewriter, op->getLoc(), ArrayRef<Value>(multiIndex).drop_front(), newMixed, isDisjoint(op));
  rewriter.replaceOp(op, newOp->getResults());
  return success();
}

/// computeProduct: the product of the terms, as a constant if all are, else
/// an affine.apply of the symbols bound to the dynamic ones.
OpFoldResult computeProduct(Location loc, PatternRewriter &rewriter, ArrayRef<OpFoldResult> terms) {
  MLIRContext *ctx = rewriter.getContext();
  unsigned nDynamic = 0;
  SmallVector<Value, 4> dynamicPart;
  AffineExpr result = getAffineConstantExpr(1, ctx);
  for (const OpFoldResult &term : terms) {
    if (!term)
      return term;
    if (std::optional<int64_t> c = getConstantIntValue(term)) {
      result = result * getAffineConstantExpr(*c, ctx);
    } else {
      dynamicPart.push_back(term.getValue());
      result = result * getAffineSymbolExpr(nDynamic++, ctx);
    }
  }
  if (auto c = dyn_cast<AffineConstantExpr>(result))
    return IntegerAttr::get(IndexType::get(ctx), c.getValue());
  // AffineMap::inferFromExprList: as many symbols as the expression uses.
  unsigned numSymbols = 0;
  result.walk([&](AffineExpr e) {
    if (auto s = dyn_cast<AffineSymbolExpr>(e))
      numSymbols = std::max(numSymbols, s.getPosition() + 1);
  });
  OperationState state(loc, AffineApplyOp::getOperationName());
  state.addOperands(ValueRange(ArrayRef<Value>(dynamicPart)));
  state.addAttribute("map", AffineMapAttr::get(AffineMap::get(0, numSymbols, result)));
  state.addType(IndexType::get(ctx));
  return rewriter.create(state)->getResult(0);
}

/// CancelLinearizeOfDelinearizePortion: consecutive results of a
/// delinearize_index linearized with the same bounds merge into one
/// index (the delinearize_index keeps the other results).
LogicalResult cancelLinearizeOfDelinearizePortion(Operation *op, PatternRewriter &rewriter) {
  struct Match {
    Operation *delinearize;
    unsigned linStart, delinStart, length;
  };
  SmallVector<Match, 2> matches;
  MixedBasis linBasis = paddedBasis(op);
  ArrayRef<OpFoldResult> linBasisRef = linBasis;
  SmallVector<Value, 4> multiIndex = toValues(multiIndexOf(op));
  unsigned numLinArgs = unsigned(multiIndex.size());
  bool disjoint = isDisjoint(op);
  SmallVector<Operation *, 2> alreadyMatched;

  unsigned linArgIdx = 0;
  while (linArgIdx < numLinArgs) {
    Value arg = multiIndex[linArgIdx];
    Operation *delinearize = arg.getDefiningOp();
    if (!delinearize || !isa<AffineDelinearizeIndexOp>(delinearize)) {
      ++linArgIdx;
      continue;
    }
    unsigned delinArgIdx = cast<OpResult>(arg).getResultNumber();
    MixedBasis delinBasis = paddedBasis(delinearize);
    OpFoldResult firstDelinBound = delinBasis[delinArgIdx];
    OpFoldResult firstLinBound = linBasis[linArgIdx];
    bool boundsMatch = firstDelinBound == firstLinBound;
    bool bothAtFront = linArgIdx == 0 && delinArgIdx == 0;
    bool knownByDisjoint = disjoint && delinArgIdx == 0 && !firstDelinBound;
    if (!boundsMatch && !bothAtFront && !knownByDisjoint) {
      ++linArgIdx;
      continue;
    }
    unsigned j = 1;
    unsigned numDelinOuts = delinearize->getNumResults();
    for (; j + linArgIdx < numLinArgs && j + delinArgIdx < numDelinOuts; ++j) {
      if (multiIndex[linArgIdx + j] != Value(delinearize->getResult(delinArgIdx + j)))
        break;
      if (linBasis[linArgIdx + j] != delinBasis[delinArgIdx + j])
        break;
    }
    bool seen = std::find(alreadyMatched.begin(), alreadyMatched.end(), delinearize) != alreadyMatched.end();
    if (j <= 1 || seen) {
      ++linArgIdx;
      continue;
    }
    alreadyMatched.push_back(delinearize);
    matches.push_back(Match{delinearize, linArgIdx, delinArgIdx, j});
    linArgIdx += j;
  }
  if (matches.empty())
    return failure();

  // The delinearize replacements wait until the new linearize_index exists
  // (it may use results being replaced).
  std::vector<std::vector<Value>> delinearizeReplacements;
  SmallVector<Value, 4> newIndex;
  MixedBasis newBasis;
  unsigned prevMatchEnd = 0;
  for (const Match &m : matches) {
    unsigned gap = m.linStart - prevMatchEnd;
    for (unsigned i = 0; i < gap; ++i) {
      newIndex.push_back(multiIndex[prevMatchEnd + i]);
      newBasis.push_back(linBasisRef[prevMatchEnd + i]);
    }
    prevMatchEnd = m.linStart + m.length;

    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(m.delinearize);
    ArrayRef<OpFoldResult> basisToMerge = linBasisRef.slice(m.linStart, m.length);
    OpFoldResult newSize = computeProduct(op->getLoc(), rewriter, basisToMerge);

    if (m.length == m.delinearize->getNumResults()) {
      newIndex.push_back(m.delinearize->getOperand(0));
      newBasis.push_back(newSize);
      delinearizeReplacements.push_back({});
      continue;
    }

    MixedBasis newDelinBasis = paddedBasis(m.delinearize);
    newDelinBasis.erase(newDelinBasis.begin() + m.delinStart, newDelinBasis.begin() + m.delinStart + m.length);
    newDelinBasis.insert(newDelinBasis.begin() + m.delinStart, newSize);
    Operation *newDelinearize =
        buildDelinearize(rewriter, m.delinearize->getLoc(), m.delinearize->getOperand(0), newDelinBasis);
    Value combinedElem = newDelinearize->getResult(m.delinStart);
    Operation *residual = buildDelinearize(rewriter, m.delinearize->getLoc(), combinedElem, basisToMerge);

    std::vector<Value> newDelinResults;
    for (unsigned i = 0; i < m.delinStart; ++i)
      newDelinResults.push_back(newDelinearize->getResult(i));
    for (Value v : residual->getResults())
      newDelinResults.push_back(v);
    for (unsigned i = m.delinStart + 1; i < newDelinearize->getNumResults(); ++i)
      newDelinResults.push_back(newDelinearize->getResult(i));
    delinearizeReplacements.push_back(newDelinResults);
    newIndex.push_back(combinedElem);
    newBasis.push_back(newSize);
  }
  for (unsigned i = prevMatchEnd; i < numLinArgs; ++i) {
    newIndex.push_back(multiIndex[i]);
    newBasis.push_back(linBasisRef[i]);
  }
  Operation *newLinearize = buildLinearize(rewriter, op->getLoc(), newIndex, newBasis, disjoint);
  rewriter.replaceOp(op, newLinearize->getResults());
  for (size_t i = 0; i < matches.size(); ++i) {
    if (delinearizeReplacements[i].empty())
      continue;
    rewriter.replaceOp(matches[i].delinearize, ValueRange(ArrayRef<Value>(delinearizeReplacements[i])));
  }
  return success();
}

} // namespace

void impl::addIndexOpPatterns(RewritePatternSet &patterns, bool delinearize) {
  if (delinearize) {
    std::string_view name = AffineDelinearizeIndexOp::getOperationName();
    patterns.addFunction(name, cancelDelinearizeOfLinearizeDisjointExactTail,
                         "CancelDelinearizeOfLinearizeDisjointExactTail");
    patterns.addFunction(name, dropUnitExtentBasis, "DropUnitExtentBasis");
    patterns.addFunction(name, splitDelinearizeSpanningLastLinearizeArg, "SplitDelinearizeSpanningLastLinearizeArg");
    return;
  }
  std::string_view name = AffineLinearizeIndexOp::getOperationName();
  patterns.addFunction(name, cancelLinearizeOfDelinearizePortion, "CancelLinearizeOfDelinearizePortion");
  patterns.addFunction(name, dropLinearizeLeadingZero, "DropLinearizeLeadingZero");
  patterns.addFunction(name, dropLinearizeUnitComponentsIfDisjointOrZero,
                       "DropLinearizeUnitComponentsIfDisjointOrZero");
}
