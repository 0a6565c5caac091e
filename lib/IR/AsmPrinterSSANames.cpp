//===- AsmPrinterSSANames.cpp - SSA value and block names -----------------===//
//
// SSANameState: mlir-opt's numbering of values (`%0`, `%arg1`, names from
// OpAsmOpInterface, `%c0_1` uniquing) and blocks (`^bb3`), computed one
// top-level operation at a time (lazily, and on worker threads when
// printing in parallel).
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
// SSA naming
//===----------------------------------------------------------------------===//

void PtrIdMap::rehash(size_t newCapacity) {
  std::vector<Slot> old = std::move(slots);
  slots.assign(newCapacity, Slot{nullptr, 0});
  mask = newCapacity - 1;
  shift = 64 - unsigned(__builtin_ctzll(newCapacity));
  count = 0;
  for (const Slot &s : old)
    if (s.key)
      insert(s.key, s.value);
}

void PtrIdMap::clear() {
  if (!count)
    return;
  size_t want = 64;
  while (want * 3 < count * 8)
    want *= 2;
  if (want < capacity()) {
    slots.assign(want, Slot{nullptr, 0});
    slots.shrink_to_fit();
    mask = want - 1;
    shift = 64 - unsigned(__builtin_ctzll(want));
  } else {
    std::fill(slots.begin(), slots.end(), Slot{nullptr, 0});
  }
  count = 0;
}

/// Writes MLIR's sanitized form of `name` into `buffer` if it needs changes;
/// returns the sanitized name (`name` itself when already valid).
static std::string_view sanitizeIdentifierInto(std::string_view name, std::string &buffer,
                                               std::string_view allowedPunctChars, bool allowTrailingDigit) {
  auto validChar = [&](char ch) { return isAlnum(ch) || allowedPunctChars.find(ch) != std::string_view::npos; };
  buffer.clear();
  auto copyNameToBuffer = [&] {
    static const char hex[] = "0123456789ABCDEF";
    for (char ch : name) {
      if (validChar(ch)) {
        buffer.push_back(ch);
      } else if (ch == ' ') {
        buffer.push_back('_');
      } else {
        unsigned char u = static_cast<unsigned char>(ch);
        if (u >= 16)
          buffer.push_back(hex[u >> 4]);
        buffer.push_back(hex[u & 15]);
      }
    }
  };
  if (name.empty())
    return name;
  if (isDigitChar(name[0]) || (!validChar(name[0]) && name[0] != ' ')) {
    buffer.push_back('_');
    copyNameToBuffer();
    return buffer;
  }
  if (!allowTrailingDigit && isDigitChar(name.back())) {
    copyNameToBuffer();
    buffer.push_back('_');
    return buffer;
  }
  for (char ch : name)
    if (!validChar(ch)) {
      copyNameToBuffer();
      return buffer;
    }
  return name;
}

std::string detail::sanitizeIdentifier(std::string_view name, std::string_view allowedPunctChars,
                                       bool allowTrailingDigit) {
  std::string buffer;
  return std::string(sanitizeIdentifierInto(name, buffer, allowedPunctChars, allowTrailingDigit));
}

SSANameState::SSANameState(Operation *op, const OpPrintingFlags &flags, bool allowLazy) : printerFlags(flags) {
  bool generic = flags.shouldPrintGenericOpForm();
  uniqueIDs = flags.shouldPrintUniqueSSAIDs() || generic;
  scopeMarks.push_back(0); // the top-level scope
  Counters start = counters;
  // Custom forms with unique ids carry conflict counters across subtrees
  // that depend on their names; those are numbered eagerly.
  bool lazy = allowLazy && op->getNumRegions() == 1 && (!uniqueIDs || generic);
  if (!lazy) {
    numberValuesInOp(*op);
    std::vector<Region *> regions;
    for (Region &region : op->getRegions())
      regions.push_back(&region);
    numberRegions(regions, start);
    return;
  }
  // Number the root and its region (MLIR's first step), keeping the
  // region's name scope open for its subtrees.
  lazyRoot = op;
  lazyRegion = &op->getRegion(0);
  numberValuesInOp(*op);
  if (!uniqueIDs)
    counters = start;
  scopeMarks.push_back(usedNameLog.size());
  numberValuesInRegion(*lazyRegion);
  afterRoot = counters;
  rootNameCount = names.size();
  rootNameChars = nameChars.size();
  rootGroupStorage = resultGroupStorage.size();
  if (!uniqueIDs)
    return;
  // With unique ids, MLIR numbers the subtrees of the region's operations
  // last to first, each continuing the counters; precompute where each
  // starts. Generic form names nothing but entry arguments (`argN`, never
  // conflicting), so counting values is enough.
  std::vector<Operation *> tops;
  for (Block &block : *lazyRegion)
    for (Operation &top : block)
      if (top.getNumRegions())
        tops.push_back(&top);
  Counters c = afterRoot;
  std::vector<Operation *> worklist;
  subtreeStart = std::make_shared<PointerMap<Operation *, Counters>>();
  subtreeStart->reserve(tops.size());
  for (size_t i = tops.size(); i-- > 0;) {
    subtreeStart->insert(tops[i], c);
    worklist.push_back(tops[i]);
    while (!worklist.empty()) {
      Operation *cur = worklist.back();
      worklist.pop_back();
      for (Region &region : cur->getRegions()) {
        for (Block &block : region) {
          if (&block == &region.front())
            c.nextArgumentID += block.getNumArguments();
          else
            c.nextValueID += block.getNumArguments();
          for (Operation &nested : block) {
            if (nested.getNumResults())
              ++c.nextValueID;
            if (nested.getNumRegions())
              worklist.push_back(&nested);
          }
        }
      }
    }
  }
}

SSANameState::~SSANameState() = default;

std::unique_ptr<SSANameState> SSANameState::cloneForWorker() const {
  std::unique_ptr<SSANameState> w(new SSANameState(printerFlags));
  w->rootIDs = rootIDs;
  w->rootGroups = rootGroups;
  w->resultGroupStorage.assign(resultGroupStorage.begin(), resultGroupStorage.begin() + rootGroupStorage);
  w->names.assign(names.begin(), names.begin() + rootNameCount);
  w->nameHashes.assign(nameHashes.begin(), nameHashes.begin() + rootNameCount);
  w->nameChars.assign(nameChars, 0, rootNameChars);
  // Between subtrees only the root's names are in use.
  w->usedNameSlots = usedNameSlots;
  w->usedNameLog = usedNameLog;
  w->scopeMarks = scopeMarks;
  for (const auto &name : shadowNames)
    w->shadowNames.push_back(std::make_unique<std::string>(*name));
  w->counters = afterRoot;
  w->uniqueIDs = uniqueIDs;
  w->lazyRoot = lazyRoot;
  w->lazyRegion = lazyRegion;
  w->afterRoot = afterRoot;
  w->rootNameCount = rootNameCount;
  w->rootNameChars = rootNameChars;
  w->rootGroupStorage = rootGroupStorage;
  w->subtreeStart = subtreeStart;
  return w;
}

void SSANameState::numberRegions(ArrayRef<Region *> regions, Counters start) {
  struct NamingContext {
    Region *region;
    Counters counters;
    size_t parentScope; // depth of the parent's name scope
  };
  size_t baseScope = scopeMarks.size();
  std::vector<NamingContext> nameContext;
  for (Region *region : regions)
    nameContext.push_back({region, start, baseScope});
  while (!nameContext.empty()) {
    NamingContext ctx = nameContext.back();
    nameContext.pop_back();
    if (!uniqueIDs)
      counters = ctx.counters;
    // Pop the scopes of the previous subtree down to the parent scope.
    while (scopeMarks.size() > ctx.parentScope) {
      popUsedNames(scopeMarks.back());
      scopeMarks.pop_back();
    }
    scopeMarks.push_back(usedNameLog.size());
    size_t curScope = scopeMarks.size();
    numberValuesInRegion(*ctx.region);
    for (Block &block : *ctx.region)
      for (Operation &nested : block)
        for (Region &r : nested.getRegions())
          nameContext.push_back({&r, counters, curScope});
  }
  while (scopeMarks.size() > baseScope) {
    popUsedNames(scopeMarks.back());
    scopeMarks.pop_back();
  }
}

void SSANameState::numberSubtree(Operation *op) {
  // Drop the previous subtree.
  subIDs.clear();
  subGroups.clear();
  names.resize(rootNameCount);
  nameHashes.resize(rootNameCount);
  nameChars.resize(rootNameChars);
  resultGroupStorage.resize(rootGroupStorage);
  currentSubtree = op;
  curIDs = &subIDs;
  curGroups = &subGroups;
  if (uniqueIDs) {
    const Counters *start = subtreeStart ? subtreeStart->lookup(op) : nullptr;
    counters = start ? *start : afterRoot;
  } else {
    counters = afterRoot;
  }
  std::vector<Region *> regions;
  for (Region &region : op->getRegions())
    regions.push_back(&region);
  numberRegions(regions, counters);
}

void SSANameState::numberValuesInRegion(Region &region) {
  if (!printerFlags.shouldPrintGenericOpForm()) {
    if (Operation *parent = region.getParentOp())
      if (auto asmInterface = dyn_cast<OpAsmOpInterface>(parent))
        asmInterface.getAsmBlockArgumentNames(region,
                                              [&](Value arg, std::string_view name) { setValueName(arg, name); });
  }
  uint32_t nextBlockID = 0;
  for (Block &block : region) {
    *curIDs->insert(&block, 0).first = nextBlockID++;
    numberValuesInBlock(block);
  }
}

void SSANameState::numberValuesInBlock(Block &block) {
  bool isEntryBlock = block.isEntryBlock();
  char buf[16] = {'a', 'r', 'g'};
  for (Value arg : block.getArguments()) {
    if (curIDs->lookup(arg.getImpl()))
      continue;
    if (isEntryBlock) {
      auto r = std::to_chars(buf + 3, buf + sizeof(buf), counters.nextArgumentID++);
      setValueName(arg, std::string_view(buf, r.ptr - buf));
    } else {
      setValueName(arg, std::string_view());
    }
  }
  for (Operation &op : block)
    numberValuesInOp(op);
}

void SSANameState::numberValuesInOp(Operation &op) {
  std::vector<int> &resultGroups = resultGroupScratch;
  resultGroups.assign(1, 0);
  if (auto asmInterface = printerFlags.shouldPrintGenericOpForm() ? OpAsmOpInterface() : dyn_cast<OpAsmOpInterface>(&op)) {
    asmInterface.getAsmResultNames([&](Value result, std::string_view name) {
      setValueName(result, name);
      if (unsigned resultNo = OpResult(result).getResultNumber())
        resultGroups.push_back(int(resultNo));
    });
  }
  unsigned numResults = op.getNumResults();
  if (numResults == 0)
    return;
  detail::ValueImpl *resultBegin = op.getResult(0).getImpl();
  if (curIDs->insert(resultBegin, counters.nextValueID).second)
    ++counters.nextValueID;
  if (resultGroups.size() != 1) {
    std::sort(resultGroups.begin(), resultGroups.end());
    *curGroups->insert(&op, 0).first = uint32_t(resultGroupStorage.size());
    resultGroupStorage.push_back(int(resultGroups.size()));
    resultGroupStorage.insert(resultGroupStorage.end(), resultGroups.begin(), resultGroups.end());
  }
}

void SSANameState::setValueName(Value value, std::string_view name) {
  if (name.empty()) {
    *curIDs->insert(value.getImpl(), 0).first = counters.nextValueID++;
    return;
  }
  uint32_t index = uniqueValueName(name);
  *curIDs->insert(value.getImpl(), 0).first = NameBit | index;
}

bool SSANameState::isNameUsed(std::string_view name, uint64_t hash) const {
  if (usedNameSlots.empty())
    return false;
  size_t mask = usedNameSlots.size() - 1;
  uint32_t tag = uint32_t(hash >> 32);
  for (size_t i = size_t(hash) & mask;; i = (i + 1) & mask) {
    uint64_t slot = usedNameSlots[i];
    if (!slot)
      return false;
    if (uint32_t(slot >> 32) == tag && getName(uint32_t(slot) - 1) == name)
      return true;
  }
}

void SSANameState::addUsedName(uint32_t nameIndex, uint64_t hash) {
  if ((usedNameLog.size() + 1) * 2 > usedNameSlots.size())
    rehashUsedNames(usedNameSlots.empty() ? 64 : usedNameSlots.size() * 2);
  size_t mask = usedNameSlots.size() - 1;
  size_t i = size_t(hash) & mask;
  while (usedNameSlots[i])
    i = (i + 1) & mask;
  usedNameSlots[i] = (uint64_t(uint32_t(hash >> 32)) << 32) | uint64_t(nameIndex + 1);
  usedNameLog.push_back(nameIndex);
}

void SSANameState::rehashUsedNames(size_t newCapacity) {
  // Reinsert in insertion order so that undoing the latest insertion by
  // clearing its slot stays valid.
  usedNameSlots.assign(newCapacity, 0);
  std::vector<uint32_t> log = std::move(usedNameLog);
  usedNameLog.clear();
  usedNameLog.reserve(log.size());
  for (uint32_t index : log)
    addUsedName(index, nameHashes[index]);
}

void SSANameState::popUsedNames(size_t mark) {
  size_t mask = usedNameSlots.size() - 1;
  while (usedNameLog.size() > mark) {
    uint32_t index = usedNameLog.back();
    usedNameLog.pop_back();
    // The most recent insertion ends its probe chain: clearing it keeps
    // every other name reachable.
    uint64_t hash = nameHashes[index];
    for (size_t i = size_t(hash) & mask;; i = (i + 1) & mask) {
      if (uint32_t(usedNameSlots[i]) == index + 1) {
        usedNameSlots[i] = 0;
        break;
      }
    }
  }
}

uint32_t SSANameState::uniqueValueName(std::string_view name) {
  std::string_view sanitized = sanitizeIdentifierInto(name, sanitizeBuffer, "$._-", true);
  std::string_view finalName = sanitized;
  uint64_t hash = hashValue(sanitized);
  if (isNameUsed(sanitized, hash)) {
    probeBuffer.assign(sanitized);
    probeBuffer.push_back('_');
    size_t base = probeBuffer.size();
    while (true) {
      probeBuffer.resize(base);
      char buf[16];
      auto r = std::to_chars(buf, buf + sizeof(buf), counters.nextConflictID++);
      probeBuffer.append(buf, r.ptr - buf);
      hash = hashValue(std::string_view(probeBuffer));
      if (!isNameUsed(probeBuffer, hash))
        break;
    }
    finalName = probeBuffer;
  }
  uint32_t index = uint32_t(names.size());
  names.emplace_back(uint32_t(nameChars.size()), uint32_t(finalName.size()));
  nameHashes.push_back(hash);
  nameChars.append(finalName);
  addUsedName(index, hash);
  return index;
}

Operation *SSANameState::findSubtreeRoot(Operation *op) const {
  while (op) {
    Block *block = op->getBlock();
    if (!block)
      return nullptr;
    if (block->getParent() == lazyRegion)
      return op;
    op = block->getParentOp();
  }
  return nullptr;
}

bool SSANameState::needsFallback(Operation *anchor) {
  if (!lazyRoot || !anchor)
    return false;
  Operation *top = findSubtreeRoot(anchor);
  if (!top || top == currentSubtree)
    return false;
  if (!currentSubtree) {
    // Printing a nested operation on its own: number its subtree.
    numberSubtree(top);
    return false;
  }
  return true;
}

SSANameState &SSANameState::getFallback() {
  if (!fallback)
    fallback = std::make_unique<SSANameState>(lazyRoot, printerFlags, /*allowLazy=*/false);
  return *fallback;
}

/// The operation whose regions hold `value` (its owner for a result).
static Operation *getValueAnchor(detail::ValueImpl *impl) {
  if (impl->kind == detail::ValueImpl::Kind::OpResult)
    return static_cast<detail::OpResultImpl *>(impl)->getOwner();
  Block *block = static_cast<detail::BlockArgumentImpl *>(impl)->owner;
  return block ? block->getParentOp() : nullptr;
}

ArrayRef<int> SSANameState::getOpResultGroups(Operation *op) {
  const uint32_t *index = subGroups.lookup(op);
  if (!index)
    index = rootGroups.lookup(op);
  if (!index) {
    // Only multi-result ops have groups; make sure a miss is not due to an
    // op that is not numbered here.
    if (op->getNumResults() < 2 || !lazyRoot)
      return {};
    if (needsFallback(op))
      return getFallback().getOpResultGroups(op);
    if (!(index = subGroups.lookup(op)))
      return {};
  }
  return ArrayRef<int>(resultGroupStorage.data() + *index + 1, size_t(resultGroupStorage[*index]));
}

void SSANameState::printValueID(Value value, bool printResultNo, raw_ostream &stream) {
  if (!value) {
    stream << "<<NULL VALUE>>";
    return;
  }
  detail::ValueImpl *impl = value.getImpl();
  detail::ValueImpl *lookupImpl = impl;
  int resultNo = -1;
  if (impl->kind == detail::ValueImpl::Kind::OpResult) {
    Operation *owner = static_cast<detail::OpResultImpl *>(impl)->getOwner();
    if (owner->getNumResults() != 1) {
      detail::ValueImpl *first = owner->getResult(0).getImpl();
      if (lazyRoot && !subIDs.lookup(first) && !rootIDs.lookup(first) && needsFallback(owner))
        return getFallback().printValueID(value, printResultNo, stream);
      int no = int(impl->index);
      ArrayRef<int> groups = getOpResultGroups(owner);
      if (groups.empty()) {
        resultNo = no;
        lookupImpl = owner->getResult(0).getImpl();
      } else {
        auto it = std::upper_bound(groups.begin(), groups.end(), no);
        int groupResultNo, groupSize;
        if (it == groups.end()) {
          groupResultNo = groups.back();
          groupSize = int(owner->getNumResults()) - groups.back();
        } else {
          groupResultNo = *std::prev(it);
          groupSize = *it - groupResultNo;
        }
        if (groupSize != 1)
          resultNo = no - groupResultNo;
        lookupImpl = owner->getResult(groupResultNo).getImpl();
      }
    }
  }
  const uint32_t *id = subIDs.lookup(lookupImpl);
  if (!id)
    id = rootIDs.lookup(lookupImpl);
  if (!id && lazyRoot) {
    if (needsFallback(getValueAnchor(impl)))
      return getFallback().printValueID(value, printResultNo, stream);
    id = subIDs.lookup(lookupImpl);
  }
  if (!id) {
    stream << "<<UNKNOWN SSA VALUE>>";
    return;
  }
  stream << '%';
  uint32_t v = *id;
  if (!(v & NameBit))
    stream << v;
  else if (v & ShadowBit)
    stream << *shadowNames[v & ~(NameBit | ShadowBit)];
  else
    stream << getName(v & ~NameBit);
  if (resultNo >= 0 && printResultNo)
    stream << '#' << resultNo;
}

int SSANameState::getBlockOrdering(Block *block) {
  const uint32_t *id = subIDs.lookup(block);
  if (!id)
    id = rootIDs.lookup(block);
  if (!id && lazyRoot) {
    if (needsFallback(block->getParentOp()))
      return getFallback().getBlockOrdering(block);
    id = subIDs.lookup(block);
  }
  return id ? int(*id) : -1;
}

void SSANameState::printBlockName(Block *block, raw_ostream &os) {
  int ordering = getBlockOrdering(block);
  if (ordering < 0)
    os << "INVALIDBLOCK";
  else
    os << "^bb" << ordering;
}

void SSANameState::shadowRegionArgs(Region &region, ValueRange namesToUse) {
  if (region.empty())
    return;
  ValueRange args = region.front().getArguments();
  for (size_t i = 0; i < args.size() && i < namesToUse.size(); ++i) {
    Value nameToUse = namesToUse[i];
    if (!nameToUse)
      continue;
    Value nameToReplace = args[i];
    std::string nameStr;
    raw_string_ostream nameStream(nameStr);
    printValueID(nameToUse, /*printResultNo=*/true, nameStream);
    nameStream.flush();
    // Entry block arguments use the name of the value (without '%').
    detail::ValueImpl *key = nameToReplace.getImpl();
    uint32_t *entry = subIDs.lookup(key);
    if (!entry)
      entry = rootIDs.lookup(key);
    if (!entry && lazyRoot && !needsFallback(getValueAnchor(key)))
      entry = subIDs.lookup(key);
    if (!entry)
      entry = curIDs->insert(key, 0).first;
    shadowNames.push_back(std::make_unique<std::string>(nameStr.substr(1)));
    *entry = NameBit | ShadowBit | uint32_t(shadowNames.size() - 1);
  }
}
