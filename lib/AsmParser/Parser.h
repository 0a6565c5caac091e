//===- Parser.h - Shared parser state and the type/attribute grammar ------===//
//
// Private to the AsmParser library. `Parser` holds the token stream and the
// grammars shared by all contexts (types, attributes, locations, affine
// structures); `OperationParser` (Parser.cpp) adds operations, blocks and
// regions. Grammar productions come in pairs: `parseX` (errors if absent)
// and `parseOptionalX`.
//
#pragma once

#include "Lexer.h"
#include "lamina/AsmParser/AsmParser.h"
#include "lamina/IR/Builders.h"
#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/BuiltinLocations.h"
#include "lamina/IR/BuiltinTypes.h"
#include "lamina/IR/Diagnostics.h"
#include "lamina/IR/OpImplementation.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace lamina {

/// Aliases and resources defined at the top level of a file.
struct SymbolState {
  std::unordered_map<std::string, Attribute> attributeAliasDefinitions;
  std::unordered_map<std::string, Type> typeAliasDefinitions;
  /// dense_resource keys seen, mapped to the handles they were given.
  std::unordered_map<std::string, DenseResourceElementsHandle> resourceHandles;
  /// Resource keys of other dialects seen (Dialect::declareResource), per
  /// dialect: the key the dialect gave the resource, and its handle.
  std::unordered_map<const Dialect *, std::unordered_map<std::string, std::pair<std::string, const void *>>>
      dialectResourceHandles;
  /// `distinct[N]<...>` attributes by N.
  std::unordered_map<uint64_t, DistinctAttr> distinctAttrs;
};

/// State shared by all parsers working on one buffer.
struct ParserState {
  ParserState(const SourceMgr &sourceMgr, unsigned bufferID, const ParserConfig &config, SymbolState &symbols)
      : config(config), lex(sourceMgr, bufferID, config.getContext()), curToken(lex.lexToken()),
        symbols(symbols), ownLiteralStorage(literalStorageLimit(sourceMgr, bufferID, config)),
        literalStorageLeft(config.getLiteralStorageBudget() ? config.getLiteralStorageBudget() : &ownLiteralStorage) {}
  /// A state lexing only [begin, end) of the buffer (see Lexer::restrictTo).
  ParserState(const SourceMgr &sourceMgr, unsigned bufferID, const ParserConfig &config, SymbolState &symbols,
              const char *begin, const char *end)
      : config(config), lex(sourceMgr, bufferID, config.getContext()), curToken(restrictedFirstToken(begin, end)),
        symbols(symbols), ownLiteralStorage(literalStorageLimit(sourceMgr, bufferID, config)),
        literalStorageLeft(config.getLiteralStorageBudget() ? config.getLiteralStorageBudget() : &ownLiteralStorage) {}
  ParserState(const ParserState &) = delete;

  const ParserConfig &config;
  Lexer lex;
  Token curToken;
  SymbolState &symbols;
  /// Dialect namespaces whose prefix may be elided for custom ops (innermost last).
  std::vector<std::string_view> defaultDialectStack{"builtin"};
  /// Current nesting of attribute/type/affine productions, bounded so hostile
  /// input cannot exhaust the stack.
  unsigned nestingDepth = 0;
  /// Bytes the parallel parser's planning has scanned so far (see
  /// OperationParser::tryParallelOps: capped at a few times the input).
  size_t parallelPlanBytes = 0;
  /// Mutable attributes/types being parsed (AsmParser::tryStartCyclicParse),
  /// innermost last.
  detail::CyclicStack cyclicParsing;
  /// What is left of ParserConfig::getLiteralStorageLimit for this input
  /// (each parallel chunk has its own; see Parser::reserveLiteralStorage),
  /// or of the caller's budget (ParserConfig::setLiteralStorageBudget).
  uint64_t ownLiteralStorage;
  uint64_t *literalStorageLeft;

private:
  static uint64_t literalStorageLimit(const SourceMgr &sourceMgr, unsigned bufferID, const ParserConfig &config) {
    return config.getLiteralStorageLimit(sourceMgr.getMemoryBuffer(bufferID)->getBuffer().size());
  }
  Token restrictedFirstToken(const char *begin, const char *end) {
    lex.restrictTo(begin, end);
    return lex.lexToken();
  }
};

/// Maximum nesting depth of types, attributes, locations and affine
/// expressions (not operations: those are parsed without recursion).
constexpr unsigned kMaxNestingDepth = 2000;

/// The base parser: tokens plus the type, attribute and location grammars.
class Parser {
public:
  using Delimiter = AsmParser::Delimiter;

  explicit Parser(ParserState &state) : builder(state.config.getContext()), state(state) {}

  Builder builder;
  ParserState &state;

  MLIRContext *getContext() const { return builder.getContext(); }
  const SourceMgr &getSourceMgr() const { return state.lex.getSourceMgr(); }

  //===--------------------------------------------------------------------===//
  // Errors and tokens
  //===--------------------------------------------------------------------===//

  /// Errors at the current token (at EOF: one character back, as MLIR does).
  InFlightDiagnostic emitError(const std::string_view message = {}) {
    SMLoc loc = state.curToken.getLoc();
    if (state.curToken.is(Token::eof) && loc.getPointer() != state.lex.getBufferBegin())
      loc = SMLoc::getFromPointer(loc.getPointer() - 1);
    return emitError(loc, message);
  }
  InFlightDiagnostic emitError(SMLoc loc, std::string_view message = {});
  /// Takes `bytes` from what the literals of this input may still allocate
  /// (ParserConfig::getLiteralStorageLimit), before a literal allocates
  /// them; emits an error at `loc` about `what` if they are not left.
  ParseResult reserveLiteralStorage(SMLoc loc, uint64_t bytes, std::string_view what);
  /// Emits an error if `tok` is a decimal integer literal longer than
  /// APInt::kMaxDecimalDigits meant for a type of `width` bits that could
  /// hold it (narrower types report their own range error).
  ParseResult checkDecimalLiteralLength(const Token &tok, unsigned width);
  /// Emits an error at the end of the previous token's line when the current
  /// token is on a new line (as MLIR does for "expected X" errors).
  InFlightDiagnostic emitWrongTokenError(std::string_view message = {});

  const Token &getToken() const { return state.curToken; }
  std::string_view getTokenSpelling() const { return state.curToken.getSpelling(); }
  Location getEncodedSourceLocation(SMLoc loc) { return state.lex.getEncodedSourceLocation(loc); }

  void consumeToken() { state.curToken = state.lex.lexToken(); }
  void consumeToken(Token::Kind kind) {
    assert(state.curToken.is(kind) && "consumed an unexpected token");
    (void)kind;
    consumeToken();
  }
  /// Re-lexes from `ptr`.
  void resetToken(const char *ptr) {
    state.lex.resetPointer(ptr);
    state.curToken = state.lex.lexToken();
  }
  bool consumeIf(Token::Kind kind) {
    if (state.curToken.isNot(kind))
      return false;
    consumeToken();
    return true;
  }
  ParseResult parseToken(Token::Kind expectedToken, std::string_view message);
  /// True for bare identifiers and keywords.
  bool isCurrentTokenAKeyword() const {
    return getToken().isAny(Token::bare_identifier, Token::inttype) || getToken().isKeyword();
  }

  ParseResult parseCommaSeparatedList(Delimiter delimiter, function_ref<ParseResult()> parseElementFn,
                                      std::string_view contextMessage = {});
  ParseResult parseCommaSeparatedList(function_ref<ParseResult()> parseElementFn) {
    return parseCommaSeparatedList(Delimiter::None, parseElementFn);
  }
  ParseResult parseCommaSeparatedListUntil(Token::Kind rightToken, function_ref<ParseResult()> parseElement,
                                           bool allowEmptyList = true);

  /// Guards recursion depth of nested productions.
  struct NestingGuard {
    NestingGuard(Parser &p) : p(p) { ++p.state.nestingDepth; }
    ~NestingGuard() { --p.state.nestingDepth; }
    bool tooDeep() const { return p.state.nestingDepth > kMaxNestingDepth; }
    Parser &p;
  };
  ParseResult emitNestingTooDeep() { return emitError("nesting is too deep (more than 2000 levels)"); }

  //===--------------------------------------------------------------------===//
  // Numbers
  //===--------------------------------------------------------------------===//

  /// Parses an optional (possibly negative) integer into a minimal-width APInt.
  std::optional<ParseResult> parseOptionalInteger(APInt &result);
  std::optional<ParseResult> parseOptionalDecimalInteger(APInt &result);
  /// Parses a hex integer token as the bit pattern of a float.
  ParseResult parseFloatFromIntegerLiteral(std::optional<APFloat> &result, const Token &tok, bool isNegative,
                                           const FltSemantics &semantics);
  /// Parses a float (or hex bit pattern) literal for `semantics`.
  ParseResult parseFloatFromLiteral(std::optional<APFloat> &result, const Token &tok, bool isNegative,
                                    const FltSemantics &semantics);

  //===--------------------------------------------------------------------===//
  // Types (TypeParser.cpp)
  //===--------------------------------------------------------------------===//

  Type parseType();
  std::optional<ParseResult> parseOptionalType(Type &type);
  Type parseNonFunctionType();
  Type parseFunctionType();
  ParseResult parseFunctionResultTypes(SmallVectorImpl<Type> &elements);
  ParseResult parseTypeListNoParens(SmallVectorImpl<Type> &elements);
  ParseResult parseTypeListParens(SmallVectorImpl<Type> &elements);
  Type parseComplexType();
  Type parseMemRefType();
  Type parseTensorType();
  Type parseTupleType();
  Type parseVectorType();
  Type parseExtendedType();
  ParseResult parseVectorDimensionList(SmallVectorImpl<int64_t> &dimensions, SmallVectorImpl<bool> &scalableDims);
  ParseResult parseDimensionListRanked(SmallVectorImpl<int64_t> &dimensions, bool allowDynamic = true,
                                       bool withTrailingX = true);
  ParseResult parseIntegerInDimensionList(int64_t &value);
  ParseResult parseXInDimensionList();

  //===--------------------------------------------------------------------===//
  // Attributes (AttributeParser.cpp)
  //===--------------------------------------------------------------------===//

  Attribute parseAttribute(Type type = {});
  std::optional<ParseResult> parseOptionalAttribute(Attribute &attribute, Type type = {});
  ParseResult parseAttributeDict(NamedAttrList &attributes);
  Attribute parseFloatAttr(Type type, bool isNegative);
  Attribute parseDecOrHexAttr(Type type, bool isNegative);
  Attribute parseExtendedAttr(Type type);
  Attribute parseStridedLayoutAttr();
  Attribute parseDistinctAttr(Type type);
  Attribute parseSymbolRefAttr();
  /// Dense and sparse elements, dense arrays, dense resources
  /// (ElementsAttrParser.cpp).
  Attribute parseDenseElementsAttr(Type attrType);
  Attribute parseDenseArrayAttr(Type type);
  Attribute parseDenseResourceElementsAttr(Type attrType);
  /// Parses the key (keyword or string) of a resource of `dialect`; sets
  /// `key` to the dialect's name for it and returns its handle.
  FailureOr<const void *> parseDialectResourceHandle(const Dialect &dialect, std::string &key);
  Attribute parseSparseElementsAttr(Type attrType);
  /// Parses `: type` (or uses `type`) as the shaped type of an elements attribute.
  ShapedType parseElementsLiteralType(SMLoc loc, Type type);

  /// Scans the body of a dialect symbol `<...>` starting at the current `<`.
  ParseResult parseDialectSymbolBody(std::string_view &body);

  //===--------------------------------------------------------------------===//
  // Locations (LocationParser.cpp)
  //===--------------------------------------------------------------------===//

  ParseResult parseLocationInstance(LocationAttr &loc);
  ParseResult parseCallSiteLocation(LocationAttr &loc);
  ParseResult parseFusedLocation(LocationAttr &loc);
  ParseResult parseNameOrFileLineColRange(LocationAttr &loc);
  /// Parses `loc(...)` if present.
  ParseResult parseOptionalLocationSpecifier(std::optional<Location> &loc);

  //===--------------------------------------------------------------------===//
  // Affine structures (AffineParser.cpp)
  //===--------------------------------------------------------------------===//

  /// Parses `(d0..)[s0..] -> (...)` or `(d0..)[s0..] : (...)` (the body of
  /// affine_map<>/affine_set<> or a `#map` reference).
  ParseResult parseAffineMapOrIntegerSetReference(AffineMap &map, IntegerSet &set);
  ParseResult parseAffineMapReference(AffineMap &map);
  ParseResult parseIntegerSetReference(IntegerSet &set);
  /// Parses an affine map/expression whose dims and symbols are SSA operands
  /// (for the affine dialect); `parseElement(isSymbol)` parses one operand.
  ParseResult parseAffineMapOfSSAIds(AffineMap &map, function_ref<ParseResult(bool)> parseElement,
                                     Delimiter delimiter);
  ParseResult parseAffineExprOfSSAIds(AffineExpr &expr, function_ref<ParseResult(bool)> parseElement);
  /// Parses an affine expression over named dims/symbols given in `symbolSet`.
  ParseResult parseAffineExprReference(ArrayRef<std::pair<std::string_view, AffineExpr>> symbolSet,
                                       AffineExpr &expr);

  //===--------------------------------------------------------------------===//
  // Helpers
  //===--------------------------------------------------------------------===//

  std::unordered_map<uint64_t, DistinctAttr> &distinctAttrs() { return state.symbols.distinctAttrs; }

  /// Calls T::getChecked with an error callback at `loc`.
  template <typename T, typename... Args> T getChecked(SMLoc loc, Args &&...args) {
    return T::getChecked([&] { return emitError(loc); }, std::forward<Args>(args)...);
  }
};

/// Parses `text` as a standalone symbol (dialect attribute/type bodies) with
/// a fresh parser over a temporary buffer; used by CustomDialectAsmParser.
template <typename T>
T parseSymbolInBuffer(std::string_view text, Parser &outer, function_ref<T(Parser &)> fn, size_t *numRead);

} // namespace lamina
