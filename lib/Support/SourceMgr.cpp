//===- SourceMgr.cpp - Input buffers and line/column lookup ----------------===//
#include "lamina/Support/SourceMgr.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace lamina;

MemoryBuffer::~MemoryBuffer() {
  if (mapped)
    ::munmap(data, mappedSize);
  else
    std::free(data);
}

void MemoryBuffer::releaseRange(const char *floor, const char *ptr) const {
  // Keep a margin behind the point: diagnostics may look at recent lines.
  constexpr size_t kMargin = size_t(1) << 20;
  if (ptr > data && size_t(ptr - data) > kMargin)
    releaseSpan(floor, ptr - kMargin);
}

void MemoryBuffer::releaseSpan(const char *begin, const char *end) const {
  if (!mapped || begin < data || end > data + size || begin >= end)
    return;
  size_t pageSize = size_t(::sysconf(_SC_PAGESIZE));
  size_t b = (size_t(begin - data) + pageSize - 1) & ~(pageSize - 1);
  size_t e = size_t(end - data) & ~(pageSize - 1);
  if (e > b)
    ::madvise(data + b, e - b, MADV_DONTNEED);
}

/// Maps a regular file read-only with a zero byte after its end (the lexer
/// relies on the terminator). Returns null if mapping is not possible.
static char *mapFile(int fd, size_t size, size_t &mappedSize) {
  size_t pageSize = size_t(::sysconf(_SC_PAGESIZE));
  // Reserve one extra zero page so the text is always NUL-terminated.
  mappedSize = ((size + pageSize) / pageSize) * pageSize;
  void *region = ::mmap(nullptr, mappedSize, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (region == MAP_FAILED)
    return nullptr;
  void *file = ::mmap(region, size, PROT_READ, MAP_PRIVATE | MAP_FIXED, fd, 0);
  if (file == MAP_FAILED) {
    ::munmap(region, mappedSize);
    return nullptr;
  }
  return static_cast<char *>(region);
}

std::unique_ptr<MemoryBuffer> MemoryBuffer::getMemBufferCopy(std::string_view text,
                                                             std::string_view name) {
  std::unique_ptr<MemoryBuffer> b(new MemoryBuffer());
  b->data = static_cast<char *>(std::malloc(text.size() + 1));
  if (!text.empty())
    std::memcpy(b->data, text.data(), text.size());
  b->data[text.size()] = 0;
  b->size = text.size();
  b->name = std::string(name);
  return b;
}

std::unique_ptr<MemoryBuffer> MemoryBuffer::getFileOrSTDIN(std::string_view path,
                                                           std::string *errorMessage) {
  int fd = 0;
  bool isStdin = path == "-";
  if (!isStdin) {
    fd = ::open(std::string(path).c_str(), O_RDONLY);
    if (fd < 0) {
      if (errorMessage)
        *errorMessage = std::strerror(errno);
      return nullptr;
    }
  }
  size_t cap = 1 << 16, len = 0;
  struct stat st;
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0)
    cap = size_t(st.st_size) + 1;
  // Large regular files (also when given on standard input) are mapped.
  if (S_ISREG(st.st_mode) && st.st_size >= (1 << 20) && ::lseek(fd, 0, SEEK_CUR) == 0) {
    size_t mappedSize;
    if (char *text = mapFile(fd, size_t(st.st_size), mappedSize)) {
      if (!isStdin)
        ::close(fd);
      std::unique_ptr<MemoryBuffer> b(new MemoryBuffer());
      b->data = text;
      b->size = size_t(st.st_size);
      b->mappedSize = mappedSize;
      b->mapped = true;
      b->name = isStdin ? "<stdin>" : std::string(path);
      return b;
    }
  }
  char *buf = static_cast<char *>(std::malloc(cap + 1));
  for (;;) {
    if (len == cap) {
      cap *= 2;
      buf = static_cast<char *>(std::realloc(buf, cap + 1));
    }
    ssize_t n = ::read(fd, buf + len, cap - len);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      if (errorMessage)
        *errorMessage = std::strerror(errno);
      std::free(buf);
      if (!isStdin)
        ::close(fd);
      return nullptr;
    }
    if (n == 0)
      break;
    len += size_t(n);
  }
  if (!isStdin)
    ::close(fd);
  buf[len] = 0;
  std::unique_ptr<MemoryBuffer> b(new MemoryBuffer());
  b->data = buf;
  b->size = len;
  b->name = isStdin ? "<stdin>" : std::string(path);
  return b;
}

unsigned SourceMgr::addNewSourceBuffer(std::unique_ptr<MemoryBuffer> buffer) {
  buffers.push_back(Buffer{std::move(buffer)});
  return buffers.size();
}

unsigned SourceMgr::findBufferContainingLoc(const char *ptr) const {
  for (unsigned i = 0; i < buffers.size(); ++i) {
    const MemoryBuffer *b = buffers[i].buffer.get();
    if (ptr >= b->getBufferStart() && ptr <= b->getBufferEnd())
      return i + 1;
  }
  return 0;
}

const std::vector<uint32_t> &SourceMgr::getLineOffsets(unsigned id) const {
  const Buffer &b = buffers[id - 1];
  LineTable &table = *b.lines;
  std::call_once(table.once, [&] {
    std::string_view text = b.buffer->getBuffer();
    const char *start = text.data(), *end = start + text.size();
    table.offsets.push_back(0);
    for (const char *p = start; p < end;) {
      const char *nl = static_cast<const char *>(std::memchr(p, '\n', size_t(end - p)));
      if (!nl)
        break;
      table.offsets.push_back(uint32_t(nl + 1 - start));
      p = nl + 1;
    }
  });
  return table.offsets;
}

std::pair<unsigned, unsigned> SourceMgr::getLineAndColumn(const char *ptr, unsigned id) const {
  if (!id)
    id = findBufferContainingLoc(ptr);
  if (!id)
    return {0, 0};
  const auto &offsets = getLineOffsets(id);
  uint32_t off = uint32_t(ptr - buffers[id - 1].buffer->getBufferStart());
  auto it = std::upper_bound(offsets.begin(), offsets.end(), off);
  unsigned line = unsigned(it - offsets.begin());
  return {line, off - offsets[line - 1] + 1};
}

const char *SourceMgr::findLocation(unsigned id, unsigned line, unsigned col) const {
  if (id == 0 || id > buffers.size() || line == 0)
    return nullptr;
  const auto &offsets = getLineOffsets(id);
  if (line > offsets.size())
    return nullptr;
  const MemoryBuffer *b = buffers[id - 1].buffer.get();
  const char *p = b->getBufferStart() + offsets[line - 1];
  if (col > 0) {
    const char *e = p;
    while (e < b->getBufferEnd() && *e != '\n')
      ++e;
    if (p + (col - 1) > e)
      return nullptr;
    p += col - 1;
  }
  return p;
}

std::string_view SourceMgr::getLineText(const char *ptr, unsigned id) const {
  if (!id)
    id = findBufferContainingLoc(ptr);
  if (!id)
    return {};
  const MemoryBuffer *b = buffers[id - 1].buffer.get();
  const char *s = ptr, *e = ptr;
  while (s > b->getBufferStart() && s[-1] != '\n')
    --s;
  while (e < b->getBufferEnd() && *e != '\n')
    ++e;
  if (e > s && e[-1] == '\r')
    --e;
  return std::string_view(s, e - s);
}
