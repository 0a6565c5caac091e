//===- RawOstream.h - Fast buffered output streams ------------------------===//
//
// A small replacement for std::ostream: writes go to an inline buffer and the
// virtual sink is only called when the buffer fills, so per-character output
// costs a compare and a store.
//
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace lamina {

/// A buffered output stream. Subclasses implement `writeImpl`.
class raw_ostream {
public:
  raw_ostream() = default;
  raw_ostream(const raw_ostream &) = delete;
  raw_ostream &operator=(const raw_ostream &) = delete;
  virtual ~raw_ostream() = default;

  raw_ostream &write(const char *data, size_t size) {
    if (size <= size_t(bufEnd - bufCur)) {
      if (size)
        std::memcpy(bufCur, data, size);
      bufCur += size;
      return *this;
    }
    return writeSlow(data, size);
  }
  raw_ostream &operator<<(char c) {
    if (bufCur < bufEnd) {
      *bufCur++ = c;
      return *this;
    }
    return write(&c, 1);
  }
  raw_ostream &operator<<(std::string_view s) { return write(s.data(), s.size()); }
  raw_ostream &operator<<(const char *s) { return write(s, std::strlen(s)); }
  raw_ostream &operator<<(const std::string &s) { return write(s.data(), s.size()); }
  raw_ostream &operator<<(unsigned long long v) {
    if (size_t(bufEnd - bufCur) >= 20) {
      bufCur = formatDecimal(bufCur, v);
      return *this;
    }
    return writeDecimalSlow(v, false);
  }
  raw_ostream &operator<<(long long v) {
    if (size_t(bufEnd - bufCur) >= 21) {
      unsigned long long u = (unsigned long long)v;
      if (v < 0) {
        *bufCur++ = '-';
        u = 0 - u;
      }
      bufCur = formatDecimal(bufCur, u);
      return *this;
    }
    return v < 0 ? writeDecimalSlow(0 - (unsigned long long)v, true) : writeDecimalSlow((unsigned long long)v, false);
  }
  raw_ostream &operator<<(unsigned long v) { return *this << (unsigned long long)v; }
  raw_ostream &operator<<(long v) { return *this << (long long)v; }
  raw_ostream &operator<<(unsigned v) { return *this << (unsigned long long)v; }
  raw_ostream &operator<<(int v) { return *this << (long long)v; }
  raw_ostream &operator<<(double v);

  /// Writes `n` copies of `c`.
  raw_ostream &indent(unsigned n, char c = ' ');
  /// Writes a value as hexadecimal digits (uppercase), without prefix.
  raw_ostream &writeHex(uint64_t v, bool upper = true);

  /// Flushes buffered output to the sink.
  void flush() {
    if (bufCur != bufStart) {
      written += bufCur - bufStart;
      writeImpl(bufStart, bufCur - bufStart);
      bufCur = bufStart;
    }
  }
  /// Bytes written so far, including buffered ones.
  uint64_t tell() const { return written + (bufCur - bufStart); }

protected:
  /// Writes data to the underlying sink.
  virtual void writeImpl(const char *data, size_t size) = 0;
  /// Installs a buffer; a null buffer makes every write go straight to writeImpl.
  void setBuffer(char *start, size_t size) {
    bufStart = bufCur = start;
    bufEnd = start + size;
  }
  uint64_t written = 0;

private:
  raw_ostream &writeSlow(const char *data, size_t size);
  raw_ostream &writeDecimalSlow(unsigned long long v, bool negative);
  /// Writes the decimal digits of `v` at `p` (room for 20 is needed);
  /// returns the end.
  static char *formatDecimal(char *p, unsigned long long v) {
    static constexpr char kPairs[201] = "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
                                        "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
                                        "8081828384858687888990919293949596979899";
    unsigned digits = 1;
    for (unsigned long long t = v; t >= 10; t /= 10)
      ++digits;
    char *end = p + digits;
    char *q = end;
    while (v >= 100) {
      unsigned r = unsigned(v % 100);
      v /= 100;
      q -= 2;
      q[0] = kPairs[2 * r];
      q[1] = kPairs[2 * r + 1];
    }
    if (v >= 10) {
      q -= 2;
      q[0] = kPairs[2 * v];
      q[1] = kPairs[2 * v + 1];
    } else {
      *--q = char('0' + v);
    }
    return end;
  }
  char *bufStart = nullptr, *bufCur = nullptr, *bufEnd = nullptr;
};

/// A stream that appends to a std::string. Unbuffered: writes land immediately.
class raw_string_ostream : public raw_ostream {
public:
  explicit raw_string_ostream(std::string &s) : str_(s) {}
  ~raw_string_ostream() override { flush(); }
  std::string &str() { flush(); return str_; }

private:
  void writeImpl(const char *data, size_t size) override { str_.append(data, size); }
  std::string &str_;
};

/// A stream writing to a file descriptor with a 64 KiB buffer.
class raw_fd_ostream : public raw_ostream {
public:
  explicit raw_fd_ostream(int fd, bool shouldClose = false);
  ~raw_fd_ostream() override;
  /// True if any write failed.
  bool hasError() const { return error; }
  int getFD() const { return fd; }

private:
  void writeImpl(const char *data, size_t size) override;
  int fd;
  bool shouldClose;
  bool error = false;
  char buffer[1 << 16];
};

/// A stream that discards everything (used for dry runs).
class raw_null_ostream : public raw_ostream {
public:
  raw_null_ostream() { setBuffer(buffer, sizeof(buffer)); }
  ~raw_null_ostream() override = default;

private:
  void writeImpl(const char *, size_t) override {}
  char buffer[256];
};

/// Process-wide stdout/stderr streams.
raw_ostream &outs();
raw_ostream &errs();

} // namespace lamina
