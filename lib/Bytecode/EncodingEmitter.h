//===- EncodingEmitter.h - Chunked output buffer for the bytecode writer --===//
//
// Private to the Bytecode library. An EncodingEmitter accumulates the bytes
// of one section as a chain of chunks: bytes it owns, and blobs owned by the
// IR (dense element data) referenced without copying. Nesting a finished
// section into its parent splices the chains in O(1), so writing deeply
// nested isolated regions stays linear. Bytes are appended to a raw buffer
// with one capacity check per value. Chains link chunks by address, so
// emitters of different pools (one per thread) can be spliced together.
//
#pragma once

#include "Encoding.h"
#include "lamina/Support/ArrayRef.h"
#include "lamina/Support/RawOstream.h"

#include <bit>
#include <cassert>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <memory>
#include <string_view>
#include <vector>

namespace lamina::bytecode {

/// Storage of the emitters of one thread: chunk nodes and the byte buffers
/// they own. Addresses stay stable as it grows; it must outlive the output.
class ChunkPool {
public:
  struct Chunk {
    const uint8_t *data;
    size_t size;
    /// The next chunk of the chain, or null.
    Chunk *next;
  };
  /// Frees a buffer allocated with malloc.
  struct FreeDeleter {
    void operator()(uint8_t *p) const { std::free(p); }
  };
  std::deque<Chunk> chunks;
  std::deque<std::unique_ptr<uint8_t, FreeDeleter>> buffers;
};

class EncodingEmitter {
public:
  explicit EncodingEmitter(ChunkPool &pool) : pool(&pool) {}
  EncodingEmitter(const EncodingEmitter &) = delete;
  EncodingEmitter &operator=(const EncodingEmitter &) = delete;
  ~EncodingEmitter() { std::free(buffer); }

  /// Total number of bytes emitted.
  size_t size() const { return prevSize + length; }
  /// The highest alignment the start of this emitter's data needs.
  unsigned getRequiredAlignment() const { return requiredAlignment; }

  void emitByte(uint8_t byte) {
    reserve(1);
    buffer[length++] = byte;
  }
  void emitBytes(const uint8_t *data, size_t n) {
    if (!n)
      return;
    reserve(n);
    std::memcpy(buffer + length, data, n);
    length += n;
  }
  void emitString(std::string_view s) { emitBytes(reinterpret_cast<const uint8_t *>(s.data()), s.size()); }
  void emitNulTerminatedString(std::string_view s) {
    emitString(s);
    emitByte(0);
  }
  /// Overwrites a byte emitted earlier (it must still be in the current buffer).
  void patchByte(uint64_t offset, uint8_t value) {
    assert(offset >= prevSize && offset < size() && "cannot patch previously flushed data");
    buffer[size_t(offset - prevSize)] = value;
  }

  /// A prefix varint: up to 7 bits in one byte, else the count of extra bytes
  /// as trailing zeros of the first byte, or a zero byte then 8 raw bytes.
  void emitVarInt(uint64_t value) {
    if ((value >> 7) == 0 && length < capacity) {
      buffer[length++] = uint8_t((value << 1) | 1);
      return;
    }
    emitVarIntSlow(value);
  }
  void emitSignedVarInt(uint64_t value) { emitVarInt((value << 1) ^ uint64_t(int64_t(value) >> 63)); }
  void emitVarIntWithFlag(uint64_t value, bool flag) { emitVarInt((value << 1) | (flag ? 1 : 0)); }

  /// References `data` (owned by the IR, alive until the output is written)
  /// without copying it.
  void emitOwnedBlob(ArrayRef<uint8_t> data) {
    if (data.empty())
      return;
    flushCurrent();
    appendChunk(data.data(), data.size());
  }
  /// An aligned blob preceded by its alignment and size.
  void emitOwnedBlobAndAlignment(ArrayRef<uint8_t> data, uint64_t alignment) {
    emitVarInt(alignment);
    emitVarInt(data.size());
    alignTo(alignment);
    emitOwnedBlob(data);
  }
  /// Pads with kAlignmentByte up to `alignment` (relative to this emitter's
  /// start, which its parent aligns in turn).
  void alignTo(uint64_t alignment) {
    if (alignment < 2)
      return;
    size_t padding = size_t((alignment - size() % alignment) % alignment);
    if (padding) {
      reserve(padding);
      std::memset(buffer + length, kAlignmentByte, padding);
      length += padding;
    }
    if (alignment > requiredAlignment)
      requiredAlignment = unsigned(alignment);
  }

  /// Appends a nested section: its id (with the alignment flag), length,
  /// alignment padding if needed, then the child's bytes (spliced, not copied).
  void emitSection(uint8_t id, EncodingEmitter &&child) {
    size_t codeOffset = length;
    emitByte(id);
    emitVarInt(child.size());
    if (unsigned childAlign = child.requiredAlignment; childAlign > 1) {
      if (size() & (childAlign - 1)) {
        emitVarInt(childAlign);
        alignTo(childAlign);
        buffer[codeOffset] |= 0x80;
      } else if (childAlign > requiredAlignment) {
        requiredAlignment = childAlign;
      }
    }
    splice(std::move(child));
  }

  /// Appends the bytes of `child` (spliced, not copied). Its content must
  /// need no alignment (as IR sections, which hold no aligned data).
  void append(EncodingEmitter &&child) {
    assert(child.requiredAlignment == 1 && "appended data must not need alignment");
    splice(std::move(child));
  }

  /// Forgets everything emitted (keeps the current buffer's capacity).
  void clear() {
    length = 0;
    head = tail = nullptr;
    prevSize = 0;
    requiredAlignment = 1;
  }

  /// Writes all bytes to `os`.
  void writeTo(raw_ostream &os) {
    for (const ChunkPool::Chunk *c = head; c; c = c->next)
      os.write(reinterpret_cast<const char *>(c->data), c->size);
    os.write(reinterpret_cast<const char *>(buffer), length);
  }
  /// Copies all bytes into `out`.
  void appendTo(std::vector<uint8_t> &out) {
    for (const ChunkPool::Chunk *c = head; c; c = c->next)
      out.insert(out.end(), c->data, c->data + c->size);
    out.insert(out.end(), buffer, buffer + length);
  }

private:
  [[gnu::noinline]] void emitVarIntSlow(uint64_t value) {
    reserve(9);
    if ((value >> 7) == 0) {
      buffer[length++] = uint8_t((value << 1) | 1);
      return;
    }
    unsigned numBytes = (unsigned(std::bit_width(value)) + 6) / 7;
    if (numBytes <= 8) {
      storeLittleEndian(buffer + length, ((value << 1) | 1) << (numBytes - 1));
      length += numBytes;
      return;
    }
    buffer[length] = 0;
    storeLittleEndian(buffer + length + 1, value);
    length += 9;
  }
  static void storeLittleEndian(uint8_t *out, uint64_t value) {
    if constexpr (std::endian::native == std::endian::little) {
      std::memcpy(out, &value, 8);
    } else {
      for (unsigned i = 0; i < 8; ++i)
        out[i] = uint8_t(value >> (8 * i));
    }
  }
  /// Makes room for `n` more bytes in the current buffer.
  void reserve(size_t n) {
    if (capacity - length < n)
      grow(n);
  }
  void grow(size_t n) {
    size_t newCapacity = capacity ? capacity * 2 : 256;
    while (newCapacity - length < n)
      newCapacity *= 2;
    auto *newBuffer = static_cast<uint8_t *>(std::realloc(buffer, newCapacity));
    if (!newBuffer)
      std::abort();
    buffer = newBuffer;
    capacity = newCapacity;
  }
  /// Moves the current buffer into an owned chunk.
  void flushCurrent() {
    if (!length)
      return;
    pool->buffers.emplace_back(buffer);
    const uint8_t *data = buffer;
    size_t n = length;
    buffer = nullptr;
    length = capacity = 0;
    appendChunk(data, n);
  }
  void appendChunk(const uint8_t *data, size_t n) {
    ChunkPool::Chunk *chunk = &pool->chunks.emplace_back(ChunkPool::Chunk{data, n, nullptr});
    if (tail)
      tail->next = chunk;
    else
      head = chunk;
    tail = chunk;
    prevSize += n;
  }
  /// Moves the chain of `child` to the end of this one.
  void splice(EncodingEmitter &&child) {
    child.flushCurrent();
    if (child.head) {
      flushCurrent();
      if (tail)
        tail->next = child.head;
      else
        head = child.head;
      tail = child.tail;
      prevSize += child.prevSize;
    }
    child.head = child.tail = nullptr;
    child.prevSize = 0;
  }

  ChunkPool *pool;
  uint8_t *buffer = nullptr;
  size_t length = 0, capacity = 0;
  ChunkPool::Chunk *head = nullptr, *tail = nullptr;
  size_t prevSize = 0;
  unsigned requiredAlignment = 1;
};

} // namespace lamina::bytecode
