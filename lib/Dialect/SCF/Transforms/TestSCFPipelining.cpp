//===- TestSCFPipelining.cpp - mlir-opt's scf pipelining test pass --------===//
//
// test-scf-pipelining, as mlir-opt's test pass of that name
// (mlir/test/lib/Dialect/SCF/TestSCFUtils.cpp): each scf.for marked
// `__test_pipelining_loop__` is pipelined with the schedule its body ops
// carry (`__test_pipelining_stage__`, `__test_pipelining_op_order__`),
// dynamic loops included; predicated ops are wrapped in an scf.if yielding
// zeros (a clone for memref.subview) when they do not run. `annotate` marks
// each emitted op with its part and iteration; `no-epilogue-peeling`
// predicates the kernel instead of peeling the epilogue. The stage and order
// markers are dropped at the end.
//
#include "LoopPipelining.h"

#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/Dialect/MemRef/MemRefDialect.h"
#include "lamina/Dialect/SCF/Passes.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/Rewrite/GreedyPatternRewriteDriver.h"

#include <vector>

using namespace lamina;
using namespace lamina::scf;

namespace {

constexpr std::string_view kLoopMarker = "__test_pipelining_loop__";
constexpr std::string_view kStageMarker = "__test_pipelining_stage__";
constexpr std::string_view kOpOrderMarker = "__test_pipelining_op_order__";
constexpr std::string_view kAnnotationPart = "__test_pipelining_part";
constexpr std::string_view kAnnotationIteration = "__test_pipelining_iteration";

/// The schedule the markers give: one slot per body op (terminator
/// excluded), filled by op order.
void getTestSchedule(Operation *forOp, std::vector<std::pair<Operation *, unsigned>> &schedule) {
  if (!forOp->getAttr(kLoopMarker))
    return;
  Block &body = forOp->getRegion(0).front();
  size_t numOps = 0;
  for (Operation &op : body) {
    (void)op;
    ++numOps;
  }
  schedule.assign(numOps ? numOps - 1 : 0, {nullptr, 0});
  forOp->walk([&](Operation *op) {
    auto stage = dyn_cast_or_null<IntegerAttr>(op->getAttr(kStageMarker));
    auto cycle = dyn_cast_or_null<IntegerAttr>(op->getAttr(kOpOrderMarker));
    if (!stage || !cycle)
      return;
    int64_t index = cycle.getValue().getSExtValue();
    // (mlir-opt indexes out of bounds here.)
    if (index < 0 || size_t(index) >= schedule.size())
      return;
    schedule[size_t(index)] = {op, unsigned(stage.getValue().getSExtValue())};
  });
}

/// Wraps `op` in `scf.if %pred` whose else branch yields zeros (a clone of
/// a memref.subview).
Operation *predicateOp(RewriterBase &rewriter, Operation *op, Value pred) {
  Location loc = op->getLoc();
  OperationState state(loc, IfOp::getOperationName());
  state.addOperand(pred);
  for (Value r : op->getResults())
    state.addType(r.getType());
  Region *thenRegion = state.addRegion();
  Region *elseRegion = state.addRegion();
  Block *thenBlock = thenRegion->emplaceBlock();
  Block *elseBlock = elseRegion->emplaceBlock();
  bool hasResults = op->getNumResults() > 0;
  if (!hasResults) {
    // The implicit terminators scf.if's builder adds (before the op exists,
    // so that no listener hears of them).
    OpBuilder b(rewriter.getContext());
    b.setInsertionPointToEnd(thenBlock);
    b.create(loc, YieldOp::getOperationName());
    b.setInsertionPointToEnd(elseBlock);
    b.create(loc, YieldOp::getOperationName());
  }
  Operation *ifOp = rewriter.create(state);
  rewriter.moveOpBefore(op, thenBlock, thenBlock->begin());
  rewriter.setInsertionPointAfter(op);
  if (hasResults)
    rewriter.create(loc, YieldOp::getOperationName(), op->getResults());
  rewriter.setInsertionPointToStart(elseBlock);
  std::vector<Value> elseYieldOperands;
  if (op->getName().getStringRef() == "memref.subview") {
    Operation *clone = rewriter.clone(*op);
    for (Value r : clone->getResults())
      elseYieldOperands.push_back(r);
  } else {
    for (Value r : op->getResults())
      elseYieldOperands.push_back(
          arith::createConstant(rewriter, loc, rewriter.getZeroAttr(r.getType()))->getResult(0));
  }
  if (hasResults)
    rewriter.create(loc, YieldOp::getOperationName(), ValueRange(ArrayRef<Value>(elseYieldOperands)));
  return ifOp;
}

void annotate(Operation *op, PipeliningOption::PipelinerPart part, unsigned iteration) {
  Builder b(op->getContext());
  std::string_view name = part == PipeliningOption::PipelinerPart::Prologue ? "prologue"
                          : part == PipeliningOption::PipelinerPart::Kernel ? "kernel"
                                                                            : "epilogue";
  op->setAttr(kAnnotationPart, b.getStringAttr(name));
  op->setAttr(kAnnotationIteration, b.getI32IntegerAttr(int32_t(iteration)));
}

struct TestSCFPipeliningPass : Pass {
  TestSCFPipeliningPass() : Pass(TypeID::get<TestSCFPipeliningPass>(), "func.func") {}
  TestSCFPipeliningPass(const TestSCFPipeliningPass &other) : Pass(other) {}
  std::unique_ptr<Pass> clonePass() const override { return std::make_unique<TestSCFPipeliningPass>(*this); }
  bool canScheduleOn(OperationName name) const override { return name.getStringRef() == "func.func"; }
  std::string_view getName() const override { return "(anonymous namespace)::TestSCFPipeliningPass"; }
  std::string_view getArgument() const override { return "test-scf-pipelining"; }
  std::string_view getDescription() const override { return "test scf.forOp pipelining"; }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<ArithDialect, MemRefDialect, SCFDialect>();
  }

  void runOnOperation() override {
    Operation *root = getOperation();
    PipeliningOption options;
    options.getScheduleFn = getTestSchedule;
    options.supportDynamicLoops = true;
    options.predicateFn = predicateOp;
    if (annotatePipeline)
      options.annotateFn = annotate;
    if (noEpiloguePeeling)
      options.peelEpilogue = false;
    RewritePatternSet patterns(&getContext());
    populateSCFLoopPipeliningPatterns(patterns, options);
    (void)applyPatternsGreedily(root, std::move(patterns));
    root->walk([](Operation *op) {
      op->removeAttr(kStageMarker);
      op->removeAttr(kOpOrderMarker);
    });
  }

  Option<bool> annotatePipeline{*this, "annotate", "Annote operations during loop pipelining transformation", false};
  Option<bool> noEpiloguePeeling{*this, "no-epilogue-peeling", "Use predicates instead of peeling the epilogue.",
                                 false};
};

std::unique_ptr<Pass> createTestSCFPipeliningPass() { return std::make_unique<TestSCFPipeliningPass>(); }

} // namespace

void scf::registerTestSCFPasses() {
  registerPass("test-scf-pipelining", "test scf.forOp pipelining", &createTestSCFPipeliningPass);
}
