//===- GreedyDriverTest.cpp - The greedy driver, rewriter and applicator --===//
//
// What the text format cannot reach: the rewriter's listener notifications
// and their order, the driver's convergence failure and rewrite limits, and
// the applicator's benefit order (ties in insertion order). The expected
// canonicalize output below was printed by mlir-opt 22.1.8.
//
#include "lamina/AsmParser/AsmParser.h"
#include "lamina/Dialect/Arith/ArithDialect.h"
#include "lamina/Dialect/Builtin/BuiltinOpDefs.h"
#include "lamina/Dialect/Func/FuncDialect.h"
#include "lamina/IR/BuiltinDialect.h"
#include "lamina/IR/PatternMatch.h"
#include "lamina/Rewrite/Canonicalizer.h"
#include "lamina/Rewrite/PatternApplicator.h"
#include "lamina/Support/RawOstream.h"
#include "lamina/Support/SourceMgr.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace lamina;

namespace {

class RewriteTest : public ::testing::Test {
protected:
  RewriteTest() {
    DialectRegistry registry;
    registry.insert<BuiltinDialect, FuncDialect, ArithDialect>();
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }
  ~RewriteTest() override {
    if (module)
      module->destroy();
  }

  Operation *parse(std::string_view text) {
    sourceMgr.addNewSourceBuffer(MemoryBuffer::getMemBufferCopy(text, "in"));
    ParserConfig config(&context, /*verifyAfterParse=*/true);
    module = parseSourceFileForTool(sourceMgr, sourceMgr.getNumBuffers(), config);
    return module;
  }

  static std::string print(Operation *op) {
    std::string s;
    raw_string_ostream os(s);
    op->print(os);
    os.flush();
    return s;
  }

  /// The first op named `name` in the module.
  Operation *find(std::string_view name) {
    Operation *found = nullptr;
    module->walk([&](Operation *op) {
      if (!found && op->getName().getStringRef() == name)
        found = op;
    });
    return found;
  }

  /// The full builtin op definitions, installed before the context exists.
  bool builtinsInstalled = (installBuiltinOpDefinitions(), true);
  MLIRContext context;
  SourceMgr sourceMgr;
  Operation *module = nullptr;
};

const char *kInput = R"(func.func @f(%a: i32) -> (i32, i32, i32) {
  %c1 = arith.constant 1 : i32
  %x = arith.addi %a, %c1 : i32
  %c2 = arith.constant 2 : i32
  %y = arith.muli %x, %c2 : i32
  %c1b = arith.constant 1 : i32
  %z = arith.addi %c2, %c1b : i32
  %w = arith.subi %a, %a : i32
  return %y, %z, %w : i32, i32, i32
}
)";

const char *kCanonicalized = R"(module {
  func.func @f(%arg0: i32) -> (i32, i32, i32) {
    %c0_i32 = arith.constant 0 : i32
    %c3_i32 = arith.constant 3 : i32
    %c2_i32 = arith.constant 2 : i32
    %c1_i32 = arith.constant 1 : i32
    %0 = arith.addi %arg0, %c1_i32 : i32
    %1 = arith.muli %0, %c2_i32 : i32
    return %1, %c3_i32, %c0_i32 : i32, i32, i32
  }
}
)";

TEST_F(RewriteTest, CanonicalizeFoldsAndHoistsConstantsInMLIROrder) {
  for (bool topDown : {true, false}) {
    if (module)
      module->destroy();
    ASSERT_TRUE(parse(kInput));
    CanonicalizerOptions options;
    options.topDown = topDown;
    Canonicalizer canonicalizer(&context, options);
    ASSERT_TRUE(succeeded(canonicalizer.run(module)));
    EXPECT_EQ(print(module), kCanonicalized) << "top-down=" << topDown;
  }
}

/// Records every notification as a line.
struct RecordingListener : RewriterBase::Listener {
  std::vector<std::string> events;
  void notifyOperationInserted(Operation *op, OpBuilder::InsertPoint) override {
    events.push_back("insert " + std::string(op->getName().getStringRef()));
  }
  void notifyOperationModified(Operation *op) override {
    events.push_back("modify " + std::string(op->getName().getStringRef()));
  }
  void notifyOperationReplaced(Operation *op, ValueRange) override {
    events.push_back("replace " + std::string(op->getName().getStringRef()));
  }
  void notifyOperationErased(Operation *op) override {
    events.push_back("erase " + std::string(op->getName().getStringRef()));
  }
};

TEST_F(RewriteTest, RewriterNotifiesReplacementThenUsersThenErasure) {
  ASSERT_TRUE(parse(kInput));
  RecordingListener listener;
  IRRewriter rewriter(&context, &listener);
  Operation *muli = find("arith.muli");
  Operation *addi = find("arith.addi");
  ASSERT_TRUE(muli && addi);
  rewriter.replaceOp(addi, ValueRange(addi->getOperand(0)));
  std::vector<std::string> expected = {"replace arith.addi", "modify arith.muli", "erase arith.addi"};
  EXPECT_EQ(listener.events, expected);
  EXPECT_EQ(muli->getOperand(0), find("func.func")->getRegion(0).front().getArgument(0));
}

TEST_F(RewriteTest, EraseOpNotifiesNestedOpsFirst) {
  ASSERT_TRUE(parse(kInput));
  RecordingListener listener;
  IRRewriter rewriter(&context, &listener);
  Operation *func = find("func.func");
  rewriter.eraseOp(func);
  ASSERT_FALSE(listener.events.empty());
  // Ops last to first, the function itself last.
  EXPECT_EQ(listener.events.front(), "erase func.return");
  EXPECT_EQ(listener.events.back(), "erase func.func");
  EXPECT_EQ(listener.events.size(), 9u);
}

/// Swaps the operands of every addi: never converges.
struct SwapOperands : RewritePattern {
  explicit SwapOperands(MLIRContext *ctx) : RewritePattern("arith.addi", 1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override {
    rewriter.modifyOpInPlace(op, [&] {
      Value a = op->getOperand(0), b = op->getOperand(1);
      op->setOperand(0, b);
      op->setOperand(1, a);
    });
    return success();
  }
};

TEST_F(RewriteTest, DriverReportsNonConvergence) {
  ASSERT_TRUE(parse("func.func @g(%a: i32, %b: i32) -> i32 {\n  %0 = arith.addi %a, %b : i32\n  return %0 : i32\n}\n"));
  RewritePatternSet patterns(&context);
  patterns.add<SwapOperands>(&context);
  FrozenRewritePatternSet frozen(std::move(patterns));
  // The pattern re-queues its op forever: the rewrite limit ends each
  // iteration, the iteration limit the rewrite, which did not converge.
  GreedyRewriteConfig config;
  config.setMaxIterations(3).setMaxNumRewrites(5);
  EXPECT_TRUE(failed(applyPatternsGreedily(module, frozen, config)));

  // With the pattern disabled by name, everything converges.
  RewritePatternSet again(&context);
  again.add<SwapOperands>(&context);
  std::string disabled[] = {"SwapOperands"};
  FrozenRewritePatternSet none(std::move(again), ArrayRef<std::string>(disabled, 1));
  EXPECT_TRUE(succeeded(applyPatternsGreedily(module, none, GreedyRewriteConfig())));
}

/// Records which pattern ran.
struct Named : RewritePattern {
  Named(MLIRContext *ctx, unsigned benefit, std::string name, std::vector<std::string> *log)
      : RewritePattern("arith.addi", benefit, ctx), name(std::move(name)), log(log) {}
  LogicalResult matchAndRewrite(Operation *, PatternRewriter &) const override {
    log->push_back(name);
    return failure();
  }
  std::string name;
  std::vector<std::string> *log;
};

TEST_F(RewriteTest, ApplicatorTriesHigherBenefitFirstTiesInOrder) {
  ASSERT_TRUE(parse(kInput));
  std::vector<std::string> log;
  RewritePatternSet patterns(&context);
  patterns.add<Named>(&context, 1u, std::string("a1"), &log);
  patterns.add<Named>(&context, 2u, std::string("b2"), &log);
  patterns.add<Named>(&context, 1u, std::string("c1"), &log);
  patterns.add<Named>(&context, 2u, std::string("d2"), &log);
  FrozenRewritePatternSet frozen(std::move(patterns));
  PatternApplicator applicator(frozen);
  applicator.applyDefaultCostModel();
  PatternRewriter rewriter(&context);
  EXPECT_TRUE(failed(applicator.matchAndRewrite(find("arith.addi"), rewriter)));
  std::vector<std::string> expected = {"b2", "d2", "a1", "c1"};
  EXPECT_EQ(log, expected);
}


const char *kTwoFunctions = R"(func.func @f(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %s = arith.addi %c1, %c2 : i32
  %x = arith.muli %a, %s : i32
  return %x : i32
}
func.func private @g(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  %c0 = arith.constant 0 : i32
  %1 = arith.addi %0, %c0 : i32
  return %1 : i32
}
)";

/// The canonicalization patterns of the loaded dialects, frozen.
static FrozenRewritePatternSet canonicalizationPatterns(MLIRContext *ctx) {
  RewritePatternSet patterns(ctx);
  populateCanonicalizationPatterns(ctx, patterns);
  return FrozenRewritePatternSet(std::move(patterns));
}

TEST_F(RewriteTest, IsolatedChildrenGiveTheWholeRunsResult) {
  FrozenRewritePatternSet frozen = canonicalizationPatterns(&context);
  GreedyRewriteConfig config;
  config.setUseTopDownTraversal(true);
  ASSERT_TRUE(parse(kTwoFunctions));
  LogicalResult converged = failure();
  ASSERT_TRUE(applyPatternsGreedilyToIsolatedChildren(module, frozen, config, converged));
  EXPECT_TRUE(succeeded(converged));
  std::string separately = print(module);
  module->destroy();
  ASSERT_TRUE(parse(kTwoFunctions));
  EXPECT_TRUE(succeeded(applyPatternsGreedily(module, frozen, config)));
  EXPECT_EQ(separately, print(module));
}

TEST_F(RewriteTest, IsolatedChildrenRefusedWhereNotEquivalent) {
  FrozenRewritePatternSet frozen = canonicalizationPatterns(&context);
  LogicalResult converged = success();
  // A top-level op the driver could fold.
  ASSERT_TRUE(parse("%c = arith.constant 1 : i32\nfunc.func @f() {\n  return\n}\n"));
  std::string before = print(module);
  EXPECT_FALSE(applyPatternsGreedilyToIsolatedChildren(module, frozen, GreedyRewriteConfig(), converged));
  EXPECT_EQ(before, print(module));
  module->destroy();
  // A rewrite budget shared by all functions.
  ASSERT_TRUE(parse(kTwoFunctions));
  GreedyRewriteConfig budget;
  budget.setMaxNumRewrites(1);
  EXPECT_FALSE(applyPatternsGreedilyToIsolatedChildren(module, frozen, budget, converged));
  // The caller's veto.
  EXPECT_FALSE(applyPatternsGreedilyToIsolatedChildren(module, frozen, GreedyRewriteConfig(), converged,
                                                       [](ArrayRef<Operation *>) { return false; }));
  EXPECT_EQ(print(module).find("arith.constant 3"), std::string::npos);
}

/// Claims a rewrite of every muli without changing anything: each iteration
/// reports a change, so the rewrite never converges.
struct ClaimsRewrite : RewritePattern {
  explicit ClaimsRewrite(MLIRContext *ctx) : RewritePattern("arith.muli", 1, ctx) {}
  LogicalResult matchAndRewrite(Operation *, PatternRewriter &) const override { return success(); }
};

TEST_F(RewriteTest, IsolatedChildrenReportNonConvergence) {
  ASSERT_TRUE(parse(kTwoFunctions));
  RewritePatternSet patterns(&context);
  patterns.add<ClaimsRewrite>(&context);
  FrozenRewritePatternSet frozen(std::move(patterns));
  GreedyRewriteConfig config;
  config.setMaxIterations(3);
  LogicalResult converged = success();
  ASSERT_TRUE(applyPatternsGreedilyToIsolatedChildren(module, frozen, config, converged));
  EXPECT_TRUE(failed(converged));
}

/// `changed` says whether the IR changed at all, both ways of running:
/// canonical IR is left alone; a first walk that only de-duplicates a
/// constant (no fold, no pattern: a single iteration) changes it.
TEST_F(RewriteTest, ChangedIsExact) {
  FrozenRewritePatternSet frozen = canonicalizationPatterns(&context);
  const char *canonical = "func.func @f(%a: i32) -> i32 {\n  %c1 = arith.constant 1 : i32\n"
                          "  %x = arith.addi %a, %c1 : i32\n  return %x : i32\n}\n";
  const char *duplicate = "func.func @f(%a: i32) -> (i32, i32) {\n  %c1 = arith.constant 1 : i32\n"
                          "  %c1b = arith.constant 1 : i32\n  return %c1, %c1b : i32, i32\n}\n";
  for (bool separately : {false, true}) {
    for (auto [text, expected] : {std::pair{canonical, false}, std::pair{duplicate, true}}) {
      if (module)
        module->destroy();
      ASSERT_TRUE(parse(text));
      bool changed = !expected;
      if (separately) {
        LogicalResult converged = failure();
        ASSERT_TRUE(applyPatternsGreedilyToIsolatedChildren(module, frozen, GreedyRewriteConfig(), converged, {},
                                                            &changed));
        EXPECT_TRUE(succeeded(converged));
      } else {
        EXPECT_TRUE(succeeded(applyPatternsGreedily(module, frozen, GreedyRewriteConfig(), &changed)));
      }
      EXPECT_EQ(changed, expected) << text << "separately=" << separately;
    }
  }
  // And the canonicalizer says so.
  module->destroy();
  ASSERT_TRUE(parse(canonical));
  Canonicalizer canonicalizer(&context, CanonicalizerOptions());
  bool changed = true;
  ASSERT_TRUE(succeeded(canonicalizer.run(module, &changed)));
  EXPECT_FALSE(changed);
}

} // namespace
