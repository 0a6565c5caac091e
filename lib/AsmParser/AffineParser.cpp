//===- AffineParser.cpp - Affine maps, integer sets and affine expressions -===//
//
// Parses the bodies of `affine_map<...>` and `affine_set<...>`, affine
// expressions over named dims/symbols (`AsmParser::parseAffineExpr`), and the
// affine dialect's maps and expressions whose dims and symbols are SSA
// operands (`%i + symbol(%n) * 2`).
//
// The grammar and its diagnostics follow mlir-opt's recursive-descent
// AffineParser exactly: two left-associative precedence levels
// ({+, -} below {*, floordiv, ceildiv, mod}), unary minus binding tighter
// than both, the same tree shapes (so the simplifying builders produce the
// same expressions), and the same error messages at the same locations, down
// to the one "missing operand of negation" per pending `-` and the slightly
// surprising location of non-affine multiplication errors. Unlike MLIR, an
// expression is parsed with an explicit stack of parenthesis levels, so the
// input's nesting depth never reaches the native stack.
//
#include "Parser.h"

#include <algorithm>
#include <memory>
#include <unordered_map>

using namespace lamina;

namespace {

//===----------------------------------------------------------------------===//
// Small containers
//===----------------------------------------------------------------------===//

/// A contiguous vector that keeps its first N elements inline, so the usual
/// small map (a few dims, a few results) parses without heap allocation.
template <typename T, unsigned N> class SmallVec {
public:
  SmallVec() = default;
  SmallVec(const SmallVec &) = delete;
  SmallVec &operator=(const SmallVec &) = delete;

  unsigned size() const { return count; }
  bool empty() const { return count == 0; }
  T *data() { return elts; }
  const T *data() const { return elts; }
  T &operator[](unsigned i) { return elts[i]; }
  T &back() { return elts[count - 1]; }
  ArrayRef<T> asArrayRef() const { return ArrayRef<T>(elts, count); }

  void push_back(const T &value) {
    if (count == capacity) {
      capacity *= 2;
      std::unique_ptr<T[]> grown(new T[capacity]);
      std::copy(elts, elts + count, grown.get());
      heap = std::move(grown);
      elts = heap.get();
    }
    elts[count++] = value;
  }
  void pop_back() { --count; }

private:
  T inlineElts[N] = {};
  std::unique_ptr<T[]> heap;
  T *elts = inlineElts;
  unsigned count = 0;
  unsigned capacity = N;
};

/// The identifiers an affine structure may refer to: dim and symbol names of
/// a map or set, the given names of `parseAffineExpr`, or the SSA names seen
/// so far in the SSA form. Lookups find the first definition of a name.
class IdentifierTable {
public:
  /// The expression `name` stands for, or null.
  AffineExpr lookup(std::string_view name) const {
    if (index.empty()) {
      for (unsigned i = 0, e = entries.size(); i != e; ++i)
        if (entries.data()[i].name == name)
          return entries.data()[i].expr;
      return AffineExpr();
    }
    auto it = index.find(name);
    return it == index.end() ? AffineExpr() : it->second;
  }

  /// Adds `name`; an earlier definition of the same name keeps precedence.
  void define(std::string_view name, AffineExpr expr) {
    entries.push_back({name, expr});
    if (!index.empty()) {
      index.emplace(name, expr);
      return;
    }
    // Hash the names once a linear search would get slow.
    if (entries.size() > kLinearSearchLimit)
      for (unsigned i = 0, e = entries.size(); i != e; ++i)
        index.emplace(entries[i].name, entries[i].expr);
  }

private:
  static constexpr unsigned kLinearSearchLimit = 16;
  struct Entry {
    std::string_view name;
    AffineExpr expr;
  };
  SmallVec<Entry, 8> entries;
  std::unordered_map<std::string_view, AffineExpr> index;
};

//===----------------------------------------------------------------------===//
// AffineParser
//===----------------------------------------------------------------------===//

/// The additive operators (the lower precedence level); LNoOp is false.
enum AffineLowPrecOp : uint8_t { LNoOp, Add, Sub };
/// The multiplicative operators (the higher precedence level); HNoOp is false.
enum AffineHighPrecOp : uint8_t { HNoOp, Mul, FloorDiv, CeilDiv, Mod };

/// At most this many pending negations of a failed operand report their
/// missing operand (each error repeats the source line, and mlir-opt's
/// recursion overflows its stack soon after this depth anyway).
constexpr uint64_t kMaxReportedNegations = kMaxNestingDepth;

/// The parser for one affine structure; holds the identifiers in scope.
class AffineParser : public Parser {
public:
  /// `parseElement`, when given, enables SSA operands as dims and symbols.
  explicit AffineParser(ParserState &state, function_ref<ParseResult(bool)> parseElement = nullptr)
      : Parser(state), allowParsingSSAIds(bool(parseElement)), parseElement(parseElement) {}

  ParseResult parseAffineMapOrIntegerSetInline(AffineMap &map, IntegerSet &set);
  ParseResult parseAffineExprInline(ArrayRef<std::pair<std::string_view, AffineExpr>> symbolSet,
                                    AffineExpr &expr);
  ParseResult parseAffineMapOfSSAIds(AffineMap &map, Delimiter delimiter);
  ParseResult parseAffineExprOfSSAIds(AffineExpr &expr);

private:
  // Identifier lists.
  ParseResult parseIdentifierDefinition(AffineExpr idExpr);
  ParseResult parseDimAndOptionalSymbolIdList(unsigned &numDims, unsigned &numSymbols);
  ParseResult parseAffineMapRange(unsigned numDims, unsigned numSymbols, AffineMap &result);
  ParseResult parseIntegerSetConstraints(unsigned numDims, unsigned numSymbols, IntegerSet &result);
  AffineExpr parseAffineConstraint(bool *isEq);

  // Expressions.
  AffineExpr parseAffineExpr();
  AffineExpr parseIntegerExpr();
  AffineExpr parseBareIdExpr();
  AffineExpr parseSSAIdExpr(bool isSymbol);
  AffineExpr parseSymbolSSAIdExpr();
  AffineLowPrecOp consumeIfLowPrecOp();
  AffineHighPrecOp consumeIfHighPrecOp();
  AffineExpr getAffineBinaryOpExpr(AffineHighPrecOp op, AffineExpr lhs, AffineExpr rhs, SMLoc opLoc);
  static AffineExpr getAffineBinaryOpExpr(AffineLowPrecOp op, AffineExpr lhs, AffineExpr rhs) {
    return op == Add ? lhs + rhs : lhs - rhs;
  }

  bool allowParsingSSAIds;
  function_ref<ParseResult(bool)> parseElement;
  unsigned numDimOperands = 0;
  unsigned numSymbolOperands = 0;
  IdentifierTable identifiers;
};

} // namespace

/// True for tokens usable as a dim/symbol name: bare identifiers, integer
/// type names and keywords.
static bool isIdentifier(const Token &token) {
  return token.isAny(Token::bare_identifier, Token::inttype) || token.isKeyword();
}

//===----------------------------------------------------------------------===//
// Operators
//===----------------------------------------------------------------------===//

AffineLowPrecOp AffineParser::consumeIfLowPrecOp() {
  switch (getToken().getKind()) {
  case Token::plus:
    consumeToken();
    return Add;
  case Token::minus:
    consumeToken();
    return Sub;
  default:
    return LNoOp;
  }
}

AffineHighPrecOp AffineParser::consumeIfHighPrecOp() {
  switch (getToken().getKind()) {
  case Token::star:
    consumeToken();
    return Mul;
  case Token::kw_floordiv:
    consumeToken();
    return FloorDiv;
  case Token::kw_ceildiv:
    consumeToken();
    return CeilDiv;
  case Token::kw_mod:
    consumeToken();
    return Mod;
  default:
    return HNoOp;
  }
}

/// Builds `lhs op rhs` for a multiplicative operator, rejecting semi-affine
/// forms (errors are reported at `opLoc`).
AffineExpr AffineParser::getAffineBinaryOpExpr(AffineHighPrecOp op, AffineExpr lhs, AffineExpr rhs,
                                               SMLoc opLoc) {
  switch (op) {
  case Mul:
    if (!lhs.isSymbolicOrConstant() && !rhs.isSymbolicOrConstant()) {
      emitError(opLoc, "non-affine expression: at least one of the multiply operands has to be either a "
                       "constant or symbolic").report();
      return AffineExpr();
    }
    return lhs * rhs;
  case FloorDiv:
    if (!rhs.isSymbolicOrConstant()) {
      emitError(opLoc, "non-affine expression: right operand of floordiv has to be either a constant or "
                       "symbolic").report();
      return AffineExpr();
    }
    return lhs.floorDiv(rhs);
  case CeilDiv:
    if (!rhs.isSymbolicOrConstant()) {
      emitError(opLoc, "non-affine expression: right operand of ceildiv has to be either a constant or "
                       "symbolic").report();
      return AffineExpr();
    }
    return lhs.ceilDiv(rhs);
  case Mod:
    if (!rhs.isSymbolicOrConstant()) {
      emitError(opLoc, "non-affine expression: right operand of mod has to be either a constant or symbolic").report();
      return AffineExpr();
    }
    return lhs % rhs;
  case HNoOp:
    break;
  }
  assert(false && "no expression for a null operator");
  return AffineExpr();
}

//===----------------------------------------------------------------------===//
// Operands
//===----------------------------------------------------------------------===//

/// integer-literal (a non-negative value that fits in int64_t).
AffineExpr AffineParser::parseIntegerExpr() {
  std::optional<uint64_t> val = getToken().getUInt64IntegerValue();
  if (!val || int64_t(*val) < 0)
    return emitError("constant too large for index").report(), AffineExpr();
  consumeToken(Token::integer);
  return getAffineConstantExpr(int64_t(*val), getContext());
}

/// bare-id naming a dim or symbol in scope.
AffineExpr AffineParser::parseBareIdExpr() {
  if (!isIdentifier(getToken()))
    return emitWrongTokenError("expected bare identifier").report(), AffineExpr();
  if (AffineExpr expr = identifiers.lookup(getTokenSpelling())) {
    consumeToken();
    return expr;
  }
  return emitWrongTokenError("use of undeclared identifier").report(), AffineExpr();
}

/// ssa-id: the first use of a name becomes the next dim (or symbol), and
/// later uses of the same name (whatever its `#N` suffix) refer back to it.
AffineExpr AffineParser::parseSSAIdExpr(bool isSymbol) {
  if (!allowParsingSSAIds)
    return emitWrongTokenError("unexpected ssa identifier").report(), AffineExpr();
  if (getToken().isNot(Token::percent_identifier))
    return emitWrongTokenError("expected ssa identifier").report(), AffineExpr();
  std::string_view name = getTokenSpelling();
  if (AffineExpr expr = identifiers.lookup(name)) {
    consumeToken(Token::percent_identifier);
    return expr;
  }
  if (parseElement(isSymbol))
    return AffineExpr();
  AffineExpr idExpr = isSymbol ? getAffineSymbolExpr(numSymbolOperands++, getContext())
                               : getAffineDimExpr(numDimOperands++, getContext());
  identifiers.define(name, idExpr);
  return idExpr;
}

/// `symbol` `(` ssa-id `)`.
AffineExpr AffineParser::parseSymbolSSAIdExpr() {
  if (parseToken(Token::kw_symbol, "expected symbol keyword") ||
      parseToken(Token::l_paren, "expected '(' at start of SSA symbol"))
    return AffineExpr();
  AffineExpr symbolExpr = parseSSAIdExpr(/*isSymbol=*/true);
  if (!symbolExpr || parseToken(Token::r_paren, "expected ')' at end of SSA symbol"))
    return AffineExpr();
  return symbolExpr;
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

namespace {
/// One level of an expression being parsed: the whole expression or the
/// inside of a pair of parentheses. It is the state MLIR keeps in the
/// recursion of parseAffineLowPrecOpExpr/parseAffineHighPrecOpExpr.
struct ExprLevel {
  /// The additive chain so far (`lowLhs lowOp <next>`); null before any `+`/`-`.
  AffineExpr lowLhs;
  /// The multiplicative chain so far (`highLhs highOp <next>`), if any.
  AffineExpr highLhs;
  /// The location reported if `highLhs highOp <next>` is semi-affine.
  SMLoc highOpLoc;
  AffineLowPrecOp lowOp = LNoOp;
  AffineHighPrecOp highOp = HNoOp;
  /// Whether an operand of this level was already parsed (a missing operand
  /// is then a "missing right operand").
  bool hasLhs = false;
  /// Unary minuses waiting for the operand being parsed at this level.
  uint32_t pendingNegations = 0;
};
} // namespace

/// affine-expr ::= `(` affine-expr `)` | `-` affine-expr
///               | affine-expr (`+`|`-`|`*`|`floordiv`|`ceildiv`|`mod`) affine-expr
///               | bare-id | ssa-id | `symbol` `(` ssa-id `)` | integer-literal
AffineExpr AffineParser::parseAffineExpr() {
  SmallVec<ExprLevel, 4> levels;
  levels.push_back(ExprLevel());

  // On failure, every pending negation reports its missing operand, as
  // MLIR's parseNegateExpression does while its recursion unwinds.
  auto fail = [&]() -> AffineExpr {
    uint64_t negations = 0;
    for (unsigned i = 0, e = levels.size(); i != e; ++i)
      negations += levels[i].pendingNegations;
    negations = std::min(negations, kMaxReportedNegations);
    for (uint64_t i = 0; i != negations; ++i)
      emitError("missing operand of negation").report();
    return AffineExpr();
  };

  while (true) {
    // Parse an operand, descending into parentheses and negations.
    ExprLevel &level = levels.back();
    AffineExpr operand;
    switch (getToken().getKind()) {
    case Token::minus:
      consumeToken(Token::minus);
      ++level.pendingNegations;
      continue;
    case Token::l_paren:
      consumeToken(Token::l_paren);
      if (getToken().is(Token::r_paren)) {
        emitError("no expression inside parentheses").report();
        return fail();
      }
      levels.push_back(ExprLevel());
      continue;
    case Token::kw_symbol:
      operand = parseSymbolSSAIdExpr();
      break;
    case Token::percent_identifier:
      operand = parseSSAIdExpr(/*isSymbol=*/false);
      break;
    case Token::integer:
      operand = parseIntegerExpr();
      break;
    case Token::plus:
    case Token::star:
      emitError(level.hasLhs ? "missing right operand of binary operator"
                             : "missing left operand of binary operator").report();
      return fail();
    default:
      // Anything identifier-like, `floordiv`/`ceildiv`/`mod` included, is a
      // name here.
      if (isIdentifier(getToken())) {
        operand = parseBareIdExpr();
        break;
      }
      emitError(level.hasLhs ? "missing right operand of binary operator" : "expected affine expression").report();
      return fail();
    }
    if (!operand)
      return fail();

    // Combine the operand into its level, closing finished parenthesized
    // levels, until another operand is needed or the expression is done.
    while (true) {
      ExprLevel &cur = levels.back();
      for (; cur.pendingNegations; --cur.pendingNegations)
        operand = -1 * operand;
      cur.hasLhs = true;

      AffineExpr result;
      if (cur.highOp != HNoOp) {
        // Inside a multiplicative chain: `highLhs highOp operand`.
        SMLoc opLoc = getToken().getLoc();
        if (AffineHighPrecOp op = consumeIfHighPrecOp()) {
          // Combined now, reported at the location of the next operator.
          AffineExpr expr = getAffineBinaryOpExpr(cur.highOp, cur.highLhs, operand, opLoc);
          if (!expr)
            return fail();
          cur.highLhs = expr;
          cur.highOp = op;
          cur.highOpLoc = opLoc;
          break;
        }
        AffineExpr highRes = getAffineBinaryOpExpr(cur.highOp, cur.highLhs, operand, cur.highOpLoc);
        if (!highRes)
          return fail();
        cur.highOp = HNoOp;
        cur.highLhs = AffineExpr();
        AffineExpr expr = cur.lowLhs ? getAffineBinaryOpExpr(cur.lowOp, cur.lowLhs, highRes) : highRes;
        if (AffineLowPrecOp op = consumeIfLowPrecOp()) {
          cur.lowLhs = expr;
          cur.lowOp = op;
          break;
        }
        result = expr;
      } else {
        if (AffineLowPrecOp op = consumeIfLowPrecOp()) {
          cur.lowLhs = cur.lowLhs ? getAffineBinaryOpExpr(cur.lowOp, cur.lowLhs, operand) : operand;
          cur.lowOp = op;
          break;
        }
        SMLoc opLoc = getToken().getLoc();
        if (AffineHighPrecOp op = consumeIfHighPrecOp()) {
          cur.highLhs = operand;
          cur.highOp = op;
          cur.highOpLoc = opLoc;
          break;
        }
        result = cur.lowLhs ? getAffineBinaryOpExpr(cur.lowOp, cur.lowLhs, operand) : operand;
      }

      // This level is complete.
      if (levels.size() == 1)
        return result;
      if (parseToken(Token::r_paren, "expected ')'"))
        return fail();
      levels.pop_back();
      operand = result;
    }
  }
}

//===----------------------------------------------------------------------===//
// Maps and sets
//===----------------------------------------------------------------------===//

/// Defines the dim or symbol name at the current token as `idExpr`.
ParseResult AffineParser::parseIdentifierDefinition(AffineExpr idExpr) {
  if (!isIdentifier(getToken()))
    return emitWrongTokenError("expected bare identifier");
  std::string_view name = getTokenSpelling();
  if (identifiers.lookup(name))
    return emitError("redefinition of identifier '") << name << "'";
  consumeToken();
  identifiers.define(name, idExpr);
  return success();
}

/// dim-and-symbol-id-lists ::= `(` bare-id-list? `)` (`[` bare-id-list? `]`)?
ParseResult AffineParser::parseDimAndOptionalSymbolIdList(unsigned &numDims, unsigned &numSymbols) {
  auto parseDim = [&]() -> ParseResult {
    return parseIdentifierDefinition(getAffineDimExpr(numDims++, getContext()));
  };
  if (parseCommaSeparatedList(Delimiter::Paren, parseDim, " in dimensional identifier list"))
    return failure();
  numSymbols = 0;
  if (getToken().isNot(Token::l_square))
    return success();
  auto parseSymbol = [&]() -> ParseResult {
    return parseIdentifierDefinition(getAffineSymbolExpr(numSymbols++, getContext()));
  };
  return parseCommaSeparatedList(Delimiter::Square, parseSymbol, " in symbol list");
}

/// affine-map ::= dim-and-symbol-id-lists `->` `(` (affine-expr (`,` affine-expr)*)? `)`
ParseResult AffineParser::parseAffineMapRange(unsigned numDims, unsigned numSymbols, AffineMap &result) {
  SmallVec<AffineExpr, 8> exprs;
  auto parseElt = [&]() -> ParseResult {
    AffineExpr elt = parseAffineExpr();
    exprs.push_back(elt);
    return success(bool(elt));
  };
  if (parseCommaSeparatedList(Delimiter::Paren, parseElt, " in affine map range"))
    return failure();
  result = AffineMap::get(numDims, numSymbols, exprs.asArrayRef(), getContext());
  return success();
}

/// affine-constraint ::= affine-expr (`>=` | `<=` | `==`) affine-expr,
/// normalized to `expr >= 0` or `expr == 0` (`*isEq`).
AffineExpr AffineParser::parseAffineConstraint(bool *isEq) {
  AffineExpr lhsExpr = parseAffineExpr();
  if (!lhsExpr)
    return AffineExpr();

  // Each operator is two tokens; a lone `>`, `<` or `=` falls through to the
  // next alternative, as in MLIR.
  if (consumeIf(Token::greater) && consumeIf(Token::equal)) {
    AffineExpr rhsExpr = parseAffineExpr();
    if (!rhsExpr)
      return AffineExpr();
    *isEq = false;
    return lhsExpr - rhsExpr;
  }
  if (consumeIf(Token::less) && consumeIf(Token::equal)) {
    AffineExpr rhsExpr = parseAffineExpr();
    if (!rhsExpr)
      return AffineExpr();
    *isEq = false;
    return rhsExpr - lhsExpr;
  }
  if (consumeIf(Token::equal) && consumeIf(Token::equal)) {
    AffineExpr rhsExpr = parseAffineExpr();
    if (!rhsExpr)
      return AffineExpr();
    *isEq = true;
    return lhsExpr - rhsExpr;
  }
  return emitError("expected '== affine-expr' or '>= affine-expr' at end of affine constraint").report(), AffineExpr();
}

/// integer-set ::= dim-and-symbol-id-lists `:` `(` (affine-constraint (`,` affine-constraint)*)? `)`
/// No constraints at all means the universe, `0 == 0`.
ParseResult AffineParser::parseIntegerSetConstraints(unsigned numDims, unsigned numSymbols,
                                                     IntegerSet &result) {
  SmallVec<AffineExpr, 8> constraints;
  SmallVec<bool, 8> isEqs;
  auto parseElt = [&]() -> ParseResult {
    bool isEq = false;
    AffineExpr elt = parseAffineConstraint(&isEq);
    if (!elt)
      return failure();
    constraints.push_back(elt);
    isEqs.push_back(isEq);
    return success();
  };
  if (parseCommaSeparatedList(Delimiter::Paren, parseElt, " in integer set constraint list"))
    return failure();

  if (constraints.empty()) {
    AffineExpr zero = getAffineConstantExpr(0, getContext());
    bool eq = true;
    result = IntegerSet::get(numDims, numSymbols, ArrayRef<AffineExpr>(zero), ArrayRef<bool>(eq));
    return success();
  }
  result = IntegerSet::get(numDims, numSymbols, constraints.asArrayRef(), isEqs.asArrayRef());
  return success();
}

/// Either an affine map (`->`) or an integer set (`:`).
ParseResult AffineParser::parseAffineMapOrIntegerSetInline(AffineMap &map, IntegerSet &set) {
  unsigned numDims = 0, numSymbols = 0;
  if (parseDimAndOptionalSymbolIdList(numDims, numSymbols))
    return failure();
  if (consumeIf(Token::arrow))
    return parseAffineMapRange(numDims, numSymbols, map);
  if (parseToken(Token::colon, "expected '->' or ':'"))
    return failure();
  return parseIntegerSetConstraints(numDims, numSymbols, set);
}

ParseResult AffineParser::parseAffineExprInline(ArrayRef<std::pair<std::string_view, AffineExpr>> symbolSet,
                                                AffineExpr &expr) {
  for (const auto &[name, idExpr] : symbolSet)
    identifiers.define(name, idExpr);
  expr = parseAffineExpr();
  return success(bool(expr));
}

/// A list of affine expressions over SSA operands within `delimiter`.
ParseResult AffineParser::parseAffineMapOfSSAIds(AffineMap &map, Delimiter delimiter) {
  SmallVec<AffineExpr, 8> exprs;
  auto parseElt = [&]() -> ParseResult {
    AffineExpr elt = parseAffineExpr();
    exprs.push_back(elt);
    return success(bool(elt));
  };
  if (parseCommaSeparatedList(delimiter, parseElt, " in affine map"))
    return failure();
  map = AffineMap::get(numDimOperands, numSymbolOperands, exprs.asArrayRef(), getContext());
  return success();
}

ParseResult AffineParser::parseAffineExprOfSSAIds(AffineExpr &expr) {
  expr = parseAffineExpr();
  return success(bool(expr));
}

//===----------------------------------------------------------------------===//
// Parser entry points
//===----------------------------------------------------------------------===//

ParseResult Parser::parseAffineMapOrIntegerSetReference(AffineMap &map, IntegerSet &set) {
  return AffineParser(state).parseAffineMapOrIntegerSetInline(map, set);
}

ParseResult Parser::parseAffineMapReference(AffineMap &map) {
  SMLoc curLoc = getToken().getLoc();
  IntegerSet set;
  if (parseAffineMapOrIntegerSetReference(map, set))
    return failure();
  if (set)
    return emitError(curLoc, "expected AffineMap, but got IntegerSet");
  return success();
}

ParseResult Parser::parseIntegerSetReference(IntegerSet &set) {
  SMLoc curLoc = getToken().getLoc();
  AffineMap map;
  if (parseAffineMapOrIntegerSetReference(map, set))
    return failure();
  if (map)
    return emitError(curLoc, "expected IntegerSet, but got AffineMap");
  return success();
}

ParseResult Parser::parseAffineMapOfSSAIds(AffineMap &map, function_ref<ParseResult(bool)> parseElement,
                                           Delimiter delimiter) {
  return AffineParser(state, parseElement).parseAffineMapOfSSAIds(map, delimiter);
}

ParseResult Parser::parseAffineExprOfSSAIds(AffineExpr &expr, function_ref<ParseResult(bool)> parseElement) {
  return AffineParser(state, parseElement).parseAffineExprOfSSAIds(expr);
}

ParseResult Parser::parseAffineExprReference(ArrayRef<std::pair<std::string_view, AffineExpr>> symbolSet,
                                             AffineExpr &expr) {
  return AffineParser(state).parseAffineExprInline(symbolSet, expr);
}
