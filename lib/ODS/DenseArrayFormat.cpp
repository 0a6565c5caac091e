//===- DenseArrayFormat.cpp - The stripped `[1, 2]` form of dense arrays --===//
#include "DenseArrayFormat.h"

#include <cstring>

using namespace lamina;
using namespace lamina::ods;

void ods::printDenseArrayStripped(Attribute attr, AsmPrinter &printer) {
  auto arr = cast<DenseArrayAttr>(attr);
  raw_ostream &os = printer.getStream();
  Type elt = arr.getElementType();
  ArrayRef<char> raw = arr.getRawData();
  int64_t n = arr.getSize();
  os << '[';
  for (int64_t i = 0; i < n; ++i) {
    if (i)
      os << ", ";
    if (elt.isInteger(1)) {
      os << (raw[i] ? "true" : "false");
    } else if (elt.isF32()) {
      float f;
      std::memcpy(&f, raw.data() + i * 4, 4);
      printer.printFloat(APFloat(f));
    } else if (elt.isF64()) {
      double d;
      std::memcpy(&d, raw.data() + i * 8, 8);
      printer.printFloat(APFloat(d));
    } else {
      unsigned bytes = elt.getIntOrFloatBitWidth() / 8;
      int64_t v = 0;
      switch (bytes) {
      case 1: { int8_t x; std::memcpy(&x, raw.data() + i, 1); v = x; break; }
      case 2: { int16_t x; std::memcpy(&x, raw.data() + i * 2, 2); v = x; break; }
      case 4: { int32_t x; std::memcpy(&x, raw.data() + i * 4, 4); v = x; break; }
      default: { std::memcpy(&v, raw.data() + i * 8, 8); break; }
      }
      os << (long long)v;
    }
  }
  os << ']';
}

template <typename T> static Attribute parseInts(AsmParser &parser) {
  std::vector<T> data;
  if (parser.parseLSquare())
    return {};
  if (succeeded(parser.parseOptionalRSquare()))
    return detail::DenseArrayAttrImpl<T>::get(parser.getContext(), ArrayRef<T>(data));
  if (parser.parseCommaSeparatedList([&]() -> ParseResult {
        T v;
        if (parser.parseInteger(v))
          return failure();
        data.push_back(v);
        return success();
      }) ||
      parser.parseRSquare())
    return {};
  return detail::DenseArrayAttrImpl<T>::get(parser.getContext(), ArrayRef<T>(data));
}

template <typename T> static Attribute parseFloats(AsmParser &parser) {
  std::vector<T> data;
  if (parser.parseLSquare())
    return {};
  if (succeeded(parser.parseOptionalRSquare()))
    return detail::DenseArrayAttrImpl<T>::get(parser.getContext(), ArrayRef<T>(data));
  if (parser.parseCommaSeparatedList([&]() -> ParseResult {
        double v;
        if (parser.parseFloat(v))
          return failure();
        data.push_back(T(v));
        return success();
      }) ||
      parser.parseRSquare())
    return {};
  return detail::DenseArrayAttrImpl<T>::get(parser.getContext(), ArrayRef<T>(data));
}

static Attribute parseBools(AsmParser &parser) {
  std::vector<bool> bits;
  if (parser.parseLSquare())
    return {};
  if (failed(parser.parseOptionalRSquare())) {
    if (parser.parseCommaSeparatedList([&]() -> ParseResult {
          if (succeeded(parser.parseOptionalKeyword("true"))) {
            bits.push_back(true);
            return success();
          }
          if (succeeded(parser.parseOptionalKeyword("false"))) {
            bits.push_back(false);
            return success();
          }
          int64_t v;
          SMLoc loc = parser.getCurrentLocation();
          if (parser.parseInteger(v))
            return failure();
          if (v != 0 && v != 1)
            return parser.emitError(loc, "expected i1 value to be 0 or 1");
          bits.push_back(v);
          return success();
        }) ||
        parser.parseRSquare())
      return {};
  }
  std::unique_ptr<bool[]> data(new bool[bits.size() + 1]);
  for (size_t i = 0; i < bits.size(); ++i)
    data[i] = bits[i];
  return lamina::DenseBoolArrayAttr::get(parser.getContext(), ArrayRef<bool>(data.get(), bits.size()));
}

Attribute ods::parseDenseArrayStripped(AsmParser &parser, DenseArrayKind kind) {
  switch (kind) {
  case DenseArrayKind::I1: return parseBools(parser);
  case DenseArrayKind::I8: return parseInts<int8_t>(parser);
  case DenseArrayKind::I16: return parseInts<int16_t>(parser);
  case DenseArrayKind::I32: return parseInts<int32_t>(parser);
  case DenseArrayKind::I64: return parseInts<int64_t>(parser);
  case DenseArrayKind::F32: return parseFloats<float>(parser);
  case DenseArrayKind::F64: return parseFloats<double>(parser);
  }
  return {};
}

const AttrClass &ods::denseArrayClass(unsigned kind) {
  static const AttrClass classes[] = {
#define LAMINA_DENSE_CLASS(K, T)                                                                     \
  AttrClass{[](Attribute a) { return isa<detail::DenseArrayAttrImpl<T>>(a); },                      \
            [](AsmParser &p, Type) { return parseDenseArrayStripped(p, DenseArrayKind::K); },        \
            &printDenseArrayStripped}
      LAMINA_DENSE_CLASS(I1, bool),    LAMINA_DENSE_CLASS(I8, int8_t),  LAMINA_DENSE_CLASS(I16, int16_t),
      LAMINA_DENSE_CLASS(I32, int32_t), LAMINA_DENSE_CLASS(I64, int64_t), LAMINA_DENSE_CLASS(F32, float),
      LAMINA_DENSE_CLASS(F64, double),
#undef LAMINA_DENSE_CLASS
  };
  return classes[kind];
}
