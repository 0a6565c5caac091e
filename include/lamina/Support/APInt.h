//===- APInt.h - Fixed-width integers of arbitrary bit width ----*- C++ -*-===//
//
// Part of Lamina, a from-scratch implementation of MLIR.
//
//===----------------------------------------------------------------------===//
//
// APInt is a two's complement integer of a fixed, arbitrary bit width (0 up to
// 16,777,215 bits, MLIR's widest integer type). Values of at most 64 bits live
// in one inline word and never touch the heap; wider values own a heap array of
// 64-bit words. Every operation keeps the bits above the width cleared.
//
// The `bignum` namespace holds the word-array primitives APInt is built from.
// They are public so that APFloat (and other number crunching code) can run
// the same routines on stack buffers.
//
//===----------------------------------------------------------------------===//

#ifndef LAMINA_SUPPORT_APINT_H
#define LAMINA_SUPPORT_APINT_H

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace lamina {

//===----------------------------------------------------------------------===//
// Word-array primitives
//===----------------------------------------------------------------------===//

/// Unsigned arithmetic on little-endian arrays of 64-bit words. Unless a
/// function says otherwise, destination and source arrays may be the same
/// array but must not partially overlap.
namespace bignum {

/// Sets `dst[0..n)` to `a + b + carry` and returns the carry out (0 or 1).
uint64_t add(uint64_t *dst, const uint64_t *a, const uint64_t *b, unsigned n,
             uint64_t carry = 0);
/// Sets `dst[0..n)` to `a - b - borrow` and returns the borrow out (0 or 1).
uint64_t sub(uint64_t *dst, const uint64_t *a, const uint64_t *b, unsigned n,
             uint64_t borrow = 0);
/// Adds the single word `w` to `p[0..n)` in place; returns the carry out.
uint64_t addWord(uint64_t *p, unsigned n, uint64_t w);
/// Subtracts the single word `w` from `p[0..n)` in place; returns the borrow.
uint64_t subWord(uint64_t *p, unsigned n, uint64_t w);
/// Sets `dst[0..n)` to the low words of `src * mul + addend` and returns the
/// word that does not fit.
uint64_t mulWord(uint64_t *dst, const uint64_t *src, unsigned n, uint64_t mul,
                 uint64_t addend = 0);
/// Sets `dst[0..na+nb)` to the full product `a * b`. `dst` must not overlap
/// either input.
void mulFull(uint64_t *dst, const uint64_t *a, unsigned na, const uint64_t *b,
             unsigned nb);
/// Divides `p[0..n)` in place by the nonzero word `d`; returns the remainder.
uint64_t divWord(uint64_t *p, unsigned n, uint64_t d);
/// Long division of `a[0..na)` by `b[0..nb)` (`b[nb-1]` nonzero, `nb <= na`).
/// Writes the quotient to `q[0..na-nb+1)` (may be null) and the remainder to
/// `r[0..nb)` (may be null). No output may overlap an input.
void divMod(uint64_t *q, uint64_t *r, const uint64_t *a, unsigned na,
            const uint64_t *b, unsigned nb);
/// Shifts `p[0..n)` left by `bits` in place, dropping bits shifted out.
void shl(uint64_t *p, unsigned n, uint64_t bits);
/// Shifts `p[0..n)` right (logically) by `bits` in place.
void lshr(uint64_t *p, unsigned n, uint64_t bits);
/// Returns -1, 0 or 1 comparing `a[0..n)` with `b[0..n)`.
int compare(const uint64_t *a, const uint64_t *b, unsigned n);
/// Returns true if every word of `p[0..n)` is zero.
bool isZero(const uint64_t *p, unsigned n);
/// Returns the number of bits needed to hold `p[0..n)` (0 for zero).
unsigned activeBits(const uint64_t *p, unsigned n);
/// Returns the number of trailing zero bits (`64 * n` for zero).
unsigned countTrailingZeros(const uint64_t *p, unsigned n);
/// Returns the number of words up to and including the highest nonzero word.
unsigned activeWords(const uint64_t *p, unsigned n);
/// Returns bit `bit` of `p`.
inline bool getBit(const uint64_t *p, unsigned bit) {
  return (p[bit / 64] >> (bit % 64)) & 1;
}

} // namespace bignum

//===----------------------------------------------------------------------===//
// APInt
//===----------------------------------------------------------------------===//

/// A fixed-width two's complement integer. Whether it is signed depends on the
/// operation (`sdiv` vs `udiv`, `slt` vs `ult`, ...), not on the value.
class APInt {
public:
  /// Bits per storage word.
  static constexpr unsigned kBitsPerWord = 64;
  /// The widest integer MLIR allows (and therefore the widest APInt).
  static constexpr unsigned kMaxBitWidth = (1u << 24) - 1;

  /// A 1-bit zero.
  APInt() : bitWidth(1) { u.val = 0; }
  /// A `numBits`-wide integer holding `val`; with `isSigned`, `val` is read as
  /// an int64_t and sign-extended into widths above 64, otherwise it is
  /// zero-extended. Narrower widths truncate.
  APInt(unsigned numBits, uint64_t val, bool isSigned = false);
  /// A `numBits`-wide integer built from little-endian `words`, truncated or
  /// zero-extended to the width.
  APInt(unsigned numBits, std::span<const uint64_t> words);
  APInt(const APInt &other);
  APInt(APInt &&other) noexcept : bitWidth(other.bitWidth) {
    u = other.u;
    other.bitWidth = 0;
    other.u.val = 0;
  }
  APInt &operator=(const APInt &other);
  APInt &operator=(APInt &&other) noexcept;
  /// Assigns `val`, truncated to the current width (other words cleared).
  APInt &operator=(uint64_t val);
  ~APInt() {
    if (!isSingleWord())
      delete[] u.pVal;
  }

  //===--------------------------------------------------------------------===//
  // Named constructors
  //===--------------------------------------------------------------------===//

  /// Zero of the given width.
  static APInt getZero(unsigned numBits) { return APInt(numBits, 0); }
  /// All bits set (-1 as signed, the unsigned maximum).
  static APInt getAllOnes(unsigned numBits);
  /// The unsigned maximum (all ones).
  static APInt getMaxValue(unsigned numBits) { return getAllOnes(numBits); }
  /// The unsigned minimum (zero).
  static APInt getMinValue(unsigned numBits) { return getZero(numBits); }
  /// The signed maximum: 0111...1.
  static APInt getSignedMaxValue(unsigned numBits);
  /// The signed minimum: 1000...0.
  static APInt getSignedMinValue(unsigned numBits);
  /// A value with only bit `bit` set.
  static APInt getOneBitSet(unsigned numBits, unsigned bit);
  /// A value with the low `loBits` bits set.
  static APInt getLowBitsSet(unsigned numBits, unsigned loBits);
  /// A value with the high `hiBits` bits set.
  static APInt getHighBitsSet(unsigned numBits, unsigned hiBits);

  /// Converting between decimal text and a value takes time quadratic in
  /// its length, so Lamina converts in decimal only values of at most
  /// kMaxDecimalBits bits, written with at most kMaxDecimalDigits digits
  /// (mlir-opt takes longer than a minute on such values already); wider
  /// values are read and printed in hexadecimal, which takes linear time.
  static constexpr unsigned kMaxDecimalBits = 1u << 19;
  /// The number of decimal digits of 2^kMaxDecimalBits - 1.
  static constexpr size_t kMaxDecimalDigits = 157827;

  /// Parses `digits` (no sign, no prefix, no separators) in radix 2, 8, 10, 16
  /// (or any radix up to 36) as an unsigned integer whose width is just large
  /// enough to hold it (at least 1 bit). Returns nullopt when `digits` is
  /// empty, holds a character that is not a digit of the radix, needs more
  /// than kMaxBitWidth bits, or is a radix-10 string of more than
  /// kMaxDecimalDigits significant digits.
  static std::optional<APInt> fromString(std::string_view digits,
                                         unsigned radix);

  //===--------------------------------------------------------------------===//
  // Observers
  //===--------------------------------------------------------------------===//

  /// Number of bits in the value.
  unsigned getBitWidth() const { return bitWidth; }
  /// Number of 64-bit storage words (at least 1, even for width 0).
  unsigned getNumWords() const { return numWordsFor(bitWidth); }
  /// The storage words, least significant first (getNumWords() of them).
  const uint64_t *getRawData() const {
    return isSingleWord() ? &u.val : u.pVal;
  }
  /// True if the value lives in the inline word (width <= 64).
  bool isSingleWord() const { return bitWidth <= kBitsPerWord; }

  bool isZero() const {
    return isSingleWord() ? u.val == 0 : bignum::isZero(u.pVal, getNumWords());
  }
  /// True for the value 1.
  bool isOne() const;
  /// True if the sign (top) bit is set. Width 0 is never negative.
  bool isNegative() const { return bitWidth != 0 && getBit(bitWidth - 1); }
  bool isNonNegative() const { return !isNegative(); }
  /// True if positive when read as signed (nonzero and sign bit clear).
  bool isStrictlyPositive() const { return isNonNegative() && !isZero(); }
  /// True if all bits are set (vacuously true for width 0).
  bool isAllOnes() const;
  bool isMaxValue() const { return isAllOnes(); }
  bool isMinValue() const { return isZero(); }
  bool isSignedMaxValue() const;
  bool isSignedMinValue() const;
  /// True if exactly one bit is set.
  bool isPowerOf2() const { return popcount() == 1; }
  /// True if the value fits in `n` bits as an unsigned number.
  bool isIntN(unsigned n) const { return getActiveBits() <= n; }
  /// True if the value fits in `n` bits as a signed number.
  bool isSignedIntN(unsigned n) const { return getSignificantBits() <= n; }

  /// The value zero-extended to 64 bits; asserts that it fits.
  uint64_t getZExtValue() const {
    assert(getActiveBits() <= 64 && "value does not fit in uint64_t");
    return getRawData()[0];
  }
  /// The value sign-extended to 64 bits; asserts that it fits.
  int64_t getSExtValue() const;
  /// The low 64 bits, whatever the width.
  uint64_t getLoWord() const { return getRawData()[0]; }

  /// Number of bits needed for the unsigned value (width - leading zeros).
  unsigned getActiveBits() const { return bitWidth - countLeadingZeros(); }
  /// Minimum number of bits holding the value as signed, sign bit included.
  unsigned getSignificantBits() const;
  unsigned countLeadingZeros() const;
  unsigned countLeadingOnes() const;
  unsigned countTrailingZeros() const;
  unsigned countTrailingOnes() const;
  /// Number of set bits.
  unsigned popcount() const;
  /// floor(log2(value)), or -1 for zero.
  int logBase2() const { return int(getActiveBits()) - 1; }

  bool getBit(unsigned bit) const {
    assert(bit < bitWidth && "bit index out of range");
    return bignum::getBit(getRawData(), bit);
  }
  void setBit(unsigned bit) {
    assert(bit < bitWidth && "bit index out of range");
    words()[bit / 64] |= uint64_t(1) << (bit % 64);
  }
  void clearBit(unsigned bit) {
    assert(bit < bitWidth && "bit index out of range");
    words()[bit / 64] &= ~(uint64_t(1) << (bit % 64));
  }
  void setAllBits();
  void clearAllBits();
  /// Complements every bit in place.
  void flipAllBits();
  /// Two's complement negation in place.
  void negate();

  //===--------------------------------------------------------------------===//
  // Width changes
  //===--------------------------------------------------------------------===//

  /// Zero-extends to `width` (>= current width).
  APInt zext(unsigned width) const;
  /// Sign-extends to `width` (>= current width).
  APInt sext(unsigned width) const;
  /// Keeps the low `width` (<= current width) bits.
  APInt trunc(unsigned width) const;
  APInt zextOrTrunc(unsigned width) const {
    return width >= bitWidth ? zext(width) : trunc(width);
  }
  APInt sextOrTrunc(unsigned width) const {
    return width >= bitWidth ? sext(width) : trunc(width);
  }

  //===--------------------------------------------------------------------===//
  // Arithmetic and logic (operands must have equal widths; results wrap)
  //===--------------------------------------------------------------------===//

  APInt &operator+=(const APInt &rhs);
  APInt &operator+=(uint64_t rhs);
  APInt &operator-=(const APInt &rhs);
  APInt &operator-=(uint64_t rhs);
  APInt &operator*=(const APInt &rhs);
  APInt &operator*=(uint64_t rhs);
  APInt &operator&=(const APInt &rhs);
  APInt &operator|=(const APInt &rhs);
  APInt &operator^=(const APInt &rhs);
  /// Shifts left; amounts >= the width give zero.
  APInt &operator<<=(unsigned amount);
  APInt &operator++() { return *this += uint64_t(1); }
  APInt &operator--() { return *this -= uint64_t(1); }

  friend APInt operator+(APInt lhs, const APInt &rhs) { return lhs += rhs; }
  friend APInt operator+(APInt lhs, uint64_t rhs) { return lhs += rhs; }
  friend APInt operator-(APInt lhs, const APInt &rhs) { return lhs -= rhs; }
  friend APInt operator-(APInt lhs, uint64_t rhs) { return lhs -= rhs; }
  friend APInt operator*(APInt lhs, const APInt &rhs) { return lhs *= rhs; }
  friend APInt operator*(APInt lhs, uint64_t rhs) { return lhs *= rhs; }
  friend APInt operator&(APInt lhs, const APInt &rhs) { return lhs &= rhs; }
  friend APInt operator|(APInt lhs, const APInt &rhs) { return lhs |= rhs; }
  friend APInt operator^(APInt lhs, const APInt &rhs) { return lhs ^= rhs; }
  APInt operator~() const {
    APInt result(*this);
    result.flipAllBits();
    return result;
  }
  /// Two's complement negation.
  APInt operator-() const {
    APInt result(*this);
    result.negate();
    return result;
  }
  APInt operator<<(unsigned amount) const { return shl(amount); }

  /// Shift left; amounts >= the width give zero.
  APInt shl(unsigned amount) const {
    APInt result(*this);
    result <<= amount;
    return result;
  }
  /// Logical shift right; amounts >= the width give zero.
  APInt lshr(unsigned amount) const {
    APInt result(*this);
    result.lshrInPlace(amount);
    return result;
  }
  void lshrInPlace(unsigned amount);
  /// Arithmetic shift right; amounts >= the width give all sign bits.
  APInt ashr(unsigned amount) const;
  /// Rotations (amount taken modulo the width).
  APInt rotl(unsigned amount) const;
  APInt rotr(unsigned amount) const;

  /// Unsigned division; asserts a nonzero divisor.
  APInt udiv(const APInt &rhs) const;
  /// Signed division rounding toward zero; asserts a nonzero divisor.
  /// INT_MIN / -1 wraps to INT_MIN.
  APInt sdiv(const APInt &rhs) const;
  /// Unsigned remainder; asserts a nonzero divisor.
  APInt urem(const APInt &rhs) const;
  /// Signed remainder with the sign of the dividend.
  APInt srem(const APInt &rhs) const;
  /// Unsigned quotient and remainder in one go; `quotient` and `remainder`
  /// may alias the inputs.
  static void udivrem(const APInt &lhs, const APInt &rhs, APInt &quotient,
                      APInt &remainder);
  /// Signed quotient and remainder (truncating).
  static void sdivrem(const APInt &lhs, const APInt &rhs, APInt &quotient,
                      APInt &remainder);

  /// Arithmetic that also reports signed/unsigned overflow through
  /// `overflow`; the result wraps.
  APInt saddOv(const APInt &rhs, bool &overflow) const;
  APInt uaddOv(const APInt &rhs, bool &overflow) const;
  APInt ssubOv(const APInt &rhs, bool &overflow) const;
  APInt usubOv(const APInt &rhs, bool &overflow) const;
  APInt smulOv(const APInt &rhs, bool &overflow) const;
  APInt umulOv(const APInt &rhs, bool &overflow) const;
  APInt sdivOv(const APInt &rhs, bool &overflow) const;

  /// Absolute value (INT_MIN stays INT_MIN).
  APInt abs() const { return isNegative() ? -*this : *this; }

  //===--------------------------------------------------------------------===//
  // Comparisons (APInt operands must have equal widths)
  //===--------------------------------------------------------------------===//

  bool operator==(const APInt &rhs) const {
    assert(bitWidth == rhs.bitWidth && "comparison of different widths");
    if (isSingleWord())
      return u.val == rhs.u.val;
    return bignum::compare(u.pVal, rhs.u.pVal, getNumWords()) == 0;
  }
  bool operator!=(const APInt &rhs) const { return !(*this == rhs); }
  /// True if the unsigned value equals `val`.
  bool operator==(uint64_t val) const {
    return getActiveBits() <= 64 && getRawData()[0] == val;
  }
  bool operator!=(uint64_t val) const { return !(*this == val); }
  bool eq(const APInt &rhs) const { return *this == rhs; }
  bool ne(const APInt &rhs) const { return !(*this == rhs); }

  /// Unsigned three-way compare: -1, 0, 1.
  int compare(const APInt &rhs) const;
  /// Signed three-way compare: -1, 0, 1.
  int compareSigned(const APInt &rhs) const;

  bool ult(const APInt &rhs) const { return compare(rhs) < 0; }
  bool ule(const APInt &rhs) const { return compare(rhs) <= 0; }
  bool ugt(const APInt &rhs) const { return compare(rhs) > 0; }
  bool uge(const APInt &rhs) const { return compare(rhs) >= 0; }
  bool slt(const APInt &rhs) const { return compareSigned(rhs) < 0; }
  bool sle(const APInt &rhs) const { return compareSigned(rhs) <= 0; }
  bool sgt(const APInt &rhs) const { return compareSigned(rhs) > 0; }
  bool sge(const APInt &rhs) const { return compareSigned(rhs) >= 0; }

  /// Comparisons against a zero-extended uint64_t.
  bool ult(uint64_t rhs) const { return compareU64(rhs) < 0; }
  bool ule(uint64_t rhs) const { return compareU64(rhs) <= 0; }
  bool ugt(uint64_t rhs) const { return compareU64(rhs) > 0; }
  bool uge(uint64_t rhs) const { return compareU64(rhs) >= 0; }
  /// Comparisons against a sign-extended int64_t.
  bool slt(int64_t rhs) const { return compareS64(rhs) < 0; }
  bool sle(int64_t rhs) const { return compareS64(rhs) <= 0; }
  bool sgt(int64_t rhs) const { return compareS64(rhs) > 0; }
  bool sge(int64_t rhs) const { return compareS64(rhs) >= 0; }

  static const APInt &umin(const APInt &a, const APInt &b) {
    return a.ult(b) ? a : b;
  }
  static const APInt &umax(const APInt &a, const APInt &b) {
    return a.ugt(b) ? a : b;
  }
  static const APInt &smin(const APInt &a, const APInt &b) {
    return a.slt(b) ? a : b;
  }
  static const APInt &smax(const APInt &a, const APInt &b) {
    return a.sgt(b) ? a : b;
  }

  //===--------------------------------------------------------------------===//
  // Text
  //===--------------------------------------------------------------------===//

  /// Appends the value in `radix` (2..36) to `out`. With `isSigned` a set top
  /// bit prints as '-' followed by the magnitude. With `formatAsCLiteral` a
  /// prefix follows the sign: "0x" (16), "0b" (2), "0" (8). Digits above 9
  /// are uppercase unless `upperCase` is false. Zero prints as "0" (after the
  /// prefix).
  void toString(std::string &out, unsigned radix, bool isSigned,
                bool formatAsCLiteral = false, bool upperCase = true) const;
  /// Returns the text toString(out, ...) would append.
  std::string toString(unsigned radix, bool isSigned,
                       bool formatAsCLiteral = false,
                       bool upperCase = true) const {
    std::string out;
    toString(out, radix, isSigned, formatAsCLiteral, upperCase);
    return out;
  }

  /// A hash of the width and the value.
  size_t hash() const;

  /// Number of storage words needed for `numBits` bits (at least 1).
  static unsigned numWordsFor(unsigned numBits) {
    return numBits <= kBitsPerWord ? 1 : (numBits + kBitsPerWord - 1) / 64;
  }

private:
  uint64_t *words() { return isSingleWord() ? &u.val : u.pVal; }
  /// Clears the bits above the width in the top word.
  void clearUnusedBits();
  int compareU64(uint64_t rhs) const;
  int compareS64(int64_t rhs) const;

  union {
    uint64_t val;
    uint64_t *pVal;
  } u;
  unsigned bitWidth;
};

} // namespace lamina

#endif // LAMINA_SUPPORT_APINT_H
