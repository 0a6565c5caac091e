//===- QuantTypeSyntax.cpp - Parsing and printing the quantized types -----===//
//
// As MLIR 22's Dialect/Quant/IR/TypeParser.cpp: `any<...>`, `uniform<...>`
// (per-layer, per-axis and sub-channel) and `calibrated<...>`, with
// mlir-opt's messages and locations. Nested scale lists of the sub-channel
// form are parsed with an explicit stack (their depth is the input's).
//
#include "lamina/Dialect/Quant/QuantTypes.h"

#include "lamina/IR/Builders.h"
#include "lamina/IR/OpImplementation.h"

#include <charconv>

using namespace lamina;
using namespace lamina::quant;

//===----------------------------------------------------------------------===//
// Parsing
//===----------------------------------------------------------------------===//

/// `i8`, `si8`, `u8`...: the storage type and whether it is signed.
static Type parseStorageType(DialectAsmParser &parser, bool &isSigned) {
  SMLoc typeLoc = parser.getCurrentLocation();
  unsigned width = 0;
  Type type;
  std::optional<ParseResult> result = parser.parseOptionalType(type);
  if (result.has_value()) {
    if (failed(*result))
      return {};
    // MLIR reads any type as an IntegerType here; a type of another kind
    // reports a meaningless width. Lamina reports 0.
    auto integer = dyn_cast<IntegerType>(type);
    isSigned = integer ? !integer.isUnsigned() : true;
    width = integer ? integer.getWidth() : 0;
  } else {
    std::string_view identifier;
    if (parser.parseKeyword(&identifier))
      return {};
    if (identifier.empty() || identifier.front() != 'u') {
      (void)parser.emitError(typeLoc, "illegal storage type prefix");
      return {};
    }
    std::string_view digits = identifier.substr(1);
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), width, 10);
    if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size()) {
      (void)parser.emitError(typeLoc, "expected storage type width");
      return {};
    }
    isSigned = false;
  }
  if (width == 0 || width > QuantizedType::MaxStorageBits) {
    (void)(parser.emitError(typeLoc, "illegal storage type size: ") << int64_t(width));
    return {};
  }
  if (!type)
    type = parser.getBuilder().getIntegerType(width);
  return type;
}

/// The optional `<min:max>` after the storage type.
static ParseResult parseStorageRange(DialectAsmParser &parser, Type storageType, bool isSigned,
                                     int64_t &storageTypeMin, int64_t &storageTypeMax) {
  unsigned width = cast<IntegerType>(storageType).getWidth();
  int64_t defaultMin = QuantizedType::getDefaultMinimumForInteger(isSigned, width);
  int64_t defaultMax = QuantizedType::getDefaultMaximumForInteger(isSigned, width);
  if (failed(parser.parseOptionalLess())) {
    storageTypeMin = defaultMin;
    storageTypeMax = defaultMax;
    return success();
  }
  SMLoc minLoc = parser.getCurrentLocation();
  if (parser.parseInteger(storageTypeMin) || parser.parseColon())
    return failure();
  SMLoc maxLoc = parser.getCurrentLocation();
  if (parser.parseInteger(storageTypeMax) || parser.parseGreater())
    return failure();
  if (storageTypeMin < defaultMin)
    return parser.emitError(minLoc, "illegal storage type minimum: ") << storageTypeMin;
  if (storageTypeMax > defaultMax)
    return parser.emitError(maxLoc, "illegal storage type maximum: ") << storageTypeMax;
  return success();
}

/// A host double of a value of `sem` (rounded, as MLIR's convertToDouble in
/// a release build).
static double toDouble(APFloat value) {
  bool losesInfo;
  value.convert(APFloat::IEEEdouble(), RoundingMode::NearestTiesToEven, &losesInfo);
  return value.convertToDouble();
}

/// A scale, then an optional `:zeroPoint`.
static ParseResult parseQuantParams(DialectAsmParser &parser, FloatType expressedType, double &scale,
                                    int64_t &zeroPoint) {
  if (parser.parseFloat(scale))
    return failure();
  const FltSemantics &sem = expressedType.getFloatSemantics();
  double minScale = toDouble(APFloat::getSmallest(sem));
  double maxScale = toDouble(APFloat::getLargest(sem));
  if (scale < minScale || scale > maxScale)
    return parser.emitError(parser.getCurrentLocation())
           << "scale " << scale << " out of expressed type range [" << minScale << ", " << maxScale << "]";
  zeroPoint = 0;
  if (failed(parser.parseOptionalColon()))
    return success();
  return parser.parseInteger(zeroPoint);
}

/// The block sizes `{axis:size, ...}` after their `{`.
static ParseResult parseBlockSizeInfoUntilRBrace(DialectAsmParser &parser, std::vector<int32_t> &dims,
                                                 std::vector<int64_t> &blockSizes) {
  if (succeeded(parser.parseOptionalRBrace()))
    return success();
  auto parseElement = [&]() -> ParseResult {
    dims.push_back(0);
    blockSizes.push_back(0);
    return failure(parser.parseInteger(dims.back()) || parser.parseColon() || parser.parseInteger(blockSizes.back()));
  };
  return failure(parser.parseCommaSeparatedList(parseElement) || parser.parseRBrace());
}

namespace {
/// One open `{` of a nested list of quantization parameters.
struct ListLevel {
  unsigned size = 0;
  bool first = true;
  std::vector<int64_t> subDims;
};
} // namespace

/// A nested list of parameters after its first `{` (MLIR's recursive
/// parseQuantParamListUntilRBrace, with an explicit stack): the shape of
/// the list in `dims`.
static ParseResult parseQuantParamListUntilRBrace(DialectAsmParser &parser, FloatType expressedType,
                                                  std::vector<double> &scales, std::vector<int64_t> &zeroPoints,
                                                  std::vector<int64_t> &dims) {
  std::vector<ListLevel> stack(1);
  // The dimensions of the element just parsed at the top level.
  std::vector<int64_t> elementDims;
  bool elementDone = false;
  while (true) {
    ListLevel &level = stack.back();
    if (!elementDone) {
      // Start an element of the innermost list.
      if (succeeded(parser.parseOptionalLBrace())) {
        stack.emplace_back();
        continue;
      }
      scales.push_back(0);
      zeroPoints.push_back(0);
      if (parseQuantParams(parser, expressedType, scales.back(), zeroPoints.back()))
        return failure();
      elementDims.clear();
    }
    elementDone = false;
    // An element of `level` is complete with dimensions `elementDims`.
    ++level.size;
    if (!level.first) {
      if (level.subDims != elementDims)
        return parser.emitError(parser.getCurrentLocation())
               << "tensor literal is invalid; ranks are not consistent between elements";
    } else {
      level.subDims = elementDims;
      level.first = false;
    }
    if (succeeded(parser.parseOptionalComma()))
      continue;
    if (parser.parseRBrace())
      return failure();
    // The list closes: its dimensions are its size then its elements'.
    elementDims.clear();
    elementDims.push_back(level.size);
    elementDims.insert(elementDims.end(), level.subDims.begin(), level.subDims.end());
    stack.pop_back();
    if (stack.empty()) {
      dims = std::move(elementDims);
      return success();
    }
    elementDone = true;
  }
}

/// `any<storage(<min:max>)? (:expressed)?>`.
static Type parseAnyType(DialectAsmParser &parser) {
  if (parser.parseLess())
    return {};
  bool isSigned = false;
  Type storageType = parseStorageType(parser, isSigned);
  if (!storageType)
    return {};
  unsigned flags = isSigned ? unsigned(QuantizationFlags::Signed) : 0u;
  int64_t storageTypeMin, storageTypeMax;
  if (parseStorageRange(parser, storageType, isSigned, storageTypeMin, storageTypeMax))
    return {};
  FloatType expressedType;
  if (succeeded(parser.parseOptionalColon()) && parser.parseType(expressedType))
    return {};
  if (parser.parseGreater())
    return {};
  Location loc = parser.getEncodedSourceLoc(parser.getNameLoc());
  return AnyQuantizedType::getChecked([&] { return emitError(loc); }, flags, storageType, expressedType,
                                      storageTypeMin, storageTypeMax);
}

/// `uniform<storage(<min:max>)?:expressed(:axis | :{blocks})?, params>`.
static Type parseUniformType(DialectAsmParser &parser) {
  if (parser.parseLess())
    return {};
  bool isSigned = false;
  Type storageType = parseStorageType(parser, isSigned);
  if (!storageType)
    return {};
  unsigned flags = isSigned ? unsigned(QuantizationFlags::Signed) : 0u;
  int64_t storageTypeMin, storageTypeMax;
  if (parseStorageRange(parser, storageType, isSigned, storageTypeMin, storageTypeMax))
    return {};
  FloatType expressedType;
  if (parser.parseColon() || parser.parseType(expressedType))
    return {};

  bool isPerAxis = false, isSubChannel = false;
  std::vector<int32_t> quantizedDimensions;
  std::vector<int64_t> blockSizes;
  if (succeeded(parser.parseOptionalColon())) {
    if (succeeded(parser.parseOptionalLBrace())) {
      isSubChannel = true;
      if (parseBlockSizeInfoUntilRBrace(parser, quantizedDimensions, blockSizes))
        return {};
    } else {
      isPerAxis = true;
      quantizedDimensions.push_back(0);
      if (parser.parseInteger(quantizedDimensions.back()))
        return {};
    }
  }
  if (parser.parseComma())
    return {};

  std::vector<double> scales;
  std::vector<int64_t> zeroPoints;
  std::vector<int64_t> dims;
  if (!isPerAxis && !isSubChannel) {
    scales.push_back(0);
    zeroPoints.push_back(0);
    if (parseQuantParams(parser, expressedType, scales.back(), zeroPoints.back()))
      return {};
  } else if (parser.parseLBrace() ||
             parseQuantParamListUntilRBrace(parser, expressedType, scales, zeroPoints, dims)) {
    return {};
  }
  if (parser.parseGreater())
    return {};

  Location loc = parser.getEncodedSourceLoc(parser.getNameLoc());
  auto emitErrorFn = [&] { return emitError(loc); };
  if (isPerAxis)
    return UniformQuantizedPerAxisType::getChecked(emitErrorFn, flags, storageType, expressedType, scales,
                                                   zeroPoints, quantizedDimensions[0], storageTypeMin,
                                                   storageTypeMax);
  if (isSubChannel) {
    std::vector<APFloat> floatScales;
    floatScales.reserve(scales.size());
    for (double scale : scales) {
      APFloat value(scale);
      bool losesInfo;
      value.convert(expressedType.getFloatSemantics(), RoundingMode::NearestTiesToEven, &losesInfo);
      floatScales.push_back(value);
    }
    unsigned width = cast<IntegerType>(storageType).getWidth();
    std::vector<APInt> intZeroPoints;
    intZeroPoints.reserve(zeroPoints.size());
    for (int64_t zeroPoint : zeroPoints)
      intZeroPoints.push_back(APInt(64, uint64_t(zeroPoint)).trunc(width));
    auto scalesAttr = DenseElementsAttr::get(RankedTensorType::get(dims, expressedType), floatScales);
    auto zeroPointsAttr = DenseElementsAttr::get(RankedTensorType::get(dims, storageType), intZeroPoints);
    return UniformQuantizedSubChannelType::getChecked(emitErrorFn, flags, storageType, expressedType, scalesAttr,
                                                      zeroPointsAttr, quantizedDimensions, blockSizes,
                                                      storageTypeMin, storageTypeMax);
  }
  return UniformQuantizedType::getChecked(emitErrorFn, flags, storageType, expressedType, scales.front(),
                                          zeroPoints.front(), storageTypeMin, storageTypeMax);
}

/// `calibrated<expressed<min:max>>`.
static Type parseCalibratedType(DialectAsmParser &parser) {
  if (parser.parseLess())
    return {};
  SMLoc typeLoc = parser.getCurrentLocation();
  FloatType expressedType;
  if (failed(parser.parseType(expressedType))) {
    (void)parser.emitError(typeLoc, "expecting float expressed type");
    return {};
  }
  double min, max;
  if (parser.parseLess() || parser.parseFloat(min) || parser.parseColon() || parser.parseFloat(max) ||
      parser.parseGreater()) {
    (void)parser.emitError(typeLoc, "calibrated values must be present");
    return {};
  }
  if (parser.parseGreater())
    return {};
  Location loc = parser.getEncodedSourceLoc(parser.getNameLoc());
  return CalibratedQuantizedType::getChecked([&] { return emitError(loc); }, expressedType, min, max);
}

Type quant::parseQuantType(DialectAsmParser &parser) {
  std::string_view spelling;
  if (parser.parseKeyword(&spelling))
    return {};
  if (spelling == "uniform")
    return parseUniformType(parser);
  if (spelling == "any")
    return parseAnyType(parser);
  if (spelling == "calibrated")
    return parseCalibratedType(parser);
  (void)(parser.emitError(parser.getNameLoc(), "unknown quantized type ") << spelling);
  return {};
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

static void printStorageType(QuantizedType type, DialectAsmPrinter &out) {
  out << (type.isSigned() ? "i" : "u") << int64_t(type.getStorageTypeIntegralWidth());
  if (type.hasStorageTypeBounds())
    out << "<" << type.getStorageTypeMin() << ":" << type.getStorageTypeMax() << ">";
}

static void printQuantParams(double scale, int64_t zeroPoint, DialectAsmPrinter &out) {
  out.printFloat(APFloat(scale));
  if (zeroPoint != 0)
    out << ":" << zeroPoint;
}

/// The sub-channel parameters as a nested list of `scale[:zeroPoint]`
/// following `shape` (MLIR's printDenseQuantizationParameters).
static void printDenseQuantizationParameters(ArrayRef<APFloat> scales, ArrayRef<APInt> zeroPoints,
                                             ArrayRef<int64_t> shape, DialectAsmPrinter &out) {
  int64_t rank = int64_t(shape.size());
  std::vector<int64_t> counter(shape.size(), 0);
  int64_t openBrackets = 0;
  for (size_t idx = 0, e = scales.size(); idx < e; ++idx) {
    if (idx != 0)
      out << ", ";
    while (openBrackets++ < rank)
      out << "{";
    openBrackets = rank;
    out.printFloat(scales[idx]);
    if (!zeroPoints[idx].isZero())
      out << ":" << zeroPoints[idx].getSExtValue();
    if (rank == 0)
      continue;
    ++counter[rank - 1];
    for (int64_t i = rank - 1; i > 0; --i) {
      if (counter[i] >= shape[i]) {
        counter[i] = 0;
        ++counter[i - 1];
        --openBrackets;
        out << "}";
      }
    }
  }
  while (openBrackets-- > 0)
    out << "}";
}

void quant::printQuantType(Type type, DialectAsmPrinter &out) {
  if (auto any = dyn_cast<AnyQuantizedType>(type)) {
    out << "any<";
    printStorageType(any, out);
    if (Type expressed = any.getExpressedType()) {
      out << ":";
      out.printType(expressed);
    }
    out << ">";
  } else if (auto uniform = dyn_cast<UniformQuantizedType>(type)) {
    out << "uniform<";
    printStorageType(uniform, out);
    out << ":";
    out.printType(uniform.getExpressedType());
    out << ", ";
    printQuantParams(uniform.getScale(), uniform.getZeroPoint(), out);
    out << ">";
  } else if (auto perAxis = dyn_cast<UniformQuantizedPerAxisType>(type)) {
    out << "uniform<";
    printStorageType(perAxis, out);
    out << ":";
    out.printType(perAxis.getExpressedType());
    out << ":" << int64_t(perAxis.getQuantizedDimension()) << ", {";
    ArrayRef<double> scales = perAxis.getScales();
    ArrayRef<int64_t> zeroPoints = perAxis.getZeroPoints();
    for (size_t i = 0; i < scales.size(); ++i) {
      if (i)
        out << ",";
      printQuantParams(scales[i], zeroPoints[i], out);
    }
    out << "}>";
  } else if (auto subChannel = dyn_cast<UniformQuantizedSubChannelType>(type)) {
    out << "uniform<";
    printStorageType(subChannel, out);
    out << ":";
    out.printType(subChannel.getExpressedType());
    out << ":{";
    ArrayRef<int32_t> dims = subChannel.getQuantizedDimensions();
    ArrayRef<int64_t> blocks = subChannel.getBlockSizes();
    for (size_t i = 0; i < dims.size(); ++i) {
      if (i)
        out << ", ";
      out << int64_t(dims[i]) << ":" << blocks[i];
    }
    out << "}, ";
    std::vector<APFloat> scales = subChannel.getScales().getFloatValues();
    std::vector<APInt> zeroPoints = subChannel.getZeroPoints().getIntValues();
    printDenseQuantizationParameters(scales, zeroPoints, subChannel.getScales().getType().getShape(), out);
    out << ">";
  } else if (auto calibrated = dyn_cast<CalibratedQuantizedType>(type)) {
    out << "calibrated<";
    out.printType(calibrated.getExpressedType());
    out << "<";
    out.printFloat(APFloat(calibrated.getMin()));
    out << ":";
    out.printFloat(APFloat(calibrated.getMax()));
    out << ">>";
  }
}
