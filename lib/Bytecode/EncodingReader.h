//===- EncodingReader.h - Bounds-checked reads of bytecode primitives -----===//
//
// Private to the Bytecode library: reads bytes, prefix varints, strings,
// sections and alignment padding from a range of a bytecode buffer, with
// MLIR's diagnostics. Nothing is read past the range.
//
#pragma once

#include "Encoding.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/Location.h"
#include "lamina/Support/ArrayRef.h"

#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace lamina::bytecode {

/// Decodes a prefix varint from [p, end) and advances p; false (without a
/// diagnostic) if it does not fit.
inline bool decodeVarInt(const uint8_t *&p, const uint8_t *end, uint64_t &result) {
  if (p == end)
    return false;
  uint8_t first = *p;
  if (first & 1) {
    result = first >> 1;
    ++p;
    return true;
  }
  if (first == 0) {
    if (end - p < 9)
      return false;
    std::memcpy(&result, p + 1, 8);
    if constexpr (std::endian::native != std::endian::little)
      result = __builtin_bswap64(result);
    p += 9;
    return true;
  }
  unsigned numBytes = unsigned(__builtin_ctz(first));
  if (size_t(end - p) < numBytes + 1)
    return false;
  uint64_t v = 0;
  for (unsigned i = 0; i <= numBytes; ++i)
    v |= uint64_t(p[i]) << (8 * i);
  p += numBytes + 1;
  result = v >> (numBytes + 1);
  return true;
}

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
    if (size() >= 8) {
      // Load 8 bytes at once and keep the varint's.
      uint64_t v;
      std::memcpy(&v, pos, 8);
      if constexpr (std::endian::native == std::endian::little) {
        if (numBytes < 7)
          v &= (uint64_t(1) << (8 * (numBytes + 1))) - 1;
        pos += numBytes + 1;
        result = v >> (numBytes + 1);
        return success();
      }
    }
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

} // namespace lamina::bytecode
