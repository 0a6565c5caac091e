//===- EnumDef.h - Declarative enums (ODS EnumAttrInfo) -------------------===//
//
// An enum is a list of cases (symbol, value, string). It serves two ODS
// patterns:
//
//  * an integer enum used directly as an op attribute (I32EnumAttr /
//    I64EnumAttr, e.g. arith.cmpi's predicate): stored as an IntegerAttr,
//    printed and parsed by the op format as a bare keyword (`slt`), see
//    IntEnumAttr();
//  * the parameter of a dialect attribute (EnumAttr, e.g.
//    `#arith.fastmath<nnan,ninf>`), see AttrTypeDef.h; bit enums combine
//    cases with a separator.
//
// Example:
//
//   static const ods::EnumInfo cmpIPredicate = ods::EnumInfo::intEnum(
//       "CmpIPredicate", 64, {{"eq", 0}, {"ne", 1}, {"slt", 2}, ...});
//   ...attr("predicate", ods::IntEnumAttr(cmpIPredicate))
//
#pragma once

#include "lamina/ODS/Constraints.h"

#include <optional>
#include <string>
#include <vector>

namespace lamina {
namespace ods {

/// One case of an enum. `str` defaults to `symbol`.
struct EnumCase {
  std::string symbol;
  int64_t value;
  std::string str;
  EnumCase(std::string symbol, int64_t value) : symbol(symbol), value(value), str(std::move(symbol)) {}
  EnumCase(std::string symbol, int64_t value, std::string str)
      : symbol(std::move(symbol)), value(value), str(std::move(str)) {}
};

/// The description of an enum: MLIR's EnumAttrInfo / BitEnumAttr.
struct EnumInfo {
  /// The C++ class name.
  std::string name;
  /// The qualified C++ type MLIR names in parse errors ("expected
  /// ::mlir::arith::FastMathFlags to be one of: ..."); defaults to `name`.
  std::string cppType;
  /// The enum's summary (ODS `summary`).
  std::string summary;
  std::vector<EnumCase> cases;
  /// Width of the underlying integer (I32EnumAttr: 32, I64EnumAttr: 64).
  unsigned bitWidth = 32;
  bool isBitEnum = false;
  /// Bit enums: the separator printed between cases ("|", ",", ", ").
  std::string separator = "|";
  /// Bit enums: print multi-bit groups ("fast") instead of their bits.
  bool printBitEnumPrimaryGroups = false;
  /// Bit enums: old style, printed as one quoted string.
  bool printBitEnumQuoted = false;

  /// An integer enum; `summary` empty makes MLIR's default ("allowed
  /// 64-bit signless integer cases: 0, 1, ...").
  static EnumInfo intEnum(std::string name, unsigned bitWidth, std::vector<EnumCase> cases,
                          std::string summary = {});
  /// A bit enum (cases are bits or groups of bits; value 0 is "none").
  static EnumInfo bitEnum(std::string name, unsigned bitWidth, std::vector<EnumCase> cases, std::string separator,
                          std::string summary = {}, bool printPrimaryGroups = false);

  /// The string of `value` (MLIR's stringifyEnum).
  std::string stringify(uint64_t value) const;
  /// The value of `str` (MLIR's symbolizeEnum).
  std::optional<uint64_t> symbolize(std::string_view str) const;
  /// The case strings that are valid keywords.
  std::vector<std::string_view> keywordCases() const;
  /// Whether `s` can be printed as a bare keyword.
  bool isKeywordCase(std::string_view s) const;
  /// The mask of all case bits (bit enums).
  uint64_t validBits() const;

  /// For integer enums stored as IntegerAttr: builds the attribute / reads
  /// its value.
  Attribute buildAttr(MLIRContext *ctx, uint64_t value) const;
  uint64_t getValue(Attribute attr) const;
  /// Whether `attr` is an IntegerAttr of the enum's width holding a case
  /// (bit enums: only known bits).
  bool isCaseAttr(Attribute attr) const;

  /// Parses a value as the enum's ODS `parameterParser` does: a keyword
  /// (bit enums: keywords joined by the separator), "expected <cppType> to
  /// be one of: a, b, c" otherwise.
  FailureOr<uint64_t> parse(AsmParser &parser) const;
  /// Prints a value as the `parameterPrinter` does (the case string).
  void print(AsmPrinter &printer, uint64_t value) const;
  /// The FieldParser<Enum> form (keyword or string) and the enum's
  /// `operator<<` (quoted when not a keyword), used by plain EnumInfo
  /// parameters.
  FailureOr<uint64_t> parseField(AsmParser &parser) const;
  void printField(AsmPrinter &printer, uint64_t value) const;
};

/// The op attribute constraint of an integer enum used directly
/// (I32EnumAttr/I64EnumAttr): an IntegerAttr of the enum's width whose
/// value is a case. The op format prints it as a keyword.
AttrConstraint IntEnumAttr(const EnumInfo &info);

/// An EnumProp (`mnemonic` empty) or NamedEnumPropWithAttrForm property:
/// stored as `N : i<width>` (its generic form), written in the op format as
/// the enum (`inbounds`, `overflow<nsw, nuw>`), a varint in bytecode.
AttrConstraint EnumProp(const EnumInfo &info, std::string mnemonic = {});

} // namespace ods
} // namespace lamina
