//===- StandalonePasses.cpp - The passes of the standalone dialect --------===//
//
// standalone-annotate-cost: sums, in each function, the costs the ops report
// through LaneCostOpInterface and attaches the total as
// `standalone.cost = #standalone.cost<N>` (and, with per-op, each op's own).
//
#include "Standalone/StandalonePasses.h"

#include "Standalone/StandaloneDialect.h"
#include "Standalone/StandaloneInterfaces.h"

#include "lamina/Dialect/Func/FuncDialect.h"

using namespace lamina;
using namespace standalone;

namespace {
struct AnnotateCostPass : public impl::AnnotateCostBase<AnnotateCostPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    for (Operation &op : getOperation().getBody()->getOperations()) {
      auto func = dyn_cast<func::FuncOp>(&op);
      if (!func)
        continue;
      int64_t total = 0;
      // walk visits nested ops without recursion (nested regions included).
      func->walk([&](Operation *nested) {
        auto costed = dyn_cast<LaneCostOpInterface>(nested);
        if (!costed)
          return;
        ++numCostedOps;
        total += costed.getCost();
        if (perOp)
          nested->setAttr("standalone.cost", CostAttr::get(ctx, costed.getCost()));
      });
      func->setAttr("standalone.cost", CostAttr::get(ctx, total));
    }
  }
};
} // namespace

std::unique_ptr<Pass> standalone::createAnnotateCostPass() { return std::make_unique<AnnotateCostPass>(); }

#define LAMINA_PASS_TABLE "Standalone/Passes.def"
#define LAMINA_PASS_REGISTRATION_FN standalone::registerStandalonePasses
#include "lamina/Pass/PassTableRegistration.inc"
