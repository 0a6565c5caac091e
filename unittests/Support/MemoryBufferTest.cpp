//===- MemoryBufferTest.cpp - Tests of mapped input buffers ---------------===//
#include "lamina/Support/SourceMgr.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>

using namespace lamina;

namespace {

/// A temporary file of `size` bytes of varied text, removed at the end.
struct TempFile {
  std::string path;
  std::string contents;
  explicit TempFile(size_t size) {
    char name[] = "/tmp/lamina-membuf-XXXXXX";
    int fd = ::mkstemp(name);
    path = name;
    contents.resize(size);
    for (size_t i = 0; i < size; ++i)
      contents[i] = (i % 61 == 60) ? '\n' : char('a' + (i * 7 + i / 4096) % 26);
    EXPECT_EQ(::write(fd, contents.data(), size), ssize_t(size));
    ::close(fd);
  }
  ~TempFile() { std::remove(path.c_str()); }
};

// Released pages of a mapped file read back unchanged (the kernel re-reads
// them), so the parser and the diagnostic verifier may hand text back at any
// time; the buffer stays NUL-terminated.
TEST(MemoryBufferTest, ReleasedTextReadsBackUnchanged) {
  TempFile file(size_t(3) << 20);
  std::string error;
  std::unique_ptr<MemoryBuffer> buf = MemoryBuffer::getFileOrSTDIN(file.path, &error);
  ASSERT_TRUE(buf) << error;
  ASSERT_TRUE(buf->isMapped());
  std::string_view text = buf->getBuffer();
  ASSERT_EQ(text, file.contents);
  const char *begin = text.data();
  buf->releaseSpan(begin + 100, begin + text.size());
  buf->releaseRange(begin, begin + (size_t(5) << 19));
  buf->releaseBefore(begin + text.size());
  EXPECT_EQ(buf->getBuffer(), file.contents);
  EXPECT_EQ(begin[text.size()], '\0');
  // Out-of-range and empty spans are ignored.
  buf->releaseSpan(begin + 10, begin + 10);
  buf->releaseSpan(begin - 1, begin + 10);
  buf->releaseSpan(begin, begin + text.size() + 1);
  EXPECT_EQ(buf->getBuffer(), file.contents);
}

// Heap copies ignore releases.
TEST(MemoryBufferTest, HeapCopyIgnoresRelease) {
  std::string text(size_t(1) << 16, 'x');
  std::unique_ptr<MemoryBuffer> buf = MemoryBuffer::getMemBufferCopy(text, "copy");
  EXPECT_FALSE(buf->isMapped());
  buf->releaseSpan(buf->getBufferStart(), buf->getBufferStart() + text.size());
  EXPECT_EQ(buf->getBuffer(), text);
}

} // namespace
