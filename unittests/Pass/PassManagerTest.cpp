//===- PassManagerTest.cpp - Pipelines, analyses and threading ------------===//
//
// What the text format cannot reach: the pipeline parser's API (round trips
// and error streams), analysis caching and preservation across passes, and
// that a nested pipeline run on the thread pool gives the same IR and the
// same diagnostics, in the same order, as a sequential run.
//
#include "lamina/AsmParser/AsmParser.h"
#include "lamina/Dialect/Builtin/BuiltinOpDefs.h"
#include "lamina/Dialect/Func/FuncDialect.h"
#include "lamina/IR/BuiltinDialect.h"
#include "lamina/IR/BuiltinOps.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/Pass/PassManager.h"
#include "lamina/Pass/PassRegistry.h"
#include "lamina/Support/SourceMgr.h"
#include "lamina/Transforms/Passes.h"

#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <string>

using namespace lamina;

namespace {

struct Registration {
  Registration() {
    installBuiltinOpDefinitions();
    registerTransformsPasses();
    registerPassManagerTestPasses();
  }
};
const Registration registration;

std::unique_ptr<MLIRContext> makeContext(bool threading) {
  DialectRegistry registry;
  registry.insert<BuiltinDialect, FuncDialect>();
  auto ctx = std::make_unique<MLIRContext>(registry, MLIRContext::Threading::DISABLED);
  ctx->enableMultithreading(threading);
  ctx->allowUnregisteredDialects();
  return ctx;
}

Operation *parse(MLIRContext &ctx, std::string_view text, SourceMgr &sourceMgr) {
  sourceMgr.addNewSourceBuffer(MemoryBuffer::getMemBufferCopy(text, "test.mlir"));
  ParserConfig config(&ctx);
  return parseSourceFileForTool(sourceMgr, 1, config);
}

std::string print(Operation *op) {
  std::string s;
  raw_string_ostream os(s);
  op->print(os);
  os.flush();
  return s;
}

//===----------------------------------------------------------------------===//
// Pipeline parsing and printing
//===----------------------------------------------------------------------===//

std::string roundTrip(std::string_view pipeline, std::string *error = nullptr) {
  std::string errors;
  raw_string_ostream errorStream(errors);
  FailureOr<OpPassManager> pm = parsePassPipeline(pipeline, errorStream);
  errorStream.flush();
  if (error)
    *error = errors;
  if (failed(pm))
    return "<failed>";
  std::string printed;
  raw_string_ostream os(printed);
  pm->printAsTextualPipeline(os);
  os.flush();
  return printed;
}

TEST(PassPipelineTest, RoundTrip) {
  EXPECT_EQ(roundTrip("builtin.module(strip-debuginfo)"), "builtin.module(strip-debuginfo)");
  EXPECT_EQ(roundTrip(" builtin.module ( func.func ( test-function-pass , strip-debuginfo ) , any(print-op-stats) ) "),
            "builtin.module(func.func(test-function-pass,strip-debuginfo),any(print-op-stats{json=false}))");
  EXPECT_EQ(roundTrip("builtin.module(func.func(test-options-pass{list=3,1 string=\"a b\" enum=one}))"),
            "builtin.module(func.func(test-options-pass{enum=one list={3,1} string={a b} }))");
  EXPECT_EQ(roundTrip("any()"), "any()");
  // Printing the parsed text again gives the same pipeline.
  std::string once = roundTrip("builtin.module(func.func(test-options-pass{string-list={a b},c}))");
  EXPECT_EQ(roundTrip(once), once);
}

TEST(PassPipelineTest, Errors) {
  std::string error;
  EXPECT_EQ(roundTrip("strip-debuginfo", &error), "<failed>");
  EXPECT_EQ(error, "expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'");
  EXPECT_EQ(roundTrip("builtin.module(nope)", &error), "<failed>");
  EXPECT_EQ(error, "MLIR Textual PassPipeline Parser:1:1: error: 'nope' does not refer to a registered pass or pass "
                   "pipeline\nnope\n^\n");
  EXPECT_EQ(roundTrip("builtin.module(a(b(c))", &error), "<failed>");
  EXPECT_NE(error.find("encountered unbalanced parentheses"), std::string::npos);
  EXPECT_EQ(roundTrip("builtin.module(strip-debuginfo{)", &error), "<failed>");
  EXPECT_NE(error.find("missing closing '}'"), std::string::npos);
}

TEST(PassPipelineTest, DeepNesting) {
  // The parser and resolver use explicit stacks.
  std::string text = "builtin.module(";
  for (int i = 0; i < 2000; ++i)
    text += "a.b(";
  text += "strip-debuginfo";
  for (int i = 0; i < 2000; ++i)
    text += ")";
  text += ")";
  std::string error;
  std::string printed = roundTrip(text, &error);
  EXPECT_EQ(error, "");
  EXPECT_EQ(printed.size(), text.size());
}

//===----------------------------------------------------------------------===//
// Analyses
//===----------------------------------------------------------------------===//

std::atomic<int> analysisConstructions{0};

struct CountingAnalysis {
  explicit CountingAnalysis(Operation *) { ++analysisConstructions; }
};

TEST(PassManagerTest, AnalysisPreservation) {
  auto ctx = makeContext(false);
  SourceMgr sourceMgr;
  Operation *module = parse(*ctx, "func.func @f() { return }", sourceMgr);
  ASSERT_TRUE(module);

  // A pass that computes the analysis and declares it preserved, then one
  // that only reads the cache.
  struct UsePass : PassBase<UsePass, OperationPass<>> {
    std::string_view getName() const override { return "UsePass"; }
    bool preserve = true;
    void runOnOperation() override {
      (void)getAnalysis<CountingAnalysis>();
      if (preserve)
        markAnalysesPreserved<CountingAnalysis>();
    }
  };
  analysisConstructions = 0;
  PassManager pm(ctx.get());
  pm.addPass(std::make_unique<UsePass>());
  pm.addPass(std::make_unique<UsePass>());
  ASSERT_TRUE(succeeded(pm.run(module)));
  EXPECT_EQ(analysisConstructions.load(), 1);

  analysisConstructions = 0;
  PassManager pm2(ctx.get());
  auto first = std::make_unique<UsePass>();
  first->preserve = false;
  pm2.addPass(std::move(first));
  pm2.addPass(std::make_unique<UsePass>());
  ASSERT_TRUE(succeeded(pm2.run(module)));
  EXPECT_EQ(analysisConstructions.load(), 2);
  module->destroy();
}

//===----------------------------------------------------------------------===//
// Threading
//===----------------------------------------------------------------------===//

/// Runs a nested pipeline that rewrites each function's attributes, emits a
/// warning per function and fails on some; returns the IR and the
/// diagnostics.
std::pair<std::string, std::string> runNested(bool threading) {
  auto ctx = makeContext(threading);
  std::string text;
  for (int i = 0; i < 64; ++i)
    text += "func.func @f" + std::to_string(i) + "() {\n  return\n}\n";
  SourceMgr sourceMgr;
  Operation *module = parse(*ctx, text, sourceMgr);
  EXPECT_TRUE(module);

  std::string diagnostics;
  ScopedDiagnosticHandler handler(ctx.get(), [&](Diagnostic &diag) {
    diagnostics += diag.str();
    diagnostics += '\n';
    return success();
  });

  PassManager pm(ctx.get());
  OpPassManager &nested = pm.nest("func.func");
  nested.addPass(createFunctionPass("Mark", "mark", [](Operation *op) {
    StringAttr name = op->getAttrOfType<StringAttr>("sym_name");
    op->setAttr("visited", StringAttr::get(op->getContext(), std::string(name.getValue()) + "!"));
    op->emitWarning() << "visited " << name.getValue();
    return success(name.getValue().back() != '7');
  }));
  nested.addPass(createStripDebugInfoPass());
  LogicalResult result = pm.run(module);
  EXPECT_TRUE(failed(result));
  std::string ir = print(module);
  module->destroy();
  return {ir, diagnostics};
}

TEST(PassManagerTest, ParallelMatchesSequential) {
  auto sequential = runNested(false);
  auto parallel = runNested(true);
  EXPECT_EQ(sequential.first, parallel.first);
  EXPECT_EQ(sequential.second, parallel.second);
  // Every function ran, failures included, in op order.
  EXPECT_NE(sequential.second.find("visited f0\n"), std::string::npos);
  EXPECT_NE(sequential.second.find("visited f63\n"), std::string::npos);
  EXPECT_LT(sequential.second.find("visited f10\n"), sequential.second.find("visited f11\n"));
}

TEST(PassManagerTest, AdjacentNestedPipelinesMerge) {
  auto ctx = makeContext(true);
  SourceMgr sourceMgr;
  Operation *module = parse(*ctx, "func.func @f() { return }", sourceMgr);
  ASSERT_TRUE(module);
  PassManager pm(ctx.get());
  pm.nest("func.func").addPass(createStripDebugInfoPass());
  pm.nest("func.func").addPass(createTopologicalSortPass());
  pm.nestAny().addPass(createPrintOpStatsPass());
  ASSERT_TRUE(succeeded(pm.run(module)));
  std::string printed;
  raw_string_ostream os(printed);
  pm.printAsTextualPipeline(os);
  os.flush();
  EXPECT_EQ(printed, "builtin.module(func.func(strip-debuginfo,topological-sort),any(print-op-stats{json=false}))");
  module->destroy();
}

} // namespace
