//===- SCFForallCanonicalization.cpp - scf.forall canonicalization --------===//
//
// The scf.forall patterns of mlir/lib/Dialect/SCF/IR/SCF.cpp (LLVM 22) done
// so far, in MLIR's order: ForallOpControlOperandsFolder (constant bounds
// and steps become static) and ForallOpSingleOrZeroIterationDimsFolder (a
// loop of zero iterations is its outputs; single-iteration dimensions are
// dropped, and a loop left without dimensions is inlined, its
// tensor.parallel_insert_slice ops becoming tensor.insert_slice) and
// ForallOpReplaceConstantInductionVar.
//
#include "SCFDetail.h"

#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/Dialect/SCF/SCFDialect.h"
#include "lamina/IR/IRMapping.h"
#include "lamina/IR/Matchers.h"
#include "lamina/IR/PatternMatch.h"
#include "lamina/ODS/OpDef.h"

#include <vector>

using namespace lamina;
using namespace lamina::scf;

namespace {

constexpr int64_t kDynamic = ShapedType::kDynamic;

ArrayRef<int64_t> staticList(Operation *op, std::string_view name) {
  auto attr = dyn_cast_or_null<DenseI64ArrayAttr>(ods::getInherentAttr(op, name));
  return attr ? attr.asArrayRef() : ArrayRef<int64_t>();
}

/// A bound: a static value or an SSA value.
struct Bound {
  int64_t value = kDynamic;
  Value dynamic;
  std::optional<int64_t> constant() const {
    if (dynamic)
      return getConstantIntValue(dynamic);
    return value;
  }
};

/// The mixed lower bounds (group 0), upper bounds (1) or steps (2).
std::vector<Bound> mixedBounds(Operation *op, std::string_view name, unsigned group) {
  std::vector<Bound> bounds;
  OperandRange dynamics = ods::getODSOperands(op, group);
  unsigned next = 0;
  for (int64_t v : staticList(op, name)) {
    Bound b;
    if (ShapedType::isDynamic(v) && next < dynamics.size())
      b.dynamic = dynamics[next++];
    else
      b.value = v;
    bounds.push_back(b);
  }
  return bounds;
}

/// foldDynamicIndexList: constant SSA bounds become static.
bool foldBounds(std::vector<Bound> &bounds) {
  bool changed = false;
  for (Bound &b : bounds) {
    if (!b.dynamic)
      continue;
    if (std::optional<int64_t> c = getConstantIntValue(b.dynamic)) {
      b = Bound{*c, Value()};
      changed = true;
    }
  }
  return changed;
}

void split(const std::vector<Bound> &bounds, std::vector<int64_t> &statics, std::vector<Value> &dynamics) {
  for (const Bound &b : bounds) {
    statics.push_back(b.dynamic ? kDynamic : b.value);
    if (b.dynamic)
      dynamics.push_back(b.dynamic);
  }
}

/// ForallOpControlOperandsFolder.
LogicalResult forallOpControlOperandsFolder(Operation *op, PatternRewriter &rewriter) {
  std::vector<Bound> lbs = mixedBounds(op, "staticLowerBound", 0);
  std::vector<Bound> ubs = mixedBounds(op, "staticUpperBound", 1);
  std::vector<Bound> steps = mixedBounds(op, "staticStep", 2);
  // As MLIR's `failed(a) && failed(b) && failed(c)`: the first list that
  // changes stops the others for this round.
  if (!foldBounds(lbs) && !foldBounds(ubs) && !foldBounds(steps))
    return failure();
  std::vector<int64_t> sLb, sUb, sStep;
  std::vector<Value> dLb, dUb, dStep;
  split(lbs, sLb, dLb);
  split(ubs, sUb, dUb);
  split(steps, sStep, dStep);
  std::vector<Value> operands;
  operands.insert(operands.end(), dLb.begin(), dLb.end());
  operands.insert(operands.end(), dUb.begin(), dUb.end());
  operands.insert(operands.end(), dStep.begin(), dStep.end());
  OperandRange outputs = ods::getODSOperands(op, 3);
  operands.insert(operands.end(), outputs.begin(), outputs.end());
  MLIRContext *ctx = op->getContext();
  rewriter.modifyOpInPlace(op, [&] {
    op->setOperands(ValueRange(operands));
    op->setInherentAttr(StringAttr::get(ctx, "staticLowerBound"), DenseI64ArrayAttr::get(ctx, sLb));
    op->setInherentAttr(StringAttr::get(ctx, "staticUpperBound"), DenseI64ArrayAttr::get(ctx, sUb));
    op->setInherentAttr(StringAttr::get(ctx, "staticStep"), DenseI64ArrayAttr::get(ctx, sStep));
    int32_t segments[] = {int32_t(dLb.size()), int32_t(dUb.size()), int32_t(dStep.size()),
                          int32_t(op->getNumResults())};
    op->setInherentAttr(StringAttr::get(ctx, "operandSegmentSizes"),
                        DenseI32ArrayAttr::get(ctx, ArrayRef<int32_t>(segments, 4)));
  });
  return success();
}

/// constantTripCount: ceil((ub - lb) / step), zero when ub <= lb; nullopt
/// unless all three are constant and the step positive.
std::optional<int64_t> constantTripCount(const Bound &lb, const Bound &ub, const Bound &step) {
  std::optional<int64_t> l = lb.constant(), u = ub.constant(), s = step.constant();
  if (!l || !u || !s || *s <= 0)
    return std::nullopt;
  if (*u <= *l)
    return 0;
  uint64_t diff = uint64_t(*u) - uint64_t(*l);
  return int64_t((diff + uint64_t(*s) - 1) / uint64_t(*s));
}

Value valueOrConstant(PatternRewriter &rewriter, Location loc, const Bound &b) {
  if (b.dynamic)
    return b.dynamic;
  return arith::createConstant(rewriter, loc, rewriter.getIndexAttr(b.value))->getResult(0);
}

/// scf::promote(forall): inline the body, the induction variables replaced
/// by the lower bounds and the shared outputs by the outputs; each
/// tensor.parallel_insert_slice becomes a tensor.insert_slice.
LogicalResult promoteForall(Operation *op, PatternRewriter &rewriter, const std::vector<Bound> &lbs) {
  Block *body = &op->getRegion(0).front();
  Operation *terminator = body->getTerminator();
  if (!terminator || terminator->getNumRegions() != 1)
    return failure();
  Block *yields = terminator->getRegion(0).empty() ? nullptr : &terminator->getRegion(0).front();
  if (yields)
    for (Operation &yielding : *yields)
      if (yielding.getName().getStringRef() != "tensor.parallel_insert_slice")
        return failure();
  std::vector<Value> replacements;
  for (const Bound &lb : lbs)
    replacements.push_back(valueOrConstant(rewriter, op->getLoc(), lb));
  OperandRange outputs = ods::getODSOperands(op, 3);
  replacements.insert(replacements.end(), outputs.begin(), outputs.end());
  if (replacements.size() != body->getNumArguments())
    return failure();
  rewriter.inlineBlockBefore(body, op->getBlock(), Block::iterator(op), ValueRange(replacements));
  rewriter.setInsertionPointAfter(op);
  std::vector<Value> results;
  if (yields) {
    for (Operation &yielding : *yields) {
      // parallel_insert_slice: source, dest, offsets, sizes, strides.
      OperationState state(op->getLoc(), "tensor.insert_slice");
      state.addOperands(yielding.getOperands());
      for (std::string_view name : {"static_offsets", "static_sizes", "static_strides", "operandSegmentSizes"})
        if (Attribute attr = yielding.getAttr(name))
          state.addAttribute(name, attr);
      state.addType(yielding.getOperand(1).getType());
      results.push_back(rewriter.create(state)->getResult(0));
    }
  }
  if (results.size() != op->getNumResults())
    return failure();
  rewriter.replaceAllUsesWith(op->getResults(), ValueRange(results));
  rewriter.eraseOp(terminator);
  rewriter.eraseOp(op);
  return success();
}

/// ForallOpSingleOrZeroIterationDimsFolder.
LogicalResult forallOpSingleOrZeroIterationDimsFolder(Operation *op, PatternRewriter &rewriter) {
  if (auto mapping = dyn_cast_or_null<ArrayAttr>(ods::getInherentAttr(op, "mapping")); mapping && !mapping.empty())
    return failure();
  Location loc = op->getLoc();
  std::vector<Bound> lbs = mixedBounds(op, "staticLowerBound", 0);
  std::vector<Bound> ubs = mixedBounds(op, "staticUpperBound", 1);
  std::vector<Bound> steps = mixedBounds(op, "staticStep", 2);
  Block *body = &op->getRegion(0).front();
  std::vector<Bound> newLbs, newUbs, newSteps;
  IRMapping mapping;
  for (size_t i = 0; i < lbs.size() && i < ubs.size() && i < steps.size(); ++i) {
    std::optional<int64_t> n = constantTripCount(lbs[i], ubs[i], steps[i]);
    if (n) {
      if (*n == 0) {
        OperandRange outputs = ods::getODSOperands(op, 3);
        std::vector<Value> values(outputs.begin(), outputs.end());
        rewriter.replaceOp(op, ValueRange(values));
        return success();
      }
      if (*n == 1) {
        mapping.map(body->getArgument(unsigned(i)), valueOrConstant(rewriter, loc, lbs[i]));
        continue;
      }
    }
    newLbs.push_back(lbs[i]);
    newUbs.push_back(ubs[i]);
    newSteps.push_back(steps[i]);
  }
  if (newLbs.empty())
    return promoteForall(op, rewriter, lbs);
  if (newLbs.size() == lbs.size())
    return failure();
  std::vector<int64_t> sLb, sUb, sStep;
  std::vector<Value> dLb, dUb, dStep;
  split(newLbs, sLb, dLb);
  split(newUbs, sUb, dUb);
  split(newSteps, sStep, dStep);
  OperationState state(loc, ForallOp::getOperationName());
  state.addOperands(ValueRange(dLb));
  state.addOperands(ValueRange(dUb));
  state.addOperands(ValueRange(dStep));
  OperandRange outputs = ods::getODSOperands(op, 3);
  state.addOperands(outputs);
  for (const NamedAttribute &attr : op->getAttrs()) {
    std::string_view name = attr.getName().getValue();
    if (name != "operandSegmentSizes" && name != "staticLowerBound" && name != "staticUpperBound" &&
        name != "staticStep")
      state.addAttribute(attr.getName(), attr.getValue());
  }
  state.addAttribute("staticLowerBound", rewriter.getDenseI64ArrayAttr(sLb));
  state.addAttribute("staticUpperBound", rewriter.getDenseI64ArrayAttr(sUb));
  state.addAttribute("staticStep", rewriter.getDenseI64ArrayAttr(sStep));
  int32_t segments[] = {int32_t(dLb.size()), int32_t(dUb.size()), int32_t(dStep.size()), int32_t(outputs.size())};
  state.addAttribute("operandSegmentSizes", rewriter.getDenseI32ArrayAttr(ArrayRef<int32_t>(segments, 4)));
  for (Type t : op->getResultTypes())
    state.addType(t);
  state.addRegion();
  Operation *newOp = rewriter.create(state);
  rewriter.cloneRegionBefore(op->getRegion(0), newOp->getRegion(0), newOp->getRegion(0).begin(), mapping);
  std::vector<Value> results(newOp->getResults().begin(), newOp->getResults().end());
  rewriter.replaceOp(op, ValueRange(results));
  return success();
}

/// ForallOpReplaceConstantInductionVar: a used induction variable of a
/// single-iteration dimension -> its lower bound.
LogicalResult forallOpReplaceConstantInductionVar(Operation *op, PatternRewriter &rewriter) {
  std::vector<Bound> lbs = mixedBounds(op, "staticLowerBound", 0);
  std::vector<Bound> ubs = mixedBounds(op, "staticUpperBound", 1);
  std::vector<Bound> steps = mixedBounds(op, "staticStep", 2);
  Block *body = &op->getRegion(0).front();
  bool changed = false;
  for (size_t i = 0; i < lbs.size() && i < ubs.size() && i < steps.size() && i < body->getNumArguments(); ++i) {
    Value iv = body->getArgument(unsigned(i));
    if (iv.use_empty())
      continue;
    std::optional<int64_t> n = constantTripCount(lbs[i], ubs[i], steps[i]);
    if (!n || *n != 1)
      continue;
    rewriter.replaceAllUsesWith(iv, valueOrConstant(rewriter, op->getLoc(), lbs[i]));
    changed = true;
  }
  return success(changed);
}

} // namespace

void scf::registerForallCanonicalization(Dialect &dialect) {
  ods::attachCanonicalizer(dialect, ForallOp::getOperationName(), [](RewritePatternSet &p, MLIRContext *) {
    p.addFunction(ForallOp::getOperationName(), forallOpControlOperandsFolder, "ForallOpControlOperandsFolder");
    p.addFunction(ForallOp::getOperationName(), forallOpSingleOrZeroIterationDimsFolder,
                  "ForallOpSingleOrZeroIterationDimsFolder");
    p.addFunction(ForallOp::getOperationName(), forallOpReplaceConstantInductionVar,
                  "ForallOpReplaceConstantInductionVar");
  });
}
