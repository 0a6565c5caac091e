//===- APFloat.h - Binary floating point values of any format ---*- C++ -*-===//
//
// Part of Lamina, a from-scratch implementation of MLIR.
//
//===----------------------------------------------------------------------===//
//
// APFloat holds one value of a binary floating point format (f4 ... f128,
// including the 8-bit machine-learning formats) and implements correctly
// rounded parsing, conversion and arithmetic on it, and the exact decimal
// spellings mlir-opt prints. Every format's significand fits in two inline
// words, so an APFloat never allocates.
//
// The formats and their encodings follow the MLIR builtin float types:
//   * IEEE-754 formats (f16, bf16, f32, f64, f128, tf32, f8E5M2, f8E4M3,
//     f8E3M4) with infinities and NaNs;
//   * "FN" formats (f8E4M3FN) without infinities, whose only NaN is the
//     all-ones pattern (of either sign);
//   * "FNUZ" formats (f8E5M2FNUZ, f8E4M3FNUZ, f8E4M3B11FNUZ) without
//     infinities or negative zero, whose only NaN is the negative-zero pattern;
//   * f8E8M0FNU: an unsigned power of two with no zero, 0xFF is NaN;
//   * f6E3M2FN, f6E2M3FN, f4E2M1FN: finite values only;
//   * f80: x87 extended precision with an explicit integer bit.
//
//===----------------------------------------------------------------------===//

#ifndef LAMINA_SUPPORT_APFLOAT_H
#define LAMINA_SUPPORT_APFLOAT_H

#include "lamina/Support/APInt.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace lamina {

//===----------------------------------------------------------------------===//
// Enumerations
//===----------------------------------------------------------------------===//

/// IEEE-754 rounding-direction attributes.
enum class RoundingMode : int8_t {
  NearestTiesToEven,
  TowardZero,
  TowardPositive,
  TowardNegative,
  NearestTiesToAway,
};

/// IEEE-754 exception flags raised by an operation; a bit set.
enum OpStatus : unsigned {
  opOK = 0,
  opInvalidOp = 1,
  opDivByZero = 2,
  opOverflow = 4,
  opUnderflow = 8,
  opInexact = 16,
};
inline OpStatus operator|(OpStatus a, OpStatus b) {
  return OpStatus(unsigned(a) | unsigned(b));
}
inline OpStatus operator&(OpStatus a, OpStatus b) {
  return OpStatus(unsigned(a) & unsigned(b));
}
inline OpStatus &operator|=(OpStatus &a, OpStatus b) { return a = a | b; }

/// Result of comparing two floats.
enum class CmpResult : uint8_t { LessThan, Equal, GreaterThan, Unordered };

/// What kind of value an APFloat holds.
enum class FltCategory : uint8_t { Infinity, NaN, Normal, Zero };

/// Which non-finite values a format can encode.
enum class NonFiniteBehavior : uint8_t {
  /// Infinities and NaNs, IEEE-754 style.
  IEEE754,
  /// NaNs but no infinities; overflow produces NaN.
  NanOnly,
  /// Neither; overflow saturates to the largest finite value.
  FiniteOnly,
};

/// How a format encodes NaN.
enum class NanEncoding : uint8_t {
  /// All-ones exponent with a nonzero significand.
  IEEE,
  /// All-ones exponent and significand.
  AllOnes,
  /// The bit pattern IEEE would use for negative zero.
  NegativeZero,
};

/// The float formats lamina knows by name.
enum class FloatKind : uint8_t {
  IEEEhalf,
  BFloat,
  IEEEsingle,
  IEEEdouble,
  IEEEquad,
  Float8E5M2,
  Float8E5M2FNUZ,
  Float8E4M3,
  Float8E4M3FN,
  Float8E4M3FNUZ,
  Float8E4M3B11FNUZ,
  Float8E3M4,
  FloatTF32,
  Float8E8M0FNU,
  Float6E3M2FN,
  Float6E2M3FN,
  Float4E2M1FN,
  x87DoubleExtended,
  /// A scratch format used inside an algorithm; has no encoding.
  Scratch,
};

/// The parameters of a binary floating point format. The named formats are
/// singletons reached through APFloat::IEEEsingle() and friends; compare
/// semantics by address.
struct FltSemantics {
  /// Largest E such that 2^E is representable (IEEE emax).
  int maxExponent;
  /// Smallest E such that 2^E is a normal number (IEEE emin).
  int minExponent;
  /// Significand bits, counting the integer bit.
  unsigned precision;
  /// Bits in the encoding.
  unsigned sizeInBits;
  NonFiniteBehavior nonFiniteBehavior;
  NanEncoding nanEncoding;
  /// False only for f8E8M0FNU.
  bool hasZero;
  /// False only for f8E8M0FNU.
  bool hasSignedRepr;
  FloatKind kind;
  /// The MLIR builtin type keyword ("f32", "f8E4M3FN", ...).
  const char *name;
};

/// Bits in an encoding of `sem`.
unsigned getSizeInBits(const FltSemantics &sem);

//===----------------------------------------------------------------------===//
// APFloat
//===----------------------------------------------------------------------===//

/// A floating point value of some FltSemantics. Cheap to copy.
class APFloat {
public:
  //===--------------------------------------------------------------------===//
  // Semantics
  //===--------------------------------------------------------------------===//

  static const FltSemantics &IEEEhalf();
  static const FltSemantics &BFloat();
  static const FltSemantics &IEEEsingle();
  static const FltSemantics &IEEEdouble();
  static const FltSemantics &IEEEquad();
  static const FltSemantics &x87DoubleExtended();
  static const FltSemantics &FloatTF32();
  static const FltSemantics &Float8E5M2();
  static const FltSemantics &Float8E5M2FNUZ();
  static const FltSemantics &Float8E4M3();
  static const FltSemantics &Float8E4M3FN();
  static const FltSemantics &Float8E4M3FNUZ();
  static const FltSemantics &Float8E4M3B11FNUZ();
  static const FltSemantics &Float8E3M4();
  static const FltSemantics &Float8E8M0FNU();
  static const FltSemantics &Float6E3M2FN();
  static const FltSemantics &Float6E2M3FN();
  static const FltSemantics &Float4E2M1FN();
  /// The named semantics for `kind` (not Scratch).
  static const FltSemantics &getSemantics(FloatKind kind);

  static unsigned getSizeInBits(const FltSemantics &sem) {
    return sem.sizeInBits;
  }
  static unsigned semanticsPrecision(const FltSemantics &sem) {
    return sem.precision;
  }
  static int semanticsMinExponent(const FltSemantics &sem) {
    return sem.minExponent;
  }
  static int semanticsMaxExponent(const FltSemantics &sem) {
    return sem.maxExponent;
  }
  static bool semanticsHasInf(const FltSemantics &sem) {
    return sem.nonFiniteBehavior == NonFiniteBehavior::IEEE754;
  }
  static bool semanticsHasNaN(const FltSemantics &sem) {
    return sem.nonFiniteBehavior != NonFiniteBehavior::FiniteOnly;
  }
  /// True if every value of `a` is exactly representable in `b`.
  static bool isRepresentableBy(const FltSemantics &a, const FltSemantics &b) {
    return a.maxExponent <= b.maxExponent && a.minExponent >= b.minExponent &&
           a.precision <= b.precision;
  }

  //===--------------------------------------------------------------------===//
  // Construction
  //===--------------------------------------------------------------------===//

  /// Positive zero of `sem` (2^-127 for f8E8M0FNU, which has no zero).
  explicit APFloat(const FltSemantics &sem);
  /// The IEEEdouble value `d`, bit for bit.
  explicit APFloat(double d);
  /// The IEEEsingle value `f`, bit for bit.
  explicit APFloat(float f);
  /// Parses `text` (see parse()) rounding to nearest, ties to even. Asserts
  /// that the text is well formed.
  APFloat(const FltSemantics &sem, std::string_view text);

  /// Parses decimal ("1.5", "-1.000000e+00", "1.23E-5", ".5", "7.") or
  /// hexadecimal ("0x1.8p3") text, optionally signed, or one of the special
  /// spellings "inf", "INFINITY", "+Inf", "-inf", "nan", "NaN", "snan",
  /// "nan(0x1f)"..., into `sem`, rounding correctly. Returns nullopt for
  /// malformed text. `status` receives the exception flags.
  static std::optional<APFloat>
  parse(const FltSemantics &sem, std::string_view text,
        RoundingMode rm = RoundingMode::NearestTiesToEven,
        OpStatus *status = nullptr);

  /// Decodes the bit pattern `bits` (width getSizeInBits(sem)).
  static APFloat fromBits(const FltSemantics &sem, const APInt &bits);
  /// Encodes the value as a bit pattern of getSizeInBits() bits.
  APInt bitcastToAPInt() const;

  static APFloat getZero(const FltSemantics &sem, bool negative = false);
  static APFloat getInf(const FltSemantics &sem, bool negative = false);
  /// A quiet NaN; a nonzero `payload` fills the low significand bits.
  static APFloat getNaN(const FltSemantics &sem, bool negative = false,
                        uint64_t payload = 0);
  static APFloat getQNaN(const FltSemantics &sem, bool negative = false,
                         const APInt *payload = nullptr);
  static APFloat getSNaN(const FltSemantics &sem, bool negative = false,
                         const APInt *payload = nullptr);
  /// The finite value of largest magnitude.
  static APFloat getLargest(const FltSemantics &sem, bool negative = false);
  /// The (denormal) value of smallest nonzero magnitude.
  static APFloat getSmallest(const FltSemantics &sem, bool negative = false);
  /// The normal value of smallest magnitude.
  static APFloat getSmallestNormalized(const FltSemantics &sem,
                                       bool negative = false);
  /// The value whose encoding is all ones.
  static APFloat getAllOnesValue(const FltSemantics &sem);

  //===--------------------------------------------------------------------===//
  // Conversion
  //===--------------------------------------------------------------------===//

  /// Converts in place to `to`, rounding with `rm`. `losesInfo` is set when
  /// converting back would not restore the value. Overflow becomes infinity,
  /// NaN (formats without infinity) or the largest finite value, as the
  /// rounding mode and `to` dictate.
  OpStatus convert(const FltSemantics &to, RoundingMode rm, bool *losesInfo);
  /// Replaces the value (keeping the semantics) with the integer `value`.
  OpStatus convertFromAPInt(const APInt &value, bool isSigned, RoundingMode rm);
  /// Converts to an integer of `result`'s bit width. Out-of-range values and
  /// NaN produce opInvalidOp and a saturated (NaN: zero) result. `isExact`
  /// tells whether the conversion was exact.
  OpStatus convertToInteger(APInt &result, bool isSigned, RoundingMode rm,
                            bool *isExact) const;
  /// The value as a host double; asserts it converts exactly.
  double convertToDouble() const;
  /// The value as a host float; asserts it converts exactly.
  float convertToFloat() const;

  //===--------------------------------------------------------------------===//
  // Arithmetic (operands must share semantics)
  //===--------------------------------------------------------------------===//

  OpStatus add(const APFloat &rhs, RoundingMode rm);
  OpStatus subtract(const APFloat &rhs, RoundingMode rm);
  OpStatus multiply(const APFloat &rhs, RoundingMode rm);
  OpStatus divide(const APFloat &rhs, RoundingMode rm);
  /// C fmod: the remainder with the sign of the dividend.
  OpStatus mod(const APFloat &rhs);
  /// IEEE remainder: x - n*y with n = x/y rounded to nearest even.
  OpStatus remainder(const APFloat &rhs);
  /// Rounds to an integral value in the same format.
  OpStatus roundToIntegral(RoundingMode rm);
  /// Steps to the next representable value up (or down).
  OpStatus next(bool nextDown);
  /// IEEE comparison; NaN compares unordered.
  CmpResult compare(const APFloat &rhs) const;
  /// Compares magnitudes of two finite nonzero values.
  CmpResult compareAbsoluteValue(const APFloat &rhs) const;

  /// x * 2^exp, rounded.
  static APFloat scalbn(APFloat x, int exp, RoundingMode rm);
  /// The unbiased exponent of a finite nonzero value (denormals normalised).
  /// Zero, infinity and NaN give kIlogbZero, kIlogbInf and kIlogbNaN.
  static int ilogb(const APFloat &x);
  static constexpr int kIlogbZero = -2147483647;
  static constexpr int kIlogbNaN = -2147483647 - 1;
  static constexpr int kIlogbInf = 2147483647;

  /// A copy with the sign flipped (no-op for NaN and zero of FNUZ formats).
  APFloat operator-() const {
    APFloat result(*this);
    result.changeSign();
    return result;
  }
  void changeSign();
  /// Sets the sign bit to that of `other`.
  void copySign(const APFloat &other) {
    if (isNegative() != other.isNegative())
      changeSign();
  }
  void clearSign() {
    if (isNegative())
      changeSign();
  }

  //===--------------------------------------------------------------------===//
  // Observers
  //===--------------------------------------------------------------------===//

  const FltSemantics &getSemantics() const { return *semantics; }
  FltCategory getCategory() const { return category; }
  bool isInfinity() const { return category == FltCategory::Infinity; }
  bool isNaN() const { return category == FltCategory::NaN; }
  bool isZero() const { return category == FltCategory::Zero; }
  bool isNegative() const { return sign; }
  bool isFinite() const { return !isNaN() && !isInfinity(); }
  bool isFiniteNonZero() const { return category == FltCategory::Normal; }
  bool isPosZero() const { return isZero() && !isNegative(); }
  bool isNegZero() const { return isZero() && isNegative(); }
  /// True for nonzero values below the smallest normal magnitude.
  bool isDenormal() const;
  /// True for finite nonzero values that are not denormal.
  bool isNormal() const { return isFiniteNonZero() && !isDenormal(); }
  /// True for a signalling NaN (never for NanOnly formats).
  bool isSignaling() const;
  bool isSmallest() const;
  bool isSmallestNormalized() const;
  bool isLargest() const;
  /// True for finite values with no fractional part.
  bool isInteger() const;

  /// True if both have the same semantics and the same value bit for bit
  /// (+0 and -0 differ; NaNs compare their payloads).
  bool bitwiseIsEqual(const APFloat &rhs) const;

  /// Appends the decimal spelling llvm::APFloat::toString produces:
  /// `formatPrecision` significant digits (0: enough to round trip),
  /// scientific notation when more than `formatMaxPadding` zeros would be
  /// needed (0: always), and with `truncateZero` false the mantissa is padded
  /// with zeros and a two-digit lowercase exponent ("1.000000e+00").
  /// Infinities print as "+Inf"/"-Inf" and NaN as "NaN".
  void toString(std::string &out, unsigned formatPrecision = 0,
                unsigned formatMaxPadding = 3, bool truncateZero = true) const;
  std::string toString(unsigned formatPrecision = 0,
                       unsigned formatMaxPadding = 3,
                       bool truncateZero = true) const {
    std::string out;
    toString(out, formatPrecision, formatMaxPadding, truncateZero);
    return out;
  }

  /// A hash consistent with bitwiseIsEqual.
  size_t hash() const;

private:
  friend struct APFloatImpl;

  const FltSemantics *semantics;
  int32_t exponent;
  FltCategory category;
  bool sign;
  /// Significand, integer bit included (at bit precision-1 when normal).
  uint64_t sig[2];
};

/// Appends the spelling mlir-opt's printer uses for a float attribute or
/// dense element: the 6-digit scientific form ("1.000000e+00") when it
/// parses back to the same value, else the shortest round-trip form
/// ("0.30000000000000004") when it has a '.', else (infinities, NaNs) the bit
/// pattern as an uppercase hex literal without leading zeros ("0x7FC00000").
/// `printedHex` (optional) reports whether the hex form was used.
void printFloatValue(const APFloat &value, std::string &out,
                     bool *printedHex = nullptr);

} // namespace lamina

#endif // LAMINA_SUPPORT_APFLOAT_H
