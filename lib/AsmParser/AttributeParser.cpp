//===- AttributeParser.cpp - The attribute grammar ------------------------===//
#include "Parser.h"

#include "lamina/IR/Dialect.h"

#include <algorithm>
#include <limits>
#include <unordered_set>

using namespace lamina;

Attribute Parser::parseAttribute(Type type) {
  NestingGuard guard(*this);
  if (guard.tooDeep())
    return ((void)emitNestingTooDeep(), Attribute());
  switch (getToken().getKind()) {
  case Token::kw_affine_map: {
    consumeToken(Token::kw_affine_map);
    AffineMap map;
    if (parseToken(Token::less, "expected '<' in affine map") || parseAffineMapReference(map) ||
        parseToken(Token::greater, "expected '>' in affine map"))
      return Attribute();
    return AffineMapAttr::get(map);
  }
  case Token::kw_affine_set: {
    consumeToken(Token::kw_affine_set);
    IntegerSet set;
    if (parseToken(Token::less, "expected '<' in integer set") || parseIntegerSetReference(set) ||
        parseToken(Token::greater, "expected '>' in integer set"))
      return Attribute();
    return IntegerSetAttr::get(set);
  }
  case Token::l_square: {
    consumeToken(Token::l_square);
    SmallVector<Attribute, 8> elements;
    auto parseElt = [&]() -> ParseResult {
      elements.push_back(parseAttribute());
      return success(bool(elements.back()));
    };
    if (parseCommaSeparatedListUntil(Token::r_square, parseElt))
      return Attribute();
    return builder.getArrayAttr(elements);
  }
  case Token::kw_false:
    consumeToken(Token::kw_false);
    return builder.getBoolAttr(false);
  case Token::kw_true:
    consumeToken(Token::kw_true);
    return builder.getBoolAttr(true);
  case Token::kw_dense:
    return parseDenseElementsAttr(type);
  case Token::kw_dense_resource:
    return parseDenseResourceElementsAttr(type);
  case Token::kw_array:
    return parseDenseArrayAttr(type);
  case Token::l_brace: {
    NamedAttrList elements;
    if (parseAttributeDict(elements))
      return Attribute();
    return elements.getDictionary(getContext());
  }
  case Token::hash_identifier:
    return parseExtendedAttr(type);
  case Token::floatliteral:
    return parseFloatAttr(type, /*isNegative=*/false);
  case Token::integer:
    return parseDecOrHexAttr(type, /*isNegative=*/false);
  case Token::minus: {
    consumeToken(Token::minus);
    if (getToken().is(Token::integer))
      return parseDecOrHexAttr(type, /*isNegative=*/true);
    if (getToken().is(Token::floatliteral))
      return parseFloatAttr(type, /*isNegative=*/true);
    return (emitWrongTokenError("expected constant integer or floating point value").report(), Attribute());
  }
  case Token::kw_loc: {
    consumeToken(Token::kw_loc);
    LocationAttr locAttr;
    if (parseToken(Token::l_paren, "expected '(' in inline location") || parseLocationInstance(locAttr) ||
        parseToken(Token::r_paren, "expected ')' in inline location"))
      return Attribute();
    return locAttr;
  }
  case Token::kw_sparse:
    return parseSparseElementsAttr(type);
  case Token::kw_strided:
    return parseStridedLayoutAttr();
  case Token::kw_distinct:
    return parseDistinctAttr(type);
  case Token::string: {
    std::string val = getToken().getStringValue();
    consumeToken(Token::string);
    if (!type && consumeIf(Token::colon) && !(type = parseType()))
      return Attribute();
    return type ? StringAttr::get(val, type) : StringAttr::get(getContext(), val);
  }
  case Token::at_identifier:
    return parseSymbolRefAttr();
  case Token::kw_unit:
    consumeToken(Token::kw_unit);
    return builder.getUnitAttr();
  default: {
    Type parsedType;
    std::optional<ParseResult> result = parseOptionalType(parsedType);
    if (!result.has_value())
      return (emitWrongTokenError("expected attribute value").report(), Attribute());
    return failed(*result) ? Attribute() : Attribute(TypeAttr::get(parsedType));
  }
  }
}

std::optional<ParseResult> Parser::parseOptionalAttribute(Attribute &attribute, Type type) {
  switch (getToken().getKind()) {
  case Token::at_identifier:
  case Token::floatliteral:
  case Token::integer:
  case Token::hash_identifier:
  case Token::kw_affine_map:
  case Token::kw_affine_set:
  case Token::kw_dense:
  case Token::kw_dense_resource:
  case Token::kw_false:
  case Token::kw_loc:
  case Token::kw_sparse:
  case Token::kw_true:
  case Token::kw_unit:
  case Token::l_brace:
  case Token::l_square:
  case Token::minus:
  case Token::string:
  case Token::kw_array:
  case Token::kw_strided:
  case Token::kw_distinct:
    attribute = parseAttribute(type);
    return ParseResult(success(bool(attribute)));
  default: {
    Type parsedType;
    std::optional<ParseResult> result = parseOptionalType(parsedType);
    if (result.has_value() && succeeded(*result))
      attribute = TypeAttr::get(parsedType);
    return result;
  }
  }
}

Attribute Parser::parseSymbolRefAttr() {
  std::string nameStr = getToken().getSymbolReference();
  consumeToken(Token::at_identifier);
  std::vector<FlatSymbolRefAttr> nestedRefs;
  while (getToken().is(Token::colon)) {
    const char *curPointer = getToken().getLoc().getPointer();
    consumeToken(Token::colon);
    if (!consumeIf(Token::colon)) {
      if (getToken().isNot(Token::eof, Token::error)) {
        state.lex.resetPointer(curPointer);
        consumeToken();
      }
      break;
    }
    SMLoc curLoc = getToken().getLoc();
    if (getToken().isNot(Token::at_identifier)) {
      emitError(curLoc, "expected nested symbol reference identifier").report();
      return Attribute();
    }
    std::string nested = getToken().getSymbolReference();
    consumeToken(Token::at_identifier);
    nestedRefs.push_back(SymbolRefAttr::get(getContext(), nested));
  }
  return SymbolRefAttr::get(getContext(), nameStr, nestedRefs);
}

ParseResult Parser::parseAttributeDict(NamedAttrList &attributes) {
  // Keys parsed by this call are attributes[firstKey...]. Dictionaries are
  // short, so duplicates are found by a scan; long ones use a set.
  size_t firstKey = attributes.size();
  std::unordered_set<const void *> seenKeys;
  auto isDuplicate = [&](StringAttr key) {
    ArrayRef<NamedAttribute> parsed = attributes.getAttrs().drop_front(firstKey);
    if (parsed.size() < 16) {
      for (const NamedAttribute &a : parsed)
        if (a.getName() == key)
          return true;
      return false;
    }
    if (seenKeys.empty())
      for (const NamedAttribute &a : parsed)
        seenKeys.insert(a.getName().getAsOpaquePointer());
    return !seenKeys.insert(key.getAsOpaquePointer()).second;
  };
  auto parseElt = [&]() -> ParseResult {
    StringAttr nameId;
    if (getToken().is(Token::string))
      nameId = builder.getStringAttr(getToken().getStringValue());
    else if (getToken().isAny(Token::bare_identifier, Token::inttype) || getToken().isKeyword())
      nameId = builder.getStringAttr(getTokenSpelling());
    else
      return emitWrongTokenError("expected attribute name");
    if (nameId.empty())
      return emitError("expected valid attribute name");
    if (isDuplicate(nameId))
      return emitError("duplicate key '") << nameId.getValue() << "' in dictionary attribute";
    consumeToken();
    std::string_view name = nameId.getValue();
    size_t dot = name.find('.');
    if (dot != std::string_view::npos && dot + 1 < name.size())
      getContext()->getOrLoadDialect(name.substr(0, dot));
    if (!consumeIf(Token::equal)) {
      attributes.push_back(NamedAttribute(nameId, builder.getUnitAttr()));
      return success();
    }
    Attribute attr = parseAttribute();
    if (!attr)
      return failure();
    attributes.push_back(NamedAttribute(nameId, attr));
    return success();
  };
  return parseCommaSeparatedList(Delimiter::Braces, parseElt, " in attribute dictionary");
}

Attribute Parser::parseFloatAttr(Type type, bool isNegative) {
  auto val = getToken().getFloatingPointValue();
  if (!val)
    return (emitError("floating point value too large for attribute").report(), Attribute());
  consumeToken(Token::floatliteral);
  if (!type) {
    if (!consumeIf(Token::colon))
      type = builder.getF64Type();
    else if (!(type = parseType()))
      return Attribute();
  }
  if (!isa<FloatType>(type))
    return (emitError("floating point value not valid for specified type").report(), Attribute());
  return FloatAttr::get(type, isNegative ? -*val : *val);
}

/// Builds the APInt of an integer literal for `type`, or nullopt if it does
/// not fit (MLIR's buildAttributeAPInt).
static std::optional<APInt> buildAttributeAPInt(Type type, bool isNegative, std::string_view spelling) {
  bool isHex = spelling.size() > 1 && spelling[1] == 'x';
  std::string_view digits = isHex ? spelling.substr(2) : spelling;
  unsigned width = type.isIndex() ? IndexType::kInternalStorageBitWidth : type.getIntOrFloatBitWidth();
  // A literal with far more digits than the type has bits cannot fit;
  // reject it before the (quadratic in its length) decimal conversion.
  size_t significant = digits.size() - std::min(digits.size(), digits.find_first_not_of('0'));
  if (significant > size_t(width) / (isHex ? 4 : 3) + 2)
    return std::nullopt;
  auto parsed = APInt::fromString(digits, isHex ? 16 : 10);
  if (!parsed)
    return std::nullopt;
  APInt result = *parsed;
  if (width > result.getBitWidth()) {
    result = result.zext(width);
  } else if (width < result.getBitWidth()) {
    if (result.getActiveBits() > width)
      return std::nullopt;
    result = result.trunc(width);
  }
  if (width == 0) {
    if (isNegative)
      return std::nullopt;
  } else if (isNegative) {
    result = -result;
    if (!result.isNegative())
      return std::nullopt;
  } else if ((type.isSignedInteger() || type.isIndex()) && result.isNegative()) {
    return std::nullopt;
  }
  return result;
}

Attribute Parser::parseDecOrHexAttr(Type type, bool isNegative) {
  Token tok = getToken();
  std::string_view spelling = tok.getSpelling();
  SMLoc loc = tok.getLoc();
  consumeToken(Token::integer);
  if (!type) {
    if (!consumeIf(Token::colon))
      type = builder.getIntegerType(64);
    else if (!(type = parseType()))
      return Attribute();
  }
  if (auto floatType = dyn_cast<FloatType>(type)) {
    std::optional<APFloat> result;
    if (failed(parseFloatFromIntegerLiteral(result, tok, isNegative, floatType.getFloatSemantics())))
      return Attribute();
    return FloatAttr::get(floatType, *result);
  }
  if (!isa<IntegerType, IndexType>(type))
    return (emitError(loc, "integer literal not valid for specified type").report(), Attribute());
  if (isNegative && type.isUnsignedInteger()) {
    emitError(loc, "negative integer literal not valid for unsigned integer type").report();
    return Attribute();
  }
  unsigned width = type.isIndex() ? IndexType::kInternalStorageBitWidth : type.getIntOrFloatBitWidth();
  if (width > 64 && (failed(checkDecimalLiteralLength(tok, width)) ||
                     failed(reserveLiteralStorage(loc, (uint64_t(width) + 63) / 64 * 8,
                                                  "an integer of " + std::to_string(width) + " bits"))))
    return Attribute();
  std::optional<APInt> apInt = buildAttributeAPInt(type, isNegative, spelling);
  if (!apInt)
    return (emitError(loc, "integer constant out of range for attribute").report(), Attribute());
  return builder.getIntegerAttr(type, *apInt);
}

Attribute Parser::parseStridedLayoutAttr() {
  // Callback for error emissing at the keyword token location.
  SMLoc loc = getToken().getLoc();
  auto errorEmitter = [&] { return emitError(loc); };
  consumeToken(Token::kw_strided);
  if (failed(parseToken(Token::less, "expected '<' after 'strided'")) ||
      failed(parseToken(Token::l_square, "expected '['")))
    return Attribute();

  // `?`, or an optionally negated integer of at most INT64_MAX in magnitude
  // (INT64_MIN would read as `?`); anything else is reported at its start.
  auto parseStrideOrOffset = [&]() -> std::optional<int64_t> {
    if (consumeIf(Token::question))
      return ShapedType::kDynamic;
    SMLoc valueLoc = getToken().getLoc();
    bool negative = consumeIf(Token::minus);
    std::optional<uint64_t> value;
    if (getToken().is(Token::integer))
      value = getToken().getUInt64IntegerValue();
    if (!value || *value > uint64_t(std::numeric_limits<int64_t>::max())) {
      emitError(valueLoc, "expected a 64-bit signed integer or '?'").report();
      return std::nullopt;
    }
    consumeToken(Token::integer);
    return negative ? -int64_t(*value) : int64_t(*value);
  };

  SmallVector<int64_t, 8> strides;
  if (!getToken().is(Token::r_square)) {
    do {
      std::optional<int64_t> stride = parseStrideOrOffset();
      if (!stride)
        return Attribute();
      strides.push_back(*stride);
    } while (consumeIf(Token::comma));
  }
  if (failed(parseToken(Token::r_square, "expected ']'")))
    return Attribute();

  int64_t offset = 0;
  if (consumeIf(Token::comma)) {
    if (failed(parseToken(Token::kw_offset, "expected 'offset' after comma")) ||
        failed(parseToken(Token::colon, "expected ':' after 'offset'")))
      return Attribute();
    std::optional<int64_t> parsedOffset = parseStrideOrOffset();
    if (!parsedOffset)
      return Attribute();
    offset = *parsedOffset;
  } else if (getToken().isNot(Token::greater)) {
    (void)emitWrongTokenError("expected ','");
    return Attribute();
  }
  if (failed(parseToken(Token::greater, "expected '>'")))
    return Attribute();
  return StridedLayoutAttr::getChecked(errorEmitter, getContext(), offset, ArrayRef<int64_t>(strides));
}

Attribute Parser::parseDistinctAttr(Type type) {
  SMLoc loc = getToken().getLoc();
  consumeToken(Token::kw_distinct);
  if (parseToken(Token::l_square, "expected '[' after 'distinct'"))
    return Attribute();
  Token token = getToken();
  if (parseToken(Token::integer, "expected distinct ID"))
    return Attribute();
  std::optional<uint64_t> value = token.getUInt64IntegerValue();
  if (!value) {
    emitError("expected an unsigned 64-bit integer").report();
    return Attribute();
  }
  if (parseToken(Token::r_square, "expected ']' to close distinct ID") ||
      parseToken(Token::less, "expected '<' after distinct ID"))
    return Attribute();
  Attribute referencedAttr;
  if (getToken().is(Token::greater)) {
    consumeToken();
    referencedAttr = builder.getUnitAttr();
  } else {
    referencedAttr = parseAttribute(type);
    if (!referencedAttr) {
      emitError("expected attribute").report();
      return Attribute();
    }
    if (parseToken(Token::greater, "expected '>' to close distinct attribute"))
      return Attribute();
  }
  // Distinct attributes with the same ID within one parse are the same.
  auto &map = distinctAttrs();
  auto it = map.find(*value);
  if (it == map.end()) {
    DistinctAttr distinctAttr = DistinctAttr::create(referencedAttr);
    map.emplace(*value, distinctAttr);
    return distinctAttr;
  }
  if (it->second.getReferencedAttr() != referencedAttr) {
    InFlightDiagnostic diag = emitError(loc) << "referenced attribute does not match previous definition: "
                                             << it->second.getReferencedAttr();
    return Attribute();
  }
  return it->second;
}
