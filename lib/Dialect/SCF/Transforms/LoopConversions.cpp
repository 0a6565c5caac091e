//===- LoopConversions.cpp - scf loops into other scf loops ----------------===//
//
// scf-for-to-while (MLIR 22's SCFForToWhileLoop): in the greedy driver,
// every scf.for becomes an scf.while carrying the induction variable first,
// compared (slt, ult for unsigned loops) with the upper bound in the before
// region and incremented by the step at the start of the after region,
// which takes the loop body.
//
// scf-forall-to-for and scf-forall-to-parallel (MLIR 22's SCFForallToForLoop
// and SCFForallToParallelLoop): every scf.forall without shared outputs,
// innermost first, becomes a nest of scf.for or one scf.parallel (keeping
// its mapping), its bounds materialized as index constants where static.
//
#include "lamina/Dialect/SCF/Passes.h"

#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/IR/Builders.h"
#include "lamina/Rewrite/GreedyPatternRewriteDriver.h"

#include <vector>

using namespace lamina;
using namespace lamina::scf;

namespace {

//===----------------------------------------------------------------------===//
// scf-for-to-while
//===----------------------------------------------------------------------===//

struct ForLoopToWhileLoop : RewritePattern {
  explicit ForLoopToWhileLoop(MLIRContext *ctx) : RewritePattern("scf.for", 1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override {
    ForOp forOp(op);
    MLIRContext *ctx = op->getContext();
    Block *body = forOp.getBody();
    Location loc = op->getLoc();
    // The loop-carried values: the induction variable, then the iter_args.
    std::vector<Type> lcvTypes;
    std::vector<Location> lcvLocs;
    lcvTypes.push_back(body->getArgument(0).getType());
    lcvLocs.push_back(body->getArgument(0).getLoc());
    for (Value v : forOp.getInitArgs()) {
      lcvTypes.push_back(v.getType());
      lcvLocs.push_back(v.getLoc());
    }
    OperationState state(loc, WhileOp::getOperationName());
    state.addOperand(forOp.getLowerBound());
    state.addOperands(forOp.getInitArgs());
    state.addTypes(ArrayRef<Type>(lcvTypes));
    for (const NamedAttribute &a : op->getAttrs())
      state.addAttribute(a.getName().getValue(), a.getValue());
    state.addRegion();
    state.addRegion();
    rewriter.setInsertionPoint(op);
    Operation *whileOp = rewriter.create(state);

    Block *before = rewriter.createBlock(&whileOp->getRegion(0), whileOp->getRegion(0).begin(), lcvTypes, lcvLocs);
    rewriter.setInsertionPointToStart(before);
    bool isUnsigned = bool(op->getAttr("unsignedCmp"));
    OperationState cmp(loc, "arith.cmpi");
    cmp.addOperand(before->getArgument(0));
    cmp.addOperand(forOp.getUpperBound());
    cmp.addAttribute("predicate", IntegerAttr::get(IntegerType::get(ctx, 64),
                                                   int64_t(isUnsigned ? arith::CmpIPredicate::ult
                                                                      : arith::CmpIPredicate::slt)));
    cmp.addType(rewriter.getI1Type());
    Value condition = rewriter.create(cmp)->getResult(0);
    OperationState cond(loc, "scf.condition");
    cond.addOperand(condition);
    cond.addOperands(before->getArguments());
    rewriter.create(cond);

    Block *after = rewriter.createBlock(&whileOp->getRegion(1), whileOp->getRegion(1).begin(), lcvTypes, lcvLocs);
    rewriter.setInsertionPointToEnd(after);
    OperationState inc(loc, "arith.addi");
    inc.addOperand(after->getArgument(0));
    inc.addOperand(forOp.getStep());
    inc.addType(lcvTypes[0]);
    Value ivInc = rewriter.create(inc)->getResult(0);

    for (unsigned i = 0; i < body->getNumArguments(); ++i)
      rewriter.replaceAllUsesWith(body->getArgument(i), after->getArgument(i));
    while (!body->empty())
      rewriter.moveOpBefore(&body->front(), after, after->end());

    // The yields carry the incremented induction variable first.
    for (Operation &yield : *after) {
      if (yield.getName().getStringRef() != "scf.yield")
        continue;
      std::vector<Value> operands = {ivInc};
      for (Value v : yield.getOperands())
        operands.push_back(v);
      rewriter.modifyOpInPlace(&yield, [&] { yield.setOperands(ValueRange(ArrayRef<Value>(operands))); });
    }
    for (unsigned i = 0; i < op->getNumResults(); ++i)
      rewriter.replaceAllUsesWith(op->getResult(i), whileOp->getResult(i + 1));
    rewriter.eraseOp(op);
    return success();
  }
};

struct SCFForToWhileLoop : lamina::impl::SCFForToWhileLoopBase<SCFForToWhileLoop> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<ForLoopToWhileLoop>(&getContext());
    (void)applyPatternsGreedily(getOperation(), std::move(patterns));
  }
};

//===----------------------------------------------------------------------===//
// scf.forall conversions
//===----------------------------------------------------------------------===//

/// The forall's lower bounds (group 0), upper bounds (1) or steps (2) as
/// values, static entries as new index constants (getValueOrCreateConstant).
std::vector<Value> boundValues(OpBuilder &b, Operation *forall, std::string_view name, unsigned group) {
  std::vector<Value> values;
  auto statics = dyn_cast_or_null<DenseI64ArrayAttr>(forall->getAttr(name));
  auto sizes = cast<DenseI32ArrayAttr>(forall->getAttr("operandSegmentSizes")).asArrayRef();
  unsigned start = 0;
  for (unsigned i = 0; i < group; ++i)
    start += unsigned(sizes[i]);
  unsigned next = 0;
  if (!statics)
    return values;
  for (int64_t v : statics.asArrayRef()) {
    if (ShapedType::isDynamic(v) && next < unsigned(sizes[group])) {
      values.push_back(forall->getOperand(start + next++));
      continue;
    }
    values.push_back(arith::createConstant(b, forall->getLoc(), b.getIndexAttr(v))->getResult(0));
  }
  return values;
}

bool hasSharedOutputs(Operation *forall) {
  auto sizes = cast<DenseI32ArrayAttr>(forall->getAttr("operandSegmentSizes")).asArrayRef();
  return sizes.size() > 3 && sizes[3] != 0;
}

/// forallToForLoop (no shared outputs): a nest of scf.for, outermost first.
LogicalResult forallToForLoop(OpBuilder &b, Operation *forall) {
  if (hasSharedOutputs(forall))
    return failure();
  b.setInsertionPoint(forall);
  Location loc = forall->getLoc();
  std::vector<Value> lbs = boundValues(b, forall, "staticLowerBound", 0);
  std::vector<Value> ubs = boundValues(b, forall, "staticUpperBound", 1);
  std::vector<Value> steps = boundValues(b, forall, "staticStep", 2);
  std::vector<Value> ivs;
  Block *innermost = nullptr;
  for (size_t i = 0; i < lbs.size(); ++i) {
    OperationState state(loc, ForOp::getOperationName());
    state.addOperand(lbs[i]);
    state.addOperand(ubs[i]);
    state.addOperand(steps[i]);
    Region *region = state.addRegion();
    Block *body = region->emplaceBlock();
    ivs.push_back(body->addArgument(b.getIndexType(), loc));
    Operation *forOp = b.create(state);
    innermost = &forOp->getRegion(0).front();
    b.setInsertionPointToEnd(innermost);
    b.create(loc, "scf.yield");
    b.setInsertionPointToStart(innermost);
  }
  Block *forallBody = &forall->getRegion(0).front();
  if (!innermost) {
    // No dimensions: the body runs once in place.
    forallBody->getTerminator()->erase();
    while (!forallBody->empty())
      forallBody->front().moveBefore(forall);
    forall->erase();
    return success();
  }
  forallBody->getTerminator()->erase();
  for (size_t i = 0; i < ivs.size() && i < forallBody->getNumArguments(); ++i)
    forallBody->getArgument(unsigned(i)).replaceAllUsesWith(ivs[i]);
  Operation *terminator = innermost->getTerminator();
  while (!forallBody->empty())
    forallBody->front().moveBefore(terminator);
  forall->erase();
  return success();
}

/// forallToParallelLoop: one scf.parallel with the forall's body and
/// mapping.
LogicalResult forallToParallelLoop(OpBuilder &b, Operation *forall) {
  // Only fully bufferized foralls: the pass fails without a diagnostic (a
  // match failure note in MLIR), as mlir-opt does.
  if (hasSharedOutputs(forall))
    return failure();
  b.setInsertionPoint(forall);
  Location loc = forall->getLoc();
  std::vector<Value> lbs = boundValues(b, forall, "staticLowerBound", 0);
  std::vector<Value> ubs = boundValues(b, forall, "staticUpperBound", 1);
  std::vector<Value> steps = boundValues(b, forall, "staticStep", 2);
  OperationState state(loc, ParallelOp::getOperationName());
  state.addOperands(ValueRange(lbs));
  state.addOperands(ValueRange(ubs));
  state.addOperands(ValueRange(steps));
  state.addAttribute("operandSegmentSizes",
                     DenseI32ArrayAttr::get(b.getContext(), std::vector<int32_t>{int32_t(lbs.size()),
                                                                                 int32_t(ubs.size()),
                                                                                 int32_t(steps.size()), 0}));
  state.addRegion();
  Operation *parallel = b.create(state);
  Region &region = parallel->getRegion(0);
  region.takeBody(forall->getRegion(0));
  Block &body = region.front();
  Operation *terminator = body.getTerminator();
  b.setInsertionPoint(terminator);
  b.create(terminator->getLoc(), ReduceOp::getOperationName());
  terminator->erase();
  if (Attribute mapping = forall->getAttr("mapping"))
    parallel->setAttr("mapping", mapping);
  forall->erase();
  return success();
}

struct SCFForallToForLoop : lamina::impl::SCFForallToForLoopBase<SCFForallToForLoop> {
  void runOnOperation() override {
    std::vector<Operation *> foralls;
    getOperation()->walk([&](Operation *op) {
      if (op->getName().getStringRef() == "scf.forall")
        foralls.push_back(op);
    });
    OpBuilder b(&getContext());
    for (Operation *forall : foralls)
      if (failed(forallToForLoop(b, forall)))
        return signalPassFailure();
  }
};

struct SCFForallToParallelLoop : lamina::impl::SCFForallToParallelLoopBase<SCFForallToParallelLoop> {
  void runOnOperation() override {
    std::vector<Operation *> foralls;
    getOperation()->walk([&](Operation *op) {
      if (op->getName().getStringRef() == "scf.forall")
        foralls.push_back(op);
    });
    OpBuilder b(&getContext());
    for (Operation *forall : foralls)
      if (failed(forallToParallelLoop(b, forall)))
        return signalPassFailure();
  }
};

} // namespace

std::unique_ptr<Pass> lamina::createSCFForToWhileLoopPass() { return std::make_unique<SCFForToWhileLoop>(); }
std::unique_ptr<Pass> lamina::createSCFForallToForLoopPass() { return std::make_unique<SCFForallToForLoop>(); }
std::unique_ptr<Pass> lamina::createSCFForallToParallelLoopPass() {
  return std::make_unique<SCFForallToParallelLoop>();
}

namespace lamina::scf {
#define LAMINA_PASS_TABLE "lamina/Dialect/SCF/Passes.def"
#define LAMINA_PASS_REGISTRATION_FN registerSCFPasses
#include "lamina/Pass/PassTableRegistration.inc"
} // namespace lamina::scf
