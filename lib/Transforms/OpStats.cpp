//===- OpStats.cpp - Count the operations by name -------------------------===//
//
// `print-op-stats` prints, to stderr, how many operations of each name the
// op it runs on contains (itself included), sorted by name, as a table
// aligned on the dialect prefix or as JSON.
//
#include "lamina/Transforms/Passes.h"

#include <algorithm>
#include <map>

using namespace lamina;

namespace {
struct PrintOpStatsPass : impl::PrintOpStatsBase<PrintOpStatsPass> {
  void runOnOperation() override {
    std::map<std::string_view, int64_t> opCount;
    getOperation()->walk([&](Operation *op) { ++opCount[op->getName().getStringRef()]; });
    raw_ostream &os = errs();
    if (printAsJSON)
      printSummaryInJSON(os, opCount);
    else
      printSummary(os, opCount);
    os.flush();
    markAllAnalysesPreserved();
  }

  static std::pair<std::string_view, std::string_view> splitOperationName(std::string_view name) {
    size_t dot = name.find('.');
    if (dot == std::string_view::npos)
      return {std::string_view(), name};
    return {name.substr(0, dot), name.substr(dot + 1)};
  }

  static void printSummary(raw_ostream &os, const std::map<std::string_view, int64_t> &opCount) {
    os << "Operations encountered:\n";
    os << "-----------------------\n";
    size_t maxLenOpName = 0, maxLenDialect = 0;
    for (const auto &entry : opCount) {
      auto [dialectName, opName] = splitOperationName(entry.first);
      maxLenDialect = std::max(maxLenDialect, dialectName.size());
      maxLenOpName = std::max(maxLenOpName, opName.size());
    }
    for (const auto &entry : opCount) {
      auto [dialectName, opName] = splitOperationName(entry.first);
      // Names aligned on the dialect, counts after a comma.
      if (dialectName.empty())
        os.indent(unsigned(maxLenDialect + 3));
      else
        os.indent(unsigned(maxLenDialect + 2 - dialectName.size())) << dialectName << '.';
      os << opName;
      os.indent(unsigned(maxLenOpName - opName.size())) << " , " << entry.second << '\n';
    }
  }

  static void printSummaryInJSON(raw_ostream &os, const std::map<std::string_view, int64_t> &opCount) {
    os << "{\n";
    size_t i = 0;
    for (const auto &entry : opCount) {
      os << "  \"" << entry.first << "\" : " << entry.second;
      os << (++i != opCount.size() ? ",\n" : "\n");
    }
    os << "}\n";
  }
};
} // namespace

std::unique_ptr<Pass> lamina::createPrintOpStatsPass() { return std::make_unique<PrintOpStatsPass>(); }
