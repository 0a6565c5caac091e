//===- IRNumbering.h - Numbers IR components for the bytecode writer -------===//
//
// Private to the Bytecode library. Before anything is written, the writer
// numbers every dialect, operation name, attribute, type, dense resource,
// value and block the IR references, exactly as MLIR's writer does (same
// traversal order, reference-count sort and per-byte dialect grouping), so
// the output matches mlir-opt's byte for byte. Every traversal is iterative.
//
// What the writer needs per operation is kept in a dense table indexed by the
// operation's pre-order number, which the numbering stores in
// Operation::orderIndex (invalidating the cached block orders it replaces):
// writing an operation then costs no lookup in the large tables.
//
#pragma once

#include "BuiltinDialectBytecode.h"
#include "ForeignOpLayouts.h"
#include "HugePageStorage.h"
#include "lamina/IR/Dialect.h"
#include "lamina/IR/Operation.h"
#include "lamina/Support/DenseMap.h"

#include <algorithm>
#include <deque>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace lamina::bytecode {

struct DialectNumbering;

/// A dialect resource referenced by the IR: a dense_resource entry of the
/// builtin dialect, or the handle of another dialect's resource (one with
/// resource hooks, referenced by attributes written as text).
struct ResourceNumbering {
  /// The builtin dialect's entry (null for other dialects).
  DenseResourceElementsHandle handle;
  /// Another dialect's handle (see Dialect::declareResource).
  const void *dialectHandle = nullptr;
  /// The key the resource is written under.
  std::string_view key;
  unsigned number = 0;
  /// True until the dialect emits data for it (no data: a declaration).
  bool isDeclaration = true;
};

/// A dialect referenced by the IR.
struct DialectNumbering {
  std::string_view name;
  unsigned number = 0;
  /// The builtin dialect: it has the custom encodings and the resources.
  bool isBuiltin = false;
  /// Implemented by Lamina (loaded in the context).
  bool isLoaded = false;
  /// The loaded dialect (null if not loaded).
  const Dialect *dialect = nullptr;
  /// Its custom attribute/type encodings (null if none; not the builtin
  /// dialect's, which are written directly).
  const BytecodeDialectInterface *interface = nullptr;
  /// Resources referenced, in first-reference order.
  std::vector<ResourceNumbering *> resources;
};

/// An attribute, type or operation name back from its opaque pointer.
template <typename T> T fromOpaquePointer(const void *p) { return T::getFromOpaquePointer(p); }
template <> inline OperationName fromOpaquePointer<OperationName>(const void *p) {
  return OperationName(static_cast<OperationName::Impl *>(const_cast<void *>(p)));
}

/// An attribute, type or operation name referenced by the IR.
template <typename T> struct EntryNumbering {
  explicit EntryNumbering(T value) : bits(value.getAsOpaquePointer()) {}
  /// For attributes: an operation or block-argument location kept packed
  /// (file:line:col, see PackedLocation), numbered and written without
  /// creating the attribute.
  explicit EntryNumbering(PackedLocation loc) : bits(loc.getAsOpaquePointer()) {}
  /// The value (null for a packed location).
  T getValue() const { return isPackedLocation() ? T() : fromOpaquePointer<T>(bits); }
  /// The packed location (null if the entry holds a value).
  PackedLocation getPackedLocation() const {
    return isPackedLocation() ? PackedLocation::getFromOpaquePointer(bits) : PackedLocation();
  }
  bool isPackedLocation() const { return reinterpret_cast<uintptr_t>(bits) & 1; }

  /// The value's opaque pointer (aligned), or the packed location's bits
  /// (odd): one word per entry, there being an entry per operation.
  const void *bits;
  unsigned refCount = 1;
  unsigned number = 0;
  DialectNumbering *dialect = nullptr;
};
using AttrNumbering = EntryNumbering<Attribute>;
using TypeNumbering = EntryNumbering<Type>;
using OpNameNumbering = EntryNumbering<OperationName>;

/// Whether `op` has properties to write. `foreign` is the layout an
/// unregistered operation is written with (see
/// IRNumberingState::getForeignLayout), if any.
bool hasProperties(Operation *op, const ForeignOpLayout *foreign);

/// Writes an operation's properties through `writer`: the op's hook, one
/// optional attribute per inherent attribute slot, or the native encoding of
/// `foreign` (for an unregistered operation; without a layout its properties
/// are one attribute, which the caller writes).
void writeOpProperties(Operation *op, DialectBytecodeWriter &writer, const ForeignOpLayout *foreign);

/// The attribute dictionary written for `op`: its discardable attributes,
/// plus (before version 5, where properties have no section) the inherent
/// attributes of a registered operation, or the properties of an
/// unregistered one written with a `foreign` layout.
DictionaryAttr getWrittenAttrDictionary(Operation *op, int64_t version, const ForeignOpLayout *foreign);

/// The properties of the operations with one name and the same property
/// slots. An encoding only reads the name and the slots, so these operations
/// share one payload: it is encoded (and its references counted) once.
struct PropertiesClass {
  /// Where the name and slots of the class are in the key store.
  uint32_t keyOffset = 0, keySize = 0;
  /// The reference counts of what the payload references (in the entries).
  uint32_t refsOffset = 0, refsSize = 0;
  /// The index of the payload in the properties section, once written.
  uint32_t sectionIndex = ~0u;
  /// An operation of the class (the first one numbered).
  Operation *op = nullptr;
};

/// What the writer needs of one operation.
struct OpRecord {
  static constexpr uint32_t kNoEntry = ~0u;
  /// The entry of its location (an index in the attribute entries: see
  /// IRNumberingState::getEntry).
  uint32_t loc = kNoEntry;
  /// The entry of its written attribute dictionary (kNoEntry if empty).
  uint32_t dict = kNoEntry;
  /// The value number of its first result.
  uint32_t firstValueID = 0;
  /// Its PropertiesClass (kNoProperties if it writes none).
  uint32_t propertiesClass : 30;
  /// No operation in its regions uses a value defined outside of it.
  uint32_t isolated : 1;
  /// The uses of one of its results are not in the order reading recreates
  /// (see IRNumberingState::hasUnorderedUses).
  uint32_t hasUnorderedUses : 1;
  static constexpr uint32_t kNoProperties = (1u << 30) - 1;
  OpRecord() : propertiesClass(kNoProperties), isolated(0), hasUnorderedUses(0) {}
};

/// Finds the entries of packed locations (keyed by their bits). Consecutive
/// operations usually sit on consecutive lines of one file, so each file
/// has an array of chain heads indexed by line (up to a bound that keeps it
/// small next to the number of locations; later lines go through a hash
/// map): numbering the operations of a region walks these arrays almost
/// sequentially instead of touching one random hash slot per operation.
class PackedLocationTable {
public:
  /// `entries` holds the attribute entries, which the table refers to by
  /// index (the location is the entry's).
  explicit PackedLocationTable(const HugePageArena<AttrNumbering> &entries) : entries(entries) {}
  /// Reserves room for `n` locations; lines below a bound proportional to
  /// it are indexed directly.
  void reserve(size_t n) {
    nodes.reserve(n);
    maxDirectLine = std::max<size_t>(size_t(1) << 16, 4 * n);
  }
  /// The slot of `loc`'s entry index, and whether it was just added: the
  /// caller then stores the index of a new entry holding `loc` before
  /// anything else is looked up or inserted. The slot is valid until the
  /// next insertion.
  std::pair<uint32_t *, bool> insert(PackedLocation loc) {
    uint32_t &head = getHead(loc);
    for (uint32_t n = head; n != kNone; n = nodes[n].next)
      if (entries[nodes[n].entry].getPackedLocation() == loc)
        return {&nodes[n].entry, false};
    nodes.push_back({kNone, head});
    head = uint32_t(nodes.size() - 1);
    return {&nodes.back().entry, true};
  }
  /// The entry index of `loc`, or kNone.
  uint32_t lookup(PackedLocation loc) const {
    uint32_t head = kNone;
    unsigned file = loc.getPackedFileIndex(), line = loc.getPackedLine();
    if (line < maxDirectLine) {
      if (file < lineHeads.size() && line < lineHeads[file].size())
        head = lineHeads[file][line];
    } else if (const uint32_t *h = farHeads.lookup(getLineKey(loc))) {
      head = *h;
    }
    for (uint32_t n = head; n != kNone; n = nodes[n].next)
      if (entries[nodes[n].entry].getPackedLocation() == loc)
        return nodes[n].entry;
    return kNone;
  }
  static constexpr uint32_t kNone = ~0u;

private:
  /// File index and line, as a (non-null) pointer-sized key.
  static const void *getLineKey(PackedLocation loc) {
    uint64_t key = (uint64_t(loc.getPackedLine()) << (PackedLocation::kFileBits + 1)) |
                   (uint64_t(loc.getPackedFileIndex()) << 1) | 1;
    return reinterpret_cast<const void *>(uintptr_t(key));
  }
  /// The head of the chain of `loc`'s file and line (created if needed).
  uint32_t &getHead(PackedLocation loc) {
    unsigned file = loc.getPackedFileIndex(), line = loc.getPackedLine();
    if (line >= maxDirectLine)
      return farHeads.insert(getLineKey(loc), kNone).first->second;
    if (file >= lineHeads.size())
      lineHeads.resize(file + 1);
    std::vector<uint32_t> &heads = lineHeads[file];
    if (line >= heads.size())
      heads.resize(std::min<size_t>(std::max<size_t>(size_t(line) + 1, 2 * heads.size()), maxDirectLine), kNone);
    return heads[line];
  }

  /// Eight bytes a node, one per operation.
  struct Node {
    /// The index of the entry.
    uint32_t entry;
    /// The next location of the same file and line, or kNone.
    uint32_t next;
  };
  const HugePageArena<AttrNumbering> &entries;
  /// Per file index, the chain heads of lines below maxDirectLine.
  std::vector<std::vector<uint32_t>> lineHeads;
  /// The chain heads of later lines, by getLineKey.
  PointerMap<const void *, uint32_t> farHeads;
  HugePageVector<Node> nodes;
  size_t maxDirectLine = size_t(1) << 16;
};

/// A growable buffer of numbering stream words (see IRNumbering.cpp): room
/// is reserved once per operation, then words are appended unchecked.
class NumberingStream {
public:
  NumberingStream() = default;
  NumberingStream(const NumberingStream &) = delete;
  NumberingStream(NumberingStream &&other) noexcept
      : words(other.words), length(other.length), capacity(other.capacity) {
    other.words = nullptr;
    other.length = other.capacity = 0;
  }
  NumberingStream &operator=(NumberingStream &&other) noexcept {
    std::swap(words, other.words);
    std::swap(length, other.length);
    std::swap(capacity, other.capacity);
    return *this;
  }
  ~NumberingStream() { std::free(words); }

  /// Makes room for `n` more words.
  void reserveMore(size_t n) {
    if (capacity - length < n)
      grow(n);
  }
  /// Appends a word (room must have been reserved).
  void append(uint64_t word) { words[length++] = word; }
  size_t size() const { return length; }
  void clear() { length = 0; }
  ArrayRef<uint64_t> getWords() const { return ArrayRef<uint64_t>(words, length); }

private:
  void grow(size_t n) {
    size_t newCapacity = std::max<size_t>(capacity * 2, 1024);
    while (newCapacity - length < n)
      newCapacity *= 2;
    auto *newWords = static_cast<uint64_t *>(std::realloc(words, newCapacity * sizeof(uint64_t)));
    if (!newWords)
      std::abort();
    words = newWords;
    capacity = newCapacity;
  }
  uint64_t *words = nullptr;
  size_t length = 0, capacity = 0;
};

/// The numbering of one IR tree.
class IRNumberingState {
public:
  IRNumberingState(Operation *rootOp, int64_t bytecodeVersion);

  unsigned getNumber(Attribute attr) const {
    const void *key = getKey(attr);
    if (isLocationKey(key))
      return attrStorage[locs.lookup(PackedLocation::getFromOpaquePointer(key))].number;
    return (*attrs.lookup(key))->number;
  }
  /// The key of an attribute in the numbering: a plain file:line:col
  /// location is keyed by its packed form, so that it and the operation
  /// locations kept packed are one entry, as they are one attribute.
  const void *getKey(Attribute attr) const;
  unsigned getNumber(Type type) const { return (*types.lookup(type.getAsOpaquePointer()))->number; }
  unsigned getNumber(OperationName name) const { return (*opNames.lookup(name.getAsOpaquePointer()))->number; }
  unsigned getNumber(Value value) const {
    if (auto result = dyn_cast<OpResult>(value))
      return getRecord(result.getOwner()).firstValueID + result.getResultNumber();
    auto arg = cast<BlockArgument>(value);
    return blockInfos.lookup(arg.getOwner())->firstArgID + arg.getArgNumber();
  }
  unsigned getNumber(Block *block) const { return blockInfos.lookup(block)->index; }
  unsigned getNumber(DenseResourceElementsHandle handle) const {
    return (*resourceIndex.lookup(handle.getEntry()))->number;
  }
  /// What the writer needs of `op` (numbered by this state).
  const OpRecord &getRecord(Operation *op) const { return records[op->orderIndex]; }
  /// The attribute entry of an OpRecord (see OpRecord::loc).
  const AttrNumbering &getEntry(uint32_t index) const { return attrStorage[index]; }
  /// Pre-order number of an operation (for use-list orders).
  static unsigned getOperationID(Operation *op) { return op->orderIndex; }
  /// The entries of the locations of `block`'s arguments.
  const AttrNumbering *const *getArgumentLocations(Block *block) const {
    return argLocs.data() + blockInfos.lookup(block)->firstArgLoc;
  }
  /// Number of operations in `block`.
  unsigned getNumOperations(Block *block) const { return blockInfos.lookup(block)->numOps; }
  /// Whether the uses of one of `block`'s arguments are not in the order
  /// reading the bytecode recreates (descending use ID), so that a use-list
  /// order must be written. (For results: OpRecord::hasUnorderedUses.)
  bool hasUnorderedUses(Block *block) const {
    return !unorderedArgBlocks.empty() && unorderedArgBlocks.contains(block);
  }
  /// Number of values defined directly in a non-empty region.
  unsigned getRegionValueCount(Region *region) const { return blockInfos.lookup(&region->front())->regionValues; }
  /// Whether no operation in `op`'s regions uses a value defined outside it.
  bool isIsolatedFromAbove(Operation *op) const { return getRecord(op).isolated; }
  /// The layout the unregistered operations named `name` are written with
  /// (as mlir-opt, which registers them, writes them), or null: written as
  /// unregistered, because no layout is known or because one of them has
  /// properties the layout cannot encode.
  const ForeignOpLayout *getForeignLayout(OperationName name) const {
    const ForeignOpLayout *const *layout = foreignLayouts.lookup(name.getAsOpaquePointer());
    return layout ? *layout : nullptr;
  }
  const ForeignOpLayout *getForeignLayout(Operation *op) const {
    return op->isRegistered() ? nullptr : getForeignLayout(op->getName());
  }
  /// The properties classes (see OpRecord::propertiesClass); the writer
  /// records their section index.
  std::vector<PropertiesClass> &getPropertiesClasses() { return propertiesClasses; }
  const std::vector<PropertiesClass> &getPropertiesClasses() const { return propertiesClasses; }
  /// The records of all operations, by pre-order number.
  const HugePageVector<OpRecord> &getRecords() const { return records; }

  ArrayRef<DialectNumbering *> getDialects() const { return orderedDialects; }
  ArrayRef<AttrNumbering *> getAttributes() const { return orderedAttrs; }
  ArrayRef<TypeNumbering *> getTypes() const { return orderedTypes; }
  ArrayRef<OpNameNumbering *> getOpNames() const { return orderedOpNames; }
  int64_t getBytecodeVersion() const { return version; }
  MLIRContext *getContext() const { return context; }

  /// Numbers an attribute/type and everything its encoding references;
  /// returns its entry.
  AttrNumbering *number(Attribute attr);
  TypeNumbering *number(Type type);
  void number(DenseResourceElementsHandle handle);
  /// Numbers the resources of a dialect with resource hooks.
  void number(const Dialect *dialect, ArrayRef<const void *> handles);
  /// Numbers a location as stored in an operation or block argument.
  AttrNumbering *number(PackedLocation loc) { return &attrStorage[numberIndex(loc)]; }
  /// number(loc) as the index of the entry.
  uint32_t numberIndex(PackedLocation loc);

  /// The number of such a location.
  unsigned getNumber(PackedLocation loc) const {
    return loc.isPacked() ? attrStorage[locs.lookup(loc)].number
                          : getNumber(Attribute(LocationAttr(loc.get(nullptr))));
  }

private:
  class NumberingWriter;

  /// Whether `key` (see getKey) stands for a packed location.
  static bool isLocationKey(const void *key) { return reinterpret_cast<uintptr_t>(key) & 1; }

  void computeGlobalNumberingState(Operation *rootOp);
  /// Records whether unregistered `op` (and the others of its name) can be
  /// written with the layout mlir-opt has for it.
  void decideForeignLayout(Operation *op);
  /// Regions to number, with the number of their first value
  /// (kPendingValueID: after the values of the region being numbered).
  using RegionWorklist = std::vector<std::pair<Region *, unsigned>>;
  /// Streams what numbering `op` references (see the .cpp file); its values
  /// start at `nextValueID`, which moves past them.
  void produceOperation(Operation *op, unsigned &nextValueID, NumberingStream &out);
  /// Streams the numbering of the blocks and operations of `region`, and
  /// queues the regions of its operations on `worklist`. Calls `flush`
  /// between operations once `out` holds kStreamSegmentWords.
  void produceRegion(Region *region, unsigned firstID, RegionWorklist &worklist, NumberingStream &out,
                     function_ref<void()> flush);
  /// produceRegion for `region` and everything nested in it, in LIFO order.
  void produceRegionTree(Region *region, unsigned firstID, NumberingStream &out,
                         function_ref<void()> flush);
  /// Counts the references of a stream in the tables.
  void consume(ArrayRef<uint64_t> stream);
  /// Numbers `regions` (queued by produceRegion) and everything nested in
  /// them, last first.
  void numberNestedRegions(const RegionWorklist &regions);
  void number(OperationName name);
  /// Numbers the properties of `op`, whose class key (name and property
  /// slots) is `key`; returns its class.
  uint32_t numberProperties(Operation *op, ArrayRef<uint64_t> key);
  DialectNumbering &numberDialect(std::string_view name);
  DialectNumbering &numberDialect(const Dialect *dialect);
  /// Counts one reference to an attribute/type: creates its entry (and
  /// queues what its encoding references) or increments its count.
  AttrNumbering *visitAttribute(const void *ptr);
  TypeNumbering *visitType(const void *ptr);
  /// Creates the entry of a packed location (queueing its file name) or
  /// counts a reference to it.
  AttrNumbering *visitPackedLocation(PackedLocation loc) { return &attrStorage[visitPackedLocationIndex(loc)]; }
  uint32_t visitPackedLocationIndex(PackedLocation loc);
  /// Numbers the queued attributes/types (pre-order through encodings).
  void drainWorklist();
  /// Queues what the last encoding referenced (in reverse, so that the
  /// first reference is numbered first).
  void queueChildren();
  /// Numbers the resources that the text of `attr` (of a dialect with
  /// resource hooks, written as text) references.
  void numberPrintedResources(Attribute attr);
  void finalizeResources();

  int64_t version;
  MLIRContext *context = nullptr;
  /// Work items: an attribute or a type.
  struct WorkItem {
    const void *ptr;
    bool isType;
  };
  std::vector<WorkItem> worklist;
  /// What an encoding references (see NumberingWriter), reused.
  std::vector<WorkItem> children;

  std::deque<DialectNumbering> dialectStorage;
  std::unordered_map<std::string_view, DialectNumbering *> dialectsByName;
  PointerMap<const void *, DialectNumbering *> dialectsByPtr;
  std::vector<DialectNumbering *> orderedDialects;

  HugePageArena<AttrNumbering> attrStorage;
  std::deque<TypeNumbering> typeStorage;
  std::deque<OpNameNumbering> opNameStorage;
  std::deque<ResourceNumbering> resourceStorage;
  PointerMap<const void *, AttrNumbering *> attrs;
  /// Packed locations (keyed by their bits), apart from the other
  /// attributes: there is usually one per operation.
  PackedLocationTable locs{attrStorage};
  /// The entries of the file names of packed locations, by file index.
  std::vector<AttrNumbering *> packedFiles;
  PointerMap<const void *, TypeNumbering *> types;
  PointerMap<const void *, OpNameNumbering *> opNames;
  PointerMap<const void *, ResourceNumbering *> resourceIndex;
  HugePageVector<AttrNumbering *> orderedAttrs;
  std::vector<TypeNumbering *> orderedTypes;
  std::vector<OpNameNumbering *> orderedOpNames;

  /// Per operation, by pre-order number.
  HugePageVector<OpRecord> records;
  /// Number of blocks (counted by the pre-order walk).
  size_t numBlocks = 0;
  /// Per block: its index in its region, the number of its first argument
  /// and where its argument locations start in argLocs.
  struct BlockInfo {
    unsigned index = 0, firstArgID = 0, firstArgLoc = 0, numOps = 0;
    /// For the entry block: the number of values of its region.
    unsigned regionValues = 0;
  };
  PointerMap<const void *, BlockInfo> blockInfos;
  /// Blocks with an argument whose uses are not in the reference order.
  PointerMap<const void *, bool> unorderedArgBlocks;
  static constexpr unsigned kPendingValueID = ~0u;
  /// Words of stream produced before they are consumed.
  static constexpr size_t kStreamSegmentWords = size_t(1) << 11;
  std::vector<AttrNumbering *> argLocs;
  /// Per unregistered operation name: the layout it is written with.
  PointerMap<const void *, const ForeignOpLayout *> foreignLayouts;

  /// Properties classes, and the hash table finding them by key (name and
  /// slots, in keyStore).
  std::vector<PropertiesClass> propertiesClasses;
  std::vector<uint64_t> keyStore;
  std::vector<unsigned *> refStore;
  std::vector<uint32_t> classTable;
};

} // namespace lamina::bytecode
