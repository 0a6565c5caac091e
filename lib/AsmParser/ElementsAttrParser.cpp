//===- ElementsAttrParser.cpp - dense<>, sparse<>, array<>, dense_resource<> ===//
//
// The grammars of the builtin elements attributes:
//
//   dense-elements  ::= `dense` `<` (tensor-literal | hex-string)? `>` (`:` shaped-type)?
//   tensor-literal  ::= element | `[` (tensor-literal (`,` tensor-literal)*)? `]`
//   element         ::= `-`? (integer | float) | `true` | `false` | string
//                     | `(` element `,` element `)`          (complex)
//   sparse-elements ::= `sparse` `<` (tensor-literal `,` tensor-literal)? `>` (`:` type)?
//   dense-array     ::= `array` `<` type (`:` value (`,` value)*)? `>`
//   dense-resource  ::= `dense_resource` `<` key `>` (`:` shaped-type)?
//
// Literals are parsed first (their shape inferred from the nesting) and only
// converted once the type is known, as MLIR does, so diagnostics and their
// locations match mlir-opt. Nested lists and complex parentheses are parsed
// with explicit stacks: their depth is controlled by the input.
//
#include "Parser.h"

#include <charconv>
#include <cstring>
#include <deque>
#include <unordered_map>

using namespace lamina;

//===----------------------------------------------------------------------===//
// Raw element encoding
//===----------------------------------------------------------------------===//
//
// Element bits as DenseElementsAttr stores them (see AttributeDetail.h): the
// literal parser writes the raw buffer directly and hands it to
// DenseElementsAttr::getFromRawBuffer, exactly what building from APInts would
// produce.

/// Bits of one element: int/float width, 64 for index, and for a complex
/// twice the part's width rounded up to bytes.
static size_t elementBitWidth(Type type) {
  if (auto complexType = dyn_cast<ComplexType>(type))
    return (elementBitWidth(complexType.getElementType()) + 7) / 8 * 8 * 2;
  if (type.isIndex())
    return IndexType::kInternalStorageBitWidth;
  return type.getIntOrFloatBitWidth();
}

/// Storage bits of a value of `bitWidth` bits: i1 is bit-packed, the rest
/// round up to whole bytes.
static size_t storageBitWidth(size_t bitWidth) { return bitWidth == 1 ? 1 : (bitWidth + 7) / 8 * 8; }

/// Writes `value` at bit `bitPos` of `data`.
static void writeBits(std::vector<char> &data, size_t bitPos, const APInt &value) {
  unsigned bitWidth = value.getBitWidth();
  if (bitWidth == 0)
    return;
  if (bitWidth == 1) {
    if (value.getBit(0))
      data[bitPos / 8] = char(data[bitPos / 8] | (1 << (bitPos % 8)));
    return;
  }
  std::memcpy(data.data() + bitPos / 8, value.getRawData(), (bitWidth + 7) / 8);
}

/// The value of integer literal `spelling` (decimal or `0x` hex) for an
/// element of `type`, or nullopt if it does not fit (MLIR's
/// buildAttributeAPInt: negative values must keep the sign bit set, positive
/// values of signed and index types must keep it clear).
static std::optional<APInt> buildElementAPInt(Type type, bool isNegative, std::string_view spelling) {
  unsigned width = type.isIndex() ? IndexType::kInternalStorageBitWidth : type.getIntOrFloatBitWidth();
  bool isHex = spelling.size() > 1 && spelling[1] == 'x';
  std::string_view digits = isHex ? spelling.substr(2) : spelling;
  bool isSignedOrIndex = type.isSignedInteger() || type.isIndex();

  // Fast path: values that fit in 64 bits.
  if (width <= 64 && !digits.empty()) {
    uint64_t value = 0;
    unsigned radix = isHex ? 16 : 10;
    bool fits = true;
    for (char c : digits) {
      unsigned d;
      if (c >= '0' && c <= '9')
        d = unsigned(c - '0');
      else if (isHex && c >= 'a' && c <= 'f')
        d = unsigned(c - 'a' + 10);
      else if (isHex && c >= 'A' && c <= 'F')
        d = unsigned(c - 'A' + 10);
      else
        return std::nullopt;
      if (value > (UINT64_MAX - d) / radix) {
        fits = false;
        break;
      }
      value = value * radix + d;
    }
    if (fits) {
      if (width < 64 && (value >> width) != 0)
        return std::nullopt;
      if (width == 0)
        return isNegative ? std::nullopt : std::optional<APInt>(APInt(0, 0));
      uint64_t mask = width == 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
      uint64_t signBit = uint64_t(1) << (width - 1);
      if (isNegative) {
        value = (uint64_t(0) - value) & mask;
        if (!(value & signBit))
          return std::nullopt;
      } else if (isSignedOrIndex && (value & signBit)) {
        return std::nullopt;
      }
      return APInt(width, value);
    }
  }

  // General path: wide types and literals beyond 64 bits.
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
  } else if (isSignedOrIndex && result.isNegative()) {
    return std::nullopt;
  }
  return result;
}

static void appendDims(InFlightDiagnostic &diag, ArrayRef<int64_t> dims) {
  for (size_t i = 0; i < dims.size(); ++i) {
    if (i)
      diag << ", ";
    diag << (long long)dims[i];
  }
}

/// Decodes a string token `"0x..."` into bytes (MLIR's
/// Token::getHexStringValue, table driven: hex blobs can be megabytes).
static bool decodeHexString(const Token &tok, std::vector<char> &out) {
  static const struct Table {
    signed char v[256];
    constexpr Table() : v() {
      for (int i = 0; i < 256; ++i)
        v[i] = -1;
      for (int i = 0; i < 10; ++i)
        v['0' + i] = char(i);
      for (int i = 0; i < 6; ++i) {
        v['a' + i] = char(10 + i);
        v['A' + i] = char(10 + i);
      }
    }
  } table;
  std::string_view spelling = tok.getSpelling();
  if (spelling.size() < 2)
    return false;
  std::string_view bytes = spelling.substr(1, spelling.size() - 2);
  if (bytes.size() < 2 || bytes[0] != '0' || bytes[1] != 'x' || (bytes.size() & 1))
    return false;
  out.resize((bytes.size() - 2) / 2);
  const unsigned char *in = reinterpret_cast<const unsigned char *>(bytes.data()) + 2;
  int bad = 0;
  for (size_t i = 0, e = out.size(); i != e; ++i) {
    int hi = table.v[in[2 * i]], lo = table.v[in[2 * i + 1]];
    bad |= hi | lo;
    out[i] = char((hi << 4) | lo);
  }
  return bad >= 0;
}

/// The value of a decimal float literal, as strtod reads it (MLIR goes
/// through a double too). std::from_chars is exact and much faster; out of
/// range values fall back to strtod for its inf / zero results.
static double parseDecimalFloat(const Token &tok) {
  std::string_view spelling = tok.getSpelling();
  double value = 0;
  auto [ptr, ec] = std::from_chars(spelling.data(), spelling.data() + spelling.size(), value);
  if (ec == std::errc() && ptr == spelling.data() + spelling.size())
    return value;
  return tok.getFloatingPointValue().value_or(0.0);
}

//===----------------------------------------------------------------------===//
// TensorLiteralParser
//===----------------------------------------------------------------------===//

namespace {
/// Parses a tensor literal (or a hex string) and builds the elements
/// attribute once the type is known.
class TensorLiteralParser {
public:
  explicit TensorLiteralParser(Parser &p) : p(p) {}

  /// Parses a literal list, a single element, or with `allowHex` a string
  /// holding the raw data in hex.
  ParseResult parse(bool allowHex);

  /// Builds the attribute of `type` from what was parsed; errors at `loc`.
  DenseElementsAttr getAttr(SMLoc loc, ShapedType type);

  /// The shape inferred from the nesting (empty for a single element).
  ArrayRef<int64_t> getShape() const { return shape; }

private:
  /// One parsed element token; negative numbers keep their `-` as a flag.
  struct Element {
    Token token;
    bool isNegative;
  };

  /// The dimensions of a parsed sub-list, interned so equal dimension lists
  /// are the same node (comparisons are then O(1) however deep the nesting).
  struct DimsNode {
    int64_t size;
    const DimsNode *inner; // dims of the elements; null for scalars
  };
  const DimsNode *internDims(int64_t size, const DimsNode *inner);

  /// Parses one element: a scalar, or `(` element `,` element `)`.
  ParseResult parseElement();
  /// Parses a `[...]` list starting at the current `[`.
  ParseResult parseList(std::vector<int64_t> &dims);

  DenseElementsAttr getIntAttr(SMLoc loc, ShapedType type, Type eltType, bool isComplex);
  DenseElementsAttr getFloatAttr(SMLoc loc, ShapedType type, FloatType eltType, bool isComplex);
  DenseElementsAttr getStringAttr(SMLoc loc, ShapedType type);
  DenseElementsAttr getHexAttr(SMLoc loc, ShapedType type);

  Parser &p;
  std::vector<int64_t> shape;
  std::vector<Element> storage;
  std::optional<Token> hexStorage;

  std::deque<DimsNode> dimsNodes;
  struct DimsKeyHash {
    size_t operator()(const std::pair<int64_t, const DimsNode *> &k) const {
      return size_t(hashCombineRaw(uint64_t(k.first), uint64_t(reinterpret_cast<uintptr_t>(k.second))));
    }
  };
  std::unordered_map<std::pair<int64_t, const DimsNode *>, const DimsNode *, DimsKeyHash> dimsTable;
};
} // namespace

ParseResult TensorLiteralParser::parse(bool allowHex) {
  if (allowHex && p.getToken().is(Token::string)) {
    hexStorage = p.getToken();
    p.consumeToken(Token::string);
    return success();
  }
  if (p.getToken().is(Token::l_square))
    return parseList(shape);
  return parseElement();
}

const TensorLiteralParser::DimsNode *TensorLiteralParser::internDims(int64_t size, const DimsNode *inner) {
  auto [it, inserted] = dimsTable.try_emplace({size, inner}, nullptr);
  if (inserted) {
    dimsNodes.push_back(DimsNode{size, inner});
    it->second = &dimsNodes.back();
  }
  return it->second;
}

ParseResult TensorLiteralParser::parseElement() {
  // Open complex parentheses; each records whether its first part is done.
  std::vector<bool> parens;
  while (true) {
    while (p.getToken().is(Token::l_paren)) {
      p.consumeToken(Token::l_paren);
      parens.push_back(false);
    }
    switch (p.getToken().getKind()) {
    case Token::kw_true:
    case Token::kw_false:
    case Token::floatliteral:
    case Token::integer:
    case Token::string:
      storage.push_back({p.getToken(), false});
      p.consumeToken();
      break;
    case Token::minus:
      p.consumeToken(Token::minus);
      if (!p.getToken().isAny(Token::floatliteral, Token::integer))
        return p.emitError("expected integer or floating point literal");
      storage.push_back({p.getToken(), true});
      p.consumeToken();
      break;
    default:
      return p.emitError("expected element literal of primitive type");
    }
    // Close the parentheses this element completes.
    while (!parens.empty() && parens.back()) {
      if (p.parseToken(Token::r_paren, "expected ')' after complex elements"))
        return failure();
      parens.pop_back();
    }
    if (parens.empty())
      return success();
    if (p.parseToken(Token::comma, "expected ',' between complex elements"))
      return failure();
    parens.back() = true;
  }
}

ParseResult TensorLiteralParser::parseList(std::vector<int64_t> &dims) {
  // One frame per open `[`: the element count so far and the dims of its
  // first element, which all later elements must match.
  struct Frame {
    int64_t size = 0;
    const DimsNode *firstDims = nullptr;
  };
  std::vector<Frame> stack;
  auto finish = [&](const DimsNode *result) {
    dims.clear();
    for (const DimsNode *n = result; n; n = n->inner)
      dims.push_back(n->size);
    return success();
  };

  p.consumeToken(Token::l_square);
  if (p.consumeIf(Token::r_square))
    return finish(internDims(0, nullptr));
  stack.emplace_back();

  while (true) {
    // Parse one element of the innermost open list.
    const DimsNode *eltDims = nullptr;
    if (p.getToken().is(Token::l_square)) {
      p.consumeToken(Token::l_square);
      if (!p.consumeIf(Token::r_square)) {
        stack.emplace_back();
        continue;
      }
      eltDims = internDims(0, nullptr);
    } else if (parseElement()) {
      return failure();
    }

    // Record it, then close every list that ends here.
    while (true) {
      Frame &frame = stack.back();
      if (frame.size++ == 0)
        frame.firstDims = eltDims;
      else if (frame.firstDims != eltDims)
        return p.emitError("tensor literal is invalid; ranks are not consistent between elements");
      if (p.consumeIf(Token::comma))
        break;
      if (p.parseToken(Token::r_square, "expected ']'"))
        return failure();
      eltDims = internDims(frame.size, frame.firstDims);
      stack.pop_back();
      if (stack.empty())
        return finish(eltDims);
    }
  }
}

DenseElementsAttr TensorLiteralParser::getAttr(SMLoc loc, ShapedType type) {
  Type eltType = type.getElementType();

  if (hexStorage && (eltType.isIntOrIndexOrFloat() || isa<ComplexType>(eltType)))
    return getHexAttr(loc, type);

  if (!shape.empty() && getShape() != type.getShape()) {
    InFlightDiagnostic diag = p.emitError(loc);
    diag << "inferred shape of elements literal ([";
    appendDims(diag, getShape());
    diag << "]) does not match type ([";
    appendDims(diag, type.getShape());
    diag << "])";
    return nullptr;
  }

  if (!hexStorage && storage.empty() && type.getNumElements()) {
    p.emitError(loc) << "parsed zero elements, but type (" << Type(type) << ") expected at least 1";
    return nullptr;
  }

  bool isComplex = false;
  if (auto complexType = dyn_cast<ComplexType>(eltType)) {
    eltType = complexType.getElementType();
    isComplex = true;
    // A complex splat is one pair; a list holds a pair per element.
    bool isSplat = shape.empty() && type.getNumElements() != 0;
    if (isSplat && storage.size() != 2) {
      p.emitError(loc) << "parsed " << (unsigned long long)storage.size() << " elements, but type ("
                       << Type(complexType) << ") expected 2 elements";
      return nullptr;
    }
    if (!shape.empty() && storage.size() != size_t(type.getNumElements()) * 2) {
      p.emitError(loc) << "parsed " << (unsigned long long)storage.size() << " elements, but type (" << Type(type)
                       << ") expected " << (long long)(type.getNumElements() * 2) << " elements";
      return nullptr;
    }
  }

  if (eltType.isIntOrIndex())
    return getIntAttr(loc, type, eltType, isComplex);
  if (auto floatType = dyn_cast<FloatType>(eltType))
    return getFloatAttr(loc, type, floatType, isComplex);
  return getStringAttr(loc, type);
}

DenseElementsAttr TensorLiteralParser::getIntAttr(SMLoc loc, ShapedType type, Type eltType, bool isComplex) {
  size_t bitWidth = elementBitWidth(eltType);
  size_t storageWidth = isComplex ? (bitWidth + 7) / 8 * 8 : storageBitWidth(bitWidth);
  uint64_t numBytes = (uint64_t(storageWidth) * storage.size() + 7) / 8;
  if (failed(p.reserveLiteralStorage(loc, numBytes, "the elements literal")))
    return nullptr;
  std::vector<char> data(numBytes, 0);
  bool isUintType = eltType.isUnsignedInteger();
  for (size_t i = 0, e = storage.size(); i != e; ++i) {
    const Token &token = storage[i].token;
    bool isNegative = storage[i].isNegative;
    SMLoc tokenLoc = token.getLoc();
    if (isNegative && isUintType) {
      p.emitError(tokenLoc) << "expected unsigned integer elements, but parsed negative value";
      return nullptr;
    }
    if (token.is(Token::floatliteral)) {
      p.emitError(tokenLoc) << "expected integer elements, but parsed floating-point";
      return nullptr;
    }
    if (token.isAny(Token::kw_true, Token::kw_false)) {
      if (!eltType.isInteger(1)) {
        p.emitError(tokenLoc) << "expected i1 type for 'true' or 'false' values";
        return nullptr;
      }
      writeBits(data, i * storageWidth, APInt(1, token.is(Token::kw_true)));
      continue;
    }
    if (failed(p.checkDecimalLiteralLength(token, unsigned(bitWidth))))
      return nullptr;
    std::optional<APInt> value = buildElementAPInt(eltType, isNegative, token.getSpelling());
    if (!value) {
      p.emitError(tokenLoc) << "integer constant out of range for type";
      return nullptr;
    }
    writeBits(data, i * storageWidth, *value);
  }
  // A splat of i1 is stored as an all-ones or all-zeros byte.
  if (storage.size() == 1 && storageWidth == 1)
    data[0] = (data[0] & 1) ? char(0xFF) : char(0);
  return DenseElementsAttr::getFromRawBuffer(type, data);
}

DenseElementsAttr TensorLiteralParser::getFloatAttr(SMLoc loc, ShapedType type, FloatType eltType, bool isComplex) {
  const FltSemantics &semantics = eltType.getFloatSemantics();
  size_t bitWidth = elementBitWidth(eltType);
  size_t storageWidth = isComplex ? (bitWidth + 7) / 8 * 8 : storageBitWidth(bitWidth);
  uint64_t numBytes = (uint64_t(storageWidth) * storage.size() + 7) / 8;
  if (failed(p.reserveLiteralStorage(loc, numBytes, "the elements literal")))
    return nullptr;
  std::vector<char> data(numBytes, 0);
  bool isF32 = &semantics == &APFloat::IEEEsingle(), isF64 = &semantics == &APFloat::IEEEdouble();
  for (size_t i = 0, e = storage.size(); i != e; ++i) {
    const Token &token = storage[i].token;
    bool isNegative = storage[i].isNegative;
    // Decimal literals go through a double first, as in MLIR; for f32/f64
    // the hardware conversion rounds exactly like APFloat::convert.
    if ((isF32 || isF64) && token.is(Token::floatliteral)) {
      double value = parseDecimalFloat(token);
      if (isNegative)
        value = -value;
      if (isF64) {
        std::memcpy(data.data() + i * 8, &value, 8);
      } else {
        float narrowed = float(value);
        std::memcpy(data.data() + i * 4, &narrowed, 4);
      }
      continue;
    }
    std::optional<APFloat> result;
    if (failed(p.parseFloatFromLiteral(result, token, isNegative, semantics)))
      return nullptr;
    writeBits(data, i * storageWidth, result->bitcastToAPInt());
  }
  return DenseElementsAttr::getFromRawBuffer(type, data);
}

DenseElementsAttr TensorLiteralParser::getStringAttr(SMLoc loc, ShapedType type) {
  if (hexStorage) {
    std::string value = hexStorage->getStringValue();
    std::string_view view(value);
    return DenseStringElementsAttr::get(type, ArrayRef<std::string_view>(view));
  }
  std::vector<std::string> values;
  values.reserve(storage.size());
  for (const Element &elt : storage) {
    if (!elt.token.is(Token::string)) {
      p.emitError(loc) << "expected string token, got " << elt.token.getSpelling();
      return nullptr;
    }
    values.push_back(elt.token.getStringValue());
  }
  std::vector<std::string_view> views(values.begin(), values.end());
  return DenseStringElementsAttr::get(type, views);
}

DenseElementsAttr TensorLiteralParser::getHexAttr(SMLoc loc, ShapedType type) {
  Type elementType = type.getElementType();
  auto complexType = dyn_cast<ComplexType>(elementType);
  if (!elementType.isIntOrIndexOrFloat() && !(complexType && complexType.getElementType().isIntOrFloat())) {
    p.emitError(loc) << "expected floating-point, integer, or complex element type, got " << elementType;
    return nullptr;
  }
  std::vector<char> data;
  if (!decodeHexString(*hexStorage, data)) {
    p.emitError(hexStorage->getLoc()) << "expected string containing hex digits starting with `0x`";
    return nullptr;
  }
  ArrayRef<char> rawData(data.data(), data.size());
  bool detectedSplat = false;
  if (!DenseElementsAttr::isValidRawBuffer(type, rawData, detectedSplat)) {
    p.emitError(loc) << "elements hex data size is invalid for provided type: " << Type(type);
    return nullptr;
  }
  return DenseElementsAttr::getFromRawBuffer(type, rawData);
}

//===----------------------------------------------------------------------===//
// dense<...>, sparse<...>
//===----------------------------------------------------------------------===//

ShapedType Parser::parseElementsLiteralType(SMLoc loc, Type type) {
  if (!type) {
    if (parseToken(Token::colon, "expected ':'"))
      return ShapedType();
    if (!(type = parseType()))
      return ShapedType();
  }
  auto shapedType = dyn_cast<ShapedType>(type);
  if (!shapedType) {
    emitError(loc) << "elements literal must be a shaped type";
    return ShapedType();
  }
  if (!shapedType.hasStaticShape()) {
    emitError(loc) << "elements literal type must have static shape";
    return ShapedType();
  }
  return shapedType;
}

Attribute Parser::parseDenseElementsAttr(Type attrType) {
  SMLoc attribLoc = getToken().getLoc();
  consumeToken(Token::kw_dense);
  if (parseToken(Token::less, "expected '<' after 'dense'"))
    return Attribute();

  TensorLiteralParser literalParser(*this);
  if (!consumeIf(Token::greater)) {
    if (literalParser.parse(/*allowHex=*/true) || parseToken(Token::greater, "expected '>'"))
      return Attribute();
  }
  ShapedType type = parseElementsLiteralType(attribLoc, attrType);
  if (!type)
    return Attribute();
  return literalParser.getAttr(attribLoc, type);
}

Attribute Parser::parseSparseElementsAttr(Type attrType) {
  SMLoc loc = getToken().getLoc();
  consumeToken(Token::kw_sparse);
  if (parseToken(Token::less, "Expected '<' after 'sparse'"))
    return Attribute();

  // The indices are a 2-d tensor whose second dimension is the rank.
  Type indicesEltType = builder.getIntegerType(64);
  if (consumeIf(Token::greater)) {
    ShapedType type = parseElementsLiteralType(loc, attrType);
    if (!type)
      return Attribute();
    ShapedType indicesType = RankedTensorType::get({0, type.getRank()}, indicesEltType);
    ShapedType valuesType = RankedTensorType::get({0}, type.getElementType());
    return getChecked<SparseElementsAttr>(loc, type, DenseElementsAttr::get(indicesType, ArrayRef<Attribute>()),
                                          DenseElementsAttr::get(valuesType, ArrayRef<Attribute>()));
  }

  // No hex for the indices: their shape may be needed.
  SMLoc indicesLoc = getToken().getLoc();
  TensorLiteralParser indicesParser(*this);
  if (indicesParser.parse(/*allowHex=*/false))
    return Attribute();
  if (parseToken(Token::comma, "expected ','"))
    return Attribute();

  SMLoc valuesLoc = getToken().getLoc();
  TensorLiteralParser valuesParser(*this);
  if (valuesParser.parse(/*allowHex=*/true))
    return Attribute();
  if (parseToken(Token::greater, "expected '>'"))
    return Attribute();

  ShapedType type = parseElementsLiteralType(loc, attrType);
  if (!type)
    return Attribute();

  // A single index (not a list) is one index of the type's rank.
  ShapedType indicesType =
      indicesParser.getShape().empty()
          ? ShapedType(RankedTensorType::get({1, type.getRank()}, indicesEltType))
          : ShapedType(RankedTensorType::get(indicesParser.getShape(), indicesEltType));
  DenseElementsAttr indices = indicesParser.getAttr(indicesLoc, indicesType);
  if (!indices)
    return Attribute();

  // A single value applies to every index.
  Type valuesEltType = type.getElementType();
  ShapedType valuesType =
      valuesParser.getShape().empty()
          ? ShapedType(RankedTensorType::get({indicesType.getDimSize(0)}, valuesEltType))
          : ShapedType(RankedTensorType::get(valuesParser.getShape(), valuesEltType));
  DenseElementsAttr values = valuesParser.getAttr(valuesLoc, valuesType);
  if (!values)
    return Attribute();
  return getChecked<SparseElementsAttr>(loc, type, indices, values);
}

//===----------------------------------------------------------------------===//
// array<...>
//===----------------------------------------------------------------------===//

Attribute Parser::parseDenseArrayAttr(Type) {
  consumeToken(Token::kw_array);
  if (parseToken(Token::less, "expected '<' after 'array'"))
    return Attribute();

  SMLoc typeLoc = getToken().getLoc();
  Type eltType = parseType();
  if (!eltType) {
    emitError(typeLoc) << "expected an integer or floating point type";
    return Attribute();
  }
  // Booleans, and integers and floats of whole bytes.
  if (!eltType.isIntOrFloat()) {
    emitError(typeLoc, "expected integer or float type, got: ") << eltType;
    return Attribute();
  }
  if (!eltType.isInteger(1) && eltType.getIntOrFloatBitWidth() % 8 != 0) {
    emitError(typeLoc) << "element type bitwidth must be a multiple of 8";
    return Attribute();
  }

  if (consumeIf(Token::greater))
    return DenseArrayAttr::get(eltType, 0, {});
  if (parseToken(Token::colon, "expected ':' after dense array type"))
    return Attribute();

  std::vector<char> rawData;
  int64_t size = 0;
  auto append = [&](const APInt &value) {
    unsigned numBytes = value.getBitWidth() / 8;
    size_t offset = rawData.size();
    rawData.resize(offset + numBytes);
    if (numBytes)
      std::memcpy(rawData.data() + offset, value.getRawData(), numBytes);
    ++size;
  };
  auto parseIntegerElement = [&]() -> ParseResult {
    bool isNegative = consumeIf(Token::minus);
    std::string_view spelling = getTokenSpelling();
    Token elementToken = getToken();
    if (getToken().isAny(Token::kw_true, Token::kw_false)) {
      if (!eltType.isInteger(1))
        return emitError("expected i1 type for 'true' or 'false' values");
      append(APInt(8, getToken().is(Token::kw_true)));
      consumeToken();
      return success();
    }
    if (!consumeIf(Token::integer))
      return emitError("expected integer literal");
    if (eltType.isInteger(1))
      return emitError("expected 'true' or 'false' values for i1 type");
    unsigned width = eltType.getIntOrFloatBitWidth();
    if (width > 64 && (failed(checkDecimalLiteralLength(elementToken, width)) ||
                       failed(reserveLiteralStorage(elementToken.getLoc(), width / 8, "the array element"))))
      return failure();
    std::optional<APInt> value = buildElementAPInt(eltType, isNegative, spelling);
    if (!value)
      return emitError("integer constant out of range");
    append(*value);
    return success();
  };
  auto parseFloatElement = [&]() -> ParseResult {
    bool isNegative = consumeIf(Token::minus);
    Token token = getToken();
    std::optional<APFloat> value;
    if (failed(parseFloatFromLiteral(value, token, isNegative, cast<FloatType>(eltType).getFloatSemantics())))
      return failure();
    consumeToken();
    append(value->bitcastToAPInt());
    return success();
  };
  if (eltType.isInteger() ? parseCommaSeparatedList(parseIntegerElement)
                          : parseCommaSeparatedList(parseFloatElement))
    return Attribute();
  if (parseToken(Token::greater, "expected '>' to close an array attribute"))
    return Attribute();
  return DenseArrayAttr::get(eltType, size, rawData);
}

//===----------------------------------------------------------------------===//
// dense_resource<...>
//===----------------------------------------------------------------------===//

FailureOr<const void *> Parser::parseDialectResourceHandle(const Dialect &dialect, std::string &key) {
  SMLoc keyLoc = getToken().getLoc();
  if (getToken().is(Token::string))
    key = getToken().getStringValue();
  else if (isCurrentTokenAKeyword())
    key = std::string(getTokenSpelling());
  else
    return (emitError() << "expected identifier key for 'resource' entry", failure());
  consumeToken();
  // The first use of a key in this parse asks the dialect for the resource.
  std::pair<std::string, const void *> &entry = state.symbols.dialectResourceHandles[&dialect][key];
  if (!entry.second) {
    // Declaring is not undone: a parse that may be redone must not declare.
    if (state.config.isTentative())
      return failure();
    const void *handle = dialect.declareResource(key);
    if (!handle)
      return (emitError(keyLoc) << "unknown 'resource' key '" << key << "' for dialect '" << dialect.getNamespace()
                                << "'",
              failure());
    entry = {std::string(dialect.getResourceKey(handle)), handle};
  }
  key = entry.first;
  return entry.second;
}

Attribute Parser::parseDenseResourceElementsAttr(Type attrType) {
  SMLoc loc = getToken().getLoc();
  consumeToken(Token::kw_dense_resource);
  if (parseToken(Token::less, "expected '<' after 'dense_resource'"))
    return Attribute();

  // The key: a keyword or a string. Keys are resolved once per parse.
  std::string key;
  if (getToken().is(Token::string)) {
    key = getToken().getStringValue();
  } else if (isCurrentTokenAKeyword()) {
    key = std::string(getTokenSpelling());
  } else {
    emitError() << "expected identifier key for 'resource' entry";
    return Attribute();
  }
  consumeToken();
  auto [it, inserted] = state.symbols.resourceHandles.try_emplace(key);
  if (inserted)
    it->second = DenseResourceElementsHandle::getOrCreate(getContext(), key);
  DenseResourceElementsHandle handle = it->second;
  if (parseToken(Token::greater, "expected '>'"))
    return Attribute();

  SMLoc typeLoc = loc;
  if (!attrType) {
    typeLoc = getToken().getLoc();
    if (parseToken(Token::colon, "expected ':'") || !(attrType = parseType()))
      return Attribute();
  }
  auto shapedType = dyn_cast<ShapedType>(attrType);
  if (!shapedType) {
    emitError(typeLoc) << "`dense_resource` expected a shaped type";
    return Attribute();
  }
  return DenseResourceElementsAttr::get(shapedType, handle);
}
