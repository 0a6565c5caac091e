//===- TestPasses.cpp - mlir-opt's test passes for the pass manager -------===//
//
// The passes mlir-opt registers to test its pass manager (test/lib/Pass in
// MLIR), with the same arguments, names and options, so pipelines, options,
// failures, crashes and reproducers can be tested as in mlir-opt.
//
#include "lamina/Transforms/Passes.h"

#include "lamina/IR/Diagnostics.h"

#include <cstdlib>

using namespace lamina;

namespace {

/// A test pass: MLIR's PassWrapper names test passes by their C++ type.
template <typename DerivedT> class TestPassBase : public Pass {
public:
  std::unique_ptr<Pass> clonePass() const override {
    return std::make_unique<DerivedT>(*static_cast<const DerivedT *>(this));
  }
  bool canScheduleOn(OperationName name) const override { return !getOpName() || name.getStringRef() == *getOpName(); }

protected:
  explicit TestPassBase(std::optional<std::string_view> opName = std::nullopt)
      : Pass(TypeID::get<DerivedT>(), opName) {}
  TestPassBase(const TestPassBase &other) : Pass(other) {}
};

struct TestFailurePass : TestPassBase<TestFailurePass> {
  TestFailurePass() = default;
  TestFailurePass(const TestFailurePass &other) : TestPassBase(other) {}
  std::string_view getName() const override { return "(anonymous namespace)::TestFailurePass"; }
  std::string_view getArgument() const override { return "test-pass-failure"; }
  std::string_view getDescription() const override { return "Test a pass in the pass manager that always fails"; }
  void runOnOperation() override {
    if (genDiagnostics)
      (void)emitError(getOperation()->getLoc(), "illegal operation");
    signalPassFailure();
  }
  Option<bool> genDiagnostics{*this, "gen-diagnostics", "Generate a diagnostic message", false};
};

struct TestCrashRecoveryPass : TestPassBase<TestCrashRecoveryPass> {
  TestCrashRecoveryPass() = default;
  TestCrashRecoveryPass(const TestCrashRecoveryPass &other) : TestPassBase(other) {}
  std::string_view getName() const override { return "(anonymous namespace)::TestCrashRecoveryPass"; }
  std::string_view getArgument() const override { return "test-pass-crash"; }
  std::string_view getDescription() const override { return "Test a pass in the pass manager that always crashes"; }
  void runOnOperation() override { std::abort(); }
};

struct TestModulePass : TestPassBase<TestModulePass> {
  TestModulePass() : TestPassBase("builtin.module") {}
  TestModulePass(const TestModulePass &other) : TestPassBase(other) {}
  std::string_view getName() const override { return "(anonymous namespace)::TestModulePass"; }
  std::string_view getArgument() const override { return "test-module-pass"; }
  std::string_view getDescription() const override { return "Test a module pass in the pass manager"; }
  void runOnOperation() override {}
};

struct TestFunctionPass : TestPassBase<TestFunctionPass> {
  TestFunctionPass() : TestPassBase("func.func") {}
  TestFunctionPass(const TestFunctionPass &other) : TestPassBase(other) {}
  std::string_view getName() const override { return "(anonymous namespace)::TestFunctionPass"; }
  std::string_view getArgument() const override { return "test-function-pass"; }
  std::string_view getDescription() const override { return "Test a function pass in the pass manager"; }
  void runOnOperation() override {}
};

enum class TestEnum { Zero, One, Two };

struct TestOptionsPass : TestPassBase<TestOptionsPass> {
  TestOptionsPass() : TestPassBase("func.func") {}
  TestOptionsPass(const TestOptionsPass &other) : TestPassBase(other) {}
  std::string_view getName() const override { return "(anonymous namespace)::TestOptionsPass"; }
  std::string_view getArgument() const override { return "test-options-pass"; }
  std::string_view getDescription() const override { return "Test options parsing capabilities"; }
  void runOnOperation() override {}
  ListOption<int> listOption{*this, "list", "Example list option"};
  ListOption<std::string> stringListOption{*this, "string-list", "Example string list option"};
  Option<std::string> stringOption{*this, "string", "Example string option"};
  EnumOption<TestEnum> enumOption{*this,
                                  "enum",
                                  "Example enum option",
                                  TestEnum::Zero,
                                  {{TestEnum::Zero, "zero", "Example zero value"},
                                   {TestEnum::One, "one", "Example one value"},
                                   {TestEnum::Two, "two", "Example two value"}}};
};

struct TestStatisticPass : TestPassBase<TestStatisticPass> {
  TestStatisticPass() = default;
  TestStatisticPass(const TestStatisticPass &other) : TestPassBase(other) {}
  std::string_view getName() const override { return "(anonymous namespace)::TestStatisticPass"; }
  std::string_view getArgument() const override { return "test-stats-pass"; }
  std::string_view getDescription() const override { return "Test pass statistics"; }
  void runOnOperation() override {
    getOperation()->walk([&](Operation *) { ++opCount; });
    getOperation()->walk([&](Operation *) { ++opCountDuplicate; });
    markAllAnalysesPreserved();
  }
  Statistic opCount{this, "num-ops", "Number of operations counted"};
  Statistic opCountDuplicate{this, "num-ops2", "Number of operations counted one more time"};
};

template <typename PassT> std::unique_ptr<Pass> create() { return std::make_unique<PassT>(); }

} // namespace

void lamina::registerPassManagerTestPasses() {
  registerPass("test-pass-failure", "Test a pass in the pass manager that always fails", &create<TestFailurePass>);
  registerPass("test-pass-crash", "Test a pass in the pass manager that always crashes",
               &create<TestCrashRecoveryPass>);
  registerPass("test-module-pass", "Test a module pass in the pass manager", &create<TestModulePass>);
  registerPass("test-function-pass", "Test a function pass in the pass manager", &create<TestFunctionPass>);
  registerPass("test-options-pass", "Test options parsing capabilities", &create<TestOptionsPass>);
  registerPass("test-stats-pass", "Test pass statistics", &create<TestStatisticPass>);
}
