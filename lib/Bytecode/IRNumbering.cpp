//===- IRNumbering.cpp - Numbers IR components for the bytecode writer ----===//
#include "IRNumbering.h"

#include "Encoding.h"
#include "lamina/IR/AsmState.h"
#include "lamina/IR/BuiltinDialect.h"
#include "lamina/IR/BuiltinLocations.h"
#include "lamina/IR/MLIRContext.h"
#include "lamina/IR/OpImplementation.h"

#include <algorithm>

using namespace lamina;
using namespace lamina::bytecode;

/// The properties attribute of an unregistered operation (null if none).
static Attribute getUnregisteredProperties(Operation *op) {
  return op->getNumPropertySlots() ? op->getPropertySlots()[0] : Attribute();
}

bool bytecode::hasProperties(Operation *op, const ForeignOpLayout *foreign) {
  if (!op->isRegistered())
    return foreign ? foreign->hasProperties() : bool(getUnregisteredProperties(op));
  return op->getName().getInfo().writeProperties || op->getNumPropertySlots();
}

void bytecode::writeOpProperties(Operation *op, DialectBytecodeWriter &writer, const ForeignOpLayout *foreign) {
  if (!op->isRegistered()) {
    // Registered in mlir-opt: its native encoding.
    if (foreign)
      writeForeignProperties(op->getContext(), *foreign, getUnregisteredProperties(op), writer);
    return;
  }
  if (auto writeFn = op->getName().getInfo().writeProperties) {
    writeFn(op, writer);
    return;
  }
  // Without a custom encoding every inherent attribute is an optional
  // attribute, in declaration order (what ODS emits for builtin.module).
  for (Attribute slot : op->getPropertySlots())
    writer.writeOptionalAttribute(slot);
}

//===----------------------------------------------------------------------===//
// NumberingWriter
//===----------------------------------------------------------------------===//

/// A DialectBytecodeWriter that only records what an encoding references.
class IRNumberingState::NumberingWriter final : public BuiltinBytecodeWriter {
public:
  NumberingWriter(IRNumberingState &state, std::vector<WorkItem> &children)
      : state(state), children(children) {}

  int64_t getBytecodeVersion() const override { return state.version; }
  void writeAttribute(Attribute attr) override { children.push_back({attr.getAsOpaquePointer(), false}); }
  void writeOptionalAttribute(Attribute attr) override {
    if (attr)
      writeAttribute(attr);
  }
  void writeType(Type type) override { children.push_back({type.getAsOpaquePointer(), true}); }
  void writeResourceHandle(DenseResourceElementsHandle handle) override { state.number(handle); }
  void writeVarInt(uint64_t) override {}
  void writeSignedVarInt(int64_t) override {}
  void writeAPIntWithKnownWidth(const APInt &) override {}
  void writeAPFloatWithKnownSemantics(const APFloat &) override {}
  void writeOwnedString(std::string_view) override {}
  void writeOwnedBlob(ArrayRef<char>) override {}
  void writeOwnedBool(bool) override {}

private:
  IRNumberingState &state;
  /// Attributes and types referenced, in the order they were written.
  std::vector<WorkItem> &children;
};

//===----------------------------------------------------------------------===//
// Sorting
//===----------------------------------------------------------------------===//

/// Stable sort of `range` by descending reference count. Most entries are
/// referenced once (the least possible count), so only the others are
/// sorted; the rest keep their order after them.
template <typename T, typename Alloc> static void sortByRefCount(std::vector<T *, Alloc> &range) {
  std::vector<T *> multi;
  for (T *entry : range)
    if (entry->refCount > 1)
      multi.push_back(entry);
  if (multi.empty())
    return;
  std::stable_sort(multi.begin(), multi.end(), [](const T *lhs, const T *rhs) { return lhs->refCount > rhs->refCount; });
  // Entries referenced once move back by the number of others after them:
  // filled from the end, nothing is overwritten before it is read.
  size_t out = range.size();
  for (size_t i = range.size(); i-- > 0;)
    if (range[i]->refCount == 1)
      range[--out] = range[i];
  std::copy(multi.begin(), multi.end(), range.begin());
}

/// Sorts each byte-sized prefix of `range` (the entries a varint of 1, 2, ...
/// bytes can index) by dialect, starting with the last dialect of the
/// previous prefix, so that dialect groups are long and few. A stable
/// counting sort (dialects are few); then numbers the entries.
template <typename T, typename Alloc>
static void groupByDialectPerByte(std::vector<T *, Alloc> &range, size_t numDialects) {
  if (range.empty())
    return;
  unsigned dialectToOrderFirst = 0;
  size_t elementsInByteGroup = 0;
  size_t begin = 0;
  std::vector<T *> sorted;
  std::vector<size_t> starts(numDialects + 2);
  for (unsigned i = 1; i < 9; ++i) {
    elementsInByteGroup = (size_t(1) << (7 * i)) - elementsInByteGroup;
    size_t end = std::min(range.size(), begin + elementsInByteGroup);
    // Key 0: the dialect ordered first; else the dialect number plus one.
    auto key = [&](const T *entry) {
      unsigned d = entry->dialect->number;
      return d == dialectToOrderFirst ? 0 : size_t(d) + 1;
    };
    std::fill(starts.begin(), starts.end(), 0);
    for (size_t j = begin; j < end; ++j)
      ++starts[key(range[j]) + 1];
    for (size_t k = 1; k < starts.size(); ++k)
      starts[k] += starts[k - 1];
    sorted.resize(end - begin);
    for (size_t j = begin; j < end; ++j)
      sorted[starts[key(range[j])]++] = range[j];
    std::copy(sorted.begin(), sorted.end(), range.begin() + begin);
    dialectToOrderFirst = range[end - 1]->dialect->number;
    begin = end;
    if (begin == range.size())
      break;
  }
  for (size_t i = 0; i < range.size(); ++i)
    range[i]->number = unsigned(i);
}

//===----------------------------------------------------------------------===//
// IRNumberingState
//===----------------------------------------------------------------------===//

IRNumberingState::IRNumberingState(Operation *rootOp, int64_t bytecodeVersion)
    : version(bytecodeVersion), context(rootOp->getContext()) {
  computeGlobalNumberingState(rootOp);
  // About one location (and attribute) per operation.
  locs.reserve(records.size());
  orderedAttrs.reserve(records.size() + 1024);
  blockInfos.reserve(numBlocks);

  // The root operation, then its regions. Regions are numbered from a LIFO
  // worklist (as MLIR does, which fixes the order attributes are first seen
  // in): a root region, then the regions of its operations (last first),
  // each with everything nested in it, before the next root region.
  NumberingStream stream;
  unsigned rootValues = 0;
  produceOperation(rootOp, rootValues, stream);
  consume(stream.getWords());
  stream.clear();
  RegionWorklist rootRegions;
  for (Region &region : rootOp->getRegions())
    rootRegions.push_back({&region, isIsolatedFromAbove(rootOp) ? 0 : rootValues});
  while (!rootRegions.empty()) {
    auto [region, firstID] = rootRegions.back();
    rootRegions.pop_back();
    RegionWorklist nested;
    produceRegion(region, firstID, nested, stream, [&] {
      consume(stream.getWords());
      stream.clear();
    });
    consume(stream.getWords());
    stream.clear();
    numberNestedRegions(nested);
  }

  for (size_t i = 0; i < orderedDialects.size(); ++i)
    orderedDialects[i]->number = unsigned(i);

  // Most referenced first, then grouped by dialect within each byte size.
  sortByRefCount(orderedAttrs);
  sortByRefCount(orderedOpNames);
  sortByRefCount(orderedTypes);
  groupByDialectPerByte(orderedAttrs, orderedDialects.size());
  groupByDialectPerByte(orderedOpNames, orderedDialects.size());
  groupByDialectPerByte(orderedTypes, orderedDialects.size());

  finalizeResources();
}

void IRNumberingState::computeGlobalNumberingState(Operation *rootOp) {
  // A pre-order walk numbering operations, and deciding for each operation
  // with regions whether it is isolated from above: it is unless one of the
  // operations nested in it uses a value defined outside of it.
  struct StackState {
    Operation *op;
    /// This op or one of its ancestors may still turn out non-isolated.
    bool hasUnresolvedIsolation;
  };
  std::vector<StackState> opStack;

  auto visitBefore = [&](Operation *op) {
    if (!opStack.empty() && opStack.back().hasUnresolvedIsolation) {
      Region *parentRegion = op->getParentRegion();
      for (Value operand : op->getOperands()) {
        Region *operandRegion = operand.getParentRegion();
        if (!operandRegion || operandRegion == parentRegion)
          continue;
        Operation *container = operandRegion->getParentOp();
        size_t stop = opStack.size();
        while (stop > 0 && opStack[stop - 1].hasUnresolvedIsolation && opStack[stop - 1].op != container)
          --stop;
        bool stopUnresolved = stop > 0 ? opStack[stop - 1].hasUnresolvedIsolation : false;
        for (size_t i = stop; i < opStack.size(); ++i) {
          opStack[i].hasUnresolvedIsolation = stopUnresolved;
          records[opStack[i].op->orderIndex].isolated = 0;
        }
      }
    }
    // The pre-order number replaces the cached order in the block (which
    // the walk invalidates).
    op->orderIndex = unsigned(records.size());
    records.emplace_back();
    if (!op->isRegistered())
      decideForeignLayout(op);
    if (op->getNumRegions()) {
      // Isolated unless a use from outside is found (an op with the trait
      // always is).
      records.back().isolated = 1;
      opStack.push_back({op, !op->hasTrait<OpTrait::IsIsolatedFromAbove>()});
    }
  };

  // Iterative pre-order walk.
  struct Frame {
    Operation *op;
    unsigned region;
    Block *block;
    Operation *next;
  };
  std::vector<Frame> frames;
  auto enter = [&](Operation *op) {
    visitBefore(op);
    if (op->getNumRegions())
      frames.push_back({op, 0, nullptr, nullptr});
  };
  if (Block *block = rootOp->getBlock())
    block->invalidateOpOrder();
  enter(rootOp);
  while (!frames.empty()) {
    Frame &f = frames.back();
    if (f.next) {
      Operation *op = f.next;
      f.next = op->getNextNode();
      enter(op);
      continue;
    }
    // The current block is done: move to the next block, or to the first
    // block of the next non-empty region, or leave the operation.
    Block *nextBlock = f.block ? f.block->getNextNode() : nullptr;
    if (!nextBlock) {
      unsigned r = f.block ? f.region + 1 : f.region;
      for (; r < f.op->getNumRegions(); ++r)
        if (!f.op->getRegion(r).empty()) {
          nextBlock = &f.op->getRegion(r).front();
          break;
        }
      f.region = r;
    }
    if (!nextBlock) {
      frames.pop_back();
      opStack.pop_back();
      continue;
    }
    f.block = nextBlock;
    ++numBlocks;
    nextBlock->invalidateOpOrder();
    f.next = nextBlock->empty() ? nullptr : &nextBlock->front();
  }
}

void IRNumberingState::decideForeignLayout(Operation *op) {
  auto [slot, inserted] = foreignLayouts.insert(op->getName().getAsOpaquePointer(), nullptr);
  if (inserted)
    slot->second = lookupForeignOpLayout(op->getName().getStringRef());
  // One operation the layout cannot encode makes every operation of that
  // name unregistered (the registration flag is per name).
  if (slot->second && !canWriteForeignProperties(*slot->second, getUnregisteredProperties(op)))
    slot->second = nullptr;
}

DialectNumbering &IRNumberingState::numberDialect(std::string_view name) {
  auto it = dialectsByName.find(name);
  if (it != dialectsByName.end())
    return *it->second;
  DialectNumbering &d = dialectStorage.emplace_back();
  d.name = name;
  d.number = unsigned(orderedDialects.size());
  d.isBuiltin = name == "builtin";
  dialectsByName.emplace(name, &d);
  orderedDialects.push_back(&d);
  return d;
}

DialectNumbering &IRNumberingState::numberDialect(const Dialect *dialect) {
  if (DialectNumbering **d = dialectsByPtr.lookup(dialect))
    return **d;
  DialectNumbering &d = numberDialect(dialect->getNamespace());
  dialectsByPtr.insert(dialect, &d);
  d.isLoaded = true;
  d.dialect = dialect;
  if (!d.isBuiltin)
    d.interface = dialect->getRegisteredInterface<BytecodeDialectInterface>();
  return d;
}

void IRNumberingState::number(OperationName name) {
  auto [slot, inserted] = opNames.insert(name.getAsOpaquePointer(), nullptr);
  if (!inserted) {
    ++slot->second->refCount;
    return;
  }
  OpNameNumbering &n = opNameStorage.emplace_back(name);
  slot->second = &n;
  if (Dialect *dialect = name.getDialect()) {
    n.dialect = &numberDialect(dialect);
  } else {
    // The text before the first dot (the whole name if there is none).
    std::string_view full = name.getStringRef();
    n.dialect = &numberDialect(full.substr(0, full.find('.')));
  }
  orderedOpNames.push_back(&n);
}

AttrNumbering *IRNumberingState::number(Attribute attr) {
  AttrNumbering *n = visitAttribute(attr.getAsOpaquePointer());
  drainWorklist();
  return n;
}

TypeNumbering *IRNumberingState::number(Type type) {
  TypeNumbering *n = visitType(type.getAsOpaquePointer());
  drainWorklist();
  return n;
}

void IRNumberingState::number(DenseResourceElementsHandle handle) {
  auto [slot, inserted] = resourceIndex.insert(handle.getEntry(), nullptr);
  if (!inserted)
    return;
  ResourceNumbering &r = resourceStorage.emplace_back();
  r.handle = handle;
  r.key = handle.getKey();
  slot->second = &r;
  numberDialect("builtin").resources.push_back(&r);
}

void IRNumberingState::number(const Dialect *dialect, ArrayRef<const void *> handles) {
  DialectNumbering *numbering = nullptr;
  for (const void *handle : handles) {
    auto [slot, inserted] = resourceIndex.insert(handle, nullptr);
    if (!inserted)
      continue;
    ResourceNumbering &r = resourceStorage.emplace_back();
    r.dialectHandle = handle;
    r.key = dialect->getResourceKey(handle);
    slot->second = &r;
    if (!numbering)
      numbering = &numberDialect(dialect);
    numbering->resources.push_back(&r);
  }
}

void IRNumberingState::numberPrintedResources(Attribute attr) {
  // As mlir-opt does: the attribute is printed, and what the printer
  // recorded is numbered.
  AsmState state(context);
  raw_null_ostream os;
  attr.print(os, state);
  for (DenseResourceElementsHandle::Entry *entry : state.getBuiltinResources())
    number(DenseResourceElementsHandle(entry));
  for (const auto &[dialect, handles] : state.getDialectResources())
    number(dialect, handles);
}

uint32_t IRNumberingState::numberIndex(PackedLocation loc) {
  if (!loc.isPacked())
    return uint32_t(attrStorage.indexOf(number(Attribute(LocationAttr(loc.get(nullptr))))));
  // The same entry as the FileLineColLoc it stands for.
  uint32_t n = visitPackedLocationIndex(loc);
  drainWorklist();
  return n;
}

void IRNumberingState::queueChildren() {
  worklist.insert(worklist.end(), children.rbegin(), children.rend());
  children.clear();
}

AttrNumbering *IRNumberingState::visitAttribute(const void *ptr) {
  Attribute attr = Attribute::getFromOpaquePointer(ptr);
  const void *key = getKey(attr);
  if (key != ptr)
    return visitPackedLocation(PackedLocation::getFromOpaquePointer(key));
  auto [slot, inserted] = attrs.insert(ptr, nullptr);
  if (!inserted) {
    ++slot->second->refCount;
    return slot->second;
  }
  AttrNumbering &n = attrStorage.emplace_back(attr);
  slot->second = &n;
  orderedAttrs.push_back(&n);
  // Attributes of dialects that were not loaded are written as if the
  // dialect was.
  if (auto opaque = dyn_cast<OpaqueAttr>(attr)) {
    n.dialect = &numberDialect(opaque.getDialectNamespace().getValue());
    return &n;
  }
  n.dialect = &numberDialect(&attr.getDialect());
  if (n.dialect->isBuiltin) {
    NumberingWriter writer(*this, children);
    writeBuiltinAttribute(attr, writer);
    queueChildren();
    return &n;
  }
  if (n.dialect->interface) {
    // As MLIR: what the custom encoding references is numbered.
    NumberingWriter writer(*this, children);
    if (succeeded(n.dialect->interface->writeAttribute(attr, writer))) {
      queueChildren();
      return &n;
    }
    children.clear();
  }
  if (n.dialect->dialect->hasResourceHooks())
    numberPrintedResources(attr);
  return &n;
}

TypeNumbering *IRNumberingState::visitType(const void *ptr) {
  auto [slot, inserted] = types.insert(ptr, nullptr);
  if (!inserted) {
    ++slot->second->refCount;
    return slot->second;
  }
  Type type = Type::getFromOpaquePointer(ptr);
  TypeNumbering &n = typeStorage.emplace_back(type);
  slot->second = &n;
  orderedTypes.push_back(&n);
  if (auto opaque = dyn_cast<OpaqueType>(type)) {
    n.dialect = &numberDialect(opaque.getDialectNamespace().getValue());
    return &n;
  }
  n.dialect = &numberDialect(&type.getDialect());
  if (n.dialect->isBuiltin) {
    NumberingWriter writer(*this, children);
    writeBuiltinType(type, writer);
    queueChildren();
  } else if (n.dialect->interface) {
    NumberingWriter writer(*this, children);
    if (succeeded(n.dialect->interface->writeType(type, writer)))
      queueChildren();
    else
      children.clear();
  }
  return &n;
}

uint32_t IRNumberingState::visitPackedLocationIndex(PackedLocation loc) {
  auto [slot, inserted] = locs.insert(loc);
  if (!inserted) {
    ++attrStorage[*slot].refCount;
    return *slot;
  }
  uint32_t index = uint32_t(attrStorage.size());
  AttrNumbering &n = attrStorage.emplace_back(loc);
  *slot = index;
  orderedAttrs.push_back(&n);
  // Its encoding references the file name: numbered now, as it would be
  // next from the worklist.
  unsigned fileIndex = loc.getPackedFileIndex();
  if (fileIndex < packedFiles.size() && packedFiles[fileIndex]) {
    n.dialect = packedFiles[fileIndex]->dialect; // builtin
    ++packedFiles[fileIndex]->refCount;
    return index;
  }
  StringAttr file = loc.getPackedFile(context);
  n.dialect = &numberDialect(&file.getDialect());
  AttrNumbering *fileEntry = visitAttribute(file.getAsOpaquePointer());
  if (fileIndex >= packedFiles.size())
    packedFiles.resize(fileIndex + 1);
  packedFiles[fileIndex] = fileEntry;
  return index;
}

void IRNumberingState::drainWorklist() {
  // Pre-order through the encodings: an entry is numbered, then what its
  // encoding references, in the order it is written.
  while (!worklist.empty()) {
    WorkItem item = worklist.back();
    worklist.pop_back();
    if (item.isType)
      visitType(item.ptr);
    else
      visitAttribute(item.ptr);
  }
}

DictionaryAttr bytecode::getWrittenAttrDictionary(Operation *op, int64_t version, const ForeignOpLayout *foreign) {
  DictionaryAttr dict = op->getDiscardableAttrDictionary();
  if (version >= int64_t(kNativePropertiesEncoding))
    return dict;
  if (foreign) {
    // mlir-opt writes the inherent attributes (the properties it knows) in
    // the dictionary.
    auto props = dyn_cast_or_null<DictionaryAttr>(getUnregisteredProperties(op));
    if (!props || props.empty())
      return dict;
    std::vector<NamedAttribute> all(dict.begin(), dict.end());
    for (const NamedAttribute &entry : props)
      if (foreign->isInherentAttribute(entry.getNameStr()))
        all.push_back(entry);
    return DictionaryAttr::get(op->getContext(), all);
  }
  if (!op->isRegistered() || !op->getNumPropertySlots())
    return dict;
  std::vector<NamedAttribute> all(dict.begin(), dict.end());
  ArrayRef<StringAttr> names = op->getName().getAttributeNames();
  MutableArrayRef<Attribute> slots = op->getPropertySlots();
  bool any = false;
  for (size_t i = 0; i < slots.size() && i < names.size(); ++i)
    if (slots[i]) {
      all.emplace_back(names[i], slots[i]);
      any = true;
    }
  if (!any)
    return dict;
  return DictionaryAttr::get(op->getContext(), all);
}

//===----------------------------------------------------------------------===//
// Numbering streams
//===----------------------------------------------------------------------===//
//
// Numbering a region has two halves. Walking the IR to find what each
// operation references (its name, result types, attribute dictionary,
// properties and location, its blocks' arguments, whether the uses of its
// operands are in order) reads only the IR and the pre-order walk's
// results; a producer writes it to a stream of words, in exactly the order
// the entries must be seen. Counting the references in the tables, where
// the first-seen order fixes the numbers, is done by a consumer reading the
// stream in segments of a few thousand words. Keeping the IR walk apart
// from the table updates keeps each loop small. (Producing regions of
// different top-level operations on other threads while consuming was
// tried: the consumer is most of the work and the cross-core traffic made
// it slower than one thread.)

namespace {
/// The commands of a numbering stream.
enum StreamCode : uint64_t {
  /// op, pre-order number, first value number, name, #results, result
  /// types..., dictionary (or
  /// 0), #key (0: no properties) and key (name, slots...), location.
  kStreamOp,
  /// block, index, number of the first argument, #arguments, then the
  /// location and type of each.
  kStreamBlock,
  /// block, number of operations.
  kStreamBlockEnd,
  /// entry block of the region, number of values of the region.
  kStreamRegionEnd,
  /// A value whose uses are not in the reference order.
  kStreamUnorderedUses,
};

uint64_t toWord(const void *ptr) { return uint64_t(reinterpret_cast<uintptr_t>(ptr)); }
template <typename T> T *toPtr(uint64_t word) { return reinterpret_cast<T *>(uintptr_t(word)); }
} // namespace

void IRNumberingState::produceOperation(Operation *op, unsigned &nextValueID, NumberingStream &out) {
  unsigned id = op->orderIndex;
  unsigned numResults = op->getNumResults(), numOperands = op->getNumOperands();
  MutableArrayRef<Attribute> slots = op->getPropertySlots();
  out.reserveMore(10 + numResults + slots.size() + 2 * size_t(numOperands));
  out.append(kStreamOp);
  out.append(toWord(op));
  out.append(id);
  out.append(nextValueID);
  nextValueID += numResults;
  out.append(toWord(op->getName().getAsOpaquePointer()));
  out.append(numResults);
  for (unsigned i = 0; i < numResults; ++i)
    out.append(toWord(op->getResult(i).getType().getAsOpaquePointer()));
  const ForeignOpLayout *foreign = getForeignLayout(op);
  DictionaryAttr dict = getWrittenAttrDictionary(op, version, foreign);
  out.append(dict.empty() ? 0 : toWord(dict.getAsOpaquePointer()));
  if (version >= int64_t(kNativePropertiesEncoding) && hasProperties(op, foreign)) {
    // The key of its properties class: the name and the property slots.
    out.append(slots.size() + 1);
    out.append(toWord(op->getName().getAsOpaquePointer()));
    for (Attribute slot : slots)
      out.append(toWord(slot.getAsOpaquePointer()));
  } else {
    out.append(0);
  }
  out.append(toWord(op->getPackedLoc().getAsOpaquePointer()));

  // Use lists in the reference order (descending use ID, see getUseID)
  // need no use-list order: each use must come after the next one.
  OpOperand *operands = op->getOpOperands().data();
  for (unsigned i = 0; i < numOperands; ++i) {
    OpOperand *next = operands[i].getNextOperandUsingThisValue();
    if (!next)
      continue;
    Operation *owner = next->getOwner();
    if (owner == op ? next > &operands[i] : owner->orderIndex > id) {
      out.append(kStreamUnorderedUses);
      out.append(toWord(operands[i].get().getImpl()));
    }
  }
}

void IRNumberingState::produceRegion(Region *region, unsigned firstID, RegionWorklist &worklist,
                                     NumberingStream &out, function_ref<void()> flush) {
  if (region->empty())
    return;
  unsigned nextValueID = firstID;
  size_t firstNested = worklist.size();
  unsigned blockIndex = 0;
  for (Block &block : *region) {
    unsigned numArgs = block.getNumArguments();
    out.reserveMore(5 + 2 * size_t(numArgs));
    out.append(kStreamBlock);
    out.append(toWord(&block));
    out.append(blockIndex++);
    out.append(nextValueID);
    out.append(numArgs);
    for (unsigned i = 0; i < numArgs; ++i) {
      BlockArgument arg = block.getArgument(i);
      out.append(toWord(arg.getPackedLoc().getAsOpaquePointer()));
      out.append(toWord(arg.getType().getAsOpaquePointer()));
    }
    nextValueID += numArgs;
    unsigned numOps = 0;
    for (Operation &op : block) {
      produceOperation(&op, nextValueID, out);
      ++numOps;
      if (unsigned numRegions = op.getNumRegions()) {
        unsigned nestedFirstID = isIsolatedFromAbove(&op) ? 0 : kPendingValueID;
        for (unsigned i = 0; i < numRegions; ++i)
          worklist.push_back({&op.getRegion(i), nestedFirstID});
      }
      if (out.size() >= kStreamSegmentWords)
        flush();
    }
    out.reserveMore(3);
    out.append(kStreamBlockEnd);
    out.append(toWord(&block));
    out.append(numOps);
  }
  out.reserveMore(3);
  out.append(kStreamRegionEnd);
  out.append(toWord(&region->front()));
  out.append(nextValueID - firstID);
  // The regions it queued (for its operations, in order) continue after its
  // values.
  for (size_t i = firstNested; i < worklist.size(); ++i)
    if (worklist[i].second == kPendingValueID)
      worklist[i].second = nextValueID;
}

void IRNumberingState::produceRegionTree(Region *region, unsigned firstID, NumberingStream &out,
                                         function_ref<void()> flush) {
  RegionWorklist worklist{{region, firstID}};
  while (!worklist.empty()) {
    auto [next, nextFirstID] = worklist.back();
    worklist.pop_back();
    produceRegion(next, nextFirstID, worklist, out, flush);
  }
}

void IRNumberingState::consume(ArrayRef<uint64_t> stream) {
  const uint64_t *p = stream.data(), *end = p + stream.size();
  while (p != end) {
    switch (*p++) {
    case kStreamOp: {
      auto *op = toPtr<Operation>(*p++);
      OpRecord &rec = records[*p++];
      rec.firstValueID = unsigned(*p++);
      number(OperationName(toPtr<OperationName::Impl>(*p++)));
      for (uint64_t i = 0, e = *p++; i < e; ++i)
        number(Type::getFromOpaquePointer(toPtr<void>(*p++)));
      if (uint64_t dict = *p++)
        rec.dict = uint32_t(attrStorage.indexOf(number(Attribute::getFromOpaquePointer(toPtr<void>(dict)))));
      if (uint64_t keySize = *p++) {
        rec.propertiesClass = numberProperties(op, ArrayRef<uint64_t>(p, keySize));
        p += keySize;
      }
      rec.loc = numberIndex(PackedLocation::getFromOpaquePointer(toPtr<void>(*p++)));
      break;
    }
    case kStreamBlock: {
      auto *block = toPtr<Block>(*p++);
      unsigned index = unsigned(*p++), firstArgID = unsigned(*p++);
      uint64_t numArgs = *p++;
      blockInfos.insert(block, BlockInfo{index, firstArgID, unsigned(argLocs.size()), 0});
      for (uint64_t i = 0; i < numArgs; ++i) {
        argLocs.push_back(number(PackedLocation::getFromOpaquePointer(toPtr<void>(*p++))));
        number(Type::getFromOpaquePointer(toPtr<void>(*p++)));
      }
      break;
    }
    case kStreamBlockEnd: {
      auto *block = toPtr<Block>(*p++);
      blockInfos.lookup(block)->numOps = unsigned(*p++);
      break;
    }
    case kStreamRegionEnd: {
      auto *entryBlock = toPtr<Block>(*p++);
      blockInfos.lookup(entryBlock)->regionValues = unsigned(*p++);
      break;
    }
    case kStreamUnorderedUses: {
      Value value(toPtr<detail::ValueImpl>(*p++));
      if (auto result = dyn_cast<OpResult>(value))
        records[result.getOwner()->orderIndex].hasUnorderedUses = 1;
      else
        unorderedArgBlocks.insert(cast<BlockArgument>(value).getOwner(), true);
      break;
    }
    default:
      assert(false && "corrupt numbering stream");
      return;
    }
  }
}

void IRNumberingState::numberNestedRegions(const RegionWorklist &regions) {
  // Last queued first, each region with everything nested in it.
  NumberingStream stream;
  auto flush = [&] {
    consume(stream.getWords());
    stream.clear();
  };
  for (size_t k = regions.size(); k-- > 0;) {
    produceRegionTree(regions[k].first, regions[k].second, stream, flush);
    flush();
  }
}

/// Mixes `value` into the hash `h`.
static uint64_t hashCombine(uint64_t h, uint64_t value) {
  h ^= value;
  h *= 0x9E3779B97F4A7C15ULL;
  return h ^ (h >> 29);
}

uint32_t IRNumberingState::numberProperties(Operation *op, ArrayRef<uint64_t> key) {
  uint64_t hash = 0;
  for (uint64_t word : key)
    hash = hashCombine(hash, word);

  if ((propertiesClasses.size() + 1) * 2 > classTable.size()) {
    // Rehash at half load.
    std::vector<uint32_t> old = std::move(classTable);
    classTable.assign(old.empty() ? 64 : old.size() * 2, ~0u);
    size_t mask = classTable.size() - 1;
    for (uint32_t index : old) {
      if (index == ~0u)
        continue;
      const PropertiesClass &c = propertiesClasses[index];
      uint64_t h = 0;
      for (size_t i = c.keyOffset; i < c.keyOffset + c.keySize; ++i)
        h = hashCombine(h, keyStore[i]);
      size_t b = size_t(h) & mask;
      while (classTable[b] != ~0u)
        b = (b + 1) & mask;
      classTable[b] = index;
    }
  }
  size_t mask = classTable.size() - 1;
  size_t bucket = size_t(hash) & mask;
  for (; classTable[bucket] != ~0u; bucket = (bucket + 1) & mask) {
    PropertiesClass &c = propertiesClasses[classTable[bucket]];
    if (c.keySize != key.size())
      continue;
    const uint64_t *stored = keyStore.data() + c.keyOffset;
    size_t i = 0;
    while (i < key.size() && stored[i] == key[i])
      ++i;
    if (i != key.size())
      continue;
    // Seen before: the same references again.
    for (size_t i = c.refsOffset; i < c.refsOffset + c.refsSize; ++i)
      ++*refStore[i];
    return classTable[bucket];
  }

  uint32_t index = uint32_t(propertiesClasses.size());
  classTable[bucket] = index;
  PropertiesClass &c = propertiesClasses.emplace_back();
  c.keyOffset = uint32_t(keyStore.size());
  c.keySize = uint32_t(key.size());
  c.op = op;
  keyStore.insert(keyStore.end(), key.begin(), key.end());
  const ForeignOpLayout *foreign = getForeignLayout(op);
  std::vector<WorkItem> refs;
  if (op->isRegistered() || foreign) {
    NumberingWriter writer(*this, refs);
    writeOpProperties(op, writer, foreign);
  } else {
    refs.push_back({getUnregisteredProperties(op).getAsOpaquePointer(), false});
  }
  c.refsOffset = uint32_t(refStore.size());
  c.refsSize = uint32_t(refs.size());
  for (const WorkItem &item : refs) {
    unsigned *refCount = item.isType ? &visitType(item.ptr)->refCount : &visitAttribute(item.ptr)->refCount;
    drainWorklist();
    refStore.push_back(refCount);
  }
  return index;
}

const void *IRNumberingState::getKey(Attribute attr) const {
  if (auto loc = dyn_cast<FileLineColRange>(attr))
    if (loc.isFileLineColLoc()) {
      StringAttr file = loc.getFilename();
      int fileIndex = PackedLocation::getFileIndex(context, file);
      PackedLocation packed =
          PackedLocation::getFileLineCol(context, fileIndex, file, loc.getStartLine(), loc.getStartColumn());
      if (packed.isPacked())
        return packed.getAsOpaquePointer();
    }
  return attr.getAsOpaquePointer();
}

void IRNumberingState::finalizeResources() {
  // Per dialect, the resources with data first (in the order the dialect
  // builds them: reference order for the builtin dialect), then the
  // declarations, as mlir-opt numbers them.
  unsigned next = 0;
  for (DialectNumbering *d : orderedDialects) {
    if (d->resources.empty())
      continue;
    if (d->isBuiltin) {
      for (ResourceNumbering *r : d->resources)
        if (r->handle.getBlob()) {
          r->number = next++;
          r->isDeclaration = false;
        }
    } else {
      /// Numbers the entries the dialect builds (by key, as mlir-opt).
      struct Numberer : DialectResourceBuilder {
        DialectNumbering &d;
        unsigned &next;
        Numberer(DialectNumbering &d, unsigned &next) : d(d), next(next) {}
        void numberEntry(std::string_view key) {
          for (ResourceNumbering *r : d.resources)
            if (r->key == key) {
              r->number = next++;
              r->isDeclaration = false;
              return;
            }
        }
        void buildBlob(std::string_view key, const AsmResourceBlob &) override { numberEntry(key); }
        void buildBool(std::string_view key, bool) override { numberEntry(key); }
        void buildString(std::string_view key, std::string_view) override { numberEntry(key); }
      } numberer(*d, next);
      std::vector<const void *> handles;
      for (ResourceNumbering *r : d->resources)
        handles.push_back(r->dialectHandle);
      d->dialect->buildResources(handles, numberer);
    }
    for (ResourceNumbering *r : d->resources)
      if (r->isDeclaration)
        r->number = next++;
  }
}
