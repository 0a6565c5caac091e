//===- LocationParser.cpp - The location grammar --------------------------===//
#include "Parser.h"

using namespace lamina;

ParseResult Parser::parseLocationInstance(LocationAttr &loc) {
  NestingGuard guard(*this);
  if (guard.tooDeep())
    return emitNestingTooDeep();
  if (getToken().is(Token::hash_identifier)) {
    Attribute locAttr = parseExtendedAttr(Type());
    if (!locAttr)
      return failure();
    if (!(loc = dyn_cast<LocationAttr>(locAttr)))
      return emitError("expected location attribute, but got") << locAttr;
    return success();
  }
  if (getToken().is(Token::string))
    return parseNameOrFileLineColRange(loc);
  if (!getToken().is(Token::bare_identifier))
    return emitWrongTokenError("expected location instance");
  if (getToken().getSpelling() == "callsite")
    return parseCallSiteLocation(loc);
  if (getToken().getSpelling() == "fused")
    return parseFusedLocation(loc);
  if (getToken().getSpelling() == "unknown") {
    consumeToken(Token::bare_identifier);
    loc = UnknownLoc::get(getContext());
    return success();
  }
  return emitWrongTokenError("expected location instance");
}

ParseResult Parser::parseCallSiteLocation(LocationAttr &loc) {
  consumeToken(Token::bare_identifier);
  if (parseToken(Token::l_paren, "expected '(' in callsite location"))
    return failure();
  LocationAttr calleeLoc;
  if (parseLocationInstance(calleeLoc))
    return failure();
  if (getToken().isNot(Token::bare_identifier) || getToken().getSpelling() != "at")
    return emitWrongTokenError("expected 'at' in callsite location");
  consumeToken(Token::bare_identifier);
  LocationAttr callerLoc;
  if (parseLocationInstance(callerLoc))
    return failure();
  if (parseToken(Token::r_paren, "expected ')' in callsite location"))
    return failure();
  loc = CallSiteLoc::get(calleeLoc, callerLoc);
  return success();
}

ParseResult Parser::parseFusedLocation(LocationAttr &loc) {
  consumeToken(Token::bare_identifier);
  Attribute metadata;
  if (consumeIf(Token::less)) {
    metadata = parseAttribute();
    if (!metadata)
      return failure();
    if (parseToken(Token::greater, "expected '>' after fused location metadata"))
      return failure();
  }
  std::vector<LocationAttr> locations;
  auto parseElt = [&]() -> ParseResult {
    LocationAttr newLoc;
    if (parseLocationInstance(newLoc))
      return failure();
    locations.push_back(newLoc);
    return success();
  };
  if (parseCommaSeparatedList(Delimiter::Square, parseElt, " in fused location"))
    return failure();
  loc = FusedLoc::get(getContext(), locations, metadata);
  return success();
}

ParseResult Parser::parseNameOrFileLineColRange(LocationAttr &loc) {
  MLIRContext *ctx = getContext();
  std::string str = getToken().getStringValue();
  consumeToken(Token::string);
  auto getUnsigned = [&]() -> std::optional<unsigned> {
    auto v = getToken().getUInt64IntegerValue();
    if (!v || *v > UINT32_MAX)
      return std::nullopt;
    return unsigned(*v);
  };
  if (consumeIf(Token::colon)) {
    if (getToken().isNot(Token::integer))
      return emitWrongTokenError("expected integer line number in FileLineColRange");
    std::optional<unsigned> startLine = getUnsigned();
    if (!startLine)
      return emitWrongTokenError("expected integer line number in FileLineColRange");
    consumeToken(Token::integer);
    if (getToken().isNot(Token::colon)) {
      loc = FileLineColRange::get(StringAttr::get(ctx, str), *startLine);
      return success();
    }
    consumeToken(Token::colon);
    if (getToken().isNot(Token::integer))
      return emitWrongTokenError("expected integer column number in FileLineColRange");
    std::optional<unsigned> startColumn = getUnsigned();
    if (!startColumn)
      return emitError("expected integer column number in FileLineColRange");
    consumeToken(Token::integer);
    if (!isCurrentTokenAKeyword() || getTokenSpelling() != "to") {
      loc = FileLineColLoc::get(ctx, str, *startLine, *startColumn);
      return success();
    }
    consumeToken();
    std::optional<unsigned> endLine;
    if (getToken().is(Token::integer)) {
      endLine = getUnsigned();
      if (!endLine)
        return emitWrongTokenError("expected integer line number in FileLineColRange");
      consumeToken(Token::integer);
    }
    if (getToken().isNot(Token::colon))
      return emitWrongTokenError("expected either integer or `:` post `to` in FileLineColRange");
    consumeToken(Token::colon);
    if (getToken().isNot(Token::integer))
      return emitWrongTokenError("expected integer column number in FileLineColRange");
    std::optional<unsigned> endColumn = getUnsigned();
    if (!endColumn)
      return emitError("expected integer column number in FileLineColRange");
    consumeToken(Token::integer);
    if (endLine)
      loc = FileLineColRange::get(StringAttr::get(ctx, str), *startLine, *startColumn, *endLine, *endColumn);
    else
      loc = FileLineColRange::get(StringAttr::get(ctx, str), *startLine, *startColumn, *endColumn);
    return success();
  }
  if (consumeIf(Token::l_paren)) {
    LocationAttr childLoc;
    if (parseLocationInstance(childLoc))
      return failure();
    loc = NameLoc::get(StringAttr::get(ctx, str), childLoc);
    if (parseToken(Token::r_paren, "expected ')' after child location of NameLoc"))
      return failure();
  } else {
    loc = NameLoc::get(StringAttr::get(ctx, str));
  }
  return success();
}

ParseResult Parser::parseOptionalLocationSpecifier(std::optional<Location> &loc) {
  if (!consumeIf(Token::kw_loc))
    return success();
  LocationAttr directLoc;
  if (parseToken(Token::l_paren, "expected '(' in location") || parseLocationInstance(directLoc) ||
      parseToken(Token::r_paren, "expected ')' in location"))
    return failure();
  loc = directLoc;
  return success();
}
