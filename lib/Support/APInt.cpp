//===- APInt.cpp - Fixed-width integers of arbitrary bit width ------------===//
//
// Part of Lamina, a from-scratch implementation of MLIR.
//
//===----------------------------------------------------------------------===//
//
// Word-array primitives and the APInt operations built on them. Single-word
// values (width <= 64) take short inline paths everywhere; multi-word values
// run the schoolbook algorithms in `bignum`.
//
//===----------------------------------------------------------------------===//

#include "lamina/Support/APInt.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <memory>

using namespace lamina;

namespace {
__extension__ typedef unsigned __int128 U128;

/// A scratch word buffer that lives on the stack when small.
class ScratchWords {
public:
  explicit ScratchWords(size_t n) {
    if (n <= kInline) {
      data = inlineWords;
    } else {
      heap.reset(new uint64_t[n]);
      data = heap.get();
    }
  }
  uint64_t *get() { return data; }

private:
  static constexpr size_t kInline = 32;
  uint64_t inlineWords[kInline];
  std::unique_ptr<uint64_t[]> heap;
  uint64_t *data;
};

/// The mask of the bits a top word of a `bitWidth`-bit value may hold.
inline uint64_t topWordMask(unsigned bitWidth) {
  unsigned rem = bitWidth % 64;
  if (bitWidth == 0)
    return 0;
  return rem == 0 ? ~uint64_t(0) : (uint64_t(1) << rem) - 1;
}
} // namespace

//===----------------------------------------------------------------------===//
// Word-array primitives
//===----------------------------------------------------------------------===//

uint64_t bignum::add(uint64_t *dst, const uint64_t *a, const uint64_t *b,
                     unsigned n, uint64_t carry) {
  for (unsigned i = 0; i < n; ++i) {
    U128 sum = U128(a[i]) + b[i] + carry;
    dst[i] = uint64_t(sum);
    carry = uint64_t(sum >> 64);
  }
  return carry;
}

uint64_t bignum::sub(uint64_t *dst, const uint64_t *a, const uint64_t *b,
                     unsigned n, uint64_t borrow) {
  for (unsigned i = 0; i < n; ++i) {
    uint64_t ai = a[i], bi = b[i];
    uint64_t diff = ai - bi;
    uint64_t borrowOut = ai < bi;
    uint64_t result = diff - borrow;
    borrowOut |= diff < borrow;
    dst[i] = result;
    borrow = borrowOut;
  }
  return borrow;
}

uint64_t bignum::addWord(uint64_t *p, unsigned n, uint64_t w) {
  for (unsigned i = 0; i < n && w; ++i) {
    p[i] += w;
    w = p[i] < w;
  }
  return w;
}

uint64_t bignum::subWord(uint64_t *p, unsigned n, uint64_t w) {
  for (unsigned i = 0; i < n && w; ++i) {
    uint64_t old = p[i];
    p[i] = old - w;
    w = old < w;
  }
  return w;
}

uint64_t bignum::mulWord(uint64_t *dst, const uint64_t *src, unsigned n,
                         uint64_t mul, uint64_t addend) {
  uint64_t carry = addend;
  for (unsigned i = 0; i < n; ++i) {
    U128 prod = U128(src[i]) * mul + carry;
    dst[i] = uint64_t(prod);
    carry = uint64_t(prod >> 64);
  }
  return carry;
}

void bignum::mulFull(uint64_t *dst, const uint64_t *a, unsigned na,
                     const uint64_t *b, unsigned nb) {
  std::memset(dst, 0, sizeof(uint64_t) * (na + nb));
  for (unsigned i = 0; i < na; ++i) {
    uint64_t ai = a[i];
    if (!ai)
      continue;
    uint64_t carry = 0;
    for (unsigned j = 0; j < nb; ++j) {
      U128 prod = U128(ai) * b[j] + dst[i + j] + carry;
      dst[i + j] = uint64_t(prod);
      carry = uint64_t(prod >> 64);
    }
    dst[i + nb] = carry;
  }
}

/// Sets `dst[0..n)` to the low `n` words of `a[0..n) * b[0..n)`. `dst` must
/// not overlap the inputs.
static void mulLow(uint64_t *dst, const uint64_t *a, const uint64_t *b,
                   unsigned n) {
  std::memset(dst, 0, sizeof(uint64_t) * n);
  for (unsigned i = 0; i < n; ++i) {
    uint64_t ai = a[i];
    if (!ai)
      continue;
    uint64_t carry = 0;
    for (unsigned j = 0; i + j < n; ++j) {
      U128 prod = U128(ai) * b[j] + dst[i + j] + carry;
      dst[i + j] = uint64_t(prod);
      carry = uint64_t(prod >> 64);
    }
  }
}

uint64_t bignum::divWord(uint64_t *p, unsigned n, uint64_t d) {
  assert(d != 0 && "division by zero");
  uint64_t rem = 0;
  for (unsigned i = n; i-- > 0;) {
    U128 cur = (U128(rem) << 64) | p[i];
    p[i] = uint64_t(cur / d);
    rem = uint64_t(cur % d);
  }
  return rem;
}

void bignum::divMod(uint64_t *q, uint64_t *r, const uint64_t *a, unsigned na,
                    const uint64_t *b, unsigned nb) {
  assert(nb >= 1 && nb <= na && b[nb - 1] != 0 && "bad divMod operands");
  if (nb == 1) {
    ScratchWords tmp(na);
    std::memcpy(tmp.get(), a, sizeof(uint64_t) * na);
    uint64_t rem = divWord(tmp.get(), na, b[0]);
    if (q)
      std::memcpy(q, tmp.get(), sizeof(uint64_t) * na);
    if (r)
      r[0] = rem;
    return;
  }

  // Knuth's algorithm D: normalise so the divisor's top bit is set, then
  // estimate each quotient word from the top two dividend words.
  unsigned shift = std::countl_zero(b[nb - 1]);
  ScratchWords unBuf(na + 1), vnBuf(nb);
  uint64_t *un = unBuf.get(), *vn = vnBuf.get();
  if (shift) {
    for (unsigned i = nb - 1; i > 0; --i)
      vn[i] = (b[i] << shift) | (b[i - 1] >> (64 - shift));
    vn[0] = b[0] << shift;
    un[na] = a[na - 1] >> (64 - shift);
    for (unsigned i = na - 1; i > 0; --i)
      un[i] = (a[i] << shift) | (a[i - 1] >> (64 - shift));
    un[0] = a[0] << shift;
  } else {
    std::memcpy(vn, b, sizeof(uint64_t) * nb);
    std::memcpy(un, a, sizeof(uint64_t) * na);
    un[na] = 0;
  }

  const U128 base = U128(1) << 64;
  uint64_t vTop = vn[nb - 1], vNext = vn[nb - 2];
  for (unsigned j = na - nb + 1; j-- > 0;) {
    U128 num = (U128(un[j + nb]) << 64) | un[j + nb - 1];
    U128 qhat = num / vTop;
    U128 rhat = num % vTop;
    while (qhat >= base || qhat * vNext > ((rhat << 64) | un[j + nb - 2])) {
      --qhat;
      rhat += vTop;
      if (rhat >= base)
        break;
    }

    // Multiply and subtract qhat * vn from un[j .. j+nb].
    uint64_t qWord = uint64_t(qhat);
    uint64_t carry = 0, borrow = 0;
    for (unsigned i = 0; i < nb; ++i) {
      U128 prod = U128(qWord) * vn[i] + carry;
      carry = uint64_t(prod >> 64);
      uint64_t lo = uint64_t(prod);
      uint64_t cur = un[i + j];
      uint64_t diff = cur - lo;
      uint64_t borrowOut = cur < lo;
      uint64_t result = diff - borrow;
      borrowOut += diff < borrow;
      un[i + j] = result;
      borrow = borrowOut;
    }
    uint64_t cur = un[j + nb];
    uint64_t diff = cur - carry;
    uint64_t borrowOut = cur < carry;
    uint64_t result = diff - borrow;
    borrowOut += diff < borrow;
    un[j + nb] = result;

    if (borrowOut) {
      // The estimate was one too large: add the divisor back.
      --qWord;
      uint64_t c = 0;
      for (unsigned i = 0; i < nb; ++i) {
        U128 sum = U128(un[i + j]) + vn[i] + c;
        un[i + j] = uint64_t(sum);
        c = uint64_t(sum >> 64);
      }
      un[j + nb] += c;
    }
    if (q)
      q[j] = qWord;
  }

  if (r) {
    if (shift) {
      for (unsigned i = 0; i < nb; ++i)
        r[i] = (un[i] >> shift) | (un[i + 1] << (64 - shift));
    } else {
      std::memcpy(r, un, sizeof(uint64_t) * nb);
    }
  }
}

void bignum::shl(uint64_t *p, unsigned n, uint64_t bits) {
  if (!bits)
    return;
  if (bits >= uint64_t(n) * 64) {
    std::memset(p, 0, sizeof(uint64_t) * n);
    return;
  }
  unsigned wordShift = unsigned(bits / 64), bitShift = unsigned(bits % 64);
  if (bitShift == 0) {
    for (unsigned i = n; i-- > wordShift;)
      p[i] = p[i - wordShift];
  } else {
    for (unsigned i = n - 1; i > wordShift; --i)
      p[i] = (p[i - wordShift] << bitShift) |
             (p[i - wordShift - 1] >> (64 - bitShift));
    p[wordShift] = p[0] << bitShift;
  }
  std::memset(p, 0, sizeof(uint64_t) * wordShift);
}

void bignum::lshr(uint64_t *p, unsigned n, uint64_t bits) {
  if (!bits)
    return;
  if (bits >= uint64_t(n) * 64) {
    std::memset(p, 0, sizeof(uint64_t) * n);
    return;
  }
  unsigned wordShift = unsigned(bits / 64), bitShift = unsigned(bits % 64);
  unsigned keep = n - wordShift;
  if (bitShift == 0) {
    for (unsigned i = 0; i < keep; ++i)
      p[i] = p[i + wordShift];
  } else {
    for (unsigned i = 0; i + 1 < keep; ++i)
      p[i] = (p[i + wordShift] >> bitShift) |
             (p[i + wordShift + 1] << (64 - bitShift));
    p[keep - 1] = p[n - 1] >> bitShift;
  }
  std::memset(p + keep, 0, sizeof(uint64_t) * wordShift);
}

int bignum::compare(const uint64_t *a, const uint64_t *b, unsigned n) {
  for (unsigned i = n; i-- > 0;)
    if (a[i] != b[i])
      return a[i] < b[i] ? -1 : 1;
  return 0;
}

bool bignum::isZero(const uint64_t *p, unsigned n) {
  for (unsigned i = 0; i < n; ++i)
    if (p[i])
      return false;
  return true;
}

unsigned bignum::activeWords(const uint64_t *p, unsigned n) {
  while (n && !p[n - 1])
    --n;
  return n;
}

unsigned bignum::activeBits(const uint64_t *p, unsigned n) {
  unsigned words = activeWords(p, n);
  if (!words)
    return 0;
  return words * 64 - std::countl_zero(p[words - 1]);
}

unsigned bignum::countTrailingZeros(const uint64_t *p, unsigned n) {
  for (unsigned i = 0; i < n; ++i)
    if (p[i])
      return i * 64 + std::countr_zero(p[i]);
  return n * 64;
}

//===----------------------------------------------------------------------===//
// Construction
//===----------------------------------------------------------------------===//

APInt::APInt(unsigned numBits, uint64_t val, bool isSigned)
    : bitWidth(numBits) {
  assert(numBits <= kMaxBitWidth && "bit width too large");
  if (isSingleWord()) {
    u.val = val;
  } else {
    unsigned n = getNumWords();
    u.pVal = new uint64_t[n];
    u.pVal[0] = val;
    uint64_t fill = (isSigned && int64_t(val) < 0) ? ~uint64_t(0) : 0;
    for (unsigned i = 1; i < n; ++i)
      u.pVal[i] = fill;
  }
  clearUnusedBits();
}

APInt::APInt(unsigned numBits, std::span<const uint64_t> words)
    : bitWidth(numBits) {
  assert(numBits <= kMaxBitWidth && "bit width too large");
  if (isSingleWord()) {
    u.val = words.empty() ? 0 : words[0];
  } else {
    unsigned n = getNumWords();
    u.pVal = new uint64_t[n];
    unsigned copy = std::min<size_t>(n, words.size());
    if (copy)
      std::memcpy(u.pVal, words.data(), sizeof(uint64_t) * copy);
    for (unsigned i = copy; i < n; ++i)
      u.pVal[i] = 0;
  }
  clearUnusedBits();
}

APInt::APInt(const APInt &other) : bitWidth(other.bitWidth) {
  if (isSingleWord()) {
    u.val = other.u.val;
  } else {
    unsigned n = getNumWords();
    u.pVal = new uint64_t[n];
    std::memcpy(u.pVal, other.u.pVal, sizeof(uint64_t) * n);
  }
}

APInt &APInt::operator=(const APInt &other) {
  if (this == &other)
    return *this;
  if (isSingleWord() && other.isSingleWord()) {
    u.val = other.u.val;
    bitWidth = other.bitWidth;
    return *this;
  }
  if (getNumWords() == other.getNumWords() && !isSingleWord()) {
    std::memcpy(u.pVal, other.u.pVal, sizeof(uint64_t) * getNumWords());
    bitWidth = other.bitWidth;
    return *this;
  }
  if (!isSingleWord())
    delete[] u.pVal;
  bitWidth = other.bitWidth;
  if (isSingleWord()) {
    u.val = other.u.val;
  } else {
    unsigned n = getNumWords();
    u.pVal = new uint64_t[n];
    std::memcpy(u.pVal, other.u.pVal, sizeof(uint64_t) * n);
  }
  return *this;
}

APInt &APInt::operator=(APInt &&other) noexcept {
  if (this == &other)
    return *this;
  if (!isSingleWord())
    delete[] u.pVal;
  u = other.u;
  bitWidth = other.bitWidth;
  other.bitWidth = 0;
  other.u.val = 0;
  return *this;
}

APInt &APInt::operator=(uint64_t val) {
  if (isSingleWord()) {
    u.val = val;
  } else {
    u.pVal[0] = val;
    std::memset(u.pVal + 1, 0, sizeof(uint64_t) * (getNumWords() - 1));
  }
  clearUnusedBits();
  return *this;
}

void APInt::clearUnusedBits() {
  words()[getNumWords() - 1] &= topWordMask(bitWidth);
}

APInt APInt::getAllOnes(unsigned numBits) {
  APInt result(numBits, 0);
  result.setAllBits();
  return result;
}

APInt APInt::getSignedMaxValue(unsigned numBits) {
  APInt result = getAllOnes(numBits);
  if (numBits)
    result.clearBit(numBits - 1);
  return result;
}

APInt APInt::getSignedMinValue(unsigned numBits) {
  APInt result(numBits, 0);
  if (numBits)
    result.setBit(numBits - 1);
  return result;
}

APInt APInt::getOneBitSet(unsigned numBits, unsigned bit) {
  APInt result(numBits, 0);
  result.setBit(bit);
  return result;
}

APInt APInt::getLowBitsSet(unsigned numBits, unsigned loBits) {
  assert(loBits <= numBits && "too many bits");
  if (loBits == 0)
    return APInt(numBits, 0);
  APInt result = getAllOnes(numBits);
  result.lshrInPlace(numBits - loBits);
  return result;
}

APInt APInt::getHighBitsSet(unsigned numBits, unsigned hiBits) {
  assert(hiBits <= numBits && "too many bits");
  if (hiBits == 0)
    return APInt(numBits, 0);
  APInt result = getAllOnes(numBits);
  result <<= numBits - hiBits;
  return result;
}

//===----------------------------------------------------------------------===//
// Observers and bit twiddling
//===----------------------------------------------------------------------===//

bool APInt::isOne() const {
  if (isSingleWord())
    return u.val == 1;
  return u.pVal[0] == 1 && bignum::isZero(u.pVal + 1, getNumWords() - 1);
}

bool APInt::isAllOnes() const {
  if (bitWidth == 0)
    return true;
  if (isSingleWord())
    return u.val == topWordMask(bitWidth);
  unsigned n = getNumWords();
  for (unsigned i = 0; i + 1 < n; ++i)
    if (u.pVal[i] != ~uint64_t(0))
      return false;
  return u.pVal[n - 1] == topWordMask(bitWidth);
}

bool APInt::isSignedMaxValue() const {
  if (bitWidth == 0)
    return true;
  return !isNegative() && countTrailingOnes() == bitWidth - 1;
}

bool APInt::isSignedMinValue() const {
  if (bitWidth == 0)
    return true;
  return isNegative() && countTrailingZeros() == bitWidth - 1;
}

int64_t APInt::getSExtValue() const {
  assert(getSignificantBits() <= 64 && "value does not fit in int64_t");
  if (bitWidth == 0)
    return 0;
  if (isSingleWord()) {
    unsigned shift = 64 - bitWidth;
    return int64_t(u.val << shift) >> shift;
  }
  return int64_t(u.pVal[0]);
}

unsigned APInt::countLeadingZeros() const {
  if (isSingleWord()) {
    if (bitWidth == 0)
      return 0;
    return std::countl_zero(u.val) - (64 - bitWidth);
  }
  unsigned n = getNumWords();
  unsigned unused = n * 64 - bitWidth;
  unsigned count = 0;
  for (unsigned i = n; i-- > 0;) {
    if (u.pVal[i]) {
      count += std::countl_zero(u.pVal[i]);
      return count - unused;
    }
    count += 64;
  }
  return bitWidth;
}

unsigned APInt::countLeadingOnes() const {
  if (bitWidth == 0)
    return 0;
  if (isSingleWord())
    return std::countl_one(u.val << (64 - bitWidth));
  unsigned n = getNumWords();
  unsigned topBits = bitWidth % 64 ? bitWidth % 64 : 64;
  unsigned count = std::countl_one(u.pVal[n - 1] << (64 - topBits));
  if (count < topBits)
    return count;
  for (unsigned i = n - 1; i-- > 0;) {
    if (u.pVal[i] == ~uint64_t(0)) {
      count += 64;
      continue;
    }
    return count + std::countl_one(u.pVal[i]);
  }
  return count;
}

unsigned APInt::countTrailingZeros() const {
  if (isSingleWord())
    return u.val ? std::countr_zero(u.val) : bitWidth;
  return std::min(bitWidth, bignum::countTrailingZeros(u.pVal, getNumWords()));
}

unsigned APInt::countTrailingOnes() const {
  if (isSingleWord())
    return std::min<unsigned>(bitWidth, std::countr_one(u.val));
  unsigned n = getNumWords(), count = 0;
  for (unsigned i = 0; i < n; ++i) {
    if (u.pVal[i] == ~uint64_t(0)) {
      count += 64;
      continue;
    }
    count += std::countr_one(u.pVal[i]);
    break;
  }
  return std::min(count, bitWidth);
}

unsigned APInt::popcount() const {
  if (isSingleWord())
    return std::popcount(u.val);
  unsigned count = 0;
  for (unsigned i = 0, n = getNumWords(); i < n; ++i)
    count += std::popcount(u.pVal[i]);
  return count;
}

unsigned APInt::getSignificantBits() const {
  if (bitWidth == 0)
    return 0;
  unsigned signBits = isNegative() ? countLeadingOnes() : countLeadingZeros();
  return bitWidth - signBits + 1;
}

void APInt::setAllBits() {
  if (isSingleWord())
    u.val = ~uint64_t(0);
  else
    std::memset(u.pVal, 0xFF, sizeof(uint64_t) * getNumWords());
  clearUnusedBits();
}

void APInt::clearAllBits() {
  if (isSingleWord())
    u.val = 0;
  else
    std::memset(u.pVal, 0, sizeof(uint64_t) * getNumWords());
}

void APInt::flipAllBits() {
  if (isSingleWord()) {
    u.val = ~u.val;
  } else {
    for (unsigned i = 0, n = getNumWords(); i < n; ++i)
      u.pVal[i] = ~u.pVal[i];
  }
  clearUnusedBits();
}

void APInt::negate() {
  flipAllBits();
  *this += uint64_t(1);
}

//===----------------------------------------------------------------------===//
// Width changes
//===----------------------------------------------------------------------===//

APInt APInt::zext(unsigned width) const {
  assert(width >= bitWidth && "zext must not shrink");
  if (width <= 64)
    return APInt(width, u.val);
  if (width == bitWidth)
    return *this;
  return APInt(width, std::span<const uint64_t>(getRawData(), getNumWords()));
}

APInt APInt::sext(unsigned width) const {
  assert(width >= bitWidth && "sext must not shrink");
  if (width == bitWidth)
    return *this;
  if (bitWidth == 0)
    return APInt(width, 0);
  if (width <= 64) {
    unsigned shift = 64 - bitWidth;
    return APInt(width, uint64_t(int64_t(u.val << shift) >> shift));
  }
  APInt result = zext(width);
  if (isNegative()) {
    // Fill everything from the old sign bit upward with ones.
    uint64_t *w = result.words();
    unsigned n = result.getNumWords();
    unsigned firstWord = bitWidth / 64, firstBit = bitWidth % 64;
    if (firstBit)
      w[firstWord] |= ~uint64_t(0) << firstBit;
    else
      w[firstWord] = ~uint64_t(0);
    for (unsigned i = firstWord + 1; i < n; ++i)
      w[i] = ~uint64_t(0);
    result.clearUnusedBits();
  }
  return result;
}

APInt APInt::trunc(unsigned width) const {
  assert(width <= bitWidth && "trunc must not grow");
  if (width <= 64)
    return APInt(width, getRawData()[0]);
  return APInt(width,
               std::span<const uint64_t>(getRawData(), numWordsFor(width)));
}

//===----------------------------------------------------------------------===//
// Arithmetic and logic
//===----------------------------------------------------------------------===//

APInt &APInt::operator+=(const APInt &rhs) {
  assert(bitWidth == rhs.bitWidth && "width mismatch");
  if (isSingleWord())
    u.val += rhs.u.val;
  else
    bignum::add(u.pVal, u.pVal, rhs.u.pVal, getNumWords());
  clearUnusedBits();
  return *this;
}

APInt &APInt::operator+=(uint64_t rhs) {
  if (isSingleWord())
    u.val += rhs;
  else
    bignum::addWord(u.pVal, getNumWords(), rhs);
  clearUnusedBits();
  return *this;
}

APInt &APInt::operator-=(const APInt &rhs) {
  assert(bitWidth == rhs.bitWidth && "width mismatch");
  if (isSingleWord())
    u.val -= rhs.u.val;
  else
    bignum::sub(u.pVal, u.pVal, rhs.u.pVal, getNumWords());
  clearUnusedBits();
  return *this;
}

APInt &APInt::operator-=(uint64_t rhs) {
  if (isSingleWord())
    u.val -= rhs;
  else
    bignum::subWord(u.pVal, getNumWords(), rhs);
  clearUnusedBits();
  return *this;
}

APInt &APInt::operator*=(const APInt &rhs) {
  assert(bitWidth == rhs.bitWidth && "width mismatch");
  if (isSingleWord()) {
    u.val *= rhs.u.val;
  } else {
    unsigned n = getNumWords();
    uint64_t *product = new uint64_t[n];
    mulLow(product, u.pVal, rhs.u.pVal, n);
    delete[] u.pVal;
    u.pVal = product;
  }
  clearUnusedBits();
  return *this;
}

APInt &APInt::operator*=(uint64_t rhs) {
  if (isSingleWord())
    u.val *= rhs;
  else
    bignum::mulWord(u.pVal, u.pVal, getNumWords(), rhs);
  clearUnusedBits();
  return *this;
}

APInt &APInt::operator&=(const APInt &rhs) {
  assert(bitWidth == rhs.bitWidth && "width mismatch");
  if (isSingleWord()) {
    u.val &= rhs.u.val;
  } else {
    for (unsigned i = 0, n = getNumWords(); i < n; ++i)
      u.pVal[i] &= rhs.u.pVal[i];
  }
  return *this;
}

APInt &APInt::operator|=(const APInt &rhs) {
  assert(bitWidth == rhs.bitWidth && "width mismatch");
  if (isSingleWord()) {
    u.val |= rhs.u.val;
  } else {
    for (unsigned i = 0, n = getNumWords(); i < n; ++i)
      u.pVal[i] |= rhs.u.pVal[i];
  }
  return *this;
}

APInt &APInt::operator^=(const APInt &rhs) {
  assert(bitWidth == rhs.bitWidth && "width mismatch");
  if (isSingleWord()) {
    u.val ^= rhs.u.val;
  } else {
    for (unsigned i = 0, n = getNumWords(); i < n; ++i)
      u.pVal[i] ^= rhs.u.pVal[i];
  }
  return *this;
}

APInt &APInt::operator<<=(unsigned amount) {
  if (amount >= bitWidth) {
    clearAllBits();
    return *this;
  }
  if (isSingleWord())
    u.val <<= amount;
  else
    bignum::shl(u.pVal, getNumWords(), amount);
  clearUnusedBits();
  return *this;
}

void APInt::lshrInPlace(unsigned amount) {
  if (amount >= bitWidth) {
    clearAllBits();
    return;
  }
  if (isSingleWord())
    u.val >>= amount;
  else
    bignum::lshr(u.pVal, getNumWords(), amount);
}

APInt APInt::ashr(unsigned amount) const {
  if (!isNegative())
    return lshr(amount);
  // For a negative value, ashr(x) == ~lshr(~x).
  APInt result = ~*this;
  result.lshrInPlace(amount);
  result.flipAllBits();
  return result;
}

APInt APInt::rotl(unsigned amount) const {
  if (bitWidth == 0)
    return *this;
  amount %= bitWidth;
  if (amount == 0)
    return *this;
  return shl(amount) | lshr(bitWidth - amount);
}

APInt APInt::rotr(unsigned amount) const {
  if (bitWidth == 0)
    return *this;
  amount %= bitWidth;
  if (amount == 0)
    return *this;
  return lshr(amount) | shl(bitWidth - amount);
}

void APInt::udivrem(const APInt &lhs, const APInt &rhs, APInt &quotient,
                    APInt &remainder) {
  assert(lhs.bitWidth == rhs.bitWidth && "width mismatch");
  assert(!rhs.isZero() && "division by zero");
  unsigned width = lhs.bitWidth;
  if (lhs.isSingleWord()) {
    uint64_t a = lhs.u.val, b = rhs.u.val;
    quotient = APInt(width, a / b);
    remainder = APInt(width, a % b);
    return;
  }
  unsigned n = lhs.getNumWords();
  unsigned na = bignum::activeWords(lhs.u.pVal, n);
  unsigned nb = bignum::activeWords(rhs.u.pVal, n);
  APInt q(width, 0), r(width, 0);
  if (na < nb ||
      (na == nb && bignum::compare(lhs.u.pVal, rhs.u.pVal, na) < 0)) {
    r = lhs;
  } else if (nb == 1) {
    q = lhs;
    r = APInt(width, bignum::divWord(q.u.pVal, na, rhs.u.pVal[0]));
  } else {
    bignum::divMod(q.u.pVal, r.u.pVal, lhs.u.pVal, na, rhs.u.pVal, nb);
  }
  quotient = std::move(q);
  remainder = std::move(r);
}

APInt APInt::udiv(const APInt &rhs) const {
  if (isSingleWord()) {
    assert(rhs.u.val != 0 && "division by zero");
    return APInt(bitWidth, u.val / rhs.u.val);
  }
  APInt q, r;
  udivrem(*this, rhs, q, r);
  return q;
}

APInt APInt::urem(const APInt &rhs) const {
  if (isSingleWord()) {
    assert(rhs.u.val != 0 && "division by zero");
    return APInt(bitWidth, u.val % rhs.u.val);
  }
  APInt q, r;
  udivrem(*this, rhs, q, r);
  return r;
}

void APInt::sdivrem(const APInt &lhs, const APInt &rhs, APInt &quotient,
                    APInt &remainder) {
  bool lhsNeg = lhs.isNegative(), rhsNeg = rhs.isNegative();
  APInt q, r;
  udivrem(lhsNeg ? -lhs : lhs, rhsNeg ? -rhs : rhs, q, r);
  if (lhsNeg != rhsNeg)
    q.negate();
  if (lhsNeg)
    r.negate();
  quotient = std::move(q);
  remainder = std::move(r);
}

APInt APInt::sdiv(const APInt &rhs) const {
  APInt q, r;
  sdivrem(*this, rhs, q, r);
  return q;
}

APInt APInt::srem(const APInt &rhs) const {
  APInt q, r;
  sdivrem(*this, rhs, q, r);
  return r;
}

APInt APInt::saddOv(const APInt &rhs, bool &overflow) const {
  APInt result = *this + rhs;
  overflow =
      isNegative() == rhs.isNegative() && result.isNegative() != isNegative();
  return result;
}

APInt APInt::uaddOv(const APInt &rhs, bool &overflow) const {
  APInt result = *this + rhs;
  overflow = result.ult(rhs);
  return result;
}

APInt APInt::ssubOv(const APInt &rhs, bool &overflow) const {
  APInt result = *this - rhs;
  overflow =
      isNegative() != rhs.isNegative() && result.isNegative() != isNegative();
  return result;
}

APInt APInt::usubOv(const APInt &rhs, bool &overflow) const {
  APInt result = *this - rhs;
  overflow = ult(rhs);
  return result;
}

APInt APInt::smulOv(const APInt &rhs, bool &overflow) const {
  APInt wide = sext(bitWidth * 2) * rhs.sext(bitWidth * 2);
  overflow = !wide.isSignedIntN(bitWidth);
  return wide.trunc(bitWidth);
}

APInt APInt::umulOv(const APInt &rhs, bool &overflow) const {
  APInt wide = zext(bitWidth * 2) * rhs.zext(bitWidth * 2);
  overflow = !wide.isIntN(bitWidth);
  return wide.trunc(bitWidth);
}

APInt APInt::sdivOv(const APInt &rhs, bool &overflow) const {
  overflow = isSignedMinValue() && rhs.isAllOnes() && bitWidth != 0;
  return sdiv(rhs);
}

//===----------------------------------------------------------------------===//
// Comparisons
//===----------------------------------------------------------------------===//

int APInt::compare(const APInt &rhs) const {
  assert(bitWidth == rhs.bitWidth && "width mismatch");
  if (isSingleWord())
    return u.val < rhs.u.val ? -1 : u.val > rhs.u.val;
  return bignum::compare(u.pVal, rhs.u.pVal, getNumWords());
}

int APInt::compareSigned(const APInt &rhs) const {
  assert(bitWidth == rhs.bitWidth && "width mismatch");
  bool lhsNeg = isNegative(), rhsNeg = rhs.isNegative();
  if (lhsNeg != rhsNeg)
    return lhsNeg ? -1 : 1;
  // Same sign: two's complement order matches unsigned order.
  return compare(rhs);
}

int APInt::compareU64(uint64_t rhs) const {
  if (getActiveBits() > 64)
    return 1;
  uint64_t lhs = getRawData()[0];
  return lhs < rhs ? -1 : lhs > rhs;
}

int APInt::compareS64(int64_t rhs) const {
  if (getSignificantBits() > 64)
    return isNegative() ? -1 : 1;
  int64_t lhs = getSExtValue();
  return lhs < rhs ? -1 : lhs > rhs;
}

//===----------------------------------------------------------------------===//
// Text
//===----------------------------------------------------------------------===//

static unsigned digitValue(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'z')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z')
    return c - 'A' + 10;
  return 99;
}

std::optional<APInt> APInt::fromString(std::string_view digits,
                                       unsigned radix) {
  assert(radix >= 2 && radix <= 36 && "unsupported radix");
  if (digits.empty())
    return std::nullopt;
  for (char c : digits)
    if (digitValue(c) >= radix)
      return std::nullopt;

  // Skip leading zeros; they do not affect the value.
  size_t first = digits.find_first_not_of('0');
  if (first == std::string_view::npos)
    return APInt(1, 0);
  digits.remove_prefix(first);
  if (radix == 10 && digits.size() > kMaxDecimalDigits)
    return std::nullopt;

  // Fast path: everything fits in one word.
  if ((radix == 16 && digits.size() <= 16) ||
      (radix == 10 && digits.size() <= 19) ||
      (radix == 8 && digits.size() <= 21) ||
      (radix == 2 && digits.size() <= 64)) {
    uint64_t val = 0;
    for (char c : digits)
      val = val * radix + digitValue(c);
    unsigned bits = 64 - std::countl_zero(val);
    return APInt(std::max(1u, bits), val);
  }

  unsigned log2Radix = std::has_single_bit(radix) ? std::countr_zero(radix) : 0;
  // log2(36) < 6, so six bits per digit always suffice.
  uint64_t maxBits = log2Radix ? uint64_t(digits.size()) * log2Radix
                               : uint64_t(digits.size()) * 6 + 64;
  uint64_t numWords64 = (maxBits + 63) / 64 + 1;
  if (numWords64 > uint64_t(kMaxBitWidth) / 64 + 2)
    return std::nullopt;
  unsigned numWords = unsigned(numWords64);
  std::unique_ptr<uint64_t[]> buf(new uint64_t[numWords]());

  if (log2Radix) {
    // Place the bits of each digit directly, from the least significant end.
    uint64_t bitPos = 0;
    for (size_t i = digits.size(); i-- > 0;) {
      uint64_t d = digitValue(digits[i]);
      buf[bitPos / 64] |= d << (bitPos % 64);
      if (bitPos % 64 + log2Radix > 64)
        buf[bitPos / 64 + 1] |= d >> (64 - bitPos % 64);
      bitPos += log2Radix;
    }
  } else {
    // Multiply-accumulate chunks of as many digits as fit in one word.
    uint64_t chunkMul = 1;
    unsigned chunkLen = 0;
    while (chunkMul <= ~uint64_t(0) / radix) {
      chunkMul *= radix;
      ++chunkLen;
    }
    unsigned used = 0;
    size_t pos = 0;
    while (pos < digits.size()) {
      size_t len = std::min<size_t>(chunkLen, digits.size() - pos);
      uint64_t chunk = 0, mul = 1;
      for (size_t i = 0; i < len; ++i) {
        chunk = chunk * radix + digitValue(digits[pos + i]);
        mul *= radix;
      }
      pos += len;
      uint64_t carry = bignum::mulWord(buf.get(), buf.get(), used, mul, chunk);
      if (carry)
        buf[used++] = carry;
    }
  }

  unsigned bits = bignum::activeBits(buf.get(), numWords);
  if (bits > kMaxBitWidth)
    return std::nullopt;
  return APInt(std::max(1u, bits),
               std::span<const uint64_t>(buf.get(), numWords));
}

void APInt::toString(std::string &out, unsigned radix, bool isSigned,
                     bool formatAsCLiteral, bool upperCase) const {
  assert(radix >= 2 && radix <= 36 && "unsupported radix");
  const char *prefix = "";
  if (formatAsCLiteral) {
    if (radix == 16)
      prefix = "0x";
    else if (radix == 2)
      prefix = "0b";
    else if (radix == 8)
      prefix = "0";
  }
  if (isZero()) {
    out += prefix;
    out += '0';
    return;
  }
  const char *digitChars = upperCase ? "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                     : "0123456789abcdefghijklmnopqrstuvwxyz";

  bool negative = isSigned && isNegative();
  if (negative)
    out += '-';
  out += prefix;

  // Single word: plain machine arithmetic.
  if (isSingleWord()) {
    uint64_t val = u.val;
    if (negative) {
      // Magnitude of a negative value of width bitWidth.
      val = (~val + 1) & topWordMask(bitWidth);
    }
    char buf[65];
    unsigned pos = sizeof(buf);
    do {
      buf[--pos] = digitChars[val % radix];
      val /= radix;
    } while (val);
    out.append(buf + pos, sizeof(buf) - pos);
    return;
  }

  // The magnitude of the signed minimum is its own bit pattern read unsigned.
  APInt magnitude = negative ? -*this : *this;
  unsigned n = magnitude.getNumWords();
  uint64_t *words = magnitude.u.pVal;
  unsigned active = bignum::activeWords(words, n);
  size_t start = out.size();

  unsigned log2Radix = std::has_single_bit(radix) ? std::countr_zero(radix) : 0;
  if (log2Radix) {
    unsigned bits = bignum::activeBits(words, active);
    uint64_t mask = radix - 1;
    for (unsigned bitPos = 0; bitPos < bits; bitPos += log2Radix) {
      uint64_t d = words[bitPos / 64] >> (bitPos % 64);
      if (bitPos % 64 + log2Radix > 64 && bitPos / 64 + 1 < active)
        d |= words[bitPos / 64 + 1] << (64 - bitPos % 64);
      out += digitChars[d & mask];
    }
  } else {
    // Peel off chunks of as many digits as fit in one word.
    uint64_t chunkDiv = 1;
    unsigned chunkLen = 0;
    while (chunkDiv <= ~uint64_t(0) / radix) {
      chunkDiv *= radix;
      ++chunkLen;
    }
    while (active) {
      uint64_t rem = bignum::divWord(words, active, chunkDiv);
      active = bignum::activeWords(words, active);
      for (unsigned i = 0; i < chunkLen; ++i) {
        if (!active && !rem)
          break;
        out += digitChars[rem % radix];
        rem /= radix;
      }
    }
  }
  std::reverse(out.begin() + start, out.end());
}

size_t APInt::hash() const {
  auto mix = [](uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
  };
  uint64_t h = mix(bitWidth);
  const uint64_t *w = getRawData();
  for (unsigned i = 0, n = getNumWords(); i < n; ++i)
    h = mix(h ^ w[i]);
  return size_t(h);
}
