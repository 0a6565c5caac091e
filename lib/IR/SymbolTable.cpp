//===- SymbolTable.cpp - Symbols, symbol tables and symbol uses -----------===//
#include "lamina/IR/SymbolTable.h"

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/Threading.h"
#include "lamina/Support/DenseMap.h"

#include <algorithm>

using namespace lamina;

/// An unregistered op with one region might be a symbol table we know
/// nothing about.
static bool isPotentiallyUnknownSymbolTable(Operation *op) {
  return op->getNumRegions() == 1 && !op->getDialect();
}

static StringAttr getNameIfSymbol(Operation *op) {
  return op->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
}

//===----------------------------------------------------------------------===//
// SymbolTable
//===----------------------------------------------------------------------===//

SymbolTable::SymbolTable(Operation *symbolTableOp) : symbolTableOp(symbolTableOp) {
  assert(symbolTableOp->hasTrait<OpTrait::SymbolTable>() && "expected a symbol table operation");
  assert(symbolTableOp->getNumRegions() == 1 && symbolTableOp->getRegion(0).hasOneBlock() &&
         "expected a symbol table with one region and one block");
  for (Operation &op : symbolTableOp->getRegion(0).front())
    if (StringAttr name = getNameIfSymbol(&op))
      symbols.emplace(name.getAsOpaquePointer(), &op);
}

Operation *SymbolTable::lookup(std::string_view name) const {
  return lookup(StringAttr::get(symbolTableOp->getContext(), name));
}

Operation *SymbolTable::lookup(StringAttr name) const {
  auto it = symbols.find(name.getAsOpaquePointer());
  return it == symbols.end() ? nullptr : it->second;
}

void SymbolTable::remove(Operation *op) {
  StringAttr name = getNameIfSymbol(op);
  assert(name && "expected a symbol");
  auto it = symbols.find(name.getAsOpaquePointer());
  if (it != symbols.end() && it->second == op)
    symbols.erase(it);
}

void SymbolTable::erase(Operation *op) {
  remove(op);
  op->erase();
}

StringAttr SymbolTable::insert(Operation *symbol, Block::iterator insertPt) {
  if (!symbol->getParentOp()) {
    Block &body = symbolTableOp->getRegion(0).front();
    if (insertPt == Block::iterator())
      insertPt = body.end();
    // Insert before the terminator, if any.
    if (insertPt == body.end() && !body.empty() && body.back().hasTrait<OpTrait::IsTerminator>())
      insertPt = Block::iterator(&body.back());
    body.insert(insertPt, symbol);
  }
  assert(symbol->getParentOp() == symbolTableOp && "symbol is already inserted in another op");
  StringAttr name = getSymbolName(symbol);
  auto [it, inserted] = symbols.emplace(name.getAsOpaquePointer(), symbol);
  if (inserted || it->second == symbol)
    return name;
  // Uniquify as `name_N`.
  MLIRContext *ctx = symbol->getContext();
  std::string candidate;
  while (true) {
    candidate = std::string(name.getValue()) + "_" + std::to_string(uniquingCounter++);
    StringAttr attr = StringAttr::get(ctx, candidate);
    if (symbols.emplace(attr.getAsOpaquePointer(), symbol).second)
      break;
  }
  setSymbolName(symbol, candidate);
  return getSymbolName(symbol);
}

StringAttr SymbolTable::getSymbolName(Operation *symbol) {
  StringAttr name = getNameIfSymbol(symbol);
  assert(name && "expected a symbol");
  return name;
}

void SymbolTable::setSymbolName(Operation *symbol, StringAttr name) {
  symbol->setAttr(getSymbolAttrName(), name);
}

void SymbolTable::setSymbolName(Operation *symbol, std::string_view name) {
  setSymbolName(symbol, StringAttr::get(symbol->getContext(), name));
}

SymbolTable::Visibility SymbolTable::getSymbolVisibility(Operation *symbol) {
  auto vis = symbol->getAttrOfType<StringAttr>(getVisibilityAttrName());
  if (!vis)
    return Visibility::Public;
  if (vis.getValue() == "private")
    return Visibility::Private;
  if (vis.getValue() == "nested")
    return Visibility::Nested;
  return Visibility::Public;
}

void SymbolTable::setSymbolVisibility(Operation *symbol, Visibility vis) {
  MLIRContext *ctx = symbol->getContext();
  if (vis == Visibility::Public) {
    symbol->removeAttr(getVisibilityAttrName());
    return;
  }
  symbol->setAttr(getVisibilityAttrName(), StringAttr::get(ctx, vis == Visibility::Private ? "private" : "nested"));
}

Operation *SymbolTable::getNearestSymbolTable(Operation *from) {
  // `from` itself may be an unknown op: only its ancestors are checked (an
  // ml_program.global_store inside an unregistered op's region looks its
  // global up from that op, and mlir-opt 22 finds it).
  while (!from->hasTrait<OpTrait::SymbolTable>()) {
    from = from->getParentOp();
    if (!from || isPotentiallyUnknownSymbolTable(from))
      return nullptr;
  }
  return from;
}

Operation *SymbolTable::lookupSymbolIn(Operation *symbolTableOp, StringAttr symbol) {
  if (symbolTableOp->getNumRegions() == 0)
    return nullptr;
  Region &region = symbolTableOp->getRegion(0);
  if (region.empty())
    return nullptr;
  for (Operation &op : region.front())
    if (Attribute(getNameIfSymbol(&op)) == Attribute(symbol))
      return &op;
  return nullptr;
}

Operation *SymbolTable::lookupSymbolIn(Operation *symbolTableOp, std::string_view symbol) {
  return lookupSymbolIn(symbolTableOp, StringAttr::get(symbolTableOp->getContext(), symbol));
}

/// Resolves `symbol` from `symbolTableOp` with `lookupFn` for each step.
static LogicalResult lookupSymbolInImpl(Operation *symbolTableOp, SymbolRefAttr symbol,
                                        std::vector<Operation *> &symbols,
                                        function_ref<Operation *(Operation *, StringAttr)> lookupFn) {
  symbolTableOp = lookupFn(symbolTableOp, symbol.getRootReference());
  if (!symbolTableOp)
    return failure();
  symbols.push_back(symbolTableOp);
  ArrayRef<FlatSymbolRefAttr> nested = symbol.getNestedReferences();
  if (nested.empty())
    return success();
  if (!symbolTableOp->hasTrait<OpTrait::SymbolTable>())
    return failure();
  for (size_t i = 0; i + 1 < nested.size(); ++i) {
    symbolTableOp = lookupFn(symbolTableOp, nested[i].getAttr());
    if (!symbolTableOp || !symbolTableOp->hasTrait<OpTrait::SymbolTable>())
      return failure();
    symbols.push_back(symbolTableOp);
  }
  symbols.push_back(lookupFn(symbolTableOp, symbol.getLeafReference()));
  return success(symbols.back() != nullptr);
}

LogicalResult SymbolTable::lookupSymbolIn(Operation *symbolTableOp, SymbolRefAttr symbol,
                                          std::vector<Operation *> &symbols) {
  return lookupSymbolInImpl(symbolTableOp, symbol, symbols,
                            [](Operation *op, StringAttr name) { return lookupSymbolIn(op, name); });
}

Operation *SymbolTable::lookupSymbolIn(Operation *symbolTableOp, SymbolRefAttr symbol) {
  std::vector<Operation *> resolved;
  if (failed(lookupSymbolIn(symbolTableOp, symbol, resolved)))
    return nullptr;
  return resolved.back();
}

Operation *SymbolTable::lookupNearestSymbolFrom(Operation *from, StringAttr symbol) {
  Operation *table = getNearestSymbolTable(from);
  return table ? lookupSymbolIn(table, symbol) : nullptr;
}

Operation *SymbolTable::lookupNearestSymbolFrom(Operation *from, SymbolRefAttr symbol) {
  Operation *table = getNearestSymbolTable(from);
  return table ? lookupSymbolIn(table, symbol) : nullptr;
}

//===----------------------------------------------------------------------===//
// Symbol uses
//===----------------------------------------------------------------------===//

/// Calls `callback` on every op nested in `regions`, not entering nested
/// symbol tables, in MLIR's order: regions are taken from the back of a
/// worklist (the last region first), each region's ops in order, pushing
/// their regions. Stops at the first result other than `advance` (nullopt
/// included) and returns it.
static std::optional<WalkResult> walkSymbolTable(MutableArrayRef<Region> regions,
                                                 function_ref<std::optional<WalkResult>(Operation *)> callback) {
  std::vector<Region *> worklist;
  for (Region &region : regions)
    worklist.push_back(&region);
  while (!worklist.empty()) {
    Region *region = worklist.back();
    worklist.pop_back();
    for (Block &block : *region) {
      for (Operation &op : block) {
        std::optional<WalkResult> result = callback(&op);
        if (!result || !(*result == WalkResult::advance()))
          return result;
        if (!op.hasTrait<OpTrait::SymbolTable>())
          for (Region &nested : op.getRegions())
            worklist.push_back(&nested);
      }
    }
  }
  return WalkResult::advance();
}

/// Whether `attr` may hold a symbol reference: it is one, or it has nested
/// attributes.
static bool mayHoldSymbolRef(Attribute attr) {
  if (!attr)
    return false;
  if (isa<SymbolRefAttr>(attr))
    return true;
  bool hasSubAttrs = false;
  attr.walkImmediateSubElements([&](Attribute) { hasSubAttrs = true; }, [](Type) {});
  return hasSubAttrs;
}

/// Calls `callback` on every SymbolRefAttr nested in the attributes of `op`
/// (MLIR walks the attribute dictionary in pre-order, each distinct
/// attribute once, not entering symbol references).
static void walkSymbolRefs(Operation *op, function_ref<void(SymbolRefAttr)> callback) {
  // Most ops hold only leaf attributes: no dictionary to build.
  bool mayHold = false;
  for (Attribute attr : op->getPropertySlots())
    mayHold |= mayHoldSymbolRef(attr);
  for (const NamedAttribute &attr : op->getDiscardableAttrs())
    mayHold |= mayHoldSymbolRef(attr.getValue());
  if (!mayHold)
    return;

  SmallVector<Attribute, 16> worklist;
  PointerMap<const void *, bool> seen;
  SmallVector<Attribute, 8> children;
  if (op->isRegistered()) {
    // The dictionary's order (inherent and discardable attributes sorted by
    // name, stably, as DictionaryAttr::get sorts them) without uniquing a
    // dictionary for each call op.
    SmallVector<NamedAttribute, 8> attrs;
    ArrayRef<StringAttr> names = op->getName().getAttributeNames();
    MutableArrayRef<Attribute> slots = op->getPropertySlots();
    for (size_t i = 0; i < names.size(); ++i)
      if (slots[i])
        attrs.emplace_back(names[i], slots[i]);
    for (const NamedAttribute &attr : op->getDiscardableAttrs())
      attrs.push_back(attr);
    std::stable_sort(attrs.begin(), attrs.end());
    for (const NamedAttribute &attr : attrs)
      worklist.push_back(attr.getValue());
  } else {
    for (const NamedAttribute &attr : op->getAttrs())
      worklist.push_back(attr.getValue());
  }
  // Pre-order: the first attribute of the dictionary first.
  std::reverse(worklist.begin(), worklist.end());
  while (!worklist.empty()) {
    Attribute attr = worklist.back();
    worklist.pop_back();
    if (!attr || !seen.insert(attr.getAsOpaquePointer(), true).second)
      continue;
    if (auto ref = dyn_cast<SymbolRefAttr>(attr)) {
      callback(ref);
      continue;
    }
    children.clear();
    attr.walkImmediateSubElements([&](Attribute sub) { children.push_back(sub); }, [](Type) {});
    for (size_t i = children.size(); i-- > 0;)
      worklist.push_back(children[i]);
  }
}

std::optional<std::vector<SymbolTable::SymbolUse>> SymbolTable::getSymbolUses(Operation *from) {
  // As mlir-opt 22: `from` itself may be an unknown symbol table, and its
  // own attributes hold uses unless it is a symbol table (a new scope).
  if (isPotentiallyUnknownSymbolTable(from))
    return std::nullopt;
  std::vector<SymbolUse> uses;
  if (!from->hasTrait<OpTrait::SymbolTable>())
    walkSymbolRefs(from, [&](SymbolRefAttr ref) { uses.emplace_back(from, ref); });
  auto result = walkSymbolTable(from->getRegions(), [&](Operation *op) -> std::optional<WalkResult> {
    if (isPotentiallyUnknownSymbolTable(op))
      return std::nullopt;
    walkSymbolRefs(op, [&](SymbolRefAttr ref) { uses.emplace_back(op, ref); });
    return WalkResult::advance();
  });
  if (!result)
    return std::nullopt;
  return uses;
}

std::optional<std::vector<SymbolTable::SymbolUse>> SymbolTable::getSymbolUses(StringAttr symbol,
                                                                             Operation *from) {
  auto all = getSymbolUses(from);
  if (!all)
    return std::nullopt;
  std::vector<SymbolUse> uses;
  for (const SymbolUse &use : *all)
    if (Attribute(use.getSymbolRef().getRootReference()) == Attribute(symbol))
      uses.push_back(use);
  return uses;
}

bool SymbolTable::symbolKnownUseEmpty(StringAttr symbol, Operation *from) {
  auto uses = getSymbolUses(symbol, from);
  return uses && uses->empty();
}

void SymbolTable::walkSymbolTables(Operation *op, bool allSymUsesVisible,
                                   function_ref<void(Operation *, bool)> callback) {
  // Post-order over the ops that are symbol tables, iteratively.
  struct Item {
    Operation *op;
    bool visible;
    bool expanded;
  };
  std::vector<Item> stack{{op, allSymUsesVisible, false}};
  std::vector<Operation *> children;
  while (!stack.empty()) {
    Item &top = stack.back();
    if (top.expanded) {
      Item item = top;
      stack.pop_back();
      if (item.op->hasTrait<OpTrait::SymbolTable>())
        callback(item.op, item.visible);
      continue;
    }
    top.expanded = true;
    Item item = top;
    // Inside a table that is not a public symbol, every use is visible;
    // below a non-table op, nested symbols are hidden.
    bool visible = true;
    if (item.op->hasTrait<OpTrait::SymbolTable>())
      visible = item.visible || !getNameIfSymbol(item.op) ||
                getSymbolVisibility(item.op) == Visibility::Private;
    stack.back().visible = visible;
    // An op without regions that is no symbol table has nothing to visit
    // (most ops): it is not stacked.
    children.clear();
    for (Region &region : item.op->getRegions())
      for (Block &block : region)
        for (Operation &nested : block)
          if (nested.getNumRegions() || nested.hasTrait<OpTrait::SymbolTable>())
            children.push_back(&nested);
    for (size_t i = children.size(); i-- > 0;)
      stack.push_back({children[i], visible, false});
  }
}

//===----------------------------------------------------------------------===//
// SymbolTableCollection
//===----------------------------------------------------------------------===//

SymbolTable &SymbolTableCollection::getSymbolTable(Operation *op) {
  auto &slot = tables[op];
  if (!slot)
    slot = std::make_unique<SymbolTable>(op);
  return *slot;
}

Operation *SymbolTableCollection::lookupSymbolIn(Operation *symbolTableOp, StringAttr symbol) {
  if (symbolTableOp->getNumRegions() != 1 || !symbolTableOp->getRegion(0).hasOneBlock() ||
      !symbolTableOp->hasTrait<OpTrait::SymbolTable>())
    return SymbolTable::lookupSymbolIn(symbolTableOp, symbol);
  return getSymbolTable(symbolTableOp).lookup(symbol);
}

LogicalResult SymbolTableCollection::lookupSymbolIn(Operation *symbolTableOp, SymbolRefAttr name,
                                                    std::vector<Operation *> &symbols) {
  return lookupSymbolInImpl(symbolTableOp, name, symbols,
                            [this](Operation *op, StringAttr n) { return lookupSymbolIn(op, n); });
}

Operation *SymbolTableCollection::lookupSymbolIn(Operation *symbolTableOp, SymbolRefAttr name) {
  std::vector<Operation *> resolved;
  if (failed(lookupSymbolIn(symbolTableOp, name, resolved)))
    return nullptr;
  return resolved.back();
}

Operation *SymbolTableCollection::lookupNearestSymbolFrom(Operation *from, StringAttr symbol) {
  Operation *table = SymbolTable::getNearestSymbolTable(from);
  return table ? lookupSymbolIn(table, symbol) : nullptr;
}

Operation *SymbolTableCollection::lookupNearestSymbolFrom(Operation *from, SymbolRefAttr symbol) {
  Operation *table = SymbolTable::getNearestSymbolTable(from);
  return table ? lookupSymbolIn(table, symbol) : nullptr;
}

//===----------------------------------------------------------------------===//
// Verification
//===----------------------------------------------------------------------===//

namespace {
thread_local const detail::SymbolUseVerificationHint *activeHint = nullptr;

/// A symbol table with fewer ops to walk into than this lists and checks
/// its nested symbol users on the calling thread.
constexpr size_t kMinParallelSymbolTableOps = 64;

/// Whether verifySymbolTable's walk enters the regions of `op`: it does not
/// enter nested symbol tables.
bool isWalkedInto(Operation &op) {
  return op.getNumRegions() != 0 && !op.getName().hasTrait<OpTrait::SymbolTable>();
}

/// Whether every op of `users` verifies its symbol uses, without reporting
/// a failure.
bool quietlyVerifyUsers(ArrayRef<Operation *> users, SymbolTableCollection &tables) {
  ScopedDiagnosticSuppression quiet;
  for (Operation *user : users)
    if (failed(cast<SymbolUserOpInterface>(user).verifySymbolUses(tables)))
      return false;
  return true;
}

/// Appends to `users` the SymbolUserOpInterface ops that verifySymbolTable's
/// walk visits in the regions of `op`.
void collectNestedSymbolUsers(Operation &op, std::vector<Operation *> &users, std::vector<Region *> &stack) {
  stack.clear();
  for (Region &r : op.getRegions())
    stack.push_back(&r);
  while (!stack.empty()) {
    Region *region = stack.back();
    stack.pop_back();
    for (Block &block : *region)
      for (Operation &nested : block) {
        if (isa<SymbolUserOpInterface>(&nested))
          users.push_back(&nested);
        if (isWalkedInto(nested))
          for (Region &r : nested.getRegions())
            stack.push_back(&r);
      }
  }
}
} // namespace

const detail::SymbolUseVerificationHint *
detail::setSymbolUseVerificationHint(const SymbolUseVerificationHint *hint) {
  const SymbolUseVerificationHint *previous = activeHint;
  activeHint = hint;
  return previous;
}

LogicalResult detail::verifySymbolTable(Operation *op) {
  if (op->getNumRegions() != 1)
    return op->emitOpError() << "Operations with a 'SymbolTable' must have exactly one region";
  if (!op->getRegion(0).hasOneBlock())
    return op->emitOpError() << "Operations with a 'SymbolTable' must have exactly one block";

  // Symbols are unique within the table.
  PointerMap<const void *, Operation *> nameToOrigOp;
  for (Block &block : op->getRegion(0)) {
    for (Operation &nested : block) {
      StringAttr name = getNameIfSymbol(&nested);
      if (!name)
        continue;
      auto [it, inserted] = nameToOrigOp.insert(name.getAsOpaquePointer(), &nested);
      if (!inserted) {
        InFlightDiagnostic diag = nested.emitError();
        diag << "redefinition of symbol named '" << name.getValue() << "'";
        diag.attachNote(it->second->getLoc()) << "see existing symbol definition here";
        return diag;
      }
    }
  }

  // Let nested symbol users check their references (in walkSymbolTable's
  // order). The regions of an op whose nested users the verifier listed are
  // not walked: a marker takes their place on the worklist, and its users
  // are checked (quietly) when it comes up; only if one fails are the
  // regions walked after all, to report the failure MLIR reports first.
  ArrayRef<SymbolUseVerificationHint::NestedUsers> hinted;
  if (activeHint && activeHint->symbolTableOp == op)
    hinted = activeHint->nestedUsers;
  MLIRContext *context = op->getContext();
  bool threaded = context->isMultithreadingEnabled();
  // Without the verifier's list (a verification that does not recurse, as
  // after a pass whose nested ops were verified on their own), a large table
  // lists the users in its ops' regions itself, in parallel, and the walk
  // below takes that list as it takes the verifier's.
  std::vector<SymbolUseVerificationHint::NestedUsers> ownHint;
  std::vector<std::vector<Operation *>> ownUsers;
  if (hinted.empty() && threaded) {
    std::vector<Operation *> walked;
    for (Operation &nested : op->getRegion(0).front())
      if (isWalkedInto(nested))
        walked.push_back(&nested);
    if (walked.size() >= kMinParallelSymbolTableOps) {
      ownUsers.resize(walked.size());
      parallelForRanges(context, walked.size(), 4, [&](size_t begin, size_t end) {
        std::vector<Region *> stack;
        for (size_t i = begin; i < end; ++i)
          collectNestedSymbolUsers(*walked[i], ownUsers[i], stack);
      });
      ownHint.reserve(walked.size());
      for (size_t i = 0; i < walked.size(); ++i)
        ownHint.push_back({walked[i], ownUsers[i]});
      std::sort(ownHint.begin(), ownHint.end());
      hinted = ownHint;
    }
  }
  // The listed users are checked quietly, in parallel when there are many,
  // before the walk; the walk then only looks up each list's result.
  std::vector<unsigned char> hintedVerified;
  if (threaded && hinted.size() >= kMinParallelSymbolTableOps) {
    hintedVerified.assign(hinted.size(), 0);
    parallelForRanges(context, hinted.size(), 4, [&](size_t begin, size_t end) {
      SymbolTableCollection tables;
      for (size_t i = begin; i < end; ++i)
        hintedVerified[i] = quietlyVerifyUsers(hinted[i].users, tables);
    });
  }
  SymbolTableCollection symbolTable;
  struct Item {
    Region *region;
    const SymbolUseVerificationHint::NestedUsers *marker;
  };
  std::vector<Item> worklist{{&op->getRegion(0), nullptr}};
  auto pushRegions = [&](Operation &nested) {
    for (Region &r : nested.getRegions())
      worklist.push_back({&r, nullptr});
  };
  while (!worklist.empty()) {
    Item item = worklist.back();
    worklist.pop_back();
    if (item.marker) {
      bool allVerified = hintedVerified.empty() ? quietlyVerifyUsers(item.marker->users, symbolTable)
                                                : bool(hintedVerified[size_t(item.marker - hinted.data())]);
      if (!allVerified)
        pushRegions(*item.marker->op);
      continue;
    }
    for (Block &block : *item.region) {
      for (Operation &nested : block) {
        if (auto user = dyn_cast<SymbolUserOpInterface>(&nested))
          if (failed(user.verifySymbolUses(symbolTable)))
            return failure();
        if (!isWalkedInto(nested))
          continue;
        if (!hinted.empty() && item.region == &op->getRegion(0)) {
          auto it = std::lower_bound(hinted.begin(), hinted.end(),
                                     SymbolUseVerificationHint::NestedUsers{&nested, {}});
          if (it != hinted.end() && it->op == &nested) {
            if (!it->users.empty())
              worklist.push_back({nullptr, &*it});
            continue;
          }
        }
        pushRegions(nested);
      }
    }
  }
  return success();
}

LogicalResult detail::verifySymbol(Operation *op) {
  if (!op->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
    return op->emitOpError() << "requires string attribute '" << SymbolTable::getSymbolAttrName() << "'";
  if (Attribute vis = op->getAttr(SymbolTable::getVisibilityAttrName())) {
    auto visStr = dyn_cast<StringAttr>(vis);
    if (!visStr)
      return op->emitOpError() << "requires visibility attribute '" << SymbolTable::getVisibilityAttrName()
                               << "' to be a string attribute, but got " << vis;
    std::string_view v = visStr.getValue();
    if (v != "public" && v != "private" && v != "nested")
      return op->emitOpError() << "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got "
                               << visStr;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// SymbolOpInterface
//===----------------------------------------------------------------------===//

bool detail::symbolIsNotOptional(Operation *) { return false; }
bool detail::symbolIsNotDeclaration(Operation *) { return false; }
bool detail::symbolCanDiscardWhenPrivate(Operation *op) {
  // MLIR's default: any symbol that is not public (only public symbols may
  // be visible from outside the IR).
  return SymbolTable::getSymbolVisibility(op) != SymbolTable::Visibility::Public;
}

LogicalResult SymbolOpInterface::verifyTrait(Operation *op) {
  SymbolOpInterface symbol(op);
  if (symbol.isOptionalSymbol() && !op->getAttr(SymbolTable::getSymbolAttrName()))
    return success();
  if (failed(detail::verifySymbol(op)))
    return failure();
  if (symbol.isDeclaration() && symbol.isPublic())
    return op->emitOpError("symbol declaration cannot have public visibility");
  Operation *parent = op->getParentOp();
  if (parent && !parent->hasTrait<OpTrait::SymbolTable>() && parent->isRegistered())
    return op->emitOpError("symbol's parent must have the SymbolTable trait");
  return success();
}
