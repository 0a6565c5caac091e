//===- CompositePass.cpp - Run a pipeline until the IR stops changing -----===//
//
// `composite-fixed-point-pass{pipeline=... max-iterations=N name=...}` runs
// its inner pipeline on the op repeatedly until an iteration leaves the op's
// fingerprint unchanged, warning if that takes more than N runs. The pass
// shows in reports under the `name` option.
//
#include "lamina/Transforms/Passes.h"

#include "lamina/IR/BuiltinLocations.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/OperationEquivalence.h"
#include "lamina/Pass/PassManager.h"

using namespace lamina;

namespace {
struct CompositeFixedPointPass : impl::CompositeFixedPointBase<CompositeFixedPointPass> {
  std::string_view getName() const override { return name.getValue(); }

  LogicalResult initializeOptions(std::string_view options,
                                  function_ref<LogicalResult(const std::string &)> errorHandler) override {
    if (failed(Pass::initializeOptions(options, errorHandler)))
      return failure();
    if (failed(parsePassPipeline(pipelineStr.getValue(), dynamicPM, errs()))) {
      errs().flush();
      return errorHandler("Failed to parse composite pass pipeline");
    }
    return success();
  }

  LogicalResult initialize(MLIRContext *context) override {
    // mlir-opt streams the option as a character (its value truncated to a
    // char), so the message shows that byte rather than the number.
    if (maxIter <= 0)
      return emitError(UnknownLoc::get(context)) << "Invalid maxIterations value: " << char(int(maxIter)) << "\n";
    return success();
  }

  void getDependentDialects(DialectRegistry &registry) const override { dynamicPM.getDependentDialects(registry); }

  void runOnOperation() override {
    Operation *op = getOperation();
    OperationFingerPrint fp(op);
    int currentIter = 0;
    int maxIterVal = maxIter;
    while (true) {
      if (failed(runPipeline(dynamicPM, op)))
        return signalPassFailure();
      if (currentIter++ >= maxIterVal) {
        (void)op->emitWarning("Composite pass \"" + name.getValue() + "\"+ didn't converge in " +
                        std::to_string(maxIterVal) + " iterations");
        break;
      }
      OperationFingerPrint newFp(op);
      if (newFp == fp)
        break;
      fp = newFp;
    }
  }

  OpPassManager dynamicPM;
};
} // namespace

std::unique_ptr<Pass> lamina::createCompositeFixedPointPass() {
  return std::make_unique<CompositeFixedPointPass>();
}
