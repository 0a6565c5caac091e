//===- IRNumbering.cpp - Numbers IR components for the bytecode writer ----===//
#include "IRNumbering.h"

#include "Encoding.h"
#include "lamina/IR/BuiltinDialect.h"
#include "lamina/IR/BuiltinLocations.h"
#include "lamina/IR/MLIRContext.h"

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
  NumberingWriter(IRNumberingState &state, int64_t version) : state(state), version(version) {}

  /// Attributes and types referenced, in the order they were written.
  std::vector<WorkItem> children;

  int64_t getBytecodeVersion() const override { return version; }
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
  int64_t version;
};

//===----------------------------------------------------------------------===//
// IRNumberingState
//===----------------------------------------------------------------------===//

/// Sorts each byte-sized prefix of `range` (the entries a varint of 1, 2, ...
/// bytes can index) by dialect, starting with the last dialect of the
/// previous prefix, so that dialect groups are long and few.
template <typename T> static void groupByDialectPerByte(std::vector<T *> &range) {
  if (range.empty())
    return;
  unsigned dialectToOrderFirst = 0;
  size_t elementsInByteGroup = 0;
  size_t begin = 0;
  for (unsigned i = 1; i < 9; ++i) {
    elementsInByteGroup = (size_t(1) << (7 * i)) - elementsInByteGroup;
    size_t end = std::min(range.size(), begin + elementsInByteGroup);
    std::stable_sort(range.begin() + begin, range.begin() + end, [&](const T *lhs, const T *rhs) {
      if (lhs->dialect->number == dialectToOrderFirst)
        return rhs->dialect->number != dialectToOrderFirst;
      if (rhs->dialect->number == dialectToOrderFirst)
        return false;
      return lhs->dialect->number < rhs->dialect->number;
    });
    dialectToOrderFirst = range[end - 1]->dialect->number;
    begin = end;
    if (begin == range.size())
      break;
  }
  for (size_t i = 0; i < range.size(); ++i)
    range[i]->number = unsigned(i);
}

IRNumberingState::IRNumberingState(Operation *rootOp, int64_t bytecodeVersion)
    : version(bytecodeVersion), context(rootOp->getContext()) {
  computeGlobalNumberingState(rootOp);
  numberOperation(rootOp);

  // Regions are numbered from a LIFO worklist (as MLIR does, which fixes the
  // order attributes are first seen in). Values of a region continue the
  // numbering of the enclosing regions unless its op is isolated.
  std::vector<std::pair<Region *, unsigned>> numberContext;
  auto addOpRegionsToNumber = [&](Operation *op) {
    if (!op->getNumRegions())
      return;
    unsigned firstValueID = isIsolatedFromAbove(op) ? 0 : nextValueID;
    for (Region &region : op->getRegions())
      numberContext.emplace_back(&region, firstValueID);
  };
  addOpRegionsToNumber(rootOp);
  while (!numberContext.empty()) {
    auto [region, firstID] = numberContext.back();
    numberContext.pop_back();
    nextValueID = firstID;
    numberRegion(region);
    for (Block &block : *region)
      for (Operation &op : block)
        addOpRegionsToNumber(&op);
  }

  for (size_t i = 0; i < orderedDialects.size(); ++i)
    orderedDialects[i]->number = unsigned(i);

  // Most referenced first, then grouped by dialect within each byte size.
  auto byRefCount = [](const auto *lhs, const auto *rhs) { return lhs->refCount > rhs->refCount; };
  std::stable_sort(orderedAttrs.begin(), orderedAttrs.end(), byRefCount);
  std::stable_sort(orderedOpNames.begin(), orderedOpNames.end(), byRefCount);
  std::stable_sort(orderedTypes.begin(), orderedTypes.end(), byRefCount);
  groupByDialectPerByte(orderedAttrs);
  groupByDialectPerByte(orderedOpNames);
  groupByDialectPerByte(orderedTypes);

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
  // Isolation status: absent = unknown.
  PointerMap<const void *, bool> status;
  unsigned operationID = 0;

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
          status[opStack[i].op] = false;
        }
      }
    }
    opInfos.insert(op, OpInfo{operationID++, 0});
    if (!op->isRegistered())
      decideForeignLayout(op);
    if (op->hasTrait<OpTrait::IsIsolatedFromAbove>())
      status[op] = true;
    if (op->getNumRegions())
      opStack.push_back({op, !status.contains(op)});
  };
  auto visitAfter = [&](Operation *op) {
    opStack.pop_back();
    bool *s = status.lookup(op);
    isolated.insert(op, s ? *s : true);
  };

  // Iterative pre-order walk with a callback after an op's regions.
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
      Operation *op = f.op;
      frames.pop_back();
      visitAfter(op);
      continue;
    }
    f.block = nextBlock;
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

DialectNumbering &IRNumberingState::numberDialect(Dialect *dialect) {
  if (DialectNumbering **d = dialectsByPtr.lookup(dialect))
    return **d;
  DialectNumbering &d = numberDialect(dialect->getNamespace());
  dialectsByPtr.insert(dialect, &d);
  d.isLoaded = true;
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

void IRNumberingState::number(Attribute attr) {
  if (AttrNumbering **n = attrs.lookup(getKey(attr))) {
    ++(*n)->refCount;
    return;
  }
  worklist.push_back({attr.getAsOpaquePointer(), false});
  drainWorklist();
}

void IRNumberingState::number(Type type) {
  if (TypeNumbering **n = types.lookup(type.getAsOpaquePointer())) {
    ++(*n)->refCount;
    return;
  }
  worklist.push_back({type.getAsOpaquePointer(), true});
  drainWorklist();
}

void IRNumberingState::number(DenseResourceElementsHandle handle) {
  auto [slot, inserted] = resourceIndex.insert(handle.getEntry(), nullptr);
  if (!inserted)
    return;
  ResourceNumbering &r = resourceStorage.emplace_back();
  r.handle = handle;
  slot->second = &r;
  numberDialect("builtin").resources.push_back(&r);
}

void IRNumberingState::drainWorklist() {
  // Pre-order through the encodings: an entry is numbered, then what its
  // encoding references, in the order it is written.
  while (!worklist.empty()) {
    WorkItem item = worklist.back();
    worklist.pop_back();
    NumberingWriter writer(*this, version);
    if (!item.isType) {
      const void *key = getKey(Attribute::getFromOpaquePointer(item.ptr));
      if (key != item.ptr) {
        // A plain file:line:col: the entry of its packed form, then (pre-order)
        // the file name.
        if (StringAttr file = numberPackedLocation(PackedLocation::getFromOpaquePointer(key)))
          worklist.push_back({file.getAsOpaquePointer(), false});
        continue;
      }
      auto [slot, inserted] = attrs.insert(item.ptr, nullptr);
      if (!inserted) {
        ++slot->second->refCount;
        continue;
      }
      Attribute attr = Attribute::getFromOpaquePointer(item.ptr);
      AttrNumbering &n = attrStorage.emplace_back(attr);
      slot->second = &n;
      orderedAttrs.push_back(&n);
      // Attributes of dialects that were not loaded are written as if the
      // dialect was.
      if (auto opaque = dyn_cast<OpaqueAttr>(attr)) {
        n.dialect = &numberDialect(opaque.getDialectNamespace().getValue());
        continue;
      }
      n.dialect = &numberDialect(&attr.getDialect());
      if (!n.dialect->isBuiltin || !writeBuiltinAttribute(attr, writer))
        continue;
    } else {
      auto [slot, inserted] = types.insert(item.ptr, nullptr);
      if (!inserted) {
        ++slot->second->refCount;
        continue;
      }
      Type type = Type::getFromOpaquePointer(item.ptr);
      TypeNumbering &n = typeStorage.emplace_back(type);
      slot->second = &n;
      orderedTypes.push_back(&n);
      if (auto opaque = dyn_cast<OpaqueType>(type)) {
        n.dialect = &numberDialect(opaque.getDialectNamespace().getValue());
        continue;
      }
      n.dialect = &numberDialect(&type.getDialect());
      if (!n.dialect->isBuiltin || !writeBuiltinType(type, writer))
        continue;
    }
    worklist.insert(worklist.end(), writer.children.rbegin(), writer.children.rend());
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

void IRNumberingState::numberOperation(Operation *op) {
  number(op->getName());
  if (unsigned numResults = op->getNumResults()) {
    opInfos.lookup(op)->firstResultID = nextValueID;
    nextValueID += numResults;
    for (unsigned i = 0; i < numResults; ++i)
      number(op->getResult(i).getType());
  }
  const ForeignOpLayout *foreign = getForeignLayout(op);
  DictionaryAttr dict = getWrittenAttrDictionary(op, version, foreign);
  if (!dict.empty())
    number(dict);
  if (version >= int64_t(kNativePropertiesEncoding) && hasProperties(op, foreign)) {
    if (op->isRegistered() || foreign) {
      NumberingWriter writer(*this, version);
      writeOpProperties(op, writer, foreign);
      for (WorkItem &item : writer.children) {
        worklist.push_back(item);
        drainWorklist();
      }
    } else {
      number(op->getPropertySlots()[0]);
    }
  }
  number(op->getPackedLoc());
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

void IRNumberingState::number(PackedLocation loc) {
  if (!loc.isPacked()) {
    number(Attribute(LocationAttr(loc.get(nullptr))));
    return;
  }
  // The same entry as the FileLineColLoc it stands for: numbered, then the
  // file name its encoding references.
  if (StringAttr file = numberPackedLocation(loc))
    number(Attribute(file));
}

StringAttr IRNumberingState::numberPackedLocation(PackedLocation loc) {
  auto [slot, inserted] = attrs.insert(loc.getAsOpaquePointer(), nullptr);
  if (!inserted) {
    ++slot->second->refCount;
    return StringAttr();
  }
  AttrNumbering &n = attrStorage.emplace_back(Attribute());
  n.packedLoc = loc;
  slot->second = &n;
  orderedAttrs.push_back(&n);
  StringAttr file = loc.getPackedFile(context);
  n.dialect = &numberDialect(&file.getDialect()); // builtin
  return file;
}

void IRNumberingState::numberRegion(Region *region) {
  if (region->empty())
    return;
  unsigned firstValueID = nextValueID;
  unsigned blockIndex = 0;
  for (Block &block : *region) {
    blockInfos.insert(&block, BlockInfo{blockIndex++, nextValueID});
    for (unsigned i = 0, e = block.getNumArguments(); i < e; ++i) {
      BlockArgument arg = block.getArgument(i);
      ++nextValueID;
      number(arg.getPackedLoc());
      number(arg.getType());
    }
    for (Operation &op : block)
      numberOperation(&op);
  }
  regionValueCounts.insert(region, nextValueID - firstValueID);
}

void IRNumberingState::finalizeResources() {
  // Resources with data first (in reference order), then declarations.
  unsigned next = 0;
  for (DialectNumbering *d : orderedDialects) {
    for (ResourceNumbering *r : d->resources)
      if (r->handle.getBlob()) {
        r->number = next++;
        r->isDeclaration = false;
      }
    for (ResourceNumbering *r : d->resources)
      if (r->isDeclaration)
        r->number = next++;
  }
}

