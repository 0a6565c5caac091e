//===- RawOstream.cpp - Fast buffered output streams ----------------------===//
#include "lamina/Support/RawOstream.h"

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <unistd.h>

using namespace lamina;

raw_ostream &raw_ostream::writeSlow(const char *data, size_t size) {
  if (bufStart == bufEnd) {
    written += size;
    writeImpl(data, size);
    return *this;
  }
  flush();
  if (size >= size_t(bufEnd - bufStart)) {
    written += size;
    writeImpl(data, size);
    return *this;
  }
  std::memcpy(bufCur, data, size);
  bufCur += size;
  return *this;
}

raw_ostream &raw_ostream::writeDecimalSlow(unsigned long long v, bool negative) {
  char buf[24];
  char *p = buf;
  if (negative)
    *p++ = '-';
  p = formatDecimal(p, v);
  return write(buf, size_t(p - buf));
}

raw_ostream &raw_ostream::operator<<(double v) {
  char buf[64];
  int n = std::snprintf(buf, sizeof(buf), "%g", v);
  return write(buf, n);
}

raw_ostream &raw_ostream::indent(unsigned n, char c) {
  static const char spaces[] = "                                                                ";
  if (c == ' ') {
    while (n > 0) {
      unsigned k = n < 64 ? n : 64;
      write(spaces, k);
      n -= k;
    }
    return *this;
  }
  while (n--)
    *this << c;
  return *this;
}

raw_ostream &raw_ostream::writeHex(uint64_t v, bool upper) {
  char buf[16];
  int i = 16;
  const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  do {
    buf[--i] = digits[v & 15];
    v >>= 4;
  } while (v);
  return write(buf + i, 16 - i);
}

raw_fd_ostream::raw_fd_ostream(int fd, bool shouldClose) : fd(fd), shouldClose(shouldClose) {
  setBuffer(buffer, sizeof(buffer));
}

raw_fd_ostream::~raw_fd_ostream() {
  flush();
  if (shouldClose)
    ::close(fd);
}

void raw_fd_ostream::writeImpl(const char *data, size_t size) {
  while (size) {
    ssize_t n = ::write(fd, data, size);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      error = true;
      return;
    }
    data += n;
    size -= n;
  }
}

raw_ostream &lamina::outs() {
  static raw_fd_ostream s(1);
  return s;
}

raw_ostream &lamina::errs() {
  static raw_fd_ostream s(2);
  return s;
}
