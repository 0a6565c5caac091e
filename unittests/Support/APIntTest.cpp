//===- APIntTest.cpp - Tests for fixed-width big integers -----------------===//
//
// Part of Lamina, a from-scratch implementation of MLIR.
//
//===----------------------------------------------------------------------===//
//
// Checks APInt against unsigned __int128 arithmetic for widths up to 128 and
// against algebraic identities for wider values. Decimal spellings marked as
// such were produced by mlir-opt 22 printing integer attributes.
//
//===----------------------------------------------------------------------===//

#include "lamina/Support/APInt.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

using namespace lamina;

namespace {
__extension__ typedef unsigned __int128 U128;
__extension__ typedef __int128 S128;

U128 mask(unsigned width) {
  return width >= 128 ? ~U128(0) : (U128(1) << width) - 1;
}

APInt fromU128(unsigned width, U128 v) {
  uint64_t words[2] = {uint64_t(v), uint64_t(v >> 64)};
  return APInt(width, words);
}

U128 toU128(const APInt &v) {
  const uint64_t *w = v.getRawData();
  U128 r = w[0];
  if (v.getNumWords() > 1)
    r |= U128(w[1]) << 64;
  return r;
}

/// Sign-extends the low `width` bits of `v`.
S128 sextU128(U128 v, unsigned width) {
  if (width == 0)
    return 0;
  unsigned shift = 128 - width;
  return S128(v << shift) >> shift;
}

std::string u128ToString(U128 v) {
  if (v == 0)
    return "0";
  std::string s;
  while (v) {
    s += char('0' + unsigned(v % 10));
    v /= 10;
  }
  return std::string(s.rbegin(), s.rend());
}

U128 randomU128(std::mt19937_64 &rng) {
  U128 v = (U128(rng()) << 64) | rng();
  // Bias toward interesting magnitudes.
  switch (rng() % 4) {
  case 0:
    return v >> (rng() % 128);
  case 1:
    return ~(v >> (rng() % 128));
  default:
    return v;
  }
}
} // namespace

TEST(APIntTest, Construction) {
  APInt defaulted;
  EXPECT_EQ(defaulted.getBitWidth(), 1u);
  EXPECT_TRUE(defaulted.isZero());

  EXPECT_EQ(APInt(8, 0x1FF).getZExtValue(), 0xFFu);
  EXPECT_EQ(APInt(8, uint64_t(-1), true).getSExtValue(), -1);
  APInt wide(200, uint64_t(-5), /*isSigned=*/true);
  EXPECT_TRUE(wide.isNegative());
  EXPECT_EQ(wide.getSExtValue(), -5);
  EXPECT_EQ(wide.getActiveBits(), 200u);
  APInt wideUnsigned(200, uint64_t(-5));
  EXPECT_FALSE(wideUnsigned.isNegative());
  EXPECT_EQ(wideUnsigned.getActiveBits(), 64u);

  uint64_t words[3] = {1, 2, 3};
  APInt fromWords(130, words);
  EXPECT_EQ(fromWords.getRawData()[0], 1u);
  EXPECT_EQ(fromWords.getRawData()[1], 2u);
  EXPECT_EQ(fromWords.getRawData()[2], 3u);
  APInt truncated(70, words);
  EXPECT_EQ(truncated.getRawData()[1], 2u);
  APInt truncated2(65, words);
  EXPECT_EQ(truncated2.getRawData()[1], 0u);
  APInt extended(256, std::span<const uint64_t>(words, 1));
  EXPECT_EQ(extended.getNumWords(), 4u);
  EXPECT_EQ(extended.getRawData()[3], 0u);

  // Copies and moves.
  APInt copy = fromWords;
  EXPECT_EQ(copy, fromWords);
  APInt moved = std::move(copy);
  EXPECT_EQ(moved, fromWords);
  copy = moved;
  EXPECT_EQ(copy, fromWords);
  copy = APInt(8, 3);
  EXPECT_EQ(copy.getBitWidth(), 8u);
  EXPECT_EQ(copy.getZExtValue(), 3u);
  copy = fromWords;
  copy = APInt(130, 9);
  EXPECT_EQ(copy.getZExtValue(), 9u);
}

TEST(APIntTest, ZeroWidth) {
  APInt zero(0, 0);
  EXPECT_EQ(zero.getBitWidth(), 0u);
  EXPECT_TRUE(zero.isZero());
  EXPECT_FALSE(zero.isNegative());
  EXPECT_TRUE(zero.isAllOnes());
  EXPECT_EQ(zero.getActiveBits(), 0u);
  EXPECT_EQ(zero.getZExtValue(), 0u);
  EXPECT_EQ(zero.getSExtValue(), 0);
  EXPECT_EQ((zero + zero).getBitWidth(), 0u);
  EXPECT_EQ(zero.zext(8), APInt(8, 0));
  EXPECT_EQ(zero.sext(8), APInt(8, 0));
  EXPECT_EQ(APInt(8, 5).trunc(0).getBitWidth(), 0u);
  EXPECT_EQ(zero.toString(10, true), "0");
  EXPECT_EQ(APInt::getAllOnes(0), zero);
}

TEST(APIntTest, NamedValues) {
  EXPECT_EQ(APInt::getAllOnes(8).getZExtValue(), 0xFFu);
  EXPECT_EQ(APInt::getSignedMaxValue(8).getSExtValue(), 127);
  EXPECT_EQ(APInt::getSignedMinValue(8).getSExtValue(), -128);
  EXPECT_TRUE(APInt::getSignedMinValue(100).isSignedMinValue());
  EXPECT_TRUE(APInt::getSignedMaxValue(100).isSignedMaxValue());
  EXPECT_TRUE(APInt::getMaxValue(100).isMaxValue());
  EXPECT_TRUE(APInt::getMinValue(100).isMinValue());
  EXPECT_EQ(APInt::getAllOnes(130).popcount(), 130u);
  EXPECT_EQ(APInt::getLowBitsSet(130, 70).popcount(), 70u);
  EXPECT_EQ(APInt::getLowBitsSet(130, 70).countTrailingOnes(), 70u);
  EXPECT_EQ(APInt::getHighBitsSet(130, 70).countLeadingOnes(), 70u);
  EXPECT_EQ(APInt::getOneBitSet(130, 129).countTrailingZeros(), 129u);
  EXPECT_TRUE(APInt::getOneBitSet(130, 129).isPowerOf2());
  EXPECT_EQ(APInt::getOneBitSet(130, 129).logBase2(), 129);
}

TEST(APIntTest, BitQueries) {
  APInt v(100, 0);
  EXPECT_EQ(v.countLeadingZeros(), 100u);
  EXPECT_EQ(v.countTrailingZeros(), 100u);
  EXPECT_EQ(v.getActiveBits(), 0u);
  EXPECT_EQ(v.getSignificantBits(), 1u);
  v.setBit(64);
  EXPECT_TRUE(v.getBit(64));
  EXPECT_EQ(v.countLeadingZeros(), 35u);
  EXPECT_EQ(v.countTrailingZeros(), 64u);
  EXPECT_EQ(v.getActiveBits(), 65u);
  EXPECT_EQ(v.getSignificantBits(), 66u);
  v.clearBit(64);
  EXPECT_TRUE(v.isZero());

  APInt minusOne(100, uint64_t(-1), true);
  EXPECT_EQ(minusOne.getSignificantBits(), 1u);
  EXPECT_EQ(minusOne.countLeadingOnes(), 100u);
  APInt minusTwoFiftySix(100, uint64_t(-256), true);
  EXPECT_EQ(minusTwoFiftySix.getSignificantBits(), 9u);
  EXPECT_EQ(APInt(8, 0x80).getSignificantBits(), 8u);
  EXPECT_EQ(APInt(8, 0x7F).getSignificantBits(), 8u);
  EXPECT_EQ(APInt(8, 0x40).getSignificantBits(), 8u);
  EXPECT_EQ(APInt(8, 0x3F).getSignificantBits(), 7u);
  EXPECT_TRUE(APInt(8, 0x3F).isSignedIntN(7));
  EXPECT_FALSE(APInt(8, 0x40).isSignedIntN(7));
  EXPECT_TRUE(APInt(8, 0x7F).isIntN(7));
}

TEST(APIntTest, ExtendAndTruncate) {
  APInt v(8, 0x80);
  EXPECT_EQ(v.zext(16).getZExtValue(), 0x80u);
  EXPECT_EQ(v.sext(16).getZExtValue(), 0xFF80u);
  APInt wide = v.sext(200);
  EXPECT_TRUE(wide.isNegative());
  EXPECT_EQ(wide.getSExtValue(), -128);
  EXPECT_EQ(wide.countLeadingOnes(), 193u);
  EXPECT_EQ(wide.trunc(8), v);
  EXPECT_EQ(APInt(64, uint64_t(1) << 63).sext(128).countLeadingOnes(), 65u);
  EXPECT_EQ(APInt(128, 0).sextOrTrunc(64), APInt(64, 0));
  EXPECT_EQ(APInt(64, 7).zextOrTrunc(130).zextOrTrunc(3), APInt(3, 7));
}

TEST(APIntTest, ArithmeticAgainstInt128) {
  std::mt19937_64 rng(42);
  const unsigned widths[] = {1, 7, 8, 31, 63, 64, 65, 100, 127, 128};
  for (unsigned width : widths) {
    U128 m = mask(width);
    for (int iter = 0; iter < 400; ++iter) {
      U128 a = randomU128(rng) & m, b = randomU128(rng) & m;
      APInt x = fromU128(width, a), y = fromU128(width, b);
      EXPECT_EQ(toU128(x + y), (a + b) & m);
      EXPECT_EQ(toU128(x - y), (a - b) & m);
      EXPECT_EQ(toU128(x * y), (a * b) & m);
      EXPECT_EQ(toU128(x & y), a & b);
      EXPECT_EQ(toU128(x | y), a | b);
      EXPECT_EQ(toU128(x ^ y), a ^ b);
      EXPECT_EQ(toU128(~x), ~a & m);
      EXPECT_EQ(toU128(-x), (-a) & m);
      EXPECT_EQ(toU128(x + uint64_t(b)), (a + uint64_t(b)) & m);
      EXPECT_EQ(toU128(x * uint64_t(b)), (a * uint64_t(b)) & m);
      EXPECT_EQ(x.ult(y), a < b);
      EXPECT_EQ(x.uge(y), a >= b);
      S128 sa = sextU128(a, width), sb = sextU128(b, width);
      EXPECT_EQ(x.slt(y), sa < sb);
      EXPECT_EQ(x.sge(y), sa >= sb);
      EXPECT_EQ(x == y, a == b);
      if (b != 0) {
        EXPECT_EQ(toU128(x.udiv(y)), a / b);
        EXPECT_EQ(toU128(x.urem(y)), a % b);
        APInt q, r;
        APInt::udivrem(x, y, q, r);
        EXPECT_EQ(toU128(q), a / b);
        EXPECT_EQ(toU128(r), a % b);
        // Signed division, skipping the one overflowing case.
        bool overflowCase = width > 1 &&
                            sa == sextU128(U128(1) << (width - 1), width) &&
                            sb == -1;
        if (!overflowCase && width > 1) {
          EXPECT_EQ(toU128(x.sdiv(y)), U128(sa / sb) & m);
          EXPECT_EQ(toU128(x.srem(y)), U128(sa % sb) & m);
        }
      }
      unsigned amount = unsigned(rng() % (width + 2));
      U128 shl = amount >= width ? 0 : (a << amount) & m;
      U128 lshr = amount >= width ? 0 : a >> amount;
      EXPECT_EQ(toU128(x.shl(amount)), shl);
      EXPECT_EQ(toU128(x.lshr(amount)), lshr);
      S128 ashr = sa >> std::min(amount, width - 1);
      EXPECT_EQ(toU128(x.ashr(amount)), U128(ashr) & m);
      EXPECT_EQ(x.popcount(),
                unsigned(__builtin_popcountll(uint64_t(a)) +
                         __builtin_popcountll(uint64_t(a >> 64))));
    }
  }
}

TEST(APIntTest, SignedDivisionEdges) {
  APInt minVal = APInt::getSignedMinValue(8);
  APInt minusOne = APInt::getAllOnes(8);
  EXPECT_EQ(minVal.sdiv(minusOne), minVal);
  bool overflow;
  minVal.sdivOv(minusOne, overflow);
  EXPECT_TRUE(overflow);
  EXPECT_EQ(APInt(8, uint64_t(-7), true).sdiv(APInt(8, 2)).getSExtValue(), -3);
  EXPECT_EQ(APInt(8, uint64_t(-7), true).srem(APInt(8, 2)).getSExtValue(), -1);
  EXPECT_EQ(APInt(8, 7).srem(APInt(8, uint64_t(-2), true)).getSExtValue(), 1);

  APInt bigMin = APInt::getSignedMinValue(300);
  APInt bigMinusOne = APInt::getAllOnes(300);
  EXPECT_EQ(bigMin.sdiv(bigMinusOne), bigMin);
  EXPECT_TRUE(bigMin.srem(bigMinusOne).isZero());
}

TEST(APIntTest, OverflowChecks) {
  bool overflow;
  APInt(8, 127).saddOv(APInt(8, 1), overflow);
  EXPECT_TRUE(overflow);
  APInt(8, 126).saddOv(APInt(8, 1), overflow);
  EXPECT_FALSE(overflow);
  APInt(8, 255).uaddOv(APInt(8, 1), overflow);
  EXPECT_TRUE(overflow);
  APInt(8, 0).usubOv(APInt(8, 1), overflow);
  EXPECT_TRUE(overflow);
  APInt(8, 0x80).ssubOv(APInt(8, 1), overflow);
  EXPECT_TRUE(overflow);
  APInt(8, 16).umulOv(APInt(8, 16), overflow);
  EXPECT_TRUE(overflow);
  APInt(8, 15).umulOv(APInt(8, 17), overflow);
  EXPECT_FALSE(overflow);
  APInt(8, uint64_t(-8), true).smulOv(APInt(8, 16), overflow);
  EXPECT_FALSE(overflow);
  APInt(8, 8).smulOv(APInt(8, 16), overflow);
  EXPECT_TRUE(overflow);
  APInt(200, 1).shl(150).smulOv(APInt(200, 1).shl(49), overflow);
  EXPECT_TRUE(overflow);
}

TEST(APIntTest, WideIdentities) {
  std::mt19937_64 rng(7);
  const unsigned widths[] = {129, 200, 256, 1000, 4096};
  for (unsigned width : widths) {
    for (int iter = 0; iter < 30; ++iter) {
      std::vector<uint64_t> wa(APInt::numWordsFor(width)),
          wb(APInt::numWordsFor(width));
      for (auto &w : wa)
        w = rng();
      for (auto &w : wb)
        w = rng();
      APInt a(width, wa), b(width, wb);
      b.lshrInPlace(unsigned(rng() % width));
      if (b.isZero())
        b = APInt(width, 3);
      APInt q, r;
      APInt::udivrem(a, b, q, r);
      EXPECT_TRUE(r.ult(b));
      EXPECT_EQ(q * b + r, a);
      EXPECT_EQ(a - b + b, a);
      EXPECT_EQ((a ^ b) ^ b, a);
      unsigned amount = unsigned(rng() % width);
      EXPECT_EQ(a.shl(amount).lshr(amount),
                a & APInt::getLowBitsSet(width, width - amount));
      EXPECT_EQ(a.rotl(amount).rotr(amount), a);
      EXPECT_EQ(a.ashr(amount).shl(amount),
                a & APInt::getHighBitsSet(width, width - amount));
      EXPECT_EQ(a.sdiv(b) * b + a.srem(b), a);
      EXPECT_EQ(APInt::fromString(a.toString(10, false), 10)->zext(width), a);
      EXPECT_EQ(APInt::fromString(a.toString(16, false), 16)->zext(width), a);
      EXPECT_EQ(APInt::fromString(a.toString(2, false), 2)->zext(width), a);
      EXPECT_EQ(APInt::fromString(a.toString(8, false), 8)->zext(width), a);
      EXPECT_EQ(a.hash(), APInt(a).hash());
    }
  }
}

TEST(APIntTest, MaximumWidth) {
  const unsigned width = APInt::kMaxBitWidth;
  APInt top = APInt::getOneBitSet(width, width - 1);
  EXPECT_TRUE(top.isNegative());
  EXPECT_EQ(top.countTrailingZeros(), width - 1);
  EXPECT_EQ(top.lshr(width - 1), APInt(width, 1));
  EXPECT_TRUE((top + top).isZero());
  std::string hex = top.toString(16, false);
  EXPECT_EQ(hex.size(), (width + 3) / 4);
  EXPECT_EQ(hex[0], '4');
  EXPECT_EQ(APInt::getAllOnes(width).popcount(), width);
}

TEST(APIntTest, DecimalText) {
  // Spellings below come from mlir-opt 22 printing integer attributes.
  APInt minI128 = APInt::getSignedMinValue(128);
  EXPECT_EQ(minI128.toString(10, true),
            "-170141183460469231731687303715884105728");
  EXPECT_EQ(APInt::getSignedMaxValue(128).toString(10, true),
            "170141183460469231731687303715884105727");
  EXPECT_EQ(APInt(8, 255).toString(10, false), "255"); // 255 : ui8
  EXPECT_EQ(APInt(8, 255).toString(10, true), "-1");   // 255 : i8
  EXPECT_EQ(APInt::getAllOnes(128).toString(10, false),
            "340282366920938463463374607431768211455");
  EXPECT_EQ(APInt::getSignedMinValue(64).toString(10, true),
            "-9223372036854775808");
  EXPECT_EQ(APInt::getSignedMinValue(1).toString(10, true), "-1");
  EXPECT_EQ(APInt(1, 1).toString(10, false), "1");

  std::mt19937_64 rng(3);
  for (int iter = 0; iter < 500; ++iter) {
    U128 v = randomU128(rng);
    EXPECT_EQ(fromU128(128, v).toString(10, false), u128ToString(v));
    S128 s = S128(v);
    std::string expect;
    if (s < 0)
      expect.push_back('-');
    expect += u128ToString(s < 0 ? U128(0) - v : v);
    EXPECT_EQ(fromU128(128, v).toString(10, true), expect);
  }

  // 2^1024 has 309 digits.
  std::string pow2 = APInt::getOneBitSet(1025, 1024).toString(10, false);
  EXPECT_EQ(pow2.size(), 309u);
  EXPECT_EQ(pow2.substr(0, 10), "1797693134");
  EXPECT_EQ(pow2.substr(299), "4224137216");
  // 10^19 chunk boundaries keep their inner zeros.
  std::optional<APInt> tens =
      APInt::fromString("100000000000000000000000000000000000000001", 10);
  ASSERT_TRUE(tens);
  EXPECT_EQ(tens->toString(10, false),
            "100000000000000000000000000000000000000001");
}

TEST(APIntTest, OtherRadixText) {
  EXPECT_EQ(APInt(32, 0x7FC00000).toString(16, false, true), "0x7FC00000");
  EXPECT_EQ(APInt(32, 0x7FC00000).toString(16, false, true, false),
            "0x7fc00000");
  EXPECT_EQ(APInt(16, 0).toString(16, false, true), "0x0");
  EXPECT_EQ(APInt(8, 0xFF).toString(16, true, true), "-0x1");
  EXPECT_EQ(APInt(8, 5).toString(2, false, true), "0b101");
  EXPECT_EQ(APInt(8, 8).toString(8, false, true), "010");
  EXPECT_EQ(APInt(8, 0).toString(8, false, true), "00");
  EXPECT_EQ(APInt(80, 0).toString(16, false, true), "0x0");
  uint64_t words[2] = {0, 0x7FFF};
  EXPECT_EQ(APInt(80, words).toString(16, false, true),
            "0x7FFF0000000000000000");
  EXPECT_EQ(APInt(64, 35).toString(36, false), "Z");
}

TEST(APIntTest, FromString) {
  EXPECT_FALSE(APInt::fromString("", 10));
  EXPECT_FALSE(APInt::fromString("12a", 10));
  EXPECT_FALSE(APInt::fromString("-1", 10));
  EXPECT_FALSE(APInt::fromString("102", 2));
  EXPECT_FALSE(APInt::fromString("0x10", 16));
  std::optional<APInt> zero = APInt::fromString("0000", 10);
  ASSERT_TRUE(zero);
  EXPECT_EQ(zero->getBitWidth(), 1u);
  EXPECT_TRUE(zero->isZero());
  std::optional<APInt> ff = APInt::fromString("ff", 16);
  ASSERT_TRUE(ff);
  EXPECT_EQ(ff->getBitWidth(), 8u);
  EXPECT_EQ(ff->getZExtValue(), 255u);
  EXPECT_EQ(APInt::fromString("FF", 16)->getZExtValue(), 255u);
  EXPECT_EQ(APInt::fromString("777", 8)->getZExtValue(), 511u);
  EXPECT_EQ(APInt::fromString("18446744073709551615", 10)->getBitWidth(), 64u);
  std::optional<APInt> big =
      APInt::fromString("18446744073709551616", 10); // 2^64
  ASSERT_TRUE(big);
  EXPECT_EQ(big->getBitWidth(), 65u);
  EXPECT_TRUE(big->isPowerOf2());
  std::optional<APInt> hex =
      APInt::fromString("000123456789abcdef0123456789ABCDEF", 16);
  ASSERT_TRUE(hex);
  EXPECT_EQ(hex->getBitWidth(), 121u);
  EXPECT_EQ(hex->toString(16, false), "123456789ABCDEF0123456789ABCDEF");
}

TEST(APIntTest, ComparisonsWithScalars) {
  APInt v(100, 5);
  EXPECT_TRUE(v == 5u);
  EXPECT_TRUE(v != 6u);
  EXPECT_TRUE(v.ult(6u));
  EXPECT_TRUE(v.ugt(4u));
  EXPECT_TRUE(v.sgt(int64_t(-1)));
  APInt neg(100, uint64_t(-5), true);
  EXPECT_TRUE(neg.slt(int64_t(-4)));
  EXPECT_TRUE(neg.sle(int64_t(-5)));
  EXPECT_TRUE(neg.ugt(uint64_t(-1)));
  EXPECT_FALSE(neg == uint64_t(-5));
  EXPECT_TRUE(APInt::getOneBitSet(100, 80).sgt(int64_t(1) << 62));
  EXPECT_TRUE(APInt::getSignedMinValue(100).slt(INT64_MIN));
  EXPECT_EQ(APInt::smax(neg, v), v);
  EXPECT_EQ(APInt::umax(neg, v), neg);
}

TEST(APIntTest, Hash) {
  EXPECT_EQ(APInt(32, 7).hash(), APInt(32, 7).hash());
  EXPECT_NE(APInt(32, 7).hash(), APInt(33, 7).hash());
  EXPECT_NE(APInt(32, 7).hash(), APInt(32, 8).hash());
  EXPECT_EQ(APInt(300, 7).hash(), APInt(300, 7).hash());
}

TEST(APIntTest, WordPrimitives) {
  // divMod against a multiply-back check with a normalisation shift of 0.
  uint64_t a[4] = {~0ULL, ~0ULL, ~0ULL, ~0ULL};
  uint64_t b[2] = {~0ULL, ~0ULL};
  uint64_t q[3], r[2];
  bignum::divMod(q, r, a, 4, b, 2);
  EXPECT_EQ(q[0], 1u);
  EXPECT_EQ(q[1], 0u);
  EXPECT_EQ(q[2], 1u);
  EXPECT_EQ(r[0], 0u);
  EXPECT_EQ(r[1], 0u);
  uint64_t p[4];
  bignum::mulFull(p, b, 2, b, 2);
  EXPECT_EQ(p[0], 1u);
  EXPECT_EQ(p[1], 0u);
  EXPECT_EQ(p[2], ~0ULL - 1);
  EXPECT_EQ(p[3], ~0ULL);
}
