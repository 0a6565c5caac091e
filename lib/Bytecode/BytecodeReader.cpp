//===- BytecodeReader.cpp - Reads MLIR bytecode ---------------------------===//
//
// Reads versions 0 to 6 of MLIR's bytecode format (docs/BytecodeFormat.md)
// with MLIR's diagnostics. The reader trusts nothing in the input:
//  - every count is checked against the bytes that remain before anything
//    is allocated for it, and the values live in all enclosing regions at
//    once never exceed the size of the file;
//  - regions are read with an explicit stack (any nesting depth works);
//  - attributes and types are decoded lazily on first use, which recurses
//    through nested entries: that recursion is bounded by
//    kMaxAttrTypeNestingDepth and reference cycles are rejected.
// Lazy loading of isolated regions is not implemented (everything is read).
//
#include "lamina/Bytecode/BytecodeReader.h"

#include "BuiltinDialectBytecode.h"
#include "Encoding.h"
#include "lamina/AsmParser/AsmParser.h"
#include "lamina/Bytecode/BytecodeImplementation.h"
#include "lamina/IR/BuiltinDialect.h"
#include "lamina/IR/BuiltinLocations.h"
#include "lamina/IR/BuiltinOps.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/Dialect.h"
#include "lamina/IR/Operation.h"
#include "lamina/IR/Verifier.h"
#include "lamina/Support/DenseMap.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace lamina;
using namespace lamina::bytecode;

/// How deeply attribute and type entries may reference each other while
/// being decoded (the text parser accepts 2000 levels of nesting).
static constexpr unsigned kMaxAttrTypeNestingDepth = 2048;

/// The name MLIR gives a section in diagnostics.
static std::string sectionName(unsigned id) {
  switch (id) {
  case Section::kString:
    return "String (0)";
  case Section::kDialect:
    return "Dialect (1)";
  case Section::kAttrType:
    return "AttrType (2)";
  case Section::kAttrTypeOffset:
    return "AttrTypeOffset (3)";
  case Section::kIR:
    return "IR (4)";
  case Section::kResource:
    return "Resource (5)";
  case Section::kResourceOffset:
    return "ResourceOffset (6)";
  case Section::kDialectVersions:
    return "DialectVersions (7)";
  case Section::kProperties:
    return "Properties (8)";
  default:
    return "Unknown (" + std::to_string(id) + ")";
  }
}

static bool isSectionOptional(unsigned id, uint64_t version) {
  switch (id) {
  case Section::kResource:
  case Section::kResourceOffset:
  case Section::kDialectVersions:
    return true;
  case Section::kProperties:
    return version < kNativePropertiesEncoding;
  default:
    return false;
  }
}

//===----------------------------------------------------------------------===//
// EncodingReader
//===----------------------------------------------------------------------===//

namespace {
/// Reads primitives from a range of the bytecode buffer. Every read is
/// bounds-checked and reports MLIR's diagnostic at the file location.
class EncodingReader {
public:
  EncodingReader(const uint8_t *begin, const uint8_t *end, const uint8_t *fileStart, Location fileLoc)
      : pos(begin), end(end), fileStart(fileStart), fileLoc(fileLoc) {}
  EncodingReader(ArrayRef<uint8_t> data, const uint8_t *fileStart, Location fileLoc)
      : EncodingReader(data.data(), data.data() + data.size(), fileStart, fileLoc) {}

  bool empty() const { return pos == end; }
  size_t size() const { return size_t(end - pos); }
  Location getLoc() const { return fileLoc; }
  const uint8_t *getFileStart() const { return fileStart; }

  InFlightDiagnostic emitError(std::string_view msg = {}) const { return lamina::emitError(fileLoc, msg); }

  LogicalResult parseByte(uint8_t &value) {
    if (empty())
      return emitError("attempting to parse a byte at the end of the bytecode");
    value = *pos++;
    return success();
  }
  template <typename T> LogicalResult parseByte(T &value) {
    uint8_t b;
    if (failed(parseByte(b)))
      return failure();
    value = T(b);
    return success();
  }
  LogicalResult parseBytes(uint64_t length, ArrayRef<uint8_t> &result) {
    if (length > size())
      return emitError("attempting to parse ") << length << " bytes when only " << uint64_t(size()) << " remain";
    result = ArrayRef<uint8_t>(pos, size_t(length));
    pos += length;
    return success();
  }
  LogicalResult skipBytes(uint64_t length) {
    if (length > size())
      return emitError("attempting to skip ") << length << " bytes when only " << uint64_t(size()) << " remain";
    pos += length;
    return success();
  }

  /// A prefix varint: the number of trailing zeros of the first byte is the
  /// number of extra bytes.
  LogicalResult parseVarInt(uint64_t &result) {
    if (pos == end)
      return emitError("attempting to parse a byte at the end of the bytecode");
    uint8_t first = *pos;
    if (first & 1) {
      ++pos;
      result = first >> 1;
      return success();
    }
    return parseMultiByteVarInt(result);
  }
  LogicalResult parseSignedVarInt(uint64_t &result) {
    if (failed(parseVarInt(result)))
      return failure();
    result = (result >> 1) ^ (~(result & 1) + 1);
    return success();
  }
  LogicalResult parseVarIntWithFlag(uint64_t &result, bool &flag) {
    if (failed(parseVarInt(result)))
      return failure();
    flag = result & 1;
    result >>= 1;
    return success();
  }

  LogicalResult parseNullTerminatedString(std::string_view &result) {
    const void *nul = std::memchr(pos, 0, size());
    if (!nul)
      return emitError("malformed null-terminated string, no null character found");
    const uint8_t *nulPos = static_cast<const uint8_t *>(nul);
    result = std::string_view(reinterpret_cast<const char *>(pos), size_t(nulPos - pos));
    pos = nulPos + 1;
    return success();
  }

  /// Skips padding bytes up to `alignment` (relative to the file start,
  /// which the writer aligns to).
  LogicalResult alignTo(uint64_t alignment) {
    if (alignment == 0 || (alignment & (alignment - 1)) || alignment > (uint64_t(1) << 32))
      return emitError("expected alignment to be a power-of-two");
    while (uint64_t(pos - fileStart) & (alignment - 1)) {
      uint8_t padding;
      if (failed(parseByte(padding)))
        return failure();
      if (padding != kAlignmentByte) {
        static const char *hex = "0123456789ABCDEF";
        std::string digits;
        if (padding >= 16)
          digits.push_back(hex[padding >> 4]);
        digits.push_back(hex[padding & 15]);
        return emitError("expected alignment byte (0xCB), but got: '0x") << digits << "'";
      }
    }
    return success();
  }

  /// A blob preceded by its alignment and size.
  LogicalResult parseBlobAndAlignment(ArrayRef<uint8_t> &data, uint64_t &alignment) {
    uint64_t dataSize;
    if (failed(parseVarInt(alignment)) || failed(parseVarInt(dataSize)) || failed(alignTo(alignment)))
      return failure();
    return parseBytes(dataSize, data);
  }

  /// A section header and body.
  LogicalResult parseSection(unsigned &sectionID, ArrayRef<uint8_t> &sectionData) {
    uint8_t idAndHasAlignment;
    uint64_t length;
    if (failed(parseByte(idAndHasAlignment)) || failed(parseVarInt(length)))
      return failure();
    sectionID = idAndHasAlignment & 0x7F;
    bool hasAlignment = idAndHasAlignment & 0x80;
    if (sectionID >= Section::kNumSections)
      return emitError("invalid section ID: ") << sectionID;
    if (hasAlignment) {
      uint64_t alignment;
      if (failed(parseVarInt(alignment)) || failed(alignTo(alignment)))
        return failure();
    }
    return parseBytes(length, sectionData);
  }

private:
  LogicalResult parseMultiByteVarInt(uint64_t &result) {
    uint8_t first = *pos;
    if (first == 0) {
      // Nine bytes: a zero marker then the raw little-endian value.
      if (size() < 9)
        return emitError("attempting to parse 8 bytes when only ") << uint64_t(size() - 1) << " remain";
      uint64_t v = 0;
      for (int i = 0; i < 8; ++i)
        v |= uint64_t(pos[1 + i]) << (8 * i);
      pos += 9;
      result = v;
      return success();
    }
    unsigned numBytes = unsigned(__builtin_ctz(first));
    if (size() < numBytes + 1)
      return emitError("attempting to parse ") << numBytes << " bytes when only " << uint64_t(size() - 1)
                                               << " remain";
    uint64_t v = 0;
    for (unsigned i = 0; i <= numBytes; ++i)
      v |= uint64_t(pos[i]) << (8 * i);
    pos += numBytes + 1;
    result = v >> (numBytes + 1);
    return success();
  }

  const uint8_t *pos, *end;
  const uint8_t *fileStart;
  Location fileLoc;
};

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
};

/// The attribute or type entries, decoded on first use. Kept compact: the
/// table often has an entry per operation (its location).
template <typename T> struct AttrTypeTable {
  enum Flags : uint8_t { kHasCustomEncoding = 1, kResolving = 2 };
  struct Entry {
    T value;
    /// The encoding: a range of the AttrType section.
    uint32_t offset = 0, size = 0;
  };
  std::vector<Entry> entries;
  std::vector<uint8_t> flags;
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
    uint8_t b;
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
        config(config), ctx(config.getContext()) {}
  ~BytecodeReaderImpl();

  LogicalResult read(Block *block);

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
  // IR
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

  LogicalResult parseIRSection(ArrayRef<uint8_t> data, Block *block);
  LogicalResult parseRegions(std::vector<RegionReadState> &stack);
  FailureOr<Operation *> parseOpWithoutRegions(EncodingReader &reader, RegionReadState &state,
                                               bool &isIsolatedFromAbove);
  LogicalResult parseRegion(RegionReadState &state);
  LogicalResult parseBlockHeader(EncodingReader &reader, RegionReadState &state);
  LogicalResult parseBlockArguments(EncodingReader &reader, Block *block);
  /// Reads entry `index` of the properties section: into `op` (registered),
  /// or as the single attribute of an unregistered operation.
  LogicalResult readProperties(EncodingReader &reader, uint64_t index, OperationName name, Operation *op,
                               Attribute *unregisteredProperties);
  FailureOr<OperationName> parseOpName(EncodingReader &reader, std::optional<bool> &wasRegistered);
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
  const uint8_t *buffer;
  size_t bufferSize;
  Location fileLoc;
  const ParserConfig &config;
  MLIRContext *ctx;

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

  std::vector<ValueScope> valueScopes;
  /// Value slots reserved across all scopes (bounded by the file size).
  uint64_t liveValueSlots = 0;
  /// Forward-reference placeholders: all created, and those free for reuse.
  std::vector<Operation *> placeholders, freePlaceholders;
  OperationName placeholderName;
  /// Values that replaced a forward reference, and values with an encoded
  /// use-list order: the only ones whose use-list may need reordering.
  std::vector<Value> forwardReferencedValues;
  PointerMap<void *, UseListOrder> useListOrders;
  /// Pre-order number of the next operation created (stored in
  /// Operation::orderIndex until use-lists are processed).
  uint32_t nextOperationID = 1;

  /// Scratch storage reused for every operation.
  std::vector<Type> scratchTypes;
  std::vector<Value> scratchOperands;
  std::vector<Block *> scratchSuccessors;
};
} // namespace

//===----------------------------------------------------------------------===//
// DialectReader
//===----------------------------------------------------------------------===//

MLIRContext *DialectReader::getContext() const { return impl.getContext(); }
uint64_t DialectReader::getBytecodeVersion() const { return impl.getVersion(); }

LogicalResult DialectReader::readAttribute(Attribute &result) {
  uint64_t index;
  if (failed(reader.parseVarInt(index)))
    return failure();
  result = impl.resolveAttribute(reader, index);
  return success(bool(result));
}

LogicalResult DialectReader::readOptionalAttribute(Attribute &result) {
  uint64_t index;
  bool present;
  if (failed(reader.parseVarIntWithFlag(index, present)))
    return failure();
  if (!present) {
    result = Attribute();
    return success();
  }
  result = impl.resolveAttribute(reader, index);
  return success(bool(result));
}

LogicalResult DialectReader::readType(Type &result) {
  uint64_t index;
  if (failed(reader.parseVarInt(index)))
    return failure();
  result = impl.resolveType(reader, index);
  return success(bool(result));
}

LogicalResult DialectReader::readResourceHandle(DenseResourceElementsHandle &result) {
  return impl.parseResourceHandle(reader, result);
}

LogicalResult DialectReader::readString(std::string_view &result) { return impl.parseString(reader, result); }

FailureOr<APInt> DialectReader::readAPIntWithKnownWidth(unsigned bitWidth) {
  auto truncated = [&](uint64_t v) {
    return bitWidth >= 64 ? v : (v & ((uint64_t(1) << bitWidth) - 1));
  };
  if (bitWidth <= 8) {
    uint8_t value;
    if (failed(reader.parseByte(value)))
      return failure();
    return APInt(bitWidth, truncated(value));
  }
  if (bitWidth <= 64) {
    uint64_t value;
    if (failed(reader.parseSignedVarInt(value)))
      return failure();
    return APInt(bitWidth, truncated(value));
  }
  uint64_t numActiveWords;
  if (failed(reader.parseVarInt(numActiveWords)))
    return failure();
  if (numActiveWords > reader.size())
    return emitError("APInt of ") << numActiveWords << " words exceeds the remaining data";
  std::vector<uint64_t> words(static_cast<size_t>(numActiveWords), 0);
  for (uint64_t &word : words)
    if (failed(reader.parseSignedVarInt(word)))
      return failure();
  size_t neededWords = (bitWidth + 63) / 64;
  words.resize(neededWords, 0);
  if (unsigned extra = bitWidth % 64)
    words.back() &= (uint64_t(1) << extra) - 1;
  return APInt(bitWidth, std::span<const uint64_t>(words.data(), words.size()));
}

//===----------------------------------------------------------------------===//
// Top level
//===----------------------------------------------------------------------===//

BytecodeReaderImpl::~BytecodeReaderImpl() {
  // Placeholders may still be used by IR that failed to parse: detach them
  // from their users before freeing them.
  for (Operation *op : placeholders) {
    op->getResult(0).dropAllUses();
    op->destroy();
  }
}

LogicalResult BytecodeReaderImpl::read(Block *block) {
  EncodingReader reader(buffer, buffer + bufferSize, buffer, fileLoc);
  if (failed(reader.skipBytes(4)) || failed(parseVersion(reader)) ||
      failed(reader.parseNullTerminatedString(producer)))
    return failure();

  // Every diagnostic emitted while reading says where the bytecode is from.
  std::string producerNote = "in bytecode version " + std::to_string(version) + " produced by: " + std::string(producer);
  ScopedDiagnosticHandler noteHandler(ctx, [&](Diagnostic &diag) {
    diag.attachNote() << producerNote;
    return failure();
  });

  std::optional<ArrayRef<uint8_t>> sections[Section::kNumSections];
  while (!reader.empty()) {
    unsigned id;
    ArrayRef<uint8_t> data;
    if (failed(reader.parseSection(id, data)))
      return failure();
    if (sections[id])
      return reader.emitError("duplicate top-level section: ") << sectionName(id);
    sections[id] = data;
  }
  for (unsigned i = 0; i < Section::kNumSections; ++i)
    if (!sections[i] && !isSectionOptional(i, version))
      return reader.emitError("missing data for top-level section: ") << sectionName(i);

  if (failed(parseStringSection(*sections[Section::kString])))
    return failure();
  if (sections[Section::kProperties] && failed(parsePropertiesSection(*sections[Section::kProperties])))
    return failure();
  if (failed(parseDialectSection(*sections[Section::kDialect])) ||
      failed(parseResourceSection(sections[Section::kResource], sections[Section::kResourceOffset])) ||
      failed(parseAttrTypeSection(*sections[Section::kAttrType], *sections[Section::kAttrTypeOffset])))
    return failure();
  return parseIRSection(*sections[Section::kIR], block);
}

LogicalResult BytecodeReaderImpl::parseVersion(EncodingReader &reader) {
  if (failed(reader.parseVarInt(version)))
    return failure();
  if (version > kVersion)
    return reader.emitError("bytecode version ") << version << " is newer than the current version "
                                                 << uint64_t(kVersion);
  return success();
}

LogicalResult BytecodeReaderImpl::parseStringSection(ArrayRef<uint8_t> data) {
  EncodingReader reader = makeReader(data);
  uint64_t numStrings;
  if (failed(reader.parseVarInt(numStrings)))
    return failure();
  // Each string has at least a size byte and a null terminator.
  if (numStrings > reader.size())
    return reader.emitError("string section declares ") << numStrings << " strings but has only "
                                                       << uint64_t(reader.size()) << " bytes";
  strings.resize(size_t(numStrings));
  // Sizes come in reverse order; the data of the last string ends the section.
  size_t dataEnd = data.size();
  for (size_t i = strings.size(); i-- > 0;) {
    uint64_t stringSize;
    if (failed(reader.parseVarInt(stringSize)))
      return failure();
    if (stringSize == 0 || dataEnd < stringSize)
      return reader.emitError("string size exceeds the available data size");
    size_t offset = dataEnd - size_t(stringSize);
    strings[i] = std::string_view(reinterpret_cast<const char *>(data.data() + offset), size_t(stringSize - 1));
    dataEnd = offset;
  }
  if (data.size() - reader.size() != dataEnd)
    return reader.emitError("unexpected trailing data between the offsets for strings and their data");
  return success();
}

LogicalResult BytecodeReaderImpl::parseDialectSection(ArrayRef<uint8_t> data) {
  EncodingReader reader = makeReader(data);
  uint64_t numDialects;
  if (failed(reader.parseVarInt(numDialects)))
    return failure();
  if (numDialects > reader.size())
    return reader.emitError("dialect section declares ") << numDialects << " dialects but has only "
                                                        << uint64_t(reader.size()) << " bytes";
  dialects.resize(size_t(numDialects));
  for (BytecodeDialect &dialect : dialects) {
    if (version < kDialectVersioning) {
      if (failed(parseString(reader, dialect.name)))
        return failure();
      continue;
    }
    uint64_t nameIndex;
    bool hasVersion;
    if (failed(reader.parseVarIntWithFlag(nameIndex, hasVersion)) ||
        failed(resolveString(reader, nameIndex, dialect.name)))
      return failure();
    if (hasVersion) {
      unsigned id;
      if (failed(reader.parseSection(id, dialect.versionBuffer)))
        return failure();
      if (id != Section::kDialectVersions)
        return lamina::emitError(fileLoc, "expected dialect version section");
    }
  }

  if (version >= kElideUnknownBlockArgLocation) {
    uint64_t numOps;
    if (failed(reader.parseVarInt(numOps)))
      return failure();
    if (numOps <= reader.size())
      opNames.reserve(size_t(numOps));
  }
  while (!reader.empty()) {
    if (failed(parseDialectGrouping(reader, [&](BytecodeDialect *dialect) -> LogicalResult {
          BytecodeOperationName entry{dialect, {}, std::nullopt, std::nullopt};
          if (version < kNativePropertiesEncoding) {
            if (failed(parseString(reader, entry.name)))
              return failure();
          } else {
            uint64_t index;
            bool wasRegistered;
            if (failed(reader.parseVarIntWithFlag(index, wasRegistered)) ||
                failed(resolveString(reader, index, entry.name)))
              return failure();
            entry.wasRegistered = wasRegistered;
          }
          opNames.push_back(entry);
          return success();
        })))
      return failure();
  }
  return success();
}

LogicalResult BytecodeReaderImpl::loadDialect(EncodingReader &reader, BytecodeDialect &dialect) {
  if (dialect.loadAttempted)
    return success();
  Dialect *loaded = ctx->getOrLoadDialect(dialect.name);
  if (!loaded && !ctx->allowsUnregisteredDialects())
    return reader.emitError("dialect '")
           << dialect.name
           << "' is unknown. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, "
              "or use -allow-unregistered-dialect with the MLIR tool used.";
  dialect.loadAttempted = true;
  dialect.dialect = loaded;
  // A version entry can only be interpreted by the dialect; the dialects
  // Lamina implements define no versioning. The version of a dialect that
  // is not available at all is ignored (its ops are read unregistered).
  if (!dialect.versionBuffer.empty() && loaded) {
    if (!dialect.isBuiltin())
      return reader.emitError("dialect '") << dialect.name
                                           << "' does not implement the bytecode interface, but found a version entry";
    return reader.emitError("Dialect does not support versioning");
  }
  return success();
}

FailureOr<OperationName> BytecodeReaderImpl::parseOpName(EncodingReader &reader, std::optional<bool> &wasRegistered) {
  uint64_t index;
  if (failed(reader.parseVarInt(index)))
    return failure();
  if (index >= opNames.size())
    return reader.emitError("invalid operation name index: ") << index;
  BytecodeOperationName &entry = opNames[index];
  wasRegistered = entry.wasRegistered;
  if (!entry.opName) {
    if (failed(loadDialect(reader, *entry.dialect)))
      return failure();
    if (entry.name.empty()) {
      // Old producers accepted names without a dialect prefix.
      if (entry.dialect->dialect)
        return lamina::emitError(fileLoc) << "has an empty opname for dialect '" << entry.dialect->name << "'\n";
      entry.opName.emplace(entry.dialect->name, ctx);
    } else {
      std::string fullName;
      fullName.reserve(entry.dialect->name.size() + 1 + entry.name.size());
      fullName.append(entry.dialect->name).append(".").append(entry.name);
      entry.opName.emplace(fullName, ctx);
    }
  }
  return *entry.opName;
}

LogicalResult BytecodeReaderImpl::parsePropertiesSection(ArrayRef<uint8_t> data) {
  if (data.empty())
    return success();
  EncodingReader reader = makeReader(data);
  uint64_t count;
  if (failed(reader.parseVarInt(count)))
    return failure();
  if (count > reader.size())
    return reader.emitError("properties section declares ") << count << " entries but has only "
                                                            << uint64_t(reader.size()) << " bytes";
  propertiesData = ArrayRef<uint8_t>(data.data() + (data.size() - reader.size()), reader.size());
  EncodingReader offsets = makeReader(propertiesData);
  propertiesOffsets.reserve(size_t(count));
  for (uint64_t i = 0; i < count; ++i) {
    propertiesOffsets.push_back(propertiesData.size() - offsets.size());
    uint64_t size;
    ArrayRef<uint8_t> raw;
    if (failed(offsets.parseVarInt(size)) || failed(offsets.parseBytes(size, raw)))
      return failure();
  }
  if (!offsets.empty())
    return offsets.emitError("Broken properties section: didn't exhaust the offsets table");
  return success();
}

LogicalResult BytecodeReaderImpl::parseResourceSection(std::optional<ArrayRef<uint8_t>> resourceData,
                                                       std::optional<ArrayRef<uint8_t>> offsetData) {
  if (resourceData.has_value() != offsetData.has_value()) {
    if (offsetData)
      return lamina::emitError(fileLoc, "unexpected resource offset section when resource section is not present");
    return lamina::emitError(fileLoc, "expected resource offset section when resource section is present");
  }
  if (!resourceData)
    return success();

  EncodingReader resourceReader = makeReader(*resourceData);
  EncodingReader offsetReader = makeReader(*offsetData);

  // Reads one group's entries: into the builtin dialect's resources, or
  // into an external group (kept in the context, as mlir-opt keeps them).
  auto parseGroup = [&](BytecodeDialect *dialect, ExternalResourceGroup *external) -> LogicalResult {
    uint64_t numResources;
    if (failed(offsetReader.parseVarInt(numResources)))
      return failure();
    for (uint64_t i = 0; i < numResources; ++i) {
      std::string_view key;
      uint64_t entrySize;
      uint8_t kind;
      ArrayRef<uint8_t> data;
      if (failed(parseString(offsetReader, key)) || failed(offsetReader.parseVarInt(entrySize)) ||
          failed(offsetReader.parseByte(kind)) || failed(resourceReader.parseBytes(entrySize, data)))
        return failure();
      EncodingReader entryReader = makeReader(data);
      auto kindName = [&]() -> const char * {
        switch (ResourceKind(kind)) {
        case ResourceKind::Blob:
          return "blob";
        case ResourceKind::Bool:
          return "bool";
        case ResourceKind::String:
          return "string";
        }
        return "unknown";
      };
      auto parseBlob = [&](AsmResourceBlob &blob) -> LogicalResult {
        ArrayRef<uint8_t> blobData;
        uint64_t alignment;
        if (failed(entryReader.parseBlobAndAlignment(blobData, alignment)))
          return failure();
        blob.data.assign(reinterpret_cast<const char *>(blobData.data()),
                         reinterpret_cast<const char *>(blobData.data()) + blobData.size());
        blob.alignment = alignment;
        return success();
      };
      if (external) {
        ExternalResourceEntry entry;
        entry.key = std::string(key);
        switch (ResourceKind(kind)) {
        case ResourceKind::Blob:
          entry.kind = ExternalResourceEntry::Kind::Blob;
          if (failed(parseBlob(entry.blob)))
            return failure();
          break;
        case ResourceKind::Bool: {
          entry.kind = ExternalResourceEntry::Kind::Bool;
          uint8_t b;
          if (failed(entryReader.parseByte(b)))
            return failure();
          entry.boolValue = b != 0;
          break;
        }
        case ResourceKind::String: {
          entry.kind = ExternalResourceEntry::Kind::String;
          std::string_view value;
          if (failed(parseString(entryReader, value)))
            return failure();
          entry.stringValue = std::string(value);
          break;
        }
        default:
          return entryReader.emitError("unknown resource entry kind ") << unsigned(kind);
        }
        if (!entryReader.empty())
          return entryReader.emitError("unexpected trailing bytes in resource entry '") << key << "'";
        external->entries.push_back(std::move(entry));
        continue;
      }
      // Every key is declared, even one without data (a dangling reference).
      DenseResourceElementsHandle handle = DenseResourceElementsHandle::getOrCreate(ctx, key);
      resources.push_back(handle);
      if (data.empty())
        continue;
      if (kind != uint8_t(ResourceKind::Blob))
        return entryReader.emitError("expected a blob resource entry, but found a ") << kindName()
                                                                                    << " entry instead";
      AsmResourceBlob blob;
      if (failed(parseBlob(blob)))
        return failure();
      if (!entryReader.empty())
        return entryReader.emitError("unexpected trailing bytes in resource entry '") << key << "'";
      handle.setBlob(std::move(blob));
    }
    return success();
  };

  uint64_t numExternalGroups;
  if (failed(offsetReader.parseVarInt(numExternalGroups)))
    return failure();
  for (uint64_t i = 0; i < numExternalGroups; ++i) {
    std::string_view key;
    if (failed(parseString(offsetReader, key)))
      return failure();
    std::vector<ExternalResourceGroup> &groups = getExternalResources(ctx);
    size_t groupIndex = 0;
    while (groupIndex < groups.size() && groups[groupIndex].name != key)
      ++groupIndex;
    if (groupIndex == groups.size())
      groups.push_back(ExternalResourceGroup{std::string(key), {}});
    if (failed(parseGroup(nullptr, &groups[groupIndex])))
      return failure();
  }
  while (!offsetReader.empty()) {
    uint64_t dialectIndex;
    if (failed(offsetReader.parseVarInt(dialectIndex)))
      return failure();
    if (dialectIndex >= dialects.size())
      return offsetReader.emitError("invalid dialect index: ") << dialectIndex;
    BytecodeDialect &dialect = dialects[dialectIndex];
    if (failed(loadDialect(offsetReader, dialect)))
      return failure();
    if (!dialect.dialect)
      return resourceReader.emitError("dialect '") << dialect.name << "' is unknown";
    if (!dialect.isBuiltin())
      return resourceReader.emitError("unexpected resources for dialect '") << dialect.name << "'";
    if (failed(parseGroup(&dialect, nullptr)))
      return failure();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Attributes and types
//===----------------------------------------------------------------------===//

LogicalResult BytecodeReaderImpl::parseAttrTypeSection(ArrayRef<uint8_t> data, ArrayRef<uint8_t> offsetData) {
  EncodingReader offsetReader = makeReader(offsetData);
  if (data.size() > UINT32_MAX)
    return offsetReader.emitError("attribute/type section is too large");
  attrTypeData = data;
  uint64_t numAttributes, numTypes;
  if (failed(offsetReader.parseVarInt(numAttributes)) || failed(offsetReader.parseVarInt(numTypes)))
    return failure();
  // Each entry has at least a one-byte offset.
  if (numAttributes > offsetReader.size() || numTypes > offsetReader.size() - numAttributes)
    return offsetReader.emitError("attribute/type offset section declares more entries than it holds");

  uint64_t currentOffset = 0;
  auto parseEntries = [&](auto &table, uint64_t count) -> LogicalResult {
    table.entries.resize(size_t(count));
    table.flags.resize(size_t(count));
    size_t currentIndex = 0;
    while (currentIndex != count) {
      uint64_t dialectIndex, numEntries;
      if (failed(offsetReader.parseVarInt(dialectIndex)) || failed(offsetReader.parseVarInt(numEntries)))
        return failure();
      if (dialectIndex >= dialects.size())
        return offsetReader.emitError("invalid dialect index: ") << dialectIndex;
      if (numEntries > count - currentIndex)
        return offsetReader.emitError("too many entries in an attribute/type dialect group");
      if (numEntries == 0)
        continue;
      table.groups.emplace_back(uint32_t(currentIndex), uint32_t(dialectIndex));
      for (uint64_t i = 0; i < numEntries; ++i, ++currentIndex) {
        uint64_t entrySize;
        bool hasCustomEncoding;
        if (failed(offsetReader.parseVarIntWithFlag(entrySize, hasCustomEncoding)))
          return failure();
        if (entrySize > data.size() - currentOffset)
          return offsetReader.emitError("Attribute or Type entry offset points past the end of section");
        auto &entry = table.entries[currentIndex];
        entry.offset = uint32_t(currentOffset);
        entry.size = uint32_t(entrySize);
        table.flags[currentIndex] = hasCustomEncoding ? table.kHasCustomEncoding : 0;
        currentOffset += entrySize;
      }
    }
    return success();
  };
  if (failed(parseEntries(attributes, numAttributes)) || failed(parseEntries(types, numTypes)))
    return failure();
  if (!offsetReader.empty())
    return offsetReader.emitError("unexpected trailing data in the Attribute/Type offset section");
  return success();
}

Attribute BytecodeReaderImpl::resolveAttribute(EncodingReader &, uint64_t index) {
  if (index < attributes.size())
    if (Attribute a = attributes.entries[size_t(index)].value)
      return a;
  return resolveEntry(attributes, index, "Attribute");
}
Type BytecodeReaderImpl::resolveType(EncodingReader &, uint64_t index) {
  if (index < types.size())
    if (Type t = types.entries[size_t(index)].value)
      return t;
  return resolveEntry(types, index, "Type");
}

template <typename T> T BytecodeReaderImpl::resolveEntry(AttrTypeTable<T> &table, uint64_t index, const char *kind) {
  if (index >= table.size()) {
    lamina::emitError(fileLoc) << "invalid " << kind << " index: " << index;
    return T();
  }
  auto &entry = table.entries[size_t(index)];
  if (entry.value)
    return entry.value;
  uint8_t &flags = table.flags[size_t(index)];
  if (flags & table.kResolving) {
    lamina::emitError(fileLoc) << kind << " entry " << index << " refers to itself";
    return T();
  }
  if (attrTypeDepth >= kMaxAttrTypeNestingDepth) {
    lamina::emitError(fileLoc) << "attributes and types are nested too deeply (more than "
                               << kMaxAttrTypeNestingDepth << " levels)";
    return T();
  }
  flags |= table.kResolving;
  ++attrTypeDepth;
  EncodingReader entryReader = makeReader(attrTypeData.slice(entry.offset, entry.size));
  T value = (flags & table.kHasCustomEncoding)
                ? parseCustomEntry<T>(dialects[table.getDialectIndex(size_t(index))], entryReader)
                : parseAsmEntry<T>(entryReader, kind);
  --attrTypeDepth;
  // `entry` may not be referenced across the nested resolutions above only
  // if the table were resized, which never happens while reading.
  table.flags[size_t(index)] &= uint8_t(~table.kResolving);
  if (!value)
    return T();
  if (!entryReader.empty()) {
    entryReader.emitError("unexpected trailing bytes after ") << kind << " entry";
    return T();
  }
  table.entries[size_t(index)].value = value;
  return value;
}

template <typename T> T BytecodeReaderImpl::parseAsmEntry(EncodingReader &reader, const char *kind) {
  std::string_view text;
  if (failed(reader.parseNullTerminatedString(text)))
    return T();
  size_t numRead = 0;
  T value;
  if constexpr (std::is_same_v<T, Type>)
    value = lamina::parseType(text, ctx, &numRead);
  else
    value = lamina::parseAttribute(text, ctx, Type(), &numRead);
  if (!value)
    return T();
  if (numRead != text.size()) {
    reader.emitError("trailing characters found after ") << kind << " assembly format: " << text.substr(numRead);
    return T();
  }
  return value;
}

template <typename T> T BytecodeReaderImpl::parseCustomEntry(BytecodeDialect &dialect, EncodingReader &reader) {
  if (failed(loadDialect(reader, dialect)))
    return T();
  if (!dialect.isBuiltin()) {
    reader.emitError("dialect '") << dialect.name << "' does not implement the bytecode interface";
    return T();
  }
  DialectReader dialectReader(*this, reader);
  if constexpr (std::is_same_v<T, Type>)
    return readBuiltinType(dialectReader);
  else
    return readBuiltinAttribute(dialectReader);
}

//===----------------------------------------------------------------------===//
// IR section
//===----------------------------------------------------------------------===//

LogicalResult BytecodeReaderImpl::parseIRSection(ArrayRef<uint8_t> data, Block *block) {
  EncodingReader reader = makeReader(data);
  placeholderName = OperationName(UnrealizedConversionCastOp::getOperationName(), ctx);

  // The top-level operations are read into a temporary module.
  ModuleOp moduleOp = ModuleOp::create(fileLoc);
  struct ModuleOwner {
    Operation *op;
    ~ModuleOwner() { op->destroy(); }
  } owner{moduleOp.getOperation()};

  std::vector<RegionReadState> stack;
  stack.emplace_back();
  RegionReadState &root = stack.back();
  root.op = moduleOp.getOperation();
  root.numRegions = 1;
  root.reader = &reader;
  root.isIsolatedFromAbove = true;
  root.inRegion = true;
  root.curBlocks.push_back(moduleOp.getBody());
  // The top-level block defines no values (arguments are rejected).
  valueScopes.emplace_back();
  if (failed(pushValueScopeRegion(reader, 0)) || failed(parseBlockHeader(reader, root)))
    return failure();

  while (!stack.empty())
    if (failed(parseRegions(stack)))
      return failure();
  if (placeholders.size() != freePlaceholders.size())
    return reader.emitError("not all forward unresolved forward operand references");

  if (failed(processUseLists()))
    return reader.emitError("parsed use-list orders were invalid and could not be applied");

  if (config.shouldVerifyAfterParse() && failed(verify(moduleOp.getOperation())))
    return failure();

  block->splice(moduleOp.getBody(), moduleOp.getBody()->begin());
  return success();
}

LogicalResult BytecodeReaderImpl::parseRegions(std::vector<RegionReadState> &stack) {
  // Reads the regions of the state on top of the stack until they end or an
  // operation with regions is found: then its state is pushed and this
  // returns, to resume once the nested regions are done.
  size_t stateIndex = stack.size() - 1;
  for (; stack[stateIndex].curRegion < stack[stateIndex].numRegions; ++stack[stateIndex].curRegion) {
    RegionReadState *state = &stack[stateIndex];
    if (!state->inRegion) {
      if (failed(parseRegion(*state)))
        return failure();
      if (state->curBlocks.empty())
        continue;
    }
    EncodingReader &reader = *state->reader;
    while (true) {
      while (state->numOpsRemaining) {
        --state->numOpsRemaining;
        bool isIsolatedFromAbove = false;
        FailureOr<Operation *> op = parseOpWithoutRegions(reader, *state, isIsolatedFromAbove);
        if (failed(op))
          return failure();
        if (!(*op)->getNumRegions())
          continue;

        RegionReadState child;
        child.op = *op;
        child.numRegions = (*op)->getNumRegions();
        child.reader = &reader;
        child.isIsolatedFromAbove = isIsolatedFromAbove;
        // Isolated regions are nested IR sections since version 2.
        if (version >= kLazyLoading && isIsolatedFromAbove) {
          unsigned id;
          ArrayRef<uint8_t> sectionData;
          if (failed(reader.parseSection(id, sectionData)))
            return failure();
          if (id != Section::kIR)
            return lamina::emitError(fileLoc, "expected IR section for region");
          child.owningReader = std::make_unique<EncodingReader>(makeReader(sectionData));
          child.reader = child.owningReader.get();
        }
        if (isIsolatedFromAbove)
          valueScopes.emplace_back();
        stack.push_back(std::move(child));
        return success();
      }
      if (++state->curBlock == state->curBlocks.size())
        break;
      if (failed(parseBlockHeader(reader, *state)))
        return failure();
    }
    state->inRegion = false;
    popValueScopeRegion(state->numValues);
  }
  if (stack[stateIndex].isIsolatedFromAbove)
    valueScopes.pop_back();
  stack.pop_back();
  return success();
}

LogicalResult BytecodeReaderImpl::parseRegion(RegionReadState &state) {
  EncodingReader &reader = *state.reader;
  state.curBlocks.clear();
  uint64_t numBlocks;
  if (failed(reader.parseVarInt(numBlocks)))
    return failure();
  if (numBlocks == 0)
    return success();
  uint64_t numValues;
  if (failed(reader.parseVarInt(numValues)))
    return failure();
  // Every block has at least a one-byte header.
  if (numBlocks > reader.size())
    return reader.emitError("region declares ") << numBlocks << " blocks but only " << uint64_t(reader.size())
                                                << " bytes remain";
  if (failed(pushValueScopeRegion(reader, numValues)))
    return failure();
  state.numValues = numValues;
  state.inRegion = true;
  Region &region = state.op->getRegion(state.curRegion);
  state.curBlocks.reserve(size_t(numBlocks));
  for (uint64_t i = 0; i < numBlocks; ++i) {
    Block *b = new Block();
    region.push_back(b);
    state.curBlocks.push_back(b);
  }
  state.curBlock = 0;
  return parseBlockHeader(reader, state);
}

LogicalResult BytecodeReaderImpl::pushValueScopeRegion(EncodingReader &reader, uint64_t numValues) {
  // Each value is defined by at least one byte of the file, and the values of
  // all enclosing regions are distinct.
  if (numValues > bufferSize - liveValueSlots)
    return reader.emitError("region declares ") << numValues << " values, more than the bytecode can define";
  ValueScope &scope = valueScopes.back();
  scope.nextValueIDs.push_back(scope.values.size());
  scope.values.resize(scope.values.size() + size_t(numValues));
  liveValueSlots += numValues;
  return success();
}

void BytecodeReaderImpl::popValueScopeRegion(uint64_t numValues) {
  ValueScope &scope = valueScopes.back();
  scope.values.resize(scope.values.size() - size_t(numValues));
  scope.nextValueIDs.pop_back();
  liveValueSlots -= numValues;
}

LogicalResult BytecodeReaderImpl::parseBlockHeader(EncodingReader &reader, RegionReadState &state) {
  bool hasArgs;
  if (failed(reader.parseVarIntWithFlag(state.numOpsRemaining, hasArgs)))
    return failure();
  // Every operation takes at least three bytes.
  if (state.numOpsRemaining > reader.size())
    return reader.emitError("block declares ") << state.numOpsRemaining << " operations but only "
                                               << uint64_t(reader.size()) << " bytes remain";
  Block *block = state.curBlocks[state.curBlock];
  if (hasArgs && failed(parseBlockArguments(reader, block)))
    return failure();
  if (version < kUseListOrdering)
    return success();
  uint8_t hasUseListOrders = 0;
  if (hasArgs && failed(reader.parseByte(hasUseListOrders)))
    return failure();
  if (!hasUseListOrders)
    return success();
  std::vector<std::pair<uint64_t, UseListOrder>> orders;
  if (failed(parseUseListOrderForRange(reader, block->getNumArguments(), orders)))
    return failure();
  if (orders.empty())
    return reader.emitError("expected use-list orders for the block arguments");
  recordUseListOrders(orders, block->getArguments());
  return success();
}

LogicalResult BytecodeReaderImpl::parseBlockArguments(EncodingReader &reader, Block *block) {
  uint64_t numArgs;
  if (failed(reader.parseVarInt(numArgs)))
    return failure();
  if (numArgs > reader.size())
    return reader.emitError("block declares ") << numArgs << " arguments but only " << uint64_t(reader.size())
                                               << " bytes remain";
  std::vector<Type> argTypes;
  std::vector<Location> argLocs;
  argTypes.reserve(size_t(numArgs));
  argLocs.reserve(size_t(numArgs));
  Location unknownLoc = UnknownLoc::get(ctx);
  for (uint64_t i = 0; i < numArgs; ++i) {
    Type argType;
    Attribute locAttr;
    if (version >= kElideUnknownBlockArgLocation) {
      uint64_t typeIndex;
      bool hasLoc;
      if (failed(reader.parseVarIntWithFlag(typeIndex, hasLoc)) || !(argType = resolveType(reader, typeIndex)))
        return failure();
      if (hasLoc) {
        uint64_t locIndex;
        if (failed(reader.parseVarInt(locIndex)) || !(locAttr = resolveAttribute(reader, locIndex)))
          return failure();
      }
    } else {
      uint64_t typeIndex, locIndex;
      if (failed(reader.parseVarInt(typeIndex)) || !(argType = resolveType(reader, typeIndex)) ||
          failed(reader.parseVarInt(locIndex)) || !(locAttr = resolveAttribute(reader, locIndex)))
        return failure();
    }
    if (locAttr && !isa<LocationAttr>(locAttr))
      return reader.emitError("expected attribute of type: mlir::LocationAttr, but got: ") << locAttr;
    argTypes.push_back(argType);
    argLocs.push_back(locAttr ? Location(LocationAttr(locAttr)) : unknownLoc);
  }
  block->addArguments(argTypes, argLocs);
  return defineValues(reader, block->getArguments());
}

FailureOr<Operation *> BytecodeReaderImpl::parseOpWithoutRegions(EncodingReader &reader, RegionReadState &state,
                                                                 bool &isIsolatedFromAbove) {
  std::optional<bool> wasRegistered;
  FailureOr<OperationName> opName = parseOpName(reader, wasRegistered);
  if (failed(opName))
    return failure();
  uint8_t mask;
  if (failed(reader.parseByte(mask)))
    return failure();

  uint64_t index;
  if (failed(reader.parseVarInt(index)))
    return failure();
  Attribute locAttr = resolveAttribute(reader, index);
  if (!locAttr)
    return failure();
  if (!isa<LocationAttr>(locAttr))
    return reader.emitError("expected attribute of type: mlir::LocationAttr, but got: ") << locAttr;

  DictionaryAttr attrs;
  if (mask & OpEncodingMask::kHasAttrs) {
    if (failed(reader.parseVarInt(index)))
      return failure();
    Attribute dict = resolveAttribute(reader, index);
    if (!dict)
      return failure();
    if (!(attrs = dyn_cast<DictionaryAttr>(dict)))
      return reader.emitError("expected attribute of type: mlir::DictionaryAttr, but got: ") << dict;
  }

  std::optional<uint64_t> propertiesIndex;
  if (mask & OpEncodingMask::kHasProperties) {
    if (!wasRegistered)
      return lamina::emitError(fileLoc) << "Unexpected missing `wasRegistered` opname flag at bytecode version "
                                        << version << " with properties.";
    uint64_t propIndex;
    if (failed(reader.parseVarInt(propIndex)))
      return failure();
    propertiesIndex = propIndex;
  }

  // Counts are bounded by the bytes that remain: each element takes one.
  auto parseCount = [&](uint64_t &count, const char *what) -> LogicalResult {
    if (failed(reader.parseVarInt(count)))
      return failure();
    if (count > reader.size())
      return reader.emitError("operation declares ") << count << " " << what << " but only "
                                                     << uint64_t(reader.size()) << " bytes remain";
    return success();
  };

  scratchTypes.clear();
  if (mask & OpEncodingMask::kHasResults) {
    uint64_t numResults;
    if (failed(parseCount(numResults, "results")))
      return failure();
    scratchTypes.reserve(size_t(numResults));
    for (uint64_t i = 0; i < numResults; ++i) {
      if (failed(reader.parseVarInt(index)))
        return failure();
      Type type = resolveType(reader, index);
      if (!type)
        return failure();
      scratchTypes.push_back(type);
    }
  }

  scratchOperands.clear();
  if (mask & OpEncodingMask::kHasOperands) {
    uint64_t numOperands;
    if (failed(parseCount(numOperands, "operands")))
      return failure();
    scratchOperands.reserve(size_t(numOperands));
    for (uint64_t i = 0; i < numOperands; ++i) {
      Value operand = parseOperand(reader);
      if (!operand)
        return failure();
      scratchOperands.push_back(operand);
    }
  }

  scratchSuccessors.clear();
  if (mask & OpEncodingMask::kHasSuccessors) {
    uint64_t numSuccessors;
    if (failed(parseCount(numSuccessors, "successors")))
      return failure();
    scratchSuccessors.reserve(size_t(numSuccessors));
    for (uint64_t i = 0; i < numSuccessors; ++i) {
      if (failed(reader.parseVarInt(index)))
        return failure();
      if (index >= state.curBlocks.size())
        return reader.emitError("invalid successor index: ") << index;
      scratchSuccessors.push_back(state.curBlocks[size_t(index)]);
    }
  }

  std::vector<std::pair<uint64_t, UseListOrder>> resultOrders;
  if (version >= kUseListOrdering && (mask & OpEncodingMask::kHasUseListOrders) &&
      failed(parseUseListOrderForRange(reader, scratchTypes.size(), resultOrders)))
    return failure();

  uint64_t numRegions = 0;
  if (mask & OpEncodingMask::kHasInlineRegions) {
    if (failed(reader.parseVarIntWithFlag(numRegions, isIsolatedFromAbove)))
      return failure();
    // Each region takes at least one byte; the operation stores 24 bits.
    if (numRegions > reader.size() || numRegions >= (1u << 24))
      return reader.emitError("operation declares ") << numRegions << " regions but only " << uint64_t(reader.size())
                                                     << " bytes remain";
  }

  // Unregistered operations store their properties as one attribute, given
  // at creation; registered ones decode theirs into the created op.
  Attribute unregisteredProperties;
  if (propertiesIndex && !opName->isRegistered()) {
    if (failed(readProperties(reader, *propertiesIndex, *opName, nullptr, &unregisteredProperties)))
      return failure();
    propertiesIndex.reset();
  }
  Operation *op = Operation::create(Location(LocationAttr(locAttr)), *opName, TypeRange(scratchTypes),
                                    ValueRange(scratchOperands), NamedAttrList(), unregisteredProperties,
                                    scratchSuccessors, unsigned(numRegions));
  op->orderIndex = nextOperationID++;
  state.curBlocks[state.curBlock]->push_back(op);
  if (attrs && !attrs.empty())
    op->setAttrs(attrs);

  if (op->getNumResults() && failed(defineValues(reader, op->getResults())))
    return failure();
  if (!resultOrders.empty())
    recordUseListOrders(resultOrders, op->getResults());
  if (propertiesIndex && failed(readProperties(reader, *propertiesIndex, *opName, op, nullptr)))
    return failure();
  return op;
}

LogicalResult BytecodeReaderImpl::readProperties(EncodingReader &reader, uint64_t index, OperationName name,
                                                 Operation *op, Attribute *unregisteredProperties) {
  if (index >= propertiesOffsets.size())
    return reader.emitError("Properties idx out-of-bound for ") << name.getStringRef();
  EncodingReader entryReader = makeReader(propertiesData.slice(size_t(propertiesOffsets[size_t(index)])));
  uint64_t size;
  ArrayRef<uint8_t> raw;
  if (failed(entryReader.parseVarInt(size)) || failed(entryReader.parseBytes(size, raw)))
    return failure();
  EncodingReader propReader = makeReader(raw);
  DialectReader dialectReader(*this, propReader);

  if (unregisteredProperties)
    return dialectReader.readAttribute(*unregisteredProperties);
  if (auto readFn = name.getInfo().readProperties)
    return readFn(dialectReader, op);
  // Registered operations without a custom encoding store each inherent
  // attribute as an optional attribute, in declaration order (what ODS
  // emits for operations whose properties are all optional attributes,
  // e.g. builtin.module).
  MutableArrayRef<Attribute> slots = op->getPropertySlots();
  if (slots.empty())
    return dialectReader.emitError("has properties but missing BytecodeOpInterface for ")
           << name.getStringRef();
  for (Attribute &slot : slots)
    if (failed(dialectReader.readOptionalAttribute(slot)))
      return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

Value BytecodeReaderImpl::parseOperand(EncodingReader &reader) {
  uint64_t index;
  if (failed(reader.parseVarInt(index)))
    return Value();
  std::vector<Value> &values = valueScopes.back().values;
  if (index >= values.size()) {
    reader.emitError("invalid value index: ") << index;
    return Value();
  }
  Value &value = values[size_t(index)];
  if (!value)
    value = createForwardRef();
  return value;
}

LogicalResult BytecodeReaderImpl::defineValues(EncodingReader &reader, ValueRange newValues) {
  ValueScope &scope = valueScopes.back();
  std::vector<Value> &values = scope.values;
  uint64_t &valueID = scope.nextValueIDs.back();
  uint64_t valueIDEnd = valueID + newValues.size();
  if (valueIDEnd > values.size())
    return reader.emitError("value index range was outside of the expected range for the parent region, got [")
           << valueID << ", " << valueIDEnd << "), but the maximum index was " << uint64_t(values.size() - 1);
  for (size_t i = 0, e = newValues.size(); i != e; ++i, ++valueID) {
    Value newValue = newValues[i];
    Value oldValue = values[size_t(valueID)];
    values[size_t(valueID)] = newValue;
    if (!oldValue)
      continue;
    // A forward reference: move its uses over and recycle the placeholder.
    oldValue.replaceAllUsesWith(newValue);
    freePlaceholders.push_back(oldValue.getDefiningOp());
    forwardReferencedValues.push_back(newValue);
  }
  return success();
}

Value BytecodeReaderImpl::createForwardRef() {
  if (!freePlaceholders.empty()) {
    Operation *op = freePlaceholders.back();
    freePlaceholders.pop_back();
    return op->getResult(0);
  }
  Type none = NoneType::get(ctx);
  Operation *op = Operation::create(UnknownLoc::get(ctx), placeholderName, TypeRange(none), ValueRange(),
                                    NamedAttrList(), Attribute(), {}, 0);
  placeholders.push_back(op);
  return op->getResult(0);
}

//===----------------------------------------------------------------------===//
// Use-list orders
//===----------------------------------------------------------------------===//

LogicalResult
BytecodeReaderImpl::parseUseListOrderForRange(EncodingReader &reader, uint64_t rangeSize,
                                              std::vector<std::pair<uint64_t, UseListOrder>> &result) {
  uint64_t numValuesToRead = 1;
  if (rangeSize > 1 && failed(reader.parseVarInt(numValuesToRead)))
    return failure();
  if (numValuesToRead > reader.size())
    return reader.emitError("use-list orders exceed the remaining data");
  for (uint64_t i = 0; i < numValuesToRead; ++i) {
    uint64_t resultIndex = 0;
    if (rangeSize > 1 && failed(reader.parseVarInt(resultIndex)))
      return failure();
    uint64_t numIndices;
    bool isIndexPairEncoding;
    if (failed(reader.parseVarIntWithFlag(numIndices, isIndexPairEncoding)))
      return failure();
    if (numIndices > reader.size())
      return reader.emitError("use-list orders exceed the remaining data");
    UseListOrder order;
    order.isIndexPairEncoding = isIndexPairEncoding;
    order.indices.reserve(size_t(numIndices));
    for (uint64_t j = 0; j < numIndices; ++j) {
      uint64_t idx;
      if (failed(reader.parseVarInt(idx)))
        return failure();
      order.indices.push_back(uint32_t(std::min<uint64_t>(idx, UINT32_MAX)));
    }
    // The first order given for a value wins.
    bool seen = false;
    for (auto &existing : result)
      seen |= existing.first == resultIndex;
    if (!seen)
      result.emplace_back(resultIndex, std::move(order));
  }
  return success();
}

void BytecodeReaderImpl::recordUseListOrders(std::vector<std::pair<uint64_t, UseListOrder>> &orders,
                                             ValueRange values) {
  for (auto &[index, order] : orders)
    if (index < values.size())
      useListOrders.insert(values[size_t(index)].getImpl(), std::move(order));
}

/// Reorders the uses of `value`: the use at position i moves to indices[i].
static void shuffleUseList(Value value, const std::vector<OpOperand *> &uses, ArrayRef<uint32_t> indices) {
  std::vector<OpOperand *> shuffled(uses.size());
  for (size_t i = 0; i < uses.size(); ++i)
    shuffled[indices[i]] = uses[i];
  // Re-inserting a use puts it at the front of the list.
  for (size_t i = shuffled.size(); i-- > 0;)
    shuffled[i]->set(value);
}

LogicalResult BytecodeReaderImpl::sortUseListOrder(Value value) {
  if (value.use_empty() || value.hasOneUse())
    return success();
  UseListOrder *customOrder = useListOrders.lookup(value.getImpl());

  // Current order of the uses and their IDs (owner pre-order, operand).
  std::vector<OpOperand *> uses;
  std::vector<std::pair<uint32_t, uint64_t>> currentOrder;
  bool alreadySorted = true;
  uint64_t prevID = 0;
  for (OpOperand &use : value.getUses()) {
    uint64_t id = getUseID(use.getOwner()->orderIndex, use.getOperandNumber());
    if (!uses.empty())
      alreadySorted &= prevID > id;
    prevID = id;
    currentOrder.emplace_back(uint32_t(uses.size()), id);
    uses.push_back(&use);
  }
  if (alreadySorted && !customOrder)
    return success();
  if (!alreadySorted)
    std::stable_sort(currentOrder.begin(), currentOrder.end(),
                     [](const auto &a, const auto &b) { return a.second > b.second; });

  std::vector<uint32_t> shuffle;
  if (!customOrder) {
    for (auto &item : currentOrder)
      shuffle.push_back(item.first);
    shuffleUseList(value, uses, shuffle);
    return success();
  }

  size_t numUses = uses.size();
  std::vector<uint32_t> order = customOrder->indices;
  if (customOrder->isIndexPairEncoding) {
    if (order.size() & 1)
      return failure();
    std::vector<uint32_t> expanded(numUses);
    for (size_t i = 0; i < numUses; ++i)
      expanded[i] = uint32_t(i);
    for (size_t i = 0; i < order.size(); i += 2) {
      if (order[i] >= numUses)
        return failure();
      expanded[order[i]] = order[i + 1];
    }
    order = std::move(expanded);
  }
  // The order must be a permutation of the uses.
  if (order.size() != numUses)
    return failure();
  std::vector<char> seen(numUses, 0);
  for (uint32_t i : order) {
    if (i >= numUses || seen[i])
      return failure();
    seen[i] = 1;
  }
  for (auto &item : currentOrder)
    shuffle.push_back(order[item.first]);
  shuffleUseList(value, uses, shuffle);
  return success();
}

LogicalResult BytecodeReaderImpl::processUseLists() {
  // Only values whose uses were not all created in reference order need
  // work: values that replaced a forward reference and values with an
  // encoded order. Operation IDs were stored in orderIndex at creation (the
  // reader creates operations in pre-order); the blocks' order is marked
  // invalid, so isBeforeInBlock recomputes it.
  LogicalResult result = success();
  for (Value v : forwardReferencedValues)
    if (!useListOrders.contains(v.getImpl()) && failed(sortUseListOrder(v)))
      result = failure();
  useListOrders.forEach([&](void *impl, UseListOrder &) {
    if (failed(sortUseListOrder(Value(static_cast<detail::ValueImpl *>(impl)))))
      result = failure();
  });
  return result;
}

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

bool lamina::isBytecode(std::string_view buffer) {
  return buffer.size() >= 4 && buffer.substr(0, 4) == std::string_view(kMagic, 4);
}

LogicalResult lamina::readBytecodeFile(std::string_view buffer, std::string_view bufferName, Block *block,
                                       const ParserConfig &config) {
  Location fileLoc = FileLineColLoc::get(config.getContext(), bufferName, 0, 0);
  if (!isBytecode(buffer))
    return emitError(fileLoc, "input buffer is not an MLIR bytecode file");
  BytecodeReaderImpl reader(buffer, fileLoc, config);
  return reader.read(block);
}

Operation *lamina::readBytecodeFileForTool(std::string_view buffer, std::string_view bufferName,
                                           const ParserConfig &config, bool insertImplicitModule) {
  MLIRContext *ctx = config.getContext();
  Block block;
  if (failed(readBytecodeFile(buffer, bufferName, &block, config)))
    return nullptr;
  Location fileLoc = FileLineColLoc::get(ctx, bufferName, 0, 0);
  if (!insertImplicitModule) {
    if (block.empty() || &block.front() != &block.back()) {
      emitError(fileLoc) << "source must contain a single top-level operation, found: "
                         << unsigned(block.getOperations().size());
      return nullptr;
    }
    Operation *op = &block.front();
    op->remove();
    return op;
  }
  if (!block.empty() && &block.front() == &block.back() && isa<ModuleOp>(&block.front())) {
    Operation *op = &block.front();
    op->remove();
    return op;
  }
  ModuleOp module = ModuleOp::create(fileLoc);
  module.getBody()->splice(&block, block.begin());
  if (config.shouldVerifyAfterParse() && failed(verify(module.getOperation()))) {
    module.getOperation()->destroy();
    return nullptr;
  }
  return module.getOperation();
}
