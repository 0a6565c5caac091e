//===- OneShotBufferizePass.cpp - The one-shot-bufferize pass -------------===//
//
// MLIR's `one-shot-bufferize`: checks its options as MLIR does, runs One-Shot
// Analysis on the module (function by function, callees first, under
// bufferize-function-boundaries), then rewrites tensors into memrefs (see
// Bufferize.h). With test-analysis-only the IR is left annotated with the
// analysis' decisions instead. Also mlir-opt's test-tensor-copy-insertion.
//
#include "lamina/Dialect/Bufferization/Transforms/Passes.h"

#include "lamina/Dialect/Bufferization/Transforms/Bufferize.h"
#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/Dialect/Bufferization/BufferizationDialect.h"
#include "lamina/Dialect/Linalg/LinalgDialect.h"
#include "lamina/Dialect/MemRef/MemRefDialect.h"
#include "lamina/Dialect/SCF/SCFDialect.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/Diagnostics.h"

using namespace lamina;
using namespace lamina::bufferization;

namespace {

struct OneShotBufferizePass : impl::OneShotBufferizeBase<OneShotBufferizePass> {
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<BufferizationDialect, MemRefDialect, ArithDialect, LinalgDialect, SCFDialect>();
  }

  void runOnOperation() override {
    MLIRContext *ctx = getOperation()->getContext();
    OneShotOptions opt;
    opt.allowReturnAllocsFromLoops = allowReturnAllocsFromLoops;
    opt.allowUnknownOps = allowUnknownOps;
    opt.fuzzerSeed = analysisFuzzerSeed;
    std::string heuristic = analysisHeuristic;
    if (heuristic == "bottom-up")
      opt.heuristic = AnalysisHeuristic::BottomUp;
    else if (heuristic == "top-down")
      opt.heuristic = AnalysisHeuristic::TopDown;
    else if (heuristic == "bottom-up-from-terminators")
      opt.heuristic = AnalysisHeuristic::BottomUpFromTerminators;
    else if (heuristic == "fuzzer")
      opt.heuristic = AnalysisHeuristic::Fuzzer;
    else {
      emitError(UnknownLoc::get(ctx)) << "invalid analysisheuristic option";
      return signalPassFailure();
    }
    opt.copyBeforeWrite = copyBeforeWrite;
    opt.dumpAliasSets = dumpAliasSets;
    if (mustInferMemorySpace && useEncodingForMemorySpace) {
      emitError(getOperation()->getLoc()) << "only one of 'must-infer-memory-space' and "
                                             "'use-encoding-for-memory-space' are allowed in "
                                          << getArgument();
      return signalPassFailure();
    }
    opt.printConflicts = printConflicts;
    opt.testAnalysisOnly = testAnalysisOnly;
    opt.bufferizeFunctionBoundaries = bufferizeFunctionBoundaries;
    opt.checkParallelRegions = checkParallelRegions;
    for (const std::string &f : noAnalysisFuncFilter)
      opt.noAnalysisFuncFilter.push_back(f);
    if (LayoutMapOption(unknownTypeConversion) == LayoutMapOption::InferLayoutMap) {
      emitError(UnknownLoc::get(ctx)) << "Invalid option: 'infer-layout-map' is not a valid value for "
                                         "'unknown-type-conversion'";
      return signalPassFailure();
    }
    for (const std::string &d : dialectFilter)
      opt.dialectFilter.push_back(d);
    if (opt.copyBeforeWrite && opt.testAnalysisOnly) {
      emitError(UnknownLoc::get(ctx)) << "Invalid option: 'copy-before-write' cannot be used with "
                                         "'test-analysis-only'";
      return signalPassFailure();
    }
    if (opt.printConflicts && !opt.testAnalysisOnly) {
      emitError(UnknownLoc::get(ctx)) << "Invalid option: 'print-conflicts' requires 'test-analysis-only'";
      return signalPassFailure();
    }
    if (opt.dumpAliasSets && !opt.testAnalysisOnly) {
      emitError(UnknownLoc::get(ctx)) << "Invalid option: 'dump-alias-sets' requires 'test-analysis-only'";
      return signalPassFailure();
    }
    if (!opt.bufferizeFunctionBoundaries && !opt.noAnalysisFuncFilter.empty()) {
      emitError(UnknownLoc::get(ctx)) << "Invalid option: 'no-analysis-func-filter' requires "
                                         "'bufferize-function-boundaries'";
      return signalPassFailure();
    }

    Operation *module = getOperation();
    opt.mustInferMemorySpace = mustInferMemorySpace;
    opt.unknownTypeIdentityLayout = LayoutMapOption(unknownTypeConversion) == LayoutMapOption::IdentityLayoutMap;
    opt.functionBoundaryIdentityLayout =
        LayoutMapOption(functionBoundaryTypeConversion) == LayoutMapOption::IdentityLayoutMap;
    opt.inferFunctionResultLayout =
        LayoutMapOption(functionBoundaryTypeConversion) == LayoutMapOption::InferLayoutMap;
    opt.bufferAlignment = bufferAlignment;
    if (opt.copyBeforeWrite) {
      AnalysisState state(opt);
      BufferizeRewriter rewriter(ctx, opt, state);
      if (failed(rewriter.insertTensorCopies(module)) || failed(rewriter.run(module)))
        return signalPassFailure();
      return;
    }
    AnalysisState state(module, opt);
    LogicalResult result = opt.bufferizeFunctionBoundaries ? analyzeModuleOp(module, state) : analyzeOp(module, state);
    numTensorInPlace = state.numInPlace;
    numTensorOutOfPlace = state.numOutOfPlace;
    if (failed(result))
      return signalPassFailure();
    if (opt.testAnalysisOnly)
      return;
    state.gatherUndefinedTensorUses(module);
    if (opt.bufferizeFunctionBoundaries) {
      if (failed(bufferizeModuleOp(module, opt, state)))
        return signalPassFailure();
      return;
    }
    BufferizeRewriter rewriter(ctx, opt, state);
    if (failed(rewriter.insertTensorCopies(module)) || failed(rewriter.run(module)))
      return signalPassFailure();
  }
};

struct TestTensorCopyInsertionPass : impl::TestTensorCopyInsertionBase<TestTensorCopyInsertionPass> {
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<BufferizationDialect>();
  }

  void runOnOperation() override {
    OneShotOptions opt;
    opt.allowReturnAllocsFromLoops = allowReturnAllocsFromLoops;
    opt.bufferizeFunctionBoundaries = bufferizeFunctionBoundaries;
    opt.mustInferMemorySpace = mustInferMemorySpace;
    Operation *module = getOperation();
    AnalysisState state(module, opt);
    if (failed(opt.bufferizeFunctionBoundaries ? analyzeModuleOp(module, state) : analyzeOp(module, state)))
      return signalPassFailure();
    state.gatherUndefinedTensorUses(module);
    BufferizeRewriter rewriter(module->getContext(), opt, state);
    if (failed(rewriter.insertTensorCopies(module)))
      return signalPassFailure();
  }
};

} // namespace

std::unique_ptr<Pass> lamina::createTestTensorCopyInsertionPass() {
  return std::make_unique<TestTensorCopyInsertionPass>();
}

std::unique_ptr<Pass> lamina::createOneShotBufferizePass() { return std::make_unique<OneShotBufferizePass>(); }

namespace lamina {
#define LAMINA_PASS_TABLE "lamina/Dialect/Bufferization/Transforms/Passes.def"
#define LAMINA_PASS_REGISTRATION_FN registerBufferizationPassTable
#include "lamina/Pass/PassTableRegistration.inc"

void registerBufferizationPasses() {
  registerBufferizationPassTable();
  registerBufferDeallocationPipeline();
}
} // namespace lamina
