//===- Token.h - A lexed token: kind plus a slice of the source ----------===//
#pragma once

#include "lamina/IR/OpImplementation.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace lamina {

/// A token: its kind and its spelling, a view into the source buffer (no
/// allocation per token).
class Token {
public:
  enum Kind {
#define TOK_MARKER(NAME) NAME,
#define TOK_IDENTIFIER(NAME) NAME,
#define TOK_LITERAL(NAME) NAME,
#define TOK_PUNCTUATION(NAME, SPELLING) NAME,
#define TOK_KEYWORD(SPELLING) kw_##SPELLING,
#include "TokenKinds.def"
  };

  Token() = default;
  Token(Kind kind, std::string_view spelling) : kind(kind), spelling(spelling) {}

  std::string_view getSpelling() const { return spelling; }
  Kind getKind() const { return kind; }
  bool is(Kind k) const { return kind == k; }
  bool isAny(Kind k1, Kind k2) const { return is(k1) || is(k2); }
  template <typename... T> bool isAny(Kind k1, Kind k2, Kind k3, T... others) const {
    return is(k1) || isAny(k2, k3, others...);
  }
  bool isNot(Kind k) const { return kind != k; }
  template <typename... T> bool isNot(Kind k1, Kind k2, T... others) const {
    return !isAny(k1, k2, others...);
  }
  /// True for keywords (any identifier-like token that is a reserved word).
  bool isKeyword() const;
  /// True for bare identifiers and keywords (anything usable as a keyword).
  bool isCodeCompletion() const { return is(code_complete); }

  /// For integer tokens: the value, if it fits in 64 bits unsigned.
  std::optional<uint64_t> getUInt64IntegerValue() const;
  /// For float tokens: the value as parsed by strtod, or nullopt on overflow.
  std::optional<double> getFloatingPointValue() const;
  /// For inttype tokens: the width, if it fits.
  std::optional<unsigned> getIntTypeBitwidth() const;
  /// For inttype tokens: true for `si`, false for `ui`, nullopt for `i`.
  std::optional<bool> getIntTypeSignedness() const;
  /// For string tokens: the unescaped contents.
  std::string getStringValue() const;
  /// For string tokens: the hex-decoded bytes of a "0x..." string.
  std::optional<std::string> getHexStringValue() const;
  /// For at_identifier: the symbol name (quoted form unescaped).
  std::string getSymbolReference() const;
  /// For hash/percent/caret/exclamation identifiers: the text after the prefix.
  std::optional<unsigned> getHashIdentifierNumber() const;

  SMLoc getLoc() const { return SMLoc::getFromPointer(spelling.data()); }
  SMLoc getEndLoc() const { return SMLoc::getFromPointer(spelling.data() + spelling.size()); }

  /// The spelling of a token kind, for punctuation and keywords.
  static std::string_view getTokenSpelling(Kind kind);
  bool isPunctuation() const;

private:
  Kind kind = error;
  std::string_view spelling;
};

} // namespace lamina
