//===- BytecodeReader.cpp - Reads MLIR bytecode: sections, attributes ----===//
//
// Reads versions 0 to 6 of MLIR's bytecode format (docs/BytecodeFormat.md)
// with MLIR's diagnostics: this file reads the sections and decodes the
// attributes and types; BytecodeReaderIR.cpp reads the IR section. The
// reader trusts nothing in the input:
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

#include "BytecodeReaderImpl.h"
#include "ForeignDialectBytecode.h"
#include "lamina/IR/BuiltinDialect.h"
#include "lamina/IR/BuiltinLocations.h"
#include "lamina/IR/BuiltinOps.h"
#include "lamina/IR/Dialect.h"
#include "lamina/IR/OpImplementation.h"
#include "lamina/IR/Verifier.h"

#include <string>

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

namespace lamina::bytecode {

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
    uint8_t value = 0;
    if (failed(reader.parseByte(value)))
      return failure();
    return APInt(bitWidth, truncated(value));
  }
  if (bitWidth <= 64) {
    uint64_t value = 0;
    if (failed(reader.parseSignedVarInt(value)))
      return failure();
    return APInt(bitWidth, truncated(value));
  }
  if (failed(impl.reserveLiteralStorage(reader, (uint64_t(bitWidth) + 63) / 64 * 8,
                                        "an integer of " + std::to_string(bitWidth) + " bits")))
    return failure();
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

BytecodeReaderImpl::~BytecodeReaderImpl() = default;

LogicalResult BytecodeReaderImpl::reserveLiteralStorage(EncodingReader &reader, uint64_t bytes,
                                                        std::string_view what) {
  if (bytes <= *literalStorageLeft) {
    *literalStorageLeft -= bytes;
    return success();
  }
  return reader.emitError(what) << " needs " << bytes << " bytes of storage, more than the attributes of this file "
                                << "may still take (" << *literalStorageLeft << " bytes)";
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
  dialect.dialect = loaded;
  // A version entry can only be interpreted by the dialect; the dialects
  // Lamina implements define no versioning. The version of a dialect that
  // is not available at all is ignored (its ops are read unregistered).
  // (A failed load is attempted, and reported, again.)
  if (!dialect.versionBuffer.empty() && loaded && !hasForeignDialectEncoding(dialect.name)) {
    if (!dialect.isBuiltin() && !loaded->getRegisteredInterface<BytecodeDialectInterface>())
      return reader.emitError("dialect '") << dialect.name
                                           << "' does not implement the bytecode interface, but found a version entry";
    return reader.emitError("Dialect does not support versioning");
  }
  dialect.loadAttempted = true;
  return success();
}

FailureOr<OperationName> BytecodeReaderImpl::parseOpName(EncodingReader &reader, std::optional<bool> &wasRegistered,
                                                         const ForeignOpLayout *&foreign) {
  uint64_t index;
  if (failed(reader.parseVarInt(index)))
    return failure();
  if (index >= opNames.size())
    return reader.emitError("invalid operation name index: ") << index;
  BytecodeOperationName &entry = opNames[index];
  wasRegistered = entry.wasRegistered;
  if (!entry.opName && failed(resolveOpName(reader, entry)))
    return failure();
  foreign = entry.foreignLayout;
  return *entry.opName;
}

LogicalResult BytecodeReaderImpl::resolveOpName(EncodingReader &reader, BytecodeOperationName &entry) {
  if (failed(loadDialect(reader, *entry.dialect)))
    return failure();
  if (entry.name.empty()) {
    // A name without a dialect prefix (`"index"()`): the whole name is the
    // dialect part. mlir-opt 22 reads it back even when a dialect of that
    // name is loaded.
    entry.opName.emplace(entry.dialect->name, ctx);
  } else {
    std::string fullName;
    fullName.reserve(entry.dialect->name.size() + 1 + entry.name.size());
    fullName.append(entry.dialect->name).append(".").append(entry.name);
    entry.opName.emplace(fullName, ctx);
  }
  if (!entry.opName->isRegistered())
    entry.foreignLayout = lookupForeignOpLayout(entry.opName->getStringRef());
  return success();
}

bool BytecodeReaderImpl::resolveAllEntries() {
  ScopedDiagnosticSuppression quiet;
  struct Ahead {
    bool &flag;
    explicit Ahead(bool &flag) : flag(flag) { flag = true; }
    ~Ahead() { flag = false; }
  } ahead(resolvingAhead);
  EncodingReader reader = makeReader(ArrayRef<uint8_t>());
  for (BytecodeOperationName &entry : opNames)
    if (!entry.opName && failed(resolveOpName(reader, entry)))
      return false;
  for (size_t i = 0; i < types.size(); ++i)
    if (!resolveType(reader, i))
      return false;
  constexpr uint8_t kBuiltinCustom = AttrTypeTable<Attribute>::kHasCustomEncoding | AttrTypeTable<Attribute>::kBuiltinDialect;
  for (size_t i = 0; i < attributes.size(); ++i) {
    // Builtin file:line:col entries: operations keep them packed.
    if ((attributes.flags[i] & kBuiltinCustom) == kBuiltinCustom) {
      const uint8_t *p = attrTypeData.data() + attributes.entries[i].offset;
      uint64_t code;
      if (decodeVarInt(p, p + attributes.entries[i].size, code) &&
          (code == uint64_t(BuiltinAttrCode::FileLineColLoc) || code == uint64_t(BuiltinAttrCode::FileLineColRange)))
        continue;
    }
    if (!resolveAttribute(reader, i))
      return false;
  }
  return true;
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
      uint8_t kind = 0;
      ArrayRef<uint8_t> data;
      if (failed(parseResourceEntryHeader(offsetReader, resourceReader, key, kind, data)))
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
          uint8_t b = 0;
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
    if (dialect.isBuiltin()) {
      if (failed(parseGroup(&dialect, nullptr)))
        return failure();
      continue;
    }
    if (!dialect.dialect->hasResourceHooks())
      return resourceReader.emitError("unexpected resources for dialect '") << dialect.name << "'";
    if (failed(parseDialectResourceGroup(*dialect.dialect, offsetReader, resourceReader)))
      return failure();
  }
  return success();
}

namespace {
/// An entry of a dialect's resource group, handed to Dialect::parseResource.
class BytecodeResourceEntry : public DialectResourceEntry {
public:
  BytecodeResourceEntry(std::string_view key, ResourceKind kind, EncodingReader &reader,
                        function_ref<LogicalResult(EncodingReader &, std::string_view &)> parseString)
      : key(key), kind(kind), reader(reader), parseString(parseString) {}
  std::string_view getKey() const override { return key; }
  InFlightDiagnostic emitError() const override { return reader.emitError(); }
  FailureOr<AsmResourceBlob> parseAsBlob() const override {
    if (failed(checkKind(ResourceKind::Blob)))
      return failure();
    ArrayRef<uint8_t> data;
    uint64_t alignment;
    if (failed(reader.parseBlobAndAlignment(data, alignment)))
      return failure();
    AsmResourceBlob blob;
    blob.data.assign(reinterpret_cast<const char *>(data.data()),
                     reinterpret_cast<const char *>(data.data()) + data.size());
    blob.alignment = alignment;
    return blob;
  }
  FailureOr<bool> parseAsBool() const override {
    uint8_t value;
    if (failed(checkKind(ResourceKind::Bool)) || failed(reader.parseByte(value)))
      return failure();
    return value != 0;
  }
  FailureOr<std::string> parseAsString() const override {
    std::string_view value;
    if (failed(checkKind(ResourceKind::String)) || failed(parseString(reader, value)))
      return failure();
    return std::string(value);
  }

private:
  static const char *kindName(ResourceKind kind) {
    switch (kind) {
    case ResourceKind::Blob:
      return "blob";
    case ResourceKind::Bool:
      return "bool";
    case ResourceKind::String:
      return "string";
    }
    return "unknown";
  }
  LogicalResult checkKind(ResourceKind expected) const {
    if (kind == expected)
      return success();
    return reader.emitError("expected a ") << kindName(expected) << " resource entry, but found a "
                                           << kindName(kind) << " entry instead";
  }

  std::string key;
  ResourceKind kind;
  EncodingReader &reader;
  function_ref<LogicalResult(EncodingReader &, std::string_view &)> parseString;
};
} // namespace

LogicalResult BytecodeReaderImpl::parseDialectResourceGroup(Dialect &dialect, EncodingReader &offsetReader,
                                                            EncodingReader &resourceReader) {
  uint64_t numResources;
  if (failed(offsetReader.parseVarInt(numResources)))
    return failure();
  for (uint64_t i = 0; i < numResources; ++i) {
    std::string_view key;
    uint8_t kind = 0;
    ArrayRef<uint8_t> data;
    if (failed(parseResourceEntryHeader(offsetReader, resourceReader, key, kind, data)))
      return failure();
    // Every key is declared (the dialect may rename it), even one without
    // data (a dangling reference); entries are handle indices in order.
    const void *handle = dialect.declareResource(key);
    if (!handle)
      return resourceReader.emitError("unknown 'resource' key '")
             << key << "' for dialect '" << dialect.getNamespace() << "'";
    resources.push_back(DenseResourceElementsHandle());
    if (data.empty())
      continue;
    std::string_view declaredKey = dialect.getResourceKey(handle);
    EncodingReader entryReader = makeReader(data);
    BytecodeResourceEntry entry(declaredKey, ResourceKind(kind), entryReader,
                                [&](EncodingReader &reader, std::string_view &result) {
                                  return parseString(reader, result);
                                });
    if (failed(dialect.parseResource(entry)))
      return failure();
    if (!entryReader.empty())
      return entryReader.emitError("unexpected trailing bytes in resource entry '") << declaredKey << "'";
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
    table.resolving.resize(size_t(count));
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
      uint8_t dialectFlag = dialects[size_t(dialectIndex)].name == "builtin" ? table.kBuiltinDialect : 0;
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
        table.flags[currentIndex] = uint8_t((hasCustomEncoding ? table.kHasCustomEncoding : 0) | dialectFlag);
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
    if (Attribute a = attributes.load(size_t(index)))
      return a;
  if (concurrentReads) {
    std::lock_guard<std::recursive_mutex> lock(resolveMutex);
    return resolveEntry(attributes, index, "Attribute");
  }
  return resolveEntry(attributes, index, "Attribute");
}

Type BytecodeReaderImpl::resolveType(EncodingReader &, uint64_t index) {
  if (index < types.size())
    if (Type t = types.load(size_t(index)))
      return t;
  if (concurrentReads) {
    std::lock_guard<std::recursive_mutex> lock(resolveMutex);
    return resolveEntry(types, index, "Type");
  }
  return resolveEntry(types, index, "Type");
}

template <typename T> T BytecodeReaderImpl::resolveEntry(AttrTypeTable<T> &table, uint64_t index, const char *kind) {
  if (index >= table.size()) {
    lamina::emitError(fileLoc) << "invalid " << kind << " index: " << index;
    return T();
  }
  auto &entry = table.entries[size_t(index)];
  if (T value = table.load(size_t(index)))
    return value;
  uint8_t flags = table.flags[size_t(index)];
  if (table.resolving[size_t(index)]) {
    lamina::emitError(fileLoc) << kind << " entry " << index << " refers to itself";
    return T();
  }
  if (attrTypeDepth >= kMaxAttrTypeNestingDepth) {
    lamina::emitError(fileLoc) << "attributes and types are nested too deeply (more than "
                               << kMaxAttrTypeNestingDepth << " levels)";
    return T();
  }
  table.resolving[size_t(index)] = 1;
  ++attrTypeDepth;
  EncodingReader entryReader = makeReader(attrTypeData.slice(entry.offset, entry.size));
  T value = (flags & table.kHasCustomEncoding)
                ? parseCustomEntry<T>(dialects[table.getDialectIndex(size_t(index))], entryReader)
                : parseAsmEntry<T>(entryReader, kind);
  --attrTypeDepth;
  // (The table is never resized while reading: `entry` is still valid.)
  table.resolving[size_t(index)] = 0;
  if (!value)
    return T();
  if (!entryReader.empty()) {
    entryReader.emitError("unexpected trailing bytes after ") << kind << " entry";
    return T();
  }
  table.store(size_t(index), value);
  return value;
}

template <typename T> T BytecodeReaderImpl::parseAsmEntry(EncodingReader &reader, const char *kind) {
  std::string_view text;
  if (failed(reader.parseNullTerminatedString(text)))
    return T();
  size_t numRead = 0;
  T value;
  if constexpr (std::is_same_v<T, Type>)
    value = lamina::parseType(text, getEntryParserConfig(/*tentative=*/false), &numRead);
  else
    value = lamina::parseAttribute(text, getEntryParserConfig(/*tentative=*/resolvingAhead), Type(), &numRead);
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
  constexpr bool isType = std::is_same_v<T, Type>;
  if (hasForeignDialectEncoding(dialect.name)) {
    // A dialect of mlir-opt's that Lamina lacks: decoded to its text.
    ForeignDialectVersion version;
    if (!dialect.versionBuffer.empty()) {
      EncodingReader versionReader = makeReader(dialect.versionBuffer);
      uint64_t major, minor;
      if (succeeded(versionReader.parseVarInt(major)) && succeeded(versionReader.parseVarInt(minor))) {
        version.major = major;
        version.minor = minor;
      }
    }
    DialectReader dialectReader(*this, reader);
    FailureOr<std::string> text = readForeignDialectEntry(dialect.name, version, isType, dialectReader);
    if (failed(text))
      return T();
    if constexpr (isType)
      return lamina::parseType(*text, getEntryParserConfig(/*tentative=*/false));
    else
      return lamina::parseAttribute(*text, getEntryParserConfig(/*tentative=*/false));
  }
  if (!dialect.isBuiltin()) {
    const BytecodeDialectInterface *iface =
        dialect.dialect ? dialect.dialect->getRegisteredInterface<BytecodeDialectInterface>() : nullptr;
    if (!iface) {
      reader.emitError("dialect '") << dialect.name << "' does not implement the bytecode interface";
      return T();
    }
    DialectReader dialectReader(*this, reader);
    if constexpr (std::is_same_v<T, Type>)
      return iface->readType(dialectReader);
    else
      return iface->readAttribute(dialectReader);
  }
  DialectReader dialectReader(*this, reader);
  if constexpr (std::is_same_v<T, Type>)
    return readBuiltinType(dialectReader);
  else
    return readBuiltinAttribute(dialectReader);
}

} // namespace lamina::bytecode

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

bool lamina::isBytecode(std::string_view buffer) {
  return buffer.size() >= 4 && buffer.substr(0, 4) == std::string_view(kMagic, 4);
}

static Operation *readForTool(std::string_view buffer, std::string_view bufferName, const ParserConfig &config,
                              bool insertImplicitModule, const MemoryBuffer *mappedSource);

static LogicalResult readInto(std::string_view buffer, std::string_view bufferName, Block *block,
                              const ParserConfig &config, const MemoryBuffer *mappedSource) {
  Location fileLoc = FileLineColLoc::get(config.getContext(), bufferName, 0, 0);
  if (!isBytecode(buffer))
    return emitError(fileLoc, "input buffer is not an MLIR bytecode file");
  BytecodeReaderImpl reader(buffer, fileLoc, config);
  if (mappedSource && mappedSource->isMapped() && buffer.data() >= mappedSource->getBufferStart() &&
      buffer.data() + buffer.size() <= mappedSource->getBufferEnd())
    reader.mappedSource = mappedSource;
  return reader.read(block);
}

LogicalResult lamina::readBytecodeFile(std::string_view buffer, std::string_view bufferName, Block *block,
                                       const ParserConfig &config) {
  return readInto(buffer, bufferName, block, config, nullptr);
}

Operation *lamina::readBytecodeFileForTool(const MemoryBuffer &buffer, const ParserConfig &config,
                                           bool insertImplicitModule) {
  return readForTool(buffer.getBuffer(), buffer.getBufferIdentifier(), config, insertImplicitModule, &buffer);
}

Operation *lamina::readBytecodeFileForTool(std::string_view buffer, std::string_view bufferName,
                                           const ParserConfig &config, bool insertImplicitModule) {
  return readForTool(buffer, bufferName, config, insertImplicitModule, nullptr);
}

static Operation *readForTool(std::string_view buffer, std::string_view bufferName, const ParserConfig &config,
                              bool insertImplicitModule, const MemoryBuffer *mappedSource) {
  MLIRContext *ctx = config.getContext();
  Block block;
  if (failed(readInto(buffer, bufferName, &block, config, mappedSource)))
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
