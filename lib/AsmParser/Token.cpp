//===- Token.cpp - A lexed token ------------------------------------------===//
#include "Token.h"

#include <cerrno>
#include <cstdlib>

using namespace lamina;

static int hexDigitValue(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

std::optional<uint64_t> Token::getUInt64IntegerValue() const {
  // Any token may be asked (`vector<[?]x...>` asks a `?`): only digits are
  // a value.
  std::string_view s = spelling;
  if (s.empty())
    return std::nullopt;
  uint64_t result = 0;
  bool isHex = s.size() > 1 && s[1] == 'x';
  if (isHex) {
    if (s.size() == 2)
      return std::nullopt;
    for (char c : s.substr(2)) {
      int d = hexDigitValue(c);
      if (d < 0 || (result >> 60))
        return std::nullopt;
      result = result * 16 + unsigned(d);
    }
    return result;
  }
  for (char c : s) {
    if (c < '0' || c > '9')
      return std::nullopt;
    uint64_t d = uint64_t(c - '0');
    if (result > (UINT64_MAX - d) / 10)
      return std::nullopt;
    result = result * 10 + d;
  }
  return result;
}

std::optional<double> Token::getFloatingPointValue() const {
  // The lexer guarantees a well-formed decimal literal; strtod needs a NUL
  // terminator, so copy into a small buffer.
  char buf[128];
  std::string big;
  const char *str;
  if (spelling.size() < sizeof(buf)) {
    std::memcpy(buf, spelling.data(), spelling.size());
    buf[spelling.size()] = 0;
    str = buf;
  } else {
    big.assign(spelling);
    str = big.c_str();
  }
  return std::strtod(str, nullptr);
}

std::optional<unsigned> Token::getIntTypeBitwidth() const {
  size_t start = spelling[0] == 'i' ? 1 : 2;
  uint64_t result = 0;
  for (char c : spelling.substr(start)) {
    result = result * 10 + uint64_t(c - '0');
    if (result > UINT32_MAX)
      return std::nullopt;
  }
  return unsigned(result);
}

std::optional<bool> Token::getIntTypeSignedness() const {
  if (spelling[0] == 'i')
    return std::nullopt;
  return spelling[0] == 's';
}

std::string Token::getStringValue() const {
  std::string_view bytes = spelling.substr(1);
  bytes = bytes.substr(0, bytes.size() - 1);
  if (kind == at_identifier)
    bytes = bytes.substr(1);
  if (bytes.find('\\') == std::string_view::npos)
    return std::string(bytes); // nothing to unescape
  std::string result;
  result.reserve(bytes.size());
  for (size_t i = 0, e = bytes.size(); i != e;) {
    char c = bytes[i++];
    if (c != '\\') {
      result.push_back(c);
      continue;
    }
    char c1 = bytes[i++];
    switch (c1) {
    case '"':
    case '\\':
      result.push_back(c1);
      continue;
    case 'n':
      result.push_back('\n');
      continue;
    case 't':
      result.push_back('\t');
      continue;
    default:
      break;
    }
    char c2 = bytes[i++];
    result.push_back(char((hexDigitValue(c1) << 4) | hexDigitValue(c2)));
  }
  return result;
}

std::optional<std::string> Token::getHexStringValue() const {
  std::string_view bytes = spelling.substr(1, spelling.size() - 2);
  if (bytes.size() < 2 || bytes[0] != '0' || bytes[1] != 'x' || (bytes.size() & 1))
    return std::nullopt;
  std::string result;
  result.resize((bytes.size() - 2) / 2);
  for (size_t i = 2, o = 0; i < bytes.size(); i += 2, ++o) {
    int hi = hexDigitValue(bytes[i]), lo = hexDigitValue(bytes[i + 1]);
    if (hi < 0 || lo < 0)
      return std::nullopt;
    result[o] = char((hi << 4) | lo);
  }
  return result;
}

std::string Token::getSymbolReference() const {
  std::string_view nameStr = spelling.substr(1);
  if (!nameStr.empty() && nameStr[0] == '"')
    return getStringValue();
  return std::string(nameStr);
}

std::optional<unsigned> Token::getHashIdentifierNumber() const {
  uint64_t result = 0;
  std::string_view s = spelling.substr(1);
  if (s.empty())
    return std::nullopt;
  for (char c : s) {
    if (c < '0' || c > '9')
      return std::nullopt;
    result = result * 10 + uint64_t(c - '0');
    if (result > UINT32_MAX)
      return std::nullopt;
  }
  return unsigned(result);
}

std::string_view Token::getTokenSpelling(Kind kind) {
  switch (kind) {
#define TOK_PUNCTUATION(NAME, SPELLING)                                                                  \
  case NAME:                                                                                           \
    return SPELLING;
#define TOK_KEYWORD(SPELLING)                                                                          \
  case kw_##SPELLING:                                                                                  \
    return #SPELLING;
#include "TokenKinds.def"
  default:
    return "";
  }
}

bool Token::isKeyword() const {
  switch (kind) {
#define TOK_KEYWORD(SPELLING) case kw_##SPELLING:
#include "TokenKinds.def"
    return true;
  default:
    return false;
  }
}

bool Token::isPunctuation() const {
  switch (kind) {
#define TOK_PUNCTUATION(NAME, SPELLING) case NAME:
#include "TokenKinds.def"
    return true;
  default:
    return false;
  }
}
