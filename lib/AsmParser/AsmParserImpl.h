//===- AsmParserImpl.h - AsmParser hooks implemented over a Parser ---------===//
//
// The methods of the AsmParser interface shared by the custom-op parser and
// the dialect attribute/type parser, implemented in terms of Parser.
//
#pragma once

#include "Parser.h"

namespace lamina {

template <typename BaseT> class AsmParserImpl : public BaseT {
public:
  AsmParserImpl(SMLoc nameLoc, Parser &parser) : nameLoc(nameLoc), parser(parser) {}
  ~AsmParserImpl() override = default;

  bool didEmitError() const { return emittedError; }

  MLIRContext *getContext() const override { return parser.getContext(); }
  SMLoc getCurrentLocation() override { return parser.getToken().getLoc(); }
  SMLoc getNameLoc() const override { return nameLoc; }
  Location getEncodedSourceLoc(SMLoc loc) override { return parser.getEncodedSourceLocation(loc); }
  InFlightDiagnostic emitError(SMLoc loc, std::string_view message) override {
    emittedError = true;
    return parser.emitError(loc, message);
  }
  std::string_view getCurrentTokenSpelling() override { return parser.getTokenSpelling(); }

#define LAMINA_PUNCT(Name, Kind, Spelling)                                                               \
  ParseResult parse##Name() override { return parser.parseToken(Token::Kind, "expected '" Spelling "'"); } \
  ParseResult parseOptional##Name() override { return success(parser.consumeIf(Token::Kind)); }
  LAMINA_PUNCT(Arrow, arrow, "->")
  LAMINA_PUNCT(LBrace, l_brace, "{")
  LAMINA_PUNCT(RBrace, r_brace, "}")
  LAMINA_PUNCT(Colon, colon, ":")
  LAMINA_PUNCT(Comma, comma, ",")
  LAMINA_PUNCT(Equal, equal, "=")
  LAMINA_PUNCT(Less, less, "<")
  LAMINA_PUNCT(Greater, greater, ">")
  LAMINA_PUNCT(Question, question, "?")
  LAMINA_PUNCT(Plus, plus, "+")
  LAMINA_PUNCT(Minus, minus, "-")
  LAMINA_PUNCT(Star, star, "*")
  LAMINA_PUNCT(VerticalBar, vertical_bar, "|")
  LAMINA_PUNCT(LParen, l_paren, "(")
  LAMINA_PUNCT(RParen, r_paren, ")")
  LAMINA_PUNCT(LSquare, l_square, "[")
  LAMINA_PUNCT(RSquare, r_square, "]")
  LAMINA_PUNCT(Ellipsis, ellipsis, "...")
#undef LAMINA_PUNCT

  ParseResult parseXInDimensionList() override { return parser.parseXInDimensionList(); }

  ParseResult parseOptionalKeyword(std::string_view keyword) override {
    if (parser.isCurrentTokenAKeyword() && parser.getTokenSpelling() == keyword) {
      parser.consumeToken();
      return success();
    }
    return failure();
  }
  ParseResult parseOptionalKeyword(std::string_view *keyword) override {
    if (!parser.isCurrentTokenAKeyword())
      return failure();
    *keyword = parser.getTokenSpelling();
    parser.consumeToken();
    return success();
  }
  ParseResult parseOptionalKeyword(std::string_view *keyword, ArrayRef<std::string_view> allowedValues) override {
    if (!parser.isCurrentTokenAKeyword())
      return failure();
    std::string_view spelling = parser.getTokenSpelling();
    for (std::string_view v : allowedValues)
      if (v == spelling) {
        *keyword = spelling;
        parser.consumeToken();
        return success();
      }
    return failure();
  }
  ParseResult parseOptionalKeywordOrString(std::string *result) override {
    std::string_view keyword;
    if (succeeded(parseOptionalKeyword(&keyword))) {
      *result = std::string(keyword);
      return success();
    }
    return parseOptionalString(result);
  }
  ParseResult parseOptionalString(std::string *string) override {
    if (!parser.getToken().is(Token::string))
      return failure();
    if (string)
      *string = parser.getToken().getStringValue();
    parser.consumeToken();
    return success();
  }
  ParseResult parseOptionalSymbolName(StringAttr &result) override {
    Token atToken = parser.getToken();
    if (atToken.isNot(Token::at_identifier))
      return failure();
    result = parser.builder.getStringAttr(atToken.getSymbolReference());
    parser.consumeToken();
    return success();
  }

  std::optional<ParseResult> parseOptionalInteger(APInt &result) override {
    // `false` and `true` are 0 and 1 (one bit wide), as in MLIR.
    if (parser.getToken().isAny(Token::kw_false, Token::kw_true)) {
      result = APInt(1, parser.getToken().is(Token::kw_true));
      parser.consumeToken();
      return ParseResult(success());
    }
    return parser.parseOptionalInteger(result);
  }
  ParseResult parseFloat(double &result) override {
    bool isNegative = parser.consumeIf(Token::minus);
    Token curTok = parser.getToken();
    SMLoc loc = curTok.getLoc();
    if (curTok.is(Token::integer)) {
      std::optional<APFloat> apResult;
      if (failed(parser.parseFloatFromIntegerLiteral(apResult, curTok, isNegative, APFloat::IEEEdouble())))
        return failure();
      parser.consumeToken(Token::integer);
      result = apResult->convertToDouble();
      return success();
    }
    if (curTok.is(Token::floatliteral)) {
      auto val = curTok.getFloatingPointValue();
      if (!val)
        return emitError(loc, "floating point value too large");
      parser.consumeToken(Token::floatliteral);
      result = isNegative ? -*val : *val;
      return success();
    }
    // As MLIR's parseFloat(double &): no `inf`/`nan` keywords (the
    // semantics-aware overload below takes them).
    return emitError(loc, "expected floating point literal");
  }
  ParseResult parseFloat(const FltSemantics &semantics, APFloat &result) override {
    bool isNegative = parser.consumeIf(Token::minus);
    Token curTok = parser.getToken();
    std::optional<APFloat> apResult;
    if (curTok.isAny(Token::integer, Token::floatliteral)) {
      if (failed(parser.parseFloatFromLiteral(apResult, curTok, isNegative, semantics)))
        return failure();
      parser.consumeToken();
      result = *apResult;
      return success();
    }
    if (curTok.is(Token::bare_identifier) && (curTok.getSpelling() == "inf" || curTok.getSpelling() == "nan")) {
      parser.consumeToken();
      result = curTok.getSpelling() == "inf" ? APFloat::getInf(semantics, isNegative) : APFloat::getNaN(semantics, isNegative);
      return success();
    }
    return emitError(curTok.getLoc(), "expected floating point literal");
  }

  ParseResult parseCommaSeparatedList(AsmParser::Delimiter delimiter, function_ref<ParseResult()> parseElementFn,
                                      std::string_view contextMessage) override {
    return parser.parseCommaSeparatedList(delimiter, parseElementFn, contextMessage);
  }

  ParseResult parseAttribute(Attribute &result, Type type) override {
    result = parser.parseAttribute(type);
    return success(bool(result));
  }
  std::optional<ParseResult> parseOptionalAttributeImpl(Attribute &result, Type type) override {
    return parser.parseOptionalAttribute(result, type);
  }
  ParseResult parseOptionalAttrDict(NamedAttrList &result) override {
    if (parser.getToken().is(Token::l_brace))
      return parser.parseAttributeDict(result);
    return success();
  }
  ParseResult parseOptionalAttrDictWithKeyword(NamedAttrList &result) override {
    if (failed(parseOptionalKeyword("attributes")))
      return success();
    return parser.parseAttributeDict(result);
  }
  ParseResult parseCustomAttributeWithFallback(Attribute &result, Type type,
                                               function_ref<ParseResult(Attribute &, Type)> parseAttribute) override {
    // A full attribute (`#dialect...`, alias) if it starts with '#'; the
    // stripped form parsed by the callback otherwise.
    if (parser.getToken().is(Token::hash_identifier)) {
      result = parser.parseAttribute(type);
      return success(bool(result));
    }
    return parseAttribute(result, type);
  }
  ParseResult parseCustomTypeWithFallback(Type &result, function_ref<ParseResult(Type &)> parseType) override {
    if (parser.getToken().is(Token::exclamation_identifier)) {
      result = parser.parseType();
      return success(bool(result));
    }
    return parseType(result);
  }
  ParseResult parseAffineMap(AffineMap &map) override { return parser.parseAffineMapReference(map); }
  ParseResult parseAffineExpr(ArrayRef<std::pair<std::string_view, AffineExpr>> symbolSet,
                              AffineExpr &expr) override {
    return parser.parseAffineExprReference(symbolSet, expr);
  }
  ParseResult parseIntegerSet(IntegerSet &set) override { return parser.parseIntegerSetReference(set); }

  ParseResult parseType(Type &result) override {
    result = parser.parseType();
    return success(bool(result));
  }
  std::optional<ParseResult> parseOptionalTypeImpl(Type &result) override { return parser.parseOptionalType(result); }
  ParseResult parseColonTypeList(SmallVectorImpl<Type> &result) override {
    return failure(parser.parseToken(Token::colon, "expected ':'") || parser.parseTypeListNoParens(result));
  }
  ParseResult parseOptionalColonTypeList(SmallVectorImpl<Type> &result) override {
    if (!parser.consumeIf(Token::colon))
      return success();
    return parser.parseTypeListNoParens(result);
  }
  ParseResult parseArrowTypeList(SmallVectorImpl<Type> &result) override {
    return failure(parseArrow() || parser.parseFunctionResultTypes(result));
  }
  ParseResult parseOptionalArrowTypeList(SmallVectorImpl<Type> &result) override {
    if (!parser.consumeIf(Token::arrow))
      return success();
    return parser.parseFunctionResultTypes(result);
  }
  ParseResult parseFunctionResultTypes(SmallVectorImpl<Type> &result) override {
    return parser.parseFunctionResultTypes(result);
  }
  ParseResult parseDimensionList(std::vector<int64_t> &dimensions, bool allowDynamic, bool withTrailingX) override {
    SmallVector<int64_t, 8> dims;
    ParseResult r = parser.parseDimensionListRanked(dims, allowDynamic, withTrailingX);
    dimensions.insert(dimensions.end(), dims.begin(), dims.end());
    return r;
  }
  ParseResult parseOptionalLocationSpecifier(std::optional<Location> &result) override {
    return parser.parseOptionalLocationSpecifier(result);
  }
  FailureOr<const void *> parseResourceHandle(const Dialect &dialect) override {
    std::string key;
    return parser.parseDialectResourceHandle(dialect, key);
  }
  bool pushCyclicParsing(const void *opaque) override { return parser.state.cyclicParsing.push(opaque); }
  void popCyclicParsing() override { parser.state.cyclicParsing.pop(); }

protected:
  SMLoc nameLoc;
  Parser &parser;
  bool emittedError = false;
};

} // namespace lamina
