//===- BytecodeReaderImpl.h - State of one bytecode read -------------------===//
//
// Private to the Bytecode library: the tables a read builds (strings,
// dialects, operation names, attributes and types, resources, properties),
// the DialectBytecodeReader handed to decoders, the reader itself, and the
// IRReader that reads operations (one per thread when the functions of a
// large file are read in parallel). BytecodeReader.cpp reads the sections
// and decodes attributes and types; BytecodeReaderIR.cpp reads operations,
// regions, values and use-lists.
//
#pragma once

#include "BuiltinDialectBytecode.h"
#include "EncodingReader.h"
#include "ForeignOpLayouts.h"
#include "lamina/AsmParser/AsmParser.h"
#include "lamina/Bytecode/BytecodeImplementation.h"
#include "lamina/IR/Operation.h"
#include "lamina/Support/DenseMap.h"
#include "lamina/Support/SourceMgr.h"

#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <string_view>
#include <vector>

namespace lamina::bytecode {

//===----------------------------------------------------------------------===//
// Tables
//===----------------------------------------------------------------------===//

/// A dialect referenced by the bytecode.
struct BytecodeDialect {
  std::string_view name;
  /// The raw version entry (empty if none).
  ArrayRef<uint8_t> versionBuffer;
  bool loadAttempted = false;
  /// The loaded dialect, or null for an unregistered one.
  Dialect *dialect = nullptr;
  bool isBuiltin() const { return dialect && name == "builtin"; }
};

/// An operation name referenced by the bytecode.
struct BytecodeOperationName {
  BytecodeDialect *dialect;
  std::string_view name;
  /// Whether the producer had the op registered (version >= 5).
  std::optional<bool> wasRegistered;
  std::optional<OperationName> opName;
  /// For a name unregistered here: its layout in mlir-opt, if known.
  const ForeignOpLayout *foreignLayout = nullptr;
};

/// The attribute or type entries, decoded on first use. Kept compact: the
/// table often has an entry per operation (its location).
template <typename T> struct AttrTypeTable {
  enum Flags : uint8_t { kHasCustomEncoding = 1, kBuiltinDialect = 4 };
  struct Entry {
    T value;
    /// The encoding: a range of the AttrType section.
    uint32_t offset = 0, size = 0;
  };
  std::vector<Entry> entries;
  /// Flags of each entry (fixed once the section is read).
  std::vector<uint8_t> flags;
  /// Whether each entry is being decoded (detects entries referring to
  /// themselves).
  std::vector<uint8_t> resolving;

  /// The decoded value of entry `index` (null if not decoded yet). Values
  /// are published atomically: IRReaders may look them up on other threads
  /// while an entry is decoded (see BytecodeReaderImpl::concurrentReads).
  T load(size_t index) { return std::atomic_ref<T>(entries[index].value).load(std::memory_order_acquire); }
  void store(size_t index, T value) {
    std::atomic_ref<T>(entries[index].value).store(value, std::memory_order_release);
  }
  /// (first entry index, dialect index) of each dialect group, ascending.
  std::vector<std::pair<uint32_t, uint32_t>> groups;

  size_t size() const { return entries.size(); }
  /// The dialect index of entry `index`.
  uint32_t getDialectIndex(size_t index) const {
    auto it = std::upper_bound(groups.begin(), groups.end(), std::make_pair(uint32_t(index), UINT32_MAX));
    return std::prev(it)->second;
  }
};

/// A custom use-list order read for a value.
struct UseListOrder {
  std::vector<uint32_t> indices;
  bool isIndexPairEncoding = false;
};

class BytecodeReaderImpl;

/// The DialectBytecodeReader handed to attribute/type decoders and to
/// operations reading their properties.
class DialectReader final : public BuiltinBytecodeReader {
public:
  DialectReader(BytecodeReaderImpl &impl, EncodingReader &reader) : impl(impl), reader(reader) {}

  InFlightDiagnostic emitError(std::string_view msg = {}) const override { return reader.emitError(msg); }
  MLIRContext *getContext() const override;
  uint64_t getBytecodeVersion() const override;

  LogicalResult readAttribute(Attribute &result) override;
  LogicalResult readOptionalAttribute(Attribute &result) override;
  LogicalResult readType(Type &result) override;
  using DialectBytecodeReader::readAttribute;
  using DialectBytecodeReader::readOptionalAttribute;
  using DialectBytecodeReader::readType;
  LogicalResult readResourceHandle(DenseResourceElementsHandle &result) override;

  LogicalResult readVarInt(uint64_t &result) override { return reader.parseVarInt(result); }
  LogicalResult readSignedVarInt(int64_t &result) override {
    uint64_t v;
    if (failed(reader.parseSignedVarInt(v)))
      return failure();
    result = int64_t(v);
    return success();
  }
  FailureOr<APInt> readAPIntWithKnownWidth(unsigned bitWidth) override;
  FailureOr<APFloat> readAPFloatWithKnownSemantics(const FltSemantics &semantics) override {
    FailureOr<APInt> bits = readAPIntWithKnownWidth(APFloat::getSizeInBits(semantics));
    if (failed(bits))
      return failure();
    return APFloat::fromBits(semantics, *bits);
  }
  LogicalResult readString(std::string_view &result) override;
  LogicalResult readBlob(ArrayRef<char> &result) override {
    uint64_t size;
    ArrayRef<uint8_t> data;
    if (failed(reader.parseVarInt(size)) || failed(reader.parseBytes(size, data)))
      return failure();
    result = ArrayRef<char>(reinterpret_cast<const char *>(data.data()), data.size());
    return success();
  }
  LogicalResult readBool(bool &result) override {
    uint8_t b = 0;
    if (failed(reader.parseByte(b)))
      return failure();
    result = b != 0;
    return success();
  }

protected:
  uint64_t getNumRemainingBytes() const override { return reader.size(); }

private:
  BytecodeReaderImpl &impl;
  EncodingReader &reader;
};

//===----------------------------------------------------------------------===//
// BytecodeReaderImpl
//===----------------------------------------------------------------------===//

/// Reads one bytecode buffer into a block.
class BytecodeReaderImpl {
public:
  BytecodeReaderImpl(std::string_view buffer, Location fileLoc, const ParserConfig &config)
      : buffer(reinterpret_cast<const uint8_t *>(buffer.data())), bufferSize(buffer.size()), fileLoc(fileLoc),
        config(config), ctx(config.getContext()), ownLiteralStorage(config.getLiteralStorageLimit(bufferSize)),
        literalStorageLeft(config.getLiteralStorageBudget() ? config.getLiteralStorageBudget()
                                                            : &ownLiteralStorage) {}
  ~BytecodeReaderImpl();

  LogicalResult read(Block *block);
  /// The mapped file the buffer lies in, if any: sections read in parallel
  /// hand its pages back once their operations exist.
  const MemoryBuffer *mappedSource = nullptr;

  MLIRContext *getContext() const { return ctx; }
  uint64_t getVersion() const { return version; }

  /// Attribute/type table access (decoding entries on first use).
  Attribute resolveAttribute(EncodingReader &reader, uint64_t index);
  Type resolveType(EncodingReader &reader, uint64_t index);
  LogicalResult parseString(EncodingReader &reader, std::string_view &result) {
    uint64_t index;
    if (failed(reader.parseVarInt(index)))
      return failure();
    return resolveString(reader, index, result);
  }
  LogicalResult resolveString(EncodingReader &reader, uint64_t index, std::string_view &result) {
    if (index >= strings.size())
      return reader.emitError("invalid string index: ") << index;
    result = strings[index];
    return success();
  }
  LogicalResult parseResourceHandle(EncodingReader &reader, DenseResourceElementsHandle &result) {
    uint64_t index;
    if (failed(reader.parseVarInt(index)))
      return failure();
    if (index >= resources.size())
      return reader.emitError("invalid resource handle index: ") << index;
    result = resources[index];
    if (!result.getEntry())
      return reader.emitError("provided resource handle differs from the expected resource type");
    return success();
  }

private:
  EncodingReader makeReader(ArrayRef<uint8_t> data) const { return EncodingReader(data, buffer, fileLoc); }

  //===--------------------------------------------------------------------===//
  // Sections
  LogicalResult parseVersion(EncodingReader &reader);
  LogicalResult parseStringSection(ArrayRef<uint8_t> data);
  LogicalResult parseDialectSection(ArrayRef<uint8_t> data);
  LogicalResult parsePropertiesSection(ArrayRef<uint8_t> data);
  LogicalResult parseResourceSection(std::optional<ArrayRef<uint8_t>> resourceData,
                                     std::optional<ArrayRef<uint8_t>> offsetData);
  /// Reads one resource entry's key, size and kind from the offset section
  /// and its bytes from the resource section.
  LogicalResult parseResourceEntryHeader(EncodingReader &offsetReader, EncodingReader &resourceReader,
                                         std::string_view &key, uint8_t &kind, ArrayRef<uint8_t> &data) {
    uint64_t entrySize;
    if (failed(parseString(offsetReader, key)) || failed(offsetReader.parseVarInt(entrySize)) ||
        failed(offsetReader.parseByte(kind)) || failed(resourceReader.parseBytes(entrySize, data)))
      return failure();
    return success();
  }
  /// Reads the resource group of `dialect` (one with resource hooks).
  LogicalResult parseDialectResourceGroup(Dialect &dialect, EncodingReader &offsetReader,
                                          EncodingReader &resourceReader);
  LogicalResult parseAttrTypeSection(ArrayRef<uint8_t> data, ArrayRef<uint8_t> offsetData);
  LogicalResult loadDialect(EncodingReader &reader, BytecodeDialect &dialect);
  /// Reads `dialect numEntries` then calls `entryFn` for each entry.
  template <typename Fn> LogicalResult parseDialectGrouping(EncodingReader &reader, Fn &&entryFn) {
    uint64_t dialectIndex, numEntries;
    if (failed(reader.parseVarInt(dialectIndex)))
      return failure();
    if (dialectIndex >= dialects.size())
      return reader.emitError("invalid dialect index: ") << dialectIndex;
    if (failed(reader.parseVarInt(numEntries)))
      return failure();
    for (uint64_t i = 0; i < numEntries; ++i)
      if (failed(entryFn(&dialects[dialectIndex])))
        return failure();
    return success();
  }

  //===--------------------------------------------------------------------===//
  // Attributes and types
  template <typename T> T resolveEntry(AttrTypeTable<T> &table, uint64_t index, const char *kind);
  template <typename T> T parseCustomEntry(BytecodeDialect &dialect, EncodingReader &reader);
  template <typename T> T parseAsmEntry(EncodingReader &reader, const char *kind);

  //===--------------------------------------------------------------------===//
  // IR (see IRReader)
  friend class IRReader;
  friend class DialectReader;
  LogicalResult parseIRSection(ArrayRef<uint8_t> data, Block *block);
  /// Resolves every operation name, type and attribute (but the builtin
  /// file:line:col entries, which operations keep packed) without
  /// diagnostics, so that IRReaders on several threads only read the
  /// tables. False if one fails (the read then stays sequential, and
  /// reports the error where the sequential read meets it).
  bool resolveAllEntries();
  /// Reads entry `index` of the properties section: into `op` (registered),
  /// or as the properties attribute of an unregistered operation (natively
  /// per `foreign`, the layout of an operation the producer registered, or
  /// else as a single attribute).
  LogicalResult readProperties(EncodingReader &reader, uint64_t index, OperationName name, Operation *op,
                               Attribute *unregisteredProperties, const ForeignOpLayout *foreign = nullptr);
  /// Reads an operation name reference; `foreign` is set to the layout of a
  /// name unregistered here that mlir-opt registers.
  FailureOr<OperationName> parseOpName(EncodingReader &reader, std::optional<bool> &wasRegistered,
                                       const ForeignOpLayout *&foreign);
  /// Takes `bytes` from what the attributes of this file may still allocate
  /// beyond their encoding (ParserConfig::getLiteralStorageLimit), before
  /// one allocates them; emits an error about `what` if they are not left.
  LogicalResult reserveLiteralStorage(EncodingReader &reader, uint64_t bytes, std::string_view what);
  /// A configuration for parsing the text of an entry: it draws on this
  /// file's literal storage budget.
  ParserConfig getEntryParserConfig(bool tentative) const {
    ParserConfig entryConfig(ctx);
    entryConfig.setTentative(tentative);
    entryConfig.setLiteralStorageBudget(literalStorageLeft);
    return entryConfig;
  }
  /// Creates the OperationName of an entry (loading its dialect).
  LogicalResult resolveOpName(EncodingReader &reader, BytecodeOperationName &entry);

  //===--------------------------------------------------------------------===//
  // Fields
  const uint8_t *buffer;
  size_t bufferSize;
  Location fileLoc;
  const ParserConfig &config;
  MLIRContext *ctx;
  /// What literals may still allocate (see reserveLiteralStorage): this
  /// file's own budget or the caller's.
  uint64_t ownLiteralStorage;
  uint64_t *literalStorageLeft;

  uint64_t version = 0;
  std::string_view producer;
  std::vector<std::string_view> strings;
  std::vector<BytecodeDialect> dialects;
  std::vector<BytecodeOperationName> opNames;
  AttrTypeTable<Attribute> attributes;
  AttrTypeTable<Type> types;
  /// The AttrType section (entries are ranges of it).
  ArrayRef<uint8_t> attrTypeData;
  unsigned attrTypeDepth = 0;
  std::vector<DenseResourceElementsHandle> resources;
  /// The properties section and the offset of each entry in it.
  ArrayRef<uint8_t> propertiesData;
  std::vector<uint64_t> propertiesOffsets;

  OperationName placeholderName;
  /// Set while resolveAllEntries resolves the entries ahead of use: text
  /// entries are parsed tentatively (see ParserConfig::setTentative).
  bool resolvingAhead = false;
  /// Set while IRReaders run on several threads: entries not resolved
  /// beforehand are then resolved under resolveMutex.
  bool concurrentReads = false;
  std::recursive_mutex resolveMutex;
  /// Smallest IR section read in parallel (see parseIRSection).
  static constexpr size_t kMinParallelIRSectionSize = size_t(1) << 16;
};

//===----------------------------------------------------------------------===//
// IRReader
//===----------------------------------------------------------------------===//

/// Reads operations, regions and blocks into IR: the IR section, or the
/// section of one isolated operation's regions. The tables are those of the
/// BytecodeReaderImpl; values, forward references, use-list orders and
/// caches are the IRReader's own (an isolated region's values are only used
/// inside it), so IRReaders of different sections can run on different
/// threads once the tables are resolved.
class IRReader {
public:
  /// `liveValueSlots`: value slots already reserved by enclosing regions.
  IRReader(BytecodeReaderImpl &impl, uint64_t liveValueSlots = 0)
      : impl(impl), ctx(impl.ctx), version(impl.version), liveValueSlots(liveValueSlots) {}
  IRReader(const IRReader &) = delete;
  ~IRReader();

  /// An isolated operation whose regions (a section) are left to read.
  struct DeferredSection {
    Operation *op;
    ArrayRef<uint8_t> data;
    /// Value slots reserved by the enclosing regions when it was met.
    uint64_t liveValueSlots;
  };

  /// Reads the top-level block of the IR section into `module`'s body.
  /// With `deferred`, the sections of isolated operations in the regions of
  /// the top-level operations are not read but appended there.
  LogicalResult readTopLevel(EncodingReader &reader, Operation *module, std::vector<DeferredSection> *deferred);
  /// Reads the regions of an isolated operation from its section.
  LogicalResult readDeferred(const DeferredSection &section);
  /// Once everything is read: no forward reference may be left, and
  /// use-lists are put back in the producer's order.
  LogicalResult finish(EncodingReader &reader);

private:
  struct RegionReadState {
    Operation *op = nullptr;
    unsigned curRegion = 0, numRegions = 0;
    EncodingReader *reader = nullptr;
    std::unique_ptr<EncodingReader> owningReader;
    /// Values defined directly in the current region.
    uint64_t numValues = 0;
    std::vector<Block *> curBlocks;
    size_t curBlock = 0;
    /// Whether the current region's header has been read.
    bool inRegion = false;
    uint64_t numOpsRemaining = 0;
    bool isIsolatedFromAbove = false;
  };
  /// Values visible in one isolated-from-above scope.
  struct ValueScope {
    std::vector<Value> values;
    std::vector<uint64_t> nextValueIDs;
  };

  LogicalResult parseRegions(std::vector<RegionReadState> &stack, std::vector<DeferredSection> *deferred);
  FailureOr<Operation *> parseOpWithoutRegions(EncodingReader &reader, RegionReadState &state,
                                               bool &isIsolatedFromAbove);
  LogicalResult parseRegion(RegionReadState &state);
  LogicalResult parseBlockHeader(EncodingReader &reader, RegionReadState &state);
  LogicalResult parseBlockArguments(EncodingReader &reader, Block *block);
  /// An operation's location: a builtin file:line:col entry not resolved yet
  /// is returned packed (see PackedLocation) without creating the attribute;
  /// anything else is resolved and must be a location. Null on failure.
  PackedLocation resolveOpLocation(EncodingReader &reader, uint64_t index);
  /// readProperties into registered `op`, through a cache: operations of
  /// one name, with the same property slots before reading, decode one
  /// payload to the same slots (reading only sets slots from the payload).
  LogicalResult readRegisteredProperties(EncodingReader &reader, uint64_t index, OperationName name,
                                         Operation *op);
  LogicalResult pushValueScopeRegion(EncodingReader &reader, uint64_t numValues);
  void popValueScopeRegion(uint64_t numValues);
  Value parseOperand(EncodingReader &reader);
  LogicalResult defineValues(EncodingReader &reader, ValueRange values);
  Value createForwardRef();

  //===--------------------------------------------------------------------===//
  // Use-list orders
  LogicalResult parseUseListOrderForRange(EncodingReader &reader, uint64_t rangeSize,
                                          std::vector<std::pair<uint64_t, UseListOrder>> &result);
  void recordUseListOrders(std::vector<std::pair<uint64_t, UseListOrder>> &orders, ValueRange values);
  LogicalResult sortUseListOrder(Value value);
  LogicalResult processUseLists();

  //===--------------------------------------------------------------------===//
  // Fields
  BytecodeReaderImpl &impl;
  MLIRContext *ctx;
  uint64_t version;

  std::vector<ValueScope> valueScopes;
  /// Value slots reserved across all scopes (bounded by the file size).
  uint64_t liveValueSlots = 0;
  /// Forward-reference placeholders: all created, and those free for reuse.
  std::vector<Operation *> placeholders, freePlaceholders;
  /// Values that replaced a forward reference, and values with an encoded
  /// use-list order: the only ones whose use-list may need reordering.
  std::vector<Value> forwardReferencedValues;
  PointerMap<void *, UseListOrder> useListOrders;
  /// Pre-order number of the next operation created (stored in
  /// Operation::orderIndex until use-lists are processed; only compared
  /// between uses of one value, all read by one IRReader).
  uint32_t nextOperationID = 1;

  /// PackedLocation file index of each filename attribute seen.
  std::unordered_map<const void *, int> packedFileIndices;
  /// The file name of the last packed location, and its index.
  const void *lastPackedFile = nullptr;
  int lastPackedFileIndex = -1;

  /// Decoded properties (see readRegisteredProperties): per properties
  /// entry, the first of a chain of cached decodings.
  struct CachedProperties {
    const void *name;
    /// In cachedSlots: the slots before reading, then after.
    uint32_t slots;
    uint32_t next;
  };
  static constexpr uint32_t kNoCachedProperties = ~0u;
  std::vector<uint32_t> cachedPropertiesHeads;
  std::vector<CachedProperties> cachedProperties;
  std::vector<Attribute> cachedSlots;

  /// Scratch storage reused for every operation.
  std::vector<Type> scratchTypes;
  std::vector<Value> scratchOperands;
  std::vector<Block *> scratchSuccessors;
};

} // namespace lamina::bytecode
