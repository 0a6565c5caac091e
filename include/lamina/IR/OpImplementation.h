//===- OpImplementation.h - Parser and printer hooks for custom syntax -----===//
//
// The interfaces that custom op formats, dialect attributes and dialect types
// use to read and write their text: AsmPrinter/OpAsmPrinter and
// AsmParser/OpAsmParser, with the same method names as MLIR's.
//
#pragma once

#include "lamina/IR/BuiltinAttributes.h"
#include "lamina/IR/Operation.h"
#include "lamina/Support/RawOstream.h"
#include "lamina/Support/SmallVector.h"

#include <optional>
#include <string>
#include <type_traits>
#include <unordered_set>
#include <vector>

namespace lamina {

class Builder;

/// A position in the source text.
class SMLoc {
public:
  SMLoc() = default;
  static SMLoc getFromPointer(const char *p) {
    SMLoc l;
    l.ptr = p;
    return l;
  }
  const char *getPointer() const { return ptr; }
  bool isValid() const { return ptr; }
  bool operator==(SMLoc o) const { return ptr == o.ptr; }
  bool operator!=(SMLoc o) const { return ptr != o.ptr; }

private:
  const char *ptr = nullptr;
};

namespace detail {
/// The attributes/types whose cyclic parse or print is in progress
/// (tryStartCyclicParse/Print): a stack of distinct entries with constant
/// time membership, so a chain of n nested ones costs O(n).
class CyclicStack {
public:
  /// Pushes `opaque` unless present; returns whether it pushed.
  bool push(const void *opaque) {
    if (!members.insert(opaque).second)
      return false;
    stack.push_back(opaque);
    return true;
  }
  void pop() {
    members.erase(stack.back());
    stack.pop_back();
  }

private:
  std::vector<const void *> stack;
  std::unordered_set<const void *> members;
};
} // namespace detail

//===----------------------------------------------------------------------===//
// Dialect resources
//===----------------------------------------------------------------------===//

/// One entry of a dialect's group in the `{-# dialect_resources: ... #-}`
/// file metadata, handed to Dialect::parseResource.
class DialectResourceEntry {
public:
  virtual ~DialectResourceEntry();
  /// The key, as the dialect named the resource (see declareResource).
  virtual std::string_view getKey() const = 0;
  virtual InFlightDiagnostic emitError() const = 0;
  /// The value as a hex string blob (`"0x"`, 4 bytes of little-endian
  /// alignment, the data), a `true`/`false` or a string; each emits
  /// MLIR's diagnostic when the value is not of that kind.
  virtual FailureOr<AsmResourceBlob> parseAsBlob() const = 0;
  virtual FailureOr<bool> parseAsBool() const = 0;
  virtual FailureOr<std::string> parseAsString() const = 0;
};

/// Receives the entries a dialect prints in its `dialect_resources` group.
class DialectResourceBuilder {
public:
  virtual ~DialectResourceBuilder();
  virtual void buildBlob(std::string_view key, const AsmResourceBlob &blob) = 0;
  virtual void buildBool(std::string_view key, bool value) = 0;
  virtual void buildString(std::string_view key, std::string_view value) = 0;
};

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

/// Printing hooks shared by ops, attributes and types.
class AsmPrinter {
public:
  virtual ~AsmPrinter();
  virtual raw_ostream &getStream() const = 0;

  /// Prints a float as MLIR does (shortest round-tripping form or hex).
  virtual void printFloat(const APFloat &value);
  virtual void printType(Type type) = 0;
  virtual void printAttribute(Attribute attr) = 0;
  /// Prints an attribute without its trailing `: type`.
  virtual void printAttributeWithoutType(Attribute attr) = 0;
  /// Prints a dialect attribute/type without `#dialect.`/`!dialect.` prefix.
  virtual void printStrippedAttrOrType(Attribute attr);
  virtual void printStrippedAttrOrType(Type type);
  /// Prints the alias of `attr`/`type` if it has one; fails otherwise.
  virtual LogicalResult printAlias(Attribute attr) = 0;
  virtual LogicalResult printAlias(Type type) = 0;
  /// Prints `keyword` bare if it is a valid identifier, quoted otherwise.
  virtual void printKeywordOrString(std::string_view keyword);
  /// Prints a quoted, escaped string.
  virtual void printString(std::string_view string);
  /// Prints `@name` (quoted if needed).
  virtual void printSymbolName(std::string_view symbolRef);
  /// Prints the key of a resource of `dialect` (a handle its
  /// declareResource returned) and records that the printed IR references
  /// it, so that the file metadata carries it.
  virtual void printResourceHandle(const Dialect &dialect, const void *handle);
  /// Prints `4x?x8` (the x-separated dimension list).
  void printDimensionList(ArrayRef<int64_t> shape);

  /// Ends, when destroyed, the cyclic print tryStartCyclicPrint started.
  class CyclicPrintReset {
  public:
    CyclicPrintReset() = default;
    explicit CyclicPrintReset(bool active) : active(active) {}
    CyclicPrintReset(CyclicPrintReset &&other) : active(other.active) { other.active = false; }
    CyclicPrintReset &operator=(CyclicPrintReset &&other) {
      reset();
      active = other.active;
      other.active = false;
      return *this;
    }
    ~CyclicPrintReset() { reset(); }

  private:
    void reset() {
      if (active)
        popCyclicPrinting();
      active = false;
    }
    bool active = false;
  };
  /// For attributes and types that can contain themselves (mutable ones):
  /// fails if `attrOrType` is already being printed further up (print only
  /// a reference then); otherwise marks it as being printed until the
  /// result is destroyed. The stack of such prints is per thread, shared by
  /// every printer on it, as MLIR's is per printing state.
  template <typename AttrOrTypeT> FailureOr<CyclicPrintReset> tryStartCyclicPrint(AttrOrTypeT attrOrType) {
    if (!pushCyclicPrinting(attrOrType.getAsOpaquePointer()))
      return failure();
    return CyclicPrintReset(true);
  }
  static bool pushCyclicPrinting(const void *opaque);
  static void popCyclicPrinting();
  /// Prints `(a, b) -> c`.
  template <typename InputsT, typename ResultsT>
  void printFunctionalType(const InputsT &inputs, const ResultsT &results) {
    raw_ostream &os = getStream();
    os << '(';
    bool first = true;
    for (Type t : inputs) {
      if (!first)
        os << ", ";
      first = false;
      printType(t);
    }
    os << ") -> ";
    printResultTypeList(results);
  }
  /// Prints ` -> type` / ` -> (a, b)`; nothing for an empty list.
  template <typename TypesT> void printOptionalArrowTypeList(const TypesT &types) {
    if (std::begin(types) != std::end(types))
      printArrowTypeList(types);
  }
  template <typename TypesT> void printArrowTypeList(const TypesT &types) {
    getStream() << " -> ";
    printResultTypeList(types);
  }
  /// A single non-function type bare, otherwise a parenthesized list.
  template <typename TypesT> void printResultTypeList(const TypesT &types) {
    raw_ostream &os = getStream();
    size_t n = 0;
    Type first;
    for (Type t : types) {
      if (!n)
        first = t;
      ++n;
    }
    bool wrap = n != 1 || isa<FunctionType>(first);
    if (wrap)
      os << '(';
    bool isFirst = true;
    for (Type t : types) {
      if (!isFirst)
        os << ", ";
      isFirst = false;
      printType(t);
    }
    if (wrap)
      os << ')';
  }

  AsmPrinter &operator<<(Type t) { printType(t); return *this; }
  AsmPrinter &operator<<(Attribute a) { printAttribute(a); return *this; }
  AsmPrinter &operator<<(std::string_view s) { getStream() << s; return *this; }
  AsmPrinter &operator<<(const char *s) { getStream() << s; return *this; }
  AsmPrinter &operator<<(const std::string &s) { getStream() << s; return *this; }
  AsmPrinter &operator<<(char c) { getStream() << c; return *this; }
  AsmPrinter &operator<<(int v) { getStream() << v; return *this; }
  AsmPrinter &operator<<(unsigned v) { getStream() << v; return *this; }
  AsmPrinter &operator<<(long v) { getStream() << v; return *this; }
  AsmPrinter &operator<<(unsigned long v) { getStream() << v; return *this; }
  AsmPrinter &operator<<(long long v) { getStream() << v; return *this; }
  AsmPrinter &operator<<(unsigned long long v) { getStream() << v; return *this; }
  AsmPrinter &operator<<(const APFloat &v) { printFloat(v); return *this; }
  AsmPrinter &operator<<(AffineMap m);
  AsmPrinter &operator<<(AffineExpr e);
  AsmPrinter &operator<<(IntegerSet s);
  template <typename T>
  auto operator<<(const T &range) -> decltype(std::begin(range), std::end(range), *this) {
    bool first = true;
    for (const auto &e : range) {
      if (!first)
        getStream() << ", ";
      first = false;
      *this << e;
    }
    return *this;
  }
};

/// Printing hooks for custom operation formats.
class OpAsmPrinter : public AsmPrinter {
public:
  ~OpAsmPrinter() override;

  /// Prints `%name` of a value.
  virtual void printOperand(Value value) = 0;
  virtual void printOperand(Value value, raw_ostream &os) = 0;
  template <typename RangeT> void printOperands(const RangeT &values) {
    bool first = true;
    for (Value v : values) {
      if (!first)
        getStream() << ", ";
      first = false;
      printOperand(v);
    }
  }
  /// Prints `^bbN`.
  virtual void printSuccessor(Block *successor) = 0;
  /// Prints `^bbN(%a, %b : i32, i32)`.
  virtual void printSuccessorAndUseList(Block *successor, ValueRange succOperands) = 0;
  /// Prints a region: `{` blocks `}`.
  virtual void printRegion(Region &blocks, bool printEntryBlockArgs = true, bool printBlockTerminators = true,
                           bool printEmptyBlock = false) = 0;
  /// Prints `%arg: type {attrs} loc(...)` for a region argument.
  virtual void printRegionArgument(BlockArgument arg, ArrayRef<NamedAttribute> argAttrs = {},
                                   bool omitType = false) = 0;
  /// Marks `namesToUse` as the names of the region's entry arguments.
  virtual void shadowRegionArgs(Region &region, ValueRange namesToUse) = 0;
  /// Prints ` {a = 1}` for attrs not in `elidedAttrs`; nothing if none remain.
  virtual void printOptionalAttrDict(ArrayRef<NamedAttribute> attrs, ArrayRef<std::string_view> elidedAttrs = {}) = 0;
  /// Prints ` attributes {a = 1}`.
  virtual void printOptionalAttrDictWithKeyword(ArrayRef<NamedAttribute> attrs,
                                                ArrayRef<std::string_view> elidedAttrs = {}) = 0;
  /// Prints ` loc(...)` when debug info is printed.
  virtual void printOptionalLocationSpecifier(Location loc) = 0;
  virtual void printNewline() = 0;
  virtual void increaseIndent() = 0;
  virtual void decreaseIndent() = 0;
  /// Prints an operation in generic form.
  virtual void printGenericOp(Operation *op, bool printOpName = true) = 0;
  /// Prints an operation in custom form if it has one.
  virtual void printCustomOrGenericOp(Operation *op) = 0;
  /// Prints `(types) -> types` for an op's operands and results.
  void printFunctionalType(Operation *op);
  using AsmPrinter::printFunctionalType;
  /// Prints `map` applied to SSA operands: `(%a + %b)` style (affine dialect).
  virtual void printAffineMapOfSSAIds(AffineMapAttr mapAttr, ValueRange operands) = 0;
  virtual void printAffineExprOfSSAIds(AffineExpr expr, ValueRange dimOperands, ValueRange symOperands) = 0;
  /// Prints the properties dictionary `<{...}>` of an op.
  virtual void printProperties(Attribute props) = 0;
  /// A slot of a cache kept for one printing session, for attributes that
  /// printers derive again and again (e.g. ODS default values), keyed by a
  /// process-lifetime address; null when the printer keeps no cache.
  virtual Attribute *getPrintingCacheSlot(const void *key) { return nullptr; }

  OpAsmPrinter &operator<<(Value v) { printOperand(v); return *this; }
  OpAsmPrinter &operator<<(Block *b) { printSuccessor(b); return *this; }
  using AsmPrinter::operator<<;
  OpAsmPrinter &operator<<(ValueRange values) { printOperands(values); return *this; }
};

/// The printer handed to Dialect::printAttribute/printType.
class DialectAsmPrinter : public AsmPrinter {
public:
  ~DialectAsmPrinter() override;
};

//===----------------------------------------------------------------------===//
// Parsing
//===----------------------------------------------------------------------===//

/// Parsing hooks shared by ops, attributes and types.
class AsmParser {
public:
  enum class Delimiter {
    None,
    Paren,
    Square,
    LessGreater,
    Braces,
    OptionalParen,
    OptionalSquare,
    OptionalLessGreater,
    OptionalBraces,
  };

  virtual ~AsmParser();
  virtual MLIRContext *getContext() const = 0;
  Builder getBuilder() const;
  /// Location of the current token / of the op name being parsed.
  virtual SMLoc getCurrentLocation() = 0;
  virtual SMLoc getNameLoc() const = 0;
  virtual Location getEncodedSourceLoc(SMLoc loc) = 0;
  /// Emits an error at `loc` (must stop parsing afterwards).
  virtual InFlightDiagnostic emitError(SMLoc loc, std::string_view message = {}) = 0;
  /// The full text of the current token.
  virtual std::string_view getCurrentTokenSpelling() = 0;

  // Punctuation.
  virtual ParseResult parseArrow() = 0;
  virtual ParseResult parseOptionalArrow() = 0;
  virtual ParseResult parseLBrace() = 0;
  virtual ParseResult parseOptionalLBrace() = 0;
  virtual ParseResult parseRBrace() = 0;
  virtual ParseResult parseOptionalRBrace() = 0;
  virtual ParseResult parseColon() = 0;
  virtual ParseResult parseOptionalColon() = 0;
  virtual ParseResult parseComma() = 0;
  virtual ParseResult parseOptionalComma() = 0;
  virtual ParseResult parseEqual() = 0;
  virtual ParseResult parseOptionalEqual() = 0;
  virtual ParseResult parseLess() = 0;
  virtual ParseResult parseOptionalLess() = 0;
  virtual ParseResult parseGreater() = 0;
  virtual ParseResult parseOptionalGreater() = 0;
  virtual ParseResult parseQuestion() = 0;
  virtual ParseResult parseOptionalQuestion() = 0;
  virtual ParseResult parsePlus() = 0;
  virtual ParseResult parseOptionalPlus() = 0;
  virtual ParseResult parseMinus() = 0;
  virtual ParseResult parseOptionalMinus() = 0;
  virtual ParseResult parseStar() = 0;
  virtual ParseResult parseOptionalStar() = 0;
  virtual ParseResult parseVerticalBar() = 0;
  virtual ParseResult parseOptionalVerticalBar() = 0;
  virtual ParseResult parseLParen() = 0;
  virtual ParseResult parseOptionalLParen() = 0;
  virtual ParseResult parseRParen() = 0;
  virtual ParseResult parseOptionalRParen() = 0;
  virtual ParseResult parseLSquare() = 0;
  virtual ParseResult parseOptionalLSquare() = 0;
  virtual ParseResult parseRSquare() = 0;
  virtual ParseResult parseOptionalRSquare() = 0;
  virtual ParseResult parseEllipsis() = 0;
  virtual ParseResult parseOptionalEllipsis() = 0;
  virtual ParseResult parseXInDimensionList() = 0;

  // Keywords and strings.
  /// Parses the keyword `keyword` ("expected '<keyword>'" otherwise).
  ParseResult parseKeyword(std::string_view keyword, std::string_view msg = "");
  virtual ParseResult parseOptionalKeyword(std::string_view keyword) = 0;
  /// Parses any bare identifier keyword.
  ParseResult parseKeyword(std::string_view *keyword);
  virtual ParseResult parseOptionalKeyword(std::string_view *keyword) = 0;
  /// Parses one of `allowedValues`.
  virtual ParseResult parseOptionalKeyword(std::string_view *keyword, ArrayRef<std::string_view> allowedValues) = 0;
  ParseResult parseKeywordOrString(std::string *result);
  virtual ParseResult parseOptionalKeywordOrString(std::string *result) = 0;
  ParseResult parseString(std::string *string);
  virtual ParseResult parseOptionalString(std::string *string) = 0;
  /// Parses `@name`.
  ParseResult parseSymbolName(StringAttr &result);
  ParseResult parseSymbolName(StringAttr &result, std::string_view attrName, NamedAttrList &attrs);
  virtual ParseResult parseOptionalSymbolName(StringAttr &result) = 0;

  // Numbers.
  /// Parses an integer (with optional leading `-`) that fits `T`. `result` is
  /// zeroed first: callers return on failure, and this lets GCC see that their
  /// `T v; if (parser.parseInteger(v)) return failure();` never reads `v`
  /// uninitialized (it cannot follow the optional result of the virtual call).
  template <typename IntT> ParseResult parseInteger(IntT &result) {
    result = IntT();
    SMLoc loc = getCurrentLocation();
    auto r = parseOptionalInteger(result);
    if (!r.has_value())
      return emitError(loc, "expected integer value");
    return *r;
  }
  template <typename IntT> std::optional<ParseResult> parseOptionalInteger(IntT &result) {
    SMLoc loc = getCurrentLocation();
    APInt v;
    auto r = parseOptionalInteger(v);
    if (!r.has_value() || failed(*r))
      return r;
    // As MLIR: sign-extended or truncated to IntT's width (for unsigned
    // types too, so `-1` is the largest value), and rejected if that,
    // converted back to the parsed width, is not the parsed value.
    static_assert(sizeof(IntT) <= 8, "integers of at most 64 bits");
    // The check extends the value as its type does (a signed type takes
    // INT64_MIN, an unsigned one rejects a negative value of more than 64
    // bits).
    IntT value = IntT(v.sextOrTrunc(sizeof(IntT) * 8).getZExtValue());
    if (APInt(v.getBitWidth(), uint64_t(value), std::is_signed_v<IntT>) != v)
      return ParseResult(emitError(loc, "integer value too large"));
    result = value;
    return ParseResult(success());
  }
  /// Parses a (possibly negative) integer as a signed APInt of minimal width.
  virtual std::optional<ParseResult> parseOptionalInteger(APInt &result) = 0;
  template <typename IntT> ParseResult parseDecimalInteger(IntT &result) { return parseInteger(result); }
  /// Parses a float (or integer) literal as a double.
  virtual ParseResult parseFloat(double &result) = 0;
  /// Parses a float literal (or hex bit pattern) of the given semantics.
  virtual ParseResult parseFloat(const FltSemantics &semantics, APFloat &result) = 0;

  // Lists.
  /// Parses a comma-separated list, with the delimiter around it.
  virtual ParseResult parseCommaSeparatedList(Delimiter delimiter, function_ref<ParseResult()> parseElementFn,
                                              std::string_view contextMessage = {}) = 0;
  ParseResult parseCommaSeparatedList(function_ref<ParseResult()> parseElementFn) {
    return parseCommaSeparatedList(Delimiter::None, parseElementFn);
  }

  // Attributes.
  virtual ParseResult parseAttribute(Attribute &result, Type type = {}) = 0;
  virtual std::optional<ParseResult> parseOptionalAttributeImpl(Attribute &result, Type type) = 0;
  std::optional<ParseResult> parseOptionalAttribute(Attribute &result, Type type = {}) {
    return parseOptionalAttributeImpl(result, type);
  }
  /// Parses an attribute of a specific kind.
  template <typename AttrT> ParseResult parseAttribute(AttrT &result, Type type = {}) {
    SMLoc loc = getCurrentLocation();
    Attribute attr;
    if (parseAttribute(attr, type))
      return failure();
    result = dyn_cast<AttrT>(attr);
    if (!result)
      return emitError(loc, "invalid kind of attribute specified");
    return success();
  }
  template <typename AttrT>
  ParseResult parseAttribute(AttrT &result, std::string_view attrName, NamedAttrList &attrs) {
    return parseAttribute(result, Type(), attrName, attrs);
  }
  template <typename AttrT>
  ParseResult parseAttribute(AttrT &result, Type type, std::string_view attrName, NamedAttrList &attrs) {
    if (parseAttribute(result, type))
      return failure();
    attrs.append(attrName, result);
    return success();
  }
  template <typename AttrT> std::optional<ParseResult> parseOptionalAttribute(AttrT &result, Type type = {}) {
    SMLoc loc = getCurrentLocation();
    Attribute attr;
    auto r = parseOptionalAttribute(attr, type);
    if (!r.has_value() || failed(*r))
      return r;
    result = dyn_cast<AttrT>(attr);
    if (!result)
      return ParseResult(emitError(loc, "invalid kind of attribute specified"));
    return ParseResult(success());
  }
  /// Parses an optional `{...}` attribute dictionary into `result`.
  virtual ParseResult parseOptionalAttrDict(NamedAttrList &result) = 0;
  /// Parses an optional `attributes {...}`.
  virtual ParseResult parseOptionalAttrDictWithKeyword(NamedAttrList &result) = 0;
  /// Parses a dialect attribute body with the dialect's parser
  /// (`#dialect.x<...>` without prefix when it is the expected kind).
  virtual ParseResult parseCustomAttributeWithFallback(Attribute &result, Type type,
                                                       function_ref<ParseResult(Attribute &, Type)> parseAttribute) = 0;
  virtual ParseResult parseCustomTypeWithFallback(Type &result, function_ref<ParseResult(Type &)> parseType) = 0;
  virtual ParseResult parseAffineMap(AffineMap &map) = 0;
  virtual ParseResult parseAffineExpr(ArrayRef<std::pair<std::string_view, AffineExpr>> symbolSet,
                                      AffineExpr &expr) = 0;
  virtual ParseResult parseIntegerSet(IntegerSet &set) = 0;

  // Types.
  virtual ParseResult parseType(Type &result) = 0;
  virtual std::optional<ParseResult> parseOptionalTypeImpl(Type &result) = 0;
  std::optional<ParseResult> parseOptionalType(Type &result) { return parseOptionalTypeImpl(result); }
  template <typename TypeT> ParseResult parseType(TypeT &result) {
    SMLoc loc = getCurrentLocation();
    Type t;
    if (parseType(t))
      return failure();
    result = dyn_cast<TypeT>(t);
    if (!result)
      return emitError(loc, "invalid kind of type specified");
    return success();
  }
  ParseResult parseColonType(Type &result) { return failure(parseColon() || parseType(result)); }
  template <typename TypeT> ParseResult parseColonType(TypeT &result) {
    return failure(parseColon() || parseType(result));
  }
  virtual ParseResult parseColonTypeList(SmallVectorImpl<Type> &result) = 0;
  virtual ParseResult parseOptionalColonTypeList(SmallVectorImpl<Type> &result) = 0;
  ParseResult parseTypeList(SmallVectorImpl<Type> &result);
  virtual ParseResult parseArrowTypeList(SmallVectorImpl<Type> &result) = 0;
  virtual ParseResult parseOptionalArrowTypeList(SmallVectorImpl<Type> &result) = 0;
  /// Parses `type` or `(type, type)`.
  virtual ParseResult parseFunctionResultTypes(SmallVectorImpl<Type> &result) = 0;
  /// Parses `4x?x8x` (the trailing x included when `withTrailingX`).
  virtual ParseResult parseDimensionList(std::vector<int64_t> &dimensions, bool allowDynamic = true,
                                         bool withTrailingX = true) = 0;

  /// Parses `loc(...)` if present.
  virtual ParseResult parseOptionalLocationSpecifier(std::optional<Location> &result) = 0;

  /// Parses the key (keyword or string) of a resource of `dialect` and
  /// returns the dialect's handle for it (one per key and parse).
  virtual FailureOr<const void *> parseResourceHandle(const Dialect &dialect) = 0;

  /// Ends, when destroyed, the cyclic parse tryStartCyclicParse started.
  class CyclicParseReset {
  public:
    CyclicParseReset() = default;
    explicit CyclicParseReset(AsmParser *parser) : parser(parser) {}
    CyclicParseReset(CyclicParseReset &&other) : parser(other.parser) { other.parser = nullptr; }
    CyclicParseReset &operator=(CyclicParseReset &&other) {
      reset();
      parser = other.parser;
      other.parser = nullptr;
      return *this;
    }
    ~CyclicParseReset() { reset(); }

  private:
    void reset() {
      if (parser)
        parser->popCyclicParsing();
      parser = nullptr;
    }
    AsmParser *parser = nullptr;
  };
  /// For attributes and types that can contain themselves (mutable ones):
  /// fails if `attrOrType` is already being parsed further up (only a
  /// reference to it may follow then); otherwise marks it as being parsed
  /// until the result is destroyed.
  template <typename AttrOrTypeT> FailureOr<CyclicParseReset> tryStartCyclicParse(AttrOrTypeT attrOrType) {
    if (!pushCyclicParsing(attrOrType.getAsOpaquePointer()))
      return failure();
    return CyclicParseReset(this);
  }
  /// The stack behind tryStartCyclicParse (per parsed buffer): pushes
  /// unless present; returns whether it pushed.
  virtual bool pushCyclicParsing(const void *opaque) = 0;
  virtual void popCyclicParsing() = 0;
};

/// Parsing hooks for custom operation formats.
class OpAsmParser : public AsmParser {
public:
  /// An operand reference not resolved to a value yet: `%name#number`.
  struct UnresolvedOperand {
    SMLoc location;
    std::string_view name;
    unsigned number = 0;
  };
  /// A region argument being defined: `%name: type {attrs} loc(...)`.
  struct Argument {
    UnresolvedOperand ssaName;
    Type type;
    DictionaryAttr attrs;
    std::optional<Location> sourceLoc;
  };

  ~OpAsmParser() override;

  /// Number of results the op being parsed defines, and their names.
  virtual size_t getNumResults() const = 0;
  virtual std::pair<std::string_view, unsigned> getResultName(unsigned resultNo) const = 0;

  virtual ParseResult parseOperand(UnresolvedOperand &result, bool allowResultNumber = true) = 0;
  virtual std::optional<ParseResult> parseOptionalOperand(UnresolvedOperand &result,
                                                          bool allowResultNumber = true) = 0;
  virtual ParseResult parseOperandList(SmallVectorImpl<UnresolvedOperand> &result, Delimiter delimiter = Delimiter::None,
                                       bool allowResultNumber = true, int requiredOperandCount = -1) = 0;
  ParseResult parseOperandList(SmallVectorImpl<UnresolvedOperand> &result, int requiredOperandCount,
                               Delimiter delimiter = Delimiter::None) {
    return parseOperandList(result, delimiter, true, requiredOperandCount);
  }
  /// Like parseOperandList but with a leading comma if non-empty.
  virtual ParseResult parseTrailingOperandList(SmallVectorImpl<UnresolvedOperand> &result,
                                               Delimiter delimiter = Delimiter::None) = 0;
  /// Resolves an operand to a value of `type`, appending it to `result`.
  virtual ParseResult resolveOperand(const UnresolvedOperand &operand, Type type, SmallVectorImpl<Value> &result) = 0;
  ParseResult resolveOperands(ArrayRef<UnresolvedOperand> operands, Type type, SmallVectorImpl<Value> &result) {
    for (const auto &o : operands)
      if (resolveOperand(o, type, result))
        return failure();
    return success();
  }
  ParseResult resolveOperands(ArrayRef<UnresolvedOperand> operands, TypeRange types, SMLoc loc,
                              SmallVectorImpl<Value> &result);
  ParseResult resolveOperands(ArrayRef<UnresolvedOperand> operands, ArrayRef<Type> types, SMLoc loc,
                              SmallVectorImpl<Value> &result) {
    return resolveOperands(operands, TypeRange(types), loc, result);
  }

  virtual ParseResult parseArgument(Argument &result, bool allowType = false, bool allowAttrs = false) = 0;
  virtual std::optional<ParseResult> parseOptionalArgument(Argument &result, bool allowType = false,
                                                           bool allowAttrs = false) = 0;
  virtual ParseResult parseArgumentList(std::vector<Argument> &result, Delimiter delimiter = Delimiter::None,
                                        bool allowType = false, bool allowAttrs = false) = 0;
  /// `(%arg = %operand, ...)` if a `(` comes (loop-carried values): nullopt
  /// without one. List errors are the parser's ("expected ',' or ')'").
  virtual std::optional<ParseResult> parseOptionalAssignmentList(std::vector<Argument> &lhs,
                                                                 SmallVectorImpl<UnresolvedOperand> &rhs) = 0;
  /// The same, required ("expected '('").
  ParseResult parseAssignmentList(std::vector<Argument> &lhs, SmallVectorImpl<UnresolvedOperand> &rhs) {
    std::optional<ParseResult> result = parseOptionalAssignmentList(lhs, rhs);
    if (!result)
      return emitError(getCurrentLocation(), "expected '('");
    return *result;
  }

  /// Parses a region; `arguments` become the entry block's arguments.
  virtual ParseResult parseRegion(Region &region, ArrayRef<Argument> arguments = {},
                                  bool enableNameShadowing = false) = 0;
  virtual std::optional<ParseResult> parseOptionalRegion(Region &region, ArrayRef<Argument> arguments = {},
                                                         bool enableNameShadowing = false) = 0;
  virtual ParseResult parseSuccessor(Block *&dest) = 0;
  virtual std::optional<ParseResult> parseOptionalSuccessor(Block *&dest) = 0;
  virtual ParseResult parseSuccessorAndUseList(Block *&dest, SmallVectorImpl<Value> &operands) = 0;

  /// Parses an affine map/expr whose dims and symbols are SSA operands:
  /// `%i + %j * 2` / `[%i][%s]`.
  virtual ParseResult parseAffineMapOfSSAIds(SmallVectorImpl<UnresolvedOperand> &operands, Attribute &map,
                                             std::string_view attrName, NamedAttrList &attrs,
                                             Delimiter delimiter = Delimiter::Square) = 0;
  virtual ParseResult parseAffineExprOfSSAIds(SmallVectorImpl<UnresolvedOperand> &dimOperands,
                                              SmallVectorImpl<UnresolvedOperand> &symbOperands, AffineExpr &expr) = 0;

  /// Parses a full operation in generic form and inserts it.
  virtual Operation *parseGenericOperation(Block *insertBlock, Block::iterator insertPt) = 0;
  /// Parses `dialect.op` or `op` (with the default dialect) name.
  virtual FailureOr<OperationName> parseCustomOperationName() = 0;
};

/// The parser handed to Dialect::parseAttribute/parseType.
class DialectAsmParser : public AsmParser {
public:
  ~DialectAsmParser() override;
  /// The full text of the dialect symbol being parsed (after `#ns.`/`!ns.`).
  virtual std::string_view getFullSymbolSpec() const = 0;
  /// What the alias `#name` / `!name` (without its sigil) defined so far in
  /// the file stands for; null if none. For dialects that keep text they do
  /// not understand, to find the attributes and types it refers to.
  virtual Attribute lookupAttributeAlias(std::string_view name) const = 0;
  virtual Type lookupTypeAlias(std::string_view name) const = 0;
  /// Parses a type / attribute at the start of `text` (a piece of the
  /// symbol being parsed) on its own, with the file's aliases, without
  /// diagnostics and without leaving anything to redo (a tentative parse);
  /// sets `numRead` to the characters it took. Null if it does not parse.
  virtual Type parseNestedType(std::string_view text, size_t &numRead) = 0;
  virtual Attribute parseNestedAttribute(std::string_view text, size_t &numRead) = 0;
};

} // namespace lamina
