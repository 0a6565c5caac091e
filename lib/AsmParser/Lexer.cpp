//===- Lexer.cpp - Splits MLIR text into tokens ---------------------------===//
#include "Lexer.h"

#include "lamina/IR/BuiltinLocations.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/Support/SourceMgr.h"

#include <cctype>
#include <cstring>

using namespace lamina;

/// How often (in bytes of input) lexed text is handed back to a mapped buffer.
static constexpr size_t kReleaseInterval = size_t(1) << 20;

static bool isPunct(char c) { return c == '$' || c == '.' || c == '_' || c == '-'; }
static bool isAlpha(char c) { return unsigned((c | 0x20) - 'a') < 26u; }
static bool isDigit(char c) { return c >= '0' && c <= '9'; }
static bool isHexDigit(char c) { return isDigit(c) || unsigned((c | 0x20) - 'a') < 6u; }

namespace {
/// Characters that may continue a bare identifier: letters, digits, `_`, `$`
/// and `.`.
struct IdentifierChars {
  bool table[256] = {};
  constexpr IdentifierChars() {
    for (int c = 'a'; c <= 'z'; ++c)
      table[c] = table[c - 'a' + 'A'] = true;
    for (int c = '0'; c <= '9'; ++c)
      table[c] = true;
    table[int('_')] = table[int('$')] = table[int('.')] = true;
  }
};
constexpr IdentifierChars kIdentifierChars;
inline bool isIdentifierChar(char c) { return kIdentifierChars.table[static_cast<unsigned char>(c)]; }

} // namespace

Lexer::Lexer(const SourceMgr &sourceMgr, unsigned bufferID, MLIRContext *context)
    : sourceMgr(sourceMgr), bufferID(bufferID), context(context) {
  const MemoryBuffer *buffer = sourceMgr.getMemoryBuffer(bufferID);
  curBuffer = buffer->getBuffer();
  curPtr = curBuffer.data();
  memBuffer = buffer;
  nextReleasePoint = curPtr + kReleaseInterval;
  limit = curBuffer.data() + curBuffer.size();
  releaseFloor = curBuffer.data();
  bufferName = StringAttr::get(context, buffer->getBufferIdentifier());
  // Queries near the start count lines from it: the source manager's line
  // table costs a scan of the whole buffer (the parallel parser asks for the
  // position of the first top-level op, and then nothing else may).
  seedLineCursor(curBuffer.data(), curBuffer.data(), 1);
}

void Lexer::restrictTo(const char *begin, const char *end) {
  curPtr = begin;
  limit = end;
  releaseFloor = begin;
  nextReleasePoint = begin + kReleaseInterval;
}

std::pair<unsigned, unsigned> Lexer::getLineAndColumn(const char *ptr) {
  // Forward counting is bounded so a far jump costs one table lookup
  // rather than a long scan (and never reads text handed back to a mapped
  // buffer, which keeps a larger margin).
  constexpr size_t kMaxScan = size_t(64) << 10;
  if (lineCursor && ptr >= lineCursor && size_t(ptr - lineCursor) <= kMaxScan) {
    const char *p = lineCursor;
    while (const void *nl = std::memchr(p, '\n', size_t(ptr - p))) {
      ++lineCursorLine;
      p = static_cast<const char *>(nl) + 1;
      lineCursorStart = p;
    }
    lineCursor = ptr;
    return {lineCursorLine, unsigned(ptr - lineCursorStart) + 1};
  }
  auto [line, col] = sourceMgr.getLineAndColumn(ptr, bufferID);
  lineCursor = ptr;
  lineCursorLine = line;
  lineCursorStart = ptr - (col - 1);
  return {line, col};
}

Location Lexer::getEncodedSourceLocation(SMLoc loc) {
  auto [line, col] = getLineAndColumn(loc.getPointer());
  return FileLineColLoc::get(bufferName, line, col);
}

StateLocation Lexer::getPackedSourceLocation(SMLoc loc) {
  auto [line, col] = getLineAndColumn(loc.getPointer());
  if (packedFileIndex == kFileIndexUnknown)
    packedFileIndex = PackedLocation::getFileIndex(context, bufferName);
  return StateLocation(context, PackedLocation::getFileLineCol(context, packedFileIndex, bufferName, line, col));
}

Token Lexer::emitError(const char *loc, std::string_view message) {
  lamina::emitError(getEncodedSourceLocation(SMLoc::getFromPointer(loc)), message).report();
  return formToken(Token::error, loc);
}

Token Lexer::lexToken() {
  const char *end = curBuffer.data() + curBuffer.size();
  if (curPtr >= nextReleasePoint) {
    memBuffer->releaseRange(releaseFloor, curPtr);
    nextReleasePoint = curPtr + kReleaseInterval;
  }
  while (true) {
    const char *tokStart = curPtr;
    if (curPtr >= limit && limit != end) // end of a chunk (restrictTo)
      return formToken(Token::eof, tokStart);
    switch (*curPtr++) {
    default:
      if (isAlpha(curPtr[-1]))
        return lexBareIdentifierOrKeyword(tokStart);
      return emitError(tokStart, "unexpected character");
    case ' ':
    case '\t':
    case '\n':
    case '\r':
      continue;
    case '_':
      return lexBareIdentifierOrKeyword(tokStart);
    case 0:
      // Either a NUL in the text (skipped) or the terminator at the end.
      if (curPtr - 1 == end) {
        --curPtr;
        return formToken(Token::eof, tokStart);
      }
      continue;
    case ':':
      return formToken(Token::colon, tokStart);
    case ',':
      return formToken(Token::comma, tokStart);
    case '.':
      return lexEllipsis(tokStart);
    case '(':
      return formToken(Token::l_paren, tokStart);
    case ')':
      return formToken(Token::r_paren, tokStart);
    case '{':
      if (*curPtr == '-' && curPtr[1] == '#') {
        curPtr += 2;
        return formToken(Token::file_metadata_begin, tokStart);
      }
      return formToken(Token::l_brace, tokStart);
    case '}':
      return formToken(Token::r_brace, tokStart);
    case '[':
      return formToken(Token::l_square, tokStart);
    case ']':
      return formToken(Token::r_square, tokStart);
    case '<':
      return formToken(Token::less, tokStart);
    case '>':
      return formToken(Token::greater, tokStart);
    case '=':
      return formToken(Token::equal, tokStart);
    case '+':
      return formToken(Token::plus, tokStart);
    case '*':
      return formToken(Token::star, tokStart);
    case '-':
      if (*curPtr == '>') {
        ++curPtr;
        return formToken(Token::arrow, tokStart);
      }
      return formToken(Token::minus, tokStart);
    case '?':
      return formToken(Token::question, tokStart);
    case '|':
      return formToken(Token::vertical_bar, tokStart);
    case '/':
      if (*curPtr == '/') {
        skipComment();
        continue;
      }
      // A lone slash is a token of its own (no parser expects it, so the
      // error is the parser's: "expected ...", as in mlir-opt).
      return formToken(Token::slash, tokStart);
    case '@':
      return lexAtIdentifier(tokStart);
    case '#':
      if (*curPtr == '-' && curPtr[1] == '}') {
        curPtr += 2;
        return formToken(Token::file_metadata_end, tokStart);
      }
      [[fallthrough]];
    case '!':
    case '^':
    case '%':
      return lexPrefixedIdentifier(tokStart);
    case '"':
      return lexString(tokStart);
    case '0':
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7':
    case '8':
    case '9':
      return lexNumber(tokStart);
    }
  }
}

Token Lexer::lexAtIdentifier(const char *tokStart) {
  char cur = *curPtr++;
  if (cur == '"') {
    Token str = lexString(curPtr - 1);
    if (str.is(Token::error))
      return str;
    return formToken(Token::at_identifier, tokStart);
  }
  if (!isAlpha(cur) && cur != '_')
    return emitError(curPtr - 1, "@ identifier expected to start with letter or '_'");
  while (isIdentifierChar(*curPtr))
    ++curPtr;
  return formToken(Token::at_identifier, tokStart);
}

namespace {
/// The keywords of TokenKinds.def in an open-addressing table keyed by
/// length and first, second and last character, so that classifying an
/// identifier costs one or two probes rather than a scan of every keyword.
class KeywordTable {
public:
  KeywordTable() {
    static const Entry keywords[] = {
#define TOK_KEYWORD(SPELLING) {#SPELLING, Token::kw_##SPELLING},
#include "TokenKinds.def"
    };
    for (const Entry &k : keywords) {
      size_t i = slotOf(k.spelling);
      while (!slots[i].spelling.empty())
        i = (i + 1) & (kSize - 1);
      slots[i] = k;
    }
  }
  /// Returns the keyword kind of `spelling`, or bare_identifier.
  Token::Kind lookup(std::string_view spelling) const {
    if (spelling.size() > kMaxLength)
      return Token::bare_identifier;
    for (size_t i = slotOf(spelling);; i = (i + 1) & (kSize - 1)) {
      const Entry &e = slots[i];
      if (e.spelling.empty())
        return Token::bare_identifier;
      if (e.spelling == spelling)
        return e.kind;
    }
  }

private:
  struct Entry {
    std::string_view spelling;
    Token::Kind kind;
  };
  static constexpr size_t kSize = 512;
  static constexpr size_t kMaxLength = 32;
  static size_t slotOf(std::string_view s) {
    size_t n = s.size();
    unsigned c0 = static_cast<unsigned char>(s[0]);
    unsigned c1 = n > 1 ? static_cast<unsigned char>(s[1]) : 0;
    unsigned cl = static_cast<unsigned char>(s[n - 1]);
    return (n * 97 + c0 * 31 + c1 * 7 + cl * 131) & (kSize - 1);
  }
  Entry slots[kSize] = {};
};
const KeywordTable kKeywordTable;
} // namespace

Token Lexer::lexBareIdentifierOrKeyword(const char *tokStart) {
  if (tokStart >= lastIdentifierStart && tokStart < lastIdentifierEnd) {
    // Everything up to the end of the enclosing identifier is identifier
    // characters.
    curPtr = lastIdentifierEnd;
  } else {
    while (isIdentifierChar(*curPtr))
      ++curPtr;
    lastIdentifierStart = tokStart;
    lastIdentifierEnd = curPtr;
  }
  std::string_view spelling(tokStart, curPtr - tokStart);
  auto allDigits = [](std::string_view s) {
    for (char c : s)
      if (!isDigit(c))
        return false;
    return true;
  };
  char c0 = spelling[0];
  if ((c0 == 'i' && spelling.size() > 1 && allDigits(spelling.substr(1))) ||
      ((c0 == 's' || c0 == 'u') && spelling.size() > 2 && spelling[1] == 'i' && allDigits(spelling.substr(2))))
    return Token(Token::inttype, spelling);
  return Token(kKeywordTable.lookup(spelling), spelling);
}

Token Lexer::lexEllipsis(const char *tokStart) {
  if (*curPtr != '.' || curPtr[1] != '.')
    return emitError(curPtr, "expected three consecutive dots for an ellipsis");
  curPtr += 2;
  return formToken(Token::ellipsis, tokStart);
}

Token Lexer::lexNumber(const char *tokStart) {
  if (curPtr[-1] == '0' && *curPtr == 'x') {
    if (!isHexDigit(curPtr[1]))
      return formToken(Token::integer, tokStart);
    curPtr += 2;
    while (isHexDigit(*curPtr))
      ++curPtr;
    return formToken(Token::integer, tokStart);
  }
  while (isDigit(*curPtr))
    ++curPtr;
  if (*curPtr != '.')
    return formToken(Token::integer, tokStart);
  ++curPtr;
  while (isDigit(*curPtr))
    ++curPtr;
  if (*curPtr == 'e' || *curPtr == 'E') {
    if (isDigit(curPtr[1]) || ((curPtr[1] == '-' || curPtr[1] == '+') && isDigit(curPtr[2]))) {
      curPtr += 2;
      while (isDigit(*curPtr))
        ++curPtr;
    }
  }
  return formToken(Token::floatliteral, tokStart);
}

Token Lexer::lexPrefixedIdentifier(const char *tokStart) {
  Token::Kind kind;
  std::string_view errorKind;
  switch (*tokStart) {
  case '#':
    kind = Token::hash_identifier;
    errorKind = "invalid attribute name";
    break;
  case '%':
    kind = Token::percent_identifier;
    errorKind = "invalid SSA name";
    break;
  case '^':
    kind = Token::caret_identifier;
    errorKind = "invalid block name";
    break;
  default:
    kind = Token::exclamation_identifier;
    errorKind = "invalid type identifier";
    break;
  }
  if (isDigit(*curPtr)) {
    while (isDigit(*curPtr))
      ++curPtr;
  } else if (isAlpha(*curPtr) || isPunct(*curPtr)) {
    do {
      ++curPtr;
    } while (isAlpha(*curPtr) || isDigit(*curPtr) || isPunct(*curPtr));
  } else {
    return emitError(curPtr - 1, errorKind);
  }
  return formToken(kind, tokStart);
}

Token Lexer::lexString(const char *tokStart) {
  const char *end = curBuffer.data() + curBuffer.size();
  while (true) {
    switch (*curPtr++) {
    case '"':
      return formToken(Token::string, tokStart);
    case 0:
      if (curPtr - 1 != end)
        continue;
      --curPtr;
      return emitError(curPtr, "expected '\"' in string literal");
    case '\n':
    case '\v':
    case '\f':
      return emitError(curPtr - 1, "expected '\"' in string literal");
    case '\\':
      if (*curPtr == '"' || *curPtr == '\\' || *curPtr == 'n' || *curPtr == 't')
        ++curPtr;
      else if (isHexDigit(*curPtr) && isHexDigit(curPtr[1]))
        curPtr += 2;
      else
        return emitError(curPtr - 1, "unknown escape in string literal");
      continue;
    default:
      continue;
    }
  }
}

void Lexer::skipComment() {
  const char *end = curBuffer.data() + curBuffer.size();
  ++curPtr;
  while (true) {
    switch (*curPtr++) {
    case '\n':
    case '\r':
      return;
    case 0:
      if (curPtr - 1 == end) {
        --curPtr;
        return;
      }
      [[fallthrough]];
    default:
      break;
    }
  }
}
