//===- AsmPrinterElements.cpp - dense<>, sparse<>, array<>, resources -----===//
//
// Prints the element lists of dense attributes, dense arrays, resource
// handles and the `{-# dialect_resources / external_resources #-}` section,
// as mlir-opt does. Element lists can hold millions of values: digits are
// written straight into the stream and float spellings reuse one string.
//
#include "AsmPrinterImpl.h"
#include "AttributeDetail.h"

#include <cstring>

using namespace lamina;
using namespace lamina::detail;

//===----------------------------------------------------------------------===//
// Small writers
//===----------------------------------------------------------------------===//

/// Writes `value` in decimal.
static void writeUnsigned(raw_ostream &os, uint64_t value) {
  char buf[24];
  char *end = buf + sizeof(buf), *p = end;
  do {
    *--p = char('0' + value % 10);
    value /= 10;
  } while (value);
  os.write(p, size_t(end - p));
}

/// Prints an integer element the way APInt::print does for a value of
/// `bitWidth` bits whose storage word is `raw`. Values read from hex data can
/// carry bits above the width; like MLIR, unsigned values print them and
/// signed values sign-extend from the width (printing nothing when only such
/// bits are set).
static void writeIntElement(raw_ostream &os, uint64_t raw, unsigned bitWidth, bool isSigned) {
  if (raw == 0) {
    os << '0';
    return;
  }
  if (!isSigned) {
    writeUnsigned(os, raw);
    return;
  }
  int64_t value = bitWidth >= 64 ? int64_t(raw) : int64_t(raw << (64 - bitWidth)) >> (64 - bitWidth);
  if (value < 0) {
    os << '-';
    writeUnsigned(os, uint64_t(0) - uint64_t(value));
  } else if (value > 0) {
    writeUnsigned(os, uint64_t(value));
  }
}

/// Loads `numBytes` (<= 8) little-endian bytes at `offset`, zero beyond the
/// end of `data`.
static uint64_t loadBytes(ArrayRef<char> data, size_t offset, size_t numBytes) {
  uint64_t word = 0;
  if (offset < data.size())
    std::memcpy(&word, data.data() + offset, std::min(numBytes, data.size() - offset));
  return word;
}

/// Reads an element of `bitWidth` bits at `bitPos` as an APInt (bits above
/// the width dropped).
static APInt readElementBits(ArrayRef<char> data, size_t bitPos, size_t bitWidth) {
  if (bitWidth == 1)
    return APInt(1, bitPos / 8 < data.size() && getDenseBit(data.data(), bitPos));
  std::vector<uint64_t> words((bitWidth + 63) / 64, 0);
  size_t offset = bitPos / 8, numBytes = (bitWidth + 7) / 8;
  if (offset < data.size())
    std::memcpy(words.data(), data.data() + offset, std::min(numBytes, data.size() - offset));
  return APInt(unsigned(bitWidth), std::span<const uint64_t>(words.data(), words.size()));
}

namespace {
/// Prints integer elements of one element type from raw storage.
struct IntElementPrinter {
  IntElementPrinter(Type type) : type(type) {
    bitWidth = unsigned(getDenseElementBitWidth(type));
    storageWidth = getDenseElementStorageWidth(bitWidth);
    isBool = type.isInteger(1);
    isSigned = !type.isUnsignedInteger();
  }
  /// Prints the element at bit position `bitPos` of `data`.
  void print(raw_ostream &os, ArrayRef<char> data, size_t bitPos) {
    if (bitWidth == 1) {
      bool bit = bitPos / 8 < data.size() && getDenseBit(data.data(), bitPos);
      if (isBool)
        os << (bit ? "true" : "false");
      else
        os << (bit ? (isSigned ? "-1" : "1") : "0");
      return;
    }
    if (bitWidth <= 64) {
      writeIntElement(os, loadBytes(data, bitPos / 8, (bitWidth + 7) / 8), bitWidth, isSigned);
      return;
    }
    // Wide values: unsigned ones print the stored bytes whole (as MLIR).
    scratch.clear();
    appendIntegerLiteral(scratch, readElementBits(data, bitPos, isSigned ? bitWidth : (bitWidth + 7) / 8 * 8),
                         isSigned);
    os << scratch;
  }
  Type type;
  unsigned bitWidth;
  size_t storageWidth;
  bool isBool, isSigned;
  std::string scratch;
};

/// Prints float elements of one float type from raw storage.
struct FloatElementPrinter {
  FloatElementPrinter(FloatType type) : semantics(&type.getFloatSemantics()) {
    bitWidth = getDenseElementBitWidth(type);
    storageWidth = getDenseElementStorageWidth(bitWidth);
  }
  void print(raw_ostream &os, ArrayRef<char> data, size_t bitPos) {
    APInt bits = bitWidth <= 64 ? APInt(unsigned(bitWidth), loadBytes(data, bitPos / 8, (bitWidth + 7) / 8))
                                : readElementBits(data, bitPos, bitWidth);
    scratch.clear();
    printFloatValue(APFloat::fromBits(*semantics, bits), scratch);
    os << scratch;
  }
  const FltSemantics *semantics;
  size_t bitWidth, storageWidth;
  std::string scratch;
};
} // namespace

/// Prints `numElements` elements nested in brackets per `shape`, or the one
/// element of a splat. `printElt(i)` prints element i. (A mixed-radix counter
/// walks the shape: closing brackets are emitted when a digit rolls over.)
template <typename PrintEltFn>
static void printDenseElements(raw_ostream &os, bool isSplat, ShapedType type, PrintEltFn &&printElt) {
  if (isSplat)
    return printElt(0);
  int64_t numElements = type.getNumElements();
  if (numElements <= 0)
    return;
  ArrayRef<int64_t> shape = type.getShape();
  size_t rank = shape.size();
  if (rank == 0)
    return printElt(0);
  std::vector<int64_t> counter(rank, 0);
  size_t openBrackets = 0;
  for (int64_t idx = 0; idx != numElements; ++idx) {
    if (idx != 0)
      os.write(", ", 2);
    while (openBrackets++ < rank)
      os << '[';
    openBrackets = rank;
    printElt(idx);
    // Bump the counter, closing a bracket for every digit that rolls over.
    ++counter[rank - 1];
    for (size_t i = rank - 1; i > 0; --i) {
      if (counter[i] < shape[i])
        break;
      counter[i] = 0;
      ++counter[i - 1];
      --openBrackets;
      os << ']';
    }
  }
  while (openBrackets-- > 0)
    os << ']';
}

/// Writes the bytes in uppercase hex.
static void writeHexBytes(raw_ostream &os, ArrayRef<char> data) {
  static const char digits[] = "0123456789ABCDEF";
  char buf[4096];
  size_t n = 0;
  for (char c : data) {
    unsigned char b = static_cast<unsigned char>(c);
    buf[n++] = digits[b >> 4];
    buf[n++] = digits[b & 15];
    if (n == sizeof(buf)) {
      os.write(buf, n);
      n = 0;
    }
  }
  os.write(buf, n);
}

/// Writes `"0x` + the bytes in uppercase hex + `"`.
static void printHexString(raw_ostream &os, ArrayRef<char> data) {
  os.write("\"0x", 3);
  writeHexBytes(os, data);
  os << '"';
}

//===----------------------------------------------------------------------===//
// Dense elements
//===----------------------------------------------------------------------===//

void AsmPrinterImpl::printDenseElementsAttr(DenseElementsAttr attr, bool allowHex) {
  if (auto stringAttr = dyn_cast<DenseStringElementsAttr>(attr))
    return printDenseStringElementsAttr(stringAttr);
  printDenseIntOrFPElementsAttr(cast<DenseIntOrFPElementsAttr>(attr), allowHex);
}

void AsmPrinterImpl::printDenseIntOrFPElementsAttr(DenseIntOrFPElementsAttr attr, bool allowHex) {
  ShapedType type = attr.getType();
  Type elementType = type.getElementType();
  ArrayRef<char> data = attr.getRawData();
  bool isSplat = attr.isSplat();

  if (allowHex && !isSplat && printerFlags.shouldPrintElementsAttrWithHex(type.getNumElements())) {
    printHexString(os, data);
    return;
  }

  if (auto complexType = dyn_cast<ComplexType>(elementType)) {
    // The parts are read at their own storage width, one after the other.
    Type partType = complexType.getElementType();
    if (auto floatType = dyn_cast<FloatType>(partType)) {
      FloatElementPrinter part(floatType);
      printDenseElements(os, isSplat, type, [&](int64_t i) {
        size_t offset = size_t(i) * part.storageWidth * 2;
        os << '(';
        part.print(os, data, offset);
        os << ',';
        part.print(os, data, offset + part.storageWidth);
        os << ')';
      });
    } else {
      IntElementPrinter part(partType);
      printDenseElements(os, isSplat, type, [&](int64_t i) {
        size_t offset = size_t(i) * part.storageWidth * 2;
        os << '(';
        part.print(os, data, offset);
        os << ',';
        part.print(os, data, offset + part.storageWidth);
        os << ')';
      });
    }
    return;
  }
  if (auto floatType = dyn_cast<FloatType>(elementType)) {
    FloatElementPrinter elt(floatType);
    printDenseElements(os, isSplat, type, [&](int64_t i) { elt.print(os, data, size_t(i) * elt.storageWidth); });
    return;
  }
  IntElementPrinter elt(elementType);
  printDenseElements(os, isSplat, type, [&](int64_t i) { elt.print(os, data, size_t(i) * elt.storageWidth); });
}

void AsmPrinterImpl::printDenseStringElementsAttr(DenseStringElementsAttr attr) {
  ArrayRef<std::string_view> data = attr.getRawStringData();
  printDenseElements(os, attr.isSplat(), attr.getType(), [&](int64_t i) {
    printEscapedString(size_t(i) < data.size() ? data[size_t(i)] : std::string_view());
  });
}

//===----------------------------------------------------------------------===//
// Dense arrays
//===----------------------------------------------------------------------===//

void AsmPrinterImpl::printDenseArrayAttr(DenseArrayAttr attr) {
  Type type = attr.getElementType();
  ArrayRef<char> data = attr.getRawData();
  unsigned bitWidth = type.isInteger(1) ? 8 : type.getIntOrFloatBitWidth();
  size_t byteSize = bitWidth / 8;
  int64_t size = attr.getSize();
  if (auto floatType = dyn_cast<FloatType>(type)) {
    const FltSemantics &semantics = floatType.getFloatSemantics();
    std::string scratch;
    for (int64_t i = 0; i < size; ++i) {
      if (i)
        os.write(", ", 2);
      APInt bits = bitWidth <= 64 ? APInt(bitWidth, loadBytes(data, size_t(i) * byteSize, byteSize))
                                  : readElementBits(data, size_t(i) * byteSize * 8, bitWidth);
      scratch.clear();
      printFloatValue(APFloat::fromBits(semantics, bits), scratch);
      os << scratch;
    }
    return;
  }
  bool isBool = type.isInteger(1), isSigned = !type.isUnsignedInteger();
  std::string scratch;
  for (int64_t i = 0; i < size; ++i) {
    if (i)
      os.write(", ", 2);
    if (isBool) {
      os << (loadBytes(data, size_t(i), 1) ? "true" : "false");
    } else if (bitWidth <= 64) {
      writeIntElement(os, loadBytes(data, size_t(i) * byteSize, byteSize), bitWidth, isSigned);
    } else {
      scratch.clear();
      appendIntegerLiteral(scratch, readElementBits(data, size_t(i) * byteSize * 8, bitWidth), isSigned);
      os << scratch;
    }
  }
}

//===----------------------------------------------------------------------===//
// Resources
//===----------------------------------------------------------------------===//

void AsmPrinterImpl::printResourceHandle(DenseResourceElementsHandle handle) {
  printKeywordOrString(handle.getKey(), os);
  DenseResourceElementsHandle::Entry *entry = handle.getEntry();
  if (state.usedResourceSet.insert(entry, true).second)
    state.usedResources.push_back(entry);
}

void AsmPrinterImpl::printDialectResourceHandle(const Dialect &dialect, const void *handle) {
  printKeywordOrString(dialect.getResourceKey(handle), os);
  if (!state.dialectResourceSet.insert(handle, true).second)
    return;
  for (auto &[d, handles] : state.dialectResources)
    if (d == &dialect) {
      handles.push_back(handle);
      return;
    }
  state.dialectResources.push_back({&dialect, {handle}});
}

void AsmPrinterImpl::printElidedElementsAttr() { os << "dense_resource<__elided__>"; }

/// Writes a blob value: `"0x` + 4-byte little-endian alignment + data.
static void printResourceBlob(raw_ostream &os, const AsmResourceBlob &blob) {
  uint32_t alignment = blob.data.empty() ? 0 : uint32_t(blob.alignment);
  char alignBytes[4] = {char(alignment & 0xFF), char((alignment >> 8) & 0xFF), char((alignment >> 16) & 0xFF),
                        char((alignment >> 24) & 0xFF)};
  os.write("\"0x", 3);
  writeHexBytes(os, ArrayRef<char>(alignBytes, 4));
  writeHexBytes(os, blob.getData());
  os << '"';
}

void AsmPrinterImpl::printResourceFileMetadata() {
  bool sawMetadataEntry = false;
  bool hadResource = false;
  bool needResourceComma = false;
  bool needEntryComma = false;
  std::optional<uint64_t> charLimit = printerFlags.getLargeResourceStringLimit();
  std::string valueStr;

  // Prints the entries of one group (`name`) of section `dictName`;
  // `forEachEntry(emit)` calls `emit(key, writeValue)` per entry.
  auto processGroup = [&](std::string_view dictName, std::string_view name, auto &&forEachEntry) {
    bool hadEntry = false;
    auto emit = [&](std::string_view key, auto &&writeValue) {
      if (!sawMetadataEntry) {
        sawMetadataEntry = true;
        os << "\n{-#\n";
      }
      bool printBuffered = false;
      if (charLimit) {
        // Entries whose value spelling is longer than the limit are dropped.
        if (*charLimit == 0)
          return;
        valueStr.clear();
        raw_string_ostream ss(valueStr);
        writeValue(ss);
        ss.flush();
        if (valueStr.size() > *charLimit)
          return;
        printBuffered = true;
      }
      if (!hadResource) {
        hadResource = true;
        if (needResourceComma)
          os << ",\n";
        os << "  " << dictName << "_resources: {\n";
      }
      if (!hadEntry) {
        hadEntry = true;
        if (needEntryComma)
          os << ",\n";
        os << "    " << name << ": {\n";
      } else {
        os << ",\n";
      }
      os << "      ";
      printKeywordOrString(key, os);
      os << ": ";
      if (printBuffered)
        os << valueStr;
      else
        writeValue(os);
    };
    forEachEntry(emit);
    needEntryComma |= hadEntry;
    if (hadEntry)
      os << "\n    }";
  };

  // `dialect_resources`: the builtin dialect's blobs, in order of first use,
  // and what the other dialects with resource hooks build for the resources
  // printed. mlir-opt visits the dialects in descending namespace order
  // (its sort of the loaded dialects has an inverted comparator).
  std::vector<const Dialect *> resourceDialects;
  for (auto &[dialect, handles] : state.dialectResources)
    resourceDialects.push_back(dialect);
  resourceDialects.push_back(nullptr); // builtin
  auto namespaceOf = [](const Dialect *d) { return d ? d->getNamespace() : std::string_view("builtin"); };
  std::stable_sort(resourceDialects.begin(), resourceDialects.end(),
                   [&](const Dialect *a, const Dialect *b) { return namespaceOf(a) > namespaceOf(b); });
  for (const Dialect *dialect : resourceDialects) {
    if (!dialect) {
      processGroup("dialect", "builtin", [&](auto &emit) {
        for (DenseResourceElementsHandle::Entry *entry : state.usedResources) {
          if (!entry->blob)
            continue;
          emit(entry->key, [&](raw_ostream &out) { printResourceBlob(out, *entry->blob); });
        }
      });
      continue;
    }
    ArrayRef<const void *> handles;
    for (auto &[d, h] : state.dialectResources)
      if (d == dialect)
        handles = ArrayRef<const void *>(h.data(), h.size());
    processGroup("dialect", dialect->getNamespace(), [&](auto &emit) {
      /// Forwards what the dialect builds to `emit`.
      struct Builder : DialectResourceBuilder {
        decltype(emit) &emitFn;
        explicit Builder(decltype(emit) &emitFn) : emitFn(emitFn) {}
        void buildBlob(std::string_view key, const AsmResourceBlob &blob) override {
          emitFn(key, [&](raw_ostream &out) { printResourceBlob(out, blob); });
        }
        void buildBool(std::string_view key, bool value) override {
          emitFn(key, [&](raw_ostream &out) { out << (value ? "true" : "false"); });
        }
        void buildString(std::string_view key, std::string_view value) override {
          emitFn(key, [&](raw_ostream &out) {
            out << '"';
            printEscapedStringRaw(value, out);
            out << '"';
          });
        }
      } builder(emit);
      dialect->buildResources(handles, builder);
    });
  }
  if (hadResource)
    os << "\n  }";

  // `external_resources`: what the parser kept unclaimed.
  needEntryComma = false;
  needResourceComma = hadResource;
  hadResource = false;
  for (const ExternalResourceGroup &group : getExternalResources(state.context)) {
    processGroup("external", group.name, [&](auto &emit) {
      for (const ExternalResourceEntry &entry : group.entries) {
        switch (entry.kind) {
        case ExternalResourceEntry::Kind::Blob:
          emit(entry.key, [&](raw_ostream &out) { printResourceBlob(out, entry.blob); });
          break;
        case ExternalResourceEntry::Kind::Bool:
          emit(entry.key, [&](raw_ostream &out) { out << (entry.boolValue ? "true" : "false"); });
          break;
        case ExternalResourceEntry::Kind::String:
          emit(entry.key, [&](raw_ostream &out) {
            out << '"';
            printEscapedStringRaw(entry.stringValue, out);
            out << '"';
          });
          break;
        }
      }
    });
  }
  if (hadResource)
    os << "\n  }";

  if (sawMetadataEntry)
    os << "\n#-}\n";
}
