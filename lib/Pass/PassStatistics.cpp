//===- PassStatistics.cpp - The pass statistics report --------------------===//
//
// `--mlir-pass-statistics` in MLIR's format (PassStatistics.cpp), either as
// the pipeline:
//
//   'func.func' Pipeline
//     CSE
//       (S) 3 num-cse'd - Number of operations CSE'd
//
// or as a list merged by pass name and sorted. The reference mlir-opt is
// built without LLVM statistics and prints only the banner; Lamina prints
// what an mlir-opt built with statistics enabled prints.
//
#include "PassDetail.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <map>
#include <variant>

using namespace lamina;
using namespace lamina::detail;

namespace {
struct StatisticRecord {
  const char *name;
  const char *desc;
  uint64_t value;
};

void printPassEntry(raw_ostream &os, unsigned indent, std::string_view pass, std::vector<StatisticRecord> stats = {}) {
  os.indent(indent) << pass << '\n';
  if (stats.empty())
    return;
  std::stable_sort(stats.begin(), stats.end(),
                   [](const StatisticRecord &a, const StatisticRecord &b) { return std::strcmp(a.name, b.name) < 0; });
  size_t largestName = 0, largestValue = 0;
  for (const StatisticRecord &stat : stats) {
    largestName = std::max(largestName, std::strlen(stat.name));
    largestValue = std::max(largestValue, std::to_string(stat.value).size());
  }
  for (const StatisticRecord &stat : stats) {
    char buf[32];
    std::snprintf(buf, sizeof(buf), "%" PRIu64, stat.value);
    os.indent(indent + 2) << "(S) ";
    os.indent(unsigned(largestValue - std::strlen(buf))) << buf << ' ' << stat.name;
    os.indent(unsigned(largestName - std::strlen(stat.name))) << " - " << stat.desc << '\n';
  }
}

std::vector<StatisticRecord> getStatistics(Pass *pass) {
  std::vector<StatisticRecord> stats;
  for (Pass::Statistic *stat : pass->getStatistics())
    stats.push_back({stat->getName(), stat->getDesc(), stat->getValue()});
  return stats;
}

void printResultsAsList(raw_ostream &os, OpPassManager &pm) {
  std::map<std::string, std::vector<StatisticRecord>> merged;
  std::vector<Pass *> worklist;
  for (auto it = pm.getPasses().rbegin(); it != pm.getPasses().rend(); ++it)
    worklist.push_back(it->get());
  while (!worklist.empty()) {
    Pass *pass = worklist.back();
    worklist.pop_back();
    if (OpToOpPassAdaptor *adaptor = asAdaptor(pass)) {
      std::vector<Pass *> nested;
      for (OpPassManager &mgr : adaptor->getPassManagers())
        for (const std::unique_ptr<Pass> &p : mgr.getPasses())
          nested.push_back(p.get());
      worklist.insert(worklist.end(), nested.rbegin(), nested.rend());
      continue;
    }
    if (pass->getStatistics().empty())
      continue;
    std::vector<StatisticRecord> &entry = merged[std::string(pass->getName())];
    if (entry.empty()) {
      entry = getStatistics(pass);
    } else {
      for (size_t i = 0; i < entry.size() && i < pass->getStatistics().size(); ++i)
        entry[i].value += pass->getStatistics()[i]->getValue();
    }
  }
  for (auto &entry : merged)
    printPassEntry(os, 2, entry.first, entry.second);
}

void printResultsAsPipeline(raw_ostream &os, OpPassManager &pm) {
  struct Item {
    unsigned indent;
    Pass *pass;
  };
  std::vector<Item> worklist;
  for (auto it = pm.getPasses().rbegin(); it != pm.getPasses().rend(); ++it)
    worklist.push_back({0, it->get()});
  // Pipeline headers are printed when reached; use a marker item (null pass)
  // carrying the header text through `headers`.
  std::vector<std::string> headers;
  struct Header {
    unsigned indent;
    size_t index;
  };
  std::vector<std::variant<Item, Header>> stack;
  for (auto &item : worklist)
    stack.push_back(item);
  while (!stack.empty()) {
    auto top = stack.back();
    stack.pop_back();
    if (auto *header = std::get_if<Header>(&top)) {
      printPassEntry(os, header->indent, headers[header->index]);
      continue;
    }
    Item item = std::get<Item>(top);
    OpToOpPassAdaptor *adaptor = asAdaptor(item.pass);
    if (!adaptor) {
      printPassEntry(os, item.indent, item.pass->getName(), getStatistics(item.pass));
      continue;
    }
    unsigned indent = item.indent;
    std::vector<std::variant<Item, Header>> children;
    if (adaptor->getPassManagers().size() > 1) {
      headers.push_back(adaptor->getAdaptorName());
      children.push_back(Header{indent, headers.size() - 1});
      indent += 2;
    }
    for (OpPassManager &mgr : adaptor->getPassManagers()) {
      std::string header = "'";
      header += mgr.getOpAnchorName();
      header += "' Pipeline";
      headers.push_back(std::move(header));
      children.push_back(Header{indent, headers.size() - 1});
      for (const std::unique_ptr<Pass> &p : mgr.getPasses())
        children.push_back(Item{indent + 2, p.get()});
    }
    stack.insert(stack.end(), children.rbegin(), children.rend());
  }
}

/// Adds the statistics of `from` (a copy of `into` that ran in parallel)
/// to `into`'s, and zeroes them.
void mergeStatistics(OpPassManager &into, OpPassManager &from) {
  const auto &intoPasses = into.getPasses();
  const auto &fromPasses = from.getPasses();
  for (size_t i = 0; i < intoPasses.size() && i < fromPasses.size(); ++i) {
    OpToOpPassAdaptor *intoAdaptor = asAdaptor(intoPasses[i].get());
    OpToOpPassAdaptor *fromAdaptor = asAdaptor(fromPasses[i].get());
    if (intoAdaptor && fromAdaptor) {
      for (size_t j = 0; j < intoAdaptor->getPassManagers().size() && j < fromAdaptor->getPassManagers().size(); ++j)
        mergeStatistics(intoAdaptor->getPassManagers()[j], fromAdaptor->getPassManagers()[j]);
      continue;
    }
    const auto &intoStats = intoPasses[i]->getStatistics();
    const auto &fromStats = fromPasses[i]->getStatistics();
    for (size_t k = 0; k < intoStats.size() && k < fromStats.size(); ++k) {
      *intoStats[k] += fromStats[k]->getValue();
      *fromStats[k] = 0;
    }
  }
}

/// Folds the statistics of every parallel copy of the pipeline into it.
void prepareStatistics(OpPassManager &pm) {
  for (const std::unique_ptr<Pass> &pass : pm.getPasses()) {
    OpToOpPassAdaptor *adaptor = asAdaptor(pass.get());
    if (!adaptor)
      continue;
    for (OpPassManager &mgr : adaptor->getPassManagers())
      prepareStatistics(mgr);
    for (std::vector<OpPassManager> &executor : adaptor->getAsyncExecutors()) {
      for (size_t i = 0; i < executor.size() && i < adaptor->getPassManagers().size(); ++i) {
        prepareStatistics(executor[i]);
        mergeStatistics(adaptor->getPassManagers()[i], executor[i]);
      }
    }
  }
}
} // namespace

void PassManager::enableStatistics(PassDisplayMode displayMode) { statisticsMode = displayMode; }

void PassManager::dumpStatistics() {
  prepareStatistics(*this);
  raw_ostream &os = errs();
  static constexpr std::string_view kDescription = "... Pass statistics report ...";
  os << "===" << std::string(73, '-') << "===\n";
  os.indent(unsigned((80 - kDescription.size()) / 2)) << kDescription << '\n';
  os << "===" << std::string(73, '-') << "===\n";
  if (*statisticsMode == PassDisplayMode::List)
    printResultsAsList(os, *this);
  else
    printResultsAsPipeline(os, *this);
  os << '\n';
  os.flush();
}
