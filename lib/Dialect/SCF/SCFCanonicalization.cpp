//===- SCFCanonicalization.cpp - scf folders and canonicalization ---------===//
//
// The folders and canonicalization patterns of mlir/lib/Dialect/SCF/IR/
// SCF.cpp as of LLVM 22, registered per op in MLIR's order (benefit 1):
//   scf.execute_region  SingleBlockExecuteInliner, MultiBlockExecuteInliner,
//                       region-branch patterns
//   scf.for             SimplifyTrivialLoops, ForOpTensorCastFolder,
//                       region-branch patterns
//   scf.forall          DimOfForallOp, FoldTensorCastOfOutputIntoForallOp,
//                       ForallOpControlOperandsFolder, ForallOpIterArgsFolder,
//                       ForallOpSingleOrZeroIterationDimsFolder,
//                       ForallOpReplaceConstantInductionVar
//   scf.if              folder (negated condition swaps the regions);
//                       CombineIfs, CombineNestedIfs, ConditionPropagation,
//                       ConvertTrivialIfToSelect, RemoveEmptyElseBranch,
//                       RemoveStaticCondition,
//                       ReplaceIfYieldWithConditionOrValue, region-branch
//                       patterns
//   scf.index_switch    FoldConstantCase, region-branch patterns
//   scf.parallel        ParallelOpSingleOrZeroIterationDimsFolder,
//                       MergeNestedParallelLoops
//   scf.while           WhileConditionTruth, WhileCmpCond,
//                       WhileOpAlignBeforeArgs, WhileMoveIfDown, region-branch
//                       patterns
// The region-branch patterns (the generic successor input/operand clean-up
// that replaced the per-op dead result and iter_arg patterns in LLVM 22) are
// in SCFRegionBranch.cpp.
//
#include "SCFDetail.h"

#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/Dialect/SCF/SCFDialect.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/IRMapping.h"
#include "lamina/IR/Matchers.h"
#include "lamina/IR/PatternMatch.h"
#include "lamina/ODS/OpDef.h"

#include "../../ODS/InterpretedOpDef.h"

#include <algorithm>
#include <limits>

using namespace lamina;
using namespace lamina::scf;

namespace {

//===----------------------------------------------------------------------===//
// Small helpers
//===----------------------------------------------------------------------===//

constexpr int64_t kDynamic = std::numeric_limits<int64_t>::min();

bool isOpNamed(Operation *op, std::string_view name) { return op && op->getName().getStringRef() == name; }

/// The op defining `v` if it is named `name`.
Operation *defNamed(Value v, std::string_view name) {
  Operation *def = v ? v.getDefiningOp() : nullptr;
  return isOpNamed(def, name) ? def : nullptr;
}

/// Whether the definition of `op` lists a trait or interface named `name`
/// (FunctionOpInterface until the interface has a class of its own).
bool declaresTrait(Operation *op, std::string_view name) {
  if (!op->isRegistered())
    return false;
  const ods::InterpretedOpDef *def = ods::getDefinition(op);
  if (!def)
    return false;
  for (const ods::Trait &t : def->traits)
    if (t.name == name)
      return true;
  return false;
}

/// The location of `op` as it stores it (packed while nobody asked for it),
/// so that ops built with it need not create the location attribute.
StateLocation packedLoc(Operation *op) { return StateLocation(op->getContext(), op->getPackedLoc()); }

Operation *create(PatternRewriter &rewriter, StateLocation loc, std::string_view name, ValueRange operands,
                  ArrayRef<Type> types = {}, ArrayRef<NamedAttribute> attrs = {}) {
  OperationState state(loc, OperationName(name, rewriter.getContext()));
  state.addOperands(operands);
  state.addTypes(types);
  state.addAttributes(attrs);
  return rewriter.create(state);
}

Operation *buildYield(PatternRewriter &rewriter, StateLocation loc, ValueRange values) {
  return create(rewriter, loc, YieldOp::getOperationName(), values);
}

Value buildBinary(PatternRewriter &rewriter, StateLocation loc, std::string_view name, Value lhs, Value rhs) {
  Value operands[] = {lhs, rhs};
  Type type = lhs.getType();
  return create(rewriter, loc, name, ValueRange(ArrayRef<Value>(operands)), ArrayRef<Type>(&type, 1))->getResult(0);
}

Value buildSelect(PatternRewriter &rewriter, StateLocation loc, Value cond, Value a, Value b) {
  Value operands[] = {cond, a, b};
  Type type = a.getType();
  return create(rewriter, loc, "arith.select", ValueRange(ArrayRef<Value>(operands)), ArrayRef<Type>(&type, 1))
      ->getResult(0);
}

Value buildConstant(PatternRewriter &rewriter, StateLocation loc, TypedAttr value) {
  Type type = value.getType();
  NamedAttribute attr(StringAttr::get(rewriter.getContext(), "value"), value);
  return create(rewriter, loc, "arith.constant", ValueRange(), ArrayRef<Type>(&type, 1),
                ArrayRef<NamedAttribute>(&attr, 1))
      ->getResult(0);
}

void replaceOp(PatternRewriter &rewriter, Operation *op, const std::vector<Value> &values) {
  rewriter.replaceOp(op, ValueRange(values));
}

/// Replaces `op` by the contents of the single block of `region` (its
/// arguments replaced by `blockArgs`), the results by the terminator's
/// operands.
void replaceOpWithRegion(PatternRewriter &rewriter, Operation *op, Region &region, ValueRange blockArgs = {}) {
  Block *block = &region.front();
  Operation *terminator = block->getTerminator();
  rewriter.inlineBlockBefore(block, op, blockArgs);
  std::vector<Value> results = terminator->getOperands().vec();
  replaceOp(rewriter, op, results);
  rewriter.eraseOp(terminator);
}

//===----------------------------------------------------------------------===//
// Constant trip counts (mlir/lib/Dialect/Utils/StaticValueUtils.cpp)
//===----------------------------------------------------------------------===//

/// m_ConstantInt on `v`: the value and whether its type is index.
std::optional<std::pair<APInt, bool>> constantAPInt(Value v) {
  APInt value;
  if (!matchConstantInt(v, &value))
    return std::nullopt;
  return std::make_pair(value, isa<IndexType>(v.getType()));
}

/// scf::computeUbMinusLb: `ub` is `arith.addi %lb, %c` with the no-wrap flag
/// of the comparison's signedness.
std::optional<APInt> computeUbMinusLb(Value lb, Value ub, bool isSigned) {
  Operation *add = defNamed(ub, "arith.addi");
  if (!add)
    return std::nullopt;
  auto flags = dyn_cast_or_null<arith::IntegerOverflowFlagsAttr>(add->getAttr("overflowFlags"));
  uint32_t bits = flags ? uint32_t(flags.getValue()) : 0;
  uint32_t needed = isSigned ? uint32_t(arith::IntegerOverflowFlags::nsw) : uint32_t(arith::IntegerOverflowFlags::nuw);
  if (!(bits & needed))
    return std::nullopt;
  APInt diff;
  if (add->getOperand(0) != lb || !matchConstantInt(add->getOperand(1), &diff))
    return std::nullopt;
  return diff;
}

/// mlir::constantTripCount for SSA bounds, as LLVM 22 computes it (the
/// difference of signed constant bounds may wrap, and the count is a signed
/// division either way).
std::optional<APInt> constantTripCount(Value lb, Value ub, Value step, bool isSigned) {
  auto widthOf = [](Value v) -> std::pair<unsigned, bool> {
    if (auto intType = dyn_cast<IntegerType>(v.getType()))
      return {intType.getWidth(), false};
    return {64u, true};
  };
  auto [bitwidth, isIndex] = widthOf(lb);
  (void)isIndex;
  if (widthOf(lb) != widthOf(ub))
    return std::nullopt;
  if (lb == ub)
    return APInt(bitwidth, 0);
  std::optional<std::pair<APInt, bool>> stepCst = constantAPInt(step);
  if (stepCst) {
    if (stepCst->first.getBitWidth() != bitwidth)
      return std::nullopt;
    if (stepCst->first.isZero())
      return stepCst->first;
    if (stepCst->first.isNegative())
      return APInt(bitwidth, 0);
  }
  APInt diff;
  // Whether `diff` is read as signed (APSInt's signedness).
  bool diffSigned = true;
  std::optional<std::pair<APInt, bool>> lbCst = constantAPInt(lb), ubCst = constantAPInt(ub);
  if (lbCst) {
    if (!ubCst || lbCst->first.getBitWidth() != ubCst->first.getBitWidth())
      return std::nullopt;
    const APInt &l = lbCst->first, &u = ubCst->first;
    if (isSigned ? u.sle(l) : u.ule(l))
      return APInt(bitwidth, 0);
    diff = u - l;
    diffSigned = isSigned;
  } else {
    if (ubCst)
      return std::nullopt;
    std::optional<APInt> maybeDiff = computeUbMinusLb(lb, ub, isSigned);
    if (!maybeDiff)
      return std::nullopt;
    diff = *maybeDiff;
  }
  if (diffSigned && diff.isNegative())
    return APInt(bitwidth, 0);
  if (!stepCst || stepCst->first.getBitWidth() != diff.getBitWidth())
    return std::nullopt;
  const APInt &s = stepCst->first;
  APInt tripCount = diff.sdiv(s);
  if (!diff.srem(s).isZero())
    tripCount = tripCount + APInt(tripCount.getBitWidth(), 1);
  return tripCount;
}

/// Whether `count` equals `n` (a small non-negative number).
bool countIs(const APInt &count, uint64_t n) { return count == APInt(count.getBitWidth(), n); }

//===----------------------------------------------------------------------===//
// scf.execute_region
//===----------------------------------------------------------------------===//

bool hasNoInline(Operation *op) { return bool(op->getAttr("no_inline")); }

/// Inlines an execute_region with a single block.
LogicalResult singleBlockExecuteInliner(Operation *op, PatternRewriter &rewriter) {
  Region &region = op->getRegion(0);
  if (!region.hasOneBlock() || hasNoInline(op))
    return failure();
  replaceOpWithRegion(rewriter, op, region);
  return success();
}

/// Inlines an execute_region into the CFG of a function (or of another
/// execute_region): scf.yield becomes a branch to the continuation block.
LogicalResult multiBlockExecuteInliner(Operation *op, PatternRewriter &rewriter) {
  if (hasNoInline(op))
    return failure();
  Operation *parent = op->getParentOp();
  if (!parent || !(isa<ExecuteRegionOp>(parent) || declaresTrait(parent, "FunctionOpInterface")))
    return failure();
  Block *prevBlock = op->getBlock();
  Block *postBlock = rewriter.splitBlock(prevBlock, Block::iterator(op));
  rewriter.setInsertionPointToEnd(prevBlock);
  Region &region = op->getRegion(0);
  {
    OperationState state(op->getLoc(), "cf.br");
    state.addSuccessors(&region.front());
    rewriter.create(state);
  }
  for (Block &blk : region) {
    Operation *term = blk.getTerminator();
    if (!term || !isa<YieldOp>(term))
      continue;
    rewriter.setInsertionPoint(term);
    OperationState state(term->getLoc(), "cf.br");
    state.addOperands(term->getOperands());
    state.addSuccessors(postBlock);
    rewriter.create(state);
    rewriter.eraseOp(term);
  }
  rewriter.inlineRegionBefore(region, postBlock);
  std::vector<Value> blockArgs;
  for (Value res : op->getResults())
    blockArgs.push_back(postBlock->addArgument(res.getType(), res.getLoc()));
  replaceOp(rewriter, op, blockArgs);
  return success();
}

//===----------------------------------------------------------------------===//
// scf.for
//===----------------------------------------------------------------------===//

ValueRange forInits(Operation *op) { return op->getOperands().drop_front(3); }
Block *forBody(Operation *op) { return &op->getRegion(0).front(); }

std::optional<APInt> forTripCount(Operation *op) {
  ForOp forOp(op);
  return constantTripCount(forOp.getLowerBound(), forOp.getUpperBound(), forOp.getStep(),
                           /*isSigned=*/!op->getAttr("unsignedCmp"));
}

/// Erases loops known not to run, inlines single-iteration loops, and
/// replaces empty loops that run at least once and only yield values
/// defined outside by those values.
LogicalResult simplifyTrivialLoops(Operation *op, PatternRewriter &rewriter) {
  std::optional<APInt> tripCount = forTripCount(op);
  if (!tripCount)
    return failure();
  if (tripCount->isZero()) {
    std::vector<Value> inits = forInits(op).vec();
    replaceOp(rewriter, op, inits);
    return success();
  }
  if (countIs(*tripCount, 1)) {
    std::vector<Value> blockArgs{ForOp(op).getLowerBound()};
    for (Value v : forInits(op))
      blockArgs.push_back(v);
    replaceOpWithRegion(rewriter, op, op->getRegion(0), ValueRange(blockArgs));
    return success();
  }
  Block *body = forBody(op);
  if (&body->front() != &body->back())
    return failure();
  Region *loopRegion = &op->getRegion(0);
  std::vector<Value> yielded = body->back().getOperands().vec();
  for (Value v : yielded)
    if (loopRegion->isAncestor(v.getParentRegion()))
      return failure();
  replaceOp(rewriter, op, yielded);
  return success();
}

/// tensor::preservesStaticInformation(source, target): same element type,
/// rank and encoding, and no dimension static in `source` but dynamic in
/// `target`.
bool preservesStaticInformation(Type source, Type target) {
  auto s = dyn_cast<RankedTensorType>(source), t = dyn_cast<RankedTensorType>(target);
  if (!s || !t || s.getElementType() != t.getElementType() || s.getRank() != t.getRank() ||
      s.getEncoding() != t.getEncoding())
    return false;
  for (int64_t i = 0, e = s.getRank(); i < e; ++i)
    if (s.getDimSize(i) != kDynamic && t.getDimSize(i) == kDynamic)
      return false;
  return true;
}

Value buildTensorCast(PatternRewriter &rewriter, Location loc, Type type, Value source) {
  return create(rewriter, loc, "tensor.cast", source, ArrayRef<Type>(&type, 1))->getResult(0);
}

/// Creates an scf.for like `op` with `inits`, its body block holding only
/// the arguments, attributes copied.
Operation *createForShell(PatternRewriter &rewriter, Operation *op, ValueRange inits) {
  ForOp forOp(op);
  OperationState state(op->getLoc(), ForOp::getOperationName());
  state.addOperand(forOp.getLowerBound());
  state.addOperand(forOp.getUpperBound());
  state.addOperand(forOp.getStep());
  state.addOperands(inits);
  for (Value v : inits)
    state.addType(v.getType());
  Region *region = state.addRegion();
  Block *body = new Block();
  region->push_back(body);
  body->addArgument(forOp.getLowerBound().getType(), op->getLoc());
  for (Value v : inits)
    body->addArgument(v.getType(), v.getLoc());
  state.addAttributes(op->getAttrs());
  return rewriter.create(state);
}

/// Pulls a tensor.cast feeding an iter_arg (whose result has one use) into
/// the loop: the loop carries the cast's source type and casts at the
/// region's entry and exit.
LogicalResult forOpTensorCastFolder(Operation *op, PatternRewriter &rewriter) {
  unsigned numInits = op->getNumOperands() - 3;
  for (unsigned i = 0; i < numInits; ++i) {
    OpOperand &iterOperand = op->getOpOperand(3 + i);
    Operation *cast = defNamed(iterOperand.get(), "tensor.cast");
    if (!cast || cast->getOperand(0).getType() == cast->getResult(0).getType())
      continue;
    if (!preservesStaticInformation(cast->getResult(0).getType(), cast->getOperand(0).getType()))
      continue;
    if (!op->getResult(i).hasOneUse())
      continue;

    Value replacement = cast->getOperand(0);
    Type oldType = iterOperand.get().getType(), newType = replacement.getType();
    std::vector<Value> newInits = forInits(op).vec();
    newInits[i] = replacement;
    Operation *newFor = createForShell(rewriter, op, ValueRange(newInits));
    Block *newBlock = forBody(newFor);
    std::vector<Value> transferArgs = newBlock->getArguments().vec();
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(newBlock);
      transferArgs[1 + i] = buildTensorCast(rewriter, newFor->getLoc(), oldType, newBlock->getArgument(1 + i));
      rewriter.mergeBlocks(forBody(op), newBlock, ValueRange(transferArgs));
      Operation *yield = newBlock->getTerminator();
      rewriter.setInsertionPoint(yield);
      Value castOut = buildTensorCast(rewriter, newFor->getLoc(), newType, yield->getOperand(i));
      std::vector<Value> newYielded = yield->getOperands().vec();
      newYielded[i] = castOut;
      buildYield(rewriter, packedLoc(newFor), ValueRange(newYielded));
      rewriter.eraseOp(yield);
    }
    rewriter.setInsertionPointAfter(newFor);
    std::vector<Value> results = newFor->getResults().vec();
    results[i] = buildTensorCast(rewriter, newFor->getLoc(), oldType, results[i]);
    replaceOp(rewriter, op, results);
    return success();
  }
  return failure();
}

//===----------------------------------------------------------------------===//
// scf.if
//===----------------------------------------------------------------------===//

Block *thenBlock(Operation *ifOp) { return &ifOp->getRegion(0).back(); }
Block *elseBlock(Operation *ifOp) {
  Region &r = ifOp->getRegion(1);
  return r.empty() ? nullptr : &r.back();
}
Operation *thenYield(Operation *ifOp) { return &thenBlock(ifOp)->back(); }
Operation *elseYield(Operation *ifOp) { return &elseBlock(ifOp)->back(); }

/// An scf.if with `types` and condition `cond`, with empty regions.
Operation *createIfShell(PatternRewriter &rewriter, StateLocation loc, ArrayRef<Type> types, Value cond) {
  OperationState state(loc, OperationName(IfOp::getOperationName(), rewriter.getContext()));
  state.addOperand(cond);
  state.addTypes(types);
  state.addRegions(2);
  return rewriter.create(state);
}

/// if (xori %c, true) then A else B  ->  if %c then B else A (in place).
LogicalResult foldIf(Operation *op, ArrayRef<Attribute>, SmallVectorImpl<OpFoldResult> &) {
  Region &thenRegion = op->getRegion(0), &elseRegion = op->getRegion(1);
  if (elseRegion.empty())
    return failure();
  Operation *xorOp = defNamed(op->getOperand(0), "arith.xori");
  if (!xorOp || !matchOne(xorOp->getOperand(1)))
    return failure();
  op->setOperand(0, xorOp->getOperand(0));
  Block *thenB = &thenRegion.front();
  // The else blocks go first in the then region, then the old then block
  // moves to the else region.
  std::vector<Block *> elseBlocks;
  for (Block &b : elseRegion)
    elseBlocks.push_back(&b);
  for (Block *b : elseBlocks) {
    elseRegion.getBlocks().remove(b);
    thenRegion.getBlocks().insert(Region::iterator(thenB, &thenRegion.getBlocks()), b, &thenRegion);
  }
  thenRegion.getBlocks().remove(thenB);
  elseRegion.getBlocks().push_front(thenB, &elseRegion);
  return success();
}

/// Hoists yielded values defined outside the if into arith.select ops.
LogicalResult convertTrivialIfToSelect(Operation *op, PatternRewriter &rewriter) {
  if (op->getNumResults() == 0)
    return failure();
  Value cond = op->getOperand(0);
  Region &thenRegion = op->getRegion(0), &elseRegion = op->getRegion(1);
  std::vector<Value> thenArgs = thenYield(op)->getOperands().vec(), elseArgs = elseYield(op)->getOperands().vec();
  std::vector<Type> nonHoistable;
  for (size_t i = 0; i < thenArgs.size(); ++i)
    if (&thenRegion == thenArgs[i].getParentRegion() || &elseRegion == elseArgs[i].getParentRegion())
      nonHoistable.push_back(thenArgs[i].getType());
  if (nonHoistable.size() == op->getNumResults())
    return failure();

  StateLocation loc = packedLoc(op);
  Operation *replacement = createIfShell(rewriter, loc, nonHoistable, cond);
  replacement->getRegion(0).takeBody(thenRegion);
  replacement->getRegion(1).takeBody(elseRegion);
  Region &newThen = replacement->getRegion(0), &newElse = replacement->getRegion(1);

  std::vector<Value> results(op->getNumResults()), trueYields, falseYields;
  rewriter.setInsertionPoint(replacement);
  for (size_t i = 0; i < thenArgs.size(); ++i) {
    Value t = thenArgs[i], f = elseArgs[i];
    if (&newThen == t.getParentRegion() || &newElse == f.getParentRegion()) {
      results[i] = replacement->getResult(unsigned(trueYields.size()));
      trueYields.push_back(t);
      falseYields.push_back(f);
    } else if (t == f) {
      results[i] = t;
    } else {
      results[i] = buildSelect(rewriter, loc, cond, t, f);
    }
  }
  Operation *oldThenYield = thenYield(replacement), *oldElseYield = elseYield(replacement);
  rewriter.setInsertionPointToEnd(thenBlock(replacement));
  rewriter.replaceOp(oldThenYield, buildYield(rewriter, packedLoc(oldThenYield), ValueRange(trueYields)));
  rewriter.setInsertionPointToEnd(elseBlock(replacement));
  rewriter.replaceOp(oldElseYield, buildYield(rewriter, packedLoc(oldElseYield), ValueRange(falseYields)));
  replaceOp(rewriter, op, results);
  return success();
}

/// Uses of the condition inside the then (else) region become true
/// (false).
LogicalResult conditionPropagation(Operation *op, PatternRewriter &rewriter) {
  Value cond = op->getOperand(0);
  if (matchConstant(cond))
    return failure();
  Region &thenRegion = op->getRegion(0), &elseRegion = op->getRegion(1);
  bool changed = false;
  Value constantTrue, constantFalse;
  for (OpOperand *use = cond.use_begin().operator->(); use;) {
    OpOperand *next = use->getNextOperandUsingThisValue();
    Region *useRegion = use->getOwner()->getParentRegion();
    int side = thenRegion.isAncestor(useRegion) ? 0 : elseRegion.isAncestor(useRegion) ? 1 : -1;
    if (side >= 0) {
      changed = true;
      Value &cst = side == 0 ? constantTrue : constantFalse;
      if (!cst)
        cst = buildConstant(rewriter, packedLoc(op), IntegerAttr::get(rewriter.getI1Type(), side == 0 ? 1 : 0));
      rewriter.modifyOpInPlace(use->getOwner(), [&] { use->set(cst); });
    }
    use = next;
  }
  return success(changed);
}

/// Results yielding the same value on both sides become that value; results
/// yielding true/false (false/true) become the condition (its negation).
/// As in MLIR, the uses are replaced directly, without notifications.
LogicalResult replaceIfYieldWithConditionOrValue(Operation *op, PatternRewriter &rewriter) {
  if (op->getNumResults() == 0)
    return failure();
  Operation *trueYield = &op->getRegion(0).back().back();
  Operation *falseYield = &op->getRegion(1).back().back();
  rewriter.setInsertionPoint(op);
  bool changed = false;
  Type i1 = rewriter.getI1Type();
  for (unsigned i = 0, e = op->getNumResults(); i != e; ++i) {
    Value trueResult = trueYield->getOperand(i), falseResult = falseYield->getOperand(i);
    Value opResult = op->getResult(i);
    if (trueResult == falseResult) {
      if (!opResult.use_empty()) {
        opResult.replaceAllUsesWith(trueResult);
        changed = true;
      }
      continue;
    }
    BoolAttr trueAttr, falseAttr;
    if (!matchConstant(trueResult, &trueAttr) || !matchConstant(falseResult, &falseAttr))
      continue;
    bool trueVal = trueAttr.getValue(), falseVal = falseAttr.getValue();
    if (!trueVal && falseVal && !opResult.use_empty()) {
      Dialect *constDialect = trueResult.getDefiningOp()->getDialect();
      Operation *one = constDialect->materializeConstant(rewriter, IntegerAttr::get(i1, 1), i1, op->getLoc());
      Value notCond = buildBinary(rewriter, packedLoc(op), "arith.xori", op->getOperand(0), one->getResult(0));
      opResult.replaceAllUsesWith(notCond);
      changed = true;
    }
    if (trueVal && !falseVal && !opResult.use_empty()) {
      opResult.replaceAllUsesWith(op->getOperand(0));
      changed = true;
    }
  }
  return success(changed);
}

/// The condition is `xori %other, true`.
bool isNotOf(Value cond, Value other) {
  Operation *x = defNamed(cond, "arith.xori");
  return x && x->getOperand(0) == other && matchOne(x->getOperand(1));
}

/// Merges an scf.if into the directly preceding one with the same (or the
/// negated) condition.
LogicalResult combineIfs(Operation *nextIf, PatternRewriter &rewriter) {
  Block *parent = nextIf->getBlock();
  if (nextIf == &parent->front())
    return failure();
  Operation *prevIf = nextIf->getPrevNode();
  if (!isa<IfOp>(prevIf))
    return failure();
  Value nextCond = nextIf->getOperand(0), prevCond = prevIf->getOperand(0);
  Block *nextThen = nullptr, *nextElse = nullptr;
  if (nextCond == prevCond) {
    nextThen = thenBlock(nextIf);
    nextElse = elseBlock(nextIf);
  }
  if (isNotOf(nextCond, prevCond) || isNotOf(prevCond, nextCond)) {
    nextElse = thenBlock(nextIf);
    nextThen = elseBlock(nextIf);
  }
  if (!nextThen && !nextElse)
    return failure();

  std::vector<Value> prevElseYielded;
  if (!prevIf->getRegion(1).empty())
    prevElseYielded = elseYield(prevIf)->getOperands().vec();
  std::vector<Value> prevThenYielded = thenYield(prevIf)->getOperands().vec();
  // Uses of prevIf's results inside nextIf take the yielded values (zip
  // stops at the shortest: no else yields, no replacement).
  size_t n = std::min({size_t(prevIf->getNumResults()), prevThenYielded.size(), prevElseYielded.size()});
  for (size_t i = 0; i < n; ++i) {
    Value result = prevIf->getResult(unsigned(i));
    for (OpOperand *use = result.use_begin().operator->(); use;) {
      OpOperand *next = use->getNextOperandUsingThisValue();
      Region *useRegion = use->getOwner()->getParentRegion();
      if (nextThen && nextThen->getParent()->isAncestor(useRegion)) {
        rewriter.modifyOpInPlace(use->getOwner(), [&] { use->set(prevThenYielded[i]); });
      } else if (nextElse && nextElse->getParent()->isAncestor(useRegion)) {
        rewriter.modifyOpInPlace(use->getOwner(), [&] { use->set(prevElseYielded[i]); });
      }
      use = next;
    }
  }

  std::vector<Type> mergedTypes = prevIf->getResultTypes();
  for (Type t : nextIf->getResultTypes())
    mergedTypes.push_back(t);
  Operation *combinedIf = createIfShell(rewriter, packedLoc(nextIf), mergedTypes, prevCond);
  Region &combinedThen = combinedIf->getRegion(0), &combinedElse = combinedIf->getRegion(1);
  rewriter.inlineRegionBefore(prevIf->getRegion(0), combinedThen, combinedThen.begin());

  if (nextThen) {
    Operation *yield1 = thenYield(combinedIf);
    Operation *yield2 = nextThen->getTerminator();
    rewriter.mergeBlocks(nextThen, thenBlock(combinedIf));
    rewriter.setInsertionPointToEnd(thenBlock(combinedIf));
    std::vector<Value> merged = yield1->getOperands().vec();
    for (Value v : yield2->getOperands())
      merged.push_back(v);
    buildYield(rewriter, packedLoc(yield2), ValueRange(merged));
    rewriter.eraseOp(yield1);
    rewriter.eraseOp(yield2);
  }

  rewriter.inlineRegionBefore(prevIf->getRegion(1), combinedElse, combinedElse.begin());

  if (nextElse) {
    if (combinedElse.empty()) {
      rewriter.inlineRegionBefore(*nextElse->getParent(), combinedElse, combinedElse.begin());
    } else {
      Operation *yield1 = elseYield(combinedIf);
      Operation *yield2 = nextElse->getTerminator();
      rewriter.mergeBlocks(nextElse, elseBlock(combinedIf));
      rewriter.setInsertionPointToEnd(elseBlock(combinedIf));
      std::vector<Value> merged = yield1->getOperands().vec();
      for (Value v : yield2->getOperands())
        merged.push_back(v);
      buildYield(rewriter, packedLoc(yield2), ValueRange(merged));
      rewriter.eraseOp(yield1);
      rewriter.eraseOp(yield2);
    }
  }

  std::vector<Value> prevValues, nextValues;
  for (unsigned i = 0, e = combinedIf->getNumResults(); i != e; ++i)
    (i < prevIf->getNumResults() ? prevValues : nextValues).push_back(combinedIf->getResult(i));
  replaceOp(rewriter, prevIf, prevValues);
  replaceOp(rewriter, nextIf, nextValues);
  return success();
}

/// Drops an else region that only yields (ifs without results).
LogicalResult removeEmptyElseBranch(Operation *op, PatternRewriter &rewriter) {
  if (op->getNumResults())
    return failure();
  Block *elseB = elseBlock(op);
  if (!elseB || &elseB->front() != &elseB->back())
    return failure();
  Operation *newIf = rewriter.cloneWithoutRegions(*op);
  rewriter.inlineRegionBefore(op->getRegion(0), newIf->getRegion(0), newIf->getRegion(0).begin());
  rewriter.eraseOp(op);
  return success();
}

/// scf.if %a { scf.if %b { ... } }  ->  scf.if (arith.andi %a, %b) { ... }
LogicalResult combineNestedIfs(Operation *op, PatternRewriter &rewriter) {
  Block *thenB = thenBlock(op);
  // The nested if must be the only op besides the terminator.
  if (thenB->empty() || &thenB->front() == &thenB->back() || thenB->front().getNextNode() != &thenB->back())
    return failure();
  Block *elseB = elseBlock(op);
  if (elseB && &elseB->front() != &elseB->back())
    return failure();
  Operation *nestedIf = &thenB->front();
  if (!isa<IfOp>(nestedIf))
    return failure();
  Block *nestedElse = elseBlock(nestedIf);
  if (nestedElse && &nestedElse->front() != &nestedElse->back())
    return failure();

  std::vector<Value> thenYielded = thenYield(op)->getOperands().vec(), elseYielded;
  if (elseB)
    elseYielded = elseYield(op)->getOperands().vec();
  std::vector<unsigned> upgradeToSelect;
  for (size_t i = 0; i < thenYielded.size(); ++i) {
    Value v = thenYielded[i];
    if (v.getDefiningOp() == nestedIf) {
      unsigned nestedIdx = cast<OpResult>(v).getResultNumber();
      if (elseYield(nestedIf)->getOperand(nestedIdx) != elseYielded[i])
        return failure();
      thenYielded[i] = thenYield(nestedIf)->getOperand(nestedIdx);
      continue;
    }
    if (v.getParentRegion() == &op->getRegion(0))
      return failure();
    upgradeToSelect.push_back(unsigned(i));
  }

  Location loc = op->getLoc();
  Value newCondition = buildBinary(rewriter, loc, "arith.andi", op->getOperand(0), nestedIf->getOperand(0));
  std::vector<Type> types = op->getResultTypes();
  Operation *newIf = createIfShell(rewriter, loc, types, newCondition);
  Block *newIfBlock = rewriter.createBlock(&newIf->getRegion(0));
  std::vector<Value> results = newIf->getResults().vec();
  rewriter.setInsertionPoint(newIf);
  for (unsigned idx : upgradeToSelect)
    results[idx] = buildSelect(rewriter, loc, op->getOperand(0), thenYielded[idx], elseYielded[idx]);
  rewriter.mergeBlocks(thenBlock(nestedIf), newIfBlock);
  rewriter.setInsertionPointToEnd(thenBlock(newIf));
  Operation *oldYield = thenYield(newIf);
  rewriter.replaceOp(oldYield, buildYield(rewriter, packedLoc(oldYield), ValueRange(thenYielded)));
  if (!elseYielded.empty()) {
    rewriter.createBlock(&newIf->getRegion(1));
    rewriter.setInsertionPointToEnd(elseBlock(newIf));
    buildYield(rewriter, loc, ValueRange(elseYielded));
  }
  replaceOp(rewriter, op, results);
  return success();
}

/// scf.if on a constant condition becomes the taken region (or nothing).
LogicalResult removeStaticCondition(Operation *op, PatternRewriter &rewriter) {
  BoolAttr condition;
  if (!matchConstant(op->getOperand(0), &condition))
    return failure();
  if (condition.getValue())
    replaceOpWithRegion(rewriter, op, op->getRegion(0));
  else if (!op->getRegion(1).empty())
    replaceOpWithRegion(rewriter, op, op->getRegion(1));
  else
    rewriter.eraseOp(op);
  return success();
}

//===----------------------------------------------------------------------===//
// scf.index_switch
//===----------------------------------------------------------------------===//

/// A switch on a constant becomes the matching case (or the default).
LogicalResult foldConstantCase(Operation *op, PatternRewriter &rewriter) {
  std::optional<int64_t> cst = getConstantIntValue(op->getOperand(0));
  if (!cst)
    return failure();
  auto casesAttr = dyn_cast_or_null<DenseI64ArrayAttr>(ods::getInherentAttr(op, "cases"));
  ArrayRef<int64_t> cases = casesAttr ? casesAttr.asArrayRef() : ArrayRef<int64_t>();
  size_t caseIdx = 0;
  while (caseIdx < cases.size() && cases[caseIdx] != *cst)
    ++caseIdx;
  Region &r = caseIdx < cases.size() ? op->getRegion(unsigned(caseIdx) + 1) : op->getRegion(0);
  Block &source = r.front();
  Operation *terminator = source.getTerminator();
  std::vector<Value> results = terminator->getOperands().vec();
  rewriter.inlineBlockBefore(&source, op);
  rewriter.eraseOp(terminator);
  replaceOp(rewriter, op, results);
  return success();
}

//===----------------------------------------------------------------------===//
// scf.while
//===----------------------------------------------------------------------===//

Operation *conditionOf(Operation *whileOp) { return &whileOp->getRegion(0).front().back(); }
Block *afterBody(Operation *whileOp) { return &whileOp->getRegion(1).front(); }

/// An scf.while with `types` and `inits`, before and after blocks with
/// arguments of the inits' and the result types.
Operation *createWhile(PatternRewriter &rewriter, Location loc, ArrayRef<Type> types, ValueRange inits) {
  OperationState state(loc, WhileOp::getOperationName());
  state.addOperands(inits);
  state.addTypes(types);
  Region *before = state.addRegion();
  Region *after = state.addRegion();
  Block *beforeBlock = new Block();
  before->push_back(beforeBlock);
  for (Value v : inits)
    beforeBlock->addArgument(v.getType(), v.getLoc());
  Block *afterBlock = new Block();
  after->push_back(afterBlock);
  for (Type t : types)
    afterBlock->addArgument(t, loc);
  return rewriter.create(state);
}

/// Uses of an after-region argument receiving the condition become true.
LogicalResult whileConditionTruth(Operation *op, PatternRewriter &rewriter) {
  Operation *term = conditionOf(op);
  Value cond = term->getOperand(0);
  Value constantTrue;
  bool replaced = false;
  Block *after = afterBody(op);
  for (unsigned i = 1, e = term->getNumOperands(); i < e && i - 1 < after->getNumArguments(); ++i) {
    if (term->getOperand(i) != cond)
      continue;
    Value arg = after->getArgument(i - 1);
    if (arg.use_empty())
      continue;
    if (!constantTrue)
      constantTrue = buildConstant(rewriter, packedLoc(op), IntegerAttr::get(cond.getType(), 1));
    rewriter.replaceAllUsesWith(arg, constantTrue);
    replaced = true;
  }
  return success(replaced);
}

/// The inverse of an arith.cmpi predicate (eq<->ne, slt<->sge, ...).
int64_t invertCmpPredicate(int64_t pred) {
  // eq=0 ne=1 slt=2 sle=3 sgt=4 sge=5 ult=6 ule=7 ugt=8 uge=9
  static const int64_t inverse[] = {1, 0, 5, 4, 3, 2, 9, 8, 7, 6};
  return pred >= 0 && pred < 10 ? inverse[pred] : -1;
}

int64_t cmpPredicate(Operation *cmp) {
  Attribute attr = cmp->getAttr("predicate");
  if (auto i = dyn_cast_or_null<IntegerAttr>(attr))
    return i.getInt();
  return -1;
}

/// In the after region, a cmpi equal to (the inverse of) the loop's
/// condition cmpi on the forwarded operand becomes true (false).
LogicalResult whileCmpCond(Operation *op, PatternRewriter &rewriter) {
  Operation *cond = conditionOf(op);
  Operation *cmp = defNamed(cond->getOperand(0), "arith.cmpi");
  if (!cmp)
    return failure();
  bool changed = false;
  Block *after = afterBody(op);
  int64_t pred = cmpPredicate(cmp);
  for (unsigned i = 1, e = cond->getNumOperands(); i < e && i - 1 < after->getNumArguments(); ++i) {
    Value forwarded = cond->getOperand(i);
    Value arg = after->getArgument(i - 1);
    for (unsigned opIdx = 0; opIdx < 2; ++opIdx) {
      if (forwarded != cmp->getOperand(opIdx))
        continue;
      for (OpOperand *use = arg.use_begin().operator->(); use;) {
        OpOperand *next = use->getNextOperandUsingThisValue();
        Operation *cmp2 = use->getOwner();
        use = next;
        if (!isOpNamed(cmp2, "arith.cmpi"))
          continue;
        if (cmp2->getOperand(1 - opIdx) != cmp->getOperand(1 - opIdx))
          continue;
        bool samePredicate;
        int64_t pred2 = cmpPredicate(cmp2);
        if (pred2 == pred)
          samePredicate = true;
        else if (pred2 == invertCmpPredicate(pred))
          samePredicate = false;
        else
          continue;
        // Skip the use of the same op's other operand.
        while (use && use->getOwner() == cmp2)
          use = use->getNextOperandUsingThisValue();
        // replaceOpWithNewOp builds at the insertion point (before the loop).
        Value cst = buildConstant(rewriter, packedLoc(cmp2), IntegerAttr::get(rewriter.getI1Type(), samePredicate));
        rewriter.replaceOp(cmp2, cst.getDefiningOp());
        changed = true;
      }
    }
  }
  return success(changed);
}

/// If both ranges hold the same values, the index in `args1` of each value
/// of `args2`.
std::optional<std::vector<unsigned>> getArgsMapping(ValueRange args1, ValueRange args2) {
  if (args1.size() != args2.size())
    return std::nullopt;
  std::vector<unsigned> ret(args1.size());
  for (size_t i = 0; i < args1.size(); ++i) {
    size_t j = 0;
    while (j < args2.size() && args2[j] != args1[i])
      ++j;
    if (j == args2.size())
      return std::nullopt;
    ret[j] = unsigned(i);
  }
  return ret;
}

/// When scf.condition forwards the before arguments in another order, puts
/// them in order, permuting the after arguments and the results.
LogicalResult whileOpAlignBeforeArgs(Operation *loop, PatternRewriter &rewriter) {
  Block *oldBefore = &loop->getRegion(0).front();
  Operation *oldTerm = conditionOf(loop);
  ValueRange beforeArgs = oldBefore->getArguments();
  ValueRange termArgs = oldTerm->getOperands().drop_front(1);
  bool same = beforeArgs.size() == termArgs.size();
  for (size_t i = 0; same && i < beforeArgs.size(); ++i)
    same = beforeArgs[i] == termArgs[i];
  if (same)
    return failure();
  for (size_t i = 0; i < termArgs.size(); ++i)
    for (size_t j = i + 1; j < termArgs.size(); ++j)
      if (termArgs[i] == termArgs[j])
        return failure();
  std::optional<std::vector<unsigned>> mapping = getArgsMapping(beforeArgs, termArgs);
  if (!mapping)
    return failure();
  {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(oldTerm);
    std::vector<Value> operands{oldTerm->getOperand(0)};
    for (Value v : beforeArgs)
      operands.push_back(v);
    Operation *newTerm = create(rewriter, packedLoc(oldTerm), ConditionOp::getOperationName(), ValueRange(operands));
    rewriter.replaceOp(oldTerm, newTerm);
  }
  Block *oldAfter = afterBody(loop);
  std::vector<Type> newResultTypes(beforeArgs.size());
  for (size_t i = 0; i < mapping->size(); ++i)
    newResultTypes[(*mapping)[i]] = loop->getResult(unsigned(i)).getType();
  std::vector<Value> inits = loop->getOperands().vec();
  Operation *newLoop = createWhile(rewriter, loop->getLoc(), newResultTypes, ValueRange(inits));
  Block *newBefore = &newLoop->getRegion(0).front();
  Block *newAfter = afterBody(newLoop);
  std::vector<Value> newResults(beforeArgs.size()), newAfterArgs(beforeArgs.size());
  for (size_t i = 0; i < mapping->size(); ++i) {
    newResults[i] = newLoop->getResult((*mapping)[i]);
    newAfterArgs[i] = newAfter->getArgument((*mapping)[i]);
  }
  std::vector<Value> newBeforeArgs = newBefore->getArguments().vec();
  rewriter.inlineBlockBefore(oldBefore, newBefore, newBefore->begin(), ValueRange(newBeforeArgs));
  rewriter.inlineBlockBefore(oldAfter, newAfter, newAfter->begin(), ValueRange(newAfterArgs));
  replaceOp(rewriter, loop, newResults);
  return success();
}

/// Moves an scf.if directly before the scf.condition and on the same
/// condition (with an empty else) into the after region.
LogicalResult whileMoveIfDown(Operation *op, PatternRewriter &rewriter) {
  Operation *conditionOp = conditionOf(op);
  Operation *ifOp = conditionOp->getPrevNode();
  if (!ifOp || !isa<IfOp>(ifOp) || ifOp->getOperand(0) != conditionOp->getOperand(0))
    return failure();
  Block *ifElse = elseBlock(ifOp);
  if (ifElse && &ifElse->front() != &ifElse->back())
    return failure();
  Location loc = op->getLoc();
  Block *after = afterBody(op);
  for (unsigned idx = 1, e = conditionOp->getNumOperands(); idx < e; ++idx) {
    Value arg = conditionOp->getOperand(idx);
    auto result = dyn_cast<OpResult>(arg);
    if (!result || result.getOwner() != ifOp)
      continue;
    unsigned ifIdx = result.getResultNumber();
    Value thenValue = thenYield(ifOp)->getOperand(ifIdx);
    Value elseValue = elseYield(ifOp)->getOperand(ifIdx);
    rewriter.replaceAllUsesWith(ifOp->getResult(ifIdx), elseValue);
    rewriter.replaceAllUsesWith(after->getArgument(idx - 1), thenValue);
  }

  // Values of the before region used in the then region (post-order walk).
  Region *beforeRegion = &op->getRegion(0);
  std::vector<Value> additional;
  for (Block &b : ifOp->getRegion(0)) {
    for (Operation &nestedTop : b) {
      nestedTop.walk([&](Operation *nested) {
        for (Value v : nested->getOperands())
          if (v.getParentRegion() == beforeRegion && std::find(additional.begin(), additional.end(), v) == additional.end())
            additional.push_back(v);
      });
    }
  }
  std::vector<Type> newResultTypes = op->getResultTypes();
  for (Value v : additional)
    newResultTypes.push_back(v.getType());
  std::vector<Value> inits = op->getOperands().vec();
  // scf.while's builder with no body builders: empty blocks with arguments.
  Operation *newWhile = createWhile(rewriter, loc, newResultTypes, ValueRange(inits));
  rewriter.modifyOpInPlace(newWhile, [&] {
    newWhile->getRegion(0).clear();
    newWhile->getRegion(1).clear();
    newWhile->getRegion(0).takeBody(op->getRegion(0));
    newWhile->getRegion(1).takeBody(op->getRegion(1));
    Block *newAfter = &newWhile->getRegion(1).front();
    for (Value v : additional)
      newAfter->addArgument(v.getType(), loc);
  });
  rewriter.modifyOpInPlace(conditionOp, [&] {
    conditionOp->insertOperands(conditionOp->getNumOperands(), ValueRange(additional));
  });
  Block *newAfter = &newWhile->getRegion(1).front();
  unsigned firstNew = newAfter->getNumArguments() - unsigned(additional.size());
  Region *thenRegion = &ifOp->getRegion(0);
  for (size_t i = 0; i < additional.size(); ++i)
    rewriter.replaceUsesWithIf(additional[i], newAfter->getArgument(firstNew + unsigned(i)), [&](OpOperand &use) {
      return thenRegion->isAncestor(use.getOwner()->getParentRegion());
    });
  rewriter.eraseOp(thenYield(ifOp));
  rewriter.inlineBlockBefore(thenBlock(ifOp), newAfter, newAfter->begin());
  rewriter.eraseOp(ifOp);
  std::vector<Value> results = newWhile->getResults().vec();
  results.resize(results.size() - additional.size());
  replaceOp(rewriter, op, results);
  return success();
}

//===----------------------------------------------------------------------===//
// scf.parallel
//===----------------------------------------------------------------------===//

struct ParallelParts {
  ValueRange lbs, ubs, steps, inits;
};

ParallelParts parallelParts(Operation *op) {
  return {ods::getODSOperands(op, 0), ods::getODSOperands(op, 1), ods::getODSOperands(op, 2),
          ods::getODSOperands(op, 3)};
}

/// An scf.parallel with one empty body block holding the induction
/// variables (no terminator).
Operation *createParallelShell(PatternRewriter &rewriter, Location loc, ValueRange lbs, ValueRange ubs,
                               ValueRange steps, ValueRange inits, bool withBlock) {
  OperationState state(loc, ParallelOp::getOperationName());
  state.addOperands(lbs);
  state.addOperands(ubs);
  state.addOperands(steps);
  state.addOperands(inits);
  for (Value v : inits)
    state.addType(v.getType());
  int32_t sizes[] = {int32_t(lbs.size()), int32_t(ubs.size()), int32_t(steps.size()), int32_t(inits.size())};
  state.addAttribute("operandSegmentSizes", DenseI32ArrayAttr::get(rewriter.getContext(), sizes));
  Region *region = state.addRegion();
  if (withBlock) {
    Block *body = new Block();
    region->push_back(body);
    for (size_t i = 0; i < steps.size(); ++i)
      body->addArgument(IndexType::get(rewriter.getContext()), loc);
  }
  return rewriter.create(state);
}

/// Drops the dimensions with a single iteration (the induction variable
/// becomes the lower bound); a dimension with none erases the loop.
LogicalResult parallelOpSingleOrZeroIterationDimsFolder(Operation *op, PatternRewriter &rewriter) {
  ParallelParts p = parallelParts(op);
  Block *body = &op->getRegion(0).front();
  std::vector<Value> newLbs, newUbs, newSteps;
  IRMapping mapping;
  for (size_t i = 0; i < p.lbs.size(); ++i) {
    std::optional<APInt> numIterations = constantTripCount(p.lbs[i], p.ubs[i], p.steps[i], /*isSigned=*/true);
    if (numIterations) {
      if (numIterations->isZero()) {
        std::vector<Value> inits = p.inits.vec();
        replaceOp(rewriter, op, inits);
        return success();
      }
      if (countIs(*numIterations, 1)) {
        mapping.map(body->getArgument(unsigned(i)), p.lbs[i]);
        continue;
      }
    }
    newLbs.push_back(p.lbs[i]);
    newUbs.push_back(p.ubs[i]);
    newSteps.push_back(p.steps[i]);
  }
  if (newLbs.size() == p.lbs.size())
    return failure();

  if (newLbs.empty()) {
    // Every dimension runs once: inline the body and the reductions.
    std::vector<Value> results;
    for (Operation &bodyOp : *body) {
      if (&bodyOp == &body->back())
        break;
      rewriter.clone(bodyOp, mapping);
    }
    Operation *reduce = &body->back();
    for (unsigned i = 0, e = reduce->getNumRegions(); i < e; ++i) {
      Block &reduceBlock = reduce->getRegion(i).front();
      size_t initIdx = results.size();
      mapping.map(reduceBlock.getArgument(0), p.inits[initIdx]);
      mapping.map(reduceBlock.getArgument(1), mapping.lookupOrDefault(reduce->getOperand(i)));
      for (Operation &reduceOp : reduceBlock) {
        if (&reduceOp == &reduceBlock.back())
          break;
        rewriter.clone(reduceOp, mapping);
      }
      results.push_back(mapping.lookupOrDefault(reduceBlock.back().getOperand(0)));
    }
    replaceOp(rewriter, op, results);
    return success();
  }

  Operation *newOp = createParallelShell(rewriter, op->getLoc(), ValueRange(newLbs), ValueRange(newUbs),
                                         ValueRange(newSteps), p.inits, /*withBlock=*/false);
  // Cloning skips the arguments of the collapsed dimensions (mapped).
  rewriter.cloneRegionBefore(op->getRegion(0), newOp->getRegion(0), newOp->getRegion(0).begin(), mapping);
  std::vector<Value> results = newOp->getResults().vec();
  replaceOp(rewriter, op, results);
  return success();
}

/// scf.parallel { scf.parallel { ... } }  ->  one scf.parallel over both
/// dimension sets (no reductions).
LogicalResult mergeNestedParallelLoops(Operation *op, PatternRewriter &rewriter) {
  Block &outerBody = op->getRegion(0).front();
  if (outerBody.empty() || outerBody.front().getNextNode() != &outerBody.back())
    return failure();
  Operation *innerOp = &outerBody.front();
  if (!isa<ParallelOp>(innerOp))
    return failure();
  ParallelParts outer = parallelParts(op), inner = parallelParts(innerOp);
  for (Value arg : outerBody.getArguments())
    for (ValueRange r : {inner.lbs, inner.ubs, inner.steps})
      for (Value v : r)
        if (v == arg)
          return failure();
  if (!outer.inits.empty() || !inner.inits.empty())
    return failure();

  auto concat = [](ValueRange a, ValueRange b) {
    std::vector<Value> r = a.vec();
    for (Value v : b)
      r.push_back(v);
    return r;
  };
  std::vector<Value> lbs = concat(outer.lbs, inner.lbs), ubs = concat(outer.ubs, inner.ubs),
                     steps = concat(outer.steps, inner.steps);
  // As ParallelOp::build with a body builder: the body is filled while the
  // op is detached, then the op is inserted.
  OperationState state(op->getLoc(), ParallelOp::getOperationName());
  state.addOperands(ValueRange(lbs));
  state.addOperands(ValueRange(ubs));
  state.addOperands(ValueRange(steps));
  int32_t sizes[] = {int32_t(lbs.size()), int32_t(ubs.size()), int32_t(steps.size()), 0};
  state.addAttribute("operandSegmentSizes", DenseI32ArrayAttr::get(rewriter.getContext(), sizes));
  state.addRegion();
  Operation *newOp = Operation::create(state);
  Block *newBody = new Block();
  newOp->getRegion(0).push_back(newBody);
  for (size_t i = 0; i < steps.size(); ++i)
    newBody->addArgument(IndexType::get(rewriter.getContext()), op->getLoc());
  if (OpBuilder::Listener *l = rewriter.getListener())
    l->notifyBlockInserted(newBody, nullptr, Region::iterator());
  {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(newBody);
    Block &innerBody = innerOp->getRegion(0).front();
    IRMapping mapping;
    ValueRange iterVals = newBody->getArguments();
    mapping.map(outerBody.getArguments(), iterVals.take_front(outerBody.getNumArguments()));
    mapping.map(innerBody.getArguments(), iterVals.drop_front(outerBody.getNumArguments()));
    for (Operation &nested : innerBody) {
      if (&nested == &innerBody.back())
        break;
      rewriter.clone(nested, mapping);
    }
  }
  // The implicit scf.reduce terminator (no reductions).
  OperationState reduceState(op->getLoc(), ReduceOp::getOperationName());
  newBody->push_back(Operation::create(reduceState));
  rewriter.insert(newOp);
  rewriter.replaceOp(op, newOp);
  return success();
}

} // namespace

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

void scf::registerSCFCanonicalization(Dialect &dialect) {
  ods::attachFolder(dialect, IfOp::getOperationName(), foldIf);

  ods::attachCanonicalizer(dialect, ExecuteRegionOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    std::string_view name = ExecuteRegionOp::getOperationName();
    p.addFunction(name, singleBlockExecuteInliner, "SingleBlockExecuteInliner");
    p.addFunction(name, multiBlockExecuteInliner, "MultiBlockExecuteInliner");
    addRegionBranchCanonicalizationPatterns(p, name);
  });
  ods::attachCanonicalizer(dialect, ForOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    std::string_view name = ForOp::getOperationName();
    p.addFunction(name, simplifyTrivialLoops, "SimplifyTrivialLoops");
    p.addFunction(name, forOpTensorCastFolder, "ForOpTensorCastFolder");
    addRegionBranchCanonicalizationPatterns(p, name);
  });
  ods::attachCanonicalizer(dialect, IfOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    std::string_view name = IfOp::getOperationName();
    p.addFunction(name, combineIfs, "CombineIfs");
    p.addFunction(name, combineNestedIfs, "CombineNestedIfs");
    p.addFunction(name, conditionPropagation, "ConditionPropagation");
    p.addFunction(name, convertTrivialIfToSelect, "ConvertTrivialIfToSelect");
    p.addFunction(name, removeEmptyElseBranch, "RemoveEmptyElseBranch");
    p.addFunction(name, removeStaticCondition, "RemoveStaticCondition");
    p.addFunction(name, replaceIfYieldWithConditionOrValue, "ReplaceIfYieldWithConditionOrValue");
    addRegionBranchCanonicalizationPatterns(p, name);
  });
  ods::attachCanonicalizer(dialect, IndexSwitchOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    std::string_view name = IndexSwitchOp::getOperationName();
    p.addFunction(name, foldConstantCase, "FoldConstantCase");
    addRegionBranchCanonicalizationPatterns(p, name);
  });
  ods::attachCanonicalizer(dialect, ParallelOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    std::string_view name = ParallelOp::getOperationName();
    p.addFunction(name, parallelOpSingleOrZeroIterationDimsFolder, "ParallelOpSingleOrZeroIterationDimsFolder");
    p.addFunction(name, mergeNestedParallelLoops, "MergeNestedParallelLoops");
  });
  ods::attachCanonicalizer(dialect, WhileOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    std::string_view name = WhileOp::getOperationName();
    p.addFunction(name, whileConditionTruth, "WhileConditionTruth");
    p.addFunction(name, whileCmpCond, "WhileCmpCond");
    p.addFunction(name, whileOpAlignBeforeArgs, "WhileOpAlignBeforeArgs");
    p.addFunction(name, whileMoveIfDown, "WhileMoveIfDown");
    addRegionBranchCanonicalizationPatterns(p, name);
  });
}
