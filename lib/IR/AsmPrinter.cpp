//===- AsmPrinter.cpp - Prints IR in MLIR's textual form ------------------===//
//
// Output is byte-identical to mlir-opt's: the same alias naming and
// ordering, SSA and block numbering, generic and custom op forms. Printing
// an operation first runs an alias collection pass over exactly what will
// be printed (as MLIR does), then prints. Generic ops are printed without
// recursion on region nesting. SSA names of a module's operations are
// computed one top-level operation at a time (see SSANameState); with
// threading, the alias pass and the printing of those operations run on the
// thread pool and their results are merged/written in order.
//
// This file holds AsmState, the operation printer and the public entry
// points; AsmPrinterImpl.h lists the printer's other files.
//
#include "AsmPrinterImpl.h"

#include "lamina/IR/AsmState.h"
#include "lamina/IR/BuiltinDialect.h"
#include "lamina/IR/BuiltinOps.h"
#include "lamina/IR/Dialect.h"
#include "lamina/IR/OpAsmInterface.h"
#include "lamina/IR/Verifier.h"
#include "lamina/Support/SmallVector.h"
#include "lamina/Support/ThreadPool.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <map>
#include <mutex>
#include <unordered_map>

using namespace lamina;
using namespace lamina::detail;

//===----------------------------------------------------------------------===//
// AsmState
//===----------------------------------------------------------------------===//

AsmStateImpl::AsmStateImpl(Operation *op, const OpPrintingFlags &flags, bool allowLazyNumbering)
    : context(op->getContext()), printerFlags(flags) {
  ssaNameState = std::make_unique<SSANameState>(op, printerFlags, allowLazyNumbering);
}

AsmState::AsmState(Operation *op, const OpPrintingFlags &flags, LocationMap *locationMap)
    : impl(std::make_unique<AsmStateImpl>(op, flags)) {
  impl->locationMap = locationMap;
}
AsmState::AsmState(Operation *op, const OpPrintingFlags &flags, NumberEagerly)
    : impl(std::make_unique<AsmStateImpl>(op, flags, /*allowLazyNumbering=*/false)) {}
AsmState::AsmState(MLIRContext *ctx, const OpPrintingFlags &flags)
    : impl(std::make_unique<AsmStateImpl>(ctx, flags)) {}
AsmState::~AsmState() = default;
const OpPrintingFlags &AsmState::getPrinterFlags() const { return impl->printerFlags; }
ArrayRef<DenseResourceElementsHandle::Entry *> AsmState::getBuiltinResources() const {
  return ArrayRef<DenseResourceElementsHandle::Entry *>(impl->usedResources.data(), impl->usedResources.size());
}
ArrayRef<std::pair<const Dialect *, std::vector<const void *>>> AsmState::getDialectResources() const {
  return ArrayRef<std::pair<const Dialect *, std::vector<const void *>>>(impl->dialectResources.data(),
                                                                    impl->dialectResources.size());
}

//===----------------------------------------------------------------------===//
// OperationPrinter
//===----------------------------------------------------------------------===//

namespace {
class OperationPrinter : public OpAsmPrinter {
public:
  OperationPrinter(raw_ostream &os, AsmStateImpl &state)
      : impl(os, state), os(os), state(state), printerFlags(state.printerFlags) {}

  raw_ostream &getStream() const override { return os; }
  void printFloat(const APFloat &value) override { impl.printFloat(value); }
  void printType(Type type) override { impl.printType(type); }
  void printAttribute(Attribute attr) override { impl.printAttribute(attr); }
  void printAttributeWithoutType(Attribute attr) override { impl.printAttribute(attr, AttrTypeElision::Must); }
  LogicalResult printAlias(Attribute attr) override { return impl.printAlias(attr); }
  LogicalResult printAlias(Type type) override { return impl.printAlias(type); }
  void printResourceHandle(const Dialect &dialect, const void *handle) override {
    impl.printDialectResourceHandle(dialect, handle);
  }

  void printOperand(Value value) override { printValueID(value); }
  void printOperand(Value value, raw_ostream &stream) override {
    state.ssaNameState->printValueID(value, true, stream);
  }
  void printValueID(Value value, bool printResultNo = true) {
    state.ssaNameState->printValueID(value, printResultNo, os);
  }
  void printBlockName(Block *block) { state.ssaNameState->printBlockName(block, os); }
  /// Called before printing each operation of a block: lets the naming
  /// state number a top-level subtree lazily.
  void enterOp(Operation *op) { state.ssaNameState->enterSubtree(op); }
  void printSuccessor(Block *successor) override { printBlockName(successor); }
  void printSuccessorAndUseList(Block *successor, ValueRange succOperands) override {
    printBlockName(successor);
    if (succOperands.empty())
      return;
    os << '(';
    for (size_t i = 0; i < succOperands.size(); ++i) {
      if (i)
        os << ", ";
      printValueID(succOperands[i]);
    }
    os << " : ";
    for (size_t i = 0; i < succOperands.size(); ++i) {
      if (i)
        os << ", ";
      printType(succOperands[i].getType());
    }
    os << ')';
  }
  void printOptionalAttrDict(ArrayRef<NamedAttribute> attrs, ArrayRef<std::string_view> elidedAttrs) override {
    impl.printOptionalAttrDict(attrs, elidedAttrs, false);
  }
  void printOptionalAttrDictWithKeyword(ArrayRef<NamedAttribute> attrs,
                                        ArrayRef<std::string_view> elidedAttrs) override {
    impl.printOptionalAttrDict(attrs, elidedAttrs, true);
  }
  void printOptionalLocationSpecifier(Location loc) override { printTrailingLocation(loc); }
  /// (Takes the op so that its location is only created when printed.)
  void printTrailingLocation(Operation *op) {
    if (printerFlags.shouldPrintDebugInfo())
      printTrailingLocation(op->getLoc());
  }
  void printTrailingLocation(Location loc, bool allowAlias = true) {
    if (!printerFlags.shouldPrintDebugInfo())
      return;
    os << ' ';
    impl.printLocation(loc, allowAlias);
  }
  void printNewline() override {
    os << '\n';
    os.indent(currentIndent);
  }
  void increaseIndent() override { currentIndent += indentWidth; }
  void decreaseIndent() override { currentIndent -= indentWidth; }
  void printProperties(Attribute props) override {
    if (!props)
      return;
    os << " <";
    impl.printAttribute(props);
    os << '>';
  }
  void shadowRegionArgs(Region &region, ValueRange namesToUse) override {
    state.ssaNameState->shadowRegionArgs(region, namesToUse);
  }
  Attribute *getPrintingCacheSlot(const void *key) override { return &state.printingCache[key]; }
  void printRegionArgument(BlockArgument arg, ArrayRef<NamedAttribute> argAttrs, bool omitType) override {
    printOperand(arg);
    if (!omitType) {
      os << ": ";
      printType(arg.getType());
    }
    impl.printOptionalAttrDict(argAttrs);
    // (A parsed argument's location is packed: only unpack it to print it.)
    if (printerFlags.shouldPrintDebugInfo())
      printTrailingLocation(arg.getLoc(), /*allowAlias=*/false);
  }
  void printAffineMapOfSSAIds(AffineMapAttr mapAttr, ValueRange operands) override;
  void printAffineExprOfSSAIds(AffineExpr expr, ValueRange dimOperands, ValueRange symOperands) override;

  void printCustomOrGenericOp(Operation *op) override;
  void printGenericOp(Operation *op, bool printOpName = true) override;
  void printRegion(Region &region, bool printEntryBlockArgs, bool printBlockTerminators,
                   bool printEmptyBlock) override;

  void printTopLevelOperation(Operation *op);
  void printFullOpWithIndentAndLoc(Operation *op);
  void printFullOp(Operation *op);

  /// Counts the lines written, for recordLocation.
  size_t *linesWritten = nullptr;

private:
  /// Records where `op` starts if the state collects locations.
  void recordLocation(Operation *op) {
    if (!state.locationMap)
      return;
    os.flush();
    (*state.locationMap)[op] = {unsigned(*linesWritten + 1), currentIndent};
  }
  /// Prints a generic op and everything nested in it with an explicit stack.
  void printGenericIterative(Operation *op);
  /// Prints the ops of `block` before `end`, each on its own line, in
  /// parallel; returns false (printing nothing) if not worthwhile.
  bool printOpsInParallel(Block *block, Operation *end);
  void printBlockHeader(Block *block);
  void printResultList(Operation *op);
  void printGenericOpPrefix(Operation *op);
  void printGenericOpSuffix(Operation *op);
  bool isCustom(Operation *op) const {
    return !printerFlags.shouldPrintGenericOpForm() && op->isRegistered() && op->getName().getInfo().print;
  }
  void printCustomOp(Operation *op);

  AsmPrinterImpl impl;
  raw_ostream &os;
  AsmStateImpl &state;
  const OpPrintingFlags &printerFlags;
  unsigned currentIndent = 0;
  static constexpr unsigned indentWidth = 2;
  std::vector<std::string_view> defaultDialectStack{"builtin"};
  std::vector<NamedAttribute> propertyScratch;
};
} // namespace

void OperationPrinter::printTopLevelOperation(Operation *op) {
  state.aliasState.printAliases(impl, /*isDeferred=*/false);
  printFullOpWithIndentAndLoc(op);
  os << '\n';
  state.aliasState.printAliases(impl, /*isDeferred=*/true);
  impl.printResourceFileMetadata();
}

void OperationPrinter::printResultList(Operation *op) {
  size_t numResults = op->getNumResults();
  if (!numResults)
    return;
  auto printResultGroup = [&](size_t resultNo, size_t resultCount) {
    printValueID(op->getResult(resultNo), /*printResultNo=*/false);
    if (resultCount > 1)
      os << ':' << resultCount;
  };
  ArrayRef<int> resultGroups = state.ssaNameState->getOpResultGroups(op);
  if (!resultGroups.empty()) {
    for (size_t i = 0; i + 1 < resultGroups.size(); ++i) {
      printResultGroup(resultGroups[i], resultGroups[i + 1] - resultGroups[i]);
      os << ", ";
    }
    printResultGroup(resultGroups.back(), numResults - resultGroups.back());
  } else {
    printResultGroup(0, numResults);
  }
  os << " = ";
}

void OperationPrinter::printFullOp(Operation *op) {
  printResultList(op);
  printCustomOrGenericOp(op);
}

void OperationPrinter::printFullOpWithIndentAndLoc(Operation *op) {
  if (!isCustom(op)) {
    printGenericIterative(op);
    return;
  }
  recordLocation(op);
  os.indent(currentIndent);
  printFullOp(op);
  printTrailingLocation(op);
}

void OperationPrinter::printCustomOp(Operation *op) {
  std::string_view name = op->getName().getStringRef();
  std::string_view defaultDialect = defaultDialectStack.back();
  if (!defaultDialect.empty() && name.size() > defaultDialect.size() && name.substr(0, defaultDialect.size()) == defaultDialect &&
      name[defaultDialect.size()] == '.' && std::count(name.begin(), name.end(), '.') == 1)
    name = name.substr(defaultDialect.size() + 1);
  os << name;
  op->getName().getInfo().print(op, *this);
}

void OperationPrinter::printCustomOrGenericOp(Operation *op) {
  if (isCustom(op)) {
    printCustomOp(op);
    return;
  }
  printGenericOp(op);
}

void OperationPrinter::printGenericOpPrefix(Operation *op) {
  os << '"';
  printEscapedStringRaw(op->getName().getStringRef(), os);
  os << '"';
  os << '(';
  for (unsigned i = 0, e = op->getNumOperands(); i < e; ++i) {
    if (i)
      os << ", ";
    printValueID(op->getOperand(i));
  }
  os << ')';
  if (unsigned n = op->getNumSuccessors()) {
    os << '[';
    for (unsigned i = 0; i < n; ++i) {
      if (i)
        os << ", ";
      printBlockName(op->getSuccessor(i));
    }
    os << ']';
  }
  if (op->isRegistered() && !state.aliases->hasDictionaryAlias) {
    // The properties dictionary, printed from the property slots without
    // building it (it would print the same: dictionaries have no alias).
    ArrayRef<StringAttr> names = op->getName().getAttributeNames();
    if (names.empty())
      return;
    auto slots = op->getPropertySlots();
    std::vector<NamedAttribute> &props = propertyScratch;
    props.clear();
    for (size_t i = 0; i < names.size(); ++i)
      if (slots[i])
        props.emplace_back(names[i], slots[i]);
    if (props.empty())
      return;
    for (size_t i = 1; i < props.size(); ++i)
      if (props[i] < props[i - 1]) {
        std::stable_sort(props.begin(), props.end());
        break;
      }
    os << " <{";
    for (size_t i = 0; i < props.size(); ++i) {
      if (i)
        os << ", ";
      impl.printNamedAttribute(props[i]);
    }
    os << "}>";
    return;
  }
  if (Attribute prop = op->getPropertiesAsAttribute()) {
    os << " <";
    impl.printAttribute(prop);
    os << '>';
  }
}

void OperationPrinter::printGenericOpSuffix(Operation *op) {
  impl.printOptionalAttrDict(op->getDiscardableAttrs());
  os << " : ";
  OpAsmPrinter::printFunctionalType(op);
}

void OperationPrinter::printGenericOp(Operation *op, bool printOpName) {
  // Used by custom printers that fall back to the generic form; regions are
  // printed through printRegion (recursively).
  if (printOpName) {
    printGenericOpPrefix(op);
  } else {
    os << '(';
    for (unsigned i = 0, e = op->getNumOperands(); i < e; ++i) {
      if (i)
        os << ", ";
      printValueID(op->getOperand(i));
    }
    os << ')';
  }
  if (op->getNumRegions()) {
    os << " (";
    for (unsigned i = 0; i < op->getNumRegions(); ++i) {
      if (i)
        os << ", ";
      printRegion(op->getRegion(i), true, true, true);
    }
    os << ')';
  }
  printGenericOpSuffix(op);
}

void OperationPrinter::printBlockHeader(Block *block) {
  os.indent(currentIndent);
  printBlockName(block);
  if (!block->args_empty()) {
    os << '(';
    ValueRange args = block->getArguments();
    for (size_t i = 0; i < args.size(); ++i) {
      if (i)
        os << ", ";
      printValueID(args[i]);
      os << ": ";
      printType(args[i].getType());
      printTrailingLocation(BlockArgument(args[i]).getLoc(), /*allowAlias=*/false);
    }
    os << ')';
  }
  os << ':';
  if (!block->getParent()) {
    os << "  // block is not in a region!";
  } else if (block->hasNoPredecessors()) {
    if (!block->isEntryBlock())
      os << "  // no predecessors";
  } else if (Block *pred = block->getSinglePredecessor()) {
    os << "  // pred: ";
    printBlockName(pred);
  } else {
    std::vector<int> predIDs;
    for (Block *pred : block->getPredecessors())
      predIDs.push_back(state.ssaNameState->getBlockOrdering(pred));
    std::stable_sort(predIDs.begin(), predIDs.end());
    os << "  // " << unsigned(predIDs.size()) << " preds: ";
    for (size_t i = 0; i < predIDs.size(); ++i) {
      if (i)
        os << ", ";
      if (predIDs[i] < 0)
        os << "INVALIDBLOCK";
      else
        os << "^bb" << predIDs[i];
    }
  }
  os << '\n';
}

void OperationPrinter::printRegion(Region &region, bool printEntryBlockArgs, bool printBlockTerminators,
                                   bool printEmptyBlock) {
  if (printerFlags.shouldSkipRegions()) {
    os << "{...}";
    return;
  }
  os << "{\n";
  if (!region.empty()) {
    Operation *parent = region.getParentOp();
    std::string_view dd;
    if (auto asmInterface = parent ? dyn_cast<OpAsmOpInterface>(parent) : OpAsmOpInterface())
      dd = asmInterface.getDefaultDialect();
    defaultDialectStack.push_back(dd);
    Block *entry = &region.front();
    bool shouldAlwaysPrintBlockHeader =
        (printEmptyBlock && entry->empty()) || (printEntryBlockArgs && entry->getNumArguments() != 0);
    for (Block *block = entry; block; block = block->getNextNode()) {
      bool printHeader = block != entry || shouldAlwaysPrintBlockHeader;
      bool printTerminator = block != entry || printBlockTerminators;
      if (printHeader)
        printBlockHeader(block);
      currentIndent += indentWidth;
      bool hasTerminator = !block->empty() && block->back().hasTrait<OpTrait::IsTerminator>();
      Operation *end = (printTerminator || !hasTerminator) ? nullptr : &block->back();
      if (block->getParent() != state.parallelRegion || !printOpsInParallel(block, end)) {
        for (Operation *op = block->empty() ? nullptr : &block->front(); op != end; op = op->getNextNode()) {
          enterOp(op);
          printFullOpWithIndentAndLoc(op);
          os << '\n';
        }
      }
      currentIndent -= indentWidth;
    }
    defaultDialectStack.pop_back();
  }
  os.indent(currentIndent) << '}';
}

void OperationPrinter::printGenericIterative(Operation *root) {
  // Each frame prints one generic op; regions are walked with a cursor.
  struct Frame {
    Operation *op;
    unsigned region;
    Block *block;
    Operation *next;
    bool inRegions;
  };
  std::vector<Frame> stack;
  auto begin = [&](Operation *op) -> bool {
    // Returns true if a frame was pushed (generic op with regions to print).
    enterOp(op);
    recordLocation(op);
    os.indent(currentIndent);
    printResultList(op);
    if (isCustom(op)) {
      printCustomOp(op);
      printTrailingLocation(op);
      return false;
    }
    printGenericOpPrefix(op);
    if (op->getNumRegions() == 0 || printerFlags.shouldSkipRegions()) {
      if (op->getNumRegions()) {
        os << " (";
        for (unsigned i = 0; i < op->getNumRegions(); ++i) {
          if (i)
            os << ", ";
          os << "{...}";
        }
        os << ')';
      }
      printGenericOpSuffix(op);
      printTrailingLocation(op);
      return false;
    }
    os << " (";
    stack.push_back({op, 0, nullptr, nullptr, false});
    return true;
  };
  if (!begin(root))
    return;
  while (!stack.empty()) {
    Frame &f = stack.back();
    // Find the next op to print within f.op's regions, printing region and
    // block boundaries on the way.
    Operation *child = nullptr;
    while (!child) {
      if (f.next) {
        child = f.next;
        f.next = child->getNextNode();
        break;
      }
      if (f.block) {
        // Finished a block.
        currentIndent -= indentWidth;
        f.block = f.block->getNextNode();
        if (f.block) {
          printBlockHeader(f.block);
          currentIndent += indentWidth;
          f.next = f.block->empty() ? nullptr : &f.block->front();
          if (f.block->getParent() == state.parallelRegion && printOpsInParallel(f.block, nullptr))
            f.next = nullptr;
          continue;
        }
        // Finished the region.
        defaultDialectStack.pop_back();
        os.indent(currentIndent) << '}';
        ++f.region;
        f.inRegions = false;
      }
      if (f.region >= f.op->getNumRegions())
        break;
      // Start region f.region.
      if (f.region)
        os << ", ";
      Region &rg = f.op->getRegion(f.region);
      os << "{\n";
      if (rg.empty()) {
        os.indent(currentIndent) << '}';
        ++f.region;
        continue;
      }
      std::string_view dd;
      if (auto asmInterface = dyn_cast<OpAsmOpInterface>(f.op))
        dd = asmInterface.getDefaultDialect();
      defaultDialectStack.push_back(dd);
      f.block = &rg.front();
      f.inRegions = true;
      // Generic form prints the entry header if it has arguments or is empty.
      if (f.block->getNumArguments() != 0 || f.block->empty())
        printBlockHeader(f.block);
      currentIndent += indentWidth;
      f.next = f.block->empty() ? nullptr : &f.block->front();
      if (f.block->getParent() == state.parallelRegion && printOpsInParallel(f.block, nullptr))
        f.next = nullptr;
    }
    if (child) {
      if (!begin(child))
        os << '\n';
      continue;
    }
    // All regions printed: finish the op.
    Operation *op = f.op;
    stack.pop_back();
    os << ')';
    printGenericOpSuffix(op);
    printTrailingLocation(op);
    if (!stack.empty())
      os << '\n';
  }
}

namespace {
/// A stream appending to a string through a buffer.
class BufferedStringStream : public raw_ostream {
public:
  explicit BufferedStringStream(std::string &str) : str(str) { setBuffer(buffer, sizeof(buffer)); }
  ~BufferedStringStream() override { flush(); }

private:
  void writeImpl(const char *data, size_t size) override { str.append(data, size); }
  std::string &str;
  char buffer[16384];
};
} // namespace

bool OperationPrinter::printOpsInParallel(Block *block, Operation *end) {
  std::vector<Operation *> ops;
  for (Operation *op = block->empty() ? nullptr : &block->front(); op != end; op = op->getNextNode())
    ops.push_back(op);
  if (ops.size() < 2)
    return false;
  ThreadPool &pool = state.context->getThreadPool();
  size_t runners = size_t(pool.getThreadCount()) + 1;
  if (runners < 2)
    return false;
  // Consecutive ops per task, and tasks per wave: the output of one wave is
  // buffered, then written in order.
  size_t chunk = std::max<size_t>(1, ops.size() / (runners * 64));
  size_t numTasks = (ops.size() + chunk - 1) / chunk;
  size_t waveSize = runners * 4;

  // Per-runner printing states, handed out to tasks.
  struct WorkerState {
    std::unique_ptr<AsmStateImpl> state;
  };
  std::vector<std::unique_ptr<WorkerState>> freeStates;
  std::mutex freeMutex;
  auto acquire = [&]() -> std::unique_ptr<WorkerState> {
    {
      std::lock_guard<std::mutex> lock(freeMutex);
      if (!freeStates.empty()) {
        auto w = std::move(freeStates.back());
        freeStates.pop_back();
        return w;
      }
    }
    auto w = std::make_unique<WorkerState>();
    w->state = std::make_unique<AsmStateImpl>(state.context, printerFlags);
    w->state->aliases = state.aliases;
    w->state->ssaNameState = state.ssaNameState->cloneForWorker();
    return w;
  };
  auto release = [&](std::unique_ptr<WorkerState> w) {
    std::lock_guard<std::mutex> lock(freeMutex);
    freeStates.push_back(std::move(w));
  };
  {
    // Creating worker states clones the root numbering; do it up front.
    std::vector<std::unique_ptr<WorkerState>> initial;
    for (size_t i = 0; i < runners; ++i)
      initial.push_back(acquire());
    for (auto &w : initial)
      release(std::move(w));
  }

  std::vector<std::string> outputs(std::min(waveSize, numTasks));
  for (size_t waveBegin = 0; waveBegin < numTasks; waveBegin += waveSize) {
    size_t waveEnd = std::min(numTasks, waveBegin + waveSize);
    pool.parallelFor(waveBegin, waveEnd, [&](size_t task) {
      std::unique_ptr<WorkerState> w = acquire();
      {
        BufferedStringStream stream(outputs[task - waveBegin]);
        OperationPrinter printer(stream, *w->state);
        printer.currentIndent = currentIndent;
        printer.defaultDialectStack = defaultDialectStack;
        size_t opEnd = std::min(ops.size(), (task + 1) * chunk);
        for (size_t i = task * chunk; i < opEnd; ++i) {
          printer.enterOp(ops[i]);
          printer.printFullOpWithIndentAndLoc(ops[i]);
          stream << '\n';
        }
      }
      release(std::move(w));
    });
    for (size_t task = waveBegin; task < waveEnd; ++task) {
      std::string &out = outputs[task - waveBegin];
      os << out;
      out.clear();
    }
  }
  return true;
}

void OperationPrinter::printAffineMapOfSSAIds(AffineMapAttr mapAttr, ValueRange operands) {
  AffineMap map = mapAttr.getValue();
  unsigned numDims = map.getNumDims();
  auto printValueName = [&](unsigned pos, bool isSymbol) {
    unsigned index = isSymbol ? numDims + pos : pos;
    if (!isSymbol) {
      printValueID(operands[index]);
    } else {
      os << "symbol(";
      printValueID(operands[index]);
      os << ')';
    }
  };
  bool first = true;
  for (AffineExpr expr : map.getResults()) {
    if (!first)
      os << ", ";
    first = false;
    printAffineExpr(os, expr, printValueName);
  }
}

void OperationPrinter::printAffineExprOfSSAIds(AffineExpr expr, ValueRange dimOperands, ValueRange symOperands) {
  auto printValueName = [&](unsigned pos, bool isSymbol) {
    if (!isSymbol)
      return printValueID(dimOperands[pos]);
    os << "symbol(";
    printValueID(symOperands[pos]);
    os << ')';
  };
  printAffineExpr(os, expr, printValueName);
}

//===----------------------------------------------------------------------===//
// AsmPrinter base classes
//===----------------------------------------------------------------------===//

AsmPrinter::~AsmPrinter() = default;
OpAsmPrinter::~OpAsmPrinter() = default;
DialectAsmPrinter::~DialectAsmPrinter() = default;

void AsmPrinter::printFloat(const APFloat &value) {
  std::string s;
  printFloatValue(value, s);
  getStream() << s;
}

namespace {
/// A DialectAsmPrinter that forwards to another AsmPrinter (used to print a
/// dialect attribute or type without its prefix from any printer).
class ForwardingDialectPrinter : public DialectAsmPrinter {
public:
  explicit ForwardingDialectPrinter(AsmPrinter &p) : p(p) {}
  raw_ostream &getStream() const override { return p.getStream(); }
  void printType(Type type) override { p.printType(type); }
  void printAttribute(Attribute attr) override { p.printAttribute(attr); }
  void printAttributeWithoutType(Attribute attr) override { p.printAttributeWithoutType(attr); }
  LogicalResult printAlias(Attribute attr) override { return p.printAlias(attr); }
  LogicalResult printAlias(Type type) override { return p.printAlias(type); }
  void printFloat(const APFloat &value) override { p.printFloat(value); }
  void printResourceHandle(const Dialect &dialect, const void *handle) override { p.printResourceHandle(dialect, handle); }

private:
  AsmPrinter &p;
};
} // namespace

void AsmPrinter::printStrippedAttrOrType(Attribute attr) {
  if (succeeded(printAlias(attr)))
    return;
  if (isa<BuiltinDialect>(&attr.getDialect())) {
    printAttribute(attr);
    return;
  }
  ForwardingDialectPrinter fp(*this);
  attr.getDialect().printAttribute(attr, fp);
}

void AsmPrinter::printStrippedAttrOrType(Type type) {
  if (succeeded(printAlias(type)))
    return;
  if (isa<BuiltinDialect>(&type.getDialect())) {
    printType(type);
    return;
  }
  ForwardingDialectPrinter fp(*this);
  type.getDialect().printType(type, fp);
}

/// The attributes and types being printed through tryStartCyclicPrint on
/// this thread, innermost last.
static thread_local detail::CyclicStack cyclicPrinting;

bool AsmPrinter::pushCyclicPrinting(const void *opaque) { return cyclicPrinting.push(opaque); }

void AsmPrinter::popCyclicPrinting() { cyclicPrinting.pop(); }

void AsmPrinter::printKeywordOrString(std::string_view keyword) { detail::printKeywordOrString(keyword, getStream()); }

void AsmPrinter::printString(std::string_view string) {
  getStream() << '"';
  printEscapedStringRaw(string, getStream());
  getStream() << '"';
}

void AsmPrinter::printSymbolName(std::string_view symbolRef) { printSymbolReference(symbolRef, getStream()); }

void AsmPrinter::printResourceHandle(const Dialect &dialect, const void *handle) {
  printKeywordOrString(dialect.getResourceKey(handle));
}

DialectResourceEntry::~DialectResourceEntry() = default;
DialectResourceBuilder::~DialectResourceBuilder() = default;

void AsmPrinter::printDimensionList(ArrayRef<int64_t> shape) {
  raw_ostream &os = getStream();
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i)
      os << 'x';
    if (ShapedType::isDynamic(shape[i]))
      os << '?';
    else
      os << shape[i];
  }
}

AsmPrinter &AsmPrinter::operator<<(AffineMap m) {
  m.print(getStream());
  return *this;
}
AsmPrinter &AsmPrinter::operator<<(AffineExpr e) {
  e.print(getStream());
  return *this;
}
AsmPrinter &AsmPrinter::operator<<(IntegerSet s) {
  s.print(getStream());
  return *this;
}

void OpAsmPrinter::printFunctionalType(Operation *op) {
  raw_ostream &os = getStream();
  os << '(';
  for (unsigned i = 0, e = op->getNumOperands(); i < e; ++i) {
    if (i)
      os << ", ";
    Value v = op->getOperand(i);
    if (v)
      printType(v.getType());
    else
      os << "<<NULL TYPE>>";
  }
  os << ") -> ";
  unsigned numResults = op->getNumResults();
  bool wrapped = numResults != 1;
  if (!wrapped && isa<FunctionType>(op->getResult(0).getType()))
    wrapped = true;
  if (wrapped)
    os << '(';
  for (unsigned i = 0; i < numResults; ++i) {
    if (i)
      os << ", ";
    printType(op->getResult(i).getType());
  }
  if (wrapped)
    os << ')';
}

//===----------------------------------------------------------------------===//
// Public printing entry points
//===----------------------------------------------------------------------===//

void Type::print(raw_ostream &os) const {
  if (!*this) {
    os << "<<NULL TYPE>>";
    return;
  }
  AsmState state(getContext());
  print(os, state);
}

void Type::print(raw_ostream &os, AsmState &state) const {
  AsmPrinterImpl(os, state.getImpl()).printType(*this);
}

void Type::dump() const {
  print(errs());
  errs() << '\n';
  errs().flush();
}

void Attribute::print(raw_ostream &os, bool elideType) const {
  if (!*this) {
    os << "<<NULL ATTRIBUTE>>";
    return;
  }
  AsmState state(getContext());
  print(os, state, elideType);
}

void Attribute::print(raw_ostream &os, AsmState &state, bool elideType) const {
  AsmPrinterImpl(os, state.getImpl())
      .printAttribute(*this, elideType ? AttrTypeElision::Must : AttrTypeElision::Never);
}

void Attribute::dump() const {
  print(errs());
  errs() << '\n';
  errs().flush();
}

raw_ostream &lamina::operator<<(raw_ostream &os, Type type) {
  type.print(os);
  return os;
}

raw_ostream &lamina::operator<<(raw_ostream &os, Attribute attr) {
  attr.print(os);
  return os;
}

raw_ostream &lamina::operator<<(raw_ostream &os, Location loc) {
  loc.print(os);
  return os;
}

/// The operation whose scope numbering applies when printing `op`.
static Operation *findParent(Operation *op, bool shouldUseLocalScope) {
  do {
    // If we are printing local scope, stop at the first operation that is
    // isolated from above.
    if (shouldUseLocalScope && op->hasTrait<OpTrait::IsIsolatedFromAbove>())
      break;
    Operation *parentOp = op->getParentOp();
    if (!parentOp)
      break;
    op = parentOp;
  } while (true);
  return op;
}

void Operation::print(raw_ostream &os, const OpPrintingFlags &printerFlags) const {
  Operation *self = const_cast<Operation *>(this);
  OpPrintingFlags flags = printerFlags;
  // Print the generic form if the op does not verify (as MLIR does).
  if (!flags.shouldAssumeVerified() && !flags.shouldPrintGenericOpForm() && failed(verify(self, true)))
    flags.printGenericOpForm();
  Operation *op = findParent(self, flags.shouldUseLocalScope());
  AsmState state(op, flags);
  print(os, state);
}

namespace {
/// A stream forwarding to another one and counting the newlines written.
class LineCountingStream : public raw_ostream {
public:
  explicit LineCountingStream(raw_ostream &target) : target(target) { setBuffer(buffer, sizeof(buffer)); }
  ~LineCountingStream() override { flush(); }
  size_t lines = 0;

private:
  void writeImpl(const char *data, size_t size) override {
    for (size_t i = 0; i < size; ++i)
      lines += data[i] == '\n';
    target.write(data, size);
  }
  raw_ostream &target;
  char buffer[4096];
};
} // namespace

void Operation::print(raw_ostream &os, AsmState &state) const {
  if (state.getImpl().locationMap) {
    // Record where each op starts: count lines, print sequentially.
    LineCountingStream counting(os);
    Operation *self = const_cast<Operation *>(this);
    OperationPrinter printer(counting, state.getImpl());
    printer.linesWritten = &counting.lines;
    if (!getBlock() && !state.getPrinterFlags().shouldUseLocalScope()) {
      AsmStateImpl &impl = state.getImpl();
      impl.aliasState.initialize(self, state.getPrinterFlags(), impl);
      printer.printTopLevelOperation(self);
    } else {
      printer.printFullOpWithIndentAndLoc(self);
    }
    return;
  }
  Operation *self = const_cast<Operation *>(this);
  OperationPrinter printer(os, state.getImpl());
  if (!getBlock() && !state.getPrinterFlags().shouldUseLocalScope()) {
    AsmStateImpl &impl = state.getImpl();
    impl.aliasState.initialize(self, state.getPrinterFlags(), impl);
    // Top-level operations of the module may be printed in parallel when
    // nothing printed depends on print order.
    if (impl.context->isMultithreadingEnabled() && !impl.aliasState.hasOrderDependentAttrs)
      impl.parallelRegion = impl.ssaNameState->getLazyRegion();
    printer.printTopLevelOperation(self);
    impl.parallelRegion = nullptr;
  } else {
    printer.printFullOpWithIndentAndLoc(self);
  }
}

void Operation::dump() const {
  print(errs());
  errs() << '\n';
  errs().flush();
}

raw_ostream &lamina::operator<<(raw_ostream &os, const Operation &op) {
  op.print(os);
  return os;
}

void Value::print(raw_ostream &os) const {
  if (!impl) {
    os << "<<NULL VALUE>>";
    return;
  }
  if (Operation *op = getDefiningOp()) {
    op->print(os, OpPrintingFlags().useLocalScope());
    return;
  }
  BlockArgument arg(*this);
  os << "<block argument> of type '";
  arg.getType().print(os);
  os << "' at index: " << arg.getArgNumber();
}

void Value::print(raw_ostream &os, AsmState &state) const { printAsOperand(os, state); }

void Value::printAsOperand(raw_ostream &os, AsmState &state) const {
  state.getImpl().ssaNameState->printValueID(*this, true, os);
}

void Value::dump() const {
  print(errs());
  errs() << '\n';
  errs().flush();
}

raw_ostream &lamina::operator<<(raw_ostream &os, Value v) {
  v.print(os);
  return os;
}

void Block::print(raw_ostream &os) const {
  Operation *parentOp = getParentOp();
  if (!parentOp) {
    os << "<<UNLINKED BLOCK>>\n";
    return;
  }
  // Print the parent's scope with numbering.
  Operation *top = findParent(parentOp, true);
  AsmState state(top, OpPrintingFlags());
  OperationPrinter printer(os, state.getImpl());
  (void)printer;
  os << "<<BLOCK>>";
}

void Block::printAsOperand(raw_ostream &os, AsmState &state) const {
  state.getImpl().ssaNameState->printBlockName(const_cast<Block *>(this), os);
}

void Block::dump() const { print(errs()); }
