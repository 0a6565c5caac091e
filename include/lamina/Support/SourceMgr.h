//===- SourceMgr.h - Input buffers and line/column lookup ------------------===//
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace lamina {

/// An immutable input buffer with a name ("<stdin>" or a file path).
/// The text is always followed by a NUL byte so lexers can stop without
/// bounds checks.
class MemoryBuffer {
public:
  /// Copies `text` into a new buffer.
  static std::unique_ptr<MemoryBuffer> getMemBufferCopy(std::string_view text, std::string_view name);
  /// Reads a whole file ("-" is standard input). Returns null and sets
  /// `errorMessage` on failure.
  static std::unique_ptr<MemoryBuffer> getFileOrSTDIN(std::string_view path, std::string *errorMessage);

  std::string_view getBuffer() const { return std::string_view(data, size); }
  const char *getBufferStart() const { return data; }
  const char *getBufferEnd() const { return data + size; }
  std::string_view getBufferIdentifier() const { return name; }
  ~MemoryBuffer();

  /// Tells the buffer that text before `ptr` is unlikely to be read again.
  /// For a file mapped into memory this returns those pages to the kernel
  /// (they are re-read transparently if touched later), which keeps peak
  /// memory low while parsing large inputs. No-op for heap buffers.
  void releaseBefore(const char *ptr) const { releaseRange(getBufferStart(), ptr); }
  /// The same, for [floor, ptr - margin) only (a chunk parsed on its own).
  void releaseRange(const char *floor, const char *ptr) const;
  /// The whole pages inside [begin, end), margin-free (text a parallel chunk
  /// has finished with).
  void releaseSpan(const char *begin, const char *end) const;
  /// True if the text is a read-only mapping of a file.
  bool isMapped() const { return mapped; }

private:
  MemoryBuffer() = default;
  char *data = nullptr;
  size_t size = 0;
  size_t mappedSize = 0;
  bool mapped = false;
  std::string name;
};

/// Owns the buffers being processed and maps pointers into them back to
/// (buffer, line, column).
class SourceMgr {
public:
  /// Takes ownership of a buffer; returns its 1-based id.
  unsigned addNewSourceBuffer(std::unique_ptr<MemoryBuffer> buffer);
  unsigned getNumBuffers() const { return buffers.size(); }
  const MemoryBuffer *getMemoryBuffer(unsigned id) const { return buffers[id - 1].buffer.get(); }
  /// The buffer containing `ptr`, or 0.
  unsigned findBufferContainingLoc(const char *ptr) const;
  /// 1-based line and column of `ptr` in buffer `id`.
  std::pair<unsigned, unsigned> getLineAndColumn(const char *ptr, unsigned id = 0) const;
  /// Pointer to the start of 1-based `line` (and `col`) in buffer `id`, or null.
  const char *findLocation(unsigned id, unsigned line, unsigned col) const;
  /// The text of the line containing `ptr` (without newline).
  std::string_view getLineText(const char *ptr, unsigned id = 0) const;
  /// Builds the line table of buffer `id` now (it is otherwise built on
  /// first use, by whichever thread asks first; lookups are thread-safe).
  void prepareLineTable(unsigned id) const { (void)getLineOffsets(id); }

private:
  /// Offsets of line starts, built once on first use.
  struct LineTable {
    std::once_flag once;
    std::vector<uint32_t> offsets;
  };
  struct Buffer {
    std::unique_ptr<MemoryBuffer> buffer;
    std::unique_ptr<LineTable> lines = std::make_unique<LineTable>();
  };
  const std::vector<uint32_t> &getLineOffsets(unsigned id) const;
  std::vector<Buffer> buffers;
};

} // namespace lamina
