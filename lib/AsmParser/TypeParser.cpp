//===- TypeParser.cpp - The type grammar ----------------------------------===//
#include "AsmParserImpl.h"
#include "Parser.h"

#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/Dialect.h"
#include "lamina/IR/TensorEncoding.h"

#include <limits>

using namespace lamina;

std::optional<ParseResult> Parser::parseOptionalType(Type &type) {
  switch (getToken().getKind()) {
  case Token::l_paren:
  case Token::kw_memref:
  case Token::kw_tensor:
  case Token::kw_complex:
  case Token::kw_tuple:
  case Token::kw_vector:
  case Token::inttype:
  case Token::kw_f4E2M1FN:
  case Token::kw_f6E2M3FN:
  case Token::kw_f6E3M2FN:
  case Token::kw_f8E5M2:
  case Token::kw_f8E4M3:
  case Token::kw_f8E4M3FN:
  case Token::kw_f8E5M2FNUZ:
  case Token::kw_f8E4M3FNUZ:
  case Token::kw_f8E4M3B11FNUZ:
  case Token::kw_f8E3M4:
  case Token::kw_f8E8M0FNU:
  case Token::kw_bf16:
  case Token::kw_f16:
  case Token::kw_tf32:
  case Token::kw_f32:
  case Token::kw_f64:
  case Token::kw_f80:
  case Token::kw_f128:
  case Token::kw_index:
  case Token::kw_none:
  case Token::exclamation_identifier:
    return ParseResult(success(bool(type = parseType())));
  default:
    return std::nullopt;
  }
}

Type Parser::parseType() {
  if (getToken().is(Token::l_paren))
    return parseFunctionType();
  return parseNonFunctionType();
}

ParseResult Parser::parseFunctionResultTypes(SmallVectorImpl<Type> &elements) {
  if (getToken().is(Token::l_paren))
    return parseTypeListParens(elements);
  Type t = parseNonFunctionType();
  if (!t)
    return failure();
  elements.push_back(t);
  return success();
}

ParseResult Parser::parseTypeListNoParens(SmallVectorImpl<Type> &elements) {
  return parseCommaSeparatedList([&]() -> ParseResult {
    Type t = parseType();
    elements.push_back(t);
    return success(bool(t));
  });
}

ParseResult Parser::parseTypeListParens(SmallVectorImpl<Type> &elements) {
  if (parseToken(Token::l_paren, "expected '('"))
    return failure();
  if (consumeIf(Token::r_paren))
    return success();
  if (parseTypeListNoParens(elements) || parseToken(Token::r_paren, "expected ')'"))
    return failure();
  return success();
}

Type Parser::parseFunctionType() {
  NestingGuard guard(*this);
  if (guard.tooDeep())
    return ((void)emitNestingTooDeep(), Type());
  SmallVector<Type, 8> arguments, results;
  if (parseTypeListParens(arguments) || parseToken(Token::arrow, "expected '->' in function type") ||
      parseFunctionResultTypes(results))
    return Type();
  return builder.getFunctionType(arguments, results);
}

Type Parser::parseComplexType() {
  consumeToken(Token::kw_complex);
  if (parseToken(Token::less, "expected '<' in complex type"))
    return Type();
  SMLoc elementTypeLoc = getToken().getLoc();
  Type elementType = parseType();
  if (!elementType || parseToken(Token::greater, "expected '>' in complex type"))
    return Type();
  if (!isa<FloatType>(elementType) && !isa<IntegerType>(elementType))
    return (emitError(elementTypeLoc, "invalid element type for complex").report(), Type());
  return ComplexType::get(elementType);
}

Type Parser::parseMemRefType() {
  SMLoc loc = getToken().getLoc();
  consumeToken(Token::kw_memref);
  if (parseToken(Token::less, "expected '<' in memref type"))
    return Type();
  bool isUnranked;
  SmallVector<int64_t, 8> dimensions;
  if (consumeIf(Token::star)) {
    isUnranked = true;
    if (parseXInDimensionList())
      return Type();
  } else {
    isUnranked = false;
    if (parseDimensionListRanked(dimensions))
      return Type();
  }
  SMLoc typeLoc = getToken().getLoc();
  Type elementType = parseType();
  if (!elementType)
    return Type();
  if (!BaseMemRefType::isValidElementType(elementType))
    return (emitError(typeLoc, "invalid memref element type").report(), Type());

  Attribute layout;
  Attribute memorySpace;
  auto parseElt = [&]() -> ParseResult {
    Attribute attr = parseAttribute();
    if (!attr)
      return failure();
    if (isa<MemRefLayoutAttrInterface>(attr)) {
      layout = attr;
    } else if (memorySpace) {
      return emitError("multiple memory spaces specified in memref type");
    } else {
      memorySpace = attr;
      return success();
    }
    if (isUnranked)
      return emitError("cannot have affine map for unranked memref type");
    if (memorySpace)
      return emitError("expected memory space to be last in memref type");
    return success();
  };
  if (!consumeIf(Token::greater)) {
    if (parseToken(Token::comma, "expected ',' or '>' in memref type") ||
        parseCommaSeparatedListUntil(Token::greater, parseElt, /*allowEmptyList=*/false))
      return Type();
  }
  if (isUnranked)
    return getChecked<UnrankedMemRefType>(loc, elementType, memorySpace);
  return getChecked<MemRefType>(loc, ArrayRef<int64_t>(dimensions), elementType, layout, memorySpace);
}

Type Parser::parseNonFunctionType() {
  NestingGuard guard(*this);
  if (guard.tooDeep())
    return ((void)emitNestingTooDeep(), Type());
  MLIRContext *ctx = getContext();
  switch (getToken().getKind()) {
  default:
    return (emitWrongTokenError("expected non-function type").report(), Type());
  case Token::kw_memref:
    return parseMemRefType();
  case Token::kw_tensor:
    return parseTensorType();
  case Token::kw_complex:
    return parseComplexType();
  case Token::kw_tuple:
    return parseTupleType();
  case Token::kw_vector:
    return parseVectorType();
  case Token::inttype: {
    auto width = getToken().getIntTypeBitwidth();
    if (!width)
      return (emitError("invalid integer width").report(), Type());
    if (*width > IntegerType::kMaxWidth) {
      emitError(getToken().getLoc(), "integer bitwidth is limited to ") << IntegerType::kMaxWidth << " bits";
      return Type();
    }
    IntegerType::SignednessSemantics signSemantics = IntegerType::Signless;
    if (std::optional<bool> signedness = getToken().getIntTypeSignedness())
      signSemantics = *signedness ? IntegerType::Signed : IntegerType::Unsigned;
    consumeToken(Token::inttype);
    return IntegerType::get(ctx, *width, signSemantics);
  }
#define FLOAT_CASE(KW, Cls)                                                                            \
  case Token::KW:                                                                                      \
    consumeToken();                                                                                    \
    return Cls::get(ctx);
    FLOAT_CASE(kw_f4E2M1FN, Float4E2M1FNType)
    FLOAT_CASE(kw_f6E2M3FN, Float6E2M3FNType)
    FLOAT_CASE(kw_f6E3M2FN, Float6E3M2FNType)
    FLOAT_CASE(kw_f8E5M2, Float8E5M2Type)
    FLOAT_CASE(kw_f8E4M3, Float8E4M3Type)
    FLOAT_CASE(kw_f8E4M3FN, Float8E4M3FNType)
    FLOAT_CASE(kw_f8E5M2FNUZ, Float8E5M2FNUZType)
    FLOAT_CASE(kw_f8E4M3FNUZ, Float8E4M3FNUZType)
    FLOAT_CASE(kw_f8E4M3B11FNUZ, Float8E4M3B11FNUZType)
    FLOAT_CASE(kw_f8E3M4, Float8E3M4Type)
    FLOAT_CASE(kw_f8E8M0FNU, Float8E8M0FNUType)
    FLOAT_CASE(kw_bf16, BFloat16Type)
    FLOAT_CASE(kw_f16, Float16Type)
    FLOAT_CASE(kw_tf32, FloatTF32Type)
    FLOAT_CASE(kw_f32, Float32Type)
    FLOAT_CASE(kw_f64, Float64Type)
    FLOAT_CASE(kw_f80, Float80Type)
    FLOAT_CASE(kw_f128, Float128Type)
#undef FLOAT_CASE
  case Token::kw_index:
    consumeToken(Token::kw_index);
    return IndexType::get(ctx);
  case Token::kw_none:
    consumeToken(Token::kw_none);
    return NoneType::get(ctx);
  case Token::exclamation_identifier:
    return parseExtendedType();
  }
}

Type Parser::parseTensorType() {
  consumeToken(Token::kw_tensor);
  if (parseToken(Token::less, "expected '<' in tensor type"))
    return Type();
  bool isUnranked;
  SmallVector<int64_t, 8> dimensions;
  if (consumeIf(Token::star)) {
    isUnranked = true;
    if (parseXInDimensionList())
      return Type();
  } else {
    isUnranked = false;
    if (parseDimensionListRanked(dimensions))
      return Type();
  }
  SMLoc elementTypeLoc = getToken().getLoc();
  Type elementType = parseType();
  Attribute encoding;
  if (consumeIf(Token::comma)) {
    auto parseResult = parseOptionalAttribute(encoding);
    if (parseResult.has_value() && failed(*parseResult))
      return Type();
    // MLIR verifies the encoding here, at the token after it.
    if (auto v = dyn_cast_or_null<VerifiableTensorEncoding>(encoding))
      if (elementType && failed(v.verifyEncoding(dimensions, elementType, [&] { return emitError(); })))
        return Type();
  }
  if (!elementType || parseToken(Token::greater, "expected '>' in tensor type"))
    return Type();
  if (!TensorType::isValidElementType(elementType))
    return (emitError(elementTypeLoc, "invalid tensor element type").report(), Type());
  if (isUnranked) {
    if (encoding)
      return (emitError("cannot apply encoding to unranked tensor").report(), Type());
    return UnrankedTensorType::get(elementType);
  }
  return RankedTensorType::get(dimensions, elementType, encoding);
}

Type Parser::parseTupleType() {
  consumeToken(Token::kw_tuple);
  if (parseToken(Token::less, "expected '<' in tuple type"))
    return Type();
  if (consumeIf(Token::greater))
    return TupleType::get(getContext());
  SmallVector<Type, 8> types;
  if (parseTypeListNoParens(types) || parseToken(Token::greater, "expected '>' in tuple type"))
    return Type();
  return TupleType::get(getContext(), types);
}

Type Parser::parseVectorType() {
  SMLoc loc = getToken().getLoc();
  consumeToken(Token::kw_vector);
  if (parseToken(Token::less, "expected '<' in vector type"))
    return Type();
  SmallVector<int64_t, 8> dimensions;
  SmallVector<bool, 8> scalableDims;
  if (parseVectorDimensionList(dimensions, scalableDims))
    return Type();
  Type elementType = parseType();
  if (!elementType || parseToken(Token::greater, "expected '>' in vector type"))
    return Type();
  return getChecked<VectorType>(loc, ArrayRef<int64_t>(dimensions), elementType, ArrayRef<bool>(scalableDims));
}

ParseResult Parser::parseVectorDimensionList(SmallVectorImpl<int64_t> &dimensions, SmallVectorImpl<bool> &scalableDims) {
  while (getToken().is(Token::integer) || getToken().is(Token::l_square)) {
    int64_t value;
    bool scalable = consumeIf(Token::l_square);
    if (parseIntegerInDimensionList(value))
      return failure();
    dimensions.push_back(value);
    if (scalable) {
      if (!consumeIf(Token::r_square))
        return emitWrongTokenError("missing ']' closing scalable dimension");
    }
    scalableDims.push_back(scalable);
    if (parseXInDimensionList())
      return failure();
  }
  return success();
}

ParseResult Parser::parseDimensionListRanked(SmallVectorImpl<int64_t> &dimensions, bool allowDynamic,
                                             bool withTrailingX) {
  auto parseDim = [&]() -> ParseResult {
    SMLoc loc = getToken().getLoc();
    if (consumeIf(Token::question)) {
      if (!allowDynamic)
        return emitError(loc, "expected static shape");
      dimensions.push_back(ShapedType::kDynamic);
    } else {
      int64_t value;
      if (failed(parseIntegerInDimensionList(value)))
        return failure();
      dimensions.push_back(value);
    }
    return success();
  };
  if (withTrailingX) {
    while (getToken().isAny(Token::integer, Token::question)) {
      if (failed(parseDim()) || failed(parseXInDimensionList()))
        return failure();
    }
    return success();
  }
  if (getToken().isAny(Token::integer, Token::question)) {
    if (failed(parseDim()))
      return failure();
    while (getToken().is(Token::bare_identifier) && getTokenSpelling()[0] == 'x') {
      if (failed(parseXInDimensionList()) || failed(parseDim()))
        return failure();
    }
  }
  return success();
}

ParseResult Parser::parseIntegerInDimensionList(int64_t &value) {
  std::string_view spelling = getTokenSpelling();
  if (spelling.size() > 1 && spelling[1] == 'x') {
    // `0xf32` lexes as a hex integer; split it into `0`, `x`, `f32`.
    value = 0;
    state.lex.resetPointer(spelling.data() + 1);
    consumeToken();
  } else {
    std::optional<uint64_t> dimension = getToken().getUInt64IntegerValue();
    if (!dimension || *dimension > uint64_t(std::numeric_limits<int64_t>::max()))
      return emitError("invalid dimension");
    value = int64_t(*dimension);
    consumeToken(Token::integer);
  }
  return success();
}

ParseResult Parser::parseXInDimensionList() {
  if (getToken().isNot(Token::bare_identifier) || getTokenSpelling()[0] != 'x')
    return emitWrongTokenError("expected 'x' in dimension list");
  std::string_view spelling = getTokenSpelling();
  if (spelling.size() != 1)
    state.lex.resetPointer(spelling.data() + 1);
  consumeToken(Token::bare_identifier);
  return success();
}

//===----------------------------------------------------------------------===//
// Dialect symbols: !dialect.type<...>, #dialect.attr<...>, aliases
//===----------------------------------------------------------------------===//

ParseResult Parser::parseDialectSymbolBody(std::string_view &body) {
  const char *curPtr = getTokenSpelling().data();
  assert(*curPtr == '<');
  std::vector<char> nestedPunctuation;
  auto emitPunctError = [&] {
    return emitError() << "unbalanced '" << nestedPunctuation.back() << "' character in pretty dialect name";
  };
  auto checkNestedPunctuation = [&](char expectedToken) -> ParseResult {
    if (nestedPunctuation.back() != expectedToken)
      return emitPunctError();
    nestedPunctuation.pop_back();
    return success();
  };
  const char *curBufferEnd = state.lex.getBufferEnd();
  do {
    if (curBufferEnd == curPtr) {
      if (!nestedPunctuation.empty())
        return emitPunctError();
      return emitError("unexpected nul or EOF in pretty dialect name");
    }
    char c = *curPtr++;
    switch (c) {
    case '\0':
      if (!nestedPunctuation.empty())
        return emitPunctError();
      return emitError("unexpected nul or EOF in pretty dialect name");
    case '<':
    case '[':
    case '(':
    case '{':
      nestedPunctuation.push_back(c);
      continue;
    case '-':
      if (*curPtr == '>')
        ++curPtr;
      continue;
    case '>':
      if (failed(checkNestedPunctuation('<')))
        return failure();
      break;
    case ']':
      if (failed(checkNestedPunctuation('[')))
        return failure();
      break;
    case ')':
      if (failed(checkNestedPunctuation('(')))
        return failure();
      break;
    case '}':
      if (failed(checkNestedPunctuation('{')))
        return failure();
      break;
    case '"': {
      resetToken(curPtr - 1);
      curPtr = state.curToken.getEndLoc().getPointer();
      if (state.curToken.isNot(Token::string))
        return failure();
      break;
    }
    default:
      continue;
    }
  } while (!nestedPunctuation.empty());
  resetToken(curPtr);
  body = std::string_view(body.data(), curPtr - body.data());
  return success();
}

namespace {
/// The DialectAsmParser handed to Dialect::parseType/parseAttribute. It
/// parses in place in the main buffer.
class CustomDialectAsmParser : public AsmParserImpl<DialectAsmParser> {
public:
  CustomDialectAsmParser(std::string_view fullSpec, Parser &parser)
      : AsmParserImpl<DialectAsmParser>(parser.getToken().getLoc(), parser), fullSpec(fullSpec) {}
  std::string_view getFullSymbolSpec() const override { return fullSpec; }
  Attribute lookupAttributeAlias(std::string_view name) const override {
    auto &aliases = parser.state.symbols.attributeAliasDefinitions;
    auto it = aliases.find(std::string(name));
    return it == aliases.end() ? Attribute() : it->second;
  }
  Type lookupTypeAlias(std::string_view name) const override {
    auto &aliases = parser.state.symbols.typeAliasDefinitions;
    auto it = aliases.find(std::string(name));
    return it == aliases.end() ? Type() : it->second;
  }
  Type parseNestedType(std::string_view text, size_t &numRead) override {
    return parseNested<Type>(text, numRead, [](Parser &p) { return p.parseType(); });
  }
  Attribute parseNestedAttribute(std::string_view text, size_t &numRead) override {
    return parseNested<Attribute>(text, numRead, [](Parser &p) { return p.parseAttribute(); });
  }

private:
  /// A parser over a copy of `text` sharing this file's symbols and nesting
  /// depth (so nesting stays bounded overall).
  template <typename T> T parseNested(std::string_view text, size_t &numRead, function_ref<T(Parser &)> fn) {
    ScopedDiagnosticSuppression quiet;
    ParserConfig config = parser.state.config;
    config.setTentative(true);
    SourceMgr sourceMgr;
    unsigned bufferID = sourceMgr.addNewSourceBuffer(MemoryBuffer::getMemBufferCopy(text, "nested"));
    const char *bufferStart = sourceMgr.getMemoryBuffer(bufferID)->getBufferStart();
    ParserState state(sourceMgr, bufferID, config, parser.state.symbols);
    state.nestingDepth = parser.state.nestingDepth;
    Parser nested(state);
    T result = fn(nested);
    if (!result || nested.getToken().is(Token::error))
      return T();
    numRead = size_t(nested.getToken().getLoc().getPointer() - bufferStart);
    return result;
  }

  std::string_view fullSpec;
};

/// Shared logic for `#...` and `!...`: aliases, pretty and verbose dialect
/// symbols. `createSymbol(dialectName, symbolData, loc)` builds the result.
template <typename Symbol, typename AliasMap, typename CreateFn>
Symbol parseExtendedSymbol(Parser &p, AliasMap &aliases, CreateFn &&createSymbol) {
  Token tok = p.getToken();
  std::string_view identifier = tok.getSpelling().substr(1);
  SMLoc startLoc = tok.getLoc();
  p.consumeToken();
  size_t dot = identifier.find('.');
  std::string_view dialectName = identifier.substr(0, dot);
  std::string_view symbolData = dot == std::string_view::npos ? std::string_view() : identifier.substr(dot + 1);
  bool isPrettyName = !symbolData.empty() || identifier.back() == '.';
  bool hasTrailingData = p.getToken().is(Token::less) &&
                         identifier.data() + identifier.size() == p.getTokenSpelling().data();
  if (!hasTrailingData && !isPrettyName) {
    auto it = aliases.find(std::string(identifier));
    if (it == aliases.end())
      return (p.emitWrongTokenError("undefined symbol alias id '" + std::string(identifier) + "'").report(), Symbol());
    return it->second;
  }
  SMLoc loc = startLoc;
  if (!isPrettyName) {
    symbolData = std::string_view(dialectName.data() + dialectName.size(), 0);
    if (p.parseDialectSymbolBody(symbolData))
      return Symbol();
    symbolData = symbolData.substr(1, symbolData.size() - 2);
  } else {
    loc = SMLoc::getFromPointer(symbolData.data());
    if (hasTrailingData && p.parseDialectSymbolBody(symbolData))
      return Symbol();
  }
  return createSymbol(dialectName, symbolData, loc);
}
} // namespace

Type Parser::parseExtendedType() {
  MLIRContext *ctx = getContext();
  return parseExtendedSymbol<Type>(
      *this, state.symbols.typeAliasDefinitions,
      [&](std::string_view dialectName, std::string_view symbolData, SMLoc loc) -> Type {
        if (Dialect *dialect = ctx->getOrLoadDialect(dialectName)) {
          const char *curLexerPos = getToken().getLoc().getPointer();
          resetToken(symbolData.data());
          CustomDialectAsmParser customParser(symbolData, *this);
          Type type = dialect->parseType(customParser);
          resetToken(curLexerPos);
          return type;
        }
        return OpaqueType::getChecked([&] { return emitError(loc); }, StringAttr::get(ctx, dialectName), symbolData);
      });
}

Attribute Parser::parseExtendedAttr(Type type) {
  MLIRContext *ctx = getContext();
  Attribute attr = parseExtendedSymbol<Attribute>(
      *this, state.symbols.attributeAliasDefinitions,
      [&](std::string_view dialectName, std::string_view symbolData, SMLoc loc) -> Attribute {
        Type attrType = type;
        if (consumeIf(Token::colon) && !(attrType = parseType()))
          return Attribute();
        if (Dialect *dialect = ctx->getOrLoadDialect(dialectName)) {
          const char *curLexerPos = getToken().getLoc().getPointer();
          resetToken(symbolData.data());
          CustomDialectAsmParser customParser(symbolData, *this);
          Attribute result = dialect->parseAttribute(customParser, attrType);
          resetToken(curLexerPos);
          return result;
        }
        return OpaqueAttr::getChecked([&] { return emitError(loc); }, StringAttr::get(ctx, dialectName), symbolData,
                                      attrType ? attrType : Type(NoneType::get(ctx)));
      });
  auto typedAttr = dyn_cast_or_null<TypedAttr>(attr);
  if (type && typedAttr && typedAttr.getType() != type) {
    emitError("attribute type different than expected: expected ") << type << ", but got " << typedAttr.getType();
    return Attribute();
  }
  return attr;
}
