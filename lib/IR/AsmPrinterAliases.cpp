//===- AsmPrinterAliases.cpp - Alias collection ---------------------------===//
//
// Which attributes and types get an alias (`#map`, `!type`), with mlir-opt's
// names, numbering and order: a dry run of the printer over exactly what
// will be printed (AliasOperationPrinter), in parallel over top-level
// operations when threading is on, merged in order (AliasInitializer), then
// printed as the file's alias definitions (AliasState).
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
// Alias collection
//===----------------------------------------------------------------------===//

namespace {

/// Collects aliases over exactly what printing an operation prints
/// (MLIR's AliasInitializer + DummyAliasOperationPrinter). One compact entry
/// per distinct attribute/type visited; child lists are only kept for
/// entries that may be deferred (they are needed to undo deferral).
class AliasInitializer {
public:
  struct InProgressAliasInfo {
    const void *ptr;
    uint32_t aliasName = kNoAlias; // index into `aliasNames`
    uint32_t aliasDepth : 30;
    uint32_t isType : 1;
    uint32_t canBeDeferred : 1;
    uint32_t childBegin = 0, childCount = 0; // into `children`
    InProgressAliasInfo(const void *ptr) : ptr(ptr), aliasDepth(0), isType(0), canBeDeferred(0) {}
  };
  static constexpr uint32_t kNoAlias = ~0u;

  explicit AliasInitializer(MLIRContext *ctx) {
    for (Dialect *d : ctx->getLoadedDialects()) {
      if (!d->hasAliasHooks())
        continue;
      dialects.push_back(d);
      onlyBuiltinAliases &= isa<BuiltinDialect>(d);
    }
  }

  /// Visits an attribute/type; returns (alias depth, index).
  std::pair<size_t, size_t> visit(Attribute attr, bool canBeDeferred = false, bool elideType = false);
  std::pair<size_t, size_t> visit(Type type, bool canBeDeferred = false);

  void finish(AliasState &result);
  /// Appends what `local` collected over the operations following the ones
  /// visited here, as if this initializer had visited them itself.
  void merge(AliasInitializer &local);

  std::vector<InProgressAliasInfo> aliases;
  CompactPointerMap<const void *> aliasIndex;
  std::vector<std::string> aliasNames;
  std::vector<uint32_t> children;
  /// Scratch stack of child indices of the entries being visited.
  std::vector<uint32_t> childStack;
  bool hasOrderDependentAttrs = false;
  /// Whether any entry was ever visited as deferrable (only locations are,
  /// when printing debug info).
  bool anyDeferrable = false;
  /// Whether the builtin dialect is the only one with alias hooks: then
  /// scalar attributes and types can never be or contain an alias.
  bool onlyBuiltinAliases = true;
  /// Whether visiting `attr` / `type` can be skipped: nothing it contains
  /// can get an alias, so recording it would only cost a table entry.
  bool isAliasFreeLeaf(Attribute attr) const;
  bool isAliasFreeLeaf(Type type) const;

private:
  template <typename T> void generateAlias(T symbol, InProgressAliasInfo &alias);
  void markAliasNonDeferrable(size_t index);
  std::vector<Dialect *> dialects;
  std::string nameBuffer, tempBuffer;
};

/// Visits the nested attributes/types of one attribute/type, recording
/// child alias indices (when needed) and the maximal depth.
struct NestedVisitor {
  AliasInitializer &init;
  bool canBeDeferred;
  size_t stackBase;
  size_t maxAliasDepth = 0;
  NestedVisitor(AliasInitializer &init, bool canBeDeferred)
      : init(init), canBeDeferred(canBeDeferred), stackBase(init.childStack.size()) {}
  void record(std::pair<size_t, size_t> r) {
    if (canBeDeferred)
      init.childStack.push_back(uint32_t(r.second));
    if (r.first > maxAliasDepth)
      maxAliasDepth = r.first;
  }
  void visitAttr(Attribute a) { record(init.visit(a, canBeDeferred)); }
  void visitType(Type t) { record(init.visit(t, canBeDeferred)); }
  /// Moves the recorded children into the entry's permanent list.
  void finish(AliasInitializer::InProgressAliasInfo &info) {
    if (maxAliasDepth)
      info.aliasDepth = uint32_t(maxAliasDepth + 1);
    if (!canBeDeferred)
      return;
    info.childBegin = uint32_t(init.children.size());
    info.childCount = uint32_t(init.childStack.size() - stackBase);
    init.children.insert(init.children.end(), init.childStack.begin() + stackBase, init.childStack.end());
    init.childStack.resize(stackBase);
  }
};

/// A DialectAsmPrinter whose output is discarded; attributes and types it
/// is asked to print are visited for aliases.
class AliasDialectPrinter : public DialectAsmPrinter {
public:
  explicit AliasDialectPrinter(NestedVisitor &visitor) : visitor(visitor) {}
  raw_ostream &getStream() const override { return const_cast<raw_null_ostream &>(os); }
  void printType(Type type) override { visitor.visitType(type); }
  void printAttribute(Attribute attr) override { visitor.visitAttr(attr); }
  void printAttributeWithoutType(Attribute attr) override {
    visitor.record(visitor.init.visit(attr, visitor.canBeDeferred, /*elideType=*/true));
  }
  LogicalResult printAlias(Attribute attr) override {
    printAttribute(attr);
    return success();
  }
  LogicalResult printAlias(Type type) override {
    printType(type);
    return success();
  }
  void printFloat(const APFloat &) override {}
  /// Resources are recorded in print order, so printing cannot be split.
  void printResourceHandle(const Dialect &, const void *) override { visitor.init.hasOrderDependentAttrs = true; }

private:
  NestedVisitor &visitor;
  raw_null_ostream os;
};

} // namespace

template <typename T> void AliasInitializer::generateAlias(T symbol, InProgressAliasInfo &alias) {
  nameBuffer.clear();
  for (Dialect *d : dialects) {
    tempBuffer.clear();
    raw_string_ostream aliasOS(tempBuffer);
    AliasResult r = d->getAlias(symbol, aliasOS);
    aliasOS.flush();
    if (r == AliasResult::NoAlias)
      continue;
    nameBuffer.swap(tempBuffer);
    if (r == AliasResult::FinalAlias)
      break;
  }
  if (nameBuffer.empty())
    return;
  alias.aliasName = uint32_t(aliasNames.size());
  // A trailing digit is kept (`#test_alias0`); the suffix of a duplicate is
  // then separated by `_` (see finish).
  aliasNames.push_back(sanitizeIdentifier(nameBuffer, "$_-", /*allowTrailingDigit=*/true));
  alias.aliasDepth = 1;
}

void AliasInitializer::markAliasNonDeferrable(size_t index) {
  if (!aliases[index].canBeDeferred)
    return; // the common case: nothing to do, and no worklist to allocate
  SmallVector<size_t, 16> worklist{index};
  while (!worklist.empty()) {
    size_t i = worklist.back();
    worklist.pop_back();
    auto &info = aliases[i];
    if (!info.canBeDeferred)
      continue;
    info.canBeDeferred = false;
    for (uint32_t c = 0; c < info.childCount; ++c)
      worklist.push_back(children[info.childBegin + c]);
  }
}

bool AliasInitializer::isAliasFreeLeaf(Type type) const {
  return onlyBuiltinAliases && isa<IntegerType, IndexType, NoneType, FloatType>(type);
}

bool AliasInitializer::isAliasFreeLeaf(Attribute attr) const {
  if (!onlyBuiltinAliases)
    return false;
  if (isa<IntegerAttr, FloatAttr, UnitAttr, DenseArrayAttr, SymbolRefAttr>(attr))
    return true;
  if (auto str = dyn_cast<StringAttr>(attr))
    return isa<NoneType>(str.getType());
  return false;
}

/// The index returned for leaves that are not recorded (see visit).
static constexpr size_t kUnrecorded = ~size_t(0);

std::pair<size_t, size_t> AliasInitializer::visit(Attribute attr, bool canBeDeferred, bool elideType) {
  // A null attribute (which an attribute read from bytecode may hold) is
  // printed as `<<NULL ATTRIBUTE>>`: it has nothing to alias.
  if (!attr)
    return {0, kUnrecorded};
  // Leaves that cannot alias are not recorded, unless a deferrable parent
  // needs them in its child list.
  if (!canBeDeferred && isAliasFreeLeaf(attr))
    return {0, kUnrecorded};
  auto [slot, inserted] = aliasIndex.insert(attr.getAsOpaquePointer(), uint32_t(aliases.size()));
  if (!inserted) {
    size_t idx = *slot;
    if (!canBeDeferred)
      markAliasNonDeferrable(idx);
    return {size_t(aliases[idx].aliasDepth), idx};
  }
  size_t idx = aliases.size();
  aliases.emplace_back(attr.getAsOpaquePointer());
  generateAlias(attr, aliases[idx]);
  aliases[idx].isType = false;
  aliases[idx].canBeDeferred = canBeDeferred;
  anyDeferrable |= canBeDeferred;
  if (isa<DenseResourceElementsAttr>(attr))
    hasOrderDependentAttrs = true;

  NestedVisitor v(*this, canBeDeferred);
  if (!isa<BuiltinDialect>(&attr.getDialect()) && !isa<OpaqueAttr>(attr)) {
    AliasDialectPrinter printer(v);
    attr.getDialect().printAttribute(attr, printer);
  } else if (isa<AffineMapAttr, DenseArrayAttr, FloatAttr, IntegerAttr, IntegerSetAttr, UnitAttr>(attr)) {
    // Nothing nested is printed through aliases (and the type is elided or
    // printed inline), as in MLIR.
    v.finish(aliases[idx]);
    return {size_t(aliases[idx].aliasDepth), idx};
  } else if (auto distinct = dyn_cast<DistinctAttr>(attr)) {
    hasOrderDependentAttrs = true;
    v.visitAttr(distinct.getReferencedAttr());
  } else if (auto dict = dyn_cast<DictionaryAttr>(attr)) {
    for (const NamedAttribute &na : dict.getValue()) {
      v.visitAttr(na.getName());
      v.visitAttr(na.getValue());
    }
  } else if (auto array = dyn_cast<ArrayAttr>(attr)) {
    for (Attribute a : array.getValue())
      v.visitAttr(a);
  } else if (auto typeAttr = dyn_cast<TypeAttr>(attr)) {
    v.visitType(typeAttr.getValue());
  } else if (auto o = dyn_cast<OpaqueLoc>(attr)) {
    v.visitAttr(o.getFallbackLocation());
  } else if (auto n = dyn_cast<NameLoc>(attr)) {
    if (!isa<UnknownLoc>(n.getChildLoc()))
      v.visitAttr(n.getChildLoc());
  } else if (auto c = dyn_cast<CallSiteLoc>(attr)) {
    v.visitAttr(c.getCallee());
    v.visitAttr(c.getCaller());
  } else if (auto fu = dyn_cast<FusedLoc>(attr)) {
    if (Attribute metadata = fu.getMetadata())
      v.visitAttr(metadata);
    for (LocationAttr l : fu.getLocations())
      v.visitAttr(l);
  }
  if (!elideType) {
    if (auto typed = dyn_cast<TypedAttr>(attr)) {
      Type t = typed.getType();
      if (!isa<NoneType>(t))
        v.visitType(t);
    }
  }
  v.finish(aliases[idx]);
  return {size_t(aliases[idx].aliasDepth), idx};
}

std::pair<size_t, size_t> AliasInitializer::visit(Type type, bool canBeDeferred) {
  if (!type)
    return {0, kUnrecorded};
  if (!canBeDeferred && isAliasFreeLeaf(type))
    return {0, kUnrecorded};
  auto [slot, inserted] = aliasIndex.insert(type.getAsOpaquePointer(), uint32_t(aliases.size()));
  if (!inserted) {
    size_t idx = *slot;
    if (!canBeDeferred)
      markAliasNonDeferrable(idx);
    return {size_t(aliases[idx].aliasDepth), idx};
  }
  size_t idx = aliases.size();
  aliases.emplace_back(type.getAsOpaquePointer());
  generateAlias(type, aliases[idx]);
  aliases[idx].isType = true;
  aliases[idx].canBeDeferred = canBeDeferred;
  anyDeferrable |= canBeDeferred;

  NestedVisitor v(*this, canBeDeferred);
  if (!isa<BuiltinDialect>(&type.getDialect())) {
    AliasDialectPrinter printer(v);
    type.getDialect().printType(type, printer);
  } else if (auto memref = dyn_cast<MemRefType>(type)) {
    v.visitType(memref.getElementType());
    Attribute layout = memref.getLayout();
    if (!isa<AffineMapAttr>(layout) || !cast<AffineMapAttr>(layout).getValue().isIdentity())
      v.visitAttr(layout);
    if (Attribute ms = memref.getMemorySpace())
      v.visitAttr(ms);
  } else if (!isa<IntegerType, IndexType, NoneType, FloatType>(type)) {
    type.walkImmediateSubElements([&](Attribute a) { v.visitAttr(a); }, [&](Type t) { v.visitType(t); });
  }
  v.finish(aliases[idx]);
  return {size_t(aliases[idx].aliasDepth), idx};
}

void AliasInitializer::merge(AliasInitializer &local) {
  // Entries already known here were visited with everything they contain,
  // so the new ones keep their relative order. An entry can be deferred
  // only if no visit anywhere forbids it.
  hasOrderDependentAttrs |= local.hasOrderDependentAttrs;
  if (!anyDeferrable && !local.anyDeferrable) {
    // Nothing is deferrable, so no child lists are kept and nothing needs
    // marking: only entries that get an alias matter here (the others were
    // just memoization for the local walk). Skipping them keeps this
    // sequential step from touching every attribute of the module.
    for (InProgressAliasInfo &li : local.aliases) {
      if (li.aliasName == kNoAlias)
        continue;
      auto [slot, inserted] = aliasIndex.insert(li.ptr, uint32_t(aliases.size()));
      (void)slot;
      if (!inserted)
        continue;
      InProgressAliasInfo info = li;
      info.childBegin = info.childCount = 0;
      info.aliasName = uint32_t(aliasNames.size());
      aliasNames.push_back(std::move(local.aliasNames[li.aliasName]));
      aliases.push_back(info);
    }
    return;
  }
  anyDeferrable |= local.anyDeferrable;
  size_t firstNew = aliases.size();
  std::vector<uint32_t> map(local.aliases.size());
  for (size_t i = 0; i < local.aliases.size(); ++i) {
    InProgressAliasInfo &li = local.aliases[i];
    auto [slot, inserted] = aliasIndex.insert(li.ptr, uint32_t(aliases.size()));
    map[i] = *slot;
    if (!inserted)
      continue;
    InProgressAliasInfo info = li;
    info.childBegin = info.childCount = 0;
    if (li.aliasName != kNoAlias) {
      info.aliasName = uint32_t(aliasNames.size());
      aliasNames.push_back(std::move(local.aliasNames[li.aliasName]));
    }
    aliases.push_back(info);
  }
  for (size_t i = 0; i < local.aliases.size(); ++i) {
    InProgressAliasInfo &li = local.aliases[i];
    if (map[i] >= firstNew) {
      InProgressAliasInfo &info = aliases[map[i]];
      if (li.canBeDeferred && li.childCount) {
        info.childBegin = uint32_t(children.size());
        info.childCount = li.childCount;
        for (uint32_t c = 0; c < li.childCount; ++c)
          children.push_back(map[local.children[li.childBegin + c]]);
      }
    } else if (!li.canBeDeferred) {
      markAliasNonDeferrable(map[i]);
    }
  }
}

void AliasInitializer::finish(AliasState &result) {
  std::vector<size_t> order;
  for (size_t i = 0; i < aliases.size(); ++i)
    if (aliases[i].aliasName != kNoAlias)
      order.push_back(i);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    const auto &l = aliases[a], &r = aliases[b];
    if (l.aliasDepth != r.aliasDepth)
      return l.aliasDepth < r.aliasDepth;
    if (l.isType != r.isType)
      return bool(l.isType);
    return aliasNames[l.aliasName] < aliasNames[r.aliasName];
  });
  std::unordered_map<std::string, unsigned> nameCounts;
  std::unordered_map<std::string, bool> usedAliases;
  for (size_t i : order) {
    auto &info = aliases[i];
    const std::string &alias = aliasNames[info.aliasName];
    unsigned nameIndex = 0;
    if (!usedAliases.count(alias)) {
      usedAliases[alias] = true;
    } else {
      std::string probeAlias = alias;
      if (isDigitChar(alias.back()))
        probeAlias.push_back('_');
      if (nameCounts[probeAlias] == 0)
        nameCounts[probeAlias] = 1;
      while (true) {
        nameIndex = nameCounts[probeAlias]++;
        std::string candidate = probeAlias + std::to_string(nameIndex);
        if (!usedAliases.count(candidate)) {
          usedAliases[candidate] = true;
          break;
        }
      }
    }
    result.nameStorage.push_back(std::make_unique<std::string>(alias));
    SymbolAlias sa;
    sa.name = *result.nameStorage.back();
    sa.suffixIndex = nameIndex;
    sa.isType = info.isType;
    sa.canBeDeferred = info.canBeDeferred;
    if (!info.isType && isa<DictionaryAttr>(Attribute::getFromOpaquePointer(info.ptr)))
      result.hasDictionaryAlias = true;
    result.index.insert(info.ptr, unsigned(result.aliases.size()));
    result.aliases.emplace_back(info.ptr, sa);
  }
}

namespace {
/// An OpAsmPrinter that prints nothing and visits what would be printed
/// for aliases (MLIR's DummyAliasOperationPrinter).
class AliasOperationPrinter : public OpAsmPrinter {
public:
  AliasOperationPrinter(const OpPrintingFlags &flags, AliasInitializer &init) : printerFlags(flags), init(init) {}

  raw_ostream &getStream() const override { return const_cast<raw_null_ostream &>(os); }
  void printType(Type type) override { init.visit(type); }
  void printAttribute(Attribute attr) override { init.visit(attr); }
  void printAttributeWithoutType(Attribute attr) override { init.visit(attr, false, /*elideType=*/true); }
  LogicalResult printAlias(Attribute attr) override {
    printAttribute(attr);
    return success();
  }
  LogicalResult printAlias(Type type) override {
    printType(type);
    return success();
  }
  void printFloat(const APFloat &) override {}
  void printResourceHandle(const Dialect &, const void *) override { init.hasOrderDependentAttrs = true; }

  void printOperand(Value) override {}
  void printOperand(Value, raw_ostream &) override {}
  void printSuccessor(Block *) override {}
  void printSuccessorAndUseList(Block *, ValueRange succOperands) override {
    for (Value v : succOperands)
      printType(v.getType());
  }
  void printOptionalAttrDict(ArrayRef<NamedAttribute> attrs, ArrayRef<std::string_view> elidedAttrs) override {
    for (const NamedAttribute &a : attrs) {
      bool elided = false;
      for (std::string_view e : elidedAttrs)
        if (a.getNameStr() == e)
          elided = true;
      if (!elided)
        printAttribute(a.getValue());
    }
  }
  void printOptionalAttrDictWithKeyword(ArrayRef<NamedAttribute> attrs,
                                        ArrayRef<std::string_view> elidedAttrs) override {
    printOptionalAttrDict(attrs, elidedAttrs);
  }
  /// The location counts as printed whether or not debug info is printed
  /// (as MLIR's DummyAliasOperationPrinter).
  void printOptionalLocationSpecifier(Location loc) override { printAttribute(Attribute(LocationAttr(loc))); }
  void printNewline() override {}
  void increaseIndent() override {}
  void decreaseIndent() override {}
  void printAffineMapOfSSAIds(AffineMapAttr, ValueRange) override {}
  void printAffineExprOfSSAIds(AffineExpr, ValueRange, ValueRange) override {}
  void printProperties(Attribute props) override {
    if (props)
      printAttribute(props);
  }
  void shadowRegionArgs(Region &, ValueRange) override {}
  Attribute *getPrintingCacheSlot(const void *key) override { return &printingCache[key]; }

  void printRegionArgument(BlockArgument arg, ArrayRef<NamedAttribute> argAttrs, bool omitType) override {
    printType(arg.getType());
    if (printerFlags.shouldPrintDebugInfo())
      init.visit(Attribute(LocationAttr(arg.getLoc())), /*canBeDeferred=*/false);
  }

  void printCustomOrGenericOp(Operation *op) override;
  void printGenericOp(Operation *op, bool printOpName = true) override;
  void printRegion(Region &region, bool printEntryBlockArgs, bool printBlockTerminators,
                   bool printEmptyBlock) override;
  void printBlock(Block *block, bool printBlockArgs, bool printBlockTerminator);

  /// Walks `root` without recursion on generic region nesting.
  void run(Operation *root);

  /// The region whose operations are visited in parallel (and the context
  /// whose thread pool runs them).
  Region *parallelRegion = nullptr;
  MLIRContext *context = nullptr;

private:
  /// Visits the ops of `block` before `end` in parallel (through run() if
  /// `iterative`); returns false (visiting nothing) if not worthwhile.
  bool visitOpsInParallel(Block *block, Operation *end, bool iterative);
  /// Visits the parts of a generic op other than its regions.
  void visitGenericOpTail(Operation *op);
  const OpPrintingFlags &printerFlags;
  AliasInitializer &init;
  raw_null_ostream os;
  PointerMap<const void *, Attribute> printingCache;
};
} // namespace

/// Attributes (inherent and discardable) of `op` as MLIR's getAttrs()
/// returns them: merged and sorted by name.
static void getMergedAttrs(Operation *op, SmallVectorImpl<NamedAttribute> &out) {
  out.clear();
  ArrayRef<NamedAttribute> discardable = op->getDiscardableAttrs();
  if (op->isRegistered()) {
    ArrayRef<StringAttr> names = op->getName().getAttributeNames();
    auto slots = op->getPropertySlots();
    for (size_t i = 0; i < names.size(); ++i)
      if (slots[i])
        out.emplace_back(names[i], slots[i]);
  } else if (auto dict = dyn_cast_or_null<DictionaryAttr>(op->getPropertiesAsAttribute())) {
    out.insert(out.end(), dict.begin(), dict.end());
  }
  if (out.empty()) {
    out.assign(discardable.begin(), discardable.end());
    return;
  }
  out.append(discardable.begin(), discardable.end());
  if (out.size() > 32) {
    std::stable_sort(out.begin(), out.end());
    return;
  }
  // Insertion sort (stable, no buffer) for the usual short lists.
  for (size_t i = 1; i < out.size(); ++i) {
    NamedAttribute a = out[i];
    size_t j = i;
    for (; j > 0 && a < out[j - 1]; --j)
      out[j] = out[j - 1];
    out[j] = a;
  }
}

void AliasOperationPrinter::visitGenericOpTail(Operation *op) {
  for (Value v : op->getOperands())
    printType(v.getType());
  for (unsigned i = 0, e = op->getNumResults(); i < e; ++i)
    printType(op->getResult(i).getType());
  SmallVector<NamedAttribute, 16> attrs;
  getMergedAttrs(op, attrs);
  for (const NamedAttribute &a : attrs)
    printAttribute(a.getValue());
}

void AliasOperationPrinter::printCustomOrGenericOp(Operation *op) {
  if (printerFlags.shouldPrintDebugInfo())
    init.visit(Attribute(LocationAttr(op->getLoc())), /*canBeDeferred=*/true);
  if (!printerFlags.shouldPrintGenericOpForm() && op->isRegistered() && op->getName().getInfo().print) {
    op->getName().getInfo().print(op, *this);
    return;
  }
  printGenericOp(op);
}

void AliasOperationPrinter::printGenericOp(Operation *op, bool) {
  if (!printerFlags.shouldSkipRegions())
    for (Region &region : op->getRegions())
      printRegion(region, true, true, false);
  visitGenericOpTail(op);
}

void AliasOperationPrinter::printRegion(Region &region, bool printEntryBlockArgs, bool printBlockTerminators,
                                        bool) {
  if (region.empty() || printerFlags.shouldSkipRegions())
    return;
  printBlock(&region.front(), printEntryBlockArgs, printBlockTerminators);
  for (Block *b = region.front().getNextNode(); b; b = b->getNextNode())
    printBlock(b, true, true);
}

void AliasOperationPrinter::printBlock(Block *block, bool printBlockArgs, bool printBlockTerminator) {
  if (printBlockArgs) {
    for (Value arg : block->getArguments()) {
      printType(arg.getType());
      if (printerFlags.shouldPrintDebugInfo())
        init.visit(Attribute(LocationAttr(BlockArgument(arg).getLoc())), /*canBeDeferred=*/false);
    }
  }
  bool hasTerminator = !block->empty() && block->back().hasTrait<OpTrait::IsTerminator>();
  Operation *end = (!hasTerminator || printBlockTerminator) ? nullptr : &block->back();
  if (block->getParent() == parallelRegion && visitOpsInParallel(block, end, /*iterative=*/false))
    return;
  for (Operation *op = block->empty() ? nullptr : &block->front(); op != end; op = op->getNextNode())
    printCustomOrGenericOp(op);
}

bool AliasOperationPrinter::visitOpsInParallel(Block *block, Operation *end, bool iterative) {
  std::vector<Operation *> ops;
  for (Operation *op = block->empty() ? nullptr : &block->front(); op != end; op = op->getNextNode())
    ops.push_back(op);
  if (ops.size() < 2)
    return false;
  ThreadPool &pool = context->getThreadPool();
  size_t runners = size_t(pool.getThreadCount()) + 1;
  if (runners < 2)
    return false;
  size_t chunk = std::max<size_t>(1, ops.size() / (runners * 64));
  size_t numTasks = (ops.size() + chunk - 1) / chunk;
  size_t waveSize = runners * 4;
  std::vector<std::unique_ptr<AliasInitializer>> results(std::min(waveSize, numTasks));
  for (size_t waveBegin = 0; waveBegin < numTasks; waveBegin += waveSize) {
    size_t waveEnd = std::min(numTasks, waveBegin + waveSize);
    pool.parallelFor(waveBegin, waveEnd, [&](size_t task) {
      auto local = std::make_unique<AliasInitializer>(context);
      AliasOperationPrinter printer(printerFlags, *local);
      size_t opEnd = std::min(ops.size(), (task + 1) * chunk);
      for (size_t i = task * chunk; i < opEnd; ++i) {
        if (iterative)
          printer.run(ops[i]);
        else
          printer.printCustomOrGenericOp(ops[i]);
      }
      results[task - waveBegin] = std::move(local);
    });
    for (size_t task = waveBegin; task < waveEnd; ++task) {
      init.merge(*results[task - waveBegin]);
      results[task - waveBegin].reset();
    }
  }
  return true;
}

void AliasOperationPrinter::run(Operation *root) {
  // Generic printing visits, per op: its location, its regions (blocks:
  // argument types/locations, then nested ops), then its own types and
  // attributes. Do the same with an explicit stack for generic ops; custom
  // ops go through their print hook (which may recurse).
  struct Frame {
    Operation *op;
    unsigned region;
    Block *block;
    Operation *next;
    bool started;
  };
  bool generic = printerFlags.shouldPrintGenericOpForm();
  auto isCustom = [&](Operation *op) { return !generic && op->isRegistered() && op->getName().getInfo().print; };
  std::vector<Frame> stack;
  auto enter = [&](Operation *op) {
    if (printerFlags.shouldPrintDebugInfo())
      init.visit(Attribute(LocationAttr(op->getLoc())), /*canBeDeferred=*/true);
    if (isCustom(op)) {
      op->getName().getInfo().print(op, *this);
      return;
    }
    stack.push_back({op, 0, nullptr, nullptr, false});
  };
  enter(root);
  while (!stack.empty()) {
    Frame &f = stack.back();
    if (printerFlags.shouldSkipRegions()) {
      Operation *op = f.op;
      stack.pop_back();
      visitGenericOpTail(op);
      continue;
    }
    // Advance to the next op to visit inside f.op's regions.
    Operation *child = nullptr;
    while (!child) {
      if (f.next) {
        child = f.next;
        f.next = child->getNextNode();
        break;
      }
      if (!f.block) {
        if (f.started)
          ++f.region;
        f.started = true;
        if (f.region >= f.op->getNumRegions())
          break;
        Region &rg = f.op->getRegion(f.region);
        if (rg.empty())
          continue;
        f.block = &rg.front();
      } else {
        f.block = f.block->getNextNode();
        if (!f.block)
          continue;
      }
      for (Value arg : f.block->getArguments()) {
        printType(arg.getType());
        if (printerFlags.shouldPrintDebugInfo())
          init.visit(Attribute(LocationAttr(BlockArgument(arg).getLoc())), /*canBeDeferred=*/false);
      }
      f.next = f.block->empty() ? nullptr : &f.block->front();
      if (f.block->getParent() == parallelRegion && visitOpsInParallel(f.block, nullptr, /*iterative=*/true))
        f.next = nullptr;
    }
    if (child) {
      enter(child);
      continue;
    }
    Operation *op = f.op;
    stack.pop_back();
    visitGenericOpTail(op);
  }
}

void AliasState::initialize(Operation *op, const OpPrintingFlags &flags, AsmStateImpl &state) {
  AliasInitializer init(op->getContext());
  AliasOperationPrinter printer(flags, init);
  // The operations of a module are visited in parallel; merging the results
  // in order gives what a sequential visit gives.
  if (state.context->isMultithreadingEnabled() && op->getNumRegions() == 1) {
    printer.parallelRegion = &op->getRegion(0);
    printer.context = state.context;
  }
  printer.run(op);
  init.finish(*this);
  hasOrderDependentAttrs = init.hasOrderDependentAttrs;
  (void)state;
}

void AliasState::printAliases(AsmPrinterImpl &p, bool isDeferred) {
  for (auto &[opaque, alias] : aliases) {
    if (alias.canBeDeferred != isDeferred)
      continue;
    alias.print(p.os);
    p.os << " = ";
    if (alias.isType) {
      p.printTypeImpl(Type::getFromOpaquePointer(opaque));
      // Only from now on: a type that contains itself (a mutable one)
      // spells itself out inside its own definition, as in MLIR.
      alias.isPrinted = true;
    } else {
      p.printAttributeImpl(Attribute::getFromOpaquePointer(opaque));
    }
    p.os << '\n';
  }
}
