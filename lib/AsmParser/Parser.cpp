//===- Parser.cpp - The parser's shared helpers ---------------------------===//
//
// The Parser base class: token handling, diagnostics, comma-separated and
// delimited lists, integer and float literals, the literal storage budget.
// The grammar's parsers derive from it: types, attributes, locations,
// affine structures (their own files), operations (OperationParser.h lists
// its files).
//
#include "Parser.h"

#include "AsmParserImpl.h"
#include "lamina/IR/BuiltinOps.h"
#include "lamina/IR/Dialect.h"
#include "lamina/IR/OpAsmInterface.h"
#include "lamina/IR/Verifier.h"
#include "lamina/Support/DenseMap.h"
#include "lamina/Support/ThreadPool.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <unordered_set>

using namespace lamina;

//===----------------------------------------------------------------------===//
// Parser: tokens, errors, lists, numbers
//===----------------------------------------------------------------------===//

InFlightDiagnostic Parser::emitError(SMLoc loc, std::string_view message) {
  InFlightDiagnostic diag = lamina::emitError(getEncodedSourceLocation(loc), message);
  // A parse error caused by a lexer error was already reported.
  if (getToken().is(Token::error))
    diag.abandon();
  return diag;
}

ParseResult Parser::reserveLiteralStorage(SMLoc loc, uint64_t bytes, std::string_view what) {
  if (bytes <= *state.literalStorageLeft) {
    *state.literalStorageLeft -= bytes;
    return success();
  }
  return emitError(loc) << what << " needs " << bytes << " bytes of storage, more than the literals of this input "
                        << "may still take (" << *state.literalStorageLeft << " bytes)";
}

ParseResult Parser::checkDecimalLiteralLength(const Token &tok, unsigned width) {
  std::string_view spelling = tok.getSpelling();
  if (width <= APInt::kMaxDecimalBits || (spelling.size() > 1 && spelling[1] == 'x'))
    return success();
  size_t significant = spelling.size() - std::min(spelling.size(), spelling.find_first_not_of('0'));
  if (significant <= APInt::kMaxDecimalDigits)
    return success();
  return emitError(tok.getLoc()) << "integer literal has more than " << uint64_t(APInt::kMaxDecimalDigits)
                                 << " decimal digits; write it in hexadecimal";
}

InFlightDiagnostic Parser::emitWrongTokenError(std::string_view message) {
  const char *loc = state.curToken.getLoc().getPointer();
  if (state.curToken.is(Token::eof) && loc > state.lex.getBufferBegin())
    --loc;
  const char *originalLoc = loc;
  const char *bufferStart = state.lex.getBufferBegin();
  std::string_view startOfBuffer(bufferStart, loc - bufferStart);
  while (true) {
    while (!startOfBuffer.empty() && (startOfBuffer.back() == ' ' || startOfBuffer.back() == '\t'))
      startOfBuffer.remove_suffix(1);
    if (startOfBuffer.empty())
      return emitError(SMLoc::getFromPointer(originalLoc), message);
    if (startOfBuffer.back() != '\n' && startOfBuffer.back() != '\r')
      return emitError(SMLoc::getFromPointer(startOfBuffer.data() + startOfBuffer.size()), message);
    startOfBuffer.remove_suffix(1);
    // If the previous line has a `//` comment, emit before it.
    std::string_view prevLine = startOfBuffer;
    size_t nl = prevLine.find_last_of("\n\r");
    if (nl != std::string_view::npos)
      prevLine = prevLine.substr(nl);
    size_t commentStart = prevLine.find("//");
    if (commentStart != std::string_view::npos)
      startOfBuffer.remove_suffix(prevLine.size() - commentStart);
  }
}

ParseResult Parser::parseToken(Token::Kind expectedToken, std::string_view message) {
  if (consumeIf(expectedToken))
    return success();
  return emitWrongTokenError(message);
}

ParseResult Parser::parseCommaSeparatedList(Delimiter delimiter, function_ref<ParseResult()> parseElementFn,
                                            std::string_view contextMessage) {
  // The message is only built when the token is missing: this runs for
  // every list in the input.
  auto expect = [&](Token::Kind kind, const char *what) -> ParseResult {
    if (getToken().is(kind)) {
      consumeToken();
      return success();
    }
    return parseToken(kind, std::string(what) + std::string(contextMessage));
  };
  switch (delimiter) {
  case Delimiter::None:
    break;
  case Delimiter::OptionalParen:
    if (getToken().isNot(Token::l_paren))
      return success();
    [[fallthrough]];
  case Delimiter::Paren:
    if (expect(Token::l_paren, "expected '('"))
      return failure();
    if (consumeIf(Token::r_paren))
      return success();
    break;
  case Delimiter::OptionalLessGreater:
    if (getToken().isNot(Token::less))
      return success();
    [[fallthrough]];
  case Delimiter::LessGreater:
    if (expect(Token::less, "expected '<'"))
      return failure();
    if (consumeIf(Token::greater))
      return success();
    break;
  case Delimiter::OptionalSquare:
    if (getToken().isNot(Token::l_square))
      return success();
    [[fallthrough]];
  case Delimiter::Square:
    if (expect(Token::l_square, "expected '['"))
      return failure();
    if (consumeIf(Token::r_square))
      return success();
    break;
  case Delimiter::OptionalBraces:
    if (getToken().isNot(Token::l_brace))
      return success();
    [[fallthrough]];
  case Delimiter::Braces:
    if (expect(Token::l_brace, "expected '{'"))
      return failure();
    if (consumeIf(Token::r_brace))
      return success();
    break;
  }
  if (parseElementFn())
    return failure();
  while (consumeIf(Token::comma))
    if (parseElementFn())
      return failure();
  switch (delimiter) {
  case Delimiter::None:
    return success();
  case Delimiter::OptionalParen:
  case Delimiter::Paren:
    return expect(Token::r_paren, "expected ')'");
  case Delimiter::OptionalLessGreater:
  case Delimiter::LessGreater:
    return expect(Token::greater, "expected '>'");
  case Delimiter::OptionalSquare:
  case Delimiter::Square:
    return expect(Token::r_square, "expected ']'");
  case Delimiter::OptionalBraces:
  case Delimiter::Braces:
    return expect(Token::r_brace, "expected '}'");
  }
  return success();
}

ParseResult Parser::parseCommaSeparatedListUntil(Token::Kind rightToken, function_ref<ParseResult()> parseElement,
                                                 bool allowEmptyList) {
  if (getToken().is(rightToken)) {
    if (!allowEmptyList)
      return emitWrongTokenError("expected list element");
    consumeToken(rightToken);
    return success();
  }
  if (parseCommaSeparatedList(parseElement))
    return failure();
  if (consumeIf(rightToken))
    return success();
  return parseToken(rightToken, "expected ',' or '" + std::string(Token::getTokenSpelling(rightToken)) + "'");
}

std::optional<ParseResult> Parser::parseOptionalInteger(APInt &result) {
  bool negative = consumeIf(Token::minus);
  Token curToken = getToken();
  if (curToken.isNot(Token::integer)) {
    if (negative)
      return ParseResult(emitError("expected integer value"));
    return std::nullopt;
  }
  std::string_view spelling = curToken.getSpelling();
  bool isHex = spelling.size() > 1 && spelling[1] == 'x';
  auto value = APInt::fromString(isHex ? spelling.substr(2) : spelling, isHex ? 16 : 10);
  if (!value)
    return ParseResult(emitError(curToken.getLoc(), "integer value too large"));
  consumeToken(Token::integer);
  // The width is MLIR's (4 bits per digit, as StringRef::getAsInteger
  // sizes it; AsmParser::parseInteger's range check depends on it), plus a
  // zero sign bit if the top bit is set; then the sign is applied.
  size_t numDigits = isHex ? spelling.size() - 2 : spelling.size();
  unsigned width = unsigned(std::min<size_t>(4 * numDigits, APInt::kMaxBitWidth - 1));
  result = value->getBitWidth() < width ? value->zext(width) : *value;
  if (result.isNegative())
    result = result.zext(result.getBitWidth() + 1);
  if (negative)
    result = -result;
  return ParseResult(success());
}

std::optional<ParseResult> Parser::parseOptionalDecimalInteger(APInt &result) {
  if (getToken().is(Token::integer)) {
    std::string_view spelling = getTokenSpelling();
    if (spelling.size() > 1 && spelling[1] == 'x')
      return std::nullopt;
  }
  return parseOptionalInteger(result);
}

ParseResult Parser::parseFloatFromIntegerLiteral(std::optional<APFloat> &result, const Token &tok, bool isNegative,
                                                 const FltSemantics &semantics) {
  std::string_view spelling = tok.getSpelling();
  bool isHex = spelling.size() > 1 && spelling[1] == 'x';
  if (!isHex) {
    InFlightDiagnostic diag = emitError(tok.getLoc(), "unexpected decimal integer literal for a floating point value");
    diag.attachNote() << "add a trailing dot to make the literal a float";
    return failure();
  }
  if (isNegative)
    return emitError(tok.getLoc(), "hexadecimal float literal should not have a leading minus");
  auto intValue = APInt::fromString(spelling.substr(2), 16);
  if (!intValue)
    return emitError(tok.getLoc(), "hexadecimal float constant out of range for type");
  unsigned typeSizeInBits = APFloat::getSizeInBits(semantics);
  if (intValue->getActiveBits() > typeSizeInBits)
    return emitError(tok.getLoc(), "hexadecimal float constant out of range for type");
  result.emplace(APFloat::fromBits(semantics, intValue->zextOrTrunc(typeSizeInBits)));
  return success();
}

ParseResult Parser::parseFloatFromLiteral(std::optional<APFloat> &result, const Token &tok, bool isNegative,
                                          const FltSemantics &semantics) {
  if (tok.is(Token::floatliteral)) {
    auto val = tok.getFloatingPointValue();
    if (!val)
      return emitError(tok.getLoc(), "floating point value too large");
    APFloat v(isNegative ? -*val : *val);
    bool losesInfo;
    (void)v.convert(semantics, RoundingMode::NearestTiesToEven, &losesInfo);
    result.emplace(v);
    return success();
  }
  if (tok.is(Token::integer))
    return parseFloatFromIntegerLiteral(result, tok, isNegative, semantics);
  return emitError(tok.getLoc(), "expected floating point literal");
}
