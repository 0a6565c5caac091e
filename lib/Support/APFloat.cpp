//===- APFloat.cpp - Binary floating point values of any format -----------===//
//
// Part of Lamina, a from-scratch implementation of MLIR.
//
//===----------------------------------------------------------------------===//
//
// The value model: a category (zero, normal, infinity, NaN), a sign, an
// unbiased exponent and a significand of `precision` bits whose top bit (the
// integer bit) is set for normal numbers. Denormals carry the minimum
// exponent and a clear integer bit. Every operation produces an exact
// intermediate result plus a "lost fraction" (zero, below half, half, above
// half of an ulp) and then rounds once in normalize().
//
// Decimal text is converted exactly with big integers, so parsing is
// correctly rounded; decimal printing reproduces llvm::APFloat::toString,
// whose digit selection (truncate to a few extra digits, then round half up
// on the decimal digits) is part of what mlir-opt prints.
//
//===----------------------------------------------------------------------===//

#include "lamina/Support/APFloat.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <climits>
#include <cstring>
#include <memory>

using namespace lamina;

namespace {
__extension__ typedef unsigned __int128 U128;

/// How much of an ulp an intermediate result lost below its last bit.
enum LostFraction {
  lfExactlyZero,
  lfLessThanHalf,
  lfExactlyHalf,
  lfMoreThanHalf,
};

constexpr FltSemantics
makeSemantics(int maxExponent, int minExponent, unsigned precision,
              unsigned sizeInBits, FloatKind kind, const char *name,
              NonFiniteBehavior nonFinite = NonFiniteBehavior::IEEE754,
              NanEncoding nanEncoding = NanEncoding::IEEE, bool hasZero = true,
              bool hasSignedRepr = true) {
  return FltSemantics{maxExponent, minExponent, precision, sizeInBits,
                      nonFinite,   nanEncoding, hasZero,   hasSignedRepr,
                      kind,        name};
}
} // namespace

//===----------------------------------------------------------------------===//
// Semantics
//===----------------------------------------------------------------------===//

static constexpr FltSemantics semIEEEhalf =
    makeSemantics(15, -14, 11, 16, FloatKind::IEEEhalf, "f16");
static constexpr FltSemantics semBFloat =
    makeSemantics(127, -126, 8, 16, FloatKind::BFloat, "bf16");
static constexpr FltSemantics semIEEEsingle =
    makeSemantics(127, -126, 24, 32, FloatKind::IEEEsingle, "f32");
static constexpr FltSemantics semIEEEdouble =
    makeSemantics(1023, -1022, 53, 64, FloatKind::IEEEdouble, "f64");
static constexpr FltSemantics semIEEEquad =
    makeSemantics(16383, -16382, 113, 128, FloatKind::IEEEquad, "f128");
static constexpr FltSemantics semX87DoubleExtended =
    makeSemantics(16383, -16382, 64, 80, FloatKind::x87DoubleExtended, "f80");
static constexpr FltSemantics semFloatTF32 =
    makeSemantics(127, -126, 11, 19, FloatKind::FloatTF32, "tf32");
static constexpr FltSemantics semFloat8E5M2 =
    makeSemantics(15, -14, 3, 8, FloatKind::Float8E5M2, "f8E5M2");
static constexpr FltSemantics semFloat8E5M2FNUZ =
    makeSemantics(15, -15, 3, 8, FloatKind::Float8E5M2FNUZ, "f8E5M2FNUZ",
                  NonFiniteBehavior::NanOnly, NanEncoding::NegativeZero);
static constexpr FltSemantics semFloat8E4M3 =
    makeSemantics(7, -6, 4, 8, FloatKind::Float8E4M3, "f8E4M3");
static constexpr FltSemantics semFloat8E4M3FN =
    makeSemantics(8, -6, 4, 8, FloatKind::Float8E4M3FN, "f8E4M3FN",
                  NonFiniteBehavior::NanOnly, NanEncoding::AllOnes);
static constexpr FltSemantics semFloat8E4M3FNUZ =
    makeSemantics(7, -7, 4, 8, FloatKind::Float8E4M3FNUZ, "f8E4M3FNUZ",
                  NonFiniteBehavior::NanOnly, NanEncoding::NegativeZero);
static constexpr FltSemantics semFloat8E4M3B11FNUZ =
    makeSemantics(4, -10, 4, 8, FloatKind::Float8E4M3B11FNUZ, "f8E4M3B11FNUZ",
                  NonFiniteBehavior::NanOnly, NanEncoding::NegativeZero);
static constexpr FltSemantics semFloat8E3M4 =
    makeSemantics(3, -2, 5, 8, FloatKind::Float8E3M4, "f8E3M4");
static constexpr FltSemantics semFloat8E8M0FNU = makeSemantics(
    127, -127, 1, 8, FloatKind::Float8E8M0FNU, "f8E8M0FNU",
    NonFiniteBehavior::NanOnly, NanEncoding::AllOnes, /*hasZero=*/false,
    /*hasSignedRepr=*/false);
static constexpr FltSemantics semFloat6E3M2FN =
    makeSemantics(4, -2, 3, 6, FloatKind::Float6E3M2FN, "f6E3M2FN",
                  NonFiniteBehavior::FiniteOnly);
static constexpr FltSemantics semFloat6E2M3FN =
    makeSemantics(2, 0, 4, 6, FloatKind::Float6E2M3FN, "f6E2M3FN",
                  NonFiniteBehavior::FiniteOnly);
static constexpr FltSemantics semFloat4E2M1FN =
    makeSemantics(2, 0, 2, 4, FloatKind::Float4E2M1FN, "f4E2M1FN",
                  NonFiniteBehavior::FiniteOnly);

const FltSemantics &APFloat::IEEEhalf() { return semIEEEhalf; }
const FltSemantics &APFloat::BFloat() { return semBFloat; }
const FltSemantics &APFloat::IEEEsingle() { return semIEEEsingle; }
const FltSemantics &APFloat::IEEEdouble() { return semIEEEdouble; }
const FltSemantics &APFloat::IEEEquad() { return semIEEEquad; }
const FltSemantics &APFloat::x87DoubleExtended() {
  return semX87DoubleExtended;
}
const FltSemantics &APFloat::FloatTF32() { return semFloatTF32; }
const FltSemantics &APFloat::Float8E5M2() { return semFloat8E5M2; }
const FltSemantics &APFloat::Float8E5M2FNUZ() { return semFloat8E5M2FNUZ; }
const FltSemantics &APFloat::Float8E4M3() { return semFloat8E4M3; }
const FltSemantics &APFloat::Float8E4M3FN() { return semFloat8E4M3FN; }
const FltSemantics &APFloat::Float8E4M3FNUZ() { return semFloat8E4M3FNUZ; }
const FltSemantics &APFloat::Float8E4M3B11FNUZ() {
  return semFloat8E4M3B11FNUZ;
}
const FltSemantics &APFloat::Float8E3M4() { return semFloat8E3M4; }
const FltSemantics &APFloat::Float8E8M0FNU() { return semFloat8E8M0FNU; }
const FltSemantics &APFloat::Float6E3M2FN() { return semFloat6E3M2FN; }
const FltSemantics &APFloat::Float6E2M3FN() { return semFloat6E2M3FN; }
const FltSemantics &APFloat::Float4E2M1FN() { return semFloat4E2M1FN; }

const FltSemantics &APFloat::getSemantics(FloatKind kind) {
  switch (kind) {
  case FloatKind::IEEEhalf:
    return semIEEEhalf;
  case FloatKind::BFloat:
    return semBFloat;
  case FloatKind::IEEEsingle:
    return semIEEEsingle;
  case FloatKind::IEEEdouble:
    return semIEEEdouble;
  case FloatKind::IEEEquad:
    return semIEEEquad;
  case FloatKind::Float8E5M2:
    return semFloat8E5M2;
  case FloatKind::Float8E5M2FNUZ:
    return semFloat8E5M2FNUZ;
  case FloatKind::Float8E4M3:
    return semFloat8E4M3;
  case FloatKind::Float8E4M3FN:
    return semFloat8E4M3FN;
  case FloatKind::Float8E4M3FNUZ:
    return semFloat8E4M3FNUZ;
  case FloatKind::Float8E4M3B11FNUZ:
    return semFloat8E4M3B11FNUZ;
  case FloatKind::Float8E3M4:
    return semFloat8E3M4;
  case FloatKind::FloatTF32:
    return semFloatTF32;
  case FloatKind::Float8E8M0FNU:
    return semFloat8E8M0FNU;
  case FloatKind::Float6E3M2FN:
    return semFloat6E3M2FN;
  case FloatKind::Float6E2M3FN:
    return semFloat6E2M3FN;
  case FloatKind::Float4E2M1FN:
    return semFloat4E2M1FN;
  case FloatKind::x87DoubleExtended:
  case FloatKind::Scratch:
    break;
  }
  assert(kind == FloatKind::x87DoubleExtended && "no semantics for Scratch");
  return semX87DoubleExtended;
}

unsigned lamina::getSizeInBits(const FltSemantics &sem) {
  return sem.sizeInBits;
}

static int exponentZero(const FltSemantics &sem) { return sem.minExponent - 1; }
static int exponentInf(const FltSemantics &sem) { return sem.maxExponent + 1; }
/// The exponent field value (unbiased) that marks NaN in `sem`.
static int exponentNaN(const FltSemantics &sem) {
  if (sem.nonFiniteBehavior == NonFiniteBehavior::NanOnly) {
    if (sem.nanEncoding == NanEncoding::NegativeZero)
      return exponentZero(sem);
    if (sem.hasSignedRepr)
      return sem.maxExponent;
  }
  return sem.maxExponent + 1;
}

/// Words the reference implementation stores a significand in; used where
/// that choice leaks into results (hex-float exponent clamping).
static unsigned referencePartCount(const FltSemantics &sem) {
  return std::max(1u, (sem.precision + 1 + 63) / 64);
}

//===----------------------------------------------------------------------===//
// 128-bit helpers
//===----------------------------------------------------------------------===//

/// One-based index of the highest set bit (0 for zero).
static unsigned omsb128(U128 v) {
  uint64_t hi = uint64_t(v >> 64), lo = uint64_t(v);
  if (hi)
    return 128 - std::countl_zero(hi);
  return lo ? 64 - std::countl_zero(lo) : 0;
}

static unsigned ctz128(U128 v) {
  uint64_t lo = uint64_t(v);
  if (lo)
    return std::countr_zero(lo);
  uint64_t hi = uint64_t(v >> 64);
  return hi ? 64 + std::countr_zero(hi) : 128;
}

static bool bit128(U128 v, unsigned bit) {
  return bit < 128 && ((v >> bit) & 1);
}

static U128 lowBits128(unsigned bits) {
  return bits >= 128 ? ~U128(0) : (U128(1) << bits) - 1;
}

/// The fraction lost if the low `bits` bits of `v` were dropped.
static LostFraction lostFractionThroughTruncation(U128 v, unsigned bits) {
  if (v == 0)
    return lfExactlyZero;
  unsigned lsb = ctz128(v);
  if (bits <= lsb)
    return lfExactlyZero;
  if (bits == lsb + 1)
    return lfExactlyHalf;
  if (bits <= 128 && bit128(v, bits - 1))
    return lfMoreThanHalf;
  return lfLessThanHalf;
}

static LostFraction shiftRight128(U128 &v, unsigned bits) {
  LostFraction lost = lostFractionThroughTruncation(v, bits);
  v = bits >= 128 ? 0 : v >> bits;
  return lost;
}

/// Folds a less significant lost fraction into a more significant one.
static LostFraction combineLostFractions(LostFraction moreSignificant,
                                         LostFraction lessSignificant) {
  if (lessSignificant != lfExactlyZero) {
    if (moreSignificant == lfExactlyZero)
      moreSignificant = lfLessThanHalf;
    else if (moreSignificant == lfExactlyHalf)
      moreSignificant = lfMoreThanHalf;
  }
  return moreSignificant;
}

//===----------------------------------------------------------------------===//
// BigUInt: scratch unsigned big integer for decimal conversion
//===----------------------------------------------------------------------===//

namespace {
/// Powers of five that fit in a word.
constexpr uint64_t kPow5[28] = {1ULL,
                                5ULL,
                                25ULL,
                                125ULL,
                                625ULL,
                                3125ULL,
                                15625ULL,
                                78125ULL,
                                390625ULL,
                                1953125ULL,
                                9765625ULL,
                                48828125ULL,
                                244140625ULL,
                                1220703125ULL,
                                6103515625ULL,
                                30517578125ULL,
                                152587890625ULL,
                                762939453125ULL,
                                3814697265625ULL,
                                19073486328125ULL,
                                95367431640625ULL,
                                476837158203125ULL,
                                2384185791015625ULL,
                                11920928955078125ULL,
                                59604644775390625ULL,
                                298023223876953125ULL,
                                1490116119384765625ULL,
                                7450580596923828125ULL};

/// An unsigned integer of any size that keeps small values on the stack.
/// Always trimmed: the top stored word is nonzero (size 0 means zero).
class BigUInt {
public:
  BigUInt() : words(inlineWords), capacity(kInline), count(0) {}
  BigUInt(const BigUInt &) = delete;
  BigUInt &operator=(const BigUInt &) = delete;

  unsigned size() const { return count; }
  const uint64_t *data() const { return words; }
  bool isZero() const { return count == 0; }

  void assign(U128 v) {
    words[0] = uint64_t(v);
    words[1] = uint64_t(v >> 64);
    count = 2;
    trim();
  }
  void assign(const BigUInt &other) {
    reserve(other.count);
    std::memcpy(words, other.words, sizeof(uint64_t) * other.count);
    count = other.count;
  }

  unsigned bits() const { return bignum::activeBits(words, count); }
  unsigned countTrailingZeros() const {
    return bignum::countTrailingZeros(words, count);
  }
  bool getBit(uint64_t bit) const {
    return bit < uint64_t(count) * 64 && bignum::getBit(words, unsigned(bit));
  }
  U128 low128() const {
    U128 v = count > 0 ? words[0] : 0;
    if (count > 1)
      v |= U128(words[1]) << 64;
    return v;
  }

  /// Bits [start, start + count) as an integer (count <= 128).
  U128 extractBits(unsigned start, unsigned count) const {
    unsigned word = start / 64, offset = start % 64;
    uint64_t w[3];
    for (unsigned i = 0; i < 3; ++i)
      w[i] = word + i < this->count ? words[word + i] : 0;
    U128 lo = (U128(w[1]) << 64) | w[0];
    U128 v = lo >> offset;
    if (offset)
      v |= U128(w[2]) << (128 - offset);
    return v & lowBits128(count);
  }

  /// this = this * m + addend.
  void mulWord(uint64_t m, uint64_t addend = 0) {
    reserve(count + 1);
    uint64_t carry = bignum::mulWord(words, words, count, m, addend);
    if (count == 0 && carry == 0)
      return;
    words[count++] = carry;
    trim();
  }
  void mulPow5(unsigned e) {
    while (e >= 27) {
      mulWord(kPow5[27]);
      e -= 27;
    }
    if (e)
      mulWord(kPow5[e]);
  }
  void shl(uint64_t bits) {
    if (!count || !bits)
      return;
    unsigned extra = unsigned((bits + 63) / 64);
    reserve(count + extra);
    std::memset(words + count, 0, sizeof(uint64_t) * extra);
    count += extra;
    bignum::shl(words, count, bits);
    trim();
  }
  void shr(uint64_t bits) {
    if (!count || !bits)
      return;
    bignum::lshr(words, count, bits);
    trim();
  }
  /// Divides in place by `d`; returns the remainder.
  uint64_t divWord(uint64_t d) {
    uint64_t rem = bignum::divWord(words, count, d);
    trim();
    return rem;
  }
  int compare(const BigUInt &rhs) const {
    if (count != rhs.count)
      return count < rhs.count ? -1 : 1;
    return bignum::compare(words, rhs.words, count);
  }
  /// quotient = a / b, remainder = a % b (b nonzero; outputs distinct).
  static void divMod(const BigUInt &a, const BigUInt &b, BigUInt &quotient,
                     BigUInt *remainder) {
    assert(!b.isZero() && "division by zero");
    if (a.compare(b) < 0) {
      quotient.count = 0;
      if (remainder)
        remainder->assign(a);
      return;
    }
    quotient.reserve(a.count - b.count + 1);
    if (remainder)
      remainder->reserve(b.count);
    bignum::divMod(quotient.words, remainder ? remainder->words : nullptr,
                   a.words, a.count, b.words, b.count);
    quotient.count = a.count - b.count + 1;
    quotient.trim();
    if (remainder) {
      remainder->count = b.count;
      remainder->trim();
    }
  }

private:
  void trim() {
    while (count && !words[count - 1])
      --count;
  }
  void reserve(unsigned n) {
    if (n <= capacity)
      return;
    unsigned newCapacity = std::max(n, capacity * 2);
    std::unique_ptr<uint64_t[]> grown(new uint64_t[newCapacity]);
    std::memcpy(grown.get(), words, sizeof(uint64_t) * count);
    heap = std::move(grown);
    words = heap.get();
    capacity = newCapacity;
  }

  static constexpr unsigned kInline = 24;
  uint64_t inlineWords[kInline];
  std::unique_ptr<uint64_t[]> heap;
  uint64_t *words;
  unsigned capacity;
  unsigned count;
};

LostFraction lostFractionThroughTruncation(const BigUInt &v, uint64_t bits) {
  if (v.isZero())
    return lfExactlyZero;
  uint64_t lsb = v.countTrailingZeros();
  if (bits <= lsb)
    return lfExactlyZero;
  if (bits == lsb + 1)
    return lfExactlyHalf;
  if (v.getBit(bits - 1))
    return lfMoreThanHalf;
  return lfLessThanHalf;
}
} // namespace

//===----------------------------------------------------------------------===//
// APFloatImpl: the algorithms, with access to the representation
//===----------------------------------------------------------------------===//

namespace lamina {
struct APFloatImpl {
  using Rounding = RoundingMode;

  static U128 getSig(const APFloat &x) {
    return (U128(x.sig[1]) << 64) | x.sig[0];
  }
  static void setSig(APFloat &x, U128 v) {
    x.sig[0] = uint64_t(v);
    x.sig[1] = uint64_t(v >> 64);
  }
  static unsigned precision(const APFloat &x) { return x.semantics->precision; }
  static bool isNanOnlyAllOnes(const FltSemantics &sem) {
    return sem.nonFiniteBehavior == NonFiniteBehavior::NanOnly &&
           sem.nanEncoding == NanEncoding::AllOnes;
  }

  //===------------------------------------------------------------------===//
  // Special values
  //===------------------------------------------------------------------===//

  static void makeZero(APFloat &x, bool negative) {
    if (!x.semantics->hasZero) {
      makeSmallestNormalized(x, false);
      return;
    }
    x.category = FltCategory::Zero;
    x.sign = negative;
    if (x.semantics->nanEncoding == NanEncoding::NegativeZero)
      x.sign = false;
    x.exponent = exponentZero(*x.semantics);
    setSig(x, 0);
  }

  static void makeInf(APFloat &x, bool negative) {
    if (x.semantics->nonFiniteBehavior == NonFiniteBehavior::NanOnly) {
      makeNaN(x, false, negative, nullptr);
      return;
    }
    x.category = FltCategory::Infinity;
    x.sign = negative;
    x.exponent = exponentInf(*x.semantics);
    setSig(x, 0);
  }

  static void makeNaN(APFloat &x, bool signaling, bool negative,
                      const APInt *fill) {
    const FltSemantics &sem = *x.semantics;
    x.category = FltCategory::NaN;
    x.sign = negative;
    x.exponent = exponentNaN(sem);
    unsigned p = sem.precision;

    U128 payload = 0;
    bool haveFill = fill != nullptr;
    if (sem.nonFiniteBehavior == NonFiniteBehavior::NanOnly) {
      // These formats have a single (quiet) NaN per sign.
      signaling = false;
      haveFill = true;
      if (sem.nanEncoding == NanEncoding::NegativeZero) {
        x.sign = true;
        payload = 0;
      } else {
        payload = lowBits128(p - 1);
      }
    } else if (fill) {
      const uint64_t *w = fill->getRawData();
      payload = w[0];
      if (fill->getNumWords() > 1 && referencePartCount(sem) > 1)
        payload |= U128(w[1]) << 64;
    }
    if (haveFill)
      payload &= lowBits128(p - 1);

    unsigned quietBit = p >= 2 ? p - 2 : 0;
    if (signaling) {
      payload &= ~(U128(1) << quietBit);
      if (payload == 0 && quietBit > 0)
        payload |= U128(1) << (quietBit - 1);
    } else if (sem.nanEncoding != NanEncoding::NegativeZero) {
      payload |= U128(1) << quietBit;
    }
    // x87 NaNs have the explicit integer bit set.
    if (&sem == &semX87DoubleExtended)
      payload |= U128(1) << (quietBit + 1);
    setSig(x, payload);
  }

  static void makeLargest(APFloat &x, bool negative) {
    const FltSemantics &sem = *x.semantics;
    x.category = FltCategory::Normal;
    x.sign = negative;
    x.exponent = sem.maxExponent;
    U128 s = lowBits128(sem.precision);
    if (isNanOnlyAllOnes(sem) && sem.precision > 1)
      s &= ~U128(1);
    setSig(x, s);
  }

  static void makeSmallest(APFloat &x, bool negative) {
    x.category = FltCategory::Normal;
    x.sign = negative;
    x.exponent = x.semantics->minExponent;
    setSig(x, 1);
  }

  static void makeSmallestNormalized(APFloat &x, bool negative) {
    x.category = FltCategory::Normal;
    x.sign = negative;
    x.exponent = x.semantics->minExponent;
    setSig(x, U128(1) << (x.semantics->precision - 1));
  }

  static void makeQuiet(APFloat &x) {
    if (x.semantics->nonFiniteBehavior != NonFiniteBehavior::NanOnly)
      setSig(x, getSig(x) | (U128(1) << (x.semantics->precision - 2)));
  }

  //===------------------------------------------------------------------===//
  // Significand predicates
  //===------------------------------------------------------------------===//

  /// Every stored fraction bit (below the integer bit) is one.
  static bool isSignificandAllOnes(const APFloat &x) {
    unsigned p = precision(x);
    if (p <= 1)
      return false;
    U128 mask = lowBits128(p - 1);
    return (getSig(x) & mask) == mask;
  }
  /// Every fraction bit except the lowest is one, and the lowest is zero.
  static bool isSignificandAllOnesExceptLSB(const APFloat &x) {
    unsigned p = precision(x);
    U128 s = getSig(x);
    if (s & 1)
      return false;
    U128 mask = lowBits128(p - 1);
    return ((s | 1) & mask) == mask;
  }
  static bool isSignificandAllZeros(const APFloat &x) {
    unsigned p = precision(x);
    if (p <= 1)
      return true;
    return (getSig(x) & lowBits128(p - 1)) == 0;
  }
  static bool isSignificandAllZerosExceptMSB(const APFloat &x) {
    unsigned p = precision(x);
    if (p <= 1)
      return true;
    return getSig(x) == (U128(1) << (p - 1));
  }

  //===------------------------------------------------------------------===//
  // Rounding
  //===------------------------------------------------------------------===//

  static LostFraction shiftSignificandRight(APFloat &x, unsigned bits) {
    x.exponent += bits;
    U128 s = getSig(x);
    LostFraction lost = shiftRight128(s, bits);
    setSig(x, s);
    return lost;
  }

  static void shiftSignificandLeft(APFloat &x, unsigned bits) {
    if (!bits)
      return;
    setSig(x, getSig(x) << bits);
    x.exponent -= bits;
  }

  /// Overflow: infinity, NaN or the largest finite value depending on the
  /// rounding direction and what the format can encode.
  static OpStatus handleOverflow(APFloat &x, Rounding rm) {
    const FltSemantics &sem = *x.semantics;
    if (sem.nonFiniteBehavior != NonFiniteBehavior::FiniteOnly) {
      if (rm == Rounding::NearestTiesToEven ||
          rm == Rounding::NearestTiesToAway ||
          (rm == Rounding::TowardPositive && !x.sign) ||
          (rm == Rounding::TowardNegative && x.sign)) {
        if (sem.nonFiniteBehavior == NonFiniteBehavior::NanOnly)
          makeNaN(x, false, x.sign, nullptr);
        else
          makeInf(x, x.sign);
        return opOverflow | opInexact;
      }
    }
    x.category = FltCategory::Normal;
    x.exponent = sem.maxExponent;
    U128 s = lowBits128(sem.precision);
    if (isNanOnlyAllOnes(sem))
      s &= ~U128(1);
    setSig(x, s);
    return opInexact;
  }

  /// Whether truncating at bit `bit` with `lost` below it must round up in
  /// magnitude.
  static bool roundAwayFromZero(const APFloat &x, Rounding rm,
                                LostFraction lost, unsigned bit) {
    switch (rm) {
    case Rounding::NearestTiesToAway:
      return lost == lfExactlyHalf || lost == lfMoreThanHalf;
    case Rounding::NearestTiesToEven:
      if (lost == lfMoreThanHalf)
        return true;
      if (lost == lfExactlyHalf && x.category != FltCategory::Zero)
        return bit128(getSig(x), bit);
      return false;
    case Rounding::TowardZero:
      return false;
    case Rounding::TowardPositive:
      return !x.sign;
    case Rounding::TowardNegative:
      return x.sign;
    }
    return false;
  }

  /// Becomes zero after underflow (or the smallest normal without a zero).
  static void canonicalizeZero(APFloat &x) {
    x.category = FltCategory::Zero;
    if (x.semantics->nanEncoding == NanEncoding::NegativeZero)
      x.sign = false;
    if (!x.semantics->hasZero)
      makeSmallestNormalized(x, false);
  }

  /// Rounds the exact value (significand, exponent, lost fraction) to the
  /// format: normalises the significand, handles denormals and overflow.
  static OpStatus normalize(APFloat &x, Rounding rm, LostFraction lost) {
    if (x.category != FltCategory::Normal)
      return opOK;
    const FltSemantics &sem = *x.semantics;
    unsigned p = sem.precision;
    unsigned omsb = omsb128(getSig(x));

    if (omsb || lost != lfExactlyZero) {
      int64_t exponentChange = int64_t(omsb) - int64_t(p);
      if (int64_t(x.exponent) + exponentChange > sem.maxExponent)
        return handleOverflow(x, rm);
      if (int64_t(x.exponent) + exponentChange < sem.minExponent)
        exponentChange = int64_t(sem.minExponent) - x.exponent;
      if (exponentChange < 0) {
        assert(lost == lfExactlyZero && "left shift would lose a fraction");
        shiftSignificandLeft(x, unsigned(-exponentChange));
        return opOK;
      }
      if (exponentChange > 0) {
        unsigned shift =
            exponentChange > 1024 ? 1024 : unsigned(exponentChange);
        x.exponent = int32_t(int64_t(x.exponent) + exponentChange - shift);
        LostFraction shifted = shiftSignificandRight(x, shift);
        lost = combineLostFractions(shifted, lost);
        omsb = omsb > shift ? omsb - shift : 0;
      }
    }

    if (isNanOnlyAllOnes(sem) && x.exponent == sem.maxExponent &&
        isSignificandAllOnes(x))
      return handleOverflow(x, rm);

    if (lost == lfExactlyZero) {
      if (omsb == 0)
        canonicalizeZero(x);
      return opOK;
    }

    if (roundAwayFromZero(x, rm, lost, 0)) {
      if (omsb == 0)
        x.exponent = sem.minExponent;
      setSig(x, getSig(x) + 1);
      omsb = omsb128(getSig(x));
      if (omsb == p + 1) {
        // Carried into a new binade.
        if (x.exponent == sem.maxExponent)
          return handleOverflow(x, x.sign ? Rounding::TowardNegative
                                          : Rounding::TowardPositive);
        shiftSignificandRight(x, 1);
        return opInexact;
      }
      if (isNanOnlyAllOnes(sem) && x.exponent == sem.maxExponent &&
          isSignificandAllOnes(x))
        return handleOverflow(x, rm);
    }

    if (omsb == p)
      return opInexact;
    if (omsb == 0)
      canonicalizeZero(x);
    return opUnderflow | opInexact;
  }

  //===------------------------------------------------------------------===//
  // Addition and subtraction
  //===------------------------------------------------------------------===//

  static int categoryKey(FltCategory a, FltCategory b) {
    return int(a) * 4 + int(b);
  }
  static constexpr int key(FltCategory a, FltCategory b) {
    return int(a) * 4 + int(b);
  }
  static constexpr FltCategory kZero = FltCategory::Zero;
  static constexpr FltCategory kNormal = FltCategory::Normal;
  static constexpr FltCategory kInf = FltCategory::Infinity;
  static constexpr FltCategory kNaN = FltCategory::NaN;

  /// Result status when an operand is NaN: quiet the result, flag sNaNs.
  static OpStatus propagateNaN(APFloat &x, const APFloat &rhs) {
    if (x.isSignaling()) {
      makeQuiet(x);
      return opInvalidOp;
    }
    return rhs.isSignaling() ? opInvalidOp : opOK;
  }

  /// Handles non-normal operands; returns opDivByZero when both are normal.
  static OpStatus addOrSubtractSpecials(APFloat &x, const APFloat &rhs,
                                        bool subtract) {
    switch (categoryKey(x.category, rhs.category)) {
    case key(kZero, kNaN):
    case key(kNormal, kNaN):
    case key(kInf, kNaN):
      x = rhs;
      [[fallthrough]];
    case key(kNaN, kZero):
    case key(kNaN, kNormal):
    case key(kNaN, kInf):
    case key(kNaN, kNaN):
      return propagateNaN(x, rhs);
    case key(kNormal, kZero):
    case key(kInf, kNormal):
    case key(kInf, kZero):
      return opOK;
    case key(kNormal, kInf):
    case key(kZero, kInf):
      x.category = FltCategory::Infinity;
      x.sign = rhs.sign ^ subtract;
      return opOK;
    case key(kZero, kNormal):
      x = rhs;
      x.sign = rhs.sign ^ subtract;
      return opOK;
    case key(kZero, kZero):
      return opOK;
    case key(kInf, kInf):
      if ((x.sign ^ rhs.sign) != subtract) {
        makeNaN(x, false, false, nullptr);
        return opInvalidOp;
      }
      return opOK;
    default:
      return opDivByZero;
    }
  }

  static LostFraction addOrSubtractSignificand(APFloat &x, const APFloat &rhs,
                                               bool subtract) {
    LostFraction lost;
    subtract ^= (x.sign ^ rhs.sign);
    int64_t bits = int64_t(x.exponent) - rhs.exponent;
    auto clampShift = [](int64_t v) {
      return unsigned(std::min<int64_t>(v, 1024));
    };

    if (subtract) {
      APFloat temp = rhs;
      bool lostFromRhs = false;
      if (bits == 0) {
        lost = lfExactlyZero;
      } else if (bits > 0) {
        lost = shiftSignificandRight(temp, clampShift(bits - 1));
        temp.exponent = int32_t(rhs.exponent + bits - 1);
        lostFromRhs = true;
        shiftSignificandLeft(x, 1);
      } else {
        int32_t target = int32_t(x.exponent - bits - 1);
        lost = shiftSignificandRight(x, clampShift(-bits - 1));
        x.exponent = target;
        shiftSignificandLeft(temp, 1);
      }

      U128 a = getSig(x), b = getSig(temp);
      auto invert = [](LostFraction lf) {
        if (lf == lfLessThanHalf)
          return lfMoreThanHalf;
        if (lf == lfMoreThanHalf)
          return lfLessThanHalf;
        return lf;
      };
      if (a < b) {
        bool borrow = lost != lfExactlyZero && !lostFromRhs;
        if (borrow)
          lost = invert(lost);
        setSig(x, b - a - U128(borrow));
        x.sign = !x.sign;
      } else if (a > b) {
        bool borrow = lost != lfExactlyZero && lostFromRhs;
        if (borrow)
          lost = invert(lost);
        setSig(x, a - b - U128(borrow));
      } else {
        setSig(x, 0);
        if (lost != lfExactlyZero && lostFromRhs)
          x.sign = !x.sign;
      }
    } else {
      if (bits > 0) {
        APFloat temp = rhs;
        lost = shiftSignificandRight(temp, clampShift(bits));
        setSig(x, getSig(x) + getSig(temp));
      } else {
        int32_t target = int32_t(x.exponent - bits);
        lost = shiftSignificandRight(x, clampShift(-bits));
        x.exponent = target;
        setSig(x, getSig(x) + getSig(rhs));
      }
    }
    return lost;
  }

  static OpStatus addOrSubtract(APFloat &x, const APFloat &rhs, Rounding rm,
                                bool subtract) {
    assert(x.semantics == rhs.semantics && "mismatched semantics");
    OpStatus fs = addOrSubtractSpecials(x, rhs, subtract);
    if (fs == opDivByZero) {
      LostFraction lost = addOrSubtractSignificand(x, rhs, subtract);
      fs = normalize(x, rm, lost);
    }
    // An exact zero sum is +0 except when rounding down; like-signed zeros
    // keep their sign.
    if (x.category == FltCategory::Zero) {
      if (rhs.category != FltCategory::Zero || (x.sign == rhs.sign) == subtract)
        x.sign = rm == Rounding::TowardNegative;
      if (x.semantics->nanEncoding == NanEncoding::NegativeZero)
        x.sign = false;
    }
    return fs;
  }

  //===------------------------------------------------------------------===//
  // Multiplication and division
  //===------------------------------------------------------------------===//

  static OpStatus multiplySpecials(APFloat &x, const APFloat &rhs) {
    switch (categoryKey(x.category, rhs.category)) {
    case key(kZero, kNaN):
    case key(kNormal, kNaN):
    case key(kInf, kNaN):
      x = rhs;
      x.sign = false;
      [[fallthrough]];
    case key(kNaN, kZero):
    case key(kNaN, kNormal):
    case key(kNaN, kInf):
    case key(kNaN, kNaN):
      x.sign ^= rhs.sign;
      return propagateNaN(x, rhs);
    case key(kNormal, kInf):
    case key(kInf, kNormal):
    case key(kInf, kInf):
      x.category = FltCategory::Infinity;
      return opOK;
    case key(kZero, kNormal):
    case key(kNormal, kZero):
    case key(kZero, kZero):
      x.category = FltCategory::Zero;
      return opOK;
    case key(kZero, kInf):
    case key(kInf, kZero):
      makeNaN(x, false, false, nullptr);
      return opInvalidOp;
    default:
      return opOK;
    }
  }

  static OpStatus divideSpecials(APFloat &x, const APFloat &rhs) {
    switch (categoryKey(x.category, rhs.category)) {
    case key(kZero, kNaN):
    case key(kNormal, kNaN):
    case key(kInf, kNaN):
      x = rhs;
      x.sign = false;
      [[fallthrough]];
    case key(kNaN, kZero):
    case key(kNaN, kNormal):
    case key(kNaN, kInf):
    case key(kNaN, kNaN):
      x.sign ^= rhs.sign;
      return propagateNaN(x, rhs);
    case key(kInf, kZero):
    case key(kInf, kNormal):
    case key(kZero, kInf):
    case key(kZero, kNormal):
      return opOK;
    case key(kNormal, kInf):
      x.category = FltCategory::Zero;
      return opOK;
    case key(kNormal, kZero):
      if (x.semantics->nonFiniteBehavior == NonFiniteBehavior::NanOnly)
        makeNaN(x, false, x.sign, nullptr);
      else
        x.category = FltCategory::Infinity;
      return opDivByZero;
    case key(kInf, kInf):
    case key(kZero, kZero):
      makeNaN(x, false, false, nullptr);
      return opInvalidOp;
    default:
      return opOK;
    }
  }

  /// Multiplies the significands exactly and keeps the top `precision` bits.
  static LostFraction multiplySignificand(APFloat &x, const APFloat &rhs) {
    unsigned p = precision(x);
    uint64_t a[2] = {x.sig[0], x.sig[1]};
    uint64_t b[2] = {rhs.sig[0], rhs.sig[1]};
    uint64_t product[4];
    bignum::mulFull(product, a, 2, b, 2);
    x.exponent = x.exponent + rhs.exponent + 1 - int(p);

    unsigned omsb = bignum::activeBits(product, 4);
    LostFraction lost = lfExactlyZero;
    if (omsb > p) {
      unsigned bits = omsb - p;
      unsigned lsb = bignum::countTrailingZeros(product, 4);
      if (bits <= lsb)
        lost = lfExactlyZero;
      else if (bits == lsb + 1)
        lost = lfExactlyHalf;
      else if (bignum::getBit(product, bits - 1))
        lost = lfMoreThanHalf;
      else
        lost = lfLessThanHalf;
      bignum::lshr(product, 4, bits);
      x.exponent += bits;
    }
    x.sig[0] = product[0];
    x.sig[1] = product[1];
    return lost;
  }

  static LostFraction divideSignificand(APFloat &x, const APFloat &rhs) {
    unsigned p = precision(x);
    U128 dividend = getSig(x), divisor = getSig(rhs), quotient = 0;
    x.exponent -= rhs.exponent;

    unsigned bit = p - omsb128(divisor);
    if (bit) {
      x.exponent += bit;
      divisor <<= bit;
    }
    bit = p - omsb128(dividend);
    if (bit) {
      x.exponent -= bit;
      dividend <<= bit;
    }
    if (dividend < divisor) {
      x.exponent--;
      dividend <<= 1;
    }
    for (bit = p; bit; --bit) {
      if (dividend >= divisor) {
        dividend -= divisor;
        quotient |= U128(1) << (bit - 1);
      }
      dividend <<= 1;
    }
    setSig(x, quotient);

    if (dividend > divisor)
      return lfMoreThanHalf;
    if (dividend == divisor)
      return lfExactlyHalf;
    if (dividend == 0)
      return lfExactlyZero;
    return lfLessThanHalf;
  }

  //===------------------------------------------------------------------===//
  // Encoding
  //===------------------------------------------------------------------===//

  static void initFromBits(APFloat &x, const FltSemantics &sem, U128 bits) {
    x.semantics = &sem;
    if (&sem == &semX87DoubleExtended) {
      uint64_t mantissa = uint64_t(bits);
      uint64_t top = uint64_t(bits >> 64);
      uint64_t biased = top & 0x7fff;
      bool integerBit = mantissa >> 63;
      x.sign = (top >> 15) & 1;
      if (biased == 0 && mantissa == 0) {
        makeZero(x, x.sign);
      } else if (biased == 0x7fff && mantissa == 0x8000000000000000ULL) {
        makeInf(x, x.sign);
      } else if (biased == 0x7fff || (biased != 0 && !integerBit)) {
        // Pseudo-NaNs, pseudo-infinities and unnormals all read as NaN.
        x.category = FltCategory::NaN;
        x.exponent = exponentNaN(sem);
        setSig(x, mantissa);
      } else {
        x.category = FltCategory::Normal;
        x.exponent = biased == 0 ? -16382 : int(biased) - 16383;
        setSig(x, mantissa);
      }
      return;
    }

    if (&sem == &semFloat8E8M0FNU) {
      uint64_t biased = uint64_t(bits) & 0xff;
      x.sign = false;
      setSig(x, 1);
      if (biased == 0xff) {
        x.category = FltCategory::NaN;
        x.exponent = exponentNaN(sem);
        return;
      }
      x.category = FltCategory::Normal;
      x.exponent = int(biased) - 127;
      return;
    }

    unsigned trailing = sem.precision - 1;
    unsigned exponentBits = sem.sizeInBits - 1 - trailing;
    int bias = 1 - sem.minExponent;
    U128 fraction = bits & lowBits128(trailing);
    int64_t biased = int64_t((bits >> trailing) & lowBits128(exponentBits));
    x.sign = (bits >> (sem.sizeInBits - 1)) & 1;

    bool fractionZero = fraction == 0;
    bool isZeroPattern = biased == 0 && fractionZero;
    if (sem.nonFiniteBehavior == NonFiniteBehavior::IEEE754 &&
        biased - bias == exponentInf(sem) && fractionZero) {
      makeInf(x, x.sign);
      return;
    }
    bool isNaNPattern = false;
    switch (sem.nanEncoding) {
    case NanEncoding::IEEE:
      isNaNPattern = biased - bias == exponentNaN(sem) && !fractionZero;
      break;
    case NanEncoding::AllOnes:
      isNaNPattern =
          biased - bias == exponentNaN(sem) && fraction == lowBits128(trailing);
      break;
    case NanEncoding::NegativeZero:
      isNaNPattern = isZeroPattern && x.sign;
      break;
    }
    if (isNaNPattern) {
      x.category = FltCategory::NaN;
      x.exponent = exponentNaN(sem);
      setSig(x, fraction);
      return;
    }
    if (isZeroPattern) {
      makeZero(x, x.sign);
      return;
    }
    x.category = FltCategory::Normal;
    setSig(x, fraction);
    if (biased == 0) {
      x.exponent = sem.minExponent;
    } else {
      x.exponent = int(biased - bias);
      setSig(x, fraction | (U128(1) << trailing));
    }
  }

  static U128 toBits(const APFloat &x) {
    const FltSemantics &sem = *x.semantics;
    if (&sem == &semX87DoubleExtended) {
      uint64_t biased, mantissa;
      switch (x.category) {
      case FltCategory::Normal:
        biased = uint64_t(x.exponent + 16383);
        mantissa = x.sig[0];
        if (biased == 1 && !(mantissa >> 63))
          biased = 0; // denormal
        break;
      case FltCategory::Zero:
        biased = 0;
        mantissa = 0;
        break;
      case FltCategory::Infinity:
        biased = 0x7fff;
        mantissa = 0x8000000000000000ULL;
        break;
      case FltCategory::NaN:
      default:
        biased = 0x7fff;
        mantissa = x.sig[0];
        break;
      }
      uint64_t top = (uint64_t(x.sign) << 15) | (biased & 0x7fff);
      return (U128(top) << 64) | mantissa;
    }

    bool isE8M0 = &sem == &semFloat8E8M0FNU;
    unsigned trailing = sem.precision - 1;
    unsigned exponentBits =
        trailing ? sem.sizeInBits - 1 - trailing : sem.sizeInBits;
    int bias = isE8M0 ? -sem.minExponent : 1 - sem.minExponent;
    U128 fractionMask = lowBits128(trailing);
    int64_t biased = 0;
    U128 fraction = 0;
    switch (x.category) {
    case FltCategory::Normal:
      biased = int64_t(x.exponent) + bias;
      fraction = getSig(x);
      if (biased == 1 && !bit128(fraction, trailing))
        biased = 0; // denormal
      break;
    case FltCategory::Zero:
      biased = exponentZero(sem) + bias;
      break;
    case FltCategory::Infinity:
      // Formats without infinity have no encoding; the reference prints the
      // sign bit alone.
      if (sem.nonFiniteBehavior == NonFiniteBehavior::IEEE754)
        biased = exponentInf(sem) + bias;
      break;
    case FltCategory::NaN:
      if (sem.nonFiniteBehavior != NonFiniteBehavior::FiniteOnly) {
        biased = exponentNaN(sem) + bias;
        fraction = getSig(x);
      }
      break;
    }
    U128 result = fraction & fractionMask;
    result |= U128(uint64_t(biased) & uint64_t(lowBits128(exponentBits)))
              << trailing;
    result |= U128(x.sign) << (sem.sizeInBits - 1);
    return result;
  }

  //===------------------------------------------------------------------===//
  // Integer conversion
  //===------------------------------------------------------------------===//

  /// Sets the value from a magnitude given as a big integer times 2^e2, with
  /// `lessLost` describing any fraction below it, and rounds.
  static OpStatus setFromBig(APFloat &x, const BigUInt &m, int64_t e2,
                             LostFraction lessLost, Rounding rm) {
    unsigned p = precision(x);
    x.category = FltCategory::Normal;
    unsigned omsb = m.bits();
    LostFraction lost = lessLost;
    int64_t exponent;
    if (omsb > p) {
      unsigned truncated = omsb - p;
      lost = combineLostFractions(lostFractionThroughTruncation(m, truncated),
                                  lessLost);
      setSig(x, m.extractBits(truncated, p));
      exponent = e2 + omsb - 1;
    } else {
      setSig(x, m.low128());
      exponent = e2 + p - 1;
    }
    // Clamp absurd exponents; normalize() then over- or underflows.
    exponent = std::clamp<int64_t>(exponent, INT_MIN / 4, INT_MAX / 4);
    x.exponent = int32_t(exponent);
    return normalize(x, rm, lost);
  }

  static OpStatus convertFromUnsigned(APFloat &x, const APInt &magnitude,
                                      Rounding rm) {
    unsigned p = precision(x);
    unsigned omsb = magnitude.getActiveBits();
    x.category = FltCategory::Normal;
    LostFraction lost = lfExactlyZero;
    if (p <= omsb) {
      x.exponent = int32_t(omsb - 1);
      unsigned truncated = omsb - p;
      unsigned lsb = magnitude.countTrailingZeros();
      if (truncated <= lsb)
        lost = lfExactlyZero;
      else if (truncated == lsb + 1)
        lost = lfExactlyHalf;
      else if (magnitude.getBit(truncated - 1))
        lost = lfMoreThanHalf;
      else
        lost = lfLessThanHalf;
      APInt top = magnitude.lshr(truncated);
      const uint64_t *w = top.getRawData();
      U128 s = w[0];
      if (top.getNumWords() > 1)
        s |= U128(w[1]) << 64;
      setSig(x, s & lowBits128(p));
    } else {
      x.exponent = int32_t(p - 1);
      const uint64_t *w = magnitude.getRawData();
      U128 s = w[0];
      if (magnitude.getNumWords() > 1)
        s |= U128(w[1]) << 64;
      setSig(x, s);
    }
    return normalize(x, rm, lost);
  }

  //===------------------------------------------------------------------===//
  // Text input
  //===------------------------------------------------------------------===//

  static unsigned hexDigitValue(char c) {
    if (c >= '0' && c <= '9')
      return c - '0';
    if (c >= 'a' && c <= 'f')
      return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
      return c - 'A' + 10;
    return UINT_MAX;
  }
  static unsigned decDigitValue(char c) { return unsigned(c) - '0'; }

  /// Skips leading zeros and at most one '.'; nullptr on a lone ".".
  static const char *skipLeadingZeroesAndAnyDot(const char *begin,
                                                const char *end,
                                                const char **dot) {
    const char *p = begin;
    *dot = end;
    while (p != end && *p == '0')
      ++p;
    if (p != end && *p == '.') {
      *dot = p++;
      if (end - begin == 1)
        return nullptr;
      while (p != end && *p == '0')
        ++p;
    }
    return p;
  }

  /// Decimal exponent text "[+-]ddd"; empty means 0; capped at 24000.
  static std::optional<int> readExponent(const char *p, const char *end) {
    const unsigned overlarge = 24000;
    if (p == end || ((*p == '-' || *p == '+') && p + 1 == end))
      return 0;
    bool negative = *p == '-';
    if (*p == '-' || *p == '+')
      ++p;
    unsigned value = decDigitValue(*p++);
    if (value >= 10)
      return std::nullopt;
    for (; p != end; ++p) {
      unsigned d = decDigitValue(*p);
      if (d >= 10)
        return std::nullopt;
      value = value * 10 + d;
      if (value >= overlarge) {
        value = overlarge;
        break;
      }
    }
    return negative ? -int(value) : int(value);
  }

  /// Binary exponent text of a hex float plus an adjustment; saturates.
  static std::optional<int> totalExponent(const char *p, const char *end,
                                          int adjustment) {
    if (p == end)
      return std::nullopt;
    bool negative = *p == '-';
    if (*p == '-' || *p == '+') {
      ++p;
      if (p == end)
        return std::nullopt;
    }
    int unsignedExponent = 0;
    bool overflow = false;
    for (; p != end; ++p) {
      unsigned d = decDigitValue(*p);
      if (d >= 10)
        return std::nullopt;
      unsignedExponent = unsignedExponent * 10 + int(d);
      if (unsignedExponent > 32767) {
        overflow = true;
        break;
      }
    }
    if (adjustment > 32767 || adjustment < -32768)
      overflow = true;
    int exponent = 0;
    if (!overflow) {
      exponent = negative ? -unsignedExponent : unsignedExponent;
      exponent += adjustment;
      if (exponent > 32767 || exponent < -32768)
        overflow = true;
    }
    if (overflow)
      exponent = negative ? -32768 : 32767;
    return exponent;
  }

  static std::optional<OpStatus> parseHex(APFloat &x, const char *begin,
                                          const char *end, Rounding rm) {
    x.category = FltCategory::Normal;
    x.exponent = 0;
    U128 s = 0;
    unsigned partsBits = referencePartCount(*x.semantics) * 64;
    unsigned bitPos = partsBits;
    bool computedTrailingFraction = false;
    LostFraction lost = lfExactlyZero;

    const char *dot;
    const char *p = skipLeadingZeroesAndAnyDot(begin, end, &dot);
    if (!p)
      return std::nullopt;
    const char *firstSignificantDigit = p;

    while (p != end) {
      if (*p == '.') {
        if (dot != end)
          return std::nullopt;
        dot = p++;
        continue;
      }
      unsigned value = hexDigitValue(*p);
      if (value == UINT_MAX)
        break;
      ++p;
      if (bitPos) {
        bitPos -= 4;
        s |= U128(value) << bitPos;
      } else if (!computedTrailingFraction) {
        // Classify everything after the stored digits.
        if (value > 8) {
          lost = lfMoreThanHalf;
        } else if (value < 8 && value > 0) {
          lost = lfLessThanHalf;
        } else {
          const char *q = p;
          while (q != end && (*q == '0' || *q == '.'))
            ++q;
          if (q == end)
            return std::nullopt;
          bool rest = hexDigitValue(*q) != UINT_MAX;
          if (!rest)
            lost = value == 0 ? lfExactlyZero : lfExactlyHalf;
          else
            lost = value == 0 ? lfLessThanHalf : lfMoreThanHalf;
        }
        computedTrailingFraction = true;
      }
    }

    if (p == end || (*p != 'p' && *p != 'P'))
      return std::nullopt;
    if (p == begin)
      return std::nullopt;
    if (dot != end && p - begin == 1)
      return std::nullopt;

    if (p != firstSignificantDigit) {
      if (dot == end)
        dot = p;
      int adjustment = int(dot - firstSignificantDigit);
      if (adjustment < 0)
        adjustment++;
      adjustment = adjustment * 4 - 1;
      adjustment += int(precision(x));
      adjustment -= int(partsBits);
      std::optional<int> exp = totalExponent(p + 1, end, adjustment);
      if (!exp)
        return std::nullopt;
      x.exponent = *exp;
    }
    setSig(x, s);
    return normalize(x, rm, lost);
  }

  struct DecimalInfo {
    const char *firstSigDigit;
    const char *lastSigDigit;
    int exponent;
    int normalizedExponent;
  };

  static bool interpretDecimal(const char *begin, const char *end,
                               DecimalInfo &d) {
    const char *dot;
    const char *p = skipLeadingZeroesAndAnyDot(begin, end, &dot);
    if (!p)
      return false;
    d.firstSigDigit = p;
    d.exponent = 0;
    d.normalizedExponent = 0;

    for (; p != end; ++p) {
      if (*p == '.') {
        if (dot != end)
          return false;
        dot = p++;
        if (p == end)
          break;
      }
      if (decDigitValue(*p) >= 10)
        break;
    }

    if (p != end) {
      if (*p != 'e' && *p != 'E')
        return false;
      if (p == begin)
        return false;
      if (dot != end && p - begin == 1)
        return false;
      std::optional<int> exp = readExponent(p + 1, end);
      if (!exp)
        return false;
      d.exponent = *exp;
      if (dot == end)
        dot = p;
    }

    if (p != d.firstSigDigit) {
      // Drop insignificant trailing zeros (and a trailing dot).
      if (p != begin) {
        do {
          do
            --p;
          while (p != begin && *p == '0');
        } while (p != begin && *p == '.');
      }
      d.exponent += int((dot - p) - (dot > p));
      d.normalizedExponent =
          d.exponent +
          int((p - d.firstSigDigit) - (dot > d.firstSigDigit && dot < p));
    }
    d.lastSigDigit = p;
    return true;
  }

  static std::optional<OpStatus> parseDecimal(APFloat &x, const char *begin,
                                              const char *end, Rounding rm) {
    DecimalInfo d;
    if (!interpretDecimal(begin, end, d))
      return std::nullopt;
    const FltSemantics &sem = *x.semantics;

    if (d.firstSigDigit == end || decDigitValue(*d.firstSigDigit) >= 10) {
      x.category = FltCategory::Zero;
      if (sem.nanEncoding == NanEncoding::NegativeZero)
        x.sign = false;
      if (!sem.hasZero)
        makeSmallestNormalized(x, false);
      return opOK;
    }
    // Quick over- and underflow checks on the decimal exponent, using
    // 42039/12655 < log2(10) < 28738/8651.
    if (d.normalizedExponent - 1 > INT_MAX / 42039)
      return handleOverflow(x, rm);
    if (d.normalizedExponent - 1 < INT_MIN / 42039 ||
        (d.normalizedExponent + 1) * 28738 <=
            8651 * (sem.minExponent - int(sem.precision))) {
      x.category = FltCategory::Normal;
      x.exponent = exponentZero(sem);
      setSig(x, 0);
      return normalize(x, rm, lfLessThanHalf);
    }
    if ((d.normalizedExponent - 1) * 42039 >= 12655 * sem.maxExponent)
      return handleOverflow(x, rm);

    // Exact conversion: the digits form an integer D, the value is D*10^E.
    BigUInt digits;
    const char *p = begin;
    while (p <= d.lastSigDigit) {
      uint64_t chunk = 0, multiplier = 1;
      unsigned len = 0;
      while (p <= d.lastSigDigit && len < 19) {
        if (*p == '.') {
          ++p;
          continue;
        }
        unsigned digit = decDigitValue(*p++);
        if (digit >= 10)
          return std::nullopt;
        chunk = chunk * 10 + digit;
        multiplier *= 10;
        ++len;
      }
      if (len)
        digits.mulWord(multiplier, chunk);
    }

    int decExponent = d.exponent;
    if (decExponent >= 0) {
      digits.mulPow5(unsigned(decExponent));
      return setFromBig(x, digits, decExponent, lfExactlyZero, rm);
    }
    // D / 10^k = (D * 2^s / 5^k) * 2^-(s+k), with s large enough that the
    // quotient has more bits than the format's precision.
    unsigned k = unsigned(-decExponent);
    BigUInt pow5;
    pow5.assign(1);
    pow5.mulPow5(k);
    int64_t shift = int64_t(sem.precision) + 2 + pow5.bits() - digits.bits();
    if (shift < 0)
      shift = 0;
    digits.shl(uint64_t(shift));
    BigUInt quotient, rem;
    BigUInt::divMod(digits, pow5, quotient, &rem);
    LostFraction lessLost = lfExactlyZero;
    if (!rem.isZero()) {
      rem.shl(1);
      int c = rem.compare(pow5);
      lessLost =
          c < 0 ? lfLessThanHalf : (c == 0 ? lfExactlyHalf : lfMoreThanHalf);
    }
    return setFromBig(x, quotient, -shift - int64_t(k), lessLost, rm);
  }

  /// "inf", "nan(0x12)", ... Returns true if `str` was one of them.
  static bool parseSpecials(APFloat &x, std::string_view str) {
    if (str.size() < 3)
      return false;
    if (str == "inf" || str == "INFINITY" || str == "+Inf") {
      makeInf(x, false);
      return true;
    }
    bool negative = str.front() == '-';
    if (negative) {
      str.remove_prefix(1);
      if (str.size() < 3)
        return false;
      if (str == "inf" || str == "INFINITY" || str == "Inf") {
        makeInf(x, true);
        return true;
      }
    }
    bool signaling = str.front() == 's' || str.front() == 'S';
    if (signaling) {
      str.remove_prefix(1);
      if (str.size() < 3)
        return false;
    }
    if (str.starts_with("nan") || str.starts_with("NaN")) {
      str.remove_prefix(3);
      if (str.empty()) {
        makeNaN(x, signaling, negative, nullptr);
        return true;
      }
      if (str.front() == '(') {
        if (str.size() <= 2 || str.back() != ')')
          return false;
        str = str.substr(1, str.size() - 2);
      }
      unsigned radix = 10;
      if (str[0] == '0') {
        if (str.size() > 1 && (str[1] == 'x' || str[1] == 'X')) {
          str.remove_prefix(2);
          radix = 16;
        } else {
          radix = 8;
        }
      }
      std::optional<APInt> payload = APInt::fromString(str, radix);
      if (payload) {
        makeNaN(x, signaling, negative, &*payload);
        return true;
      }
    }
    return false;
  }

  static std::optional<OpStatus>
  convertFromString(APFloat &x, std::string_view str, Rounding rm) {
    if (str.empty())
      return std::nullopt;
    if (parseSpecials(x, str))
      return opOK;
    const char *p = str.data(), *end = str.data() + str.size();
    x.sign = *p == '-';
    if (*p == '-' || *p == '+') {
      ++p;
      if (p == end)
        return std::nullopt;
    }
    if (end - p >= 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
      if (end - p == 2)
        return std::nullopt;
      return parseHex(x, p + 2, end, rm);
    }
    return parseDecimal(x, p, end, rm);
  }

  //===------------------------------------------------------------------===//
  // Text output
  //===------------------------------------------------------------------===//

  /// A character buffer that stays on the stack for the usual sizes.
  class CharBuffer {
  public:
    explicit CharBuffer(size_t capacity) {
      if (capacity > sizeof(inlineChars)) {
        heap.reset(new char[capacity]);
        chars = heap.get();
      } else {
        chars = inlineChars;
      }
    }
    char *data() { return chars; }

  private:
    char inlineChars[128];
    std::unique_ptr<char[]> heap;
    char *chars;
  };

  /// Drops low decimal digits of digits[first..last) (least significant
  /// first) down to `formatPrecision` digits, rounding half up on the dropped
  /// digits and then dropping any new trailing zeros.
  static void adjustDigitsToPrecision(char *digits, unsigned &first,
                                      unsigned last, int &exp,
                                      unsigned formatPrecision) {
    unsigned n = last - first;
    if (n <= formatPrecision)
      return;
    unsigned firstSignificant = first + n - formatPrecision;
    if (digits[firstSignificant - 1] < '5') {
      while (firstSignificant < last && digits[firstSignificant] == '0')
        ++firstSignificant;
      exp += int(firstSignificant - first);
      first = firstSignificant;
      return;
    }
    for (unsigned i = firstSignificant; i != last; ++i) {
      if (digits[i] == '9') {
        ++firstSignificant;
      } else {
        ++digits[i];
        break;
      }
    }
    exp += int(firstSignificant - first);
    if (firstSignificant == last) {
      // Carried out of every digit: the result is a single 1.
      first = last - 1;
      digits[first] = '1';
      return;
    }
    first = firstSignificant;
  }

  static void toStringNormal(const APFloat &x, std::string &out,
                             unsigned formatPrecision,
                             unsigned formatMaxPadding, bool truncateZero) {
    unsigned semPrecision = precision(x);
    if (!formatPrecision)
      formatPrecision = 2 + semPrecision * 59 / 196;

    // The value is sig * 2^exp; drop trailing binary zeros first.
    U128 s = getSig(x);
    int exp = x.exponent - int(semPrecision - 1);
    unsigned trailingZeros = ctz128(s);
    exp += int(trailingZeros);
    s >>= trailingZeros;

    // Rewrite as m * 10^exp with an integer m.
    BigUInt m;
    m.assign(s);
    if (exp > 0) {
      m.shl(unsigned(exp));
      exp = 0;
    } else if (exp < 0) {
      m.mulPow5(unsigned(-exp));
    }

    // Drop decimal digits well beyond the requested precision by truncating
    // division (196/59 slightly overestimates log2(10)).
    unsigned bits = m.bits();
    unsigned bitsRequired = (formatPrecision * 196 + 58) / 59;
    if (bits > bitsRequired) {
      unsigned tensRemovable = (bits - bitsRequired) * 59 / 196;
      if (tensRemovable) {
        exp += int(tensRemovable);
        // floor(m / 10^t) == floor(floor(m / 2^t) / 5^t).
        m.shr(tensRemovable);
        BigUInt pow5, quotient;
        pow5.assign(1);
        pow5.mulPow5(tensRemovable);
        BigUInt::divMod(m, pow5, quotient, nullptr);
        m.assign(quotient);
      }
    }

    // Decimal digits, least significant first, without trailing zeros.
    unsigned maxDigits = m.bits() * 59 / 196 + 20;
    CharBuffer digitStore(maxDigits);
    char *digits = digitStore.data();
    unsigned numStored = 0;
    bool inTrail = true;
    auto pushDigit = [&](unsigned digit) {
      if (inTrail && digit == 0) {
        ++exp;
      } else {
        digits[numStored++] = char('0' + digit);
        inTrail = false;
      }
    };
    constexpr uint64_t kTen19 = 10000000000000000000ULL;
    while (m.size() > 1) {
      uint64_t chunk = m.divWord(kTen19);
      for (unsigned i = 0; i < 19; ++i) {
        pushDigit(unsigned(chunk % 10));
        chunk /= 10;
      }
    }
    uint64_t last = m.size() ? m.data()[0] : 0;
    while (last) {
      pushDigit(unsigned(last % 10));
      last /= 10;
    }
    assert(numStored && "no digits");

    unsigned first = 0;
    adjustDigitsToPrecision(digits, first, numStored, exp, formatPrecision);
    const char *buffer = digits + first;
    unsigned numDigits = numStored - first;

    bool scientific;
    if (!formatMaxPadding) {
      scientific = true;
    } else if (exp >= 0) {
      scientific = unsigned(exp) > formatMaxPadding ||
                   numDigits + unsigned(exp) > formatPrecision;
    } else {
      int msd = exp + int(numDigits - 1);
      if (msd >= 0)
        scientific = false;
      else
        scientific = unsigned(-msd) > formatMaxPadding;
    }

    // Assemble the text in a local buffer and append it once.
    size_t bound = numDigits + formatPrecision + formatMaxPadding + 32;
    CharBuffer textStore(bound);
    char *text = textStore.data();
    size_t len = 0;
    if (x.sign)
      text[len++] = '-';

    if (scientific) {
      exp += int(numDigits - 1);
      text[len++] = buffer[numDigits - 1];
      text[len++] = '.';
      if (numDigits == 1 && truncateZero)
        text[len++] = '0';
      else
        for (unsigned i = 1; i != numDigits; ++i)
          text[len++] = buffer[numDigits - 1 - i];
      if (!truncateZero && formatPrecision > numDigits - 1) {
        unsigned pad = formatPrecision - numDigits + 1;
        std::memset(text + len, '0', pad);
        len += pad;
      }
      text[len++] = truncateZero ? 'E' : 'e';
      text[len++] = exp >= 0 ? '+' : '-';
      unsigned absExp = exp < 0 ? unsigned(-exp) : unsigned(exp);
      char expBuf[12];
      unsigned expLen = 0;
      do {
        expBuf[expLen++] = char('0' + absExp % 10);
        absExp /= 10;
      } while (absExp);
      if (!truncateZero && expLen < 2)
        expBuf[expLen++] = '0';
      while (expLen)
        text[len++] = expBuf[--expLen];
    } else if (exp >= 0) {
      for (unsigned i = 0; i != numDigits; ++i)
        text[len++] = buffer[numDigits - 1 - i];
      std::memset(text + len, '0', unsigned(exp));
      len += unsigned(exp);
    } else {
      int wholeDigits = exp + int(numDigits);
      unsigned i = 0;
      if (wholeDigits > 0) {
        for (; i != unsigned(wholeDigits); ++i)
          text[len++] = buffer[numDigits - i - 1];
        text[len++] = '.';
      } else {
        text[len++] = '0';
        text[len++] = '.';
        std::memset(text + len, '0', unsigned(-wholeDigits));
        len += unsigned(-wholeDigits);
      }
      for (; i != numDigits; ++i)
        text[len++] = buffer[numDigits - i - 1];
    }
    out.append(text, len);
  }
};
} // namespace lamina

using Impl = APFloatImpl;

//===----------------------------------------------------------------------===//
// Construction
//===----------------------------------------------------------------------===//

APFloat::APFloat(const FltSemantics &sem)
    : semantics(&sem), exponent(0), category(FltCategory::Zero),
      sign(false), sig{0, 0} {
  Impl::makeZero(*this, false);
}

APFloat::APFloat(double d) : APFloat(semIEEEdouble) {
  uint64_t bits;
  std::memcpy(&bits, &d, sizeof(bits));
  Impl::initFromBits(*this, semIEEEdouble, bits);
}

APFloat::APFloat(float f) : APFloat(semIEEEsingle) {
  uint32_t bits;
  std::memcpy(&bits, &f, sizeof(bits));
  Impl::initFromBits(*this, semIEEEsingle, bits);
}

APFloat::APFloat(const FltSemantics &sem, std::string_view text)
    : APFloat(sem) {
  [[maybe_unused]] std::optional<OpStatus> status =
      Impl::convertFromString(*this, text, RoundingMode::NearestTiesToEven);
  assert(status && "invalid floating point text");
}

std::optional<APFloat> APFloat::parse(const FltSemantics &sem,
                                      std::string_view text, RoundingMode rm,
                                      OpStatus *status) {
  // Fast path: the host library rounds decimal text correctly for the host
  // formats; defer anything unusual (hex, specials, range errors) below.
  if (!status && rm == RoundingMode::NearestTiesToEven &&
      (&sem == &semIEEEdouble || &sem == &semIEEEsingle) && !text.empty()) {
    const char *p = text.data(), *end = p + text.size();
    bool negative = *p == '-';
    if (*p == '-' || *p == '+')
      ++p;
    if (p != end && ((*p >= '0' && *p <= '9') || *p == '.') &&
        !(end - p >= 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))) {
      if (&sem == &semIEEEdouble) {
        double value;
        std::from_chars_result r =
            std::from_chars(p, end, value, std::chars_format::general);
        if (r.ec == std::errc() && r.ptr == end)
          return APFloat(negative ? -value : value);
      } else {
        float value;
        std::from_chars_result r =
            std::from_chars(p, end, value, std::chars_format::general);
        if (r.ec == std::errc() && r.ptr == end)
          return APFloat(negative ? -value : value);
      }
    }
  }

  APFloat result(sem);
  std::optional<OpStatus> st = Impl::convertFromString(result, text, rm);
  if (!st)
    return std::nullopt;
  if (status)
    *status = *st;
  return result;
}

APFloat APFloat::fromBits(const FltSemantics &sem, const APInt &bits) {
  assert(bits.getBitWidth() == sem.sizeInBits && "bit width mismatch");
  const uint64_t *w = bits.getRawData();
  U128 v = w[0];
  if (bits.getNumWords() > 1)
    v |= U128(w[1]) << 64;
  APFloat result(sem);
  Impl::initFromBits(result, sem, v);
  return result;
}

APInt APFloat::bitcastToAPInt() const {
  U128 v = Impl::toBits(*this);
  unsigned width = semantics->sizeInBits;
  if (width <= 64)
    return APInt(width, uint64_t(v));
  uint64_t words[2] = {uint64_t(v), uint64_t(v >> 64)};
  return APInt(width, words);
}

APFloat APFloat::getZero(const FltSemantics &sem, bool negative) {
  APFloat x(sem);
  Impl::makeZero(x, negative);
  return x;
}

APFloat APFloat::getInf(const FltSemantics &sem, bool negative) {
  APFloat x(sem);
  Impl::makeInf(x, negative);
  return x;
}

APFloat APFloat::getNaN(const FltSemantics &sem, bool negative,
                        uint64_t payload) {
  if (payload) {
    APInt fill(64, payload);
    return getQNaN(sem, negative, &fill);
  }
  return getQNaN(sem, negative, nullptr);
}

APFloat APFloat::getQNaN(const FltSemantics &sem, bool negative,
                         const APInt *payload) {
  APFloat x(sem);
  Impl::makeNaN(x, false, negative, payload);
  return x;
}

APFloat APFloat::getSNaN(const FltSemantics &sem, bool negative,
                         const APInt *payload) {
  APFloat x(sem);
  Impl::makeNaN(x, true, negative, payload);
  return x;
}

APFloat APFloat::getLargest(const FltSemantics &sem, bool negative) {
  APFloat x(sem);
  Impl::makeLargest(x, negative);
  return x;
}

APFloat APFloat::getSmallest(const FltSemantics &sem, bool negative) {
  APFloat x(sem);
  Impl::makeSmallest(x, negative);
  return x;
}

APFloat APFloat::getSmallestNormalized(const FltSemantics &sem, bool negative) {
  APFloat x(sem);
  Impl::makeSmallestNormalized(x, negative);
  return x;
}

APFloat APFloat::getAllOnesValue(const FltSemantics &sem) {
  return fromBits(sem, APInt::getAllOnes(sem.sizeInBits));
}

//===----------------------------------------------------------------------===//
// Conversion
//===----------------------------------------------------------------------===//

OpStatus APFloat::convert(const FltSemantics &to, RoundingMode rm,
                          bool *losesInfo) {
  bool ignored;
  if (!losesInfo)
    losesInfo = &ignored;
  if (&to == semantics) {
    *losesInfo = false;
    return opOK;
  }
  const FltSemantics &from = *semantics;
  LostFraction lost = lfExactlyZero;
  int shift = int(to.precision) - int(from.precision);
  bool wasSignaling = isSignaling();
  U128 s = Impl::getSig(*this);

  // x87 NaNs without the integer bit, or signalling ones, have no
  // equivalent elsewhere.
  bool x86SpecialNaN = &from == &semX87DoubleExtended &&
                       &to != &semX87DoubleExtended && isNaN() &&
                       (!(sig[0] >> 63) || !((sig[0] >> 62) & 1));

  // When narrowing a denormal, adjust the exponent rather than shifting out
  // bits that the target's wider exponent range could keep.
  if (shift < 0 && isFiniteNonZero()) {
    int omsb = int(omsb128(s));
    int exponentChange = omsb - int(from.precision);
    if (exponent + exponentChange < to.minExponent)
      exponentChange = to.minExponent - exponent;
    if (exponentChange < shift)
      exponentChange = shift;
    if (exponentChange < 0) {
      shift -= exponentChange;
      exponent += exponentChange;
    } else if (omsb <= -shift) {
      exponentChange = omsb + shift - 1; // keep at least one bit
      shift -= exponentChange;
      exponent += exponentChange;
    }
  }

  if (shift < 0 &&
      (isFiniteNonZero() ||
       (isNaN() && from.nonFiniteBehavior != NonFiniteBehavior::NanOnly)))
    lost = shiftRight128(s, unsigned(-shift));

  // The reference keeps only one word when narrowing to a one-word format.
  if (referencePartCount(to) == 1 && referencePartCount(from) != 1)
    s = uint64_t(s);
  semantics = &to;
  if (shift > 0 && (isFiniteNonZero() || isNaN()))
    s <<= shift;
  Impl::setSig(*this, s);

  OpStatus fs;
  if (isFiniteNonZero()) {
    fs = Impl::normalize(*this, rm, lost);
    *losesInfo = fs != opOK;
  } else if (isNaN()) {
    if (to.nonFiniteBehavior == NonFiniteBehavior::NanOnly) {
      *losesInfo = from.nonFiniteBehavior != NonFiniteBehavior::NanOnly;
      Impl::makeNaN(*this, false, sign, nullptr);
      return wasSignaling ? opInvalidOp : opOK;
    }
    // A negative-zero NaN would otherwise read as -0 with a NaN exponent.
    if (from.nanEncoding == NanEncoding::NegativeZero &&
        to.nanEncoding != NanEncoding::NegativeZero)
      Impl::makeNaN(*this, false, false, nullptr);
    *losesInfo = lost != lfExactlyZero || x86SpecialNaN;
    if (!x86SpecialNaN && &to == &semX87DoubleExtended)
      Impl::setSig(*this, Impl::getSig(*this) | (U128(1) << 63));
    exponent = exponentNaN(to);
    if (wasSignaling) {
      Impl::makeQuiet(*this);
      fs = opInvalidOp;
    } else {
      fs = opOK;
    }
  } else if (isInfinity() &&
             to.nonFiniteBehavior == NonFiniteBehavior::NanOnly) {
    Impl::makeNaN(*this, false, sign, nullptr);
    *losesInfo = true;
    fs = opInexact;
  } else if (isZero() && to.nanEncoding == NanEncoding::NegativeZero) {
    *losesInfo = from.nanEncoding != NanEncoding::NegativeZero && sign;
    fs = *losesInfo ? opInexact : opOK;
    sign = false;
  } else {
    *losesInfo = false;
    fs = opOK;
  }
  if (isInfinity())
    exponent = exponentInf(to);
  if (isZero()) {
    exponent = exponentZero(to);
    if (!to.hasZero)
      Impl::makeSmallestNormalized(*this, false);
  }
  return fs;
}

OpStatus APFloat::convertFromAPInt(const APInt &value, bool isSigned,
                                   RoundingMode rm) {
  sign = false;
  if (isSigned && value.isNegative()) {
    sign = true;
    return Impl::convertFromUnsigned(*this, -value, rm);
  }
  return Impl::convertFromUnsigned(*this, value, rm);
}

OpStatus APFloat::convertToInteger(APInt &result, bool isSigned,
                                   RoundingMode rm, bool *isExact) const {
  unsigned width = result.getBitWidth();
  bool ignored;
  if (!isExact)
    isExact = &ignored;
  *isExact = false;

  auto saturate = [&]() {
    if (isNaN())
      result = APInt::getZero(width);
    else if (sign)
      result = isSigned ? APInt::getSignedMinValue(width) : APInt(width, 0);
    else
      result =
          isSigned ? APInt::getSignedMaxValue(width) : APInt::getAllOnes(width);
    return opInvalidOp;
  };

  if (isInfinity() || isNaN())
    return saturate();
  if (isZero()) {
    result = APInt::getZero(width);
    *isExact = !sign;
    return opOK;
  }

  unsigned p = semantics->precision;
  U128 s = Impl::getSig(*this);
  unsigned workWidth = std::max(width, 128u) + 1;
  APInt magnitude(workWidth, 0);
  unsigned truncatedBits;
  if (exponent < 0) {
    truncatedBits = unsigned(int(p) - 1 - exponent);
  } else {
    unsigned bits = unsigned(exponent) + 1;
    if (bits > width)
      return saturate();
    uint64_t words[2];
    if (bits < p) {
      truncatedBits = p - bits;
      U128 top = s >> truncatedBits;
      words[0] = uint64_t(top);
      words[1] = uint64_t(top >> 64);
      magnitude = APInt(workWidth, words);
    } else {
      words[0] = uint64_t(s);
      words[1] = uint64_t(s >> 64);
      magnitude = APInt(workWidth, words);
      magnitude <<= bits - p;
      truncatedBits = 0;
    }
  }

  LostFraction lost = lfExactlyZero;
  if (truncatedBits) {
    lost = lostFractionThroughTruncation(s, truncatedBits);
    if (lost != lfExactlyZero &&
        Impl::roundAwayFromZero(*this, rm, lost, truncatedBits))
      magnitude += uint64_t(1);
  }

  unsigned omsb = magnitude.getActiveBits();
  if (sign) {
    if (!isSigned) {
      if (omsb != 0)
        return saturate();
    } else {
      if (omsb == width && magnitude.countTrailingZeros() + 1 != omsb)
        return saturate();
      if (omsb > width)
        return saturate();
    }
    magnitude.negate();
  } else if (omsb >= width + !isSigned) {
    return saturate();
  }
  result = magnitude.trunc(width);
  if (lost == lfExactlyZero) {
    *isExact = true;
    return opOK;
  }
  return opInexact;
}

double APFloat::convertToDouble() const {
  APFloat temp = *this;
  if (semantics != &semIEEEdouble) {
    bool losesInfo;
    [[maybe_unused]] OpStatus st = temp.convert(
        semIEEEdouble, RoundingMode::NearestTiesToEven, &losesInfo);
    assert(!(st & opInexact) && !losesInfo && "inexact conversion to double");
  }
  uint64_t bits = uint64_t(Impl::toBits(temp));
  double d;
  std::memcpy(&d, &bits, sizeof(d));
  return d;
}

float APFloat::convertToFloat() const {
  APFloat temp = *this;
  if (semantics != &semIEEEsingle) {
    bool losesInfo;
    [[maybe_unused]] OpStatus st = temp.convert(
        semIEEEsingle, RoundingMode::NearestTiesToEven, &losesInfo);
    assert(!(st & opInexact) && !losesInfo && "inexact conversion to float");
  }
  uint32_t bits = uint32_t(Impl::toBits(temp));
  float f;
  std::memcpy(&f, &bits, sizeof(f));
  return f;
}

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

OpStatus APFloat::add(const APFloat &rhs, RoundingMode rm) {
  return Impl::addOrSubtract(*this, rhs, rm, false);
}

OpStatus APFloat::subtract(const APFloat &rhs, RoundingMode rm) {
  return Impl::addOrSubtract(*this, rhs, rm, true);
}

OpStatus APFloat::multiply(const APFloat &rhs, RoundingMode rm) {
  assert(semantics == rhs.semantics && "mismatched semantics");
  sign ^= rhs.sign;
  OpStatus fs = Impl::multiplySpecials(*this, rhs);
  if (isZero() && semantics->nanEncoding == NanEncoding::NegativeZero)
    sign = false;
  if (isInfinity())
    exponent = exponentInf(*semantics);
  if (isZero())
    Impl::makeZero(*this, sign);
  if (isFiniteNonZero()) {
    LostFraction lost = Impl::multiplySignificand(*this, rhs);
    fs = Impl::normalize(*this, rm, lost);
    if (lost != lfExactlyZero)
      fs |= opInexact;
  }
  return fs;
}

OpStatus APFloat::divide(const APFloat &rhs, RoundingMode rm) {
  assert(semantics == rhs.semantics && "mismatched semantics");
  sign ^= rhs.sign;
  OpStatus fs = Impl::divideSpecials(*this, rhs);
  if (isZero() && semantics->nanEncoding == NanEncoding::NegativeZero)
    sign = false;
  if (isInfinity())
    exponent = exponentInf(*semantics);
  if (isZero())
    Impl::makeZero(*this, sign);
  if (isFiniteNonZero()) {
    LostFraction lost = Impl::divideSignificand(*this, rhs);
    fs = Impl::normalize(*this, rm, lost);
    if (lost != lfExactlyZero)
      fs |= opInexact;
  }
  return fs;
}

OpStatus APFloat::mod(const APFloat &rhs) {
  assert(semantics == rhs.semantics && "mismatched semantics");
  OpStatus fs;
  switch (Impl::categoryKey(category, rhs.category)) {
  case Impl::key(FltCategory::Zero, FltCategory::NaN):
  case Impl::key(FltCategory::Normal, FltCategory::NaN):
  case Impl::key(FltCategory::Infinity, FltCategory::NaN):
    *this = rhs;
    [[fallthrough]];
  case Impl::key(FltCategory::NaN, FltCategory::Zero):
  case Impl::key(FltCategory::NaN, FltCategory::Normal):
  case Impl::key(FltCategory::NaN, FltCategory::Infinity):
  case Impl::key(FltCategory::NaN, FltCategory::NaN):
    return Impl::propagateNaN(*this, rhs);
  case Impl::key(FltCategory::Zero, FltCategory::Infinity):
  case Impl::key(FltCategory::Zero, FltCategory::Normal):
  case Impl::key(FltCategory::Normal, FltCategory::Infinity):
    return opOK;
  case Impl::key(FltCategory::Normal, FltCategory::Zero):
  case Impl::key(FltCategory::Infinity, FltCategory::Zero):
  case Impl::key(FltCategory::Infinity, FltCategory::Normal):
  case Impl::key(FltCategory::Infinity, FltCategory::Infinity):
  case Impl::key(FltCategory::Zero, FltCategory::Zero):
    Impl::makeNaN(*this, false, false, nullptr);
    return opInvalidOp;
  default:
    fs = opOK;
    break;
  }

  bool origSign = sign;
  while (isFiniteNonZero() && rhs.isFiniteNonZero() &&
         compareAbsoluteValue(rhs) != CmpResult::LessThan) {
    int exp = ilogb(*this) - ilogb(rhs);
    APFloat v = scalbn(rhs, exp, RoundingMode::NearestTiesToEven);
    if (!v.isFiniteNonZero() || compareAbsoluteValue(v) == CmpResult::LessThan)
      v = scalbn(rhs, exp - 1, RoundingMode::NearestTiesToEven);
    v.sign = sign;
    fs = subtract(v, RoundingMode::NearestTiesToEven);
    if (!semantics->hasZero && isSmallest())
      break;
  }
  if (isZero()) {
    sign = origSign;
    if (semantics->nanEncoding == NanEncoding::NegativeZero)
      sign = false;
  }
  return fs;
}

OpStatus APFloat::remainder(const APFloat &rhs) {
  assert(semantics == rhs.semantics && "mismatched semantics");
  switch (Impl::categoryKey(category, rhs.category)) {
  case Impl::key(FltCategory::Zero, FltCategory::NaN):
  case Impl::key(FltCategory::Normal, FltCategory::NaN):
  case Impl::key(FltCategory::Infinity, FltCategory::NaN):
    *this = rhs;
    [[fallthrough]];
  case Impl::key(FltCategory::NaN, FltCategory::Zero):
  case Impl::key(FltCategory::NaN, FltCategory::Normal):
  case Impl::key(FltCategory::NaN, FltCategory::Infinity):
  case Impl::key(FltCategory::NaN, FltCategory::NaN):
    return Impl::propagateNaN(*this, rhs);
  case Impl::key(FltCategory::Zero, FltCategory::Infinity):
  case Impl::key(FltCategory::Zero, FltCategory::Normal):
  case Impl::key(FltCategory::Normal, FltCategory::Infinity):
    return opOK;
  case Impl::key(FltCategory::Normal, FltCategory::Zero):
  case Impl::key(FltCategory::Infinity, FltCategory::Zero):
  case Impl::key(FltCategory::Infinity, FltCategory::Normal):
  case Impl::key(FltCategory::Infinity, FltCategory::Infinity):
  case Impl::key(FltCategory::Zero, FltCategory::Zero):
    Impl::makeNaN(*this, false, false, nullptr);
    return opInvalidOp;
  default:
    break;
  }

  bool origSign = sign;
  OpStatus fs = opOK;
  // Reduce below twice the divisor first (when 2*rhs is representable).
  APFloat twice = rhs;
  if (twice.add(rhs, RoundingMode::NearestTiesToEven) == opOK)
    fs = mod(twice);

  APFloat p = rhs;
  p.sign = false;
  sign = false;

  // Work in a wider scratch format so 2*x and the comparisons are exact.
  FltSemantics extended = *semantics;
  extended.maxExponent++;
  extended.minExponent--;
  extended.precision += 2;
  extended.kind = FloatKind::Scratch;
  bool losesInfo;
  APFloat vEx = *this;
  vEx.convert(extended, RoundingMode::NearestTiesToEven, &losesInfo);
  APFloat pEx = p;
  pEx.convert(extended, RoundingMode::NearestTiesToEven, &losesInfo);
  vEx.add(vEx, RoundingMode::NearestTiesToEven);

  if (vEx.compare(pEx) == CmpResult::GreaterThan) {
    fs = subtract(p, RoundingMode::NearestTiesToEven);
    vEx.subtract(pEx, RoundingMode::NearestTiesToEven);
    vEx.subtract(pEx, RoundingMode::NearestTiesToEven);
    CmpResult result = vEx.compare(pEx);
    if (result == CmpResult::GreaterThan || result == CmpResult::Equal)
      fs = subtract(p, RoundingMode::NearestTiesToEven);
  }

  if (isZero()) {
    sign = origSign;
    if (semantics->nanEncoding == NanEncoding::NegativeZero)
      sign = false;
  } else {
    sign ^= origSign;
  }
  return fs;
}

OpStatus APFloat::roundToIntegral(RoundingMode rm) {
  if (isInfinity())
    return opOK;
  if (isNaN()) {
    if (isSignaling()) {
      Impl::makeQuiet(*this);
      return opInvalidOp;
    }
    return opOK;
  }
  if (isZero())
    return opOK;
  unsigned p = semantics->precision;
  if (exponent + 1 >= int(p))
    return opOK;

  // Adding and subtracting 2^(p-1) leaves no fraction bits, rounding per rm.
  APFloat magic(*semantics);
  magic.convertFromAPInt(APInt::getOneBitSet(p + 1, p - 1), false,
                         RoundingMode::NearestTiesToEven);
  magic.sign = sign;
  bool inputSign = sign;
  OpStatus fs = add(magic, rm);
  subtract(magic, rm);
  if (inputSign != sign)
    changeSign();
  return fs;
}

OpStatus APFloat::next(bool nextDown) {
  if (nextDown)
    changeSign();
  OpStatus result = opOK;
  const FltSemantics &sem = *semantics;
  switch (category) {
  case FltCategory::Infinity:
    if (isNegative())
      Impl::makeLargest(*this, true);
    break;
  case FltCategory::NaN:
    if (isSignaling()) {
      result = opInvalidOp;
      Impl::makeNaN(*this, false, isNegative(), nullptr);
    }
    break;
  case FltCategory::Zero:
    Impl::makeSmallest(*this, false);
    break;
  case FltCategory::Normal: {
    if (isSmallest() && isNegative()) {
      Impl::setSig(*this, 0);
      category = FltCategory::Zero;
      exponent = 0;
      if (sem.nanEncoding == NanEncoding::NegativeZero)
        sign = false;
      if (!sem.hasZero)
        Impl::makeSmallestNormalized(*this, false);
      else
        exponent = exponentZero(sem);
      break;
    }
    if (isLargest() && !isNegative()) {
      if (sem.nonFiniteBehavior == NonFiniteBehavior::NanOnly) {
        Impl::makeNaN(*this, false, false, nullptr);
      } else if (sem.nonFiniteBehavior == NonFiniteBehavior::IEEE754) {
        Impl::makeInf(*this, false);
      }
      break;
    }
    unsigned p = sem.precision;
    if (isNegative()) {
      bool crossesBinade =
          exponent != sem.minExponent && Impl::isSignificandAllZeros(*this);
      U128 s = Impl::getSig(*this) - 1;
      if (crossesBinade) {
        s |= U128(1) << (p - 1);
        exponent--;
      }
      Impl::setSig(*this, s);
    } else {
      bool crossesBinade =
          p <= 1 || (!isDenormal() && Impl::isSignificandAllOnes(*this));
      if (crossesBinade) {
        Impl::setSig(*this, U128(1) << (p - 1));
        exponent++;
      } else {
        Impl::setSig(*this, Impl::getSig(*this) + 1);
      }
    }
    break;
  }
  }
  if (nextDown)
    changeSign();
  return result;
}

CmpResult APFloat::compareAbsoluteValue(const APFloat &rhs) const {
  assert(semantics == rhs.semantics && "mismatched semantics");
  if (exponent != rhs.exponent)
    return exponent > rhs.exponent ? CmpResult::GreaterThan
                                   : CmpResult::LessThan;
  U128 a = Impl::getSig(*this), b = Impl::getSig(rhs);
  if (a == b)
    return CmpResult::Equal;
  return a > b ? CmpResult::GreaterThan : CmpResult::LessThan;
}

CmpResult APFloat::compare(const APFloat &rhs) const {
  assert(semantics == rhs.semantics && "mismatched semantics");
  if (isNaN() || rhs.isNaN())
    return CmpResult::Unordered;
  auto bySign = [](bool negative) {
    return negative ? CmpResult::LessThan : CmpResult::GreaterThan;
  };
  switch (Impl::categoryKey(category, rhs.category)) {
  case Impl::key(FltCategory::Infinity, FltCategory::Normal):
  case Impl::key(FltCategory::Infinity, FltCategory::Zero):
  case Impl::key(FltCategory::Normal, FltCategory::Zero):
    return bySign(sign);
  case Impl::key(FltCategory::Normal, FltCategory::Infinity):
  case Impl::key(FltCategory::Zero, FltCategory::Infinity):
  case Impl::key(FltCategory::Zero, FltCategory::Normal):
    return rhs.sign ? CmpResult::GreaterThan : CmpResult::LessThan;
  case Impl::key(FltCategory::Infinity, FltCategory::Infinity):
    if (sign == rhs.sign)
      return CmpResult::Equal;
    return bySign(sign);
  case Impl::key(FltCategory::Zero, FltCategory::Zero):
    return CmpResult::Equal;
  default:
    break;
  }
  if (sign != rhs.sign)
    return bySign(sign);
  CmpResult result = compareAbsoluteValue(rhs);
  if (sign) {
    if (result == CmpResult::LessThan)
      return CmpResult::GreaterThan;
    if (result == CmpResult::GreaterThan)
      return CmpResult::LessThan;
  }
  return result;
}

APFloat APFloat::scalbn(APFloat x, int exp, RoundingMode rm) {
  const FltSemantics &sem = *x.semantics;
  int significandBits = int(sem.precision) - 1;
  int maxIncrement = sem.maxExponent - (sem.minExponent - significandBits) + 1;
  x.exponent += std::clamp(exp, -maxIncrement - 1, maxIncrement);
  Impl::normalize(x, rm, lfExactlyZero);
  if (x.isNaN())
    Impl::makeQuiet(x);
  return x;
}

int APFloat::ilogb(const APFloat &x) {
  if (x.isNaN())
    return kIlogbNaN;
  if (x.isZero())
    return kIlogbZero;
  if (x.isInfinity())
    return kIlogbInf;
  if (!x.isDenormal())
    return x.exponent;
  APFloat normalized = x;
  int significandBits = int(x.semantics->precision) - 1;
  normalized.exponent += significandBits;
  Impl::normalize(normalized, RoundingMode::NearestTiesToEven, lfExactlyZero);
  return normalized.exponent - significandBits;
}

void APFloat::changeSign() {
  // Formats whose NaN is "negative zero" have neither -0 nor a signed NaN.
  if (semantics->nanEncoding == NanEncoding::NegativeZero &&
      (isZero() || isNaN()))
    return;
  sign = !sign;
}

//===----------------------------------------------------------------------===//
// Observers
//===----------------------------------------------------------------------===//

bool APFloat::isDenormal() const {
  return isFiniteNonZero() && exponent == semantics->minExponent &&
         !bit128(Impl::getSig(*this), semantics->precision - 1);
}

bool APFloat::isSignaling() const {
  if (!isNaN())
    return false;
  if (semantics->nonFiniteBehavior != NonFiniteBehavior::IEEE754)
    return false;
  return !bit128(Impl::getSig(*this), semantics->precision - 2);
}

bool APFloat::isSmallest() const {
  return isFiniteNonZero() && exponent == semantics->minExponent &&
         Impl::getSig(*this) == 1;
}

bool APFloat::isSmallestNormalized() const {
  return isFiniteNonZero() && exponent == semantics->minExponent &&
         Impl::isSignificandAllZerosExceptMSB(*this);
}

bool APFloat::isLargest() const {
  bool atMaxExponent = isFiniteNonZero() && exponent == semantics->maxExponent;
  if (Impl::isNanOnlyAllOnes(*semantics))
    return atMaxExponent && semantics->precision > 1
               ? Impl::isSignificandAllOnesExceptLSB(*this)
               : atMaxExponent;
  return atMaxExponent && Impl::isSignificandAllOnes(*this);
}

bool APFloat::isInteger() const {
  if (!isFinite())
    return false;
  APFloat truncated = *this;
  truncated.roundToIntegral(RoundingMode::TowardZero);
  return compare(truncated) == CmpResult::Equal;
}

bool APFloat::bitwiseIsEqual(const APFloat &rhs) const {
  if (this == &rhs)
    return true;
  if (semantics != rhs.semantics || category != rhs.category ||
      sign != rhs.sign)
    return false;
  if (category == FltCategory::Zero || category == FltCategory::Infinity)
    return true;
  if (isFiniteNonZero() && exponent != rhs.exponent)
    return false;
  return sig[0] == rhs.sig[0] && sig[1] == rhs.sig[1];
}

size_t APFloat::hash() const {
  auto mix = [](uint64_t h, uint64_t v) {
    h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    h *= 0xbf58476d1ce4e5b9ULL;
    return h ^ (h >> 31);
  };
  uint64_t h = mix(reinterpret_cast<uintptr_t>(semantics), uint64_t(category));
  h = mix(h, uint64_t(sign));
  if (isFiniteNonZero() || isNaN()) {
    if (isFiniteNonZero())
      h = mix(h, uint64_t(uint32_t(exponent)));
    h = mix(h, sig[0]);
    h = mix(h, sig[1]);
  }
  return size_t(h);
}

//===----------------------------------------------------------------------===//
// Text
//===----------------------------------------------------------------------===//

void APFloat::toString(std::string &out, unsigned formatPrecision,
                       unsigned formatMaxPadding, bool truncateZero) const {
  switch (category) {
  case FltCategory::Infinity:
    out += isNegative() ? "-Inf" : "+Inf";
    return;
  case FltCategory::NaN:
    out += "NaN";
    return;
  case FltCategory::Zero:
    if (isNegative())
      out += '-';
    if (!formatMaxPadding) {
      if (truncateZero) {
        out += "0.0E+0";
      } else {
        out += "0.0";
        if (formatPrecision > 1)
          out.append(formatPrecision - 1, '0');
        out += "e+00";
      }
    } else {
      out += '0';
    }
    return;
  case FltCategory::Normal:
    break;
  }
  Impl::toStringNormal(*this, out, formatPrecision, formatMaxPadding,
                       truncateZero);
}

void lamina::printFloatValue(const APFloat &value, std::string &out,
                             bool *printedHex) {
  if (printedHex)
    *printedHex = false;
  if (value.isFinite()) {
    // Prefer the short scientific form when it reads back exactly.
    size_t start = out.size();
    value.toString(out, /*formatPrecision=*/6, /*formatMaxPadding=*/0,
                   /*truncateZero=*/false);
    std::string_view text(out.data() + start, out.size() - start);
    std::optional<APFloat> reparsed =
        APFloat::parse(value.getSemantics(), text);
    if (reparsed && reparsed->bitwiseIsEqual(value))
      return;
    out.resize(start);

    // Otherwise the shortest form that round trips, if it looks like a
    // float literal.
    value.toString(out);
    if (out.find('.', start) != std::string::npos)
      return;
    out.resize(start);
  }
  if (printedHex)
    *printedHex = true;
  value.bitcastToAPInt().toString(out, 16, /*isSigned=*/false,
                                  /*formatAsCLiteral=*/true);
}
