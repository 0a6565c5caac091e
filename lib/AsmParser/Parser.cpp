//===- Parser.cpp - Operations, blocks, regions and the top level ---------===//
//
// Generic operations with regions are parsed by an explicit stack machine
// (no recursion), so arbitrarily deep nesting of generic ops cannot overflow
// the C++ stack. Custom operations call back into `parseRegion`, which runs
// the same machine; only custom-op nesting recurses.
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

//===----------------------------------------------------------------------===//
// OperationParser
//===----------------------------------------------------------------------===//

namespace {

class CustomOpAsmParser;

/// Parses operations, blocks and regions for one top-level container.
class OperationParser : public Parser {
public:
  using UnresolvedOperand = OpAsmParser::UnresolvedOperand;
  using Argument = OpAsmParser::Argument;

  /// `%name:count` on the left of an operation.
  struct ResultRecord {
    std::string_view name;
    unsigned count;
    SMLoc loc;
  };

  OperationParser(ParserState &state, ModuleOp topLevelOp);
  ~OperationParser();

  /// Checks forward references, resolves deferred locations and verifies.
  ParseResult finalize();
  /// For a chunk parsed on its own (see tryParallelOps): success if nothing
  /// is left to resolve against the rest of the file.
  ParseResult finishChunk();
  /// Parses the run of operations starting at the current token on the
  /// context's thread pool, in chunks split at line starts, and appends them
  /// to the insertion block; stops before the `}` closing the current region
  /// (`untilCloseBrace`) or before the first top-level line that is not an
  /// operation. Returns false, having changed nothing, when the run is small,
  /// threading is off, or any chunk does not parse on its own: the caller
  /// then parses sequentially (and reports any error itself).
  bool tryParallelOps(bool untilCloseBrace);
  /// Set by the parser of a builtin.module op right before its body region:
  /// the body's operations are tried in parallel.
  bool nextRegionIsModuleBody = false;

  /// Parses one operation (with everything nested in it).
  ParseResult parseOperation() { return runMachine(nullptr, {}, false); }
  /// Parses `{ ... }` into `region` with the given entry arguments.
  ParseResult parseRegion(Region &region, ArrayRef<Argument> entryArguments, bool isIsolatedNameScope) {
    return runMachine(&region, entryArguments, isIsolatedNameScope);
  }

  // SSA values.
  ParseResult parseSSAUse(UnresolvedOperand &result, bool allowResultNumberSyntax = true);
  ParseResult parseOptionalSSAUseList(SmallVectorImpl<UnresolvedOperand> &results);
  Value resolveSSAUse(const UnresolvedOperand &useInfo, Type type);
  ParseResult addDefinition(const UnresolvedOperand &useInfo, Value value);
  ParseResult parseSSADefOrUseAndType(function_ref<ParseResult(UnresolvedOperand, Type)> action);

  // Blocks.
  ParseResult parseSuccessors(SmallVectorImpl<Block *> &destinations);
  ParseResult parseSuccessor(Block *&dest);
  Block *getBlockNamed(std::string_view name, SMLoc loc);

  // Locations.
  ParseResult parseTrailingLocationSpecifier(Operation *op);
  ParseResult parseTrailingLocationSpecifier(BlockArgument arg);
  ParseResult parseLocationAlias(LocationAttr &loc);
  ParseResult parseOptionalTrailingLocation(Location &loc);

  // Custom operations.
  Operation *parseCustomOperation(ArrayRef<ResultRecord> resultIDs);
  FailureOr<OperationName> parseCustomOperationName();

  OpBuilder opBuilder;

private:
  struct BlockDefinition {
    Block *block = nullptr;
    SMLoc loc;
  };
  struct ValueDefinition {
    Value value;
    SMLoc loc;
  };
  /// The definitions of one name by result number: almost always one, kept
  /// inline (no allocation per SSA name).
  class ValueDefinitionList {
  public:
    size_t size() const { return 1 + rest.size(); }
    void resize(size_t n) { rest.resize(n > 0 ? n - 1 : 0); }
    ValueDefinition &operator[](size_t i) { return i == 0 ? first : rest[i - 1]; }

  private:
    ValueDefinition first;
    std::vector<ValueDefinition> rest;
  };
  /// Names visible in an isolated scope, with a list of names per nested
  /// region to forget when that region ends.
  struct IsolatedSSANameScope {
    StringViewMap<ValueDefinitionList> values;
    std::vector<std::vector<std::string_view>> definitionsPerScope;
  };

  /// A generic operation whose region list is being parsed.
  struct PendingOp {
    PendingOp(StateLocation loc, OperationName name) : state(loc, name) {}
    OperationState state;
    SmallVector<ResultRecord, 2> resultIDs;
    size_t numExpectedResults = 0;
    SMLoc opLoc;
    SmallVector<UnresolvedOperand, 4> operandInfos;
    OpBuilder::InsertPoint insertPoint;
  };
  /// A region whose body is being parsed.
  struct RegionFrame {
    Region *region;
    OpBuilder::InsertPoint savedInsertPoint;
    size_t numEntryArgs;
  };
  struct Frame {
    std::unique_ptr<PendingOp> op; // set for op frames
    RegionFrame region;            // valid for region frames
  };

  ParseResult runMachine(Region *startRegion, ArrayRef<Argument> entryArguments, bool isIsolated);
  /// Parses `{`, sets up the entry block; `isEmpty` is set for `{}` without
  /// arguments (already consumed).
  ParseResult beginRegion(Region &region, ArrayRef<Argument> entryArguments, bool isIsolated,
                          std::vector<Frame> &stack, bool &isEmpty);
  ParseResult endRegion(std::vector<Frame> &stack);
  /// Parses the next operation in the current block. Pushes frames if it
  /// is a generic op with regions.
  ParseResult parseOperationStart(std::vector<Frame> &stack);
  /// The rest of a generic operation: attribute dictionary, `:` function
  /// type, trailing location; creates it. `tail` is the op's tail when
  /// parseOperationStart looked it up (see GenericTail), else it is looked
  /// up here.
  struct TailLookup;
  ParseResult finishGenericOp(PendingOp &pending, TailLookup *tail = nullptr);

  /// What follows the operand list (or the region list) of a generic op up
  /// to the end of its line, when that is exactly the op's properties,
  /// attribute dictionary and function type (e.g.
  /// `<{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32`): the same
  /// spelling always parses to the same attributes and type (aliases cannot
  /// be redefined), and in real IR a few spellings make up most ops, so the
  /// last parse of each is remembered in a small direct-mapped cache keyed
  /// by the text (copied, so released input pages are not touched again).
  struct GenericTail {
    uint64_t hash = 0;
    uint32_t length = 0; // 0: empty slot
    uint32_t typeOffset = 0;
    Attribute props;
    DictionaryAttr attrs;
    FunctionType type;
    char text[112];
  };
  static constexpr size_t kTailCacheSize = 256;
  struct TailLookup {
    const char *start = nullptr;   // the tail's first character
    const char *lineEnd = nullptr; // its newline; null: not cacheable
    uint64_t hash = 0;
    const GenericTail *hit = nullptr;
  };
  /// Looks up the tail starting at the current token; on a hit the lexer
  /// continues after it.
  void lookupTail(TailLookup &tail);
  /// Remembers the tail just parsed if it ended its line.
  void rememberTail(const TailLookup &tail, Attribute props, const NamedAttrList &attrs, FunctionType type,
                    const char *typeStart);
  std::unique_ptr<GenericTail[]> tailCache;
  ParseResult registerResults(Operation *op, ArrayRef<ResultRecord> resultIDs, size_t numExpected, SMLoc loc);
  ParseResult parseBlockHeader(Block *&block, RegionFrame &rf);
  ParseResult parseOptionalBlockArgList(Block *owner);

  void pushSSANameScope(bool isIsolated);
  ParseResult popSSANameScope();
  ValueDefinitionList &getSSAValueEntry(std::string_view name) {
    return isolatedNameScopes.back().values[name];
  }
  SMLoc *getReferenceLoc(std::string_view name, unsigned number);
  void recordDefinition(std::string_view name) {
    isolatedNameScopes.back().definitionsPerScope.back().push_back(name);
  }
  BlockDefinition &getBlockInfoByName(std::string_view name) { return blocksByName.back()[name]; }
  bool isForwardRefPlaceholder(Value value) { return forwardRefPlaceholders.count(value.getImpl()); }
  Value createForwardRefPlaceholder(SMLoc loc, Type type);

  ModuleOp topLevelOp;
  /// Generic operation names already resolved, by their quoted spelling.
  StringViewMap<OperationName> opNameCache;
  std::vector<IsolatedSSANameScope> isolatedNameScopes;
  std::vector<std::unordered_map<std::string_view, BlockDefinition>> blocksByName;
  std::vector<std::unordered_map<Block *, SMLoc>> forwardRef;
  std::unordered_map<detail::ValueImpl *, SMLoc> forwardRefPlaceholders;

  struct DeferredLocInfo {
    SMLoc loc;
    std::string_view identifier;
  };
  std::vector<DeferredLocInfo> deferredLocsReferences;
  /// The region begun last is a module body whose first op is next.
  bool pendingParallelBody = false;

  friend class CustomOpAsmParser;
};

} // namespace

OperationParser::OperationParser(ParserState &state, ModuleOp topLevelOp)
    : Parser(state), opBuilder(topLevelOp.getBodyRegion()), topLevelOp(topLevelOp) {
  pushSSANameScope(/*isIsolated=*/true);
}

OperationParser::~OperationParser() {
  for (auto &fwd : forwardRefPlaceholders) {
    Operation *op = Value(fwd.first).getDefiningOp();
    op->dropAllUses();
    op->destroy();
  }
  for (auto &scope : forwardRef)
    for (auto &fwd : scope) {
      fwd.first->dropAllReferences();
      fwd.first->dropAllDefinedValueUses();
      delete fwd.first;
    }
}

void OperationParser::pushSSANameScope(bool isIsolated) {
  blocksByName.emplace_back();
  forwardRef.emplace_back();
  if (isIsolated)
    isolatedNameScopes.emplace_back();
  isolatedNameScopes.back().definitionsPerScope.emplace_back();
}

ParseResult OperationParser::popSSANameScope() {
  auto forwardRefInCurrentScope = std::move(forwardRef.back());
  forwardRef.pop_back();
  if (!forwardRefInCurrentScope.empty()) {
    std::vector<std::pair<const char *, Block *>> errors;
    for (auto &entry : forwardRefInCurrentScope)
      errors.push_back({entry.second.getPointer(), entry.first});
    std::sort(errors.begin(), errors.end());
    for (auto &entry : errors) {
      emitError(SMLoc::getFromPointer(entry.first), "reference to an undefined block").report();
      // Keep the block alive until the parser is destroyed (it has uses).
      if (forwardRef.empty())
        forwardRef.emplace_back();
      forwardRef.front()[entry.second] = SMLoc::getFromPointer(entry.first);
    }
    return failure();
  }
  auto &currentNameScope = isolatedNameScopes.back();
  if (currentNameScope.definitionsPerScope.size() == 1) {
    isolatedNameScopes.pop_back();
  } else {
    for (std::string_view def : currentNameScope.definitionsPerScope.back())
      currentNameScope.values.erase(def);
    currentNameScope.definitionsPerScope.pop_back();
  }
  blocksByName.pop_back();
  return success();
}

SMLoc *OperationParser::getReferenceLoc(std::string_view name, unsigned number) {
  ValueDefinitionList *defs = isolatedNameScopes.back().values.find(name);
  if (!defs || number >= defs->size() || !(*defs)[number].value)
    return nullptr;
  return &(*defs)[number].loc;
}

Value OperationParser::createForwardRefPlaceholder(SMLoc loc, Type type) {
  OperationName name("builtin.unrealized_conversion_cast", getContext());
  Operation *op = Operation::create(getEncodedSourceLocation(loc), name, TypeRange(type), ValueRange(),
                                    NamedAttrList(), Attribute(), {}, 0);
  forwardRefPlaceholders[op->getResult(0).getImpl()] = loc;
  return op->getResult(0);
}

ParseResult OperationParser::addDefinition(const UnresolvedOperand &useInfo, Value value) {
  auto &entries = getSSAValueEntry(useInfo.name);
  if (entries.size() <= useInfo.number)
    entries.resize(useInfo.number + 1);
  if (Value existing = entries[useInfo.number].value) {
    if (!isForwardRefPlaceholder(existing)) {
      InFlightDiagnostic diag = emitError(useInfo.location) << "redefinition of SSA value '" << useInfo.name << "'";
      diag.attachNote(getEncodedSourceLocation(entries[useInfo.number].loc)) << "previously defined here";
      return failure();
    }
    if (existing.getType() != value.getType()) {
      InFlightDiagnostic diag = emitError(useInfo.location) << "definition of SSA value '" << useInfo.name << "#"
                                                            << useInfo.number << "' has type " << value.getType();
      diag.attachNote(getEncodedSourceLocation(entries[useInfo.number].loc))
          << "previously used here with type " << existing.getType();
      return failure();
    }
    existing.replaceAllUsesWith(value);
    forwardRefPlaceholders.erase(existing.getImpl());
    existing.getDefiningOp()->destroy();
  }
  entries[useInfo.number] = {value, useInfo.location};
  recordDefinition(useInfo.name);
  return success();
}

ParseResult OperationParser::parseSSAUse(UnresolvedOperand &result, bool allowResultNumberSyntax) {
  result.name = getTokenSpelling();
  result.number = 0;
  result.location = getToken().getLoc();
  if (parseToken(Token::percent_identifier, "expected SSA operand"))
    return failure();
  if (getToken().is(Token::hash_identifier)) {
    if (!allowResultNumberSyntax)
      return emitError("result number not allowed in argument list");
    if (auto value = getToken().getHashIdentifierNumber())
      result.number = *value;
    else
      return emitError("invalid SSA value result number");
    consumeToken(Token::hash_identifier);
  }
  return success();
}

ParseResult OperationParser::parseOptionalSSAUseList(SmallVectorImpl<UnresolvedOperand> &results) {
  if (getToken().isNot(Token::percent_identifier))
    return success();
  return parseCommaSeparatedList([&]() -> ParseResult {
    UnresolvedOperand result;
    if (parseSSAUse(result))
      return failure();
    results.push_back(result);
    return success();
  });
}

Value OperationParser::resolveSSAUse(const UnresolvedOperand &useInfo, Type type) {
  auto &entries = getSSAValueEntry(useInfo.name);
  if (useInfo.number < entries.size() && entries[useInfo.number].value) {
    Value result = entries[useInfo.number].value;
    if (result.getType() == type)
      return result;
    InFlightDiagnostic diag = emitError(useInfo.location) << "use of value '" << useInfo.name
                                                          << "' expects different type than prior uses: " << type
                                                          << " vs " << result.getType();
    diag.attachNote(getEncodedSourceLocation(entries[useInfo.number].loc)) << "prior use here";
    return Value();
  }
  if (entries.size() <= useInfo.number)
    entries.resize(useInfo.number + 1);
  if (entries[0].value && !isForwardRefPlaceholder(entries[0].value)) {
    emitError(useInfo.location, "reference to invalid result number").report();
    return Value();
  }
  Value result = createForwardRefPlaceholder(useInfo.location, type);
  entries[useInfo.number] = {result, useInfo.location};
  return result;
}

ParseResult OperationParser::parseSSADefOrUseAndType(function_ref<ParseResult(UnresolvedOperand, Type)> action) {
  UnresolvedOperand useInfo;
  if (parseSSAUse(useInfo, /*allowResultNumberSyntax=*/false) ||
      parseToken(Token::colon, "expected ':' and type for SSA operand"))
    return failure();
  Type type = parseType();
  if (!type)
    return failure();
  return action(useInfo, type);
}

ParseResult OperationParser::parseSuccessors(SmallVectorImpl<Block *> &destinations) {
  if (parseToken(Token::l_square, "expected '['"))
    return failure();
  auto parseElt = [&]() -> ParseResult {
    Block *dest = nullptr;
    ParseResult res = parseSuccessor(dest);
    destinations.push_back(dest);
    return res;
  };
  return parseCommaSeparatedListUntil(Token::r_square, parseElt, /*allowEmptyList=*/false);
}

ParseResult OperationParser::parseSuccessor(Block *&dest) {
  if (!getToken().is(Token::caret_identifier))
    return emitWrongTokenError("expected block name");
  dest = getBlockNamed(getTokenSpelling(), getToken().getLoc());
  consumeToken();
  return success();
}

Block *OperationParser::getBlockNamed(std::string_view name, SMLoc loc) {
  BlockDefinition &blockDef = getBlockInfoByName(name);
  if (!blockDef.block) {
    blockDef = {new Block(), loc};
    forwardRef.back()[blockDef.block] = loc;
  }
  return blockDef.block;
}

ParseResult OperationParser::parseLocationAlias(LocationAttr &loc) {
  Token tok = getToken();
  consumeToken(Token::hash_identifier);
  std::string_view identifier = tok.getSpelling().substr(1);
  auto &aliases = state.symbols.attributeAliasDefinitions;
  auto it = aliases.find(std::string(identifier));
  if (it != aliases.end()) {
    loc = dyn_cast<LocationAttr>(it->second);
    if (!loc)
      return emitError(tok.getLoc()) << "expected location, but found '" << it->second << "'";
    return success();
  }
  // Resolve later, once the alias is defined: mark with an OpaqueLoc.
  loc = OpaqueLoc::get(deferredLocsReferences.size(), TypeID::get<DeferredLocInfo>(), UnknownLoc::get(getContext()));
  deferredLocsReferences.push_back(DeferredLocInfo{tok.getLoc(), identifier});
  return success();
}

ParseResult OperationParser::parseOptionalTrailingLocation(Location &loc) {
  if (!consumeIf(Token::kw_loc))
    return success();
  if (parseToken(Token::l_paren, "expected '(' in location"))
    return failure();
  Token tok = getToken();
  LocationAttr directLoc;
  if (tok.is(Token::hash_identifier) && tok.getSpelling().find('.') == std::string_view::npos) {
    if (parseLocationAlias(directLoc))
      return failure();
  } else if (parseLocationInstance(directLoc)) {
    return failure();
  }
  if (parseToken(Token::r_paren, "expected ')' in location"))
    return failure();
  loc = directLoc;
  return success();
}

ParseResult OperationParser::parseTrailingLocationSpecifier(Operation *op) {
  if (!getToken().is(Token::kw_loc))
    return success();
  Location loc = op->getLoc();
  if (parseOptionalTrailingLocation(loc))
    return failure();
  op->setLoc(loc);
  return success();
}

ParseResult OperationParser::parseTrailingLocationSpecifier(BlockArgument arg) {
  Location loc = arg.getLoc();
  if (parseOptionalTrailingLocation(loc))
    return failure();
  arg.setLoc(loc);
  return success();
}

//===----------------------------------------------------------------------===//
// The region/operation machine
//===----------------------------------------------------------------------===//

ParseResult OperationParser::beginRegion(Region &region, ArrayRef<Argument> entryArguments, bool isIsolated,
                                         std::vector<Frame> &stack, bool &isEmpty) {
  isEmpty = false;
  bool moduleBody = nextRegionIsModuleBody;
  nextRegionIsModuleBody = false;
  if (parseToken(Token::l_brace, "expected '{' to begin a region"))
    return failure();
  if (entryArguments.empty() && getToken().is(Token::r_brace)) {
    consumeToken(Token::r_brace);
    isEmpty = true;
    return success();
  }
  OpBuilder::InsertPoint saved = opBuilder.saveInsertionPoint();
  pushSSANameScope(isIsolated);
  Block *block = new Block();
  region.push_back(block);
  if (!entryArguments.empty() && !entryArguments[0].ssaName.name.empty()) {
    if (getToken().is(Token::caret_identifier))
      return emitError("invalid block name in region with named arguments");
    for (const Argument &entryArg : entryArguments) {
      const UnresolvedOperand &argInfo = entryArg.ssaName;
      if (SMLoc *defLoc = getReferenceLoc(argInfo.name, argInfo.number)) {
        InFlightDiagnostic diag = emitError(argInfo.location)
                                  << "region entry argument '" << argInfo.name << "' is already in use";
        diag.attachNote(getEncodedSourceLocation(*defLoc)) << "previously referenced here";
        return failure();
      }
      PackedLocation loc = entryArg.sourceLoc ? PackedLocation(*entryArg.sourceLoc)
                                              : state.lex.getPackedSourceLocation(argInfo.location).getPacked();
      BlockArgument arg = block->addArgument(entryArg.type, loc);
      if (addDefinition(argInfo, arg))
        return failure();
    }
  }
  Frame frame;
  frame.region = RegionFrame{&region, saved, entryArguments.size()};
  stack.push_back(std::move(frame));
  pendingParallelBody = moduleBody && entryArguments.empty();
  // The entry block may be named; otherwise its body starts right away.
  if (getToken().is(Token::caret_identifier)) {
    if (parseBlockHeader(block, stack.back().region))
      return failure();
  }
  opBuilder.setInsertionPointToEnd(block);
  return success();
}

ParseResult OperationParser::endRegion(std::vector<Frame> &stack) {
  RegionFrame rf = stack.back().region;
  stack.pop_back();
  consumeToken(Token::r_brace);
  if (popSSANameScope())
    return failure();
  opBuilder.restoreInsertionPoint(rf.savedInsertPoint);
  return success();
}

ParseResult OperationParser::parseBlockHeader(Block *&block, RegionFrame &rf) {
  SMLoc nameLoc = getToken().getLoc();
  std::string_view name = getTokenSpelling();
  if (parseToken(Token::caret_identifier, "expected block name"))
    return failure();
  BlockDefinition &blockAndLoc = getBlockInfoByName(name);
  bool isEntry = block != nullptr;
  if (!blockAndLoc.block) {
    if (block) {
      blockAndLoc.block = block;
    } else {
      blockAndLoc.block = new Block();
      rf.region->push_back(blockAndLoc.block);
    }
  } else {
    auto &fwd = forwardRef.back();
    auto it = fwd.find(blockAndLoc.block);
    if (it == fwd.end())
      return emitError(nameLoc) << "redefinition of block '" << name << "'";
    fwd.erase(it);
    if (isEntry) {
      // The entry block was referenced before its header: make the forward
      // declared block the entry block.
      Block *entry = block;
      Block *declared = blockAndLoc.block;
      rf.region->getBlocks().remove(entry);
      rf.region->push_front(declared);
      // Move any named entry arguments over (there are none when a name is given).
      delete entry;
    } else {
      rf.region->push_back(blockAndLoc.block);
    }
  }
  blockAndLoc.loc = nameLoc;
  block = blockAndLoc.block;
  if (getToken().is(Token::l_paren))
    if (parseOptionalBlockArgList(block))
      return failure();
  if (parseToken(Token::colon, "expected ':' after block name"))
    return failure();
  if (isEntry && rf.numEntryArgs && block->getNumArguments() > rf.numEntryArgs)
    return emitError("entry block arguments were already defined");
  opBuilder.setInsertionPointToEnd(block);
  return success();
}

ParseResult OperationParser::parseOptionalBlockArgList(Block *owner) {
  if (getToken().is(Token::r_brace))
    return success();
  bool definingExistingArgs = owner->getNumArguments() != 0;
  unsigned nextArgument = 0;
  return parseCommaSeparatedList(Delimiter::Paren, [&]() -> ParseResult {
    return parseSSADefOrUseAndType([&](UnresolvedOperand useInfo, Type type) -> ParseResult {
      BlockArgument arg;
      if (definingExistingArgs) {
        if (nextArgument >= owner->getNumArguments())
          return emitError("too many arguments specified in argument list");
        arg = owner->getArgument(nextArgument++);
        if (arg.getType() != type)
          return emitError("argument and block argument type mismatch");
      } else {
        arg = owner->addArgument(type, state.lex.getPackedSourceLocation(useInfo.location).getPacked());
      }
      if (parseTrailingLocationSpecifier(arg))
        return failure();
      return addDefinition(useInfo, arg);
    });
  });
}

ParseResult OperationParser::registerResults(Operation *op, ArrayRef<ResultRecord> resultIDs, size_t numExpected,
                                             SMLoc loc) {
  if (resultIDs.empty())
    return success();
  if (op->getNumResults() == 0)
    return emitError(loc, "cannot name an operation with no results");
  if (numExpected != op->getNumResults())
    return emitError(loc, "operation defines ") << op->getNumResults() << " results but was provided "
                                                 << uint64_t(numExpected) << " to bind";
  unsigned opResI = 0;
  for (const ResultRecord &res : resultIDs)
    for (unsigned sub = 0; sub < res.count; ++sub)
      if (addDefinition({res.loc, res.name, sub}, op->getResult(opResI++)))
        return failure();
  return success();
}

ParseResult OperationParser::parseOperationStart(std::vector<Frame> &stack) {
  SMLoc loc = getToken().getLoc();
  SmallVector<ResultRecord, 2> resultIDs;
  size_t numExpectedResults = 0;
  if (getToken().is(Token::percent_identifier)) {
    auto parseNextResult = [&]() -> ParseResult {
      Token nameTok = getToken();
      if (parseToken(Token::percent_identifier, "expected valid ssa identifier"))
        return failure();
      size_t expectedSubResults = 1;
      if (consumeIf(Token::colon)) {
        if (!getToken().is(Token::integer))
          return emitWrongTokenError("expected integer number of results");
        auto val = getToken().getUInt64IntegerValue();
        if (!val || *val < 1)
          return emitError("expected named operation to have at least 1 result");
        consumeToken(Token::integer);
        expectedSubResults = *val;
      }
      resultIDs.push_back({nameTok.getSpelling(), unsigned(expectedSubResults), nameTok.getLoc()});
      numExpectedResults += expectedSubResults;
      return success();
    };
    if (parseCommaSeparatedList(parseNextResult))
      return failure();
    if (parseToken(Token::equal, "expected '=' after SSA name"))
      return failure();
  }

  Token nameTok = getToken();
  if (nameTok.is(Token::bare_identifier) || nameTok.isKeyword()) {
    Operation *op = parseCustomOperation(resultIDs);
    if (!op)
      return failure();
    return registerResults(op, resultIDs, numExpectedResults, loc);
  }
  if (!nameTok.is(Token::string))
    return emitWrongTokenError("expected operation name in quotes");

  // Generic operation: parse up to the region list. Names are resolved once
  // per parser and spelling (the context's table is shared by all threads).
  StateLocation srcLocation = state.lex.getPackedSourceLocation(nameTok.getLoc());
  OperationName opName;
  if (OperationName *cached = opNameCache.find(nameTok.getSpelling())) {
    opName = *cached;
    consumeToken(Token::string);
  } else {
    std::string name = nameTok.getStringValue();
    if (name.empty())
      return emitError("empty operation name is invalid");
    if (name.find('\0') != std::string::npos)
      return emitError("null character not allowed in operation name");
    consumeToken(Token::string);

    opName = OperationName(name, getContext());
    if (!opName.isRegistered()) {
      std::string_view dialectName = std::string_view(name).substr(0, name.find('.'));
      if (!getContext()->getLoadedDialect(dialectName) && !getContext()->getOrLoadDialect(dialectName)) {
        if (!getContext()->allowsUnregisteredDialects())
          return emitError("operation being parsed with an unregistered dialect. If this is intended, please use "
                           "-allow-unregistered-dialect with the MLIR tool used");
      } else {
        opName = OperationName(name, getContext());
      }
    }
    opNameCache[nameTok.getSpelling()] = opName;
  }
  // Kept on the stack unless the op has regions (most have none).
  PendingOp local(srcLocation, opName);
  PendingOp *pending = &local;
  pending->resultIDs = std::move(resultIDs);
  pending->numExpectedResults = numExpectedResults;
  pending->opLoc = loc;
  pending->insertPoint = opBuilder.saveInsertionPoint();

  if (parseToken(Token::l_paren, "expected '(' to start operand list") ||
      parseOptionalSSAUseList(pending->operandInfos) ||
      parseToken(Token::r_paren, "expected ')' to end operand list"))
    return failure();
  TailLookup tail;
  if (getToken().is(Token::l_square)) {
    if (opName.isRegistered() && !opName.mightHaveTrait<OpTrait::IsTerminator>())
      return emitError("successors in non-terminator");
    if (parseSuccessors(pending->state.successors))
      return failure();
  } else {
    lookupTail(tail);
    if (tail.hit) {
      pending->state.propertiesAttr = tail.hit->props;
      return finishGenericOp(*pending, &tail);
    }
  }
  if (consumeIf(Token::less)) {
    pending->state.propertiesAttr = parseAttribute();
    if (!pending->state.propertiesAttr)
      return failure();
    if (parseToken(Token::greater, "expected '>' to close properties"))
      return failure();
  }
  if (!consumeIf(Token::l_paren))
    return finishGenericOp(*pending, &tail);

  // Regions: push the op, then begin its first region. Empty regions finish
  // immediately, so loop until a region with a body is open or the list ends.
  Frame opFrame;
  opFrame.op = std::make_unique<PendingOp>(std::move(local));
  stack.push_back(std::move(opFrame));
  while (true) {
    PendingOp &p = *stack.back().op;
    p.state.regions.push_back(std::make_unique<Region>(topLevelOp.getOperation()));
    nextRegionIsModuleBody = p.state.regions.size() == 1 && p.state.name.getStringRef() == "builtin.module";
    bool isEmpty;
    if (beginRegion(*p.state.regions.back(), {}, false, stack, isEmpty))
      return failure();
    if (!isEmpty)
      return success();
    if (consumeIf(Token::comma))
      continue;
    if (parseToken(Token::r_paren, "expected ')' to end region list"))
      return failure();
    std::unique_ptr<PendingOp> done = std::move(stack.back().op);
    stack.pop_back();
    return finishGenericOp(*done);
  }
}

void OperationParser::lookupTail(TailLookup &tail) {
  const char *start = getToken().getLoc().getPointer();
  const char *limit = state.lex.getLimit();
  size_t span = std::min<size_t>(size_t(limit - start), sizeof(GenericTail::text) + 1);
  auto *lineEnd = static_cast<const char *>(std::memchr(start, '\n', span));
  if (!lineEnd || lineEnd == start)
    return;
  size_t length = size_t(lineEnd - start);
  tail.start = start;
  tail.lineEnd = lineEnd;
  tail.hash = hashBytes(start, length);
  if (!tailCache)
    return;
  const GenericTail &entry = tailCache[tail.hash & (kTailCacheSize - 1)];
  if (entry.length == length && entry.hash == tail.hash && std::memcmp(entry.text, start, length) == 0) {
    tail.hit = &entry;
    resetToken(lineEnd);
  }
}

void OperationParser::rememberTail(const TailLookup &tail, Attribute props, const NamedAttrList &attrs,
                                   FunctionType type, const char *typeStart) {
  // Cacheable only if the tail's tokens all precede its newline and the
  // next token follows it (no trailing location or op on the same line, no
  // type spanning lines; strings cannot contain newlines).
  const char *next = getToken().getLoc().getPointer();
  if (!tail.lineEnd || next <= tail.lineEnd ||
      std::memchr(tail.lineEnd + 1, '\n', size_t(next - tail.lineEnd - 1)))
    return;
  if (!tailCache)
    tailCache = std::make_unique<GenericTail[]>(kTailCacheSize);
  GenericTail &entry = tailCache[tail.hash & (kTailCacheSize - 1)];
  size_t length = size_t(tail.lineEnd - tail.start);
  entry.hash = tail.hash;
  entry.length = uint32_t(length);
  entry.typeOffset = uint32_t(typeStart - tail.start);
  entry.props = props;
  entry.attrs = attrs.empty() ? DictionaryAttr() : attrs.getDictionary(getContext());
  entry.type = type;
  std::memcpy(entry.text, tail.start, length);
}

ParseResult OperationParser::finishGenericOp(PendingOp &pending, TailLookup *knownTail) {
  OperationState &result = pending.state;
  opBuilder.restoreInsertionPoint(pending.insertPoint);
  TailLookup localTail;
  TailLookup &tail = knownTail ? *knownTail : localTail;
  // After a region list the tail has no properties (text starting with `<`
  // is an error there, and must not hit a tail cached with properties).
  if (!knownTail && getToken().isNot(Token::less))
    lookupTail(tail);
  FunctionType fnType;
  SMLoc typeLoc;
  if (tail.hit) {
    if (tail.hit->attrs)
      result.attributes = NamedAttrList(tail.hit->attrs);
    fnType = tail.hit->type;
    typeLoc = SMLoc::getFromPointer(tail.start + tail.hit->typeOffset);
  } else {
    if (getToken().is(Token::l_brace))
      if (parseAttributeDict(result.attributes))
        return failure();
    if (parseToken(Token::colon, "expected ':' followed by operation type"))
      return failure();
    typeLoc = getToken().getLoc();
    Type type = parseType();
    if (!type)
      return failure();
    fnType = dyn_cast<FunctionType>(type);
    if (!fnType)
      return emitError(typeLoc, "expected function type");
    if (tail.start)
      rememberTail(tail, knownTail ? result.propertiesAttr : Attribute(), result.attributes, fnType,
                   typeLoc.getPointer());
  }
  result.addTypes(fnType.getResults());
  ArrayRef<Type> operandTypes = fnType.getInputs();
  if (operandTypes.size() != pending.operandInfos.size()) {
    return emitError(typeLoc, "expected ") << unsigned(pending.operandInfos.size()) << " operand type"
                                           << (pending.operandInfos.size() == 1 ? "" : "s") << " but had "
                                           << unsigned(operandTypes.size());
  }
  for (size_t i = 0; i < pending.operandInfos.size(); ++i) {
    Value v = resolveSSAUse(pending.operandInfos[i], operandTypes[i]);
    if (!v)
      return failure();
    result.operands.push_back(v);
  }
  // Inherent attributes given as discardable ones are checked before the op
  // exists (they could not be stored as properties otherwise).
  StateLocation srcLocation = result.location;
  if (!result.propertiesAttr && result.name.isRegistered())
    if (auto verifyInherentAttrs = result.name.getInfo().verifyInherentAttrs)
      if (failed(verifyInherentAttrs(result.name, result.attributes, [&]() {
            return lamina::emitError(srcLocation) << "'" << result.name.getStringRef() << "' op ";
          })))
        return failure();
  if (getToken().is(Token::kw_loc)) {
    Location trailing = result.location;
    if (parseOptionalTrailingLocation(trailing))
      return failure();
    result.location = trailing;
  }
  // Registered ops take their properties from a dictionary (set after
  // creation so errors can be reported, at the op name); unregistered ops
  // store the attribute as is, at creation.
  Attribute props = result.propertiesAttr;
  if (result.name.isRegistered())
    result.propertiesAttr = Attribute();
  else
    props = Attribute();
  Operation *op = opBuilder.create(result);
  if (props) {
    StateLocation loc = srcLocation;
    std::string name(result.name.getStringRef());
    if (failed(op->setPropertiesFromAttribute(props, [&]() {
          return lamina::emitError(loc) << "invalid properties " << props << " for op " << name << ": ";
        })))
      return failure();
  }
  return registerResults(op, pending.resultIDs, pending.numExpectedResults, pending.opLoc);
}

ParseResult OperationParser::finishChunk() {
  if (!forwardRefPlaceholders.empty() || !deferredLocsReferences.empty())
    return failure();
  // Values defined at the chunk's top level could be used by later text.
  for (Operation &op : *topLevelOp.getBody())
    if (op.getNumResults())
      return failure();
  return popSSANameScope();
}

namespace {
/// Where the chunks of a run of operations start, and where the run ends.
struct ChunkPlan {
  std::vector<const char *> starts;
  /// For each start: the start of its line, and how many lines after the
  /// line of the first start it is (so chunk lexers need no line table).
  std::vector<const char *> lineStarts;
  std::vector<unsigned> lineDeltas;
  const char *end = nullptr;
};

/// Chunks nest at most this deep in brackets: custom parsers recurse per
/// level and pool threads have ordinary stacks.
constexpr int kMaxChunkDepth = 200;
/// Below this many bytes, parsing in parallel is not worth it.
constexpr size_t kMinParallelBytes = size_t(1) << 20;

bool isOpStartChar(char c) {
  return unsigned((c | 0x20) - 'a') < 26u || c == '_' || c == '%' || c == '"';
}

/// Splits [begin, bufEnd) into about `numChunks` chunks at line starts where
/// an operation starts at bracket depth 0. Strings and comments are skipped.
/// The characters planChunks looks at; everything else is skipped in bulk.
struct ChunkScanTable {
  bool special[256] = {};
  constexpr ChunkScanTable() {
    for (char c : {'"', '/', '(', '[', '{', ')', ']', '}', '\n', '\0'})
      special[static_cast<unsigned char>(c)] = true;
  }
};
constexpr ChunkScanTable kChunkScanTable;

std::optional<ChunkPlan> planChunks(const char *begin, const char *bufEnd, bool untilCloseBrace,
                                    unsigned numChunks) {
  struct Candidate {
    const char *ptr, *lineStart;
    unsigned lineDelta;
  };
  std::vector<Candidate> candidates;
  const char *stop = nullptr;
  int depth = 0;
  unsigned lines = 0;
  const char *p = begin;
  while (p < bufEnd && !stop) {
    while (p < bufEnd && !kChunkScanTable.special[static_cast<unsigned char>(*p)])
      ++p;
    if (p >= bufEnd)
      break;
    switch (*p) {
    case '"':
      for (++p; p < bufEnd && *p != '"'; ++p) {
        if (*p == '\n')
          return std::nullopt;
        if (*p == '\\')
          ++p;
      }
      if (p >= bufEnd)
        return std::nullopt;
      break;
    case '/':
      if (p + 1 < bufEnd && p[1] == '/') {
        while (p + 1 < bufEnd && p[1] != '\n')
          ++p;
      }
      break;
    case '(':
    case '[':
    case '{':
      if (++depth > kMaxChunkDepth)
        return std::nullopt;
      break;
    case ')':
    case ']':
    case '}':
      if (--depth < 0) {
        if (!untilCloseBrace || *p != '}')
          return std::nullopt;
        stop = p;
        continue;
      }
      break;
    case '\n':
      ++lines;
      if (depth == 0) {
        const char *q = p + 1;
        while (q < bufEnd && (*q == ' ' || *q == '\t' || *q == '\r'))
          ++q;
        if (q >= bufEnd || *q == '\n' || *q == '/' || *q == '}')
          break;
        if (isOpStartChar(*q)) {
          candidates.push_back({q, p + 1, lines});
        } else if (*q == '^') {
          return std::nullopt; // blocks: not a plain run of operations
        } else {
          stop = q; // an alias definition, `{-#`, ...: the rest is sequential
          continue;
        }
      }
      break;
    case 0:
      return std::nullopt;
    default:
      break;
    }
    ++p;
  }
  if (!stop) {
    if (untilCloseBrace || depth != 0)
      return std::nullopt;
    stop = bufEnd;
  }
  size_t total = size_t(stop - begin);
  if (total < kMinParallelBytes || numChunks < 2)
    return std::nullopt;
  ChunkPlan plan;
  plan.starts.push_back(begin);
  plan.lineStarts.push_back(nullptr); // the caller knows where `begin` is
  plan.lineDeltas.push_back(0);
  plan.end = stop;
  size_t next = 0;
  for (unsigned k = 1; k < numChunks; ++k) {
    const char *target = begin + total / numChunks * k;
    while (next < candidates.size() &&
           (candidates[next].ptr < target || candidates[next].ptr <= plan.starts.back()))
      ++next;
    if (next == candidates.size())
      break;
    plan.starts.push_back(candidates[next].ptr);
    plan.lineStarts.push_back(candidates[next].lineStart);
    plan.lineDeltas.push_back(candidates[next].lineDelta);
  }
  if (plan.starts.size() < 2)
    return std::nullopt;
  return plan;
}
} // namespace

bool OperationParser::tryParallelOps(bool untilCloseBrace) {
  MLIRContext *ctx = getContext();
  if (!ctx->isMultithreadingEnabled() || getToken().is(Token::eof))
    return false;
  const SourceMgr &sourceMgr = state.lex.getSourceMgr();
  unsigned bufferID = state.lex.getBufferID();
  const char *begin = getToken().getLoc().getPointer();
  ThreadPool &pool = ctx->getThreadPool();
  unsigned numChunks = 2 * (pool.getThreadCount() + 1);
  std::optional<ChunkPlan> plan = planChunks(begin, state.lex.getBufferEnd(), untilCloseBrace, numChunks);
  if (!plan)
    return false;

  // Chunk lexers count lines from their start, known from the plan.
  auto [beginLine, beginCol] = state.lex.getLineAndColumn(begin);
  const char *beginLineStart = begin - (beginCol - 1);
  // Shared, read-only from here on: the aliases so far and the registered
  // dialects (loaded now, so that no chunk registers operations while
  // others look them up).
  for (const std::string &ns : ctx->getDialectRegistry().getDialectNames())
    (void)ctx->getOrLoadDialect(ns);
  ParserConfig chunkConfig(ctx, /*verifyAfterParse=*/false);
  chunkConfig.setTentative(true);
  size_t n = plan->starts.size();
  std::vector<Operation *> chunkModules(n, nullptr);
  std::atomic<bool> anyFailed{false};
  pool.parallelFor(0, n, [&](size_t i) {
    if (anyFailed.load(std::memory_order_relaxed))
      return;
    ScopedDiagnosticSuppression quiet;
    SymbolState symbols;
    symbols.attributeAliasDefinitions = state.symbols.attributeAliasDefinitions;
    symbols.typeAliasDefinitions = state.symbols.typeAliasDefinitions;
    const char *end = i + 1 < n ? plan->starts[i + 1] : plan->end;
    ParserState chunkState(sourceMgr, bufferID, chunkConfig, symbols, plan->starts[i], end);
    chunkState.lex.seedLineCursor(plan->starts[i], i ? plan->lineStarts[i] : beginLineStart,
                                  beginLine + plan->lineDeltas[i]);
    chunkState.defaultDialectStack = state.defaultDialectStack;
    ModuleOp module = ModuleOp::create(UnknownLoc::get(ctx));
    bool ok = true;
    {
      OperationParser chunkParser(chunkState, module);
      while (ok && !chunkState.curToken.is(Token::eof))
        ok = !chunkState.curToken.is(Token::error) && !chunkParser.parseOperation();
      ok = ok && !chunkParser.finishChunk();
    }
    // Resources and distinct attributes are numbered file-wide.
    ok = ok && symbols.resourceHandles.empty() && symbols.dialectResourceHandles.empty() &&
         symbols.distinctAttrs.empty();
    if (!ok) {
      module.getOperation()->destroy();
      anyFailed.store(true, std::memory_order_relaxed);
      return;
    }
    chunkModules[i] = module.getOperation();
  });
  if (anyFailed.load()) {
    for (Operation *m : chunkModules)
      if (m)
        m->destroy();
    return false;
  }
  Block *target = opBuilder.getInsertionBlock();
  for (Operation *m : chunkModules) {
    Block *body = ModuleOp(m).getBody();
    target->splice(body, body->begin());
    m->destroy();
  }
  state.lex.resetPointer(plan->end);
  state.curToken = state.lex.lexToken();
  return true;
}

ParseResult OperationParser::runMachine(Region *startRegion, ArrayRef<Argument> entryArguments, bool isIsolated) {
  std::vector<Frame> stack;
  // On failure the stack still owns the regions of unfinished generic ops.
  // Ops in inner regions may use values of outer ones, so every use is
  // unlinked before any op is freed, and frames are released innermost first.
  struct StackReleaser {
    std::vector<Frame> &stack;
    ~StackReleaser() {
      for (Frame &f : stack)
        if (f.op)
          for (auto &region : f.op->state.regions)
            region->dropAllReferences();
      while (!stack.empty())
        stack.pop_back();
    }
  } releaser{stack};
  if (startRegion) {
    bool isEmpty;
    if (beginRegion(*startRegion, entryArguments, isIsolated, stack, isEmpty))
      return failure();
    if (isEmpty)
      return success();
  } else {
    if (parseOperationStart(stack))
      return failure();
    if (stack.empty())
      return success();
  }
  while (!stack.empty()) {
    Frame &top = stack.back();
    assert(!top.op && "expected a region frame on top");
    (void)top;
    Token::Kind kind = getToken().getKind();
    if (kind == Token::r_brace) {
      if (endRegion(stack))
        return failure();
      if (stack.empty())
        return success();
      // The region belonged to a pending generic op: next region or finish.
      while (true) {
        if (consumeIf(Token::comma)) {
          PendingOp &p = *stack.back().op;
          p.state.regions.push_back(std::make_unique<Region>(topLevelOp.getOperation()));
          bool isEmpty;
          if (beginRegion(*p.state.regions.back(), {}, false, stack, isEmpty))
            return failure();
          if (isEmpty)
            continue;
          break;
        }
        if (parseToken(Token::r_paren, "expected ')' to end region list"))
          return failure();
        std::unique_ptr<PendingOp> done = std::move(stack.back().op);
        stack.pop_back();
        if (finishGenericOp(*done))
          return failure();
        break;
      }
      if (stack.empty())
        return success();
      continue;
    }
    if (kind == Token::caret_identifier) {
      Block *block = nullptr;
      if (parseBlockHeader(block, stack.back().region))
        return failure();
      continue;
    }
    if (pendingParallelBody) {
      pendingParallelBody = false;
      if (tryParallelOps(/*untilCloseBrace=*/true))
        continue;
    }
    if (parseOperationStart(stack))
      return failure();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Custom operations
//===----------------------------------------------------------------------===//

namespace {
/// The OpAsmParser handed to custom op parse hooks.
class CustomOpAsmParser : public AsmParserImpl<OpAsmParser> {
public:
  CustomOpAsmParser(SMLoc nameLoc, ArrayRef<OperationParser::ResultRecord> resultIDs,
                    ParseResult (*parseAssembly)(OpAsmParser &, OperationState &), bool isIsolatedFromAbove,
                    std::string_view opName, OperationParser &parser)
      : AsmParserImpl<OpAsmParser>(nameLoc, parser), resultIDs(resultIDs), parseAssembly(parseAssembly),
        isIsolatedFromAbove(isIsolatedFromAbove), opName(opName), opParser(parser) {}

  /// Errors a custom parser reports name the op: "custom op 'a.b' <msg>".
  /// (Errors of the underlying Parser's own grammar are not prefixed.)
  InFlightDiagnostic emitError(SMLoc loc, std::string_view message) override {
    std::string full = "custom op '";
    full += opName;
    full += "' ";
    full += message;
    return AsmParserImpl<OpAsmParser>::emitError(loc, full);
  }

  ParseResult parseOperation(OperationState &opState) {
    if (parseAssembly(*this, opState))
      return failure();
    std::optional<NamedAttribute> duplicate = opState.attributes.findDuplicate();
    if (duplicate)
      return emitError(getNameLoc(), "attribute '")
             << duplicate->getName().getValue() << "' occurs more than once in the attribute list";
    return success();
  }

  size_t getNumResults() const override {
    size_t n = 0;
    for (auto &r : resultIDs)
      n += r.count;
    return n;
  }
  std::pair<std::string_view, unsigned> getResultName(unsigned resultNo) const override {
    for (auto &r : resultIDs) {
      if (resultNo < r.count)
        return {r.name.substr(1), resultNo};
      resultNo -= r.count;
    }
    return {std::string_view(), ~0u};
  }

  ParseResult parseOperand(UnresolvedOperand &result, bool allowResultNumber = true) override {
    return opParser.parseSSAUse(result, allowResultNumber);
  }
  std::optional<ParseResult> parseOptionalOperand(UnresolvedOperand &result, bool allowResultNumber) override {
    if (parser.getToken().is(Token::percent_identifier))
      return parseOperand(result, allowResultNumber);
    return std::nullopt;
  }
  ParseResult parseOperandList(SmallVectorImpl<UnresolvedOperand> &result, Delimiter delimiter, bool allowResultNumber,
                               int requiredOperandCount) override {
    // The no-delimiter case with no leading operand is an empty list, unless
    // operands are required (errors worded and placed as mlir-opt's, without
    // the custom-op prefix).
    if (delimiter == Delimiter::None && parser.getToken().isNot(Token::percent_identifier)) {
      if (requiredOperandCount <= 0)
        return success();
      if (parser.getToken().isAny(Token::l_paren, Token::l_square))
        return parser.emitError("unexpected delimiter");
      return parser.emitWrongTokenError("expected operand");
    }
    SMLoc startLoc = parser.getToken().getLoc();
    size_t before = result.size();
    if (parser.parseCommaSeparatedList(
            delimiter,
            [&]() -> ParseResult {
              UnresolvedOperand operand;
              if (parseOperand(operand, allowResultNumber))
                return failure();
              result.push_back(operand);
              return success();
            },
            " in operand list"))
      return failure();
    if (requiredOperandCount != -1 && int(result.size() - before) != requiredOperandCount)
      return emitError(startLoc, "expected ") << requiredOperandCount << " operands";
    return success();
  }
  ParseResult parseTrailingOperandList(SmallVectorImpl<UnresolvedOperand> &result, Delimiter delimiter) override {
    if (!parser.consumeIf(Token::comma))
      return success();
    return parseOperandList(result, delimiter, true, -1);
  }
  ParseResult resolveOperand(const UnresolvedOperand &operand, Type type, SmallVectorImpl<Value> &result) override {
    if (Value v = opParser.resolveSSAUse(operand, type)) {
      result.push_back(v);
      return success();
    }
    return failure();
  }

  ParseResult parseArgument(Argument &result, bool allowType, bool allowAttrs) override {
    NamedAttrList attrs;
    if (parseOperand(result.ssaName, /*allowResultNumber=*/false) ||
        (allowType && parseColonType(result.type)) || (allowAttrs && parseOptionalAttrDict(attrs)) ||
        parseOptionalLocationSpecifier(result.sourceLoc))
      return failure();
    result.attrs = attrs.getDictionary(getContext());
    return success();
  }
  std::optional<ParseResult> parseOptionalArgument(Argument &result, bool allowType, bool allowAttrs) override {
    if (parser.getToken().is(Token::percent_identifier))
      return parseArgument(result, allowType, allowAttrs);
    return std::nullopt;
  }
  ParseResult parseArgumentList(std::vector<Argument> &result, Delimiter delimiter, bool allowType,
                                bool allowAttrs) override {
    if (delimiter == Delimiter::None && parser.getToken().isNot(Token::percent_identifier))
      return success();
    return parser.parseCommaSeparatedList(
        delimiter,
        [&]() -> ParseResult {
          Argument arg;
          if (parseArgument(arg, allowType, allowAttrs))
            return failure();
          result.push_back(arg);
          return success();
        },
        " in argument list");
  }

  std::optional<ParseResult> parseOptionalAssignmentList(std::vector<Argument> &lhs,
                                                         SmallVectorImpl<UnresolvedOperand> &rhs) override {
    if (!parser.consumeIf(Token::l_paren))
      return std::nullopt;
    return parser.parseCommaSeparatedListUntil(Token::r_paren, [&]() -> ParseResult {
      Argument arg;
      UnresolvedOperand operand;
      if (parseArgument(arg, false, false) || parseEqual() || parseOperand(operand))
        return failure();
      lhs.push_back(arg);
      rhs.push_back(operand);
      return success();
    });
  }

  ParseResult parseRegion(Region &region, ArrayRef<Argument> arguments, bool enableNameShadowing) override {
    opParser.nextRegionIsModuleBody = (opName == "builtin.module" || opName == "module") && region.empty();
    return opParser.parseRegion(region, arguments, enableNameShadowing);
  }
  std::optional<ParseResult> parseOptionalRegion(Region &region, ArrayRef<Argument> arguments,
                                                 bool enableNameShadowing) override {
    if (parser.getToken().isNot(Token::l_brace))
      return std::nullopt;
    return parseRegion(region, arguments, enableNameShadowing);
  }
  ParseResult parseSuccessor(Block *&dest) override { return opParser.parseSuccessor(dest); }
  std::optional<ParseResult> parseOptionalSuccessor(Block *&dest) override {
    if (!parser.getToken().is(Token::caret_identifier))
      return std::nullopt;
    return parseSuccessor(dest);
  }
  ParseResult parseSuccessorAndUseList(Block *&dest, SmallVectorImpl<Value> &operands) override {
    if (parseSuccessor(dest))
      return failure();
    if (parser.getToken().is(Token::l_paren)) {
      // `(%a, %b : i32, i32)`
      SmallVector<UnresolvedOperand, 4> ops;
      SmallVector<Type, 4> types;
      SMLoc loc = parser.getToken().getLoc();
      if (parseLParen() || parseOperandList(ops, Delimiter::None, true, -1) || parseColonTypeList(types) ||
          parseRParen())
        return failure();
      return resolveOperands(ops, ArrayRef<Type>(types), loc, operands);
    }
    return success();
  }

  ParseResult parseAffineMapOfSSAIds(SmallVectorImpl<UnresolvedOperand> &operands, Attribute &mapAttr,
                                     std::string_view attrName, NamedAttrList &attrs, Delimiter delimiter) override {
    SmallVector<UnresolvedOperand, 4> dimOperands, symOperands;
    auto parseElement = [&](bool isSymbol) -> ParseResult {
      UnresolvedOperand operand;
      if (parseOperand(operand))
        return failure();
      (isSymbol ? symOperands : dimOperands).push_back(operand);
      return success();
    };
    AffineMap map;
    if (parser.parseAffineMapOfSSAIds(map, parseElement, delimiter))
      return failure();
    if (map) {
      mapAttr = AffineMapAttr::get(map);
      attrs.push_back(NamedAttribute(StringAttr::get(getContext(), attrName), mapAttr));
    }
    operands.insert(operands.end(), dimOperands.begin(), dimOperands.end());
    operands.insert(operands.end(), symOperands.begin(), symOperands.end());
    return success();
  }
  ParseResult parseAffineExprOfSSAIds(SmallVectorImpl<UnresolvedOperand> &dimOperands,
                                      SmallVectorImpl<UnresolvedOperand> &symbOperands, AffineExpr &expr) override {
    auto parseElement = [&](bool isSymbol) -> ParseResult {
      UnresolvedOperand operand;
      if (parseOperand(operand))
        return failure();
      (isSymbol ? symbOperands : dimOperands).push_back(operand);
      return success();
    };
    return parser.parseAffineExprOfSSAIds(expr, parseElement);
  }

  Operation *parseGenericOperation(Block *insertBlock, Block::iterator insertPt) override {
    OpBuilder::InsertPoint saved = opParser.opBuilder.saveInsertionPoint();
    opParser.opBuilder.setInsertionPoint(insertBlock, insertPt);
    // Parse one (generic) operation at the given point.
    Block::iterator before = insertPt;
    bool atBegin = insertPt == insertBlock->begin();
    Operation *prev = atBegin ? nullptr : &*std::prev(before);
    ParseResult r = opParser.parseOperation();
    opParser.opBuilder.restoreInsertionPoint(saved);
    if (failed(r))
      return nullptr;
    return prev ? prev->getNextNode() : &insertBlock->front();
  }
  FailureOr<OperationName> parseCustomOperationName() override { return opParser.parseCustomOperationName(); }

private:
  ArrayRef<OperationParser::ResultRecord> resultIDs;
  ParseResult (*parseAssembly)(OpAsmParser &, OperationState &);
  bool isIsolatedFromAbove;
  std::string_view opName;
  OperationParser &opParser;
};
} // namespace

FailureOr<OperationName> OperationParser::parseCustomOperationName() {
  Token nameTok = getToken();
  std::string_view opName = nameTok.getSpelling();
  if (opName.empty())
    return emitError("empty operation name is invalid");
  consumeToken();
  // Registered names are resolved once per parser (bare spellings never
  // collide with the quoted ones of generic operations in the cache).
  if (OperationName *cached = opNameCache.find(opName))
    return *cached;
  if (auto opInfo = OperationName::lookupRegistered(opName, getContext())) {
    opNameCache[opName] = *opInfo;
    return *opInfo;
  }
  size_t dot = opName.find('.');
  std::string_view dialectName = opName.substr(0, dot);
  // Without a name after the first dot (`e`, `func.`), the default dialect
  // is tried, as mlir-opt splits at the first dot.
  if (dot == std::string_view::npos || dot + 1 == opName.size()) {
    dialectName = state.defaultDialectStack.back();
    std::string full = std::string(dialectName) + "." + std::string(opName);
    getContext()->getOrLoadDialect(dialectName);
    return OperationName(full, getContext());
  }
  getContext()->getOrLoadDialect(dialectName);
  return OperationName(opName, getContext());
}

Operation *OperationParser::parseCustomOperation(ArrayRef<ResultRecord> resultIDs) {
  SMLoc opLoc = getToken().getLoc();
  std::string_view originalOpName = getTokenSpelling();
  FailureOr<OperationName> opNameInfo = parseCustomOperationName();
  if (failed(opNameInfo))
    return nullptr;
  std::string_view opName = opNameInfo->getStringRef();
  Dialect *dialect = opNameInfo->getDialect();
  if (!dialect) {
    InFlightDiagnostic diag = emitError(opLoc) << "Dialect `" << opNameInfo->getDialectNamespace()
                                               << "' not found for custom op '" << originalOpName << "' ";
    if (originalOpName != opName)
      diag << " (tried '" << opName << "' as well)";
    Diagnostic &note = diag.attachNote();
    note << "Registered dialects: ";
    bool first = true;
    for (const std::string &d : getContext()->getDialectRegistry().getDialectNames()) {
      if (!first)
        note << ", ";
      first = false;
      note << d;
    }
    note << " ; for more info on dialect registration see "
            "https://mlir.llvm.org/getting_started/Faq/"
            "#registered-loaded-dependent-whats-up-with-dialects-management";
    return nullptr;
  }
  if (!opNameInfo->isRegistered() || !opNameInfo->getInfo().parse) {
    InFlightDiagnostic diag = emitError(opLoc) << "custom op '" << originalOpName << "' is unknown";
    if (originalOpName != opName)
      diag << " (tried '" << opName << "' as well)";
    return nullptr;
  }
  const OperationInfo &info = opNameInfo->getInfo();
  const OpAsmOpInterface::Concept *asmInterface = OpAsmOpInterface::getInterfaceFor(*opNameInfo);
  state.defaultDialectStack.push_back(asmInterface ? asmInterface->getDefaultDialect() : std::string_view());
  struct PopDialect {
    ParserState &s;
    ~PopDialect() { s.defaultDialectStack.pop_back(); }
  } popDialect{state};

  OperationState opState(state.lex.getPackedSourceLocation(opLoc), *opNameInfo);
  bool isolated = opNameInfo->hasTrait<OpTrait::IsIsolatedFromAbove>();
  CustomOpAsmParser opAsmParser(opLoc, resultIDs, info.parse, isolated, opName, *this);
  if (opAsmParser.parseOperation(opState))
    return nullptr;
  if (opAsmParser.didEmitError())
    return nullptr;
  Attribute props = opState.propertiesAttr;
  opState.propertiesAttr = Attribute();
  Operation *op = opBuilder.create(opState);
  if (props && failed(op->setPropertiesFromAttribute(props, [&]() { return emitError(opLoc); })))
    return nullptr;
  if (parseTrailingLocationSpecifier(op))
    return nullptr;
  return op;
}

//===----------------------------------------------------------------------===//
// Finalization
//===----------------------------------------------------------------------===//

ParseResult OperationParser::finalize() {
  if (!forwardRefPlaceholders.empty()) {
    std::vector<const char *> errors;
    for (auto &entry : forwardRefPlaceholders)
      errors.push_back(entry.second.getPointer());
    std::sort(errors.begin(), errors.end());
    for (const char *entry : errors)
      emitError(SMLoc::getFromPointer(entry), "use of undeclared SSA value name").report();
    return failure();
  }
  if (!deferredLocsReferences.empty()) {
    auto &aliases = state.symbols.attributeAliasDefinitions;
    TypeID locID = TypeID::get<DeferredLocInfo>();
    auto resolve = [&](Location loc, auto setLoc) -> LogicalResult {
      auto fwdLoc = dyn_cast<OpaqueLoc>(LocationAttr(loc));
      if (!fwdLoc || fwdLoc.getUnderlyingTypeID() != locID)
        return success();
      const DeferredLocInfo &info = deferredLocsReferences[fwdLoc.getUnderlyingLocation()];
      auto it = aliases.find(std::string(info.identifier));
      if (it == aliases.end())
        return emitError(info.loc) << "operation location alias was never defined";
      auto locAttr = dyn_cast<LocationAttr>(it->second);
      if (!locAttr)
        return emitError(info.loc) << "expected location, but found '" << it->second << "'";
      setLoc(Location(locAttr));
      return success();
    };
    WalkResult wr = topLevelOp->walk([&](Operation *op) -> WalkResult {
      // Locations the parser recorded packed are plain file:line:col.
      if (!op->getPackedLoc().isPacked() && failed(resolve(op->getLoc(), [&](Location l) { op->setLoc(l); })))
        return WalkResult::interrupt();
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (Value v : block.getArguments()) {
            BlockArgument arg(v);
            if (failed(resolve(arg.getLoc(), [&](Location l) { arg.setLoc(l); })))
              return WalkResult::interrupt();
          }
      return WalkResult::advance();
    });
    if (wr.wasInterrupted())
      return failure();
  }
  if (popSSANameScope())
    return failure();
  if (state.config.shouldVerifyAfterParse() && failed(verify(topLevelOp.getOperation())))
    return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// Top level
//===----------------------------------------------------------------------===//

namespace {
class TopLevelOperationParser : public Parser {
public:
  explicit TopLevelOperationParser(ParserState &state) : Parser(state) {}

  ParseResult parse(Block *topLevelBlock, Location parserLoc) {
    ModuleOp topLevelOp = ModuleOp::create(parserLoc);
    struct Owner {
      ModuleOp op;
      ~Owner() { op.getOperation()->destroy(); }
    } owner{topLevelOp};
    OperationParser opParser(state, topLevelOp);
    bool triedParallel = false;
    while (true) {
      switch (getToken().getKind()) {
      default:
        if (!triedParallel) {
          triedParallel = true;
          // A file that is one module is parallelized inside its body.
          bool isModule = getToken().is(Token::bare_identifier) ? getTokenSpelling() == "module"
                                                                : getToken().is(Token::string) &&
                                                                      getToken().getStringValue() == "builtin.module";
          if (!isModule && opParser.tryParallelOps(/*untilCloseBrace=*/false))
            break;
        }
        if (opParser.parseOperation())
          return failure();
        break;
      case Token::eof: {
        if (opParser.finalize())
          return failure();
        topLevelBlock->splice(topLevelOp.getBody(), topLevelOp.getBody()->begin());
        return success();
      }
      case Token::error:
        return failure();
      case Token::hash_identifier:
        if (parseAttributeAliasDef())
          return failure();
        break;
      case Token::exclamation_identifier:
        if (parseTypeAliasDef())
          return failure();
        break;
      case Token::file_metadata_begin:
        if (parseFileMetadataDictionary())
          return failure();
        break;
      }
    }
  }

private:
  ParseResult parseAttributeAliasDef() {
    std::string aliasName(getTokenSpelling().substr(1));
    if (state.symbols.attributeAliasDefinitions.count(aliasName))
      return emitError("redefinition of attribute alias id '" + aliasName + "'");
    if (aliasName.find('.') != std::string::npos)
      return emitError("attribute names with a '.' are reserved for dialect-defined names");
    consumeToken(Token::hash_identifier);
    if (parseToken(Token::equal, "expected '=' in attribute alias definition"))
      return failure();
    Attribute attr = parseAttribute();
    if (!attr)
      return failure();
    state.symbols.attributeAliasDefinitions[aliasName] = attr;
    return success();
  }

  ParseResult parseTypeAliasDef() {
    std::string aliasName(getTokenSpelling().substr(1));
    if (state.symbols.typeAliasDefinitions.count(aliasName))
      return emitError("redefinition of type alias id '" + aliasName + "'");
    if (aliasName.find('.') != std::string::npos)
      return emitError("type names with a '.' are reserved for dialect-defined names");
    consumeToken(Token::exclamation_identifier);
    if (parseToken(Token::equal, "expected '=' in type alias definition"))
      return failure();
    Type aliasedType = parseType();
    if (!aliasedType)
      return failure();
    state.symbols.typeAliasDefinitions[aliasName] = aliasedType;
    return success();
  }

  ParseResult parseFileMetadataDictionary();
};
} // namespace

namespace {
/// An entry of a dialect's `dialect_resources` group: its key and the token
/// of its value.
class ParsedResourceEntry : public DialectResourceEntry {
public:
  using BlobParser = function_ref<std::optional<AsmResourceBlob>(const Token &, const std::string &)>;
  ParsedResourceEntry(std::string_view key, SMLoc keyLoc, Token value, Parser &parser, BlobParser parseBlob)
      : key(key), keyLoc(keyLoc), value(value), parser(parser), parseBlob(parseBlob) {}
  std::string_view getKey() const override { return key; }
  InFlightDiagnostic emitError() const override { return parser.emitError(keyLoc); }
  FailureOr<AsmResourceBlob> parseAsBlob() const override {
    std::optional<AsmResourceBlob> blob = parseBlob(value, key);
    if (!blob)
      return failure();
    return std::move(*blob);
  }
  FailureOr<bool> parseAsBool() const override {
    if (value.isAny(Token::kw_true, Token::kw_false))
      return value.is(Token::kw_true);
    return (emitError() << "expected 'true' or 'false' value for key '" << key << "'", failure());
  }
  FailureOr<std::string> parseAsString() const override {
    if (value.isNot(Token::string))
      return (emitError() << "expected string value for key '" << key << "'", failure());
    return value.getStringValue();
  }

private:
  std::string key;
  SMLoc keyLoc;
  Token value;
  Parser &parser;
  BlobParser parseBlob;
};
} // namespace

/// Parses the file metadata dictionary:
///
///   `{-#` (key `:` `{` (group `:` `{` (entry `:` value),* `}`),* `}`),* `#-}`
///
/// with key `dialect_resources` (groups are dialects: builtin takes hex
/// blobs for dense_resource keys, a dialect with resource hooks parses its
/// own entries, others take none) or `external_resources`
/// (groups nobody claims: their bool, string and blob entries are kept in
/// the context and printed back, as mlir-opt's fallback resource map does).
ParseResult TopLevelOperationParser::parseFileMetadataDictionary() {
  consumeToken(Token::file_metadata_begin);

  // Parses a keyword or a string into `key`.
  auto parseOptionalKeywordOrString = [&](std::string &key) -> bool {
    if (getToken().is(Token::string))
      key = getToken().getStringValue();
    else if (isCurrentTokenAKeyword())
      key = std::string(getTokenSpelling());
    else
      return false;
    consumeToken();
    return true;
  };

  // Decodes a blob value: "0x" + 4-byte little-endian alignment + data.
  auto parseBlob = [&](const Token &valueTok, const std::string &key) -> std::optional<AsmResourceBlob> {
    std::optional<std::string> blobData =
        valueTok.is(Token::string) ? valueTok.getHexStringValue() : std::nullopt;
    if (!blobData) {
      emitError(valueTok.getLoc()) << "expected hex string blob for key '" << key << "'";
      return std::nullopt;
    }
    if (blobData->size() < 4) {
      emitError(valueTok.getLoc()) << "expected hex string blob for key '" << key
                                    << "' to encode alignment in first 4 bytes";
      return std::nullopt;
    }
    uint32_t align = uint32_t((unsigned char)(*blobData)[0]) | uint32_t((unsigned char)(*blobData)[1]) << 8 |
                     uint32_t((unsigned char)(*blobData)[2]) << 16 | uint32_t((unsigned char)(*blobData)[3]) << 24;
    if (align & (align - 1)) {
      emitError(valueTok.getLoc()) << "expected hex string blob for key '" << key
                                    << "' to encode alignment in first 4 bytes, but got non-power-of-2 value: "
                                    << align;
      return std::nullopt;
    }
    AsmResourceBlob blob;
    blob.data.assign(blobData->begin() + 4, blobData->end());
    blob.alignment = blob.data.empty() ? 0 : align;
    return blob;
  };

  // Parses `{ name: { entries } , ... }`, calling `parseGroup(name, nameLoc)`
  // after the group's `{`; it parses the entries up to the closing `}`.
  auto parseResourceSection = [&](function_ref<ParseResult(std::string_view, SMLoc)> parseGroup) -> ParseResult {
    if (parseToken(Token::l_brace, "expected '{'"))
      return failure();
    return parseCommaSeparatedListUntil(Token::r_brace, [&]() -> ParseResult {
      SMLoc nameLoc = getToken().getLoc();
      if (!isCurrentTokenAKeyword())
        return emitError("expected identifier key for 'resource' entry");
      std::string_view name = getTokenSpelling();
      consumeToken();
      if (parseToken(Token::colon, "expected ':'") || parseToken(Token::l_brace, "expected '{'"))
        return failure();
      return parseGroup(name, nameLoc);
    });
  };

  auto parseDialectResources = [&]() -> ParseResult {
    return parseResourceSection([&](std::string_view name, SMLoc nameLoc) -> ParseResult {
      Dialect *dialect = getContext()->getOrLoadDialect(name);
      if (!dialect)
        return emitError(nameLoc, "dialect '" + std::string(name) + "' is unknown");
      if (name != "builtin") {
        if (!dialect->hasResourceHooks())
          return emitError() << "unexpected 'resource' section for dialect '" << name << "'";
        return parseCommaSeparatedListUntil(Token::r_brace, [&]() -> ParseResult {
          SMLoc keyLoc = getToken().getLoc();
          std::string key;
          if (failed(parseDialectResourceHandle(*dialect, key)) || parseToken(Token::colon, "expected ':'"))
            return failure();
          Token valueTok = getToken();
          consumeToken();
          ParsedResourceEntry entry(key, keyLoc, valueTok, *this, parseBlob);
          return dialect->parseResource(entry);
        });
      }
      return parseCommaSeparatedListUntil(Token::r_brace, [&]() -> ParseResult {
        std::string key;
        if (!parseOptionalKeywordOrString(key))
          return emitError("expected identifier key for 'resource' entry");
        auto [it, inserted] = state.symbols.resourceHandles.try_emplace(key);
        if (inserted)
          it->second = DenseResourceElementsHandle::getOrCreate(getContext(), key);
        DenseResourceElementsHandle handle = it->second;
        if (parseToken(Token::colon, "expected ':'"))
          return failure();
        Token valueTok = getToken();
        consumeToken();
        std::optional<AsmResourceBlob> blob = parseBlob(valueTok, key);
        if (!blob)
          return failure();
        handle.setBlob(std::move(*blob));
        return success();
      });
    });
  };

  auto parseExternalResources = [&]() -> ParseResult {
    return parseResourceSection([&](std::string_view name, SMLoc) -> ParseResult {
      // Entries of the same group name accumulate in one group.
      std::vector<ExternalResourceGroup> &groups = getExternalResources(getContext());
      size_t groupIndex = 0;
      while (groupIndex < groups.size() && groups[groupIndex].name != name)
        ++groupIndex;
      if (groupIndex == groups.size())
        groups.push_back(ExternalResourceGroup{std::string(name), {}});
      return parseCommaSeparatedListUntil(Token::r_brace, [&]() -> ParseResult {
        std::string key;
        if (!parseOptionalKeywordOrString(key))
          return emitError("expected identifier key for 'external_resources' entry");
        if (parseToken(Token::colon, "expected ':'"))
          return failure();
        Token valueTok = getToken();
        consumeToken();
        ExternalResourceEntry entry;
        entry.key = key;
        if (valueTok.isAny(Token::kw_true, Token::kw_false)) {
          entry.kind = ExternalResourceEntry::Kind::Bool;
          entry.boolValue = valueTok.is(Token::kw_true);
        } else if (valueTok.getSpelling().substr(0, 3) == "\"0x") {
          std::optional<AsmResourceBlob> blob = parseBlob(valueTok, key);
          if (!blob)
            return failure();
          entry.kind = ExternalResourceEntry::Kind::Blob;
          entry.blob = std::move(*blob);
        } else {
          if (valueTok.isNot(Token::string))
            return emitError(valueTok.getLoc(), "expected string value for key '" + key + "'");
          entry.kind = ExternalResourceEntry::Kind::String;
          entry.stringValue = valueTok.getStringValue();
        }
        groups[groupIndex].entries.push_back(std::move(entry));
        return success();
      });
    });
  };

  return parseCommaSeparatedListUntil(Token::file_metadata_end, [&]() -> ParseResult {
    SMLoc keyLoc = getToken().getLoc();
    if (!isCurrentTokenAKeyword())
      return emitError("expected identifier key in file metadata dictionary");
    std::string_view key = getTokenSpelling();
    consumeToken();
    if (parseToken(Token::colon, "expected ':'"))
      return failure();
    if (key == "dialect_resources")
      return parseDialectResources();
    if (key == "external_resources")
      return parseExternalResources();
    return emitError(keyLoc) << "unknown key '" << key << "' in file metadata dictionary";
  });
}

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

LogicalResult lamina::parseAsmSourceFile(const SourceMgr &sourceMgr, unsigned bufferID, Block *block,
                                         const ParserConfig &config) {
  const MemoryBuffer *buffer = sourceMgr.getMemoryBuffer(bufferID);
  MLIRContext *ctx = config.getContext();
  Location parserLoc = FileLineColLoc::get(ctx, buffer->getBufferIdentifier(), config.getSourceFileStartLine(),
                                           config.getSourceFileStartColumn());
  SymbolState symbols;
  ParserState state(sourceMgr, bufferID, config, symbols);
  return TopLevelOperationParser(state).parse(block, parserLoc);
}

Operation *lamina::parseSourceFileForTool(const SourceMgr &sourceMgr, unsigned bufferID,
                                          const ParserConfig &config) {
  MLIRContext *ctx = config.getContext();
  Block block;
  if (failed(parseAsmSourceFile(sourceMgr, bufferID, &block, config)))
    return nullptr;
  const MemoryBuffer *buffer = sourceMgr.getMemoryBuffer(bufferID);
  Location sourceFileLoc = FileLineColLoc::get(ctx, buffer->getBufferIdentifier(),
                                               config.getSourceFileStartLine(), config.getSourceFileStartColumn());
  if (!block.empty() && &block.front() == &block.back() && isa<ModuleOp>(&block.front())) {
    Operation *op = &block.front();
    op->remove();
    return op;
  }
  ModuleOp module = ModuleOp::create(sourceFileLoc);
  Block *body = module.getBody();
  body->splice(&block, block.begin());
  // The ops were verified by the parser; as MLIR, only check that the new
  // module can hold them.
  if (config.shouldVerifyAfterParse() && failed(verifyInvariants(module.getOperation()))) {
    module.getOperation()->destroy();
    return nullptr;
  }
  return module.getOperation();
}
