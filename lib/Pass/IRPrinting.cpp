//===- IRPrinting.cpp - Printing the IR around passes ---------------------===//
//
// `--mlir-print-ir-before/after...` in mlir-opt's format:
//   // -----// IR Dump After CSE (cse) //----- //
// followed by the op the pass ran on (with local scope when it is nested),
// or by the whole top-level op with module scope, then a blank line. With
// "after change", a fingerprint of the op (OperationFingerPrint) taken before
// the pass decides whether to print after it.
//
#include "PassDetail.h"

#include "lamina/IR/BuiltinLocations.h"
#include "lamina/IR/OperationEquivalence.h"
#include "lamina/IR/SymbolTable.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <mutex>
#include <sys/stat.h>
#include <unistd.h>
#include <unordered_map>

using namespace lamina;
using namespace lamina::detail;

namespace {

/// Prints the rest of a banner and the IR.
void printIR(Operation *op, bool printModuleScope, raw_ostream &out, OpPrintingFlags flags) {
  if (!printModuleScope) {
    out << " //----- //\n";
    if (op->getBlock())
      flags.useLocalScope();
    op->print(out, flags);
    return;
  }
  out << " ('" << op->getName() << "' operation";
  if (StringAttr symbolName = op->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
    out << ": @" << symbolName.getValue();
  out << ") //----- //\n";
  Operation *topLevelOp = op;
  while (Operation *parent = topLevelOp->getParentOp())
    topLevelOp = parent;
  topLevelOp->print(out, flags);
}

/// Creates `path` if missing; reports errors as MLIR does.
bool createDirectory(const std::string &path) {
  if (::mkdir(path.c_str(), 0777) == 0 || errno == EEXIST)
    return true;
  errs() << "Error while creating directory " << path << ": " << std::strerror(errno) << "\n";
  return false;
}

class IRPrinterInstrumentation : public PassInstrumentation {
public:
  explicit IRPrinterInstrumentation(IRPrinterConfig config) : config(std::move(config)) {}

  void runBeforePass(Pass *pass, Operation *op) override {
    if (asAdaptor(pass))
      return;
    if (config.printAfterOnlyOnChange)
      beforePassFingerPrints.try_emplace(pass, OperationFingerPrint(op));
    if (!config.shouldPrintBeforePass || !config.shouldPrintBeforePass(pass, op))
      return;
    emit(pass, op, [&](raw_ostream &out) {
      out << "// -----// IR Dump Before " << pass->getName() << " (" << pass->getArgument() << ")";
      printIR(op, config.printModuleScope, out, config.printingFlags);
      out << "\n\n";
    });
  }

  void runAfterPass(Pass *pass, Operation *op) override {
    if (asAdaptor(pass))
      return;
    if (config.printAfterOnlyOnFailure)
      return;
    if (config.printAfterOnlyOnChange) {
      auto it = beforePassFingerPrints.find(pass);
      bool unchanged = it != beforePassFingerPrints.end() && it->second == OperationFingerPrint(op);
      if (it != beforePassFingerPrints.end())
        beforePassFingerPrints.erase(it);
      if (unchanged)
        return;
    }
    if (!config.shouldPrintAfterPass || !config.shouldPrintAfterPass(pass, op))
      return;
    emit(pass, op, [&](raw_ostream &out) {
      out << "// -----// IR Dump After " << pass->getName() << " (" << pass->getArgument() << ")";
      printIR(op, config.printModuleScope, out, config.printingFlags);
      out << "\n\n";
    });
  }

  void runAfterPassFailed(Pass *pass, Operation *op) override {
    if (asAdaptor(pass))
      return;
    if (config.printAfterOnlyOnChange)
      beforePassFingerPrints.erase(pass);
    if (!config.shouldPrintAfterPass || !config.shouldPrintAfterPass(pass, op))
      return;
    emit(pass, op, [&](raw_ostream &out) {
      out << "// -----// IR Dump After " << pass->getName() << " Failed (" << pass->getArgument() << ")";
      printIR(op, config.printModuleScope, out, config.printingFlags);
      out << "\n\n";
    });
  }

private:
  /// Writes a dump to stderr, or to its file under the tree directory.
  void emit(Pass *pass, Operation *op, function_ref<void(raw_ostream &)> print) {
    if (config.treeDir.empty()) {
      raw_ostream &os = errs();
      print(os);
      os.flush();
      return;
    }
    std::string path = treePath(op, pass->getArgument());
    if (path.empty())
      return;
    int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) {
      errs() << "Error opening output file " << path << ": " << std::strerror(errno) << "\n";
      return;
    }
    raw_fd_ostream os(fd, /*shouldClose=*/true);
    print(os);
    os.flush();
  }

  /// The file of the next dump of `op` (MLIR's FileTreeIRPrinterConfig):
  /// one directory per enclosing op (`builtin_module_no-symbol-name`), and a
  /// file named by the dump counters of the op and its ancestors.
  std::string treePath(Operation *op, std::string_view passArgument) {
    std::vector<std::pair<std::string, std::string>> elements;
    std::vector<unsigned> counts;
    auto [it, inserted] = counters.try_emplace(op, 0u);
    if (!inserted)
      ++it->second;
    for (Operation *iter = op; iter; iter = iter->getParentOp()) {
      counts.push_back(counters[iter]);
      std::string opName(iter->getName().getStringRef());
      for (char &c : opName)
        if (c == '.')
          c = '_';
      StringAttr symbolName = iter->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
      elements.emplace_back(opName, symbolName ? std::string(symbolName.getValue()) : "no-symbol-name");
    }
    std::string path = config.treeDir;
    if (!createDirectory(path))
      return {};
    for (auto e = elements.rbegin(); e != elements.rend(); ++e) {
      path += '/';
      path += e->first + "_" + e->second;
      if (!createDirectory(path))
        return {};
    }
    std::string fileName;
    for (auto c = counts.rbegin(); c != counts.rend(); ++c) {
      if (c != counts.rbegin())
        fileName += '_';
      fileName += std::to_string(*c);
    }
    fileName += '_';
    fileName += passArgument;
    fileName += ".mlir";
    return path + "/" + fileName;
  }

  IRPrinterConfig config;
  std::unordered_map<Pass *, OperationFingerPrint> beforePassFingerPrints;
  std::unordered_map<Operation *, unsigned> counters;
};

} // namespace

LogicalResult PassManager::enableIRPrinting(IRPrinterConfig config) {
  if (config.printModuleScope && context->isMultithreadingEnabled())
    return emitError(UnknownLoc::get(context)) << "IR print for module scope can't be setup on a pass-manager "
                                                  "without disabling multi-threading first.\n";
  addInstrumentation(std::make_unique<IRPrinterInstrumentation>(std::move(config)));
  return success();
}
