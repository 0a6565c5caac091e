//===- PassManagerOptions.cpp - Command-line options of the pass manager --===//
#include "lamina/Pass/PassManagerOptions.h"

#include "lamina/IR/BuiltinLocations.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/MLIRContext.h"
#include "lamina/Pass/PassManager.h"
#include "lamina/Pass/PassRegistry.h"
#include "lamina/Support/CommandLine.h"

#include <algorithm>

using namespace lamina;

namespace {

/// A comma-separated list of registered pass arguments
/// (`--mlir-print-ir-after=cse,canonicalize`).
class PassNameListOption : public cl::Option {
public:
  PassNameListOption(std::string_view arg, std::string_view description)
      : cl::Option(nullptr, arg, description, cl::ValueExpected::Required) {}

  bool contains(std::string_view passArg) const {
    return std::find(names.begin(), names.end(), passArg) != names.end();
  }
  bool hasAnyOccurrences() const { return getNumOccurrences() != 0; }

protected:
  LogicalResult handleOccurrence(std::string_view argName, std::optional<std::string_view> value) override {
    std::string_view list = value ? *value : std::string_view();
    while (true) {
      size_t comma = list.find(',');
      std::string_view name = list.substr(0, comma);
      if (!PassInfo::lookup(name))
        return error("Cannot find option named '" + std::string(name) + "'!", argName);
      names.emplace_back(name);
      if (comma == std::string_view::npos)
        break;
      list = list.substr(comma + 1);
    }
    return success();
  }
  std::string_view getValueName() const override { return "pass-arg"; }
  void resetValue() override { names.clear(); }

private:
  std::vector<std::string> names;
};

struct PassManagerOptions {
  cl::opt<std::string> reproducerFile{
      "mlir-pass-pipeline-crash-reproducer",
      "Generate a .mlir reproducer file at the given output path if the pass manager crashes or fails"};
  cl::opt<bool> localReproducer{"mlir-pass-pipeline-local-reproducer",
                                "When generating a crash reproducer, attempt to generated a reproducer with the "
                                "smallest pipeline."};
  PassNameListOption printBefore{"mlir-print-ir-before", "Print IR before specified passes"};
  PassNameListOption printAfter{"mlir-print-ir-after", "Print IR after specified passes"};
  cl::opt<bool> printBeforeAll{"mlir-print-ir-before-all", "Print IR before each pass"};
  cl::opt<bool> printAfterAll{"mlir-print-ir-after-all", "Print IR after each pass"};
  cl::opt<bool> printAfterChange{"mlir-print-ir-after-change",
                                 "When printing the IR after a pass, only print if the IR changed"};
  cl::opt<bool> printAfterFailure{"mlir-print-ir-after-failure",
                                  "When printing the IR after a pass, only print if the pass failed"};
  cl::opt<bool> printModuleScope{"mlir-print-ir-module-scope",
                                 "When printing IR for print-ir-[before|after]{-all} always print the top-level "
                                 "operation"};
  cl::opt<std::string> printTreeDir{"mlir-print-ir-tree-dir",
                                    "When printing the IR before/after a pass, print file tree rooted at this "
                                    "directory. Use in conjunction with mlir-print-ir-* flags"};
  cl::opt<bool> passStatistics{"mlir-pass-statistics", "Display the statistics of each pass"};
  cl::enum_opt<PassDisplayMode> passStatisticsDisplayMode{
      "mlir-pass-statistics-display",
      "Display method for pass statistics",
      PassDisplayMode::Pipeline,
      {{PassDisplayMode::List, "list", "display the results in a merged list sorted by pass name"},
       {PassDisplayMode::Pipeline, "pipeline", "display the results with a nested pipeline view"}}};
};

PassManagerOptions *options = nullptr;

} // namespace

void lamina::registerPassManagerCLOptions() {
  static PassManagerOptions instance;
  options = &instance;
}

LogicalResult lamina::applyPassManagerCLOptions(PassManager &pm, const OpPrintingFlags &printingFlags) {
  if (!options)
    return failure();
  MLIRContext *context = pm.getContext();
  if (options->reproducerFile.getNumOccurrences() && options->localReproducer && context->isMultithreadingEnabled())
    return emitError(UnknownLoc::get(context))
           << "Local crash reproduction may not be used without disabling mutli-threading first.";
  if (options->reproducerFile.getNumOccurrences())
    pm.enableCrashReproducerGeneration(options->reproducerFile.getValue(), options->localReproducer);
  if (options->passStatistics)
    pm.enableStatistics(options->passStatisticsDisplayMode);
  if (options->printModuleScope && context->isMultithreadingEnabled())
    return emitError(UnknownLoc::get(context)) << "IR print for module scope can't be setup on a pass-manager "
                                                  "without disabling multi-threading first.\n";

  IRPrinterConfig config;
  if (options->printBeforeAll)
    config.shouldPrintBeforePass = [](Pass *, Operation *) { return true; };
  else if (options->printBefore.hasAnyOccurrences())
    config.shouldPrintBeforePass = [](Pass *pass, Operation *) {
      return !pass->getArgument().empty() && options->printBefore.contains(pass->getArgument());
    };
  if (options->printAfterAll || options->printAfterFailure)
    config.shouldPrintAfterPass = [](Pass *, Operation *) { return true; };
  else if (options->printAfter.hasAnyOccurrences())
    config.shouldPrintAfterPass = [](Pass *pass, Operation *) {
      return !pass->getArgument().empty() && options->printAfter.contains(pass->getArgument());
    };
  if (!config.shouldPrintBeforePass && !config.shouldPrintAfterPass)
    return success();
  config.printModuleScope = options->printModuleScope;
  config.printAfterOnlyOnChange = options->printAfterChange;
  config.printAfterOnlyOnFailure = options->printAfterFailure;
  config.printingFlags = printingFlags;
  config.treeDir = options->printTreeDir.getValue();
  return pm.enableIRPrinting(std::move(config));
}
